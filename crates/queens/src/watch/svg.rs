//! The picture for the docs: a whole search as one self-contained animated
//! SVG, one frame per event, laid out to be read on a phone (412 px wide):
//! the board with its labels, under it the line of the source that runs (in
//! one place, wrapped), then the event in words, the reads, and the counters.
//! Each frame is a group that CSS shows for its own time (no script): longer
//! for more text, held on a solution and at the end.

use std::fmt::Write;

use n_queens_facts::chain::Step;

use super::check::{binary, stack_lines};
use super::event::{Event, Line as Ray};
use super::mistakes::Mistake;
use super::search::Search;
use super::source::{shown, wrap};
use super::state::State;
use super::steps::Panel;
use super::words::{FLAG_NAMES, crash_text, read_text};
use crate::Problem;

/// The side of a square, in pixels.
const CELL: usize = 40;
/// Where the board starts.
const LEFT: usize = 24;
const TOP: usize = 64;
/// A line of text, in pixels.
const LINE: usize = 20;
/// The width of one character at 14 px in the monospace fonts named, with room to spare.
pub const CHAR: f64 = 8.6;
/// The narrowest picture: fits a phone's 412 px at full size.
const MIN_WIDTH: usize = 412;
/// Seconds in one tick of the loop; a frame lasts a whole number of ticks.
const TICK: f64 = 0.25;
/// The largest picture written, in bytes.
pub const LIMIT: usize = 4 << 20;
/// Fewer bytes than any frame takes: a run with more events than `LIMIT / this` cannot fit.
const LEAST_PER_FRAME: usize = 200;

/// The picture's size and the text width it wraps at.
struct Layout {
    n: usize,
    width: usize,
    /// Characters a line of text holds.
    columns: usize,
    /// Rows the running code line is given, the same in every frame.
    code_rows: usize,
    /// Step 3: its strips of flags are drawn.
    strips: bool,
}

/// The SVG text of the whole search of the n×n board by `step`, or why it is refused.
pub fn write(n: usize, step: &'static Step, mistake: Option<Mistake>, problem: Problem) -> Result<String, String> {
    let width = (2 * LEFT + n * CELL).max(MIN_WIDTH).max(LEFT + 140 + (2 * n) * 16);
    let columns = ((width - 2 * LEFT) as f64 / CHAR) as usize;
    // A first pass: how many events, and the most rows a running line wraps to.
    let text = shown(problem, step, mistake);
    let (mut events, mut code_rows) = (0usize, 1);
    let mut search = Search::new(n, step, mistake);
    loop {
        let event = search.next_event();
        events += 1;
        if events > LIMIT / LEAST_PER_FRAME {
            return Err(too_large(n, step, &format!("more than {} events", events - 1)));
        }
        if let Some(line) = running(&text, &search, problem, &event) {
            code_rows = code_rows.max(wrap(&format!("▶ {}", line.trim()), columns, 2).len());
        }
        if event == Event::Done {
            break;
        }
    }
    let strips = matches!(search.checker().panel(), Panel::Flags { .. });
    let layout = Layout { n, width, columns, code_rows, strips };
    let mut search = Search::new(n, step, mistake);
    let mut state = State::default();
    let (mut frames, mut bytes, mut rows) = (Vec::with_capacity(events), 0, 0);
    loop {
        let event = search.next_event();
        state.apply(event);
        let (body, ticks, used) = frame(&layout, &search, &state, event, &text, problem);
        bytes += body.len() + 80;
        if bytes > LIMIT {
            return Err(too_large(n, step, &format!("{events} events")));
        }
        rows = rows.max(used);
        frames.push((body, ticks));
        if event == Event::Done {
            break;
        }
    }
    Ok(assemble(&layout, &frames, rows, step, mistake))
}

fn too_large(n: usize, step: &Step, events: &str) -> String {
    format!(
        "--svg: watch {n} --approach {} has {events}, one frame each: its picture would pass {} MiB, the limit; a smaller n fits",
        step.name,
        LIMIT >> 20
    )
}

/// The header, the board drawn once, and the frames, each shown for its ticks.
fn assemble(layout: &Layout, frames: &[(String, usize)], rows: usize, step: &Step, mistake: Option<Mistake>) -> String {
    let Layout { n, width, .. } = *layout;
    let height = text_top(layout) + rows * LINE + 12;
    let total: usize = frames.iter().map(|frame| frame.1).sum();
    let loop_seconds = total as f64 * TICK;
    let mut svg = String::new();
    let _ = write!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
         width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n<style>\n\
         text{{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:14px;fill:#222;white-space:pre}}\n\
         .f{{opacity:0;animation-duration:{loop_seconds}s;animation-timing-function:step-end;animation-iteration-count:infinite}}\n"
    );
    let mut lengths: Vec<usize> = frames.iter().map(|frame| frame.1).collect();
    lengths.sort_unstable();
    lengths.dedup();
    for ticks in lengths {
        let _ = writeln!(
            svg,
            "@keyframes k{ticks}{{0%{{opacity:1}}{:.5}%{{opacity:0}}}}",
            100.0 * ticks as f64 / total as f64
        );
    }
    svg.push_str(
        ".l{fill:#f0d9b5}.d{fill:#b58863}.t{fill:#f6d743}.r{fill:#6cc5e0}.a{fill:#e8615a}.g{fill:#8fd68f}\
         .o{fill:#fff;stroke:#aaa}\n.dim{fill:#888}.run{fill:#7a4f00}.bad{fill:#c0392b;font-weight:bold}\n</style>\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n\
         <defs><g id=\"q\"><circle cx=\"20\" cy=\"20\" r=\"14\" fill=\"#222\"/>\
         <text x=\"20\" y=\"25\" text-anchor=\"middle\" style=\"fill:#fff;font-weight:bold\">Q</text></g></defs>\n",
    );
    let title = match mistake {
        Some(mistake) => format!("{}, n = {n}, mistake {}", step.name, mistake.number()),
        None => format!("{}, n = {n}: the whole search", step.name),
    };
    let _ = writeln!(svg, "<text x=\"{LEFT}\" y=\"24\" style=\"font-weight:bold\">{}</text>", escape(&title));
    for col in 0..n {
        let x = LEFT + col * CELL + CELL / 2;
        let _ = write!(svg, "<text x=\"{x}\" y=\"{}\" class=\"dim\" text-anchor=\"middle\">{col}</text>", TOP - 8);
    }
    for row in 0..n {
        let y = TOP + row * CELL + 25;
        let _ = write!(svg, "<text x=\"{}\" y=\"{y}\" class=\"dim\" text-anchor=\"middle\">{row}</text>", LEFT / 2);
        for col in 0..n {
            let class = if (row + col) % 2 == 0 { "l" } else { "d" };
            let (x, y) = (LEFT + col * CELL, TOP + row * CELL);
            let _ = write!(svg, "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" class=\"{class}\"/>");
        }
        svg.push('\n');
    }
    if layout.strips {
        let lengths = [n, (2 * n).saturating_sub(1), (2 * n).saturating_sub(1)];
        for (kind, (name, length)) in FLAG_NAMES.iter().zip(lengths).enumerate() {
            let y = strips_top(layout) + kind * LINE;
            let _ = write!(svg, "<text x=\"{LEFT}\" y=\"{y}\">{name}</text>");
            for index in 0..length {
                let _ = write!(svg, "{}", flag_box(index, y, "o", false));
            }
            svg.push('\n');
        }
    }
    let mut start = 0;
    for (body, ticks) in frames {
        let delay = start as f64 * TICK;
        let _ = writeln!(svg, "<g class=\"f\" style=\"animation-name:k{ticks};animation-delay:{delay}s\">{body}</g>");
        start += ticks;
    }
    svg.push_str("</svg>\n");
    svg
}

/// Where the running code line's rows start.
fn code_top(layout: &Layout) -> usize {
    TOP + layout.n * CELL + 28
}

/// Where step 3's three strips of flags stand, under the code.
fn strips_top(layout: &Layout) -> usize {
    code_top(layout) + layout.code_rows * LINE + 12
}

/// Where the lines of text under the code (and the strips) start.
fn text_top(layout: &Layout) -> usize {
    strips_top(layout) + if layout.strips { 3 * LINE + 8 } else { 0 }
}

/// The line of the file shown that `event` runs, as the search's checker says.
fn running<'a>(text: &'a str, search: &Search, problem: Problem, event: &Event) -> Option<&'a str> {
    text.lines().nth(search.checker().line(event, problem)?.find(text)?)
}

/// One frame's group, its ticks, and the rows of text it uses.
fn frame(
    layout: &Layout,
    search: &Search,
    state: &State,
    event: Event,
    text: &str,
    problem: Problem,
) -> (String, usize, usize) {
    let n = search.n();
    let mut body = String::new();
    let square = |body: &mut String, row: usize, col: usize, class: &str| {
        if col < n && row < n {
            let (x, y) = (LEFT + col * CELL, TOP + row * CELL);
            let _ = write!(body, "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" class=\"{class}\"/>");
        }
    };
    if let Some((row, col)) = state.tried {
        square(&mut body, row, col, "t");
    }
    let (row, col) = state.tried.unwrap_or((search.queens().len(), 0));
    let describe = describe(&event, search, state);
    let mut lines: Vec<(String, &str)> = vec![(describe.clone(), "")];
    let mut newest = String::new();
    for read in &state.reads {
        match *read {
            Event::Scan { row, col, queen, .. } => square(&mut body, row, col, if queen { "a" } else { "r" }),
            Event::Compare { queen_row, queen_col, attacks, .. } => {
                square(&mut body, queen_row, queen_col, if attacks { "a" } else { "r" });
            }
            Event::Masks { row, columns, diagonals, anti_diagonals, .. } => {
                for col in 0..n {
                    let taken = (columns | diagonals | anti_diagonals) >> col & 1 == 1;
                    square(&mut body, row, col, if taken { "a" } else { "g" });
                }
            }
            Event::Lowest { row, lowest } => square(&mut body, row, lowest.trailing_zeros() as usize, "t"),
            _ => {}
        }
        if !matches!(read, Event::Masks { .. } | Event::Lowest { .. } | Event::Cleared { .. }) {
            newest = read_text(read, search, row, col);
            lines.push((newest.clone(), ""));
        }
    }
    if let Some(crash) = state.crash {
        newest = crash_text(crash, search, row, col);
        lines.push((newest.clone(), "bad"));
    }
    for (row, &col) in search.queens().iter().enumerate() {
        if col < n && row < n {
            let _ = write!(body, "<use xlink:href=\"#q\" x=\"{}\" y=\"{}\"/>", LEFT + col * CELL, TOP + row * CELL);
        } else {
            lines.push((format!("row {row}: the queen stands in column {col}, off the board"), "bad"));
        }
    }
    if let Panel::Calls(calls) = search.checker().panel() {
        lines.extend(stack_lines(calls, n).into_iter().map(|line| (line, "")));
    }
    if layout.strips {
        for kind in 0..3 {
            flag_strip(&mut body, search, state, kind, strips_top(layout) + kind * LINE);
        }
    }
    lines.push((String::new(), ""));
    lines.push((counters(search, state), ""));
    if let Some(mistake) = search.mistake() {
        lines.push((format!("mistake {} {}: {}", mistake.number(), mistake.name(), mistake.effect()), "bad"));
    }
    // The running line, in its fixed place under the board.
    let mistake = search.mistake();
    if let Some(line) = running(text, search, problem, &event) {
        let wrong = mistake.is_some_and(|mistake| line.contains(mistake.info().line));
        let class = if wrong { "bad" } else { "run" };
        for (index, row) in wrap(&format!("▶ {}", line.trim()), layout.columns, 2).iter().enumerate() {
            let y = code_top(layout) + index * LINE;
            let _ = write!(body, "<text x=\"{LEFT}\" y=\"{y}\" class=\"{class}\">{}</text>", escape(row));
        }
    }
    let mut y = text_top(layout);
    let mut used = 0;
    for (line, class) in &lines {
        for piece in wrap(line, layout.columns, 2) {
            let class = if class.is_empty() { String::new() } else { format!(" class=\"{class}\"") };
            let _ = write!(body, "<text x=\"{LEFT}\" y=\"{y}\"{class}>{}</text>", escape(&piece));
            y += LINE;
            used += 1;
        }
    }
    let ticks = match event {
        Event::Solution => 12,
        Event::Done | Event::Crash(_) => 16,
        // Half a second, and a quarter more for every 20 characters of new text.
        _ => (2 + (describe.len() + newest.len()) / 20).min(8),
    };
    (body, ticks, used)
}

/// Over the strip of step 3's array `kind` (drawn once, all 0): its flags
/// set to 1, and the flags the check reads, blue when free, red when taken.
fn flag_strip(body: &mut String, search: &Search, state: &State, kind: usize, y: usize) {
    let line = Ray::ALL[kind];
    let Panel::Flags { lines, .. } = search.checker().panel() else { return };
    for (index, &taken) in lines[kind].iter().enumerate() {
        let read = state
            .reads
            .iter()
            .any(|read| matches!(*read, Event::Flag { line: l, index: i, .. } if l == line && i == index));
        let class = match (read, taken) {
            (true, true) => "a",
            (true, false) => "r",
            (false, true) => "o",
            (false, false) => continue,
        };
        body.push_str(&flag_box(index, y, class, taken));
    }
}

/// One flag's box, right of its array's name, on the line at `y`.
fn flag_box(index: usize, y: usize, class: &str, taken: bool) -> String {
    let x = LEFT + 140 + index * 16;
    format!(
        "<rect x=\"{x}\" y=\"{}\" width=\"15\" height=\"18\" class=\"{class}\"/>\
         <text x=\"{}\" y=\"{y}\" text-anchor=\"middle\">{}</text>",
        y - 14,
        x + 7,
        u8::from(taken)
    )
}

/// `count` and its noun, singular or plural.
fn counted(count: u64, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// The counters line.
fn counters(search: &Search, state: &State) -> String {
    let (one, many) = (search.checker().one_check(), search.step().check_unit.unwrap_or("checks"));
    let expected = n_queens_facts::oeis::A000170.get(search.n()).copied().unwrap_or_default();
    format!(
        "placed {} · {} · {} · {} of {expected}",
        state.nodes,
        counted(state.checks, one, many),
        counted(state.backtracks, "backtrack", "backtracks"),
        counted(state.solutions, "solution", "solutions"),
    )
}

/// The event in words, for the first line of the frame.
fn describe(event: &Event, search: &Search, state: &State) -> String {
    match *event {
        Event::Try { row, col } => format!("try ({row}, {col})"),
        Event::Scan { .. } | Event::Compare { .. } | Event::Flag { .. } => {
            format!("check ({}, {})", state.tried.map_or(0, |t| t.0), state.tried.map_or(0, |t| t.1))
        }
        Event::Masks { row, free, .. } => {
            format!("row {row}: free = full & !(c | d | a) = {}", binary(free, search.n()))
        }
        Event::Lowest { lowest, .. } => {
            format!("lowest = free & free.wrapping_neg(): column {}", lowest.trailing_zeros())
        }
        Event::Cleared { free, .. } => format!("free &= free - 1 = {}", binary(free, search.n())),
        Event::Place { row, col } => format!("place a queen on ({row}, {col})"),
        Event::Back { row, col } => format!("back: take the queen off ({row}, {col})"),
        Event::Solution => format!("solution {}", state.solutions),
        Event::Crash(_) => "the run ends here".to_string(),
        Event::Done => "done: the search is over".to_string(),
    }
}

/// Text made safe for XML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
