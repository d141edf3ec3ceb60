//! Every N-Queens approach under criterion, by [`n_queens_bench::plan`];
//! then, if the run measured all of it, `docs/measurements.md` and
//! `docs/chain.svg` rewritten from the results. See crates/bench/README.md.

use std::env;
use std::hint::black_box;
use std::time::{Duration, SystemTime};

use criterion::{AxisScale, BenchmarkId, Criterion, PlotConfiguration, PlottingBackend};
use n_queens_bench::{Call, Group, plan, write_docs};
use n_queens_count::counting::{Options, total_with};

fn main() {
    let started = SystemTime::now();
    let quick = env::var_os("N_QUEENS_BENCH_QUICK").is_some_and(|value| !value.is_empty() && value != "0");
    let (warm_up, measurement) = if quick { (0.1, 0.3) } else { (1.0, 3.0) };
    let mut criterion = Criterion::default()
        // Ten samples: a slow case runs at least once per sample, and
        // `board_scan` at n = 14 takes seconds a call.
        .sample_size(10)
        .warm_up_time(Duration::from_secs_f64(warm_up))
        .measurement_time(Duration::from_secs_f64(measurement))
        // Plotters even where gnuplot is installed: the same chart everywhere.
        .plotting_backend(PlottingBackend::Plotters)
        .configure_from_args();
    let groups = plan(quick);
    for group in &groups {
        run(&mut criterion, group);
    }
    criterion.final_summary();
    match write_docs(&groups, started, quick) {
        Ok(()) => println!("Rewrote docs/measurements.md and docs/chain.svg."),
        Err(why) => println!("Left docs/ as it was: {why}."),
    }
}

/// Runs one group, n by n, so that the approaches compared at one n are
/// measured close together in time.
fn run(criterion: &mut Criterion, group: &Group) {
    let mut benchmarks = criterion.benchmark_group(group.name);
    // Every step of n multiplies the time: only a log scale shows every line.
    benchmarks.plot_config(PlotConfiguration::default().summary_scale(AxisScale::Logarithmic));
    for n in group.sizes() {
        for (name, _) in group.runs.iter().filter(|(_, sizes)| sizes.contains(&n)) {
            let id = BenchmarkId::new(*name, n);
            match group.call {
                Call::Count => {
                    // One thread for every approach, so that a row compares ideas, not cores.
                    let one_thread = Options { threads: 1, progress: None };
                    let n = u32::try_from(n).expect("a positive size");
                    let count = || total_with(name, black_box(n), &one_thread).expect("planned within range");
                    benchmarks.bench_function(id, |bencher| bencher.iter(count));
                }
                Call::Boards => {
                    let solve = n_queens::approach(name).expect("planned from the list").solve;
                    benchmarks.bench_function(id, |bencher| bencher.iter(|| solve(black_box(n))));
                }
                Call::Construct => {
                    let n = usize::try_from(n).expect("a positive size");
                    benchmarks
                        .bench_function(id, |bencher| bencher.iter(|| n_queens::construct::construct(black_box(n))));
                }
            }
        }
    }
    benchmarks.finish();
}
