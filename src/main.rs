//! The cardshark command line: the subcommands in [`cli`], over the
//! library (`cardshark`: capture, reassembly, decoding, analysis, output).

mod cli;

fn main() {
    std::process::exit(cli::main());
}
