//! Keeps `docs/` true to the code. Every page of `docs/*.md` is read with
//! pulldown-cmark, and:
//!
//! - every relative link (and `#anchor`) resolves, in the project `README.md` too;
//! - a ```` ```rust ignore ```` block is an excerpt: after removing the common
//!   indentation, it appears line for line in the `.rs` file linked last
//!   before it on the page;
//! - any other Rust block (```` ```rust ````, or no language, which rustdoc
//!   also compiles) is a doc test: its page must be included into
//!   `src/lib.rs` under `cfg(doctest)`, or the block would never run;
//! - every complete board drawn in a ```` ```text ```` block is a solution;
//! - the tables of `docs/common-mistakes.md` are `n_queens_steps::mistakes`,
//!   row for row (LeetCode 51's, where it shows a mistake otherwise), each
//!   row's section under its title and slug.

use std::fs;
use std::path::{Path, PathBuf};

use n_queens_cases::validate;
use n_queens_steps::Problem;
use n_queens_steps::mistakes::{self, MISTAKES, Signature};
use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

/// What the checks need of a Markdown file, in the order it comes.
struct Page {
    path: PathBuf,
    /// Every link and image target.
    links: Vec<String>,
    /// The `#anchor` of every heading.
    anchors: Vec<String>,
    blocks: Vec<Block>,
}

/// A code block.
struct Block {
    /// The words after the opening fence, e.g. `["rust", "ignore"]`.
    info: Vec<String>,
    text: String,
    /// Where it is, as `docs/page.md:LINE`, for messages.
    place: String,
    /// The last link to a `.rs` file before the block.
    source_link: Option<String>,
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

fn read(path: PathBuf) -> Page {
    let text = fs::read_to_string(&path).unwrap_or_else(|error| panic!("reading {}: {error}", path.display()));
    let name = path.strip_prefix(root()).unwrap_or(&path).display().to_string();
    let mut page = Page { path, links: Vec::new(), anchors: Vec::new(), blocks: Vec::new() };
    let (mut heading, mut block, mut source_link) = (None::<String>, None::<Block>, None::<String>);
    for (event, range) in Parser::new_ext(&text, Options::ENABLE_TABLES).into_offset_iter() {
        match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                if dest_url.split('#').next().unwrap().ends_with(".rs") {
                    source_link = Some(dest_url.to_string());
                }
                page.links.push(dest_url.to_string());
            }
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::End(TagEnd::Heading(_)) => page.anchors.push(github_slug(&heading.take().unwrap())),
            Event::Start(Tag::CodeBlock(kind)) => {
                let info = match kind {
                    CodeBlockKind::Fenced(info) => {
                        info.split([',', ' ']).filter(|word| !word.is_empty()).map(String::from).collect()
                    }
                    CodeBlockKind::Indented => Vec::new(),
                };
                let line = text[..range.start].lines().count() + 1;
                let place = format!("{name}:{line}");
                block = Some(Block { info, text: String::new(), place, source_link: source_link.clone() });
            }
            Event::End(TagEnd::CodeBlock) => page.blocks.extend(block.take()),
            // An anchor of its own, `<a id="..."></a>`: a section's old slug, kept.
            Event::Html(html) | Event::InlineHtml(html) => page.anchors.extend(html_id(&html)),
            Event::Text(text) | Event::Code(text) => {
                if let Some(block) = &mut block {
                    block.text.push_str(&text);
                } else if let Some(heading) = &mut heading {
                    heading.push_str(&text);
                }
            }
            _ => {}
        }
    }
    page
}

/// The `id` of an HTML element, `<a id="6-row---col-without-its-offset">`.
fn html_id(html: &str) -> Option<String> {
    let (_, rest) = html.split_once(" id=\"")?;
    Some(rest.split('"').next()?.to_string())
}

/// GitHub's anchor for a heading: lower case, spaces to hyphens, other
/// punctuation dropped (a repeated heading's `-1` suffix is not modelled).
fn github_slug(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter(|&c| c.is_alphanumeric() || c == '_' || c == '-' || c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// `docs/*.md`, sorted.
fn doc_pages() -> Vec<Page> {
    let mut paths: Vec<PathBuf> = fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "md"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no pages in docs/");
    paths.into_iter().map(read).collect()
}

#[test]
fn relative_links_resolve() {
    let mut pages = doc_pages();
    pages.push(read(root().join("README.md")));
    let mut broken = Vec::new();
    for page in &pages {
        let name = page.path.strip_prefix(root()).unwrap().display();
        // Absolute links (`https:`, `mailto:`) are left to the reader.
        for link in page.links.iter().filter(|link| !link.contains(':')) {
            let (path, anchor) = link.split_once('#').unwrap_or((link, ""));
            let file = if path.is_empty() { page.path.clone() } else { page.path.parent().unwrap().join(path) };
            let markdown = file.extension().is_some_and(|extension| extension == "md");
            if !file.exists() {
                broken.push(format!("{name}: {link}: no such file"));
            } else if !anchor.is_empty() && markdown && !read(file).anchors.iter().any(|known| known == anchor) {
                broken.push(format!("{name}: {link}: no heading there makes the anchor #{anchor}"));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn rust_excerpts_are_verbatim_and_the_rest_is_compiled() {
    let lib = fs::read_to_string(root().join("crates/n_queens_docs/src/lib.rs")).unwrap();
    let mut problems = Vec::new();
    for page in doc_pages() {
        for block in &page.blocks {
            let words: Vec<&str> = block.info.iter().map(String::as_str).collect();
            if words.contains(&"ignore") {
                if let Err(error) = check_excerpt(&page, block) {
                    problems.push(format!("{}: {error}", block.place));
                }
            } else if words.is_empty() || words[0] == "rust" {
                let file_name = page.path.file_name().unwrap().to_str().unwrap();
                let include = format!("include_str!(\"../../../docs/{file_name}\")");
                if !lib.contains(&include) {
                    let name: String = file_name.trim_end_matches(".md").split(['_', '-']).map(title_case).collect();
                    problems.push(format!(
                        "{}: a compiled Rust block, but crates/n_queens_docs/src/lib.rs has no \
                         `{include}` under cfg(doctest), so it never runs; add to its module \
                         `docs` the lines\n    #[doc = {include}]\n    struct {name};\n(or mark an \
                         excerpt `rust ignore`, or name the block's language)",
                        block.place
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The block appears, line for line, in the source file linked last before it.
/// `bitmask` as `Bitmask`: a word with its first letter upper case.
fn title_case(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or(String::new(), |first| first.to_uppercase().chain(chars).collect())
}

fn check_excerpt(page: &Page, block: &Block) -> Result<(), String> {
    let link = block.source_link.as_ref().ok_or("an excerpt with no link to a .rs file before it")?;
    let file = page.path.parent().unwrap().join(link.split('#').next().unwrap());
    let source = fs::read_to_string(&file).map_err(|error| format!("reading {link}: {error}"))?;
    let excerpt = dedent(&block.text.lines().collect::<Vec<_>>());
    let source: Vec<&str> = source.lines().collect();
    if excerpt.is_empty() || !source.windows(excerpt.len()).any(|window| dedent(window) == excerpt) {
        return Err(format!("not a verbatim excerpt of {link}, the last .rs file linked before it"));
    }
    Ok(())
}

/// The lines without the indentation they all share, nor trailing spaces.
fn dedent(lines: &[&str]) -> Vec<String> {
    let indent = lines.iter().filter(|line| !line.trim().is_empty()).map(|line| line.len() - line.trim_start().len());
    let indent = indent.min().unwrap_or(0);
    lines.iter().map(|line| line.get(indent..).unwrap_or("").trim_end().to_string()).collect()
}

/// Every complete board drawn in a `text` block (rows of `Q` and `.`, one
/// queen per row; boards side by side are 3 or more spaces apart) is a
/// solution, by the crate's own validator.
#[test]
fn drawn_boards_are_solutions() {
    let mut checked = 0;
    for page in doc_pages() {
        for block in page.blocks.iter().filter(|block| block.info.first().is_some_and(|word| word == "text")) {
            let rows: Vec<&str> = block.text.lines().filter(|line| !line.trim().is_empty()).collect();
            if rows.is_empty() || !rows.iter().all(|row| row.chars().all(|c| matches!(c, 'Q' | '.' | ' '))) {
                continue;
            }
            // Board k of the block is made of the k-th piece of every row.
            let mut boards: Vec<Vec<String>> = Vec::new();
            for row in rows {
                for (index, piece) in row.split("   ").map(str::trim).filter(|piece| !piece.is_empty()).enumerate() {
                    if boards.len() <= index {
                        boards.push(Vec::new());
                    }
                    boards[index].push(piece.replace(' ', ""));
                }
            }
            for board in boards.iter().filter(|board| board.iter().all(|row| row.matches('Q').count() == 1)) {
                validate::check_board(board.len(), board)
                    .unwrap_or_else(|error| panic!("{}: a drawn board is no solution: {error}", block.place));
                checked += 1;
            }
        }
    }
    assert!(checked > 0, "no board found: the pattern no longer matches the pages");
}

/// The common mistakes' tables are the ones `queens practice` links from,
/// row for row: every mistake, then those that LeetCode 51 shows otherwise;
/// and each mistake's section has its title and its slug.
#[test]
fn the_mistakes_table_is_the_commands() {
    let text = fs::read_to_string(root().join(mistakes::PAGE)).unwrap();
    // The rows under the header line `header`, past its `|---|` line.
    let rows = |header: &str| -> Vec<&str> {
        let mut lines = text.lines().skip_while(|line| *line != header);
        assert!(lines.next().is_some(), "{}: no table headed {header:?}", mistakes::PAGE);
        lines.skip(1).take_while(|line| line.starts_with('|')).collect()
    };
    let step = |name: &str| n_queens_steps::chain::names().position(|step| step == name).unwrap() + 1;
    let expected: Vec<String> = MISTAKES
        .iter()
        .map(|mistake| {
            format!(
                "| {} | [{}](#{}) | {} | {} | `{}`, n = {} | {} | {} |",
                mistake.number,
                mistake.title.replace('|', "\\|"),
                mistake.slug,
                step(mistake.step),
                mistake.from,
                mistake.caught_by,
                mistake.n,
                mistake.signature,
                mistake.expected
            )
        })
        .collect();
    let header = "| # | mistake | step | from | first caught by | it does | expected |";
    pretty_assertions::assert_eq!(rows(header), expected, "{}: the table", mistakes::PAGE);
    let in_51: Vec<String> = MISTAKES
        .iter()
        .filter(|mistake| mistake.boards.is_some())
        .map(|mistake| {
            let caught = mistake.caught(Problem::NQueens);
            // As many boards as expected, and so not the expected ones: the mistake is caught there.
            let does = match caught.signature {
                Signature::Returns(count) if count == caught.expected => {
                    format!("{}, not the expected {}", caught.signature, if count == 1 { "one" } else { "ones" })
                }
                signature => signature.to_string(),
            };
            format!(
                "| {} | [{}](#{}) | `{}`, n = {} | {does} | {} |",
                mistake.number,
                mistake.title.replace('|', "\\|"),
                mistake.slug,
                caught.caught_by,
                caught.n,
                caught.expected
            )
        })
        .collect();
    let header = "| # | mistake | first caught in LeetCode 51 by | it does | expected |";
    pretty_assertions::assert_eq!(rows(header), in_51, "{}: the table of LeetCode 51", mistakes::PAGE);
    let page = read(root().join(mistakes::PAGE));
    for mistake in &MISTAKES {
        let mut title = mistake.title.to_string();
        title[..1].make_ascii_uppercase();
        let heading = format!("\n## {}. {title}\n", mistake.number);
        assert!(text.contains(&heading), "{}: no heading {heading:?}", mistakes::PAGE);
        assert!(page.anchors.iter().any(|anchor| anchor == mistake.slug), "{}: no #{}", mistakes::PAGE, mistake.slug);
        // A slug that is not the heading's own is kept by an anchor right above it.
        if github_slug(&heading[4..heading.len() - 1]) != mistake.slug {
            let kept = format!("\n<a id=\"{}\"></a>\n{heading}", mistake.slug);
            assert!(text.contains(&kept), "{}: #{} is not right above {heading:?}", mistakes::PAGE, mistake.slug);
        }
    }
}

/// The rows of the table under the header line `header`, on the page at
/// `path` (from the workspace root), each split into its trimmed cells.
fn table(path: &str, header: &str) -> Vec<Vec<String>> {
    let text = fs::read_to_string(root().join(path)).unwrap();
    let mut lines = text.lines().skip_while(|line| *line != header);
    assert!(lines.next().is_some(), "{path}: no table headed {header:?}");
    let rows = lines.skip(1).take_while(|line| line.starts_with('|'));
    let cells = |row: &str| row.trim_matches('|').split(" | ").map(|cell| cell.trim().to_string()).collect();
    rows.map(cells).collect()
}

/// The lines of the table under the header line `header`, on the page at
/// `path`, against `expected` (each row's step and its line): a missing or
/// different row fails with the line to write and where, an extra one with
/// the line to remove.
fn check_table_lines(path: &str, header: &str, expected: &[(&str, String)]) {
    let text = fs::read_to_string(root().join(path)).unwrap();
    let mut lines = text.lines().skip_while(|line| *line != header);
    assert!(lines.next().is_some(), "{path}: no table headed {header:?}");
    let found: Vec<&str> = lines.skip(1).take_while(|line| line.starts_with('|')).collect();
    let mut errors = Vec::new();
    for (index, (step, line)) in expected.iter().enumerate() {
        if found.contains(&line.as_str()) {
            continue;
        }
        let place = index
            .checked_sub(1)
            .map_or("first".to_string(), |before| format!("after the row of {}", expected[before].0));
        let own = found.iter().find(|row| row.contains(&format!("`{step}`")));
        errors.push(match own {
            Some(own) => format!("{path}: the row of {step} should be\n{line}\nnot\n{own}"),
            None => format!("{path}: no row for {step}; add, {place}:\n{line}"),
        });
    }
    for row in found
        .iter()
        .filter(|row| !expected.iter().any(|(step, line)| line == *row || row.contains(&format!("`{step}`"))))
    {
        errors.push(format!("{path}: a row of no such step; remove it:\n{row}"));
    }
    let order: Vec<&str> = expected.iter().map(|(_, line)| line.as_str()).collect();
    if errors.is_empty() && found != order {
        errors.push(format!("{path}: the rows are not in the chain's order; they are:\n{}", order.join("\n")));
    }
    assert!(errors.is_empty(), "\n{}", errors.join("\n\n"));
}

/// The ladder's table on the practice page is the chain's exercises, in
/// order, each with its number, the step it starts from and its starting
/// text for each problem that has it (`-` for a problem that has none).
#[test]
fn the_ladders_table_is_the_chain() {
    let page = "docs/try-it-yourself.md";
    let header = "| step | exercise | you start from | LeetCode 52 (the count) | LeetCode 51 (every board) |";
    let starting_text = |step: &n_queens_steps::chain::Step, problem: Problem| match step.exercise(problem) {
        Some(_) => format!(
            "[`{name}.rs`](../crates/n_queens_steps/exercises/{}/{name}.rs)",
            problem.number(),
            name = step.name
        ),
        None => "-".to_string(),
    };
    let expected: Vec<(&str, String)> = n_queens_steps::chain::ladder()
        .map(|step| {
            let number = step.number.map_or("past the judge".to_string(), |number| number.to_string());
            let from = match step.builds_on() {
                Some(base) => base.number.map_or(format!("`{}`", base.name), |number| format!("step {number}")),
                None => "the puzzle".to_string(),
            };
            let (count, boards) = (starting_text(step, Problem::NQueensII), starting_text(step, Problem::NQueens));
            (step.name, format!("| {number} | `{}` | {from} | {count} | {boards} |", step.name))
        })
        .collect();
    check_table_lines(page, header, &expected);
}

/// The view's table names the steps `queens watch` shows, in order, each
/// with its page and the unit its check is counted in.
#[test]
fn the_views_table_is_the_chain() {
    let page = "docs/watch.md";
    let rows = table(page, "| step | what its check reads | counted as |");
    let expected: Vec<[String; 3]> = n_queens_steps::chain::watched()
        .map(|step| {
            let number = step.number.expect("a watched step is on the ladder");
            [format!("{number}."), format!("{}.md", step.name), step.check_unit.unwrap_or_default().to_string()]
        })
        .collect();
    // `[1. Board scan](board_scan.md)`: its number and its target.
    let found: Vec<[String; 3]> = rows
        .iter()
        .map(|row| {
            let (title, target) =
                row[0].trim_start_matches('[').trim_end_matches(')').split_once("](").unwrap_or_default();
            [title.split(' ').next().unwrap_or_default().to_string(), target.to_string(), row[2].clone()]
        })
        .collect();
    pretty_assertions::assert_eq!(found, expected, "{page}: the steps of the view");
}

/// Every row of the fence's table names a hostile test that exists, as
/// `file::function` of `crates/queens/tests/practice/`, and so do the
/// sentences after it: each claim of the page has its test.
#[test]
fn every_claim_of_the_fence_has_a_test() {
    let page = "docs/fence.md";
    let rows = table(page, "| your answer tries to | what stops it | the test |");
    assert!(rows.len() >= 15, "{page}: {} rows", rows.len());
    let text = fs::read_to_string(root().join(page)).unwrap();
    let named: Vec<&str> = text
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| span.starts_with("fence::") || span.starts_with("hostile::"))
        .collect();
    for row in &rows {
        assert!(row[2].starts_with("`fence::") || row[2].starts_with("`hostile::"), "{page}: {row:?} names no test");
    }
    for test in named {
        let (file, function) = test.split_once("::").unwrap();
        let path = root().join(format!("crates/queens/tests/practice/{file}.rs"));
        let source = fs::read_to_string(&path).unwrap();
        let defined = format!("#[test]\nfn {function}() {{");
        assert!(source.contains(&defined), "{page} names `{test}`, which {} does not define", path.display());
    }
}
