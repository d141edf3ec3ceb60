//! `quarters` refuses an `n` whose tables would pass its memory limit
//! before any work or allocation: the process's peak memory does not grow.
//! Alone in its test binary, so that no other test moves the peak.

use n_queens_count::counting::{CountError, Options};
use n_queens_count::quarters;

/// The peak resident memory of this process in KiB, where the system tells it.
fn peak_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn refusal_comes_before_any_allocation() {
    let Some(before) = peak_kib() else {
        eprintln!("no /proc/self/status here: the peak memory is not checked");
        return;
    };
    for n in 24..=quarters::MAX_N {
        let refused = |result| matches!(result, Err(CountError::MemoryLimit { .. }));
        assert!(refused(quarters::memory_needed(n, 1)), "n = {n}");
        assert!(refused(quarters::count(n, &Options::default())), "n = {n}");
    }
    let grown = peak_kib().expect("read before") - before;
    assert!(grown < 1024, "n = 24..=32: the peak memory grew by {grown} KiB before the refusal");
}
