//! # 1. Board scan
//!
//! **Idea.** Put one queen in each row, top to bottom, on a real n×n board.
//! Before placing a queen at (row, col), look for a queen already placed
//! above it: in its column, up-left along its "\" diagonal and up-right
//! along its "/" anti-diagonal. If none, place it, count the solutions of
//! the rows below, then take it back (backtracking). Rows below are still
//! empty, so only the squares above need looking at.
//!
//! **What changed.** Nothing yet: this is the first step, the way most people
//! first write it. Every later step keeps its shape and only makes the safety
//! check cheaper. Unlike LeetCode 51 no board is ever written out: a
//! completed placement just adds one to the count.
//!
//! **Cost.** Checking one square walks up to 3 lines of up to n squares:
//! O(n). Time O(n² · n!) at most (fewer than e · n! partial placements,
//! n candidate squares each, O(n) per check); space O(n²) for the board.

/// LeetCode declares this type itself: paste everything after this line.
pub struct Solution;

impl Solution {
    /// The number of solutions of the `n`-queens puzzle.
    ///
    /// `n = 0` gives 1 (the empty board), `n < 0` gives 0.
    ///
    /// # Panics
    /// If `n > 18`: the count for n = 19 does not fit in `i32`.
    pub fn total_n_queens(n: i32) -> i32 {
        if n < 0 {
            return 0;
        }
        assert!(
            n <= 18,
            "total_n_queens: n = {} is out of range; this approach supports n <= 18 \
             (the count for n = 19, 4968057848, does not fit in i32)",
            n
        );
        let n = n as usize;
        let mut board = vec![vec![false; n]; n];
        place_row(&mut board, 0)
    }
}

/// The number of ways to fill rows `row..n` given the queens above.
fn place_row(board: &mut Vec<Vec<bool>>, row: usize) -> i32 {
    let n = board.len();
    if row == n {
        return 1;
    }
    let mut count = 0;
    for col in 0..n {
        if is_safe(board, row, col) {
            board[row][col] = true;
            count += place_row(board, row + 1);
            board[row][col] = false; // take the queen back and try the next column
        }
    }
    count
}

/// Whether no queen above (row, col) attacks it. Rows below are still empty.
fn is_safe(board: &[Vec<bool>], row: usize, col: usize) -> bool {
    let n = board.len();
    // Down the column, from the top row to the row above.
    if board[..row].iter().any(|line| line[col]) {
        return false;
    }
    // Up-left along the "\" diagonal: row and column both shrink by one.
    let (mut r, mut c) = (row, col);
    while r > 0 && c > 0 {
        r -= 1;
        c -= 1;
        if board[r][c] {
            return false;
        }
    }
    // Up-right along the "/" anti-diagonal: row shrinks, column grows.
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
