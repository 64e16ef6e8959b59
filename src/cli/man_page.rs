//! man/cardshark.1 and a page per subcommand are generated from the
//! command-line definition, with the sections clap does not know of
//! ([`super::man_text`]: PROTOCOL NAMES, EXIT STATUS, EXAMPLES, SEE ALSO); this test fails
//! when a page is stale. Regenerate with
//! `UPDATE_MAN=1 cargo test --bin cardshark man_page`.

use super::man_text::{examples, has_protocol_names, see_also, EXIT_STATUS, PROTOCOL_NAMES};
use cardshark::decode::label;
use clap::CommandFactory;
use roff::{bold, roman, Roff};
use std::path::Path;

/// The page of `cmd`, named `name` (`cardshark`, `cardshark-decode`).
fn render(cmd: clap::Command, name: &str, siblings: &[String]) -> Vec<u8> {
    let version = env!("CARGO_PKG_VERSION");
    let mut out = Vec::new();
    clap_mangen::Man::new(cmd)
        .source(format!("cardshark {version}"))
        .manual("cardshark manual")
        .render(&mut out)
        .expect("render man page");
    let page = String::from_utf8(out).expect("roff is UTF-8");
    // clap_mangen calls the text after the options EXTRA.
    let page = page.replace(".SH EXTRA\n", ".SH NOTES\n");
    let ours = sections(name, siblings);
    // Ours go before VERSION (the main page's last section), else last.
    let page = match page.find(".SH VERSION\n") {
        Some(at) => format!("{}{ours}{}", &page[..at], &page[at..]),
        None => page + &ours,
    };
    page.into_bytes()
}

/// EXIT STATUS, EXAMPLES and SEE ALSO of page `name`, in roff.
fn sections(name: &str, siblings: &[String]) -> String {
    let mut r = Roff::new();
    let command = name.strip_prefix("cardshark-");
    if has_protocol_names(command) {
        r.control("SH", ["PROTOCOL NAMES"]);
        r.text([roman(PROTOCOL_NAMES)]);
        for (protocol, what) in label::NAMES {
            r.control("TP", [])
                .text([bold(protocol)])
                .text([roman(what)]);
        }
    }
    r.control("SH", ["EXIT STATUS"]);
    for (status, meaning) in EXIT_STATUS {
        r.control("TP", [])
            .text([bold(status)])
            .text([roman(meaning)]);
    }
    let list = examples(command);
    if !list.is_empty() {
        r.control("SH", ["EXAMPLES"]);
        for (line, what) in list {
            r.control("TP", []).text([bold(line)]).text([roman(what)]);
        }
    }
    r.control("SH", ["SEE ALSO"]);
    let pages = see_also(command, siblings);
    let mut refs = Vec::new();
    for (i, page) in pages.iter().enumerate() {
        let (page, section) = page.split_once('(').expect("a page is NAME(SECTION)");
        refs.push(bold(page));
        let end = if i + 1 == pages.len() { "" } else { ", " };
        refs.push(roman(format!("({section}{end}")));
    }
    r.text(refs);
    // Without roff's preamble, which the page has already.
    let text = r.render();
    let body = text.find(".SH").map_or(text.as_str(), |at| &text[at..]);
    body.to_string()
}

#[test]
fn man_pages_are_up_to_date() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("man");
    // `cardshark help` is the help, not a page.
    let cmd = super::Cli::command().disable_help_subcommand(true);
    let subs: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    let mut pages = vec![(
        "cardshark.1".to_string(),
        render(cmd.clone(), "cardshark", &subs),
    )];
    for sub in cmd.get_subcommands() {
        let name = format!("cardshark-{}", sub.get_name());
        let leaked: &'static str = Box::leak(name.clone().into_boxed_str());
        pages.push((
            format!("{name}.1"),
            render(sub.clone().name(leaked), &name, &subs),
        ));
    }
    let update = std::env::var_os("UPDATE_MAN").is_some();
    for (file, page) in &pages {
        let path = dir.join(file);
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, page).unwrap();
        } else {
            let on_disk = std::fs::read(&path).unwrap_or_default();
            assert!(
                on_disk == *page,
                "man/{file} is stale: run UPDATE_MAN=1 cargo test --bin cardshark man_page"
            );
        }
    }
    // Every page named in SEE ALSO or SUBCOMMANDS as cardshark's exists.
    for (file, page) in &pages {
        let text = String::from_utf8_lossy(page);
        for word in text.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\\')) {
            if let Some(sub) = word.strip_prefix("cardshark\\-") {
                let target = format!("cardshark-{sub}.1");
                assert!(
                    pages.iter().any(|(f, _)| *f == target),
                    "{file} names {target}, which is not generated"
                );
            }
        }
        for section in ["EXIT STATUS", "SEE ALSO"] {
            assert!(
                text.contains(&format!(".SH \"{section}\""))
                    || text.contains(&format!(".SH {section}")),
                "{file}: {section}"
            );
        }
    }
}
