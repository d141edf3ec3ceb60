//! What both the `queens` command and the tests need at run time: the chain of steps, written once ([`chain`]), the two
//! problems ([`Problem`]), the known counts of the N-Queens problem ([`oeis`]) and the cut of an approach file down to the
//! text a user pastes into the judge ([`judge`]), the one runner of a child
//! process under a time limit ([`child`]), and the common mistakes with
//! what a failing run of each looks like ([`mistakes`]).
//!
//! The test material built on them (expected boards, the validator, the
//! rstest templates, the compile-and-run harness) stays in `n_queens_cases`,
//! which depends on this crate and re-exports them, so that the command
//! links no test framework.

pub mod chain;
pub mod child;
pub mod judge;
pub mod mistakes;
/// The known counts, from `n_queens_chain` (a crate without dependencies,
/// so that the problem crates' tests read them without this one).
pub use n_queens_chain::oeis;
mod problem;

pub use problem::Problem;
