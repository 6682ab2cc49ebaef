//! The reference pages generated from dsd's own definitions, as ruff generates its options
//! and rules pages: `docs/options.md` from the command line's clap definitions
//! ([`crate::cli::Cli`]), `docs/kinds/` from the crash kinds' registry (`vcgen::kinds::ALL`,
//! rendered as `dsd rule` renders them) and the README's table of kinds.
//!
//! Nothing here reads or writes a file: `pipeline/tests/tidy.rs` compares the pages in the
//! repository with what these functions render, fails when one differs, and rewrites them
//! with `UPDATE_DOCS=1 cargo test -p pipeline --test tidy`.

use crate::report::rules;
use clap::{Arg, ArgAction, Command, CommandFactory};
use vcgen::kinds::{self, Kind};

/// The command that regenerates every generated page.
pub const REGENERATE: &str = "UPDATE_DOCS=1 cargo test -p pipeline --test tidy";

/// The path of the options page, from the workspace root.
pub const OPTIONS_PAGE: &str = "docs/options.md";

/// The folder of the crash kinds' pages, from the workspace root.
pub const KINDS_DIR: &str = "docs/kinds";

/// The line before the README's table of kinds.
pub const README_TABLE_BEGIN: &str =
    "<!-- crash kinds: generated from vcgen/src/kinds/; `UPDATE_DOCS=1 cargo test -p pipeline --test tidy` rewrites it -->\n";

/// The line after the README's table of kinds.
pub const README_TABLE_END: &str = "<!-- end of crash kinds -->\n";

/// Every generated page: its path from the workspace root and its text.
pub fn pages() -> Vec<(String, String)> {
    let mut pages = vec![
        (OPTIONS_PAGE.to_string(), options_page()),
        (format!("{KINDS_DIR}/README.md"), kinds_index()),
    ];
    for kind in kinds::ALL {
        pages.push((kind_page_path(kind), kind_page(kind)));
    }
    pages
}

/// The path of a kind's page, from the workspace root: `docs/kinds/ArithmeticException.md`.
pub fn kind_page_path(kind: &Kind) -> String {
    format!("{KINDS_DIR}/{}.md", kind.name())
}

/// The first line of every generated page: where it comes from and how to regenerate it.
fn generated_from(source: &str) -> String {
    format!(
        "<!-- Generated from {source} by `{REGENERATE}`; edit the source, not this page. -->\n\n"
    )
}

/// A kind's page: what `dsd rule KIND` prints, then the fixture that shows the kind end
/// to end.
pub fn kind_page(kind: &Kind) -> String {
    format!(
        "{}{}\n## Fixture\n[`{fixture}`](../../{fixture}) has a line that expects this kind \
         (`// expect {name}` or `// note {name}`); `vcgen/src/kinds/tests.rs` checks that it \
         does, and the end-to-end tests (`cargo test -p dsd-tests --test fixtures`) that dsd \
         reports it there.\n\n\
         See also: [every crash kind](README.md), `dsd rule {name}`.\n",
        generated_from("vcgen/src/kinds/"),
        rules::page(kind),
        name = kind.name(),
        fixture = kind.fixture(),
    )
}

/// The table of the kinds, one row each in the registry's order, each name linked to its
/// page under `link_prefix` (`docs/kinds/` from the README, empty from `docs/kinds/`).
pub fn kinds_table(link_prefix: &str) -> String {
    let mut out = String::from("| Kind | Crash | What it does |\n|---|---|---|\n");
    for kind in kinds::ALL {
        out.push_str(&format!(
            "| [`{name}`]({link_prefix}{name}.md) | {} | {} |\n",
            kind.summary(),
            kind.what().replace('|', "\\|"),
            name = kind.name(),
        ));
    }
    out
}

/// The index of the kinds' pages.
pub fn kinds_index() -> String {
    format!(
        "{}# Crash kinds\n\n\
         A kind is an operation vcgen checks itself (integer division, array access, \
         dereference, cast, array creation and store, `assert`, run with `-ea`) or the crash \
         of a JDK call the JDK model throws when its contract is broken. Each kind is one file \
         of `vcgen/src/kinds/`; these pages, the SARIF rules' help and `dsd rule KIND` \
         (`dsd rule --all` for every kind, `--format json` as JSON) are rendered from it. \
         `--ignore KIND`, `ignore` in `dsd.toml` and `dsd:KIND` suppressions name these kinds \
         by the exception's simple name, in any case.\n\n{}",
        generated_from("vcgen/src/kinds/"),
        kinds_table("")
    )
}

/// The options page: every command of `dsd` with its usage and its arguments, from the
/// clap definitions `dsd --help` prints.
pub fn options_page() -> String {
    let mut cli = crate::cli::Cli::command();
    cli.build();
    let mut out = generated_from("the clap definitions of `pipeline::cli::Cli`");
    out.push_str(
        "# Command-line options\n\n\
         Every command of `dsd` and its arguments, as `dsd COMMAND --help` prints them. \
         `dsd check` takes its settings from `dsd.toml` too ([configuration](configuration.md)); \
         an option given on the command line replaces the file's value.\n\n",
    );
    out.push_str("## Commands\n\n");
    for sub in visible_subcommands(&cli) {
        out.push_str(&format!(
            "- [`dsd {}`](#dsd-{}): {}\n",
            sub.get_name(),
            sub.get_name(),
            one_line(&about(sub))
        ));
    }
    out.push_str("\n## Options of every command\n\n");
    out.push_str(&format!(
        "{}\n\n```text\n{}\n```\n\n",
        about(&cli),
        usage(&mut cli.clone())
    ));
    for arg in documented_args(&cli, true) {
        out.push_str(&arg_entry(arg));
    }
    for sub in visible_subcommands(&cli) {
        out.push_str(&format!(
            "\n## dsd {}\n\n{}\n\n```text\n{}\n```\n\n",
            sub.get_name(),
            about(sub),
            usage(&mut sub.clone())
        ));
        let args = documented_args(sub, false);
        if args.is_empty() {
            out.push_str("No arguments besides the options of every command.\n");
        }
        for arg in args {
            out.push_str(&arg_entry(arg));
        }
    }
    out
}

/// The subcommands `dsd --help` lists: not the hidden ones, nor clap's `help`.
pub fn visible_subcommands(cli: &Command) -> Vec<&Command> {
    cli.get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
        .collect()
}

/// The arguments of `command` the page lists: the global ones (`global`) or the command's
/// own; never clap's `--help` and `--version`, nor hidden ones.
pub fn documented_args(command: &Command, global: bool) -> Vec<&Arg> {
    command
        .get_arguments()
        .filter(|a| !a.is_hide_set())
        .filter(|a| !matches!(a.get_action(), ArgAction::Help | ArgAction::HelpLong))
        .filter(|a| !matches!(a.get_action(), ArgAction::Version))
        .filter(|a| a.is_global_set() == global)
        .collect()
}

/// A command's description, as its `--help` starts.
fn about(command: &Command) -> String {
    command
        .get_long_about()
        .or(command.get_about())
        .map(|s| s.to_string())
        .unwrap_or_default()
}

/// A command's usage line, without clap's `Usage: `.
fn usage(command: &mut Command) -> String {
    let usage = command.render_usage().to_string();
    usage.trim_start_matches("Usage: ").trim().to_string()
}

/// Text on one line, for a list item.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// How `--help` names an argument: `-o, --output <FILE>`, `--tests [<TEST_SRC>...]`,
/// `[SRC]...`.
pub fn arg_head(arg: &Arg) -> String {
    let name = arg.get_value_names().map_or_else(
        || arg.get_id().as_str().to_uppercase(),
        |names| {
            names
                .iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        },
    );
    let (min, max) = arg
        .get_num_args()
        .map_or((1, 1), |n| (n.min_values(), n.max_values()));
    if arg.is_positional() {
        let dots = if matches!(arg.get_action(), ArgAction::Append) || max > 1 {
            "..."
        } else {
            ""
        };
        return if arg.is_required_set() {
            format!("<{name}>{dots}")
        } else {
            format!("[{name}]{dots}")
        };
    }
    let mut head = match (arg.get_short(), arg.get_long()) {
        (Some(short), Some(long)) => format!("-{short}, --{long}"),
        (Some(short), None) => format!("-{short}"),
        (None, Some(long)) => format!("--{long}"),
        (None, None) => name.clone(),
    };
    if arg.get_action().takes_values() {
        let dots = if max > 1 { "..." } else { "" };
        if min == 0 {
            head.push_str(&format!(" [<{name}>{dots}]"));
        } else {
            head.push_str(&format!(" <{name}>{dots}"));
        }
    }
    head
}

/// One argument of the page: its head and help on one line with its default, then the
/// values it takes.
fn arg_entry(arg: &Arg) -> String {
    let help = arg
        .get_long_help()
        .or(arg.get_help())
        .map(|s| one_line(&s.to_string()))
        .unwrap_or_default();
    let mut out = format!("- `{}`: {help}", arg_head(arg));
    if !out.ends_with('.') {
        out.push('.');
    }
    let defaults: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|d| d.to_string_lossy().into_owned())
        .collect();
    if !defaults.is_empty() && arg.get_action().takes_values() {
        out.push_str(&format!(" Default: `{}`.", defaults.join(" ")));
    }
    out.push('\n');
    if arg.get_value_parser().possible_values().is_some() {
        for value in arg
            .get_possible_values()
            .iter()
            .filter(|v| !v.is_hide_set())
        {
            match value.get_help() {
                Some(help) => out.push_str(&format!(
                    "  - `{}`: {}\n",
                    value.get_name(),
                    one_line(&help.to_string())
                )),
                None => out.push_str(&format!("  - `{}`\n", value.get_name())),
            }
        }
    }
    out
}
