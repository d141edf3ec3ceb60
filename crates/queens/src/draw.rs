//! The three ways `queens boards` writes a board, given as the queen's
//! column per row (`columns[row] = col`, row 0 the top row, column 0 the
//! leftmost).

use std::io::{self, Write};

use clap::ValueEnum;
use n_queens::BoardSource;

/// How to write a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// A framed grid, one line per row, queens as ♛ (or `Q` in ASCII): n <= 64 (past 48,
    /// wider than 100 columns).
    Board,
    /// The judge's strings, one line per row, a blank line between boards: n <= 1000.
    Rows,
    /// The queen's column per row, one board a line (`1 3 0 2`): n <= 100,000,000.
    Columns,
}

impl Format {
    /// Its name, as `--format` takes it.
    pub fn name(self) -> String {
        self.to_possible_value().expect("no format is skipped").get_name().to_string()
    }

    /// The largest n this format writes: a board of 64 is 131 characters
    /// wide; one of 1000 rows, a million characters; one of 100,000,000
    /// columns, about a gigabyte of text (and 400 MB of memory to build).
    pub fn max_n(self) -> u32 {
        match self {
            Format::Board => 64,
            Format::Rows => 1000,
            Format::Columns => 100_000_000,
        }
    }

    /// Checks that this format can write a board of size `n`; the message
    /// points to what can: `--format columns` if `source` reaches `n`, else
    /// the first source that does.
    pub fn check(self, n: u32, source: BoardSource) -> Result<(), String> {
        if n <= self.max_n() {
            return Ok(());
        }
        let mut message = format!("--format {} writes boards up to n = {} (n = {n} asked)", self.name(), self.max_n());
        let widest = Format::Columns;
        if n > widest.max_n() {
            message.push_str(": no format writes a board that large");
        } else if n <= source.max_n() {
            message.push_str(&format!("; --format {} writes it, one board a line", widest.name()));
        } else if let Some(further) = BoardSource::all().find(|further| further.max_n() >= n) {
            message.push_str(&format!(
                "; {} goes that far: {} boards {n} --approach {} --format {}",
                further.name(),
                crate::common::RUN,
                further.name(),
                widest.name()
            ));
        }
        Err(message)
    }
}

/// The characters a grid is drawn with.
#[derive(Clone, Copy, Debug)]
pub struct Glyphs {
    queen: &'static str,
    empty: &'static str,
    top: [&'static str; 3],
    side: &'static str,
    bottom: [&'static str; 3],
}

impl Glyphs {
    /// Box-drawing characters and a chess queen.
    pub const UNICODE: Glyphs =
        Glyphs { queen: "♛", empty: "·", top: ["┌", "─", "┐"], side: "│", bottom: ["└", "─", "┘"] };
    /// Plain ASCII, for terminals and fonts without the Unicode ones.
    pub const ASCII: Glyphs =
        Glyphs { queen: "Q", empty: ".", top: ["+", "-", "+"], side: "|", bottom: ["+", "-", "+"] };

    /// Unicode unless `ascii` is asked for or the locale does not say UTF-8
    /// (`LC_ALL`, then `LC_CTYPE`, then `LANG`, as the C library reads them).
    pub fn pick(ascii: bool) -> Glyphs {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"]
            .iter()
            .filter_map(|name| std::env::var(name).ok())
            .find(|value| !value.is_empty())
            .unwrap_or_default()
            .to_ascii_lowercase();
        if !ascii && (locale.contains("utf-8") || locale.contains("utf8")) { Glyphs::UNICODE } else { Glyphs::ASCII }
    }
}

/// Writes one board in `format`. In [`Format::Rows`] and [`Format::Board`]
/// a blank line follows the board, so that boards stay apart.
pub fn write_board(out: &mut impl Write, columns: &[u32], format: Format, glyphs: Glyphs) -> io::Result<()> {
    let n = columns.len();
    match format {
        Format::Columns => {
            for (row, col) in columns.iter().enumerate() {
                write!(out, "{}{col}", if row == 0 { "" } else { " " })?;
            }
            writeln!(out)
        }
        Format::Rows => {
            for &col in columns {
                let col = col as usize;
                writeln!(out, "{}Q{}", ".".repeat(col), ".".repeat(n - col - 1))?;
            }
            writeln!(out)
        }
        Format::Board => {
            // Two characters a square ("♛ " or "· "), plus a space after the left side.
            let rule = glyphs.top[1].repeat(2 * n + 1);
            writeln!(out, "{}{rule}{}", glyphs.top[0], glyphs.top[2])?;
            for &col in columns {
                let squares: Vec<&str> =
                    (0..n).map(|square| if square == col as usize { glyphs.queen } else { glyphs.empty }).collect();
                writeln!(out, "{side} {} {side}", squares.join(" "), side = glyphs.side)?;
            }
            let rule = glyphs.bottom[1].repeat(2 * n + 1);
            writeln!(out, "{}{rule}{}", glyphs.bottom[0], glyphs.bottom[2])?;
            writeln!(out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_refuse_what_they_cannot_draw() {
        let streaming = BoardSource::default();
        assert!(Format::Board.check(Format::Board.max_n(), streaming).is_ok());
        assert!(Format::Rows.check(Format::Rows.max_n() + 1, streaming).is_err());
        assert!(Format::Columns.check(Format::Columns.max_n(), streaming).is_ok());
        assert!(Format::Columns.check(Format::Columns.max_n() + 1, streaming).unwrap_err().contains("no format"));
    }

    /// Past what a format draws, the message points to what writes that n:
    /// `--format columns` when the source reaches it, else a source that does.
    #[test]
    fn the_message_points_to_what_works() {
        let past = Format::Board.max_n() + 1;
        let reaches = BoardSource::all().find(|source| source.max_n() >= past).unwrap();
        let in_range = Format::Board.check(past, reaches).unwrap_err();
        assert!(in_range.ends_with("--format columns writes it, one board a line"), "{in_range}");
        let short = BoardSource::all().find(|source| source.max_n() < past).unwrap();
        let message = Format::Board.check(past, short).unwrap_err();
        assert!(message.contains(&format!("--approach {} --format columns", reaches.name())), "{message}");
    }
}
