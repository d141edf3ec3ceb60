//! The practice ladder's cases against one exercise of LeetCode 52: the
//! harness of `n_queens_cases::practice` (its module doc has the lines it
//! prints), on `Solution::total_n_queens` of the learner's file.

/// `exercise!(bitmask, "bitmask", "bitmask.rs")`: the step, its name as
/// `--cfg exercise="bitmask"` picks it, and its file name. Built with that
/// flag, the learner's `crates/n_queens_ii/exercises/bitmask.rs` is `chosen`,
/// run by `main`; the starting text in `crates/n_queens_facts/exercises/52/`
/// is built every time, so that a change to the harness that it cannot meet
/// fails the build.
macro_rules! exercise {
    ($step:ident, $name:literal, $file:literal) => {
        // `.` keeps the `#[path]`s below relative to this directory.
        #[path = "."]
        #[allow(dead_code)]
        mod $step {
            #[cfg(exercise = $name)]
            #[path = "../../exercises"]
            pub mod learner {
                #[clippy::msrv = "1.58"]
                #[path = $file]
                mod exercise;

                pub fn run() -> ! {
                    use n_queens_cases::practice::{self, Exercise};
                    practice::run(&Exercise {
                        name: $name,
                        problem: n_queens_cases::judge::Problem::NQueensII,
                        solve: exercise::Solution::total_n_queens,
                        judge: practice::count,
                        source: include_str!(concat!("../../exercises/", $file)),
                        file: concat!("crates/n_queens_ii/exercises/", $file),
                        dir: concat!(env!("CARGO_TARGET_TMPDIR"), "/practice_paste"),
                    })
                }
            }

            #[path = "../../../n_queens_facts/exercises/52"]
            mod starting_text {
                #[clippy::msrv = "1.58"]
                #[path = $file]
                mod exercise;

                const _: fn(i32) -> i32 = exercise::Solution::total_n_queens;
            }
        }

        #[cfg(exercise = $name)]
        fn chosen() -> ! {
            $step::learner::run()
        }
    };
}

/// What `main` runs when no exercise is chosen.
pub mod none_chosen {
    /// Says how to choose one.
    #[allow(dead_code)]
    pub fn chosen() -> ! {
        eprintln!("no exercise chosen: build with --cfg exercise=\"<step>\" (docs/try-it-yourself.md)");
        std::process::exit(2)
    }
}
