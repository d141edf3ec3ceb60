//! The program the judge builds around a paste: its own `struct
//! Solution;`, the pasted text, and a `main` that answers the cases it is
//! asked, one at a time, over a channel ([`program`]); and that channel's
//! plain data, read back ([`read_answer`]).
//!
//! The channel is the program's standard input, a socket whose other end
//! the judge holds: the judge writes one `n` a line; for each, `main` calls
//! the solution and writes its answer:
//!
//! ```text
//! count 92                          LeetCode 52
//! boards 2                          LeetCode 51: the number of boards, then each
//! board 4                           board: its number of rows, then each row,
//! row 4 .Q..                        its length in bytes and its bytes
//! ...
//! panicked 12 9 31                  a panic: line and column in the program
//! attempt to subtract with overflow (0 0 elsewhere), then its message's length and bytes
//! ```
//!
//! Lengths, not quotes: any text a wrong answer holds reads back as it is.
//! The program holds nothing to forge: no token, no expected answer, no
//! path; whatever the answer writes on the channel can only make its own
//! answers right or wrong. What it prints goes elsewhere: standard output
//! is thrown away, as the judge does, and standard error kept for a crash's
//! message. `main` uses nothing newer than Rust 1.58, the judge's.

use crate::Problem;

/// The whole program: the judge's `struct Solution;`, the pasted text at
/// its own line `first` (from 1; the lines before it blank), then the
/// `main` that answers over the channel, then [`REFUSALS`]. So a line of
/// the program is the same line of the learner's file, in a compiler's
/// message as in a panic.
pub fn program(problem: Problem, pasted: &str, first: usize) -> String {
    let (call, write) = match problem {
        Problem::NQueensII => ("Solution::total_n_queens(n)", COUNT),
        Problem::NQueens => ("Solution::solve_n_queens(n)", BOARDS),
    };
    let main = MAIN.replace("CALL", call).replace("WRITE", write);
    format!("{}\n\n{main}", prefix(pasted, first))
}

/// The judge's own `struct Solution;` on the first line, then the pasted
/// text at its line `first` (at least 2), then [`REFUSALS`] (for a
/// learner's own tests, which libtest's `main` runs).
pub fn prefix(pasted: &str, first: usize) -> String {
    let blank = "\n".repeat(first.saturating_sub(1).max(1));
    format!("#![allow(dead_code)] struct Solution; // As the judge builds it.{blank}{pasted}\n\n{REFUSALS}")
}

/// How [`REFUSALS`] says a refused call on standard error: this, then its
/// number, and for `open` and `openat` the path (its first 64 bytes).
pub const REFUSED: &str = "refused system call ";

/// The program's answer to a system call that the fence refuses
/// (`crate::fence::allowlist`): on x86-64 the kernel sends `SIGSYS`, and
/// this handler makes the call fail with `EPERM` and says it on standard
/// error ([`REFUSED`]), at most 64 times, for the verdict to name what the
/// answer tried. It is installed before `main` and before the runtime's
/// own start (which opens `/proc/self/maps`, refused too), as the first
/// entry of `.init_array` that the C library runs. Written against the C
/// library's structures on x86-64 (`sigaction`, `siginfo_t`, `ucontext_t`),
/// with nothing newer than the judge's Rust.
pub const REFUSALS: &str = r#"// The fence's answer to a refused system call (docs/fence.md).
#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
mod the_judges_fence {
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[repr(C)]
    struct SigAction {
        handler: usize,
        mask: [u64; 16],
        flags: i32,
        restorer: usize,
    }

    extern "C" {
        fn sigaction(signal: i32, action: *const SigAction, old: *mut SigAction) -> i32;
        fn write(fd: i32, bytes: *const u8, count: usize) -> isize;
    }

    static SAID: AtomicUsize = AtomicUsize::new(0);

    extern "C" fn refused(_signal: i32, info: *const u8, context: *mut u8) {
        unsafe {
            // siginfo_t's call number; ucontext_t's registers, from RAX's slot the return value.
            let number = *(info.add(24) as *const i32);
            let registers = context.add(40) as *mut i64;
            *registers.add(13) = -1;
            if SAID.fetch_add(1, Ordering::Relaxed) >= 64 {
                return;
            }
            let mut line = [0u8; 100];
            let mut length = 0;
            for &byte in b"refused system call ".iter() {
                line[length] = byte;
                length += 1;
            }
            let (mut digits, mut count, mut left) = ([0u8; 10], 0, number as u32);
            loop {
                digits[count] = b'0' + (left % 10) as u8;
                count += 1;
                left /= 10;
                if left == 0 {
                    break;
                }
            }
            while count > 0 {
                count -= 1;
                line[length] = digits[count];
                length += 1;
            }
            // The path of `open` (RDI) or `openat` (RSI).
            let path = match number {
                2 => *registers.add(8),
                257 => *registers.add(9),
                _ => 0,
            } as usize as *const u8;
            if !path.is_null() {
                line[length] = b' ';
                length += 1;
                let mut at = 0;
                while at < 64 && *path.add(at) != 0 {
                    line[length] = *path.add(at);
                    length += 1;
                    at += 1;
                }
            }
            line[length] = b'\n';
            write(2, line.as_ptr(), length + 1);
        }
    }

    extern "C" fn install() {
        // SA_SIGINFO | SA_ONSTACK, for SIGSYS.
        let handler = refused as *const () as usize;
        let action = SigAction { handler, mask: [0; 16], flags: 4 | 0x0800_0000, restorer: 0 };
        unsafe {
            sigaction(31, &action, std::ptr::null_mut());
        }
    }

    #[used]
    #[link_section = ".init_array"]
    static INSTALL: extern "C" fn() = install;
}
"#;

/// The `main` of [`program`], with `CALL` the solution's call and `WRITE`
/// the writing of its answer. Its panic hook keeps the message and place
/// (not printed, as the judge shows none); a case that panics says them.
const MAIN: &str = r#"// The judge's main: the cases come on the channel, one n a line, and
// each answer goes back on it.
fn main() {
    use std::io::{BufRead, Write};
    // Standard input is the channel, a socket the judge opened both ways.
    let channel: std::fs::File = unsafe { std::os::unix::io::FromRawFd::from_raw_fd(0) };
    let mut out = std::io::BufWriter::new(channel.try_clone().expect("the channel"));
    let panicked = std::sync::Arc::new(std::sync::Mutex::new(None));
    let last = panicked.clone();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = match (payload.downcast_ref::<&str>(), payload.downcast_ref::<String>()) {
            (Some(text), _) => text.to_string(),
            (_, Some(text)) => text.clone(),
            _ => String::new(),
        };
        let place = match info.location() {
            Some(at) if at.file().ends_with(".rs") && !at.file().contains('/') => (at.line(), at.column()),
            _ => (0, 0),
        };
        *last.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some((place, message));
    }));
    for line in std::io::BufReader::new(channel).lines() {
        let n: i32 = line.expect("a case").trim().parse().expect("a case is a number");
        // Each case on a thread of its own, named after its n, with the
        // main thread's stack: a stack overflow there is said as one.
        let case = std::thread::Builder::new().name(format!("n = {}", n)).stack_size(8 << 20);
        match case.spawn(move || CALL).expect("a thread for the case").join() {
            Ok(answer) => {
                WRITE
            }
            Err(_) => {
                let taken = panicked.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).take();
                let ((line, column), message) = taken.unwrap_or_default();
                write!(out, "panicked {} {} {}\n{}\n", line, column, message.len(), message).expect("the channel");
            }
        }
        out.flush().expect("the channel");
    }
}
"#;

/// How `main` writes a count.
const COUNT: &str = r#"write!(out, "count {}\n", answer).expect("the channel");"#;

/// How `main` writes boards.
const BOARDS: &str = r#"write!(out, "boards {}\n", answer.len()).expect("the channel");
                for board in answer.iter() {
                    write!(out, "board {}\n", board.len()).expect("the channel");
                    for row in board.iter() {
                        write!(out, "row {} {}\n", row.len(), row).expect("the channel");
                    }
                }"#;

/// What one case's answer was, as the channel says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// LeetCode 52's count.
    Count(i64),
    /// LeetCode 51's boards.
    Boards(Vec<Vec<String>>),
    /// A panic: its line and column in the program (`None` when not in it),
    /// and its message.
    Panicked(Option<(usize, usize)>, String),
}

/// Reading the channel's bytes.
#[derive(Debug, PartialEq, Eq)]
pub enum Read {
    /// One whole answer, and how many bytes it took.
    Whole(Answer, usize),
    /// Not all of it has come yet.
    Partial,
    /// Not an answer: what was wrong.
    Bad(String),
}

/// Reads one answer from the start of `bytes`, as `main` writes it for `problem`.
pub fn read_answer(problem: Problem, bytes: &[u8]) -> Read {
    let mut reader = Reader { bytes, at: 0 };
    match reader.answer(problem) {
        Ok(answer) => Read::Whole(answer, reader.at),
        Err(None) => Read::Partial,
        Err(Some(bad)) => Read::Bad(bad),
    }
}

/// A cursor over the channel's bytes; `Err(None)` is "more to come".
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

/// `Err(None)`: more bytes are needed; `Err(Some(why))`: not an answer.
type Step<T> = Result<T, Option<String>>;

impl Reader<'_> {
    fn answer(&mut self, problem: Problem) -> Step<Answer> {
        let word = self.word()?;
        match (word.as_str(), problem) {
            ("count", Problem::NQueensII) => {
                let count = self.number_to(b'\n')?;
                Ok(Answer::Count(count))
            }
            ("boards", Problem::NQueens) => {
                let count = self.number_to(b'\n')?;
                let mut boards = Vec::new();
                for _ in 0..count {
                    self.expect_word("board")?;
                    let rows = self.number_to(b'\n')?;
                    let mut board = Vec::new();
                    for _ in 0..rows {
                        self.expect_word("row")?;
                        board.push(self.text_to(b' ')?);
                    }
                    boards.push(board);
                }
                Ok(Answer::Boards(boards))
            }
            ("panicked", _) => {
                let line = self.number_to(b' ')?;
                let column = self.number_to(b' ')?;
                let message = self.text_to(b'\n')?;
                let place = (line > 0).then_some((line as usize, column as usize));
                Ok(Answer::Panicked(place, message))
            }
            _ => Err(Some(format!("`{word}` where an answer starts"))),
        }
    }

    /// The bytes up to the next space, which is passed.
    fn word(&mut self) -> Step<String> {
        let rest = &self.bytes[self.at..];
        let Some(end) = rest.iter().position(|&byte| byte == b' ') else {
            return if rest.len() > 16 { Err(Some("no answer".to_string())) } else { Err(None) };
        };
        self.at += end + 1;
        Ok(String::from_utf8_lossy(&rest[..end]).into_owned())
    }

    fn expect_word(&mut self, expected: &str) -> Step<()> {
        let word = self.word()?;
        if word == expected { Ok(()) } else { Err(Some(format!("`{word}` where `{expected}` belongs"))) }
    }

    /// A whole number (perhaps negative) up to `end`, which is passed.
    fn number_to(&mut self, end: u8) -> Step<i64> {
        let rest = &self.bytes[self.at..];
        let Some(length) = rest.iter().position(|&byte| byte == end) else {
            return if rest.len() > 24 { Err(Some("a number too long".to_string())) } else { Err(None) };
        };
        let text = String::from_utf8_lossy(&rest[..length]);
        let number = text.parse().map_err(|_| Some(format!("{text:?} where a number belongs")))?;
        self.at += length + 1;
        Ok(number)
    }

    /// A length, `end`, that many bytes and a line end: the text between.
    fn text_to(&mut self, end: u8) -> Step<String> {
        let length = self.number_to(end)?;
        let length = usize::try_from(length).map_err(|_| Some(format!("a length of {length}")))?;
        let rest = &self.bytes[self.at..];
        if rest.len() < length + 1 {
            return Err(None);
        }
        if rest[length] != b'\n' {
            return Err(Some("a text longer than its length".to_string()));
        }
        self.at += length + 1;
        Ok(String::from_utf8_lossy(&rest[..length]).into_owned())
    }
}

/// Where the pasted text of a learner's file sits in the program.
#[derive(Clone, Copy, Debug)]
pub struct Place<'a> {
    /// The file's path from the workspace root.
    pub shown: &'a str,
    /// Its text.
    pub source: &'a str,
    /// The pasted part of it, a slice of `source`.
    pub pasted: &'a str,
}

impl Place<'_> {
    /// The line of the file where the pasted text starts, from 1: where
    /// [`program`] puts it.
    pub fn first(&self) -> usize {
        let start = self.pasted.as_ptr() as usize - self.source.as_ptr() as usize;
        self.source[..start].matches('\n').count() + 1
    }

    /// The program's line `line` (from 1) as a place in the file,
    /// `exercises/bitmask.rs:12`, or else `the judge's main, line 40`.
    pub fn line(&self, line: usize) -> String {
        let first = self.first();
        if (first..first + self.pasted.lines().count()).contains(&line) {
            format!("{}:{line}", self.shown)
        } else {
            format!("the judge's main, line {line}")
        }
    }

    /// A line and column of the program as a place in the file, `exercises/bitmask.rs:12:9`;
    /// `None` when it is not in the pasted text.
    pub fn at(&self, (line, column): (usize, usize)) -> Option<String> {
        let place = self.line(line);
        place.starts_with(self.shown).then(|| format!("{place}:{column}"))
    }

    /// `text` with each place `source:LINE` in the program's file written
    /// as the place in the learner's file ([`Place::line`]).
    pub fn in_file(&self, text: &str, source: &str) -> String {
        let mut parts = text.split(source);
        let mut said = parts.next().unwrap_or_default().to_string();
        for part in parts {
            let digits: String = part
                .strip_prefix(':')
                .map(|rest| rest.chars().take_while(char::is_ascii_digit).collect())
                .unwrap_or_default();
            match digits.parse() {
                Ok(line) => {
                    said.push_str(&self.line(line));
                    said.push_str(&part[1 + digits.len()..]);
                }
                Err(_) => {
                    said.push_str(source);
                    said.push_str(part);
                }
            }
        }
        said
    }

    /// The first error in the compiler's `stderr`, with its place in the file.
    pub fn first_error(&self, stderr: &str) -> String {
        let lines: Vec<&str> = stderr.lines().collect();
        let Some(index) = lines.iter().position(|line| line.starts_with("error")) else {
            return stderr.lines().next().unwrap_or("no message").to_string();
        };
        let place = lines[index + 1..].iter().find_map(|line| line.trim_start().strip_prefix("--> "));
        match place.and_then(line_and_column) {
            Some((line, column)) => format!("{} (at {}:{column})", lines[index], self.line(line)),
            None => lines[index].to_string(),
        }
    }
}

/// The line and column of a compiler's place, `file.rs:12:5`.
pub fn line_and_column(place: &str) -> Option<(usize, usize)> {
    let mut parts = place.rsplitn(3, ':');
    let column = parts.next()?.parse().ok()?;
    Some((parts.next()?.parse().ok()?, column))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_read_back_whole_or_partial() {
        let count = b"count -3\nrest";
        assert_eq!(read_answer(Problem::NQueensII, count), Read::Whole(Answer::Count(-3), 9));
        assert_eq!(read_answer(Problem::NQueensII, b"count 12"), Read::Partial);
        let boards = b"boards 2\nboard 1\nrow 1 Q\nboard 2\nrow 3 a b\nrow 0 \n";
        let expected = Answer::Boards(vec![vec!["Q".to_string()], vec!["a b".to_string(), String::new()]]);
        assert_eq!(read_answer(Problem::NQueens, boards), Read::Whole(expected, boards.len()));
        for cut in 0..boards.len() {
            assert_eq!(read_answer(Problem::NQueens, &boards[..cut]), Read::Partial, "cut at {cut}");
        }
        let panicked = b"panicked 12 9 5\nab\ncd\n";
        let expected = Answer::Panicked(Some((12, 9)), "ab\ncd".to_string());
        assert_eq!(read_answer(Problem::NQueens, panicked), Read::Whole(expected, panicked.len()));
        let elsewhere = b"panicked 0 0 0\n\n";
        assert_eq!(
            read_answer(Problem::NQueensII, elsewhere),
            Read::Whole(Answer::Panicked(None, String::new()), elsewhere.len())
        );
    }

    #[test]
    fn what_is_no_answer_is_said() {
        let bad = |problem, bytes: &[u8]| match read_answer(problem, bytes) {
            Read::Bad(why) => why,
            other => panic!("{other:?}"),
        };
        assert_eq!(bad(Problem::NQueensII, b"boards 1\n"), "`boards` where an answer starts");
        assert_eq!(bad(Problem::NQueensII, b"count x\n"), "\"x\" where a number belongs");
        assert_eq!(bad(Problem::NQueens, b"boards 1\nrow 1 Q\n"), "`row` where `board` belongs");
        assert_eq!(bad(Problem::NQueens, b"boards 1\nboard 1\nrow 1 QQ\n"), "a text longer than its length");
        assert_eq!(bad(Problem::NQueens, b"boards 1\nboard 1\nrow -1 \n"), "a length of -1");
        assert_eq!(bad(Problem::NQueensII, &[b'x'; 40]), "no answer");
    }

    #[test]
    fn a_place_in_the_program_is_said_in_the_learners_file() {
        let source = "//! Header.\n\npub struct Solution;\n\nimpl Solution {\n    fn f() {}\n}\n";
        let pasted = crate::exercise_text(source).unwrap();
        let place = Place { shown: "ex/b.rs", source, pasted };
        let program = program(Problem::NQueensII, pasted, place.first());
        let line = program.lines().position(|line| line == "    fn f() {}").unwrap() + 1;
        assert_eq!(line, 6, "the same line as in the file");
        assert_eq!(place.line(line), "ex/b.rs:6");
        assert_eq!(place.at((line, 5)), Some("ex/b.rs:6:5".to_string()));
        assert_eq!(place.at((line + 20, 5)), None);
        assert_eq!(place.line(2), "the judge's main, line 2");
    }
}
