//! `queens watch [N]`: one step of the chain, running, event by event, in a
//! full-screen terminal view (or as text with `--trace`, or as an animated
//! SVG with `--svg FILE`). This module parses the arguments and runs the
//! terminal loop; docs/watch.md says how the modules below fit together.

mod app;
mod check;
mod event;
mod history;
mod mistakes;
mod search;
mod source;
mod square;
mod squares;
mod state;
mod steps;
mod svg;
mod view;
mod wrap;
mod words;

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{self as term, Event as TermEvent, KeyEventKind};

use n_queens_steps::chain::{self, Step};
use queens_terminal::{FullScreen, Input};

use app::App;
use event::Event;
use mistakes::Mistake;
use queens_cli::{Failure, Outcome, Problem, parse_n, parse_whole};
use search::{Search, trace_line};
use state::State;

/// The largest board watched: n = 13's search takes hours at a speed a person can follow.
const MAX_N: u32 = 12;

/// The long help: the trace format.
const TRACE_HELP: &str = "\
Write the events as text, one per line, instead of the view.
Rows and columns count from 0. The format is stable:
  place ROW COL            a queen put on (ROW, COL)
  back ROW COL             a queen taken away on the way back
  solution C0 .. Cn-1      every row has its queen: the column of each row's queen
  try ROW COL              steps 1-3: the square about to be checked
  scan LINE ROW COL queen|empty           board_scan: one square read
  compare ROW COL DISTANCE attacks|safe   column_abs: one queen above compared
  flag LINE INDEX taken|free              three_arrays: one flag read
  masks ROW COLUMNS DIAGONALS ANTI FREE   bitmask: a call's own masks
  lowest ROW BITS                         bitmask: free & free.wrapping_neg()
  cleared ROW FREE                        bitmask: free &= free - 1
  crash MESSAGE                           a mistake's run ends: Rust's panic message, or stack overflow
  end nodes N checks N backtracks N solutions N     the counters, at the end
LINE: column, diagonal or anti_diagonal. Masks in binary, column 0 the last digit.";

/// Arguments of `queens watch`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The size of the board, 1 to 12.
    #[arg(default_value = "6", value_parser = parse_n, allow_negative_numbers = true)]
    pub n: u32,
    /// Which problem's source file is shown.
    #[arg(long, value_enum, default_value = "52")]
    pub problem: Problem,
    /// The step of the chain whose check is shown (keys 1-4 switch while watching)
    /// [default: board_scan, or the mistake's step]
    #[arg(long, value_name = "STEP", value_parser = StepParser)]
    pub approach: Option<&'static Step>,
    /// Run a classic mistake of docs/common-mistakes.md in place of its code, on its own step.
    #[arg(long, value_name = "NAME", value_parser = mistakes::parser(), long_help = mistakes::help(), hide_possible_values = true)]
    pub mistake: Option<Mistake>,
    /// Write the events as text, one per line, instead of the view.
    #[arg(long, long_help = TRACE_HELP)]
    pub trace: bool,
    /// With --trace: stop after this many events.
    #[arg(long, value_name = "K", allow_hyphen_values = true)]
    #[arg(value_parser = |text: &str| parse_whole("--limit", text, 1))]
    pub limit: Option<u64>,
    /// Write the whole search as a self-contained animated SVG to FILE (for the docs).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// `--approach STEP`: a step that `queens watch` shows; another step of the
/// chain, or a name that is none, is refused with why and the steps it shows
/// (which `--help` lists, with each one's number and idea).
#[derive(Clone)]
struct StepParser;

impl clap::builder::TypedValueParser for StepParser {
    type Value = &'static Step;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<&'static Step, clap::Error> {
        let name = value.to_string_lossy();
        let shown: Vec<&str> = chain::watched().map(|step| step.name).collect();
        let why = match chain::step(&name) {
            Some(step) if step.check_unit.is_some() => return Ok(step),
            Some(_) => format!("{name} is a step of the chain that queens watch does not show"),
            None => format!("there is no step {name:?}"),
        };
        let message = format!("{why}; the steps it shows: {}\n", shown.join(", "));
        Err(clap::Error::raw(clap::error::ErrorKind::InvalidValue, message).with_cmd(cmd))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        let value = |step: &'static Step| {
            let idea = n_queens_ii::approach(step.name).map_or("", |approach| approach.idea);
            let number = step.number.map_or(String::new(), |number| format!("{number}: "));
            clap::builder::PossibleValue::new(step.name).help(number + idea)
        };
        Some(Box::new(chain::watched().map(value)))
    }
}

/// Runs `queens watch`.
pub fn run(args: &Args, out: &mut impl Write) -> Outcome {
    if !(1..=MAX_N).contains(&args.n) {
        let why = if args.n < 1 {
            "a board needs a row to watch"
        } else {
            "larger searches run for hours at a watchable speed"
        };
        return Err(Failure::Usage(format!("watch takes n from 1 to {MAX_N} (got {}): {why}", args.n)));
    }
    if args.limit.is_some() && !args.trace {
        return Err(Failure::Usage("--limit counts the events of --trace: add --trace".into()));
    }
    if args.svg.is_some() && args.trace {
        return Err(Failure::Usage("--svg and --trace each write the whole search: choose one".into()));
    }
    let step = step(args)?;
    let n = args.n as usize;
    if let Some(path) = &args.svg {
        let picture = svg::write(n, step, args.mistake, args.problem).map_err(Failure::Usage)?;
        return std::fs::write(path, picture)
            .map_err(|error| Failure::Failed(format!("cannot write {}: {error}", path.display())));
    }
    if args.trace {
        return trace(n, step, args.mistake, args.limit, out);
    }
    if !io::stdout().is_terminal() || !io::stdin().is_terminal() {
        return Err(Failure::Usage(
            "watch needs a terminal; --trace writes the same events as text, one per line".into(),
        ));
    }
    // NO_COLOR (no-color.org): set and not empty.
    let colour = std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty());
    let mut screen = FullScreen::enter()?;
    let result = watch(&mut screen, App::new(n, step, args.mistake), args.problem, colour);
    // Nothing of the view's own to undo after a signal.
    screen.leave(|| {});
    result
}

/// The step watched: `--approach`, or the mistake's own step; a mistake on another step is refused.
fn step(args: &Args) -> Result<&'static Step, Failure> {
    let first = || chain::watched().next().expect("watch shows a step");
    let Some(mistake) = args.mistake else { return Ok(args.approach.unwrap_or_else(first)) };
    let own = mistake.step();
    if let Some(step) = args.approach.filter(|step| step.name != own.name) {
        let (name, own, step) = (mistake.row().name, own.name, step.name);
        return Err(Failure::Usage(format!(
            "--mistake {name} is a mistake of {own}, not of {step}: drop --approach {step}, or use --approach {own}"
        )));
    }
    if args.problem == Problem::NQueens {
        return Err(Failure::Usage(format!(
            "--mistake {} is written for LeetCode 52 (docs/common-mistakes.md): drop --problem 51",
            mistake.row().name
        )));
    }
    Ok(own)
}

/// Writes every event, one per line, then the counters.
fn trace(n: usize, step: &'static Step, mistake: Option<Mistake>, limit: Option<u64>, out: &mut impl Write) -> Outcome {
    let mut search = Search::new(n, step, mistake);
    let mut state = State::default();
    loop {
        if limit.is_some_and(|limit| state.events >= limit) {
            return Ok(());
        }
        let event = search.next_event();
        state.apply(event);
        if event == Event::Done {
            break;
        }
        writeln!(out, "{}", trace_line(&event, &search))?;
    }
    let State { nodes, checks, backtracks, solutions, .. } = state;
    Ok(writeln!(out, "end nodes {nodes} checks {checks} backtracks {backtracks} solutions {solutions}")?)
}

/// The terminal loop: draw, read keys until the next frame is due, play.
fn watch(screen: &mut FullScreen, mut app: App, problem: Problem, colour: bool) -> Outcome {
    let (mut frames, mut fps, mut second) = (0, 0, Instant::now());
    let mut last_tick = Instant::now();
    while !app.quit && !screen.caught() {
        let shown = app.playing.then_some(fps);
        screen.terminal().draw(|frame| view::draw(frame, &app, problem, shown, colour))?;
        frames += 1;
        if second.elapsed() >= Duration::from_secs(1) {
            (fps, frames, second) = (frames, 0, Instant::now());
        }
        let deadline = Instant::now() + app.frame_wait();
        // Every key queued is applied before the next frame; the first one ends the wait.
        let mut wait = deadline.saturating_duration_since(Instant::now());
        while !screen.caught() {
            match screen.input_within(wait) {
                Ok(Input::Ready) => {}
                Ok(Input::None) => break,
                Ok(Input::HungUp) => return Ok(()),
                Err(_) if screen.caught() => break,
                Err(error) => return Err(error.into()),
            }
            match term::read()? {
                TermEvent::Key(key) if key.kind == KeyEventKind::Press => {
                    app.update(app::action(key));
                    wait = Duration::ZERO;
                }
                // Drawn again at once, at the new size.
                TermEvent::Resize(..) => wait = Duration::ZERO,
                _ => {}
            }
        }
        app.tick(last_tick.elapsed());
        last_tick = Instant::now();
    }
    Ok(())
}
