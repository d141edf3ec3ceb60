//! Step 4, `bitmask`, with one mask shifted the wrong way. Seed 003's text
//! shifts its "\" mask left and its "/" mask right, and its code does the
//! opposite for both (which still counts right, see
//! [`seed_003_code_counts_right`]); following the text for one mask and the
//! code for the other shifts both the same way, and the "/" lines are lost.

pub struct Solution;

impl Solution {
    pub fn total_n_queens(n: i32) -> i32 {
        if n < 0 {
            return 0;
        }
        let full = (1u32 << n) - 1;
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
        // The mistake, in place of its step's code: from here
        // Wrong: the "/" mask must move the other way, `>> 1`.
        count += place_row(full, columns | lowest, (diagonals | lowest) << 1, (anti_diagonals | lowest) << 1);
        // to here.
    }
    count
}
