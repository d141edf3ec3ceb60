//! The known counts, OEIS A000170 (all solutions) and A002562 (unique
//! solutions), n = 0..=27.
//!
//! The tables live in `n_queens_chain::oeis`, since the `queens` command
//! needs them at run time and must not link this crate's test frameworks;
//! they are re-exported here so that tests take all their shared material
//! from one crate.

pub use n_queens_chain::oeis::{A000170, A002562};
