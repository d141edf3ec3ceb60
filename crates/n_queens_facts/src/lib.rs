//! What both the `queens` command and the tests need at run time: the chain
//! ([`chain`]), the two problems ([`Problem`]), the known counts ([`oeis`]),
//! the judge's cut of an approach file ([`judge`]), the one runner of a child
//! process under a time limit ([`child`]) and the common mistakes
//! ([`mistakes`]). Test material (`n_queens_cases`, `n_queens_judge`) stays
//! out, so that the command links no test framework.

pub mod chain;
pub mod child;
pub mod judge;
pub mod mistakes;
/// The known counts, from `n_queens_chain` (a crate without dependencies,
/// so that the problem crates' tests read them without this one).
pub use n_queens_chain::oeis;
mod problem;

pub use problem::Problem;
