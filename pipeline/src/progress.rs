//! Progress on stderr: a spinner or bar on a terminal; elsewhere (a CI log, a file) a
//! plain line at most every [`PLAIN_EVERY`], so that a long stage never runs silent.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Least time between two plain progress lines.
pub const PLAIN_EVERY: Duration = Duration::from_secs(30);

/// A spinner or bar on a terminal, plain lines elsewhere.
pub struct Progress(Display);

enum Display {
    Terminal(ProgressBar),
    Plain(Plain),
}

/// Progress written as lines: the latest state, when the last line is old enough.
struct Plain {
    message: Mutex<String>,
    len: Option<usize>,
    started: Instant,
    last: Mutex<Instant>,
}

impl Plain {
    fn new(message: &str, len: Option<usize>) -> Plain {
        let now = Instant::now();
        Plain {
            message: Mutex::new(message.to_string()),
            len,
            started: now,
            last: Mutex::new(now),
        }
    }

    /// Writes `line` (with the time since the start) unless a line was written lately.
    fn maybe_write(&self, line: &str) {
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        if last.elapsed() >= PLAIN_EVERY {
            *last = Instant::now();
            eprintln!("{line} ({}s)", self.started.elapsed().as_secs());
        }
    }
}

impl Progress {
    /// A spinner with a message, for a stage of unknown length.
    pub fn spinner(message: &str) -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress(Display::Plain(Plain::new(message, None)));
        }
        let bar = ProgressBar::new_spinner().with_message(message.to_string());
        bar.enable_steady_tick(Duration::from_millis(100));
        Progress(Display::Terminal(bar))
    }

    /// A bar counting up to `len` items.
    pub fn bar(len: usize, message: &str) -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress(Display::Plain(Plain::new(message, Some(len))));
        }
        let bar = ProgressBar::new(len as u64).with_message(message.to_string());
        if let Ok(style) = ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} {elapsed}") {
            bar.set_style(style.progress_chars("=> "));
        }
        Progress(Display::Terminal(bar))
    }

    /// Moves a bar to `pos` items done.
    pub fn set_position(&self, pos: usize) {
        match &self.0 {
            Display::Terminal(bar) => bar.set_position(pos as u64),
            Display::Plain(plain) => {
                let message = plain.message.lock().map(|m| m.clone()).unwrap_or_default();
                let len = plain.len.map(|l| format!("/{l}")).unwrap_or_default();
                plain.maybe_write(&format!("{message}: {pos}{len}"));
            }
        }
    }

    /// Replaces the message.
    pub fn set_message(&self, message: &str) {
        match &self.0 {
            Display::Terminal(bar) => bar.set_message(message.to_string()),
            Display::Plain(plain) => {
                if let Ok(mut m) = plain.message.lock() {
                    *m = message.to_string();
                }
                plain.maybe_write(message);
            }
        }
    }

    /// Removes the display from the terminal.
    pub fn finish(&self) {
        if let Display::Terminal(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
