//! The `dsd` binary.

use clap::Parser;
use pipeline::cli::{execute, Cli};
use pipeline::error::EXIT_FAILURE;

fn main() {
    let cli = Cli::parse();
    let code = match execute(&cli) {
        Ok(code) => code,
        Err(failure) => {
            eprintln!("dsd: error: {failure}");
            EXIT_FAILURE
        }
    };
    std::process::exit(code);
}
