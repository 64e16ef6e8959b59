//! Inputs fed while they are read: standard input from a pipe, a socket
//! or a terminal (`tcpdump -U -w - | cardshark ...`). Their reader asks
//! before it would wait for more bytes ([`stdin_ready`]), so that the
//! pipeline hands on what it has first: a result goes out when the packet
//! that completes it arrives, not when a batch is full.

use super::reader::Ready;

/// Whether standard input is fed while it is read (not a regular file).
pub fn stdin_fed() -> bool {
    stdin_ready().is_some()
}

/// For standard input when it is not a regular file: whether it has
/// bytes to read, waiting up to the milliseconds given (`poll`). `None` for a file, which
/// never makes a reader wait.
pub(super) fn stdin_ready() -> Option<Ready> {
    #[cfg(unix)]
    {
        // SAFETY: fstat fills a stat for an open descriptor; an all-zero
        // stat is a valid value to start from.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: descriptor 0 and a live local.
        let ok = unsafe { libc::fstat(libc::STDIN_FILENO, &mut st) } == 0;
        if ok && (st.st_mode & libc::S_IFMT) == libc::S_IFREG {
            return None;
        }
        Some(Box::new(|ms: i32| {
            let mut fd = libc::pollfd {
                fd: libc::STDIN_FILENO,
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: one pollfd, a timeout of `ms` milliseconds.
            let n = unsafe { libc::poll(&mut fd, 1, ms) };
            // Readable, at its end, or in error: a read does not wait.
            n != 0
        }))
    }
    #[cfg(not(unix))]
    None
}
