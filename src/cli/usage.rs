//! clap's errors in the program's own shape: one line,
//! `cardshark: error: what was wrong (hints; see `cardshark CMD --help`)`,
//! keeping what clap says and suggests ("did you mean", the possible
//! values) but not its usage block.

/// clap's rendering of `e` (plain text, several lines) made into one line,
/// without the `cardshark: error: ` prefix. `args` are the command line's
/// words, to name the subcommand in the hint.
pub fn one_line(e: &clap::Error, args: &[String]) -> String {
    let text = e.render().to_string();
    let mut what = String::new();
    let mut hints: Vec<String> = Vec::new();
    let mut usage: Option<&str> = None;
    for line in text.lines() {
        let line = line.trim_end();
        let trimmed = line.trim_start();
        if let Some(rest) = line.strip_prefix("error: ") {
            what.push_str(rest);
        } else if let Some(tip) = trimmed.strip_prefix("tip: ") {
            hints.push(tip_hint(tip));
        } else if let Some(values) = trimmed
            .strip_prefix("[possible values: ")
            .and_then(|v| v.strip_suffix(']'))
        {
            hints.insert(0, format!("possible values: {values}"));
        } else if let Some(u) = trimmed.strip_prefix("Usage: ") {
            usage = Some(u);
        } else if trimmed.is_empty() || trimmed.starts_with("For more information") {
        } else if line.starts_with(' ') && usage.is_none() {
            // The body of a multi-line message (the arguments missing).
            what.push(' ');
            what.push_str(trimmed);
        }
    }
    hints.push(format!("see `{} --help`", command_path(usage, args)));
    format!("{what} ({})", hints.join("; "))
}

/// clap's tip, said the usual way: "a similar argument exists: '--format'"
/// is "did you mean '--format'?".
fn tip_hint(tip: &str) -> String {
    for similar in [
        "a similar argument exists: ",
        "a similar subcommand exists: ",
        "a similar value exists: ",
        "some similar arguments exist: ",
        "some similar subcommands exist: ",
        "some similar values exist: ",
    ] {
        if let Some(name) = tip.strip_prefix(similar) {
            return format!("did you mean {name}?");
        }
    }
    tip.to_string()
}

/// `cardshark` and the subcommand, from clap's usage line when it has
/// one, else from the command line's words.
fn command_path(usage: Option<&str>, args: &[String]) -> String {
    if let Some(u) = usage {
        let words: Vec<&str> = u
            .split_whitespace()
            .take_while(|w| !w.starts_with(['-', '<', '[']))
            .collect();
        if !words.is_empty() {
            return words.join(" ");
        }
    }
    let subcommands: Vec<String> = {
        use clap::CommandFactory;
        let cmd = super::Cli::command();
        cmd.get_subcommands()
            .map(|s| s.get_name().to_string())
            .collect()
    };
    match args.iter().skip(1).find(|a| subcommands.contains(a)) {
        Some(sub) => format!("cardshark {sub}"),
        None => "cardshark".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::Cli;
    use clap::Parser;

    fn line(args: &[&str]) -> String {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let e = Cli::try_parse_from(&args).unwrap_err();
        one_line(&e, &args)
    }

    #[test]
    fn clap_errors_in_one_line() {
        assert_eq!(
            line(&["cardshark", "decode", "x.pcap", "--formt", "jsonl"]),
            "unexpected argument '--formt' found (did you mean '--format'?; see `cardshark decode --help`)"
        );
        assert_eq!(
            line(&["cardshark", "decod"]),
            "unrecognized subcommand 'decod' (did you mean 'decode'?; see `cardshark --help`)"
        );
        assert_eq!(
            line(&["cardshark", "inspect"]),
            "the following required arguments were not provided: <FILE>... \
             (see `cardshark inspect --help`)"
        );
        let color = line(&["cardshark", "inspect", "x", "--color", "sometimes"]);
        assert_eq!(
            color,
            "invalid value 'sometimes' for '--color <WHEN>' \
             (possible values: auto, always, never; see `cardshark inspect --help`)"
        );
        for args in [
            &["cardshark", "decode", "x", "-c"][..],
            &["cardshark", "hands", "x", "--hand", "3"],
            &["cardshark", "completions", "tcsh"],
        ] {
            let l = line(args);
            assert!(!l.contains('\n'), "{l}");
        }
    }
}
