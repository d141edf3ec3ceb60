//! Damage to a text of lines, as a disk, a copy, an editor or a hand
//! leaves it, for the property tests of the readers that must refuse it or
//! read it exactly: the checkpoint file (`n_queens_count`) and the parts'
//! lines that `queens sum` adds. Behind the `mutations` feature, so that
//! only those tests build `proptest`.

use proptest::prelude::*;
use proptest::sample::Index;

/// One change to a text: a byte (a digit to a digit, or to anything else),
/// a line dropped, repeated, swapped or blank, CRLF line ends (on one line
/// or every line), a cut, or bytes added at the end without a newline.
#[derive(Clone, Debug)]
pub enum Mutation {
    /// A byte becomes another.
    Byte(Index, u8),
    /// A digit becomes another digit.
    Digit(Index, u8),
    /// A line is left out.
    DropLine(Index),
    /// A line is there twice, one after the other.
    RepeatLine(Index),
    /// Two lines change places.
    SwapLines(Index, Index),
    /// A line holding only a space goes in.
    BlankLine(Index),
    /// A line (`Some`), or every line (`None`), ends in CRLF.
    Crlf(Option<Index>),
    /// The text is cut at a byte.
    Cut(Index),
    /// Bytes added at the end, without a newline.
    Tail(Vec<u8>),
}

/// The mutations; with `digits` false, none that writes a digit, so that a
/// mutated text holds no number that was not in it.
pub fn mutation(digits: bool) -> impl Strategy<Value = Mutation> {
    // Without digits, a digit written becomes a letter.
    let no_digit = move |byte: u8| if digits || !byte.is_ascii_digit() { byte } else { b'x' };
    let byte = any::<u8>().prop_map(no_digit);
    // What a record is made of, more often than any byte.
    let tail_byte = prop_oneof![Just(b' '), b'0'..=b'9', b'a'..=b'f', any::<u8>()].prop_map(no_digit);
    let digit = (any::<Index>(), b'0'..=b'9').prop_map(move |(at, digit)| match digits {
        true => Mutation::Digit(at, digit),
        false => Mutation::Byte(at, b'x'),
    });
    prop_oneof![
        (any::<Index>(), byte).prop_map(|(at, byte)| Mutation::Byte(at, byte)),
        digit,
        any::<Index>().prop_map(Mutation::DropLine),
        any::<Index>().prop_map(Mutation::RepeatLine),
        (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        any::<Index>().prop_map(Mutation::BlankLine),
        proptest::option::of(any::<Index>()).prop_map(Mutation::Crlf),
        any::<Index>().prop_map(Mutation::Cut),
        proptest::collection::vec(tail_byte, 1..200).prop_map(Mutation::Tail),
    ]
}

/// The text's lines, each with its newline (the last one may have none).
pub fn split_lines(text: &[u8]) -> Vec<Vec<u8>> {
    text.split_inclusive(|&byte| byte == b'\n').map(<[u8]>::to_vec).collect()
}

/// `text` with `mutation` done to it (a mutation with nothing to act on,
/// such as a line dropped from an empty text, leaves it as it was).
pub fn apply(mut text: Vec<u8>, mutation: &Mutation) -> Vec<u8> {
    let mut lines = split_lines(&text);
    let len = lines.len();
    match mutation {
        Mutation::Byte(at, byte) if !text.is_empty() => {
            let at = at.index(text.len());
            text[at] = *byte;
        }
        Mutation::Digit(at, digit) => {
            let digits: Vec<usize> = (0..text.len()).filter(|&i| text[i].is_ascii_digit()).collect();
            if !digits.is_empty() {
                text[digits[at.index(digits.len())]] = *digit;
            }
        }
        Mutation::DropLine(at) if len != 0 => return without(lines, at.index(len)),
        Mutation::RepeatLine(at) if len != 0 => {
            let line = lines[at.index(len)].clone();
            lines.insert(at.index(len), line);
            return lines.concat();
        }
        Mutation::SwapLines(a, b) if len != 0 => {
            lines.swap(a.index(len), b.index(len));
            return lines.concat();
        }
        Mutation::BlankLine(at) => {
            lines.insert(at.index(len + 1), b" \n".to_vec());
            return lines.concat();
        }
        Mutation::Crlf(None) => return String::from_utf8_lossy(&text).replace('\n', "\r\n").into_bytes(),
        Mutation::Crlf(Some(at)) if len != 0 => {
            let line = &mut lines[at.index(len)];
            if line.pop() == Some(b'\n') {
                line.extend(b"\r\n");
            }
            return lines.concat();
        }
        Mutation::Cut(at) => text.truncate(at.index(text.len() + 1)),
        Mutation::Tail(bytes) => text.extend(bytes.iter().filter(|&&byte| byte != b'\n')),
        _ => {}
    }
    text
}

/// `lines` without line `at`, joined.
fn without(mut lines: Vec<Vec<u8>>, at: usize) -> Vec<u8> {
    lines.remove(at);
    lines.concat()
}
