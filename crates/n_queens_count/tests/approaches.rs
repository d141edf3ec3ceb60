//! Every counter of `n_queens_count::APPROACHES` against the OEIS tables:
//! its 64-bit counting (`n_queens_count::counting`), and for the two that
//! are not steps of the chain, the judge's signature against the shared
//! cases of `n_queens_cases` (the steps have theirs in `n_queens_ii`).

use n_queens_cases::oeis::{A000170, A002562};
use n_queens_cases::{beyond_judge, edge_cases, judge_counts, out_of_range};
use n_queens_count::APPROACHES;
use n_queens_count::counting::{CountError, Options, total_with, unique_with};
use pretty_assertions::assert_eq;
use rstest::rstest;
use rstest_reuse::apply;

/// One module per counter that is not a step of the chain, so that a
/// failure names it and the case, e.g. `quarters::counts::case_8_n8`.
macro_rules! judge_signature {
    ($($approach:ident),*) => {$(
        mod $approach {
            use super::*;
            use n_queens_count::$approach::Solution;
            use pretty_assertions::assert_eq;

            /// The judge's range, against OEIS A000170.
            #[apply(judge_counts)]
            fn counts(#[case] n: i32, #[case] expected: i32) {
                assert_eq!(Solution::total_n_queens(n), expected);
            }

            /// n = 0 has one solution, negative n none.
            #[apply(edge_cases)]
            fn edge(#[case] n: i32, #[case] expected: i32) {
                assert_eq!(Solution::total_n_queens(n), expected);
            }

            /// Past the judge's range, still against OEIS A000170.
            #[apply(beyond_judge)]
            fn beyond(#[case] n: i32, #[case] expected: i32) {
                assert_eq!(Solution::total_n_queens(n), expected);
            }

            #[apply(out_of_range)]
            #[should_panic(expected = "supports n <= 18")]
            fn refuses(#[case] n: i32) {
                Solution::total_n_queens(n);
            }
        }
    )*};
}

judge_signature!(parallel, quarters);

/// Every counter's 64-bit counting, against OEIS A000170 (and A002562 where
/// it counts classes): n = 0..=15 for the fast counters (own 64-bit
/// counter), n = 0..=11 for the steps that count through the judge's signature.
#[rstest]
fn counting_matches_oeis(#[values(0, 1, 2, 3, 4, 5, 6, 7)] index: usize) {
    let approach = &APPROACHES[index];
    let last = if approach.count.is_some() { 15 } else { 11 };
    for n in 0..=last {
        let total = total_with(approach.name, n, &Options::default());
        assert_eq!(total, Ok(A000170[n as usize]), "{}: total, n = {n}", approach.name);
        let unique = unique_with(approach.name, n, &Options::default());
        if approach.counts_unique {
            assert_eq!(unique, Ok(A002562[n as usize]), "{}: unique, n = {n}", approach.name);
        } else {
            assert_eq!(unique, Err(CountError::UniqueUnsupported { approach: approach.name }));
        }
    }
}

/// Each counter names the range it counts, one past it is an error.
#[test]
fn counting_refuses_past_max_n() {
    for approach in APPROACHES {
        let (name, past, max) = (approach.name, approach.max_n + 1, approach.max_n);
        let error = CountError::OutOfRange { approach: name, n: past, max };
        assert_eq!(total_with(name, past, &Options::default()), Err(error));
        let message = total_with(name, u32::MAX, &Options::default()).unwrap_err().to_string();
        assert_eq!(message, format!("n = {} is out of range for `{name}`: it counts n = 0..={max}", u32::MAX));
    }
}

/// The counters are the chain's steps, each the step's own entry (the list
/// names them by their place in `n_queens_ii::APPROACHES`), then the two
/// that are not judge-ready, each tested above; `counting_matches_oeis`
/// takes every one.
#[test]
fn the_chain_begins_the_counters() {
    let steps = n_queens_ii::APPROACHES;
    assert_eq!(APPROACHES.len(), 8, "counting_matches_oeis takes the indexes 0..8");
    let (chain, own) = APPROACHES.split_at(steps.len());
    for (counter, step) in chain.iter().zip(steps) {
        assert_eq!((counter.name, counter.source), (step.name, step.source));
    }
    assert_eq!(own.iter().map(|counter| (counter.name, counter.judge_ready)).collect::<Vec<_>>(),
        [("parallel", false), ("quarters", false)]);
}
