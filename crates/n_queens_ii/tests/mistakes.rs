//! The classic mistakes, each caught by the shared cases.
//!
//! Each module below is a step of the chain with one mistake that learners
//! and write-ups make (four of them bugs in the seed write-ups), written with the
//! chain's names so that it diffs against its step like a wrong turn.
//! `docs/common-mistakes.md` quotes them beside the right code.
//!
//! For each mistake, a test runs it over the shared cases as data,
//! [`counted_cases`]: the judge's range n = 1..=9, then the edge cases n = 0
//! and below, then n = 10 and 11. These are the very cases the rstest
//! templates give every approach (`n_queens_cases` tests that the two agree),
//! so if a change to the cases ever lets a mistake through, its test here
//! fails. Each test also pins the first case that catches the mistake and
//! what the mistake does there (returns a wrong count, panics, crashes): the
//! docs page quotes those, and the test says when they change.
//!
//! A mistake may not even return: infinite recursion overflows the stack,
//! which aborts the whole process, not just one test. So every mistake runs
//! in a child process, this test binary started again on its own test, by
//! the harness of `n_queens_cases::deadline` ([`caught!`]). What a mistake
//! does there is also read as `queens practice` reads a failing case: each
//! test checks that practice links the mistake's own row of the docs page
//! (numbered in the test) and no other, and only in an exercise of its step.

use n_queens_cases::caught;
use n_queens_cases::counted_cases;
use n_queens_cases::deadline::Expect;

/// Step 2, `column_abs`, with the attack test written `!=` where `==` is
/// meant, as in seed 002's first comparison function: a square counts as
/// attacked unless it is on the diagonal of every queen above.
mod abs_not_equal {
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
        for (queen_row, &queen_col) in queens.iter().enumerate() {
            let col_distance = (col as i64 - queen_col as i64).unsigned_abs() as usize;
            // Wrong: `!=` where `==` is meant.
            if queen_col == col || row - queen_row != col_distance {
                return false;
            }
        }
        true
    }
}

/// Step 4, `bitmask`, with the queen added to the masks by `&` where `|` is
/// meant, as seed 002's explanation writes it: the masks stay 0, no queen is
/// ever recorded, and the search goes down row after row without end.
mod and_instead_of_or {
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
            // Wrong: `&` where `|` is meant, three times.
            count += place_row(full, columns & lowest, (diagonals & lowest) << 1, (anti_diagonals & lowest) >> 1);
        }
        count
    }
}

/// Step 4, `bitmask`, with `full = 1 << n` where `(1 << n) - 1` is meant, as
/// seed 002 sets its `nn`: one bit just past the board instead of n ones.
mod full_without_minus_one {
    pub struct Solution;

    impl Solution {
        pub fn total_n_queens(n: i32) -> i32 {
            if n < 0 {
                return 0;
            }
            // Wrong: one bit, column n, off the board; the n columns are `(1 << n) - 1`.
            let full = 1u32 << n;
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
            count += place_row(full, columns | lowest, (diagonals | lowest) << 1, (anti_diagonals | lowest) >> 1);
        }
        count
    }
}

/// Step 4, `bitmask`, with one mask shifted the wrong way. Seed 003's text
/// shifts its "\" mask left and its "/" mask right, and its code does the
/// opposite for both (which still counts right, see
/// [`seed_003_code_counts_right`]); following the text for one mask and the
/// code for the other shifts both the same way, and the "/" lines are lost.
mod both_masks_shift_left {
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
            // Wrong: the "/" mask must move the other way, `>> 1`.
            count += place_row(full, columns | lowest, (diagonals | lowest) << 1, (anti_diagonals | lowest) << 1);
        }
        count
    }
}

/// Seed 003's own code, both masks shifted the other way round from its
/// text: not a mistake in the count, only in the names. The "\" mask now
/// holds the "/" lines and the other way round; together they still hold
/// every line, so every count is right and no case can catch it. (A search
/// that mixes them up consistently is the mirror image of the right one.)
mod seed_003_code {
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
            count += place_row(full, columns | lowest, (diagonals | lowest) >> 1, (anti_diagonals | lowest) << 1);
        }
        count
    }
}

/// Step 3, `three_arrays`, without clearing the flags on the way back: a
/// queen taken back still blocks its lines for every later branch.
mod flags_not_cleared {
    pub struct Solution;

    impl Solution {
        pub fn total_n_queens(n: i32) -> i32 {
            if n < 0 {
                return 0;
            }
            let n = n as usize;
            let mut lines = Lines::new(n);
            place_row(n, 0, &mut lines)
        }
    }

    use super::Lines;

    fn place_row(n: usize, row: usize, lines: &mut Lines) -> i32 {
        if row == n {
            return 1;
        }
        let mut count = 0;
        for col in 0..n {
            let (diagonal, anti_diagonal) = (row + n - 1 - col, row + col);
            if !lines.columns[col] && !lines.diagonals[diagonal] && !lines.anti_diagonals[anti_diagonal] {
                lines.set(col, diagonal, anti_diagonal, true);
                count += place_row(n, row + 1, lines);
                // Wrong: nothing here; the flags set above must be cleared again.
            }
        }
        count
    }
}

/// Step 3, `three_arrays`, with `row - col` as the "\" index, without the
/// `n - 1` that keeps it from going below zero.
mod diagonal_without_offset {
    pub struct Solution;

    impl Solution {
        pub fn total_n_queens(n: i32) -> i32 {
            if n < 0 {
                return 0;
            }
            let n = n as usize;
            let mut lines = Lines::new(n);
            place_row(n, 0, &mut lines)
        }
    }

    use super::Lines;

    fn place_row(n: usize, row: usize, lines: &mut Lines) -> i32 {
        if row == n {
            return 1;
        }
        let mut count = 0;
        for col in 0..n {
            // Wrong: `row - col` is negative right of the main diagonal.
            let (diagonal, anti_diagonal) = (row - col, row + col);
            if !lines.columns[col] && !lines.diagonals[diagonal] && !lines.anti_diagonals[anti_diagonal] {
                lines.set(col, diagonal, anti_diagonal, true);
                count += place_row(n, row + 1, lines);
                lines.set(col, diagonal, anti_diagonal, false);
            }
        }
        count
    }
}

/// Step 3, `three_arrays`, with the `n - 1` of the "\" index added after
/// the subtraction: `row - col + n - 1` is `(row - col) + n - 1`, and
/// `row - col` goes below zero first. The same panic as the dropped offset.
mod offset_after_the_subtraction {
    pub struct Solution;

    impl Solution {
        pub fn total_n_queens(n: i32) -> i32 {
            if n < 0 {
                return 0;
            }
            let n = n as usize;
            let mut lines = Lines::new(n);
            place_row(n, 0, &mut lines)
        }
    }

    use super::Lines;

    fn place_row(n: usize, row: usize, lines: &mut Lines) -> i32 {
        if row == n {
            return 1;
        }
        let mut count = 0;
        for col in 0..n {
            // Wrong: `row - col` is evaluated first, and goes below zero before `+ n - 1`.
            let (diagonal, anti_diagonal) = (row - col + n - 1, row + col);
            if !lines.columns[col] && !lines.diagonals[diagonal] && !lines.anti_diagonals[anti_diagonal] {
                lines.set(col, diagonal, anti_diagonal, true);
                count += place_row(n, row + 1, lines);
                lines.set(col, diagonal, anti_diagonal, false);
            }
        }
        count
    }
}

/// Step 3, `three_arrays`, off by one: the "\" index offset by `n`, as seed
/// 000 does (with `2n` flags), into the `2n - 1` flags of seed 003 (which
/// offsets by `n - 1`). The last diagonal has no flag.
mod offset_n_into_2n_minus_1 {
    pub struct Solution;

    impl Solution {
        pub fn total_n_queens(n: i32) -> i32 {
            if n < 0 {
                return 0;
            }
            let n = n as usize;
            let mut lines = Lines::new(n);
            place_row(n, 0, &mut lines)
        }
    }

    use super::Lines;

    fn place_row(n: usize, row: usize, lines: &mut Lines) -> i32 {
        if row == n {
            return 1;
        }
        let mut count = 0;
        for col in 0..n {
            // Wrong: `row - col + n` runs up to 2n - 1, one past the last of the 2n - 1 flags.
            let (diagonal, anti_diagonal) = (row + n - col, row + col);
            if !lines.columns[col] && !lines.diagonals[diagonal] && !lines.anti_diagonals[anti_diagonal] {
                lines.set(col, diagonal, anti_diagonal, true);
                count += place_row(n, row + 1, lines);
                lines.set(col, diagonal, anti_diagonal, false);
            }
        }
        count
    }
}

/// Step 3, `three_arrays`, with `2 * n - 1` flags written as such, as seed
/// 003 sizes its arrays: right for every n the judge asks, but below zero
/// for n = 0.
mod two_n_minus_one_at_zero {
    pub struct Solution;

    impl Solution {
        pub fn total_n_queens(n: i32) -> i32 {
            if n < 0 {
                return 0;
            }
            let n = n as usize;
            let mut lines = Lines::new(n);
            place_row(n, 0, &mut lines)
        }
    }

    struct Lines {
        columns: Vec<bool>,
        diagonals: Vec<bool>,
        anti_diagonals: Vec<bool>,
    }

    impl Lines {
        fn new(n: usize) -> Lines {
            Lines {
                columns: vec![false; n],
                // Wrong for n = 0: `2 * n - 1` goes below zero.
                diagonals: vec![false; 2 * n - 1],
                anti_diagonals: vec![false; 2 * n - 1],
            }
        }

        fn set(&mut self, col: usize, diagonal: usize, anti_diagonal: usize, taken: bool) {
            self.columns[col] = taken;
            self.diagonals[diagonal] = taken;
            self.anti_diagonals[anti_diagonal] = taken;
        }
    }

    fn place_row(n: usize, row: usize, lines: &mut Lines) -> i32 {
        if row == n {
            return 1;
        }
        let mut count = 0;
        for col in 0..n {
            let (diagonal, anti_diagonal) = (row + n - 1 - col, row + col);
            if !lines.columns[col] && !lines.diagonals[diagonal] && !lines.anti_diagonals[anti_diagonal] {
                lines.set(col, diagonal, anti_diagonal, true);
                count += place_row(n, row + 1, lines);
                lines.set(col, diagonal, anti_diagonal, false);
            }
        }
        count
    }
}

/// Step 1, `board_scan`, written "place the queen, then check the board",
/// with the `row == n` base case after the loop instead of before it: the
/// loop runs once more for row n, one row past the board.
mod base_case_after_the_loop {
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
    }

    fn is_safe(board: &[Vec<bool>], row: usize, col: usize) -> bool {
        super::board_scan_is_safe(board, row, col)
    }
}

/// The same misplaced base case in the chain's own shape, "check, then
/// place": not caught, and right. At row n every column already has its
/// queen, so the loop places nothing and the count comes out right; the
/// misplaced line only costs n more checks per solution.
mod base_case_after_the_loop_check_first {
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
        let mut count = 0;
        for col in 0..n {
            if is_safe(board, row, col) {
                board[row][col] = true;
                count += place_row(board, row + 1);
                board[row][col] = false;
            }
        }
        if row == n {
            return 1;
        }
        count
    }

    fn is_safe(board: &[Vec<bool>], row: usize, col: usize) -> bool {
        super::board_scan_is_safe(board, row, col)
    }
}

/// Step 3's flags, unchanged: shared by the three-arrays mistakes above
/// whose mistake is elsewhere.
struct Lines {
    columns: Vec<bool>,
    diagonals: Vec<bool>,
    anti_diagonals: Vec<bool>,
}

impl Lines {
    fn new(n: usize) -> Lines {
        Lines {
            columns: vec![false; n],
            diagonals: vec![false; (2 * n).saturating_sub(1)],
            anti_diagonals: vec![false; (2 * n).saturating_sub(1)],
        }
    }

    fn set(&mut self, col: usize, diagonal: usize, anti_diagonal: usize, taken: bool) {
        self.columns[col] = taken;
        self.diagonals[diagonal] = taken;
        self.anti_diagonals[anti_diagonal] = taken;
    }
}

/// Step 1's `is_safe`, unchanged: no queen above (row, col), straight up,
/// up-left or up-right. Shared by the two board-scan mistakes above, whose
/// mistake is elsewhere.
fn board_scan_is_safe(board: &[Vec<bool>], row: usize, col: usize) -> bool {
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

// ---------------------------------------------------------------------------
// The tests: each mistake over the shared cases, in a child process.

/// The panic of a subtraction below zero: its overflow check's in a test
/// build; in a build without the check (`--release`), the wrapped number
/// fails later, as `otherwise` says.
const fn overflow(otherwise: &'static str) -> &'static str {
    if cfg!(debug_assertions) { "attempt to subtract with overflow" } else { otherwise }
}

caught!(abs_not_equal, 1, Expect::Returns("judge_counts::n2", 2));
caught!(and_instead_of_or, 2, Expect::Crashes("judge_counts::n1", "overflowed its stack"));
caught!(full_without_minus_one, 3, Expect::Returns("judge_counts::n2", 1));
caught!(both_masks_shift_left, 4, Expect::Returns("judge_counts::n2", 1));
caught!(flags_not_cleared, 5, Expect::Returns("judge_counts::n4", 0));
caught!(diagonal_without_offset, 6, Expect::Panics("judge_counts::n2", overflow("index out of bounds")));
// Without overflow checks the late offset wraps back: see the test after these.
#[cfg(debug_assertions)]
caught!(offset_after_the_subtraction, 6, Expect::Panics("judge_counts::n2", "attempt to subtract with overflow"));
caught!(offset_n_into_2n_minus_1, 8, Expect::Panics("judge_counts::n1", "index out of bounds"));
caught!(two_n_minus_one_at_zero, 9, Expect::Panics("edge_cases::zero", overflow("capacity overflow")));
caught!(base_case_after_the_loop, 7, Expect::Panics("judge_counts::n1", "index out of bounds"));

/// Built without overflow checks, `row - col` wraps below zero and
/// `+ n - 1` wraps it back to the right index: the late offset counts right
/// on every case there, the mistake hidden, not fixed.
#[cfg(not(debug_assertions))]
#[test]
fn offset_after_the_subtraction_counts_right_without_overflow_checks() {
    for case in counted_cases() {
        assert_eq!(offset_after_the_subtraction::Solution::total_n_queens(case.n) as u64, case.expected, "{case:?}");
    }
}

/// Seed 003's swapped shifts count right on every case: the mirror image
/// of the right search (see the module).
#[test]
fn seed_003_code_counts_right() {
    for case in counted_cases() {
        assert_eq!(seed_003_code::Solution::total_n_queens(case.n) as u64, case.expected, "{case:?}");
    }
}

/// The misplaced base case in the check-first shape counts right on every
/// case (see the module): not a wrong answer, only wasted work.
#[test]
fn base_case_after_the_loop_check_first_counts_right() {
    for case in counted_cases() {
        let count = base_case_after_the_loop_check_first::Solution::total_n_queens(case.n);
        assert_eq!(count as u64, case.expected, "{case:?}");
    }
}
