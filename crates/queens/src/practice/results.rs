//! Building an exercise's test target with cargo and running it, each under
//! a limit: cargo's JSON messages and compile errors, then the harness's
//! lines (their schema is the module doc of `n_queens_judge::practice`),
//! which [`super::verdict`] reads. Those are the lines that start with the
//! run's random token, which the test process reads before any of the
//! answer's code runs: no line that the answer prints is taken for one.

use std::ffi::OsStr;
use std::hash::{BuildHasher, RandomState};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use n_queens_facts::child::Run;
use n_queens_facts::judge::{TOKEN_FLAG, from_root};
use n_queens_facts::mistakes;
use serde_json::Value;

use super::ladder::{Exercise, PRACTICE_PACKAGE, practice_target};

/// How long cargo may build an exercise's tests, its dependencies included the
/// first time: longer is stuck (a `const` that never ends is stopped sooner).
pub const BUILD_LIMIT: Duration = Duration::from_secs(10 * 60);

/// How long the test process may run: more than the harness's own limits add up to.
pub const TEST_LIMIT: Duration = Duration::from_secs(10 * 60);

/// The most lines of the harness that are read: it writes 17 at most.
const MOST_LINES: usize = 64;

/// Why the process ended, when its stack overflowed.
pub const STACK_OVERFLOW: &str = "stack overflow: a recursion that never reaches its base case?";

/// What a run of cargo or of the test target printed.
pub struct Printed {
    /// Its exit code, `None` when a signal ended it.
    pub code: Option<i32>,
    /// The signal that ended it, on Unix.
    pub signal: Option<i32>,
    /// Whether it was stopped at its limit.
    pub timed_out: bool,
    /// Whether the build was stopped at a line that says it never ends.
    pub stopped: bool,
    /// Its standard output: cargo's JSON messages, or the harness's lines
    /// without their token.
    pub stdout: String,
    /// Its standard error (compile errors, a stack overflow's message), cut
    /// to its first and last part.
    pub stderr: String,
}

impl Printed {
    /// A run that ended with `code` after printing `stdout` and `stderr`, for the tests.
    #[cfg(test)]
    pub fn of(code: Option<i32>, stdout: &str, stderr: &str) -> Printed {
        let (stdout, stderr) = (stdout.to_string(), stderr.to_string());
        Printed { code, signal: None, timed_out: false, stopped: false, stdout, stderr }
    }

    /// How the process ended, in words: `exited with code 3`, `was killed by signal 9`.
    pub fn how_it_ended(&self) -> String {
        if self.timed_out {
            return format!("was stopped after {} minutes, the limit of a whole run", TEST_LIMIT.as_secs() / 60);
        }
        match (self.code, self.signal) {
            (Some(code), _) => format!("exited with code {code}"),
            (None, Some(signal)) => format!("was killed by signal {signal}"),
            (None, None) => "ended without an exit code".to_string(),
        }
    }

    /// Why the test process ended in the middle of a case (which only the
    /// answer does), from what it printed.
    pub fn why_it_ended(&self) -> String {
        let stderr = &self.stderr;
        if self.timed_out {
            return format!(
                "the test process was still running after {} minutes, the limit of a whole run, and was stopped.",
                TEST_LIMIT.as_secs() / 60
            );
        }
        if mistakes::overflowed_its_stack(stderr) {
            return STACK_OVERFLOW.to_string();
        }
        if let Some(line) = stderr.lines().find(|line| line.contains("memory allocation of")) {
            return format!("{}: it asked for more memory than there is", line.trim());
        }
        let last = stderr.lines().rev().map(str::trim).find(|line| !line.is_empty());
        let said = last.map_or(String::new(), |line| format!(" Its last words: {line}"));
        match self.code {
            Some(code) => format!(
                "the process exited with code {code} in the middle of the case: does the answer call \
                 `std::process::exit({code})`? The judge would stop there too.{said}"
            ),
            None => format!("the process {}{}.{said}", self.how_it_ended(), self.signal.map_or("", signal_cause)),
        }
    }
}

/// What usually sends `signal` to a test process, in a few words.
fn signal_cause(signal: i32) -> &'static str {
    match signal {
        6 => " (SIGABRT: `std::process::abort`, or a panic while panicking?)",
        9 => " (SIGKILL: killed from outside, or out of memory?)",
        11 => " (SIGSEGV: a bad memory access)",
        15 => " (SIGTERM: stopped from outside)",
        _ => "",
    }
}

/// The cargo command, from the workspace root, that builds the problem's
/// practice test target around `exercise`'s file alone: its JSON messages
/// name the test binary ([`test_binary`]). The lint on a `const` evaluation
/// that runs long is forbidden, so that no `allow` turns it off: rustc says
/// so as it happens, and the build is stopped there.
pub fn cargo_build(exercise: Exercise) -> Vec<String> {
    let target = practice_target(exercise.problem);
    let args = ["rustc", "-p", PRACTICE_PACKAGE, "--test", &target, "--profile", "test"];
    let mut args: Vec<String> = args.iter().map(|arg| arg.to_string()).collect();
    args.extend(["--message-format", "json-render-diagnostics", "--", "--cfg"].map(String::from));
    args.push(format!("exercise=\"{}\"", exercise.step.name));
    args.extend(["-F", "long_running_const_eval"].map(String::from));
    args
}

/// The test binary that [`cargo_build`] made, from cargo's JSON messages.
pub fn test_binary(stdout: &str) -> Option<PathBuf> {
    stdout.lines().filter_map(|line| serde_json::from_str::<Value>(line).ok()).find_map(|message| {
        let is_practice = message["target"]["name"].as_str().is_some_and(|name| name.starts_with("practice_"));
        message["executable"].as_str().filter(|_| is_practice).map(PathBuf::from)
    })
}

/// Runs cargo with `args` in `dir` under [`BUILD_LIMIT`], handing every
/// line to `echo` as it comes (`true` for a line of standard error).
pub fn build(cargo: &OsStr, args: &[String], dir: &Path, echo: &mut dyn FnMut(&str, bool)) -> Result<Printed, String> {
    let mut command = Command::new(cargo);
    command.args(args).current_dir(dir);
    // Said by rustc after millions of steps of a `const`; `-F` keeps it on.
    let never_ends = |line: &str| line.contains("constant evaluation is taking a long time");
    let run = Run { limit: Some(BUILD_LIMIT), end_orphans: true, stop_at: Some(never_ends), ..Run::default() };
    let ran = run.run(&mut command, echo).map_err(|error| could_not_run(cargo, &error))?;
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    Ok(printed(&ran, text(&ran.output.stdout)))
}

/// Runs the test binary in `dir` under [`TEST_LIMIT`], in a process group of
/// its own, with a new token, and keeps the lines that carry it, without it.
/// Its standard error goes to `echo` as it comes.
pub fn run_tests(binary: &Path, dir: &Path, echo: &mut dyn FnMut(&str, bool)) -> Result<Printed, String> {
    let token = token();
    let mut lines = Vec::new();
    let mut keep = |line: &str, is_stderr: bool| {
        if is_stderr {
            echo(line, true);
        } else if let Some(line) = line.find(&token).and_then(|at| line[at + token.len()..].strip_prefix(' ')) {
            // The answer's own text before it, without a line end, is left out.
            if lines.len() < MOST_LINES {
                lines.push(line.to_string());
            }
        }
    };
    let input = format!("{token}\n");
    let run =
        Run { limit: Some(TEST_LIMIT), own_group: true, end_orphans: true, input: input.as_bytes(), stop_at: None };
    let mut command = Command::new(binary);
    command.arg(TOKEN_FLAG).current_dir(dir);
    let ran = run.run(&mut command, &mut keep).map_err(|error| could_not_run(binary.as_os_str(), &error))?;
    Ok(printed(&ran, lines.iter().map(|line| format!("{line}\n")).collect()))
}

/// Makes every process that a run starts end with this one: orphans are
/// adopted, to be ended after each run, and Ctrl-C, SIGTERM or a hung-up
/// terminal end every child (the test process's group, which Ctrl-C does
/// not reach, included), then call `restore`, before this process ends as
/// the signal says. Once per process.
pub fn end_with_this_process(restore: fn()) -> Result<(), String> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    n_queens_facts::child::adopt_orphans().map_err(|error| format!("adopting orphans: {error}"))?;
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
        .map_err(|error| format!("catching signals: {error}"))?;
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            n_queens_facts::child::end_for_good();
            restore();
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            std::process::exit(128 + signal);
        }
    });
    Ok(())
}

/// A new token: 128 bits from std's random keys, seeded by the operating system.
fn token() -> String {
    let random = || RandomState::new().hash_one(TOKEN_FLAG);
    format!("{:016x}{:016x}", random(), random())
}

/// The error of a program that could not be started.
fn could_not_run(program: &OsStr, error: &std::io::Error) -> String {
    format!("could not run {}: {error}", Path::new(program).display())
}

/// What `ran` printed, with `stdout` as the output it is read from.
fn printed(ran: &n_queens_facts::child::Ran, stdout: String) -> Printed {
    let status = ran.output.status;
    let signal = std::os::unix::process::ExitStatusExt::signal(&status);
    let stderr = String::from_utf8_lossy(&ran.output.stderr).into_owned();
    Printed { code: status.code(), signal, timed_out: ran.timed_out, stopped: ran.stopped, stdout, stderr }
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
        Some(place) if place.contains("/tests/practice_") => {
            format!("{} (the tests call `Solution`: keep `pub struct Solution;` and its `impl`)", lines[index])
        }
        Some(place) => format!("{} (at {place})", lines[index]),
        None => lines[index].to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_exit_names_its_code_and_a_signal_its_number() {
        let ended = |code, signal| Printed { signal, ..Printed::of(code, "", "") }.why_it_ended();
        assert!(ended(Some(3), None).starts_with("the process exited with code 3 "), "{}", ended(Some(3), None));
        assert!(ended(Some(3), None).contains("`std::process::exit(3)`"));
        assert!(ended(None, Some(6)).contains("signal 6 (SIGABRT"), "{}", ended(None, Some(6)));
    }

    #[test]
    fn each_run_has_a_token_of_its_own() {
        let (first, second) = (token(), token());
        assert_eq!(first.len(), 32);
        assert!(first.bytes().all(|byte| byte.is_ascii_hexdigit()), "{first}");
        assert_ne!(first, second);
    }

    #[test]
    fn a_compile_error_names_its_place() {
        let stderr = "   Compiling n_queens_ii v0.1.0\nerror[E0425]: cannot find value `fulll` in this scope\n  \
                      --> crates/n_queens_judge/tests/practice_52/./../../../n_queens_ii/exercises/bitmask.rs:40:9\n   |\n";
        assert_eq!(
            first_error(stderr),
            "error[E0425]: cannot find value `fulll` in this scope (at crates/n_queens_ii/exercises/bitmask.rs:40:9)"
        );
    }

    #[test]
    fn the_cargo_command_names_the_package_target_and_exercise() {
        let exercise = Exercise {
            problem: crate::common::Problem::NQueens,
            step: n_queens_facts::chain::step("three_arrays").unwrap(),
        };
        assert_eq!(
            cargo_build(exercise).join(" "),
            "rustc -p n_queens_judge --test practice_51 --profile test --message-format json-render-diagnostics \
             -- --cfg exercise=\"three_arrays\" -F long_running_const_eval"
        );
    }

    #[test]
    fn the_test_binary_is_the_practice_targets_executable() {
        let stdout = "{\"reason\":\"compiler-artifact\",\"target\":{\"name\":\"rstest\"},\"executable\":null}\n\
                      {\"reason\":\"compiler-artifact\",\"target\":{\"name\":\"practice_52\"},\
                      \"executable\":\"/t/debug/deps/practice_52-1\"}\n{\"reason\":\"build-finished\",\"success\":true}\n";
        assert_eq!(test_binary(stdout), Some(PathBuf::from("/t/debug/deps/practice_52-1")));
        assert_eq!(test_binary("error: could not compile\n"), None);
    }
}
