//! The checks of `docs/`: its compiled examples run as doc tests, and
//! `tests/docs.rs` checks its links, its Rust excerpts, its drawn boards and
//! its tables against the code. A crate of its own, which nothing depends
//! on, so that the crates the pages show are dev-dependencies here and the
//! shared test cases (`n_queens_cases`) depend on no problem crate.

/// The pages of `docs/` that hold compiled examples, run as doc tests
/// (`cargo test -p n_queens_docs --doc`); `tests/docs.rs` checks that every
/// page with a compiled Rust block is listed here.
#[cfg(doctest)]
mod docs {
    #[doc = include_str!("../../../docs/bitmask.md")]
    struct Bitmask;
    #[doc = include_str!("../../../docs/symmetry.md")]
    struct Symmetry;
    #[doc = include_str!("../../../docs/parallel.md")]
    struct Parallel;
    #[doc = include_str!("../../../docs/streaming.md")]
    struct Streaming;
    #[doc = include_str!("../../../docs/construct.md")]
    struct Construct;
}
