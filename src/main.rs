//! The cardshark command line: the subcommands in [`cli`], over the
//! library (`cardshark`: capture, reassembly, decoding, analysis, output).

mod cli;

fn main() {
    fixed_mmap_threshold();
    std::process::exit(cli::main());
}

/// glibc's allocator serves blocks of 128 KiB and more (the batches and
/// chunks of output between the pipeline's threads) with their own
/// mappings, given back to the system when freed; but by default it raises
/// that threshold to the size of each such block freed, after which they
/// come from the heaps of the threads that made them and stay there, and
/// the process keeps tens of MB it does not use. A fixed threshold keeps
/// memory to what is in use (measured: 78 MB against 64 MB of peak
/// resident memory for `decode` on two workers).
fn fixed_mmap_threshold() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a parameter of the allocator; called
    // before any other thread exists.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 << 10);
    }
}
