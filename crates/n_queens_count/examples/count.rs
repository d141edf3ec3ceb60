//! Counts the solutions for n with the library's count operation, as
//! `queens count` does, and prints the count; its plan and its progress go
//! to stderr as lines: the yardstick for what the command costs on top of
//! the work.
//!
//! ```sh
//! cargo run --release -p n_queens_count --example count -- 15 bitmask
//! cargo run --release -p n_queens_count --example count -- 16            # the fastest counter
//! ```
//!
//! Arguments: n, then the approach (default `counting::FASTEST`), on every
//! core as the command's default. Compare the two whole processes with a
//! public tool, for example
//! `hyperfine 'target/release/examples/count 15 bitmask' 'target/release/queens count 15 --approach bitmask'`.

use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};

use n_queens_count::operation::{self, Progress, Request};

/// The progress as lines on stderr: each pass, and the tasks done at each
/// tenth of them.
#[derive(Default)]
struct Lines {
    /// The tenths of the tasks told so far.
    tenths: AtomicU64,
}

impl Progress for Lines {
    fn tasks(&self, done: u64, total: u64) {
        let tenths = (done * 10).checked_div(total).unwrap_or(0);
        // Threads tell out of order: a tenth is told once, by the first to reach it.
        if tenths > self.tenths.fetch_max(tenths, Ordering::Relaxed) {
            eprintln!("tasks: {done} of {total}");
        }
    }

    fn pass(&self, number: usize, passes: usize) {
        eprintln!("pass {number} of {passes}");
    }
}

fn main() -> ExitCode {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: count N [APPROACH]";
    let Some(n) = arguments.first().and_then(|n| n.parse::<u32>().ok()) else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let request = Request { n, approach: arguments.get(1).map(String::as_str), ..Request::default() };
    let plan = match operation::plan(&request) {
        Ok(plan) => plan,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::from(2);
        }
    };
    eprintln!("n = {n}, {}: up to {}× the speed of one thread", plan.approach().name, plan.speedup());
    match plan.run(&Lines::default()) {
        Ok(total) => {
            println!("{total}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("{error}");
            ExitCode::from(2)
        }
    }
}
