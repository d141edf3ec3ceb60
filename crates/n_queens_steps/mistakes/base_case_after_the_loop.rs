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

/// Step 1's scan, unchanged: no queen above (row, col), in its column (read
/// from the top row down), up-left or up-right. Here the queen is already on (row, col), and the scan looks
/// above it only.
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
