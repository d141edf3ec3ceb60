//! Checking an exercise: its text to the judge (`n_queens_judge::check`),
//! which builds and runs it fenced, in a program of its own, and judges
//! what it answers; and ending every process of a check, and its folder,
//! when this process is stopped.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use n_queens_judge::check::{self, Checked};
use n_queens_judge::runner::Runner;

use super::ladder::Exercise;

/// Checks `exercise`, whose file `shown` (from the workspace root) holds
/// `text`: fenced through this very binary (its `main` enters the fence
/// first, `n_queens_judge::fence`), built in `build`, the exercise's folder
/// kept from one check to the next (so that a save compiles again only what
/// changed). The compiler's lines go to `echo` as they come. An error is
/// the check's own failure, not the answer's. With `cancel`, it starts
/// nothing more once that is set.
pub fn check(
    exercise: Exercise,
    text: &str,
    shown: &str,
    build: PathBuf,
    cancel: Option<Arc<AtomicBool>>,
    echo: &mut dyn FnMut(&str),
) -> Result<Checked, String> {
    let launcher = std::env::current_exe().map_err(|error| format!("finding this program's own path: {error}"))?;
    let mut runner = Runner::untrusted(launcher)?.ending_orphans().building_in(build);
    if let Some(cancel) = cancel {
        runner = runner.cancelled_by(cancel);
    }
    check::exercise(&runner, exercise.problem, text, shown, echo)
}

/// Makes every process that a check starts end with this one: orphans are
/// adopted, to be ended after each run, and Ctrl-C, SIGTERM or a hung-up
/// terminal end every check ([`end_every_check`]) before this process ends
/// as the signal says. Once per process, and not with the full screen,
/// which catches those signals itself (`queens_terminal`).
pub fn end_with_this_process() -> Result<(), String> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    n_queens_process::adopt_orphans().map_err(|error| format!("adopting orphans: {error}"))?;
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
        .map_err(|error| format!("catching signals: {error}"))?;
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            end_every_check();
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            std::process::exit(128 + signal);
        }
    });
    Ok(())
}

/// Ends every process of every check (the answer's process group, which
/// Ctrl-C does not reach, included) and removes the checks' folders: for a
/// process that a signal is ending.
pub fn end_every_check() {
    n_queens_process::end_for_good();
    n_queens_judge::folder::remove_all();
}
