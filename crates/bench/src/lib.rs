//! What `benches/approaches.rs` measures ([`plan`]), and the page it writes
//! from criterion's results ([`write_docs`]): `docs/measurements.md`, and
//! the chart of its LeetCode 52 table, `docs/chain.svg` ([`draw_chart`]).
//!
//! The approaches come from `n_queens_count::APPROACHES` and `n_queens::APPROACHES`:
//! a new one is measured, and on the page, as soon as it joins its list.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;
use std::{env, fs};

/// The approach every time is divided by.
pub use n_queens_count::REFERENCE;

/// The group whose table is drawn as `docs/chain.svg`: the first on the page.
pub const CHART: &str = "n_queens_ii";

/// The function a group calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Call {
    /// LeetCode 52: `n_queens_count::counting::total_with` on one thread (the
    /// chain's own `Solution::total_n_queens`, the others' 64-bit counters).
    Count,
    /// LeetCode 51: the approach's `Solution::solve_n_queens`.
    Boards,
    /// `n_queens::construct::construct`, one board without search.
    Construct,
}

/// One criterion group, and its table on the page.
#[derive(Clone, Debug)]
pub struct Group {
    /// Criterion's group id, its folder under `target/criterion`.
    pub name: &'static str,
    /// The heading of its table.
    pub title: &'static str,
    /// What it times, the sentence under the heading.
    pub about: &'static str,
    /// The function it calls.
    pub call: Call,
    /// Each approach, in chain order, with the sizes n it runs at.
    pub runs: Vec<(&'static str, Vec<i32>)>,
}

impl Group {
    /// Every size any approach runs at, ascending.
    pub fn sizes(&self) -> Vec<i32> {
        let mut sizes: Vec<i32> = self.runs.iter().flat_map(|(_, sizes)| sizes.iter().copied()).collect();
        sizes.sort_unstable();
        sizes.dedup();
        sizes
    }
}

/// The plan. LeetCode 52 starts at n = 12: a smaller search, called over and
/// over, is short enough for the processor to learn its branches, and runs
/// faster than once. LeetCode 51, mostly writing boards, starts at n = 10.
/// The steps before `bitmask` stop at n = 14, where a call takes seconds; the
/// fast counters go on to 16, and `quarters` alone on to 19, even and odd
/// sizes in turn. `quick` keeps two sizes, to try it out.
pub fn plan(quick: bool) -> Vec<Group> {
    let sizes = |range: std::ops::RangeInclusive<i32>| range.take(if quick { 2 } else { usize::MAX }).collect();
    let fast_from = n_queens_count::APPROACHES.iter().position(|approach| approach.name == REFERENCE);
    let last_n = |index| if fast_from.is_some_and(|fast_from| index >= fast_from) { 16 } else { 14 };
    vec![
        Group {
            name: CHART,
            title: "LeetCode 52: count the boards",
            about: "Every approach in `n_queens_count::APPROACHES`, on one thread \
                    (`counting::total_with` with `threads: 1`); the steps before `bitmask` stop at \
                    n = 14, where one call takes seconds.",
            call: Call::Count,
            runs: n_queens_count::APPROACHES
                .iter()
                .enumerate()
                .map(|(index, approach)| (approach.name, sizes(12..=last_n(index))))
                .collect(),
        },
        Group {
            name: "quarters",
            title: "The fastest counter, even sizes beside odd ones",
            about: "`quarters` on one thread (`counting::total_with` with `threads: 1`), from \
                    n = 16, where the table above stops, to 19: an even n is one start with large \
                    tasks, an odd n many starts with small ones, so each kind shows what it costs.",
            call: Call::Count,
            runs: vec![("quarters", sizes(16..=19))],
        },
        Group {
            name: "n_queens",
            title: "LeetCode 51: every board",
            about: "`Solution::solve_n_queens` of every approach in `n_queens::APPROACHES`, \
                    which also writes every board out as the judge's strings.",
            call: Call::Boards,
            runs: n_queens::APPROACHES.iter().map(|approach| (approach.name, sizes(10..=12))).collect(),
        },
        Group {
            name: "construct",
            title: "One board without search",
            about: "`n_queens::construct::construct`: one board in O(n).",
            call: Call::Construct,
            runs: vec![("construct", vec![1_000_000])],
        },
    ]
}

/// Rewrites `docs/measurements.md` and `docs/chain.svg` from the results of
/// a run started at `since`, if it measured every benchmark of `groups`
/// (not when criterion's filter, `--test` or `--list` left some out).
pub fn write_docs(groups: &[Group], since: SystemTime, quick: bool) -> Result<(), String> {
    let criterion = criterion_dir();
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    let fresh_median = |group: &str, approach: &str, n: i32| {
        let file = criterion.join(group).join(approach).join(n.to_string()).join("new/estimates.json");
        if fs::metadata(&file).ok()?.modified().ok()? < since {
            return None; // from an earlier run
        }
        let estimates: serde_json::Value = serde_json::from_str(&fs::read_to_string(file).ok()?).ok()?;
        estimates["median"]["point_estimate"].as_f64()
    };
    let tables = tables(groups, fresh_median, &|name| docs.join(format!("{name}.md")).exists())
        .map_err(|id| format!("{id} was not measured in this run (nor, perhaps, others)"))?;

    let cpu = fs::read_to_string("/proc/cpuinfo").ok().and_then(|info| {
        let line = info.lines().find(|line| line.starts_with("model name"))?;
        Some(line.split_once(':')?.1.trim().to_string())
    });
    let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
    let date = Command::new("date").arg("-u").arg("+%Y-%m-%d").output().ok();
    let date = date.map_or(String::new(), |out| String::from_utf8_lossy(&out.stdout).trim().to_string());
    let threaded = n_queens_count::APPROACHES.iter().filter(|a| a.threads).map(|a| format!("[`{0}`]({0}.md)", a.name));
    let threaded = threaded.collect::<Vec<_>>().join(", ");
    let quick_note =
        if quick { " (quick mode: two sizes, short samples; to try the command, not to compare)" } else { "" };
    let page = format!(
        "# Measurements\n\n\
         [Map](README.md) · previous: [The fastest counters](fastest.md) · next: [Glossary](glossary.md)\n\n\
         Written by `cargo bench -p n_queens_bench` on {cpu}, {cores} logical cores, {date}{quick_note}. \
         Do not edit this page: that command rewrites it, and [`chain.svg`](chain.svg), from one run \
         of every benchmark. Run it on a quiet machine: whatever else runs shows in the numbers.\n\n\
         Each cell is criterion's median time of one call and, in parentheses, that time divided \
         by `{REFERENCE}`'s at the same n: `20×` takes 20 times as long as `{REFERENCE}`, `0.50×` half \
         as long. The counts start at n = 12: a smaller search, called over and over as criterion \
         does, is short enough for the processor to learn its branches, and runs faster than it \
         would once, the fastest steps most (below n = 10 a call takes only microseconds anyway). \
         Every count runs on one thread; what more threads \
         add is on the pages of the approaches that use them: {threaded}.\n\n{tables}",
        cpu = cpu.as_deref().unwrap_or("an unknown CPU"),
    );
    fs::write(docs.join("measurements.md"), &page).map_err(|error| format!("writing measurements.md: {error}"))?;
    draw_chart(&page, &docs.join("chain.svg"))
}

/// Draws the first table of a measurements page (LeetCode 52's) as an SVG
/// line chart: time per call against n, log scale, one line per approach
/// (`cargo run -p n_queens_bench --example chart` redraws `docs/chain.svg`).
pub fn draw_chart(page: &str, svg: &Path) -> Result<(), String> {
    use plotters::prelude::*;
    use plotters::style::text_anchor;
    let mut lines = page.lines().skip_while(|line| !line.starts_with("| approach |"));
    let header = lines.next().ok_or("no table on the page")?;
    let sizes: Vec<i32> = header.split('|').filter_map(|cell| cell.trim().strip_prefix("n = ")?.parse().ok()).collect();
    let mut series = Vec::new();
    for row in lines.skip(1).take_while(|line| line.starts_with('|')) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let name = cells.get(1).and_then(|cell| cell.split('`').nth(1)).ok_or(format!("no approach in {row}"))?;
        let times = cells[2..].iter().zip(&sizes).filter_map(|(cell, &n)| Some((n, seconds(cell)?)));
        series.push((name.to_string(), times.collect::<Vec<_>>()));
    }
    let all = || series.iter().flat_map(|(_, points)| points.iter().map(|&(_, time)| time));
    let (low, high) = (all().fold(f64::MAX, f64::min) / 2.0, all().fold(0.0, f64::max) * 2.0);
    let (&first, &last) = sizes.first().zip(sizes.last()).ok_or("no n in the table")?;
    let failed = |error: DrawingAreaErrorKind<_>| format!("drawing {}: {error}", svg.display());
    let root = SVGBackend::new(svg, (800, 500)).into_drawing_area();
    root.fill(&WHITE).map_err(failed)?;
    // Two more n on the right: room for the names at the lines' ends.
    let mut chart = ChartBuilder::on(&root)
        .caption("LeetCode 52: time per call, every approach on one thread", ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(first..last + 2, (low..high).log_scale())
        .map_err(failed)?;
    chart
        .configure_mesh()
        .x_labels(sizes.len() + 2)
        .x_label_formatter(&|n: &i32| if n <= &last { n.to_string() } else { String::new() })
        .label_style(("sans-serif", 14))
        .axis_desc_style(("sans-serif", 15))
        .x_desc("n (board size)")
        .y_desc("median time per call, log scale")
        .y_label_formatter(&|time: &f64| duration(time * 1e9))
        .draw()
        .map_err(failed)?;
    // Tableau's ten colours: one per approach, none alike.
    let colours = [0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd, 0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf];
    let colour = |index: usize| {
        let [_, r, g, b] = u32::to_be_bytes(colours[index % colours.len()]);
        RGBColor(r, g, b)
    };
    // Every other line dashed, and drawn over the solid ones: two lines that
    // lie on each other (`symmetry` and `parallel`) both show.
    let mut order: Vec<usize> = (0..series.len()).collect();
    order.sort_by_key(|index| index % 2);
    let mut ends = Vec::new();
    for index in order {
        let (name, points) = &series[index];
        let style = colour(index).stroke_width(2);
        match index % 2 {
            0 => chart.draw_series(LineSeries::new(points.iter().copied(), style)),
            _ => chart.draw_series(DashedLineSeries::new(points.iter().copied(), 8, 5, style)),
        }
        .map_err(failed)?;
        for point in points {
            draw_marker(&root, index, chart.backend_coord(point), colour(index)).map_err(failed)?;
        }
        if let Some(end) = points.last() {
            ends.push((chart.backend_coord(end), name.as_str(), index));
        }
    }
    // Each name right of its line's last point, its marker before it; names
    // ending at the same n kept 16 pixels apart, with a line to a name moved.
    ends.sort_by_key(|&((x, y), _, _)| (x, y));
    let mut above: Option<(i32, i32)> = None;
    for ((x, y), name, index) in ends {
        let at = match above {
            Some((last_x, last_y)) if last_x == x && y < last_y + 16 => last_y + 16,
            _ => y,
        };
        above = Some((x, at));
        if at != y {
            root.draw(&PathElement::new([(x + 4, y), (x + 12, at)], colour(index).stroke_width(1))).map_err(failed)?;
        }
        draw_marker(&root, index, (x + 18, at), colour(index)).map_err(failed)?;
        let font = ("sans-serif", 14)
            .into_font()
            .color(&BLACK)
            .pos(text_anchor::Pos::new(text_anchor::HPos::Left, text_anchor::VPos::Center));
        root.draw(&Text::new(name.to_string(), (x + 26, at), font)).map_err(failed)?;
    }
    root.present().map_err(failed)
}

/// Series `index`'s marker at `at`, in `colour`: a shape of its own (filled
/// circle, square and triangle, a cross, then hollow ones, a diamond), so that
/// no two lines differ by colour alone.
fn draw_marker<DB: plotters::prelude::DrawingBackend>(
    area: &plotters::prelude::DrawingArea<DB, plotters::coord::Shift>,
    index: usize,
    (x, y): (i32, i32),
    colour: plotters::style::RGBColor,
) -> Result<(), plotters::drawing::DrawingAreaErrorKind<DB::ErrorType>> {
    use plotters::prelude::*;
    let (filled, hollow) = (colour.filled(), colour.stroke_width(2));
    let square = |style| Rectangle::new([(x - 4, y - 4), (x + 4, y + 4)], style);
    let triangle = [(x, y - 5), (x + 5, y + 4), (x - 5, y + 4)];
    match index % 8 {
        0 => area.draw(&Circle::new((x, y), 4, filled)),
        1 => area.draw(&square(filled)),
        2 => area.draw(&Polygon::new(triangle, filled)),
        3 => area.draw(&Cross::new((x, y), 4, hollow)),
        4 => area.draw(&Circle::new((x, y), 4, hollow)),
        5 => area.draw(&square(hollow)),
        6 => area.draw(&PathElement::new([triangle[0], triangle[1], triangle[2], triangle[0]], hollow)),
        _ => area.draw(&Polygon::new([(x, y - 5), (x + 5, y), (x, y + 5), (x - 5, y)], filled)),
    }
}

/// A cell of the page (a value, its unit, then its ratio in brackets) as
/// seconds; `None` for `–`.
fn seconds(cell: &str) -> Option<f64> {
    let mut words = cell.split_whitespace();
    let value: f64 = words.next()?.parse().ok()?;
    let scale = match words.next()? {
        "s" => 1.0,
        "ms" => 1e-3,
        "µs" => 1e-6,
        "ns" => 1e-9,
        _ => return None,
    };
    Some(value * scale)
}

/// One Markdown table per group: a row per approach (linked to its page if
/// `has_page`), a column per n, each cell `median(group, approach, n)` and
/// its ratio to [`REFERENCE`]'s; the id of the first missing one as error.
pub fn tables(
    groups: &[Group],
    median: impl Fn(&str, &str, i32) -> Option<f64>,
    has_page: &dyn Fn(&str) -> bool,
) -> Result<String, String> {
    let mut text = String::new();
    for group in groups {
        let sizes = group.sizes();
        let _ = writeln!(text, "## {}\n\n{}\n", group.title, group.about);
        let header: String = sizes.iter().map(|n| format!(" n = {n} |")).collect();
        let _ = writeln!(text, "| approach |{header}\n|---|{}", "---:|".repeat(sizes.len()));
        for (name, runs_at) in &group.runs {
            let mut row = if has_page(name) { format!("| [`{name}`]({name}.md) |") } else { format!("| `{name}` |") };
            for &n in &sizes {
                if !runs_at.contains(&n) {
                    row.push_str(" – |");
                    continue;
                }
                let time = median(group.name, name, n).ok_or(format!("{}/{name}/{n}", group.name))?;
                let _ = write!(row, " {}", duration(time));
                if let Some(reference) = median(group.name, REFERENCE, n) {
                    let _ = write!(row, " ({}×)", three_digits(time / reference));
                }
                row.push_str(" |");
            }
            let _ = writeln!(text, "{row}");
        }
        if group.name == CHART {
            text.push_str(
                "\n![Time per call against n, one line per approach, log scale](chain.svg)\n\n\
                 This table as a chart: the median time per call against n, on a log scale, one line \
                 per approach, each with a colour, a marker and its name, every one on one thread \
                 (`parallel` and `quarters` too).\n",
            );
        }
        text.push('\n');
    }
    text.pop();
    Ok(text)
}

/// Where criterion writes: `$CRITERION_HOME`, else `criterion` in cargo's
/// target directory (`$CARGO_TARGET_DIR`, else the workspace's `target`).
fn criterion_dir() -> PathBuf {
    let workspace_target = || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target");
    let target = env::var_os("CARGO_TARGET_DIR").map_or_else(workspace_target, PathBuf::from);
    env::var_os("CRITERION_HOME").map_or_else(|| target.join("criterion"), PathBuf::from)
}

/// Nanoseconds as three significant digits in the largest unit of ns, µs,
/// ms and s that keeps them at least 1.
fn duration(ns: f64) -> String {
    let units = [(1e9, "s"), (1e6, "ms"), (1e3, "µs")];
    let (scale, unit) = units.into_iter().find(|&(scale, _)| ns >= scale).unwrap_or((1.0, "ns"));
    format!("{} {unit}", three_digits(ns / scale))
}

/// Three significant digits, two below 0.1: `0.014`, `0.25`, `20.1`, `160`.
fn three_digits(value: f64) -> String {
    let small = if value > 0.0 && value < 0.1 { (-value.log10().floor()) as usize - 1 } else { 0 };
    let decimals = usize::from(value < 100.0) + usize::from(value < 10.0) + small;
    format!("{value:.decimals$}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_hold_the_median_and_its_ratio_to_bitmask() {
        let runs = vec![("slow", vec![10]), (REFERENCE, vec![10, 11]), ("fast", vec![10, 11])];
        let group = Group { name: "demo", title: "Demo", about: "About.", call: Call::Count, runs };
        let median = |name: &str, n: i32| match name {
            "slow" => Some(25_000.0),
            "fast" => Some(if n == 10 { 14.0 } else { 1_000.0 }),
            _ => Some(1_000.0),
        };
        let table = tables(std::slice::from_ref(&group), |_, name, n| median(name, n), &|name| name == "slow");
        let rows: Vec<String> = table.unwrap().lines().skip(6).map(String::from).collect();
        assert_eq!(
            rows,
            [
                "| [`slow`](slow.md) | 25.0 µs (25.0×) | – |",
                "| `bitmask` | 1.00 µs (1.00×) | 1.00 µs (1.00×) |",
                "| `fast` | 14.0 ns (0.014×) | 1.00 µs (1.00×) |",
            ]
        );
        let missing = tables(&[group], |_, name, n| median(name, n).filter(|_| n == 10), &|_| false);
        assert_eq!(missing, Err("demo/bitmask/11".to_string()));
    }

    #[test]
    fn the_chart_labels_every_approach_and_n() {
        let runs = vec![("slow", vec![10, 11]), (REFERENCE, vec![10, 11, 12])];
        let group = Group { name: CHART, title: "Demo", about: "About.", call: Call::Count, runs };
        let table =
            tables(&[group], |_, name, n| Some(f64::from(n) * if name == "slow" { 1e6 } else { 1e3 }), &|_| true);
        let svg = env::temp_dir().join(format!("n_queens_bench_chart_{}.svg", std::process::id()));
        draw_chart(&table.unwrap(), &svg).unwrap();
        let drawn = fs::read_to_string(&svg).unwrap();
        fs::remove_file(&svg).unwrap();
        for label in ["slow", REFERENCE, "n (board size)", ">\n10\n<", ">\n12\n<"] {
            assert!(drawn.contains(label), "{label} missing from the chart");
        }
    }

    #[test]
    fn two_lines_on_each_other_are_named_apart_and_marked_apart() {
        let runs = vec![("twin", vec![10, 11, 12]), (REFERENCE, vec![10, 11, 12])];
        let group = Group { name: CHART, title: "Demo", about: "About.", call: Call::Count, runs };
        let table = tables(&[group], |_, _, n| Some(f64::from(n) * 1e3), &|_| true);
        let svg = env::temp_dir().join(format!("n_queens_bench_twins_{}.svg", std::process::id()));
        draw_chart(&table.unwrap(), &svg).unwrap();
        let drawn = fs::read_to_string(&svg).unwrap();
        fs::remove_file(&svg).unwrap();
        // The y of the text that names each line, at the line's end.
        let name_y = |name: &str| -> f64 {
            let before = drawn.split(&format!(">\n{name}\n</text>")).next().expect("named");
            let tag = before.rsplit("<text").next().expect("a text");
            let y = tag.split(" y=\"").nth(1).and_then(|rest| rest.split('"').next());
            y.and_then(|y| y.parse().ok()).expect("a y")
        };
        assert!((name_y("twin") - name_y(REFERENCE)).abs() >= 14.0, "the names do not overlap");
        // Their markers differ in shape: the first line's are circles, the second's squares.
        assert_eq!(drawn.matches("<circle").count(), 3 + 1, "three points and the one before the name");
        assert_eq!(drawn.matches("<rect").count() - 1, 3 + 1, "the same, as squares (and the background)");
    }
}
