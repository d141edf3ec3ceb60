//! Everything the command asks of the two problem crates, in one place.
//!
//! The approaches always come from the crates' own lists,
//! `n_queens::APPROACHES` (LeetCode 51) and `n_queens_ii::APPROACHES`
//! (LeetCode 52), so a new approach shows up in every subcommand without a
//! change here. The checks of this module run before any library call: the
//! judge-signature functions panic past their range, and a user must get a
//! one-line message instead.

use n_queens_ii::counting::{self, CountError, Options};

/// What a count may report while it runs: (tasks done, tasks total).
pub type Progress<'a> = &'a (dyn Fn(u64, u64) + Sync);

/// The largest n whose boards the judge-signature functions of LeetCode 51
/// may return here: they hold every board in memory at once, and n = 15
/// already has 2,279,184 boards of 15 strings each (over a gigabyte).
/// The streaming iterator and `construct` go much further.
pub const COLLECT_MAX_N: u32 = 14;

/// The largest board `construct` builds here: it is held in memory (4 bytes
/// a row) and printed as text (up to 10 bytes a row), so far below the
/// library's own limit of 2^32.
pub const CONSTRUCT_MAX_N: u32 = 100_000_000;

/// One approach to LeetCode 52, looked up by name, or a message listing the
/// valid names.
pub fn approach_52(name: &str) -> Result<&'static n_queens_ii::Approach, String> {
    n_queens_ii::approach(name).ok_or_else(|| {
        format!(
            "unknown LeetCode 52 approach {name:?}; the approaches are: {}",
            names(n_queens_ii::APPROACHES.iter().map(|approach| approach.name))
        )
    })
}

/// One approach to LeetCode 51, looked up by name, or a message listing the
/// valid names.
pub fn approach_51(name: &str) -> Result<&'static n_queens::Approach, String> {
    n_queens::approach(name).ok_or_else(|| {
        format!(
            "unknown LeetCode 51 approach {name:?}; the approaches are: {}",
            names(n_queens::APPROACHES.iter().map(|approach| approach.name))
        )
    })
}

/// `a, b, c`: a list of names for a message.
pub fn names<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    names.into_iter().collect::<Vec<_>>().join(", ")
}

/// The largest n the 64-bit counter of a LeetCode 52 approach serves.
pub fn count_max_n(approach: &n_queens_ii::Approach) -> u32 {
    approach.max_n
}

/// Whether the approach can count unique boards (one per symmetry class).
pub fn counts_unique(approach: &n_queens_ii::Approach) -> bool {
    approach.counts_unique
}

/// Whether the approach uses more than one thread when asked.
pub fn uses_threads(approach: &n_queens_ii::Approach) -> bool {
    approach.threads
}

/// Counts the solutions for `n` (or the unique ones, one per class of boards
/// equal under rotations and reflections) with the approach called `name`,
/// or with the fastest counter (`counting::FASTEST`) when `name` is `None`.
///
/// The error is the library's one-line message: an unknown name (with the
/// valid ones), `n` out of the approach's range (with the range), `unique`
/// where the approach cannot count classes (with the ones that can), a count
/// past `u64`.
pub fn count(
    name: Option<&str>,
    n: u32,
    unique: bool,
    threads: usize,
    progress: Option<Progress>,
) -> Result<u64, String> {
    let options = Options { threads, progress };
    let name = name.unwrap_or(counting::FASTEST);
    let counted =
        if unique { counting::unique_with(name, n, &options) } else { counting::total_with(name, n, &options) };
    counted.map_err(|error| error.to_string())
}

/// Checks `n` and `unique` against the counter [`count`] would use, before
/// any time is spent on it, with the message the library would give.
pub fn check_count(name: Option<&str>, n: u32, unique: bool) -> Result<(), String> {
    let approach = approach_52(name.unwrap_or(counting::FASTEST))?;
    if unique && !counts_unique(approach) {
        return Err(CountError::UniqueUnsupported { approach: approach.name }.to_string());
    }
    if n > count_max_n(approach) {
        return Err(CountError::OutOfRange { approach: approach.name, n, max: count_max_n(approach) }.to_string());
    }
    Ok(())
}

/// Where the boards of `queens boards` come from: an approach of
/// `n_queens::APPROACHES`, or a module of `n_queens::EXTRAS` that gives boards.
#[derive(Clone, Copy, Debug)]
pub enum BoardSource {
    /// An approach through the judge's signature: every board at once, so
    /// n <= [`COLLECT_MAX_N`].
    Approach(&'static n_queens::Approach),
    /// `n_queens::streaming::boards`: every board, lazily, one at a time.
    Streaming,
    /// `n_queens::unique::canonical_boards`: one board per symmetry class, lazily.
    Unique,
    /// `n_queens::construct::construct`: one board, built without search.
    Construct,
}

impl BoardSource {
    /// The source called `name`, or a message listing the valid names.
    pub fn named(name: &str) -> Result<BoardSource, String> {
        match n_queens::approach(name) {
            Some(approach) => Ok(BoardSource::Approach(approach)),
            None => Self::extra(name)
                .ok_or_else(|| format!("unknown LeetCode 51 approach {name:?}; the approaches are: {}", Self::names())),
        }
    }

    /// The module of `n_queens::EXTRAS` called `name`, if it gives boards
    /// this command can draw (each has its own signature).
    fn extra(name: &str) -> Option<BoardSource> {
        match n_queens::extra(name)?.name {
            "streaming" => Some(BoardSource::Streaming),
            "unique" => Some(BoardSource::Unique),
            "construct" => Some(BoardSource::Construct),
            _ => None,
        }
    }

    /// Every name [`BoardSource::named`] takes, in order, for messages.
    pub fn names() -> String {
        let approaches = n_queens::APPROACHES.iter().map(|approach| approach.name);
        let extras = n_queens::EXTRAS.iter().map(|extra| extra.name).filter(|name| Self::extra(name).is_some());
        names(approaches.chain(extras))
    }

    /// The name of the source, as `--approach` takes it.
    pub fn name(self) -> &'static str {
        match self {
            BoardSource::Approach(approach) => approach.name,
            BoardSource::Streaming => "streaming",
            BoardSource::Unique => "unique",
            BoardSource::Construct => "construct",
        }
    }

    /// The largest n this source serves here.
    pub fn max_n(self) -> u32 {
        match self {
            BoardSource::Approach(_) => COLLECT_MAX_N,
            BoardSource::Streaming | BoardSource::Unique => n_queens::streaming::MAX_N,
            BoardSource::Construct => {
                CONSTRUCT_MAX_N.min(u32::try_from(n_queens::construct::MAX_N).unwrap_or(u32::MAX))
            }
        }
    }

    /// Why the range stops where it does, for the out-of-range message.
    fn range_reason(self) -> &'static str {
        match self {
            BoardSource::Approach(_) => {
                "it returns every board at once, as the judge's signature does, and n = 15 already has \
                 2,279,184; the default, streaming, goes further"
            }
            BoardSource::Streaming | BoardSource::Unique => {
                "one bit per column in a 64-bit mask; construct gives one board for any n"
            }
            BoardSource::Construct => "the board is held in memory and printed",
        }
    }

    /// Checks `n` against [`BoardSource::max_n`], with a message that says the range.
    pub fn check(self, n: u32) -> Result<(), String> {
        let max = self.max_n();
        if n > max {
            return Err(format!(
                "{} gives boards for n <= {max} ({}); n = {n} is out of its range",
                self.name(),
                self.range_reason()
            ));
        }
        Ok(())
    }

    /// The boards for `n`, each as the queen's column per row. Call
    /// [`BoardSource::check`] first: past the range the library panics.
    pub fn boards(self, n: u32) -> Box<dyn Iterator<Item = Vec<u32>>> {
        match self {
            BoardSource::Approach(approach) => {
                let boards = (approach.solve)(n as i32); // n <= COLLECT_MAX_N, checked
                Box::new(boards.into_iter().map(|rows| rows_to_columns(&rows)))
            }
            BoardSource::Streaming => Box::new(n_queens::streaming::boards(n).map(n_queens::Board::into_columns)),
            BoardSource::Unique => Box::new(n_queens::unique::canonical_boards(n).map(n_queens::Board::into_columns)),
            BoardSource::Construct => {
                Box::new(n_queens::construct::construct(n as usize).into_iter().map(n_queens::Board::into_columns))
            }
        }
    }
}

/// The queen's column per row of a board in the judge's format.
pub fn rows_to_columns(rows: &[String]) -> Vec<u32> {
    rows.iter().map(|row| row.find('Q').map_or(0, |col| col as u32)).collect()
}
