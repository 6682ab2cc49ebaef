//! Progress display on stderr, shown only when stderr is a terminal.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// A spinner or bar that does nothing unless stderr is a terminal.
pub struct Progress(Option<ProgressBar>);

impl Progress {
    /// A spinner with a message, for a stage of unknown length.
    pub fn spinner(message: &str) -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress(None);
        }
        let bar = ProgressBar::new_spinner().with_message(message.to_string());
        bar.enable_steady_tick(Duration::from_millis(100));
        Progress(Some(bar))
    }

    /// A bar counting up to `len` items.
    pub fn bar(len: usize, message: &str) -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress(None);
        }
        let bar = ProgressBar::new(len as u64).with_message(message.to_string());
        if let Ok(style) = ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} {elapsed}") {
            bar.set_style(style.progress_chars("=> "));
        }
        Progress(Some(bar))
    }

    /// A display that never shows anything.
    pub fn hidden() -> Progress {
        Progress(None)
    }

    /// Moves a bar to `pos` items done.
    pub fn set_position(&self, pos: usize) {
        if let Some(bar) = &self.0 {
            bar.set_position(pos as u64);
        }
    }

    /// Replaces the message.
    pub fn set_message(&self, message: &str) {
        if let Some(bar) = &self.0 {
            bar.set_message(message.to_string());
        }
    }

    /// Removes the display from the terminal.
    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
