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
use super::words::WRONG_MARK;
use queens_common::Problem;

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
    let options = queens_common::wrapping(width).break_words(true).subsequent_indent("  ");
    textwrap::wrap(text, options).into_iter().map(Cow::into_owned).collect()
}

/// The binary operators a row of code never ends with: a row breaks before
/// one, so that it leads the next row together with its operand.
const OPERATORS: [&str; 18] =
    ["&&", "||", "&", "|", "^", "+", "-", "*", "/", "%", "<<", ">>", "==", "!=", "<", ">", "<=", ">="];

/// Code, in rows of at most `first` characters, then `rest`: at spaces
/// (after a comma, a colon or a `·`, else before a binary operator such as
/// `&&`, `||` or `|`, where one is near the end; never after an operator,
/// outside a `//` comment), and inside a word too long for a row after a `.`,
/// `(` or `[`; the rows after the first indented by `indent` more than the
/// line, at most a seventh of the width. Not `textwrap`, which breaks code
/// where it reads badly (docs/watch.md).
pub fn wrap(text: &str, first: usize, rest: usize, indent: usize) -> Vec<String> {
    wrap_rows(text, first, rest, indent, true)
}

/// The lines under the panels, in rows of `width`, the rows after the first
/// indented by two: as [`wrap`] breaks code, but with no word taken for an
/// operator (`row - col` is words there).
pub fn wrap_status(text: &str, width: usize) -> Vec<String> {
    wrap_rows(text, width, width, 2, false)
}

/// [`wrap`], and with `code` false, [`wrap_status`].
fn wrap_rows(text: &str, first: usize, rest: usize, indent: usize, code: bool) -> Vec<String> {
    let chars: Vec<char> = text.trim_end().chars().collect();
    let lead = chars.iter().take_while(|c| **c == ' ').count();
    // Where a `//` comment starts: prose from there on, whatever its words.
    let comment = match code {
        true => chars.windows(2).position(|pair| pair == ['/', '/']).unwrap_or(chars.len()),
        false => 0,
    };
    // Whether the word that ends just before the space at `at`, or the one that starts just after it, is an operator.
    let operator = |word: String| OPERATORS.contains(&word.as_str());
    let before = |at: usize| {
        let start = chars[..at].iter().rposition(|c| *c == ' ').map_or(0, |space| space + 1);
        at < comment && operator(chars[start..at].iter().collect())
    };
    let after = |at: usize| at < comment && operator(chars[at + 1..].iter().take_while(|c| **c != ' ').collect());
    let mut rows = Vec::new();
    let mut start = 0;
    loop {
        let (prefix, width) = if rows.is_empty() { (0, first) } else { ((lead + indent).min(rest / 7), rest) };
        let room = width.saturating_sub(prefix).max(8);
        if chars.len() - start <= room {
            rows.push(" ".repeat(prefix) + &chars[start..].iter().collect::<String>());
            return rows;
        }
        // A space in the row; a break just after an operator would leave it at the end of a row.
        let space = |at: &usize| chars[*at] == ' ' && *at > lead;
        let fair = |at: &usize| space(at) && !before(*at);
        let near_the_end = |at: &usize| at - start >= room / 2;
        let spaces = start + 1..=start + room;
        let after_a_comma = spaces.clone().rfind(|at| fair(at) && matches!(chars[at - 1], ',' | ':' | '·'));
        let before_an_operator = spaces.clone().rfind(|at| fair(at) && after(*at));
        let last_space = spaces.clone().rfind(fair);
        let inside = (start + 1..start + room).rfind(|&at| matches!(chars[at - 1], '.' | '(' | '['));
        // After an operator only when nothing else breaks the row, and never a row of the operator alone.
        let last_resort = spaces
            .clone()
            .rfind(|at| space(at) && chars[start..*at].iter().skip_while(|c| **c == ' ').any(|c| *c == ' '));
        let at_a_space = after_a_comma.filter(near_the_end).or(before_an_operator.filter(near_the_end)).or(last_space);
        let (end, skip) = match (at_a_space, inside, last_resort) {
            (Some(at), _, _) => (at, 1),
            (None, Some(at), _) => (at, 0),
            (None, None, Some(at)) => (at, 1),
            (None, None, None) => (start + room, 0),
        };
        rows.push(" ".repeat(prefix) + &chars[start..end].iter().collect::<String>());
        start = end + skip;
    }
}

/// The columns before a line's text: its mark, its number, a space.
pub const GUTTER: usize = 5;

/// Draws the file shown, the running line marked `▶` and highlighted, the
/// mistaken ones marked [`WRONG_MARK`] and in red.
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
        // A wrong line's mark: in place of its first space, or before it.
        let (wrong, indented) = (is_wrong(line), line.starts_with(' '));
        let first = width.saturating_sub(GUTTER + if wrong && !indented { 2 } else { 0 });
        let mut line_rows = wrap(line, first, width, 8);
        if wrong {
            line_rows[0] = match indented {
                true => format!("{WRONG_MARK}{}", &line_rows[0][1..]),
                false => format!("{WRONG_MARK} {}", line_rows[0]),
            };
        }
        for (index, row) in line_rows.into_iter().enumerate() {
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
    use crate::event::{Event, Line as Ray};
    use crate::search::Search;
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
    fn no_row_of_code_ends_with_an_operator_or_holds_one_alone() {
        let runs = chain::watched().map(|step| (step, None)).chain(Mistake::ALL.map(|m| (m.step(), Some(m))));
        for (step, mistake) in runs {
            for problem in [Problem::NQueens, Problem::NQueensII] {
                let text = shown(problem, step, mistake);
                // The source pane's inside at 80 columns and wider, its gutter on a line's first row.
                for width in 30..=80 {
                    for line in text.lines() {
                        let rows = wrap(line, width - GUTTER, width, 8);
                        let joined: String = rows.iter().flat_map(|row| row.split_whitespace()).collect();
                        assert_eq!(joined, line.split_whitespace().collect::<String>(), "{width}: {rows:?}");
                        // The code before a `//` comment, counted in characters other than spaces.
                        let code = line.find("//").map_or(line, |comment| &line[..comment]);
                        let code = code.split_whitespace().map(|word| word.chars().count()).sum::<usize>();
                        let mut through = 0;
                        for row in &rows {
                            through += row.split_whitespace().map(|word| word.chars().count()).sum::<usize>();
                            let last = row.split_whitespace().last().unwrap_or_default();
                            assert!(
                                !OPERATORS.contains(&last) || through > code || rows.len() == 1,
                                "{} {problem:?} {mistake:?} at {width}: {rows:?}",
                                step.name
                            );
                        }
                    }
                }
            }
        }
        // Three arrays' check at the width of the pane at 80×24: `&&` leads its row, with its operand.
        let line =
            "        if !lines.columns[col] && !lines.diagonals[diagonal] && !lines.anti_diagonals[anti_diagonal] {";
        let rows = wrap(line, 38 - GUTTER, 38, 8);
        assert_eq!(
            rows.iter().map(|row| row.trim()).collect::<Vec<_>>()[1..],
            ["&& !lines.diagonals[diagonal]", "&& !lines.anti_diagonals[", "anti_diagonal] {"]
        );
    }

    #[test]
    fn the_lines_under_the_panels_take_no_word_for_an_operator() {
        let text = "✗ mistake 6 diagonal-without-offset: row - col goes below zero right of the main diagonal";
        assert_eq!(
            wrap_status(text, 80),
            ["✗ mistake 6 diagonal-without-offset: row - col goes below zero right of the main", "  diagonal"]
        );
        // As code, the same words break before the `-`.
        assert_eq!(wrap(text, 80, 80, 2)[1].trim_start(), "- col goes below zero right of the main diagonal");
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
                // A word is cut only after a `.`, `(` or `[`, where its operator could not lead it whole.
                for pair in rows.windows(2) {
                    let tail = pair[0].split_whitespace().last().unwrap_or_default();
                    let head = pair[1].split_whitespace().next().unwrap_or_default();
                    let at_a_space = line.contains(&format!("{tail} {head}"));
                    let inside = tail.ends_with(['.', '(', '[']) && line.contains(&format!("{tail}{head}"));
                    assert!(at_a_space || inside, "{width}: {rows:?}");
                }
            }
        }
        assert_eq!(wrap(line, 50, 50, 4)[1].trim_start(), "&& !lines.diagonals[diagonal]", "broken before &&");
        // textwrap with the workspace's features, as the prose uses it, adds no hyphen but breaks
        // code where it reads badly.
        let textwrap = |text: &str, width: usize| -> Vec<String> {
            let options = queens_common::wrapping(width).break_words(true).subsequent_indent("    ");
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
