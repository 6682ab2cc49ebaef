//! Progress on stderr: a spinner or bar on a terminal; elsewhere (a CI log, a file) a
//! plain line at most every [`PLAIN_EVERY`], so that a long stage never runs silent, with
//! an estimate of the time left when the stage counts items (the rate so far, carried
//! over the items left).

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Set by `--quiet`: no progress, stage lines or summary line on stderr.
static QUIET: AtomicBool = AtomicBool::new(false);

/// Turns off (`--quiet`) or on the lines that say how a run goes; warnings and errors are
/// always printed.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Set by `--verbose`: why each stage runs and what it uses.
static VERBOSE: AtomicBool = AtomicBool::new(false);

/// Turns on (`--verbose`) or off the lines that explain a run in detail.
pub fn set_verbose(verbose: bool) {
    VERBOSE.store(verbose, Ordering::Relaxed);
}

/// Prints a line of detail on stderr (why a stage runs, the tools it uses) with
/// `--verbose` only.
pub fn detail(line: &str) {
    if VERBOSE.load(Ordering::Relaxed) {
        eprintln!("{line}");
    }
}

/// Prints a line that says how the run goes (a stage's summary, the settings file, the
/// summary line) on stderr, unless `--quiet`.
pub fn say(line: &str) {
    if !QUIET.load(Ordering::Relaxed) {
        eprintln!("{line}");
    }
}

/// Least time between two plain progress lines.
pub const PLAIN_EVERY: Duration = Duration::from_secs(30);

/// A spinner or bar on a terminal, plain lines elsewhere.
pub struct Progress {
    display: Display,
    /// What is going on, before any count: `dsd solve`.
    title: String,
}

enum Display {
    Terminal(ProgressBar),
    Plain(Plain),
    /// `--quiet`: nothing.
    Hidden,
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

    /// Writes `line` (with the time since the start, and the time left when `done` of
    /// `total` items are finished) unless a line was written lately.
    fn maybe_write(&self, line: &str, count: Option<(usize, usize)>) {
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        if last.elapsed() >= PLAIN_EVERY {
            *last = Instant::now();
            let elapsed = self.started.elapsed();
            let left = count
                .and_then(|(done, total)| time_left(elapsed, done, total))
                .map(|left| format!(", {left}"))
                .unwrap_or_default();
            eprintln!("{line} ({}s{left})", elapsed.as_secs());
        }
    }
}

/// `about 40 s left`, `about 4 min left`: what `done` of `total` items in `elapsed` leave,
/// at the same rate; nothing before the first item is done or after the last.
fn time_left(elapsed: Duration, done: usize, total: usize) -> Option<String> {
    if done == 0 || done >= total {
        return None;
    }
    let left = elapsed.as_secs_f64() * (total - done) as f64 / done as f64;
    Some(if left < 90.0 {
        format!("about {} s left", (left / 5.0).ceil() as u64 * 5)
    } else {
        format!("about {} min left", (left / 60.0).round() as u64)
    })
}

impl Progress {
    /// A spinner with a message, for a stage of unknown length.
    pub fn spinner(message: &str) -> Progress {
        if QUIET.load(Ordering::Relaxed) {
            return Progress::of(Display::Hidden, message);
        }
        if !std::io::stderr().is_terminal() {
            return Progress::of(Display::Plain(Plain::new(message, None)), message);
        }
        let bar = ProgressBar::new_spinner().with_message(message.to_string());
        bar.enable_steady_tick(Duration::from_millis(100));
        Progress::of(Display::Terminal(bar), message)
    }

    /// A bar counting up to `len` items.
    pub fn bar(len: usize, message: &str) -> Progress {
        if QUIET.load(Ordering::Relaxed) {
            return Progress::of(Display::Hidden, message);
        }
        if !std::io::stderr().is_terminal() {
            return Progress::of(Display::Plain(Plain::new(message, Some(len))), message);
        }
        let bar = ProgressBar::new(len as u64).with_message(message.to_string());
        if let Ok(style) = ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} {elapsed}") {
            bar.set_style(style.progress_chars("=> "));
        }
        Progress::of(Display::Terminal(bar), message)
    }

    fn of(display: Display, title: &str) -> Progress {
        Progress {
            display,
            title: title.to_string(),
        }
    }

    /// Moves a bar to `pos` items done.
    pub fn set_position(&self, pos: usize) {
        match &self.display {
            Display::Terminal(bar) => bar.set_position(pos as u64),
            Display::Plain(plain) => {
                let message = plain.message.lock().map(|m| m.clone()).unwrap_or_default();
                let len = plain.len.map(|l| format!("/{l}")).unwrap_or_default();
                let count = plain.len.map(|l| (pos, l));
                plain.maybe_write(&format!("{message}: {pos}{len}"), count);
            }
            Display::Hidden => {}
        }
    }

    /// Replaces the message.
    pub fn set_message(&self, message: &str) {
        match &self.display {
            Display::Terminal(bar) => bar.set_message(message.to_string()),
            Display::Plain(plain) => {
                if let Ok(mut m) = plain.message.lock() {
                    *m = message.to_string();
                }
                plain.maybe_write(message, None);
            }
            Display::Hidden => {}
        }
    }

    /// Says that `done` of `total` `items` are finished: `dsd solve: 12/40 preludes`
    /// after the title; a plain line adds the time left.
    pub fn set_done(&self, done: usize, total: usize, items: &str) {
        let message = format!("{}: {done}/{total} {items}", self.title);
        match &self.display {
            Display::Terminal(bar) => bar.set_message(message),
            Display::Plain(plain) => plain.maybe_write(&message, Some((done, total))),
            Display::Hidden => {}
        }
    }

    /// Removes the display from the terminal.
    pub fn finish(&self) {
        if let Display::Terminal(bar) = &self.display {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_left_follows_the_rate_so_far() {
        let minute = Duration::from_secs(60);
        assert_eq!(time_left(minute, 0, 10), None, "nothing done yet");
        assert_eq!(time_left(minute, 10, 10), None, "all done");
        assert_eq!(time_left(minute, 3, 4).as_deref(), Some("about 20 s left"));
        assert_eq!(time_left(minute, 1, 5).as_deref(), Some("about 4 min left"));
    }
}
