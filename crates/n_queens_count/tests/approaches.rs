//! Every counter of `n_queens_count::APPROACHES` against the OEIS tables:
//! its 64-bit counting (`n_queens_count::counting`), and for those that
//! are not steps of the chain, the judge's signature against the shared
//! cases of `n_queens_cases` (the steps have theirs in `n_queens_ii`).

use n_queens_cases::oeis::{A000170, A002562};
use n_queens_cases::{OUT_OF_RANGE, counted_cases};
use n_queens_count::APPROACHES;
use n_queens_count::counting::{CountError, Options, total_with, unique_with};
use pretty_assertions::assert_eq;

/// The counters that are not steps of the chain (the manifest's approaches
/// of LeetCode 52 past the judge), through the judge's signature, on every
/// shared case (`n_queens_cases::counted_cases`), and refusing every n past
/// its `i32`.
#[test]
fn judge_signature() {
    let past: Vec<_> = APPROACHES.iter().filter(|approach| n_queens_ii::approach(approach.name).is_none()).collect();
    assert!(!past.is_empty(), "the manifest has counters past the judge");
    for approach in past {
        let (name, solve) = (approach.name, approach.solve);
        for case in counted_cases() {
            assert_eq!(u64::try_from(solve(case.n)), Ok(case.expected), "{name}: {case:?}");
        }
        for case in OUT_OF_RANGE {
            let refusal = *std::panic::catch_unwind(|| solve(case.n)).unwrap_err().downcast::<String>().unwrap();
            assert!(refusal.contains("supports n <= 18"), "{name}: {refusal}");
        }
    }
}

/// Every counter's 64-bit counting, against OEIS A000170 (and A002562 where
/// it counts classes): n = 0..=15 for the fast counters (own 64-bit
/// counter), n = 0..=11 for the steps that count through the judge's signature.
#[test]
fn counting_matches_oeis() {
    for approach in APPROACHES {
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

/// The counters begin with the chain's steps, in its order, each the step's
/// own entry of `n_queens_ii::APPROACHES`.
#[test]
fn the_chain_begins_the_counters() {
    for (counter, step) in APPROACHES.iter().zip(n_queens_ii::APPROACHES) {
        assert_eq!((counter.name, counter.source), (step.name, step.source));
    }
}
