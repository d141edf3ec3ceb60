//! What the timing examples share: this thread's CPU clock and a median.
//! (A folder with a `mod.rs` and no `main.rs` is not an example of its own.)

/// Seconds of CPU time of this thread, if the kernel says.
pub fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanoseconds: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanoseconds / 1e9)
}

/// The middle value of `times` (the upper one of the two middle values
/// for an even count).
pub fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}
