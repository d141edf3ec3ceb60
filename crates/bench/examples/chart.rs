//! Redraws `docs/chain.svg` from the committed `docs/measurements.md`,
//! without measuring anything:
//!
//! ```sh
//! cargo run -p n_queens_bench --example chart
//! ```

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    let page = std::fs::read_to_string(docs.join("measurements.md"))
        .map_err(|error| format!("reading docs/measurements.md: {error}"));
    match page.and_then(|page| n_queens_bench::draw_chart(&page, &docs.join("chain.svg"))) {
        Ok(()) => {
            println!("Redrew docs/chain.svg from docs/measurements.md.");
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!("{why}");
            ExitCode::FAILURE
        }
    }
}
