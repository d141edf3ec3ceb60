//! `queens boards N`: draws the boards for n, streaming them one at a time
//! so that a large n starts printing at once and stops at `--limit`.

use std::io::Write;

use crate::draw::{self, Format, Glyphs};
use crate::library::BoardSource;
use crate::{Outcome, parse_n, say};

/// Arguments of `queens boards`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The size of the board: n queens on an n×n board.
    #[arg(value_parser = parse_n, allow_negative_numbers = true)]
    pub n: u32,
    /// Where the boards come from: an approach of `queens list`, or
    /// streaming (the default: lazy, any n <= 64), unique, construct (one
    /// board, no search, any n).
    #[arg(long, value_name = "NAME")]
    pub approach: Option<String>,
    /// Stop after this many boards.
    #[arg(long, value_name = "K", value_parser = parse_limit)]
    pub limit: Option<u64>,
    /// One board per class of boards equal under rotations and reflections.
    #[arg(long)]
    pub unique: bool,
    /// board: a grid; rows: the judge's strings; columns: the queen's column
    /// per row, one board a line (the only sensible format for large n).
    #[arg(long, value_enum, default_value_t = Format::Board)]
    pub format: Format,
    /// Draw the grid in plain ASCII (the default follows the locale).
    #[arg(long)]
    pub ascii: bool,
}

/// Parses `--limit`: at least one board.
fn parse_limit(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("--limit must be at least 1 (leave it out for every board)".to_string()),
        Ok(limit) => Ok(limit),
        Err(_) => Err(format!("--limit must be a whole number, 1 or more (got {text:?})")),
    }
}

/// The source without `--approach`: the library's lazy iterator.
fn default_source() -> BoardSource {
    BoardSource::named("streaming").unwrap_or_else(|_| {
        let last = n_queens::APPROACHES.last().expect("n_queens has approaches");
        BoardSource::Approach(last)
    })
}

/// Runs `queens boards`.
pub fn run(args: &Args, out: &mut impl Write) -> Outcome {
    let n = args.n;
    args.format.check(n)?;
    let named = match &args.approach {
        Some(name) => BoardSource::named(name)?,
        None => default_source(),
    };
    // With --unique, the lazy sources give the canonical boards directly; an
    // approach's boards are filtered down to the canonical one of each class.
    let (source, keep_canonical_only) = match (named, args.unique) {
        (BoardSource::Streaming, true) => (BoardSource::Unique, false),
        (BoardSource::Approach(_), true) => (named, true),
        (BoardSource::Construct, true) => {
            return Err("construct builds one board, not one per class: --unique does not apply to it"
                .to_string()
                .into());
        }
        (source, _) => (source, false),
    };
    source.check(n)?;
    let limit = args.limit.unwrap_or(u64::MAX);
    let glyphs = Glyphs::pick(args.ascii);
    let mut written = 0;
    for columns in source.boards(n) {
        if written >= limit {
            break;
        }
        if keep_canonical_only {
            let board = n_queens::Board::new(columns.clone());
            if n_queens::unique::canonical(&board) != board {
                continue;
            }
        }
        draw::write_board(out, &columns, args.format, glyphs)?;
        written += 1;
    }
    if written == 0 {
        out.flush()?;
        say(format_args!("n = {n} has no solution: no queens can be placed without an attack"));
    }
    Ok(())
}
