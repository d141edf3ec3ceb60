//! `queens diff`, end to end: the built binary for every step of both
//! problems, piped (so plain, in lines of 80 columns), applied back to the
//! base's code; its refusals; the code-only cut checked on the files'
//! tokens; and the step pages' ```` ```diff ```` blocks held to the
//! command's output.

use std::fs;
use std::path::Path;

use pretty_assertions::assert_eq as assert_same;
use proc_macro2::{TokenStream, TokenTree};
use queens::common::Problem;
use queens::diff::{PIPED_WIDTH, code_only, fit, step_diff, steps_with_a_base, unfit};
use run::{queens, refused, stdout_of};

mod run;

/// The steps of `problem` that build on another, and their bases, from the
/// chain's registry (the manifest's own test checks that each base is an
/// earlier step of the same problem).
fn bases(problem: Problem) -> Vec<(&'static str, &'static str)> {
    let steps = n_queens_steps::chain::STEPS.iter().filter(|step| step.problems.contains(&problem));
    steps.filter_map(|step| Some((step.name, step.builds_on?))).collect()
}

/// The approach file of `step` for `problem`.
fn source(problem: Problem, step: &str) -> &'static str {
    match problem {
        Problem::NQueens => n_queens::approach(step).unwrap().source,
        Problem::NQueensII => n_queens_ii::approach(step).unwrap().source,
    }
}

/// `queens diff PROBLEM STEP` through the binary, piped: checks it
/// succeeded and returns its stdout.
fn diff_of(problem: Problem, step: &str, extra: &[&str]) -> String {
    let output = queens(&[&["diff", problem.number(), step], extra].concat());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "queens diff {} {step} failed: {stderr}", problem.number());
    assert!(stderr.is_empty(), "{stderr}");
    String::from_utf8(output.stdout).unwrap()
}

/// `base` with the unified diff `diff` applied, or why it does not apply:
/// every context and removed line must be `base`'s line at that place,
/// and every hunk as long as its head says.
fn apply(base: &str, diff: &str) -> Result<String, String> {
    let base: Vec<&str> = base.lines().collect();
    let mut lines = diff.lines().peekable();
    let (old, new) = (lines.next().unwrap_or(""), lines.next().unwrap_or(""));
    if !old.starts_with("--- ") || !new.starts_with("+++ ") {
        return Err(format!("no file lines: {old:?}, {new:?}"));
    }
    let (mut result, mut at) = (Vec::new(), 0);
    while let Some(head) = lines.next() {
        let ranges = head.strip_prefix("@@ -").and_then(|rest| rest.strip_suffix(" @@")).ok_or(head)?;
        let (old_range, new_range) = ranges.split_once(" +").ok_or(head)?;
        let range = |text: &str| -> (usize, usize) {
            let (start, len) = text.split_once(',').unwrap_or((text, "1"));
            (start.parse().unwrap(), len.parse().unwrap())
        };
        let ((old_start, old_len), (_, new_len)) = (range(old_range), range(new_range));
        // An empty range starts at the line before it.
        let start = if old_len == 0 { old_start } else { old_start - 1 };
        if start < at || start > base.len() {
            return Err(format!("{head}: out of order or past the end"));
        }
        result.extend_from_slice(&base[at..start]);
        at = start;
        let (mut old_seen, mut new_seen) = (0, 0);
        while let Some(line) = lines.next_if(|line| !line.starts_with("@@")) {
            let (mark, text) = line.split_at(1);
            if mark == " " || mark == "-" {
                if base.get(at) != Some(&text) {
                    return Err(format!("{head}: {line:?} is not line {} of the base", at + 1));
                }
                at += 1;
                old_seen += 1;
            }
            match mark {
                " " | "+" => {
                    result.push(text);
                    new_seen += 1;
                }
                "-" => {}
                _ => return Err(format!("a line with no mark: {line:?}")),
            }
        }
        if (old_seen, new_seen) != (old_len, new_len) {
            return Err(format!("{head}: the hunk has {old_seen} old and {new_seen} new lines"));
        }
    }
    result.extend_from_slice(&base[at..]);
    Ok(result.iter().map(|line| format!("{line}\n")).collect())
}

/// Every step of both problems: the piped diff is plain, names the base's
/// file and the step's, changes something, and applied to the base's code
/// gives the step's code.
#[test]
fn each_diff_applied_to_its_base_gives_the_step() {
    for problem in Problem::ALL {
        let with_base = steps_with_a_base(problem);
        let tested: Vec<&str> = bases(problem).iter().map(|(step, _)| *step).collect();
        assert_same!(with_base, tested, "every step of {problem} with a base is tested");
        assert!(!tested.is_empty());
        for (step, base) in bases(problem) {
            let diff = diff_of(problem, step, &[]);
            assert!(!diff.contains('\x1b'), "piped output is plain:\n{diff}");
            let crate_dir = format!("crates/{}/src", problem.crate_name());
            let mut lines = diff.lines();
            assert_same!(lines.next(), Some(format!("--- {crate_dir}/{base}.rs (code only)").as_str()));
            assert_same!(lines.next(), Some(format!("+++ {crate_dir}/{step}.rs (code only)").as_str()));
            assert!(lines.any(|line| line.starts_with('-')) && diff.lines().skip(2).any(|line| line.starts_with('+')));
            let applied = apply(&code_only(source(problem, base)), &unfit(&diff))
                .unwrap_or_else(|error| panic!("diff {} {step} does not apply: {error}\n{diff}", problem.number()));
            assert_same!(applied, code_only(source(problem, step)), "diff {} {step}", problem.number());
            // Every line fits 80 columns: a wider line of code goes on in the next.
            for line in diff.lines() {
                assert!(line.chars().count() <= 80, "{} {step}: {line}", problem.number());
            }
        }
    }
}

/// The applier itself refuses a diff that does not fit the base, so the
/// test above can fail.
#[test]
fn a_diff_of_another_base_does_not_apply() {
    let diff = diff_of(Problem::NQueensII, "three_arrays", &[]);
    assert!(apply(&code_only(source(Problem::NQueensII, "board_scan")), &diff).is_err());
    assert!(apply("a\nb\n", "--- a\n+++ b\n@@ -1,2 +1,2 @@\n a\n-c\n+d\n").is_err());
    assert_same!(apply("a\nb\nc\n", "--- a\n+++ b\n@@ -2 +2 @@\n-b\n+d\n"), Ok("a\nd\nc\n".to_string()));
}

/// `--color always` colours a pipe too, and the marks stay: without its
/// escape codes it is the plain diff. `--color never` and NO_COLOR give
/// the plain one.
#[test]
fn colour_keeps_the_marks() {
    let plain = diff_of(Problem::NQueensII, "mirror", &[]);
    let coloured = diff_of(Problem::NQueensII, "mirror", &["--color", "always"]);
    assert!(coloured.contains("\x1b[31m-") && coloured.contains("\x1b[32m+"), "{coloured:?}");
    assert!(coloured.lines().skip(2).all(|line| line.starts_with(' ') || line.ends_with("\x1b[0m")), "{coloured:?}");
    assert!(coloured.lines().any(|line| line.starts_with(' ')), "context stays plain: {coloured:?}");
    let mut stripped = coloured.clone();
    for code in ["\x1b[1m", "\x1b[36m", "\x1b[31m", "\x1b[32m", "\x1b[0m"] {
        stripped = stripped.replace(code, "");
    }
    assert_same!(stripped, plain);
    assert_same!(diff_of(Problem::NQueensII, "mirror", &["--color", "never"]), plain);
}

/// Refused, exit code 2, one line: the first step, a name that is no step
/// (an approach beyond the chain, or nothing), an unknown problem.
#[test]
fn refusals_exit_2() {
    refused(&["diff", "52", "board_scan"], &["board_scan", "first step", "paste 52 board_scan"]);
    refused(&["diff", "51", "board_scan"], &["first step", "paste 51 board_scan"]);
    let names = |problem| bases(problem).iter().map(|(step, _)| *step).collect::<Vec<_>>().join(", ");
    refused(&["diff", "52", "nope"], &["\"nope\"", &names(Problem::NQueensII)]);
    refused(&["diff", "51", "symmetry"], &["symmetry is a step of LeetCode 52 only", &names(Problem::NQueens)]);
    refused(&["diff", "51", "construct"], &["construct", "beyond the chain"]);
    refused(&["diff", "53", "bitmask"], &["53"]);
    refused(&["diff", "52", "bitmask", "--color", "sometimes"], &["sometimes"]);
}

/// `queens diff --help` lists the steps it takes for each problem, those of
/// the chain that build on another: a new step is in it once declared.
#[test]
fn the_help_lists_every_step_with_a_base() {
    let help = stdout_of(&["diff", "--help"]).split_whitespace().collect::<Vec<_>>().join(" ");
    for problem in Problem::ALL {
        let names: Vec<&str> = bases(problem).iter().map(|(step, _)| *step).collect();
        let listed = format!("for {}, {}", problem.number(), names.join(", "));
        assert!(
            help.contains(&listed),
            "crates/queens/src/diff.rs: `queens diff --help` should say {listed:?}:\n{help}"
        );
    }
}

/// The tokens of `stream` without its doc comments (`#[doc = ...]` and
/// `#![doc = ...]`, as the lexer gives `///` and `//!`), as text.
fn tokens_without_docs(stream: TokenStream) -> Vec<String> {
    let trees: Vec<TokenTree> = stream.into_iter().collect();
    let mut kept = Vec::new();
    let mut index = 0;
    while index < trees.len() {
        let is_hash = matches!(&trees[index], TokenTree::Punct(punct) if punct.as_char() == '#');
        let bang = matches!(trees.get(index + 1), Some(TokenTree::Punct(punct)) if punct.as_char() == '!');
        let group = trees.get(index + 1 + usize::from(bang));
        let is_doc = matches!(group, Some(TokenTree::Group(group))
            if group.stream().into_iter().next().is_some_and(|first| first.to_string() == "doc"));
        if is_hash && is_doc {
            index += 2 + usize::from(bang);
            continue;
        }
        match &trees[index] {
            TokenTree::Group(group) => {
                kept.push(format!("{:?}", group.delimiter()));
                kept.extend(tokens_without_docs(group.stream()));
                kept.push("end".to_string());
            }
            tree => kept.push(tree.to_string()),
        }
        index += 1;
    }
    kept
}

/// The code-only cut leaves out comments and nothing else: it has the
/// file's tokens, less the doc comments (plain comments are no tokens), and
/// its lines are the file's own, in order, none a comment.
#[test]
fn code_only_leaves_out_comments_and_nothing_else() {
    for problem in Problem::ALL {
        let steps = n_queens_steps::chain::STEPS.iter().filter(|step| step.problems.contains(&problem));
        for step in steps.map(|step| step.name) {
            let file = source(problem, step);
            let code = code_only(file);
            let tokens = |text: &str| tokens_without_docs(text.parse::<TokenStream>().unwrap());
            assert_same!(tokens(&code), tokens(file), "{} {step}", problem.number());
            assert!(file.contains("//!") && !code.contains("//!"), "{} {step}", problem.number());
            let mut file_lines = file.lines();
            for line in code.lines() {
                assert!(!line.trim_start().starts_with("//"), "{} {step}: {line}", problem.number());
                assert!(file_lines.any(|own| own == line), "{} {step}: not the file's own: {line}", problem.number());
            }
        }
    }
}

/// The ```` ```diff ```` block of each step page is `queens diff PROBLEM
/// STEP`, as piped (in lines of 80 columns), LeetCode 52's for a step that
/// has it and LeetCode 51's for a step of 51 alone, and the page names that
/// command; a page of a step that builds on none has no diff block.
#[test]
fn each_step_page_shows_its_diff() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    let mut errors = Vec::new();
    for step in n_queens_steps::chain::STEPS {
        let page = format!("docs/{}.md", step.name);
        let Ok(text) = fs::read_to_string(docs.join(format!("{}.md", step.name))) else {
            errors.push(format!("{page}: no such page; write it (docs/adding-a-step.md says what it holds)"));
            continue;
        };
        let blocks: Vec<&str> = text.split("```diff\n").skip(1).map(|rest| rest.split("```").next().unwrap()).collect();
        let problem = if step.problems.contains(&Problem::NQueensII) { Problem::NQueensII } else { Problem::NQueens };
        let Ok(expected) = step_diff(problem, step.name).map(|diff| fit(&diff, PIPED_WIDTH)) else {
            if !blocks.is_empty() {
                errors.push(format!("{page}: a diff block, but {} builds on nothing: remove it", step.name));
            }
            continue;
        };
        let command = format!("cargo run --release -- diff {} {}", problem.number(), step.name);
        match blocks[..] {
            [] => errors.push(format!(
                "{page}: no diff block; add, under \"What this step changes\", what `{command}` prints:\n\
                 ```diff\n{expected}```"
            )),
            [block] if block != expected => errors.push(format!(
                "{page}: its diff block is not what `{command}` prints; make it:\n```diff\n{expected}```"
            )),
            [_] => {}
            _ => errors.push(format!("{page}: {} diff blocks; keep one, what `{command}` prints", blocks.len())),
        }
        if !text.contains(&command) {
            errors.push(format!("{page} does not name `{command}`; say, above its diff block, that it prints it"));
        }
    }
    assert!(errors.is_empty(), "\n{}", errors.join("\n\n"));
}
