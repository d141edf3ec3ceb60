//! The chain as the ladder and the view read it: [`STEPS`], made from the
//! manifest (`n_queens_chain::steps!`), with each step's starting texts
//! (`exercises/51|52/<step>.rs`), hints and check's unit (`details!`). Its
//! mistakes, if any, are in [`crate::mistakes`], by the step's name.

use crate::Problem;

/// One step of the chain: an approach of one problem or both, an exercise
/// of the practice ladder or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The file name without `.rs`, in the problem crates and on the command line.
    pub name: &'static str,
    /// Its number on the ladder, 1 to 4 for the judge's chain; `None` past it.
    pub number: Option<u8>,
    /// The problems that have it, in the order of [`Problem::ALL`].
    pub problems: &'static [Problem],
    /// The step it builds on, by name; `None` for the first.
    pub builds_on: Option<&'static str>,
    /// Whether its files paste into the judge as they stand.
    pub judge_ready: bool,
    /// What its check reads, as `queens watch` counts it (`"squares read"`);
    /// `None` for a step the view does not show.
    pub check_unit: Option<&'static str>,
    /// Whether the exercise's search shares state that must be undone after
    /// the recursive call (the masks of `bitmask` are passed by value).
    pub undoes: bool,
    /// What usually keeps a case of its exercise running past its time
    /// limit, as a question to the learner; `None` for a step that is not
    /// on the ladder.
    pub too_slow: Option<&'static str>,
    /// What keeps a loop of its exercise from ever ending, as a question to
    /// the learner: for a case still running at an n so small that no
    /// search of it can be merely slow; `None` for a step that is not on
    /// the ladder.
    pub endless: Option<&'static str>,
    /// Its exercises, one per problem that has it, in the order of
    /// [`Problem::ALL`]; none for a step that is not on the ladder.
    pub exercises: &'static [Exercise],
}

/// One exercise: a step of one problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exercise {
    /// The problem it answers.
    pub problem: Problem,
    /// The starting text, exactly as `queens practice reset` writes it.
    pub starting_text: &'static str,
    /// Its hints, from a nudge to nearly the answer, in the chain's names
    /// (`place_row`, `is_safe`, `full`, ...): out of the starting text, so
    /// that a learner never reads one by accident.
    pub hints: &'static [&'static str],
}

/// [`STEPS`], from the manifest's steps, each field read by name.
macro_rules! steps {
    ($($name:ident $file:literal { $($field:tt)* })*) => {
        /// Every step, in the order of the chain.
        pub const STEPS: &[Step] = &[$(Step {
            name: $file,
            number: n_queens_chain::field!(number, n_queens_chain::number!(), $($field)*),
            problems: n_queens_chain::field!(problems, problems!(), $($field)*),
            builds_on: n_queens_chain::field!(builds_on, n_queens_chain::builds_on!(), $($field)*),
            judge_ready: n_queens_chain::field!(judge_ready, n_queens_chain::flag!(), $($field)*),
            check_unit: n_queens_chain::field!(watched, with!(details!($name).check_unit,), $($field)*),
            undoes: matches!(n_queens_chain::field!(exercise, with!(details!($name).undoes,), $($field)*), Some(true)),
            too_slow: n_queens_chain::field!(exercise, with!(details!($name).too_slow,), $($field)*),
            endless: n_queens_chain::field!(exercise, with!(details!($name).endless,), $($field)*),
            exercises: n_queens_chain::field!(exercise, exercises!($name, $file, [$($field)*],), $($field)*),
        }),*];
    };
}

/// The problems of a step, from its `problems` field.
#[rustfmt::skip]
macro_rules! problems {
    ([$($problem:tt: $idea:literal),+]) => { &[$(problem!($problem)),+] };
}

/// A problem by its number.
#[rustfmt::skip]
macro_rules! problem {
    (51) => { Problem::NQueens };
    (52) => { Problem::NQueensII };
}

/// A detail of a step that has the flag (`yes`): `Some` of it.
#[rustfmt::skip]
macro_rules! with {
    ($detail:expr, yes) => { Some($detail) };
    ($detail:expr, no) => { None };
}

/// A step's exercises, if it has them (`yes`): its starting texts by path,
/// its hints by name, one per problem of its fields.
macro_rules! exercises {
    ($name:ident, $file:literal, [$($field:tt)*], no) => { &[] };
    ($name:ident, $file:literal, [$($field:tt)*], yes) => {
        n_queens_chain::field!(problems, exercises!($name, $file,), $($field)*)
    };
    ($name:ident, $file:literal, [$($problem:tt: $idea:literal),+]) => {
        &[$(Exercise {
            problem: problem!($problem),
            starting_text: include_str!(concat!("../exercises/", stringify!($problem), "/", $file, ".rs")),
            hints: hints!($name, $problem),
        }),+]
    };
}

/// A step's hints for one problem (`details!`).
#[rustfmt::skip]
macro_rules! hints {
    ($name:ident, 51) => { details!($name).hints_51 };
    ($name:ident, 52) => { details!($name).hints_52 };
}

/// The step called `name`, if there is one.
pub fn step(name: &str) -> Option<&'static Step> {
    STEPS.iter().find(|step| step.name == name)
}

/// Every step's name, in order.
pub fn names() -> impl Iterator<Item = &'static str> {
    STEPS.iter().map(|step| step.name)
}

impl Step {
    /// Its exercise of `problem`, if it has one.
    pub fn exercise(&self, problem: Problem) -> Option<&'static Exercise> {
        self.exercises.iter().find(|exercise| exercise.problem == problem)
    }

    /// The step it builds on, if any.
    pub fn builds_on(&self) -> Option<&'static Step> {
        self.builds_on.and_then(step)
    }
}

/// The steps `queens watch` shows (those with a [`Step::check_unit`]), in order.
pub fn watched() -> impl Iterator<Item = &'static Step> {
    STEPS.iter().filter(|step| step.check_unit.is_some())
}

/// The steps of the practice ladder (those with exercises), in order.
pub fn ladder() -> impl Iterator<Item = &'static Step> {
    STEPS.iter().filter(|step| !step.exercises.is_empty())
}

/// What each exercise and each watched step has beside the manifest, by
/// the step's name ([`Details`]). A step that is neither needs no line here.
#[rustfmt::skip]
macro_rules! details {
    (board_scan) => { Details { check_unit: "squares read", undoes: true,
        hints_51: &[BOARD_SCAN_1, BOARD_SCAN_2, BOARD_SCAN_3_BOARDS], hints_52: &[BOARD_SCAN_1, BOARD_SCAN_2, BOARD_SCAN_3_COUNT],
        too_slow: BOARD_SCAN_SLOW, endless: BOARD_SCAN_ENDLESS } };
    (column_abs) => { Details { check_unit: "queens compared", undoes: true,
        hints_51: &[COLUMN_ABS_1, COLUMN_ABS_2, COLUMN_ABS_3_BOARDS], hints_52: &[COLUMN_ABS_1, COLUMN_ABS_2, COLUMN_ABS_3],
        too_slow: COLUMN_ABS_SLOW, endless: COLUMN_ABS_ENDLESS } };
    (three_arrays) => { Details { check_unit: "flags read", undoes: true,
        hints_51: &[THREE_ARRAYS_1, THREE_ARRAYS_2, THREE_ARRAYS_3], hints_52: &[THREE_ARRAYS_1, THREE_ARRAYS_2, THREE_ARRAYS_3],
        too_slow: THREE_ARRAYS_SLOW, endless: THREE_ARRAYS_ENDLESS } };
    (bitmask) => { Details { check_unit: "free masks", undoes: false,
        hints_51: &[BITMASK_1, BITMASK_2_BOARDS, BITMASK_3_BOARDS], hints_52: &[BITMASK_1, BITMASK_2_COUNT, BITMASK_3_COUNT],
        too_slow: BITMASK_SLOW, endless: BITMASK_SLOW } };
    (mirror) => { Details { check_unit: "", undoes: false,
        hints_51: &[MIRROR_1_BOARDS, MIRROR_2_BOARDS, MIRROR_3_BOARDS], hints_52: &[MIRROR_1_COUNT, MIRROR_2_COUNT, MIRROR_3_COUNT],
        too_slow: MIRROR_SLOW, endless: MIRROR_SLOW } };
    ($name:ident) => { compile_error!(concat!(
        "crates/n_queens_steps/src/chain.rs: `", stringify!($name), "` is an exercise or a watched step: add to ",
        "`details!` the arm (", stringify!($name), ") => { Details { check_unit: \"..\", undoes: .., ",
        "hints_51: &[..], hints_52: &[..], too_slow: .., endless: .. } }; (`&[]` for a problem it lacks, ",
        "`\"\"` for a step not watched)"
    )) };
}

/// What a step has beside the manifest ([`details!`]).
struct Details {
    /// What its check reads, as `queens watch` counts it ([`Step::check_unit`]).
    check_unit: &'static str,
    /// Whether its search undoes ([`Step::undoes`]).
    undoes: bool,
    /// Its hints of LeetCode 51 ([`Exercise::hints`]).
    hints_51: &'static [&'static str],
    /// Its hints of LeetCode 52.
    hints_52: &'static [&'static str],
    /// What usually keeps a case of its exercise running ([`Step::too_slow`]).
    too_slow: &'static str,
    /// What keeps a loop of its exercise from ending ([`Step::endless`]); for
    /// the bitmask steps, what keeps them running at all.
    endless: &'static str,
}

n_queens_chain::steps!([] => steps);

const BOARD_SCAN_SLOW: &str = "Does the scan see the queens already placed (the mark it looks for is the one \
placed), and does each queen placed come back off before the next column is tried?";

const BOARD_SCAN_ENDLESS: &str = "Does every loop move on at each turn: the one over the columns of the row, and \
each walk up from the square (the row one up, the column one left or right)?";

const COLUMN_ABS_ENDLESS: &str = "Does every loop move on at each turn: the one over the columns of the row, and \
the one over the queens above?";

const THREE_ARRAYS_ENDLESS: &str = "Does the loop over the columns move on at each turn, whether the square is free \
or not (in a `while` loop, `col += 1` outside its `if`)?";

const COLUMN_ABS_SLOW: &str = "Is each new square compared with every queen above it, column and both \
diagonals (`row - i == abs(col - queens[i])`), so that attacked squares are refused?";

const THREE_ARRAYS_SLOW: &str = "Are the three flags of a queen set before the recursive call, so that the rows \
below see it, and read at the right index (`row - col + n - 1` and `row + col`)?";

const BITMASK_SLOW: &str = "Is `free` masked to the board (`full & !(...)`), so that no square off it is free, \
and does each turn clear the square just tried (`free &= free - 1`)?";

const MIRROR_SLOW: &str = "Is `free` masked to the board (`full & !(...)`), and does each turn clear the \
square just tried (`free &= free - 1`), in the first row's left half as below it?";

const BOARD_SCAN_1: &str = "One queen per row, top to bottom. For the row you are filling, try each column in \
turn: if the square is safe, put a queen there, fill the rows below, then take the queen back and try the next \
column. When every row has its queen, that is one solution.";

const BOARD_SCAN_2: &str = "Only the rows above hold queens yet, so `is_safe(board, row, col)` looks along three \
lines above (row, col): its column, in the rows above (step 1 reads them from the top row down); up-left along the \
\"\\\" diagonal, row and column both shrinking by one per step; up-right along the \"/\" anti-diagonal, the row \
shrinking and the column growing. Each diagonal walk stops at the edge of the board.";

const BOARD_SCAN_3_COUNT: &str = "Nearly the answer: `let mut board = vec![vec![false; n]; n];` (with \
`let n = n as usize;`) and `fn place_row(board: &mut Vec<Vec<bool>>, row: usize) -> i32`, which returns 1 when \
`row == board.len()` and otherwise adds up `place_row(board, row + 1)` over the columns where \
`is_safe(board, row, col)`, setting `board[row][col] = true` before that call and `false` after it.";

const BOARD_SCAN_3_BOARDS: &str = "Nearly the answer: `let mut board = vec![vec![b'.'; n]; n];` and \
`fn place_row(board: &mut Vec<Vec<u8>>, row: usize, solutions: &mut Vec<Vec<String>>)`. When \
`row == board.len()`, push the board as strings, \
`board.iter().map(|line| String::from_utf8(line.clone()).unwrap()).collect()`, and return; otherwise, for each \
column where `is_safe(board, row, col)`, set `board[row][col] = b'Q'`, call `place_row(board, row + 1, solutions)`, \
and set it back to `b'.'`.";

const COLUMN_ABS_1: &str = "A solution has exactly one queen in each row, so the whole board is one number per \
row: the column of its queen. Keep `queens: Vec<usize>`, push the column when you place a queen and pop it when \
you take the queen back; the row being filled is `queens.len()`.";

const COLUMN_ABS_2: &str = "The queen of an earlier row, `queen_row`, attacks (row, col) when it stands in the same \
column, or when the two are as many rows apart as columns apart: `row - queen_row == |col - queen_col|`. That one \
test covers both diagonal directions. `==` is the attack, so a safe square has `!=` for every queen above.";

const COLUMN_ABS_3: &str = "`usize` cannot go below zero, and `usize::abs_diff` needs Rust 1.60: take the column \
distance as `(col as i64 - queen_col as i64).unsigned_abs() as usize`. Then `is_safe(queens, col)` is \
`queens.iter().enumerate().all(|(queen_row, &queen_col)| queen_col != col && row - queen_row != col_distance)`, \
the distance computed inside the closure, and `place_row(n, queens)` returns 1 once `queens.len() == n`.";

const COLUMN_ABS_3_BOARDS: &str = "`usize` cannot go below zero, and `usize::abs_diff` needs Rust 1.60: take the \
column distance as `(col as i64 - queen_col as i64).unsigned_abs() as usize`. Then `is_safe(queens, col)` is \
`queens.iter().enumerate().all(|(queen_row, &queen_col)| queen_col != col && row - queen_row != col_distance)`. \
When `queens.len() == n`, push `draw(queens)`: for each row, `\".\".repeat(col) + \"Q\" + &\".\".repeat(n - col - 1)`.";

const THREE_ARRAYS_1: &str = "Instead of asking every queen above whether it attacks (row, col), remember which \
lines are taken: one flag per column, one per \"\\\" diagonal, one per \"/\" anti-diagonal. A square is safe when \
its three flags are clear; placing a queen sets them.";

const THREE_ARRAYS_2: &str = "Along a \"\\\" diagonal `row - col` stays the same, along a \"/\" anti-diagonal \
`row + col` does, so each kind has 2n - 1 lines. `row - col` runs from -(n - 1) to n - 1: add n - 1 to make it an \
index from 0, and write it `row + n - 1 - col`, so that no `usize` goes below zero on the way.";

const THREE_ARRAYS_3: &str = "The flags are shared by the whole search: after the recursive call returns, clear \
the three flags you set, or the queen you took back keeps blocking its lines in every later branch (at n = 4 the \
count comes out 0 instead of 2). With `struct Lines { columns, diagonals, anti_diagonals }` and a \
`set(col, diagonal, anti_diagonal, taken)` method, the loop body of `place_row` is: the two indices, the three \
checks, `lines.set(.., true)`, the recursive call, `lines.set(.., false)`.";

const BITMASK_1: &str = "Three arrays of flags fit in three integers, one bit per column: bit `c` is column `c`. \
For the row being filled, `columns | diagonals | anti_diagonals` has a 1 on every attacked square, so \
`full & !(columns | diagonals | anti_diagonals)` has a 1 on every free one, with `full = (1 << n) - 1`: n ones, \
one per column (`1 << n` alone is a single bit, off the board).";

/// Hint 2 of `bitmask`, around what the way back needs, which differs by problem.
macro_rules! bitmask_2 {
    ($way_back:literal) => {
        concat!(
            "Going down a row, a \"\\\" diagonal moves one column right, to the next higher bit: the next row \
             gets `(diagonals | lowest) << 1`. A \"/\" anti-diagonal moves one column left: \
             `(anti_diagonals | lowest) >> 1`. Columns stay: `columns | lowest`. Add the queen with `|`, never `&`. ",
            $way_back,
            " The board is full when `columns == full`. The lowest free square is `free & free.wrapping_neg()`: \
             `-free` does not compile for `u32` (error E0600)."
        )
    };
}

const BITMASK_2_COUNT: &str =
    bitmask_2!("The masks are passed by value, so there is nothing to clear on the way back.");

const BITMASK_2_BOARDS: &str = bitmask_2!(
    "The masks are passed by value and need no clearing, but `queens` is shared as in step 3: push the queen's \
     column before the call and pop it after."
);

const BITMASK_3_COUNT: &str = "Walk the free squares lowest first: `let lowest = free & free.wrapping_neg();`, \
then `free &= free - 1;` removes it (without that line the loop never ends). So \
`fn place_row(full: u32, columns: u32, diagonals: u32, anti_diagonals: u32) -> i32` returns 1 when \
`columns == full`, and otherwise adds up \
`place_row(full, columns | lowest, (diagonals | lowest) << 1, (anti_diagonals | lowest) >> 1)` over the free \
squares.";

const BITMASK_3_BOARDS: &str = "Walk the free squares lowest first: `let lowest = free & free.wrapping_neg();`, \
then `free &= free - 1;` removes it (without that line the loop never ends). Push its column, \
`lowest.trailing_zeros() as usize`, onto `queens` before calling \
`place_row(full, columns | lowest, (diagonals | lowest) << 1, (anti_diagonals | lowest) >> 1, queens, solutions)`, \
and pop it after. When `columns == full`, push the board onto `solutions`, one string per row: \
`queens.iter().map(|&col| \".\".repeat(col) + \"Q\" + &\".\".repeat(queens.len() - col - 1)).collect()`.";

const MIRROR_1_COUNT: &str = "Reflect a solution left to right, column `c` to column `n - 1 - c`: every queen keeps \
its row, the columns stay distinct and the two kinds of diagonals trade places, so the reflection is a solution \
too, and for n >= 2 never the same one. Count only the solutions whose row-0 queen is in the left half, columns \
`0..n / 2`, and double.";

const MIRROR_2_COUNT: &str = "For odd n the row-0 queen can also stand on the middle column, and then so does its \
reflection's: those solutions are not paired by row 0. Count them once, without doubling. (Or pair them by the \
row-1 queen instead, kept in the left half, and double those too: that is what the chain's `mirror.rs` does.)";

const MIRROR_3_COUNT: &str = "Start step 4's search from a chosen row-0 queen instead of every free one: for \
`column in 0..n / 2`, with `queen = 1 << column`, add `2 * place_row(full, queen, queen << 1, queen >> 1)`; for odd \
n, add `place_row(full, middle, middle << 1, middle >> 1)` once more, with `middle = 1 << (n / 2)`. n = 1 is that \
middle case alone.";

const MIRROR_1_BOARDS: &str = "Reflect a board left to right, column `c` to column `n - 1 - c`: every queen keeps \
its row, the columns stay distinct and the two kinds of diagonals trade places, so the reflection is a board too, \
and for n >= 2 never the same one. Search only the boards whose row-0 queen is in the left half, columns \
`0..n / 2`, and add each one's mirror image: every row reversed.";

const MIRROR_2_BOARDS: &str = "For odd n the row-0 queen can also stand on the middle column, and then so does its \
reflection's: search those boards as before and do not reflect them (their reflections are among them already). \
Note how many boards came from the left half before you search the middle: only those get a mirror image.";

const MIRROR_3_BOARDS: &str = "Start step 4's search from a chosen row-0 queen: for `column in 0..n / 2`, with \
`queen = 1 << column`, push `column` onto `queens`, call \
`place_row(full, queen, queen << 1, queen >> 1, &mut queens, &mut solutions)`, and pop; remember \
`let left_boards = solutions.len();`; for odd n do the same with the middle column, `n / 2`; then push the mirror \
image of each of the first `left_boards` boards, `board.iter().map(|row| row.chars().rev().collect()).collect()`.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_distinct_and_numbers_run_from_1() {
        for (index, step) in STEPS.iter().enumerate() {
            assert_eq!(STEPS.iter().filter(|other| other.name == step.name).count(), 1, "{}", step.name);
            if let Some(number) = step.number {
                assert_eq!(usize::from(number), index + 1, "{}", step.name);
            }
            let problems: Vec<Problem> = step.exercises.iter().map(|exercise| exercise.problem).collect();
            assert!(problems.is_empty() || problems == step.problems, "{}", step.name);
        }
        assert_eq!(step("bitmask").map(|step| step.name), Some("bitmask"));
        assert!(step("bitmasks").is_none());
    }

    /// 51 keeps its queens in a shared `Vec`: they must be popped, and the
    /// board is drawn with what the exercise has, not a `draw` it never
    /// introduced. The fix for `-free` (E0600) comes before the last hint.
    #[test]
    fn the_bitmask_hints_fit_their_problem() {
        let hints = |problem| step("bitmask").unwrap().exercise(problem).unwrap().hints;
        let boards = hints(Problem::NQueens);
        assert!(boards[1].contains("pop it after") && !boards[1].contains("nothing to clear"), "{}", boards[1]);
        assert!(!boards[2].contains("draw("), "{}", boards[2]);
        for problem in Problem::ALL {
            assert!(hints(problem)[1].contains("E0600") && hints(problem)[1].contains("wrapping_neg"));
        }
    }

    /// Every exercise has two or three hints, and every starting text fits
    /// 80 columns and, after step 1, says to copy in the answer of the step
    /// it builds on, by its path. Each failure names the file and the line,
    /// and all are told at once.
    #[test]
    fn the_starting_texts_say_where_to_start_from_and_the_hints_are_few() {
        let mut errors = Vec::new();
        for step in STEPS {
            for exercise in step.exercises {
                let problem = exercise.problem;
                let file = format!("crates/n_queens_steps/exercises/{}/{}.rs", problem.number(), step.name);
                let count = exercise.hints.len();
                if !(2..=3).contains(&count) {
                    errors.push(format!(
                        "crates/n_queens_steps/src/chain.rs, `details!` of {}: {count} hints for {problem}; give it 2 or 3",
                        step.name
                    ));
                }
                let text = exercise.starting_text;
                for (number, line) in text.lines().enumerate() {
                    let columns = line.chars().count();
                    if columns > 80 {
                        errors.push(format!(
                            "{file}:{}: {columns} columns, over 80; wrap or shorten it:\n{line}",
                            number + 1
                        ));
                    }
                }
                if let Some(base) = step.builds_on() {
                    let path = format!("crates/{}/exercises/{}.rs", problem.crate_name(), base.name);
                    if !text.contains(&path) {
                        errors.push(format!("{file}: its header should name {path}, the answer to copy in"));
                    }
                    if !text.contains("copy in your own ") {
                        errors.push(format!(
                            "{file}: its header should say \"copy in your own\" {}'s answer, as the others do",
                            base.name
                        ));
                    }
                }
            }
        }
        assert!(errors.is_empty(), "{}", errors.join("\n\n"));
    }
}
