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

/// The time of one call of `run`, cheaper than [`time_per_call`] and good
/// enough for an estimate: the fastest of [`ROUGH_BATCHES`] batches of at
/// least [`ROUGH_BATCH`] each. The fastest, since on a busy machine the
/// other processes only ever add time.
pub fn time_roughly<T>(mut run: impl FnMut() -> T) -> Duration {
    let mut fastest = Duration::MAX;
    for _ in 0..ROUGH_BATCHES {
        let start = Instant::now();
        let mut calls = 0;
        while calls == 0 || start.elapsed() < ROUGH_BATCH {
            black_box(run());
            calls += 1;
        }
        fastest = fastest.min(start.elapsed() / calls);
    }
    fastest
}

/// See [`time_roughly`].
const ROUGH_BATCH: Duration = Duration::from_millis(2);
/// See [`time_roughly`].
const ROUGH_BATCHES: usize = 3;

/// How long a run for a large n should take, from runs on smaller n.
#[derive(Clone, Copy, Debug)]
pub struct Estimate {
    /// The largest n measured.
    pub measured_n: u32,
    /// Its time.
    pub measured: Duration,
    /// The measured growth of the time from one n to the next.
    pub growth: f64,
    /// The guess for the n asked: `measured × growth^(n - measured_n)`, in seconds.
    pub seconds: f64,
}

/// Below this a time is too small to take a ratio of.
const MEASURABLE: Duration = Duration::from_millis(1);

/// Stop measuring once a run is this slow: enough to see the growth.
const ENOUGH: Duration = Duration::from_millis(50);

/// Times `run(k)` for k = `first_n`, `first_n + 1`, ... below `n`, until a
/// run is slow enough to trust, and extrapolates to `n` (see [`extrapolate`]).
pub fn estimate<T>(n: u32, first_n: u32, mut run: impl FnMut(u32) -> T) -> Option<Estimate> {
    let mut times: Vec<(u32, Duration)> = Vec::new();
    for k in first_n..n {
        let time = time_roughly(|| run(k));
        times.push((k, time));
        if time >= ENOUGH {
            break;
        }
    }
    extrapolate(&times, n)
}

/// Extrapolates `times` (n, time of a run for n, n increasing) to `n`.
///
/// The model: a backtracking search spends roughly the same time per
/// solution it finds, so the time grows like the number of solutions, which
/// OEIS A000170 gives ([`solutions`]); what is left, the change in time per
/// solution from one n to the next, is measured over the last few steps and
/// bounded to [`PER_SOLUTION_DRIFT`], so that one step slowed down by a busy
/// machine cannot blow the guess up by its power of n.
///
/// `None` when the last time is under [`ENOUGH`] (every smaller n was quick,
/// so `n`, the next one, needs no warning) or no earlier time is large
/// enough to take a ratio of ([`MEASURABLE`]; tiny times are mostly
/// overhead, starting threads for one).
pub fn extrapolate(times: &[(u32, Duration)], n: u32) -> Option<Estimate> {
    let &(measured_n, measured) = times.last()?;
    if measured < ENOUGH || n < measured_n {
        return None;
    }
    let earlier = &times[..times.len() - 1];
    let &(base_n, base) =
        earlier.iter().rev().take(GROWTH_STEPS).take_while(|&&(_, time)| time >= MEASURABLE).last()?;
    let steps = f64::from(measured_n - base_n);
    let time_growth = measured.as_secs_f64() / base.as_secs_f64();
    let solution_growth = solutions(measured_n) / solutions(base_n);
    let (low, high) = PER_SOLUTION_DRIFT;
    let drift = (time_growth / solution_growth).powf(1.0 / steps).clamp(low, high);
    let ahead = f64::from(n - measured_n);
    let seconds = measured.as_secs_f64() * solutions(n) / solutions(measured_n) * drift.powf(ahead);
    let growth = (seconds / measured.as_secs_f64()).powf(1.0 / ahead.max(1.0));
    Some(Estimate { measured_n, measured, growth, seconds })
}

/// How far the time per solution may be taken to change from one n to the
/// next: the board scans pay O(n) more per check as n grows, the bitmasks
/// about nothing.
const PER_SOLUTION_DRIFT: (f64, f64) = (0.9, 1.2);

/// See [`extrapolate`].
const GROWTH_STEPS: usize = 3;

/// The number of solutions for n (OEIS A000170), as a float for ratios; for
/// the few n with none (2 and 3) 1, and past the table (n > 27) its last
/// ratio carried on, which if anything underestimates.
pub fn solutions(n: u32) -> f64 {
    use n_queens_facts::oeis::A000170;
    let last = A000170.len() - 1;
    match A000170.get(n as usize) {
        Some(&count) => (count as f64).max(1.0),
        None => {
            let ratio = A000170[last] as f64 / A000170[last - 1] as f64;
            A000170[last] as f64 * ratio.powf(f64::from(n) - last as f64)
        }
    }
}

/// A duration for people: `850 ns`, `12.3 µs`, `4.56 ms`, `1.23 s`,
/// `2.5 min`, `3.1 hours`, `4.2 days`, `1.5 years`.
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

/// A ratio for people: `1.0×`, `3.4×`, `56×`, `1234×`.
pub fn ratio(value: f64) -> String {
    if value >= 100.0 {
        format!("{value:.0}×")
    } else if value >= 10.0 {
        format!("{value:.1}×")
    } else {
        format!("{value:.2}×")
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

    #[test]
    fn ratios_keep_three_figures() {
        assert_eq!(ratio(1.0), "1.00×");
        assert_eq!(ratio(12.34), "12.3×");
        assert_eq!(ratio(1234.0), "1234×");
    }

    #[test]
    fn extrapolates_by_the_number_of_solutions() {
        // Times exactly proportional to the solutions: 2680, 14200, 73712 for n = 11..=13.
        let us = Duration::from_micros;
        let times = [(11, us(2_680)), (12, us(14_200)), (13, us(73_712))];
        let estimate = extrapolate(&times, 15).expect("73 ms is slow enough");
        assert_eq!(estimate.measured_n, 13);
        let expected = 0.073_712 * 2_279_184.0 / 73_712.0; // the same time per solution at n = 15
        assert!((estimate.seconds - expected).abs() < 1e-3 * expected, "{} vs {expected}", estimate.seconds);
        // A step slowed down 30 times is bounded: at most 1.2× per n more than the solutions grow.
        let noisy = [(11, us(2_680)), (12, us(14_200)), (13, us(73_712) * 30)];
        let estimate = extrapolate(&noisy, 15).unwrap();
        let bound = 30.0 * expected * 1.2 * 1.2;
        assert!(estimate.seconds <= bound * 1.0001, "{} vs {bound}", estimate.seconds);
    }

    #[test]
    fn solutions_follow_oeis_then_carry_on() {
        assert_eq!(solutions(8), 92.0);
        assert_eq!(solutions(3), 1.0);
        assert!(solutions(28) > solutions(27) * 5.0);
    }

    #[test]
    fn no_extrapolation_from_quick_runs() {
        let quick = [(10, Duration::from_micros(300)), (11, Duration::from_millis(3))];
        assert!(extrapolate(&quick, 14).is_none());
        assert!(extrapolate(&[(11, Duration::from_secs(1))], 14).is_none());
        let tiny_before = [(10, Duration::from_micros(300)), (11, Duration::from_secs(1))];
        assert!(extrapolate(&tiny_before, 14).is_none());
    }

    #[test]
    fn no_estimate_when_everything_is_quick() {
        assert!(estimate(10, 1, |k| k * 2).is_none());
    }
}
