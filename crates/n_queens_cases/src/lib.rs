//! Shared test material for the N-Queens crates (`n_queens` for LeetCode 51,
//! `n_queens_ii` for LeetCode 52).
//!
//! Nothing here trusts an approach. The expected outputs are data, proven by
//! this crate's own plainly written validator ([`validate`]): every board
//! valid, none repeated, and as many as OEIS A000170 gives ([`oeis`]).
//!
//! - [`expected_boards`] and [`expected_count`]: what a correct approach returns.
//! - The test templates ([`judge_counts!`], [`edge_cases!`],
//!   [`beyond_judge!`], [`out_of_range!`]), which both problem crates apply
//!   to their tests with `rstest`, and the same cases as data
//!   ([`JUDGE_COUNTS`], [`EDGE_CASES`], [`BEYOND_JUDGE`], [`OUT_OF_RANGE`]) for
//!   tests that walk them in a loop (`n_queens_judge`'s `tests/mistakes.rs`),
//!   both made from one list of each.
//! - `mutations` (feature `mutations`): damage to a text of lines, for
//!   the property tests of the files a count writes and reads.
//! - What compiles and runs code as the judge does is in `n_queens_judge`,
//!   so that the problem crates' tests build none of it.
//!
//! No dependency but the chain's manifest (for the OEIS counts; and
//! `proptest` for `mutations`, behind its feature): the judge
//! (`n_queens_judge`) reads the expected outputs at run time, and the
//! templates expand in the crate that applies them.

#[cfg(feature = "mutations")]
pub mod mutations;
pub mod oeis;
pub mod validate;

/// The number of solutions for `n`, or `None` when it is not known (n > 27);
/// `n = 0` has one, the empty board; `n < 0` has none.
pub fn expected_count(n: i32) -> Option<u64> {
    if n < 0 {
        return Some(0);
    }
    oeis::A000170.get(usize::try_from(n).ok()?).copied()
}

/// Every solution for `n` in the judge's format, sorted, or `None` past the
/// judge's range, n = 1..=9 (`data/boards_N.txt`); `n = 0` gives one empty
/// board and `n < 0` none, as every approach must.
pub fn expected_boards(n: i32) -> Option<Vec<Vec<String>>> {
    let text = match n {
        i32::MIN..=-1 => return Some(Vec::new()),
        0 => return Some(vec![Vec::new()]),
        1 => include_str!("../data/boards_1.txt"),
        2 => include_str!("../data/boards_2.txt"),
        3 => include_str!("../data/boards_3.txt"),
        4 => include_str!("../data/boards_4.txt"),
        5 => include_str!("../data/boards_5.txt"),
        6 => include_str!("../data/boards_6.txt"),
        7 => include_str!("../data/boards_7.txt"),
        8 => include_str!("../data/boards_8.txt"),
        9 => include_str!("../data/boards_9.txt"),
        _ => return None,
    };
    Some(parse_boards(text))
}

/// Parses a boards file: `#` lines are comments, blank lines separate boards,
/// every other line is one row of the current board.
fn parse_boards(text: &str) -> Vec<Vec<String>> {
    let mut boards = Vec::new();
    let mut current: Vec<String> = Vec::new();
    for line in text.lines().filter(|line| !line.starts_with('#')) {
        if line.trim().is_empty() {
            if !current.is_empty() {
                boards.push(std::mem::take(&mut current));
            }
        } else {
            current.push(line.trim().to_string());
        }
    }
    if !current.is_empty() {
        boards.push(current);
    }
    boards
}

/// Sorts a list of boards so that two lists can be compared whatever order an
/// approach produced them in (the judge accepts any order).
pub fn sorted(mut boards: Vec<Vec<String>>) -> Vec<Vec<String>> {
    boards.sort();
    boards
}

/// One shared case as data: the templates below, as a list, for tests that
/// walk them in a loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Case {
    /// The template that holds it, e.g. `"judge_counts"`.
    pub template: &'static str,
    /// Its name in the template, e.g. `"n8"` (rstest names the test `case_8_n8`).
    pub name: &'static str,
    /// The input.
    pub n: i32,
    /// The number of solutions (for [`OUT_OF_RANGE`], none: the count does
    /// not fit in `i32`, and this is 0).
    pub expected: u64,
}

/// The shared cases, each list written once: `__cases!(TEMPLATE CALLBACK
/// EXTRA)` calls `CALLBACK!` with `EXTRA`, then each case of the template
/// as `NAME(ARGS)`. Its callers are the templates below (with [`__rstest!`])
/// and the data lists (with [`__data!`]).
#[doc(hidden)]
#[macro_export]
#[rustfmt::skip]
macro_rules! __cases {
    (judge_counts $callback:ident $extra:tt) => { $crate::$callback! { $extra
        n1(1, 1) n2(2, 0) n3(3, 0) n4(4, 2) n5(5, 10) n6(6, 4) n7(7, 40) n8(8, 92) n9(9, 352) } };
    (edge_cases $callback:ident $extra:tt) => { $crate::$callback! { $extra
        zero(0, 1) minus_one(-1, 0) most_negative(i32::MIN, 0) } };
    (beyond_judge $callback:ident $extra:tt) => { $crate::$callback! { $extra
        n10(10, 724) n11(11, 2680) } };
    (out_of_range $callback:ident $extra:tt) => { $crate::$callback! { $extra
        n19(19) n32(32) most_positive(i32::MAX) } };
}

/// A test function with `#[rstest::rstest]` and one `#[case::NAME(ARGS)]`
/// per case, before its own attributes (its caller depends on `rstest`).
#[doc(hidden)]
#[macro_export]
macro_rules! __rstest {
    ([$($test:tt)*] $($case:ident ($($arg:tt)*))*) => {
        #[rstest::rstest]
        $(#[case::$case($($arg)*)])*
        $($test)*
    };
}

/// The cases of a template as an array of [`Case`].
#[doc(hidden)]
#[macro_export]
macro_rules! __data {
    ($template:literal $($case:ident ($n:expr $(, $expected:expr)?))*) => {
        [$($crate::Case { template: $template, name: stringify!($case), n: $n, expected: 0 $(+ $expected)? }),*]
    };
}

/// The judge's range, n = 1..=9, with the number of solutions (OEIS A000170).
///
/// A test template: the function it is given runs once per case, as an
/// `rstest` test, `case_8_n8` and so on (its crate depends on `rstest`).
/// The function takes `#[case] n: i32, #[case] expected: T` for the integer
/// type `T` you compare with; attributes and cases of your own go before
/// its `fn`:
///
/// ```text
/// n_queens_cases::judge_counts! {
///     /// The judge's range, against OEIS A000170.
///     fn counts(#[case] n: i32, #[case] expected: i32) {
///         assert_eq!(Solution::total_n_queens(n), expected);
///     }
/// }
/// ```
#[macro_export]
macro_rules! judge_counts {
    ($($test:tt)*) => { $crate::__cases! { judge_counts __rstest [$($test)*] } };
}

/// Inputs outside the judge's constraints that still have a defined answer:
/// `n = 0` has one (empty) solution, a negative `n` none. A test template,
/// as [`judge_counts!`].
#[macro_export]
macro_rules! edge_cases {
    ($($test:tt)*) => { $crate::__cases! { edge_cases __rstest [$($test)*] } };
}

/// Just past the judge's range, where no board data is kept but the count
/// is known (OEIS A000170). A test template, as [`judge_counts!`].
#[macro_export]
macro_rules! beyond_judge {
    ($($test:tt)*) => { $crate::__cases! { beyond_judge __rstest [$($test)*] } };
}

/// Sizes the judge-signature functions refuse: the count for n = 19 does not
/// fit in `i32`. A test template taking `#[case] n: i32` alone; apply it
/// with `#[should_panic(expected = "n <= 18")]`.
#[macro_export]
macro_rules! out_of_range {
    ($($test:tt)*) => { $crate::__cases! { out_of_range __rstest [$($test)*] } };
}

/// The cases of [`judge_counts!`]: the judge's range.
pub const JUDGE_COUNTS: [Case; 9] = __cases!(judge_counts __data "judge_counts");

/// The cases of [`edge_cases!`]: n = 0 and negative n.
pub const EDGE_CASES: [Case; 3] = __cases!(edge_cases __data "edge_cases");

/// The cases of [`beyond_judge!`]: n = 10 and 11.
pub const BEYOND_JUDGE: [Case; 2] = __cases!(beyond_judge __data "beyond_judge");

/// The cases of [`out_of_range!`]: the judge-signature functions refuse them
/// (panic), so `expected` is 0 and unused.
pub const OUT_OF_RANGE: [Case; 3] = __cases!(out_of_range __data "out_of_range");

/// Every case with an expected count, in the order a test that looks for
/// the first wrong answer should try them: the judge's range, the edge
/// cases, then past the judge.
pub fn counted_cases() -> impl Iterator<Item = Case> {
    JUDGE_COUNTS.into_iter().chain(EDGE_CASES).chain(BEYOND_JUDGE)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The data files are complete, correct and sorted: every board valid,
    /// none repeated, and as many as OEIS A000170 says there are; n = 0 and
    /// negative n too.
    #[test]
    fn boards_data_is_proven_and_sorted() {
        for case in JUDGE_COUNTS.iter().chain(&EDGE_CASES) {
            let boards = expected_boards(case.n).expect("data for the judge's range and below");
            validate::check_solution_set(case.n, &boards).unwrap();
            assert_eq!(boards.len() as u64, case.expected, "{case:?}");
            assert_eq!(sorted(boards.clone()), boards, "{case:?}");
        }
    }

    /// The data lists' counts are the OEIS table's, and their names and
    /// inputs are what their templates give rstest (the lists and the
    /// templates are made from one list, `__cases!`).
    #[test]
    fn the_data_is_the_oeis_table() {
        for case in counted_cases() {
            assert_eq!(expected_count(case.n), Some(case.expected), "{case:?}");
        }
        assert_eq!(JUDGE_COUNTS.map(|case| case.n), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(EDGE_CASES[2], Case { template: "edge_cases", name: "most_negative", n: i32::MIN, expected: 0 });
        assert!(OUT_OF_RANGE.iter().all(|case| case.n > 18 && case.expected == 0));
    }

    #[test]
    fn no_boards_past_the_data_nor_count_past_the_record() {
        assert!(BEYOND_JUDGE.iter().all(|case| expected_boards(case.n).is_none()));
        assert_eq!(expected_count(28), None);
        assert_eq!(expected_count(i32::MAX), None);
    }
}
