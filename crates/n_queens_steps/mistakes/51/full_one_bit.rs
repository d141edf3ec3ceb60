//! Step 4, `bitmask`, of LeetCode 51, with `full = 1 << n` where
//! `(1 << n) - 1` is meant (mistake 3): the only free square of the first
//! row is column n, off the board, and one queen there makes
//! `columns == full` at once. Drawing that board, `n - col - 1` dots after
//! a queen in column n, goes below zero: the panic is in `draw`, lines
//! away from the mistake.

pub struct Solution;

impl Solution {
    pub fn solve_n_queens(n: i32) -> Vec<Vec<String>> {
        if n < 0 {
            return Vec::new();
        }
        // Wrong: one bit, column n, off the board; the n columns are `(1 << n) - 1`.
        let full = 1u32 << n;
        let mut queens = Vec::with_capacity(n as usize);
        let mut solutions = Vec::new();
        place_row(full, 0, 0, 0, &mut queens, &mut solutions);
        solutions
    }
}

fn place_row(
    full: u32,
    columns: u32,
    diagonals: u32,
    anti_diagonals: u32,
    queens: &mut Vec<usize>,
    solutions: &mut Vec<Vec<String>>,
) {
    if columns == full {
        solutions.push(draw(queens));
        return;
    }
    let mut free = full & !(columns | diagonals | anti_diagonals);
    while free != 0 {
        let lowest = free & free.wrapping_neg();
        free &= free - 1;
        queens.push(lowest.trailing_zeros() as usize);
        place_row(full, columns | lowest, (diagonals | lowest) << 1, (anti_diagonals | lowest) >> 1, queens, solutions);
        queens.pop();
    }
}

fn draw(queens: &[usize]) -> Vec<String> {
    let n = queens.len();
    queens.iter().map(|&col| ".".repeat(col) + "Q" + &".".repeat(n - col - 1)).collect()
}
