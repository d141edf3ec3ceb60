//! The common mistakes of `docs/common-mistakes.md`, as data: the page's
//! table is checked against [`MISTAKES`], and `queens practice` links a
//! failing exercise to the mistakes of its step whose signature it shows
//! ([`linked`]). Each row holds its mistake's code ([`Mistake::code`], a
//! file of `crates/n_queens_steps/mistakes/` that the mistake tests
//! run, whose marked lines `queens watch --mistake` shows in place of
//! [`Mistake::replaces`]): a mistake is written once and described once.
//! Its [`Mistake::slug`], the anchor of its section on the page, never
//! changes: a section whose title changes keeps its old slug as an anchor
//! of its own (`<a id="..."></a>`).

use std::fmt;

use crate::Problem;

/// The page that explains every mistake, from the workspace root.
pub const PAGE: &str = "docs/common-mistakes.md";

/// What a failing run looks like at the first case that catches a mistake.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signature {
    /// It returns this count (for LeetCode 51, this many boards).
    Returns(i64),
    /// It panics in the learner's code with a message that starts so.
    Panics(&'static str),
    /// The recursion never ends: the stack overflows and the process ends.
    StackOverflow,
}

impl fmt::Display for Signature {
    /// As the page's table says it: `returns 2`, `panics: index out of bounds`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Signature::Returns(count) => write!(f, "returns {count}"),
            Signature::Panics(message) => write!(f, "panics: {message}"),
            Signature::StackOverflow => write!(f, "crashes: stack overflow"),
        }
    }
}

/// What a run did at one n, read from its test's report or its process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Observed<'a> {
    /// It returned this count (for LeetCode 51, this many boards).
    Returned(i64),
    /// It panicked in the learner's code with this message.
    Panicked(&'a str),
    /// Its stack overflowed ([`overflowed_its_stack`]), which ends the process.
    StackOverflow,
}

impl Signature {
    /// Whether `observed` is this signature.
    pub fn matches(&self, observed: Observed<'_>) -> bool {
        match (*self, observed) {
            (Signature::Returns(count), Observed::Returned(returned)) => count == returned,
            (Signature::Panics(start), Observed::Panicked(message)) => message.starts_with(start),
            (Signature::StackOverflow, Observed::StackOverflow) => true,
            _ => false,
        }
    }
}

/// Whether a process's standard error says its stack overflowed, as Rust's
/// runtime says it (`thread 'main' has overflowed its stack`).
pub fn overflowed_its_stack(stderr: &str) -> bool {
    stderr.contains("has overflowed its stack")
}

/// The file of a mistake's code, a solution of its step with the mistake
/// in it (LeetCode 52's, or LeetCode 51's for [`Boards::code`]), whole as a
/// learner would paste it, compiled by the mistake tests (`n_queens_judge`'s
/// `tests/mistakes.rs`) as the module [`Code::module`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Code {
    /// Its module in the mistake tests, and the stem of its file.
    pub module: &'static str,
    /// Its path from the workspace root.
    pub path: &'static str,
    /// Its text.
    pub text: &'static str,
}

/// The [`Code`] of the mistake whose file is `crates/n_queens_steps/mistakes/$module.rs`,
/// or, for LeetCode 51, `crates/n_queens_steps/mistakes/51/$module.rs` (its module `${module}_51`).
macro_rules! code {
    ($module:ident) => {
        Code {
            module: stringify!($module),
            path: concat!("crates/n_queens_steps/mistakes/", stringify!($module), ".rs"),
            text: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/mistakes/", stringify!($module), ".rs")),
        }
    };
    (51, $module:ident) => {
        Code {
            module: concat!(stringify!($module), "_51"),
            path: concat!("crates/n_queens_steps/mistakes/51/", stringify!($module), ".rs"),
            text: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/mistakes/51/", stringify!($module), ".rs")),
        }
    };
}

mod list;
pub use list::MISTAKES;

/// The comment above the lines of a mistake's file that take the place of its step's code.
pub const FROM_HERE: &str = "// The mistake, in place of its step's code: from here";
/// The comment below them.
pub const TO_HERE: &str = "// to here.";

/// Each mistake by name, in the page's order: `MISTAKES[id as usize]` is its row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Id {
    /// 1, `column_abs`.
    DiagonalNotEqual,
    /// 2, `bitmask`.
    AndInsteadOfOr,
    /// 3, `bitmask`.
    FullOneBit,
    /// 4, `bitmask`.
    ShiftWrongWay,
    /// 5, `three_arrays`.
    FlagsNotCleared,
    /// 6, `three_arrays`.
    DiagonalWithoutOffset,
    /// 7, `board_scan`.
    BaseCaseAfterTheLoop,
    /// 8, `three_arrays`.
    OffsetN,
    /// 9, `three_arrays`.
    TwoNMinusOne,
    /// 10, `column_abs`.
    DistanceWithoutAbs,
    /// 11, `board_scan`.
    BaseCaseOneRowEarly,
}

impl Id {
    /// Every mistake, in the page's order.
    pub const ALL: [Id; MISTAKES.len()] = {
        let mut all = [Id::DiagonalNotEqual; MISTAKES.len()];
        let mut index = 0;
        while index < all.len() {
            all[index] = MISTAKES[index].id;
            index += 1;
        }
        all
    };

    /// Its row.
    pub fn row(self) -> &'static Mistake {
        &MISTAKES[self as usize]
    }

    /// The mistake called `name` on the command line ([`Mistake::name`]).
    pub fn named(name: &str) -> Option<Id> {
        MISTAKES.iter().find(|mistake| mistake.name == name).map(|mistake| mistake.id)
    }

    /// The step whose code the mistake replaces.
    pub fn step(self) -> &'static crate::chain::Step {
        crate::chain::step(self.row().step).expect("every mistake is made in a step of the chain")
    }
}

/// One common mistake: a row of the page's table, its section, and its code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// Its name here; `MISTAKES[id as usize]` is this row.
    pub id: Id,
    /// Its number on the page.
    pub number: u8,
    /// Its name on the command line (`queens watch --mistake NAME`): its
    /// code's module, `-` for `_`; stable.
    pub name: &'static str,
    /// Its section's anchor on the page; stable.
    pub slug: &'static str,
    /// Its title, in Markdown (backticks for code).
    pub title: &'static str,
    /// The step of the chain it is made in, by its name in [`crate::chain::STEPS`].
    pub step: &'static str,
    /// The write-ups that make it, or `learners`.
    pub from: &'static str,
    /// The shared cases' template that first catches it: `judge_counts` (n = 1..=9) or `edge_cases`.
    pub caught_by: &'static str,
    /// The n of that first case.
    pub n: i32,
    /// What the mistake does there.
    pub signature: Signature,
    /// The right answer there.
    pub expected: i64,
    /// Another n and its count there, which tells it from a mistake with the same first catch.
    pub also_returns: Option<(i32, i64)>,
    /// Its code: the step with the mistake in it.
    pub code: Code,
    /// The right code that the marked lines of [`Mistake::code`] take the
    /// place of: whole lines of the step's LeetCode 52 file.
    pub replaces: &'static str,
    /// A piece of its wrong line, that watch draws in red.
    pub line: &'static str,
    /// What it does, in a few words, for watch's check panel.
    pub effect: &'static str,
    /// Where LeetCode 51 first catches it and what it does there, where
    /// that differs from LeetCode 52 (above, with boards for the count);
    /// `None` where LeetCode 51 shows it as LeetCode 52 does.
    pub boards: Option<Boards>,
}

/// Where LeetCode 51's cases first catch a mistake, and what it does there,
/// where that differs from LeetCode 52 ([`Mistake::boards`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Boards {
    /// The shared cases' template that first catches it.
    pub caught_by: &'static str,
    /// The n of that first case.
    pub n: i32,
    /// What the mistake does there, counting boards.
    pub signature: Signature,
    /// The right number of boards there.
    pub expected: i64,
    /// Another n and its number of boards there, which tells it from a
    /// mistake with the same first catch.
    pub also_returns: Option<(i32, i64)>,
    /// Its code: the step's LeetCode 51 solution with the mistake in it.
    pub code: Code,
}

/// Where the shared cases first catch a mistake in one problem, and what it
/// does there ([`Mistake::caught`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caught {
    /// The shared cases' template that first catches it.
    pub caught_by: &'static str,
    /// The n of that first case.
    pub n: i32,
    /// What the mistake does there (for LeetCode 51, counting boards).
    pub signature: Signature,
    /// The right answer there.
    pub expected: i64,
    /// Another n and its answer there, which tells it from a mistake with the same first catch.
    pub also_returns: Option<(i32, i64)>,
}

impl Mistake {
    /// Where the shared cases first catch it in `problem`, and what it does there.
    pub fn caught(&self, problem: Problem) -> Caught {
        match (problem, self.boards) {
            (Problem::NQueens, Some(Boards { caught_by, n, signature, expected, also_returns, .. })) => {
                Caught { caught_by, n, signature, expected, also_returns }
            }
            _ => Caught {
                caught_by: self.caught_by,
                n: self.n,
                signature: self.signature,
                expected: self.expected,
                also_returns: self.also_returns,
            },
        }
    }

    /// Its section, as a link from the workspace root.
    pub fn link(&self) -> String {
        format!("{PAGE}#{}", self.slug)
    }

    /// The lines of its code between [`FROM_HERE`] and [`TO_HERE`], each
    /// with its line end: what takes the place of [`Mistake::replaces`].
    pub fn wrong_lines(&self) -> &'static str {
        let text = self.code.text;
        let from = text.find(FROM_HERE).and_then(|at| text[at..].find('\n').map(|end| at + end + 1));
        let from = from.unwrap_or_else(|| panic!("{}: no {FROM_HERE:?} line", self.code.path));
        let to = text[from..].find(TO_HERE).unwrap_or_else(|| panic!("{}: no {TO_HERE:?} line", self.code.path));
        // Back to the start of the `to here` line, past its indentation.
        let to = text[..from + to].rfind('\n').map_or(from, |end| end + 1);
        &text[from..to]
    }

    /// The step's LeetCode 52 file `right_file` with the mistake's lines in
    /// place of the right ones.
    pub fn in_place_of(&self, right_file: &str) -> String {
        right_file.replacen(self.replaces, self.wrong_lines(), 1)
    }
}

/// The mistakes that a run of an exercise of `problem` and `step`, first
/// caught at `n`, looks like, where `observe(m)` is what it did at m (`None`
/// where it passed or did not run, or did what no signature is): the
/// mistakes made in that step, first caught at that n in that problem
/// ([`Mistake::caught`]), whose signature it shows there (and, for those
/// with an `also_returns`, at that other n too).
pub fn linked<'a>(
    problem: Problem,
    step: &str,
    n: i32,
    observe: impl Fn(i32) -> Option<Observed<'a>>,
) -> Vec<&'static Mistake> {
    let shows = |caught: Caught| {
        caught.n == n
            && observe(caught.n).is_some_and(|observed| caught.signature.matches(observed))
            && caught.also_returns.is_none_or(|(n, count)| observe(n) == Some(Observed::Returned(count)))
    };
    MISTAKES.iter().filter(|mistake| mistake.step == step && shows(mistake.caught(problem))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The slugs linked for a run of `problem` that did `at_n` at n and
    /// returned `counts` (n = 1, 2..) elsewhere.
    fn slugs_in(problem: Problem, step: &str, n: i32, at_n: Observed<'static>, counts: &[i64]) -> Vec<&'static str> {
        let observe = |m: i32| {
            if m == n { Some(at_n) } else { counts.get(m as usize - 1).map(|&count| Observed::Returned(count)) }
        };
        linked(problem, step, n, observe).iter().map(|mistake| mistake.slug).collect()
    }

    /// [`slugs_in`] LeetCode 52.
    fn slugs(step: &str, n: i32, at_n: Observed<'static>, counts: &[i64]) -> Vec<&'static str> {
        slugs_in(Problem::NQueensII, step, n, at_n, counts)
    }

    #[test]
    fn only_the_mistakes_of_the_step_are_linked() {
        let full = [1, 1, 1, 1];
        assert_eq!(slugs("bitmask", 2, Observed::Returned(1), &full), ["3-full--1--n"]);
        assert_eq!(slugs("bitmask", 2, Observed::Returned(1), &[1, 1, 3]), ["4-one-mask-shifted-the-wrong-way"]);
        assert!(slugs("bitmask", 2, Observed::Returned(1), &[1, 1, 2]).is_empty());
        // The same count at n = 2 in another step is another step's mistake.
        assert_eq!(slugs("column_abs", 2, Observed::Returned(1), &full), ["10-the-distance-without-abs"]);
        assert_eq!(slugs("board_scan", 2, Observed::Returned(2), &[1]), ["11-the-base-case-one-row-early"]);
        assert!(slugs("three_arrays", 2, Observed::Returned(1), &full).is_empty());
        assert!(slugs("bitmask", 3, Observed::Returned(1), &[1, 0, 1]).is_empty());
        assert_eq!(
            slugs("three_arrays", 4, Observed::Returned(0), &[1, 0, 0]),
            ["5-flags-not-cleared-on-the-way-back"]
        );
        assert_eq!(slugs("bitmask", 1, Observed::StackOverflow, &[]), ["2--where--belongs"]);
    }

    /// LeetCode 51 links a mistake where its own boards show it, which for
    /// some mistakes is not where LeetCode 52's count does.
    #[test]
    fn leetcode_51_links_each_mistake_where_its_boards_show_it() {
        let overflow = Observed::Panicked("attempt to subtract with overflow");
        let (n51, n52) = (Problem::NQueens, Problem::NQueensII);
        assert_eq!(slugs_in(n51, "bitmask", 1, overflow, &[]), ["3-full--1--n"]);
        assert!(slugs_in(n52, "bitmask", 1, overflow, &[]).is_empty());
        assert!(slugs_in(n51, "bitmask", 2, Observed::Returned(1), &[1, 1, 1]).is_empty());
        assert_eq!(
            slugs_in(n51, "bitmask", 2, Observed::Returned(1), &[1, 1, 3]),
            ["4-one-mask-shifted-the-wrong-way"]
        );
        // One board at n = 1 that is no solution: the empty last row gives two at n = 2, no scan at all four.
        let early = "11-the-base-case-one-row-early";
        assert_eq!(slugs_in(n51, "board_scan", 1, Observed::Returned(1), &[1, 2]), [early]);
        assert!(slugs_in(n51, "board_scan", 1, Observed::Returned(1), &[1, 4]).is_empty());
        assert!(slugs_in(n52, "board_scan", 1, Observed::Returned(1), &[1, 2]).is_empty());
        assert!(slugs_in(n51, "board_scan", 2, Observed::Returned(2), &[1]).is_empty());
        // The others show as in LeetCode 52.
        assert_eq!(slugs_in(n51, "bitmask", 1, Observed::StackOverflow, &[]), ["2--where--belongs"]);
    }

    #[test]
    fn each_row_has_its_own_slug_a_known_step_and_is_found_by_its_id_and_its_name() {
        for (index, mistake) in MISTAKES.iter().enumerate() {
            assert_eq!(usize::from(mistake.number), index + 1);
            assert!(crate::chain::step(mistake.step).is_some(), "{mistake:?}");
            assert!(mistake.slug.starts_with(&format!("{}-", mistake.number)), "{mistake:?}");
            assert_eq!(MISTAKES.iter().filter(|other| other.slug == mistake.slug).count(), 1);
            assert_eq!(mistake.id as usize, index, "{mistake:?}");
            assert_eq!(Id::ALL[index], mistake.id);
            assert_eq!(Id::named(mistake.name), Some(mistake.id));
            assert_eq!(mistake.name.replace('-', "_"), mistake.code.module, "{mistake:?}");
        }
        assert_eq!(Id::named("diagonal_not_equal"), None);
    }

    #[test]
    fn each_code_marks_the_wrong_lines_that_hold_its_red_piece() {
        for mistake in &MISTAKES {
            let wrong = mistake.wrong_lines();
            assert!(wrong.ends_with('\n') && wrong.contains("Wrong"), "{}: {wrong:?}", mistake.code.path);
            assert!(wrong.contains(mistake.line), "{}: {:?} is not in {wrong:?}", mistake.code.path, mistake.line);
            assert!(!wrong.contains(FROM_HERE) && !wrong.contains(TO_HERE), "{wrong:?}");
            assert_eq!(mistake.code.text.matches(FROM_HERE).count(), 1, "{}", mistake.code.path);
            let shown = mistake.in_place_of(&format!("fn x() {{\n{}}}\n", mistake.replaces));
            assert_eq!(shown, format!("fn x() {{\n{wrong}}}\n"));
        }
    }
}
