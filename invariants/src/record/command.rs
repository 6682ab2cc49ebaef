//! The user's command, run against the instrumented classes: a `java` command gets the
//! instrumented classes first on its class path, then the test listener's jar
//! ([`super::listener`]), and the recorder's properties; any other
//! command (a build tool's test run) gets them through `JAVA_TOOL_OPTIONS`, which every JVM it
//! starts reads: the recorder's Java agent (`java/DsdRecordAgent.java`) defines each project
//! class from its instrumented copy, in the class loader that loads it.

use std::path::Path;

/// What the recorder in the command's JVMs needs.
#[derive(Debug, Clone)]
pub struct Recording<'a> {
    /// The instrumented classes and the recorder (absolute).
    pub classes: &'a Path,
    /// Where crashes are written (absolute).
    pub crashes: &'a Path,
    /// The method table (absolute).
    pub methods: &'a Path,
    /// The jar of the recorder's agent (absolute).
    pub agent: &'a Path,
    /// The jar of the recorder's JUnit Platform listener (absolute); the agent finds it beside
    /// the instrumented classes.
    pub listener: &'a Path,
    /// How deep values are copied at entry.
    pub depth: u32,
    /// Whether only exceptions that escape the program are written.
    pub uncaught: bool,
    /// Most crashes one JVM writes.
    pub max_crashes: u32,
}

impl Recording<'_> {
    /// The system properties that turn the recorder on.
    fn properties(&self) -> Vec<String> {
        vec![
            format!("-Ddsd.record.dir={}", self.crashes.display()),
            format!("-Ddsd.record.methods={}", self.methods.display()),
            format!("-Ddsd.record.depth={}", self.depth),
            format!("-Ddsd.record.uncaught={}", self.uncaught),
            format!("-Ddsd.record.max={}", self.max_crashes),
        ]
    }
}

/// Options of `java` whose value is the next argument.
const WITH_VALUE: &[&str] = &[
    "-p",
    "--module-path",
    "--upgrade-module-path",
    "--add-modules",
    "--limit-modules",
    "--add-opens",
    "--add-exports",
    "--add-reads",
    "--patch-module",
    "--enable-native-access",
];

/// Options of `java` that name the class path.
const CLASS_PATH: &[&str] = &["-cp", "-classpath", "--class-path"];

/// `-javaagent:AGENT=CLASSES`, the option that loads the recorder's agent; refused for a
/// work directory whose path holds a space, which `JAVA_TOOL_OPTIONS` cannot carry.
fn agent_option(recording: &Recording) -> Result<String, String> {
    let option = format!(
        "-javaagent:{}={}",
        recording.agent.display(),
        recording.classes.display()
    );
    if option.contains(char::is_whitespace) {
        return Err(format!(
            "the work directory {} holds a space, which the recorder's agent option cannot \
             carry; use a --work-dir without spaces",
            recording.classes.display()
        ));
    }
    Ok(option)
}

/// How the command runs recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rewritten {
    /// A `java` command, its arguments rewritten.
    Java(Vec<String>),
    /// Another command, run as given with this `JAVA_TOOL_OPTIONS`.
    Tool(String),
}

/// The command `argv` rewritten to run recorded; `class_path_env` is the `CLASSPATH` the
/// command would see, `tool_options` its `JAVA_TOOL_OPTIONS`. An error says, in a sentence,
/// why the command cannot be recorded.
pub fn rewrite(
    argv: &[String],
    recording: &Recording,
    class_path_env: Option<&str>,
    tool_options: Option<&str>,
) -> Result<Rewritten, String> {
    let program = argv.first().ok_or("no command after `--`")?;
    let classes = format!(
        "{}:{}",
        recording.classes.display(),
        recording.listener.display()
    );
    let is_java = Path::new(program).file_name().is_some_and(|n| n == "java");
    if !is_java {
        let agent = agent_option(recording)?;
        let mut options: Vec<String> = tool_options
            .filter(|o| !o.trim().is_empty())
            .map(|o| o.to_string())
            .into_iter()
            .collect();
        options.push(agent);
        options.extend(recording.properties());
        return Ok(Rewritten::Tool(options.join(" ")));
    }
    let mut out = vec![program.clone()];
    out.extend(recording.properties());
    let mut found = false;
    let mut rest = argv[1..].iter();
    while let Some(arg) = rest.next() {
        if CLASS_PATH.contains(&arg.as_str()) {
            let value = rest
                .next()
                .ok_or_else(|| format!("`{arg}` is not followed by a class path"))?;
            out.push(arg.clone());
            out.push(format!("{classes}:{value}"));
            found = true;
        } else if let Some(value) = arg.strip_prefix("--class-path=") {
            out.push(format!("--class-path={classes}:{value}"));
            found = true;
        } else if arg == "-jar" || arg == "-m" || arg == "--module" {
            // The jar's or module's classes come first: the agent swaps in the copies.
            out.insert(1, agent_option(recording)?);
            out.push(arg.clone());
            out.extend(rest.cloned());
            return Ok(Rewritten::Java(out));
        } else if WITH_VALUE.contains(&arg.as_str()) {
            out.push(arg.clone());
            out.extend(rest.next().cloned());
        } else if arg.starts_with('-') {
            out.push(arg.clone());
        } else {
            if !found {
                out.push("-cp".into());
                out.push(format!("{classes}:{}", class_path_env.unwrap_or(".")));
            }
            out.push(arg.clone());
            out.extend(rest.cloned());
            return Ok(Rewritten::Java(out));
        }
    }
    Err("the `java` command names no main class".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rewritten(argv: &str, env: Option<&str>) -> Result<Rewritten, String> {
        let argv: Vec<String> = argv.split(' ').map(str::to_string).collect();
        let recording = Recording {
            classes: Path::new("/w/record/build/classes"),
            crashes: Path::new("/w/record/crashes"),
            methods: Path::new("/w/record/build/methods.tsv"),
            agent: Path::new("/w/record/build/agent.jar"),
            listener: Path::new("/w/record/build/listener.jar"),
            depth: 2,
            uncaught: false,
            max_crashes: 100,
        };
        rewrite(&argv, &recording, env, Some("-Xss2m"))
    }

    const PROPERTIES: &str = "-Ddsd.record.dir=/w/record/crashes -Ddsd.record.methods=/w/record/build/methods.tsv -Ddsd.record.depth=2 -Ddsd.record.uncaught=false -Ddsd.record.max=100";

    #[test]
    fn the_instrumented_classes_go_first_on_the_class_path() {
        let Ok(Rewritten::Java(args)) = rewritten("java -ea -cp out:lib/a.jar p.Main -cp x", None)
        else {
            panic!()
        };
        assert_eq!(
            args.join(" "),
            format!("java {PROPERTIES} -ea -cp /w/record/build/classes:/w/record/build/listener.jar:out:lib/a.jar p.Main -cp x")
        );
        let Ok(Rewritten::Java(args)) = rewritten(
            "/usr/bin/java --add-opens a/b=ALL-UNNAMED p.Main",
            Some("cp"),
        ) else {
            panic!()
        };
        assert_eq!(
            args.join(" "),
            format!("/usr/bin/java {PROPERTIES} --add-opens a/b=ALL-UNNAMED -cp /w/record/build/classes:/w/record/build/listener.jar:cp p.Main")
        );
    }

    #[test]
    fn other_commands_get_the_recorder_through_java_tool_options() {
        assert_eq!(
            rewritten("mvn -q test", None),
            Ok(Rewritten::Tool(format!(
                "-Xss2m -javaagent:/w/record/build/agent.jar=/w/record/build/classes {PROPERTIES}"
            )))
        );
    }

    #[test]
    fn a_jar_s_classes_are_swapped_for_their_copies_by_the_agent() {
        let Ok(Rewritten::Java(args)) = rewritten("java -Xmx1g -jar app.jar x", None) else {
            panic!()
        };
        assert_eq!(
            args.join(" "),
            format!("java -javaagent:/w/record/build/agent.jar=/w/record/build/classes {PROPERTIES} -Xmx1g -jar app.jar x")
        );
    }

    #[test]
    fn commands_dsd_cannot_record_are_refused_with_the_reason() {
        assert_eq!(
            rewritten("java -ea", None),
            Err("the `java` command names no main class".to_string())
        );
    }
}
