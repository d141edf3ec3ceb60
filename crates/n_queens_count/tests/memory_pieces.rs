//! `quarters` within the memory it is given: under a limit small enough
//! to cut each start into 2, 4 and 8 pieces a side, n = 14..=18 give OEIS
//! A000170, and the process's peak resident memory stays under the limit
//! plus its resident memory before the count and [`SLACK`] (the
//! allocator's rounding and headers, the threads' stacks). Each count runs
//! in a process of its own (this test binary, run again for the one
//! test [`child`]), so that nothing else moves its peak. Then a property:
//! any limit from the smallest plan's to the whole's gives the same count.

use std::process::Command;

use n_queens_cases::oeis::A000170;
use n_queens_count::counting::{CountError, Options};
use n_queens_count::quarters::{self, Job, MemoryPlan};
use proptest::prelude::*;

/// What the allocator and the threads may add to what the plan counts.
const SLACK: u64 = 2 << 20;

/// The environment variable that makes [`child`] count: `n limit`.
const CHILD: &str = "QUEENS_MEMORY_PIECES_CHILD";

/// A resident-memory figure of this process, in bytes (`VmRSS`, `VmHWM`).
fn resident(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("Linux's /proc");
    let line = status.lines().find(|line| line.starts_with(field)).expect("the field");
    line.split_whitespace().nth(1).and_then(|kib| kib.parse::<u64>().ok()).expect("kB") * 1024
}

fn job(limit: u64) -> Job<'static> {
    Job { options: Options { threads: 1, progress: None }, memory_limit: limit, ..Job::default() }
}

fn planned(n: u32, limit: u64) -> Result<MemoryPlan, CountError> {
    quarters::memory_plan(n, &job(limit))
}

/// Run by [`counts_in_pieces_within_the_limit`] in a process of its own:
/// counts and prints the count, the resident memory before and the peak.
#[test]
fn child() {
    let Ok(asked) = std::env::var(CHILD) else { return };
    let (n, limit) = asked.split_once(' ').expect("n limit");
    let (n, limit): (u32, u64) = (n.parse().unwrap(), limit.parse().unwrap());
    let before = resident("VmRSS:");
    let count = quarters::count_job(n, &job(limit)).unwrap_or_else(|error| panic!("{error}"));
    println!("count={count} before={before} peak={}", resident("VmHWM:"));
}

/// The smallest limit at which the plan cuts a start into at most `pieces`
/// pieces a side (the plan's pieces fall as the limit grows).
fn limit_for(n: u32, pieces: u32) -> u64 {
    let Err(CountError::MemoryLimit { needed: mut low, .. }) = planned(n, 1) else { panic!("one byte is refused") };
    let mut high = planned(n, u64::MAX >> 1).unwrap().memory.total();
    if planned(n, low).unwrap().pieces <= pieces {
        return low;
    }
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if planned(n, middle).unwrap().pieces <= pieces { high = middle } else { low = middle }
    }
    high
}

/// Counts `n` within `limit` in a process of its own; its count and peak.
fn count_apart(n: u32, limit: u64) -> (u64, u64, u64) {
    let output = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "child", "--nocapture", "--test-threads", "1"])
        .env(CHILD, format!("{n} {limit}"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    // (After libtest's "test child ... " on the same line.)
    let line =
        stdout.lines().find_map(|line| Some(&line[line.find("count=")?..])).unwrap_or_else(|| panic!("{stdout}"));
    let field = |key: &str| -> u64 {
        let value = line.split(' ').find_map(|word| word.strip_prefix(key)).expect("the field");
        value.parse().unwrap()
    };
    (field("count="), field("before="), field("peak="))
}

/// For each n, the limits that force 2, 4 and 8 pieces: the count is
/// OEIS's, and the peak stays under the limit.
fn in_pieces(sizes: std::ops::RangeInclusive<u32>) {
    for n in sizes {
        for pieces in [2, 4, 8] {
            let limit = limit_for(n, pieces);
            assert_eq!(planned(n, limit).unwrap().pieces, pieces, "n = {n}: {limit} bytes");
            let (count, before, peak) = count_apart(n, limit);
            assert_eq!(count, A000170[n as usize], "n = {n}, {pieces} pieces");
            assert!(
                peak <= limit + before + SLACK,
                "n = {n}, {pieces} pieces: peak {peak} bytes, limit {limit}, {before} before the count"
            );
            println!("n = {n}, {pieces} pieces: limit {limit}, peak {peak}, {before} before the count");
        }
    }
}

#[test]
fn counts_in_pieces_within_the_limit() {
    in_pieces(14..=16);
}

#[test]
#[ignore = "slow: half a minute; run with --ignored"]
fn counts_in_pieces_within_the_limit_to_18() {
    in_pieces(17..=18);
}

/// The smallest plan's bytes for `n`, on one thread.
fn smallest(n: u32) -> u64 {
    match planned(n, 1) {
        Err(CountError::MemoryLimit { needed, .. }) => needed,
        other => panic!("n = {n}: {other:?}"),
    }
}

/// Any limit from the smallest plan's to the whole's, as a share of the
/// way (`share` in 0..=1, drawn toward the small end, where the plan
/// changes most), gives OEIS's count.
fn any_limit_counts_the_same(n: u32, share: f64) -> Result<(), TestCaseError> {
    let (least, whole) = (smallest(n), planned(n, u64::MAX >> 1).unwrap().memory.total());
    let limit = least + ((whole - least) as f64 * share * share) as u64;
    let count = quarters::count_job(n, &job(limit)).map_err(|error| TestCaseError::fail(error.to_string()))?;
    prop_assert_eq!(count, A000170[n as usize], "n = {}, limit {}", n, limit);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn any_limit_gives_the_count(n in 12u32..=16, share in 0.0f64..=1.0) {
        any_limit_counts_the_same(n, share)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    #[ignore = "slow: a minute or two; run with --ignored"]
    fn any_limit_gives_the_count_to_18(n in 17u32..=18, share in 0.0f64..=1.0) {
        any_limit_counts_the_same(n, share)?;
    }
}
