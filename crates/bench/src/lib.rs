//! The benchmark plan and its summary table, for the criterion benchmark
//! `benches/approaches.rs` (run it with `cargo bench -p n_queens_bench`).
//!
//! The benchmark itself needs criterion; this library does not. It holds:
//!
//! - [`plan`]: which approaches run at which n, in which criterion group, and
//!   for how long. The approach names come from `n_queens_ii::APPROACHES`
//!   and `n_queens::APPROACHES`, so a new approach is benchmarked as soon as
//!   it joins a list.
//! - [`summary`]: after the groups ran, reads criterion's estimates back
//!   from `target/criterion/<group>/<approach>/<n>/new/estimates.json` and
//!   renders one Markdown table per group: each approach's median time and
//!   its ratio to `bitmask` at the same n.
//! - [`chart`]: a group's median times against n as an SVG line chart
//!   (plotters), for `docs/chain.svg` (the `chart` binary, `chart.sh`).
//! - [`target_dir`] and [`criterion_dir`]: where cargo and criterion put
//!   their output, found the way criterion finds it.

use std::env;
use std::ffi::OsStr;
use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, SystemTime};

/// The approach every other one is compared with: the last step of the
/// classic chain, present in both problems.
pub const REFERENCE: &str = "bitmask";

/// The environment variable that selects the quick plan (any value but `0`
/// or empty): smaller n, fewer and shorter samples. For development only.
pub const QUICK_VAR: &str = "N_QUEENS_BENCH_QUICK";

/// The size LeetCode 51's `construct` (one board in O(n), no search) is timed at.
pub const CONSTRUCT_N: u64 = 1_000_000;

/// What a group measures, which tells the benchmark which function to call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// LeetCode 52: `n_queens_ii::APPROACHES[..].solve`, the count.
    Count,
    /// LeetCode 51: `n_queens::APPROACHES[..].solve`, every board as strings.
    Boards,
    /// LeetCode 51's extra: `n_queens::construct::construct`, one board.
    Construct,
}

/// How long criterion spends on each benchmark of a group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// Samples per benchmark (criterion's minimum is 10).
    pub sample_size: usize,
    /// Warm-up time before sampling.
    pub warm_up: Duration,
    /// Target time for all samples together. A slow case overruns it: every
    /// sample runs the function at least once.
    pub measurement: Duration,
    /// Bootstrap resamples for the confidence intervals.
    pub resamples: usize,
}

/// One criterion group: some approaches, each at some sizes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The criterion group id, also its folder under `target/criterion`.
    pub name: &'static str,
    /// The heading of its table.
    pub title: String,
    /// What it measures.
    pub kind: Kind,
    /// Approach names, in chain order (criterion's function ids).
    pub approaches: Vec<&'static str>,
    /// The sizes n (criterion's parameter), ascending.
    pub sizes: Vec<u64>,
    /// How long each benchmark runs.
    pub timing: Timing,
}

/// Whether the quick plan is asked for through [`QUICK_VAR`].
pub fn quick_from_env() -> bool {
    env::var_os(QUICK_VAR).is_some_and(|value| !value.is_empty() && value != OsStr::new("0"))
}

/// The benchmark plan: four groups, in the order they run.
///
/// - `chain52`: every LeetCode 52 approach, n = 8..=12 (quick: 8..=10).
/// - `fast52`: `bitmask` and every approach after it, n = 12..=16 (quick: 12..=13).
/// - `chain51`: every LeetCode 51 approach, n = 6..=12 (quick: 6..=8).
/// - `construct51`: `n_queens::construct::construct` at n = 1,000,000.
///
/// Groups with slow cases get fewer samples: `board_scan` at n = 12 takes
/// about 0.1 s a call and `bitmask` at n = 16 several seconds, and criterion
/// runs every sample at least once.
pub fn plan(quick: bool) -> Vec<Group> {
    let count_names: Vec<&'static str> = n_queens_ii::APPROACHES.iter().map(|a| a.name).collect();
    let fast_names: Vec<&'static str> = count_names.iter().copied().skip_while(|&name| name != REFERENCE).collect();
    let board_names: Vec<&'static str> = n_queens::APPROACHES.iter().map(|a| a.name).collect();

    let seconds = |warm_up: f64, measurement: f64, sample_size: usize| Timing {
        sample_size,
        warm_up: Duration::from_secs_f64(warm_up),
        measurement: Duration::from_secs_f64(measurement),
        resamples: 100_000,
    };
    let (chain, fast, boards, single) = if quick {
        let brief = Timing { resamples: 2_000, ..seconds(0.1, 0.3, 10) };
        (brief, brief, brief, brief)
    } else {
        (seconds(0.5, 2.0, 20), seconds(0.5, 3.0, 10), seconds(0.5, 2.0, 20), seconds(1.0, 3.0, 20))
    };
    let (chain_sizes, fast_sizes, board_sizes) =
        if quick { (8..=10, 12..=13, 6..=8) } else { (8..=12, 12..=16, 6..=12) };

    vec![
        Group {
            name: "chain52",
            title: "LeetCode 52, the whole chain".to_string(),
            kind: Kind::Count,
            approaches: count_names,
            sizes: chain_sizes.collect(),
            timing: chain,
        },
        Group {
            name: "fast52",
            title: format!("LeetCode 52, `{REFERENCE}` and the approaches after it"),
            kind: Kind::Count,
            approaches: fast_names,
            sizes: fast_sizes.collect(),
            timing: fast,
        },
        Group {
            name: "chain51",
            title: "LeetCode 51, the whole chain (every board as the judge's strings)".to_string(),
            kind: Kind::Boards,
            approaches: board_names,
            sizes: board_sizes.collect(),
            timing: boards,
        },
        Group {
            name: "construct51",
            title: "LeetCode 51, one board by construction".to_string(),
            kind: Kind::Construct,
            approaches: vec!["construct"],
            sizes: vec![CONSTRUCT_N],
            timing: single,
        },
    ]
}

/// Cargo's target directory: `$CARGO_TARGET_DIR`, else the one `cargo
/// metadata` names (which follows `.cargo/config.toml`), else `target`.
/// This is how criterion finds it too.
pub fn target_dir() -> PathBuf {
    if let Some(dir) = env::var_os("CARGO_TARGET_DIR") {
        return PathBuf::from(dir);
    }
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps"])
        .output()
        .ok()
        .filter(|output| output.status.success())
        .and_then(|output| serde_json::from_slice::<serde_json::Value>(&output.stdout).ok())
        .and_then(|metadata| metadata["target_directory"].as_str().map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("target"))
}

/// Where criterion keeps its results and HTML report: `$CRITERION_HOME`,
/// else `<target>/criterion`, as criterion itself decides.
pub fn criterion_dir(target: &Path) -> PathBuf {
    env::var_os("CRITERION_HOME").map_or_else(|| target.join("criterion"), PathBuf::from)
}

/// The summary table: reading criterion's estimates and rendering them.
pub mod summary {
    use super::*;

    /// One benchmark's result as read back from criterion.
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct Measured {
        /// Criterion's median estimate of one call, in nanoseconds.
        pub median_ns: f64,
        /// False when the estimate is older than this run (the benchmark was
        /// filtered out this time): the table marks it.
        pub fresh: bool,
    }

    /// The median point estimate, in nanoseconds, of a criterion
    /// `estimates.json`; `None` if the text has none.
    pub fn parse_median(json: &str) -> Option<f64> {
        let estimates: serde_json::Value = serde_json::from_str(json).ok()?;
        estimates["median"]["point_estimate"].as_f64()
    }

    /// Reads `<criterion>/<group>/<approach>/<n>/new/estimates.json`, if the
    /// benchmark has run; `fresh` compares its time with `since`.
    pub fn read(criterion: &Path, group: &str, approach: &str, n: u64, since: SystemTime) -> Option<Measured> {
        let path = criterion.join(group).join(approach).join(n.to_string()).join("new").join("estimates.json");
        let median_ns = parse_median(&fs::read_to_string(&path).ok()?)?;
        let written = fs::metadata(&path).and_then(|meta| meta.modified()).ok()?;
        Some(Measured { median_ns, fresh: written >= since })
    }

    /// A time with three significant digits and a unit: `812 ns`, `5.18 ms`, `8.12 s`.
    pub fn format_time(ns: f64) -> String {
        let (value, unit) = if ns >= 1e9 {
            (ns / 1e9, "s")
        } else if ns >= 1e6 {
            (ns / 1e6, "ms")
        } else if ns >= 1e3 {
            (ns / 1e3, "µs")
        } else {
            (ns, "ns")
        };
        let decimals = if value >= 100.0 {
            0
        } else if value >= 10.0 {
            1
        } else {
            2
        };
        format!("{value:.decimals$} {unit}")
    }

    /// A ratio to the reference time: `0.25×`, `5.1×`, `160×`.
    pub fn format_ratio(ratio: f64) -> String {
        let decimals = if ratio >= 100.0 {
            0
        } else if ratio >= 10.0 {
            1
        } else {
            2
        };
        format!("{ratio:.decimals$}×")
    }

    /// One Markdown table per group that has any result: a row per approach,
    /// a column per n, each cell the median time and, in groups holding
    /// [`REFERENCE`], the time divided by the reference's at the same n.
    /// `lookup(group, approach, n)` supplies the results.
    pub fn render(groups: &[Group], lookup: impl Fn(&str, &str, u64) -> Option<Measured>) -> String {
        let mut text = String::new();
        let mut any_stale = false;
        for group in groups {
            let cells: Vec<Vec<Option<Measured>>> = group
                .approaches
                .iter()
                .map(|approach| group.sizes.iter().map(|&n| lookup(group.name, approach, n)).collect())
                .collect();
            if cells.iter().flatten().all(Option::is_none) {
                continue;
            }
            let reference_row = group.approaches.iter().position(|&approach| approach == REFERENCE);

            let mut rows = vec![
                std::iter::once("approach".to_string())
                    .chain(group.sizes.iter().map(|n| format!("n = {n}")))
                    .collect::<Vec<_>>(),
            ];
            for (approach, row) in group.approaches.iter().zip(&cells) {
                let mut line = vec![format!("`{approach}`")];
                for (column, cell) in row.iter().enumerate() {
                    let Some(measured) = cell else {
                        line.push("–".to_string());
                        continue;
                    };
                    let mut shown = format_time(measured.median_ns);
                    let reference = reference_row.and_then(|r| cells[r][column]);
                    if let Some(reference) = reference {
                        let ratio = measured.median_ns / reference.median_ns;
                        let _ = write!(shown, " ({})", format_ratio(ratio));
                    }
                    if !measured.fresh {
                        shown.push_str(" *");
                        any_stale = true;
                    }
                    line.push(shown);
                }
                rows.push(line);
            }

            let _ = writeln!(text, "### `{}`: {}\n", group.name, group.title);
            let widths: Vec<usize> = (0..rows[0].len())
                .map(|column| rows.iter().map(|row| row[column].chars().count()).max().unwrap_or(0))
                .collect();
            for (index, row) in rows.iter().enumerate() {
                let padded: Vec<String> =
                    row.iter().zip(&widths).map(|(cell, &width)| format!("{cell:<width$}")).collect();
                let _ = writeln!(text, "| {} |", padded.join(" | "));
                if index == 0 {
                    let rule: Vec<String> = widths.iter().map(|&width| "-".repeat(width)).collect();
                    let _ = writeln!(text, "|-{}-|", rule.join("-|-"));
                }
            }
            text.push('\n');
        }
        if text.is_empty() {
            return text;
        }
        text.push_str(&format!(
            "Median time per call (criterion's `median` estimate); in parentheses, \
             that time divided by `{REFERENCE}`'s at the same n (below 1 is faster).\n"
        ));
        if any_stale {
            text.push_str("`*`: from an earlier run (filtered out of this one).\n");
        }
        text
    }

    /// Renders the tables for `groups` from the estimates under `criterion`
    /// (those written before `since` are marked), writes them to `file`
    /// under a heading that says how they were measured, and returns the
    /// tables. Nothing is written when no benchmark has a result.
    pub fn write(
        groups: &[Group],
        criterion: &Path,
        since: SystemTime,
        quick: bool,
        file: &Path,
    ) -> io::Result<String> {
        let tables = render(groups, |group, approach, n| read(criterion, group, approach, n, since));
        if tables.is_empty() {
            return Ok(tables);
        }
        let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
        let mode = if quick {
            format!("the quick plan, `{QUICK_VAR}` set: fewer sizes and samples, for development only")
        } else {
            "the full plan".to_string()
        };
        let document = format!(
            "# Benchmark summary\n\n\
             Written by `cargo bench -p n_queens_bench` ({mode}) on a machine with \
             {cores} logical cores. Criterion's full report: `target/criterion/report/index.html`.\n\n\
             {tables}"
        );
        if let Some(parent) = file.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::write(file, document)?;
        Ok(tables)
    }
}

/// The chart of a group: median time per call against n, log scale, one
/// line per approach in chain order, drawn with plotters from the same
/// estimates as the summary table.
pub mod chart {
    use std::error::Error;

    use plotters::prelude::*;

    use super::summary::{format_time, read};
    use super::*;

    /// Draws `group` from the estimates under `criterion` as an SVG file at
    /// `out`; returns how many approaches had at least one result. Results
    /// of any age are used (the table marks old ones; a chart cannot).
    pub fn draw(group: &Group, criterion: &Path, out: &Path) -> Result<usize, Box<dyn Error>> {
        let series: Vec<(&str, Vec<(f64, f64)>)> = group
            .approaches
            .iter()
            .map(|&approach| {
                let points = group
                    .sizes
                    .iter()
                    .filter_map(|&n| {
                        let measured = read(criterion, group.name, approach, n, SystemTime::UNIX_EPOCH)?;
                        Some((n as f64, measured.median_ns))
                    })
                    .collect();
                (approach, points)
            })
            .filter(|(_, points): &(&str, Vec<_>)| !points.is_empty())
            .collect();
        if series.is_empty() {
            return Err(format!(
                "no results for group `{}` under {}: run `cargo bench -p n_queens_bench -- {}` first",
                group.name,
                criterion.display(),
                group.name
            )
            .into());
        }
        let times = series.iter().flat_map(|(_, points)| points.iter().map(|&(_, ns)| ns));
        let (fastest, slowest) = times.fold((f64::INFINITY, 0.0_f64), |(low, high), ns| (low.min(ns), high.max(ns)));
        let first = *group.sizes.first().ok_or("the group has no sizes")? as f64;
        let last = *group.sizes.last().ok_or("the group has no sizes")? as f64;

        if let Some(parent) = out.parent() {
            fs::create_dir_all(parent)?;
        }
        let root = SVGBackend::new(out, (960, 600)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(format!("{}: median time per call against n", group.title), ("sans-serif", 22))
            .margin(16)
            .x_label_area_size(44)
            .y_label_area_size(84)
            // A log scale: every step of n multiplies the time, so only
            // a log axis shows all the approaches, fast and slow.
            .build_cartesian_2d(first - 0.25..last + 0.25, (fastest / 2.0..slowest * 2.0).log_scale())?;
        chart
            .configure_mesh()
            .x_labels(group.sizes.len())
            .x_label_formatter(&|n| format!("{n:.0}"))
            .x_desc("n")
            .y_label_formatter(&|ns| format_time(*ns))
            .y_desc("median time per call (log scale)")
            .draw()?;
        for (index, (approach, points)) in series.iter().enumerate() {
            let color = Palette99::pick(index).to_rgba();
            chart
                .draw_series(LineSeries::new(points.iter().copied(), color.stroke_width(2)))?
                .label(*approach)
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], color.stroke_width(2)));
            chart.draw_series(points.iter().map(|&point| Circle::new(point, 3, color.filled())))?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .draw()?;
        root.present()?;
        Ok(series.len())
    }
}

#[cfg(test)]
mod tests {
    use super::summary::{Measured, format_ratio, format_time, parse_median, render};
    use super::*;

    #[test]
    fn chain_group_holds_every_approach_and_fast_group_starts_at_bitmask() {
        let groups = plan(false);
        let names: Vec<&str> = groups.iter().map(|group| group.name).collect();
        assert_eq!(names, ["chain52", "fast52", "chain51", "construct51"]);
        let all_52: Vec<&str> = n_queens_ii::APPROACHES.iter().map(|a| a.name).collect();
        assert_eq!(groups[0].approaches, all_52);
        assert_eq!(groups[0].sizes, [8, 9, 10, 11, 12]);
        assert_eq!(groups[1].approaches[0], "bitmask");
        assert_eq!(groups[1].approaches[..], all_52[all_52.len() - groups[1].approaches.len()..]);
        assert_eq!(groups[1].sizes, [12, 13, 14, 15, 16]);
        let all_51: Vec<&str> = n_queens::APPROACHES.iter().map(|a| a.name).collect();
        assert_eq!(groups[2].approaches, all_51);
        assert_eq!(groups[2].sizes, [6, 7, 8, 9, 10, 11, 12]);
    }

    #[test]
    fn construct_group_at_a_million_in_both_plans() {
        for quick in [false, true] {
            let groups = plan(quick);
            let last = groups.last().unwrap();
            assert_eq!(last.kind, Kind::Construct);
            assert_eq!(last.approaches, ["construct"]);
            assert_eq!(last.sizes, [1_000_000]);
        }
    }

    #[test]
    fn reads_the_median_of_criterion_estimates() {
        let json = r#"{"mean":{"confidence_interval":{"confidence_level":0.95,"lower_bound":1.0,"upper_bound":3.0},"point_estimate":2.0,"standard_error":0.5},
            "median":{"confidence_interval":{"confidence_level":0.95,"lower_bound":1.5,"upper_bound":2.5},"point_estimate":1750.5,"standard_error":0.2},
            "median_abs_dev":null,"slope":null,"std_dev":null}"#;
        assert_eq!(parse_median(json), Some(1750.5));
        assert_eq!(parse_median("{}"), None);
        assert_eq!(parse_median("not json"), None);
    }

    #[test]
    fn formats_times_and_ratios() {
        assert_eq!(format_time(812.0), "812 ns");
        assert_eq!(format_time(5_178_319.0), "5.18 ms");
        assert_eq!(format_time(14_051.0), "14.1 µs");
        assert_eq!(format_time(8_124_636_804.0), "8.12 s");
        assert_eq!(format_ratio(0.25), "0.25×");
        assert_eq!(format_ratio(20.08), "20.1×");
        assert_eq!(format_ratio(160.4), "160×");
    }

    #[test]
    fn table_divides_by_bitmask_at_the_same_n() {
        let groups = vec![Group {
            name: "demo",
            title: "demo".to_string(),
            kind: Kind::Count,
            approaches: vec!["slow", "bitmask", "fast"],
            sizes: vec![8, 9],
            timing: plan(true)[0].timing,
        }];
        let table = render(&groups, |_, approach, n| {
            let base = if n == 8 { 1_000.0 } else { 4_000.0 };
            let factor = match approach {
                "slow" => 10.0,
                "bitmask" => 1.0,
                _ => return (n == 8).then_some(Measured { median_ns: 500.0, fresh: false }),
            };
            Some(Measured { median_ns: base * factor, fresh: true })
        });
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines[0], "### `demo`: demo");
        assert_eq!(lines[2], "| approach  | n = 8            | n = 9           |");
        assert_eq!(lines[3], "|-----------|------------------|-----------------|");
        assert_eq!(lines[4], "| `slow`    | 10.0 µs (10.0×)  | 40.0 µs (10.0×) |");
        assert_eq!(lines[5], "| `bitmask` | 1.00 µs (1.00×)  | 4.00 µs (1.00×) |");
        assert_eq!(lines[6], "| `fast`    | 500 ns (0.50×) * | –               |");
        assert!(table.contains("`*`: from an earlier run"));
    }

    #[test]
    fn chart_draws_a_line_per_approach_with_results() {
        let criterion = env::temp_dir().join(format!("n_queens_bench_chart_{}", std::process::id()));
        let group = Group {
            name: "demo",
            title: "demo".to_string(),
            kind: Kind::Count,
            approaches: vec!["slow", "bitmask", "absent"],
            sizes: vec![8, 9, 10],
            timing: plan(true)[0].timing,
        };
        let out = criterion.join("demo.svg");
        assert!(chart::draw(&group, &criterion, &out).is_err(), "no results yet");
        for (approach, base) in [("slow", 1e5), ("bitmask", 1e3)] {
            for n in [8_u64, 9] {
                let dir = criterion.join("demo").join(approach).join(n.to_string()).join("new");
                fs::create_dir_all(&dir).unwrap();
                let median = base * 4f64.powf((n - 8) as f64);
                let json = format!(r#"{{"median":{{"point_estimate":{median}}}}}"#);
                fs::write(dir.join("estimates.json"), json).unwrap();
            }
        }
        assert_eq!(chart::draw(&group, &criterion, &out).unwrap(), 2);
        let svg = fs::read_to_string(&out).unwrap();
        fs::remove_dir_all(&criterion).unwrap();
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("slow") && svg.contains("bitmask") && !svg.contains("absent"));
    }

    #[test]
    fn no_results_no_table() {
        assert_eq!(render(&plan(true), |_, _, _| None), "");
    }
}
