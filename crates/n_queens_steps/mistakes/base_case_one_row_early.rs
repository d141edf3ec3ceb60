//! Step 1, `board_scan`, with the base case one row early: `row == n - 1`
//! counts a board once its last row is reached, before a queen is placed
//! there, so every safe placement of the first n - 1 rows counts.

pub struct Solution;

impl Solution {
    pub fn total_n_queens(n: i32) -> i32 {
        if n < 0 {
            return 0;
        }
        let n = n as usize;
        let mut board = vec![vec![false; n]; n];
        place_row(&mut board, 0)
    }
}

fn place_row(board: &mut Vec<Vec<bool>>, row: usize) -> i32 {
    let n = board.len();
    // The mistake, in place of its step's code: from here
    // Wrong: the last row is `n - 1`, but the board is full only at `row == n`.
    if row == n - 1 {
        return 1;
    }
    // to here.
    let mut count = 0;
    for col in 0..n {
        if is_safe(board, row, col) {
            board[row][col] = true;
            count += place_row(board, row + 1);
            board[row][col] = false;
        }
    }
    count
}

fn is_safe(board: &[Vec<bool>], row: usize, col: usize) -> bool {
    let n = board.len();
    if board[..row].iter().any(|line| line[col]) {
        return false;
    }
    let (mut r, mut c) = (row, col);
    while r > 0 && c > 0 {
        r -= 1;
        c -= 1;
        if board[r][c] {
            return false;
        }
    }
    let (mut r, mut c) = (row, col);
    while r > 0 && c + 1 < n {
        r -= 1;
        c += 1;
        if board[r][c] {
            return false;
        }
    }
    true
}
