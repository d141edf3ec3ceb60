//! Each step of the chain beyond its code: its place on the practice
//! ladder, its exercise's starting texts and hints, the question a time-out
//! asks of it ([`chain`]), its common mistakes ([`mistakes`]), and the
//! judge's cut of its file ([`judge`]); with the two problems ([`Problem`])
//! and the known counts ([`oeis`]). The registry the command, its
//! applications and the judge read the steps from; it runs nothing.

pub mod chain;
pub mod judge;
pub mod mistakes;
/// The known counts, from `n_queens_chain` (a crate without dependencies,
/// so that the problem crates' tests read them without this one).
pub use n_queens_chain::oeis;
mod problem;

pub use problem::Problem;
