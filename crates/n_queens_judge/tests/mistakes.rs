//! The classic mistakes, each caught by the shared cases.
//!
//! Each mistake of `docs/common-mistakes.md` is a file of its own in
//! `crates/n_queens_steps/mistakes/` (its row of `n_queens_steps::mistakes`,
//! which practice links and watch runs, reads the same file): a step of the
//! chain with one mistake that learners and write-ups make, in the chain's
//! names, so that it diffs against its step like a wrong turn. Each file is
//! whole, as a learner pastes it, with no helper from elsewhere. The modules
//! here are the second way to make mistake 6, which the page quotes from
//! here, and what looks like a mistake and is not; each is whole too.
//!
//! Each test runs its mistake over the shared cases as data,
//! [`counted_cases`] (the very cases the rstest templates give every
//! approach), in a child process, since a mistake may overflow the stack
//! ([`caught!`]). It pins the first case that catches the mistake and what
//! the mistake does there, which the docs page quotes, and that practice
//! links the mistake's own row (numbered in the test) and no other, and
//! only in an exercise of its step.

use n_queens_cases::counted_cases;
use n_queens_judge::deadline::Expect;
use n_queens_judge::program::program;
use n_queens_judge::runner::{Profile, Runner};
use n_queens_judge::{Problem, caught, judge_text};
use n_queens_steps::mistakes::{Code, MISTAKES};

#[path = "../../n_queens_steps/mistakes/diagonal_not_equal.rs"]
mod diagonal_not_equal;
#[path = "../../n_queens_steps/mistakes/and_instead_of_or.rs"]
mod and_instead_of_or;
#[path = "../../n_queens_steps/mistakes/full_one_bit.rs"]
mod full_one_bit;
#[path = "../../n_queens_steps/mistakes/shift_wrong_way.rs"]
mod shift_wrong_way;
#[path = "../../n_queens_steps/mistakes/flags_not_cleared.rs"]
mod flags_not_cleared;
#[path = "../../n_queens_steps/mistakes/diagonal_without_offset.rs"]
mod diagonal_without_offset;
#[path = "../../n_queens_steps/mistakes/base_case_after_the_loop.rs"]
mod base_case_after_the_loop;
#[path = "../../n_queens_steps/mistakes/offset_n.rs"]
mod offset_n;
#[path = "../../n_queens_steps/mistakes/two_n_minus_one.rs"]
mod two_n_minus_one;
#[path = "../../n_queens_steps/mistakes/distance_without_abs.rs"]
mod distance_without_abs;
#[path = "../../n_queens_steps/mistakes/base_case_one_row_early.rs"]
mod base_case_one_row_early;
#[path = "../../n_queens_steps/mistakes/51/full_one_bit.rs"]
mod full_one_bit_51;
#[path = "../../n_queens_steps/mistakes/51/base_case_one_row_early.rs"]
mod base_case_one_row_early_51;

/// Seed 003's own code, both masks shifted the other way round from its
/// text: a mistake in the names only. The two masks still hold every line
/// between them, so every count is right: it is the right search's mirror image.
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

    /// The lines taken by the queens placed so far: step 3's flags, unchanged.
    struct Lines {
        columns: Vec<bool>,
        diagonals: Vec<bool>,
        anti_diagonals: Vec<bool>,
    }

    impl Lines {
        fn new(n: usize) -> Lines {
            Lines {
                columns: vec![false; n],
                // `2 * n - 1` would underflow for n = 0; saturating keeps it 0.
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

/// The same misplaced base case in the chain's own shape, "check, then
/// place": right, since at row n the loop places nothing; it only costs n
/// more checks per solution.
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
}

// ---------------------------------------------------------------------------
// The tests: each mistake over the shared cases, in a child process.

/// The panic of a subtraction below zero in a test build; without overflow
/// checks (`--release`), the wrapped number fails later, as `otherwise` says.
const fn overflow(otherwise: &'static str) -> &'static str {
    if cfg!(debug_assertions) { "attempt to subtract with overflow" } else { otherwise }
}

caught!(diagonal_not_equal, 1, Expect::Returns("judge_counts::n2", 2));
caught!(and_instead_of_or, 2, Expect::Crashes("judge_counts::n1", "overflowed its stack"));
caught!(full_one_bit, 3, Expect::Returns("judge_counts::n2", 1));
caught!(shift_wrong_way, 4, Expect::Returns("judge_counts::n2", 1));
caught!(flags_not_cleared, 5, Expect::Returns("judge_counts::n4", 0));
caught!(diagonal_without_offset, 6, Expect::Panics("judge_counts::n2", overflow("index out of bounds")));
// Without overflow checks the late offset wraps back: see the test after these.
#[cfg(debug_assertions)]
caught!(offset_after_the_subtraction, 6, Expect::Panics("judge_counts::n2", "attempt to subtract with overflow"));
caught!(offset_n, 8, Expect::Panics("judge_counts::n1", "index out of bounds"));
caught!(two_n_minus_one, 9, Expect::Panics("edge_cases::zero", overflow("capacity overflow")));
caught!(base_case_after_the_loop, 7, Expect::Panics("judge_counts::n1", "index out of bounds"));
caught!(distance_without_abs, 10, Expect::Returns("judge_counts::n2", 1));
caught!(base_case_one_row_early, 11, Expect::Returns("judge_counts::n2", 2));
// LeetCode 51, where its boards show a mistake elsewhere than 52's count: the
// queen in column n panics where it is drawn; the board with an empty last
// row is wrong at n = 1 already.
caught!(full_one_bit_51 in 51, 3, Expect::Panics("judge_counts::n1", overflow("capacity overflow")));
caught!(base_case_one_row_early_51 in 51, 11, Expect::Returns("judge_counts::n1", 1));

/// Built without overflow checks, `row - col` wraps below zero and
/// `+ n - 1` wraps it back to the right index: the late offset counts right
/// on every case there, the mistake hidden, not fixed.
#[cfg(not(debug_assertions))]
#[test]
fn offset_after_the_subtraction_counts_right_without_overflow_checks() {
    counts_right(offset_after_the_subtraction::Solution::total_n_queens);
}

/// `solve` counts right on every shared case.
fn counts_right(solve: fn(i32) -> i32) {
    for case in counted_cases() {
        assert_eq!(solve(case.n) as u64, case.expected, "{case:?}");
    }
}

/// Each row of the shared table names a file of this test (and one of
/// LeetCode 51 where its boards show it otherwise), whose module is run by
/// a test above as that row's number.
#[test]
fn each_mistake_of_the_shared_table_is_tested_here_from_its_file() {
    let this = include_str!("mistakes.rs");
    for mistake in &MISTAKES {
        let boards = mistake.boards.map(|boards| (boards.code, " in 51"));
        for (Code { module, path, .. }, problem) in [Some((mistake.code, "")), boards].into_iter().flatten() {
            let file = path.strip_prefix("crates/").expect("a file of the workspace");
            let file = format!("../../{file}");
            assert!(this.contains(&format!("#[path = \"{file}\"]\nmod {module};")), "{path}: not a module here");
            let test = format!("caught!({module}{problem}, {}, ", mistake.number);
            assert!(this.contains(&test), "{module}: not tested as its row");
        }
    }
}

/// Seed 003's swapped shifts count right on every case: the mirror image
/// of the right search (see the module).
#[test]
fn seed_003_code_counts_right() {
    counts_right(seed_003_code::Solution::total_n_queens);
}

/// The misplaced base case in the check-first shape counts right on every
/// case (see the module): not a wrong answer, only wasted work.
#[test]
fn base_case_after_the_loop_check_first_counts_right() {
    counts_right(base_case_after_the_loop_check_first::Solution::total_n_queens);
}

/// Each mistake's file is whole, with no helper from elsewhere: what a
/// learner pastes of it into the judge (the text after its
/// `pub struct Solution;` line) compiles alone, as the judge compiles it.
#[test]
fn each_mistake_file_compiles_alone_as_pasted() {
    let runner = Runner::trusted().expect("a toolchain");
    let boards = MISTAKES.iter().filter_map(|mistake| mistake.boards).map(|boards| (boards.code, Problem::NQueens));
    for (code, problem) in MISTAKES.iter().map(|mistake| (mistake.code, Problem::NQueensII)).chain(boards) {
        let pasted = judge_text(code.text).unwrap_or_else(|| panic!("{}: no `pub struct Solution;` line", code.path));
        let program = program(problem, pasted, 2);
        let compiled = runner.compile(&program, code.module, "2021", Profile::Checked, &mut |_| {});
        if let Err(refused) = compiled {
            panic!("{} does not compile alone: {refused:?}", code.path);
        }
    }
}
