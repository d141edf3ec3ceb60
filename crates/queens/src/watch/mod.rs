//! `queens watch [N]`: one step of the chain, running, event by event, in a
//! full-screen terminal view (or as text with `--trace`, or as an animated
//! SVG with `--svg FILE`). The event source is [`events`], the state and
//! keys [`state`], the drawing [`view`], the picture [`svg`]; this module
//! parses the arguments and runs the terminal loop. See docs/watch.md.

mod events;
mod state;
mod svg;
mod view;

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{self, Event as TermEvent, KeyEventKind};

use crate::{Failure, Outcome, Problem, parse_n};
use events::{Event, Mistake, Search, Step, trace_line};
use state::{App, State};

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
    /// The step of the chain whose check is shown (keys 1-4 switch while watching).
    #[arg(long, value_enum, value_name = "STEP", default_value = "board_scan")]
    pub approach: Step,
    /// Run a classic mistake of docs/common-mistakes.md in place of its line (sets the step).
    #[arg(long, value_enum, value_name = "NAME")]
    pub mistake: Option<Mistake>,
    /// Write the events as text, one per line, instead of the view.
    #[arg(long, long_help = TRACE_HELP)]
    pub trace: bool,
    /// With --trace: stop after this many events.
    #[arg(long, value_name = "K", value_parser = parse_limit)]
    pub limit: Option<u64>,
    /// Write the whole search as a self-contained animated SVG to FILE (for the docs).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

fn parse_limit(text: &str) -> Result<u64, String> {
    crate::parse_whole("--limit", text, 1)
}

/// Runs `queens watch`.
pub fn run(args: &Args, out: &mut impl Write) -> Outcome {
    if !(1..=MAX_N).contains(&args.n) {
        return Err(Failure::Usage(format!(
            "watch takes n from 1 to {MAX_N} (got {}): larger searches run for hours at a watchable speed",
            args.n
        )));
    }
    if args.limit.is_some() && !args.trace {
        return Err(Failure::Usage("--limit counts the events of --trace: add --trace".into()));
    }
    if args.svg.is_some() && args.trace {
        return Err(Failure::Usage("--svg and --trace each write the whole search: choose one".into()));
    }
    let n = args.n as usize;
    if let Some(path) = &args.svg {
        let picture = svg::write(n, args.approach, args.mistake, args.problem);
        return std::fs::write(path, picture)
            .map_err(|error| Failure::Failed(format!("cannot write {}: {error}", path.display())));
    }
    if args.trace {
        return trace(n, args.approach, args.mistake, args.limit, out);
    }
    if !io::stdout().is_terminal() || !io::stdin().is_terminal() {
        return Err(Failure::Usage(
            "watch needs a terminal; --trace writes the same events as text, one per line".into(),
        ));
    }
    let mut terminal = ratatui::try_init()?;
    let result = watch(&mut terminal, App::new(n, args.approach, args.mistake), args.problem);
    ratatui::restore();
    result
}

/// Writes every event, one per line, then the counters.
fn trace(n: usize, step: Step, mistake: Option<Mistake>, limit: Option<u64>, out: &mut impl Write) -> Outcome {
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
    writeln!(out, "end nodes {nodes} checks {checks} backtracks {backtracks} solutions {solutions}")?;
    Ok(())
}

/// The terminal loop: draw, read keys until the next frame is due, play.
fn watch(terminal: &mut ratatui::DefaultTerminal, mut app: App, problem: Problem) -> Outcome {
    const FRAME: Duration = Duration::from_millis(16);
    let (mut frames, mut fps, mut second) = (0, 0, Instant::now());
    let mut last_tick = Instant::now();
    while !app.quit {
        let shown = app.playing.then_some(fps);
        terminal.draw(|frame| view::draw(frame, &app, problem, shown))?;
        frames += 1;
        if second.elapsed() >= Duration::from_secs(1) {
            (fps, frames, second) = (frames, 0, Instant::now());
        }
        let deadline = Instant::now() + if app.playing { FRAME } else { Duration::from_millis(500) };
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            if !event::poll(wait)? {
                break;
            }
            match event::read()? {
                TermEvent::Key(key) if key.kind == KeyEventKind::Press => {
                    app.key(key);
                    break;
                }
                // Drawn again at once, at the new size.
                TermEvent::Resize(..) => break,
                _ => {}
            }
        }
        app.tick(last_tick.elapsed());
        last_tick = Instant::now();
    }
    Ok(())
}
