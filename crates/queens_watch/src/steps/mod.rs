//! One checker per watched step, each in its own file, named `Check` there;
//! the table below, made from the chain's manifest, is the one place a
//! step's name meets its checker.

mod checker;

#[cfg(test)]
pub use checker::Marker;
pub use checker::{Call, Checker, Free, Panel};

use super::mistakes::Mistake;

/// A checker of the n×n board, with a mistake of its step in place of its code.
type New = fn(usize, Option<Mistake>) -> Box<dyn Checker>;

/// Each watched step's checker module and [`CHECKERS`], from [`n_queens_chain::steps!`].
macro_rules! checkers {
    ($($name:ident $file:literal { $($field:tt)* })*) => {
        $(mod $name;)*

        /// Each watched step's checker, in the chain's order.
        const CHECKERS: &[(&str, New)] = &[$(($file, $name::Check::boxed)),*];
    };
}
n_queens_chain::steps!([watched] => checkers);

/// The checker of the step called `name`, on an n×n board.
///
/// # Panics
/// If `name` is not a watched step of the chain.
pub fn checker(name: &str, n: usize, mistake: Option<Mistake>) -> Box<dyn Checker> {
    let (_, new) = CHECKERS.iter().find(|(step, _)| *step == name).expect("every watched step has its checker");
    new(n, mistake)
}
