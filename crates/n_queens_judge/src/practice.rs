//! The harness of the practice ladder's test targets (`harness = false`):
//! the shared cases against one exercise, told to `queens practice` in one
//! JSON object a line on stdout.
//!
//! In order: n = 1..=9, each under [`CASE_LIMIT`]; once every one is right,
//! the learner's own tests, the judge-paste check in editions 2018 and 2021,
//! and n = 0 and -1 under [`PAST_THE_JUDGE_LIMIT`], for a note; last, the
//! exit code. Run by the command with [`TOKEN_FLAG`], each line starts with
//! the run's token, read from standard input before any of the answer's
//! code runs, so that no line the answer prints is one of the harness's.
//! A run that fails at n = 4 and is too slow at n = 5, then the end of one
//! where the learner's own test and the paste in edition 2018 fail:
//!
//! ```text
//! 9d2c41e07b5a3f86c1e4d0a7b2f95e38 {"case":"counts","count":1,"expected":1,"n":1,"outcome":"returned"}
//! ...
//! 9d2c41e07b5a3f86c1e4d0a7b2f95e38 {"case":"counts","count":0,"expected":2,"n":4,"outcome":"returned","wrong":"returned 0, expected 2"}
//! 9d2c41e07b5a3f86c1e4d0a7b2f95e38 {"case":"counts","limit_s":10,"n":5,"outcome":"too_slow"}
//! 9d2c41e07b5a3f86c1e4d0a7b2f95e38 {"case":"counts","n":6,"outcome":"not_run"}
//! ...
//! 9d2c41e07b5a3f86c1e4d0a7b2f95e38 {"case":"end","exit_code":1}
//!
//! 9d2c41e07b5a3f86c1e4d0a7b2f95e38 {"case":"boards","count":352,"expected":352,"n":9,"outcome":"returned"}
//! 9d2c41e07b5a3f86c1e4d0a7b2f95e38 {"case":"own_test","message":"assertion `left == right` failed\n  left: 2\n right: 3","name":"my_tests::four","outcome":"panicked","place":"crates/n_queens/exercises/bitmask.rs:96:9"}
//! 9d2c41e07b5a3f86c1e4d0a7b2f95e38 {"case":"paste","edition":"2018","message":"the judge's compiler, rustc --edition 2018, refuses it: error[E0599]: ...","outcome":"refused"}
//! 9d2c41e07b5a3f86c1e4d0a7b2f95e38 {"case":"paste","edition":"2021","outcome":"pastes"}
//! 9d2c41e07b5a3f86c1e4d0a7b2f95e38 {"case":"past_the_judge","count":1,"n":0,"outcome":"returned"}
//! 9d2c41e07b5a3f86c1e4d0a7b2f95e38 {"case":"past_the_judge","count":0,"n":-1,"outcome":"returned"}
//! 9d2c41e07b5a3f86c1e4d0a7b2f95e38 {"case":"end","exit_code":1}
//! ```
//!
//! The keys are sorted, as `serde_json` writes them. `case` is `counts`
//! (LeetCode 52) or `boards` (51) for the judge's range; `wrong` is there
//! only when the answer is wrong; `place` is in the learner's file or
//! `null`; `not_run` follows a `too_slow`; `own_test` is there only when the
//! file has tests. Each line is one write of at most [`LINE_MAX`] bytes (its
//! messages cut to fit), so that nothing the answer writes lands inside it,
//! through a handle of the harness's own, which an answer that holds
//! `stdout().lock()` does not stop. A stack overflow or an exit ends the
//! process before its `end` line: the case after the last line is the one
//! that was running. The exit code is 0 when every case is right, the
//! learner's tests pass and both editions paste; 1 otherwise. The pastes
//! are built outside the workspace and run in an empty folder.
//!
//! A target's `main.rs` has each exercise from the chain, with [`exercise!`](crate::exercise).

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::AsFd;
use std::panic;
use std::path::PathBuf;
use std::time::Duration;

use serde_json::{Value, json};

use crate::judge::{self, Problem, from_root};
pub use n_queens_facts::judge::TOKEN_FLAG;

/// How long one case may run: a judge-accepted answer finishes n = 9 in a
/// small fraction of it; one still running is stuck, or too slow.
pub const CASE_LIMIT: Duration = Duration::from_secs(10);

/// How long an answer may run past the judge's range (n = 0 and -1): a note, not worth a wait.
pub const PAST_THE_JUDGE_LIMIT: Duration = Duration::from_secs(1);

/// The longest line the harness writes, its line end included: what a pipe takes in one piece (`PIPE_BUF`).
pub const LINE_MAX: usize = 4096;

/// One exercise, as the test target builds it.
pub struct Exercise<T> {
    /// The step's name, `bitmask`.
    pub name: &'static str,
    /// LeetCode 51 or 52.
    pub problem: Problem,
    /// The learner's answer.
    pub solve: fn(i32) -> T,
    /// What an answer for n is: its count, and what is wrong with it.
    pub judge: fn(i32, &T) -> Judged,
    /// The learner's file as text.
    pub source: &'static str,
    /// Its path from the workspace root (`..` allowed).
    pub file: &'static str,
}

/// An answer for one n, judged.
pub struct Judged {
    /// The count, or the number of boards.
    pub count: u64,
    /// What is wrong with it, in words; `None` when it is right.
    pub wrong: Option<String>,
}

/// The judge of LeetCode 52: the count against OEIS A000170.
pub fn count(n: i32, count: &i32) -> Judged {
    let expected = n_queens_cases::expected_count(n).expect("a known count");
    let wrong = (i64::from(*count) != expected as i64).then(|| format!("returned {count}, expected {expected}"));
    Judged { count: u64::try_from(*count).unwrap_or(u64::MAX), wrong }
}

/// The judge of LeetCode 51: the boards against the proven ones
/// ([`n_queens_cases::expected_boards`]), in any order.
// `&Vec`: the harness judges a `&T` for the answer's type `T`.
#[allow(clippy::ptr_arg)]
pub fn boards(n: i32, boards: &Vec<Vec<String>>) -> Judged {
    let expected = n_queens_cases::expected_boards(n).expect("boards for the judge's range and below");
    Judged { count: boards.len() as u64, wrong: difference(boards, &expected) }
}

/// `exercise!(52, bitmask, "bitmask")`, or as the callback of
/// `n_queens_chain::steps!([52 exercise] => ...)` one such per exercise.
/// Built with `--cfg exercise="bitmask"`, the learner's file is `chosen`,
/// which `main` runs ([`run`]); the starting text is built every time, so
/// that a change to the harness that it cannot meet fails the build.
#[macro_export]
macro_rules! exercise {
    (52, $step:ident, $name:literal) => {
        $crate::exercise!(@ $step, $name, NQueensII, total_n_queens, i32, count,
            "crates/n_queens_ii/exercises/", "../../../n_queens_ii/exercises", "../../../n_queens_facts/exercises/52");
    };
    (51, $step:ident, $name:literal) => {
        $crate::exercise!(@ $step, $name, NQueens, solve_n_queens, Vec<Vec<String>>, boards,
            "crates/n_queens/exercises/", "../../../n_queens/exercises", "../../../n_queens_facts/exercises/51");
    };
    (@ $step:ident, $name:literal, $problem:ident, $solve:ident, $answer:ty, $judge:ident,
        $shown:literal, $learner:literal, $start:literal) => {
        // `.` keeps the `#[path]`s below relative to the target's directory.
        #[path = "."]
        #[allow(dead_code)]
        mod $step {
            #[cfg(exercise = $name)]
            #[path = $learner]
            pub mod learner {
                #[clippy::msrv = "1.58"]
                mod $step;
                use $step as exercise;

                pub fn run() -> ! {
                    $crate::practice::run(&$crate::practice::Exercise {
                        name: $name,
                        problem: $crate::judge::Problem::$problem,
                        solve: exercise::Solution::$solve,
                        judge: $crate::practice::$judge,
                        source: include_str!(concat!($learner, "/", $name, ".rs")),
                        file: concat!($shown, $name, ".rs"),
                    })
                }
            }

            #[path = $start]
            mod starting_text {
                #[clippy::msrv = "1.58"]
                mod $step;
                use $step as exercise;

                const _: fn(i32) -> $answer = exercise::Solution::$solve;
            }
        }

        #[cfg(exercise = $name)]
        fn chosen() -> ! {
            $step::learner::run()
        }
    };
    ($($step:ident $name:literal { number: $number:tt, builds_on: $builds_on:ident, judge_ready: $ready:ident,
        exercise: yes, watched: $watched:ident, problems: [$problem:tt: $idea:literal] })*) => {
        $($crate::exercise!($problem, $step, $name);)*
    };
}

/// What `main` runs when no exercise is chosen: `use` it with a glob, which
/// the `chosen` of [`exercise!`](crate::exercise) shadows.
pub mod none_chosen {
    /// Says how to choose one.
    pub fn chosen() -> ! {
        eprintln!("no exercise chosen: build with --cfg exercise=\"<step>\" (docs/try-it-yourself.md)");
        std::process::exit(2)
    }
}

thread_local! {
    /// The message and place of the last panic on this thread.
    static PANIC: RefCell<Option<(String, String)>> = const { RefCell::new(None) };
}

/// What one call of the answer did: what it returned, or its panic's
/// message and place; `None` when it was still running at its limit.
type Did<T> = Option<Result<T, (String, String)>>;

/// Calls `solve(n)` under `limit` on a thread named after the exercise and n
/// (which a stack overflow's message names), over once its thread-locals
/// are dropped too: a panic there aborts the process at this n.
fn call<T: Send + 'static>(name: &str, n: i32, limit: Duration, solve: fn(i32) -> T) -> Did<T> {
    crate::deadline::within(&format!("exercise {name}, n = {n}"), limit, move || {
        panic::catch_unwind(move || solve(n)).map_err(|_| PANIC.with(|last| last.take()).unwrap_or_default())
    })
}

/// Where the harness's lines go: standard output, after the run's token.
struct Lines {
    /// Standard output, through a handle of its own.
    out: File,
    /// The run's token.
    token: Option<String>,
}

impl Lines {
    /// Reads the token, when the command gives one, and takes a handle on
    /// standard output, before any of the answer's code runs.
    fn open() -> Lines {
        let token = std::env::args().skip(1).any(|arg| arg == TOKEN_FLAG).then(|| {
            let mut token = String::new();
            // All of it, to its end: nothing is left there for the answer to read.
            let read = std::io::stdin().lock().take(256).read_to_string(&mut token);
            let token = token.trim();
            if read.is_err() || token.is_empty() || !token.bytes().all(|byte| byte.is_ascii_alphanumeric()) {
                eprintln!("{TOKEN_FLAG}: no token on standard input");
                std::process::exit(2);
            }
            token.to_string()
        });
        let out = std::io::stdout().as_fd().try_clone_to_owned().expect("a handle on standard output");
        Lines { out: File::from(out), token }
    }

    /// Writes `line`, its messages cut to fit in [`LINE_MAX`] bytes.
    fn say(&mut self, mut line: Value) {
        let prefix = self.token.as_ref().map_or(0, |token| token.len() + 1);
        fit(&mut line, LINE_MAX - prefix - 1);
        let text = match &self.token {
            Some(token) => format!("{token} {line}\n"),
            None => format!("{line}\n"),
        };
        // The command is gone: nothing is left to tell.
        if self.out.write_all(text.as_bytes()).is_err() {
            std::process::exit(1);
        }
    }

    /// Writes the last line, which says the exit code, and exits with it.
    fn end(mut self, code: i32) -> ! {
        self.say(json!({ "case": "end", "exit_code": code }));
        std::process::exit(code)
    }
}

/// Cuts the longest text of `line` by half until it fits in `max` bytes.
fn fit(line: &mut Value, max: usize) {
    while line.to_string().len() > max {
        let Some(Value::String(longest)) =
            line.as_object_mut().and_then(|fields| fields.values_mut().max_by_key(|value| value.to_string().len()))
        else {
            return;
        };
        let half = (0..=longest.len() / 2).rev().find(|&at| longest.is_char_boundary(at)).unwrap_or(0);
        longest.truncate(half);
        longest.push('…');
    }
}

/// A folder of its own for the pasted programs, outside the workspace.
fn paste_dir() -> Result<PathBuf, String> {
    let base = std::env::temp_dir();
    for attempt in 0..100 {
        let dir = base.join(format!("n_queens_practice_{}_{attempt}", std::process::id()));
        match std::fs::create_dir(&dir) {
            Ok(()) => return Ok(dir),
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(error) => return Err(format!("creating {}: {error}", dir.display())),
        }
    }
    Err(format!("no folder free for the paste in {}", base.display()))
}

/// Runs the cases against `exercise`, printing a line for each, and exits.
pub fn run<T: Send + 'static>(exercise: &Exercise<T>) -> ! {
    let mut lines = Lines::open();
    // Quiet panics: their message and place go into the lines.
    panic::set_hook(Box::new(|info| {
        let place = info.location().map(|at| format!("{}:{}:{}", at.file(), at.line(), at.column()));
        let payload = info.payload();
        let message = payload.downcast_ref::<&str>().map(|text| text.to_string());
        let message = message.or_else(|| payload.downcast_ref::<String>().cloned()).unwrap_or_default();
        PANIC.with(|last| *last.borrow_mut() = Some((message, place.unwrap_or_default())));
    }));
    let shown = from_root(exercise.file);
    let case = match exercise.problem {
        Problem::NQueensII => "counts",
        Problem::NQueens => "boards",
    };
    let mut all_right = true;
    let mut too_slow = false;
    for n in judge::JUDGE_NS {
        let mut line = json!({ "case": case, "n": n });
        if too_slow {
            line["outcome"] = "not_run".into();
        } else {
            let did = call(exercise.name, n, CASE_LIMIT, exercise.solve);
            too_slow = did.is_none();
            all_right &= outcome(&mut line, did, exercise, &shown, CASE_LIMIT, true);
        }
        lines.say(line);
    }
    if !all_right {
        lines.end(1);
    }
    let dir = paste_dir();
    let program = |what: &str| format!("{}_practice_{}_{what}", exercise.problem.crate_name(), exercise.name);
    // Without a folder, the paste lines below say why.
    if let Ok(dir) = &dir {
        match crate::own_tests::run(exercise.source, &shown, dir, &program("own")) {
            Ok(false) => {}
            Ok(true) => lines.say(json!({ "case": "own_test", "outcome": "passed" })),
            Err(failed) => {
                all_right = false;
                let place = failed.place;
                let line = json!({ "case": "own_test", "outcome": "panicked", "name": failed.name, "message": failed.message, "place": place });
                lines.say(line);
            }
        }
    }
    for edition in ["2018", "2021"] {
        let pasted = match &dir {
            Ok(dir) => {
                judge::exercise_pastes(exercise.problem, exercise.source, &shown, edition, dir, &program(edition))
            }
            Err(error) => Err(error.clone()),
        };
        let mut line = json!({ "case": "paste", "edition": edition, "outcome": "pastes" });
        if let Err(message) = pasted {
            all_right = false;
            line["outcome"] = "refused".into();
            line["message"] = message.into();
        }
        lines.say(line);
    }
    if let Ok(dir) = &dir {
        let _ = std::fs::remove_dir_all(dir);
    }
    for n in [0, -1] {
        let mut line = json!({ "case": "past_the_judge", "n": n });
        let did = call(exercise.name, n, PAST_THE_JUDGE_LIMIT, exercise.solve);
        outcome(&mut line, did, exercise, &shown, PAST_THE_JUDGE_LIMIT, false);
        lines.say(line);
    }
    lines.end(if all_right { 0 } else { 1 })
}

/// Writes what `did` into `line`; whether it is right (as any return past the judge's range is).
fn outcome<T>(
    line: &mut Value,
    did: Did<T>,
    exercise: &Exercise<T>,
    shown: &str,
    limit: Duration,
    judged: bool,
) -> bool {
    let n = line["n"].as_i64().and_then(|n| i32::try_from(n).ok()).expect("a case has its n");
    match did {
        Some(Ok(answer)) => {
            let Judged { count, wrong } = (exercise.judge)(n, &answer);
            line["outcome"] = "returned".into();
            line["count"] = count.into();
            if !judged {
                return true;
            }
            line["expected"] = n_queens_cases::expected_count(n).into();
            let right = wrong.is_none();
            if let Some(wrong) = wrong {
                line["wrong"] = wrong.into();
            }
            right
        }
        Some(Err((message, place))) => {
            line["outcome"] = "panicked".into();
            line["message"] = message.into();
            // The place in the learner's file; one in std's or the harness's is not theirs.
            let place = from_root(&place);
            line["place"] =
                place.strip_prefix(shown).filter(|rest| rest.starts_with(':')).map(|_| place.clone()).into();
            false
        }
        None => {
            line["outcome"] = "too_slow".into();
            line["limit_s"] = limit.as_secs().into();
            false
        }
    }
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
    // The first line names what differs, even when the count is right.
    let returned = counted(boards.len(), "board", "boards");
    let first = if boards.len() == expected.len() {
        let what = [
            (wrong.len(), "is not a solution", "are not solutions"),
            (repeated, "board is repeated", "boards are repeated"),
            (missing.len(), "expected board is missing", "expected boards are missing"),
        ];
        let what: Vec<String> =
            what.iter().filter(|(count, ..)| *count > 0).map(|&(count, one, many)| counted(count, one, many)).collect();
        format!("returned {returned}, the right number, but {}", what.join(", "))
    } else {
        format!("returned {returned}, expected {}", expected.len())
    };
    let mut lines = vec![first];
    for (boards, are) in
        [(&missing, "of the expected boards are missing"), (&wrong, "returned boards are not solutions")]
    {
        if !boards.is_empty() {
            lines.push(format!("{} {are}, such as:", boards.len()));
            lines.extend(boards.iter().take(SHOWN).map(|board| format!("  {}", in_words(board))));
        }
    }
    if repeated > 0 {
        lines.push(format!("{} returned more than once", counted(repeated, "board", "boards")));
    }
    Some(lines.join("\n"))
}

/// A board in words: the column of each row's queen, row 0 first, or its
/// rows as they are when a row does not hold exactly one queen.
fn in_words(board: &[String]) -> String {
    let columns: Option<Vec<String>> = board
        .iter()
        .map(|row| match (row.find('Q'), row.matches('Q').count()) {
            (Some(col), 1) => Some(col.to_string()),
            _ => None,
        })
        .collect();
    match columns {
        Some(columns) => format!("queens in columns {}, row 0 first", columns.join(", ")),
        None => format!("rows {:?}", board),
    }
}
