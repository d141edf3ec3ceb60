//! Step 2, `column_abs`, with the distance between the columns kept signed,
//! `abs` left out: a queen up and to the left is found on the square's
//! diagonal, one up and to the right never is.

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
    queens.iter().enumerate().all(|(queen_row, &queen_col)| {
        // The mistake, in place of its step's code: from here
        // Wrong: without `abs`, the distance is negative for a queen to the right.
        let col_distance = col as i64 - queen_col as i64;
        queen_col != col && (row - queen_row) as i64 != col_distance
        // to here.
    })
}
