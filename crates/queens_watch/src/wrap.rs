//! Lines in rows of a width, never cut. Code wraps by the rule
//! docs/watch.md states: after a comma, else before an operator, never after
//! one; of the ways to break a line by it, the one that costs least (each
//! kind of place its cost, each row and each column left empty theirs).
//! Comments and strings wrap between words, as prose. Not `textwrap` for
//! code, which breaks it where it reads badly (docs/watch.md).

use std::borrow::Cow;
use std::cmp::Reverse;

/// Prose in rows of at most `width` characters, between words (a word
/// longer than a row broken), the rows after the first indented by two.
pub fn wrap_prose(text: &str, width: usize) -> Vec<String> {
    let options = queens_cli::wrapping(width).break_words(true).subsequent_indent("  ");
    textwrap::wrap(text, options).into_iter().map(Cow::into_owned).collect()
}

/// The binary operators of Rust, assignments and arrows included: a row of
/// code never ends with one.
pub const OPERATORS: [&str; 30] = [
    "||", "&&", "==", "!=", "<", ">", "<=", ">=", "|", "^", "&", "<<", ">>", "+", "-", "*", "/", "%", "=", "+=", "-=",
    "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "->",
];

/// The operators that bind tightest, and `as`: they stay on one row with
/// both their operands (`row - col`, `col as i64`), so no row starts with one either.
pub const TIGHT: [&str; 6] = ["+", "-", "*", "/", "%", "as"];

/// The keywords a row of code never ends with: each one needs what follows it.
pub const KEYWORDS: [&str; 20] = [
    "as", "if", "while", "for", "in", "let", "mut", "&mut", "match", "return", "fn", "pub", "impl", "else", "const",
    "static", "struct", "enum", "where", "dyn",
];

/// Whether each line of `text` starts inside a string literal (a string
/// written over several lines).
pub fn string_starts(text: &str) -> Vec<bool> {
    let mut inside = false;
    text.lines()
        .map(|line| {
            let starts = inside;
            inside = prose(&line.chars().collect::<Vec<_>>(), inside).1;
            starts
        })
        .collect()
}

/// Which characters of a line of code are prose, a comment or a string
/// literal (its quotes included), for a line that starts inside a string
/// if `in_string`; and whether it ends inside one.
pub fn prose(line: &[char], in_string: bool) -> (Vec<bool>, bool) {
    let mut parts = vec![false; line.len()];
    let (mut inside, mut at) = (in_string, 0);
    while at < line.len() {
        let c = line[at];
        if inside {
            parts[at] = true;
            match c {
                '\\' if at + 1 < line.len() => {
                    parts[at + 1] = true;
                    at += 1;
                }
                '"' => inside = false,
                _ => {}
            }
        } else if c == '/' && line.get(at + 1) == Some(&'/') {
            parts[at..].iter_mut().for_each(|part| *part = true);
            break;
        } else if c == '"' {
            (parts[at], inside) = (true, true);
        } else if c == '\'' {
            // A character literal (`'Q'`, `'\n'`) is skipped whole; a lifetime's quote alone.
            let end = if line.get(at + 1) == Some(&'\\') { at + 3 } else { at + 2 };
            if line.get(end) == Some(&'\'') {
                at = end;
            }
        }
        at += 1;
    }
    (parts, inside)
}

/// What it costs to break a row at a place of each kind, best first: the
/// rows of a line are those of least cost, each row besides costing
/// [`ROW`] and a column left empty at the end of a row (not the last) one.
mod cost {
    /// After a comma, or an opening bracket and a space; before a `//` comment; in the
    /// lines under the panels, after a `·`.
    pub const AFTER_A_COMMA: u32 = 0;
    /// Before an operator that is not [`super::TIGHT`]: this, and [`LOOSER`] for each level
    /// it binds tighter than `=` (`||`, `&&`, comparisons, `|`, `^`, `&`, shifts).
    pub const BEFORE_AN_OPERATOR: u32 = 20;
    /// See [`BEFORE_AN_OPERATOR`].
    pub const LOOSER: u32 = 15;
    /// Inside a word, after a call's `(`.
    pub const AFTER_A_PAREN: u32 = 50;
    /// Inside a word, before the `.` of a method call.
    pub const BEFORE_A_METHOD: u32 = 60;
    /// Any other space a row may end at in code; inside a word, after a `[` or before a
    /// field's `.`.
    pub const OTHER: u32 = 80;
    /// Any other space between two words of prose.
    pub const PROSE: u32 = 20;
    /// Inside a type, after its `<`.
    pub const INSIDE_A_TYPE: u32 = 200;
    /// After a field's `name:`, before its value.
    pub const AFTER_A_NAME: u32 = 300;
    /// A space the rule forbids: after an operator, `as` or a keyword; before a
    /// [`super::TIGHT`] operator; between a name and its type; a row or a rest of the line of
    /// punctuation alone. Taken only where nothing else fits.
    pub const AGAINST_THE_RULE: u32 = 10_000;
    /// A word cut at the width: where not even a space fits.
    pub const CUT: u32 = 100_000;
    /// Each row.
    pub const ROW: u32 = 100;
}

/// How loosely an operator binds, as Rust parses it, 0 for the loosest: a
/// row breaks before the loosest.
fn looseness(operator: &str) -> u32 {
    match operator {
        "||" => 1,
        "&&" => 2,
        "==" | "!=" | "<" | ">" | "<=" | ">=" => 3,
        "|" => 4,
        "^" => 5,
        "&" => 6,
        "<<" | ">>" => 7,
        // Assignments, and the arrow before a function's type.
        _ => 0,
    }
}

/// Whether the names in the line of code `chars` are followed by their
/// types, as in a function's signature or a `let`: a row never parts them.
pub fn typed(chars: &[char]) -> bool {
    let line: String = chars.iter().collect();
    let code = line.split("//").next().unwrap_or_default().trim_start();
    code.starts_with("let ") || code.contains("fn ")
}

/// Code in rows: the first at most `first` characters, the others at most
/// `rest`, indented by `indent` more than the line but at most a seventh of
/// `rest`. `in_string`: the line starts inside a string literal.
pub fn wrap_code(line: &str, in_string: bool, first: usize, rest: usize, indent: usize) -> Vec<String> {
    let chars: Vec<char> = line.trim_end().chars().collect();
    let (prose, _) = prose(&chars, in_string);
    rows(&chars, &prose, first, rest, indent)
}

/// The lines under the panels, in rows of `width`, the rows after the first
/// indented by two: prose, broken between words, after a `·` where that
/// fills the rows about as well (`row - col` is words there).
pub fn wrap_status(text: &str, width: usize) -> Vec<String> {
    let chars: Vec<char> = text.trim_end().chars().collect();
    rows(&chars, &vec![true; chars.len()], width, width, 2)
}

/// The rows of `chars`, whose prose characters are `prose`: of all the ways
/// to break it, the one of least cost.
fn rows(chars: &[char], prose: &[bool], first: usize, rest: usize, indent: usize) -> Vec<String> {
    let lead = chars.iter().take_while(|c| **c == ' ').count();
    let prefix = (lead + indent).min(rest / 7);
    let rooms = [first.max(8), rest.saturating_sub(prefix).max(8)];
    // Each place a row may end at: its end, where the next row starts, its cost.
    let places: Vec<(usize, usize, u32)> = (lead + 1..chars.len()).filter_map(|at| place(chars, prose, at)).collect();
    // How many characters of a word (code's letters and digits, or prose) lie before each index.
    let mut words = vec![0; chars.len() + 1];
    for at in 0..chars.len() {
        let word = prose[at] || chars[at].is_alphanumeric() || chars[at] == '_';
        words[at + 1] = words[at] + usize::from(word);
    }
    let holds_a_word = |from: usize, to: usize| words[to] > words[from];
    // Where the first row could end at the earliest by the rule: if that does not fit after the
    // indent, the row takes some of the indent, rather than break against it.
    // A space first, else inside a word, else the whole line.
    let fits = |end: usize| end - lead <= rooms[0];
    let earliest = |at_a_space: bool| {
        let fair = |place: &&(usize, usize, u32)| place.2 < cost::AGAINST_THE_RULE && holds_a_word(lead, place.0);
        let end = places.iter().filter(fair).find(|place| !at_a_space || place.0 < place.1).map(|place| place.0);
        end.filter(|&end| fits(end))
    };
    let whole = Some(chars.len()).filter(|&end| fits(end));
    let earliest = earliest(true).or_else(|| earliest(false)).or(whole);
    let begin = earliest.map_or(0, |end| end.saturating_sub(rooms[0]).min(lead));
    // The least cost of the rows from each start on: its own, its row's end, the next row's start.
    type Least = (u32, usize, usize);
    let least = |start: usize, room: usize, best: &[Least]| -> Least {
        if chars.len() - start <= room {
            return (cost::ROW, chars.len(), chars.len());
        }
        // The places are in the order of their ends.
        let (from, to) =
            (places.partition_point(|place| place.0 <= start), places.partition_point(|place| place.0 <= start + room));
        let fitting = places[from..to].iter().copied();
        let cut = (start + room, start + room, cost::CUT);
        let total = |(end, next, kind): (usize, usize, u32)| {
            let kind = match holds_a_word(start, end) && holds_a_word(next, chars.len()) {
                true => kind,
                false => kind.max(cost::AGAINST_THE_RULE),
            };
            let empty = (start + room - end) as u32;
            (kind + empty + cost::ROW + best[next].0, end, next)
        };
        // The cheapest; of two as cheap, the one that fills its row more.
        fitting.chain([cut]).map(total).min_by_key(|&(total, end, _)| (total, Reverse(end))).unwrap_or(total(cut))
    };
    let mut best: Vec<Least> = vec![(0, chars.len(), chars.len()); chars.len() + 1];
    for start in (begin + 1..chars.len()).rev() {
        best[start] = least(start, rooms[1], &best);
    }
    let mut rows = Vec::new();
    let (mut start, mut indent, mut next_row) = (begin, 0, least(begin, rooms[0], &best));
    loop {
        let (_, end, next) = next_row;
        rows.push(" ".repeat(indent) + &chars[start..end].iter().collect::<String>());
        if end == chars.len() {
            return rows;
        }
        (start, indent, next_row) = (next, prefix, best[next]);
    }
}

/// Whether the `(` at `at` is a call's or a macro's (`f(`, `vec!(`,
/// `f::<T>(`), not a tuple's, a closure's `|(` or a negation's `!(`.
fn called(chars: &[char], at: usize) -> bool {
    let name = |at: usize| chars[..at].last().is_some_and(|c| c.is_alphanumeric() || *c == '_');
    match chars[..at].last() {
        Some('!') => name(at - 1),
        Some('>') => true,
        _ => name(at),
    }
}

/// The last token of a word of code: `&mut` of `place_row(&mut`.
fn last_token(word: &str) -> &str {
    word.rsplit(['(', '[', '{', '<', '|', '!']).next().unwrap_or(word)
}

/// A place a row may end at, at `at` (a space, or inside a word between the
/// characters before it and at it): where the row ends, where the next one
/// starts, and its cost; `None` where a word must not be cut.
fn place(chars: &[char], prose: &[bool], at: usize) -> Option<(usize, usize, u32)> {
    let (end, next) = match chars[at] {
        ' ' if chars[at - 1] == ' ' => return None,
        ' ' => (at, at + chars[at..].iter().take_while(|c| **c == ' ').count()),
        _ if chars[at - 1] == ' ' => return None,
        _ => (at, at),
    };
    if next >= chars.len() {
        return None;
    }
    let last = chars[end - 1];
    if prose[end - 1] && prose[next] {
        let kind = if last == '·' { cost::AFTER_A_COMMA } else { cost::PROSE };
        return (end < next).then_some((end, next, kind));
    }
    if end == next {
        // Inside a word: after an opening bracket, or before a `.` and a name.
        if matches!(chars[next], ')' | ']' | '}' | ',' | ';' | '>') {
            return None;
        }
        let name: String = chars[next + 1..].iter().take_while(|c| c.is_alphanumeric() || **c == '_').collect();
        let call = called(chars, end - 1);
        let kind = match last {
            // A call's or a macro's parenthesis; not a tuple's, nor a closure's `|(`.
            '(' if call => cost::AFTER_A_PAREN,
            '(' => return None,
            '[' => cost::OTHER,
            // A type's parameters, `Vec<`: a bracket, not the operator, which stands between spaces.
            '<' if end >= 2 && chars[end - 2].is_alphanumeric() => cost::INSIDE_A_TYPE,
            _ if chars[next] != '.' || last == '.' || !name.starts_with(|c: char| c.is_alphabetic()) => return None,
            _ if chars.get(next + 1 + name.len()) == Some(&'(') => cost::BEFORE_A_METHOD,
            _ => cost::OTHER,
        };
        return Some((end, next, kind));
    }
    let word_before: String =
        chars[chars[..end].iter().rposition(|c| *c == ' ').map_or(0, |space| space + 1)..end].iter().collect();
    let word_after: String = chars[next..].iter().take_while(|c| **c != ' ').collect();
    let after_a_name = word_before.ends_with(':') && !word_before.ends_with("::");
    let kind = match () {
        _ if OPERATORS.contains(&word_before.as_str())
            || KEYWORDS.contains(&last_token(&word_before))
            || after_a_name && typed(chars)
            || TIGHT.contains(&word_after.as_str()) =>
        {
            cost::AGAINST_THE_RULE
        }
        _ if after_a_name => cost::AFTER_A_NAME,
        _ if matches!(last, ',' | '(' | '[' | '{') || word_after.starts_with("//") => cost::AFTER_A_COMMA,
        _ if OPERATORS.contains(&word_after.as_str()) => {
            cost::BEFORE_AN_OPERATOR + cost::LOOSER * looseness(&word_after)
        }
        _ => cost::OTHER,
    };
    Some((end, next, kind))
}

/// What breaks the rule in `rows`, the rows a line of code (starting inside
/// a string literal if `in_string`) was wrapped to, each without its marks
/// or gutter: one sentence a fault, none if the rows keep the rule.
#[cfg(test)]
pub fn faults(line: &str, in_string: bool, rows: &[&str]) -> Vec<String> {
    let mut faults = Vec::new();
    let characters = |text: &str| text.chars().filter(|c| *c != ' ').collect::<String>();
    let joined: String = rows.iter().map(|row| characters(row)).collect();
    if joined != characters(line) {
        return vec![format!("the rows {rows:?} do not hold the line's characters in order")];
    }
    let chars: Vec<char> = line.chars().collect();
    let (prose, _) = prose(&chars, in_string);
    // Where each row's text starts and ends in the line.
    let mut spans = Vec::new();
    let mut at = 0;
    for row in rows {
        let count = row.chars().filter(|c| *c != ' ').count();
        let start = at + chars[at..].iter().take_while(|c| **c == ' ').count();
        let (mut end, mut seen) = (start, 0);
        while seen < count {
            seen += usize::from(chars[end] != ' ');
            end += 1;
        }
        spans.push((start, end));
        at = end;
    }
    let text = |from: usize, to: usize| chars[from..to].iter().collect::<String>();
    for (index, &(start, end)) in spans.iter().enumerate() {
        let row = rows[index].trim();
        if rows.len() > 1 && !(start..end).any(|at| prose[at] || chars[at].is_alphanumeric() || chars[at] == '_') {
            faults.push(format!("the row {row:?} holds only punctuation"));
        }
        let Some(&(next, _)) = spans.get(index + 1).filter(|next| next.0 < chars.len()) else { continue };
        if prose[end - 1] && prose[next] {
            continue; // between two words of a comment or a string
        }
        let last = text(start, end).split_whitespace().last().unwrap_or_default().to_string();
        let first = text(next, chars.len()).split_whitespace().next().unwrap_or_default().to_string();
        if OPERATORS.contains(&last.as_str()) || KEYWORDS.contains(&last_token(&last)) {
            faults.push(format!("the row {row:?} ends with {last:?}"));
        }
        if last.ends_with(':') && !last.ends_with("::") && typed(&chars) {
            faults.push(format!("the row {row:?} parts a name from its type"));
        }
        if TIGHT.contains(&first.as_str()) {
            faults.push(format!("{last:?} and {first:?} are parted: `a - b` and `x as T` stay on one row"));
        }
        if end == next {
            // Inside a word: only after an opening bracket, or before a `.` and a name.
            let (before, after) = (chars[end - 1], chars[next]);
            let method = after == '.' && before != '.' && chars.get(next + 1).is_some_and(|c| c.is_alphabetic());
            let ahead = |fits: fn(char) -> bool| end >= 2 && fits(chars[end - 2]);
            let generic = before == '<' && ahead(char::is_alphanumeric);
            let call = before == '(' && called(&chars, end - 1);
            if !((call || before == '[' || generic) && !matches!(after, ')' | ']' | '>') || method) {
                faults.push(format!("{before:?} and {after:?} are parted: a word is cut"));
            }
        }
    }
    faults
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows of `line` at `width`, the rows after the first indented by two, and their faults.
    fn wrapped(line: &str, width: usize) -> (Vec<String>, Vec<String>) {
        let rows = wrap_code(line, false, width, width, 2);
        let faults = faults(line, false, &rows.iter().map(String::as_str).collect::<Vec<_>>());
        (rows, faults)
    }

    #[test]
    fn code_breaks_after_a_comma_else_before_an_operator_and_never_after_one() {
        let line =
            "        if !lines.columns[col] && !lines.diagonals[diagonal] && !lines.anti_diagonals[anti_diagonal] {";
        let (rows, faults) = wrapped(line, 50);
        assert_eq!(faults, Vec::<String>::new(), "{rows:?}");
        assert_eq!(rows[1].trim_start(), "&& !lines.diagonals[diagonal]", "{rows:?}");
        let line = "fn place_row(board: &mut Vec<Vec<u8>>, row: usize, solutions: &mut Vec<Vec<String>>) {";
        let (rows, faults) = wrapped(line, 40);
        assert_eq!(faults, Vec::<String>::new(), "{rows:?}");
        assert_eq!(
            rows,
            ["fn place_row(board: &mut Vec<Vec<u8>>,", "  row: usize,", "  solutions: &mut Vec<Vec<String>>) {"]
        );
        // `row - queen_row` and `col as i64` stay whole; the row breaks before `!=`, `=`.
        let line = "        queen_col != col && row - queen_row != col_distance";
        let (rows, faults) = wrapped(line, 38);
        assert_eq!(faults, Vec::<String>::new(), "{rows:?}");
        let line = "        let col_distance = col as i64 - queen_col as i64;";
        let (rows, faults) = wrapped(line, 40);
        assert_eq!(faults, Vec::<String>::new(), "{rows:?}");
        assert_eq!(
            rows.iter().map(|row| row.trim()).collect::<Vec<_>>(),
            ["let col_distance", "= col as i64 - queen_col as i64;"]
        );
    }

    #[test]
    fn the_rule_finds_each_kind_of_fault() {
        let line = "        let (diagonal, anti_diagonal) = (row + n - 1 - col, row + col);";
        let cases: [(&[&str], &str); 6] = [
            (&["        let (diagonal, anti_diagonal) =", "(row + n - 1 - col, row + col);"], "ends with \"=\""),
            (&["        let (diagonal, anti_diagonal) = (row", "+ n - 1 - col, row + col);"], "stay on one row"),
            (&["        let (diagonal, anti_diag", "onal) = (row + n - 1 - col, row + col);"], "a word is cut"),
            (&["        let (diagonal, anti_diagonal) = (row + n - 1 - col, row + col);", ""], "only punctuation"),
            (&["        let", "(diagonal, anti_diagonal) = (row + n - 1 - col, row + col);"], "ends with \"let\""),
            (&["        let (diagonal, anti_diagonal) = (row + n - 1 - col, row + col)"], "in order"),
        ];
        for (rows, fault) in cases {
            let found = faults(line, false, rows);
            assert!(found.iter().any(|found| found.contains(fault)), "{rows:?}: {found:?}");
        }
        // A closure's `|(`, not a call's `(`.
        let found = faults("all(|(row, &col)| {", false, &["all(|(", "row, &col)| {"]);
        assert!(found.iter().any(|found| found.contains("a word is cut")), "{found:?}");
        assert!(faults("all(|(row, &col)| {", false, &["all(", "|(row, &col)| {"]).is_empty());
        let found = faults("free = full & !(a | b);", false, &["free = full & !(", "a | b);"]);
        assert!(found.iter().any(|found| found.contains("a word is cut")), "{found:?}");
        // A name and its type.
        let found = faults("fn f(row: usize) {", false, &["fn f(row:", "usize) {"]);
        assert!(found.iter().any(|found| found.contains("parts a name from its type")), "{found:?}");
        // Words of a comment or a string are prose.
        assert!(faults("    let a = b; // x - y", false, &["    let a = b; // x", "- y"]).is_empty());
        assert!(faults("    \"x - y\",", false, &["    \"x", "- y\","]).is_empty());
        assert!(faults("x - y\",", true, &["x", "- y\","]).is_empty());
    }

    #[test]
    fn prose_is_a_comment_or_a_string_and_a_string_goes_on_over_lines() {
        let text = "let a = \"b // c\"; // d \"\nlet q = b'\"'; \"e\nf\" + g";
        assert_eq!(string_starts(text), [false, false, true]);
        let line: Vec<char> = "let a = \"b // c\"; // d".chars().collect();
        let (parts, inside) = prose(&line, false);
        let shown: String = parts.iter().map(|&part| if part { 'p' } else { '.' }).collect();
        assert_eq!((shown.as_str(), inside), ("........pppppppp..pppp", false));
    }

    /// What docs/watch.md says of `textwrap` on code, with the workspace's features, against [`wrap_code`].
    #[test]
    fn textwrap_would_end_a_row_with_an_operator_and_cut_a_word_at_the_width() {
        let line = "if !lines.columns[col] && !lines.diagonals[diagonal] && !lines.anti_diagonals[anti_diagonal] {";
        let textwrap = |text: &str, width: usize| -> Vec<String> {
            let options = queens_cli::wrapping(width).break_words(true).subsequent_indent("    ");
            textwrap::wrap(text, options).into_iter().map(Cow::into_owned).collect()
        };
        let rows = textwrap(line, 50);
        let characters = |rows: &[String]| rows.concat().split_whitespace().collect::<String>();
        assert_eq!(characters(&rows), line.split_whitespace().collect::<String>(), "no hyphen added: {rows:?}");
        assert!(rows[0].ends_with("&&"), "{rows:?}");
        assert!(!wrap_code(line, false, 50, 50, 4)[0].ends_with("&&"));
        let word = "!lines.anti_diagonals[anti_diagonal]";
        assert_eq!(textwrap(word, 30), ["!lines.anti_diagonals[anti", "    _diagonal]"]);
        assert_eq!(wrap_code(word, false, 30, 30, 4), ["!lines.anti_diagonals[", "    anti_diagonal]"]);
    }

    #[test]
    fn the_lines_under_the_panels_take_no_word_for_an_operator() {
        let text = "✗ mistake 6 diagonal-without-offset: row - col goes below zero right of the main diagonal";
        assert_eq!(
            wrap_status(text, 80),
            ["✗ mistake 6 diagonal-without-offset: row - col goes below zero right of the main", "  diagonal"]
        );
    }
}
