//! `queens practice watch` (and `queens practice` alone on a terminal): the
//! first exercise not yet passing, checked again each time its file is
//! saved, on an 80×24 screen drawn anew after each change. Keys: `h` the
//! next hint, `l` the list, `n` the next exercise once this one passes, `r`
//! reset (after a y/n), `q` quit; and, when the verdict and the hint do not
//! fit, the arrows (or `j`, `k`, PgUp, PgDn) scroll them, as a line under
//! them and the keys say.
//!
//! Each check runs on a thread of its own ([`Checker`]), so the keys act
//! meanwhile; a save while a check runs ends that check (its processes,
//! at once) and checks the new text: the verdict on the screen is always of
//! the text on disk. A file unchanged since its last check is not checked
//! again: its verdict is the one recorded ([`super::known`]). A save of
//! another exercise's file is followed too: the list shows the verdict
//! recorded for its new text, or that it is not checked yet.
//!
//! The terminal is set up, waited on and given back as `queens watch` does
//! (`queens_terminal::FullScreen`); a signal, even in the middle of a
//! check, ends the check's processes and restores the terminal first
//! ([`results::end_with_this_process`]).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use notify_debouncer_mini::notify::RecursiveMode;
use notify_debouncer_mini::{DebounceEventResult, Debouncer, new_debouncer};
use ratatui::crossterm::event::{self as term, Event as TermEvent, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

mod checker;

use super::hints::Shown;
use super::ladder::{Exercise, PROBLEMS};
use super::summary::Status;
use super::{COMMAND, Workspace, files, results};
use checker::Checker;
use queens_cli::{Failure, Outcome, WIDTH};
use queens_terminal::{FullScreen, Input};

/// How long a save's burst of file events (a temporary file, a rename) is gathered into one check.
const DEBOUNCE: Duration = Duration::from_millis(200);

/// The keys, on the last line.
const KEYS: &str = "h hint  l list  n next  r reset  q quit";

/// The keys that scroll, after [`KEYS`] when the verdict and the hint do not fit.
const SCROLL_KEYS: &str = "  ↑↓ scroll";

/// Runs `queens practice watch` in `workspace`.
pub fn run(workspace: &Workspace) -> Outcome {
    use std::io::IsTerminal;
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(Failure::Usage(format!(
            "practice watch needs a terminal; `{COMMAND} test` checks the next exercise once"
        )));
    }
    n_queens_process::adopt_orphans().map_err(|error| Failure::Failed(format!("adopting orphans: {error}")))?;
    let (sender, saved) = mpsc::channel();
    let mut debouncer = new_debouncer(DEBOUNCE, move |result: DebounceEventResult| {
        if let Ok(events) = result {
            let _ = sender.send(events.into_iter().map(|event| event.path).collect::<Vec<_>>());
        }
    })
    .map_err(|error| Failure::Failed(format!("watching the exercise files: {error}")))?;
    let mut full = FullScreen::enter()?;
    let result = watch(&mut full, workspace, &mut debouncer, &saved);
    full.leave(results::end_every_check);
    result
}

/// What the screen shows besides the exercise's verdict.
enum Mode {
    /// The exercise and its verdict.
    Exercise,
    /// Every exercise, one chosen with the arrows: its index in [`Exercise::all`].
    List(usize),
    /// Asking whether to reset the exercise.
    ConfirmReset,
}

/// Everything the screen shows.
struct Screen {
    /// The exercise watched.
    exercise: Exercise,
    /// Where each exercise stands, its file as it is, where that is known
    /// (checked, or recorded), in the order of [`Exercise::all`].
    known: Vec<Option<Status>>,
    /// The hint shown, by its number.
    hint: Option<usize>,
    /// How many lines of the verdict and the hint are scrolled past.
    scroll: usize,
    /// A line said after the last key (a reset, a refusal).
    said: Vec<String>,
    /// What is on the screen.
    mode: Mode,
    /// The text of the exercise's file when it was last checked, or is being
    /// checked: a save that leaves it so (a reset's own write, a touch) is
    /// not checked again.
    checked: Option<String>,
    /// The check running, if one is.
    checking: Option<Checking>,
    /// Whether the exercises are being checked in turn for the first not
    /// yet passing (at the start).
    scanning: bool,
}

/// A check running on the [`Checker`]'s thread.
struct Checking {
    /// Its number: a result of another is out of date.
    number: u64,
    /// Set to stop it.
    cancel: Arc<AtomicBool>,
    /// The last line its compiler printed, shown meanwhile.
    said: String,
}

impl Screen {
    fn index(exercise: Exercise) -> usize {
        Exercise::all().position(|other| other == exercise).expect("an exercise of the ladder")
    }

    fn status(&self) -> Option<&Status> {
        self.known[Screen::index(self.exercise)].as_ref()
    }

    /// Whether the exercise's cases pass (so `n` moves on).
    fn passes(&self) -> bool {
        matches!(self.status(), Some(Status::Pastes(_) | Status::Passing(_)))
    }

    /// The screen for a terminal `height` rows high: the title, then the
    /// verdict and the hint (the body, scrolled when it does not fit, with a
    /// line that says which of its lines show), then what the last key said,
    /// what to do and the keys.
    fn layout(&self, workspace: &Workspace, height: usize) -> Layout {
        let label = self.exercise.label();
        // Its file's path, named in full from outside the workspace's root, may need a line of its own.
        let title = format!("Practice {label}: {}", workspace.show(&self.exercise.path()));
        let mut top = super::summary::wrapped("", &title, 2);
        top.push(String::new());
        match self.mode {
            Mode::List(chosen) => return Layout::still(self.list(workspace, chosen)),
            Mode::ConfirmReset => {
                top.push(format!("Reset {label} to its starting text? Your version is kept"));
                top.push("as a backup beside the exercises. y: reset, n: keep it".to_string());
                return Layout::still(top);
            }
            Mode::Exercise => {}
        }
        let mut body = Vec::new();
        match (&self.checking, self.status()) {
            (Some(checking), _) => {
                body.push(format!("Checking {label}..."));
                body.push(super::fit(checking.said.trim(), WIDTH));
            }
            (None, Some(status)) => body.extend(status.report(&label)),
            (None, None) => body.push(format!("{label} cannot be read: `r` puts it aside, then writes it anew.")),
        }
        let mut hint_at = None;
        if let Some(number) = self.hint {
            let hints = self.exercise.hints();
            body.push(String::new());
            hint_at = Some(body.len());
            body.push(format!("Hint {number} of {}:", hints.len()));
            let text = hints[number - 1];
            body.extend(textwrap::wrap(text, queens_cli::wrapping(WIDTH - 2)).iter().map(|line| format!("  {line}")));
        }
        body.extend(super::not_fenced());
        let mut bottom = self.said.clone();
        bottom.push(String::new());
        bottom.push(match self.status().filter(|_| self.checking.is_none()) {
            Some(Status::Pastes(_)) => {
                "Done: everything after `pub struct Solution;` pastes into the judge. n: next".to_string()
            }
            Some(Status::Passing(_)) => "The cases pass; the paste does not yet. n: the next anyway".to_string(),
            Some(Status::NotStarted) => "Write your answer in the file and save it: it is checked again.".to_string(),
            _ => "Save the file to check it again.".to_string(),
        });
        // The body's rows: the rest of the screen, below the keys' line.
        let rows = height.saturating_sub(top.len() + bottom.len() + 1).max(2);
        let (mut page, mut max_scroll) = (rows, 0);
        if body.len() <= rows {
            top.extend(body);
            bottom.push(KEYS.to_string());
        } else {
            // One row says which lines show, and how to see the others.
            page = rows - 1;
            max_scroll = body.len() - page;
            let first = self.scroll.min(max_scroll);
            let last = first + page;
            top.extend(body[first..last].iter().cloned());
            top.push(format!("(lines {} to {last} of {}: ↑ ↓ PgUp PgDn scroll)", first + 1, body.len()));
            bottom.push(format!("{KEYS}{SCROLL_KEYS}"));
        }
        top.extend(bottom);
        Layout { lines: top, page, max_scroll, hint_at }
    }

    /// Whether `exercise` is not started, read from its file now (for one
    /// not checked yet, which the list names as the others).
    fn untouched(&self, workspace: &Workspace, exercise: Exercise) -> bool {
        files::read(workspace, exercise).is_ok_and(|text| exercise.not_started(&text))
    }

    /// The list: every exercise and where it stood when last checked.
    fn list(&self, workspace: &Workspace, chosen: usize) -> Vec<String> {
        let mut lines = vec!["Choose an exercise: up and down, then Enter; l or Esc: back".to_string()];
        for (index, exercise) in Exercise::all().enumerate() {
            if exercise.step.number == Some(1) || index == 0 {
                lines.push(format!("LeetCode {}", exercise.problem.number()));
            }
            let mark = if index == chosen { '>' } else { ' ' };
            let checking = self.checking.is_some() && exercise == self.exercise;
            let described = match &self.known[index] {
                _ if checking => "checking...".to_string(),
                Some(status) => status.describe(0).lines().next().unwrap_or_default().to_string(),
                None if self.untouched(workspace, exercise) => Status::NotStarted.describe(0),
                None => "not checked as it is now: Enter checks it".to_string(),
            };
            let start = format!("{mark} {:<13} ", exercise.step.name);
            lines.push(format!("{start}{}", super::fit(&described, WIDTH - start.chars().count())));
        }
        lines
    }
}

/// A screen laid out for its height ([`Screen::layout`]).
struct Layout {
    /// Its lines, from the top.
    lines: Vec<String>,
    /// How many lines of the body show at once.
    page: usize,
    /// The most lines of the body that can be scrolled past: 0 when it fits.
    max_scroll: usize,
    /// The line of the body where the hint starts, if one is shown.
    hint_at: Option<usize>,
}

impl Layout {
    /// A screen of `lines` that does not scroll.
    fn still(lines: Vec<String>) -> Layout {
        Layout { page: lines.len(), lines, max_scroll: 0, hint_at: None }
    }
}

/// The loop: check, draw, wait for a save or a key.
fn watch(
    full: &mut FullScreen,
    workspace: &Workspace,
    debouncer: &mut Debouncer<notify_debouncer_mini::notify::RecommendedWatcher>,
    saved: &Receiver<Vec<std::path::PathBuf>>,
) -> Outcome {
    for problem in PROBLEMS {
        let folder = workspace.root.join(format!("crates/{}/exercises", problem.crate_name()));
        files::check_folder(workspace, problem)?;
        std::fs::create_dir_all(&folder)
            .and_then(|()| {
                debouncer.watcher().watch(&folder, RecursiveMode::NonRecursive).map_err(std::io::Error::other)
            })
            .map_err(|error| Failure::Failed(format!("watching {}: {error}", folder.display())))?;
    }
    let checker = Checker::start(workspace.clone());
    let mut screen = Screen {
        exercise: Exercise::all().next().expect("an exercise"),
        known: Exercise::all().map(|exercise| known_now(workspace, exercise)).collect(),
        hint: None,
        scroll: 0,
        said: Vec::new(),
        mode: Mode::Exercise,
        checked: None,
        checking: None,
        scanning: true,
    };
    // The first exercise not yet passing: each is checked in turn, from the first.
    checker.check(workspace, &mut screen);
    let result = watch_keys(full, workspace, saved, &checker, &mut screen);
    checker.cancel(&mut screen);
    result
}

/// The loop of [`watch`]: draw, take a check's news, a save or a key.
fn watch_keys(
    full: &mut FullScreen,
    workspace: &Workspace,
    saved: &Receiver<Vec<std::path::PathBuf>>,
    checker: &Checker,
    screen: &mut Screen,
) -> Outcome {
    // Until a key ends it, the terminal hangs up, or a signal comes.
    while !full.caught() {
        checker.news(workspace, screen);
        let height = full.terminal().size()?.height as usize;
        let mut layout = screen.layout(workspace, height);
        if screen.scroll > layout.max_scroll {
            // Scrolled past the end of a body that has since grown shorter (a new verdict, a resize).
            screen.scroll = layout.max_scroll;
            layout = screen.layout(workspace, height);
        }
        draw(full.terminal(), &layout.lines)?;
        let mut save = false;
        for path in saved.try_iter().flatten() {
            for (index, exercise) in Exercise::all().enumerate().filter(|(_, exercise)| path.ends_with(exercise.path()))
            {
                if exercise == screen.exercise {
                    save = true;
                } else {
                    // Another exercise's file: the list shows where it stands now.
                    screen.known[index] = known_now(workspace, exercise);
                }
            }
        }
        if save && files::read(workspace, screen.exercise).ok() != screen.checked {
            screen.said.clear();
            checker.check(workspace, screen);
            continue;
        }
        match full.input_within(Duration::from_millis(100))? {
            Input::Ready => {}
            Input::None => continue,
            Input::HungUp => return Ok(()),
        }
        let TermEvent::Key(key) = term::read()? else { continue };
        if key.kind != KeyEventKind::Press {
            continue;
        }
        if key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL) {
            return Ok(());
        }
        match (&screen.mode, key.code) {
            (Mode::List(chosen), code) => {
                let chosen = *chosen;
                let count = screen.known.len();
                match code {
                    KeyCode::Up | KeyCode::Char('k') => screen.mode = Mode::List((chosen + count - 1) % count),
                    KeyCode::Down | KeyCode::Char('j') => screen.mode = Mode::List((chosen + 1) % count),
                    KeyCode::Enter => {
                        let exercise = Exercise::all().nth(chosen).expect("an index of the list");
                        open(checker, workspace, screen, exercise);
                    }
                    KeyCode::Esc | KeyCode::Char('l') => screen.mode = Mode::Exercise,
                    KeyCode::Char('q') => return Ok(()),
                    _ => {}
                }
            }
            (Mode::ConfirmReset, KeyCode::Char('y')) => {
                screen.mode = Mode::Exercise;
                let mut said = Vec::new();
                let reset = files::reset(workspace, screen.exercise, &mut said);
                screen.said = String::from_utf8_lossy(&said).lines().map(String::from).collect();
                if let Err(Failure::Failed(why) | Failure::Usage(why)) = reset {
                    screen.said = wrap(&why);
                }
                checker.check(workspace, screen);
            }
            (Mode::ConfirmReset, _) => screen.mode = Mode::Exercise,
            (Mode::Exercise, KeyCode::Char('q')) => return Ok(()),
            (Mode::Exercise, KeyCode::Char('h')) => {
                let hints = Shown::read(workspace, screen.exercise.problem);
                let number = match &hints {
                    Ok(shown) => shown.next(screen.exercise),
                    Err(_) => screen.hint.map_or(1, |number| (number + 1).min(screen.exercise.hints().len())),
                };
                screen.hint = Some(number);
                // Shown from its first line, at the top of the body or as far down as it goes.
                let shown = screen.layout(workspace, height);
                screen.scroll = shown.hint_at.unwrap_or(0).min(shown.max_scroll);
                let recorded = hints.and_then(|mut shown| shown.record(workspace, screen.exercise, number));
                screen.said = recorded.err().as_deref().map(wrap).unwrap_or_default();
            }
            (Mode::Exercise, KeyCode::Up | KeyCode::Char('k')) => screen.scroll = screen.scroll.saturating_sub(1),
            (Mode::Exercise, KeyCode::Down | KeyCode::Char('j')) => {
                screen.scroll = (screen.scroll + 1).min(layout.max_scroll);
            }
            (Mode::Exercise, KeyCode::PageUp) => screen.scroll = screen.scroll.saturating_sub(layout.page),
            (Mode::Exercise, KeyCode::PageDown) => {
                screen.scroll = (screen.scroll + layout.page).min(layout.max_scroll);
            }
            (Mode::Exercise, KeyCode::Char('l')) => screen.mode = Mode::List(Screen::index(screen.exercise)),
            (Mode::Exercise, KeyCode::Char('r')) => screen.mode = Mode::ConfirmReset,
            (Mode::Exercise, KeyCode::Char('n')) => {
                let next = Exercise::all().nth(Screen::index(screen.exercise) + 1);
                match next {
                    Some(next) if screen.passes() => open(checker, workspace, screen, next),
                    Some(_) => screen.said = vec!["n moves on once this exercise passes.".to_string()],
                    None if screen.passes() => {
                        screen.said = vec!["That was the last exercise: every step of the ladder is done.".to_string()];
                    }
                    None => screen.said = vec!["That is the last exercise.".to_string()],
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// Watches `exercise` from now on, checked at once (or its verdict recorded).
fn open(checker: &Checker, workspace: &Workspace, screen: &mut Screen, exercise: Exercise) {
    screen.exercise = exercise;
    screen.mode = Mode::Exercise;
    screen.hint = None;
    screen.said.clear();
    screen.scanning = false;
    checker.check(workspace, screen);
}

/// Where `exercise` stands, its file as it is now, where that is known
/// without a check: not started, or recorded ([`super::known`]).
fn known_now(workspace: &Workspace, exercise: Exercise) -> Option<Status> {
    files::read(workspace, exercise).ok().and_then(|text| super::known(workspace, exercise, &text))
}

/// `text` in lines of [`WIDTH`] columns.
fn wrap(text: &str) -> Vec<String> {
    textwrap::wrap(text, queens_cli::wrapping(WIDTH)).iter().map(|line| line.to_string()).collect()
}

/// Draws `lines` from the top of a cleared screen.
fn draw(terminal: &mut ratatui::DefaultTerminal, lines: &[String]) -> Outcome {
    let text: Vec<Line> = lines.iter().map(|line| Line::raw(line.as_str())).collect();
    terminal.draw(|frame| frame.render_widget(Paragraph::new(text), frame.area()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The screen of exercise 52 bitmask, its verdict `status`.
    fn screen(status: Status) -> Screen {
        let mut known: Vec<Option<Status>> = Exercise::all().map(|_| None).collect();
        let exercise = Exercise::bitmask_52();
        known[Screen::index(exercise)] = Some(status);
        Screen {
            exercise,
            known,
            hint: None,
            scroll: 0,
            said: Vec::new(),
            mode: Mode::Exercise,
            checked: None,
            checking: None,
            scanning: false,
        }
    }

    /// `scratch` as from its root: the exercise's path is short.
    fn at_root(scratch: &Workspace) -> Workspace {
        Workspace { root: scratch.root.clone(), at_root: true }
    }

    /// A verdict of `count` lines of detail, each numbered.
    fn long(count: usize) -> Status {
        let details = (1..=count).map(|line| format!("detail {line}")).collect();
        Status::Failing { n: 4, reason: "returned 0, expected 2".to_string(), details }
    }

    /// Every line within 80 columns, and no more lines than the screen's rows.
    fn assert_fits(lines: &[String], height: usize) {
        assert!(lines.len() <= height, "{} lines for {height} rows:\n{}", lines.len(), lines.join("\n"));
        assert!(lines.iter().all(|line| line.chars().count() <= WIDTH), "{}", lines.join("\n"));
    }

    #[test]
    fn a_verdict_that_fits_shows_whole_with_the_plain_keys() {
        let scratch = Workspace::scratch("watch_fits");
        let workspace = at_root(&scratch);
        let layout = screen(long(3)).layout(&workspace, 24);
        assert_fits(&layout.lines, 24);
        assert_eq!(layout.max_scroll, 0);
        assert!(layout.lines.iter().any(|line| line == "detail 3"), "{}", layout.lines.join("\n"));
        assert_eq!(layout.lines.last().map(String::as_str), Some(KEYS));
        assert!(!layout.lines.iter().any(|line| line.starts_with("(lines ")), "{}", layout.lines.join("\n"));
    }

    /// At 80×24 a long verdict and a hint do not fit: a line says which of
    /// their lines show and how to see the others, the keys say it too, and
    /// scrolled to its end the screen shows the hint's last line.
    #[test]
    fn a_verdict_that_does_not_fit_says_so_and_scrolls() {
        let scratch = Workspace::scratch("watch_scrolls");
        let workspace = at_root(&scratch);
        let mut screen = screen(long(30));
        screen.hint = Some(1);
        let top = screen.layout(&workspace, 24);
        assert_fits(&top.lines, 24);
        assert!(top.max_scroll > 0);
        let said = format!("(lines 1 to {} of ", top.page);
        assert!(top.lines.iter().any(|line| line.starts_with(&said)), "{}", top.lines.join("\n"));
        assert!(top.lines.last().is_some_and(|keys| keys.starts_with(KEYS) && keys.ends_with("↑↓ scroll")));
        assert!(top.lines.iter().any(|line| line == "detail 1"), "{}", top.lines.join("\n"));
        let hint = Exercise::bitmask_52().hints()[0];
        let last_word = hint.split_whitespace().last().unwrap();
        assert!(!top.lines.iter().any(|line| line.ends_with(last_word)), "{}", top.lines.join("\n"));
        screen.scroll = top.max_scroll;
        let end = screen.layout(&workspace, 24);
        assert_fits(&end.lines, 24);
        assert!(end.lines.iter().any(|line| line == "Hint 1 of 3:"), "{}", end.lines.join("\n"));
        assert!(end.lines.iter().any(|line| line.ends_with(last_word)), "{}", end.lines.join("\n"));
        assert!(!end.lines.iter().any(|line| line == "detail 1"), "{}", end.lines.join("\n"));
        let hint_at = end.hint_at.expect("a hint");
        assert!(hint_at >= end.max_scroll, "the hint's first line shows once scrolled to the end");
    }

    /// A hint asked for on an exercise that passes is shown: the hint seen
    /// is recorded only as shown.
    #[test]
    fn a_hint_asked_for_shows_on_an_exercise_that_passes() {
        let scratch = Workspace::scratch("watch_hint");
        let workspace = at_root(&scratch);
        let mut screen = screen(Status::Pastes(vec!["Past the judge's range, which the judge never asks:".into()]));
        screen.hint = Some(2);
        let layout = screen.layout(&workspace, 24);
        assert_fits(&layout.lines, 24);
        assert!(layout.lines.iter().any(|line| line == "Hint 2 of 3:"), "{}", layout.lines.join("\n"));
    }
}
