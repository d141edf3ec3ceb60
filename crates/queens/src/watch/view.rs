//! The drawing: one frame of the watcher from its state, with ratatui
//! widgets. The board (queens, the square tried, what the check reads, why
//! a square is refused), the step's check panel, the step's real source
//! file with the running line highlighted, and the counters and keys.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::events::{Event, Line as Ray, Search, Step};
use super::state::{App, mistake_name};
use crate::Problem;

/// The step's own file, as the crate has it.
pub fn source(problem: Problem, step: Step) -> &'static str {
    match (problem, step) {
        (Problem::NQueens, Step::BoardScan) => include_str!("../../../n_queens/src/board_scan.rs"),
        (Problem::NQueens, Step::ColumnAbs) => include_str!("../../../n_queens/src/column_abs.rs"),
        (Problem::NQueens, Step::ThreeArrays) => include_str!("../../../n_queens/src/three_arrays.rs"),
        (Problem::NQueens, Step::Bitmask) => include_str!("../../../n_queens/src/bitmask.rs"),
        (Problem::NQueensII, Step::BoardScan) => include_str!("../../../n_queens_ii/src/board_scan.rs"),
        (Problem::NQueensII, Step::ColumnAbs) => include_str!("../../../n_queens_ii/src/column_abs.rs"),
        (Problem::NQueensII, Step::ThreeArrays) => include_str!("../../../n_queens_ii/src/three_arrays.rs"),
        (Problem::NQueensII, Step::Bitmask) => include_str!("../../../n_queens_ii/src/bitmask.rs"),
    }
}

/// A piece of the line of `source` that `event` runs: found by search, so
/// the highlight follows edits of the file.
pub fn marker(problem: Problem, step: Step, event: &Event) -> Option<&'static str> {
    let ii = problem == Problem::NQueensII;
    Some(match (step, event) {
        (_, Event::Try { .. }) => "for col in 0..n",
        (_, Event::Scan { line: Ray::Column, .. }) => "board[..row].iter().any",
        (_, Event::Scan { line: Ray::Diagonal, .. }) => "while r > 0 && c > 0",
        (_, Event::Scan { line: Ray::AntiDiagonal, .. }) => "while r > 0 && c + 1 < n",
        (_, Event::Compare { .. }) => "queen_col != col && row - queen_row != col_distance",
        (_, Event::Flag { .. }) => "if !lines.columns[col] && !lines.diagonals",
        (_, Event::Masks { .. }) => "let mut free = full & !(columns | diagonals | anti_diagonals)",
        (_, Event::Lowest { .. }) => "let lowest = free & free.wrapping_neg()",
        (_, Event::Cleared { .. }) => "free &= free - 1",
        (Step::BoardScan, Event::Place { .. }) if ii => "board[row][col] = true",
        (Step::BoardScan, Event::Place { .. }) => "board[row][col] = b'Q'",
        (Step::ColumnAbs, Event::Place { .. }) => "queens.push(col)",
        (Step::ThreeArrays, Event::Place { .. }) => "lines.set(col, diagonal, anti_diagonal, true)",
        (Step::Bitmask, Event::Place { .. }) => "place_row(full, columns | lowest",
        (Step::BoardScan, Event::Back { .. }) => "// take the queen back",
        (Step::ColumnAbs, Event::Back { .. }) => "queens.pop()",
        (Step::ThreeArrays, Event::Back { .. }) => "lines.set(col, diagonal, anti_diagonal, false)",
        (Step::Bitmask, Event::Back { .. }) => "while free != 0",
        (Step::ColumnAbs, Event::Solution) if ii => "if queens.len() == n",
        (Step::Bitmask, Event::Solution) => "if columns == full",
        (_, Event::Solution) => "if row == n",
        (_, Event::Done) => return None,
    })
}

/// Step 3's arrays, in the order the check reads them.
pub(super) const FLAG_NAMES: [&str; 3] = ["columns", "diagonals", "anti_diagonals"];

/// The width and height the view needs for `n`.
pub fn needed(n: usize) -> (u16, u16) {
    let left = left_width(n);
    (left + 32, 2 * n as u16 + 12)
}

fn left_width(n: usize) -> u16 {
    (4 * n as u16 + 20).max(48)
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
    let [left, right] = Layout::horizontal([Constraint::Length(left_width(n)), Constraint::Min(0)]).areas(top);
    let [board, check] = Layout::vertical([Constraint::Length(n as u16 + 3), Constraint::Min(0)]).areas(left);
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
    let header: String = (0..n).map(|c| format!("{:>2}", c % 10)).collect();
    let mut lines = vec![Line::from(format!("   {header}")).dim()];
    for r in 0..n {
        let mut spans = vec![Span::from(format!("{r:>2} ")).dim()];
        for c in 0..n {
            let mut text = if queen_at(search, r, c) { " Q" } else { " ·" };
            let mut style = Style::default();
            if let Some((row, columns, diagonals, anti_diagonals)) = masks.filter(|masks| masks.0 == r) {
                let bit = 1u32 << c;
                text = match () {
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
    let title = format!(" n = {n} · {} ", search.step().name());
    frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(title)), area);
}

/// What the step's check reads, in words.
pub(super) fn read_text(read: &Event, n: usize, row: usize, col: usize) -> String {
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
            let formula = match line {
                Ray::Column => format!("columns[col = {col}]"),
                Ray::Diagonal => format!("diagonals[{row} - {col} + {} = {index}]", n - 1),
                Ray::AntiDiagonal => format!("anti_diagonals[{row} + {col} = {index}]"),
            };
            format!("{formula} = {taken}{}", if taken { ": refused" } else { "" })
        }
        _ => String::new(),
    }
}

/// A mask in binary, column 0 last, after a dot (a `+` when bits lie past the board).
pub(super) fn binary(mask: u32, n: usize) -> String {
    let past = if mask >> n != 0 { '+' } else { '·' };
    let low: String = (0..n).rev().map(|bit| if mask >> bit & 1 == 1 { '1' } else { '0' }).collect();
    format!("{past}{low}")
}

/// Step 4's call stack as text: a header, then one line per call with its own masks.
pub(super) fn stack_lines(search: &Search) -> Vec<String> {
    let n = search.n();
    let w = (n + 2).max(10);
    let mut lines = vec![format!("{:<5}{:<w$}{:<w$}{:<w$}free", "row", "columns", "diagonals", "anti_diag")];
    for call in search.frames() {
        let masks = [call.columns, call.diagonals, call.anti_diagonals, call.free];
        let bits: String = masks.iter().map(|&mask| format!("{:<w$}", binary(mask, n))).collect();
        lines.push(format!("{:<5}{}", call.row, bits.trim_end()));
    }
    lines
}

fn draw_check(frame: &mut Frame, area: Rect, app: &App) {
    let search = &app.history.search;
    let state = &app.history.state;
    let n = search.n();
    let (row, col) = state.tried.unwrap_or((search.queens().len(), 0));
    let mut lines: Vec<Line> = Vec::new();
    match search.step() {
        Step::BoardScan | Step::ColumnAbs => {
            let what = if search.step() == Step::BoardScan {
                "scans up the column, then up-left, then up-right"
            } else {
                "compares with each queen above"
            };
            lines.push(Line::from(format!("is_safe({row}, {col}) {what}")).dim());
            let room = usize::from(area.height.saturating_sub(3));
            let skip = state.reads.len().saturating_sub(room);
            lines.extend(state.reads.iter().skip(skip).map(|read| Line::from(read_text(read, n, row, col))));
        }
        Step::ThreeArrays => {
            let read: Vec<(Ray, usize)> = state
                .reads
                .iter()
                .filter_map(|read| match *read {
                    Event::Flag { line, index, .. } => Some((line, index)),
                    _ => None,
                })
                .collect();
            let lines_of = [Ray::Column, Ray::Diagonal, Ray::AntiDiagonal];
            for (kind, flags) in search.flags().iter().enumerate() {
                let mut spans = vec![Span::from(format!("{:<15}", FLAG_NAMES[kind]))];
                for (index, &taken) in flags.iter().enumerate() {
                    let mut span = Span::from(if taken { "1" } else { "0" });
                    if read.contains(&(lines_of[kind], index)) {
                        span = span.bg(if taken { Color::Red } else { Color::Cyan }).fg(Color::Black);
                    }
                    spans.push(span);
                }
                lines.push(Line::from(spans));
            }
            lines.push(Line::from(""));
            lines.extend(state.reads.iter().map(|read| Line::from(read_text(read, n, row, col))));
        }
        Step::Bitmask => {
            lines.push(Line::from("bit c = column c: column 0 is the last digit").dim());
            let stack = stack_lines(search);
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
                lines.push(Line::from(format!("{name:<27}{}", binary(value, n))));
            }
        }
    }
    if let Some(mistake) = search.mistake() {
        lines.push(Line::from(format!("mistake {}: {}", mistake_name(mistake), mistake.line())).red());
    }
    let title = format!(" what {} reads ", search.step().name());
    frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(title)), area);
}

fn draw_source(frame: &mut Frame, area: Rect, app: &App, problem: Problem) {
    let step = app.history.search.step();
    let text = source(problem, step);
    let running = app
        .history
        .state
        .last
        .and_then(|event| marker(problem, step, &event))
        .and_then(|marker| text.lines().position(|line| line.contains(marker)));
    let height = usize::from(area.height.saturating_sub(2));
    let total = text.lines().count();
    let centre = running.unwrap_or_else(|| text.lines().position(|line| line.contains("fn place_row")).unwrap_or(0));
    let first = centre.saturating_sub(height / 2).min(total.saturating_sub(height));
    let lines: Vec<Line> = text
        .lines()
        .enumerate()
        .skip(first)
        .take(height)
        .map(|(number, line)| {
            let line = Line::from(format!("{:>3} {line}", number + 1));
            if Some(number) == running { line.black().on_yellow() } else { line }
        })
        .collect();
    let crate_name = if problem == Problem::NQueens { "n_queens" } else { "n_queens_ii" };
    let title = format!(" {crate_name}/src/{}.rs ", step.name());
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
        search.step().unit(),
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
    let keys = "space play  ←/→ event  s solution  b back  r row  +/- speed  1-4 step  q quit";
    let lines = vec![Line::from(first), Line::from(second).add_modifier(Modifier::BOLD), Line::from(keys).dim()];
    frame.render_widget(Paragraph::new(lines), area);
}

#[cfg(test)]
mod tests {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use super::*;

    #[test]
    fn every_marker_is_on_exactly_one_line() {
        let events = [
            Event::Try { row: 0, col: 0 },
            Event::Scan { line: Ray::Column, row: 0, col: 0, queen: false },
            Event::Scan { line: Ray::Diagonal, row: 0, col: 0, queen: false },
            Event::Scan { line: Ray::AntiDiagonal, row: 0, col: 0, queen: false },
            Event::Compare { queen_row: 0, queen_col: 0, distance: 0, attacks: false },
            Event::Flag { line: Ray::Column, index: 0, taken: false },
            Event::Masks { row: 0, columns: 0, diagonals: 0, anti_diagonals: 0, free: 0 },
            Event::Lowest { row: 0, lowest: 1 },
            Event::Cleared { row: 0, free: 0 },
            Event::Place { row: 0, col: 0 },
            Event::Back { row: 0, col: 0 },
            Event::Solution,
        ];
        for problem in [Problem::NQueens, Problem::NQueensII] {
            for step in Step::ALL {
                let text = source(problem, step);
                let mut search = Search::new(6, step, None);
                let mut seen = Vec::new();
                loop {
                    let event = search.next_event();
                    if event == Event::Done {
                        break;
                    }
                    if !seen.iter().any(|kind| std::mem::discriminant(kind) == std::mem::discriminant(&event)) {
                        seen.push(event);
                    }
                }
                for event in events.iter().filter(|event| seen.contains(event) || step_has(step, event)) {
                    let marker = marker(problem, step, event).expect("a marker");
                    let found = text.lines().filter(|line| line.contains(marker)).count();
                    assert_eq!(found, 1, "{marker:?} in {problem:?} {step:?}");
                }
            }
        }
    }

    /// Whether `step` reports events of `event`'s kind.
    fn step_has(step: Step, event: &Event) -> bool {
        match event {
            Event::Scan { .. } => step == Step::BoardScan,
            Event::Compare { .. } => step == Step::ColumnAbs,
            Event::Flag { .. } => step == Step::ThreeArrays,
            Event::Masks { .. } | Event::Lowest { .. } | Event::Cleared { .. } => step == Step::Bitmask,
            Event::Try { .. } => step != Step::Bitmask,
            _ => true,
        }
    }

    /// The screen as text, and the rows drawn on a yellow background.
    fn screen_and_highlights(app: &App, width: u16, height: u16) -> (String, Vec<usize>) {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
        terminal.draw(|frame| draw(frame, app, Problem::NQueensII, None)).expect("drawn");
        let buffer = terminal.backend().buffer();
        let text =
            (0..height).map(|y| (0..width).map(|x| buffer[(x, y)].symbol()).collect::<String>() + "\n").collect();
        let yellow = (0..height).filter(|&y| (0..width).filter(|&x| buffer[(x, y)].bg == Color::Yellow).count() > 20);
        (text, yellow.map(usize::from).collect())
    }

    fn screen(app: &App, width: u16, height: u16) -> String {
        screen_and_highlights(app, width, height).0
    }

    #[test]
    fn each_step_draws_its_check_at_a_known_event() {
        let expected = [
            (Step::BoardScan, "anti_diagonal (0, 3): a queen: refused", "while r > 0 && c + 1 < n"),
            (Step::ColumnAbs, "queen (0, 3): |2-3| = 1, 1-0 = 1: refused", "queen_col != col"),
            (Step::ThreeArrays, "anti_diagonals[1 + 2 = 3] = true: refused", "if !lines.columns[col]"),
            (Step::Bitmask, "lowest = free & -free", "let lowest = free & free.wrapping_neg()"),
        ];
        for (step, read, running) in expected {
            let mut app = App::new(4, step, None);
            // Row 0's queen at column 3 is the fourth first-row square; the
            // search is at row 1, column 2 checking it.
            let stop = |app: &App| match step {
                Step::Bitmask => {
                    app.history.search.queens() == [1] && matches!(app.history.state.last, Some(Event::Lowest { .. }))
                }
                _ => {
                    app.history.search.queens() == [3]
                        && app.history.state.tried == Some((1, 2))
                        && app
                            .history
                            .state
                            .reads
                            .last()
                            .is_some_and(|read| read_text(read, 4, 1, 2).contains("refused"))
                }
            };
            while !stop(&app) {
                assert!(app.history.forward(), "{step:?} reaches the moment");
            }
            let (text, highlighted) = screen_and_highlights(&app, 110, 30);
            assert!(text.contains(read), "{step:?}:\n{text}");
            let running_row = text.lines().position(|line| line.contains(running)).expect("the running line is shown");
            assert_eq!(highlighted, [running_row], "{step:?}: only the running line is highlighted\n{text}");
            assert!(text.contains(step.name()));
        }
    }

    #[test]
    fn a_small_terminal_says_how_large_it_must_be() {
        let app = App::new(8, Step::Bitmask, None);
        let (width, height) = needed(8);
        let text = screen(&app, 60, 20);
        assert!(text.contains(&format!("at least {width}x{height}")), "{text}");
    }
}
