//! The check panel: what the step's check reads, in words, step 3's flags
//! and step 4's call stack with each call's own masks.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::app::App;
use super::event::{Event, Line as Ray};
use super::mistakes::{Crash, Mistake};
use super::search::Search;
use super::source::wrap;
use super::steps::{Call, Free, Panel};

/// Step 3's arrays, in the order the check reads them.
pub const FLAG_NAMES: [&str; 3] = ["columns", "diagonals", "anti_diagonals"];

/// What the step's check reads, in words.
pub fn read_text(read: &Event, search: &Search, row: usize, col: usize) -> String {
    match *read {
        Event::Scan { line, row: r, col: c, queen } => {
            format!("{:<13} ({r}, {c}): {}", line.name(), if queen { "a queen: refused" } else { "empty" })
        }
        Event::Compare { queen_row, queen_col, distance, attacks } => format!(
            "queen ({queen_row}, {queen_col}): |{col}-{queen_col}| = {distance}, {row}-{queen_row} = {}{}",
            row - queen_row,
            match () {
                _ if queen_col == col => ": same column, refused",
                _ if attacks => ": refused",
                _ => "",
            }
        ),
        Event::Flag { line, index, taken } => {
            let offset = match search.checker().panel() {
                Panel::Flags { offset, .. } => offset,
                _ => None,
            };
            let formula = match line {
                Ray::Column => format!("columns[col = {col}]"),
                Ray::Diagonal => match offset {
                    Some(offset) => format!("diagonals[{row} - {col} + {offset} = {index}]"),
                    None => format!("diagonals[{row} - {col} = {index}]"),
                },
                Ray::AntiDiagonal => format!("anti_diagonals[{row} + {col} = {index}]"),
            };
            format!("{formula} = {taken}{}", if taken { ": refused" } else { "" })
        }
        Event::Crash(crash) => crash_text(crash, search, row, col),
        _ => String::new(),
    }
}

/// Where and how a mistake's run ends, in words.
pub fn crash_text(crash: Crash, search: &Search, row: usize, col: usize) -> String {
    let n = search.n();
    match crash {
        Crash::StackOverflow => {
            format!("crash: place_row is called for row {n}, past the board, and on without end: stack overflow")
        }
        Crash::SubtractOverflow => format!("panic at ({row}, {col}): {row} - {col}: {}", crash.message()),
        Crash::IndexOutOfBounds { .. } if search.mistake() == Some(Mistake::BaseCaseAfterTheLoop) => {
            format!("panic: board[{n}][0], row {n} of a board of {n} rows: {}", crash.message())
        }
        Crash::IndexOutOfBounds { .. } => format!("panic at ({row}, {col}): diagonals: {}", crash.message()),
    }
}

/// A mask in binary, column 0 last, after a dot (a `+` when bits lie past the board).
pub fn binary(mask: u32, n: usize) -> String {
    let past = if mask >> n != 0 { '+' } else { '·' };
    let low: String = (0..n).rev().map(|bit| if mask >> bit & 1 == 1 { '1' } else { '0' }).collect();
    format!("{past}{low}")
}

/// Step 4's call stack as text: a header, then one line per call with its
/// own masks `c` (columns), `d` (diagonals) and `a` (anti_diagonals).
pub fn stack_lines(calls: &[Call], n: usize) -> Vec<String> {
    let w = n + 2;
    let mut lines = vec![format!("{:<4}{:<w$}{:<w$}{:<w$}free", "row", "c", "d", "a")];
    for (row, call) in calls.iter().enumerate() {
        let masks = [call.columns, call.diagonals, call.anti_diagonals];
        let bits: String = masks.iter().map(|&mask| format!("{:<w$}", binary(mask, n))).collect();
        // A call's `free` is computed by its first event; a solution's never is.
        let free = match call.free {
            Free::Left(free) => binary(free, n),
            Free::Solved => "solved".to_string(),
            Free::NotYet => "not yet".to_string(),
        };
        lines.push(format!("{row:<4}{bits}{free}"));
    }
    lines
}

/// The width a check panel showing `panel` needs for `n`, borders included.
pub fn check_width(n: usize, panel: Panel) -> usize {
    match panel {
        Panel::Calls(_) => 36.max(4 + 3 * (n + 2) + (n + 1).max(7) + 2),
        Panel::Flags { .. } => 36.max(15 + 2 * n - 1 + 2),
        Panel::Reads(_) => 36,
    }
}

/// Draws what the step's check reads; lines too long for the panel wrap.
pub fn draw_check(frame: &mut Frame, area: Rect, app: &App) {
    let search = &app.history.search;
    let state = &app.history.state;
    let n = search.n();
    let (row, col) = state.tried.unwrap_or((search.queens().len(), 0));
    let width = usize::from(area.width.saturating_sub(2));
    let wrapped = |text: &str| wrap(text, width, 2).into_iter().map(Line::from).collect::<Vec<_>>();
    let mut lines: Vec<Line> = Vec::new();
    match search.checker().panel() {
        Panel::Reads(what) => {
            lines.extend(wrapped(&format!("is_safe({row}, {col}) {what}")).into_iter().map(Stylize::dim));
            let reads: Vec<Line> =
                state.reads.iter().flat_map(|read| wrapped(&read_text(read, search, row, col))).collect();
            let room = usize::from(area.height.saturating_sub(2)).saturating_sub(lines.len() + footer(search));
            lines.extend(reads.iter().skip(reads.len().saturating_sub(room)).cloned());
        }
        Panel::Flags { lines: flags, .. } => {
            let read: Vec<(Ray, usize)> = state
                .reads
                .iter()
                .filter_map(|read| match *read {
                    Event::Flag { line, index, .. } => Some((line, index)),
                    _ => None,
                })
                .collect();
            for (kind, flags) in flags.iter().enumerate() {
                let mut spans = vec![Span::from(format!("{:<15}", FLAG_NAMES[kind]))];
                for (index, &taken) in flags.iter().enumerate() {
                    let mut span = Span::from(if taken { "1" } else { "0" });
                    if read.contains(&(Ray::ALL[kind], index)) {
                        span = span.bg(if taken { Color::Red } else { Color::Cyan }).fg(Color::Black);
                    }
                    spans.push(span);
                }
                lines.push(Line::from(spans));
            }
            lines.push(Line::from(""));
            lines.extend(state.reads.iter().flat_map(|read| wrapped(&read_text(read, search, row, col))));
        }
        Panel::Calls(calls) => {
            // The key, where the panel has room for it beside the whole stack.
            let room = usize::from(area.height.saturating_sub(2));
            let crash = 3 * usize::from(state.crash.is_some());
            if room > calls.len() + 2 + footer(search) + crash {
                lines.push(Line::from("bit 0 = column 0, the last digit").dim());
            }
            let stack = stack_lines(calls, n);
            let last = stack.len() - 1;
            for (index, line) in stack.into_iter().enumerate() {
                lines.push(match index {
                    0 => Line::from(line).dim(),
                    _ if index == last => Line::from(line).yellow(),
                    _ => Line::from(line),
                });
            }
            // The sub-step of the row just done; the stack above holds the rest.
            if let Some(read) = state.reads.last() {
                let (name, value) = match *read {
                    Event::Masks { free, .. } => ("free = full & !(c | d | a)", free),
                    Event::Lowest { lowest, .. } => ("lowest = free & -free", lowest),
                    Event::Cleared { free, .. } => ("free &= free - 1", free),
                    _ => ("", 0),
                };
                lines.push(Line::from(format!("{name:<26} {}", binary(value, n))));
            }
        }
    }
    if let Some(crash) = state.crash {
        lines.extend(wrapped(&crash_text(crash, search, row, col)).into_iter().map(|line| line.red().bold()));
    }
    if let Some(mistake) = search.mistake() {
        let text = format!("mistake {} {}: {}", mistake.number(), mistake.name(), mistake.effect());
        lines.extend(wrapped(&text).into_iter().map(Stylize::red));
    }
    let title = format!(" what {} reads ", search.step().name);
    frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(title)), area);
}

/// Lines the panel keeps at its foot: the mistake's.
fn footer(search: &Search) -> usize {
    usize::from(search.mistake().is_some()) * 2
}
