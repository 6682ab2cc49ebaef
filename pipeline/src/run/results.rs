//! One line of the runner's results file: what happened when one test ran.

use serde::{Deserialize, Serialize};

/// How a test ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The test method returned normally.
    Pass,
    /// The test (or the code it called) threw.
    Exception,
    /// The code under test called `System.exit` or `Runtime.halt`; the sandbox refused it, and
    /// the message names the call and its status.
    Exit,
    /// The test did not finish within the per-test timeout.
    Timeout,
    /// The test could not be run: not compiled, not loadable, or the JVM died under it.
    Error,
}

/// One stack frame of a thrown exception.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    /// Binary class name, e.g. `a.b.Outer$Inner`.
    pub class: String,
    /// Method name.
    pub method: String,
    /// Base name of the source file, when the class has debug information.
    pub file: Option<String>,
    /// Line number; negative when unknown (-2 for native methods).
    pub line: i64,
}

/// A cause of a test's exception.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cause {
    /// Fully qualified class of the cause.
    pub exception: String,
    /// Its message.
    pub message: Option<String>,
    /// Its frames, innermost first, at most 50.
    #[serde(default)]
    pub frames: Vec<Frame>,
}

/// The result of one test, as written by the runner (or by dsd when the JVM died).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestResult {
    /// Binary name of the test class.
    pub class: String,
    /// Test method name.
    pub method: String,
    /// How the test ended.
    pub outcome: Outcome,
    /// Fully qualified class of the thrown exception.
    pub exception: Option<String>,
    /// The exception's message, or why the test timed out or could not run.
    pub message: Option<String>,
    /// Innermost frames first, at most 50.
    #[serde(default)]
    pub frames: Vec<Frame>,
    /// The exception's causes, outermost first (`getCause()`, then its cause, ...).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub causes: Vec<Cause>,
    /// Wall time of the test in milliseconds.
    #[serde(default)]
    pub millis: u64,
}

impl TestResult {
    /// A result written by dsd itself for a test the runner could not report on.
    pub fn synthetic(class: &str, method: &str, outcome: Outcome, message: String) -> TestResult {
        TestResult {
            class: class.to_string(),
            method: method.to_string(),
            outcome,
            exception: None,
            message: Some(message),
            frames: Vec::new(),
            causes: Vec::new(),
            millis: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_causes_of_an_exception() {
        let line = r#"{"class":"a.L_DsdTest","method":"t","outcome":"exception","exception":"java.lang.IllegalStateException","message":"cannot load x","frames":[{"class":"a.L","method":"load","file":"L.java","line":20}],"causes":[{"exception":"java.lang.NumberFormatException","message":"For input string: \"x\"","frames":[{"class":"a.L","method":"parse","file":"L.java","line":25}]}],"millis":3}"#;
        let r: TestResult = serde_json::from_str(line).expect("a result line");
        assert_eq!(r.causes.len(), 1);
        assert_eq!(r.causes[0].exception, "java.lang.NumberFormatException");
        assert_eq!(r.causes[0].frames[0].line, 25);
    }

    #[test]
    fn reads_the_runners_exit_line() {
        let line = r#"{"class":"a.Quit_DsdTest","method":"test0","outcome":"exit","exception":"java.lang.SecurityException","message":"dsd sandbox: System.exit(3) is not allowed","frames":[{"class":"a.Quit","method":"quit","file":"Quit.java","line":7}],"millis":4}"#;
        let result: TestResult = serde_json::from_str(line).unwrap();
        assert_eq!(result.outcome, Outcome::Exit);
        assert_eq!(result.frames[0].line, 7);
        assert_eq!(
            serde_json::to_value(Outcome::Exit).unwrap(),
            serde_json::json!("exit")
        );
    }
}
