//! Running a command with its output thrown away, timing it, and reading
//! its own peak resident memory (wait4's rusage).

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

/// The number in environment variable `name` (a benchmark's knob), else
/// `default`.
pub fn env_num(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// One timed run.
#[derive(Clone, Copy)]
pub struct Run {
    pub seconds: f64,
    pub max_rss_kb: i64,
    pub ok: bool,
}

/// Runs `cmd` to completion, its output discarded.
pub fn measure(cmd: &mut Command) -> Run {
    measure_into(cmd, Stdio::null())
}

/// Runs `cmd` to completion, its standard output going to `stdout` (a
/// file, for a command whose output is measured), its errors discarded.
pub fn measure_into(cmd: &mut Command, stdout: Stdio) -> Run {
    let start = Instant::now();
    let Ok(child) = cmd.stdout(stdout).stderr(Stdio::null()).spawn() else {
        return FAILED;
    };
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value; wait4 fills it for our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: pid is our child's, status and usage point to live locals.
    let r = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    let seconds = start.elapsed().as_secs_f64();
    let ok = r > 0 && libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    Run {
        seconds,
        max_rss_kb: usage.ru_maxrss,
        ok,
    }
}

/// A run that did not happen.
pub const FAILED: Run = Run {
    seconds: f64::NAN,
    max_rss_kb: 0,
    ok: false,
};

/// The fastest of `n` runs (with the highest peak memory of them all).
pub fn best_of(n: usize, mut f: impl FnMut() -> Run) -> Run {
    let mut best = f();
    for _ in 1..n {
        best = keep_best(Some(best), f());
    }
    best
}

/// The faster of the best run so far (if any) and `r`, with the higher
/// peak memory of the two; a failed run is kept.
pub fn keep_best(best: Option<Run>, r: Run) -> Run {
    match best {
        None => r,
        Some(b) if !b.ok => b,
        Some(_) if !r.ok => r,
        Some(b) => {
            let peak = b.max_rss_kb.max(r.max_rss_kb);
            let faster = if r.seconds < b.seconds { r } else { b };
            Run {
                max_rss_kb: peak,
                ..faster
            }
        }
    }
}

/// The median of `seconds` (the mean of the middle two of an even count).
pub fn median(seconds: &[f64]) -> f64 {
    let mut s = seconds.to_vec();
    s.sort_by(f64::total_cmp);
    match s.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => s[n / 2],
        n => (s[n / 2 - 1] + s[n / 2]) / 2.0,
    }
}

/// Lines a command writes (one untimed run), counted as they stream by:
/// the bench process must stay small, since a child's peak memory as wait4
/// reports it starts from its parent's size.
pub fn count_lines(bin: &str, args: &[&str], path: &Path) -> u64 {
    use std::io::Read;
    let Ok(mut child) = Command::new(bin)
        .args(args)
        .arg(path)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
    else {
        return 0;
    };
    let mut out = child.stdout.take().expect("piped");
    let (mut buf, mut lines) = (vec![0u8; 1 << 16], 0u64);
    while let Ok(n) = out.read(&mut buf) {
        if n == 0 {
            break;
        }
        lines += buf[..n].iter().filter(|&&b| b == b'\n').count() as u64;
    }
    let _ = child.wait();
    lines
}
