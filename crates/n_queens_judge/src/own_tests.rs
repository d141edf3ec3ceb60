//! A learner's own tests in an exercise file, run as the paste is:
//! compiled with `rustc --test` from the text after the solution line, each
//! test in a process of its own, fenced, in an empty folder with an empty
//! environment ([`Runner::run`]).

use std::time::{Duration, Instant};

use crate::exercise_text;
use crate::program::{Place, REFUSED, prefix};
use crate::reading::visible;
use crate::runner::{Profile, Refused, Runner};

/// How long a learner's own tests may run, all together: one still
/// running is stuck in a loop.
pub const RUN_LIMIT: Duration = Duration::from_secs(60);

/// A test of the learner's own in an exercise file that fails: its name
/// (`my_tests::four`), its panic's message and place in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnTestFailed {
    /// The test's name, as the learner wrote it.
    pub name: String,
    /// The panic's message.
    pub message: String,
    /// Where it panicked in the learner's file, `exercises/bitmask.rs:40:9`.
    pub place: Option<String>,
}

/// The learner's own tests in an exercise (the file `shown` whose text is
/// `source`), each run in a process of its own, all under [`RUN_LIMIT`]:
/// `Ok(false)` when the file has none, `Ok(true)` when they all pass, the
/// first failure otherwise. A test passes when libtest says so and nothing
/// panicked, not when it ends the process first (`std::process::exit(0)`,
/// even after printing libtest's words itself). A failure is read from
/// what Rust's panic hook prints (`thread 'NAME' panicked at PLACE:`).
pub fn run(runner: &Runner, source: &str, shown: &str, name: &str) -> Result<bool, OwnTestFailed> {
    let failed = |name: &str, message: String| OwnTestFailed { name: name.to_string(), message, place: None };
    let all = "(your tests)";
    let Some(pasted) = exercise_text(source).filter(|pasted| pasted.contains("#[test]")) else { return Ok(false) };
    let place = Place { shown, source, pasted };
    let program = prefix(pasted, place.first());
    let binary = runner.compile(&program, name, "2021", Profile::Tests, &mut |_| {}).map_err(|error| match error {
        Refused::Compiler(stderr) => {
            failed(all, format!("they do not compile: {}", visible(&place.first_error(&stderr))))
        }
        other => failed(all, other.limit().unwrap_or_default()),
    })?;
    let started = Instant::now();
    let run = |args: &[&str]| {
        let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
        let left = RUN_LIMIT.saturating_sub(started.elapsed());
        runner.run(&binary, &args, &[("RUST_BACKTRACE", "0")], left)
    };
    let listed = run(&["--list", "--format", "terse"]).map_err(|error| failed(all, error))?;
    let listed = String::from_utf8_lossy(&listed.output.stdout).into_owned();
    for test in listed.lines().filter_map(|line| line.strip_suffix(": test")) {
        let ran = run(&["--exact", test, "--test-threads=1", "--nocapture"]).map_err(|error| failed(test, error))?;
        let stdout = String::from_utf8_lossy(&ran.output.stdout);
        let stderr = String::from_utf8_lossy(&ran.output.stderr);
        let said_ok = stdout.lines().any(|line| line.starts_with("test result: ok."));
        if ran.output.status.success() && said_ok && !panicked(&stderr) {
            continue;
        }
        if ran.timed_out {
            return Err(failed(
                test,
                format!("still running after {} s, all your tests together", RUN_LIMIT.as_secs()),
            ));
        }
        return Err(own_test_failure(test, &stderr, ran.output.status.code(), &place));
    }
    Ok(true)
}

/// Whether `line` is the first of a panic, as Rust's panic hook prints it.
fn is_panic(line: &str) -> bool {
    line.starts_with("thread '") && line.contains(" panicked at ")
}

/// Whether a panic is said in `stderr`.
fn panicked(stderr: &str) -> bool {
    stderr.lines().any(is_panic)
}

/// How the own test `test` failed, from its process's standard error and
/// exit code: its panic, or how it ended the process; and what the fence
/// refused it, if anything. What the test printed is shown, not obeyed.
fn own_test_failure(test: &str, stderr: &str, code: Option<i32>, place: &Place) -> OwnTestFailed {
    let mut failed = told(test, stderr, code, place);
    let refused = crate::session::refused_in(stderr, &failed.message).map_or(String::new(), |said| format!(" {said}"));
    failed.message = format!("{}{refused}", visible(&failed.message));
    failed
}

/// [`own_test_failure`] before the refusals and the control characters.
fn told(test: &str, stderr: &str, code: Option<i32>, place: &Place) -> OwnTestFailed {
    let stderr: String = stderr.lines().filter(|line| !line.starts_with(REFUSED)).collect::<Vec<_>>().join("\n");
    let mut lines = stderr.lines().skip_while(|line| !is_panic(line));
    let Some(panicked) = lines.next() else {
        let ended = match code {
            Some(code) => format!("exit code {code}"),
            None => "a signal".to_string(),
        };
        let last = stderr.lines().rev().map(str::trim).find(|line| !line.is_empty());
        let said = last.map_or(String::new(), |line| format!(" Its last words: {line}"));
        let message = format!(
            "it ended the test process ({ended}) before the test could pass: does it call \
             `std::process::exit`?{said}"
        );
        return OwnTestFailed { name: test.to_string(), message, place: None };
    };
    let at = panicked.rsplit_once(" panicked at ").map(|(_, at)| at.trim_end_matches(':')).unwrap_or_default();
    let line = at.rsplit(':').nth(1).and_then(|line| line.parse().ok());
    let column = at.rsplit(':').next().unwrap_or_default();
    let column = column.parse().unwrap_or(1);
    let place = line.and_then(|line| place.at((line, column)));
    let message: Vec<&str> =
        lines.take_while(|line| !line.starts_with("note: ") && !line.starts_with("thread '")).collect();
    OwnTestFailed { name: test.to_string(), message: message.join("\n").trim().to_string(), place }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An exercise file whose answer is `answer`.
    fn exercise(answer: &str) -> String {
        format!("//! Header.\n\npub struct Solution;\n\n{answer}\n")
    }

    /// A failing test is named at its line. A test that ends the process
    /// with `exit(0)` has not passed, and the tests after it still run: a
    /// pass needs libtest's word for each.
    #[test]
    fn an_own_failing_test_is_named_at_its_line_and_one_that_exits_is_no_pass() {
        let runner = Runner::trusted().unwrap();
        let answer = "impl Solution {}\n\n#[cfg(test)]\nmod my_tests {\n    #[test]\n    fn fine() {}\n\n    \
                      #[test]\n    fn four() {\n        assert_eq!(2, 3, \"four\");\n    }\n}";
        let failed = run(&runner, &exercise(answer), "ex/b.rs", "own").unwrap_err();
        assert_eq!(failed.name, "my_tests::four");
        assert_eq!(failed.place.as_deref(), Some("ex/b.rs:14:9"));
        assert!(failed.message.starts_with("assertion `left == right` failed: four"), "{failed:?}");
        assert_eq!(run(&runner, &exercise("impl Solution {}"), "ex/b.rs", "own"), Ok(false));
        let tests = |first: &str, second: &str| {
            format!(
                "impl Solution {{}}\n\n#[cfg(test)]\nmod my_tests {{\n    #[test]\n    fn a() {{ {first} }}\n\n    \
                 #[test]\n    fn b() {{ {second} }}\n}}"
            )
        };
        let failed = run(&runner, &exercise(&tests("std::process::exit(0);", "")), "ex/b.rs", "own").unwrap_err();
        assert_eq!(failed.name, "my_tests::a");
        assert!(failed.message.contains("exit code 0") && failed.message.contains("std::process::exit"), "{failed:?}");
        let failed = run(&runner, &exercise(&tests("", "assert!(1 > 2);")), "ex/b.rs", "own").unwrap_err();
        assert_eq!(failed.name, "my_tests::b");
        assert_eq!(run(&runner, &exercise(&tests("", "")), "ex/b.rs", "own"), Ok(true));
    }
}
