//! The judge's cut of an approach file: what a user copies into
//! leetcode.com or leetcode.cn.
//!
//! The judge declares `struct Solution;` itself, so a submission is the text
//! after the file's `pub struct Solution;` line, up to its `#[cfg(test)]`
//! module if it has one. [`judge_text`] makes that cut; `queens paste` prints
//! it, and the judge-paste tests of `n_queens_cases` compile it.

/// The line in an approach file after which the judge-ready text starts.
pub const SOLUTION_LINE: &str = "pub struct Solution;";

/// What a user pastes into the judge from an approach file's source: the text
/// after the `pub struct Solution;` line, up to a `#[cfg(test)]` line, trimmed
/// of blank lines at both ends. `None` when the file has no such line.
pub fn judge_text(source: &str) -> Option<&str> {
    let line_start = source
        .match_indices(SOLUTION_LINE)
        .map(|(index, _)| index)
        .find(|&index| index == 0 || source[..index].ends_with('\n'))?;
    let after = &source[line_start + SOLUTION_LINE.len()..];
    let after = after.strip_prefix('\n').or_else(|| after.strip_prefix("\r\n"))?;
    let end = after.find("\n#[cfg(test)]").map_or(after.len(), |index| index + 1);
    Some(after[..end].trim_matches(|c| c == '\n' || c == '\r'))
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "//! Docs.\n\n/// The type.\npub struct Solution;\n\nimpl Solution {}\n\nfn helper() {}\n\n#[cfg(test)]\nmod tests {}\n";

    #[test]
    fn cuts_after_the_solution_line_and_before_the_tests() {
        assert_eq!(judge_text(FILE), Some("impl Solution {}\n\nfn helper() {}"));
    }

    #[test]
    fn keeps_everything_without_a_test_module() {
        assert_eq!(judge_text("pub struct Solution;\nimpl Solution {}\n"), Some("impl Solution {}"));
    }

    #[test]
    fn needs_the_solution_line_at_a_line_start() {
        assert_eq!(judge_text("// pub struct Solution;\nimpl Solution {}\n"), None);
        assert_eq!(judge_text("impl Solution {}\n"), None);
    }
}
