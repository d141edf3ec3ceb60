//! `queens practice list`: every exercise and where it stands, answered
//! from the recorded verdicts where a file is unchanged, then what to do
//! next.

use std::io::Write;

use n_queens_steps::chain;
use queens_cli::{Outcome, Problem};

use super::files::{self, Unreadable};
use super::ladder::{Exercise, PROBLEMS};
use super::summary::{self, Status};
use super::{COMMAND, Workspace, known, not_fenced, status_known};

/// `queens practice list`: every exercise and where it stands, then what to do next.
pub(super) fn list(workspace: &Workspace, out: &mut impl Write) -> Outcome {
    writeln!(out, "The practice ladder: one exercise per step of the chain, for each problem.")?;
    if !workspace.at_root {
        writeln!(out, "In {}", workspace.root.display())?;
    }
    // An unreadable one is said below, in its place. The others: started or
    // not, and whether a verdict is recorded for the file as it is.
    let (mut started, mut to_check) = (0, 0);
    for exercise in Exercise::all() {
        let Ok(text) = files::read(workspace, exercise) else { continue };
        if !exercise.not_started(&text) {
            started += 1;
            to_check += usize::from(known(workspace, exercise, &text).is_none());
        }
    }
    let checking = match (started, to_check) {
        (0, _) => None,
        (_, 0) => {
            Some("The verdicts are the ones recorded at each file's last check: none has changed since.".to_string())
        }
        (1, 1) => Some("Checking the started exercise now.".to_string()),
        _ if to_check == started => Some(format!("Checking the {started} started exercises now.")),
        (_, 1) => Some(format!(
            "Checking 1 of the {started} started exercises now, changed since its last check; the other verdicts \
             are the ones recorded."
        )),
        _ => Some(format!(
            "Checking {to_check} of the {started} started exercises now, changed since their last check; the other \
             verdicts are the ones recorded."
        )),
    };
    for line in checking.iter().flat_map(|said| summary::wrapped("", said, 0)) {
        writeln!(out, "{line}")?;
    }
    for line in not_fenced().into_iter().filter(|_| started > 0) {
        writeln!(out, "{line}")?;
    }
    let mut next = None;
    for problem in PROBLEMS {
        writeln!(out)?;
        let title = match problem {
            Problem::NQueensII => "LeetCode 52, N-Queens II (the count)",
            Problem::NQueens => "LeetCode 51, N-Queens (every board)",
        };
        writeln!(out, "{title}, in {}/", workspace.show(&format!("crates/{}/exercises", problem.crate_name())))?;
        if let Err(Unreadable::Folder(why)) = files::check_folder(workspace, problem) {
            for line in summary::wrapped("  ", &why, 4) {
                writeln!(out, "{line}")?;
            }
            next = next.or(Some(Next::Folder(problem)));
            continue;
        }
        let name_width = chain::ladder().map(|step| step.name.len()).max().unwrap_or(0) + 1;
        let mut past_the_judge = false;
        for exercise in chain::ladder().filter_map(|step| Exercise::of(problem, step)) {
            let step = exercise.step;
            if step.number.is_none() && !past_the_judge {
                writeln!(out, "  past the judge:")?;
                past_the_judge = true;
            }
            let number = step.number.map(|number| number.to_string()).unwrap_or_default();
            let start = format!("  {number:>5}  {:<name_width$} ", step.name);
            write!(out, "{start}")?;
            out.flush()?;
            let indent = start.chars().count();
            let (described, status) = match files::read(workspace, exercise) {
                Ok(_) => {
                    let status = status_known(workspace, exercise)?;
                    (status.describe(indent), Some(status))
                }
                Err(Unreadable::NotRegular { what, .. }) => {
                    (summary::after_column(&format!("not a regular file ({what}): remove it"), indent), None)
                }
                Err(_) => {
                    let said = format!("unreadable: `practice reset {}` puts it aside", exercise.label());
                    (summary::after_column(&said, indent), None)
                }
            };
            writeln!(out, "{described}")?;
            if next.is_none() && !matches!(status, Some(Status::Pastes(_))) {
                next = Some(Next::Exercise(exercise, status));
            }
        }
    }
    writeln!(out)?;
    match next {
        None => {
            writeln!(out, "Every exercise pastes into the judge.")?;
            writeln!(out, "Next: {}, then the pages past the judge.", workspace.show("docs/common-mistakes.md"))?;
        }
        Some(Next::Folder(problem)) => {
            let folder = workspace.show(&format!("crates/{}/exercises", problem.crate_name()));
            writeln!(out, "Next: move {folder} away, as said above, then run this again.")?;
        }
        Some(Next::Exercise(exercise, status)) => {
            let label = exercise.label();
            let what = if status == Some(Status::NotStarted) { "Next" } else { "Keep going" };
            writeln!(out, "{what}: {}", workspace.show(&exercise.path()))?;
            writeln!(out, "  {COMMAND} test {label}     run its cases")?;
            writeln!(out, "  {COMMAND} hint {label}     a hint, one at a time")?;
        }
    }
    Ok(())
}

/// What `list` suggests doing next.
enum Next {
    /// The folder of a problem's exercises is in the way.
    Folder(Problem),
    /// An exercise to work on, and where it stands.
    Exercise(Exercise, Option<Status>),
}
