//! `queens practice`: the practice ladder, one exercise per step of the
//! chain for each problem, in the spirit of `rustlings`.
//!
//! - `list` (the default): where the learner stands on every exercise.
//! - `test 52 bitmask`: the shared cases of the judge's range, then the
//!   judge-paste test, on one exercise, with cargo's output as it comes.
//! - `hint 52 bitmask [K]`: one hint at a time.
//! - `reset 52 bitmask`: the exercise's starting text again, and only that
//!   exercise's.
//!
//! The exercises are files of the workspace it runs in, written from the
//! command's own starting texts when first needed ([`ladder`]); their tests
//! are a test target of each problem crate that the normal test run leaves
//! out, built here by cargo for one exercise and run ([`results`]).

mod hints;
mod ladder;
mod results;
mod summary;

use std::io::Write;
use std::path::{Path, PathBuf};

use ladder::{Exercise, PROBLEMS, STEPS, Step};
use results::{Part, Status};

use crate::{Failure, Outcome, Problem};

/// Arguments of `queens practice`.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// What to do; `list` when left out.
    #[command(subcommand)]
    action: Option<Action>,
}

/// The end of `queens practice --help`.
const AFTER_HELP: &str = "\
The exercises are crates/n_queens_ii/exercises/*.rs (LeetCode 52) and
crates/n_queens/exercises/*.rs (LeetCode 51), written when first needed.
Four steps of the chain, then `mirror`, past the judge. From the root:
  cargo run --release -- practice                      where you stand
  cargo run --release -- practice test 52 board_scan   run its cases
  cargo run --release -- practice hint 52 board_scan   its first hint
  cargo run --release -- practice reset 52 board_scan  its starting text";

/// The subcommands of `queens practice`.
#[derive(Debug, clap::Subcommand)]
enum Action {
    /// Every exercise: not started, failing at n = K, passing, or pasting into the judge.
    List,
    /// Run the shared cases (n = 1..=9), then the judge-paste test, on one exercise.
    Test(Which),
    /// Show one hint for an exercise: the first, or the one numbered.
    Hint {
        /// The exercise.
        #[command(flatten)]
        which: Which,
        /// Which hint: 1 is a nudge, the last nearly the answer.
        #[arg(default_value_t = 1, value_parser = parse_hint, allow_negative_numbers = true)]
        number: usize,
    },
    /// Put one exercise back to its starting text (the others are not touched).
    Reset(Which),
}

/// One exercise on the command line: `52 bitmask`.
#[derive(Debug, clap::Args)]
struct Which {
    /// The problem: 52 (the count) or 51 (every board).
    #[arg(value_parser = crate::problem_parser())]
    problem: Problem,
    /// The step of the chain.
    step: Step,
}

impl Which {
    fn exercise(&self) -> Exercise {
        Exercise { problem: self.problem, step: self.step }
    }
}

/// How a learner runs this command from the workspace root.
const COMMAND: &str = "cargo run --release -- practice";

/// Runs `queens practice`.
pub fn run(args: &Args, out: &mut impl Write) -> Outcome {
    match &args.action {
        None | Some(Action::List) => list(&workspace()?, out),
        Some(Action::Test(which)) => test(&workspace()?, which.exercise(), out),
        Some(Action::Hint { which, number }) => hint(which.exercise(), *number, out),
        Some(Action::Reset(which)) => reset(&workspace()?, which.exercise(), out),
    }
}

/// The workspace the exercises live in: the one around the current
/// directory, as `cargo run` leaves it, or else the one this command was
/// built from.
fn workspace() -> Result<PathBuf, Failure> {
    let is_root = |dir: &Path| dir.join("crates/queens/exercises").is_dir() && dir.join("Cargo.toml").is_file();
    let current = std::env::current_dir().ok();
    if let Some(root) = current.as_deref().and_then(|dir| dir.ancestors().find(|dir| is_root(dir))) {
        return Ok(root.to_path_buf());
    }
    let built_from = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("..");
    if is_root(&built_from) {
        return Ok(built_from);
    }
    Err(Failure::Usage(format!("the practice exercises live in a clone of the workspace: run `{COMMAND}` there")))
}

/// Reads an exercise file, after writing it from its starting text if it is
/// not there yet (the first time, or after the learner deleted it).
fn read(root: &Path, exercise: Exercise) -> Result<String, Failure> {
    let path = root.join(exercise.path());
    match std::fs::read_to_string(&path) {
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            let start = exercise.starting_text();
            std::fs::create_dir_all(path.parent().expect("a file in a directory"))
                .and_then(|()| std::fs::write(&path, start))
                .map_err(|error| Failure::Failed(format!("writing {}: {error}", exercise.path())))?;
            Ok(start.to_string())
        }
        read => read.map_err(|error| Failure::Failed(format!("reading {}: {error}", exercise.path()))),
    }
}

/// Where one exercise stands. Unless it is not started, builds its test
/// target around it and runs its cases, then the judge-paste test once every
/// case passes; every line cargo and the tests print is handed to `echo`,
/// but cargo's JSON messages.
fn status(root: &Path, exercise: Exercise, echo: &mut dyn FnMut(&str, bool)) -> Result<Status, Failure> {
    if ladder::not_started(&read(root, exercise)?) {
        return Ok(Status::NotStarted);
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut echo_stderr = |line: &str, is_stderr: bool| {
        if is_stderr {
            echo(line, true);
        }
    };
    let build =
        results::run(&cargo, &results::cargo_build(exercise), root, &mut echo_stderr).map_err(Failure::Failed)?;
    let Some(binary) = results::test_binary(&build.stdout).filter(|_| build.success) else {
        // No test binary: its report is empty, and the status says why.
        let failed = results::Printed { success: false, stdout: String::new(), stderr: build.stderr };
        return Ok(results::cases_status(&failed).expect_err("a failed build is a status"));
    };
    // Where `cargo test` would run it: the problem crate's directory.
    let dir = root.join("crates").join(ladder::crate_name(exercise.problem));
    let cases = results::run(binary.as_os_str(), &results::test_args(Part::Cases), &dir, &mut *echo)
        .map_err(Failure::Failed)?;
    if let Err(status) = results::cases_status(&cases) {
        return Ok(status);
    }
    let paste =
        results::run(binary.as_os_str(), &results::test_args(Part::Paste), &dir, echo).map_err(Failure::Failed)?;
    Ok(results::paste_status(&paste))
}

/// `queens practice list`: every exercise and where it stands, then what to do next.
fn list(root: &Path, out: &mut impl Write) -> Outcome {
    writeln!(out, "The practice ladder: one exercise per step of the chain, for each problem.")?;
    let mut started = 0;
    for exercise in Exercise::all() {
        started += usize::from(!ladder::not_started(&read(root, exercise)?));
    }
    match started {
        0 => {}
        1 => writeln!(out, "Testing the started exercise now; its first build takes a while.")?,
        _ => writeln!(out, "Testing the {started} started exercises; the first build of each takes a while.")?,
    }
    let mut next = None;
    for problem in PROBLEMS {
        writeln!(out)?;
        let title = match problem {
            Problem::NQueensII => "LeetCode 52, N-Queens II (the count)",
            Problem::NQueens => "LeetCode 51, N-Queens (every board)",
        };
        writeln!(out, "{title}, in crates/{}/exercises/", ladder::crate_name(problem))?;
        for step in STEPS {
            let exercise = Exercise { problem, step };
            if step.number().is_none() {
                writeln!(out, "  past the judge:")?;
            }
            write!(out, "  {:>5}  {:<13} ", step.number().unwrap_or(""), step.name())?;
            out.flush()?;
            let status = status(root, exercise, &mut |_, _| {})?;
            writeln!(out, "{}", status.describe())?;
            if next.is_none() && !matches!(status, Status::Pastes(_)) {
                next = Some((exercise, status));
            }
        }
    }
    writeln!(out)?;
    match next {
        None => writeln!(
            out,
            "Every exercise pastes into the judge.\nNext: docs/common-mistakes.md, then the pages past the judge."
        )?,
        Some((exercise, status)) => {
            let label = exercise.label();
            let what = if status == Status::NotStarted { "Next" } else { "Keep going" };
            writeln!(out, "{what}: {}", exercise.path())?;
            writeln!(out, "  {COMMAND} test {label}     run its cases")?;
            writeln!(out, "  {COMMAND} hint {label}     a hint, one at a time")?;
        }
    }
    Ok(())
}

/// `queens practice test 52 bitmask`: the cases, then the paste test, with
/// cargo's output as it comes, then the exercise's status in one line.
fn test(root: &Path, exercise: Exercise, out: &mut impl Write) -> Outcome {
    let label = exercise.label();
    if ladder::not_started(&read(root, exercise)?) {
        writeln!(out, "Exercise {label} is not started: its answer is still a `todo!()`.")?;
        writeln!(out, "Write your answer in {}, then run this again.", exercise.path())?;
        writeln!(out, "Stuck? `{COMMAND} hint {label}`.")?;
        return Err(Failure::Unsuccessful);
    }
    // Cargo's own lines (the build, a compile error) are passed through to
    // standard error as they come; the tests' report is read, not shown, and
    // told in a few lines below.
    let status = status(root, exercise, &mut |line, is_stderr| {
        if is_stderr {
            crate::say(line);
        }
    })?;
    writeln!(out)?;
    for line in status.report(&label) {
        writeln!(out, "{line}")?;
    }
    match status {
        Status::Pastes(_) => {
            writeln!(out, "Everything after `pub struct Solution;` is accepted by the judge as it is.")?;
            writeln!(out, "Compare it with the step's own file:")?;
            writeln!(out, "  diff {} \\\n    {}", exercise.path(), exercise.chain_path())?;
        }
        Status::Failing { .. } | Status::OwnTestFailing { .. } | Status::DoesNotCompile(_) | Status::Passing(_) => {
            writeln!(out, "Stuck? `{COMMAND} hint {label}`.")?;
            return Err(Failure::Unsuccessful);
        }
        Status::NotStarted => return Err(Failure::Unsuccessful),
    }
    Ok(())
}

/// Parses a hint's number: a whole number (its range depends on the exercise).
fn parse_hint(text: &str) -> Result<usize, String> {
    let number = crate::parse_whole("the hint's number", text, 1)?;
    usize::try_from(number).map_err(|_| format!("there is no hint {text}"))
}

/// `queens practice hint 52 bitmask [K]`: hint K (1 by default) and how to see the next.
fn hint(exercise: Exercise, number: usize, out: &mut impl Write) -> Outcome {
    let hints = exercise.hints();
    let label = exercise.label();
    if number == 0 || number > hints.len() {
        return Err(Failure::Usage(format!(
            "exercise {label} has {} hints, numbered 1 to {} (got {number})",
            hints.len(),
            hints.len()
        )));
    }
    writeln!(out, "Hint {number} of {} for exercise {label}:", hints.len())?;
    writeln!(out)?;
    for line in crate::catalog::wrap(hints[number - 1], 76) {
        writeln!(out, "  {line}")?;
    }
    writeln!(out)?;
    if number < hints.len() {
        writeln!(out, "The next one, closer to the answer: {COMMAND} hint {label} {}", number + 1)?;
    } else {
        writeln!(out, "That was the last hint. The answer itself is the step's own file:")?;
        writeln!(out, "  {}", exercise.chain_path())?;
    }
    Ok(())
}

/// `queens practice reset 52 bitmask`: writes the starting text over the
/// exercise file, after keeping the learner's text in `target/` (which git
/// ignores); no other file is touched.
fn reset(root: &Path, exercise: Exercise, out: &mut impl Write) -> Outcome {
    let path = exercise.path();
    let start = exercise.starting_text();
    let current = std::fs::read_to_string(root.join(&path)).ok();
    if current.as_deref() == Some(start) {
        writeln!(out, "{path} is already at its starting text: nothing to do.")?;
        return Ok(());
    }
    if let Some(current) = current {
        let backup = Path::new("target").join("practice-backup").join(ladder::number(exercise.problem));
        let backup_file = backup.join(format!("{}.rs", exercise.step.name()));
        std::fs::create_dir_all(root.join(&backup))
            .and_then(|()| std::fs::write(root.join(&backup_file), current))
            .map_err(|error| Failure::Failed(format!("keeping a copy in {}: {error}", backup_file.display())))?;
        writeln!(out, "Your version is kept in {} (until the next reset of this exercise).", backup_file.display())?;
    }
    std::fs::write(root.join(&path), start).map_err(|error| Failure::Failed(format!("writing {path}: {error}")))?;
    writeln!(out, "{path} is back at its starting text; the other exercises are untouched.")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exercise() -> Exercise {
        Exercise { problem: Problem::NQueensII, step: Step::Bitmask }
    }

    #[test]
    fn a_hint_says_how_to_see_the_next_one() {
        let mut out = Vec::new();
        hint(exercise(), 1, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("Hint 1 of 3 for exercise 52 bitmask:"), "{text}");
        assert!(text.contains("practice hint 52 bitmask 2"), "{text}");
        let mut out = Vec::new();
        hint(exercise(), 3, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("That was the last hint"), "{text}");
        assert!(text.contains("crates/n_queens_ii/src/bitmask.rs"), "{text}");
    }

    #[test]
    fn a_hint_past_the_last_is_a_usage_error() {
        let error = hint(exercise(), 4, &mut Vec::new()).unwrap_err();
        let Failure::Usage(message) = error else { panic!("a usage error") };
        assert_eq!(message, "exercise 52 bitmask has 3 hints, numbered 1 to 3 (got 4)");
        assert!(hint(exercise(), 0, &mut Vec::new()).is_err());
    }

    /// Reset writes the starting text and only that; it runs on a copy of
    /// the exercise directories, never on the workspace's own files.
    #[test]
    fn reset_restores_one_exercise_and_keeps_the_learners_text() {
        let root = std::env::temp_dir().join(format!("queens_practice_reset_{}", std::process::id()));
        for exercise in Exercise::all() {
            let path = root.join(exercise.path());
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, format!("{}\n// started", exercise.starting_text())).unwrap();
        }
        let mut out = Vec::new();
        reset(&root, exercise(), &mut out).unwrap();
        assert_eq!(std::fs::read_to_string(root.join(exercise().path())).unwrap(), exercise().starting_text());
        let kept = std::fs::read_to_string(root.join("target/practice-backup/52/bitmask.rs")).unwrap();
        assert!(kept.ends_with("// started"));
        for other in Exercise::all().filter(|other| *other != exercise()) {
            let text = std::fs::read_to_string(root.join(other.path())).unwrap();
            assert!(text.ends_with("// started"), "{} was touched", other.label());
        }
        let mut out = Vec::new();
        reset(&root, exercise(), &mut out).unwrap();
        assert!(String::from_utf8(out).unwrap().contains("already at its starting text"));
        let _ = std::fs::remove_dir_all(root);
    }
}
