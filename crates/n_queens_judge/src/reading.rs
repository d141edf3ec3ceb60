//! A learner's answer read as text that cannot be trusted: as Rust tokens
//! (`proc-macro2`'s lexer, which keeps no recursion of its own), walked
//! with a stack of our own, so that no file, however deep, can overflow
//! the command's stack; past [`SIZE_LIMIT`] or [`DEPTH_LIMIT`] it is not
//! read at all ([`refusal`]).
//!
//! What is read here: what the judge's program refuses to build, code
//! placed outside `main` ([`OUTSIDE_MAIN`]), and what is newer than the
//! judge's Rust in syntax, `let ... else` ([`let_else`]).

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

/// The largest exercise file read: many times any answer.
pub const SIZE_LIMIT: usize = 1 << 20;

/// The deepest nesting read, of brackets and of `<...>` together: many
/// times any answer's (a type or an expression nested deeper is refused).
pub const DEPTH_LIMIT: usize = 128;

/// The names that place code outside `main`, where it runs before the
/// program does (a constructor: `#[link_section = ".init_array"]`, or
/// assembly that writes one), replaces a function of the C library or of
/// the runtime (`#[no_mangle]`, `#[export_name]`, an allocator of one's
/// own), or is the program's start itself. The judge's program refuses
/// them: code before `main` could answer for the program, or print a test
/// harness's summary and end before a failing test runs.
pub const OUTSIDE_MAIN: &[&str] =
    &["link_section", "no_mangle", "export_name", "global_allocator", "global_asm", "naked_asm", "no_main"];

/// Why the judge will not build `text` (a learner's text after the
/// solution line): too large, too deep, or code outside `main`; `None`
/// when it may. A text that does not lex is left to the compiler, which
/// says where.
pub fn refusal(text: &str) -> Option<String> {
    if text.len() > SIZE_LIMIT {
        return Some(format!(
            "the file is too large to check: {} KiB, where the judge reads {} KiB at most",
            text.len() >> 10,
            SIZE_LIMIT >> 10
        ));
    }
    let tokens = lex(text)?;
    if depth(&tokens) > DEPTH_LIMIT {
        return Some(format!(
            "the file is nested too deeply to check: more than {DEPTH_LIMIT} brackets or `<...>` inside one another"
        ));
    }
    let mut found = None;
    walk(&tokens, &mut |trees: &[TokenTree], _| {
        for (at, tree) in trees.iter().enumerate() {
            let TokenTree::Ident(ident) = tree else { continue };
            let name = ident.to_string();
            // `asm!`, or a path to it (`std::arch::asm`), but not a name of one's own.
            let macro_call = matches!(trees.get(at + 1), Some(TokenTree::Punct(punct)) if punct.as_char() == '!');
            let in_path = at >= 1 && matches!(&trees[at - 1], TokenTree::Punct(punct) if punct.as_char() == ':');
            if OUTSIDE_MAIN.contains(&name.as_str()) || (name == "asm" && (macro_call || in_path)) {
                found.get_or_insert(name);
            }
        }
    });
    found.map(|name| {
        format!(
            "`{name}` places code outside `main`, where it could run before the judge's program or in place of \
             part of it: the judge here does not build it. An answer needs none of it: remove it"
        )
    })
}

/// The functions of `text` that hold a `let ... else` (Rust 1.65), by
/// name (`a constant` outside any). Its grammar makes it plain in tokens:
/// a `let` whose `else`, before the statement's `;`, follows anything but
/// a `{ ... }` (the expression of a `let ... else` may not end in one, and
/// the `else` of an `if` always does).
pub fn let_else(text: &str) -> Vec<String> {
    let Some(tokens) = lex(text) else { return Vec::new() };
    let mut found = Vec::new();
    walk(&tokens, &mut |trees: &[TokenTree], function: Option<&str>| {
        let mut in_let = false;
        for (at, tree) in trees.iter().enumerate() {
            match tree {
                TokenTree::Ident(ident) if ident == "let" => in_let = true,
                TokenTree::Punct(punct) if punct.as_char() == ';' => in_let = false,
                TokenTree::Ident(ident) if in_let && ident == "else" => {
                    let after_block =
                        matches!(&trees[at - 1], TokenTree::Group(group) if group.delimiter() == Delimiter::Brace);
                    if !after_block {
                        found.push(function.unwrap_or("a constant").to_string());
                    }
                    in_let = false;
                }
                _ => {}
            }
        }
    });
    found
}

/// `text` as tokens; `None` where it does not lex (an unclosed bracket).
fn lex(text: &str) -> Option<Vec<TokenTree>> {
    text.parse::<TokenStream>().ok().map(|stream| stream.into_iter().collect())
}

/// Calls `visit` with the tokens of the file and of every group in it,
/// each with the name of the function whose body holds it, by a stack of
/// its own rather than by recursion.
fn walk(tokens: &[TokenTree], visit: &mut dyn FnMut(&[TokenTree], Option<&str>)) {
    let mut stack: Vec<(Vec<TokenTree>, Option<String>)> = vec![(tokens.to_vec(), None)];
    while let Some((trees, function)) = stack.pop() {
        visit(&trees, function.as_deref());
        // `fn name ... { body }`: the body is the first `{ ... }` after the name.
        let mut named: Option<String> = None;
        let mut groups = Vec::new();
        for (at, tree) in trees.iter().enumerate() {
            match tree {
                TokenTree::Ident(ident) if ident == "fn" => {
                    if let Some(TokenTree::Ident(name)) = trees.get(at + 1) {
                        named = Some(name.to_string());
                    }
                }
                TokenTree::Punct(punct) if punct.as_char() == ';' => named = None,
                TokenTree::Group(group) => {
                    let body = group.delimiter() == Delimiter::Brace && named.is_some();
                    let owner = if body { named.take() } else { function.clone() };
                    groups.push((group.stream().into_iter().collect(), owner));
                }
                _ => {}
            }
        }
        // In the file's order: the last pushed is visited first.
        stack.extend(groups.into_iter().rev());
    }
}

/// How deeply `tokens` nest: groups inside one another, and within each
/// group the most `<` not yet closed by `>` (comparisons count too: only a
/// text made to nest reaches the limit).
fn depth(tokens: &[TokenTree]) -> usize {
    let mut deepest = 0;
    let mut stack: Vec<(Vec<TokenTree>, usize)> = vec![(tokens.to_vec(), 0)];
    while let Some((trees, level)) = stack.pop() {
        let (mut angles, mut most) = (0usize, 0usize);
        let mut previous: Option<(char, Spacing)> = None;
        for (at, tree) in trees.iter().enumerate() {
            let TokenTree::Punct(punct) = tree else {
                if let TokenTree::Group(group) = tree {
                    stack.push((group.stream().into_iter().collect(), level + 1 + angles));
                }
                previous = None;
                continue;
            };
            let next = match trees.get(at + 1) {
                Some(TokenTree::Punct(next)) if punct.spacing() == Spacing::Joint => Some(next.as_char()),
                _ => None,
            };
            let joined_to_previous = matches!(previous, Some((_, Spacing::Joint)));
            match punct.as_char() {
                // Not `<<`, `<=` or `<-`.
                '<' if next.is_none() && !joined_to_previous => angles += 1,
                // Not `->`, `=>`, `>=` or `>>=`.
                '>' if !matches!(previous, Some(('-' | '=', Spacing::Joint))) && next != Some('=') => {
                    angles = angles.saturating_sub(1);
                }
                _ => {}
            }
            most = most.max(angles);
            previous = Some((punct.as_char(), punct.spacing()));
        }
        deepest = deepest.max(level + most);
    }
    deepest
}

/// `text` as it may be shown on a terminal: every control character that
/// a terminal obeys (escape sequences, a carriage return, a bell; the C1
/// controls), and those that reorder text (bidirectional overrides), shown
/// as a visible sign or escape instead; new lines and tabs kept. For
/// everything an answer prints and every compiler line that quotes it.
pub fn visible(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' | '\t' => shown.push(c),
            // The Control Pictures block: ␛ for escape, ␍ for a carriage return.
            '\0'..='\x1f' => shown.push(char::from_u32(0x2400 + c as u32).unwrap_or('?')),
            '\x7f' => shown.push('␡'),
            '\u{80}'..='\u{9f}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => {
                shown.push_str(&c.escape_unicode().to_string());
            }
            _ => shown.push(c),
        }
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_outside_main_is_refused_by_name_wherever_it_is_written() {
        for text in [
            "#[link_section = \".init_array\"] static F: fn() = f;",
            "#[unsafe(no_mangle)] pub extern \"C\" fn write() {}",
            "macro_rules! m { ($a:meta) => { #[$a] fn f() {} } } m!(export_name = \"write\");",
            "std::arch::global_asm!(\".pushsection .init_array\");",
            "fn f() { unsafe { std::arch::asm!(\"nop\") } }",
            "use std::arch::asm as go;",
        ] {
            let said = refusal(text).unwrap_or_else(|| panic!("{text}"));
            assert!(said.contains("places code outside `main`"), "{said}");
        }
        assert_eq!(refusal("fn asm(used: i32) -> i32 { let asm = used; asm }"), None);
        assert_eq!(refusal("impl Solution { pub fn total_n_queens(n: i32) -> i32 { n } }"), None);
        assert_eq!(refusal("fn f( {"), None, "left to the compiler");
    }

    #[test]
    fn a_deep_or_large_text_is_refused_without_being_walked_by_recursion() {
        let deep_type = format!("type T = {}u8{};", "Vec<".repeat(2500), ">".repeat(2500));
        assert!(refusal(&deep_type).unwrap().contains("nested too deeply"));
        let deep_brackets = format!("const A: i32 = {}1{};", "(".repeat(100_000), ")".repeat(100_000));
        assert!(refusal(&deep_brackets).unwrap().contains("nested too deeply"));
        assert!(refusal(&"// x\n".repeat(SIZE_LIMIT)).unwrap().contains("too large"));
        let fine = "fn f(a: Vec<Vec<u8>>, b: i32) -> bool { a.len() < 3 && b >= 2 && (b << 1) > 0 && b <= 4 }";
        assert_eq!(refusal(fine), None);
        assert!(depth(&lex(fine).unwrap()) < 6, "{}", depth(&lex(fine).unwrap()));
    }

    #[test]
    fn let_else_is_found_by_function_and_if_else_is_not() {
        let text = "fn main() {\n    let Some(n) = std::env::args().nth(5) else { return };\n    \
                    let d = if n.is_empty() { 1 } else if n.len() > 2 { 2 } else { 3 };\n}\n\
                    impl S { fn g(&self) { let [a, b] = self.0 else { panic!() }; } }\n\
                    const C: i32 = { let Ok(c) = \"1\".parse::<i32>() else { loop {} }; c };";
        assert_eq!(let_else(text), vec!["main", "g", "a constant"]);
        assert!(let_else("fn f() { let x = match 1 { _ => 2 }; let y = if x > 1 { 1 } else { 0 }; }").is_empty());
    }

    #[test]
    fn control_characters_are_shown_not_obeyed() {
        let said = visible("\x1b[2J\x1b]0;title\x07\x1b]52;c;eA==\x07\r\u{9b}31m\u{202e}ok\n\tnext");
        assert_eq!(said, "␛[2J␛]0;title␇␛]52;c;eA==␇␍\\u{9b}31m\\u{202e}ok\n\tnext");
        assert!(!said.chars().any(|c| c.is_control() && c != '\n' && c != '\t'));
    }
}
