//! Step 3, `three_arrays`, with `2 * n - 1` flags written as such, as seed
//! 003 sizes its arrays: right for every n the judge asks, but below zero
//! for n = 0.

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

struct Lines {
    columns: Vec<bool>,
    diagonals: Vec<bool>,
    anti_diagonals: Vec<bool>,
}

impl Lines {
    fn new(n: usize) -> Lines {
        Lines {
            columns: vec![false; n],
            // The mistake, in place of its step's code: from here
            // Wrong for n = 0: `2 * n - 1` goes below zero.
            diagonals: vec![false; 2 * n - 1],
            anti_diagonals: vec![false; 2 * n - 1],
            // to here.
        }
    }

    fn set(&mut self, col: usize, diagonal: usize, anti_diagonal: usize, taken: bool) {
        self.columns[col] = taken;
        self.diagonals[diagonal] = taken;
        self.anti_diagonals[anti_diagonal] = taken;
    }
}

fn place_row(n: usize, row: usize, lines: &mut Lines) -> i32 {
    if row == n {
        return 1;
    }
    let mut count = 0;
    for col in 0..n {
        let (diagonal, anti_diagonal) = (row + n - 1 - col, row + col);
        if !lines.columns[col] && !lines.diagonals[diagonal] && !lines.anti_diagonals[anti_diagonal] {
            lines.set(col, diagonal, anti_diagonal, true);
            count += place_row(n, row + 1, lines);
            lines.set(col, diagonal, anti_diagonal, false);
        }
    }
    count
}
