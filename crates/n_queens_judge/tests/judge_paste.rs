//! Every judge-ready approach file of both problems, cut as a user pastes it
//! and compiled and run as the judge does ([`assert_pastes`]), in editions
//! 2018 and 2021: one test per approach and edition, such as
//! `lc52::bitmask::edition_2018`. Here, not in the problem crates' tests, so
//! that their first run builds only the shared cases.

use n_queens_judge::Problem;
use n_queens_judge::judge::{HARNESS_NS, answers, expected_answers};

/// The judge-paste test of one approach file: cut as a user pastes it,
/// built as the judge builds it in `edition` under the name `name`, its
/// answers for [`HARNESS_NS`] against the shared cases (a readable diff
/// when they differ).
fn assert_pastes(problem: Problem, source: &str, edition: &str, name: &str) {
    let pasted = n_queens_judge::judge_text(source).unwrap_or_else(|| panic!("{name}: no `pub struct Solution;` line"));
    let answers = answers(problem, pasted, edition, name, &HARNESS_NS).unwrap_or_else(|error| panic!("{error}"));
    pretty_assertions::assert_eq!(
        answers,
        expected_answers(problem, &HARNESS_NS),
        "{name}: the judge's answers differ"
    );
}

/// The judge-paste tests of one problem's judge-ready steps (a callback of
/// [`n_queens_chain::steps!`], as the problem crate's `APPROACHES` is made):
/// a module per step.
macro_rules! paste_tests {
    (@ 51, $approach:ident) => { paste_tests!(@ NQueens, n_queens, $approach); };
    (@ 52, $approach:ident) => { paste_tests!(@ NQueensII, n_queens_ii, $approach); };
    (@ $problem:ident, $krate:ident, $approach:ident) => {
        mod $approach {
            use super::*;

            /// The file, as `APPROACHES` lists it, pasted in `edition`.
            fn pastes(edition: &str) {
                let name = stringify!($approach);
                let approach = $krate::approach(name).expect("every step of the chain is in APPROACHES");
                let file = include_str!(concat!("../../", stringify!($krate), "/src/", stringify!($approach), ".rs"));
                assert_eq!(approach.source, file, "APPROACHES lists another file as {name}");
                assert!(approach.judge_ready, "{name}: judge-ready in the chain, not in APPROACHES");
                let program = format!("{}_{name}_{edition}", stringify!($krate));
                assert_pastes(Problem::$problem, approach.source, edition, &program);
            }

            #[test]
            fn edition_2018() {
                pastes("2018");
            }

            #[test]
            fn edition_2021() {
                pastes("2021");
            }
        }
    };
    ($problem:tt: $($approach:ident $file:literal { $($field:tt)* })*) => {
        $(paste_tests!(@ $problem, $approach);)*
    };
}

/// The callback of each problem: its number, then the steps.
macro_rules! paste_tests_51 {
    ($($steps:tt)*) => { paste_tests!(51: $($steps)*); };
}

macro_rules! paste_tests_52 {
    ($($steps:tt)*) => { paste_tests!(52: $($steps)*); };
}

/// LeetCode 51's judge-ready steps, as `n_queens::APPROACHES` is made.
mod lc51 {
    use super::*;

    n_queens_chain::steps!([51 judge_ready] => paste_tests_51);
}

/// LeetCode 52's judge-ready steps, as `n_queens_ii::APPROACHES` is made.
mod lc52 {
    use super::*;

    n_queens_chain::steps!([52 judge_ready] => paste_tests_52);
}
