//! The common mistakes of `docs/common-mistakes.md`, as data: the page's
//! table is checked against [`MISTAKES`] (`n_queens_cases`' docs test), and
//! `queens practice` links a failing exercise to the mistakes of its step
//! whose signature it shows ([`linked`]).
//!
//! A mistake is known by its [`Mistake::slug`], the anchor of its section on
//! the page (`docs/common-mistakes.md#3-full--1--n`): the slugs stay as they
//! are, so that links and commands keyed on them keep working. A section
//! whose title changes keeps its old slug as an anchor of its own
//! (`<a id="..."></a>` above its heading).

use std::fmt;

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

/// One common mistake: a row of the page's table, and its section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// Its number on the page.
    pub number: u8,
    /// Its section's anchor on the page; stable.
    pub slug: &'static str,
    /// Its title, in Markdown (backticks for code).
    pub title: &'static str,
    /// The step of the chain it is made in, by its name in [`crate::chain::STEPS`].
    pub step: &'static str,
    /// Where it comes from: the write-ups that make it, or empty for the
    /// ones learners make without help.
    pub from: &'static str,
    /// The shared cases' template that first catches it: `judge_counts`
    /// (n = 1..=9, all that practice holds an exercise to) or `edge_cases`.
    pub caught_by: &'static str,
    /// The n of that first case.
    pub n: i32,
    /// What the mistake does there.
    pub signature: Signature,
    /// The right answer there.
    pub expected: i64,
    /// Another n and the count the mistake returns there, where another
    /// mistake of the step has the same first catch: it tells them apart.
    pub also_returns: Option<(i32, i64)>,
}

impl Mistake {
    /// Its section, as a link from the workspace root.
    pub fn link(&self) -> String {
        format!("{PAGE}#{}", self.slug)
    }
}

/// The mistakes that a run of an exercise of `step`, first caught at `n`,
/// looks like, where `observe(m)` is what it did at m (`None` where it passed
/// or did not run, or did what no signature is): the mistakes made in that
/// step, first caught at that n, whose signature it shows there (and, for
/// those with [`Mistake::also_returns`], at that other n too).
pub fn linked<'a>(step: &str, n: i32, observe: impl Fn(i32) -> Option<Observed<'a>>) -> Vec<&'static Mistake> {
    let shows = |mistake: &Mistake| {
        observe(mistake.n).is_some_and(|observed| mistake.signature.matches(observed))
            && mistake.also_returns.is_none_or(|(n, count)| observe(n) == Some(Observed::Returned(count)))
    };
    MISTAKES.iter().filter(|mistake| mistake.step == step && mistake.n == n && shows(mistake)).collect()
}

/// Every mistake of the page, in its order.
pub const MISTAKES: [Mistake; 9] = [
    Mistake {
        number: 1,
        slug: "1-the-diagonal-test-with-",
        title: "the diagonal test with `!=`",
        step: "column_abs",
        from: "seed 002",
        caught_by: "judge_counts",
        n: 2,
        signature: Signature::Returns(2),
        expected: 0,
        also_returns: None,
    },
    Mistake {
        number: 2,
        slug: "2--where--belongs",
        title: "`&` where `|` belongs",
        step: "bitmask",
        from: "seed 002",
        caught_by: "judge_counts",
        n: 1,
        signature: Signature::StackOverflow,
        expected: 1,
        also_returns: None,
    },
    Mistake {
        number: 3,
        slug: "3-full--1--n",
        title: "`full = 1 << n`",
        step: "bitmask",
        from: "seed 002",
        caught_by: "judge_counts",
        n: 2,
        signature: Signature::Returns(1),
        expected: 0,
        also_returns: Some((3, 1)),
    },
    Mistake {
        number: 4,
        slug: "4-one-mask-shifted-the-wrong-way",
        title: "one mask shifted the wrong way",
        step: "bitmask",
        from: "seed 003",
        caught_by: "judge_counts",
        n: 2,
        signature: Signature::Returns(1),
        expected: 0,
        also_returns: Some((3, 3)),
    },
    Mistake {
        number: 5,
        slug: "5-flags-not-cleared-on-the-way-back",
        title: "flags not cleared on the way back",
        step: "three_arrays",
        from: "learners",
        caught_by: "judge_counts",
        n: 4,
        signature: Signature::Returns(0),
        expected: 2,
        also_returns: None,
    },
    Mistake {
        number: 6,
        // The slug of its first title, "`row - col` without its offset",
        // kept by an anchor of its own on the page.
        slug: "6-row---col-without-its-offset",
        title: "`row - col` before its offset",
        step: "three_arrays",
        from: "learners",
        caught_by: "judge_counts",
        n: 2,
        signature: Signature::Panics("attempt to subtract with overflow"),
        expected: 0,
        also_returns: None,
    },
    Mistake {
        number: 7,
        slug: "7-the-base-case-after-the-loop",
        title: "the base case after the loop",
        step: "board_scan",
        from: "learners",
        caught_by: "judge_counts",
        n: 1,
        signature: Signature::Panics("index out of bounds"),
        expected: 1,
        also_returns: None,
    },
    Mistake {
        number: 8,
        slug: "8-an-offset-of-n-into-2n---1-flags",
        title: "an offset of n into 2n - 1 flags",
        step: "three_arrays",
        from: "seeds 000 and 003",
        caught_by: "judge_counts",
        n: 1,
        signature: Signature::Panics("index out of bounds"),
        expected: 1,
        also_returns: None,
    },
    Mistake {
        number: 9,
        slug: "9-2--n---1-at-n--0",
        title: "`2 * n - 1` at n = 0",
        step: "three_arrays",
        from: "seed 003",
        caught_by: "edge_cases",
        n: 0,
        signature: Signature::Panics("attempt to subtract with overflow"),
        expected: 1,
        also_returns: None,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The slugs linked for a run that did `at_n` at n and returned `counts`
    /// (n = 1, 2..) elsewhere.
    fn slugs(step: &str, n: i32, at_n: Observed<'static>, counts: &[i64]) -> Vec<&'static str> {
        let observe = |m: i32| {
            if m == n { Some(at_n) } else { counts.get(m as usize - 1).map(|&count| Observed::Returned(count)) }
        };
        linked(step, n, observe).iter().map(|mistake| mistake.slug).collect()
    }

    #[test]
    fn only_the_mistakes_of_the_step_are_linked() {
        let full = [1, 1, 1, 1];
        assert_eq!(slugs("bitmask", 2, Observed::Returned(1), &full), ["3-full--1--n"]);
        assert_eq!(slugs("bitmask", 2, Observed::Returned(1), &[1, 1, 3]), ["4-one-mask-shifted-the-wrong-way"]);
        assert!(slugs("bitmask", 2, Observed::Returned(1), &[1, 1, 2]).is_empty());
        assert!(slugs("column_abs", 2, Observed::Returned(1), &full).is_empty());
        assert!(slugs("bitmask", 3, Observed::Returned(1), &[1, 0, 1]).is_empty());
        assert_eq!(
            slugs("three_arrays", 4, Observed::Returned(0), &[1, 0, 0]),
            ["5-flags-not-cleared-on-the-way-back"]
        );
        assert_eq!(slugs("bitmask", 1, Observed::StackOverflow, &[]), ["2--where--belongs"]);
    }

    #[test]
    fn every_mistake_has_its_own_slug_and_a_known_step() {
        for (index, mistake) in MISTAKES.iter().enumerate() {
            assert_eq!(usize::from(mistake.number), index + 1);
            assert!(crate::chain::step(mistake.step).is_some(), "{mistake:?}");
            assert!(mistake.slug.starts_with(&format!("{}-", mistake.number)), "{mistake:?}");
            assert_eq!(MISTAKES.iter().filter(|other| other.slug == mistake.slug).count(), 1);
        }
    }
}
