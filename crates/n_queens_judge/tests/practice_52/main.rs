//! The practice ladder's test target of LeetCode 52: the harness of
//! `n_queens_judge::practice` against the exercise chosen when it is built
//! (`--cfg exercise="bitmask"` builds `crates/n_queens_ii/exercises/bitmask.rs`
//! alone). Built without that flag (CI, clippy), it holds only the starting
//! texts, `todo!()`s: `test = false`, never run unasked.

// The exercise chosen, or else a message.
#[allow(unused_imports)]
use n_queens_judge::practice::none_chosen::*;

n_queens_chain::steps!([52 exercise] => n_queens_judge::exercise);

fn main() {
    chosen()
}
