//! Counts the solutions for n with the library alone, as `queens count`
//! does, and prints the count: the yardstick for what the command costs on
//! top of the work.
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

use n_queens_count::counting::{self, Options};

fn main() -> ExitCode {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: count N [APPROACH]";
    let Some(n) = arguments.first().and_then(|n| n.parse::<u32>().ok()) else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let approach = arguments.get(1).map_or(counting::FASTEST, String::as_str);
    match counting::total_with(approach, n, &Options::default()) {
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
