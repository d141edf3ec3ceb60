//! # 1. Board scan
//!
//! **Idea.** Put one queen in each row, top to bottom, on a real n×n board of
//! `'.'` and `'Q'`. Before placing a queen at (row, col), look for a queen
//! already placed above it: in its column, up-left along its "\" diagonal
//! and up-right along its "/" anti-diagonal. If none, place it, solve the
//! rows below, then take it back (backtracking). Rows below are still
//! empty, so only the squares above need looking at.
//!
//! **What changed.** Nothing yet: this is the first step, the way most people
//! first write it. It is easy to get right, and every later step keeps its
//! shape and only makes the safety check cheaper.
//!
//! **Cost.** Checking one square walks up to 3 lines of up to n squares:
//! O(n). Time O(n² · n!) at most (fewer than e · n! partial placements,
//! n candidate squares each, O(n) per check); space O(n²) for the board, plus the output.

/// LeetCode declares this type itself: paste everything after this line.
pub struct Solution;

impl Solution {
    /// Every solution of the `n`-queens puzzle, each board as `n` strings
    /// (`'Q'` a queen, `'.'` empty), in no particular order.
    ///
    /// `n = 0` gives one empty board, `n < 0` none.
    ///
    /// # Panics
    /// If `n > 15`: n = 16 has 14,772,512 boards, and as strings they need
    /// over 9 GB (16 strings of 16 bytes each, 24 more for each `String`).
    pub fn solve_n_queens(n: i32) -> Vec<Vec<String>> {
        if n < 0 {
            return Vec::new();
        }
        assert!(
            n <= 15,
            "solve_n_queens: n = {} is out of range; this approach supports n <= 15 \
             (n = 16 has 14772512 boards, over 9 GB as strings)",
            n
        );
        let n = n as usize;
        let mut board = vec![vec![b'.'; n]; n];
        let mut solutions = Vec::new();
        place_row(&mut board, 0, &mut solutions);
        solutions
    }
}

/// Tries every column of `row`; when all rows are filled, records the board.
fn place_row(board: &mut Vec<Vec<u8>>, row: usize, solutions: &mut Vec<Vec<String>>) {
    let n = board.len();
    if row == n {
        let rows = board.iter().map(|line| String::from_utf8(line.clone()).unwrap()).collect();
        solutions.push(rows);
        return;
    }
    for col in 0..n {
        if is_safe(board, row, col) {
            board[row][col] = b'Q';
            place_row(board, row + 1, solutions);
            board[row][col] = b'.'; // take the queen back and try the next column
        }
    }
}

/// Whether no queen above (row, col) attacks it. Rows below are still empty.
fn is_safe(board: &[Vec<u8>], row: usize, col: usize) -> bool {
    let n = board.len();
    // Down the column, from the top row to the row above.
    if board[..row].iter().any(|line| line[col] == b'Q') {
        return false;
    }
    // Up-left along the "\" diagonal: row and column both shrink by one.
    let (mut r, mut c) = (row, col);
    while r > 0 && c > 0 {
        r -= 1;
        c -= 1;
        if board[r][c] == b'Q' {
            return false;
        }
    }
    // Up-right along the "/" anti-diagonal: row shrinks, column grows.
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
