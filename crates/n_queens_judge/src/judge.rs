//! The judge-paste check of an approach file of the workspace's own: cut as
//! a user copies it ([`crate::judge_text`], which `queens paste` prints too),
//! built as the judge builds it ([`crate::program`], `rustc -O`), and asked
//! every n of [`HARNESS_NS`]; its answers are compared with the shared
//! cases ([`expected_answers`]), never with another approach's.

use std::time::Duration;

use crate::Problem;
use crate::program::{Answer, program};
use crate::runner::{Profile, Refused, Runner};
use crate::session::Given;

/// The `n` asked of an approach file: the edge cases, then the judge's range 1..=9.
pub const HARNESS_NS: [i32; 12] = [i32::MIN, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/// How long an approach file may take for one n: far more than any does.
const LIMIT: Duration = Duration::from_secs(60);

/// `pasted` built as the judge builds it in `edition`, under the name
/// `name`, and asked each of `ns` in turn: its answers (boards sorted), or
/// why it did not compile or answer.
pub fn answers(problem: Problem, pasted: &str, edition: &str, name: &str, ns: &[i32]) -> Result<Vec<Answer>, String> {
    let runner = Runner::trusted()?;
    let binary = runner.compile(&program(problem, pasted, 2), name, edition, Profile::Judge, &mut |_| {}).map_err(
        |refused| match refused {
            Refused::Compiler(stderr) => format!("{name} does not compile with --edition {edition}:\n{stderr}"),
            other => other.limit().unwrap_or_default(),
        },
    )?;
    let mut session = runner.start(&binary, problem, LIMIT * ns.len() as u32)?;
    let mut answers = Vec::new();
    for &n in ns {
        match session.ask(n, LIMIT) {
            Given::Answer(Answer::Boards(mut boards)) => {
                boards.sort();
                answers.push(Answer::Boards(boards));
            }
            Given::Answer(answer) => answers.push(answer),
            Given::TooSlow => return Err(format!("{name}: n = {n} still running after {} s", LIMIT.as_secs())),
            Given::Ended(why) => return Err(format!("{name}: n = {n}: {why}")),
        }
    }
    session.finish();
    Ok(answers)
}

/// What a right answer gives for each of `ns`, from the shared cases (boards sorted).
pub fn expected_answers(problem: Problem, ns: &[i32]) -> Vec<Answer> {
    ns.iter()
        .map(|&n| match problem {
            Problem::NQueensII => Answer::Count(n_queens_cases::expected_count(n).expect("a known count") as i64),
            Problem::NQueens => Answer::Boards(n_queens_cases::expected_boards(n).expect("boards for the range")),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A right paste answers, a wrong one answers wrongly, one that does not
    /// compile is refused; a paste runs in an empty folder with an empty
    /// environment: `nothing` counts both, and cargo's variable at compile time.
    #[test]
    fn a_paste_runs_as_the_judge_runs_it_and_sees_nothing_of_the_workspace() {
        let wrong = "impl Solution { pub fn total_n_queens(n: i32) -> i32 { n } }";
        let given = answers(Problem::NQueensII, wrong, "2021", "wrong", &[1, 4]).unwrap();
        assert_eq!(given, [Answer::Count(1), Answer::Count(4)]);
        assert_ne!(given, expected_answers(Problem::NQueensII, &[1, 4]));
        let broken = "impl Solution { pub fn total_n_queens(n: i32) -> i32 { n as u8 } }";
        assert!(answers(Problem::NQueensII, broken, "2018", "broken", &[1]).unwrap_err().contains("E0308"));
        let nothing = "impl Solution { pub fn total_n_queens(_n: i32) -> i32 { \
                       let files = std::fs::read_dir(\".\").unwrap().count(); \
                       let variables = std::env::vars_os().count(); \
                       let cargo = option_env!(\"CARGO_MANIFEST_DIR\").map_or(0, |_| 1); \
                       (files * 100 + variables * 10 + cargo) as i32 } }";
        assert_eq!(answers(Problem::NQueensII, nothing, "2021", "nothing", &[1]).unwrap(), [Answer::Count(0)]);
    }
}
