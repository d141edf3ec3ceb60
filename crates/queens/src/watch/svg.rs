//! The picture for the docs: a whole search as one self-contained animated
//! SVG, one frame per event. The board and its squares are drawn once; each
//! frame is a group that CSS shows for its slot of the loop (no script), with
//! the queens, the squares the check reads, the event in words, the step's
//! counters and the line of its source that runs.

use std::fmt::Write;

use super::events::{Event, Mistake, Search, Step};
use super::state::State;
use super::view::{FLAG_NAMES, binary, marker, read_text, source, stack_lines};
use crate::Problem;

/// The side of a square, in pixels.
const CELL: usize = 40;
/// Where the board starts.
const LEFT: usize = 20;
const TOP: usize = 56;
/// Seconds each event is shown.
const SECONDS: f64 = 0.5;

/// The SVG text of the whole search of the n×n board by `step`.
pub fn write(n: usize, step: Step, mistake: Option<Mistake>, problem: Problem) -> String {
    let mut search = Search::new(n, step, mistake);
    let mut state = State::default();
    let mut frames = Vec::new();
    loop {
        let event = search.next_event();
        state.apply(event);
        frames.push(frame(&search, &state, event, problem));
        if event == Event::Done {
            break;
        }
    }
    let text_left = LEFT + (n + 1) * CELL;
    let width = text_left + 560;
    let height = (TOP + n * CELL + 20).max(TOP + 12 * 20);
    let loop_seconds = frames.len() as f64 * SECONDS;
    let mut svg = String::new();
    let _ = write!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
         width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n<style>\n\
         text{{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:14px;fill:#222}}\n\
         .f{{opacity:0;animation:show {loop_seconds}s step-end infinite}}\n\
         @keyframes show{{0%{{opacity:1}}{:.4}%{{opacity:0}}}}\n\
         .l{{fill:#f0d9b5}}.d{{fill:#b58863}}.t{{fill:#f6d743}}.r{{fill:#6cc5e0}}.a{{fill:#e8615a}}.g{{fill:#8fd68f}}\n\
         .dim{{fill:#888}}.run{{fill:#7a4f00}}\n</style>\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n\
         <defs><g id=\"q\"><circle cx=\"20\" cy=\"20\" r=\"14\" fill=\"#222\"/>\
         <text x=\"20\" y=\"25\" text-anchor=\"middle\" style=\"fill:#fff;font-weight:bold\">Q</text></g></defs>\n",
        100.0 / frames.len() as f64
    );
    let title = match mistake {
        Some(mistake) => format!("{}, n = {n}, with the mistake {}", step.name(), mistake.line()),
        None => format!("{}, n = {n}: every event of the search", step.name()),
    };
    let _ = writeln!(svg, "<text x=\"{LEFT}\" y=\"24\" style=\"font-weight:bold\">{}</text>", escape(&title));
    for row in 0..n {
        let _ = write!(svg, "<text x=\"{}\" y=\"{}\" class=\"dim\">{row}</text>", LEFT / 2 - 4, TOP + row * CELL + 25);
        for col in 0..n {
            let class = if (row + col) % 2 == 0 { "l" } else { "d" };
            let (x, y) = (LEFT + col * CELL, TOP + row * CELL);
            let _ = write!(svg, "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" class=\"{class}\"/>");
        }
        svg.push('\n');
    }
    for (index, body) in frames.iter().enumerate() {
        let delay = index as f64 * SECONDS;
        let _ = writeln!(svg, "<g class=\"f\" style=\"animation-delay:{delay}s\">{body}</g>");
    }
    svg.push_str("</svg>\n");
    svg
}

/// One frame's group: what changes from event to event.
fn frame(search: &Search, state: &State, event: Event, problem: Problem) -> String {
    let n = search.n();
    let mut body = String::new();
    let square = |body: &mut String, row: usize, col: usize, class: &str| {
        if col < n {
            let (x, y) = (LEFT + col * CELL, TOP + row * CELL);
            let _ = write!(body, "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" class=\"{class}\"/>");
        }
    };
    if let Some((row, col)) = state.tried {
        square(&mut body, row, col, "t");
    }
    let (row, col) = state.tried.unwrap_or((search.queens().len(), 0));
    let mut lines = vec![describe(&event, search, state)];
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
            lines.push(read_text(read, n, row, col));
        }
    }
    for (row, &col) in search.queens().iter().enumerate() {
        if col < n {
            let _ = write!(body, "<use xlink:href=\"#q\" x=\"{}\" y=\"{}\"/>", LEFT + col * CELL, TOP + row * CELL);
        } else {
            lines.push(format!("row {row}: the queen stands in column {col}, off the board"));
        }
    }
    if search.step() == Step::Bitmask {
        lines.extend(stack_lines(search));
    }
    if search.step() == Step::ThreeArrays {
        for (name, flags) in FLAG_NAMES.iter().zip(search.flags()) {
            let strip: String = flags.iter().map(|&taken| if taken { '1' } else { '0' }).collect();
            lines.push(format!("{name:<15}{strip}"));
        }
    }
    lines.push(String::new());
    let expected = n_queens_facts::oeis::A000170.get(n).copied().unwrap_or_default();
    lines.push(format!(
        "placed {} · {} {} · backtracks {} · solutions {} of {expected}",
        state.nodes,
        state.checks,
        search.step().unit(),
        state.backtracks,
        state.solutions
    ));
    let running = marker(problem, search.step(), &event)
        .and_then(|marker| source(problem, search.step()).lines().find(|line| line.contains(marker)));
    let x = LEFT + (n + 1) * CELL;
    for (index, line) in lines.iter().enumerate() {
        let _ = write!(
            body,
            "<text x=\"{x}\" y=\"{}\" xml:space=\"preserve\">{}</text>",
            TOP + 14 + index * 20,
            escape(line)
        );
    }
    if let Some(line) = running {
        let y = TOP + 14 + (lines.len() + 1) * 20;
        let _ = write!(
            body,
            "<text x=\"{x}\" y=\"{y}\" class=\"run\" xml:space=\"preserve\">▶ {}</text>",
            escape(line.trim())
        );
    }
    body
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
        Event::Done => "done: the search is over".to_string(),
    }
}

/// Text made safe for XML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
