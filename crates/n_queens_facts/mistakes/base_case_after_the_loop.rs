//! Step 1, `board_scan`, written "place the queen, then check the board",
//! with the `row == n` base case after the loop instead of before it: the
//! loop runs once more for row n, one row past the board.

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
    // The mistake, in place of its step's code: from here
    let n = board.len();
    let mut count = 0;
    for col in 0..n {
        board[row][col] = true;
        if is_safe(board, row, col) {
            count += place_row(board, row + 1);
        }
        board[row][col] = false;
    }
    // Wrong: too late, the loop above has already looked at `board[n]`.
    if row == n {
        return 1;
    }
    count
    // to here.
}

fn is_safe(board: &[Vec<bool>], row: usize, col: usize) -> bool {
    super::board_scan_is_safe(board, row, col)
}
