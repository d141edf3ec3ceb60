//! The check panel: the reads in words, step 3's flags, step 4's call
//! stack. What does not fit is said, never cut: `+3 more above`.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use super::app::App;
use super::event::{Event, Line as Ray};
use super::search::Search;
use super::state::State;
use super::steps::{Call, Free, Panel};
use super::words::{Change, FLAG_NAMES, back_text, crash_text, flag_changes, read_text, refuses};
use super::wrap::wrap_prose;

/// A mask in binary, column 0 last, after a dot (a `+` when bits lie past the board).
pub fn binary(mask: u32, n: usize) -> String {
    let past = if mask >> n != 0 { '+' } else { '·' };
    let low: String = (0..n).rev().map(|bit| if mask >> bit & 1 == 1 { '1' } else { '0' }).collect();
    format!("{past}{low}")
}

/// Step 4's call stack as text: a header, then each call's own masks.
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

/// Columns of step 4's row, each with the index in [`Ray::ALL`] of the first
/// mask that blocks it, or `None` while it is free to try.
type Blocked = Vec<(usize, Option<usize>)>;

/// Step 4's innermost call, once its `free` is computed: its row, its
/// columns blocked or free, and the column `lowest` picked.
pub fn free_row(search: &Search, state: &State) -> Option<(usize, Blocked, Option<usize>)> {
    let Panel::Calls(calls) = search.checker().panel() else { return None };
    let (row, call) = (calls.len() - 1, calls[calls.len() - 1]);
    let Free::Left(free) = call.free else { return None };
    let marks = (0..search.n).filter_map(|col| {
        let bit = 1u32 << col;
        let blocked = [call.columns, call.diagonals, call.anti_diagonals].iter().position(|mask| mask & bit != 0);
        (blocked.is_some() || free & bit != 0).then_some((col, blocked))
    });
    let lowest = state.reads.iter().rev().find_map(|read| match *read {
        Event::Lowest { row: at, lowest } if at == row => Some(lowest.trailing_zeros() as usize),
        _ => None,
    });
    Some((row, marks.collect(), lowest))
}

/// The width a check panel showing `panel` needs for `n`, borders included.
pub fn check_width(n: usize, panel: Panel) -> usize {
    match panel {
        Panel::Calls(_) => 36.max(4 + 3 * (n + 2) + (n + 1).max(7) + 2),
        // Room for `set anti_diagonals[9 + 9 = 18] = true` on one row, and for
        // the strips: the names, two columns a flag, a bracket after the last.
        Panel::Flags { .. } => 40.max(NAME_WIDTH + 2 * (2 * n - 1) + 1 + 2),
        Panel::Reads(_) => 36,
    }
}

/// Draws what the step's check reads, under the board, whose border it shares.
pub fn draw_check(frame: &mut Frame, area: Rect, app: &App) {
    let lines = check_lines(app, usize::from(area.width.saturating_sub(2)), usize::from(area.height.saturating_sub(1)));
    let block = Block::new().borders(Borders::LEFT | Borders::RIGHT | Borders::BOTTOM);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

/// The panel's lines for an inside of `width` × `height`, long ones wrapped.
pub fn check_lines(app: &App, width: usize, height: usize) -> Vec<Line<'static>> {
    let search = &app.history.search;
    let state = &app.history.state;
    let n = search.n;
    let (row, col) = state.tried.unwrap_or((search.queens().len(), 0));
    let wrapped = |text: &str| wrap_prose(text, width).into_iter().map(Line::from).collect::<Vec<_>>();
    let last = state.last.unwrap_or(Event::Done);
    let mut foot: Vec<Line> = Vec::new();
    if let Some(crash) = state.crash {
        foot.extend(wrapped(&crash_text(crash, search, row, col)).into_iter().map(|line| line.red().bold()));
    }
    let read_lines = || -> Vec<Vec<Line<'static>>> {
        state.reads.iter().map(|read| wrapped(&read_text(read, search, row, col))).collect()
    };
    match search.checker().panel() {
        Panel::Reads(what) => {
            // A back checks nothing: it says what the search does next.
            let head = match last {
                Event::Back { row, col } => back_text(row, col, n),
                _ => format!("is_safe({row}, {col}) {what}"),
            };
            fit(wrapped(&head).into_iter().map(Stylize::dim).collect(), read_lines(), foot, height)
        }
        Panel::Flags { lines: flags, .. } => {
            // The reads of the square tried (red taken, blue free), until it is placed; a place or a back
            // says what it changes (green set or cleared, red left set by the mistake).
            let (body, marked): (Vec<Vec<Line>>, Vec<FlagMark>) = match last {
                Event::Place { .. } | Event::Back { .. } => {
                    let changes = flag_changes(&last, search);
                    let colour = |change| if change == Change::Kept { Color::Red } else { Color::Green };
                    (
                        changes.iter().map(|change| wrapped(&change.3)).collect(),
                        changes.iter().map(|&(line, index, change, _)| (line, index, colour(change))).collect(),
                    )
                }
                Event::Solution => (Vec::new(), Vec::new()),
                _ => {
                    let read = |read: &Event| match *read {
                        Event::Flag { line, index, .. } => {
                            Some((line, index, if refuses(read) { Color::Red } else { Color::Cyan }))
                        }
                        _ => None,
                    };
                    (read_lines(), state.reads.iter().filter_map(read).collect())
                }
            };
            let mut head = index_lines(2 * n - 1);
            for (kind, flags) in flags.iter().enumerate() {
                let mark = |index: usize| marked.iter().find(|mark| (mark.0, mark.1) == (Ray::ALL[kind], index));
                // Each flag after a space, a flag read or changed between brackets, in its colour.
                let mut spans = vec![Span::from(format!("{:<NAME_WIDTH$}", FLAG_NAMES[kind]))];
                for (index, &taken) in flags.iter().enumerate() {
                    spans.push(Span::from(bracket_before(index, |index| mark(index).is_some())));
                    let mut span = Span::from(if taken { "1" } else { "0" });
                    if let Some(&(_, _, colour)) = mark(index) {
                        span = span.bg(colour).fg(Color::Black);
                    }
                    spans.push(span);
                }
                if mark(flags.len() - 1).is_some() {
                    spans.push(Span::from("]"));
                }
                head.push(Line::from(spans));
            }
            let rows = head.len() + body.iter().map(Vec::len).sum::<usize>() + foot.len();
            if rows < height {
                head.push(Line::from(""));
            }
            fit(head, body, foot, height)
        }
        Panel::Calls(calls) => {
            let mut stack = stack_lines(calls, n).into_iter().map(Line::from);
            let mut head = vec![stack.next().unwrap_or_default().dim()];
            let mut body: Vec<Vec<Line>> = stack.map(|line| vec![line]).collect();
            if let Some(innermost) = body.last_mut() {
                innermost[0] = innermost[0].clone().yellow();
            }
            // The sub-step of the row just done; the stack above holds the rest.
            let step = state.reads.last().and_then(|read| match *read {
                Event::Masks { free, .. } => Some(("free = full & !(c | d | a)", free)),
                Event::Lowest { lowest, .. } => Some(("lowest = free & -free", lowest)),
                Event::Cleared { free, .. } => Some(("free &= free - 1", free)),
                _ => None,
            });
            if let Some((name, value)) = step {
                foot.insert(0, Line::from(format!("{name:<26} {}", binary(value, n))));
            }
            // The key, where the panel has room for it beside the whole stack.
            if 2 + body.len() + foot.len() <= height {
                head.insert(0, Line::from("bit 0 = column 0, the last digit").dim());
            }
            fit(head, body, foot, height)
        }
    }
}

/// A flag of step 3 read or changed: its array, its index, its colour.
type FlagMark = (Ray, usize, Color);

/// The column of step 3's array names: the longest, `anti_diagonals`, and a
/// space, that a bracket before a flag does not touch.
const NAME_WIDTH: usize = 15;

/// What stands before the flag at `index` in a strip: `[` before a flag
/// marked, `]` after one, else a space.
fn bracket_before(index: usize, marked: impl Fn(usize) -> bool) -> &'static str {
    match () {
        _ if marked(index) => "[",
        _ if index > 0 && marked(index - 1) => "]",
        _ => " ",
    }
}

/// The indices of `count` flags, two columns a flag as in the strips, the tens on a row above.
fn index_lines(count: usize) -> Vec<Line<'static>> {
    let digits = |digit: fn(usize) -> String| (0..count).map(|index| format!(" {}", digit(index))).collect::<String>();
    let mut lines = Vec::new();
    if count > 10 {
        let tens = digits(|index| if index >= 10 { (index / 10).to_string() } else { " ".into() });
        lines.push(Line::from(format!("{:<NAME_WIDTH$}{tens}", "")).dim());
    }
    lines.push(Line::from(format!("{:<NAME_WIDTH$}{}", "index", digits(|index| (index % 10).to_string()))).dim());
    lines
}

/// The lines of a panel `room` rows high: `head` and `foot` whole, and of
/// `body`'s items (each one row or more) as many of the last as fit, under
/// a row that says how many are left out above.
fn fit(
    head: Vec<Line<'static>>,
    body: Vec<Vec<Line<'static>>>,
    foot: Vec<Line<'static>>,
    room: usize,
) -> Vec<Line<'static>> {
    let left = room.saturating_sub(head.len() + foot.len());
    let mut lines = head;
    if body.iter().map(Vec::len).sum::<usize>() <= left {
        lines.extend(body.into_iter().flatten());
    } else {
        let (mut shown, mut rows) = (0, 1);
        for item in body.iter().rev() {
            if rows + item.len() > left {
                break;
            }
            (shown, rows) = (shown + 1, rows + item.len());
        }
        let hidden = body.len() - shown;
        lines.push(Line::styled(format!("+{hidden} more above"), Style::default().dim()));
        lines.extend(body.into_iter().skip(hidden).flatten());
    }
    lines.extend(foot);
    lines
}
