//! The numbers of "joining half boards" in `docs/fastest.md`: for an even n,
//! every placement of n / 2 queens in the top n / 2 rows (a half board), and
//! what pairing the top halves with the bottom halves would cost, against the
//! nodes of the whole `bitmask` tree.
//!
//! ```sh
//! cargo run --release -p n_queens_count --example pair_counts -- 14 16
//! ```
//!
//! By the up-down mirror, the bottom half's boards on a set of columns are as
//! many as the top half's on it. A pair can fit only when the two halves
//! hold complementary columns: "pairs" is the sum over column sets S of
//! top(S) · top(not S). Pairing on the same columns instead gives the sum of
//! squares, printed beside it. A half board's state, what the rows below can
//! see of it, is its columns and both diagonal masks at the middle row.

fn main() {
    let sizes: Vec<u32> = std::env::args().skip(1).filter_map(|n| n.parse().ok()).collect();
    if sizes.is_empty() || sizes.iter().any(|&n| n % 2 != 0 || !(2..=20).contains(&n)) {
        eprintln!("usage: pair_counts N... (even n, 2 to 20)");
        std::process::exit(2);
    }
    for n in sizes {
        let full = (1u32 << n) - 1;
        let mut states = Vec::new();
        half_boards(n / 2, full, 0, 0, 0, &mut states);
        let mut by_columns = vec![0u64; 1 << n];
        for state in &states {
            by_columns[(state & u64::from(full)) as usize] += 1;
        }
        let other: u64 = (0..=full).map(|s| by_columns[s as usize] * by_columns[(full ^ s) as usize]).sum();
        let same: u64 = by_columns.iter().map(|count| count * count).sum();
        let half_boards = states.len();
        states.sort_unstable();
        states.dedup();
        println!("n = {n}, rows 0 to {}:", n / 2 - 1);
        println!("  half boards                     {half_boards:>15}");
        println!("  distinct half-board states      {:>15}", states.len());
        println!("  pairs on the other columns      {other:>15}");
        println!("  pairs on the same columns       {same:>15}");
        let nodes = nodes(full, 0, 0, 0);
        println!("  nodes of the whole bitmask tree {nodes:>15}");
        println!("  pairs per node, other columns   {:>15.1}", other as f64 / nodes as f64);
    }
}

/// Every placement in the next `rows` rows, pushed as its state: n bits of
/// columns, then n of "\" diagonals, then n of "/" ones, cut to the board.
fn half_boards(rows: u32, full: u32, columns: u32, diagonals: u32, anti_diagonals: u32, out: &mut Vec<u64>) {
    if rows == 0 {
        let width = full.count_ones();
        let state =
            u64::from(columns) | u64::from(diagonals & full) << width | u64::from(anti_diagonals) << (2 * width);
        out.push(state);
        return;
    }
    let mut free = full & !(columns | diagonals | anti_diagonals);
    while free != 0 {
        let lowest = free & free.wrapping_neg();
        free &= free - 1;
        let (d, a) = ((diagonals | lowest) << 1, (anti_diagonals | lowest) >> 1);
        half_boards(rows - 1, full, columns | lowest, d, a, out);
    }
}

/// The calls of step 4's `place_row` for the whole board, the first included.
fn nodes(full: u32, columns: u32, diagonals: u32, anti_diagonals: u32) -> u64 {
    let mut count = 1;
    let mut free = full & !(columns | diagonals | anti_diagonals);
    while free != 0 {
        let lowest = free & free.wrapping_neg();
        free &= free - 1;
        count += nodes(full, columns | lowest, (diagonals | lowest) << 1, (anti_diagonals | lowest) >> 1);
    }
    count
}
