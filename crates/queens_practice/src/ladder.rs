//! The ladder itself: which exercises there are, where each one lives, its
//! starting text (from `crates/n_queens_steps/exercises/`, built into the
//! binary) and its hints. The learner's file, `crates/<crate>/exercises/<step>.rs`,
//! is written from it when first needed and ignored by git, as `rustlings`
//! does; the judge (`n_queens_judge::check`) runs the shared cases against
//! that file alone.

use n_queens_steps::{chain, judge};

use queens_cli::Problem;

/// A step of the chain, as an exercise: an entry of [`chain::ladder`].
pub type Step = &'static chain::Step;

/// The problems, in the order the ladder suggests: counting (52) asks for
/// less than drawing every board (51), so it comes first.
pub const PROBLEMS: [Problem; 2] = [Problem::NQueensII, Problem::NQueens];

/// The step named on the command line, one of [`chain::ladder`].
///
/// A step of the chain with no exercise, or a name that is no step, is
/// refused with what it is and the names that are exercises.
pub fn parse_step(name: &str) -> Result<Step, String> {
    let exercises: Vec<&str> = chain::ladder().map(|step| step.name).collect();
    match chain::step(name) {
        Some(step) if !step.exercises.is_empty() => Ok(step),
        Some(_) => Err(format!(
            "{name} is a step of the chain with no exercise on the ladder; the exercises: {}",
            exercises.join(", ")
        )),
        None => Err(format!("there is no step {name:?}; the exercises: {}", exercises.join(", "))),
    }
}

/// One exercise: a step of one problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exercise {
    /// LeetCode 51 or 52.
    pub problem: Problem,
    /// The step of the chain.
    pub step: Step,
}

impl Exercise {
    /// Every exercise, in the order of [`PROBLEMS`] and [`chain::ladder`].
    pub fn all() -> impl Iterator<Item = Exercise> {
        PROBLEMS.into_iter().flat_map(|problem| chain::ladder().filter_map(move |step| Exercise::of(problem, step)))
    }

    /// The exercise of `step` for `problem`, if the step has one.
    pub fn of(problem: Problem, step: Step) -> Option<Exercise> {
        step.exercise(problem).map(|_| Exercise { problem, step })
    }

    /// Its entry in the chain.
    fn entry(self) -> &'static chain::Exercise {
        self.step.exercise(self.problem).expect("an exercise is made only of a step that has it")
    }

    /// `52 bitmask`: how the command line names it.
    pub fn label(self) -> String {
        format!("{} {}", self.problem.number(), self.step.name)
    }

    /// The learner's file, relative to the workspace root (`/` works as a
    /// separator on every platform, and reads the same in every message).
    pub fn path(self) -> String {
        format!("crates/{}/exercises/{}.rs", self.problem.crate_name(), self.step.name)
    }

    /// The chain's own file for this step, relative to the workspace root.
    pub fn chain_path(self) -> String {
        format!("crates/{}/src/{}.rs", self.problem.crate_name(), self.step.name)
    }

    /// The starting text, exactly as `reset` writes it.
    pub fn starting_text(self) -> &'static str {
        self.entry().starting_text
    }

    /// Its hints, from a nudge to nearly the answer.
    pub fn hints(self) -> &'static [&'static str] {
        self.entry().hints
    }

    /// Whether the learner's `text` is still at its start: after the
    /// `pub struct Solution;` line, a line still holds the starting call,
    /// `todo!("exercise 52 bitmask, ...")`, and nothing but it. A `todo!()`
    /// anywhere else (a comment, a call of the learner's own) is the
    /// learner's: their answer runs.
    pub fn not_started(self, text: &str) -> bool {
        let call = self.starting_call();
        text[header(text).len()..].lines().any(|line| line.trim() == call)
    }

    /// The `todo!(..)` line of the starting text, trimmed.
    fn starting_call(self) -> &'static str {
        let start = self.starting_text();
        let line = start[header(start).len()..].lines().find(|line| line.trim_start().starts_with("todo!("));
        line.expect("a starting text holds its `todo!()` call").trim()
    }

    /// Exercise 52 bitmask, for the tests.
    #[cfg(test)]
    pub fn bitmask_52() -> Exercise {
        Exercise { problem: Problem::NQueensII, step: chain::step("bitmask").unwrap() }
    }
}

/// The header of an exercise: everything up to and including the
/// `pub struct Solution;` line, which the learner leaves as it is. The rest
/// is theirs.
pub fn header(text: &str) -> &str {
    let line = judge::solution_line(text);
    line.map_or(text, |start| &text[..start + judge::SOLUTION_LINE.len()])
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;

    /// The workspace root, from this crate's directory.
    fn root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    /// Each starting text holds the judge's signature with its `todo!()`
    /// after the `pub struct Solution;` line, and its header shows the
    /// command that tests it and names the chain's file; a failure names
    /// the starting text's file and what it lacks.
    #[test]
    fn every_starting_text_is_not_started_and_names_its_exercise() {
        for exercise in Exercise::all() {
            let start = exercise.starting_text();
            let file =
                format!("crates/n_queens_steps/exercises/{}/{}.rs", exercise.problem.number(), exercise.step.name);
            let solution = judge::SOLUTION_LINE;
            assert!(header(start).ends_with(solution), "{file}: no line `{solution}` after its header");
            let body = &start[header(start).len()..];
            let todo = body.lines().any(|line| line.trim_start().starts_with("todo!("));
            assert!(
                todo && exercise.not_started(start),
                "{file}: the judge's signature should hold a `todo!(..)` line"
            );
            let command = format!("practice test {}", exercise.label());
            assert!(start.contains(&command), "{file}: the header should show `cargo run --release -- {command}`");
            let chain = exercise.chain_path();
            assert!(start.contains(&chain), "{file}: the header should name the chain's file, `{chain}`");
        }
    }

    /// Each exercise's file is where [`Exercise::path`] says, and its
    /// chain's file is there.
    #[test]
    fn every_exercise_has_its_file_and_its_chain_file() {
        for exercise in Exercise::all() {
            let step = exercise.step.name;
            assert!(exercise.path().ends_with(&format!("/exercises/{step}.rs")), "{}", exercise.label());
            assert!(root().join(exercise.chain_path()).exists(), "{}", exercise.label());
        }
    }

    #[test]
    fn not_started_looks_for_the_starting_call_only() {
        let exercise = Exercise::bitmask_52();
        let start = exercise.starting_text();
        let answer = "impl Solution { pub fn total_n_queens(n: i32) -> i32 { n } }";
        assert!(!exercise.not_started(&format!("{}\n\n{answer}\n", header(start))));
        let mentioned = format!("{}\n\n/// Was a `todo!()`; now done.\n{answer}\n// todo!(\"later\")\n", header(start));
        assert!(!exercise.not_started(&mentioned));
    }
}
