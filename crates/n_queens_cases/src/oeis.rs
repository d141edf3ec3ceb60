//! The known counts, OEIS A000170 (all solutions) and A002562 (unique
//! solutions), n = 0..=27: `n_queens_chain`'s tables (the `queens` command
//! needs them without this crate's test frameworks), re-exported here.

pub use n_queens_chain::oeis::{A000170, A002562};
