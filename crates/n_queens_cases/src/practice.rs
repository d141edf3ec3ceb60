//! The harness of the practice ladder's test target (`harness = false` in
//! each problem crate): the shared cases against one exercise, told to
//! `queens practice` in one JSON object a line on stdout, one per case.
//!
//! In order: n = 1..=9, the judge's range, each under [`CASE_LIMIT`]; once
//! every one is right, the learner's own tests, the judge-paste check in
//! editions 2018 and 2021, and n = 0 and -1, which the judge never asks,
//! under [`PAST_THE_JUDGE_LIMIT`], for a note. The lines:
//!
//! ```text
//! {"case":"counts","n":2,"outcome":"returned","count":1,"expected":0,"wrong":"returned 1, expected 0"}
//! {"case":"boards","n":4,"outcome":"panicked","message":"index out of bounds ...","place":"crates/n_queens/exercises/bitmask.rs:12:5"}
//! {"case":"counts","n":5,"outcome":"too_slow","limit_s":10}
//! {"case":"counts","n":6,"outcome":"not_run"}
//! {"case":"own_test","outcome":"panicked","name":"my_tests::four","message":"...","place":null}
//! {"case":"paste","edition":"2018","outcome":"refused","message":"the judge's compiler ... refuses it: ..."}
//! {"case":"past_the_judge","n":0,"outcome":"returned","count":1}
//! ```
//!
//! The keys are sorted, so each line starts with `{"case":`. `case` is
//! `counts` (LeetCode 52) or `boards` (51, where `count` is the number of
//! boards) for the judge's range; `wrong` is there only when the
//! answer is wrong, in words; `place` is in the learner's file or `null`;
//! `not_run` follows a `too_slow` (a larger n searches a larger tree). A
//! stack overflow or an exit ends the process: the lines before it stand,
//! and the case after the last line is the one that was running. The exit
//! code is 0 when every case is right, the learner's tests pass and both
//! editions paste; 1 otherwise.

use std::cell::RefCell;
use std::panic;
use std::path::Path;
use std::time::Duration;

use serde_json::{Value, json};

use crate::judge::{self, Problem, from_root};

/// How long one case may run. A judge-accepted answer finishes n = 9 in a
/// small fraction of it (the judge's own time limit covers every n at once);
/// an answer still running is stuck in a loop, or too slow for the judge.
pub const CASE_LIMIT: Duration = Duration::from_secs(10);

/// How long an answer may run past the judge's range (n = 0 and -1): a note
/// after a pass, not worth a wait.
pub const PAST_THE_JUDGE_LIMIT: Duration = Duration::from_secs(1);

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
    /// Where the pasted programs are built.
    pub dir: &'static str,
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
    let expected = crate::expected_count(n).expect("a known count");
    let wrong = (i64::from(*count) != expected as i64).then(|| format!("returned {count}, expected {expected}"));
    Judged { count: u64::try_from(*count).unwrap_or(u64::MAX), wrong }
}

thread_local! {
    /// The message and place of the last panic on this thread.
    static PANIC: RefCell<Option<(String, String)>> = const { RefCell::new(None) };
}

/// What one call of the answer did.
enum Did<T> {
    Returned(T),
    Panicked(String, String),
    TooSlow,
}

/// Calls `solve(n)` on a thread of its own, named after the exercise and n
/// (which a stack overflow's message names), under `limit`.
fn call<T: Send + 'static>(name: &str, n: i32, limit: Duration, solve: fn(i32) -> T) -> Did<T> {
    let called = crate::deadline::within(&format!("exercise {name}, n = {n}"), limit, move || {
        panic::catch_unwind(move || solve(n)).map_err(|_| PANIC.with(|last| last.take()).unwrap_or_default())
    });
    match called {
        Some(Ok(value)) => Did::Returned(value),
        Some(Err((message, place))) => Did::Panicked(message, place),
        None => Did::TooSlow,
    }
}

/// Runs the cases against `exercise`, printing a line for each, and exits.
pub fn run<T: Send + 'static>(exercise: &Exercise<T>) -> ! {
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
            too_slow = matches!(did, Did::TooSlow);
            all_right &= outcome(&mut line, did, exercise, &shown, CASE_LIMIT, true);
        }
        println!("{line}");
    }
    if !all_right {
        std::process::exit(1);
    }
    let dir = Path::new(exercise.dir);
    let program = |what: &str| format!("{}_practice_{}_{what}", exercise.problem.crate_name(), exercise.name);
    match judge::own_tests(exercise.source, &shown, dir, &program("own")) {
        Ok(false) => {}
        Ok(true) => println!("{}", json!({ "case": "own_test", "outcome": "passed" })),
        Err(failed) => {
            all_right = false;
            let place = failed.place;
            let line = json!({ "case": "own_test", "outcome": "panicked", "name": failed.name, "message": failed.message, "place": place });
            println!("{line}");
        }
    }
    for edition in ["2018", "2021"] {
        let pasted = judge::exercise_pastes(exercise.problem, exercise.source, &shown, edition, dir, &program(edition));
        let mut line = json!({ "case": "paste", "edition": edition, "outcome": "pastes" });
        if let Err(message) = pasted {
            all_right = false;
            line["outcome"] = "refused".into();
            line["message"] = message.into();
        }
        println!("{line}");
    }
    for n in [0, -1] {
        let mut line = json!({ "case": "past_the_judge", "n": n });
        let did = call(exercise.name, n, PAST_THE_JUDGE_LIMIT, exercise.solve);
        outcome(&mut line, did, exercise, &shown, PAST_THE_JUDGE_LIMIT, false);
        println!("{line}");
    }
    std::process::exit(if all_right { 0 } else { 1 })
}

/// Writes what `did` into `line`; whether it is right (past the judge's
/// range, any answer that returns is).
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
        Did::Returned(answer) => {
            let Judged { count, wrong } = (exercise.judge)(n, &answer);
            line["outcome"] = "returned".into();
            line["count"] = count.into();
            if !judged {
                return true;
            }
            line["expected"] = crate::expected_count(n).into();
            let right = wrong.is_none();
            if let Some(wrong) = wrong {
                line["wrong"] = wrong.into();
            }
            right
        }
        Did::Panicked(message, place) => {
            line["outcome"] = "panicked".into();
            line["message"] = message.into();
            // The place in the learner's file; one in std's or the harness's is not theirs.
            let place = from_root(&place);
            line["place"] =
                place.strip_prefix(shown).filter(|rest| rest.starts_with(':')).map(|_| place.clone()).into();
            false
        }
        Did::TooSlow => {
            line["outcome"] = "too_slow".into();
            line["limit_s"] = limit.as_secs().into();
            false
        }
    }
}
