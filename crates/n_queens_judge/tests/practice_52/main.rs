//! The practice ladder's test target: the shared cases (the harness of
//! `n_queens_judge::practice`, whose module doc has the lines it prints) against
//! one exercise of LeetCode 52, chosen when the target is built.
//!
//! `cargo run --release -- practice test 52 bitmask` builds it with
//! `--cfg exercise="bitmask"`, around the learner's file
//! `crates/n_queens_ii/exercises/bitmask.rs` alone, so an exercise that does
//! not build yet never blocks another, and runs it: one JSON line per case.
//! Built without that flag (CI, clippy), it holds only the starting texts of
//! `crates/n_queens_facts/exercises/52/`, `todo!()`s, so this target is
//! `test = false`: never run unasked.

use n_queens_judge::exercise;
// The exercise chosen, or else a message.
#[allow(unused_imports)]
use n_queens_judge::practice::none_chosen::*;

/// One `exercise!` per exercise of LeetCode 52 in the chain.
macro_rules! exercises {
    ($($step:ident $name:literal { $($field:tt)* })*) => { $(exercise!(52, $step, $name);)* };
}
n_queens_chain::steps!([52 exercise] => exercises);

fn main() {
    chosen()
}
