//! Step 1, `board_scan`, of LeetCode 51, with the base case one row early
//! (mistake 11): `row == n - 1` records the board once its last row is
//! reached, before a queen is placed there, so every board it returns has
//! an empty last row. At n = 1 that is the board's only row: one board,
//! with no queen, where LeetCode 52's count is right by luck.

pub struct Solution;

impl Solution {
    pub fn solve_n_queens(n: i32) -> Vec<Vec<String>> {
        if n < 0 {
            return Vec::new();
        }
        let n = n as usize;
        let mut board = vec![vec![b'.'; n]; n];
        let mut solutions = Vec::new();
        place_row(&mut board, 0, &mut solutions);
        solutions
    }
}

fn place_row(board: &mut Vec<Vec<u8>>, row: usize, solutions: &mut Vec<Vec<String>>) {
    let n = board.len();
    // Wrong: the last row is `n - 1`, but the board is full only at `row == n`.
    if row == n - 1 {
        let rows = board.iter().map(|line| String::from_utf8(line.clone()).unwrap()).collect();
        solutions.push(rows);
        return;
    }
    for col in 0..n {
        if is_safe(board, row, col) {
            board[row][col] = b'Q';
            place_row(board, row + 1, solutions);
            board[row][col] = b'.';
        }
    }
}

fn is_safe(board: &[Vec<u8>], row: usize, col: usize) -> bool {
    let n = board.len();
    if board[..row].iter().any(|line| line[col] == b'Q') {
        return false;
    }
    let (mut r, mut c) = (row, col);
    while r > 0 && c > 0 {
        r -= 1;
        c -= 1;
        if board[r][c] == b'Q' {
            return false;
        }
    }
    let (mut r, mut c) = (row, col);
    while r > 0 && c + 1 < n {
        r -= 1;
        c += 1;
        if board[r][c] == b'Q' {
            return false;
        }
    }
    true
}
