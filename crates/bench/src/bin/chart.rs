//! Draws the chart of the LeetCode 52 chain (group `chain52`) from the last
//! benchmark run to `docs/chain.svg`: median time per call against n, log
//! scale, one line per approach of `n_queens_ii::APPROACHES`.
//!
//! ```sh
//! cargo bench -p n_queens_bench -- chain52     # measure (or run the whole benchmark)
//! cargo run -p n_queens_bench --bin chart      # then draw
//! ```
//!
//! `crates/bench/chart.sh` does both. Arguments: `chart [GROUP [OUTPUT]]`,
//! e.g. `chart chain51 docs/chain51.svg`; a relative OUTPUT is taken from the
//! workspace root. `N_QUEENS_BENCH_QUICK=1` draws the quick plan's sizes.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use n_queens_bench::{chart, criterion_dir, plan, quick_from_env, target_dir};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "chain52".to_string());
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = root.canonicalize().unwrap_or(root);
    let out = args.next().map_or_else(|| root.join("docs/chain.svg"), |out| root.join(PathBuf::from(out)));

    let groups = plan(quick_from_env());
    let Some(group) = groups.iter().find(|group| group.name == name) else {
        let names: Vec<&str> = groups.iter().map(|group| group.name).collect();
        eprintln!("chart: no group `{name}`; the groups are {}", names.join(", "));
        return ExitCode::FAILURE;
    };
    let criterion = criterion_dir(&target_dir());
    match chart::draw(group, &criterion, &out) {
        Ok(lines) => {
            println!("{}: {lines} approaches, from {}", out.display(), criterion.display());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("chart: {error}");
            ExitCode::FAILURE
        }
    }
}
