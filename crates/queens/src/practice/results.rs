//! Building an exercise's test target with cargo, running it, and reading
//! where it stands from what cargo and the test binary print.
//!
//! The test target of an exercise runs its cases one at a time
//! (`--test-threads=1`), in the order of their names, which is the order of
//! n (`case_1_n1` .. `case_9_n9`); so the first failing case is the smallest
//! failing n, and a crash (a stack overflow ends the whole test process)
//! happens in the last case that started.

use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;

use super::ladder::{Exercise, crate_name};

/// Where an exercise stands: the list view's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Its answer still holds the starting `todo!(`.
    NotStarted,
    /// Cargo could not build it; the first error, with its place.
    DoesNotCompile(String),
    /// A case of the judge's range fails: the smallest such `n`, and why.
    Failing {
        /// The smallest failing n.
        n: i32,
        /// What happened there, in one line.
        reason: String,
    },
    /// Every case passes, but the judge-paste test does not; why, in one line.
    Passing(String),
    /// Every case passes, and so does the judge-paste test.
    Pastes,
}

impl Status {
    /// The status in a few words, then a detail after a colon where there is one.
    pub fn describe(&self) -> String {
        match self {
            Status::NotStarted => "not started".to_string(),
            Status::DoesNotCompile(error) => format!("does not compile: {error}"),
            Status::Failing { n, reason } => format!("failing at n = {n}: {reason}"),
            Status::Passing(why) => format!("passing, but does not paste into the judge yet: {why}"),
            Status::Pastes => "passing, and pastes into the judge".to_string(),
        }
    }
}

/// What a run of cargo or of the test binary printed.
pub struct Printed {
    /// Whether it exited with success.
    pub success: bool,
    /// Its standard output: cargo's JSON messages, or the test binary's report.
    pub stdout: String,
    /// Its standard error: cargo's own messages and compile errors, or what
    /// the test process printed there (a stack overflow's message).
    pub stderr: String,
}

/// The part of the tests a run asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The cases of the judge's range, without the judge-paste test.
    Cases,
    /// The judge-paste test alone.
    Paste,
}

/// The cargo command, from the workspace root, that builds the problem
/// crate's `practice` test target around `exercise`'s file alone. Its JSON
/// messages on standard output name the test binary ([`test_binary`]);
/// compile errors are on standard error, as cargo renders them.
pub fn cargo_build(exercise: Exercise) -> Vec<String> {
    let package = crate_name(exercise.problem);
    let args = ["rustc", "-p", package, "--test", "practice", "--profile", "test"];
    let mut args: Vec<String> = args.iter().map(|arg| arg.to_string()).collect();
    args.extend(["--message-format", "json-render-diagnostics", "--", "--cfg"].map(String::from));
    args.push(exercise.cfg());
    args
}

/// The test binary that [`cargo_build`] made, from cargo's JSON messages.
pub fn test_binary(stdout: &str) -> Option<PathBuf> {
    stdout.lines().filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok()).find_map(|message| {
        let is_practice = message["target"]["name"] == "practice";
        message["executable"].as_str().filter(|_| is_practice).map(PathBuf::from)
    })
}

/// The test binary's arguments for `part` of the tests: one case at a time,
/// in the order of their names.
pub fn test_args(part: Part) -> Vec<String> {
    let filter: &[&str] = match part {
        Part::Cases => &["--skip", "judge_paste"],
        Part::Paste => &["judge_paste"],
    };
    filter.iter().chain(&["--test-threads=1"]).map(|arg| arg.to_string()).collect()
}

/// Runs `program` with `args` in `dir`. Every line is also handed to `echo`
/// as it comes (`true` for a line of standard error), so that a learner can
/// watch the build and the cases go by.
///
/// A `learner`'s program (the test binary, which runs their answer) runs in
/// a process group of its own, killed as soon as the program ends: a process
/// their answer started cannot outlive it, nor hold the pipes open. Cargo
/// stays in the terminal's group, so that Ctrl-C stops it.
pub fn run(
    program: &OsStr,
    args: &[String],
    dir: &Path,
    learner: bool,
    echo: &mut dyn FnMut(&str, bool),
) -> Result<Printed, String> {
    let mut command = Command::new(program);
    if learner {
        n_queens_facts::group::own_group(&mut command);
    }
    let mut child = command
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|error| format!("could not run {}: {error}", Path::new(program).display()))?;
    // Both pipes are read at once, each by a thread, into one channel, so
    // that neither fills up while the other is read.
    let (sender, receiver) = mpsc::channel();
    let readers = [
        forward(child.stdout.take().expect("piped"), false, sender.clone()),
        forward(child.stderr.take().expect("piped"), true, sender),
    ];
    // Waited for on a thread of its own: the pipes end when every process
    // holding them has ended, which for a learner's is when its group is killed.
    let waiter = thread::spawn(move || {
        let status = child.wait();
        if learner {
            n_queens_facts::group::end_group(child.id());
        }
        status
    });
    let (mut stdout, mut stderr) = (String::new(), String::new());
    for (line, is_stderr) in receiver {
        echo(&line, is_stderr);
        let text = if is_stderr { &mut stderr } else { &mut stdout };
        text.push_str(&line);
        text.push('\n');
    }
    for reader in readers {
        let _ = reader.join();
    }
    let status = waiter
        .join()
        .expect("the waiting thread does not panic")
        .map_err(|error| format!("waiting for {}: {error}", Path::new(program).display()))?;
    Ok(Printed { success: status.success(), stdout, stderr })
}

/// Sends every line of `pipe` into `sender`, marked with `is_stderr`.
fn forward(
    pipe: impl Read + Send + 'static,
    is_stderr: bool,
    sender: mpsc::Sender<(String, bool)>,
) -> thread::JoinHandle<()> {
    thread::spawn(move || {
        for line in BufReader::new(pipe).lines() {
            let Ok(line) = line else { break };
            if sender.send((line, is_stderr)).is_err() {
                break;
            }
        }
    })
}

/// One test's line of the report: `test bitmask::counts::case_4_n4 ... ok`.
struct TestLine<'a> {
    /// The test's name.
    name: &'a str,
    /// `Some(true)` for ok, `Some(false)` for FAILED, `None` when the line
    /// has no result: the process died while this test ran.
    passed: Option<bool>,
}

/// The test lines of a report.
fn test_lines(stdout: &str) -> Vec<TestLine<'_>> {
    stdout
        .lines()
        .filter_map(|line| line.strip_prefix("test "))
        .filter_map(|rest| {
            let (name, result) = rest.split_once(" ... ")?;
            let passed = match result.trim() {
                "ok" => Some(true),
                "FAILED" => Some(false),
                "ignored" => return None,
                _ => None,
            };
            Some(TestLine { name, passed })
        })
        .collect()
}

/// The `n` of a case's test name: `bitmask::counts::case_4_n4` is 4.
fn case_n(name: &str) -> Option<i32> {
    name.rsplit_once("_n")?.1.parse().ok()
}

/// Where the cases stand, from a [`Part::Cases`] run: `Ok(())` when all of
/// them pass, otherwise the [`Status`] that says why not.
pub fn cases_status(printed: &Printed) -> Result<(), Status> {
    let lines = test_lines(&printed.stdout);
    if lines.is_empty() && !printed.success {
        return Err(Status::DoesNotCompile(first_error(&printed.stderr)));
    }
    for line in &lines {
        let n = case_n(line.name).unwrap_or(0);
        match line.passed {
            Some(true) => {}
            Some(false) => return Err(Status::Failing { n, reason: failure_reason(&printed.stdout, line.name) }),
            None => return Err(Status::Failing { n, reason: crash_reason(&printed.stderr) }),
        }
    }
    if !printed.success || lines.is_empty() {
        // The report itself is missing or cut short.
        return Err(Status::Failing { n: 1, reason: crash_reason(&printed.stderr) });
    }
    Ok(())
}

/// Where an exercise stands once its cases pass, from a [`Part::Paste`] run.
pub fn paste_status(printed: &Printed) -> Status {
    let lines = test_lines(&printed.stdout);
    match lines.iter().find(|line| line.passed != Some(true)) {
        None if printed.success && !lines.is_empty() => Status::Pastes,
        Some(line) => Status::Passing(failure_reason(&printed.stdout, line.name)),
        None => Status::Passing(crash_reason(&printed.stderr)),
    }
}

/// The first compile error in cargo's output, with the line that says where.
fn first_error(stderr: &str) -> String {
    let lines: Vec<&str> = stderr.lines().collect();
    let Some(index) = lines.iter().position(|line| line.starts_with("error")) else {
        return lines.last().copied().unwrap_or("cargo failed without a message").trim().to_string();
    };
    let place = lines[index + 1..].iter().find_map(|line| line.trim_start().strip_prefix("--> "));
    match place {
        Some(place) => format!("{} (at {})", lines[index], without_dot_dot(place)),
        None => lines[index].to_string(),
    }
}

/// `a/tests/practice/./../../exercises/b.rs` as `a/exercises/b.rs`: the
/// test target includes the exercise by a relative path, and the compiler
/// reports it that way.
fn without_dot_dot(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "." => {}
            ".." if parts.last().is_some_and(|last| *last != "..") => {
                parts.pop();
            }
            _ => parts.push(part),
        }
    }
    parts.join("/")
}

/// Why the test `name` failed, in one line, from the report's failures
/// section: the panic's first line of message, without the assertion's own
/// preamble (which the full output of `queens practice test` still shows).
fn failure_reason(stdout: &str, name: &str) -> String {
    let marker = format!("---- {name} stdout ----");
    let Some(start) = stdout.find(&marker) else {
        return "see `cargo run --release -- practice test`".to_string();
    };
    let section = &stdout[start + marker.len()..];
    let mut lines = section.lines();
    // The message follows the `thread '...' panicked at FILE:LINE:COLUMN:` line.
    if lines.by_ref().any(|line| line.starts_with("thread ") && line.contains(" panicked at ")) {
        if let Some(message) = lines.next() {
            let message = message.trim();
            let message = message.strip_prefix("assertion failed: `(left == right)`").unwrap_or(message);
            let message = message.trim_start_matches(':').trim();
            // The deadline's messages start with `exercise bitmask, n = 5: `, said already.
            let message = match message.strip_prefix("exercise ") {
                Some(rest) => rest.split_once(": ").map_or(message, |(_, after)| after),
                None => message,
            };
            return message.to_string();
        }
    }
    "see `cargo run --release -- practice test`".to_string()
}

/// Why the test process died, from what it printed to standard error.
fn crash_reason(stderr: &str) -> String {
    if stderr.contains("has overflowed its stack") {
        return "the test process crashed: stack overflow (a recursion that never reaches its base case?)".to_string();
    }
    let last = stderr.lines().rev().map(str::trim).find(|line| !line.is_empty()).unwrap_or("no message");
    format!("the test process crashed: {last}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn printed(success: bool, stdout: &str, stderr: &str) -> Printed {
        Printed { success, stdout: stdout.to_string(), stderr: stderr.to_string() }
    }

    #[test]
    fn all_cases_pass() {
        let report = "running 9 tests\ntest bitmask::counts::case_1_n1 ... ok\ntest bitmask::counts::case_2_n2 ... ok\n\
                      test result: ok. 9 passed; 0 failed; 0 ignored; 0 measured; 2 filtered out\n";
        assert_eq!(cases_status(&printed(true, report, "")), Ok(()));
    }

    #[test]
    fn the_smallest_failing_n_and_its_message() {
        let report = "running 9 tests\n\
            test bitmask::counts::case_1_n1 ... ok\n\
            test bitmask::counts::case_2_n2 ... ok\n\
            test bitmask::counts::case_3_n3 ... ok\n\
            test bitmask::counts::case_4_n4 ... FAILED\n\
            test bitmask::counts::case_5_n5 ... FAILED\n\n\
            failures:\n\n\
            ---- bitmask::counts::case_4_n4 stdout ----\n\n\
            thread 'bitmask::counts::case_4_n4' (77) panicked at crates/n_queens_ii/tests/practice/cases.rs:38:17:\n\
            assertion failed: `(left == right)`: n = 4: returned 0, expected 2\n\n\
            Diff < left / > right :\n<0\n>2\n\n\
            ---- bitmask::counts::case_5_n5 stdout ----\n";
        let status = cases_status(&printed(false, report, "error: test failed"));
        assert_eq!(status, Err(Status::Failing { n: 4, reason: "n = 4: returned 0, expected 2".to_string() }));
    }

    #[test]
    fn a_crash_is_reported_at_the_case_that_was_running() {
        let report = "running 9 tests\ntest bitmask::counts::case_1_n1 ... ok\ntest bitmask::counts::case_2_n2 ... \n";
        let stderr =
            "thread 'exercise bitmask, n = 2' (9) has overflowed its stack\nfatal runtime error: stack overflow";
        let Err(Status::Failing { n, reason }) = cases_status(&printed(false, report, stderr)) else {
            panic!("a crash is a failure");
        };
        assert_eq!(n, 2);
        assert!(reason.contains("stack overflow"), "{reason}");
    }

    #[test]
    fn a_compile_error_names_its_place() {
        let stderr = "   Compiling n_queens_ii v0.1.0\nerror[E0425]: cannot find value `fulll` in this scope\n  \
                      --> crates/n_queens_ii/tests/practice/./../../exercises/bitmask.rs:40:9\n   |\n";
        let status = cases_status(&printed(false, "", stderr));
        assert_eq!(
            status,
            Err(Status::DoesNotCompile(
                "error[E0425]: cannot find value `fulll` in this scope \
                 (at crates/n_queens_ii/exercises/bitmask.rs:40:9)"
                    .to_string()
            ))
        );
    }

    #[test]
    fn the_paste_test_decides_between_passing_and_pastes() {
        let ok = "running 2 tests\ntest bitmask::judge_paste::case_1_edition_2018 ... ok\n\
                  test bitmask::judge_paste::case_2_edition_2021 ... ok\n";
        assert_eq!(paste_status(&printed(true, ok, "")), Status::Pastes);
        let failed = "running 2 tests\ntest bitmask::judge_paste::case_1_edition_2018 ... FAILED\n\n\
                      ---- bitmask::judge_paste::case_1_edition_2018 stdout ----\n\n\
                      thread 'bitmask::judge_paste::case_1_edition_2018' (5) panicked at crates/x.rs:1:1:\n\
                      judge.rs does not compile with --edition 2018:\n";
        assert_eq!(
            paste_status(&printed(false, failed, "")),
            Status::Passing("judge.rs does not compile with --edition 2018:".to_string())
        );
    }

    #[test]
    fn the_cargo_command_names_the_package_target_and_exercise() {
        let exercise = Exercise { problem: crate::Problem::NQueens, step: super::super::ladder::Step::ThreeArrays };
        assert_eq!(
            cargo_build(exercise).join(" "),
            "rustc -p n_queens --test practice --profile test --message-format json-render-diagnostics \
             -- --cfg exercise=\"three_arrays\""
        );
        assert_eq!(test_args(Part::Cases).join(" "), "--skip judge_paste --test-threads=1");
        assert_eq!(test_args(Part::Paste).join(" "), "judge_paste --test-threads=1");
    }

    #[test]
    fn the_test_binary_is_the_practice_targets_executable() {
        let stdout = "{\"reason\":\"compiler-artifact\",\"target\":{\"name\":\"rstest\"},\"executable\":null}\n\
                      {\"reason\":\"compiler-artifact\",\"target\":{\"name\":\"practice\"},\
                      \"executable\":\"/t/debug/deps/practice-1\"}\n{\"reason\":\"build-finished\",\"success\":true}\n";
        assert_eq!(test_binary(stdout), Some(PathBuf::from("/t/debug/deps/practice-1")));
        assert_eq!(test_binary("error: could not compile\n"), None);
    }
}
