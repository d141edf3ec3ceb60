//! Step 3, `three_arrays`, off by one: the "\" index offset by `n`, as seed
//! 000 does (with `2n` flags), into the `2n - 1` flags of seed 003 (which
//! offsets by `n - 1`). The last diagonal has no flag.

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
        // The mistake, in place of its step's code: from here
        // Wrong: `row - col + n` runs up to 2n - 1, one past the last of the 2n - 1 flags.
        let (diagonal, anti_diagonal) = (row + n - col, row + col);
        // to here.
        if !lines.columns[col] && !lines.diagonals[diagonal] && !lines.anti_diagonals[anti_diagonal] {
            lines.set(col, diagonal, anti_diagonal, true);
            count += place_row(n, row + 1, lines);
            lines.set(col, diagonal, anti_diagonal, false);
        }
    }
    count
}
