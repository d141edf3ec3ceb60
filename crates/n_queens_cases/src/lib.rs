//! Shared test material for the N-Queens crates (`n_queens` for LeetCode 51,
//! `n_queens_ii` for LeetCode 52).
//!
//! Nothing here trusts an approach. The expected outputs are data, proven by
//! this crate's own plainly written validator ([`validate`]): every board
//! valid, none repeated, and as many as OEIS A000170 gives ([`oeis`]).
//!
//! - [`expected_boards`] and [`expected_count`]: what a correct approach returns.
//! - The rstest templates below ([`judge_counts`], [`edge_cases`],
//!   [`beyond_judge`], [`out_of_range`]), applied by both
//!   problem crates with `#[apply(..)]`, and the same cases as data
//!   ([`JUDGE_COUNTS`], [`EDGE_CASES`], [`BEYOND_JUDGE`], [`OUT_OF_RANGE`]) for
//!   tests that walk them in a loop (`n_queens_judge`'s `tests/mistakes.rs`).
//!   A test here keeps both the same.
//! - What compiles and runs code as the judge does is in `n_queens_judge`,
//!   so that the problem crates' tests build none of it.

pub mod oeis;
pub mod validate;

use rstest_reuse::template;

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

/// One shared case as data. The rstest templates below are written out case
/// by case (rstest needs its `#[case]` attributes literally); these lists
/// hold the same cases, in the same order (`tests::templates_and_data_agree`).
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

/// A case of `template` named `name`: `n` has `expected` solutions.
const fn shared_case(template: &'static str, name: &'static str, n: i32, expected: u64) -> Case {
    Case { template, name, n, expected }
}

/// The cases of [`judge_counts`]: the judge's range.
pub const JUDGE_COUNTS: [Case; 9] = [
    shared_case("judge_counts", "n1", 1, 1),
    shared_case("judge_counts", "n2", 2, 0),
    shared_case("judge_counts", "n3", 3, 0),
    shared_case("judge_counts", "n4", 4, 2),
    shared_case("judge_counts", "n5", 5, 10),
    shared_case("judge_counts", "n6", 6, 4),
    shared_case("judge_counts", "n7", 7, 40),
    shared_case("judge_counts", "n8", 8, 92),
    shared_case("judge_counts", "n9", 9, 352),
];

/// The cases of [`edge_cases`]: n = 0 and negative n.
pub const EDGE_CASES: [Case; 3] = [
    shared_case("edge_cases", "zero", 0, 1),
    shared_case("edge_cases", "minus_one", -1, 0),
    shared_case("edge_cases", "most_negative", i32::MIN, 0),
];

/// The cases of [`beyond_judge`]: n = 10 and 11.
pub const BEYOND_JUDGE: [Case; 2] =
    [shared_case("beyond_judge", "n10", 10, 724), shared_case("beyond_judge", "n11", 11, 2680)];

/// The cases of [`out_of_range`]: the judge-signature functions refuse them
/// (panic), so `expected` is 0 and unused.
pub const OUT_OF_RANGE: [Case; 3] = [
    shared_case("out_of_range", "n19", 19, 0),
    shared_case("out_of_range", "n32", 32, 0),
    shared_case("out_of_range", "most_positive", i32::MAX, 0),
];

/// Every case with an expected count, in the order a test that looks for
/// the first wrong answer should try them: the judge's range, the edge
/// cases, then past the judge.
pub fn counted_cases() -> impl Iterator<Item = Case> {
    JUDGE_COUNTS.into_iter().chain(EDGE_CASES).chain(BEYOND_JUDGE)
}

/// The judge's range, n = 1..=9, with the number of solutions (OEIS A000170).
///
/// Apply it with `#[apply(judge_counts)]` to a test taking
/// `#[case] n: i32, #[case] expected: T` for the integer type `T` you compare with.
#[template]
#[export]
#[rstest]
#[case::n1(1, 1)]
#[case::n2(2, 0)]
#[case::n3(3, 0)]
#[case::n4(4, 2)]
#[case::n5(5, 10)]
#[case::n6(6, 4)]
#[case::n7(7, 40)]
#[case::n8(8, 92)]
#[case::n9(9, 352)]
pub fn judge_counts(#[case] n: i32, #[case] expected: u64) {}

/// Inputs outside the judge's constraints that still have a defined answer:
/// `n = 0` has one (empty) solution, a negative `n` none.
#[template]
#[export]
#[rstest]
#[case::zero(0, 1)]
#[case::minus_one(-1, 0)]
#[case::most_negative(i32::MIN, 0)]
pub fn edge_cases(#[case] n: i32, #[case] expected: u64) {}

/// Just past the judge's range, where no board data is kept but the count is
/// known (OEIS A000170).
#[template]
#[export]
#[rstest]
#[case::n10(10, 724)]
#[case::n11(11, 2680)]
pub fn beyond_judge(#[case] n: i32, #[case] expected: u64) {}

/// Sizes the judge-signature functions refuse: the count for n = 19 does not
/// fit in `i32`. Apply it with `#[should_panic(expected = "n <= 18")]`.
#[template]
#[export]
#[rstest]
#[case::n19(19)]
#[case::n32(32)]
#[case::most_positive(i32::MAX)]
pub fn out_of_range(#[case] n: i32) {}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;
    use rstest_reuse::apply;

    /// The data files are complete, correct and sorted: every board valid,
    /// none repeated, and as many as OEIS A000170 says there are.
    #[apply(judge_counts)]
    fn boards_data_is_proven_and_sorted(#[case] n: i32, #[case] expected: u64) {
        let boards = expected_boards(n).expect("data for the judge's range");
        validate::check_solution_set(n, &boards).unwrap();
        assert_eq!(boards.len() as u64, expected);
        assert_eq!(sorted(boards.clone()), boards);
    }

    #[apply(edge_cases)]
    fn edge_cases_match_boards(#[case] n: i32, #[case] expected: u64) {
        let boards = expected_boards(n).unwrap();
        assert_eq!(boards.len() as u64, expected);
        validate::check_solution_set(n, &boards).unwrap();
    }

    /// The templates' `#[case::NAME(ARGS)]` lines in this file, in order.
    fn template_cases(template: &str) -> Vec<String> {
        let source = include_str!("lib.rs");
        let end = source.find(&format!("pub fn {template}(")).expect("the template is in lib.rs");
        // The case lines directly above the template's `fn` line.
        let above: Vec<&str> = source[..end].lines().rev().skip_while(|line| !line.starts_with("#[case::")).collect();
        let mut cases: Vec<String> =
            above.iter().take_while(|line| line.starts_with("#[case::")).map(|line| line.to_string()).collect();
        cases.reverse();
        cases
    }

    /// A case written as its template attribute, `#[case::n8(8, 92)]`.
    fn as_attribute(case: &Case, with_expected: bool) -> String {
        let n = match case.n {
            i32::MIN => "i32::MIN".to_string(),
            i32::MAX => "i32::MAX".to_string(),
            n => n.to_string(),
        };
        let expected = if with_expected { format!(", {}", case.expected) } else { String::new() };
        format!("#[case::{}({n}{expected})]", case.name)
    }

    /// The data lists hold exactly the cases of the templates, in order, and
    /// their counts are the OEIS table's.
    #[test]
    fn templates_and_data_agree() {
        let lists: [(&str, &[Case], bool); 4] = [
            ("judge_counts", &JUDGE_COUNTS, true),
            ("edge_cases", &EDGE_CASES, true),
            ("beyond_judge", &BEYOND_JUDGE, true),
            ("out_of_range", &OUT_OF_RANGE, false),
        ];
        for (template, data, with_expected) in lists {
            let written: Vec<String> = data.iter().map(|case| as_attribute(case, with_expected)).collect();
            assert_eq!(template_cases(template), written, "the template {template} and its data list differ");
            assert!(data.iter().all(|case| case.template == template), "{template}: a case names another template");
        }
        for case in counted_cases() {
            assert_eq!(expected_count(case.n), Some(case.expected), "{case:?}");
        }
    }

    #[test]
    fn no_boards_past_the_data_nor_count_past_the_record() {
        assert!(BEYOND_JUDGE.iter().all(|case| expected_boards(case.n).is_none()));
        assert_eq!(expected_count(28), None);
        assert_eq!(expected_count(i32::MAX), None);
    }
}
