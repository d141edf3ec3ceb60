//! `queens practice`: the practice ladder, one exercise per step of the
//! chain for each problem, in the spirit of `rustlings`: `list` (`list.rs`), `watch`
//! (`watch.rs`), `test`, `hint` (`hints.rs`) and `reset` (`files.rs`).
//!
//! The exercises are files of the workspace it runs in, written from the
//! command's own starting texts when first needed (`ladder.rs`); each is
//! checked by the judge (`n_queens_judge::check`, `results.rs`): built and
//! run fenced, in a program of its own that only hands back its answers,
//! which the judge compares with the shared cases; the verdict is told in a
//! few lines (`summary.rs`), and recorded (`record.rs`): `list` and the loop
//! answer from the record for a file unchanged since its last check.

mod files;
mod hints;
mod ladder;
mod list;
mod record;
mod results;
mod summary;
mod watch;

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use ladder::{Exercise, PROBLEMS, Step};
use n_queens_steps::chain;
use record::Records;
use summary::Status;

use queens_cli::{Failure, Outcome, Problem, WIDTH};

/// Arguments of `queens practice`.
#[derive(Debug, clap::Args)]
#[command(after_help = after_help())]
pub struct Args {
    /// What to do; `watch` when left out on a terminal, else `list`.
    #[command(subcommand)]
    action: Option<Action>,
}

/// The end of `queens practice --help`: the ladder's steps counted from the chain.
fn after_help() -> String {
    const COUNTS: [&str; 10] = ["No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"];
    let numbered = chain::ladder().filter(|step| step.number.is_some()).count();
    let count = COUNTS.get(numbered).map_or(numbered.to_string(), |word| word.to_string());
    let past: Vec<String> =
        chain::ladder().filter(|step| step.number.is_none()).map(|step| format!("`{}`", step.name)).collect();
    let past = match past.split_last() {
        None => String::new(),
        Some((last, [])) => format!(", then {last}, past the judge"),
        Some((last, others)) => format!(", then {} and {last}, past the judge", others.join(", ")),
    };
    let steps = format!("{count} step{} of the chain{past}. From the root:", if numbered == 1 { "" } else { "s" });
    let steps = textwrap::fill(&steps, queens_cli::wrapping(WIDTH));
    format!(
        "\
The exercises are crates/n_queens_ii/exercises/*.rs (LeetCode 52) and
crates/n_queens/exercises/*.rs (LeetCode 51), written when first needed.
{steps}
  cargo run --release -- practice                      the loop (on a terminal)
  cargo run --release -- practice list                 where you stand
  cargo run --release -- practice test 52 board_scan   run its cases
  cargo run --release -- practice hint 52 board_scan   its next hint
  cargo run --release -- practice reset 52 board_scan  its starting text"
    )
}

/// The subcommands of `queens practice`.
#[derive(Debug, clap::Subcommand)]
enum Action {
    /// Every exercise: not started, failing at n = K, passing, or pasting into the judge.
    List,
    /// Check the first exercise not yet passing again each time its file is saved.
    Watch,
    /// Run the shared cases (n = 1..=9), then the judge-paste test, on one
    /// exercise: the first not yet passing when none is named.
    Test(Chosen),
    /// Show one hint for an exercise: the next not yet shown, or the one numbered.
    Hint {
        /// The exercise: the first not yet passing when left out.
        #[command(flatten)]
        which: Chosen,
        /// Which hint: 1 is a nudge, the last nearly the answer.
        #[arg(value_parser = parse_hint, allow_negative_numbers = true)]
        number: Option<usize>,
    },
    /// Put one exercise back to its starting text (the others are not touched).
    Reset(Which),
}

/// One exercise on the command line: `52 bitmask`.
#[derive(Debug, clap::Args)]
struct Which {
    /// The problem: 52 (the count) or 51 (every board).
    #[arg(value_parser = queens_cli::problem_parser())]
    problem: Problem,
    /// The step of the chain.
    #[arg(value_parser = ladder::parse_step)]
    step: Step,
}

impl Which {
    /// The exercise, or a usage error for a step that is not one of this problem.
    fn exercise(&self) -> Result<Exercise, Failure> {
        Exercise::of(self.problem, self.step).ok_or_else(|| {
            let (problem, step) = (self.problem, self.step.name);
            let others: Vec<String> = self.step.exercises.iter().map(|exercise| exercise.problem.to_string()).collect();
            Failure::usage(format!("{step} is an exercise of {} only, not of {problem}", others.join(" and ")))
        })
    }
}

/// One exercise on the command line, or none: `52 bitmask`, or nothing for
/// the first exercise not yet passing.
#[derive(Debug, clap::Args)]
struct Chosen {
    /// The problem: 52 (the count) or 51 (every board).
    #[arg(value_parser = queens_cli::problem_parser(), requires = "step")]
    problem: Option<Problem>,
    /// The step of the chain.
    #[arg(value_parser = ladder::parse_step)]
    step: Option<Step>,
}

impl Chosen {
    /// The exercise named, `None` when none is, or a usage error for a step
    /// that is not one of this problem.
    fn exercise(&self) -> Result<Option<Exercise>, Failure> {
        let (Some(problem), Some(step)) = (self.problem, self.step) else { return Ok(None) };
        Which { problem, step }.exercise().map(Some)
    }
}

/// How a learner runs this command from the workspace root.
const COMMAND: &str = "cargo run --release -- practice";

/// Runs `queens practice`.
pub fn run(args: &Args, out: &mut impl Write) -> Outcome {
    // As `rustlings` alone does, on a terminal; piped, the list as before.
    let on_terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    // Where this command runs a learner's code, its processes end with it.
    let ready = || {
        results::end_with_this_process().map_err(Failure::Failed)?;
        workspace()
    };
    match &args.action {
        None if on_terminal => watch::run(&workspace()?),
        Some(Action::Watch) => watch::run(&workspace()?),
        None | Some(Action::List) => list::list(&ready()?, out),
        Some(Action::Test(which)) => {
            let workspace = ready()?;
            match which.exercise()? {
                Some(exercise) => test(&workspace, exercise, out),
                None => test_next(&workspace, out),
            }
        }
        Some(Action::Hint { which, number }) => {
            if let Some(exercise) = which.exercise()? {
                return hint_recorded(workspace().ok().as_ref(), exercise, *number, out);
            }
            let workspace = ready()?;
            let Some(exercise) = first_not_passing(&workspace, out)? else {
                writeln!(out, "Every exercise pastes into the judge: no hint is needed.")?;
                writeln!(out, "Name one to read its hints again: `{COMMAND} hint 52 bitmask`.")?;
                return Ok(());
            };
            hint_recorded(Some(&workspace), exercise, *number, out)
        }
        Some(Action::Reset(which)) => files::reset(&workspace()?, which.exercise()?, out),
    }
}

/// The workspace the exercises live in, and how its files are named to the
/// user: from the current directory when it is the root, else in full.
#[derive(Clone, Debug)]
struct Workspace {
    /// Its root, which holds `Cargo.toml`.
    root: PathBuf,
    /// Whether the current directory is the root.
    at_root: bool,
}

impl Workspace {
    /// The file at `relative` (from the root), as a path that is true where
    /// the user stands.
    fn show(&self, relative: &str) -> String {
        if self.at_root { relative.to_string() } else { self.root.join(relative).display().to_string() }
    }

    /// A workspace of its own for a test, in the temporary folder, removed
    /// when the test ends, passed or failed.
    #[cfg(test)]
    fn scratch(name: &str) -> Scratch {
        let root = std::env::temp_dir().join(format!("queens_practice_{name}_{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("crates/n_queens_ii/exercises")).unwrap();
        Scratch(Workspace { root, at_root: false })
    }
}

/// A test's own workspace ([`Workspace::scratch`]), removed when dropped.
#[cfg(test)]
struct Scratch(Workspace);

#[cfg(test)]
impl std::ops::Deref for Scratch {
    type Target = Workspace;

    fn deref(&self) -> &Workspace {
        &self.0
    }
}

#[cfg(test)]
impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0.root);
    }
}

/// The workspace the exercises live in: the nearest one with both problem
/// crates, from the current directory up. Never another: a test that runs
/// the command elsewhere finds none, so it cannot touch a learner's files.
fn workspace() -> Result<Workspace, Failure> {
    let is_root = |dir: &Path| {
        dir.join("Cargo.toml").is_file()
            && PROBLEMS.iter().all(|&problem| dir.join(format!("crates/{}/Cargo.toml", problem.crate_name())).is_file())
    };
    let current = std::env::current_dir().map_err(|error| Failure::Failed(format!("the current folder: {error}")))?;
    let Some(root) = current.ancestors().find(|dir| is_root(dir)) else {
        return Err(Failure::Failed(format!(
            "no workspace with the practice exercises here or above: run `{COMMAND}` in a clone of it"
        )));
    };
    Ok(Workspace { at_root: root == current, root: root.to_path_buf() })
}

/// The lines that say which layers of the fence a learner's answer runs
/// without on this machine, and why; none where every layer holds.
fn not_fenced() -> Vec<String> {
    let Ok(exe) = std::env::current_exe() else { return Vec::new() };
    not_fenced_note(&n_queens_judge::runner::missing_layers(&exe))
}

/// [`not_fenced`]'s lines for the `missing` layers.
fn not_fenced_note(missing: &[String]) -> Vec<String> {
    if missing.is_empty() {
        return Vec::new();
    }
    let note =
        format!("Fenced in part: {}. Your answer ran behind the other layers (docs/fence.md).", missing.join("; "));
    summary::wrapped("", &note, 2)
}

/// Where one exercise stands: unless it is not started, the judge checks
/// it now, and its verdict is recorded. The compiler's lines go to `echo` as
/// they come. Paths are named from where the user stands.
fn status(workspace: &Workspace, exercise: Exercise, echo: &mut dyn FnMut(&str)) -> Result<Status, Failure> {
    let text = files::read(workspace, exercise)?;
    status_of(workspace, exercise, &text, None, echo)
}

/// Where one exercise stands: the verdict recorded for its file as it is
/// ([`known`]), else checked now ([`status`]).
fn status_known(workspace: &Workspace, exercise: Exercise) -> Result<Status, Failure> {
    let text = files::read(workspace, exercise)?;
    match known(workspace, exercise, &text) {
        Some(status) => Ok(status),
        None => status_of(workspace, exercise, &text, None, &mut |_| {}),
    }
}

/// Where an exercise whose file holds `text` stands, known without a check:
/// not started, or the verdict recorded for that text ([`Records::get`]).
fn known(workspace: &Workspace, exercise: Exercise, text: &str) -> Option<Status> {
    if exercise.not_started(text) {
        return Some(Status::NotStarted);
    }
    Records::of(workspace).get(exercise, &workspace.show(&exercise.path()), text)
}

/// Where an exercise whose file holds `text` stands ([`status`]); with
/// `cancel`, the check starts nothing more once that is set.
fn status_of(
    workspace: &Workspace,
    exercise: Exercise,
    text: &str,
    cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    echo: &mut dyn FnMut(&str),
) -> Result<Status, Failure> {
    if exercise.not_started(text) {
        return Ok(Status::NotStarted);
    }
    let shown = workspace.show(&exercise.path());
    let build = workspace.root.join(record::FOLDER).join("builds").join(exercise.label().replace(' ', "-"));
    let checked = results::check(exercise, text, &shown, build, cancel.clone(), echo).map_err(Failure::Failed)?;
    let status = Status::of(&checked, exercise.step.name);
    // A check cancelled on its way may have been cut short: its verdict is not the text's.
    if !cancel.is_some_and(|cancel| cancel.load(std::sync::atomic::Ordering::SeqCst)) {
        Records::of(workspace).put(exercise, &shown, text, &status);
    }
    Ok(status)
}

/// `text` cut to `width` characters, with `…` where it was cut: for one
/// line of a screen (the list of `practice watch` shows each exercise's
/// first line; Enter shows it all).
fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(width.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// `queens practice test 52 bitmask`: the cases, then the paste test, with
/// cargo's output as it comes, then the exercise's status in one line.
fn test(workspace: &Workspace, exercise: Exercise, out: &mut impl Write) -> Outcome {
    let label = exercise.label();
    if exercise.not_started(&files::read(workspace, exercise)?) {
        writeln!(out, "Exercise {label} is not started: its answer is still the starting")?;
        writeln!(out, "`todo!()`, which fails every case.")?;
        writeln!(out, "Write your answer in {}, then run this again.", workspace.show(&exercise.path()))?;
        writeln!(out, "Stuck? `{COMMAND} hint {label}`.")?;
        return Err(Failure::Unsuccessful);
    }
    // The compiler's own lines (a compile error, a warning) are passed
    // through to standard error as they come; the judge's verdict is told in
    // a few lines below.
    let status = status(workspace, exercise, &mut |line| queens_cli::say(line))?;
    writeln!(out)?;
    for line in status.report(&label).into_iter().chain(not_fenced()) {
        writeln!(out, "{line}")?;
    }
    let Status::Pastes(_) = status else {
        if status != Status::NotStarted {
            writeln!(out, "Stuck? `{COMMAND} hint {label}`.")?;
        }
        return Err(Failure::Unsuccessful);
    };
    writeln!(out, "Everything after `pub struct Solution;` is accepted by the judge as it is.")?;
    let (yours, chain) = (workspace.show(&exercise.path()), workspace.show(&exercise.chain_path()));
    writeln!(out, "Compare it with the step's own file:")?;
    writeln!(out, "  diff {yours} \\\n    {chain}")?;
    Ok(())
}

/// The first exercise, in the ladder's order, that does not paste into the
/// judge yet or cannot be read; `None` when every one pastes. Each exercise
/// before it is built and run, unless its verdict is recorded, and said in a
/// line on `out` as it is passed.
fn first_not_passing(workspace: &Workspace, out: &mut impl Write) -> Result<Option<Exercise>, Failure> {
    for exercise in Exercise::all() {
        let unreadable = files::read(workspace, exercise).is_err();
        if unreadable || !matches!(status_known(workspace, exercise)?, Status::Pastes(_)) {
            return Ok(Some(exercise));
        }
        writeln!(out, "Exercise {} passes and pastes into the judge.", exercise.label())?;
    }
    Ok(None)
}

/// `queens practice test` with no exercise: the first not yet passing, named, then tested.
fn test_next(workspace: &Workspace, out: &mut impl Write) -> Outcome {
    writeln!(out, "Looking for the first exercise not yet passing...")?;
    out.flush()?;
    let Some(exercise) = first_not_passing(workspace, out)? else {
        writeln!(out, "Every exercise pastes into the judge.")?;
        writeln!(out, "Name one to test it again: `{COMMAND} test 52 bitmask`.")?;
        return Ok(());
    };
    writeln!(out, "Testing {}, the first exercise not yet passing:", exercise.label())?;
    writeln!(out)?;
    test(workspace, exercise, out)
}

/// `queens practice hint [52 bitmask] [K]`: hint K, or the next not yet
/// shown, recorded as shown where there is a workspace to record it in.
fn hint_recorded(
    workspace: Option<&Workspace>,
    exercise: Exercise,
    number: Option<usize>,
    out: &mut impl Write,
) -> Outcome {
    let Some(workspace) = workspace else { return hint(None, exercise, number.unwrap_or(1), out) };
    let mut shown = hints::Shown::read(workspace, exercise.problem).map_err(Failure::Failed)?;
    let number = number.unwrap_or_else(|| shown.next(exercise));
    hint(Some(workspace), exercise, number, out)?;
    shown.record(workspace, exercise, number).map_err(Failure::Failed)
}

/// Parses a hint's number: a whole number (its range depends on the exercise).
fn parse_hint(text: &str) -> Result<usize, String> {
    let number = queens_cli::parse_whole("the hint's number", text, 1)?;
    usize::try_from(number).map_err(|_| format!("there is no hint {text}"))
}

/// `queens practice hint 52 bitmask [K]`: hint K (1 by default) and how to see the next.
fn hint(workspace: Option<&Workspace>, exercise: Exercise, number: usize, out: &mut impl Write) -> Outcome {
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
    for line in textwrap::wrap(hints[number - 1], queens_cli::wrapping(WIDTH - 4)) {
        writeln!(out, "  {line}")?;
    }
    writeln!(out)?;
    if number < hints.len() {
        writeln!(out, "The next one, closer to the answer: {COMMAND} hint {label} {}", number + 1)?;
    } else {
        writeln!(out, "That was the last hint. The answer itself is the step's own file:")?;
        let chain = exercise.chain_path();
        writeln!(out, "  {}", workspace.map_or(chain.clone(), |workspace| workspace.show(&chain)))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_fenced_says_why_in_lines_that_fit() {
        let missing = ["not fenced by Landlock: this kernel has no Landlock (Linux 5.13 or newer)".to_string()];
        let lines = not_fenced_note(&missing);
        assert!(lines[0].starts_with("Fenced in part: not fenced by Landlock: this kernel has no"), "{lines:?}");
        assert!(lines.join(" ").contains("ran behind the other layers (docs/fence.md)."), "{lines:?}");
        assert!(not_fenced_note(&[]).is_empty());
        assert!(lines.iter().all(|line| line.chars().count() <= WIDTH), "{lines:?}");
    }

    #[test]
    fn a_hint_says_how_to_see_the_next_one_and_one_past_the_last_is_a_usage_error() {
        let hint_said = |number| {
            let mut out = Vec::new();
            hint(None, Exercise::bitmask_52(), number, &mut out).map(|()| String::from_utf8(out).unwrap())
        };
        let text = hint_said(1).unwrap();
        assert!(text.starts_with("Hint 1 of 3 for exercise 52 bitmask:"), "{text}");
        assert!(text.contains("practice hint 52 bitmask 2"), "{text}");
        let text = hint_said(3).unwrap();
        assert!(text.contains("That was the last hint"), "{text}");
        assert!(text.contains("crates/n_queens_ii/src/bitmask.rs"), "{text}");
        let Err(Failure::Usage(message)) = hint_said(4) else { panic!("a usage error") };
        assert_eq!(message, "exercise 52 bitmask has 3 hints, numbered 1 to 3 (got 4)");
        assert!(hint_said(0).is_err());
    }
}
