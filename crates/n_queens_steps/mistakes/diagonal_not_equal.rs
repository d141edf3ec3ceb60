//! Step 2, `column_abs`, with the attack test written `!=` where `==` is
//! meant, as in seed 002's first comparison function: a square counts as
//! attacked unless it is on the diagonal of every queen above.

pub struct Solution;

impl Solution {
    pub fn total_n_queens(n: i32) -> i32 {
        if n < 0 {
            return 0;
        }
        let n = n as usize;
        let mut queens = Vec::with_capacity(n);
        place_row(n, &mut queens)
    }
}

fn place_row(n: usize, queens: &mut Vec<usize>) -> i32 {
    if queens.len() == n {
        return 1;
    }
    let mut count = 0;
    for col in 0..n {
        if is_safe(queens, col) {
            queens.push(col);
            count += place_row(n, queens);
            queens.pop();
        }
    }
    count
}

fn is_safe(queens: &[usize], col: usize) -> bool {
    let row = queens.len();
    // The mistake, in place of its step's code: from here
    for (queen_row, &queen_col) in queens.iter().enumerate() {
        let col_distance = (col as i64 - queen_col as i64).unsigned_abs() as usize;
        // Wrong: `!=` where `==` is meant.
        if queen_col == col || row - queen_row != col_distance {
            return false;
        }
    }
    true
    // to here.
}
