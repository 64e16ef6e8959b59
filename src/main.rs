fn main() {
    std::process::exit(cardshark::cli::main());
}
