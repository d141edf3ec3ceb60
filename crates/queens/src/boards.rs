//! `queens boards N`: draws the boards for n. Each board is written out as
//! soon as its source finds it, and with `--limit K` the command returns as
//! soon as the K-th is written: it never asks its source for one more, which
//! for some n would mean a long search.

use std::io::{IsTerminal, Write};

use n_queens::{BoardSource, Gives};

use crate::common::{Failure, Outcome, parse_n, say};
use crate::draw::{self, Format, Glyphs};

/// Arguments of `queens boards`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The size of the board: n queens on an n×n board.
    #[arg(value_parser = parse_n, allow_negative_numbers = true)]
    pub n: u32,
    /// Where the boards come from (`queens boards --help` lists the sources).
    #[arg(long, value_name = "NAME", long_help = approach_help())]
    pub approach: Option<String>,
    /// Stop after this many boards, as soon as the last is written.
    #[arg(long, value_name = "K", value_parser = parse_limit, allow_hyphen_values = true, long_help = limit_help())]
    pub limit: Option<u64>,
    /// One board per class under rotations and reflections, the smallest of each.
    #[arg(long, long_help = UNIQUE_HELP)]
    pub unique: bool,
    /// The output format.
    #[arg(long, value_enum, default_value_t = Format::Board)]
    pub format: Format,
    /// Draw the grid in plain ASCII (the default follows the locale).
    #[arg(long)]
    pub ascii: bool,
}

/// The long help of `--limit`: where the stream's next boards are far.
fn limit_help() -> String {
    let far: Vec<String> =
        (0..=n_queens::streaming::MAX_N).filter(|&n| search_is_far(n)).map(|n| n.to_string()).collect();
    let (last, others) = far.split_last().expect("some n is far");
    format!(
        "Stop after this many boards, as soon as the last is written. From the default source \
         the first boards come at once for every n: the constructed board, then its rotations and \
         reflections, up to 8 boards. The next ones come soon, except for n = {} and {last} (from \
         43 on, n leaving 1 or 5 divided by 6), where the board after those is a long search \
         away; on a terminal, stderr says so before that search starts. The sources that give \
         every board all at once find them all before the first is written.",
        others.join(", ")
    )
}

/// Whether, for `n`, the default source's search past the boards it gives
/// at once is long: n from 43 on whose constructed board is the modular one
/// (`docs/streaming.md` measures them).
fn search_is_far(n: u32) -> bool {
    n >= 43 && matches!(n % 6, 1 | 5)
}

/// The long help of `--unique`: what it gives, and where it is slow.
const UNIQUE_HELP: &str = "One board per class of boards equal under rotations and reflections, \
the smallest of each, in the order the source meets the classes. The first comes at once for \
every n; from the default source the second is a long search away for the n that --limit's \
help names. On a terminal, stderr says each class's size, and when that search starts.";

/// Parses `--limit`: at least one board.
fn parse_limit(text: &str) -> Result<u64, String> {
    crate::common::parse_whole("--limit", text, 1).map_err(|error| format!("{error} (leave it out for every board)"))
}

/// The help of `--approach`: every source of `n_queens::BoardSource`, what
/// it gives and up to which n this command writes it, sources alike in both
/// grouped on one line.
fn approach_help() -> String {
    let mut help = String::from("Where the boards come from (as the list subcommand names them):");
    let mut group: Vec<&str> = Vec::new();
    let mut sources = BoardSource::all().peekable();
    while let Some(source) = sources.next() {
        let default = if source.name() == BoardSource::default().name() { " (the default)" } else { "" };
        group.push(source.name());
        let same_as_next = sources.peek().is_some_and(|next| description(*next) == description(source));
        if default.is_empty() && same_as_next {
            continue;
        }
        help.push_str(&format!("\n  {}{default}:\n      {}", group.join(", "), description(source)));
        group.clear();
    }
    help
}

/// What a source gives and up to which n the command writes it, e.g.
/// `every board as it is found, n <= 64`.
fn description(source: BoardSource) -> String {
    let gives = match source.gives() {
        Gives::EveryBoardAtOnce => "every board, all at once",
        Gives::EveryBoard => "every board, each as it is found",
        Gives::OnePerClass => "one board per class, each as it is found",
        Gives::OneBoard => "one board, without search",
    };
    let max_n = source.max_n().min(Format::Columns.max_n());
    format!("{gives}, n <= {}", thousands(max_n))
}

/// `100000000` as `100,000,000`.
fn thousands(number: impl Into<u64>) -> String {
    let digits = number.into().to_string();
    let mut grouped = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// Runs `queens boards`.
pub fn run(args: &Args, out: &mut impl Write) -> Outcome {
    let n = args.n;
    let source = match &args.approach {
        Some(name) => BoardSource::named(name).map_err(Failure::refused)?,
        None => BoardSource::default(),
    };
    args.format.check(n, source).map_err(Failure::Usage)?;
    let mut boards = if args.unique { source.classes(n) } else { source.boards(n) }.map_err(Failure::refused)?;
    let limit = args.limit.unwrap_or(u64::MAX);
    let glyphs = Glyphs::pick(args.ascii);
    // Counts, class sizes and waits are for the person watching, not for a script.
    let on_terminal = std::io::stderr().is_terminal();
    let mut warn_of_the_search = on_terminal && search_is_far(n);
    let mut written = 0;
    while let Some(board) = boards.next() {
        draw::write_board(out, board.columns(), args.format, glyphs)?;
        // Out now, not when the buffer fills: the next board may be a long search away.
        out.flush()?;
        written += 1;
        if on_terminal && args.unique {
            say(class_size(n_queens::unique::class_of(&board).len()));
        }
        if written == limit {
            break; // before the source searches for one more
        }
        // The source says what it holds without search (the stream: its
        // constructed board, turned and reflected); past that, for this n, a wait.
        let (sure, most) = boards.size_hint();
        if warn_of_the_search && sure == 0 && most != Some(0) {
            say(long_search(n, args.unique));
            warn_of_the_search = false;
        }
    }
    if written == 0 {
        say(format_args!("n = {n} has no solution: no queens can be placed without an attack"));
    } else if on_terminal {
        say(drawn(n, written, args.unique));
    }
    Ok(())
}

/// What stderr says before a search that may be long: the next board (or
/// class) is not at hand.
fn long_search(n: u32, unique: bool) -> String {
    let next = if unique { "class" } else { "board" };
    format!("(for n = {n} the next {next} needs a search that may take long; Ctrl-C stops it)")
}

/// What stderr says under a board of `--unique`: how many boards its class holds.
fn class_size(boards: usize) -> String {
    match boards {
        1 => "(its class: this board alone, the same under every symmetry)".to_string(),
        _ => format!("(its class: {boards} boards, its rotations and reflections)"),
    }
}

/// What stderr says at the end: how many boards (or classes) were drawn,
/// out of how many there are (OEIS A000170, A002562) where that is known.
fn drawn(n: u32, written: u64, unique: bool) -> String {
    use n_queens_steps::oeis::{A000170, A002562};
    let (table, one, many) = if unique { (&A002562, "class", "classes") } else { (&A000170, "board", "boards") };
    let noun = |count: u64| if count == 1 { one } else { many };
    let boards = |count: u64| format!("{} board{}", thousands(count), if count == 1 { "" } else { "s" });
    let shown = thousands(written);
    match table.get(n as usize) {
        Some(&all) if unique => {
            format!("{shown} of {} {} for n = {n} ({} in all)", thousands(all), noun(all), boards(A000170[n as usize]))
        }
        Some(&all) => format!("{shown} of {} for n = {n}", boards(all)),
        None => format!("{shown} {} for n = {n}; nobody has counted them all", noun(written)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(0u32), "0");
        assert_eq!(thousands(999u32), "999");
        assert_eq!(thousands(1000u32), "1,000");
        assert_eq!(thousands(100_000_000u32), "100,000,000");
    }

    /// What a terminal reads on stderr: drawn out of how many, and each
    /// class's size, from the OEIS tables.
    #[test]
    fn stderr_says_how_many_of_how_many() {
        assert_eq!(drawn(8, 2, false), "2 of 92 boards for n = 8");
        assert_eq!(drawn(8, 12, true), "12 of 12 classes for n = 8 (92 boards in all)");
        assert_eq!(drawn(6, 1, true), "1 of 1 class for n = 6 (4 boards in all)");
        assert_eq!(drawn(1, 1, false), "1 of 1 board for n = 1");
        assert_eq!(drawn(16, 1, false), "1 of 14,772,512 boards for n = 16");
        assert_eq!(drawn(40, 1, false), "1 board for n = 40; nobody has counted them all");
        assert!(drawn(40, 3, true).starts_with("3 classes for n = 40"));
        assert!(class_size(8).contains("8 boards"));
        assert!(class_size(1).contains("alone"));
    }

    /// The help names the n where the search past the boards at hand is
    /// long, those the terminal is warned of; the warning fits a line.
    #[test]
    fn the_long_searches_are_named_and_the_warning_fits() {
        let help = limit_help();
        assert!(help.contains("n = 43, 47, 49, 53, 55, 59 and 61 (from 43 on, n leaving 1 or 5"), "{help}");
        for unique in [false, true] {
            assert!(long_search(61, unique).chars().count() <= 80, "{}", long_search(61, unique));
        }
    }

    /// The help says the range of every source as this command writes it:
    /// no "any n".
    #[test]
    fn the_help_names_every_source_and_its_range() {
        let help = approach_help();
        for source in BoardSource::all() {
            assert!(help.contains(source.name()), "{help}");
        }
        assert!(!help.contains("any n"), "{help}");
        assert!(help.contains(&format!("n <= {}", thousands(Format::Columns.max_n()))), "{help}");
        assert!(help.lines().all(|line| line.chars().count() <= 78), "{help}");
    }
}
