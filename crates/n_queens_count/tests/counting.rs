//! The 64-bit API, `n_queens_count::counting`: the fastest counter against the
//! OEIS tables, the threads and progress options, and every error path.
//! (Each approach's own counting is checked in `approaches.rs`.)

use std::sync::Mutex;

use n_queens_cases::oeis::{A000170, A002562};
use n_queens_count::counting::{
    CountError, FASTEST, FASTEST_UNIQUE, MAX_N, Options, check, total, total_with, unique, unique_with,
};
use n_queens_count::{APPROACHES, parallel};
use n_queens_ii::symmetry::Classes;
use pretty_assertions::assert_eq;
use rstest::rstest;

/// The flags each approach declares: an approach without a counter of its
/// own counts through the judge's signature (n <= 18), one with its own up
/// to `MAX_N`. Among those the chain had first, only `symmetry` and
/// `parallel` count classes, only `parallel` and `quarters` use threads,
/// and `bitmask` counts through the judge's signature. `total` and `unique`
/// use counters that serve every n up to `MAX_N` on every core, and
/// `unique`'s sorts the boards into classes.
#[test]
fn approach_flags() {
    const { assert!(MAX_N >= 32) };
    for approach in APPROACHES {
        let max_n = if approach.count.is_some() { MAX_N } else { 18 };
        assert_eq!(approach.max_n, max_n, "{}", approach.name);
    }
    // (name, counts classes, threads, a counter of its own)
    let known = [
        ("bitmask", false, false, false),
        ("mirror", false, false, true),
        ("symmetry", true, false, true),
        ("parallel", true, true, true),
        ("quarters", false, true, true),
    ];
    for (name, counts_unique, threads, own) in known {
        let approach = n_queens_count::approach(name).unwrap();
        let flags = (approach.counts_unique, approach.threads, approach.count.is_some());
        assert_eq!(flags, (counts_unique, threads, own), "{name}");
    }
    assert_eq!([FASTEST, FASTEST_UNIQUE], ["quarters", "parallel"]);
    for (fastest, unique) in [(FASTEST, false), (FASTEST_UNIQUE, true)] {
        let approach = n_queens_count::approach(fastest).unwrap();
        assert!(approach.threads && approach.max_n == MAX_N && (approach.counts_unique || !unique), "{fastest}");
    }
}

/// Any number of threads gives the same counts, including more threads
/// than tasks and than cores.
#[rstest]
fn threads_do_not_change_the_count(#[values(0, 1, 2, 3, 64, 100_000)] threads: usize) {
    let options = Options { threads, progress: None };
    for n in [0, 1, 4, 5, 8, 12, 13] {
        assert_eq!(total(n, &options), Ok(A000170[n as usize]), "n = {n}, {threads} threads");
        assert_eq!(unique(n, &options), Ok(A002562[n as usize]), "n = {n}, {threads} threads");
    }
}

/// Progress is `(0, tasks)` first, then one call per task with every count
/// of done tasks from 1 to `tasks` exactly once (threads may report out of
/// order), for every approach that splits its work into tasks: `quarters`
/// from n = 4, `parallel` from n = 8 (below, none).
#[rstest]
fn progress_reports_every_task(#[values(1, 2, 4)] threads: usize, #[values(0, 4, 7, 8, 12, 13)] n: u32) {
    for approach in APPROACHES.iter().filter(|approach| approach.threads) {
        let calls = Mutex::new(Vec::new());
        let record = |done: u64, total: u64| calls.lock().unwrap().push((done, total));
        let options = Options { threads, progress: Some(&record) };
        assert_eq!(total_with(approach.name, n, &options), Ok(A000170[n as usize]), "{}", approach.name);
        let calls = calls.into_inner().unwrap();
        let tasks = calls[0].1;
        assert_eq!(calls[0], (0, tasks), "{}", approach.name);
        let mut done: Vec<u64> = calls.iter().map(|&(done, _)| done).collect();
        done.sort_unstable();
        assert_eq!(done, (0..=tasks).collect::<Vec<_>>(), "{}, n = {n}", approach.name);
        assert!(calls.iter().all(|&(_, total)| total == tasks), "{}", approach.name);
        let splits_from = if approach.name == "parallel" { 8 } else { 4 };
        if n >= splits_from {
            assert!(tasks > 1, "{}, n = {n}: {tasks} tasks", approach.name);
        } else {
            assert_eq!(tasks, 0, "{}, n = {n}: no tasks below the split", approach.name);
        }
    }
}

/// The one-thread approaches ignore `threads` and never call `progress`.
#[test]
fn one_thread_approaches_ignore_the_options() {
    let called = Mutex::new(false);
    let record = |_: u64, _: u64| *called.lock().unwrap() = true;
    let options = Options { threads: 7, progress: Some(&record) };
    for approach in APPROACHES.iter().filter(|approach| !approach.threads) {
        assert_eq!(total_with(approach.name, 8, &options), Ok(92), "{}", approach.name);
    }
    assert!(!*called.lock().unwrap());
}

#[test]
fn unknown_approach_names_the_valid_ones() {
    let error = CountError::UnknownApproach { name: "quick".to_string() };
    assert_eq!(total_with("quick", 8, &Options::default()), Err(error.clone()));
    assert_eq!(unique_with("quick", 8, &Options::default()), Err(error.clone()));
    let names: Vec<&str> = APPROACHES.iter().map(|approach| approach.name).collect();
    assert_eq!(error.to_string(), format!("unknown approach `quick`; the approaches are: {}", names.join(", ")));
}

#[test]
fn out_of_range_names_the_range() {
    let error = CountError::OutOfRange { approach: FASTEST, n: MAX_N + 1, max: MAX_N };
    assert_eq!(total(MAX_N + 1, &Options::default()), Err(error.clone()));
    assert_eq!(error.to_string(), "n = 33 is out of range for `quarters`: it counts n = 0..=32");
    let error = CountError::OutOfRange { approach: FASTEST_UNIQUE, n: MAX_N + 1, max: MAX_N };
    assert_eq!(unique(MAX_N + 1, &Options::default()), Err(error));
}

#[test]
fn unique_unsupported_names_the_approaches_that_count_it() {
    for approach in APPROACHES.iter().filter(|approach| !approach.counts_unique) {
        let error = CountError::UniqueUnsupported { approach: approach.name };
        assert_eq!(unique_with(approach.name, 8, &Options::default()), Err(error.clone()));
        assert_eq!(
            error.to_string(),
            format!("`{}` does not count unique solutions; the approaches that do: symmetry, parallel", approach.name)
        );
    }
}

/// `check` answers what the counters would, without counting: the same
/// error for every input they refuse, the approach for every one they take.
#[test]
fn check_gives_the_counters_errors_first() {
    let options = Options::default();
    let names = APPROACHES.iter().map(|approach| approach.name).chain(["quick"]);
    for name in names {
        for n in [8, 19, MAX_N + 1] {
            for unique in [false, true] {
                let counted = || if unique { unique_with(name, n, &options) } else { total_with(name, n, &options) };
                match check(name, n, unique) {
                    // Counting n = 19 would take minutes: the range is enough.
                    Ok(approach) => {
                        assert!(approach.name == name && n <= approach.max_n, "{name}, n = {n}");
                        assert!(n > 8 || counted().is_ok(), "{name}, n = {n}, unique: {unique}");
                    }
                    Err(error) => assert_eq!(counted(), Err(error), "{name}, n = {n}, unique: {unique}"),
                }
            }
        }
    }
}

/// A count past `u64` is an error, never a wrapped number. No run can reach
/// one, so the checked sums are tested on made-up class counts, and the
/// error's message on its own.
#[test]
fn overflow_is_an_error() {
    let classes = Classes { one: 0, two: 0, four: 0, eight: u64::MAX / 8 + 1 };
    assert_eq!(classes.total(), None);
    assert_eq!(classes.unique(), Some(u64::MAX / 8 + 1));
    let classes = Classes { one: 1, two: u64::MAX, four: 0, eight: 0 };
    assert_eq!(classes.unique(), None);
    assert_eq!(classes.total(), None);
    let fits = Classes { one: 0, two: 1, four: 1, eight: (u64::MAX - 6) / 8 };
    assert_eq!(fits.total(), Some(2 + 4 + (u64::MAX - 6) / 8 * 8));
    let error: Box<dyn std::error::Error> = Box::new(CountError::Overflow { n: 30 });
    assert_eq!(error.to_string(), "the count for n = 30 does not fit in u64");
}

/// The 64-bit counters refuse what their `u32` masks cannot hold.
#[rstest]
#[case::mirror(|| { n_queens_ii::mirror::Solution::count(33); })]
#[case::symmetry(|| { Classes::count(33); })]
#[case::parallel(|| { parallel::count(33, &Options::default()); })]
#[should_panic(expected = "supports n <= 32")]
fn the_64_bit_counters_refuse_past_32(#[case] count: fn()) {
    count();
}

/// The reference of `compare` and of the benchmark is a judge-ready step
/// of this chain, so that every table divides by a time it holds.
#[test]
fn the_reference_is_a_judge_ready_step() {
    let reference = n_queens_count::approach(n_queens_count::REFERENCE).expect("a step of the chain");
    assert!(reference.judge_ready, "{}", reference.name);
}
