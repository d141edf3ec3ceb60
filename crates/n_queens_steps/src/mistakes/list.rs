//! The rows of [`MISTAKES`]: every mistake of `docs/common-mistakes.md`,
//! in the page's order, each with its signature, where it is caught and
//! its code.

use super::{Boards, Code, Id, Mistake, Signature};

/// Step 4's recursive call, the line two of its mistakes change.
const PLACE_RIGHT: &str =
    "        count += place_row(full, columns | lowest, (diagonals | lowest) << 1, (anti_diagonals | lowest) >> 1);\n";
/// Step 3's diagonal index, the line two of its mistakes change.
const DIAGONAL_RIGHT: &str = "        // `row + n - 1 - col` is `row - col + n - 1` reordered so that the
        // unsigned arithmetic never goes below zero.
        let (diagonal, anti_diagonal) = (row + n - 1 - col, row + col);\n";

/// Every mistake of the page, in its order.
pub const MISTAKES: [Mistake; 11] = [
    Mistake {
        id: Id::DiagonalNotEqual,
        number: 1,
        name: "diagonal-not-equal",
        slug: "1-the-diagonal-test-with-",
        title: "the diagonal test with `!=`",
        step: "column_abs",
        from: "seed 002",
        caught_by: "judge_counts",
        n: 2,
        signature: Signature::Returns(2),
        expected: 0,
        also_returns: None,
        code: code!(diagonal_not_equal),
        replaces: "    queens.iter().enumerate().all(|(queen_row, &queen_col)| {
        // Signed: `col - queen_col` can be negative. (`usize::abs_diff` would
        // do, but it needs Rust 1.60 and the judge may run an older compiler.)
        let col_distance = (col as i64 - queen_col as i64).unsigned_abs() as usize;
        queen_col != col && row - queen_row != col_distance
    })\n",
        line: "queen_col == col || row - queen_row != col_distance",
        effect: "accepts only squares on a diagonal of every queen above",
        boards: None,
    },
    Mistake {
        id: Id::AndInsteadOfOr,
        number: 2,
        name: "and-instead-of-or",
        slug: "2--where--belongs",
        title: "`&` where `|` belongs",
        step: "bitmask",
        from: "seed 002",
        caught_by: "judge_counts",
        n: 1,
        signature: Signature::StackOverflow,
        expected: 1,
        also_returns: None,
        code: code!(and_instead_of_or),
        replaces: PLACE_RIGHT,
        line: "place_row(full, columns & lowest",
        effect: "no queen is ever recorded: the calls never end",
        boards: None,
    },
    Mistake {
        id: Id::FullOneBit,
        number: 3,
        name: "full-one-bit",
        slug: "3-full--1--n",
        title: "`full = 1 << n`",
        step: "bitmask",
        from: "seed 002",
        caught_by: "judge_counts",
        n: 2,
        signature: Signature::Returns(1),
        expected: 0,
        also_returns: Some((3, 1)),
        code: code!(full_one_bit),
        replaces: "        let full = (1u32 << n) - 1; // n <= 18, so the shift cannot overflow\n",
        line: "let full = 1u32 << n;",
        effect: "full is column n, off the board",
        // Drawn, the queen in column n has `n - col - 1` dots after it.
        boards: Some(Boards {
            caught_by: "judge_counts",
            n: 1,
            signature: Signature::Panics("attempt to subtract with overflow"),
            expected: 1,
            also_returns: None,
            code: code!(51, full_one_bit),
        }),
    },
    Mistake {
        id: Id::ShiftWrongWay,
        number: 4,
        name: "shift-wrong-way",
        slug: "4-one-mask-shifted-the-wrong-way",
        title: "one mask shifted the wrong way",
        step: "bitmask",
        from: "seed 003",
        caught_by: "judge_counts",
        n: 2,
        signature: Signature::Returns(1),
        expected: 0,
        also_returns: Some((3, 3)),
        code: code!(shift_wrong_way),
        replaces: PLACE_RIGHT,
        line: "(anti_diagonals | lowest) << 1)",
        effect: "no \"/\" line is ever blocked",
        boards: None,
    },
    Mistake {
        id: Id::FlagsNotCleared,
        number: 5,
        name: "flags-not-cleared",
        slug: "5-flags-not-cleared-on-the-way-back",
        title: "flags not cleared on the way back",
        step: "three_arrays",
        from: "learners",
        caught_by: "judge_counts",
        n: 4,
        signature: Signature::Returns(0),
        expected: 2,
        also_returns: None,
        code: code!(flags_not_cleared),
        replaces: "            lines.set(col, diagonal, anti_diagonal, true);
            count += place_row(n, row + 1, lines);
            lines.set(col, diagonal, anti_diagonal, false); // take the queen back: free its lines\n",
        line: "// Wrong: nothing here",
        effect: "a queen taken back keeps blocking its lines",
        boards: None,
    },
    Mistake {
        id: Id::DiagonalWithoutOffset,
        number: 6,
        name: "diagonal-without-offset",
        // The slug of its first title, "`row - col` without its offset",
        // kept by an anchor of its own on the page.
        slug: "6-row---col-without-its-offset",
        title: "`row - col` before its offset",
        step: "three_arrays",
        from: "learners",
        caught_by: "judge_counts",
        n: 2,
        signature: Signature::Panics("attempt to subtract with overflow"),
        expected: 0,
        also_returns: None,
        code: code!(diagonal_without_offset),
        replaces: DIAGONAL_RIGHT,
        line: "(row - col, row + col)",
        effect: "row - col goes below zero right of the main diagonal",
        boards: None,
    },
    Mistake {
        id: Id::BaseCaseAfterTheLoop,
        number: 7,
        name: "base-case-after-the-loop",
        slug: "7-the-base-case-after-the-loop",
        title: "the base case after the loop",
        step: "board_scan",
        from: "learners",
        caught_by: "judge_counts",
        n: 1,
        signature: Signature::Panics("index out of bounds"),
        expected: 1,
        also_returns: None,
        code: code!(base_case_after_the_loop),
        replaces: "    let n = board.len();
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
    count\n",
        line: "if row == n",
        effect: "with every row filled, the loop writes to board[n]",
        boards: None,
    },
    Mistake {
        id: Id::OffsetN,
        number: 8,
        name: "offset-n",
        slug: "8-an-offset-of-n-into-2n---1-flags",
        title: "an offset of n into 2n - 1 flags",
        step: "three_arrays",
        from: "seeds 000 and 003",
        caught_by: "judge_counts",
        n: 1,
        signature: Signature::Panics("index out of bounds"),
        expected: 1,
        also_returns: None,
        code: code!(offset_n),
        replaces: DIAGONAL_RIGHT,
        line: "(row + n - col, row + col)",
        effect: "the bottom-left square's diagonal has no flag",
        boards: None,
    },
    Mistake {
        id: Id::TwoNMinusOne,
        number: 9,
        name: "two-n-minus-one",
        slug: "9-2--n---1-at-n--0",
        title: "`2 * n - 1` at n = 0",
        step: "three_arrays",
        from: "seed 003",
        caught_by: "edge_cases",
        n: 0,
        signature: Signature::Panics("attempt to subtract with overflow"),
        expected: 1,
        also_returns: None,
        code: code!(two_n_minus_one),
        replaces: "            // `2 * n - 1` would underflow for n = 0; saturating keeps it 0.
            diagonals: vec![false; (2 * n).saturating_sub(1)],
            anti_diagonals: vec![false; (2 * n).saturating_sub(1)],\n",
        line: "vec![false; 2 * n - 1]",
        effect: "right for n >= 1: only n = 0 goes below zero, and watch starts at 1",
        boards: None,
    },
    Mistake {
        id: Id::DistanceWithoutAbs,
        number: 10,
        name: "distance-without-abs",
        slug: "10-the-distance-without-abs",
        title: "the distance without `abs`",
        step: "column_abs",
        from: "learners",
        caught_by: "judge_counts",
        n: 2,
        signature: Signature::Returns(1),
        expected: 0,
        also_returns: None,
        code: code!(distance_without_abs),
        replaces: "        // Signed: `col - queen_col` can be negative. (`usize::abs_diff` would
        // do, but it needs Rust 1.60 and the judge may run an older compiler.)
        let col_distance = (col as i64 - queen_col as i64).unsigned_abs() as usize;
        queen_col != col && row - queen_row != col_distance\n",
        line: "let col_distance = col as i64 - queen_col as i64;",
        effect: "a queen up and to the right is never on the square's diagonal",
        boards: None,
    },
    Mistake {
        id: Id::BaseCaseOneRowEarly,
        number: 11,
        name: "base-case-one-row-early",
        slug: "11-the-base-case-one-row-early",
        title: "the base case one row early",
        step: "board_scan",
        from: "learners",
        caught_by: "judge_counts",
        n: 2,
        signature: Signature::Returns(2),
        expected: 0,
        also_returns: None,
        code: code!(base_case_one_row_early),
        replaces: "    if row == n {
        return 1;
    }\n",
        line: "if row == n - 1",
        effect: "counts n - 1 queens as a board: the last row is never filled",
        // At n = 1, one board with its only row empty; at n = 2, one per square of row 0.
        boards: Some(Boards {
            caught_by: "judge_counts",
            n: 1,
            signature: Signature::Returns(1),
            expected: 1,
            also_returns: Some((2, 2)),
            code: code!(51, base_case_one_row_early),
        }),
    },
];
