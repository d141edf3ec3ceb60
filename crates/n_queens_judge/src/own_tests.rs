//! A learner's own tests in an exercise file, run as the judge's paste is:
//! compiled with `rustc --test` from the text after the solution line, each
//! test in a process of its own, in an empty folder with an empty
//! environment ([`crate::judge`]).

use std::path::Path;
use std::time::Instant;

use crate::judge::{Place, RUN_LIMIT, Refused, compile, empty_folder, exercise_text, harness_prefix, run_as_the_judge};

/// A test of the learner's own in an exercise file that fails: its name
/// (`my_tests::four`), its panic's message and place in the file.
#[derive(Debug, PartialEq, Eq)]
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
/// first failure otherwise. A test passes when libtest says so, not when it
/// ends the process first (`std::process::exit(0)`). A failure is read from
/// what Rust's panic hook prints (`thread 'NAME' panicked at PLACE:`).
pub fn run(source: &str, shown: &str, dir: &Path, name: &str) -> Result<bool, OwnTestFailed> {
    let failed = |name: &str, message: String| OwnTestFailed { name: name.to_string(), message, place: None };
    let all = "(your tests)";
    let Some(pasted) = exercise_text(source).filter(|pasted| pasted.contains("#[test]")) else { return Ok(false) };
    let program = harness_prefix(pasted);
    let place = Place { shown, source, pasted };
    let binary = compile(&program, "2021", dir, name, true).map_err(|error| match error {
        Refused::Compiler(stderr) => failed(all, format!("they do not compile: {}", place.first_error(&stderr))),
        Refused::Other(error) => failed(all, error),
    })?;
    let folder = empty_folder(dir, name).map_err(|error| failed(all, error))?;
    let started = Instant::now();
    let run = |args: &[&str]| {
        let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
        let left = RUN_LIMIT.saturating_sub(started.elapsed());
        run_as_the_judge(&binary, &args, &folder, &[("RUST_BACKTRACE", "0")], left)
    };
    let listed = run(&["--list", "--format", "terse"]).map_err(|error| failed(all, error))?;
    let listed = String::from_utf8_lossy(&listed.output.stdout).into_owned();
    for test in listed.lines().filter_map(|line| line.strip_suffix(": test")) {
        let ran = run(&["--exact", test, "--test-threads=1", "--nocapture"]).map_err(|error| failed(test, error))?;
        let stdout = String::from_utf8_lossy(&ran.output.stdout);
        if ran.output.status.success() && stdout.lines().any(|line| line.starts_with("test result: ok.")) {
            continue;
        }
        if ran.timed_out {
            return Err(failed(
                test,
                format!("still running after {} s, all your tests together", RUN_LIMIT.as_secs()),
            ));
        }
        let stderr = String::from_utf8_lossy(&ran.output.stderr);
        return Err(own_test_failure(test, &stderr, ran.output.status.code(), &place));
    }
    Ok(true)
}

/// How the own test `test` failed, from its process's standard error and
/// exit code: its panic, or how it ended the process.
fn own_test_failure(test: &str, stderr: &str, code: Option<i32>, place: &Place) -> OwnTestFailed {
    let mut lines = stderr.lines().skip_while(|line| !(line.starts_with("thread '") && line.contains(" panicked at ")));
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
    let place = line.map(|line| format!("{}:{column}", place.line(line))).filter(|at| at.starts_with(place.shown));
    let message: Vec<&str> =
        lines.take_while(|line| !line.starts_with("note: ") && !line.starts_with("thread '")).collect();
    OwnTestFailed { name: test.to_string(), message: message.join("\n").trim().to_string(), place }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::exercise;

    /// A failing test is named at its line. A test that ends the process
    /// with `exit(0)` has not passed, and the tests after it still run: a
    /// pass needs libtest's word for each.
    #[test]
    fn an_own_failing_test_is_named_at_its_line_and_one_that_exits_is_no_pass() {
        let dir = std::env::temp_dir().join(format!("n_queens_judge_own_{}", std::process::id()));
        let answer = "impl Solution {}\n\n#[cfg(test)]\nmod my_tests {\n    #[test]\n    fn fine() {}\n\n    \
                      #[test]\n    fn four() {\n        assert_eq!(2, 3, \"four\");\n    }\n}";
        let failed = run(&exercise(answer), "ex/b.rs", &dir, "own").unwrap_err();
        assert_eq!(failed.name, "my_tests::four");
        assert_eq!(failed.place.as_deref(), Some("ex/b.rs:14:9"));
        assert!(failed.message.starts_with("assertion `left == right` failed: four"), "{failed:?}");
        assert_eq!(run(&exercise("impl Solution {}"), "ex/b.rs", &dir, "own"), Ok(false));
        let tests = |first: &str, second: &str| {
            format!(
                "impl Solution {{}}\n\n#[cfg(test)]\nmod my_tests {{\n    #[test]\n    fn a() {{ {first} }}\n\n    \
                 #[test]\n    fn b() {{ {second} }}\n}}"
            )
        };
        let failed = run(&exercise(&tests("std::process::exit(0);", "")), "ex/b.rs", &dir, "own").unwrap_err();
        assert_eq!(failed.name, "my_tests::a");
        assert!(failed.message.contains("exit code 0") && failed.message.contains("std::process::exit"), "{failed:?}");
        let failed = run(&exercise(&tests("", "assert!(1 > 2);")), "ex/b.rs", &dir, "own").unwrap_err();
        assert_eq!(failed.name, "my_tests::b");
        assert_eq!(run(&exercise(&tests("", "")), "ex/b.rs", &dir, "own"), Ok(true));
        let _ = std::fs::remove_dir_all(dir);
    }
}
