//! Running the user's command: recorded (against the instrumented classes), and with
//! `--overhead` once as given first, to measure what recording costs.

use crate::cli::RecordArgs;
use crate::error::Failure;
use invariants::javac::absolute;
use invariants::record as recording;
use invariants::record::command::{rewrite, Recording, Rewritten};
use serde::Serialize;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

/// How the command ran.
#[derive(Debug, Clone, Serialize)]
pub struct Ran {
    /// Its exit status (`None` when a signal ended it).
    pub status: Option<i32>,
    /// Its wall time recorded, in seconds.
    pub seconds: f64,
    /// With `--overhead`: its wall time as given, without recording.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uninstrumented_seconds: Option<f64>,
}

impl Ran {
    /// How much longer the recorded run took, as a percentage of the plain one.
    pub fn overhead(&self) -> Option<f64> {
        let plain = self.uninstrumented_seconds?;
        (plain > 0.0).then(|| (self.seconds / plain - 1.0) * 100.0)
    }
}

/// The command as it runs recorded in the work directory `work`; an error says why it
/// cannot be, before anything runs.
pub fn rewritten(work: &Path, args: &RecordArgs) -> Result<Rewritten, Failure> {
    let crashes = absolute(&recording::record_dir(work));
    let recording = Recording {
        classes: &recording::classes_dir(work),
        crashes: &crashes,
        methods: &recording::methods_file(work),
        agent: &recording::agent_jar(work),
        listener: &recording::listener::listener_jar(work),
        depth: args.depth,
        uncaught: args.uncaught,
        max_crashes: args.max_crashes,
    };
    let env = |name: &str| std::env::var(name).ok();
    rewrite(
        &args.command,
        &recording,
        env("CLASSPATH").as_deref(),
        env("JAVA_TOOL_OPTIONS").as_deref(),
    )
    .map_err(|e| Failure::new(format!("dsd record -- {}: {e}", args.command.join(" "))))
}

/// Runs the command `rewritten` recorded (and first as given with `--overhead`).
pub fn run(args: &RecordArgs, rewritten: &Rewritten) -> Result<Ran, Failure> {
    let uninstrumented_seconds = if args.overhead {
        crate::progress::say("dsd record: running the command without recording (--overhead)");
        let mut plain = Command::new(&args.command[0]);
        plain
            .args(&args.command[1..])
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        Some(timed(&mut plain, &args.command[0])?.1)
    } else {
        None
    };
    let mut command = match rewritten {
        Rewritten::Java(argv) => {
            let mut c = Command::new(&argv[0]);
            c.args(&argv[1..]);
            c
        }
        Rewritten::Tool(options) => {
            let mut c = Command::new(&args.command[0]);
            c.args(&args.command[1..]).env("JAVA_TOOL_OPTIONS", options);
            c
        }
    };
    crate::progress::say(&format!(
        "dsd record: running `{}` recorded",
        args.command.join(" ")
    ));
    let (status, seconds) = timed(&mut command, &args.command[0])?;
    Ok(Ran {
        status,
        seconds,
        uninstrumented_seconds,
    })
}

/// Runs `command` to its end; its exit status and wall time in seconds.
fn timed(command: &mut Command, program: &str) -> Result<(Option<i32>, f64), Failure> {
    let start = Instant::now();
    let status = command
        .status()
        .map_err(|e| Failure::new(format!("cannot run {program}: {e}")))?;
    let seconds = (start.elapsed().as_secs_f64() * 1000.0).round() / 1000.0;
    Ok((status.code(), seconds))
}
