//! Every N-Queens approach under criterion, then the summary table.
//!
//! `cargo bench -p n_queens_bench` runs the groups of
//! [`n_queens_bench::plan`] (the chain of LeetCode 52 at n = 8..=12, its
//! fast approaches at n = 12..=16, the chain of LeetCode 51 at n = 6..=12,
//! LeetCode 51's `construct` at n = 1,000,000), then prints one table per
//! group, each approach's median time and its ratio to `bitmask` at the same
//! n, and writes the same tables to `target/bench-summary.md`.
//!
//! Criterion's HTML report lands in `target/criterion/report/index.html`;
//! each group's line chart (time against n, log scale) in
//! `target/criterion/<group>/report/lines.svg`. `N_QUEENS_BENCH_QUICK=1`
//! selects the quick plan; criterion's filter (`-- chain52`) runs a subset.
//! See crates/bench/README.md.

use std::env;
use std::hint::black_box;
use std::time::SystemTime;

use criterion::{AxisScale, BenchmarkId, Criterion, PlotConfiguration, PlottingBackend};
use n_queens_bench::{Group, Kind, criterion_dir, plan, quick_from_env, summary, target_dir};

fn main() {
    let started = SystemTime::now();
    let quick = quick_from_env();
    let groups = plan(quick);

    // Plotters, not gnuplot even where it is installed: the same SVG everywhere.
    let mut criterion = Criterion::default().plotting_backend(PlottingBackend::Plotters).configure_from_args();
    for group in &groups {
        run(&mut criterion, group);
    }
    criterion.final_summary();

    if measuring() {
        let target = target_dir();
        let file = target.join("bench-summary.md");
        match summary::write(&groups, &criterion_dir(&target), started, quick, &file) {
            Ok(tables) if tables.is_empty() => println!("\nNo benchmark results to summarise."),
            Ok(tables) => println!("\n{tables}\nWritten to {}", file.display()),
            Err(error) => eprintln!("Could not write {}: {error}", file.display()),
        }
    }
}

/// True when criterion measures (`cargo bench`), false when it only runs
/// each benchmark once (`cargo test --benches`, `-- --test`) or lists them.
fn measuring() -> bool {
    let args: Vec<String> = env::args().collect();
    let has = |flag: &str| args.iter().any(|arg| arg == flag);
    has("--bench") && !has("--test") && !has("--list")
}

/// Runs one group: for each n, every approach, so that the approaches at one
/// n are measured close together in time.
fn run(criterion: &mut Criterion, group: &Group) {
    let mut benchmarks = criterion.benchmark_group(group.name);
    benchmarks
        .sample_size(group.timing.sample_size)
        .warm_up_time(group.timing.warm_up)
        .measurement_time(group.timing.measurement)
        .nresamples(group.timing.resamples)
        // Times grow by 4-8x per step of n: only a log scale shows every line.
        .plot_config(PlotConfiguration::default().summary_scale(AxisScale::Logarithmic));
    for &n in &group.sizes {
        for &name in &group.approaches {
            let id = BenchmarkId::new(name, n);
            match group.kind {
                Kind::Count => {
                    let solve = n_queens_ii::approach(name).expect("named by the plan").solve;
                    let n = i32::try_from(n).expect("n fits the judge's i32");
                    benchmarks.bench_with_input(id, &n, |bencher, &n| {
                        bencher.iter(|| solve(black_box(n)));
                    });
                }
                Kind::Boards => {
                    let solve = n_queens::approach(name).expect("named by the plan").solve;
                    let n = i32::try_from(n).expect("n fits the judge's i32");
                    benchmarks.bench_with_input(id, &n, |bencher, &n| {
                        bencher.iter(|| solve(black_box(n)));
                    });
                }
                Kind::Construct => {
                    let n = usize::try_from(n).expect("n fits usize");
                    benchmarks.bench_with_input(id, &n, |bencher, &n| {
                        bencher.iter(|| n_queens::construct::construct(black_box(n)));
                    });
                }
            }
        }
    }
    benchmarks.finish();
}
