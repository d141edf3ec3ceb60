//! What `queens practice test` says about a failing exercise, end to end:
//! each answer is a step's own file with one realistic mistake made in it.

use crate::scratch::Scratch;
use n_queens_steps::judge::judge_text;

/// The step's own file, judge-ready, with `from` replaced by `to`.
fn chain_with(problem: &str, step: &str, from: &str, to: &str) -> String {
    let crate_name = if problem == "52" { "n_queens_ii" } else { "n_queens" };
    let file = format!("{}/../{crate_name}/src/{step}.rs", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(file).unwrap();
    let answer = judge_text(&source).unwrap();
    assert!(answer.contains(from), "{step} holds {from}");
    answer.replacen(from, to, 1)
}

/// Runs `practice test` on `answer` in the scratch copy: its standard
/// output, checked for its exit `code` and what every run must be (at most
/// 80 columns a line, no colour code even with `NO_COLOR` unset).
fn practice_test(problem: &str, step: &str, answer: &str, code: i32) -> String {
    let scratch = Scratch::take();
    crate::write_answer(&scratch, problem, step, answer);
    let output = scratch.queens(&["practice", "test", problem, step]);
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    for line in stdout.lines() {
        assert!(line.chars().count() <= 80, "a line over 80 columns:\n{line}\n\n{stdout}");
    }
    assert!(!stdout.contains('\u{1b}'), "a colour code:\n{stdout}");
    assert!(stdout.lines().count() <= 20, "more than a few lines:\n{stdout}");
    assert_eq!(output.status.code(), Some(code), "{stdout}");
    stdout
}

/// Without `free &= free - 1` the loop never ends: n = 1 counts past
/// `i32::MAX` (or runs out of time), n = 2 runs out of time. The smallest
/// failing n comes first; the time-out after it, with the bitmask step's
/// own question.
#[test]
fn the_smallest_failing_n_leads_and_a_time_out_follows_with_its_steps_question() {
    let answer = chain_with("52", "bitmask", "free &= free - 1;", "");
    let stdout = practice_test("52", "bitmask", &answer, 1);
    assert!(stdout.contains("failing at n = 1"), "{stdout}");
    let smallest = stdout.find("\nn = 1: ").unwrap_or_else(|| panic!("n = 1 in detail:\n{stdout}"));
    let time_out = stdout.find("still running after").unwrap_or_else(|| panic!("a time-out note:\n{stdout}"));
    assert!(smallest <= time_out, "the smallest failing n first:\n{stdout}");
    // A time-out at n = 1 itself, or one after the smallest failing n's overflow.
    assert!(stdout.contains("\nn = 1: still running") || stdout.contains("\nThen n = 2: still running"), "{stdout}");
    let flat = crate::flat(&stdout);
    assert!(flat.contains("`free &= free - 1`") && flat.contains("`full & !(...)`"), "{stdout}");
}

/// `!(...)` not masked by `full`: squares off the board are free, so the
/// search never fills the board (`columns == full` never holds) and runs
/// out of time from n = 1; the note asks first whether `free` is masked to
/// the board, which the answer lacks, not only about `free &= free - 1`,
/// which it has.
#[test]
fn an_unmasked_free_is_asked_about_full() {
    let answer = chain_with(
        "52",
        "bitmask",
        "full & !(columns | diagonals | anti_diagonals)",
        "!(columns | diagonals | anti_diagonals)",
    );
    let stdout = practice_test("52", "bitmask", &answer, 1);
    let flat = crate::flat(&stdout);
    assert!(flat.contains("failing at n = 1"), "{stdout}");
    assert!(flat.contains("still running"), "{stdout}");
    assert!(flat.contains("Is `free` masked to the board (`full & !(...)`)"), "{stdout}");
}

/// LeetCode 51, `board_scan` with the queen placed as `q` where the scan
/// looks for `Q`: n = 1 returns a board that is not a solution, and that
/// leads; the search that never prunes runs out of time later, and its note
/// asks the board scan's question, not the bitmask steps'.
#[test]
fn a_board_scan_time_out_asks_the_board_scans_question() {
    let answer = chain_with("51", "board_scan", "board[row][col] = b'Q';", "board[row][col] = b'q';");
    let stdout = practice_test("51", "board_scan", &answer, 1);
    assert!(stdout.contains("\nn = 1: returned 1 board, the right number, but not the expected one\n"), "{stdout}");
    assert!(stdout.contains("\n  1 returned board is not a solution:\n    rows [\"q\"]\n"), "{stdout}");
    let smallest = stdout.find("\nn = 1: ").unwrap();
    if let Some(time_out) = stdout.find("still running after") {
        assert!(smallest < time_out, "{stdout}");
        assert!(crate::flat(&stdout).contains("Does the scan see the queens already placed"), "{stdout}");
    }
    assert!(!stdout.contains("free &= free - 1"), "{stdout}");
}

/// `full = 1 << n` returns 1 at n = 2, as common mistakes 3 and 4 of the
/// bitmask step do; it returns 1 at n = 3 too, as only mistake 3 does, so
/// only 3 is linked. The line over every n says which pass.
#[test]
fn a_known_signature_links_the_common_mistake() {
    let answer = chain_with("52", "bitmask", "(1u32 << n) - 1", "1u32 << n");
    let stdout = practice_test("52", "bitmask", &answer, 1);
    assert!(stdout.contains("\nfailing at n = "), "{stdout}");
    assert!(stdout.contains("\nn = 2: returned 1, expected 0\n"), "{stdout}");
    assert!(stdout.contains("docs/common-mistakes.md#3-full--1--n"), "{stdout}");
    assert_eq!(stdout.matches("common-mistakes.md#").count(), 1, "{stdout}");
    assert!(!stdout.contains("test bitmask::counts"), "the report is summed up, not shown:\n{stdout}");
}

/// LeetCode 51: flags never cleared lose boards; the missing ones are said
/// in words, not as the left side of a diff, and common mistake 5 is linked.
#[test]
fn missing_boards_are_said_in_words() {
    let answer = chain_with("51", "three_arrays", "lines.set(col, diagonal, anti_diagonal, false);", "");
    let stdout = practice_test("51", "three_arrays", &answer, 1);
    assert!(stdout.contains("n = 4: returned 0 boards, expected 2"), "{stdout}");
    assert!(stdout.contains("2 of the expected boards are missing"), "{stdout}");
    assert!(stdout.contains("queens in columns 1, 3, 0, 2, row 0 first"), "{stdout}");
    assert!(!stdout.contains("left"), "{stdout}");
    assert!(stdout.contains("docs/common-mistakes.md#5-flags-not-cleared-on-the-way-back"), "{stdout}");
}

/// A panic in the answer names its file, line and column; an exit, its code.
#[test]
fn a_panic_names_its_place_and_exit_is_named_as_such() {
    let answer = chain_with("52", "bitmask", "let mut count = 0;", "let mut count = 0;\n    assert!(full != 3);");
    let stdout = practice_test("52", "bitmask", &answer, 1);
    assert!(stdout.contains("n = 2: panicked at crates/n_queens_ii/exercises/bitmask.rs:"), "{stdout}");

    let answer = chain_with(
        "52",
        "bitmask",
        "let mut count = 0;",
        "let mut count = 0;\n    if full == 7 { std::process::exit(3) }",
    );
    let stdout = practice_test("52", "bitmask", &answer, 1);
    assert!(stdout.contains("n = 3: the answer's process ended:"), "{stdout}");
    assert!(stdout.contains("exited with code 3"), "{stdout}");
    assert!(stdout.contains("std::process::exit(3)"), "{stdout}");
    assert!(!stdout.contains("killed") && !stdout.contains("abort"), "{stdout}");
    assert!(!stdout.contains("Running"), "{stdout}");
}

/// A learner's own failing test is theirs, by name; never "n = 0".
#[test]
fn an_own_failing_test_is_named() {
    let answer = chain_with("52", "bitmask", "", "")
        + "\n#[cfg(test)]\nmod my_tests {\n    #[test]\n    fn four() {\n        \
           assert_eq!(super::Solution::total_n_queens(4), 3);\n    }\n}\n";
    let stdout = practice_test("52", "bitmask", &answer, 1);
    assert!(stdout.contains("my_tests::four"), "{stdout}");
    assert!(!stdout.contains("n = 0"), "{stdout}");
}

/// After a pass, n = 0 and -1 are a note: `2 * n - 1` panics at n = 0 (common
/// mistake 9), and the exercise still passes and pastes.
#[test]
fn past_the_judge_is_a_note_after_a_pass() {
    let answer = chain_with("51", "three_arrays", "(2 * n).saturating_sub(1)", "2 * n - 1");
    let stdout = practice_test("51", "three_arrays", &answer, 0);
    assert!(stdout.contains("passing, and pastes into the judge"), "{stdout}");
    assert!(stdout.contains("Past the judge's range, which the judge never asks:\n  n = 0 fails"), "{stdout}");
    assert!(stdout.contains("\n  n = -1 returns 0 boards\n"), "{stdout}");
    assert!(stdout.contains("n = 0: panicked at crates/n_queens/exercises/three_arrays.rs:"), "{stdout}");
    assert!(stdout.contains("attempt to subtract with overflow"), "{stdout}");
    assert!(stdout.contains("docs/common-mistakes.md#9-2--n---1-at-n--0"), "{stdout}");
}

/// Compile errors: `-free` on a `u32` points at the fix; an empty file does
/// not point at the tests' own file.
#[test]
fn compile_errors_point_at_the_learners_file() {
    let answer = chain_with("52", "bitmask", "free.wrapping_neg()", "-free");
    let stdout = practice_test("52", "bitmask", &answer, 1);
    assert!(stdout.contains("E0600"), "{stdout}");
    assert!(stdout.contains("free & free.wrapping_neg()"), "{stdout}");

    let scratch = Scratch::take();
    scratch.write("crates/n_queens_ii/exercises/bitmask.rs", "");
    let output = scratch.queens(&["practice", "test", "52", "bitmask"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("does not compile"), "{stdout}");
    assert!(!stdout.contains("tests/practice_"), "{stdout}");
}

/// `&` where `|` belongs never fills the board: the recursion overflows the
/// stack at n = 1 (common mistake 2); a crash is named as one, and the
/// cases after it are "not run", not failing.
#[test]
fn a_stack_overflow_is_named_with_its_mistake() {
    let answer = chain_with("52", "bitmask", "columns | lowest,", "columns & lowest,");
    let stdout = practice_test("52", "bitmask", &answer, 1);
    assert!(stdout.contains("failing at n = 1; not run 2 to 9"), "{stdout}");
    assert!(stdout.contains("stack overflow"), "{stdout}");
    assert!(stdout.contains("docs/common-mistakes.md#2--where--belongs"), "{stdout}");
}

/// An allocation the machine cannot give aborts the process: its own
/// message says how many bytes.
#[test]
fn an_allocation_failure_says_how_much() {
    let answer = chain_with(
        "52",
        "bitmask",
        "let mut count = 0;",
        "let mut count = 0;\n    if full == 7 {\n        std::hint::black_box(Vec::<u8>::with_capacity(1 << 62));\n    }",
    );
    let stdout = practice_test("52", "bitmask", &answer, 1);
    assert!(stdout.contains("failing at n = 3; passing 1, 2; not run 4 to 9"), "{stdout}");
    assert!(stdout.contains("memory allocation of 4611686018427387904 bytes failed"), "{stdout}");
}

/// `abs` left out in `column_abs` returns 1 at n = 2, as two mistakes of
/// the bitmask step do: its own mistake is linked, neither of theirs.
#[test]
fn the_distance_without_abs_is_named_and_no_mistake_of_another_step() {
    let answer = chain_with(
        "52",
        "column_abs",
        "(col as i64 - queen_col as i64).unsigned_abs() as usize",
        "col.wrapping_sub(queen_col)",
    );
    let stdout = practice_test("52", "column_abs", &answer, 1);
    assert!(stdout.contains("\nn = 2: returned 1, expected 0\n"), "{stdout}");
    assert!(stdout.contains("docs/common-mistakes.md#10-the-distance-without-abs"), "{stdout}");
    assert_eq!(stdout.matches("common-mistakes.md#").count(), 1, "{stdout}");
}

/// The base case one row early in `board_scan`, `row == n - 1`: n = 1 is
/// right by luck, n = 2 returns 2, and the mistake is named.
#[test]
fn the_base_case_one_row_early_is_named() {
    let answer = chain_with("52", "board_scan", "if row == n {", "if row == n - 1 {");
    let stdout = practice_test("52", "board_scan", &answer, 1);
    assert!(stdout.contains("failing at n = 2"), "{stdout}");
    assert!(stdout.contains("\nn = 2: returned 2, expected 0\n"), "{stdout}");
    assert!(stdout.contains("docs/common-mistakes.md#11-the-base-case-one-row-early"), "{stdout}");
}

/// LeetCode 51, the base case one row early: every board it returns has an
/// empty last row, so n = 1, right by luck in LeetCode 52, is wrong here:
/// one board with no queen. The mistake is named all the same, and no line
/// of the verdict says what another says.
#[test]
fn leetcode_51_names_the_base_case_one_row_early_at_n_1() {
    let answer = chain_with("51", "board_scan", "if row == n {", "if row == n - 1 {");
    let stdout = practice_test("51", "board_scan", &answer, 1);
    assert!(stdout.contains("failing at n = 1"), "{stdout}");
    assert!(stdout.contains("\nn = 1: returned 1 board, the right number, but not the expected one\n"), "{stdout}");
    assert!(stdout.contains("\n  1 returned board is not a solution:\n    rows [\".\"]\n"), "{stdout}");
    assert!(stdout.contains("docs/common-mistakes.md#11-the-base-case-one-row-early"), "{stdout}");
    assert_eq!(stdout.matches("common-mistakes.md#").count(), 1, "{stdout}");
    assert_no_line_twice(&stdout);
}

/// LeetCode 51, `full = 1 << n`: the one queen, in column n, panics where
/// its board is drawn (`n - col - 1` dots after it), at n = 1. The verdict
/// names the mistake in the mask, lines away from the panic.
#[test]
fn leetcode_51_names_full_one_bit_where_the_drawing_panics() {
    let answer = chain_with("51", "bitmask", "(1u32 << n) - 1", "1u32 << n");
    let stdout = practice_test("51", "bitmask", &answer, 1);
    assert!(
        stdout.contains("failing at n = 1; not run 2 to 9") || stdout.contains("failing at n = 1 to 9"),
        "{stdout}"
    );
    assert!(stdout.contains("n = 1: panicked at crates/n_queens/exercises/bitmask.rs:"), "{stdout}");
    assert!(stdout.contains("attempt to subtract with overflow"), "{stdout}");
    assert!(stdout.contains("A common mistake gives exactly this: `full = 1 << n`\n"), "{stdout}");
    assert!(stdout.contains("docs/common-mistakes.md#3-full--1--n"), "{stdout}");
    assert_eq!(stdout.matches("common-mistakes.md#").count(), 1, "{stdout}");
}

/// LeetCode 51, `three_arrays` with a `while` loop that moves on only from
/// a free square: n = 1 passes; at n = 2 the first square of row 1 is
/// attacked and the loop stays on it for ever. A search of n = 2 ends at
/// once, so the question is about the loop, not about the flags.
#[test]
fn a_loop_that_never_moves_on_is_asked_about_the_loop() {
    let answer =
        chain_with("51", "three_arrays", "    for col in 0..n {\n", "    let mut col = 0;\n    while col < n {\n");
    let taken_back = "lines.set(col, diagonal, anti_diagonal, false); // take the queen back: free its lines\n";
    assert!(answer.contains(taken_back), "{answer}");
    let answer = answer.replacen(taken_back, &format!("{taken_back}            col += 1;\n"), 1);
    let stdout = practice_test("51", "three_arrays", &answer, 1);
    let flat = crate::flat(&stdout);
    assert!(flat.contains("failing at n = 2; passing 1; not run 3 to 9"), "{stdout}");
    assert!(flat.contains("n = 2: still running after 10 s"), "{stdout}");
    assert!(flat.contains("this one never ends. Does the loop over the columns move on at each turn"), "{stdout}");
    assert!(!flat.contains("flags of a queen set before"), "{stdout}");
}

/// No line of `stdout` is said twice.
fn assert_no_line_twice(stdout: &str) {
    let mut lines: Vec<&str> = stdout.lines().filter(|line| !line.trim().is_empty()).collect();
    let count = lines.len();
    lines.sort_unstable();
    lines.dedup();
    assert_eq!(lines.len(), count, "a line said twice:\n{stdout}");
}

/// The undo forgotten in `board_scan` returns 0 at n = 4: the cause is named.
#[test]
fn zero_at_n_4_points_at_the_undo() {
    let answer = chain_with("52", "board_scan", "board[row][col] = false;", "");
    let stdout = practice_test("52", "board_scan", &answer, 1);
    assert!(stdout.contains("\nn = 4: returned 0, expected 2\n"), "{stdout}");
    assert!(stdout.contains("without undoing its mark"), "{stdout}");
}

/// LeetCode 51, every row drawn one square too long: the count is right at
/// every n, and the first line says what is wrong instead.
#[test]
fn boards_of_the_right_number_say_what_differs() {
    let answer = chain_with("51", "bitmask", "&\".\".repeat(n - col - 1)", "&\".\".repeat(n - col)");
    let stdout = practice_test("51", "bitmask", &answer, 1);
    assert!(stdout.contains("n = 1: returned 1 board, the right number, but not the expected one\n"), "{stdout}");
    assert!(stdout.contains("\n  1 returned board is not a solution:\n    rows [\"Q.\"]\n"), "{stdout}");
    assert!(!stdout.contains("expected 1\n"), "{stdout}");
    assert_no_line_twice(&stdout);
}

/// A paste that the judge's edition 2018 refuses (`TryFrom` is not in its
/// prelude) shows the compiler's first error, at its line of the file.
#[test]
fn a_paste_the_judge_refuses_shows_the_first_error() {
    let answer = chain_with(
        "52",
        "bitmask",
        "let full = (1u32 << n) - 1;",
        "let full = (1u32 << u32::try_from(n).unwrap()) - 1;",
    );
    let stdout = practice_test("52", "bitmask", &answer, 1);
    assert!(stdout.contains("does not paste into the judge yet"), "{stdout}");
    assert!(stdout.contains("rustc --edition 2018, refuses it: error[E0599]"), "{stdout}");
    assert!(stdout.contains("crates/n_queens_ii/exercises/bitmask.rs:"), "{stdout}");
}

/// `abs_diff` (Rust 1.60) and `let ... else` (1.65) pass every case and
/// compile, but not with the judge's Rust 1.58: both are named.
#[test]
fn an_answer_newer_than_the_judges_rust_is_not_judge_ready() {
    let answer = chain_with(
        "52",
        "column_abs",
        "(col as i64 - queen_col as i64).unsigned_abs() as usize",
        "col.abs_diff(queen_col)",
    );
    let answer = answer.replacen("let n = n as usize;", "let Ok(n) = usize::try_from(n) else { return 0 };", 1);
    let answer = format!("use std::convert::TryFrom;\n\n{answer}");
    let stdout = practice_test("52", "column_abs", &answer, 1);
    assert!(!stdout.contains("pastes into the judge\n"), "{stdout}");
    assert!(stdout.contains("newer Rust than the judge's 1.58"), "{stdout}");
    assert!(stdout.contains("`abs_diff` is Rust 1.60"), "{stdout}");
    assert!(stdout.contains("`let ... else` is Rust 1.65"), "{stdout}");

    // `list` says the same reason whole, in lines of 80 columns.
    let scratch = Scratch::take();
    crate::write_answer(&scratch, "52", "column_abs", &answer);
    let listed = String::from_utf8_lossy(&scratch.queens(&["practice", "list"]).stdout).to_string();
    assert!(listed.lines().all(|line| line.chars().count() <= 80), "{listed}");
    assert!(!listed.contains('…'), "a reason cut:\n{listed}");
    let flat = crate::flat(&listed);
    assert!(flat.contains("does not paste into the judge yet: needs a newer Rust than the judge's 1.58:"), "{listed}");
    assert!(flat.contains("`let ... else` is Rust 1.65 (in `total_n_queens`)"), "{listed}");
}

/// An answer that searches without end at n = -1 passes; the note says it
/// was stopped after a second.
#[test]
fn an_endless_search_past_the_judge_is_stopped_at_once() {
    let answer = chain_with("52", "column_abs", "Vec::with_capacity(n)", "Vec::new()");
    let answer = answer.replacen("if n < 0 {\n            return 0;\n        }", "", 1);
    let stdout = practice_test("52", "column_abs", &answer, 0);
    assert!(stdout.contains("passing, and pastes into the judge"), "{stdout}");
    assert!(stdout.contains("n = -1: still running after 1 s"), "{stdout}");
}

/// The `n - 1` of the "\" index added after the subtraction,
/// `row - col + n - 1`, goes below zero at n = 2 as a dropped offset does:
/// the common mistake linked says what went wrong, the order, and not that
/// the offset is missing.
#[test]
fn an_offset_after_the_subtraction_is_told_by_its_order() {
    let answer = chain_with("52", "three_arrays", "(row + n - 1 - col, row + col)", "(row - col + n - 1, row + col)");
    let stdout = practice_test("52", "three_arrays", &answer, 1);
    assert!(stdout.contains("attempt to subtract with overflow"), "{stdout}");
    assert!(stdout.contains("A common mistake gives exactly this: `row - col` before its offset\n"), "{stdout}");
    assert!(stdout.contains("docs/common-mistakes.md#6-row---col-without-its-offset"), "{stdout}");
    assert!(!stdout.contains("without its offset"), "{stdout}");
}
