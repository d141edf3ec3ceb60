//! Building an exercise's test target with cargo, running it, and reading
//! back what it printed: cargo's JSON messages and compile errors, then the
//! test target's own lines, one JSON object per case (their schema is the
//! module doc of `n_queens_cases::practice`, the target's harness).

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

use n_queens_facts::child::Run;
use n_queens_facts::judge::from_root;
use serde_json::Value;

use super::ladder::Exercise;

/// What a run of cargo or of the test target printed.
pub struct Printed {
    /// Its exit code, `None` when a signal ended it.
    pub code: Option<i32>,
    /// The signal that ended it, on Unix.
    pub signal: Option<i32>,
    /// Its standard output: cargo's JSON messages, or the target's lines.
    pub stdout: String,
    /// Its standard error: cargo's own messages and compile errors, or what
    /// the test process printed there (a stack overflow's message).
    pub stderr: String,
}

impl Printed {
    /// Whether it exited with success.
    pub fn success(&self) -> bool {
        self.code == Some(0)
    }
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
    stdout.lines().filter_map(|line| serde_json::from_str::<Value>(line).ok()).find_map(|message| {
        let is_practice = message["target"]["name"] == "practice";
        message["executable"].as_str().filter(|_| is_practice).map(PathBuf::from)
    })
}

/// Runs `program` with `args` in `dir`, handing every line to `echo` as it
/// comes (`true` for a line of standard error), so that a learner can watch
/// the build go by. A `learner`'s program (the test binary, which runs their
/// answer) runs in a process group of its own, killed as soon as it ends.
pub fn run(
    program: &OsStr,
    args: &[String],
    dir: &Path,
    learner: bool,
    echo: &mut dyn FnMut(&str, bool),
) -> Result<Printed, String> {
    let mut command = Command::new(program);
    command.args(args).current_dir(dir);
    let ran = Run { own_group: learner, ..Run::default() }
        .run(&mut command, echo)
        .map_err(|error| format!("could not run {}: {error}", Path::new(program).display()))?;
    let status = ran.output.status;
    #[cfg(unix)]
    let signal = std::os::unix::process::ExitStatusExt::signal(&status);
    #[cfg(not(unix))]
    let signal = None;
    let text = |bytes: Vec<u8>| String::from_utf8_lossy(&bytes).into_owned();
    Ok(Printed { code: status.code(), signal, stdout: text(ran.output.stdout), stderr: text(ran.output.stderr) })
}

/// The first compile error in cargo's output, with the line that says where.
pub fn first_error(stderr: &str) -> String {
    let lines: Vec<&str> = stderr.lines().collect();
    let Some(index) = lines.iter().position(|line| line.starts_with("error")) else {
        return lines.last().copied().unwrap_or("cargo failed without a message").trim().to_string();
    };
    let place = lines[index + 1..].iter().find_map(|line| line.trim_start().strip_prefix("--> "));
    match place.map(from_root) {
        // The tests' own file, when the exercise lacks what they call (an
        // empty file): the learner never edits it, so it is not named.
        Some(place) if place.contains("/tests/practice/") => {
            format!("{} (the tests call `Solution`: keep `pub struct Solution;` and its `impl`)", lines[index])
        }
        Some(place) => format!("{} (at {place})", lines[index]),
        None => lines[index].to_string(),
    }
}

/// What the answer did at one n.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It returned: the count (or number of boards), and what is wrong with
    /// it in words, `None` when it is right.
    Returned {
        /// The count, or the number of boards.
        count: i64,
        /// What is wrong, `returned 0, expected 2`.
        wrong: Option<String>,
    },
    /// It panicked: the message, and the place when that is the learner's file.
    Panicked {
        /// The panic's message.
        message: String,
        /// `crates/n_queens_ii/exercises/bitmask.rs:12:5`.
        place: Option<String>,
    },
    /// Still running after this many seconds: the harness stopped waiting.
    TooSlow(u64),
    /// The test process ended while it ran (a stack overflow, an exit).
    Ended,
    /// Not run: the process ended first, or an earlier n ran out of time.
    NotRun,
}

impl Outcome {
    /// Whether this counts against the answer.
    pub fn failed(&self) -> bool {
        !matches!(self, Outcome::Returned { wrong: None, .. } | Outcome::NotRun)
    }
}

/// A test of the learner's own that fails.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnTest {
    /// Its name, `my_tests::four`.
    pub name: String,
    /// Its panic's message.
    pub message: String,
    /// Where it panicked, in the learner's file.
    pub place: Option<String>,
}

/// A run of the test target, read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Whether the answers are boards (LeetCode 51), not counts.
    pub boards: bool,
    /// The judge's range, n = 1..=9, in order.
    pub cases: Vec<(i32, Outcome)>,
    /// The first of the learner's own tests that fails, if one does.
    pub own_test: Option<OwnTest>,
    /// The judge-paste check in each edition: `None` where it pastes,
    /// the reason where not; empty when it did not run.
    pub paste: Vec<Option<String>>,
    /// n = 0 and -1, past the judge's range, in order; empty when not run.
    pub past: Vec<(i32, Outcome)>,
}

/// The target's lines in `stdout`, as a [`Report`]. What the answer printed
/// itself is passed over; a case missing after the last line is where the
/// process ended ([`Outcome::Ended`]), and the ones after it are not run.
pub fn read(stdout: &str) -> Report {
    // A line the answer printed without its line end comes before one of ours.
    let lines: Vec<Value> = stdout
        .lines()
        .filter_map(|line| line.find("{\"case\":").and_then(|start| serde_json::from_str(&line[start..]).ok()))
        .collect();
    let of = |case: &'static str| lines.iter().filter(move |line| line["case"] == case);
    let boards = of("boards").next().is_some();
    let cases = outcomes(of(if boards { "boards" } else { "counts" }), &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
    let all_right = cases.iter().all(|(_, outcome)| !outcome.failed());
    let own_test = of("own_test").find(|line| line["outcome"] == "panicked").map(|line| OwnTest {
        name: text(&line["name"]),
        message: text(&line["message"]),
        place: line["place"].as_str().map(String::from),
    });
    let paste = of("paste").map(|line| (line["outcome"] != "pastes").then(|| text(&line["message"]))).collect();
    let past = if all_right { outcomes(of("past_the_judge"), &[0, -1]) } else { Vec::new() };
    Report { boards, cases, own_test, paste, past }
}

/// The outcome at each of `ns`, in order, from their lines.
fn outcomes<'a>(lines: impl Iterator<Item = &'a Value> + Clone, ns: &[i32]) -> Vec<(i32, Outcome)> {
    let mut ended = false;
    let mut outcomes = Vec::new();
    for &n in ns {
        let line = lines.clone().find(|line| line["n"] == n);
        let outcome = match line {
            Some(line) => outcome(line),
            None if ended => Outcome::NotRun,
            None => {
                ended = true;
                Outcome::Ended
            }
        };
        outcomes.push((n, outcome));
    }
    outcomes
}

/// One case's outcome, from its line.
fn outcome(line: &Value) -> Outcome {
    match line["outcome"].as_str() {
        Some("returned") => Outcome::Returned {
            count: line["count"].as_i64().unwrap_or(i64::MAX),
            wrong: line["wrong"].as_str().map(String::from),
        },
        Some("panicked") => {
            Outcome::Panicked { message: text(&line["message"]), place: line["place"].as_str().map(String::from) }
        }
        Some("too_slow") => Outcome::TooSlow(line["limit_s"].as_u64().unwrap_or_default()),
        _ => Outcome::NotRun,
    }
}

/// A string field, or empty.
fn text(value: &Value) -> String {
    value.as_str().unwrap_or_default().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crash_is_at_the_case_after_the_last_line() {
        let stdout = "{\"case\":\"counts\",\"n\":1,\"outcome\":\"returned\",\"count\":1,\"expected\":1}\n\
                      debug: n = 2{\"case\":\"counts\",\"n\":2,\"outcome\":\"returned\",\"count\":1,\"expected\":0,\
                      \"wrong\":\"returned 1, expected 0\"}\n";
        let report = read(stdout);
        assert!(!report.boards);
        assert_eq!(report.cases[0], (1, Outcome::Returned { count: 1, wrong: None }));
        assert_eq!(report.cases[1].1, Outcome::Returned { count: 1, wrong: Some("returned 1, expected 0".into()) });
        assert_eq!(report.cases[2], (3, Outcome::Ended));
        assert_eq!(report.cases[8], (9, Outcome::NotRun));
        assert!(report.past.is_empty() && report.paste.is_empty());
    }

    #[test]
    fn after_a_pass_the_paste_and_past_the_judge_are_read() {
        let mut stdout: String = (1..=9)
            .map(|n| format!("{{\"case\":\"boards\",\"n\":{n},\"outcome\":\"returned\",\"count\":1,\"expected\":1}}\n"))
            .collect();
        stdout += "{\"case\":\"paste\",\"edition\":\"2018\",\"outcome\":\"refused\",\"message\":\"no\"}\n\
                   {\"case\":\"paste\",\"edition\":\"2021\",\"outcome\":\"pastes\"}\n\
                   {\"case\":\"past_the_judge\",\"n\":0,\"outcome\":\"too_slow\",\"limit_s\":1}\n";
        let report = read(&stdout);
        assert!(report.boards);
        assert_eq!(report.paste, [Some("no".to_string()), None]);
        assert_eq!(report.past, [(0, Outcome::TooSlow(1)), (-1, Outcome::Ended)]);
    }

    #[test]
    fn a_compile_error_names_its_place() {
        let stderr = "   Compiling n_queens_ii v0.1.0\nerror[E0425]: cannot find value `fulll` in this scope\n  \
                      --> crates/n_queens_ii/tests/practice/./../../exercises/bitmask.rs:40:9\n   |\n";
        assert_eq!(
            first_error(stderr),
            "error[E0425]: cannot find value `fulll` in this scope (at crates/n_queens_ii/exercises/bitmask.rs:40:9)"
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
