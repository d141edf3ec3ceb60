//! What a join of whole half boards would have to check (meet in the
//! middle): every placement of the top rows `0..n / 2` paired with every
//! placement of the bottom rows on the other columns, against the nodes of
//! the whole `bitmask` tree. Also the pairs on the same columns (the sum of
//! the squares of the counts by column set), the figure a slip can give.
//!
//! ```sh
//! cargo run --release -p n_queens_ii --example half_pairs -- 14 16
//! ```
//!
//! Arguments: the first and last n (even n: the halves have the same
//! rows). The bitmask tree's nodes are the calls of its recursion, the
//! empty board included.

fn main() {
    let arguments: Vec<u32> = std::env::args().skip(1).map(|argument| argument.parse().expect("a number")).collect();
    let (first, last) = match arguments[..] {
        [first, last] if first <= last && last <= 20 => (first, last),
        _ => panic!("usage: half_pairs FIRST LAST (n up to 20)"),
    };
    for n in (first..=last).filter(|n| n % 2 == 0 && *n >= 2) {
        let mut by_columns = vec![0u64; 1 << n];
        half_boards(n, n / 2, 0, 0, 0, 0, &mut by_columns);
        let all = (1usize << n) - 1;
        let halves: u64 = by_columns.iter().sum();
        let other: u64 = (0..=all).map(|columns| by_columns[columns] * by_columns[all ^ columns]).sum();
        let same: u64 = by_columns.iter().map(|&count| count * count).sum();
        let nodes = bitmask_nodes(n, 0, 0, 0, 0);
        println!("n = {n}: {halves} half boards of rows 0..{}, {nodes} bitmask nodes", n / 2);
        println!("  pairs on the other columns: {other} ({:.2} per node)", other as f64 / nodes as f64);
        println!("  pairs on the same columns:  {same} ({:.2} per node)", same as f64 / nodes as f64);
    }
}

/// Counts by column set every placement of one queen in each of the rows
/// `row..rows`. The bottom half's counts are the same by the top-bottom mirror.
fn half_boards(n: u32, rows: u32, row: u32, columns: u32, diagonals: u32, anti_diagonals: u32, by_columns: &mut [u64]) {
    if row == rows {
        by_columns[columns as usize] += 1;
        return;
    }
    let mut free = ((1 << n) - 1) & !(columns | diagonals | anti_diagonals);
    while free != 0 {
        let queen = free & free.wrapping_neg();
        free &= free - 1;
        let (diagonals, anti_diagonals) = ((diagonals | queen) << 1, (anti_diagonals | queen) >> 1);
        half_boards(n, rows, row + 1, columns | queen, diagonals, anti_diagonals, by_columns);
    }
}

/// The calls of the bitmask recursion below and at this one.
fn bitmask_nodes(n: u32, row: u32, columns: u32, diagonals: u32, anti_diagonals: u32) -> u64 {
    if row == n {
        return 1;
    }
    let mut nodes = 1;
    let mut free = ((1 << n) - 1) & !(columns | diagonals | anti_diagonals);
    while free != 0 {
        let queen = free & free.wrapping_neg();
        free &= free - 1;
        nodes += bitmask_nodes(n, row + 1, columns | queen, (diagonals | queen) << 1, (anti_diagonals | queen) >> 1);
    }
    nodes
}
