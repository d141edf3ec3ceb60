//! The judge's cut of an approach file: what a user copies into
//! leetcode.com or leetcode.cn. The judge declares `struct Solution;`
//! itself, so a submission is the text after the file's
//! `pub struct Solution;` line, up to its `#[cfg(test)]` module if it has
//! one: `queens paste` prints it, `n_queens_judge`'s tests compile it.

/// The line in an approach file after which the judge-ready text starts.
pub const SOLUTION_LINE: &str = "pub struct Solution;";

/// What a user pastes into the judge from an approach file's source: the text
/// after the `pub struct Solution;` line, up to a `#[cfg(test)]` line, trimmed
/// of blank lines at both ends. `None` when the file has no such line.
pub fn judge_text(source: &str) -> Option<&str> {
    let after = after_solution_line(source)?;
    let end = after.find("\n#[cfg(test)]").map_or(after.len(), |index| index + 1);
    Some(after[..end].trim_matches(|c| c == '\n' || c == '\r'))
}

/// What a learner pastes from a practice exercise: all of the text after the
/// `pub struct Solution;` line, trimmed so; their own test module stays, as
/// the judge's compiler leaves a `#[cfg(test)]` item out itself.
pub fn exercise_text(source: &str) -> Option<&str> {
    Some(after_solution_line(source)?.trim_matches(|c| c == '\n' || c == '\r'))
}

/// Where the `pub struct Solution;` line starts: the line itself, at a
/// line start, not a mention of it in prose.
pub fn solution_line(source: &str) -> Option<usize> {
    source
        .match_indices(SOLUTION_LINE)
        .map(|(index, _)| index)
        .find(|&index| index == 0 || source[..index].ends_with('\n'))
}

/// The text after the `pub struct Solution;` line.
fn after_solution_line(source: &str) -> Option<&str> {
    let after = &source[solution_line(source)? + SOLUTION_LINE.len()..];
    after.strip_prefix('\n').or_else(|| after.strip_prefix("\r\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "//! Docs.\n\n/// The type.\npub struct Solution;\n\nimpl Solution {}\n\nfn helper() {}\n\n#[cfg(test)]\nmod tests {}\n";

    #[test]
    fn cuts_after_the_solution_line_at_a_line_start_and_before_the_tests_but_for_an_exercise() {
        assert_eq!(judge_text(FILE), Some("impl Solution {}\n\nfn helper() {}"));
        assert_eq!(judge_text("pub struct Solution;\nimpl Solution {}\n"), Some("impl Solution {}"));
        assert_eq!(judge_text("// pub struct Solution;\nimpl Solution {}\n"), None);
        assert_eq!(judge_text("impl Solution {}\n"), None);
        // An exercise keeps its test module and what follows.
        assert_eq!(exercise_text(FILE), Some(&FILE[FILE.find("impl").unwrap()..FILE.len() - 1]));
        assert_eq!(exercise_text("impl Solution {}\n"), None);
    }
}
