//! The mistakes of `docs/common-mistakes.md` that watch runs, from
//! `n_queens_steps::mistakes`; each step's checker runs its own.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use n_queens_steps::mistakes::MISTAKES;

/// A classic mistake of `docs/common-mistakes.md`, run in place of its code.
pub use n_queens_steps::mistakes::Id as Mistake;

/// `--mistake NAME`: a name of the shared table, or clap's message with the names.
pub fn parser() -> impl TypedValueParser<Value = Mistake> {
    let names = MISTAKES.map(|mistake| mistake.name);
    PossibleValuesParser::new(names).map(|name| Mistake::named(&name).expect("a name of the shared table"))
}

/// The long help of `--mistake`: each name, its step and its section of the page.
pub fn help() -> String {
    let mut text = String::from(
        "Run a classic mistake in place of its code, on its own step (the step's --approach may be given, no other):",
    );
    for mistake in &MISTAKES {
        let (name, number, step) = (mistake.name, mistake.number, mistake.step);
        text += &format!("\n  {name:<25}{number}, {step:<13}{}", mistake.link());
    }
    text
}

/// How a mistake's run ends early, as Rust reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crash {
    /// The calls never end: the stack overflows (shown when the calls pass the last row).
    StackOverflow,
    /// An index past the end of a vector.
    IndexOutOfBounds {
        /// The vector's length.
        len: usize,
        /// The index.
        index: usize,
    },
    /// `0 - 1` in `usize`, with overflow checks on.
    SubtractOverflow,
}

impl Crash {
    /// Rust's message.
    pub fn message(self) -> String {
        match self {
            Crash::StackOverflow => "stack overflow".to_string(),
            Crash::IndexOutOfBounds { len, index } => {
                format!("index out of bounds: the len is {len} but the index is {index}")
            }
            Crash::SubtractOverflow => "attempt to subtract with overflow".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_mistake_takes_the_place_of_right_code_of_its_step() {
        for mistake in Mistake::ALL {
            let (row, step) = (mistake.row(), mistake.step());
            let file = n_queens_ii::approach(step.name).expect("a step of the chain").source;
            assert_eq!(file.matches(row.replaces).count(), 1, "{mistake:?}: the right code is in {}", step.name);
            let mistaken = row.in_place_of(file);
            assert!(
                mistaken != file && mistaken.contains(row.line),
                "{mistake:?}: {:?} is a line of the mistake",
                row.line
            );
        }
    }

    /// Each name is taken: tests/watch.rs runs every mistake by its name.
    #[test]
    fn the_command_line_names_the_mistakes_of_the_shared_table() {
        let command = clap::Command::new("watch").arg(clap::Arg::new("mistake").long("mistake").value_parser(parser()));
        let refused = command.try_get_matches_from(["watch", "--mistake", "offset_n"]).unwrap_err().to_string();
        assert!(refused.contains("offset-n"), "{refused}");
    }
}
