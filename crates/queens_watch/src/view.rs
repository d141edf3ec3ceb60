//! The drawing, with ratatui widgets: the board, the check panel, the source
//! pane, and under them the counters, the event in words and the keys.
//! Every mark has a symbol or words besides its colour; lines wrap, never cut.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Style, Stylize};
use ratatui::symbols::border;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use n_queens_steps::chain::{self, Step};

use super::app::App;
use super::check::{check_width, draw_check};
use super::mistakes::Mistake;
use super::source::draw_source;
use super::square::{Queen, Square};
use super::squares::squares;
use super::steps::{self, Panel};
use super::words::{FREE_MARK, WRONG_MARK, said};
use super::wrap::wrap_status;
use queens_cli::Problem;

/// The smallest terminal the view takes, whatever the n: the size it is documented at.
pub const SMALLEST: (u16, u16) = (80, 24);

/// The width and height the view needs for `n`, whatever the step: the
/// widest left panels and a source pane of 32 columns, at least [`SMALLEST`].
pub fn needed(n: usize) -> (u16, u16) {
    let left = chain::watched().map(|step| left_width(n, step, None)).max().unwrap_or(0);
    (SMALLEST.0.max(left + 32), SMALLEST.1.max(2 * n as u16 + 12 + u16::from(n > 10)))
}

/// The left panels' width: as wide as the board and the step's check panel need.
fn left_width(n: usize, step: &Step, mistake: Option<Mistake>) -> u16 {
    let off_board = if mistake == Some(Mistake::FullOneBit) { 16 } else { 0 };
    let board = 2 * n + 5 + off_board;
    (board.max(check_width(n, steps::checker(step.name, n, mistake).panel()))) as u16
}

/// Draws the whole view; without `colour` (`NO_COLOR`), with no colour at
/// all: its symbols and words say all of it (a test holds every frame to that).
pub fn draw(frame: &mut Frame, app: &App, problem: Problem, fps: Option<u32>, colour: bool) {
    draw_in_colour(frame, app, problem, fps);
    if !colour {
        // Not left to the terminal library, which, told to draw no colour, resets
        // the bold and the dim with it.
        for cell in &mut frame.buffer_mut().content {
            (cell.fg, cell.bg) = (Color::Reset, Color::Reset);
        }
    }
}

/// Draws the whole view, with its colours.
fn draw_in_colour(frame: &mut Frame, app: &App, problem: Problem, fps: Option<u32>) {
    let search = &app.history.search;
    let n = search.n;
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
    let foot = foot_lines(app, fps, usize::from(area.width));
    let [top, bottom] = Layout::vertical([Constraint::Min(0), Constraint::Length(foot.len() as u16)]).areas(area);
    let left_width = left_width(n, search.step, search.mistake);
    let [left, right] = Layout::horizontal([Constraint::Length(left_width), Constraint::Min(0)]).areas(top);
    let board_height = n as u16 + 3 + u16::from(n > 10);
    let [board, check] = Layout::vertical([Constraint::Length(board_height), Constraint::Min(0)]).areas(left);
    draw_board(frame, board, app);
    draw_check(frame, check, app);
    draw_source(frame, right, app, problem);
    frame.render_widget(Paragraph::new(foot), bottom);
}

/// How a square is drawn besides its symbol: a mark read or refusing, and
/// the square tried, behind a black symbol; a free square in green; a queen in bold.
fn square_style(square: Square) -> Style {
    let behind = |colour: Color| Style::default().bg(colour).fg(Color::Black);
    match square {
        Square::Empty | Square::Blocked(_) => Style::default(),
        Square::Tried => behind(Color::Yellow),
        Square::Read(_) => behind(Color::Cyan),
        Square::Free => Style::default().fg(Color::Green).bold(),
        Square::Queen(Queen::Still) => Style::default().bold(),
        Square::Queen(Queen::Placed) => behind(Color::Yellow).bold(),
        Square::Queen(Queen::Compared) => behind(Color::Cyan).bold(),
        Square::Queen(Queen::Refuses) => behind(Color::Red).bold(),
    }
}

/// The legend of a step's marks, from the kinds of squares its board shows:
/// each symbol, drawn as on the board, and its words; step 3's brackets are
/// around the flags in its panel.
fn legend(search: &super::search::Search) -> Vec<(String, Style, &'static str)> {
    let checker = search.checker();
    let mut legend: Vec<(String, Style, &'static str)> = checker
        .squares()
        .iter()
        .map(|&square| {
            let (symbol, words) = match square {
                Square::Read(_) => ("| \\ /".to_string(), "read"),
                Square::Blocked(_) => ("| \\ /".to_string(), "blocked"),
                Square::Tried if matches!(checker.panel(), Panel::Calls(_)) => ("?".to_string(), "lowest"),
                Square::Tried => ("?".to_string(), "tried"),
                Square::Free => (FREE_MARK.to_string(), "free"),
                Square::Queen(Queen::Placed) => ("+Q".to_string(), "placed"),
                Square::Queen(Queen::Compared) => ("✓Q".to_string(), "compared"),
                Square::Queen(Queen::Refuses) => ("!Q".to_string(), "refuses"),
                Square::Empty | Square::Queen(Queen::Still) => (square.symbol().trim().to_string(), ""),
            };
            (symbol, square_style(square), words)
        })
        .collect();
    if matches!(checker.panel(), Panel::Flags { .. }) {
        legend.push(("[1]".to_string(), Style::default(), "a flag read,"));
        legend.push(("   ".to_string(), Style::default(), "set or cleared"));
    }
    legend
}

fn draw_board(frame: &mut Frame, area: Rect, app: &App) {
    let search = &app.history.search;
    let n = search.n;
    let squares = squares(search, &app.history.state);
    // Columns 10 and up carry their tens digit on a line above.
    let mut lines = Vec::new();
    if n > 10 {
        let tens: String = (0..n).map(|c| if c >= 10 { format!("{:>2}", c / 10) } else { "  ".into() }).collect();
        lines.push(Line::from(format!("   {tens}")).dim());
    }
    let header: String = (0..n).map(|c| format!("{:>2}", c % 10)).collect();
    lines.push(Line::from(format!("   {header}")).dim());
    for (r, row) in squares.iter().enumerate() {
        let mut spans = vec![Span::from(format!("{r:>2} ")).dim()];
        // Two columns a square: a mark (a space, or what the last events did with a queen), then its symbol.
        spans.extend(row.iter().map(|&square| Span::styled(square.symbol(), square_style(square))));
        if search.queens().get(r).is_some_and(|&c| c >= n) {
            spans.push(Span::from(" Q off the board").red());
        }
        lines.push(Line::from(spans));
    }
    // What the marks mean, beside the board, where all of it fits (the rows
    // of the board are 3 + 2n wide, and two spaces part it from the legend).
    let legend = legend(search);
    let board_width = 3 + 2 * n;
    let room = usize::from(area.width.saturating_sub(2)).saturating_sub(board_width + 2);
    let fits = legend.len() <= lines.len()
        && legend.iter().all(|(symbol, _, words)| symbol.chars().count() + 1 + words.chars().count() <= room)
        && lines.iter().all(|line| line.width() <= board_width);
    if fits {
        for (line, (symbol, style, words)) in lines.iter_mut().zip(legend) {
            line.spans.push(Span::from(" ".repeat(board_width + 2 - line.width())));
            line.spans.push(Span::styled(symbol, style));
            line.spans.push(Span::from(format!(" {words}")).dim());
        }
    }
    let title = format!(" n = {n} · {} ", search.step.name);
    // The bottom border is the check panel's top, with its title.
    let joined = border::Set { bottom_left: "├", bottom_right: "┤", ..border::PLAIN };
    let block =
        Block::bordered().border_set(joined).title(title).title_bottom(format!(" what {} reads ", search.step.name));
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// The lines under the panels, wrapped to `width`: the counters, the event, the mistake, the keys.
fn foot_lines(app: &App, fps: Option<u32>, width: usize) -> Vec<Line<'static>> {
    let search = &app.history.search;
    let state = &app.history.state;
    let n = search.n;
    let expected = n_queens_steps::oeis::A000170.get(n).map_or("?".to_string(), u64::to_string);
    let status = match () {
        _ if app.jump.is_some() => "seeking",
        _ if app.history.done() => "done",
        _ if app.playing => "playing",
        _ => "paused",
    };
    let counters = format!(
        "placed {} · {} {} · backtracks {} · solutions {}/{expected} A000170",
        state.nodes,
        search.step.check_unit.unwrap_or("checks"),
        state.checks,
        state.backtracks,
        state.solutions,
    );
    let mut event = format!("event {}", state.events);
    if let Some(said) = state.last.map(|last| said(&last, state)).filter(|said| !said.is_empty()) {
        event += &format!(" · {said}");
    }
    event += &format!(" · {status} at {}/s", app.events_per_second());
    if let Some(fps) = fps {
        event += &format!(" · {fps} fps");
    }
    event += &format!(" · history {} KiB", app.history.bytes().div_ceil(1024));
    if let Some(note) = &app.note {
        event += &format!(" · {note}");
    }
    // Each key with what it does, as a newcomer reads it: two rows at 80 columns.
    let steps = chain::watched().count();
    let keys = format!(
        "space play/pause · ←→ one event · s next solution · b next backtrack · r next place/back · \
         +- faster/slower · g/e start/end · 1-{steps} approach · q quit"
    );
    let wrapped = |text: &str, style: Style| {
        wrap_status(text, width).into_iter().map(move |row| Line::styled(row, style)).collect::<Vec<_>>()
    };
    let mut lines = wrapped(&counters, Style::default());
    lines.extend(wrapped(&event, Style::default().bold()));
    if let Some(mistake) = search.mistake {
        let row = mistake.row();
        // Its mark, as on its lines in the source.
        let text = format!("{WRONG_MARK} mistake {} {}: {}", row.number, row.name, row.effect);
        lines.extend(wrapped(&text, Style::default().red()));
    }
    lines.extend(wrapped(&keys, Style::default().dim()));
    lines
}

#[cfg(test)]
#[path = "view_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "view_frame_tests.rs"]
mod frame_tests;
