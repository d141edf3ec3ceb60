//! Keeps `docs/` true to the code: nothing in the docs can drift silently.
//!
//! - A ```` ```rust ignore ```` block is an excerpt: it must appear verbatim
//!   (after removing the common indentation) in the `.rs` file the page links
//!   to last before the block.
//! - Any other Rust block is compiled as a doc test: its page must be included
//!   into `n_queens_cases` under `cfg(doctest)` (see `src/lib.rs`).
//! - Every code block names its language (rustdoc compiles untagged blocks).
//! - Every complete board drawn in a `text` block passes the validator.
//! - The bitmask walkthrough is recomputed here and compared with the page.
//! - Every relative link (and `#anchor`) in `docs/*.md` and `README.md` exists.
//! - Every measured section names its command, and its machine or
//!   "Not yet measured"; a joined chain table matches its crate's table.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use n_queens_cases::{oeis, validate};

/// The workspace root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// A markdown file of the docs, with its text.
struct Page {
    path: PathBuf,
    text: String,
}

impl Page {
    /// The path relative to the root, for messages.
    fn name(&self) -> String {
        self.path.strip_prefix(root()).unwrap_or(&self.path).display().to_string()
    }
}

/// `docs/*.md`, sorted.
fn doc_pages() -> Vec<Page> {
    let dir = root().join("docs");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("reading {}: {error}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "md"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no pages in docs/");
    paths.into_iter().map(read_page).collect()
}

fn read_page(path: PathBuf) -> Page {
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("reading {}: {error}", path.display()));
    Page { path, text }
}

/// A fenced code block.
struct Block {
    /// The info string after the opening fence, e.g. `rust ignore`.
    info: String,
    /// The lines between the fences.
    lines: Vec<String>,
    /// 1-based line number of the opening fence.
    line: usize,
    /// The last relative link to a `.rs` file before the block.
    last_source_link: Option<String>,
}

impl Block {
    /// The words of the info string (rustdoc splits on commas and whitespace).
    fn tokens(&self) -> Vec<&str> {
        self.info.split(|c: char| c == ',' || c.is_whitespace()).filter(|token| !token.is_empty()).collect()
    }
}

/// The fenced code blocks of a page, and the page's prose lines (outside
/// blocks) with their line numbers.
fn parse(text: &str) -> (Vec<Block>, Vec<(usize, &str)>) {
    let mut blocks = Vec::new();
    let mut prose = Vec::new();
    let mut current: Option<Block> = None;
    let mut last_source_link = None;
    for (index, line) in text.lines().enumerate() {
        let fence = line.trim_start().starts_with("```");
        match current.take() {
            Some(block) if fence => blocks.push(block),
            Some(mut block) => {
                block.lines.push(line.to_string());
                current = Some(block);
            }
            None if fence => {
                current = Some(Block {
                    info: line.trim_start().trim_start_matches('`').trim().to_string(),
                    lines: Vec::new(),
                    line: index + 1,
                    last_source_link: last_source_link.clone(),
                });
            }
            None => {
                for target in links(line) {
                    if target.split('#').next().unwrap().ends_with(".rs") {
                        last_source_link = Some(target);
                    }
                }
                prose.push((index + 1, line));
            }
        }
    }
    assert!(current.is_none(), "a code block is not closed");
    (blocks, prose)
}

/// The targets of the markdown links and images on one line, `[text](target)`,
/// leaving out those inside inline code.
fn links(line: &str) -> Vec<String> {
    // Inline code spans first: "`a](b)`" is not a link.
    let mut outside_code = String::new();
    for (index, part) in line.split('`').enumerate() {
        // Parts at odd indices are code; keep a link's text such as [`x`](y)
        // by keeping code spans that are followed by "](".
        if index % 2 == 0 {
            outside_code.push_str(part);
        } else {
            outside_code.push_str("code");
        }
    }
    let mut targets = Vec::new();
    let mut rest = outside_code.as_str();
    while let Some(start) = rest.find("](") {
        let after = &rest[start + 2..];
        let Some(end) = after.find(')') else { break };
        targets.push(after[..end].trim().to_string());
        rest = &after[end..];
    }
    targets
}

/// Removes the indentation common to every non-blank line, and trailing spaces.
fn dedent(lines: &[String]) -> Vec<String> {
    let indent = lines
        .iter()
        .filter(|line| !line.trim().is_empty())
        .map(|line| line.len() - line.trim_start().len())
        .min()
        .unwrap_or(0);
    lines
        .iter()
        .map(|line| if line.trim().is_empty() { String::new() } else { line[indent..].trim_end().to_string() })
        .collect()
}

/// The heading anchors of a page, as a repository host makes them: lower
/// case, punctuation dropped, spaces turned into hyphens.
fn anchors(text: &str) -> Vec<String> {
    let (_, prose) = parse(text);
    prose
        .iter()
        .filter(|(_, line)| line.starts_with('#'))
        .map(|(_, line)| {
            line.trim_start_matches('#')
                .trim()
                .to_lowercase()
                .chars()
                .filter_map(|c| match c {
                    ' ' => Some('-'),
                    '-' | '_' => Some(c),
                    c if c.is_alphanumeric() => Some(c),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

/// Checks one link target found on `page`; an error message if it is broken.
fn check_link(page: &Page, target: &str) -> Result<(), String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return Ok(()); // not a relative link
    }
    let (path, anchor) = match target.split_once('#') {
        Some((path, anchor)) => (path, Some(anchor)),
        None => (target, None),
    };
    let file = if path.is_empty() { page.path.clone() } else { page.path.parent().unwrap().join(path) };
    if !file.exists() {
        return Err(format!("{}: link to {target}: {} does not exist", page.name(), file.display()));
    }
    if let Some(anchor) = anchor.filter(|_| file.extension().is_some_and(|extension| extension == "md")) {
        let text = std::fs::read_to_string(&file).unwrap();
        if !anchors(&text).iter().any(|known| known == anchor) {
            return Err(format!("{}: link to {target}: no heading makes the anchor #{anchor}", page.name()));
        }
    }
    Ok(())
}

#[test]
fn relative_links_point_to_existing_files() {
    let mut pages = doc_pages();
    pages.push(read_page(root().join("README.md")));
    let mut broken = Vec::new();
    for page in &pages {
        let (_, prose) = parse(&page.text);
        for (line, text) in prose {
            for target in links(text) {
                if let Err(error) = check_link(page, &target) {
                    broken.push(format!("{error} (line {line})"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn every_code_block_names_its_language() {
    let mut untagged = Vec::new();
    for page in doc_pages() {
        for block in parse(&page.text).0 {
            if block.info.is_empty() {
                untagged.push(format!("{}:{}", page.name(), block.line));
            }
        }
    }
    assert!(untagged.is_empty(), "code blocks without a language (rustdoc would compile them): {untagged:?}");
}

#[test]
fn rust_excerpts_are_verbatim_and_the_rest_is_compiled() {
    let lib = std::fs::read_to_string(root().join("crates/n_queens_cases/src/lib.rs")).unwrap();
    let mut problems = Vec::new();
    for page in doc_pages() {
        for block in parse(&page.text).0 {
            let tokens = block.tokens();
            if tokens.first() != Some(&"rust") {
                continue;
            }
            let place = format!("{}:{}", page.name(), block.line);
            if tokens.contains(&"ignore") {
                if let Err(error) = check_excerpt(&page, &block) {
                    problems.push(format!("{place}: {error}"));
                }
            } else {
                let file_name = page.path.file_name().unwrap().to_str().unwrap();
                let include = format!("include_str!(\"../../../docs/{file_name}\")");
                if !lib.contains(&include) {
                    problems.push(format!(
                        "{place}: a compiled Rust block, but crates/n_queens_cases/src/lib.rs does not \
                         `{include}` under cfg(doctest), so it would never run (or mark it `rust ignore` \
                         if it is an excerpt)"
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The block appears, line for line, in the source file linked last before it.
fn check_excerpt(page: &Page, block: &Block) -> Result<(), String> {
    let target = block.last_source_link.as_ref().ok_or("an excerpt with no link to a .rs file before it")?;
    let file = page.path.parent().unwrap().join(target.split('#').next().unwrap());
    let source = std::fs::read_to_string(&file).map_err(|error| format!("reading {target}: {error}"))?;
    let excerpt = dedent(&block.lines);
    if excerpt.iter().all(String::is_empty) {
        return Err("an empty excerpt".to_string());
    }
    let source_lines: Vec<String> = source.lines().map(str::to_string).collect();
    let found = source_lines.windows(excerpt.len()).any(|window| dedent(window) == excerpt);
    if found { Ok(()) } else { Err(format!("not a verbatim excerpt of {target} (the last .rs file linked before it)")) }
}

/// Every complete board drawn in a `text` block (rows of `Q` and `.` squares,
/// one queen per row, boards side by side separated by 3 or more spaces) is
/// a valid solution.
#[test]
fn drawn_boards_are_solutions() {
    let mut checked = 0;
    for page in doc_pages() {
        for block in parse(&page.text).0 {
            let rows: Vec<&String> = block.lines.iter().filter(|line| !line.trim().is_empty()).collect();
            let is_board_block = block.tokens().first() == Some(&"text")
                && !rows.is_empty()
                && rows.iter().all(|line| line.chars().all(|c| c == 'Q' || c == '.' || c == ' '));
            if !is_board_block {
                continue;
            }
            for board in side_by_side(&rows) {
                if board.iter().all(|row| row.iter().filter(|&&square| square == 'Q').count() == 1) {
                    let n = board.len();
                    let columns: Vec<usize> =
                        board.iter().map(|row| row.iter().position(|&s| s == 'Q').unwrap()).collect();
                    assert!(
                        board.iter().all(|row| row.len() == n),
                        "{}:{}: a board that is not square",
                        page.name(),
                        block.line
                    );
                    validate::check_columns(&columns).unwrap_or_else(|error| {
                        panic!("{}:{}: drawn board is no solution: {error}", page.name(), block.line)
                    });
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 0, "no board found: the pattern no longer matches the pages");
}

/// Splits rows of boards drawn side by side into boards of squares.
fn side_by_side(rows: &[&String]) -> Vec<Vec<Vec<char>>> {
    let mut boards: Vec<Vec<Vec<char>>> = Vec::new();
    for row in rows {
        let parts: Vec<&str> = row.trim().split("   ").map(str::trim).filter(|part| !part.is_empty()).collect();
        for (index, part) in parts.iter().enumerate() {
            if boards.len() <= index {
                boards.push(Vec::new());
            }
            boards[index].push(part.chars().filter(|&c| c != ' ').collect());
        }
    }
    boards
}

/// The bitmask walkthrough: n = 8, queens in column 2 of row 0 and column 4
/// of row 1, then the lowest free square of row 2, with the masks of each
/// row computed by the rules of `bitmask.rs`.
fn bitmask_walkthrough() -> String {
    const N: usize = 8;
    let full: u32 = (1 << N) - 1;
    // The columns the walkthrough picks in rows 0, 1 and 2.
    let picks = [2, 4, 1];
    let (mut columns, mut diagonals, mut anti_diagonals) = (0u32, 0u32, 0u32);
    let mut queens: Vec<usize> = Vec::new();
    let mut out = String::from("```text\n");
    let digits: String = (0..N).rev().map(|col| col.to_string()).collect();
    writeln!(out, "column of each digit:  {digits}\n").unwrap();
    for row in 0..=picks.len() {
        let free = full & !(columns | diagonals | anti_diagonals);
        let mut left = vec![
            format!("row {row}  columns         {columns:0N$b}"),
            format!("       diagonals       {diagonals:0N$b}"),
            format!("       anti_diagonals  {anti_diagonals:0N$b}"),
            format!("       free            {free:0N$b}"),
        ];
        let mut right = vec![format!("   col {}", (0..N).map(|col| col.to_string()).collect::<Vec<_>>().join(" "))];
        for (above, &col) in queens.iter().enumerate() {
            let squares: Vec<&str> = (0..N).map(|c| if c == col { "Q" } else { "." }).collect();
            right.push(format!("row {above}  {}", squares.join(" ")));
        }
        let squares: Vec<&str> = (0..N).map(|c| if free & (1 << c) != 0 { "." } else { "x" }).collect();
        right.push(format!("row {row}  {}", squares.join(" ")));
        if let Some(&col) = picks.get(row) {
            let queen = 1u32 << col;
            assert!(free & queen != 0, "the walkthrough picks an attacked square");
            if row == 2 {
                assert_eq!(queen, free & free.wrapping_neg(), "row 2 takes the lowest free square");
            }
            left.push(format!("       queen           {queen:0N$b}   column {col}"));
            columns |= queen;
            diagonals = (diagonals | queen) << 1;
            anti_diagonals = (anti_diagonals | queen) >> 1;
            queens.push(col);
        }
        for index in 0..left.len().max(right.len()) {
            let masks = left.get(index).map_or("", String::as_str);
            let board = right.get(index).map_or("", String::as_str);
            writeln!(out, "{}", format!("{masks:<46}{board}").trim_end()).unwrap();
        }
        if row < picks.len() {
            out.push('\n');
        }
    }
    out.push_str("```\n");
    out
}

/// Where the first line starting with `marker` starts in `text`.
fn line_starting(text: &str, marker: &str) -> Option<usize> {
    if text.starts_with(marker) {
        return Some(0);
    }
    text.match_indices(&format!("\n{marker}")).next().map(|(index, _)| index + 1)
}

/// The table of known counts, n = 0..=27, from the OEIS tables of this crate.
fn oeis_table() -> String {
    let mut out = String::from("| n | all solutions (A000170) | unique solutions (A002562) |\n|---:|---:|---:|\n");
    for (n, (total, unique)) in oeis::A000170.iter().zip(oeis::A002562).enumerate() {
        writeln!(out, "| {n} | {} | {} |", thousands(*total), thousands(unique)).unwrap();
    }
    out
}

/// `1234567` as `1,234,567`.
fn thousands(number: u64) -> String {
    let digits = number.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// Writes the text of a generated section.
type Generator = fn() -> String;

/// Every `<!-- generated: ID -->` section holds exactly what its generator
/// writes, and every generator's section exists.
#[test]
fn generated_sections_match_the_code() {
    let generators: &[(&str, Generator)] = &[("bitmask-walkthrough", bitmask_walkthrough), ("oeis-table", oeis_table)];
    let mut found = Vec::new();
    let mut problems = Vec::new();
    for page in doc_pages() {
        let mut rest = page.text.as_str();
        while let Some(start) = line_starting(rest, "<!-- generated: ") {
            let after = &rest[start + "<!-- generated: ".len()..];
            let id = after[..after.find(" -->").expect("a closed marker")].trim();
            let body_start = after.find('\n').map_or(after.len(), |index| index + 1);
            let end = line_starting(after, "<!-- /generated -->")
                .unwrap_or_else(|| panic!("{}: {id} is not closed", page.name()));
            let body = &after[body_start..end];
            match generators.iter().find(|(name, _)| *name == id) {
                None => problems.push(format!("{}: no generator for the section {id}", page.name())),
                Some((_, generate)) => {
                    let expected = generate();
                    if body != expected {
                        problems.push(format!("{}: the section {id} should read:\n{expected}", page.name()));
                    }
                    found.push(id.to_string());
                }
            }
            rest = &after[end..];
        }
    }
    for (id, _) in generators {
        if !found.iter().any(|name| name == id) {
            problems.push(format!("no page holds the generated section {id}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The measured sections of every page: `(page, id, header lines, body)`.
fn measured_sections(page: &Page) -> Vec<(String, Vec<String>, String)> {
    let mut sections = Vec::new();
    let mut rest = page.text.as_str();
    while let Some(start) = line_starting(rest, "<!-- measured: ") {
        let after = &rest[start + "<!-- measured: ".len()..];
        let id = after[..after.find(" -->").expect("a closed marker")].trim().to_string();
        let end = line_starting(after, "<!-- /measured -->")
            .unwrap_or_else(|| panic!("{}: section {id} is not closed", page.name()));
        let inside = &after[after.find('\n').unwrap() + 1..end];
        let headers: Vec<String> =
            inside.lines().take_while(|line| line.starts_with("<!-- ")).map(str::to_string).collect();
        let body = inside.lines().skip(headers.len()).collect::<Vec<_>>().join("\n");
        sections.push((id, headers, body));
        rest = &after[end..];
    }
    sections
}

#[test]
fn measured_sections_name_their_command_and_machine() {
    let mut problems = Vec::new();
    let mut count = 0;
    for page in doc_pages() {
        for (id, headers, body) in measured_sections(&page) {
            count += 1;
            let place = format!("{}: measured section {id}", page.name());
            if !headers.iter().any(|line| line.starts_with("<!-- command: ")) {
                problems.push(format!("{place} has no `<!-- command: ... -->` line"));
            }
            let measured = body.contains("Measured by `") && body.contains(" on ");
            if !measured && !body.contains("Not yet measured") {
                problems.push(format!("{place} names neither the command and machine nor \"Not yet measured\""));
            }
            for join in headers.iter().filter_map(|line| line.strip_prefix("<!-- join: ")) {
                let file = join.trim_end_matches("-->").trim();
                if let Err(error) = check_joined_table(file, &body) {
                    problems.push(format!("{place}: {error}"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(count > 0, "no measured section found");
}

/// The cells of a markdown table row, with `\|` kept inside a cell and links
/// reduced to their text (`[`x`](x.md)` and `[`x`]` both become `` `x` ``).
fn cells(row: &str) -> Vec<String> {
    let row = row.trim().trim_start_matches('|').trim_end_matches('|').replace("\\|", "\u{0}");
    row.split('|').map(|cell| strip_links(cell.trim()).replace('\u{0}', "\\|")).collect()
}

fn strip_links(cell: &str) -> String {
    let mut out = String::new();
    let mut rest = cell;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find(']').map(|index| open + index) else { break };
        out.push_str(&rest[..open]);
        out.push_str(&rest[open + 1..close]);
        rest = &rest[close + 1..];
        if rest.starts_with('(') {
            rest = rest.find(')').map_or("", |index| &rest[index + 1..]);
        }
    }
    out.push_str(rest);
    out
}

/// The first columns of the page's table repeat the table in `file`'s `//!`
/// doc comment, row for row.
fn check_joined_table(file: &str, body: &str) -> Result<(), String> {
    let source = std::fs::read_to_string(root().join(file)).map_err(|error| format!("reading {file}: {error}"))?;
    let static_rows: Vec<Vec<String>> =
        source.lines().filter_map(|line| line.strip_prefix("//! |")).map(|row| cells(&format!("|{row}"))).collect();
    let page_rows: Vec<Vec<String>> = body.lines().filter(|line| line.starts_with('|')).map(cells).collect();
    if static_rows.is_empty() {
        return Err(format!("{file} has no table in its doc comment"));
    }
    if page_rows.len() != static_rows.len() {
        return Err(format!(
            "the table has {} rows, {file} has {}: run docs/update-measurements.sh",
            page_rows.len(),
            static_rows.len()
        ));
    }
    for (page_row, static_row) in page_rows.iter().zip(&static_rows) {
        if page_row.get(..static_row.len()) != Some(static_row.as_slice()) {
            return Err(format!(
                "row {page_row:?} does not start with {file}'s {static_row:?}: run docs/update-measurements.sh"
            ));
        }
    }
    Ok(())
}
