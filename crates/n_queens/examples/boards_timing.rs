//! Times the LeetCode 51 extras whose costs their doc comments quote.
//!
//! ```text
//! cargo run --release -p n_queens --example boards_timing -- first 30   # time to the first boards of n
//! cargo run --release -p n_queens --example boards_timing -- unique 15  # unique_boards(n)
//! ```
//!
//! `first N` times `streaming::boards(n).take(10)` (constructed board first)
//! and `streaming::boards_in_order(n).next()` (lowest column first, the
//! lexicographically smallest board). `unique N` times `unique::unique_boards(n)`
//! and checks its length against OEIS A002562.

use std::time::Instant;

use n_queens::{streaming, unique};
use n_queens_cases::oeis::A002562;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: boards_timing first N | boards_timing unique N";
    let (mode, n) = match args.as_slice() {
        [mode, n] => (mode.as_str(), n.parse::<u32>().expect(usage)),
        _ => panic!("{usage}"),
    };
    match mode {
        "first" => {
            let start = Instant::now();
            let taken = streaming::boards(n).take(10).count();
            println!("boards({n}).take(10): {taken} boards in {:?}", start.elapsed());
            let start = Instant::now();
            let first = streaming::boards_in_order(n).next();
            println!("boards_in_order({n}).next(): {} in {:?}", first.is_some(), start.elapsed());
        }
        "unique" => {
            let start = Instant::now();
            let boards = unique::unique_boards(n);
            println!("unique_boards({n}): {} boards in {:?}", boards.len(), start.elapsed());
            assert_eq!(boards.len() as u64, A002562[n as usize], "OEIS A002562");
        }
        _ => panic!("{usage}"),
    }
}
