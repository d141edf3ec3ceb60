//! The source pane: the step's own file, the line the last event runs
//! marked, every line wrapped at the pane's width, never cut.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

use n_queens_steps::chain::Step;

use super::app::App;
use super::mistakes::Mistake;
use super::words::WRONG_MARK;
use super::wrap::{string_starts, wrap_code};
use queens_cli::Problem;

/// The file shown: the step's own, from its problem's list of approaches,
/// with the mistake's code, if any, in place of the right code.
pub fn shown(problem: Problem, step: &Step, mistake: Option<Mistake>) -> Cow<'static, str> {
    let source = match problem {
        Problem::NQueens => n_queens::approach(step.name).map(|approach| approach.source),
        Problem::NQueensII => n_queens_ii::approach(step.name).map(|approach| approach.source),
    };
    let source = source.expect("every watched step is an approach of both problems");
    mistake.map_or(Cow::Borrowed(source), |mistake| Cow::Owned(mistake.row().in_place_of(source)))
}

/// Where the line of the file shown that `event` runs is, as the step's checker says.
#[cfg(test)]
pub fn marker(
    problem: Problem,
    step: &Step,
    mistake: Option<Mistake>,
    event: &super::event::Event,
) -> Option<super::steps::Marker> {
    super::steps::checker(step.name, 0, mistake).line(event, problem)
}

/// The columns before a line's text: its mark, its number, a space.
pub const GUTTER: usize = 5;

/// Draws the file shown, the running line marked `▶` and highlighted, the
/// mistaken ones marked [`WRONG_MARK`] and in red: each mark on every row
/// of its line, so that a wrapped line keeps it without colour.
pub fn draw_source(frame: &mut Frame, area: Rect, app: &App, problem: Problem) {
    let search = &app.history.search;
    let (step, mistake) = (search.step, search.mistake);
    let text = shown(problem, step, mistake);
    let marker = app.history.state.running().and_then(|event| search.checker().line(&event, problem));
    let running = marker.and_then(|marker| marker.find(&text));
    let wrong = mistake.map(|mistake| mistake.row().line);
    let is_wrong = |line: &str| wrong.is_some_and(|wrong| line.contains(wrong));
    let width = usize::from(area.width.saturating_sub(2));
    let height = usize::from(area.height.saturating_sub(2));
    let mut rows: Vec<(usize, String)> = Vec::new();
    for (number, line_rows) in file_rows(problem, step, mistake, width).iter().enumerate() {
        for row in line_rows {
            // The running line's mark, in the gutter of each of its rows.
            let row = match Some(number) == running {
                true => row.replacen(' ', "▶", 1),
                false => row.clone(),
            };
            rows.push((number, row));
        }
    }
    let at_start =
        text.lines().position(is_wrong).or_else(|| text.lines().position(|line| line.contains("fn place_row")));
    let centre_line = running.or(at_start).unwrap_or(0);
    let centre = rows.iter().position(|row| row.0 == centre_line).unwrap_or(0);
    let first = centre.saturating_sub(height / 2).min(rows.len().saturating_sub(height));
    let source_lines: Vec<&str> = text.lines().collect();
    let lines: Vec<Line> = rows
        .into_iter()
        .skip(first)
        .take(height)
        .map(|(number, row)| match () {
            _ if Some(number) == running => Line::from(row).black().on_yellow(),
            _ if is_wrong(source_lines[number]) => Line::from(row).red().bold(),
            _ => Line::from(row),
        })
        .collect();
    let block = Block::bordered().title(title(problem, step, mistake, width));
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

thread_local! {
    /// The rows of each file shown at each width, wrapped once: the view draws them again every frame.
    static WRAPPED: RefCell<HashMap<Wrapped, Rc<Vec<Vec<String>>>>> = RefCell::default();
}

/// A file shown, by its problem, its step's name and its mistake's, at a width.
type Wrapped = (Problem, &'static str, Option<&'static str>, usize);

/// The rows of each line of the file shown at `width`, as [`line_rows`]
/// draws them, none of them running.
fn file_rows(problem: Problem, step: &Step, mistake: Option<Mistake>, width: usize) -> Rc<Vec<Vec<String>>> {
    let key = (problem, step.name, mistake.map(|mistake| mistake.row().name), width);
    if let Some(rows) = WRAPPED.with_borrow(|wrapped| wrapped.get(&key).cloned()) {
        return rows;
    }
    let text = shown(problem, step, mistake);
    let wrong = mistake.map(|mistake| mistake.row().line);
    let lines = text.lines().enumerate().zip(string_starts(&text));
    let rows: Vec<Vec<String>> = lines
        .map(|((number, line), in_string)| {
            let is_wrong = wrong.is_some_and(|wrong| line.contains(wrong));
            line_rows(line, in_string, number, false, is_wrong, width)
        })
        .collect();
    let rows = Rc::new(rows);
    WRAPPED.with_borrow_mut(|wrapped| wrapped.insert(key, rows.clone()));
    rows
}

/// The rows the line of index `number` takes in a pane `width` wide (`in_string`: it starts
/// inside a string literal): a gutter, `▶` if it is `running`, then its number; and if it is
/// `wrong`, [`WRONG_MARK`] in place of its first space, or before it. The rows after the first
/// carry the same marks.
pub fn line_rows(line: &str, in_string: bool, number: usize, running: bool, wrong: bool, width: usize) -> Vec<String> {
    let gutter = if running { '▶' } else { ' ' };
    // Room for the wrong line's mark and its space, which take the place of the indent's first when there is one.
    let first = width.saturating_sub(GUTTER + if wrong { 2 } else { 0 });
    let mut rows = wrap_code(line, in_string, first, width, 8);
    if wrong {
        rows[0] = match rows[0].strip_prefix(' ') {
            Some(rest) => format!("{WRONG_MARK}{rest}"),
            None => format!("{WRONG_MARK} {}", rows[0]),
        };
    }
    rows.into_iter()
        .enumerate()
        .map(|(index, row)| match index {
            0 => format!("{gutter}{:>3} {row}", number + 1),
            _ => marked(&row, gutter, wrong),
        })
        .collect()
}

/// A row after a line's first, with the line's marks in its indent: `▶` in
/// the gutter's column, [`WRONG_MARK`] two columns on.
fn marked(row: &str, gutter: char, wrong: bool) -> String {
    let wrong = if wrong { WRONG_MARK } else { " " };
    let marks = format!("{gutter} {wrong} ");
    match row.strip_prefix("    ") {
        Some(rest) => marks + rest,
        // Narrower than any pane the view draws: the marks before the row.
        None => marks + row,
    }
}

/// The source pane's title, whole within `width`: the file's path in its
/// crate, or where that does not fit, its name and its problem.
pub fn title(problem: Problem, step: &Step, mistake: Option<Mistake>, width: usize) -> String {
    let file = format!("{}.rs", step.name);
    let (crate_name, number) = match problem {
        Problem::NQueens => ("n_queens", 51),
        Problem::NQueensII => ("n_queens_ii", 52),
    };
    let titles = match mistake {
        Some(mistake) => {
            let mistake = mistake.row().number;
            [format!(" {file} with mistake {mistake} "), format!(" {file}, mistake {mistake} ")]
        }
        None => [format!(" {crate_name}/src/{file} "), format!(" {file}, LeetCode {number} ")],
    };
    titles.into_iter().find(|title| title.chars().count() <= width).unwrap_or(format!(" {file} "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Event, Line as Ray};
    use crate::search::Search;
    use n_queens_steps::chain;

    #[test]
    fn every_event_runs_exactly_one_line_of_the_file_shown() {
        let runs = chain::watched().map(|step| (step, None)).chain(Mistake::ALL.map(|m| (m.step(), Some(m))));
        for (step, mistake) in runs {
            for problem in [Problem::NQueens, Problem::NQueensII] {
                if mistake.is_some() && problem == Problem::NQueens {
                    continue; // refused: the mistakes are written for 52
                }
                let text = shown(problem, step, mistake);
                let mut search = Search::new(if mistake.is_some() { 4 } else { 6 }, step, mistake);
                for event in std::iter::from_fn(|| Some(search.next_event()).filter(|event| *event != Event::Done)) {
                    let marker = marker(problem, step, mistake, &event);
                    let marker = marker.unwrap_or_else(|| panic!("{event:?} of {} {mistake:?} has a line", step.name));
                    // A piece of text on one line only, or found after one that is.
                    let unique = if marker.after.is_empty() { marker.text } else { marker.after };
                    let found = text.lines().filter(|line| line.contains(unique)).count();
                    assert_eq!(found, 1, "{marker:?} in {problem:?} {} {mistake:?}", step.name);
                    assert!(marker.find(&text).is_some(), "{marker:?} in {problem:?} {} {mistake:?}", step.name);
                }
            }
        }
    }

    #[test]
    fn each_square_read_runs_the_line_that_reads_it() {
        let step = chain::step("board_scan").expect("a step");
        for problem in [Problem::NQueens, Problem::NQueensII] {
            let text = shown(problem, step, None);
            let lines: Vec<&str> = text.lines().collect();
            let at = |piece: &str| lines.iter().position(|line| line.contains(piece)).expect("in the file");
            let (up_left, up_right, end) = (at("while r > 0 && c > 0"), at("while r > 0 && c + 1 < n"), at("    true"));
            let mut search = Search::new(6, step, None);
            let mut seen = [[false; 2]; 3];
            for event in std::iter::from_fn(|| Some(search.next_event()).filter(|event| *event != Event::Done)) {
                let Event::Scan { line, queen, .. } = event else { continue };
                let running = marker(problem, step, None, &event).and_then(|m| m.find(&text)).expect("a line");
                // The column in one expression; a diagonal's square by the `if` of its own loop, empty or not.
                let (within, reads) = match line {
                    Ray::Column => (at("fn is_safe")..up_left, "board[..row]"),
                    Ray::Diagonal => (up_left..up_right, "if board[r][c]"),
                    Ray::AntiDiagonal => (up_right..end, "if board[r][c]"),
                };
                assert!(within.contains(&running), "{event:?}: line {} is in its loop", running + 1);
                assert!(lines[running].contains(reads), "{event:?}: {}", lines[running]);
                seen[line as usize][usize::from(queen)] = true;
            }
            assert_eq!(seen, [[true; 2]; 3], "each ray reads an empty square and a queen");
        }
    }
}
