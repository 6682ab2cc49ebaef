//! The `dsd` binary.

use clap::Parser;
use pipeline::cli::{execute, Cli};
use pipeline::error::EXIT_FAILURE;

#[global_allocator]
static ALLOCATOR: pipeline::allocator::Allocator = pipeline::allocator::ALLOCATOR;

fn main() {
    let cli = Cli::parse();
    let result = if cli.walks_programs() {
        frontend::deep::spawn(|| execute(&cli))
    } else {
        execute(&cli)
    };
    let code = match result {
        Ok(code) => code,
        Err(failure) => {
            eprintln!("dsd: error: {failure}");
            EXIT_FAILURE
        }
    };
    std::process::exit(code);
}
