//! `queens count N`: the number of boards as a 64-bit number, alone on
//! stdout so that scripts can read it.
//!
//! Without a terminal on stderr the command counts and does nothing else:
//! no estimate, no progress, so a script pays for the count only. On a
//! terminal, a count estimated to take over a second shows its progress on
//! stderr, and one estimated to take over a minute says so before it starts.
//! The estimate times the same approach on a smaller n, at most a few
//! percent of the count (see [`timing::estimate`]). Ctrl-C stops a count: the
//! default signal handling ends the process at once.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use n_queens_ii::Approach;
use n_queens_ii::counting::{self, CountError, Options};

use crate::timing::{self, Estimate};
use crate::{Outcome, parse_n, say};

/// Arguments of `queens count`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The size of the board: n queens on an n×n board.
    #[arg(value_parser = parse_n, allow_negative_numbers = true)]
    pub n: u32,
    /// The LeetCode 52 approach (see `queens list`); the fastest (that counts classes, with --unique) when left out.
    #[arg(long, value_name = "NAME")]
    pub approach: Option<String>,
    /// Threads, for the approaches that use them; one per core when left out (or 0).
    #[arg(long, value_name = "T", value_parser = parse_threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Count one board per class under rotations and reflections (OEIS A002562).
    #[arg(long)]
    pub unique: bool,
}

/// Parses `--threads`: a whole number, 0 or more.
fn parse_threads(text: &str) -> Result<usize, String> {
    let threads = crate::parse_whole("--threads", text, 0)?;
    usize::try_from(threads).map_err(|_| format!("--threads {text} is too large: at most {}", usize::MAX))
}

/// A count expected to take longer than this is announced on stderr first.
const ANNOUNCE: f64 = 60.0;

/// A count expected to take longer than this shows its progress (on a terminal).
const SHOW_PROGRESS: f64 = 1.0;

/// Runs `queens count`.
pub fn run(args: &Args, out: &mut impl Write) -> Outcome {
    let n = args.n;
    let fastest = if args.unique { counting::FASTEST_UNIQUE } else { counting::FASTEST };
    let name = args.approach.as_deref().unwrap_or(fastest);
    let approach = counting::check(name, n, args.unique)?;
    check_threads(approach, args.threads)?;
    let count = |n: u32, options: &Options| {
        if args.unique { counting::unique_with(name, n, options) } else { counting::total_with(name, n, options) }
    };

    let on_terminal = std::io::stderr().is_terminal();
    check_memory(approach, n, args.threads, on_terminal)?;
    let estimate = watched_estimate(on_terminal, n, speedup(approach, args.threads), |k| {
        let start = Instant::now();
        let _ = std::hint::black_box(count(k, &Options { threads: 1, progress: None }));
        start.elapsed()
    });
    if let Some(estimate) = estimate.filter(|estimate| estimate.seconds > ANNOUNCE) {
        say(announcement(n, name, &estimate));
    }
    let label = format!("n = {n}, {name}");
    let bar = estimate.filter(|estimate| estimate.seconds > SHOW_PROGRESS).map(|estimate| {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(ProgressStyle::with_template(TEMPLATE).expect("a valid template"));
        bar.set_message(status(&label, None, 0.0, Some(estimate.seconds)));
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    });
    let shown = Mutex::new(Shown::default());
    let report = |done: u64, total: u64| {
        let Some(bar) = &bar else { return };
        // Threads report out of order: show the most done any has said.
        let mut shown = shown.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if shown.advance(done) {
            let elapsed = bar.elapsed().as_secs_f64();
            bar.set_message(status(&label, Some((shown.done, total)), elapsed, None));
        }
    };
    let options = Options { threads: args.threads.unwrap_or(0), progress: bar.as_ref().map(|_| &report as _) };
    let counted = count(n, &options);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    writeln!(out, "{}", counted?)?;
    Ok(())
}

/// `--threads` is refused where the approach counts on one thread, unless it
/// asks for one: silently ignoring it would let a user believe it acted.
fn check_threads(approach: &Approach, threads: Option<usize>) -> Result<(), String> {
    match threads {
        Some(threads) if threads != 1 && !approach.threads => {
            let threaded: Vec<&str> = n_queens_ii::APPROACHES
                .iter()
                .filter(|approach| approach.threads)
                .map(|approach| approach.name)
                .collect();
            Err(format!(
                "`{}` counts on one thread, so --threads {threads} does not apply; the approaches that use threads: {}",
                approach.name,
                threaded.join(", ")
            ))
        }
        _ => Ok(()),
    }
}

/// On a terminal, an estimate and an announcement come before the count,
/// and take time: a count the approach's memory refuses is refused before
/// them. Without a terminal the count's own check refuses it, and nothing is
/// done twice.
fn check_memory(approach: &Approach, n: u32, threads: Option<usize>, on_terminal: bool) -> Result<(), CountError> {
    match approach.memory_needed {
        Some(memory_needed) if on_terminal => memory_needed(n, threads.unwrap_or(0)).map(|_| ()),
        _ => Ok(()),
    }
}

/// How many times faster than on one thread the count should run: the
/// threads it gets, at most one per core.
fn speedup(approach: &Approach, threads: Option<usize>) -> f64 {
    if !approach.threads {
        return 1.0;
    }
    let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
    let threads = match threads {
        None | Some(0) => cores,
        Some(threads) => threads.min(cores),
    };
    threads as f64
}

/// The estimate of a count, only where someone will read it: with stderr
/// not a terminal nothing is timed, and the count is all the command does.
fn watched_estimate(on_terminal: bool, n: u32, speedup: f64, time_at: impl FnMut(u32) -> Duration) -> Option<Estimate> {
    if !on_terminal {
        return None;
    }
    timing::estimate(n, speedup, time_at)
}

/// The line that warns of a long count before it starts.
fn announcement(n: u32, name: &str, estimate: &Estimate) -> String {
    format!(
        "queens: about {} for n = {n} with {name} (timed from n = {}); Ctrl-C stops it",
        timing::human(estimate.seconds),
        estimate.measured_n,
    )
}

/// The progress line: the spinner and the time so far, then [`status`].
const TEMPLATE: &str = "{spinner} {elapsed_precise} {msg}";

/// The width of the bar drawn by [`status`].
const BAR_WIDTH: u64 = 20;

/// What the progress line says after the time so far: before any task is
/// done, the estimate; then a bar of the tasks done and, from their rate,
/// the time left.
fn status(label: &str, tasks: Option<(u64, u64)>, elapsed: f64, estimate: Option<f64>) -> String {
    match tasks {
        Some((done, total)) if done > 0 && total > 0 => {
            let filled = (BAR_WIDTH * done.min(total) / total) as usize;
            let bar = format!("{}{}", "#".repeat(filled), "-".repeat(BAR_WIDTH as usize - filled));
            let left = elapsed * (total - done.min(total)) as f64 / done as f64;
            format!("{label} [{bar}] {done}/{total} tasks, about {} left", timing::human(left))
        }
        _ => match estimate {
            Some(seconds) => format!("{label}, about {} in all", timing::human(seconds)),
            None => label.to_string(),
        },
    }
}

/// What the progress line shows: the most tasks any thread has reported
/// done, so that it never goes backwards.
#[derive(Debug, Default)]
struct Shown {
    done: u64,
}

impl Shown {
    /// Takes a report of `done` tasks; whether it moves the line forward.
    fn advance(&mut self, done: u64) -> bool {
        if done > self.done {
            self.done = done;
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On a terminal, an n too large for the tables is refused before the
    /// estimate; without one, the count itself refuses it.
    #[test]
    fn memory_refusal_comes_before_the_estimate() {
        let quarters = n_queens_ii::approach("quarters").expect("a registered approach");
        match check_memory(quarters, 24, None, true) {
            Err(CountError::MemoryLimit { n: 24, .. }) => {}
            other => panic!("expected the memory refusal, got {other:?}"),
        }
        assert_eq!(check_memory(quarters, 24, None, false), Ok(()));
        assert_eq!(check_memory(quarters, 16, Some(500), true), Ok(()));
    }

    /// Without a terminal, nobody sees an estimate: nothing is timed.
    #[test]
    fn no_estimate_without_a_terminal() {
        let estimate = watched_estimate(false, 20, 1.0, |k| panic!("timed n = {k} for nobody"));
        assert_eq!(estimate, None);
        let on_terminal = watched_estimate(true, 20, 1.0, |_| Duration::from_millis(300));
        assert!(on_terminal.is_some_and(|estimate| estimate.seconds > ANNOUNCE));
    }

    /// Reports out of order never move the line backwards.
    #[test]
    fn progress_never_goes_backwards() {
        let mut shown = Shown::default();
        let reports = [0, 2, 1, 3, 3, 5, 4];
        let moved: Vec<bool> = reports.iter().map(|&done| shown.advance(done)).collect();
        assert_eq!(moved, [false, true, false, true, false, true, false]);
        assert_eq!(shown.done, 5);
    }

    /// No time left before a task is done: there is no rate to go by.
    #[test]
    fn time_left_only_once_there_is_a_rate() {
        let label = "n = 16, parallel";
        assert_eq!(status(label, Some((0, 860)), 3.0, Some(9.0)), "n = 16, parallel, about 9.00 s in all");
        assert_eq!(status(label, None, 0.0, None), label);
        let line = status(label, Some((215, 860)), 3.0, None);
        assert_eq!(line, "n = 16, parallel [#####---------------] 215/860 tasks, about 9.00 s left");
    }

    /// The progress line fits 100 columns at its widest: the longest
    /// approach name, n = 32, six-digit task counts and a time left of years.
    #[test]
    fn the_progress_line_fits_100_columns() {
        let longest = n_queens_ii::APPROACHES.iter().map(|approach| approach.name.len()).max().unwrap();
        let label = format!("n = 32, {}", "x".repeat(longest));
        let widest = [
            status(&label, Some((1, 999_999)), 1e9, None),
            status(&label, Some((999_998, 999_999)), 1e9, None),
            status(&label, None, 0.0, Some(1e12)),
        ];
        for message in widest {
            let line =
                TEMPLATE.replace("{spinner}", "x").replace("{elapsed_precise}", "99:59:59").replace("{msg}", &message);
            assert!(line.chars().count() <= 100, "{} columns: {line}", line.chars().count());
        }
    }

    #[test]
    fn the_announcement_says_how_long_and_how_to_stop() {
        let estimate = Estimate { measured_n: 15, measured: Duration::from_millis(250), seconds: 7200.0 };
        assert_eq!(
            announcement(18, "bitmask", &estimate),
            "queens: about 2.00 hours for n = 18 with bitmask (timed from n = 15); Ctrl-C stops it"
        );
        // The widest: the longest name, two-digit sizes, the longest time.
        let longest = n_queens_ii::APPROACHES.iter().map(|approach| approach.name).max_by_key(|name| name.len());
        let estimate = Estimate { measured_n: 31, measured: Duration::from_secs(1), seconds: 999_999.0 * 3.2e7 };
        let line = announcement(32, longest.unwrap(), &estimate);
        assert!(line.chars().count() <= 100, "{} columns: {line}", line.chars().count());
    }

    #[test]
    fn threads_are_refused_where_they_do_nothing() {
        let one_thread = n_queens_ii::APPROACHES.iter().find(|approach| !approach.threads).unwrap();
        let threaded = n_queens_ii::APPROACHES.iter().find(|approach| approach.threads).unwrap();
        assert!(check_threads(one_thread, Some(1)).is_ok());
        assert!(check_threads(one_thread, None).is_ok());
        let message = check_threads(one_thread, Some(4)).unwrap_err();
        assert!(message.contains(one_thread.name) && message.contains(threaded.name), "{message}");
        assert!(check_threads(one_thread, Some(0)).is_err());
        assert!(check_threads(threaded, Some(100_000)).is_ok());
    }
}
