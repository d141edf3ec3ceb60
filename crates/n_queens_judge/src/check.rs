//! The check of a learner's exercise, which the judge alone decides: the
//! answer runs in a program of its own ([`crate::program`]), fenced, and
//! only hands back its answers; they are compared here with the shared
//! cases (`n_queens_cases`), which that program never holds.
//!
//! In order ([`exercise`]): the program is compiled as the tests build it
//! (overflow checks on); n = 1..=9 are asked one at a time in one process,
//! as the judge runs its cases, each under [`CASE_LIMIT`]. Once every one
//! is right: n = 0 and -1 under [`PAST_THE_JUDGE_LIMIT`], for a note; the
//! learner's own tests; and the judge-paste check, the program built as
//! the judge builds it (`rustc -O`) in editions 2018 and 2021, run on the
//! cases again, and held to the judge's Rust ([`crate::msrv`]).

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use crate::own_tests::{self, OwnTestFailed};
use crate::program::{Answer, Place, program};
use crate::reading::{self, visible};
use crate::runner::{Profile, Refused, Runner};
use crate::session::{Given, Session};
use crate::{JUDGE_NS, Problem, SOLUTION_LINE, exercise_text};

/// How long one case may run: a judge-accepted answer finishes n = 9 in a
/// small fraction of it; one still running is stuck, or too slow.
pub const CASE_LIMIT: Duration = Duration::from_secs(10);

/// How long an answer may run past the judge's range (n = 0 and -1): a note, not worth a wait.
pub const PAST_THE_JUDGE_LIMIT: Duration = Duration::from_secs(1);

/// What the answer did at one n.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// It returned.
    Returned {
        /// The count, or the number of boards.
        count: i64,
        /// What is wrong, `returned 0, expected 2`; `None` when it is right.
        wrong: Option<String>,
    },
    /// It panicked: the message, and the place when that is the learner's file.
    Panicked {
        /// The panic's message.
        message: String,
        /// `crates/n_queens_ii/exercises/bitmask.rs:12:5`.
        place: Option<String>,
    },
    /// Still running after this many seconds: the judge stopped waiting.
    TooSlow(u64),
    /// The process ended while it ran (a stack overflow, an exit, a limit): why.
    Ended(String),
    /// Not run: an earlier n ended the process or ran out of time.
    NotRun,
}

impl Outcome {
    /// Whether this counts against the answer.
    pub fn failed(&self) -> bool {
        !matches!(self, Outcome::Returned { wrong: None, .. } | Outcome::NotRun)
    }
}

/// A check that ran the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Whether the answers are boards (LeetCode 51), not counts.
    pub boards: bool,
    /// The judge's range, n = 1..=9, in order.
    pub cases: Vec<(i32, Outcome)>,
    /// The first of the learner's own tests that fails, if one does.
    pub own_test: Option<OwnTestFailed>,
    /// The judge-paste check in editions 2018 and 2021, `None` where it
    /// pastes; empty unless every case is right.
    pub paste: Vec<Option<String>>,
    /// n = 0 and -1, past the judge's range, in order; empty unless every case is right.
    pub past: Vec<(i32, Outcome)>,
    /// The layers of the fence that were not in force, each in a sentence
    /// (`not fenced by Landlock: ...`); empty where every layer held.
    pub missing: Vec<String>,
}

impl Report {
    /// Whether everything passed: every case right, the learner's tests,
    /// both editions of the paste.
    pub fn passes(&self) -> bool {
        self.cases.iter().all(|(_, outcome)| matches!(outcome, Outcome::Returned { wrong: None, .. }))
            && self.own_test.is_none()
            && self.paste.len() == 2
            && self.paste.iter().all(Option::is_none)
    }
}

/// What a check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Checked {
    /// The answer does not compile: the first error at its place, or the
    /// limit the compile ran into.
    DoesNotCompile(String),
    /// The judge does not build it, why ([`reading::refusal`]): too large,
    /// too deep, or code outside `main`.
    Refused(String),
    /// It ran.
    Ran(Report),
}

/// The program's file, as compile errors and panics name it before they are
/// said at their place in the learner's file.
const ANSWER: &str = "answer";

/// Checks the exercise `source` of `problem` (the file `shown`, from the
/// workspace root) with `runner`. The compiler's lines go to `echo` as they
/// come, places in the learner's file. An error is a failure of the check
/// itself (no toolchain, no folder), not of the answer.
pub fn exercise(
    runner: &Runner,
    problem: Problem,
    source: &str,
    shown: &str,
    echo: &mut dyn FnMut(&str),
) -> Result<Checked, String> {
    let Some(pasted) = exercise_text(source) else {
        return Ok(Checked::DoesNotCompile(format!(
            "{shown} has no `{SOLUTION_LINE}` line: the judge's text starts after it. Keep the file's first \
             lines, down to that one, as they are"
        )));
    };
    if let Some(why) = reading::refusal(pasted) {
        return Ok(Checked::Refused(why));
    }
    let place = Place { shown, source, pasted };
    let program = program(problem, pasted, place.first());
    let source_name = format!("{ANSWER}.rs");
    // A compiler that runs out of memory prints its own backtrace: not the learner's to read.
    let mut backtrace = false;
    let compiled = runner.compile(&program, ANSWER, "2021", Profile::Checked, &mut |line| {
        backtrace |= line.starts_with("stack backtrace:");
        if !backtrace {
            echo(&visible(&place.in_file(line, &source_name)));
        }
    });
    let binary = match compiled {
        Ok(binary) => binary,
        Err(Refused::Compiler(stderr)) => return Ok(Checked::DoesNotCompile(visible(&place.first_error(&stderr)))),
        Err(Refused::Failed(why)) => return Err(why),
        Err(other) => return Ok(Checked::DoesNotCompile(other.limit().unwrap_or_default())),
    };
    let budget = CASE_LIMIT * JUDGE_NS.len() as u32 + PAST_THE_JUDGE_LIMIT * 2;
    let mut session = runner.start(&binary, problem, budget)?;
    let cases = ask_each(&mut session, &JUDGE_NS, CASE_LIMIT, &place, true);
    let mut report = Report {
        boards: problem == Problem::NQueens,
        cases,
        own_test: None,
        paste: Vec::new(),
        past: Vec::new(),
        missing: runner.missing(),
    };
    if report.cases.iter().any(|(_, outcome)| outcome.failed()) {
        return Ok(Checked::Ran(report));
    }
    report.past = ask_each(&mut session, &[0, -1], PAST_THE_JUDGE_LIMIT, &place, false);
    session.finish();
    report.own_test = own_tests::run(runner, source, shown, "own_tests").err();
    for edition in ["2018", "2021"] {
        report.paste.push(pastes(runner, problem, &program, &place, edition).err());
    }
    Ok(Checked::Ran(report))
}

/// Asks `session` each of `ns` under `limit`: the outcomes, judged against
/// the shared cases where `judged`. Once the process ends or runs out of
/// time, the rest are not run.
fn ask_each(session: &mut Session, ns: &[i32], limit: Duration, place: &Place, judged: bool) -> Vec<(i32, Outcome)> {
    let mut over = false;
    let mut outcomes = Vec::new();
    for &n in ns {
        let outcome = if over {
            Outcome::NotRun
        } else {
            match session.ask(n, limit) {
                Given::Answer(answer) => match judge(n, answer, place, judged) {
                    Outcome::Panicked { message, place } => {
                        let refused = session.refused(&message).map_or(String::new(), |refused| format!(" {refused}"));
                        Outcome::Panicked { message: format!("{}{refused}", visible(&message)), place }
                    }
                    outcome => outcome,
                },
                Given::TooSlow => Outcome::TooSlow(limit.as_secs()),
                Given::Ended(why) => Outcome::Ended(why),
            }
        };
        over |= matches!(outcome, Outcome::TooSlow(_) | Outcome::Ended(_));
        outcomes.push((n, outcome));
    }
    outcomes
}

/// The outcome of `answer` at `n`: against the shared cases where `judged`
/// (past the judge's range, any return is right).
fn judge(n: i32, answer: Answer, place: &Place, judged: bool) -> Outcome {
    let (count, wrong) = match answer {
        Answer::Panicked(at, message) => return Outcome::Panicked { message, place: at.and_then(|at| place.at(at)) },
        Answer::Count(count) => {
            let expected = n_queens_cases::expected_count(n).expect("a known count");
            (count, (count != expected as i64).then(|| format!("returned {count}, expected {expected}")))
        }
        Answer::Boards(boards) => {
            let expected = n_queens_cases::expected_boards(n).unwrap_or_default();
            (boards.len() as i64, difference(&boards, &expected))
        }
    };
    Outcome::Returned { count, wrong: wrong.filter(|_| judged) }
}

/// The judge-paste check in `edition`: the `program` built as the judge
/// builds it, run on the judge's cases, and held to the judge's Rust.
fn pastes(runner: &Runner, problem: Problem, program: &str, place: &Place, edition: &str) -> Result<(), String> {
    let name = format!("paste_{edition}");
    let binary =
        runner.compile(program, &name, edition, Profile::Judge, &mut |_| {}).map_err(|refused| match refused {
            Refused::Compiler(stderr) => {
                let error = visible(&place.first_error(&stderr));
                format!("the judge's compiler, rustc --edition {edition}, refuses it: {error}")
            }
            other => other.limit().unwrap_or_default(),
        })?;
    let mut session = runner.start(&binary, problem, CASE_LIMIT * JUDGE_NS.len() as u32)?;
    let outcomes = ask_each(&mut session, &JUDGE_NS, CASE_LIMIT, place, true);
    session.finish();
    if let Some((n, outcome)) = outcomes.iter().find(|(_, outcome)| outcome.failed()) {
        let what = match outcome {
            Outcome::Returned { wrong, .. } => wrong.clone().unwrap_or_default(),
            Outcome::Panicked { message, place } => {
                format!("panicked{}: {message}", place.as_ref().map_or(String::new(), |at| format!(" at {at}")))
            }
            Outcome::TooSlow(limit) => format!("still running after {limit} s"),
            Outcome::Ended(why) => why.clone(),
            Outcome::NotRun => String::new(),
        };
        return Err(format!("built as the judge builds it (rustc -O, edition {edition}), at n = {n} it {what}"));
    }
    crate::msrv::newer_than_the_judge(runner, program, edition, &name, &|line| place.line(line))
}

/// How many boards of each kind a failure shows.
const SHOWN: usize = 2;

/// `1 board`, `2 boards`: `count` and what it counts, `one` or `many`.
fn counted(count: usize, one: &str, many: &str) -> String {
    if count == 1 { format!("1 {one}") } else { format!("{count} {many}") }
}

/// How `boards` differs from `expected`, in words; `None` when it holds each
/// once and nothing else. Lists, not a diff: a wrong answer can hold
/// hundreds of thousands of boards, and a diff reads as if the missing ones
/// were returned.
fn difference(boards: &[Vec<String>], expected: &[Vec<String>]) -> Option<String> {
    let mut times: BTreeMap<&Vec<String>, usize> = BTreeMap::new();
    for board in boards {
        *times.entry(board).or_default() += 1;
    }
    let expected_set: BTreeSet<&Vec<String>> = expected.iter().collect();
    let missing: Vec<&Vec<String>> = expected.iter().filter(|board| !times.contains_key(board)).collect();
    let wrong: Vec<&Vec<String>> = times.keys().copied().filter(|board| !expected_set.contains(board)).collect();
    let repeated = times.values().filter(|&&count| count > 1).count();
    if missing.is_empty() && wrong.is_empty() && repeated == 0 {
        return None;
    }
    // The first line says whether the number is right; the lines after it
    // say what differs, each kind once.
    let returned = counted(boards.len(), "board", "boards");
    let first = if boards.len() == expected.len() {
        let ones = if expected.len() == 1 { "one" } else { "ones" };
        format!("returned {returned}, the right number, but not the expected {ones}")
    } else {
        format!("returned {returned}, expected {}", expected.len())
    };
    let mut lines = vec![first];
    for (boards, one, many) in [
        (&missing, "of the expected boards is missing", "of the expected boards are missing"),
        (&wrong, "returned board is not a solution", "returned boards are not solutions"),
    ] {
        if !boards.is_empty() {
            let are = if boards.len() == 1 { one } else { many };
            let such_as = if boards.len() > SHOWN { ", such as" } else { "" };
            lines.push(format!("{} {are}{such_as}:", boards.len()));
            lines.extend(boards.iter().take(SHOWN).map(|board| format!("  {}", in_words(board))));
        }
    }
    if repeated > 0 {
        lines.push(format!("{} returned more than once", counted(repeated, "board", "boards")));
    }
    Some(lines.join("\n"))
}

/// A board in words: the column of each row's queen, row 0 first, or its
/// rows as they are when a row is not n squares of `.` with one `Q`, so
/// that two boards that differ are never said in the same words.
fn in_words(board: &[String]) -> String {
    let n = board.len();
    let columns: Option<Vec<String>> = board
        .iter()
        .map(|row| {
            let squares = row.len() == n && row.bytes().all(|square| square == b'.' || square == b'Q');
            match (row.find('Q'), row.matches('Q').count()) {
                (Some(col), 1) if squares => Some(col.to_string()),
                _ => None,
            }
        })
        .collect();
    match columns {
        Some(columns) => format!("queens in columns {}, row 0 first", columns.join(", ")),
        None => format!("rows {board:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Vec<String> {
        rows.iter().map(|row| row.to_string()).collect()
    }

    #[test]
    fn boards_that_differ_say_how_in_words_and_agree_in_number() {
        let expected = n_queens_cases::expected_boards(4).unwrap();
        assert_eq!(difference(&expected, &expected), None);
        let one_missing = difference(&expected[..1], &expected).unwrap();
        assert!(
            one_missing
                .starts_with("returned 1 board, expected 2\n1 of the expected boards is missing:\n  queens in columns"),
            "{one_missing}"
        );
        let wrong = vec![expected[0].clone(), board(&["Q...", "Q...", "Q...", "Q..."])];
        let said = difference(&wrong, &expected).unwrap();
        assert!(said.starts_with("returned 2 boards, the right number, but not the expected ones\n"), "{said}");
        assert!(said.contains("\n1 of the expected boards is missing:\n  queens in columns"), "{said}");
        assert!(said.contains("\n1 returned board is not a solution:\n  queens in columns 0, 0, 0, 0"), "{said}");
        // No line says what another says: each kind of difference once.
        let lines: Vec<&str> = said.lines().collect();
        let mut unique = lines.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), lines.len(), "{said}");
        assert_eq!(said.matches("missing").count(), 1, "{said}");
        assert_eq!(said.matches("not a solution").count(), 1, "{said}");
        let none = difference(&[], &n_queens_cases::expected_boards(5).unwrap()).unwrap();
        assert!(
            none.starts_with("returned 0 boards, expected 10\n10 of the expected boards are missing, such as:\n"),
            "{none}"
        );
        let repeated = vec![expected[0].clone(), expected[0].clone()];
        assert!(difference(&repeated, &expected).unwrap().contains("1 board returned more than once"));
        assert_eq!(in_words(&board(&["QQ", ".."])), "rows [\"QQ\", \"..\"]");
        // A row one square too long is not the board of its queen's column.
        assert_eq!(in_words(&board(&["Q."])), "rows [\"Q.\"]");
        assert_eq!(in_words(&board(&["q"])), "rows [\"q\"]");
    }
}
