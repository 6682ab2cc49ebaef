//! `dsd reproduce --tests`: whether the kept test enters the trace's frames as the project's
//! tests do ([`invariants::usage`]); if not, the outermost frame it enters outside that usage
//! and the caller that must have passed what the project's own code never passes (STAR's
//! lesson: a crash deep down is often a caller's illegal argument).

use super::frames::Located;
use super::output::{FrameReport, Report, TestFile, UsageReport};
use crate::cli::ReproduceArgs;
use crate::error::Failure;
use invariants::toolchain::Flavour;
use invariants::usage::Usage;
use std::path::{Path, PathBuf};

/// Runs the kept `test` on the project the infer stage instrumented and fills in `report`
/// how it entered each frame it reproduced (`located` in the program) and the verdict.
pub(super) fn judge(
    report: &mut Report,
    located: &[Located],
    (sources, args): (&[PathBuf], &ReproduceArgs),
    (work, jdk): (&Path, &invariants::toolchain::Jdk),
    junit: Flavour,
    test: &TestFile,
) -> Result<(), Failure> {
    let classpath = crate::cli::classpath_entries(args.classpath.as_deref())?;
    let dir = super::output::reproduce_dir(work);
    let run = invariants::usage::UsageRun {
        work_dir: work,
        jdk,
        dir: &dir,
        classes: std::slice::from_ref(&test.class),
        junit,
        sources,
        tests: &args.tests,
        classpath: &classpath,
        timeout: args.test_timeout,
    };
    let judged = match invariants::usage::check_usage(&run) {
        Ok(judged) => judged,
        Err(e) => {
            report.usage = Some(UsageReport {
                within: None,
                frame: None,
                caller: None,
                message: format!("the usage check could not run: {e}"),
            });
            return Ok(());
        }
    };
    let reached = report.reached;
    for (frame, located) in report.frames.iter_mut().zip(located).take(reached) {
        if let Located::Method {
            key: (class, name, descriptor),
            ..
        } = located
        {
            let usage = judged.get(&format!("{class}.{name}{descriptor}"));
            frame.usage = usage.cloned();
        }
    }
    report.usage = Some(verdict(&report.frames[..reached], &report.frames));
    Ok(())
}

/// The verdict over the reproduced frames `reproduced` of the trace's `frames`.
fn verdict(reproduced: &[FrameReport], frames: &[FrameReport]) -> UsageReport {
    let outside = reproduced.iter().rev().find_map(|f| match &f.usage {
        Some(Usage::Outside { broken }) => Some((f, broken)),
        _ => None,
    });
    let Some((frame, broken)) = outside else {
        let unobserved: Vec<String> = reproduced
            .iter()
            .filter(|f| f.usage == Some(Usage::Unobserved))
            .map(|f| f.index.to_string())
            .collect();
        let mut message =
            "within usage: the test enters every frame as the project's tests do".to_string();
        if !unobserved.is_empty() {
            message.push_str(&format!(
                " (the tests call frame {} too rarely to show a usage)",
                unobserved.join(", ")
            ));
        }
        return UsageReport {
            within: Some(true),
            frame: None,
            caller: None,
            message,
        };
    };
    let mut values: Vec<&str> = Vec::new();
    for value in broken.iter().flat_map(|b| &b.values) {
        if !values.contains(&value.as_str()) {
            values.push(value);
        }
    }
    let invariants: Vec<&str> = broken.iter().map(|b| b.invariant.as_str()).collect();
    let with = match values.is_empty() {
        true => String::new(),
        false => format!(" with {}", values.join(", ")),
    };
    let caller = frames.get(frame.index);
    let blame = match caller {
        Some(c) if c.project => format!("its caller, frame {} `{}`, passed it", c.index, c.frame),
        Some(c) => format!(
            "its caller, frame {} `{}` (not the project's), passed it",
            c.index, c.frame
        ),
        None => "its caller, beyond the trace's last frame, must have passed it".to_string(),
    };
    UsageReport {
        within: Some(false),
        frame: Some(frame.index),
        caller: caller.map(|c| c.index),
        message: format!(
            "outside usage: the crash needs frame {} `{}` entered{with}, which the project's \
             tests never do ({}); {blame}",
            frame.index,
            frame.frame,
            invariants.join(", ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reproduce::output::Status;
    use invariants::usage::Broken;

    fn frame(index: usize, project: bool, usage: Option<Usage>) -> FrameReport {
        FrameReport {
            index,
            frame: format!("a.C.m{index}(C.java:{index})"),
            project,
            callable: project,
            status: Status::Reproduced,
            mismatch: None,
            usage,
            tried: None,
        }
    }

    fn outside(invariant: &str, value: &str) -> Option<Usage> {
        Some(Usage::Outside {
            broken: vec![Broken {
                invariant: invariant.to_string(),
                values: vec![value.to_string()],
            }],
        })
    }

    #[test]
    fn the_outermost_frame_outside_usage_is_blamed_on_its_caller() {
        let frames = [
            frame(1, true, outside("parts >= 1", "parts == 0")),
            frame(2, true, outside("people >= 3", "people == 1")),
            frame(3, false, None),
        ];
        let usage = verdict(&frames[..2], &frames);
        assert_eq!(usage.within, Some(false));
        assert_eq!((usage.frame, usage.caller), (Some(2), Some(3)));
        assert!(
            usage.message.contains("with people == 1"),
            "{}",
            usage.message
        );
        assert!(
            usage.message.contains("(not the project's)"),
            "{}",
            usage.message
        );
        let usage = verdict(&frames[..1], &frames[..1]);
        assert_eq!((usage.frame, usage.caller), (Some(1), None));
        assert!(usage.message.contains("beyond the trace's last frame"));
    }

    #[test]
    fn frames_entered_as_the_tests_do_are_within_usage() {
        let frames = [
            frame(1, true, Some(Usage::Within)),
            frame(2, true, Some(Usage::Unobserved)),
        ];
        let usage = verdict(&frames, &frames);
        assert_eq!(usage.within, Some(true));
        assert!(
            usage.message.contains("frame 2 too rarely"),
            "{}",
            usage.message
        );
    }
}
