//! Times the four-quarter join (`quarters`) against the plain bitmask
//! counter (`bitmask`) at the same n, in the same process, interleaved
//! (bitmask, quarters, bitmask, quarters, ...), and prints the medians and
//! their ratio. Every count is checked against OEIS A000170.
//!
//! ```sh
//! # n = 14..=17, 3 runs each, one thread: medians and the ratio
//! cargo run --release -p n_queens_count --example quarters_timing -- compare 14 17 3
//! # quarters on 1 and on 2 threads at n = 17, 3 runs each (wall time)
//! cargo run --release -p n_queens_count --example quarters_timing -- threads 17 17 3
//! # a single count, for a profiler or a whole-process timer:
//! cargo run --release -p n_queens_count --example quarters_timing -- quarters 18
//! cargo run --release -p n_queens_count --example quarters_timing -- quarters 20 2
//! cargo run --release -p n_queens_count --example quarters_timing -- bitmask 16
//! ```
//!
//! One-thread runs are timed by this thread's CPU time (`clock/mod.rs`),
//! which a busy machine disturbs far less than wall time; runs on several
//! threads only by wall time.

use std::hint::black_box;
use std::time::Instant;

use n_queens_cases::oeis::A000170;
use n_queens_count::counting::Options;
use n_queens_count::quarters;
use n_queens_ii::bitmask;

mod clock;
use clock::{median, timed};

fn bitmask_count(n: u32) -> u64 {
    let n = i32::try_from(n).expect("small n");
    assert!(n <= 18, "bitmask counts in i32: n <= 18");
    u64::try_from(bitmask::Solution::total_n_queens(black_box(n))).expect("a count is never negative")
}

fn quarters_count(n: u32, threads: usize) -> u64 {
    let options = Options { threads, progress: None };
    quarters::count(black_box(n), &options).unwrap_or_else(|error| panic!("{error}"))
}

fn check(name: &str, n: u32, total: u64) {
    if let Some(&expected) = A000170.get(n as usize) {
        assert_eq!(total, expected, "{name}, n = {n}: OEIS A000170 says {expected}");
    }
}

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let mode = arguments.first().map_or("compare", String::as_str);
    let number = |index: usize, default: u32| -> u32 {
        arguments.get(index).map_or(default, |argument| argument.parse().expect("a number"))
    };
    match mode {
        "bitmask" | "quarters" => {
            let n = number(1, 16);
            let threads = number(2, 1) as usize;
            let start = Instant::now();
            let total = if mode == "bitmask" { bitmask_count(n) } else { quarters_count(n, threads) };
            check(mode, n, total);
            println!("{mode} n = {n}: {total} in {:.3} s (wall)", start.elapsed().as_secs_f64());
        }
        "compare" => compare(number(1, 14), number(2, 16), number(3, 3)),
        "threads" => threads(number(1, 17), number(2, 17), number(3, 3)),
        _ => panic!("the mode is compare, threads, bitmask or quarters"),
    }
}

/// `bitmask` and `quarters` on one thread, interleaved.
fn compare(first: u32, last: u32, runs: u32) {
    println!("median CPU seconds of {runs} interleaved runs, one thread");
    println!("{:>3} {:>12} {:>12} {:>8}", "n", "bitmask", "quarters", "ratio");
    for n in first..=last {
        let (mut plain, mut joined) = (Vec::new(), Vec::new());
        for _ in 0..runs {
            let (total, time) = timed(false, || bitmask_count(n));
            check("bitmask", n, total);
            plain.push(time);
            let (total, time) = timed(false, || quarters_count(n, 1));
            check("quarters", n, total);
            joined.push(time);
        }
        let (plain, joined) = (median(plain), median(joined));
        println!("{n:>3} {plain:>12.4} {joined:>12.4} {:>8}", ratio(plain, joined, 1));
    }
}

/// `before / after` with `digits` decimals, or `-` where either time read
/// zero: below the clock's resolution a ratio would print `NaN` or `inf`.
fn ratio(before: f64, after: f64, digits: usize) -> String {
    if before > 0.0 && after > 0.0 { format!("{:.digits$}x", before / after) } else { "-".to_string() }
}

/// `quarters` on 1 and 2 threads, interleaved, by wall time.
fn threads(first: u32, last: u32, runs: u32) {
    println!("median wall seconds of {runs} interleaved runs");
    println!("{:>3} {:>12} {:>12} {:>8}", "n", "1 thread", "2 threads", "speedup");
    for n in first..=last {
        let (mut one, mut two) = (Vec::new(), Vec::new());
        for _ in 0..runs {
            let (total, time) = timed(true, || quarters_count(n, 1));
            check("quarters", n, total);
            one.push(time);
            let (total, time) = timed(true, || quarters_count(n, 2));
            check("quarters", n, total);
            two.push(time);
        }
        let (one, two) = (median(one), median(two));
        println!("{n:>3} {one:>12.4} {two:>12.4} {:>8}", ratio(one, two, 2));
    }
}
