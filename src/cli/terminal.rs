//! What the output does on a terminal, decided once at the start of a run:
//! color (`--color`, NO_COLOR), tables boxed (plain columns elsewhere) and fitted to the terminal's width
//! (unless `--wide`), and a pager when asked (`--pager`: `$PAGER`, else
//! `less -FRX`). Into a pipe or a file there is no color, nothing is cut
//! and nothing is paged.

use cardshark::output::color::{self, ColorChoice};
use cardshark::output::table;
use std::io::{IsTerminal, Write};
use std::process::{Child, Command, Stdio};

/// The pager used when `$PAGER` is not set: quits when the output fits one
/// screen (-F), passes color through (-R), leaves the screen as it is (-X).
pub const DEFAULT_PAGER: &str = "less -FRX";

/// The terminal's width in columns: `$COLUMNS` when set to a number, else
/// what the terminal says.
fn terminal_width() -> Option<usize> {
    if let Some(n) = std::env::var("COLUMNS").ok().and_then(|c| c.parse().ok()) {
        return Some(n).filter(|&n| n > 0);
    }
    terminal_size::terminal_size_of(std::io::stdout()).map(|(w, _)| usize::from(w.0))
}

/// Decides color and the width of tables, and starts the pager if asked:
/// to be called before anything is written; [`Pager::finish`] at the end.
pub fn setup(choice: ColorChoice, wide: bool, pager: bool) -> Option<Pager> {
    color::init(choice);
    widen_pipe();
    let terminal = std::io::stdout().is_terminal();
    // One look for every table of the run: boxed on a terminal, plain
    // columns into a pipe or a file.
    table::set_boxed(terminal);
    table::fit_to(if terminal && !wide {
        terminal_width()
    } else {
        None
    });
    if pager && terminal {
        Pager::start()
    } else {
        None
    }
}

/// Standard output into a pipe: asks for a pipe of 1 MiB (Linux's
/// default most for an unprivileged process) instead of 64 KiB, so that
/// the output goes in writes of a chunk or more, each waking the reader
/// once, rather than one wake-up of each side per 64 KiB. The kernel may
/// refuse (another limit set): then the pipe stays as it was.
fn widen_pipe() {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        let out = std::io::stdout();
        let fd = out.as_raw_fd();
        // SAFETY: fstat fills a stat for an open descriptor; an all-zero
        // stat is a valid value to start from.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: fd is standard output's, st a live local.
        let is_pipe = unsafe { libc::fstat(fd, &mut st) } == 0
            && (st.st_mode & libc::S_IFMT) == libc::S_IFIFO;
        if is_pipe {
            // SAFETY: F_SETPIPE_SZ only resizes the pipe's buffer.
            unsafe { libc::fcntl(fd, libc::F_SETPIPE_SZ, 1 << 20) };
        }
    }
}

/// A pager reading what the command writes on standard output.
pub struct Pager {
    child: Child,
    /// Standard output as it was (the terminal), put back at the end.
    saved: libc::c_int,
}

impl Pager {
    /// Starts `$PAGER` (through the shell, so it may have options), or
    /// [`DEFAULT_PAGER`], and makes standard output its input. `PAGER`
    /// set empty, or to `cat`, means no pager. A pager that cannot be
    /// started is a warning, and the output goes to the terminal.
    fn start() -> Option<Pager> {
        let command = std::env::var("PAGER").unwrap_or_else(|_| DEFAULT_PAGER.into());
        if command.trim().is_empty() || command.trim() == "cat" {
            return None;
        }
        let child = Command::new("sh")
            .args(["-c", &command])
            .stdin(Stdio::piped())
            .spawn();
        let mut child = match child {
            Ok(c) => c,
            Err(e) => {
                eprintln!("cardshark: warning: --pager: cannot start '{command}': {e} (set PAGER to a pager)");
                return None;
            }
        };
        let pipe = child.stdin.take()?;
        // SAFETY: plain descriptor calls on descriptors this process owns:
        // standard output (duplicated to keep it) and the pager's pipe.
        let saved = unsafe {
            use std::os::fd::AsRawFd;
            let saved = libc::dup(libc::STDOUT_FILENO);
            if saved < 0 || libc::dup2(pipe.as_raw_fd(), libc::STDOUT_FILENO) < 0 {
                eprintln!("cardshark: warning: --pager: cannot redirect standard output to it");
                return None;
            }
            saved
        };
        // Standard output is the pipe's write end now; the pager sees the
        // end of its input once that is closed too (in `finish`).
        drop(pipe);
        Some(Pager { child, saved })
    }

    /// Ends the pager's input and waits for the reader to quit it.
    pub fn finish(mut self) {
        let _ = std::io::stdout().flush();
        // SAFETY: puts back the descriptor `start` saved, which closes the
        // last write end of the pager's pipe.
        unsafe {
            libc::dup2(self.saved, libc::STDOUT_FILENO);
            libc::close(self.saved);
        }
        // The shell's status for a command it could not find or run.
        if let Ok(status) = self.child.wait() {
            if matches!(status.code(), Some(126 | 127)) {
                eprintln!("cardshark: warning: --pager: the pager could not be run (set PAGER to one, or leave --pager out)");
            }
        }
    }
}
