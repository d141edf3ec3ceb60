//! n = 16..=18 against OEIS A000170 and A002562: minutes of work on one core
//! for the slower counters, so these are ignored in the normal run. Run them
//! with `cargo test -p n_queens_ii -- --ignored`.

use n_queens_cases::oeis::{A000170, A002562};
use n_queens_ii::counting::{Options, total_with, unique_with};
use pretty_assertions::assert_eq;
use rstest::rstest;

/// Every fast counter (the approaches with their own 64-bit counter).
#[rstest]
#[ignore = "slow: up to minutes per case on one core; run with -- --ignored"]
fn fast_counters_match_oeis(
    #[values("mirror", "symmetry", "parallel", "quarters")] name: &str,
    #[values(16, 17, 18)] n: u32,
) {
    let approach = n_queens_ii::approach(name).unwrap();
    let options = Options::default();
    assert_eq!(total_with(name, n, &options), Ok(A000170[n as usize]));
    if approach.counts_unique {
        assert_eq!(unique_with(name, n, &options), Ok(A002562[n as usize]));
    }
}

/// The judge's signature still serves n = 18, the last `i32` count, on the
/// fastest judge-ready approach.
#[test]
#[ignore = "slow: about a minute on one core; run with -- --ignored"]
fn judge_signature_serves_18() {
    let expected = i32::try_from(A000170[18]).unwrap();
    assert_eq!(n_queens_ii::symmetry::Solution::total_n_queens(18), expected);
}
