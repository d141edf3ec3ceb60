//! Step 3, `three_arrays`, without clearing the flags on the way back: a
//! queen taken back still blocks its lines for every later branch.

pub struct Solution;

impl Solution {
    pub fn total_n_queens(n: i32) -> i32 {
        if n < 0 {
            return 0;
        }
        let n = n as usize;
        let mut lines = Lines::new(n);
        place_row(n, 0, &mut lines)
    }
}

use super::Lines;

fn place_row(n: usize, row: usize, lines: &mut Lines) -> i32 {
    if row == n {
        return 1;
    }
    let mut count = 0;
    for col in 0..n {
        let (diagonal, anti_diagonal) = (row + n - 1 - col, row + col);
        if !lines.columns[col] && !lines.diagonals[diagonal] && !lines.anti_diagonals[anti_diagonal] {
            // The mistake, in place of its step's code: from here
            lines.set(col, diagonal, anti_diagonal, true);
            count += place_row(n, row + 1, lines);
            // Wrong: nothing here; the flags set above must be cleared again.
            // to here.
        }
    }
    count
}
