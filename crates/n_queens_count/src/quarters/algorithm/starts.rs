//! The starts and their tasks, weighted by the symmetries of the square
//! (Kluev's rules; `docs/quarters.md` argues each one).

use super::board::{Board, Diagonals};

/// How a start's counts are weighted by the symmetries of the square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// Even `n`: the top-bottom mirror, the main-diagonal rule, and the
    /// left-right mirror when no queen is on a main diagonal.
    Even,
    /// Odd `n`, a queen in the center: both mirrors.
    Center,
    /// Odd `n`, the middle row's queen right of the middle and nearer to it
    /// than the middle column's queen, which is below: weight 8.
    Cross,
}

/// What is placed before the quarters, and the tasks it leaves.
pub(crate) struct Start {
    pub(crate) rule: Rule,
    /// The board rows the quarters fill (not the middle row, nor the row of
    /// the middle column's queen).
    pub(crate) rows: u32,
    /// The quarter columns free in the east quarters (the west ones have them all).
    pub(crate) east_columns: u32,
    /// The diagonals of the queens placed before the quarters.
    pub(crate) taken: Diagonals,
    /// Diagonals no east queen may use (even `n`: the main diagonals).
    pub(crate) east_shuns: Diagonals,
}

/// A class of west patterns: which main diagonals their queens use (even
/// `n`; for odd `n` every pattern is [`Class::OffMain`]). The north-west
/// quarter can reach only the "\" main diagonal, the south-west only the "/".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    /// Neither main diagonal.
    OffMain,
    /// The "\" main diagonal only (a north-west queen on it).
    OnDiagonal,
    /// The "/" main diagonal only (a south-west queen on it).
    OnAntiDiagonal,
    /// Both.
    OnBoth,
}

impl Class {
    /// Every class, in the order of [`Task::weights`].
    pub(crate) const ALL: [Class; 4] = [Class::OffMain, Class::OnDiagonal, Class::OnAntiDiagonal, Class::OnBoth];
}

/// One choice of east rows, with the weights of its west patterns by class.
pub(crate) struct Task {
    /// The board rows whose queen is in the east half.
    pub(crate) east_rows: u32,
    /// The weight of each [`Class`] of west patterns, indexed by
    /// `class as usize`; 0: not counted.
    pub(crate) weights: [u64; 4],
}

impl Board {
    /// Every start: one for even `n`, the middle queens' placements for odd `n`.
    pub(crate) fn starts(&self) -> Vec<Start> {
        let (n, side) = (self.n, self.side);
        let all_rows = if n == 32 { u32::MAX } else { (1 << n) - 1 };
        let all_columns = self.quarter_mask();
        let none = Diagonals::default();
        let mut starts = Vec::new();
        if n % 2 == 0 {
            let main = Diagonals { diagonals: self.diagonal(0, 0), anti_diagonals: self.anti_diagonal(0, n - 1) };
            starts.push(Start {
                rule: Rule::Even,
                rows: all_rows,
                east_columns: all_columns,
                taken: none,
                east_shuns: main,
            });
        } else {
            let middle = side; // the middle row and the middle column
            let center = Diagonals {
                diagonals: self.diagonal(middle, middle),
                anti_diagonals: self.anti_diagonal(middle, middle),
            };
            let rows = all_rows & !(1 << middle);
            starts.push(Start { rule: Rule::Center, rows, east_columns: all_columns, taken: center, east_shuns: none });
            for east in 1..side {
                for south in east + 1..=side {
                    // The middle row's queen `east` columns right of the
                    // middle, the middle column's `south` rows below it.
                    let (row_queen, column_queen) = ((middle, middle + east), (middle + south, middle));
                    let taken = Diagonals {
                        diagonals: self.diagonal(row_queen.0, row_queen.1)
                            | self.diagonal(column_queen.0, column_queen.1),
                        anti_diagonals: self.anti_diagonal(row_queen.0, row_queen.1)
                            | self.anti_diagonal(column_queen.0, column_queen.1),
                    };
                    let rows = all_rows & !(1 << middle) & !(1 << column_queen.0);
                    let east_columns = all_columns & !(1 << (row_queen.1 - self.far));
                    starts.push(Start { rule: Rule::Cross, rows, east_columns, taken, east_shuns: none });
                }
            }
        }
        starts
    }
}

impl Start {
    /// One task per choice of the rows whose queen is in the east half
    /// that the symmetries do not count through another.
    pub(crate) fn tasks(&self, board: &Board) -> Vec<Task> {
        let east_queens = self.east_columns.count_ones();
        let mut tasks = Vec::new();
        // Every subset of `rows` with `east_queens` rows, largest first.
        let mut east_rows = self.rows;
        loop {
            if east_rows.count_ones() == east_queens {
                let weights = self.weights(board, east_rows);
                if weights.iter().any(|&weight| weight != 0) {
                    tasks.push(Task { east_rows, weights });
                }
            }
            if east_rows == 0 {
                break;
            }
            east_rows = (east_rows - 1) & self.rows;
        }
        tasks
    }

    /// The weights of the four classes of west patterns for these east rows.
    fn weights(&self, board: &Board, east_rows: u32) -> [u64; 4] {
        let mirrored = east_rows.reverse_bits() >> (32 - board.n);
        // Top-bottom mirror: the east rows turn into `mirrored`. Count the
        // smaller of the two twice, a symmetric choice once.
        let top_bottom = match east_rows.cmp(&mirrored) {
            std::cmp::Ordering::Less => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Greater => 0,
        };
        // Left-right mirror: the east rows turn into the other rows, and
        // the half turn into the other rows of `mirrored`. On a row where
        // `east_rows` and `mirrored` agree, a choice and its left-right
        // image disagree: the first such row picks the one that holds it
        // (weight 2, the other 0). With no such row, the half turn maps
        // the choice to itself, and the two mirrors map it to the same
        // other choice: the top-bottom weight alone covers both (weight 1).
        let agree = !(east_rows ^ mirrored) & self.rows;
        let left_right = if agree == 0 {
            1
        } else if east_rows & agree & agree.wrapping_neg() != 0 {
            2
        } else {
            0
        };
        match self.rule {
            // By class: off the main diagonals, then on one (twice), on both.
            Rule::Even => [top_bottom * left_right, top_bottom * 2, top_bottom * 2, top_bottom * 4],
            Rule::Center => [top_bottom * left_right, 0, 0, 0],
            Rule::Cross => [8, 0, 0, 0],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Over every task of a start, the weights of each class add up to the
    /// number of row choices: each orbit of choices is counted once in all.
    #[test]
    fn weights_cover_every_row_choice_once() {
        for n in 4..=13u32 {
            let board = Board::new(n);
            for start in board.starts() {
                let east_queens = start.east_columns.count_ones();
                let mut choices = 0u64;
                let mut rows = start.rows;
                loop {
                    choices += u64::from(rows.count_ones() == east_queens);
                    if rows == 0 {
                        break;
                    }
                    rows = (rows - 1) & start.rows;
                }
                let tasks = start.tasks(&board);
                let sums: Vec<u64> = Class::ALL
                    .iter()
                    .map(|&class| tasks.iter().map(|task| task.weights[class as usize]).sum())
                    .collect();
                match start.rule {
                    // Off the main diagonals both mirrors apply; on them the
                    // top-bottom one, times 2 or 4 for the main diagonals.
                    Rule::Even => assert_eq!(sums, [choices, 2 * choices, 2 * choices, 4 * choices], "n = {n}"),
                    Rule::Center => assert_eq!(sums, [choices, 0, 0, 0], "n = {n}"),
                    Rule::Cross => assert_eq!(sums, [8 * choices, 0, 0, 0], "n = {n}"),
                }
            }
        }
    }

    /// Odd n: the center, and each `0 < a < b <= side` once.
    #[test]
    fn odd_starts_are_the_center_and_each_pair_of_offsets() {
        for n in [5u32, 7, 9, 17] {
            let side = n / 2;
            let starts = Board::new(n).starts();
            assert_eq!(starts.len() as u32, 1 + side * (side - 1) / 2, "n = {n}");
            assert_eq!(starts.iter().filter(|start| start.rule == Rule::Center).count(), 1);
        }
        assert_eq!(Board::new(16).starts().len(), 1);
    }
}
