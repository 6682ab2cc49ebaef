//! The HTML report in a real browser: `dsd check --format html` on the example project,
//! the page opened in headless Chromium (Debian's `chromium`, which `.ci/install`
//! installs), its rendered DOM read back and a screenshot taken.

use dsd_tests::{dsd, root, work_dir};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The browser: `$DSD_CHROMIUM`, else `chromium` on the path.
fn chromium() -> String {
    std::env::var("DSD_CHROMIUM").unwrap_or_else(|_| "chromium".into())
}

/// Runs headless Chromium on `url` with `args` before it; its stdout. Fails, saying how to
/// install it, when there is no Chromium.
#[track_caller]
fn browse(args: &[&str], url: &str) -> String {
    let browser = chromium();
    let out = Command::new(&browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--virtual-time-budget=5000",
        ])
        .args(args)
        .arg(url)
        .output()
        .unwrap_or_else(|e| {
            panic!(
                "cannot run {browser} ({e}): this test opens the HTML report in a real browser; \
                 install Debian's chromium (`apt-get install chromium`, as .ci/install does) or \
                 name one with DSD_CHROMIUM"
            )
        });
    assert!(
        out.status.success(),
        "{browser} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The page's DOM once its script has run, opened at `hash`.
#[track_caller]
fn dom(page: &Path, hash: &str) -> String {
    let dom = browse(&["--dump-dom"], &format!("file://{}{hash}", page.display()));
    assert!(
        dom.contains("data-ready=\"1\""),
        "the script ran to its end at {hash}:\n{dom}"
    );
    dom
}

/// How many findings the list shows, as the page's body says.
#[track_caller]
fn shown(dom: &str) -> usize {
    let at = dom
        .find("data-shown=\"")
        .expect("the body says how many are shown")
        + 12;
    dom[at..dom[at..].find('"').map(|e| at + e).unwrap()]
        .parse()
        .unwrap()
}

/// Text as the DOM dump writes it in an element.
fn in_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// `dsd ARGS`, in-process; its exit status.
#[track_caller]
fn run(args: &[&str]) -> i32 {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    dsd(&args).unwrap_or_else(|e| panic!("dsd {args:?} failed: {e}"))
}

#[test]
fn the_html_report_renders_in_a_browser() {
    let work = work_dir("html");
    let work_text = work.display().to_string();
    let src = root().join("examples/inventory/src/main/java");
    let page: PathBuf = work.join("report.html");
    let page_text = page.display().to_string();
    let status = run(&[
        "--work-dir",
        &work_text,
        "check",
        &src.display().to_string(),
        "--format",
        "html",
        "-o",
        &page_text,
    ]);
    assert_eq!(status, 1, "errors were found");
    // The same run's JSON report and page again, from the work directory alone.
    let json_path = work.join("again.json");
    let again = work.join("again.html");
    for (format, out) in [("json", &json_path), ("html", &again)] {
        let status = run(&[
            "report",
            &work_text,
            "--format",
            format,
            "-o",
            &out.display().to_string(),
        ]);
        assert_eq!(status, 1, "dsd report exits as dsd check did");
    }
    assert_eq!(
        std::fs::read_to_string(&again).unwrap(),
        std::fs::read_to_string(&page).unwrap(),
        "dsd report writes the page dsd check wrote"
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json_path).unwrap()).unwrap();
    let findings = report["findings"].as_array().expect("findings");
    let errors = report["summary"]["errors"].as_u64().unwrap() as usize;
    let notes = report["summary"]["notes"].as_u64().unwrap() as usize;
    assert!(errors > 0 && notes > 0, "{report}");

    let whole = dom(&page, "");
    assert!(
        whole.contains(&format!("id=\"count-errors\">{errors}<")),
        "the error count"
    );
    assert!(
        whole.contains(&format!("id=\"count-notes\">{notes}<")),
        "the note count"
    );
    assert_eq!(shown(&whole), findings.len(), "every finding is listed");
    assert!(
        whole.contains("ArithmeticException"),
        "the kinds are listed"
    );

    let only_notes = dom(&page, "#level=note");
    assert_eq!(shown(&only_notes), notes, "the level filter from the hash");
    // Stock.average() divides by zero; Labels.shelvesFor(int, int) too.
    let filtered = dom(&page, "#kind=ArithmeticException&q=average");
    assert_eq!(shown(&filtered), 1, "kind and text filters together");

    // One finding opened by its link: its source with the failing line marked, its test.
    let first = &findings[0];
    let anchor = format!("f-{}", first["fingerprint"].as_str().unwrap());
    let opened = dom(&page, &format!("#{anchor}"));
    let row_start = opened
        .find(&format!("id=\"{anchor}\""))
        .expect("the finding's row");
    let row = &opened[row_start..];
    // To the next finding's row, or the list's end.
    let end = [row.find("<details class=\"finding"), row.find("</section>")]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(row.len());
    let row = &row[..end];
    assert!(row.contains(" open=\"\""), "the link opens it");
    assert!(row.contains("class=\"l hit\""), "the site's line is marked");
    assert!(row.contains("<mark"), "the failing operation is marked");
    let source_line = first["source_line"].as_str().unwrap().trim();
    let marked = row.replace("<mark title=", "").replace("</mark>", "");
    let words: Vec<&str> = source_line.split(['(', ')', '.', ' ']).collect();
    for word in words.iter().filter(|w| w.len() > 3) {
        assert!(
            marked.contains(&in_html(word)),
            "the source line's `{word}` is shown"
        );
    }
    let test_file = first["test"]["file"].as_str().unwrap();
    let test_line = first["test"]["line"].as_u64().unwrap() as usize;
    let test_text = std::fs::read_to_string(test_file).unwrap();
    let call = test_text.lines().nth(test_line).unwrap().trim();
    assert!(
        row.contains(&in_html(call)),
        "the test's call `{call}` is shown"
    );
    assert!(
        row.contains(first["test"]["method"].as_str().unwrap()),
        "the test's name"
    );
    assert!(row.contains("dsd:ignore["), "the suppression comment");
    let jumps: Vec<&str> = row
        .split("data-jump=\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .collect();
    assert!(!jumps.is_empty(), "the stack links to its frames' sources");
    for jump in jumps {
        assert!(
            row.contains(&format!("id=\"{jump}\"")),
            "the frame {jump} is shown"
        );
    }

    let shot = work.join("report.png");
    let shot_arg = format!("--screenshot={}", shot.display());
    browse(
        &[&shot_arg, "--window-size=1280,2000"],
        &format!("file://{}", page.display()),
    );
    let size = std::fs::metadata(&shot).map(|m| m.len()).unwrap_or(0);
    assert!(
        size > 20_000,
        "a screenshot with content, not a blank page: {size} bytes at {}",
        shot.display()
    );
}
