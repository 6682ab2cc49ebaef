//! The error that stops `dsd` with exit status 2.

use std::fmt;

/// A problem with the input or the environment that stops `dsd`: printed as
/// `dsd: error: MESSAGE`, exit status 2. The message says what happened, where, and what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure(pub String);

impl Failure {
    /// A failure with this message.
    pub fn new(message: impl Into<String>) -> Failure {
        Failure(message.into())
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Failure {}

macro_rules! from_stage_error {
    ($($t:ty),*) => {$(
        impl From<$t> for Failure {
            fn from(e: $t) -> Failure {
                Failure(e.to_string())
            }
        }
    )*};
}

from_stage_error!(frontend::Error, vcgen::Error, solver::Error, testgen::Error);

/// Exit status when nothing is reported at level error.
pub const EXIT_CLEAN: i32 = 0;
/// Exit status when at least one finding has level error.
pub const EXIT_FINDINGS: i32 = 1;
/// Exit status for bad usage or bad input.
pub const EXIT_FAILURE: i32 = 2;
