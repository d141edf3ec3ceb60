//! The drawing: one frame of the watcher from its state, with ratatui
//! widgets. The board (queens, the square tried, what the check reads, why
//! a square is refused), the step's check panel, the step's real source
//! file with the running line highlighted, and the counters and keys.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use n_queens_facts::chain::{self, Step};

use super::app::App;
use super::check::{check_width, draw_check};
use super::event::Event;
use super::mistakes::Mistake;
use super::search::Search;
use super::source::draw_source;
use super::steps;
use crate::Problem;

/// The width and height the view needs for `n`, whatever the step: the
/// widest left panels, a source pane of 32 columns (its lines wrap).
pub fn needed(n: usize) -> (u16, u16) {
    let left = chain::watched().map(|step| left_width(n, step, None)).max().unwrap_or(0);
    (left + 32, 2 * n as u16 + 12 + u16::from(n > 10))
}

/// The left panels' width: as wide as the board and the step's check panel need.
fn left_width(n: usize, step: &Step, mistake: Option<Mistake>) -> u16 {
    let off_board = if mistake == Some(Mistake::FullOneBit) { 16 } else { 0 };
    let board = 2 * n + 5 + off_board;
    (board.max(check_width(n, steps::checker(step.name, n, mistake).panel()))) as u16
}

/// Draws the whole view.
pub fn draw(frame: &mut Frame, app: &App, problem: Problem, fps: Option<u32>) {
    let search = &app.history.search;
    let n = search.n();
    let area = frame.area();
    let (width, height) = needed(n);
    if area.width < width || area.height < height {
        let text = format!(
            "queens watch {n} needs a terminal of at least {width}x{height} (this one is {}x{}): make it larger, or q to quit",
            area.width, area.height
        );
        frame.render_widget(Paragraph::new(text).wrap(ratatui::widgets::Wrap { trim: true }), area);
        return;
    }
    let [top, bottom] = Layout::vertical([Constraint::Min(0), Constraint::Length(3)]).areas(area);
    let left_width = left_width(n, search.step(), search.mistake());
    let [left, right] = Layout::horizontal([Constraint::Length(left_width), Constraint::Min(0)]).areas(top);
    let board_height = n as u16 + 3 + u16::from(n > 10);
    let [board, check] = Layout::vertical([Constraint::Length(board_height), Constraint::Min(0)]).areas(left);
    draw_board(frame, board, app);
    draw_check(frame, check, app);
    draw_source(frame, right, app, problem);
    draw_counters(frame, bottom, app, fps);
}

/// The queen at row `r`, if one is placed there.
fn queen_at(search: &Search, r: usize, c: usize) -> bool {
    search.queens().get(r) == Some(&c)
}

fn draw_board(frame: &mut Frame, area: Rect, app: &App) {
    let search = &app.history.search;
    let state = &app.history.state;
    let n = search.n();
    let mut marks: Vec<(usize, usize, Color)> = Vec::new();
    for read in &state.reads {
        match *read {
            Event::Scan { row, col, queen, .. } => marks.push((row, col, if queen { Color::Red } else { Color::Cyan })),
            Event::Compare { queen_row, queen_col, attacks, .. } => {
                marks.push((queen_row, queen_col, if attacks { Color::Red } else { Color::Cyan }));
            }
            _ => {}
        }
    }
    if let Some((row, col)) = state.tried {
        marks.push((row, col, Color::Yellow));
    }
    let masks = state.reads.iter().find_map(|read| match *read {
        Event::Masks { row, columns, diagonals, anti_diagonals, .. } => Some((row, columns, diagonals, anti_diagonals)),
        _ => None,
    });
    let lowest = state.reads.iter().rev().find_map(|read| match *read {
        Event::Lowest { lowest, .. } => Some(lowest),
        _ => None,
    });
    // Columns 10 and up carry their tens digit on a line above.
    let mut lines = Vec::new();
    if n > 10 {
        let tens: String = (0..n).map(|c| if c >= 10 { format!("{:>2}", c / 10) } else { "  ".into() }).collect();
        lines.push(Line::from(format!("   {tens}")).dim());
    }
    let header: String = (0..n).map(|c| format!("{:>2}", c % 10)).collect();
    lines.push(Line::from(format!("   {header}")).dim());
    for r in 0..n {
        let mut spans = vec![Span::from(format!("{r:>2} ")).dim()];
        for c in 0..n {
            let mut text = if queen_at(search, r, c) { " Q" } else { " ·" };
            let mut style = Style::default();
            if let Some((row, columns, diagonals, anti_diagonals)) = masks.filter(|masks| masks.0 == r) {
                let bit = 1u32 << c;
                text = match () {
                    _ if queen_at(search, r, c) => " Q",
                    _ if columns & bit != 0 => " |",
                    _ if diagonals & bit != 0 => " \\",
                    _ if anti_diagonals & bit != 0 => " /",
                    _ => " ·",
                };
                if (columns | diagonals | anti_diagonals) & bit == 0 && row == r {
                    style = style.fg(Color::Green).bold();
                }
                if lowest == Some(bit) {
                    style = style.bg(Color::Yellow).fg(Color::Black);
                }
            }
            if let Some(&(_, _, color)) = marks.iter().rev().find(|mark| mark.0 == r && mark.1 == c) {
                style = style.bg(color).fg(Color::Black);
            }
            if queen_at(search, r, c) {
                style = style.bold();
            }
            spans.push(Span::styled(text, style));
        }
        if search.queens().get(r).is_some_and(|&c| c >= n) {
            spans.push(Span::from(" Q off the board").red());
        }
        lines.push(Line::from(spans));
    }
    let title = format!(" n = {n} · {} ", search.step().name);
    frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(title)), area);
}

fn draw_counters(frame: &mut Frame, area: Rect, app: &App, fps: Option<u32>) {
    let search = &app.history.search;
    let state = &app.history.state;
    let n = search.n();
    let expected = n_queens_facts::oeis::A000170.get(n).map_or("?".to_string(), u64::to_string);
    let status = match () {
        _ if app.jump.is_some() => "seeking",
        _ if app.history.done() => "done",
        _ if app.playing => "playing",
        _ => "paused",
    };
    let first = format!(
        "placed {} · {} {} · backtracks {} · solutions {}/{expected} A000170 · depth {}",
        state.nodes,
        search.step().check_unit.unwrap_or("checks"),
        state.checks,
        state.backtracks,
        state.solutions,
        search.queens().len(),
    );
    let mut second = format!("event {} · {status} at {}/s", state.events, app.events_per_second());
    if let Some(fps) = fps {
        second += &format!(" · {fps} fps");
    }
    second += &format!(" · history {} KiB", app.history.bytes().div_ceil(1024));
    if let Some(note) = &app.note {
        second += &format!(" · {note}");
    }
    let steps = chain::watched().count();
    let keys = format!("space play  ←→ event  s solution  b backtrack  r row  +- speed  1-{steps} step  q quit");
    let lines = vec![Line::from(first), Line::from(second).add_modifier(Modifier::BOLD), Line::from(keys).dim()];
    frame.render_widget(Paragraph::new(lines), area);
}

#[cfg(test)]
#[path = "view_tests.rs"]
mod tests;
