//! The algorithm: the board, the quarter table built once, each start's
//! views of it, and the join that counts a task's disjoint half-board
//! patterns (the sieve and the bit-sliced counter). It knows nothing of
//! memory limits, parts or files: those are [`super::run`]'s.

pub(crate) mod board;
pub(crate) mod disjoint;
pub(crate) mod join;
pub(crate) mod sieve;
pub(crate) mod starts;
pub(crate) mod table;
pub(crate) mod views;

#[cfg(test)]
mod testing;
