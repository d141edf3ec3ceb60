//! What the timing examples share: this thread's CPU clock, a timed run and
//! a median. (A folder with a `mod.rs` and no `main.rs` is not an example.)

use std::time::Instant;

/// Seconds of CPU time of this thread, if the kernel says
/// (`/proc/thread-self/schedstat`, Linux).
pub fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanoseconds: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanoseconds / 1e9)
}

/// Runs `count` once: its result, and its CPU time on this thread (or its
/// wall time, with `wall` or where CPU time is unknown).
pub fn timed(wall: bool, count: impl FnOnce() -> u64) -> (u64, f64) {
    let (start, cpu_start) = (Instant::now(), thread_cpu_seconds());
    let total = count();
    let elapsed = start.elapsed().as_secs_f64();
    match (cpu_start, thread_cpu_seconds()) {
        (Some(before), Some(after)) if !wall => (total, after - before),
        _ => (total, elapsed),
    }
}

/// The middle value of `times` (the upper one of the two middle values
/// for an even count).
pub fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}
