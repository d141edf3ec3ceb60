//! Step 4, `bitmask`, with `full = 1 << n` where `(1 << n) - 1` is meant, as
//! seed 002 sets its `nn`: one bit just past the board instead of n ones.

pub struct Solution;

impl Solution {
    pub fn total_n_queens(n: i32) -> i32 {
        if n < 0 {
            return 0;
        }
        // The mistake, in place of its step's code: from here
        // Wrong: one bit, column n, off the board; the n columns are `(1 << n) - 1`.
        let full = 1u32 << n;
        // to here.
        place_row(full, 0, 0, 0)
    }
}

fn place_row(full: u32, columns: u32, diagonals: u32, anti_diagonals: u32) -> i32 {
    if columns == full {
        return 1;
    }
    let mut count = 0;
    let mut free = full & !(columns | diagonals | anti_diagonals);
    while free != 0 {
        let lowest = free & free.wrapping_neg();
        free &= free - 1;
        count += place_row(full, columns | lowest, (diagonals | lowest) << 1, (anti_diagonals | lowest) >> 1);
    }
    count
}
