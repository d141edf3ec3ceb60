//! The board's size, the numbers derived from it, and its diagonal bits.

/// The board size and the numbers derived from it.
pub(super) struct Board {
    pub(super) n: u32,
    /// The side of a quarter: `n / 2`.
    pub(super) side: u32,
    /// The first row of the south quarters and the first column of the east
    /// ones: `n - side` (one more than `side` for odd `n`, past the middle line).
    pub(super) far: u32,
}

impl Board {
    pub(super) fn new(n: u32) -> Board {
        Board { n, side: n / 2, far: n - n / 2 }
    }

    /// The bit of the "\" diagonal of the square (row, col): `row - col + n - 1`.
    pub(super) fn diagonal(&self, row: u32, col: u32) -> u64 {
        1 << (row + self.n - 1 - col)
    }

    /// The bit of the "/" anti-diagonal of the square (row, col): `row + col`.
    pub(super) fn anti_diagonal(&self, row: u32, col: u32) -> u64 {
        1 << (row + col)
    }

    /// One bit per row (or per column) of a quarter.
    pub(super) fn quarter_mask(&self) -> u32 {
        (1 << self.side) - 1
    }
}

/// A set of "\" diagonals and a set of "/" anti-diagonals, as board bits.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub(super) struct Diagonals {
    pub(super) diagonals: u64,
    pub(super) anti_diagonals: u64,
}

impl Diagonals {
    /// The diagonals in either set.
    pub(super) fn union(self, other: Diagonals) -> Diagonals {
        Diagonals {
            diagonals: self.diagonals | other.diagonals,
            anti_diagonals: self.anti_diagonals | other.anti_diagonals,
        }
    }

    /// The diagonals in both sets.
    pub(super) fn intersection(self, other: Diagonals) -> Diagonals {
        Diagonals {
            diagonals: self.diagonals & other.diagonals,
            anti_diagonals: self.anti_diagonals & other.anti_diagonals,
        }
    }
}
