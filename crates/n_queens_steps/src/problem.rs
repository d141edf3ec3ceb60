//! The two problems, by their LeetCode numbers: the one place that says
//! which number is which problem, for the command and the tests alike.

use std::fmt;
use std::str::FromStr;

/// One of the two problems.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Problem {
    /// LeetCode 51, N-Queens: every board,
    /// `solve_n_queens(n: i32) -> Vec<Vec<String>>`.
    NQueens,
    /// LeetCode 52, N-Queens II: the count, `total_n_queens(n: i32) -> i32`.
    NQueensII,
}

impl Problem {
    /// Both, in the order of their numbers.
    pub const ALL: [Problem; 2] = [Problem::NQueens, Problem::NQueensII];

    /// Its LeetCode number: `"51"` or `"52"`.
    pub const fn number(self) -> &'static str {
        match self {
            Problem::NQueens => "51",
            Problem::NQueensII => "52",
        }
    }

    /// What it asks for: `"every board"` or `"the count"`.
    pub const fn answer(self) -> &'static str {
        match self {
            Problem::NQueens => "every board",
            Problem::NQueensII => "the count",
        }
    }

    /// The workspace crate that answers it: `"n_queens"` or `"n_queens_ii"`.
    pub const fn crate_name(self) -> &'static str {
        match self {
            Problem::NQueens => "n_queens",
            Problem::NQueensII => "n_queens_ii",
        }
    }
}

/// `LeetCode 51`.
impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LeetCode {}", self.number())
    }
}

/// The problem by its number, `"51"` or `"52"`.
impl FromStr for Problem {
    type Err = String;

    fn from_str(text: &str) -> Result<Problem, String> {
        Problem::ALL.into_iter().find(|problem| problem.number() == text).ok_or_else(|| {
            let known: Vec<String> =
                Problem::ALL.iter().map(|problem| format!("{} ({})", problem.number(), problem.answer())).collect();
            format!("there is no problem {text:?}: the problems are {}", known.join(" and "))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_number_names_its_problem() {
        for problem in Problem::ALL {
            assert_eq!(problem.number().parse::<Problem>(), Ok(problem));
        }
        assert_eq!(Problem::NQueens.to_string(), "LeetCode 51");
        let refused = "53".parse::<Problem>().unwrap_err();
        assert!(refused.contains("51 (every board) and 52 (the count)"), "{refused}");
    }
}
