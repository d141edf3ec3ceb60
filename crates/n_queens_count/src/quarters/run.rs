//! The run around the algorithm: the plan settled before anything large is
//! allocated (memory, threads, how they share the work), the parts a count
//! is cut into for many machines, the checkpoint that resumes one, and the
//! schedule model that predicts the speed-up on more threads.

pub(crate) mod checkpoint;
pub(crate) mod parts;
pub(crate) mod passes;
pub(crate) mod plan;
pub(crate) mod schedule;
