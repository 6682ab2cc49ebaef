//! The `dsd` binary.

use clap::CommandFactory;
use pipeline::cli::{configured, execute, Cli};
use pipeline::error::EXIT_FAILURE;

#[global_allocator]
static ALLOCATOR: pipeline::allocator::Allocator = pipeline::allocator::ALLOCATOR;

fn main() {
    let cli = match configured(&Cli::command().get_matches()) {
        Ok(cli) => cli,
        Err(failure) => {
            eprintln!("dsd: error: {failure}");
            std::process::exit(EXIT_FAILURE);
        }
    };
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
