//! The board's size, the numbers derived from it, and its diagonal bits.

/// The largest `n` the count accepts: the rows of a board are the bits of a `u32`.
/// Memory refuses far earlier (see [`MEMORY_LIMIT`](crate::quarters::MEMORY_LIMIT)).
pub const MAX_N: u32 = 32;

/// Below this `n` there is nothing to split (a quarter of a 3×3 board is a
/// single square), and [`small_count`] answers at once.
pub(crate) const SMALLEST_SPLIT: u32 = 4;

/// The count for `n` below [`SMALLEST_SPLIT`], by [`n_queens_ii::bitmask`].
pub(crate) fn small_count(n: u32) -> u64 {
    debug_assert!(n < SMALLEST_SPLIT);
    u64::try_from(n_queens_ii::bitmask::Solution::total_n_queens(n as i32)).expect("a count is never negative")
}

/// The board size and the numbers derived from it.
pub(crate) struct Board {
    pub(crate) n: u32,
    /// The side of a quarter: `n / 2`.
    pub(crate) side: u32,
    /// The first row of the south quarters and the first column of the east
    /// ones: `n - side` (one more than `side` for odd `n`, past the middle line).
    pub(crate) far: u32,
}

impl Board {
    pub(crate) fn new(n: u32) -> Board {
        Board { n, side: n / 2, far: n - n / 2 }
    }

    /// The bit of the "\" diagonal of the square (row, col): `row - col + n - 1`.
    pub(crate) fn diagonal(&self, row: u32, col: u32) -> u64 {
        1 << (row + self.n - 1 - col)
    }

    /// The bit of the "/" anti-diagonal of the square (row, col): `row + col`.
    pub(crate) fn anti_diagonal(&self, row: u32, col: u32) -> u64 {
        1 << (row + col)
    }

    /// One bit per row (or per column) of a quarter.
    pub(crate) fn quarter_mask(&self) -> u32 {
        (1 << self.side) - 1
    }
}

/// A set of "\" diagonals and a set of "/" anti-diagonals, as board bits.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(crate) struct Diagonals {
    pub(crate) diagonals: u64,
    pub(crate) anti_diagonals: u64,
}

impl Diagonals {
    /// The diagonals in either set.
    pub(crate) fn union(self, other: Diagonals) -> Diagonals {
        Diagonals {
            diagonals: self.diagonals | other.diagonals,
            anti_diagonals: self.anti_diagonals | other.anti_diagonals,
        }
    }

    /// The diagonals in both sets.
    pub(crate) fn intersection(self, other: Diagonals) -> Diagonals {
        Diagonals {
            diagonals: self.diagonals & other.diagonals,
            anti_diagonals: self.anti_diagonals & other.anti_diagonals,
        }
    }
}
