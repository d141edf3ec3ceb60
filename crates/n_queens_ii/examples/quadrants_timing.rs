//! Times `quadrants::count` on 1 and 2 threads against the plain bitmask
//! counter (`bitmask::Solution::total_n_queens`, n <= 18), interleaved run by
//! run, checks that they agree, and prints the medians of wall and CPU time.
//!
//! ```sh
//! CARGO_TARGET_DIR=/work/target-moonshot \
//!     cargo run --release -p n_queens_ii --example quadrants_timing -- 14 17 3
//! ```
//!
//! Arguments: first n, last n, runs per measurement (defaults 14 16 3). The
//! CPU time (from `/proc/self/stat`, Linux only, 10 ms steps) is the sum over
//! all threads; on a busy machine it is steadier than the wall time.

use std::time::Instant;

use n_queens_ii::{bitmask, quadrants};

/// CPU seconds this process has used (user + system), from `/proc/self/stat`:
/// less disturbed than wall time when other programs share the cores.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which is in parentheses): utime is the
    // 12th and stime the 13th of them, in clock ticks (100 per second).
    let after_name = stat.rsplit(')').next().unwrap_or("");
    let fields: Vec<f64> = after_name.split_whitespace().map(|field| field.parse().unwrap_or(0.0)).collect();
    (fields.get(11).copied().unwrap_or(0.0) + fields.get(12).copied().unwrap_or(0.0)) / 100.0
}

fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// Runs `work`, returns its result with (wall seconds, CPU seconds).
fn timed<T>(work: impl FnOnce() -> T) -> (T, f64, f64) {
    let (wall, cpu) = (Instant::now(), cpu_seconds());
    let result = work();
    (result, wall.elapsed().as_secs_f64(), cpu_seconds() - cpu)
}

fn main() {
    let arguments: Vec<u32> = std::env::args().skip(1).map(|a| a.parse().expect("a number")).collect();
    let first = arguments.first().copied().unwrap_or(14);
    let last = arguments.get(1).copied().unwrap_or(16);
    let runs = arguments.get(2).copied().unwrap_or(3);
    println!("medians of {runs} interleaved runs; wall seconds (CPU seconds)");
    println!(" n  bitmask            quadrants 1 thread   quadrants 2 threads  speedup 1t wall (cpu)   2t wall");
    for n in first..=last {
        let mut times: [[Vec<f64>; 2]; 3] = Default::default();
        for _ in 0..runs {
            let (expected, wall, cpu) = timed(|| {
                i32::try_from(n).ok().filter(|&n| n <= 18).map(|n| bitmask::Solution::total_n_queens(n) as u64)
            });
            times[0][0].push(wall);
            times[0][1].push(cpu);
            for (slot, threads) in [(1, 1), (2, 2)] {
                let (total, wall, cpu) = timed(|| quadrants::count(n, threads, None).expect("n in range"));
                times[slot][0].push(wall);
                times[slot][1].push(cpu);
                if let Some(expected) = expected {
                    assert_eq!(total, expected, "n = {n}");
                }
            }
        }
        let [plain, one, two] = times.map(|[wall, cpu]| (median(wall), median(cpu)));
        println!(
            "{n:2}  {:7.3} ({:7.3})  {:7.3} ({:7.3})    {:7.3} ({:7.3})    {:6.1} ({:5.1})       {:6.1}",
            plain.0,
            plain.1,
            one.0,
            one.1,
            two.0,
            two.1,
            plain.0 / one.0,
            plain.1 / one.1,
            plain.0 / two.0
        );
    }
}
