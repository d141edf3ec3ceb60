//! The view drawn on ratatui's test backend, read back as text and colours.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::{Buffer, Cell};

use super::*;
use crate::event::{Event, Line as Ray};
use crate::source::{GUTTER, marker, shown};
use crate::words::{read_text, refuses};

/// A step of the chain, by name.
pub(super) fn step(name: &str) -> &'static Step {
    chain::step(name).expect("a step of the chain")
}

pub(super) fn buffer(app: &App, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal.draw(|frame| draw(frame, app, Problem::NQueensII, None, true)).expect("drawn");
    terminal.backend().buffer().clone()
}

pub(super) fn row_text(buffer: &Buffer, y: u16, xs: std::ops::Range<u16>) -> String {
    xs.map(|x| buffer[(x, y)].symbol()).collect()
}

/// The screen as text.
pub(super) fn screen(app: &App, width: u16, height: u16) -> String {
    let buffer = buffer(app, width, height);
    (0..height).map(|y| row_text(&buffer, y, 0..width) + "\n").collect()
}

/// Spaces collapsed.
pub(super) fn squeezed(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The source pane's rows whose cells `pick`, joined, without line numbers or borders.
pub(super) fn source_rows(app: &App, width: u16, height: u16, pick: impl Fn(&Cell) -> bool) -> String {
    let buffer = buffer(app, width, height);
    let search = &app.history.search;
    let left = left_width(search.n, search.step, search.mistake);
    let picked = |y: u16| (left + 1..width - 1).any(|x| pick(&buffer[(x, y)]) && buffer[(x, y)].symbol() != " ");
    let text = |y: u16| {
        let row = row_text(&buffer, y, left + 1..width - 1);
        // A line's first row: the gutter's mark, its number, a space.
        let number: String = row.chars().skip(1).take(3).collect();
        let row = if number.trim().parse::<usize>().is_ok() { row.chars().skip(GUTTER).collect() } else { row };
        // Without the marks a line carries on every row.
        row.replace(['▶', '✗'], " ")
    };
    squeezed(&(0..height).filter(|&y| picked(y)).map(text).collect::<Vec<_>>().join(" "))
}

/// Plays `app` until `stop` holds.
pub(super) fn play_until(app: &mut App, stop: impl Fn(&App) -> bool) {
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
        let (text, buffer) = (screen(&app, 110, 30), buffer(&app, 110, 30));
        // The rows drawn on a yellow background.
        let yellow = |y: u16| (0..110).filter(|&x| buffer[(x, y)].bg == Color::Yellow).count() > 20;
        let highlighted: Vec<usize> = (0..30).filter(|&y| yellow(y)).map(usize::from).collect();
        assert!(left_text(&app, 110, 30).contains(read), "{step:?}:\n{text}");
        // The last line that holds it: board_scan's `if` of its second loop, the up-right one.
        let running_row = text.lines().enumerate().filter(|(_, line)| line.contains(running)).last().map(|row| row.0);
        assert_eq!(Some(highlighted[0]), running_row, "{step:?}: the running line is highlighted\n{text}");
        assert!(highlighted.windows(2).all(|pair| pair[1] == pair[0] + 1), "{step:?}: one line, wrapped\n{text}");
        assert!(text.contains(step.name));
    }
}

#[test]
fn the_sizes_the_view_needs_are_the_pages_and_a_smaller_terminal_says_so() {
    let page = include_str!("../../../docs/watch.md").split_whitespace().collect::<Vec<_>>().join(" ");
    let size = |n: usize| format!("{}×{}", needed(n).0, needed(n).1);
    assert!((1..=6).all(|n| needed(n) == SMALLEST), "80×24 up to n = 6");
    let sentence =
        format!("needs a terminal of {} for n up to 6, {} at n = 8 and {} at n = 12", size(6), size(8), size(12));
    assert!(page.contains(&sentence), "docs/watch.md: {sentence}");
    // A smaller terminal says how large it must be.
    let text = screen(&App::new(8, step("bitmask"), None), 60, 20);
    assert!(text.contains(&format!("at least {}x{}", needed(8).0, needed(8).1)), "{text}");
}

/// The board's rows as drawn: what lies between its borders, from the row labels on.
pub(super) fn board_rows(app: &App, width: u16, height: u16) -> Vec<String> {
    let text = screen(app, width, height);
    let n = app.history.search.n;
    let first = 1 + 1 + usize::from(n > 10);
    text.lines().skip(first).take(n).map(|line| line.chars().skip(1).take(3 + 2 * n).collect()).collect()
}

#[test]
fn bitmask_draws_each_queen_at_its_place_event_and_a_new_calls_free_not_yet() {
    let mut app = App::new(5, step("bitmask"), None);
    let mut places = 0;
    while app.history.forward() {
        let state = &app.history.state;
        let queens = app.history.search.queens().to_vec();
        let rows = board_rows(&app, 100, 32);
        let drawn: Vec<usize> = rows.iter().filter_map(|row| row.chars().skip(3).position(|c| c == 'Q')).collect();
        assert_eq!(drawn.iter().map(|at| at / 2).collect::<Vec<_>>(), queens, "{:?}\n{rows:#?}", state.last);
        let placed = matches!(state.last, Some(Event::Place { .. }));
        places += usize::from(placed);
        // The new call's free is not computed yet, until its first event.
        let not_yet = screen(&app, 100, 32).lines().filter(|line| line.contains("not yet")).count();
        assert_eq!(not_yet, usize::from(placed), "{:?}", state.last);
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
            // Every character, in order (a word too long for a row is broken after a `[`).
            let highlighted = source_rows(&app, 80, 24, |cell| cell.bg == Color::Yellow);
            let characters = |text: &str| text.split_whitespace().collect::<String>();
            assert_eq!(characters(&highlighted), characters(line), "{step:?} n = {n}:\n{}", screen(&app, 80, 24));
        }
    }
}

#[test]
fn a_mistake_shows_its_wrong_line_in_red_and_highlights_it_when_it_runs() {
    for mistake in Mistake::ALL {
        let mut app = App::new(4, mistake.step(), Some(mistake));
        let wrong = mistake.row().line;
        let red = source_rows(&app, 100, 32, |cell| cell.fg == Color::Red);
        let characters = |text: &str| text.split_whitespace().collect::<String>();
        assert!(characters(&red).contains(&characters(wrong)), "{mistake:?}: {red}\n{}", screen(&app, 100, 32));
        // And marked `✗`, on the line's first row, as its name is under the counters.
        let text = screen(&app, 100, 32);
        let marked = text.lines().filter(|row| row.contains(WRONG_MARK)).collect::<Vec<_>>();
        let first_row = |row: &&str| {
            row.chars().nth(usize::from(left_width(4, mistake.step(), Some(mistake))) + 1 + GUTTER) == Some('✗')
        };
        assert!(marked.iter().any(first_row), "{mistake:?}: {marked:?}\n{text}");
        let name = format!("✗ mistake {} {}: ", mistake.row().number, mistake.row().name);
        assert!(text.lines().any(|row| row.starts_with(&name)), "{mistake:?}:\n{text}");
        let runs_it = |app: &App| {
            let event = app.history.state.last;
            let marker = event.and_then(|event| marker(Problem::NQueensII, mistake.step(), Some(mistake), &event));
            marker.map(|marker| marker.text) == Some(wrong)
        };
        while !runs_it(&app) && app.history.forward() {}
        if runs_it(&app) {
            let highlighted = source_rows(&app, 100, 32, |cell| cell.bg == Color::Yellow);
            assert!(characters(&highlighted).contains(&characters(wrong)), "{mistake:?}: {highlighted}");
        }
    }
}

#[test]
fn the_keys_say_what_each_key_does_in_two_rows_of_80_columns() {
    let text = screen(&App::new(6, step("board_scan"), None), 80, 24);
    let rows: Vec<&str> = text.lines().skip(22).collect();
    let keys = squeezed(&rows.join(" "));
    assert!(rows[0].starts_with("space play/pause · "), "the keys start the row after the event: {text}");
    let said = [
        "space play/pause",
        "←→ one event",
        "s next solution",
        "b next backtrack",
        "r next place/back",
        "+- faster/slower",
        "g/e start/end",
        "1-4 approach",
        "q quit",
    ];
    assert_eq!(keys, said.join(" · "), "{text}");
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
        assert!(left_text(&app, 80, 24).contains(message), "{mistake:?}:\n{text}");
        let title = format!("{}.rs with mistake {}", mistake.step().name, mistake.row().number);
        assert!(text.contains(&title), "{mistake:?}:\n{text}");
        // The line that crashed stays marked.
        let marked = source_rows(&app, 80, 24, |cell| cell.symbol() == "▶");
        assert!(!marked.is_empty(), "{mistake:?}: the crash's line is marked:\n{text}");
    }
}

/// The left panels' text of the screen, squeezed: what lies between their borders.
pub(super) fn left_text(app: &App, width: u16, height: u16) -> String {
    left_of(app, &screen(app, width, height))
}

/// The left panel's text in `text`, the screen as text.
pub(super) fn left_of(app: &App, text: &str) -> String {
    let search = &app.history.search;
    let left = usize::from(left_width(search.n, search.step, search.mistake));
    squeezed(
        &text.lines().map(|line| line.chars().skip(1).take(left - 2).collect::<String>()).collect::<Vec<_>>().join(" "),
    )
}

/// The status line's words for the event shown: what follows `event N · `.
pub(super) fn status(app: &App) -> String {
    let text = screen(app, 80, 24);
    let line = text.lines().find(|line| line.starts_with("event ")).expect("the status line");
    line.split(" · ").nth(1).unwrap_or_default().to_string()
}

#[test]
fn every_event_is_named_in_words_on_the_status_line() {
    for step in chain::watched() {
        let mut app = App::new(5, step, None);
        let mut seen = std::collections::BTreeSet::new();
        while app.history.forward() && app.history.state.solutions < 2 {
            let state = &app.history.state;
            let tried = state.tried.map(|(row, col)| format!("({row}, {col})")).unwrap_or_default();
            let expected = match state.last.expect("an event") {
                Event::Try { row, col } => format!("try ({row}, {col})"),
                read @ (Event::Scan { .. } | Event::Compare { .. } | Event::Flag { .. }) => {
                    format!("{} {tried}", if refuses(&read) { "refused" } else { "read for" })
                }
                Event::Masks { row, .. } => format!("free of row {row}"),
                Event::Lowest { row, lowest } => format!("lowest ({row}, {})", lowest.trailing_zeros()),
                Event::Cleared { .. } => "cleared (".to_string(),
                Event::Place { row, col } => format!("place ({row}, {col})"),
                Event::Back { row, col } => format!("back ({row}, {col})"),
                Event::Solution => format!("solution {}", state.solutions),
                other => panic!("{other:?} in a search without a mistake"),
            };
            let said = status(&app);
            assert!(said.starts_with(&expected), "{}: {:?} says {said:?}", step.name, state.last);
            seen.insert(said.split(' ').next().unwrap_or_default().to_string());
        }
        let words: Vec<&str> = seen.iter().map(String::as_str).collect();
        let expected: &[&str] = match step.name {
            "bitmask" => &["back", "cleared", "free", "lowest", "place", "solution"],
            _ => &["back", "place", "read", "refused", "solution", "try"],
        };
        assert_eq!(words, expected, "{}", step.name);
    }
}

#[test]
fn the_running_line_is_marked_in_the_gutter_and_the_square_tried_has_a_symbol() {
    let mut app = App::new(6, step("board_scan"), None);
    play_until(&mut app, |app| app.history.state.events == 92); // scan diagonal 4 4 empty, for (5, 5)
    let text = screen(&app, 80, 24);
    let board = board_rows(&app, 80, 24);
    assert_eq!(&board[5][3..], " · · · · · ?", "{text}");
    assert_eq!(&board[4][3..], " · · · Q \\ |", "the rays read so far, by their direction: {text}");
    let marked: Vec<&str> = text.lines().filter(|line| line.contains('▶')).collect();
    assert_eq!(marked.len(), 1, "{text}");
    // The `if` that reads the square, in the up-left ray's loop.
    assert!(marked[0].contains("▶ 74         if board[r][c] {"), "{}", marked[0]);
}

#[test]
fn after_a_back_steps_1_and_2_say_what_the_back_does() {
    // Right after `back 4 3` at n = 6: row 4 goes on with column 4, where no square was checked yet.
    for (name, event) in [("board_scan", 97), ("column_abs", 67)] {
        let mut app = App::new(6, step(name), None);
        play_until(&mut app, |app| app.history.state.events == event);
        assert_eq!(app.history.state.last, Some(Event::Back { row: 4, col: 3 }));
        let panel = left_text(&app, 80, 24);
        assert!(!panel.contains("is_safe("), "{name}: {panel}");
        assert!(
            panel.contains("back: the queen of (4, 3) is taken off; row 4 goes on with column 4"),
            "{name}: {panel}"
        );
        assert_eq!(status(&app), "back (4, 3)");
    }
}

#[test]
fn bitmask_marks_the_squares_still_free_with_a_symbol() {
    let mut app = App::new(6, step("bitmask"), None);
    play_until(&mut app, |app| app.history.state.events == 24);
    assert_eq!(app.history.state.last, Some(Event::Back { row: 2, col: 4 }));
    let (board, text) = (board_rows(&app, 80, 24), screen(&app, 80, 24));
    // Columns 0 to 3 blocked, 4 tried and cleared from `free`, 5 still in it.
    assert_eq!(&board[2][3..], " | / | \\ · ○", "{text}");
    let buffer = buffer(&app, 80, 24);
    let free: Vec<&Cell> = (0..80).map(|x| &buffer[(x, 4)]).filter(|cell| cell.symbol() == "○").collect();
    assert!(free.iter().all(|cell| cell.fg == Color::Green), "in green too: {text}");
    assert!(text.contains("○ free"), "the legend beside the board says it: {text}");
}

#[test]
fn each_panel_has_its_legend_beside_the_board_where_it_fits() {
    let legends = [
        ("board_scan", &["? tried", "| \\ / read", "!Q refuses", "+Q placed"][..]),
        ("column_abs", &["? tried", "✓Q compared", "!Q refuses", "+Q placed"]),
        ("three_arrays", &["? tried", "+Q placed", "[1] a flag read,", "set or cleared"]),
        ("bitmask", &["| \\ / blocked", "○ free", "? lowest", "+Q placed"]),
    ];
    for (name, legend) in legends {
        for n in [3, 6, 8] {
            let (width, height) = needed(n);
            let text = screen(&App::new(n, step(name), None), width, height);
            // On the rows of the board, from the column numbers on, after them.
            for (row, words) in text.lines().skip(1).zip(legend.iter()) {
                assert!(row.contains(&format!("  {words}")), "{name} n = {n}: {words:?}:\n{text}");
            }
        }
        // Where the board leaves no room beside it, none.
        let (width, height) = needed(12);
        let text = screen(&App::new(12, step(name), None), width, height);
        let beside = text.lines().skip(1).take(3).any(|row| row.contains(legend[0]));
        assert_eq!(beside, name != "board_scan" && name != "column_abs", "{name} n = 12:\n{text}");
    }
}

#[test]
fn bitmask_marks_the_square_lowest_picks_after_a_back() {
    let mut app = App::new(6, step("bitmask"), None);
    for (event, last) in [(25, Event::Lowest { row: 2, lowest: 1 << 5 }), (26, Event::Cleared { row: 2, free: 0 })] {
        play_until(&mut app, |app| app.history.state.events == event);
        assert_eq!(app.history.state.last, Some(last));
        let board = board_rows(&app, 80, 24);
        // Row 2's masks block columns 0 to 3, column 4 was tried before the back, column 5 is tried now.
        assert_eq!(&board[2][3..], " | / | \\ · ?", "event {event}:\n{}", screen(&app, 80, 24));
    }
}

#[test]
fn three_arrays_says_and_colours_what_a_place_sets_and_a_back_clears() {
    let mut app = App::new(6, step("three_arrays"), None);
    play_until(&mut app, |app| matches!(app.history.state.last, Some(Event::Place { .. })));
    let panel = left_text(&app, 80, 24);
    for set in
        ["set columns[col = 0] = true", "set diagonals[0 - 0 + 5 = 5] = true", "set anti_diagonals[0 + 0 = 0] = true"]
    {
        assert!(panel.contains(set), "{set}: {panel}");
    }
    assert!(!panel.contains("= false"), "the reads before the place are not shown as its effect: {panel}");
    assert!(panel.contains("index 0 1 2 3 4 5 6 7 8 9 0"), "the strips carry their indices: {panel}");
    // The three flags set, between brackets: not by their colour alone.
    for strip in ["columns [1]0 0 0 0 0", "diagonals 0 0 0 0 0[1]0 0 0 0 0", "anti_diagonals [1]0 0 0 0 0 0 0 0 0 0"] {
        assert!(panel.contains(strip), "{strip}: {panel}");
    }
    let buffer = buffer(&app, 80, 24);
    let coloured = |colour: Color| {
        (0..24).flat_map(|y| (0..38).map(move |x| (x, y))).filter(|&xy| buffer[xy].bg == colour).count()
    };
    assert_eq!((coloured(Color::Green), coloured(Color::Red)), (3, 0), "the three flags set, in green");
    play_until(&mut app, |app| matches!(app.history.state.last, Some(Event::Back { .. })));
    let Some(Event::Back { row, col }) = app.history.state.last else { unreachable!() };
    let panel = left_text(&app, 80, 24);
    assert!(panel.contains(&format!("clear columns[col = {col}] = false")), "({row}, {col}): {panel}");
}
