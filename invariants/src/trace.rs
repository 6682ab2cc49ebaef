//! Reading the trace files the recorder writes.
//!
//! One line per distinct sample, tab-separated: `COUNT`, `X` (normal exit) or `T` (exceptional
//! exit), the program point id, the entry values, and for `X` a `|` followed by the exit values
//! (result, then fields). Values: an integer; `n` (null); `s` and a string's length; `a` and an
//! array's length, with `!` when an element is null; `i` and a boxed number's value; `o` and a
//! runtime class name. The same sample may appear on several lines (several flushes or JVMs);
//! its counts add up.

use std::collections::HashMap;
use std::path::Path;

/// One recorded value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Value {
    /// An integral primitive or a boxed number.
    Int(i64),
    /// `null`.
    Null,
    /// A string of this length.
    Str(i64),
    /// An array.
    Arr {
        /// Its length.
        len: i64,
        /// True when an element is null.
        null_elem: bool,
    },
    /// Any other object, by runtime class.
    Obj(String),
}

impl Value {
    /// Parses one value of a trace line.
    pub fn parse(token: &str) -> Option<Value> {
        let mut chars = token.chars();
        let rest = token.get(1..).unwrap_or("");
        Some(match chars.next()? {
            'n' if rest.is_empty() => Value::Null,
            's' => Value::Str(rest.parse().ok()?),
            'i' => Value::Int(rest.parse().ok()?),
            'o' if !rest.is_empty() => Value::Obj(rest.to_string()),
            'a' => {
                let (digits, null_elem) = match rest.strip_suffix('!') {
                    Some(d) => (d, true),
                    None => (rest, false),
                };
                Value::Arr {
                    len: digits.parse().ok()?,
                    null_elem,
                }
            }
            _ => Value::Int(token.parse().ok()?),
        })
    }
}

/// One distinct sample with its multiplicity.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// Program point id.
    pub ppt: u32,
    /// How many calls produced exactly these values.
    pub count: u64,
    /// Entry values, in the program point's entry order.
    pub entry: Vec<Value>,
    /// Exit values for a normal exit; `None` when the call threw.
    pub exit: Option<Vec<Value>>,
}

/// All samples of a run.
#[derive(Debug, Clone, Default)]
pub struct Trace {
    /// Distinct samples.
    pub samples: Vec<Sample>,
    /// Lines that could not be read (a JVM killed mid-write leaves at most one).
    pub bad_lines: usize,
}

/// Adds up the lines of trace texts, keyed by their sample text.
#[derive(Debug, Default)]
pub struct Collector {
    counts: HashMap<String, u64>,
    bad_lines: usize,
}

impl Collector {
    /// Adds the lines of one trace text.
    pub fn add_text(&mut self, text: &str) {
        for line in text.lines().filter(|l| !l.is_empty()) {
            match line.split_once('\t') {
                Some((count, key)) => match count.parse::<u64>() {
                    Ok(n) => *self.counts.entry(key.to_string()).or_default() += n,
                    Err(_) => self.bad_lines += 1,
                },
                None => self.bad_lines += 1,
            }
        }
    }

    /// Adds every file in `dir` (a missing directory adds nothing).
    pub fn add_dir(&mut self, dir: &Path) -> Result<(), String> {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return Ok(());
        };
        let mut paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for path in paths.iter().filter(|p| p.is_file()) {
            let bytes = std::fs::read(path)
                .map_err(|e| format!("cannot read trace {}: {e}", path.display()))?;
            self.add_text(&String::from_utf8_lossy(&bytes));
        }
        Ok(())
    }

    /// The samples, checked against the number of values each program point records:
    /// `shape(ppt)` gives (entry values, exit values) or `None` for an unknown point.
    pub fn finish(self, shape: impl Fn(u32) -> Option<(usize, usize)>) -> Trace {
        let mut trace = Trace {
            samples: Vec::with_capacity(self.counts.len()),
            bad_lines: self.bad_lines,
        };
        let mut keys: Vec<(String, u64)> = self.counts.into_iter().collect();
        keys.sort();
        for (key, count) in keys {
            match parse_sample(&key, count, &shape) {
                Some(s) => trace.samples.push(s),
                None => trace.bad_lines += 1,
            }
        }
        trace
    }
}

fn parse_sample(
    key: &str,
    count: u64,
    shape: &impl Fn(u32) -> Option<(usize, usize)>,
) -> Option<Sample> {
    let mut tokens = key.split('\t');
    let tag = tokens.next()?;
    let ppt: u32 = tokens.next()?.parse().ok()?;
    let (n_entry, n_exit) = shape(ppt)?;
    let rest: Vec<&str> = tokens.collect();
    let (entry, exit) = match tag {
        "T" => (&rest[..], None),
        "X" => {
            let bar = rest.iter().position(|t| *t == "|")?;
            (&rest[..bar], Some(&rest[bar + 1..]))
        }
        _ => return None,
    };
    let values = |ts: &[&str]| {
        ts.iter()
            .map(|t| Value::parse(t))
            .collect::<Option<Vec<_>>>()
    };
    let entry = values(entry).filter(|v| v.len() == n_entry)?;
    let exit = match exit {
        Some(ts) => Some(values(ts).filter(|v| v.len() == n_exit)?),
        None => None,
    };
    Some(Sample {
        ppt,
        count,
        entry,
        exit,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_parse() {
        assert_eq!(Value::parse("-12"), Some(Value::Int(-12)));
        assert_eq!(Value::parse("n"), Some(Value::Null));
        assert_eq!(Value::parse("s5"), Some(Value::Str(5)));
        assert_eq!(Value::parse("i-3"), Some(Value::Int(-3)));
        assert_eq!(
            Value::parse("a3!"),
            Some(Value::Arr {
                len: 3,
                null_elem: true
            })
        );
        assert_eq!(
            Value::parse("ojava.util.HashMap"),
            Some(Value::Obj("java.util.HashMap".into()))
        );
        assert_eq!(Value::parse("x"), None);
        assert_eq!(Value::parse(""), None);
        assert_eq!(Value::parse("s"), None);
    }

    #[test]
    fn lines_add_up_and_bad_lines_are_counted() {
        let mut c = Collector::default();
        c.add_text("2\tX\t0\t10\t2\t|\t5\n1\tT\t0\t1\t0\n");
        c.add_text(
            "3\tX\t0\t10\t2\t|\t5\nzz\tX\t0\n1\tX\t0\t1\t|\t1\n1\tX\t9\t1\t1\t|\t1\n1\tX\t0\t1",
        );
        let t = c.finish(|p| (p == 0).then_some((2, 1)));
        assert_eq!(t.samples.len(), 2);
        let exit = t.samples.iter().find(|s| s.exit.is_some()).unwrap();
        assert_eq!(exit.count, 5);
        assert_eq!(exit.entry, vec![Value::Int(10), Value::Int(2)]);
        assert_eq!(exit.exit, Some(vec![Value::Int(5)]));
        let thrown = t.samples.iter().find(|s| s.exit.is_none()).unwrap();
        assert_eq!(thrown.entry, vec![Value::Int(1), Value::Int(0)]);
        // bad count, wrong arity, unknown ppt, missing bar
        assert_eq!(t.bad_lines, 4);
    }
}
