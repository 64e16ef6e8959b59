//! Color in tables: on when standard output is a terminal and NO_COLOR is
//! not set (`--color auto`), or as `--color always|never` says.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};

/// When to use color (`--color`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// On a terminal, unless the NO_COLOR environment variable is set.
    Auto,
    /// Always, also into a pipe or a file.
    Always,
    /// Never.
    Never,
}

static ENABLED: AtomicBool = AtomicBool::new(false);

/// Whether `choice` means color, given NO_COLOR (set and not empty) and
/// whether standard output is a terminal.
pub fn decide(choice: ColorChoice, no_color: bool, terminal: bool) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => terminal && !no_color,
    }
}

/// Decides once, for the whole run, from `--color`, NO_COLOR and standard output.
pub fn init(choice: ColorChoice) {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let on = decide(choice, no_color, std::io::stdout().is_terminal());
    ENABLED.store(on, Ordering::Relaxed);
}

/// Whether tables are written in color.
pub fn enabled() -> bool {
    ENABLED.load(Ordering::Relaxed)
}

/// ANSI styles used by the plain-text tables.
#[derive(Debug, Clone, Copy)]
pub enum Style {
    /// Column headers.
    Header,
    /// Something went wrong (a message that did not decode).
    Error,
    /// A reassembly event rather than a message (gap, stream start/end).
    Event,
}

/// `text` in `style` when color is on; as it is otherwise.
pub fn paint(text: &str, style: Style) -> String {
    if !enabled() {
        return text.to_string();
    }
    let code = match style {
        Style::Header => "1;36",
        Style::Error => "31",
        Style::Event => "33",
    };
    format!("\x1b[{code}m{text}\x1b[0m")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_color_and_never_turn_it_off() {
        assert!(decide(ColorChoice::Auto, false, true));
        assert!(!decide(ColorChoice::Auto, true, true));
        assert!(!decide(ColorChoice::Auto, false, false));
        assert!(decide(ColorChoice::Always, true, false));
        assert!(!decide(ColorChoice::Never, false, true));
    }
}
