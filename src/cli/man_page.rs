//! man/cardshark.1 is generated from the command-line definition; this test
//! fails when it is stale. Regenerate with `UPDATE_MAN=1 cargo test --bin cardshark man_page`.

use clap::CommandFactory;
use std::path::Path;

fn render(cmd: clap::Command) -> Vec<u8> {
    let mut out = Vec::new();
    clap_mangen::Man::new(cmd)
        .render(&mut out)
        .expect("render man page");
    out
}

#[test]
fn man_pages_are_up_to_date() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("man");
    let cmd = super::Cli::command();
    let mut pages = vec![("cardshark.1".to_string(), render(cmd.clone()))];
    for sub in cmd.get_subcommands() {
        let name = format!("cardshark-{}", sub.get_name());
        pages.push((
            format!("{name}.1"),
            render(sub.clone().name(&*Box::leak(name.clone().into_boxed_str()))),
        ));
    }
    let update = std::env::var_os("UPDATE_MAN").is_some();
    for (file, page) in pages {
        let path = dir.join(&file);
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &page).unwrap();
        } else {
            let on_disk = std::fs::read(&path).unwrap_or_default();
            assert!(
                on_disk == page,
                "man/{file} is stale: run UPDATE_MAN=1 cargo test --bin cardshark man_page"
            );
        }
    }
}
