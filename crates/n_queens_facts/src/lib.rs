//! What both the `queens` command and the tests need at run time: the chain of steps, written once ([`chain`]), the two
//! problems ([`Problem`]), the known counts of the N-Queens problem ([`oeis`]) and the cut of an approach file down to the
//! text a user pastes into the judge ([`judge`]), the one runner of a child
//! process under a time limit ([`child`]), and the common mistakes with
//! what a failing run of each looks like ([`mistakes`]).
//!
//! The test material built on them stays out of this crate, so that the
//! command links no test framework: the expected boards, the validator and
//! the rstest templates in `n_queens_cases` (which needs none of this crate),
//! the compile-and-run harness, which depends on this crate, in `n_queens_judge`.

pub mod chain;
pub mod child;
pub mod judge;
pub mod mistakes;
/// The known counts, from `n_queens_chain` (a crate without dependencies,
/// so that the problem crates' tests read them without this one).
pub use n_queens_chain::oeis;
mod problem;

pub use problem::Problem;
