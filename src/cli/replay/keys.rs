//! Where `replay`'s keys come from, and what they mean: the terminal, a key
//! at a time (from /dev/tty, so standard input may carry the capture), or a
//! file of keys (`--keys FILE`, for scripts and tests), where each
//! character is a key, a newline is Enter, and a command's argument (`h`,
//! `g`, `s`, `/`) runs to the end of its line.

use super::nav::Command;
use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::terminal;
use std::io::{self, BufRead, Write};

/// A source of keys.
pub trait Keys {
    /// The next key; `None` when there are no more.
    fn key(&mut self) -> io::Result<Option<char>>;
    /// A command's argument, up to Enter, after `prompt`; `None` when
    /// there are no more keys.
    fn line(&mut self, prompt: &str) -> io::Result<Option<String>>;
    /// What to show while waiting for the next key (a terminal shows it).
    fn prompt(&mut self, _prompt: String) {}
}

/// The next command from `keys`; `None` when the keys ran out.
pub fn command(keys: &mut dyn Keys) -> io::Result<Option<Command>> {
    let Some(k) = keys.key()? else {
        return Ok(None);
    };
    let arg = |keys: &mut dyn Keys, prompt: &str, f: fn(String) -> Command| {
        keys.line(prompt).map(|l| l.map(f))
    };
    Ok(Some(match k {
        'n' | ' ' | '\n' | '\r' => Command::Next,
        'p' => Command::Prev,
        'f' => Command::Street("flop".into()),
        't' => Command::Street("turn".into()),
        'r' => Command::Street("river".into()),
        's' => return arg(keys, "street: ", Command::Street),
        'h' => return arg(keys, "hand: ", Command::Hand),
        'g' => return arg(keys, "frame: ", Command::Frame),
        '/' => return arg(keys, "/", Command::Search),
        '?' => Command::Help,
        // q, Esc, Ctrl-C, Ctrl-D.
        'q' | '\x1b' | '\x03' | '\x04' => Command::Quit,
        other => Command::Unknown(other),
    }))
}

/// Keys from a file (or any reader): its characters, one by one.
pub struct Script<R> {
    input: R,
    chars: std::vec::IntoIter<char>,
}

impl<R: BufRead> Script<R> {
    /// Keys read from `input`.
    pub fn new(input: R) -> Self {
        Script {
            input,
            chars: Vec::new().into_iter(),
        }
    }

    /// Refills the characters from the next line; false at the end.
    fn fill(&mut self) -> io::Result<bool> {
        let mut line = String::new();
        if self.input.read_line(&mut line)? == 0 {
            return Ok(false);
        }
        self.chars = line.chars().collect::<Vec<_>>().into_iter();
        Ok(true)
    }
}

impl<R: BufRead> Keys for Script<R> {
    fn key(&mut self) -> io::Result<Option<char>> {
        loop {
            if let Some(c) = self.chars.next() {
                return Ok(Some(c));
            }
            if !self.fill()? {
                return Ok(None);
            }
        }
    }

    fn line(&mut self, _prompt: &str) -> io::Result<Option<String>> {
        let mut s = String::new();
        loop {
            match self.key()? {
                None if s.is_empty() => return Ok(None),
                None | Some('\n') => return Ok(Some(s.trim_end_matches('\r').to_owned())),
                Some(c) => s.push(c),
            }
        }
    }
}

/// Keys from the terminal, a key at a time (raw mode only while waiting
/// for one); the prompt and what is typed go to standard error.
#[derive(Default)]
pub struct Terminal {
    /// Shown while waiting for a key.
    prompt: String,
}

/// Raw mode for as long as it lives.
struct Raw;

impl Raw {
    fn on() -> io::Result<Raw> {
        terminal::enable_raw_mode()?;
        Ok(Raw)
    }
}

impl Drop for Raw {
    fn drop(&mut self) {
        let _ = terminal::disable_raw_mode();
    }
}

/// The next key pressed: a character, Enter as `\n`, Esc, Backspace as
/// `\x7f`, Ctrl-C as `\x03`; the arrows and Page keys step (`n`, `p`).
fn read_key() -> io::Result<char> {
    loop {
        let Event::Key(k) = event::read()? else {
            continue;
        };
        if k.kind == KeyEventKind::Release {
            continue;
        }
        let ctrl = k.modifiers.contains(KeyModifiers::CONTROL);
        return Ok(match k.code {
            KeyCode::Char('c') if ctrl => '\x03',
            KeyCode::Char('d') if ctrl => '\x04',
            KeyCode::Char(c) => c,
            KeyCode::Enter => '\n',
            KeyCode::Esc => '\x1b',
            KeyCode::Backspace => '\x7f',
            KeyCode::Right | KeyCode::Down | KeyCode::PageDown => 'n',
            KeyCode::Left | KeyCode::Up | KeyCode::PageUp => 'p',
            _ => continue,
        });
    }
}

impl Keys for Terminal {
    fn prompt(&mut self, prompt: String) {
        self.prompt = prompt;
    }

    fn key(&mut self) -> io::Result<Option<char>> {
        let mut err = io::stderr();
        write!(err, "{}", self.prompt)?;
        err.flush()?;
        let k = {
            let _raw = Raw::on()?;
            read_key()?
        };
        // The prompt goes once a key is pressed.
        write!(err, "\r\x1b[2K")?;
        err.flush()?;
        Ok(Some(k))
    }

    fn line(&mut self, prompt: &str) -> io::Result<Option<String>> {
        let mut err = io::stderr();
        let mut s = String::new();
        let _raw = Raw::on()?;
        write!(err, "{prompt}")?;
        err.flush()?;
        loop {
            match read_key()? {
                '\n' => break,
                // Esc or Ctrl-C: nothing typed.
                '\x1b' | '\x03' => {
                    s.clear();
                    break;
                }
                '\x7f' if s.pop().is_some() => write!(err, "\x08 \x08")?,
                c if !c.is_control() => {
                    s.push(c);
                    write!(err, "{c}")?;
                }
                _ => {}
            }
            err.flush()?;
        }
        write!(err, "\r\x1b[2K")?;
        err.flush()?;
        Ok(Some(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn commands(text: &str) -> Vec<Command> {
        let mut keys = Script::new(text.as_bytes());
        std::iter::from_fn(|| command(&mut keys).unwrap()).collect()
    }

    #[test]
    fn each_character_is_a_key_and_arguments_end_their_line() {
        use Command::*;
        assert_eq!(
            commands("n p\nftr?qx"),
            [
                Next,
                Next,
                Prev,
                Next,
                Street("flop".into()),
                Street("turn".into()),
                Street("river".into()),
                Help,
                Quit,
                Unknown('x')
            ]
        );
        assert_eq!(
            commands("h 0:3\ng42\r\ns turn\n/raises\n/\n"),
            [
                Hand(" 0:3".into()),
                Frame("42".into()),
                Street(" turn".into()),
                Search("raises".into()),
                Search("".into())
            ]
        );
    }

    #[test]
    fn the_end_of_the_keys_is_the_end() {
        assert_eq!(commands(""), []);
        assert_eq!(commands("h"), [], "an argument never given");
        assert_eq!(commands("\x1b\x03"), [Command::Quit, Command::Quit]);
    }
}
