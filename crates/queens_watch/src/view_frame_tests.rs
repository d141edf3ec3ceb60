//! Every frame of the view, drawn on ratatui's test backend with its
//! colours and without: nothing said by colour alone, nothing cut, code
//! wrapped by the page's rule.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::{Buffer, Cell};

use crate::source::{GUTTER, shown};
use crate::steps::Panel;
use crate::words::{crash_text, read_text};

use super::tests::*;
use super::*;

/// A run of the view: its n, its step, its mistake.
type Run = (usize, &'static Step, Option<Mistake>);

/// Each watched step and each mistake on its own step, at each n of `ns`.
fn runs(ns: &[usize]) -> Vec<Run> {
    let steps = chain::watched().map(|step| (step, None));
    let mistakes = Mistake::ALL.into_iter().map(|mistake| (mistake.step(), Some(mistake)));
    steps.chain(mistakes).flat_map(|(step, mistake)| ns.iter().map(move |&n| (n, step, mistake))).collect()
}

/// `check` on each run, the runs shared among as many threads as there are
/// cores: the frame tests draw tens of thousands of frames.
fn in_parallel(runs: &[Run], check: impl Fn(Run) + Sync) {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some(&run) = runs.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed)) {
                    check(run);
                }
            });
        }
    });
}

/// Every frame of each watched step at n = 1..=6, and of each mistake at
/// n = 4 and 6, at 80×24, drawn with its colours and without (`NO_COLOR`):
/// nothing cut; nothing said by colour alone (see [`Looks`]); the legend
/// names every mark the board shows; the code wrapped by the page's rule.
#[test]
fn every_frame_at_80_by_24_is_whole_says_nothing_by_colour_alone_and_wraps_code_by_the_rule() {
    let mut runs: Vec<Run> = runs(&[4, 6]);
    runs.extend(chain::watched().flat_map(|step| [1, 2, 3, 5].map(|n| (n, step, None))));
    in_parallel(&runs, |(n, step, mistake)| every_frame_is_whole(n, step, mistake));
}

/// The larger sizes docs/watch.md gives, 80×28 at n = 8 and 96×37 at n = 12,
/// each step and each mistake for its first 500 events (the whole searches
/// run to millions): nothing said by colour alone, the code wrapped by the
/// page's rule, the file's title whole.
#[test]
fn at_the_larger_sizes_nothing_is_said_by_colour_alone_and_code_wraps_by_the_rule() {
    in_parallel(&runs(&[8, 12]), |(n, step, mistake)| {
        let (width, height) = needed(n);
        let mut app = App::new(n, step, mistake);
        let mut looks = Looks::default();
        while app.history.state.events < 500 {
            let text = looks.check(&app, width, height);
            let where_ = format!("n = {n} {} {mistake:?} event {}", step.name, app.history.state.events);
            let faults = code_faults(&app, &text);
            assert!(faults.is_empty(), "{where_}: {faults:#?}\n{text}");
            if !app.history.forward() {
                break;
            }
        }
    });
}

/// What each square and each row of the source pane looks like without
/// colour, and the colours and styles drawn with that look, over the frames of a run.
#[derive(Default)]
struct Looks {
    /// A square's two characters, and the style of each.
    squares: std::collections::HashMap<String, [Style; 2]>,
    /// A source row's marks (`▶`, `✗`), and the styles of its characters.
    rows: std::collections::HashMap<(bool, bool), Vec<Style>>,
}

impl Looks {
    /// Draws the frame with colour and without, and checks it against the frames before; the
    /// frame without colour, as text.
    fn check(&mut self, app: &App, width: u16, height: u16) -> String {
        let draw_it = |colour: bool| {
            let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
            terminal.draw(|frame| draw(frame, app, Problem::NQueensII, None, colour)).expect("drawn");
            terminal.backend().buffer().clone()
        };
        let (coloured, plain) = (draw_it(true), draw_it(false));
        let search = &app.history.search;
        let n = search.n;
        let where_ = || {
            let state = &app.history.state;
            format!("n = {n} {} {:?} event {} {:?}", search.step.name, search.mistake, state.events, state.last)
        };
        let text = |buffer: &Buffer| (0..height).map(|y| row_text(buffer, y, 0..width) + "\n").collect::<String>();
        for cell in &plain.content {
            assert!(cell.fg == Color::Reset && cell.bg == Color::Reset, "{}: colour without colour", where_());
        }
        // The board's squares: two columns each, after the border and the row's label.
        let top = 2 + u16::from(n > 10);
        for (row, col) in (0..n as u16).flat_map(|row| (0..n as u16).map(move |col| (row, col))) {
            let (x, y) = (1 + 3 + 2 * col, top + row);
            let look = row_text(&plain, y, x..x + 2);
            let styles = [coloured[(x, y)].style(), coloured[(x + 1, y)].style()];
            let seen = *self.squares.entry(look.clone()).or_insert(styles);
            assert!(
                seen == styles,
                "{}: ({row}, {col}) shows {look:?} as another square drawn {seen:?}, drawn {styles:?}:\n{}",
                where_(),
                text(&plain)
            );
        }
        // The source pane's rows, inside its border.
        let left = left_width(n, search.step, search.mistake);
        for y in (1..height).take_while(|&y| coloured[(left, y)].symbol() == "│") {
            let inside = left + 1..width - 1;
            let row = row_text(&plain, y, inside.clone());
            let gutter: String = row.chars().take(GUTTER + 1).collect();
            let marks = (gutter.contains('▶'), gutter.contains(WRONG_MARK));
            let mut styles: Vec<Style> =
                inside.map(|x| &coloured[(x, y)]).filter(|cell| cell.symbol() != " ").map(Cell::style).collect();
            styles.dedup();
            let seen = self.rows.entry(marks).or_insert_with(|| styles.clone());
            assert!(
                *seen == styles,
                "{}: the row {row:?} looks like another drawn {seen:?}, drawn {styles:?}:\n{}",
                where_(),
                text(&plain)
            );
        }
        text(&plain)
    }

    /// Every mark the board showed, besides `·` and a queen left as it is, is in the step's legend.
    fn in_the_legend(&self, app: &App, width: u16, height: u16) {
        let n = app.history.search.n;
        let board = 3 + 2 * n;
        let text = screen(app, width, height);
        let beside = |row: &str| row.chars().skip(1 + board).take_while(|c| *c != '│').collect::<String>();
        let legend: String = text.lines().skip(1).take(n + 1).map(beside).collect();
        for look in self.squares.keys().map(|look| look.trim()).filter(|look| !["·", "Q"].contains(look)) {
            assert!(
                legend.contains(look),
                "{} {:?}: {look:?} is not in the legend {legend:?}",
                app.history.search.step.name,
                app.history.search.mistake
            );
        }
    }
}

/// A row of the source pane, without its gutter or its marks; and the
/// number of its line, on the line's first row.
fn unmarked(row: &str) -> (Option<usize>, String) {
    let number = row.chars().skip(1).take(3).collect::<String>().trim().parse::<usize>().ok();
    let skip = if number.is_some() { GUTTER } else { 0 };
    (number, row.chars().skip(skip).collect::<String>().replace(['▶', '✗'], " "))
}

/// Every line of every file the view shows (both problems' files, and
/// each mistake's), running and not, wrapped at each width of the source
/// pane from the narrowest its step is given at the sizes the view needs
/// (n = 1 to 12) to 80 columns: by the page's rule.
#[test]
fn every_line_wraps_by_the_rule_at_every_width_the_source_pane_takes() {
    for (_, step, mistake) in runs(&[0]) {
        let narrowest = (1..=12).map(|n| needed(n).0 - left_width(n, step, mistake) - 2).min().unwrap_or(80);
        // The mistakes are written for LeetCode 52 only.
        let problems: &[Problem] = match mistake {
            None => &[Problem::NQueens, Problem::NQueensII],
            Some(_) => &[Problem::NQueensII],
        };
        for &problem in problems {
            let text = shown(problem, step, mistake);
            let wrong = mistake.map(|mistake| mistake.row().line);
            for width in usize::from(narrowest)..=80 {
                for ((number, line), in_string) in text.lines().enumerate().zip(crate::wrap::string_starts(&text)) {
                    for running in [false, true] {
                        let is_wrong = wrong.is_some_and(|wrong| line.contains(wrong));
                        let rows = crate::source::line_rows(line, in_string, number, running, is_wrong, width);
                        assert!(rows.iter().all(|row| row.chars().count() <= width), "{width}: {rows:#?}");
                        let rows: Vec<String> = rows.iter().map(|row| unmarked(row).1).collect();
                        let rows: Vec<&str> = rows.iter().map(|row| row.trim_end()).collect();
                        let faults = crate::wrap::faults(line, in_string, &rows);
                        assert!(
                            faults.is_empty(),
                            "{} {problem:?} {mistake:?} at {width}: {faults:?}\n{rows:#?}",
                            step.name
                        );
                    }
                }
            }
        }
    }
}

/// The rows of each line of code the source pane shows whole, on the screen `text`, held to the
/// page's rule, and the pane's title, whole: what breaks them, one sentence each.
fn code_faults(app: &App, text: &str) -> Vec<String> {
    let search = &app.history.search;
    let left = usize::from(left_width(search.n, search.step, search.mistake));
    let file = shown(Problem::NQueensII, search.step, search.mistake);
    let (lines, strings): (Vec<&str>, Vec<bool>) = (file.lines().collect(), crate::wrap::string_starts(&file));
    let screen: Vec<&str> = text.lines().collect();
    let mut faults = Vec::new();
    let top: String = screen[0].chars().skip(left + 1).collect();
    let title = top.trim_end_matches(['─', '┐']);
    if !title.ends_with(' ') || !title.contains(&format!("{}.rs", search.step.name)) {
        faults.push(format!("the title {title:?} is cut"));
    }
    // Each row's line number, if it is a line's first row, and its text without the gutter or the marks.
    let rows: Vec<(Option<usize>, String)> = screen[1..]
        .iter()
        .take_while(|row| row.chars().nth(left) == Some('│'))
        .map(|row| unmarked(row.chars().skip(left + 1).collect::<String>().trim_end_matches('│')))
        .collect();
    let starts: Vec<usize> = (0..rows.len()).filter(|&at| rows[at].0.is_some()).collect();
    for (index, &start) in starts.iter().enumerate() {
        let number = rows[start].0.expect("a first row") - 1;
        // A line cut by the pane's bottom is not checked, unless it is the file's last.
        let Some(&end) = starts.get(index + 1).or((number + 1 == lines.len()).then_some(&rows.len())) else { continue };
        let line_rows: Vec<&str> = rows[start..end].iter().map(|row| row.1.as_str()).collect();
        let line_rows: Vec<&str> =
            line_rows.iter().map(|row| row.trim_end()).filter(|row| !row.is_empty() || line_rows.len() == 1).collect();
        faults.extend(
            crate::wrap::faults(lines[number], strings[number], &line_rows)
                .into_iter()
                .map(|fault| format!("line {}: {fault}", number + 1)),
        );
    }
    faults
}

/// Plays the search of `step` (with `mistake`) on `n` to its end at the
/// size the view needs, checking each frame.
fn every_frame_is_whole(n: usize, step: &'static Step, mistake: Option<Mistake>) {
    let (width, height) = needed(n);
    assert_eq!((width, height), (80, 24), "80×24 is enough up to n = 6");
    let mut app = App::new(n, step, mistake);
    let mut looks = Looks::default();
    loop {
        let (search, state) = (&app.history.search, &app.history.state);
        let where_ = format!("n = {n} {} {mistake:?} event {} {:?}", step.name, state.events, state.last);
        let text = looks.check(&app, width, height);
        let (panel, all) = (left_of(&app, &text), squeezed(&text));
        let (row, col) = state.tried.unwrap_or((search.queens().len(), 0));
        // Under the panels, the lines of the whole width; the crash, in the check panel.
        let mut whole = vec![format!("solutions {}/", state.solutions), "A000170".into(), "KiB".into()];
        whole.push(format!("event {} ·", state.events));
        whole.extend(mistake.map(|mistake| mistake.row().effect.to_string()));
        for piece in whole {
            assert!(all.contains(&squeezed(&piece)), "{where_}: {piece:?} is cut:\n{text}");
        }
        if let Some(crash) = state.crash.map(|crash| crash_text(crash, search, row, col)) {
            assert!(panel.contains(&squeezed(&crash)), "{where_}: {crash:?} is cut:\n{text}");
        }
        assert!(all.ends_with("q quit"), "{where_}: the keys are cut:\n{text}");
        let faults = code_faults(&app, &text);
        assert!(faults.is_empty(), "{where_}: {faults:#?}\n{text}");
        // Every read of the check, or the last ones after `+k more above`, k the reads left out.
        if matches!(search.checker().panel(), Panel::Reads(_)) {
            let more = panel.split_once(" more above").and_then(|(before, _)| before.rsplit_once('+'));
            let hidden = more.and_then(|(_, count)| count.parse().ok()).unwrap_or(0);
            for read in state.reads[hidden..].iter().map(|read| squeezed(&read_text(read, search, row, col))) {
                assert!(panel.contains(&read), "{where_}: {read:?} is missing, {hidden} left out:\n{text}");
            }
        }
        if !app.history.forward() {
            break;
        }
    }
    if n >= 3 {
        looks.in_the_legend(&app, width, height);
    }
}
