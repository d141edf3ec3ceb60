//! Rough timings of the fast counters against `bitmask`, one thread unless
//! said, interleaved (each run times every counter once, in turn), median of
//! several runs. Checks every count against OEIS A000170 as it goes.
//!
//! The one-thread counters (`parallel_1t` too) are timed by this thread's
//! CPU time (`clock/mod.rs`), which a busy machine disturbs far less than wall
//! time; `parallel_2t` only by wall time, so its numbers are the noisiest.
//!
//! ```sh
//! # mirror, symmetry, parallel on 1 and 2 threads, against bitmask:
//! cargo run --release -p n_queens_count --example timing -- approaches 14 16 5
//! # parallel on 1 and 2 threads, both by wall time (its own speedup):
//! cargo run --release -p n_queens_count --example timing -- threads 16 17 3
//! # the plain bitmask counter, recursive against an explicit stack:
//! cargo run --release -p n_queens_count --example timing -- stack 14 16 5
//! ```
//!
//! Arguments: the mode, first n, last n, runs per measurement. Mode `one`
//! runs a single counter once, for a profiler: `timing one symmetry 16`.

use std::hint::black_box;

use n_queens_cases::oeis::A000170;
use n_queens_count::counting::{Options, total_with};
use n_queens_count::parallel;
use n_queens_ii::{bitmask, mirror, symmetry};

mod clock;
use clock::{median, timed};

type Counter = (&'static str, fn(u32) -> u64);

fn main() {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let mode = arguments.first().map_or("approaches", String::as_str);
    if mode == "one" {
        let name = arguments.get(1).expect("a counter name");
        let n: u32 = arguments.get(2).map_or(14, |a| a.parse().expect("a number"));
        let all = [stack_counters(), approach_counters()].concat();
        let (_, count) = all.iter().find(|(known, _)| known == name).expect("a counter of `stack` or `approaches`");
        assert_eq!(count(n), A000170[n as usize], "{name}, n = {n}");
        return;
    }
    let number = |index: usize, default: u32| arguments.get(index).map_or(default, |a| a.parse().expect("a number"));
    let (first, last, runs) = (number(1, 14), number(2, 16), number(3, 5));
    assert!(last <= 18, "n <= 18: the bitmask step counts in i32");
    let counters = match mode {
        "stack" => stack_counters(),
        "approaches" => approach_counters(),
        "threads" => approach_counters().into_iter().filter(|(name, _)| name.starts_with("parallel")).collect(),
        _ => panic!("the mode is `approaches`, `threads`, `stack` or `one`"),
    };
    print!("{:>3}", "n");
    for (name, _) in &counters {
        print!(" {name:>15}");
    }
    println!(
        "   (median seconds of {runs} runs: CPU time, wall for parallel_2t and in mode threads; ratio to the first column)"
    );
    for n in first..=last {
        let mut times = vec![Vec::new(); counters.len()];
        for _ in 0..runs {
            for ((name, count), times) in counters.iter().zip(&mut times) {
                let on_this_thread = mode != "threads" && *name != "parallel_2t";
                let (total, time) = timed(!on_this_thread, || count(black_box(n)));
                times.push(time);
                assert_eq!(total, A000170[n as usize], "{name}, n = {n}");
            }
        }
        let medians: Vec<f64> = times.into_iter().map(median).collect();
        print!("{n:>3}");
        for time in &medians {
            print!(" {time:>15.4}");
        }
        print!("   ratios:");
        for time in &medians[1..] {
            print!(" {:.2}", medians[0] / time);
        }
        if mode == "threads" {
            print!("   ({} tasks)", parallel::split(n).0.len());
        }
        println!();
    }
}

fn stack_counters() -> Vec<Counter> {
    // The recursive side is step 4 itself, `bitmask` (n <= 18).
    vec![
        ("recursive", |n| bitmask::Solution::total_n_queens(n as i32) as u64),
        ("explicit_stack", explicit_stack::count),
    ]
}

fn approach_counters() -> Vec<Counter> {
    vec![
        ("bitmask", |n| bitmask::Solution::total_n_queens(n as i32) as u64),
        ("mirror", |n| mirror::Solution::count(n).unwrap()),
        ("symmetry", |n| symmetry::Classes::count(n).total().unwrap()),
        ("parallel_1t", |n| with_threads(n, 1)),
        ("parallel_2t", |n| with_threads(n, 2)),
    ]
}

fn with_threads(n: u32, threads: usize) -> u64 {
    total_with("parallel", n, &Options { threads, progress: None }).unwrap()
}

/// Step 4's search with an explicit stack: one entry per row, holding the
/// masks of that row and its free squares not yet tried.
mod explicit_stack {
    pub fn count(n: u32) -> u64 {
        let full = if n == 0 { 0 } else { u32::MAX >> (32 - n) };
        if full == 0 {
            return 1;
        }
        let mut columns = [0u32; 33];
        let mut diagonals = [0u32; 33];
        let mut anti_diagonals = [0u32; 33];
        let mut free = [0u32; 33];
        free[0] = full;
        let mut row = 0;
        let mut count = 0;
        loop {
            let untried = free[row];
            if untried == 0 {
                if row == 0 {
                    return count;
                }
                row -= 1; // back to the row above
                continue;
            }
            let lowest = untried & untried.wrapping_neg();
            free[row] = untried & (untried - 1);
            let next_columns = columns[row] | lowest;
            if next_columns == full {
                count += 1;
                continue;
            }
            let next_diagonals = (diagonals[row] | lowest) << 1;
            let next_anti_diagonals = (anti_diagonals[row] | lowest) >> 1;
            row += 1;
            columns[row] = next_columns;
            diagonals[row] = next_diagonals;
            anti_diagonals[row] = next_anti_diagonals;
            free[row] = full & !(next_columns | next_diagonals | next_anti_diagonals);
        }
    }
}
