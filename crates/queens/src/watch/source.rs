//! The source pane: the step's own file, the line the last event runs
//! marked, every line wrapped at the pane's width, never cut.

use std::borrow::Cow;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph};

use n_queens_facts::chain::Step;

use super::app::App;
use super::mistakes::Mistake;
use crate::common::Problem;

/// The file shown: the step's own, from its problem's list of approaches,
/// with the mistake's code, if any, in place of the right code.
pub fn shown(problem: Problem, step: &Step, mistake: Option<Mistake>) -> Cow<'static, str> {
    let source = match problem {
        Problem::NQueens => n_queens::approach(step.name).map(|approach| approach.source),
        Problem::NQueensII => n_queens_count::approach(step.name).map(|approach| approach.source),
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

/// Prose in rows of at most `width` characters, between words (a word
/// longer than a row broken), the rows after the first indented by two.
pub fn wrap_prose(text: &str, width: usize) -> Vec<String> {
    let options = crate::common::wrapping(width).break_words(true).subsequent_indent("  ");
    textwrap::wrap(text, options).into_iter().map(Cow::into_owned).collect()
}

/// Code, in rows of at most `first` characters, then `rest`: at spaces (after
/// a comma, a colon or a `·`, or before `&&` and `||`, where one is near the
/// end), and inside a word too long for a row after a `.`, `(` or `[`; the rows
/// after the first indented by `indent` more than the line, at most a seventh
/// of the width. Not `textwrap`, which breaks code where it reads badly (docs/watch.md).
pub fn wrap(text: &str, first: usize, rest: usize, indent: usize) -> Vec<String> {
    let chars: Vec<char> = text.trim_end().chars().collect();
    let lead = chars.iter().take_while(|c| **c == ' ').count();
    let mut rows = Vec::new();
    let mut start = 0;
    loop {
        let (prefix, width) = if rows.is_empty() { (0, first) } else { ((lead + indent).min(rest / 7), rest) };
        let room = width.saturating_sub(prefix).max(8);
        if chars.len() - start <= room {
            rows.push(" ".repeat(prefix) + &chars[start..].iter().collect::<String>());
            return rows;
        }
        let space = |at: &usize| chars[*at] == ' ' && *at > lead;
        let good = |at: &usize| {
            let next: String = chars[at + 1..chars.len().min(at + 3)].iter().collect();
            matches!(chars[at - 1], ',' | ':' | '·') || next == "&&" || next == "||"
        };
        let last_space = (start + 1..=start + room).rfind(space);
        let last_good =
            (start + 1..=start + room).rfind(|at| space(at) && good(at)).filter(|&at| at - start >= room / 2);
        let inside = (start + 1..start + room).rfind(|&at| matches!(chars[at - 1], '.' | '(' | '['));
        let (end, skip) = match (last_good, last_space, inside) {
            (Some(at), _, _) | (None, Some(at), _) => (at, 1),
            (None, None, Some(at)) => (at, 0),
            (None, None, None) => (start + room, 0),
        };
        rows.push(" ".repeat(prefix) + &chars[start..end].iter().collect::<String>());
        start = end + skip;
    }
}

/// The columns before a line's text: its mark, its number, a space.
pub const GUTTER: usize = 5;

/// Draws the file shown, the running line marked `▶` and highlighted, the mistaken one in red.
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
    // A gutter, `▶` on the running line, then its number; a line's next rows use their columns too.
    for (number, line) in text.lines().enumerate() {
        let gutter = if Some(number) == running { '▶' } else { ' ' };
        for (index, row) in wrap(line, width.saturating_sub(GUTTER), width, 8).into_iter().enumerate() {
            rows.push((number, if index == 0 { format!("{gutter}{:>3} {row}", number + 1) } else { row }));
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
    let crate_name = if problem == Problem::NQueens { "n_queens" } else { "n_queens_ii" };
    let title = match mistake {
        Some(mistake) => format!(" {}.rs with mistake {} ", step.name, mistake.row().number),
        None => format!(" {crate_name}/src/{}.rs ", step.name),
    };
    frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(title)), area);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::watch::event::{Event, Line as Ray};
    use crate::watch::search::Search;
    use n_queens_facts::chain;

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
    fn a_queen_found_on_a_diagonal_runs_the_if_of_its_own_loop() {
        let step = chain::step("board_scan").expect("a step");
        for problem in [Problem::NQueens, Problem::NQueensII] {
            let text = shown(problem, step, None);
            let lines: Vec<&str> = text.lines().collect();
            let at = |piece: &str| lines.iter().position(|line| line.contains(piece)).expect("in the file");
            let (up_left, up_right, end) = (at("while r > 0 && c > 0"), at("while r > 0 && c + 1 < n"), at("    true"));
            let mut search = Search::new(6, step, None);
            let mut seen = [false; 2];
            for event in std::iter::from_fn(|| Some(search.next_event()).filter(|event| *event != Event::Done)) {
                let Event::Scan { line, queen, .. } = event else { continue };
                let running = marker(problem, step, None, &event).and_then(|m| m.find(&text)).expect("a line");
                let within = match line {
                    Ray::Column => continue,
                    Ray::Diagonal => up_left..up_right,
                    Ray::AntiDiagonal => up_right..end,
                };
                assert!(within.contains(&running), "{event:?}: line {} is in its loop", running + 1);
                if queen {
                    assert!(lines[running].contains("if board[r][c]"), "{event:?}: {}", lines[running]);
                    seen[usize::from(line == Ray::AntiDiagonal)] = true;
                } else {
                    assert!(lines[running].contains("while r > 0"), "{event:?}: {}", lines[running]);
                }
            }
            assert_eq!(seen, [true, true], "a queen is found on both rays");
        }
    }

    #[test]
    fn wrapping_keeps_every_character_and_the_width_and_code_reads_well() {
        let line =
            "        if !lines.columns[col] && !lines.diagonals[diagonal] && !lines.anti_diagonals[anti_diagonal] {";
        for width in [20, 30, 34, 42, 60, 200] {
            let rows = wrap(line, width, width, 4);
            assert!(rows.iter().all(|row| row.chars().count() <= width), "{width}: {rows:?}");
            let joined: String = rows.iter().flat_map(|row| row.split_whitespace()).collect();
            assert_eq!(joined, line.split_whitespace().collect::<String>(), "{width}");
            if (42..100).contains(&width) {
                assert!(rows[1..].iter().all(|row| row.starts_with(&" ".repeat(width / 7))), "{rows:?}");
                let words: Vec<&str> = rows.iter().flat_map(|row| row.split_whitespace()).collect();
                assert_eq!(words, line.split_whitespace().collect::<Vec<_>>(), "{width}: no word cut");
            }
        }
        assert_eq!(wrap(line, 50, 50, 4)[1].trim_start(), "&& !lines.diagonals[diagonal]", "broken before &&");
        // textwrap with the workspace's features, as the prose uses it, adds no hyphen but breaks
        // code where it reads badly.
        let textwrap = |text: &str, width: usize| -> Vec<String> {
            let options = crate::common::wrapping(width).break_words(true).subsequent_indent("    ");
            textwrap::wrap(text, options).into_iter().map(Cow::into_owned).collect()
        };
        let rows = textwrap(line, 50);
        let characters = |rows: &[String]| rows.concat().split_whitespace().collect::<String>();
        assert_eq!(characters(&rows), line.split_whitespace().collect::<String>(), "no hyphen added: {rows:?}");
        // The last space that fits: `&&` ends a row, where the next row should start with it.
        assert!(rows[0].ends_with("&&"), "{rows:?}");
        assert!(wrap(line, 50, 50, 4)[0].ends_with("[col]"), "{:?}", wrap(line, 50, 50, 4));
        // A word too long for a row is cut at the width, not after a `.`, `(` or `[`.
        let word = "!lines.anti_diagonals[anti_diagonal]";
        assert_eq!(textwrap(word, 30), ["!lines.anti_diagonals[anti", "    _diagonal]"]);
        assert_eq!(wrap(word, 30, 30, 4), ["!lines.anti_diagonals[", "    anti_diagonal]"]);
    }
}
