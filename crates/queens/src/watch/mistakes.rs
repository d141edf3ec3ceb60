//! The nine mistakes of `docs/common-mistakes.md` that watch can run, each
//! keyed by its heading's anchor on that page, with the code it puts in
//! place of its step's right code (as `crates/n_queens_ii/tests/mistakes.rs`
//! writes it) and what it ends in. Their numbers and steps are the shared
//! table's, `n_queens_facts::mistakes`, which practice links from.

use clap::ValueEnum;
use n_queens_facts::chain::{self, Step};
use n_queens_facts::mistakes::{MISTAKES, Mistake as Shared};

/// A classic mistake of `docs/common-mistakes.md`, run in place of its code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Mistake {
    /// 1 (column_abs): the diagonal test with `!=` where `==` belongs.
    #[value(name = "diagonal-not-equal")]
    DiagonalNotEqual,
    /// 2 (bitmask): `&` where `|` belongs; the calls never end.
    #[value(name = "and-instead-of-or")]
    AndInsteadOfOr,
    /// 3 (bitmask): `full = 1 << n`, one bit past the board.
    #[value(name = "full-one-bit")]
    FullOneBit,
    /// 4 (bitmask): the "/" mask shifted left, like the "\" one.
    #[value(name = "shift-wrong-way")]
    ShiftWrongWay,
    /// 5 (three_arrays): the flags are not cleared on the way back.
    #[value(name = "flags-not-cleared")]
    FlagsNotCleared,
    /// 6 (three_arrays): `row - col` as an index, without its offset.
    #[value(name = "diagonal-without-offset")]
    DiagonalWithoutOffset,
    /// 7 (board_scan): place, then check, with the base case after the loop.
    #[value(name = "base-case-after-the-loop")]
    BaseCaseAfterTheLoop,
    /// 8 (three_arrays): an offset of n into 2n - 1 flags.
    #[value(name = "offset-n")]
    OffsetN,
    /// 9 (three_arrays): `2 * n - 1` flags, below zero at n = 0 only.
    #[value(name = "two-n-minus-one")]
    TwoNMinusOne,
}

/// What a mistake is and which code it changes.
#[derive(Clone, Copy, Debug)]
pub struct Info {
    /// The anchor of its heading in `docs/common-mistakes.md`: its key in the shared table.
    pub anchor: &'static str,
    /// The right code, as in the step's LeetCode 52 file.
    pub right: &'static str,
    /// The code that replaces it, as the mistakes' test file has it.
    pub wrong: &'static str,
    /// A piece of the mistaken line, drawn in red.
    pub line: &'static str,
}

const PLACE_RIGHT: &str =
    "        count += place_row(full, columns | lowest, (diagonals | lowest) << 1, (anti_diagonals | lowest) >> 1);\n";
const DIAGONAL_RIGHT: &str = "        // `row + n - 1 - col` is `row - col + n - 1` reordered so that the
        // unsigned arithmetic never goes below zero.
        let (diagonal, anti_diagonal) = (row + n - 1 - col, row + col);\n";

impl Mistake {
    /// Every mistake, in the page's order.
    pub const ALL: [Mistake; 9] = [
        Mistake::DiagonalNotEqual,
        Mistake::AndInsteadOfOr,
        Mistake::FullOneBit,
        Mistake::ShiftWrongWay,
        Mistake::FlagsNotCleared,
        Mistake::DiagonalWithoutOffset,
        Mistake::BaseCaseAfterTheLoop,
        Mistake::OffsetN,
        Mistake::TwoNMinusOne,
    ];

    /// Its entry.
    pub fn info(self) -> Info {
        let info = |anchor, right, wrong, line| Info { anchor, right, wrong, line };
        match self {
            Mistake::DiagonalNotEqual => info(
                "1-the-diagonal-test-with-",
                "    queens.iter().enumerate().all(|(queen_row, &queen_col)| {
        // Signed: `col - queen_col` can be negative. (`usize::abs_diff` would
        // do, but it needs Rust 1.60 and the judge may run an older compiler.)
        let col_distance = (col as i64 - queen_col as i64).unsigned_abs() as usize;
        queen_col != col && row - queen_row != col_distance
    })\n",
                "    for (queen_row, &queen_col) in queens.iter().enumerate() {
        let col_distance = (col as i64 - queen_col as i64).unsigned_abs() as usize;
        // Wrong: `!=` where `==` is meant.
        if queen_col == col || row - queen_row != col_distance {
            return false;
        }
    }
    true\n",
                "queen_col == col || row - queen_row != col_distance",
            ),
            Mistake::AndInsteadOfOr => info(
                "2--where--belongs",
                PLACE_RIGHT,
                "        // Wrong: `&` where `|` is meant, three times.
        count += place_row(full, columns & lowest, (diagonals & lowest) << 1, (anti_diagonals & lowest) >> 1);\n",
                "place_row(full, columns & lowest",
            ),
            Mistake::FullOneBit => info(
                "3-full--1--n",
                "        let full = (1u32 << n) - 1; // n <= 18, so the shift cannot overflow\n",
                "        // Wrong: one bit, column n, off the board; the n columns are `(1 << n) - 1`.
        let full = 1u32 << n;\n",
                "let full = 1u32 << n;",
            ),
            Mistake::ShiftWrongWay => info(
                "4-one-mask-shifted-the-wrong-way",
                PLACE_RIGHT,
                "        // Wrong: the \"/\" mask must move the other way, `>> 1`.
        count += place_row(full, columns | lowest, (diagonals | lowest) << 1, (anti_diagonals | lowest) << 1);\n",
                "(anti_diagonals | lowest) << 1)",
            ),
            Mistake::FlagsNotCleared => info(
                "5-flags-not-cleared-on-the-way-back",
                "            lines.set(col, diagonal, anti_diagonal, false); // take the queen back: free its lines\n",
                "            // Wrong: nothing here; the flags set above must be cleared again.\n",
                "// Wrong: nothing here",
            ),
            Mistake::DiagonalWithoutOffset => info(
                "6-row---col-without-its-offset",
                DIAGONAL_RIGHT,
                "        // Wrong: `row - col` is negative right of the main diagonal.
        let (diagonal, anti_diagonal) = (row - col, row + col);\n",
                "(row - col, row + col)",
            ),
            Mistake::BaseCaseAfterTheLoop => info(
                "7-the-base-case-after-the-loop",
                "    let n = board.len();
    if row == n {
        return 1;
    }
    let mut count = 0;
    for col in 0..n {
        if is_safe(board, row, col) {
            board[row][col] = true;
            count += place_row(board, row + 1);
            board[row][col] = false; // take the queen back and try the next column
        }
    }
    count\n",
                "    let n = board.len();
    let mut count = 0;
    for col in 0..n {
        board[row][col] = true;
        if is_safe(board, row, col) {
            count += place_row(board, row + 1);
        }
        board[row][col] = false;
    }
    // Wrong: too late, the loop above has already looked at `board[n]`.
    if row == n {
        return 1;
    }
    count\n",
                "if row == n",
            ),
            Mistake::OffsetN => info(
                "8-an-offset-of-n-into-2n---1-flags",
                DIAGONAL_RIGHT,
                "        // Wrong: `row - col + n` runs up to 2n - 1, one past the last of the 2n - 1 flags.
        let (diagonal, anti_diagonal) = (row + n - col, row + col);\n",
                "(row + n - col, row + col)",
            ),
            Mistake::TwoNMinusOne => info(
                "9-2--n---1-at-n--0",
                "            // `2 * n - 1` would underflow for n = 0; saturating keeps it 0.
            diagonals: vec![false; (2 * n).saturating_sub(1)],
            anti_diagonals: vec![false; (2 * n).saturating_sub(1)],\n",
                "            // Wrong for n = 0: `2 * n - 1` goes below zero.
            diagonals: vec![false; 2 * n - 1],
            anti_diagonals: vec![false; 2 * n - 1],\n",
                "vec![false; 2 * n - 1]",
            ),
        }
    }

    /// The step whose code the mistake replaces.
    pub fn step(self) -> &'static Step {
        chain::step(self.shared().step).expect("a mistake of the shared table is made in a step of the chain")
    }

    /// Its number on the page.
    pub fn number(self) -> u8 {
        self.shared().number
    }

    /// Its row in the shared table, found by its anchor.
    pub fn shared(self) -> &'static Shared {
        let anchor = self.info().anchor;
        MISTAKES.iter().find(|shared| shared.slug == anchor).expect("every mistake watch runs is in the shared table")
    }

    /// The name on the command line.
    pub fn name(self) -> String {
        self.to_possible_value().map(|value| value.get_name().to_string()).unwrap_or_default()
    }

    /// The step's LeetCode 52 file with the mistake in place of the right code.
    pub fn source(self, right_file: &str) -> String {
        let Info { right, wrong, .. } = self.info();
        right_file.replacen(right, wrong, 1)
    }

    /// What the mistake does, in a few words, for the view's check panel.
    pub fn effect(self) -> &'static str {
        match self {
            Mistake::DiagonalNotEqual => "accepts only squares on a diagonal of every queen above",
            Mistake::AndInsteadOfOr => "no queen is ever recorded: the calls never end",
            Mistake::FullOneBit => "full is column n, off the board",
            Mistake::ShiftWrongWay => "no \"/\" line is ever blocked",
            Mistake::FlagsNotCleared => "a queen taken back keeps blocking its lines",
            Mistake::DiagonalWithoutOffset => "row - col goes below zero right of the main diagonal",
            Mistake::BaseCaseAfterTheLoop => "with every row filled, the loop writes to board[n]",
            Mistake::OffsetN => "the bottom-left square's diagonal has no flag",
            Mistake::TwoNMinusOne => "right for n >= 1: only n = 0 goes below zero, and watch starts at 1",
        }
    }
}

/// The long help of `--mistake`: each name, its step and its section of the page.
pub fn help() -> String {
    let mut text = String::from(
        "Run a classic mistake in place of its code, on its own step (the step's --approach may be given, no other):",
    );
    for mistake in Mistake::ALL {
        let (number, anchor, step) = (mistake.number(), mistake.info().anchor, mistake.step());
        text += &format!("\n  {:<25}{number}, {:<13}docs/common-mistakes.md#{anchor}", mistake.name(), step.name);
    }
    text
}

/// How a mistake's run ends early, as Rust reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crash {
    /// The calls never end: the stack overflows (shown when the calls pass the last row).
    StackOverflow,
    /// An index past the end of a vector.
    IndexOutOfBounds {
        /// The vector's length.
        len: usize,
        /// The index.
        index: usize,
    },
    /// `0 - 1` in `usize`, with overflow checks on.
    SubtractOverflow,
}

impl Crash {
    /// Rust's message.
    pub fn message(self) -> String {
        match self {
            Crash::StackOverflow => "stack overflow".to_string(),
            Crash::IndexOutOfBounds { len, index } => {
                format!("index out of bounds: the len is {len} but the index is {index}")
            }
            Crash::SubtractOverflow => "attempt to subtract with overflow".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spaces collapsed, so that code compares whatever its indentation.
    fn squeezed(text: &str) -> String {
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn each_mistake_replaces_right_code_with_the_tested_wrong_code() {
        let tested = squeezed(include_str!("../../../n_queens_ii/tests/mistakes.rs"));
        for mistake in Mistake::ALL {
            let (Info { right, wrong, line, .. }, step) = (mistake.info(), mistake.step());
            let file = n_queens_count::approach(step.name).expect("a step of the chain").source;
            assert_eq!(file.matches(right).count(), 1, "{mistake:?}: the right code is in {}", step.name);
            assert!(tested.contains(&squeezed(wrong)), "{mistake:?}: the wrong code is the tested one");
            let mistaken = mistake.source(file);
            assert!(wrong.contains(line) && mistaken != file, "{mistake:?}: {line:?} is a line of the mistake");
        }
    }

    #[test]
    fn watch_runs_every_mistake_of_the_shared_table_in_its_order() {
        // The shared table's slugs are checked against the page's headings by the docs test.
        let anchors: Vec<&str> = Mistake::ALL.iter().map(|mistake| mistake.info().anchor).collect();
        let slugs: Vec<&str> = MISTAKES.iter().map(|shared| shared.slug).collect();
        assert_eq!(anchors, slugs);
        for (index, mistake) in Mistake::ALL.into_iter().enumerate() {
            assert_eq!(mistake.number() as usize, index + 1, "{mistake:?}");
        }
    }
}
