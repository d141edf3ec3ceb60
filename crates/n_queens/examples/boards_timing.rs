//! Times the LeetCode 51 extras whose costs their doc comments quote.
//!
//! ```text
//! cargo run --release -p n_queens --example boards_timing -- first 30   # time to the first boards of n
//! cargo run --release -p n_queens --example boards_timing -- each 59    # the time to each of them
//! cargo run --release -p n_queens --example boards_timing -- unique 15  # unique_boards(n)
//! ```
//!
//! `first N` times `streaming::boards(n).take(10)` (constructed board first)
//! and `streaming::boards_in_order(n).next()` (lowest column first, the
//! lexicographically smallest board). `each N` prints, as each of those 10
//! boards comes, the time since the start and whether it came without
//! search (the stream's `size_hint`); where one is a long search away, stop
//! it with Ctrl-C or `timeout`. `unique N` times `unique::unique_boards(n)`
//! and checks its length against OEIS A002562.

use std::time::Instant;

use n_queens::{streaming, unique};
use n_queens_cases::oeis::A002562;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: boards_timing first N | boards_timing each N | boards_timing unique N";
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
        "each" => {
            let start = Instant::now();
            let mut boards = streaming::boards(n);
            for k in 1..=10 {
                let at_hand = boards.size_hint().0 > 0;
                if boards.next().is_none() {
                    break;
                }
                let how = if at_hand { "without search" } else { "searched" };
                println!("board {k}: {:?} ({how})", start.elapsed());
            }
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
