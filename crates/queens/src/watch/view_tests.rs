//! The view drawn on ratatui's test backend, read back as text and colours.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::{Buffer, Cell};

use super::*;
use crate::watch::check::read_text;
use crate::watch::event::Line as Ray;
use crate::watch::source::{marker, shown};

/// A step of the chain, by name.
fn step(name: &str) -> &'static Step {
    chain::step(name).expect("a step of the chain")
}

fn buffer(app: &App, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal.draw(|frame| draw(frame, app, Problem::NQueensII, None)).expect("drawn");
    terminal.backend().buffer().clone()
}

fn row_text(buffer: &Buffer, y: u16, xs: std::ops::Range<u16>) -> String {
    xs.map(|x| buffer[(x, y)].symbol()).collect()
}

/// The screen as text, and the rows drawn on a yellow background.
fn screen_and_highlights(app: &App, width: u16, height: u16) -> (String, Vec<usize>) {
    let buffer = buffer(app, width, height);
    let text = (0..height).map(|y| row_text(&buffer, y, 0..width) + "\n").collect();
    let yellow = (0..height).filter(|&y| (0..width).filter(|&x| buffer[(x, y)].bg == Color::Yellow).count() > 20);
    (text, yellow.map(usize::from).collect())
}

fn screen(app: &App, width: u16, height: u16) -> String {
    screen_and_highlights(app, width, height).0
}

/// Spaces collapsed.
fn squeezed(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The source pane's rows whose cells `pick`, joined, without line numbers or borders.
fn source_rows(app: &App, width: u16, height: u16, pick: impl Fn(&Cell) -> bool) -> String {
    let buffer = buffer(app, width, height);
    let search = &app.history.search;
    let left = left_width(search.n(), search.step(), search.mistake());
    let picked = |y: u16| (left + 1..width - 1).any(|x| pick(&buffer[(x, y)]) && buffer[(x, y)].symbol() != " ");
    let text = |y: u16| {
        let row = row_text(&buffer, y, left + 1..width - 1);
        let numbered = row.get(..3).is_some_and(|number| number.trim().parse::<usize>().is_ok());
        if numbered { row.chars().skip(4).collect() } else { row }
    };
    squeezed(&(0..height).filter(|&y| picked(y)).map(text).collect::<Vec<_>>().join(" "))
}

/// Plays `app` until `stop` holds.
fn play_until(app: &mut App, stop: impl Fn(&App) -> bool) {
    while !stop(app) {
        assert!(app.history.forward(), "the moment comes before the end");
    }
}

#[test]
fn each_step_draws_its_check_at_a_known_event() {
    let expected = [
        (step("board_scan"), "anti_diagonal (0, 3): a queen: refused", "if board[r][c]"),
        (step("column_abs"), "queen (0, 3): |2-3| = 1, 1-0 = 1: refused", "queen_col != col"),
        (step("three_arrays"), "anti_diagonals[1 + 2 = 3] = true: refused", "if !lines.columns[col]"),
        (step("bitmask"), "lowest = free & -free", "let lowest = free & free.wrapping_neg()"),
    ];
    for (step, read, running) in expected {
        let mut app = App::new(4, step, None);
        // Row 0's queen at column 3 is the fourth first-row square; the
        // search is at row 1, column 2 checking it.
        play_until(&mut app, |app| match step.name {
            "bitmask" => {
                app.history.search.queens() == [1] && matches!(app.history.state.last, Some(Event::Lowest { .. }))
            }
            _ => {
                let (search, state) = (&app.history.search, &app.history.state);
                search.queens() == [3]
                    && state.tried == Some((1, 2))
                    && state.reads.last().is_some_and(|read| read_text(read, search, 1, 2).contains("refused"))
            }
        });
        let (text, highlighted) = screen_and_highlights(&app, 110, 30);
        let left = left_width(4, step, None) as usize;
        let panel: Vec<String> = text.lines().map(|line| line.chars().skip(1).take(left - 2).collect()).collect();
        assert!(squeezed(&panel.join(" ")).contains(read), "{step:?}:\n{text}");
        // The last line that holds it: board_scan's `if` of its second loop, the up-right one.
        let running_row = text
            .lines()
            .collect::<Vec<_>>()
            .iter()
            .rposition(|line| line.contains(running))
            .expect("the running line is shown");
        assert_eq!(highlighted[0], running_row, "{step:?}: the running line is highlighted\n{text}");
        assert!(highlighted.windows(2).all(|pair| pair[1] == pair[0] + 1), "{step:?}: one line, wrapped\n{text}");
        assert!(text.contains(step.name));
    }
}

#[test]
fn a_small_terminal_says_how_large_it_must_be() {
    let app = App::new(8, step("bitmask"), None);
    let (width, height) = needed(8);
    let text = screen(&app, 60, 20);
    assert!(text.contains(&format!("at least {width}x{height}")), "{text}");
}

/// The board's rows as drawn: what lies between its borders, from the row labels on.
fn board_rows(app: &App, width: u16, height: u16) -> Vec<String> {
    let text = screen(app, width, height);
    let n = app.history.search.n();
    let first = 1 + 1 + usize::from(n > 10);
    text.lines().skip(first).take(n).map(|line| line.chars().skip(1).take(3 + 2 * n).collect()).collect()
}

#[test]
fn bitmask_draws_each_queen_at_its_place_event() {
    let mut app = App::new(5, step("bitmask"), None);
    let mut places = 0;
    while app.history.forward() {
        let state = &app.history.state;
        let queens = app.history.search.queens().to_vec();
        let rows = board_rows(&app, 100, 32);
        let drawn: Vec<usize> = rows.iter().filter_map(|row| row.chars().skip(3).position(|c| c == 'Q')).collect();
        assert_eq!(drawn.iter().map(|at| at / 2).collect::<Vec<_>>(), queens, "{:?}\n{rows:#?}", state.last);
        if let Some(Event::Place { .. }) = state.last {
            places += 1;
        }
        if state.last == Some(Event::Solution) {
            assert_eq!(queens.len(), 5, "a solution shows all five queens");
            break;
        }
    }
    assert!(places >= 5);
}

#[test]
fn columns_past_nine_are_labelled_with_both_digits() {
    let app = App::new(12, step("board_scan"), None);
    let (width, height) = needed(12);
    let text = screen(&app, width, height);
    let lines: Vec<&str> = text.lines().collect();
    let (tens, units): (Vec<char>, Vec<char>) = (lines[1].chars().collect(), lines[2].chars().collect());
    for col in 0..12 {
        let x = 1 + 3 + 2 * col + 1; // border, row label, then two cells a column
        let label: String = [tens[x], units[x]].iter().collect();
        assert_eq!(label.trim(), col.to_string(), "column {col}:\n{}\n{}", lines[1], lines[2]);
    }
}

#[test]
fn the_check_lines_are_shown_whole_at_80_by_24() {
    // (step, the event that runs the line, the line's text)
    type Runs = fn(&Event) -> bool;
    let checks: [(&Step, Runs); 4] = [
        (step("board_scan"), |event| matches!(event, Event::Scan { line: Ray::AntiDiagonal, .. })),
        (step("column_abs"), |event| matches!(event, Event::Compare { .. })),
        (step("three_arrays"), |event| matches!(event, Event::Flag { .. })),
        (step("bitmask"), |event| matches!(event, Event::Place { .. })),
    ];
    for n in 4..=6 {
        for (step, runs) in checks {
            let mut app = App::new(n, step, None);
            play_until(&mut app, |app| app.history.state.last.as_ref().is_some_and(runs));
            let event = app.history.state.last.expect("an event");
            let marker = marker(Problem::NQueensII, step, None, &event).expect("a line");
            let text = shown(Problem::NQueensII, step, None);
            let line = text.lines().nth(marker.find(&text).expect("in the file")).expect("a line");
            let highlighted = source_rows(&app, 80, 24, |cell| cell.bg == Color::Yellow);
            assert_eq!(highlighted, squeezed(line), "{step:?} n = {n}:\n{}", screen(&app, 80, 24));
        }
    }
}

#[test]
fn a_mistake_shows_its_wrong_line_in_red_and_highlights_it_when_it_runs() {
    for mistake in Mistake::ALL {
        let mut app = App::new(4, mistake.step(), Some(mistake));
        let wrong = mistake.info().line;
        let red = source_rows(&app, 100, 32, |cell| cell.fg == Color::Red);
        assert!(red.contains(&squeezed(wrong)), "{mistake:?}: {red}\n{}", screen(&app, 100, 32));
        let runs_it = |app: &App| {
            let event = app.history.state.last;
            let marker = event.and_then(|event| marker(Problem::NQueensII, mistake.step(), Some(mistake), &event));
            marker.map(|marker| marker.text) == Some(wrong)
        };
        while !runs_it(&app) && app.history.forward() {}
        if runs_it(&app) {
            let highlighted = source_rows(&app, 100, 32, |cell| cell.bg == Color::Yellow);
            assert!(highlighted.contains(&squeezed(wrong)), "{mistake:?}: {highlighted}");
        }
    }
}

#[test]
fn free_not_computed_yet_says_so() {
    let mut app = App::new(5, step("bitmask"), None);
    play_until(&mut app, |app| matches!(app.history.state.last, Some(Event::Place { .. })));
    let text = screen(&app, 100, 32);
    let stack: Vec<&str> = text.lines().filter(|line| line.contains("not yet")).collect();
    assert_eq!(stack.len(), 1, "the new call's free is not computed yet:\n{text}");
    app.history.forward();
    assert!(!screen(&app, 100, 32).contains("not yet"));
}

#[test]
fn the_keys_line_names_b_for_backtrack_and_fits_80_columns() {
    let app = App::new(6, step("board_scan"), None);
    let text = screen(&app, 80, 24);
    let keys = text.lines().last().expect("the keys");
    assert!(keys.contains("b backtrack"), "{keys}");
    assert!(keys.trim_end().ends_with("q quit"), "{keys}");
}

#[test]
fn a_crash_stays_in_view_to_the_end() {
    for (mistake, message) in [
        (Mistake::AndInsteadOfOr, "stack overflow"),
        (Mistake::DiagonalWithoutOffset, "attempt to subtract with overflow"),
        (Mistake::BaseCaseAfterTheLoop, "index out of bounds"),
    ] {
        let mut app = App::new(4, mistake.step(), Some(mistake));
        while app.history.forward() {}
        assert!(app.history.done());
        let text = screen(&app, 80, 24);
        let left = usize::from(left_width(4, mistake.step(), Some(mistake)));
        let panel: Vec<String> = text.lines().map(|line| line.chars().skip(1).take(left - 2).collect()).collect();
        assert!(squeezed(&panel.join(" ")).contains(message), "{mistake:?}:\n{text}");
        let title = format!("{}.rs with mistake {}", mistake.step().name, mistake.number());
        assert!(text.contains(&title), "{mistake:?}:\n{text}");
    }
}
