//! `quarters` refuses an `n` whose cell sizes alone (the first thing it
//! counts, `4^(n/2)` of them) would pass its memory limit before any work
//! or allocation: the process's peak memory does not grow. Alone in its
//! test binary, so that no other test moves the peak.

use n_queens_count::counting::{CountError, Options};
use n_queens_count::quarters::{self, Job};

/// The peak resident memory of this process in KiB, where the system tells it.
fn peak_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn refused_at_once(result: Result<u64, CountError>) -> bool {
    matches!(result, Err(CountError::MemoryLimit { n: 32, .. }))
}

#[test]
fn refusal_comes_before_any_allocation() {
    let Some(before) = peak_kib() else {
        eprintln!("no /proc/self/status here: the peak memory is not checked");
        return;
    };
    for n in 24..=quarters::MAX_N {
        let cells = (1u64 << (2 * (n / 2))) * 4;
        let refused = |result| matches!(result, Err(CountError::MemoryLimit { .. }));
        assert!(refused(quarters::memory_needed_within(n, 1, cells)), "n = {n}");
        let job = Job { options: Options::default(), memory_limit: cells, ..Job::default() };
        assert!(refused(quarters::count_job(n, &job)), "n = {n}");
    }
    // n = 32 needs 16 GiB for its cell sizes: past the default limit.
    assert!(refused_at_once(quarters::count(32, &Options::default())));
    let grown = peak_kib().expect("read before") - before;
    assert!(grown < 1024, "n = 24..=32: the peak memory grew by {grown} KiB before the refusal");
}
