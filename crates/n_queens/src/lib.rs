//! LeetCode 51, N-Queens: place `n` queens on an n×n board so that no two
//! attack each other, and return every such board.
//!
//! Each approach module is one step, in the order a learner climbs them;
//! each file pastes into the judge as it is (everything after its
//! `pub struct Solution;` line).
//!
//! | approach | idea | check cost | time | space |
//! |---|---|---|---|---|
//! | [`board_scan`] | n×n board; scan the column and both diagonals above the square | O(n) | O(n² · n!) | O(n²) |
//! | [`column_abs`] | `queens[row] = col`; attacked when same column or `row - i == abs(col - queens[i])` | O(row) | O(n² · n!) | O(n) |
//! | [`three_arrays`] | flags `columns[col]`, `diagonals[row - col + n - 1]`, `anti_diagonals[row + col]` | O(1) | O(n · n!) | O(n) |
//! | [`bitmask`] | three integers; `free = full & !(columns \| diagonals \| anti_diagonals)`, lowest bit first | O(1) per free square | O(n!) | O(n) |
//! | [`mirror`] | bitmask over the left half of the first row; each board found also gives its mirror image | O(1) per free square | O(n!), half of bitmask's search | O(n) |
//!
//! The time bounds are loose upper bounds on the backtracking tree; the
//! benchmark crate measures what each step buys.
//!
//! **Board convention.** Row 0 is the top row, column 0 the leftmost column;
//! `row - col` is constant along a "\" diagonal and `row + col` along a "/"
//! one. In the judge's strings `board[row]` is a row, its character `col` a
//! square: `'Q'` a queen, `'.'` empty.
//!
//! **Every `i32` has an answer.** `n = 0` has one board, the empty one (OEIS
//! A000170: a(0) = 1); `n < 0` has none; `n > 15` panics with a message
//! naming the range (n = 16's boards would take over 9 GB as strings).
//!
//! # Beyond the judge
//!
//! Not judge-ready, on the compact [`Board`] ([`EXTRAS`]): [`construct`], one
//! board for any n in O(n); [`streaming`], every board lazily, n <= 64;
//! [`unique`], one board per symmetry class. [`BoardSource`] serves both
//! lists by name, with each one's range and a [`BoardsError`] past it.

// The chain's modules are declared with `APPROACHES`, and the modules
// beyond the judge with `EXTRAS`, below. What those build on:
pub mod board;
mod search;

pub use board::Board;

use std::fmt;

/// One approach to LeetCode 51.
#[derive(Clone, Copy, Debug)]
pub struct Approach {
    /// The module name, as used on the command line and in test names.
    pub name: &'static str,
    /// The idea, in one line.
    pub idea: &'static str,
    /// Whether the file pastes into the judge as it stands.
    pub judge_ready: bool,
    /// The whole source file, for the judge-paste test and `queens paste`.
    pub source: &'static str,
    /// The judge's signature: every board for `n`.
    pub solve: fn(i32) -> Vec<Vec<String>>,
}

/// The chain's approach modules and [`APPROACHES`], from the steps of
/// [`n_queens_chain::steps!`] that LeetCode 51 has.
macro_rules! chain {
    ($($name:ident $file:literal { $($field:tt)* })*) => {
        $(
            // The judge runs old compilers: clippy flags any std API newer than Rust 1.58.
            #[clippy::msrv = "1.58"]
            pub mod $name;
        )*

        /// Every approach, in the order of the chain.
        pub const APPROACHES: &[Approach] = &[$(Approach {
            name: $file,
            idea: n_queens_chain::field!(problems, n_queens_chain::idea!(), $($field)*),
            judge_ready: n_queens_chain::field!(judge_ready, n_queens_chain::flag!(), $($field)*),
            source: include_str!(concat!($file, ".rs")),
            solve: $name::Solution::solve_n_queens,
        }),*];
    };
}
n_queens_chain::steps!([51] => chain);

/// The approach called `name`, if there is one.
pub fn approach(name: &str) -> Option<&'static Approach> {
    APPROACHES.iter().find(|approach| approach.name == name)
}

/// A module beyond the judge: its own signature, so not in [`APPROACHES`].
#[derive(Clone, Copy, Debug)]
pub struct Extra {
    /// The module name.
    pub name: &'static str,
    /// What it gives and how, in one line.
    pub idea: &'static str,
    /// The whole source file, for tools that show it.
    pub source: &'static str,
    /// What it gives for one n.
    pub gives: Gives,
    /// The largest n it gives boards for.
    pub max_n: u32,
    /// Why its range ends at `max_n`, for messages.
    pub range: &'static str,
    /// Its boards for `n <= max_n`, lazily.
    boards: fn(u32) -> BoardIter,
    /// One board per class for `n <= max_n`, lazily, if it has them.
    classes: Option<fn(u32) -> BoardIter>,
}

/// What a module beyond the judge gives, beside what the manifest says of
/// it (`$manifest`: its name, idea and source), by the module's name.
macro_rules! extra {
    (construct, $($manifest:tt)*) => {
        Extra {
            $($manifest)*
            gives: Gives::OneBoard,
            // `construct::MAX_N` is 2^32: every u32.
            max_n: u32::MAX,
            range: "its columns are u32",
            boards: |n| Box::new(construct::construct(n as usize).into_iter()),
            classes: None,
        }
    };
    (streaming, $($manifest:tt)*) => {
        Extra {
            $($manifest)*
            gives: Gives::EveryBoard,
            max_n: streaming::MAX_N,
            range: "one bit per column in a u64",
            boards: |n| Box::new(streaming::boards(n)),
            classes: Some(|n| Box::new(unique::classes_as_found(n))),
        }
    };
    (unique, $($manifest:tt)*) => {
        Extra {
            $($manifest)*
            gives: Gives::OnePerClass,
            max_n: streaming::MAX_N,
            range: "one bit per column in a u64",
            boards: |n| Box::new(unique::classes_as_found(n)),
            classes: Some(|n| Box::new(unique::classes_as_found(n))),
        }
    };
    ($name:ident, $($manifest:tt)*) => {
        compile_error!(concat!(
            "crates/n_queens/src/lib.rs: say what `", stringify!($name), "` gives: add to `extra!` the arm (",
            stringify!($name), ", $($manifest:tt)*) => { Extra { $($manifest)* gives: .., max_n: .., range: .., ",
            "boards: .., classes: .. } };"
        ))
    };
}

/// [`EXTRAS`] and their modules, from the approaches of LeetCode 51 past
/// the judge in [`n_queens_chain::steps!`].
macro_rules! extras {
    ($($name:ident $file:literal { $($field:tt)* })*) => {
        $(pub mod $name;)*

        /// The modules beyond the judge, in the manifest's order, each
        /// building on the one before where it can.
        pub const EXTRAS: &[Extra] = &[$(extra!($name,
            name: $file,
            idea: n_queens_chain::field!(problems, n_queens_chain::idea!(), $($field)*),
            source: include_str!(concat!($file, ".rs")),
        )),*];
    };
}
n_queens_chain::steps!(beyond [51] => extras);

/// The largest n whose boards a [`BoardSource::Approach`] gives: the judge's
/// signature returns every board at once, and n = 15's 2,279,184 boards of
/// 15 strings each take over a gigabyte.
pub const ALL_AT_ONCE_MAX_N: u32 = 14;

/// What a [`BoardSource`] gives for one n.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gives {
    /// Every board, all at once when the search is over (the judge's signature).
    EveryBoardAtOnce,
    /// Every board, each as soon as the search finds it.
    EveryBoard,
    /// One board per class under the 8 symmetries, each as soon as it is found.
    OnePerClass,
    /// One board.
    OneBoard,
}

/// The boards of a [`BoardSource`], whichever it is.
pub type BoardIter = Box<dyn Iterator<Item = Board>>;

/// Where boards come from, looked up by name: an approach of [`APPROACHES`]
/// or a module of [`EXTRAS`]. Past its range it returns a [`BoardsError`]
/// that says the range, where the function underneath would panic.
#[derive(Clone, Copy, Debug)]
pub enum BoardSource {
    /// An approach: every board at once, n <= [`ALL_AT_ONCE_MAX_N`].
    Approach(&'static Approach),
    /// A module beyond the judge, with its own range ([`Extra::max_n`]).
    Extra(&'static Extra),
}

impl BoardSource {
    /// Every source: the approaches in chain order, then the extras.
    pub fn all() -> impl Iterator<Item = BoardSource> {
        let approaches = APPROACHES.iter().map(BoardSource::Approach);
        approaches.chain(EXTRAS.iter().map(BoardSource::Extra))
    }

    /// The source called `name`, or an error that lists the names.
    pub fn named(name: &str) -> Result<BoardSource, BoardsError> {
        BoardSource::all()
            .find(|source| source.name() == name)
            .ok_or_else(|| BoardsError::UnknownSource { name: name.to_string() })
    }

    /// The name, as in [`APPROACHES`] or [`EXTRAS`].
    pub fn name(self) -> &'static str {
        match self {
            BoardSource::Approach(approach) => approach.name,
            BoardSource::Extra(extra) => extra.name,
        }
    }

    /// What it gives for one n.
    pub fn gives(self) -> Gives {
        match self {
            BoardSource::Approach(_) => Gives::EveryBoardAtOnce,
            BoardSource::Extra(extra) => extra.gives,
        }
    }

    /// The largest n it gives boards for.
    pub fn max_n(self) -> u32 {
        match self {
            BoardSource::Approach(_) => ALL_AT_ONCE_MAX_N,
            BoardSource::Extra(extra) => extra.max_n,
        }
    }

    /// Why its range ends at [`BoardSource::max_n`], for messages.
    pub fn range(self) -> &'static str {
        match self {
            BoardSource::Approach(_) => {
                "its judge function answers n <= 15, but all at once: n = 15's 2,279,184 boards take about 2 GB"
            }
            BoardSource::Extra(extra) => extra.range,
        }
    }

    /// The boards for `n`, as [`BoardSource::gives`] says; an error past its range.
    pub fn boards(self, n: u32) -> Result<BoardIter, BoardsError> {
        self.check(n, false)?;
        Ok(match self {
            BoardSource::Approach(approach) => {
                // n <= ALL_AT_ONCE_MAX_N, within the judge signature's range.
                let boards = (approach.solve)(n as i32);
                Box::new(boards.into_iter().map(|rows| board_from_rows(&rows)))
            }
            BoardSource::Extra(extra) => (extra.boards)(n),
        })
    }

    /// One board per class for `n`, each the smallest of its class
    /// ([`unique::canonical`]); an error past its range, or for a source that
    /// gives a single board. An approach keeps its canonical boards.
    pub fn classes(self, n: u32) -> Result<BoardIter, BoardsError> {
        let classes = match self {
            BoardSource::Approach(_) => None,
            BoardSource::Extra(extra) => Some(extra.classes.ok_or(BoardsError::NoClasses { source: extra.name })?),
        };
        self.check(n, true)?;
        Ok(match classes {
            Some(classes) => classes(n),
            None => Box::new(self.boards(n)?.filter(|board| unique::canonical(board) == *board)),
        })
    }

    /// Whether it can give one board per class ([`BoardSource::classes`]).
    pub fn has_classes(self) -> bool {
        match self {
            BoardSource::Approach(_) => true,
            BoardSource::Extra(extra) => extra.classes.is_some(),
        }
    }

    fn check(self, n: u32, classes: bool) -> Result<(), BoardsError> {
        if n > self.max_n() {
            let (source, max, range) = (self.name(), self.max_n(), self.range());
            return Err(BoardsError::OutOfRange { source, n, max, range, classes });
        }
        Ok(())
    }
}

/// [`streaming`]: every board, the first ones at once, for any n <= 64.
impl Default for BoardSource {
    fn default() -> BoardSource {
        BoardSource::named("streaming").expect("streaming is one of EXTRAS")
    }
}

/// The board of the judge's strings: the column of the `'Q'` in each row.
fn board_from_rows(rows: &[String]) -> Board {
    Board::new(rows.iter().map(|row| row.find('Q').expect("a queen in every row") as u32).collect())
}

/// Why a [`BoardSource`] has no boards to give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardsError {
    /// No source has this name.
    UnknownSource {
        /// The name asked for.
        name: String,
    },
    /// The source does not go this far.
    OutOfRange {
        /// The source asked.
        source: &'static str,
        /// The n asked for.
        n: u32,
        /// The largest n it serves ([`BoardSource::max_n`]).
        max: u32,
        /// Why ([`BoardSource::range`]).
        range: &'static str,
        /// Whether one board per class was asked ([`BoardSource::classes`]):
        /// the message then names only the sources that give them.
        classes: bool,
    },
    /// The source gives one board, so none per class.
    NoClasses {
        /// The source asked.
        source: &'static str,
    },
}

impl fmt::Display for BoardsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = |keep: &dyn Fn(BoardSource) -> bool| {
            BoardSource::all().filter(|&source| keep(source)).map(BoardSource::name).collect::<Vec<_>>().join(", ")
        };
        match self {
            BoardsError::UnknownSource { name } => write!(
                f,
                "unknown approach `{name}`; the approaches are: {}; and beyond the judge: {}",
                names(&|source| matches!(source, BoardSource::Approach(_))),
                names(&|source| matches!(source, BoardSource::Extra(_)))
            ),
            BoardsError::OutOfRange { source, n, max, range, classes } => {
                write!(f, "`{source}` gives boards for n <= {max} ({range}); n = {n} is out of its range")?;
                let further = names(&|source| source.max_n() >= *n && (source.has_classes() || !classes));
                if !further.is_empty() {
                    write!(f, "; these go further: {further}")?;
                }
                Ok(())
            }
            BoardsError::NoClasses { source } => write!(
                f,
                "`{source}` gives one board, not one per class; the sources that give one per class: {}",
                names(&BoardSource::has_classes)
            ),
        }
    }
}

impl std::error::Error for BoardsError {}
