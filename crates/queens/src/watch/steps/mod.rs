//! One checker per step of the chain that `queens watch` shows, each in its
//! own file beside its solution file, behind [`Checker`]; the table below
//! is the one place a step's name meets its checker.

mod bitmask;
mod board_scan;
mod checker;
mod column_abs;
mod three_arrays;

pub use checker::{Call, Checker, Free, Marker, Panel};

use super::mistakes::Mistake;

/// A checker of the n×n board, with a mistake of its step in place of its code.
type New = fn(usize, Option<Mistake>) -> Box<dyn Checker>;

/// Each watched step's checker, in the chain's order ([`n_queens_facts::chain::watched`]).
const CHECKERS: [(&str, New); 4] = [
    ("board_scan", board_scan::BoardScan::boxed),
    ("column_abs", column_abs::ColumnAbs::boxed),
    ("three_arrays", three_arrays::ThreeArrays::boxed),
    ("bitmask", bitmask::Bitmask::boxed),
];

/// The checker of the step called `name`, on an n×n board.
///
/// # Panics
/// If `name` is not a watched step of the chain.
pub fn checker(name: &str, n: usize, mistake: Option<Mistake>) -> Box<dyn Checker> {
    let (_, new) = CHECKERS.iter().find(|(step, _)| *step == name).expect("every watched step has its checker");
    new(n, mistake)
}

#[cfg(test)]
mod tests {
    use n_queens_facts::chain;

    #[test]
    fn every_watched_step_has_its_checker_in_order() {
        let names: Vec<&str> = super::CHECKERS.iter().map(|(name, _)| *name).collect();
        let watched: Vec<&str> = chain::watched().map(|step| step.name).collect();
        assert_eq!(names, watched);
    }
}
