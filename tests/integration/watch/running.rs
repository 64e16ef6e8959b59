//! What the tests of `--watch` and of rotated files share: the rotated
//! files of a capture (editcap), and a cardshark run in the background,
//! its output gathered as it comes, waited on by polling (never a sleep
//! taken for an assertion) and stopped by a signal.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A capture with four long PokerTH 1.x connections (258 s, 4119 frames).
pub(crate) const WHOLE: &str = "pokerth1/allin.pcap";

/// How long a test waits for cardshark at most (a busy machine is slow;
/// a working run takes a second or two).
const PATIENCE: Duration = Duration::from_secs(120);

/// Splits `capture` into `dir` with `editcap -F pcap -c per` (files named
/// `cap_00000_20261128120606.pcap` ..., as dumpcap names a ring); the files
/// in order. `None` (said loudly) when editcap is not installed, which
/// fails under CI.
pub(crate) fn split(capture: &Path, dir: &Path, per: usize) -> Option<Vec<PathBuf>> {
    let out = Command::new("editcap")
        .args(["-F", "pcap", "-c", &per.to_string()])
        .arg(capture)
        .arg(dir.join("cap.pcap"))
        .output();
    match out {
        Ok(out) => assert!(out.status.success(), "editcap: {out:?}"),
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!("\n*** SKIPPED: cannot run editcap ({e}); apt-get install tshark ***\n");
            return None;
        }
        Err(e) => panic!("editcap is needed under CI: {e}"),
    }
    let mut files: Vec<PathBuf> = (std::fs::read_dir(dir).unwrap())
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() > 3, "{files:?}");
    Some(files)
}

/// `cardshark ARGS` run to its end: exit status, standard output and
/// error.
pub(crate) fn run(args: &[&Path]) -> (i32, String, String) {
    let out = crate::common::cardshark().args(args).output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (
        out.status.code().unwrap(),
        text(&out.stdout),
        text(&out.stderr),
    )
}

/// A cardshark still running: its standard output and error, gathered
/// as they come.
pub(crate) struct Running {
    child: Child,
    out: Arc<Mutex<String>>,
    err: Arc<Mutex<String>>,
}

/// Appends everything `from` gives to `to`.
fn gather(from: impl std::io::Read + Send + 'static, to: &Arc<Mutex<String>>) {
    let to = Arc::clone(to);
    std::thread::spawn(move || {
        let mut lines = BufReader::new(from);
        let mut line = String::new();
        while lines.read_line(&mut line).is_ok_and(|n| n > 0) {
            to.lock().unwrap().push_str(&line);
            line.clear();
        }
    });
}

impl Running {
    /// Starts `cardshark ARGS` and waits until it watches.
    pub(crate) fn start(args: &[&Path]) -> Running {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardshark"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (out, err) = (Arc::default(), Arc::default());
        gather(child.stdout.take().unwrap(), &out);
        gather(child.stderr.take().unwrap(), &err);
        let running = Running { child, out, err };
        running.wait_for("it to watch", |_, err| err.contains("cardshark: watching "));
        running
    }

    /// Waits until `done(stdout, stderr)`; fails, saying `what` it waited
    /// for, after [`PATIENCE`].
    pub(crate) fn wait_for(&self, what: &str, done: impl Fn(&str, &str) -> bool) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let (out, err) = (self.out.lock().unwrap(), self.err.lock().unwrap());
            if done(&out, &err) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "waited {PATIENCE:?} for {what}; stderr:\n{err}\nstdout ({} lines)",
                out.lines().count()
            );
            drop((out, err));
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Sends `signal`, then waits for the end: exit status, standard
    /// output and error.
    pub(crate) fn stop(self, signal: i32) -> (i32, String, String) {
        // SAFETY: kill with the id of a child not yet waited for.
        assert_eq!(unsafe { libc::kill(self.child.id() as i32, signal) }, 0);
        self.end()
    }

    /// Waits for the end: exit status, standard output and error.
    pub(crate) fn end(mut self) -> (i32, String, String) {
        let deadline = Instant::now() + PATIENCE;
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(Instant::now() < deadline, "no end after {PATIENCE:?}");
            std::thread::sleep(Duration::from_millis(20));
        };
        // Whatever it wrote last, once the pipes are read to their ends.
        let text = |s: &Arc<Mutex<String>>| s.lock().unwrap().clone();
        self.wait_for("its output to end", |_, _| {
            Arc::strong_count(&self.out) == 1 && Arc::strong_count(&self.err) == 1
        });
        let code = status.code().expect("an exit code");
        (code, text(&self.out), text(&self.err))
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        // A failed test leaves no process behind.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `ARGS PATH`, as paths.
pub(crate) fn with_dir<'a>(args: &[&'a str], dir: &'a Path) -> Vec<&'a Path> {
    let mut all: Vec<&Path> = args.iter().map(|a| Path::new(*a)).collect();
    all.push(dir);
    all
}
