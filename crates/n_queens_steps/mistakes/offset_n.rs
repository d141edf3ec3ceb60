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

/// The lines taken by the queens placed so far: step 3's flags, unchanged.
struct Lines {
    columns: Vec<bool>,
    diagonals: Vec<bool>,
    anti_diagonals: Vec<bool>,
}

impl Lines {
    fn new(n: usize) -> Lines {
        Lines {
            columns: vec![false; n],
            // `2 * n - 1` would underflow for n = 0; saturating keeps it 0.
            diagonals: vec![false; (2 * n).saturating_sub(1)],
            anti_diagonals: vec![false; (2 * n).saturating_sub(1)],
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
