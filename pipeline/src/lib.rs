//! The `dsd` command: runs the stages, executes the generated tests, keeps the crashes they
//! reproduce and reports them.

pub mod allocator;
pub mod changes;
pub mod cli;
pub mod config;
pub mod discover;
pub mod emit;
pub mod error;
pub mod progress;
pub mod report;
pub mod reproduce;
pub mod run;
pub mod stages;
pub mod stamps;
