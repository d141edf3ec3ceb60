//! The docs' and crates' tables of the chain, held to its manifest
//! (`n_queens_chain::steps!`, read through `n_queens_steps::chain`, and its
//! approaches past the judge): each table names the steps it should, in
//! the chain's order, with their numbers, problems and judge-readiness;
//! the sentences that say which
//! files paste into the judge say what the manifest says; and every page's
//! previous and next links follow the map's list of pages. A missing or
//! extra row fails with the line to add or remove.

use std::fs;
use std::path::PathBuf;

use n_queens_steps::Problem;
use n_queens_steps::chain::{self, Step};

/// The workspace root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The text of a file, from the workspace root.
fn read(path: &str) -> String {
    fs::read_to_string(root().join(path)).unwrap_or_else(|error| panic!("{path}: {error}"))
}

/// Every table of `text` headed `header` (a row's text after `prefix`,
/// `//! ` in a doc comment), as rows of trimmed cells, the header and
/// separator left out.
fn tables(text: &str, prefix: &str, header: &str) -> Vec<Vec<Vec<String>>> {
    let lines: Vec<&str> = text.lines().map(|line| line.strip_prefix(prefix).unwrap_or(line)).collect();
    let mut found = Vec::new();
    for (at, line) in lines.iter().enumerate() {
        if *line != header {
            continue;
        }
        let rows = lines[at + 2..].iter().take_while(|line| line.starts_with('|'));
        // Cells split at ` | `, so an escaped `\|` inside code stays in its cell.
        let cells = |row: &&str| row.trim_matches('|').split(" | ").map(|cell| cell.trim().to_string()).collect();
        found.push(rows.map(cells).collect());
    }
    found
}

/// The one table of `path` headed `header`.
fn table(path: &str, prefix: &str, header: &str) -> Vec<Vec<String>> {
    let mut found = tables(&read(path), prefix, header);
    assert_eq!(found.len(), 1, "{path}: one table headed {header:?}");
    found.remove(0)
}

/// The approach a row names: the first `` `name` `` in its cells.
fn named(row: &[String]) -> String {
    let cell = row.iter().find(|cell| cell.contains('`')).map_or("", String::as_str);
    cell.split('`').nth(1).unwrap_or_default().to_string()
}

/// What a row must be, besides its name: `Err` says why it is not.
type RowCheck<'a> = &'a dyn Fn(&str, &[String]) -> Result<(), String>;

/// Checks that `rows` name `expected`, in order, each row as `check` wants
/// it: a missing row says the line to add (made by `row_of`) and where, an
/// extra one says to remove it.
fn check_rows(
    place: &str,
    rows: &[Vec<String>],
    expected: &[String],
    row_of: &dyn Fn(&str) -> String,
    check: RowCheck,
) -> Vec<String> {
    let names: Vec<String> = rows.iter().map(|row| named(row)).collect();
    let mut errors = Vec::new();
    for (index, name) in expected.iter().enumerate() {
        if !names.contains(name) {
            let after = index
                .checked_sub(1)
                .map_or("first".to_string(), |before| format!("after the row of {}", expected[before]));
            errors.push(format!("{place}: no row for {name}; add, {after}:\n{}", row_of(name)));
        }
    }
    for (row, name) in rows.iter().zip(&names) {
        if !expected.contains(name) {
            errors.push(format!("{place}: {name:?} is no such step; remove its row:\n| {} |", row.join(" | ")));
        } else if let Err(why) = check(name, row) {
            errors.push(format!("{place}, {name}: {why}"));
        }
    }
    let in_both: Vec<&String> = names.iter().filter(|name| expected.contains(name)).collect();
    let order: Vec<&String> = expected.iter().filter(|name| names.contains(name)).collect();
    if errors.is_empty() && in_both != order {
        errors.push(format!("{place}: the rows are not in the chain's order: {order:?}"));
    }
    errors
}

/// The steps of the judge's chain (with a number), in order.
fn numbered() -> Vec<&'static Step> {
    chain::STEPS.iter().filter(|step| step.number.is_some()).collect()
}

/// The steps past the judge's chain (no number), in order.
fn past() -> Vec<&'static Step> {
    chain::STEPS.iter().filter(|step| step.number.is_none()).collect()
}

/// An approach past the judge, as the manifest declares it
/// (`n_queens_chain::steps!(beyond ...)`).
struct Past {
    name: &'static str,
    problem: Problem,
    idea: &'static str,
}

/// [`Past`] of each approach the manifest hands it.
macro_rules! past_read {
    ($($name:ident $file:literal { $($field:tt)* })*) => {
        [$(n_queens_chain::field!(problems, past_of!($file,), $($field)*)),*]
    };
}

/// [`Past`] of one approach: its name, then its `problems` field.
macro_rules! past_of {
    ($name:literal, [$problem:tt: $idea:literal]) => {
        Past { name: $name, problem: problem!($problem), idea: $idea }
    };
}

/// A problem by its number.
macro_rules! problem {
    (51) => {
        Problem::NQueens
    };
    (52) => {
        Problem::NQueensII
    };
}

/// The approaches past the judge, in the manifest's order.
const PAST_THE_JUDGE: &[Past] = &n_queens_chain::steps!(beyond [] => past_read);

/// The names of the approaches past the judge that `keep` keeps, in order.
fn past_the_judge(keep: impl Fn(&Past) -> bool) -> Vec<String> {
    PAST_THE_JUDGE.iter().filter(|past| keep(past)).map(|past| past.name.to_string()).collect()
}

/// The idea of the approach past the judge called `name`.
fn past_idea(name: &str) -> &'static str {
    PAST_THE_JUDGE.iter().find(|past| past.name == name).map_or("IDEA", |past| past.idea)
}

/// `51, 52` or `52`: the problems of a step.
fn problems(step: &Step) -> String {
    step.problems.iter().map(|problem| problem.number()).collect::<Vec<_>>().join(", ")
}

/// The step called `name`.
fn step(name: &str) -> &'static Step {
    chain::step(name).unwrap_or_else(|| panic!("{name} is a step"))
}

/// A step's idea in one problem, or the first it has; or the idea of an
/// approach past the judge.
fn idea(name: &str) -> &'static str {
    let Some(step) = chain::step(name) else { return past_idea(name) };
    let approach = match step.problems[0] {
        Problem::NQueens => n_queens::approach(name).map(|approach| approach.idea),
        Problem::NQueensII => n_queens_ii::approach(name).map(|approach| approach.idea),
    };
    approach.unwrap_or("IDEA")
}

/// `yes` or `no`.
fn yes(flag: bool) -> &'static str {
    if flag { "yes" } else { "no" }
}

/// The names of `steps`.
fn names(steps: &[&Step]) -> Vec<String> {
    steps.iter().map(|step| step.name.to_string()).collect()
}

/// Fails with every error, one paragraph each.
fn assert_none(errors: Vec<String>) {
    assert!(errors.is_empty(), "\n{}", errors.join("\n\n"));
}

/// The project README's two tables: the chain's steps, numbered; then
/// past the judge, the manifest's steps with their problems and
/// judge-readiness, then the approaches beyond the chain.
#[test]
fn the_readmes_tables_are_the_chain() {
    let mut errors = Vec::new();
    let chain_rows = table("README.md", "", "| step | approach | idea | check cost | time | space |");
    errors.extend(check_rows(
        "README.md, the chain",
        &chain_rows,
        &names(&numbered()),
        &|name| {
            let number = step(name).number.unwrap_or_default();
            format!("| {number} | [`{name}`](docs/{name}.md) | {} | CHECK COST | TIME | SPACE |", idea(name))
        },
        &|name, row| {
            let number = step(name).number.map(|number| number.to_string()).unwrap_or_default();
            if row[0] == number { Ok(()) } else { Err(format!("its number is {number}, not {}", row[0])) }
        },
    ));
    let past_rows = table("README.md", "", "| approach | problem | idea | judge-ready |");
    let expected: Vec<String> = names(&past()).into_iter().chain(past_the_judge(|_| true)).collect();
    errors.extend(check_rows(
        "README.md, past the judge",
        &past_rows,
        &expected,
        &|name| match chain::step(name) {
            Some(step) => {
                format!(
                    "| [`{name}`](docs/{name}.md) | {} | {} | {} |",
                    problems(step),
                    idea(name),
                    yes(step.judge_ready)
                )
            }
            None => {
                let problem = PAST_THE_JUDGE.iter().find(|past| past.name == name).map(|past| past.problem.number());
                format!("| [`{name}`](docs/{name}.md) | {} | {} | no |", problem.unwrap_or("PROBLEM"), past_idea(name))
            }
        },
        &|name, row| match chain::step(name) {
            Some(step) if row[1] != problems(step) => {
                Err(format!("its problems are {}, not {}", problems(step), row[1]))
            }
            Some(step) if row[3] != yes(step.judge_ready) => {
                Err(format!("judge-ready: {}, not {}", yes(step.judge_ready), row[3]))
            }
            None if row[3] != "no" => Err("beyond the chain, it is not judge-ready".to_string()),
            None => match PAST_THE_JUDGE.iter().find(|past| past.name == name) {
                Some(past) if row[1] != past.problem.number() => {
                    Err(format!("its problem is {}, not {}", past.problem.number(), row[1]))
                }
                _ => Ok(()),
            },
            _ => Ok(()),
        },
    ));
    assert_none(errors);
}

/// The map's tables: the chain, LeetCode 52's counters past it, and the
/// bounds of each step.
#[test]
fn the_maps_tables_are_the_chain() {
    let page = "docs/README.md";
    let text = read(page);
    let found = tables(&text, "", "| approach | idea | check cost | time | space |");
    assert_eq!(found.len(), 2, "{page}: the chain's table and LeetCode 52's counters past it");
    let row_of = |name: &str| format!("| [`{name}`]({name}.md) | {} | CHECK COST | TIME | SPACE |", idea(name));
    let any = |_: &str, _: &[String]| Ok(());
    let mut errors = check_rows(&format!("{page}, the chain"), &found[0], &names(&numbered()), &row_of, &any);
    let past_52: Vec<&Step> = past().into_iter().filter(|step| step.problems.contains(&Problem::NQueensII)).collect();
    let counters = past_the_judge(|past| past.problem == Problem::NQueensII);
    let expected: Vec<String> = names(&past_52).into_iter().chain(counters).collect();
    errors.extend(check_rows(&format!("{page}, LeetCode 52 past the judge"), &found[1], &expected, &row_of, &any));
    let bounds = table(page, "", "| step | squares tried per node | one check | per node | time |");
    let bound_of = |name: &str| format!("| [`{name}`]({name}.md) | SQUARES TRIED | ONE CHECK | PER NODE | TIME |");
    errors.extend(check_rows(&format!("{page}, reading the bounds"), &bounds, &names(&numbered()), &bound_of, &any));
    assert_none(errors);
}

/// Each problem crate's doc table: its steps, in order.
#[test]
fn the_crates_tables_are_their_steps() {
    let mut errors = Vec::new();
    for problem in Problem::ALL {
        let path = format!("crates/{}/src/lib.rs", problem.crate_name());
        let rows = table(&path, "//! ", "| approach | idea | check cost | time | space |");
        let steps: Vec<&Step> = chain::STEPS.iter().filter(|step| step.problems.contains(&problem)).collect();
        let row_of = |name: &str| format!("//! | [`{name}`] | {} | CHECK COST | TIME | SPACE |", idea(name));
        errors.extend(check_rows(&path, &rows, &names(&steps), &row_of, &|_, _| Ok(())));
    }
    assert_none(errors);
}

/// `n_queens_count`'s doc table: LeetCode 52's approaches past the judge,
/// in the manifest's order.
#[test]
fn the_counters_table_is_the_manifests_past_the_judge() {
    let path = "crates/n_queens_count/src/lib.rs";
    let rows = table(path, "//! ", "| approach | idea | check cost | time | space |");
    let expected = past_the_judge(|past| past.problem == Problem::NQueensII);
    let row_of = |name: &str| format!("//! | [`{name}`] | {} | CHECK COST | TIME | SPACE |", past_idea(name));
    assert_none(check_rows(path, &rows, &expected, &row_of, &|_, _| Ok(())));
}

/// `a`, `a{last} b` or `a, b{last} c`: the items in one phrase.
fn listed(items: &[String], last: &str) -> String {
    match items.split_last() {
        Some((only, [])) => only.clone(),
        Some((end, [one])) if last == "and" => format!("{one} and {end}"),
        Some((end, others)) => format!("{}{last} {end}", others.join(", ")),
        None => String::new(),
    }
}

/// The sentence that says which files paste into the judge, from the
/// manifest: the steps of the chain (by their count, when every one is
/// judge-ready), then the judge-ready steps past it of both problems, then
/// those of one problem, with its problem.
fn judge_ready_sentence() -> String {
    const COUNT: [&str; 10] = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
    let numbered = numbered();
    let mut parts = Vec::new();
    if numbered.iter().all(|step| step.judge_ready) {
        let count = COUNT.get(numbered.len()).map_or(numbered.len().to_string(), |word| word.to_string());
        parts.push(format!("The {count} steps of the chain"));
    } else {
        let ready: Vec<String> =
            numbered.iter().filter(|step| step.judge_ready).map(|step| format!("`{}`", step.name)).collect();
        parts.push(format!("The steps {}", ready.join(", ")));
    }
    let ready: Vec<&Step> = past().into_iter().filter(|step| step.judge_ready).collect();
    let of_both: Vec<String> =
        ready.iter().filter(|step| step.problems.len() > 1).map(|step| format!("`{}`", step.name)).collect();
    parts.extend(of_both);
    for problem in Problem::ALL {
        let of_one: Vec<String> =
            ready.iter().filter(|step| step.problems == [problem]).map(|step| format!("`{}`", step.name)).collect();
        if !of_one.is_empty() {
            parts.push(format!("LeetCode {}'s {}", problem.number(), listed(&of_one, "and")));
        }
    }
    let sentence = listed(&parts, ", and");
    format!("{sentence} paste into the online judge as they stand")
}

/// The project README and the map say which files are judge-ready in the
/// manifest's words; each problem crate's doc says its files paste only
/// when every one of its steps is judge-ready.
#[test]
fn the_judge_ready_sentences_are_the_manifests() {
    let sentence = judge_ready_sentence();
    let flat = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut errors = Vec::new();
    for page in ["README.md", "docs/README.md"] {
        if !flat(&read(page)).contains(&sentence) {
            errors.push(format!(
                "{page} should say, in one sentence (in place of the one that says which files paste into the \
                 online judge):\n{sentence}"
            ));
        }
    }
    for problem in Problem::ALL {
        let path = format!("crates/{}/src/lib.rs", problem.crate_name());
        let all_ready =
            chain::STEPS.iter().filter(|step| step.problems.contains(&problem)).all(|step| step.judge_ready);
        if flat(&read(&path)).contains("each file pastes into the judge as it is") != all_ready {
            errors.push(format!(
                "{path}: \"each file pastes into the judge as it is\" holds only if every step is judge-ready"
            ));
        }
    }
    assert_none(errors);
}

/// The map's list of pages (`docs/README.md`, "The pages"): each row as
/// its line, its number (`None` for an aside, whose `#` is empty), its
/// title and its file.
struct PageRow {
    line: String,
    number: Option<usize>,
    title: String,
    file: String,
}

/// The rows of the map's list of pages, in order.
fn page_rows() -> Vec<PageRow> {
    let header = "| # | page | what it adds | source |";
    let text = read("docs/README.md");
    let lines: Vec<&str> = text.lines().skip_while(|line| *line != header).skip(2).collect();
    assert!(!lines.is_empty(), "docs/README.md: no table headed {header:?}");
    lines
        .into_iter()
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
            // `[1. Board scan](board_scan.md)`: its title and file.
            let (title, file) =
                cells[1].trim_start_matches('[').trim_end_matches(')').split_once("](").unwrap_or_default();
            PageRow {
                line: line.to_string(),
                number: cells[0].parse().ok(),
                title: title.to_string(),
                file: file.to_string(),
            }
        })
        .collect()
}

/// `row`'s line with the number `number` in its first cell.
fn renumbered(row: &PageRow, number: usize) -> String {
    let rest = row.line.trim_start_matches('|').split_once('|').map_or("", |(_, rest)| rest);
    format!("| {number} |{rest}")
}

/// The crate of an approach past the judge of `problem`.
fn past_crate(problem: Problem) -> &'static str {
    match problem {
        Problem::NQueens => "n_queens",
        Problem::NQueensII => "n_queens_count",
    }
}

/// Every step has its page, listed in the map in the manifest's order,
/// each row numbered, and so has each approach past the judge with a page
/// of its own, after them, in any order; the map's numbers run 1, 2, 3, ... down the list,
/// the asides (no number) left out. A missing row fails with the line to
/// add and where; a wrong number with the line as it should be.
#[test]
fn the_maps_list_of_pages_is_the_chain_numbered_in_order() {
    let rows = page_rows();
    let at = |name: &str| rows.iter().position(|row| row.file == format!("{name}.md"));
    let mut errors = Vec::new();
    let mut before: Option<(&Step, usize)> = None;
    for step in chain::STEPS {
        let Some(index) = at(step.name) else {
            let sources: Vec<String> = step
                .problems
                .iter()
                .map(|problem| {
                    format!("[{}](../crates/{}/src/{}.rs)", problem.number(), problem.crate_name(), step.name)
                })
                .collect();
            // A step past the judge's four, after the last of them, goes with
            // the pages past the judge: before the first of them, after the
            // pages that go with the four (mistakes, the ladder).
            let later = chain::STEPS.iter().skip_while(|later| later.name != step.name).skip(1);
            let past_the_four = |(base, _): &(&Step, usize)| base.number.is_some() && step.number.is_none();
            let next = later.filter_map(|later| at(later.name).map(|index| (later, index))).next();
            let (place, number) = match (before, next) {
                (Some(base), Some((next, index))) if past_the_four(&base) => {
                    let number = rows[..index].iter().filter_map(|row| row.number).next_back().unwrap_or(0) + 1;
                    (format!("right before the row of {}", next.name), number)
                }
                (Some((base, index)), _) => {
                    let number = rows[..=index].iter().filter_map(|row| row.number).next_back().unwrap_or(0) + 1;
                    (format!("right after the row of {}", base.name), number)
                }
                (None, _) => ("first".to_string(), 1),
            };
            errors.push(format!(
                "docs/README.md, the pages: no row for {}.md; add, {place} (the test then says which rows \
                 after it to number again):\n| {number} | [TITLE]({}.md) | WHAT IT ADDS | {} |",
                step.name,
                step.name,
                sources.join(", ")
            ));
            continue;
        };
        if let Some((base, base_index)) = before
            && index < base_index
        {
            errors.push(format!(
                "docs/README.md, the pages: {}'s row comes before {}'s; the manifest has it after: move it",
                step.name, base.name
            ));
        }
        if rows[index].number.is_none() {
            errors.push(format!("docs/README.md, the pages: {}'s row has no number; give it one", step.name));
        }
        before = Some((step, index));
    }
    // An approach past the judge with a page of its own (`unique` is a
    // section of another's) has its row too, where its reading fits: the
    // pages past the judge mix LeetCode 51's and 52's.
    let mut before = before.map(|(step, index)| (step.name, index));
    for past in PAST_THE_JUDGE.iter().filter(|past| root().join(format!("docs/{}.md", past.name)).exists()) {
        if let Some(index) = at(past.name) {
            before = Some((past.name, index));
            continue;
        }
        let (place, number) = before.map_or(("first".to_string(), 1), |(name, index)| {
            let number = rows[..=index].iter().filter_map(|row| row.number).next_back().unwrap_or(0) + 1;
            (format!("right after the row of {name}"), number)
        });
        errors.push(format!(
            "docs/README.md, the pages: no row for {0}.md; add, {place} (the test then says which rows after it \
             to number again):\n| {number} | [TITLE]({0}.md) | WHAT IT ADDS | [`{0}.rs`](../crates/{1}/src/{0}.rs) |",
            past.name,
            past_crate(past.problem),
        ));
    }
    if errors.is_empty() {
        let numbered = rows.iter().filter(|row| row.number.is_some());
        let wrong: Vec<String> = numbered
            .zip(1..)
            .filter(|(row, number)| row.number != Some(*number))
            .map(|(row, number)| renumbered(row, number))
            .collect();
        if !wrong.is_empty() {
            errors.push(format!(
                "docs/README.md, the pages: the rows are numbered 1, 2, 3, ... down the list (an aside has no \
                 number); number these rows again, as:\n{}",
                wrong.join("\n")
            ));
        }
    }
    assert_none(errors);
}

/// Each page of the map's list has, on its third line, the link to the map
/// and to the pages before and after it in that list, by the titles the
/// list gives them.
#[test]
fn every_page_links_to_the_pages_before_and_after_it() {
    let rows = page_rows();
    let mut errors = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        let previous = match index.checked_sub(1) {
            Some(before) => format!(" · previous: [{}]({})", rows[before].title, rows[before].file),
            None => " · previous: [the map](README.md)".to_string(),
        };
        let next =
            rows.get(index + 1).map_or(String::new(), |after| format!(" · next: [{}]({})", after.title, after.file));
        let line = format!("[Map](README.md){previous}{next}");
        let path = format!("docs/{}", row.file);
        let Ok(text) = fs::read_to_string(root().join(&path)) else {
            errors.push(format!("{path}: no such page; write it, its third line\n{line}"));
            continue;
        };
        if text.lines().nth(2) != Some(line.as_str()) {
            errors.push(format!("{path}: its third line should be\n{line}"));
        }
    }
    assert_none(errors);
}

/// Each step's file opens as the guide says: its title, `# 1. ...` for a
/// step of the judge's chain and `# Past the judge: ...` past it, then
/// the idea, what changed and the cost. A failure names the file and the
/// line to write.
#[test]
fn every_steps_file_opens_with_its_title_idea_change_and_cost() {
    let mut errors = Vec::new();
    for step in chain::STEPS {
        for problem in step.problems {
            let path = format!("crates/{}/src/{}.rs", problem.crate_name(), step.name);
            let text = read(&path);
            let title = match step.number {
                Some(number) => format!("//! # {number}. "),
                None => "//! # Past the judge: ".to_string(),
            };
            if !text.lines().next().is_some_and(|first| first.starts_with(&title)) {
                errors.push(format!("{path}:1: its first line should be\n{title}TITLE"));
            }
            for part in ["**Idea.**", "**What changed.**", "**Cost.**"] {
                if !text.lines().any(|line| line.starts_with(&format!("//! {part}"))) {
                    errors.push(format!("{path}: its doc should have a paragraph that starts `//! {part}`"));
                }
            }
        }
    }
    assert_none(errors);
}
