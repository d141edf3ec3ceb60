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

use super::ladder::Exercise;
use super::summary;

/// Where an exercise stands: the list view's words, and the lines of detail
/// that `queens practice test` prints under them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Its answer still holds the starting `todo!(`.
    NotStarted,
    /// Cargo could not build it; the first error, with its place.
    DoesNotCompile(String),
    /// A case of the judge's range fails.
    Failing {
        /// The smallest failing n.
        n: i32,
        /// What happened there, or what caused it, in one sentence.
        reason: String,
        /// The line over every n, then the smallest failing n in detail.
        details: Vec<String>,
    },
    /// Every case of the judge's range passes, but a test the learner wrote
    /// in the exercise file fails.
    OwnTestFailing {
        /// The test's name, as the learner wrote it (`my_tests::four`).
        name: String,
        /// Its failure in one sentence.
        reason: String,
        /// The failure in detail.
        details: Vec<String>,
    },
    /// Every case passes, but the judge-paste test does not; why, in one line.
    Passing(String),
    /// Every case passes, and so does the judge-paste test; the note on what
    /// the answer does past the judge's range.
    Pastes(Vec<String>),
}

/// How far the list's status column is from the left edge: its lines are
/// wrapped to fit 80 columns after it.
pub const LIST_INDENT: usize = 23;

impl Status {
    /// The status in a few words, then a detail after a colon where there
    /// is one, wrapped to fit 80 columns after the list's first columns.
    pub fn describe(&self) -> String {
        let text = match self {
            Status::NotStarted => "not started".to_string(),
            Status::DoesNotCompile(error) => format!("does not compile: {error}"),
            Status::Failing { n, reason, .. } => format!("failing at n = {n}: {reason}"),
            Status::OwnTestFailing { name, reason, .. } => format!("your own test {name} fails: {reason}"),
            Status::Passing(why) => format!("passing, but does not paste into the judge yet: {why}"),
            Status::Pastes(_) => "passing, and pastes into the judge".to_string(),
        };
        let width = 80 - LIST_INDENT;
        let indent = format!("\n{}", " ".repeat(LIST_INDENT));
        crate::catalog::wrap(&text, width).join(&indent)
    }

    /// What `queens practice test` prints about exercise `label` once its
    /// tests ran: a few lines of at most 80 columns.
    pub fn report(&self, label: &str) -> Vec<String> {
        let mut lines = summary::wrapped("", &format!("Exercise {label}: {}", self.describe_short()), 2);
        match self {
            Status::Failing { details, .. } | Status::OwnTestFailing { details, .. } | Status::Pastes(details) => {
                lines.extend(details.iter().cloned());
            }
            Status::DoesNotCompile(error) => {
                lines.extend(summary::wrapped("  ", error, 2));
                if error.contains("E0600") && error.contains("`-`") {
                    lines.extend(summary::wrapped(
                        "",
                        "`-x` does not compile for an unsigned integer: the lowest 1 bit of `free` is \
                         `free & free.wrapping_neg()` (hint 2).",
                        0,
                    ));
                }
            }
            Status::Passing(why) => lines.extend(summary::wrapped("  ", why, 2)),
            Status::NotStarted => {}
        }
        lines
    }

    /// The same status with the path `from` written as `to` wherever its
    /// text names it: cargo and the tests name the learner's file from the
    /// workspace root, the user may stand elsewhere.
    pub fn renamed(self, from: &str, to: &str) -> Status {
        let text = |text: String| text.replace(from, to);
        let lines = |lines: Vec<String>| lines.into_iter().map(text).collect();
        match self {
            Status::NotStarted => Status::NotStarted,
            Status::DoesNotCompile(error) => Status::DoesNotCompile(text(error)),
            Status::Failing { n, reason, details } => {
                Status::Failing { n, reason: text(reason), details: lines(details) }
            }
            Status::OwnTestFailing { name, reason, details } => {
                Status::OwnTestFailing { name, reason: text(reason), details: lines(details) }
            }
            Status::Passing(why) => Status::Passing(text(why)),
            Status::Pastes(note) => Status::Pastes(lines(note)),
        }
    }

    /// The words of the report's first line.
    fn describe_short(&self) -> String {
        match self {
            Status::DoesNotCompile(_) => "does not compile".to_string(),
            Status::Failing { .. } => "failing".to_string(),
            Status::OwnTestFailing { .. } => "the judge's cases pass".to_string(),
            Status::Passing(_) => "passing, but does not paste into the judge yet:".to_string(),
            Status::NotStarted | Status::Pastes(_) => self.describe(),
        }
    }
}

/// What a run of cargo or of the test binary printed.
pub struct Printed {
    /// Its exit code, `None` when a signal ended it.
    pub code: Option<i32>,
    /// The signal that ended it, on Unix.
    pub signal: Option<i32>,
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
    let package = exercise.problem.crate_name();
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
/// in the order of their names. The paste part also tries n = 0 and -1, after
/// the paste test (an answer may abort the process there), and shows what
/// they printed.
pub fn test_args(part: Part) -> Vec<String> {
    let filter: &[&str] = match part {
        Part::Cases => &["--skip", "judge_paste", "--skip", "past_the_judge"],
        Part::Paste => &["judge_paste", "past_the_judge", "--show-output"],
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
    #[cfg(unix)]
    let signal = std::os::unix::process::ExitStatusExt::signal(&status);
    #[cfg(not(unix))]
    let signal = None;
    Ok(Printed { code: status.code(), signal, stdout, stderr })
}

impl Printed {
    /// Whether it exited with success.
    pub fn success(&self) -> bool {
        self.code == Some(0)
    }
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

/// Where the cases stand, from a [`Part::Cases`] run: `Ok(())` when all of
/// them pass, the learner's own tests too, otherwise the [`Status`] that
/// says why not.
pub fn cases_status(printed: &Printed, step: &str) -> Result<(), Status> {
    let tests = summary::tests(printed);
    if tests.is_empty() && !printed.success() {
        return Err(Status::DoesNotCompile(first_error(&printed.stderr)));
    }
    if let Some((n, reason, details)) = summary::failing(&tests, step) {
        return Err(Status::Failing { n, reason, details });
    }
    if let Some((name, reason, details)) = summary::own_test_failing(&tests) {
        return Err(Status::OwnTestFailing { name, reason, details });
    }
    Ok(())
}

/// Where an exercise stands once its cases pass, from a [`Part::Paste`] run.
pub fn paste_status(printed: &Printed, step: &str) -> Status {
    let tests = summary::tests(printed);
    let paste: Vec<&summary::Test> = tests.iter().filter(|test| test.kind() == summary::Kind::Paste).collect();
    match paste.iter().find(|test| test.outcome != summary::Outcome::Passed) {
        None if !paste.is_empty() => Status::Pastes(summary::past_the_judge(&tests, &printed.stdout, step)),
        Some(test) => Status::Passing(summary::first_line(&test.outcome)),
        None => Status::Passing("the paste test did not run: see `cargo test`".to_string()),
    }
}

/// The first compile error in cargo's output, with the line that says where.
fn first_error(stderr: &str) -> String {
    let lines: Vec<&str> = stderr.lines().collect();
    let Some(index) = lines.iter().position(|line| line.starts_with("error")) else {
        return lines.last().copied().unwrap_or("cargo failed without a message").trim().to_string();
    };
    let place = lines[index + 1..].iter().find_map(|line| line.trim_start().strip_prefix("--> "));
    let place = place.map(summary::without_dot_dot);
    match place {
        // The tests' own file, when the exercise lacks what they call (an
        // empty file): the learner never edits it, so it is not named.
        Some(place) if place.contains("/tests/practice/") => {
            format!("{} (the tests call `Solution`: keep `pub struct Solution;` and its `impl`)", lines[index])
        }
        Some(place) => format!("{} (at {place})", lines[index]),
        None => lines[index].to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn printed(success: bool, stdout: &str, stderr: &str) -> Printed {
        let code = Some(if success { 0 } else { 101 });
        Printed { code, signal: None, stdout: stdout.to_string(), stderr: stderr.to_string() }
    }

    #[test]
    fn all_cases_pass() {
        let report = "running 9 tests\ntest bitmask::counts::case_1_n1 ... ok\ntest bitmask::counts::case_2_n2 ... ok\n\
                      test result: ok. 9 passed; 0 failed; 0 ignored; 0 measured; 2 filtered out\n";
        assert_eq!(cases_status(&printed(true, report, ""), "bitmask"), Ok(()));
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
            returned 0, expected 2\n\n\
            ---- bitmask::counts::case_5_n5 stdout ----\n";
        let status = cases_status(&printed(false, report, "error: test failed"), "bitmask");
        let Err(Status::Failing { n, reason, details }) = status else { panic!("failing: {status:?}") };
        assert_eq!((n, reason.as_str()), (4, "returned 0, expected 2"));
        assert_eq!(details[0], "failing at n = 4, 5; passing 1 to 3; not run 6 to 9");
        assert_eq!(details[1], "n = 4: returned 0, expected 2");
    }

    #[test]
    fn a_crash_is_reported_at_the_case_that_was_running() {
        let report = "running 9 tests\ntest bitmask::counts::case_1_n1 ... ok\ntest bitmask::counts::case_2_n2 ... \n";
        let stderr =
            "thread 'exercise bitmask, n = 2' (9) has overflowed its stack\nfatal runtime error: stack overflow";
        let Err(Status::Failing { n, reason, .. }) = cases_status(&printed(false, report, stderr), "bitmask") else {
            panic!("a crash is a failure");
        };
        assert_eq!(n, 2);
        assert!(reason.contains("stack overflow"), "{reason}");
    }

    #[test]
    fn a_compile_error_names_its_place() {
        let stderr = "   Compiling n_queens_ii v0.1.0\nerror[E0425]: cannot find value `fulll` in this scope\n  \
                      --> crates/n_queens_ii/tests/practice/./../../exercises/bitmask.rs:40:9\n   |\n";
        let status = cases_status(&printed(false, "", stderr), "bitmask");
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
        assert!(matches!(paste_status(&printed(true, ok, ""), "bitmask"), Status::Pastes(_)));
        let failed = "running 2 tests\ntest bitmask::judge_paste::case_1_edition_2018 ... FAILED\n\n\
                      ---- bitmask::judge_paste::case_1_edition_2018 stdout ----\n\n\
                      thread 'bitmask::judge_paste::case_1_edition_2018' (5) panicked at crates/x.rs:1:1:\n\
                      judge.rs does not compile with --edition 2018:\n";
        assert_eq!(
            paste_status(&printed(false, failed, ""), "bitmask"),
            Status::Passing("judge.rs does not compile with --edition 2018:".to_string())
        );
    }

    #[test]
    fn the_cargo_command_names_the_package_target_and_exercise() {
        let exercise =
            Exercise { problem: crate::Problem::NQueens, step: n_queens_facts::chain::step("three_arrays").unwrap() };
        assert_eq!(
            cargo_build(exercise).join(" "),
            "rustc -p n_queens --test practice --profile test --message-format json-render-diagnostics \
             -- --cfg exercise=\"three_arrays\""
        );
        assert_eq!(test_args(Part::Cases).join(" "), "--skip judge_paste --skip past_the_judge --test-threads=1");
        assert_eq!(test_args(Part::Paste).join(" "), "judge_paste past_the_judge --show-output --test-threads=1");
    }

    #[test]
    fn the_test_binary_is_the_practice_targets_executable() {
        let stdout = "{\"reason\":\"compiler-artifact\",\"target\":{\"name\":\"rstest\"},\"executable\":null}\n\
                      {\"reason\":\"compiler-artifact\",\"target\":{\"name\":\"practice\"},\
                      \"executable\":\"/t/debug/deps/practice-1\"}\n{\"reason\":\"build-finished\",\"success\":true}\n";
        assert_eq!(test_binary(stdout), Some(PathBuf::from("/t/debug/deps/practice-1")));
        assert_eq!(test_binary("error: could not compile\n"), None);
    }

    #[test]
    fn a_long_reason_fits_80_columns_in_the_list() {
        let reason = "still running after 10 s, so the test stopped waiting. ".repeat(4);
        let status = Status::Failing { n: 2, reason, details: Vec::new() };
        let described = status.describe();
        for (index, line) in described.lines().enumerate() {
            let width = line.chars().count() + if index == 0 { LIST_INDENT } else { 0 };
            assert!(width <= 80, "{line}");
        }
        assert!(described.lines().count() > 1);
    }
}
