//! Step 4, `bitmask`, with the queen added to the masks by `&` where `|` is
//! meant, as seed 002's explanation writes it: the masks stay 0, no queen is
//! ever recorded, and the search goes down row after row without end.

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
        // Wrong: `&` where `|` is meant, three times.
        count += place_row(full, columns & lowest, (diagonals & lowest) << 1, (anti_diagonals & lowest) >> 1);
        // to here.
    }
    count
}
