//! The ladder itself: which exercises there are, where each one lives, its
//! starting text and its hints.
//!
//! An exercise is a file of a problem crate, `crates/<crate>/exercises/<step>.rs`,
//! that the learner edits; its test target is `practice_<step>` of that
//! crate. The starting texts are kept here, in `crates/queens/exercises/`,
//! and built into the binary: `reset` needs them after the learner has
//! changed, and maybe committed, their own copy. A test of this crate checks
//! that the two copies agree (see `tests` below).

use crate::Problem;

/// A step of the chain, as an exercise. The names are the chain's files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Step {
    /// 1. An n×n board; scan the column and both diagonals above the square.
    #[value(name = "board_scan")]
    BoardScan,
    /// 2. `queens[row] = col`; compare with each queen above.
    #[value(name = "column_abs")]
    ColumnAbs,
    /// 3. Flags for columns, diagonals and anti-diagonals.
    #[value(name = "three_arrays")]
    ThreeArrays,
    /// 4. Three integer masks.
    #[value(name = "bitmask")]
    Bitmask,
    /// The bonus: search half of the first row.
    #[value(name = "mirror")]
    Mirror,
}

/// Every step, in the order of the chain.
pub const STEPS: [Step; 5] = [Step::BoardScan, Step::ColumnAbs, Step::ThreeArrays, Step::Bitmask, Step::Mirror];

/// The problems, in the order the ladder suggests: counting (52) asks for
/// less than drawing every board (51), so it comes first.
pub const PROBLEMS: [Problem; 2] = [Problem::NQueensII, Problem::NQueens];

impl Step {
    /// The file name without `.rs`, as on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Step::BoardScan => "board_scan",
            Step::ColumnAbs => "column_abs",
            Step::ThreeArrays => "three_arrays",
            Step::Bitmask => "bitmask",
            Step::Mirror => "mirror",
        }
    }

    /// "1".."4", or "bonus" for the step past the judge's chain.
    pub fn number(self) -> &'static str {
        match self {
            Step::BoardScan => "1",
            Step::ColumnAbs => "2",
            Step::ThreeArrays => "3",
            Step::Bitmask => "4",
            Step::Mirror => "bonus",
        }
    }
}

/// 51 or 52.
pub fn number(problem: Problem) -> &'static str {
    problem.number()
}

/// The problem crate that holds the exercises of `problem`.
pub fn crate_name(problem: Problem) -> &'static str {
    problem.crate_name()
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
    /// Every exercise, in the order of [`PROBLEMS`] and [`STEPS`].
    pub fn all() -> impl Iterator<Item = Exercise> {
        PROBLEMS.into_iter().flat_map(|problem| STEPS.into_iter().map(move |step| Exercise { problem, step }))
    }

    /// `52 bitmask`: how the command line names it.
    pub fn label(self) -> String {
        format!("{} {}", number(self.problem), self.step.name())
    }

    /// The learner's file, relative to the workspace root (`/` works as a
    /// separator on every platform, and reads the same in every message).
    pub fn path(self) -> String {
        format!("crates/{}/exercises/{}.rs", crate_name(self.problem), self.step.name())
    }

    /// The chain's own file for this step, relative to the workspace root.
    pub fn chain_path(self) -> String {
        format!("crates/{}/src/{}.rs", crate_name(self.problem), self.step.name())
    }

    /// The cargo test target that runs the shared cases against it.
    pub fn test_target(self) -> String {
        format!("practice_{}", self.step.name())
    }

    /// The starting text, exactly as `reset` writes it.
    pub fn starting_text(self) -> &'static str {
        match (self.problem, self.step) {
            (Problem::NQueensII, Step::BoardScan) => include_str!("../../exercises/52/board_scan.rs"),
            (Problem::NQueensII, Step::ColumnAbs) => include_str!("../../exercises/52/column_abs.rs"),
            (Problem::NQueensII, Step::ThreeArrays) => include_str!("../../exercises/52/three_arrays.rs"),
            (Problem::NQueensII, Step::Bitmask) => include_str!("../../exercises/52/bitmask.rs"),
            (Problem::NQueensII, Step::Mirror) => include_str!("../../exercises/52/mirror.rs"),
            (Problem::NQueens, Step::BoardScan) => include_str!("../../exercises/51/board_scan.rs"),
            (Problem::NQueens, Step::ColumnAbs) => include_str!("../../exercises/51/column_abs.rs"),
            (Problem::NQueens, Step::ThreeArrays) => include_str!("../../exercises/51/three_arrays.rs"),
            (Problem::NQueens, Step::Bitmask) => include_str!("../../exercises/51/bitmask.rs"),
            (Problem::NQueens, Step::Mirror) => include_str!("../../exercises/51/mirror.rs"),
        }
    }

    /// Its hints, from a nudge to nearly the answer.
    pub fn hints(self) -> &'static [&'static str] {
        super::hints::hints(self.problem, self.step)
    }
}

/// The header of an exercise: everything up to and including the
/// `pub struct Solution;` line, which the learner leaves as it is. The rest
/// is theirs.
pub fn header(text: &str) -> &str {
    let line = n_queens_facts::judge::SOLUTION_LINE;
    // The line itself, not a mention of it in the header's prose.
    let start =
        text.match_indices(line).map(|(index, _)| index).find(|&index| index == 0 || text[..index].ends_with('\n'));
    match start {
        Some(start) => &text[..start + line.len()],
        None => text,
    }
}

/// Whether an exercise's text is still at its start: its answer, after the
/// `pub struct Solution;` line, still holds a `todo!(`.
pub fn not_started(text: &str) -> bool {
    text[header(text).len()..].contains("todo!(")
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;
    use pretty_assertions::assert_eq;

    /// The workspace root, from this crate's directory.
    fn root() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    /// The exercise files and the starting texts built into the command are
    /// two copies. Every exercise's header (the part above `pub struct
    /// Solution;`, which a learner leaves alone) must match its starting
    /// text, and an exercise nobody has started must match it whole. A
    /// learner's answer, below the header, is never compared.
    #[test]
    fn exercise_files_match_their_starting_texts() {
        for exercise in Exercise::all() {
            let path = root().join(exercise.path());
            let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
            let start = exercise.starting_text();
            assert_eq!(
                header(&text),
                header(start),
                "{}: the header differs from the starting text in crates/queens/exercises/{}/{}.rs; \
                 the two must be changed together (`queens practice reset {}` rewrites the file from it)",
                exercise.path(),
                number(exercise.problem),
                exercise.step.name(),
                exercise.label()
            );
            if text[header(&text).len()..] == start[header(start).len()..] {
                assert_eq!(text, start);
            }
        }
    }

    #[test]
    fn every_starting_text_is_not_started_and_names_its_exercise() {
        for exercise in Exercise::all() {
            let start = exercise.starting_text();
            assert!(not_started(start), "{}", exercise.label());
            assert!(header(start).ends_with(n_queens_facts::judge::SOLUTION_LINE), "{}", exercise.label());
            let command = format!("practice test {}", exercise.label());
            assert!(start.contains(&command), "{}: the header should show `{command}`", exercise.label());
            assert!(
                start.contains(&exercise.chain_path()),
                "{}: the header should name the chain's file",
                exercise.label()
            );
        }
    }

    /// The normal build leaves the exercises out (their test targets are
    /// `test = false`), so this compiles every starting text, as modules of
    /// one crate, in the workspace's edition: `reset` never writes a file
    /// that does not build.
    #[test]
    fn every_starting_text_compiles() {
        let mut program = String::new();
        for exercise in Exercise::all() {
            let module = format!("exercise_{}_{}", number(exercise.problem), exercise.step.name());
            program.push_str(&format!("pub mod {module} {{\n{}}}\n", exercise.starting_text()));
        }
        let dir = std::env::temp_dir().join(format!("queens_practice_starts_{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let source = dir.join("starts.rs");
        std::fs::write(&source, program).unwrap();
        let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
        let compiled = std::process::Command::new(rustc)
            .args(["--edition", "2024", "--crate-type", "lib", "--emit", "metadata", "-D", "warnings", "--out-dir"])
            .arg(&dir)
            .arg(&source)
            .output()
            .unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        assert!(compiled.status.success(), "{}", String::from_utf8_lossy(&compiled.stderr));
    }

    #[test]
    fn every_exercise_has_a_test_target_and_its_chain_file() {
        for exercise in Exercise::all() {
            let target = root().join("crates").join(crate_name(exercise.problem)).join("tests/practice");
            assert!(target.join(format!("{}.rs", exercise.step.name())).exists(), "{}", exercise.label());
            assert!(root().join(exercise.chain_path()).exists(), "{}", exercise.label());
            let manifest =
                std::fs::read_to_string(root().join("crates").join(crate_name(exercise.problem)).join("Cargo.toml"))
                    .unwrap();
            assert!(manifest.contains(&format!("name = \"{}\"", exercise.test_target())), "{}", exercise.label());
        }
    }

    #[test]
    fn not_started_looks_below_the_header_only() {
        let start = Exercise { problem: Problem::NQueensII, step: Step::Bitmask }.starting_text();
        assert!(not_started(start));
        let answered =
            format!("{}\n\nimpl Solution {{ pub fn total_n_queens(n: i32) -> i32 {{ n }} }}\n", header(start));
        assert!(!not_started(&answered));
    }
}
