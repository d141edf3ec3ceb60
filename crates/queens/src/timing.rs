//! Measuring approaches, and guessing from small n how long a big n takes.
//!
//! The machine is shared and its clock is coarse next to a microsecond call,
//! so a call that is quick is repeated in batches and the median batch is
//! taken; a slow call is timed once.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// A batch lasts at least this long, so the clock's resolution does not matter.
const BATCH: Duration = Duration::from_millis(4);

/// A call this slow is timed once: repeating it would cost more than it tells.
const SLOW_CALL: Duration = Duration::from_millis(40);

/// How many batches to take the median of.
const BATCHES: usize = 5;

/// The time of one call of `run`: the median over a few batches when a call
/// is quick, a single call when it is slow.
pub fn time_per_call<T>(mut run: impl FnMut() -> T) -> Duration {
    let start = Instant::now();
    black_box(run());
    let once = start.elapsed();
    if once >= SLOW_CALL {
        return once;
    }
    let calls = (BATCH.as_nanos() / once.as_nanos().max(1)).clamp(1, 1_000_000) as u32;
    let mut per_call: Vec<Duration> = (0..BATCHES)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..calls {
                black_box(run());
            }
            start.elapsed() / calls
        })
        .collect();
    per_call.sort();
    per_call[BATCHES / 2]
}

/// How long a count should take, from one timed count of a smaller n.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The n timed.
    pub measured_n: u32,
    /// The guess for the n asked, in seconds (see [`estimate`]).
    pub seconds: f64,
}

/// The smallest n worth timing: below it a count takes microseconds, mostly
/// overhead, and says nothing about larger n.
const FIRST_TIMED_N: u32 = 8;

/// A timed count of n stops the timing once it takes this long: the clock
/// reads it well, and the announcement of a long count waits about this long.
const ENOUGH: Duration = Duration::from_millis(100);

/// A timed count of a smaller n has at most this share of the solutions of
/// the n asked, divided by the speed-up of the count's threads, so that it
/// costs at most about this share of the count it estimates: 2% for one
/// timed n, under 3% for the few smaller ones timed before it.
const COST_SHARE: f64 = 0.02;

/// Estimates the time of a count of `n` that runs `speedup` times faster
/// than on one thread, from counts of smaller n that `time_at(k)` times on
/// one thread: k = 8, 9, ... until one takes `ENOUGH`, never past the
/// largest k with at most `COST_SHARE` of `n`'s solutions (÷ `speedup`).
/// `None` when no k is that small: the count itself is then quick.
///
/// A backtracking count spends about the same time per solution, so the
/// guess is the time of k × solutions(n) / solutions(k) ÷ `speedup`: one
/// measurement, scaled, so a noisy one moves the guess only as much as
/// itself. (The board scans pay more per solution as n grows: for them
/// it guesses low.)
pub fn estimate(n: u32, speedup: f64, mut time_at: impl FnMut(u32) -> Duration) -> Option<Estimate> {
    let affordable = |k: u32| solutions(k) <= COST_SHARE * solutions(n) / speedup;
    let last = (FIRST_TIMED_N..n).take_while(|&k| affordable(k)).last()?;
    let mut timed = (FIRST_TIMED_N..=last).map(|k| (k, time_at(k)));
    let (k, measured) = timed.find(|&(k, measured)| measured >= ENOUGH || k == last)?;
    let seconds = measured.as_secs_f64() * solutions(n) / solutions(k) / speedup;
    Some(Estimate { measured_n: k, seconds })
}

/// The number of solutions for n (OEIS A000170), as a float for ratios; for
/// the few n with none (2 and 3) 1, and past the table (n > 27) its last
/// ratio carried on, which if anything underestimates.
pub fn solutions(n: u32) -> f64 {
    use n_queens_steps::oeis::A000170;
    let last = A000170.len() - 1;
    match A000170.get(n as usize) {
        Some(&count) => (count as f64).max(1.0),
        None => {
            let ratio = A000170[last] as f64 / A000170[last - 1] as f64;
            A000170[last] as f64 * ratio.powf(f64::from(n) - last as f64)
        }
    }
}

/// A duration for people: three significant digits (more from 1,000 on)
/// in the largest unit that keeps them at least 1, from ns through µs, ms,
/// s, min, hours and days to years.
pub fn human(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 60.0 * MINUTE;
    const DAY: f64 = 24.0 * HOUR;
    const YEAR: f64 = 365.25 * DAY;
    let (value, unit) = match seconds {
        s if s < 1e-6 => (s * 1e9, "ns"),
        s if s < 1e-3 => (s * 1e6, "µs"),
        s if s < 1.0 => (s * 1e3, "ms"),
        s if s < MINUTE => (s, "s"),
        s if s < HOUR => (s / MINUTE, "min"),
        s if s < DAY => (s / HOUR, "hours"),
        s if s < YEAR => (s / DAY, "days"),
        s => (s / YEAR, "years"),
    };
    if value >= 1e6 {
        format!("{value:.1e} {unit}")
    } else if value >= 100.0 {
        format!("{value:.0} {unit}")
    } else if value >= 10.0 {
        format!("{value:.1} {unit}")
    } else {
        format!("{value:.2} {unit}")
    }
}

/// A ratio for people, with at least two significant figures: `0.0042×`,
/// `0.54×`, `3.40×`, `56.0×`, `1234×`. A small ratio never rounds to `0.00×`.
pub fn ratio(value: f64) -> String {
    if value >= 100.0 {
        format!("{value:.0}×")
    } else if value >= 10.0 {
        format!("{value:.1}×")
    } else if value >= 0.1 || value <= 0.0 || !value.is_finite() {
        format!("{value:.2}×")
    } else {
        // 0.0042: the first significant digit is the third decimal, so four.
        let decimals = (1.0 - value.log10().floor()) as usize;
        format!("{value:.decimals$}×")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn human_durations_pick_the_unit() {
        assert_eq!(human(850e-9), "850 ns");
        assert_eq!(human(12.34e-6), "12.3 µs");
        assert_eq!(human(4.567e-3), "4.57 ms");
        assert_eq!(human(90.0), "1.50 min");
        assert_eq!(human(3.0 * 3600.0), "3.00 hours");
    }

    /// Three figures; and a threaded approach at n = 8 can be hundreds of
    /// times slower than the first step (threads cost more than they save
    /// there): its speed-up keeps two significant figures, not `0.00×`.
    #[test]
    fn ratios_keep_their_figures() {
        assert_eq!(ratio(1.0), "1.00×");
        assert_eq!(ratio(12.34), "12.3×");
        assert_eq!(ratio(1234.0), "1234×");
        assert_eq!(ratio(0.54), "0.54×");
        assert_eq!(ratio(0.0042), "0.0042×");
        assert_eq!(ratio(0.042), "0.042×");
        assert_eq!(ratio(0.099), "0.099×");
        for exponent in 1..12 {
            let value = 3.7 * 10f64.powi(-exponent);
            let shown = ratio(value);
            let number: f64 = shown.trim_end_matches('×').parse().unwrap();
            assert!((number - value).abs() <= 0.05 * value, "{value}: {shown}");
        }
    }

    #[test]
    fn solutions_follow_oeis_then_carry_on() {
        assert_eq!(solutions(8), 92.0);
        assert_eq!(solutions(3), 1.0);
        assert!(solutions(28) > solutions(27) * 5.0);
    }

    /// Whatever the n and the threads, the counts timed for the estimate
    /// cost at most 5% of the count estimated, also when the time per
    /// solution shrinks as n grows (which makes smaller n dearer).
    #[test]
    fn the_estimate_costs_at_most_5_percent_of_the_count() {
        let per_solution: [fn(u32) -> f64; 3] = [|_| 1.0, |k| 0.9f64.powi(k as i32), |k| 1.2f64.powi(k as i32)];
        for per_solution in per_solution {
            // A model, not a measurement: one-thread times in proportion to the
            // solutions, each weighed by `per_solution`.
            let one_thread = |k| solutions(k) * 1e-6 * per_solution(k);
            for speedup in [1.0, 2.0, 8.0, 64.0] {
                for n in 0..=40 {
                    let mut spent = 0.0;
                    let estimate = estimate(n, speedup, |k| {
                        spent += one_thread(k);
                        Duration::from_secs_f64(one_thread(k))
                    });
                    let count = one_thread(n) / speedup;
                    assert!(spent <= 0.05 * count, "n = {n}, ×{speedup}: {spent} s for a {count} s count");
                    assert_eq!(estimate.is_none(), spent == 0.0, "n = {n}: timed only for an estimate");
                }
            }
        }
    }

    /// One measurement, scaled by the solutions: a measurement twice too
    /// slow gives an estimate twice too long, not a power of it.
    #[test]
    fn the_estimate_scales_one_measurement() {
        let at = |seconds: f64| move |_| Duration::from_secs_f64(seconds);
        let estimate_of = |seconds| estimate(20, 2.0, at(seconds)).unwrap();
        let steady = estimate_of(0.3);
        assert_eq!(steady.measured_n, 8, "300 ms is enough: the first n timed");
        let expected = 0.3 * solutions(20) / solutions(8) / 2.0;
        assert!((steady.seconds - expected).abs() <= 1e-9 * expected, "{steady:?}");
        assert!((estimate_of(0.6).seconds / steady.seconds - 2.0).abs() < 1e-9);
    }

    /// Nothing is timed where the count is quick anyway.
    #[test]
    fn no_estimate_for_small_n() {
        for n in 0..=10 {
            assert_eq!(estimate(n, 1.0, |_| panic!("n = {n}: nothing to time")), None);
        }
    }
}
