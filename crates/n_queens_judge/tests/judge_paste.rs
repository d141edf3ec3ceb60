//! Every judge-ready approach file of both problems, cut as a user pastes it
//! and compiled and run as the judge does ([`assert_pastes`]), in editions
//! 2018 and 2021: one test per approach and edition, such as
//! `lc52::bitmask::edition_2018`. Here, not in the problem crates' tests, so
//! that their first run builds only the shared cases.

use std::path::Path;

use n_queens_judge::judge::{Problem, assert_pastes};

/// The judge-paste tests of one problem's steps (a callback of
/// [`n_queens_chain::steps!`], as the problem crate's `APPROACHES` is made):
/// a module per judge-ready step; a step that is not judge-ready has none.
macro_rules! paste_tests {
    (@ 51, $approach:ident, $ready:ident) => { paste_tests!(@ NQueens, n_queens, $approach, $ready); };
    (@ 52, $approach:ident, $ready:ident) => { paste_tests!(@ NQueensII, n_queens_ii, $approach, $ready); };
    (@ $problem:ident, $krate:ident, $approach:ident, yes) => {
        mod $approach {
            use super::*;

            /// The file, as `APPROACHES` lists it, pasted in `edition`.
            fn pastes(edition: &str) {
                let name = stringify!($approach);
                let approach = $krate::approach(name).expect("every step of the chain is in APPROACHES");
                let file = include_str!(concat!("../../", stringify!($krate), "/src/", stringify!($approach), ".rs"));
                assert_eq!(approach.source, file, "APPROACHES lists another file as {name}");
                assert!(approach.judge_ready, "{name}: judge-ready in the chain, not in APPROACHES");
                let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("judge_paste");
                let program = format!("{}_{name}_{edition}", stringify!($krate));
                assert_pastes(Problem::$problem, approach.source, edition, &dir, &program);
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
    // Not judge-ready: the file does not paste into the judge as it stands.
    (@ $problem:ident, $krate:ident, $approach:ident, no) => {};
    ($($approach:ident $file:literal { number: $number:tt, builds_on: $builds_on:ident, judge_ready: $ready:ident,
        exercise: $exercise:ident, watched: $watched:ident, problems: [$problem:tt: $idea:literal] })*) => {
        $(paste_tests!(@ $problem, $approach, $ready);)*
    };
}

/// LeetCode 51's steps, as `n_queens::APPROACHES` is made.
mod lc51 {
    use super::*;

    n_queens_chain::steps!([51] => paste_tests);
}

/// LeetCode 52's steps, as `n_queens_ii::APPROACHES` is made.
mod lc52 {
    use super::*;

    n_queens_chain::steps!([52] => paste_tests);
}
