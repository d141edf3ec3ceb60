//! The picture for the docs: a whole search as one self-contained animated
//! SVG, one frame per event, to be read on a phone (412 px wide): the board,
//! the running line of the source, the event in words, the reads, the
//! counters. CSS shows each frame for its own time, long enough to read what
//! is new on it (no script). Every mark has a symbol besides its colour.

use std::fmt::Write;

use n_queens_steps::chain::Step;

use super::check::{binary, stack_lines};
use super::event::{Event, Line as Ray};
use super::mistakes::Mistake;
use super::search::Search;
use super::source::shown;
use super::square::{Queen, Square};
use super::squares::squares;
use super::state::State;
use super::steps::{Free, Panel};
use super::words::{Change, FLAG_NAMES, WRONG_MARK, back_text, crash_text, flag_changes, read_text, said};
use super::wrap::{string_starts, wrap_code, wrap_prose};
use queens_cli::Problem;

/// The side of a square, in pixels.
const CELL: usize = 40;
/// Where the board starts.
const LEFT: usize = 24;
const TOP: usize = 64;
/// A line of text, in pixels.
const LINE: usize = 20;
/// The width of one character at 14 px in the monospace fonts named, with room to spare.
const CHAR: f64 = 8.6;
/// The narrowest picture: fits a phone's 412 px at full size.
const MIN_WIDTH: usize = 412;
/// Seconds in one tick of the loop; a frame lasts a whole number of ticks.
const TICK: f64 = 0.25;
/// The time a frame is shown besides the time to read what is new on it, in seconds.
const GLANCE: f64 = 0.5;
/// The least time a frame is shown, in seconds.
const LEAST: f64 = 1.0;
/// Characters of new text a second a frame gives its reader, over [`GLANCE`]:
/// the picture cannot be paused.
const READ_RATE: f64 = 25.0;
/// The largest picture written, in bytes.
const LIMIT: usize = 4 << 20;
/// Fewer bytes than any frame takes: a run with more events than `LIMIT / this` cannot fit.
const LEAST_PER_FRAME: usize = 200;

/// The picture's size, the text width it wraps at, and where each part stands.
struct Layout {
    n: usize,
    width: usize,
    /// Characters a line of text holds.
    columns: usize,
    /// Step 3: its strips of flags are drawn.
    strips: bool,
    /// Where the running code line's rows start.
    code_top: usize,
    /// Where step 3's three strips of flags stand, under the code and a row of their indices.
    strips_top: usize,
    /// Where the lines of text under the code (and the strips) start.
    text_top: usize,
}

/// The SVG text of the whole search of the n×n board by `step`, or why it is refused.
pub fn write(n: usize, step: &'static Step, mistake: Option<Mistake>, problem: Problem) -> Result<String, String> {
    let width = (2 * LEFT + n * CELL).max(MIN_WIDTH).max(LEFT + 140 + (2 * n) * 16);
    let columns = ((width - 2 * LEFT) as f64 / CHAR) as usize;
    // A first pass: how many events, and the most rows a running line wraps to.
    let text = shown(problem, step, mistake);
    let strings = string_starts(&text);
    let (mut events, mut code_rows) = (0usize, 1);
    let mut search = Search::new(n, step, mistake);
    loop {
        let event = search.next_event();
        events += 1;
        if events > LIMIT / LEAST_PER_FRAME {
            return Err(too_large(n, step, &format!("more than {} events", events - 1)));
        }
        if let Some(at) = running(&text, &search, problem, &event) {
            code_rows = code_rows.max(code_line(&text, &strings, at, search.mistake, columns).len());
        }
        if event == Event::Done {
            break;
        }
    }
    let strips = matches!(search.checker().panel(), Panel::Flags { .. });
    // The running code line is given the same rows in every frame.
    let code_top = TOP + n * CELL + 28;
    let strips_top = code_top + code_rows * LINE + 12 + if strips { 14 } else { 0 };
    let text_top = strips_top + if strips { 3 * LINE + 8 } else { 0 };
    let layout = Layout { n, width, columns, strips, code_top, strips_top, text_top };
    let mut search = Search::new(n, step, mistake);
    let mut state = State::default();
    let (mut frames, mut bytes, mut rows) = (Vec::with_capacity(events), 0, 0);
    let mut before: Vec<String> = Vec::new();
    loop {
        let event = search.next_event();
        state.apply(event);
        let (body, texts, used) = frame(&layout, &search, &state, event, &text, &strings, problem);
        let new = new_characters(&before, &texts);
        before = texts;
        bytes += body.len() + 80;
        if bytes > LIMIT {
            return Err(too_large(n, step, &format!("{events} events")));
        }
        rows = rows.max(used);
        frames.push((body, ticks(&event, new)));
        if event == Event::Done {
            break;
        }
    }
    Ok(assemble(&layout, &frames, rows, step, mistake))
}

fn too_large(n: usize, step: &Step, events: &str) -> String {
    format!(
        "--svg: watch {n} --approach {} has {events}, one frame each: its picture would pass {} MiB, the limit; a smaller n fits",
        step.name,
        LIMIT >> 20
    )
}

/// The header, the board drawn once, and the frames, each shown for its ticks.
fn assemble(layout: &Layout, frames: &[(String, usize)], rows: usize, step: &Step, mistake: Option<Mistake>) -> String {
    let Layout { n, width, .. } = *layout;
    let height = layout.text_top + rows * LINE + 12;
    let total: usize = frames.iter().map(|frame| frame.1).sum();
    let loop_seconds = total as f64 * TICK;
    let mut svg = String::new();
    let _ = write!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" \
         width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n<style>\n\
         text{{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:14px;fill:#222;white-space:pre}}\n\
         .f{{opacity:0;animation-duration:{loop_seconds}s;animation-timing-function:step-end;animation-iteration-count:infinite}}\n"
    );
    for ticks in frames.iter().map(|frame| frame.1).collect::<std::collections::BTreeSet<_>>() {
        let _ = writeln!(
            svg,
            "@keyframes k{ticks}{{0%{{opacity:1}}{:.5}%{{opacity:0}}}}",
            100.0 * ticks as f64 / total as f64
        );
    }
    svg.push_str(
        ".l{fill:#f0d9b5}.d{fill:#b58863}.t{fill:#f6d743}.r{fill:#6cc5e0}.a{fill:#e8615a}.g{fill:#8fd68f}\
         .o{fill:#fff;stroke:#aaa}.k{stroke:#222;stroke-width:2}\n.dim{fill:#888}.run{fill:#7a4f00}.bad{fill:#c0392b;font-weight:bold}\
         .m{font-size:20px;font-weight:bold}.c{font-size:16px;font-weight:bold}.ix{fill:#888;font-size:10px}\n</style>\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n\
         <defs>\n",
    );
    // Each kind of square, with its symbols (Square::symbol): `?` tried; blue read, red
    // blocked, each line by its symbol; green `○` free; a queen, and in the corner what the
    // last events did with it, over the colour of the square it stands on.
    let glyph = |id: &str, class: &str, symbol: &str| {
        format!(
            "<g id=\"{id}\"><rect width=\"{CELL}\" height=\"{CELL}\" class=\"{class}\"/>\
             <text x=\"20\" y=\"26\" text-anchor=\"middle\" class=\"m\">{}</text></g>",
            escape(symbol)
        )
    };
    let queen = |id: &str, class: &str, mark: &str| {
        let (square, mark) = match mark {
            "" => (String::new(), String::new()),
            _ => (
                format!("<rect width=\"{CELL}\" height=\"{CELL}\" class=\"{class}\"/>"),
                format!("<text x=\"7\" y=\"14\" text-anchor=\"middle\" class=\"c\">{}</text>", escape(mark)),
            ),
        };
        // The disc a little off the corner, to leave the mark room.
        format!(
            "<g id=\"{id}\">{square}<circle cx=\"22\" cy=\"22\" r=\"12\" fill=\"#222\"/>\
             <text x=\"22\" y=\"27\" text-anchor=\"middle\" style=\"fill:#fff;font-weight:bold\">Q</text>{mark}</g>\n"
        )
    };
    for square in every_square() {
        let symbols = square.symbol();
        let (mark, symbol) = symbols.split_at(symbols.char_indices().nth(1).map_or(0, |(at, _)| at));
        let (id, class) = id(square);
        svg.push_str(&match square {
            Square::Empty => continue,
            Square::Queen(_) => queen(&id, class, mark.trim()),
            _ => glyph(&id, class, symbol),
        });
    }
    svg.push_str("</defs>\n");
    let title = match mistake {
        Some(mistake) => format!("{}, n = {n}, mistake {}", step.name, mistake.row().number),
        None => format!("{}, n = {n}: the whole search", step.name),
    };
    let _ = writeln!(svg, "<text x=\"{LEFT}\" y=\"24\" style=\"font-weight:bold\">{}</text>", escape(&title));
    for col in 0..n {
        let x = LEFT + col * CELL + CELL / 2;
        let _ = write!(svg, "<text x=\"{x}\" y=\"{}\" class=\"dim\" text-anchor=\"middle\">{col}</text>", TOP - 8);
    }
    for row in 0..n {
        let y = TOP + row * CELL + 25;
        let _ = write!(svg, "<text x=\"{}\" y=\"{y}\" class=\"dim\" text-anchor=\"middle\">{row}</text>", LEFT / 2);
        for col in 0..n {
            let class = if (row + col) % 2 == 0 { "l" } else { "d" };
            let (x, y) = (LEFT + col * CELL, TOP + row * CELL);
            let _ = write!(svg, "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" class=\"{class}\"/>");
        }
        svg.push('\n');
    }
    if layout.strips {
        let lengths = [n, (2 * n).saturating_sub(1), (2 * n).saturating_sub(1)];
        // Each flag's index, over the three strips.
        let y = layout.strips_top - LINE + 2;
        for index in 0..lengths[1] {
            let x = LEFT + 140 + index * 16 + 7;
            let _ = write!(svg, "<text x=\"{x}\" y=\"{y}\" class=\"ix\" text-anchor=\"middle\">{index}</text>");
        }
        svg.push('\n');
        for (kind, (name, length)) in FLAG_NAMES.iter().zip(lengths).enumerate() {
            let y = layout.strips_top + kind * LINE;
            let _ = write!(svg, "<text x=\"{LEFT}\" y=\"{y}\">{name}</text>");
            for index in 0..length {
                let _ = write!(svg, "{}", flag_box(index, y, "o", false));
            }
            svg.push('\n');
        }
    }
    let mut start = 0;
    for (body, ticks) in frames {
        let delay = start as f64 * TICK;
        let _ = writeln!(svg, "<g class=\"f\" style=\"animation-name:k{ticks};animation-delay:{delay}s\">{body}</g>");
        start += ticks;
    }
    svg.push_str("</svg>\n");
    svg
}

/// The index of the line of the file shown that `event` runs, as the search's checker says.
fn running(text: &str, search: &Search, problem: Problem, event: &Event) -> Option<usize> {
    search.checker().line(event, problem)?.find(text)
}

/// The rows of the running line `at` of `text` (`strings`: whether each line
/// starts inside a string literal), `columns` wide, each after its marks:
/// `▶`, and on a mistake's wrong line `✗`, so that no row is told by its colour alone.
fn code_line(text: &str, strings: &[bool], at: usize, mistake: Option<Mistake>, columns: usize) -> Vec<String> {
    let line = text.lines().nth(at).unwrap_or_default();
    let wrong = mistake.is_some_and(|mistake| line.contains(mistake.row().line));
    let marks = if wrong { format!("▶ {WRONG_MARK} ") } else { "▶ ".to_string() };
    let width = columns - marks.chars().count();
    let rows = wrap_code(line.trim_start(), strings[at], width, width, 2);
    rows.into_iter().map(|row| marks.clone() + &row).collect()
}

/// Every kind of square, each once.
fn every_square() -> impl Iterator<Item = Square> {
    [Square::Empty, Square::Tried, Square::Free]
        .into_iter()
        .chain(Ray::ALL.map(Square::Read))
        .chain(Ray::ALL.map(Square::Blocked))
        .chain([Queen::Still, Queen::Placed, Queen::Compared, Queen::Refuses].map(Square::Queen))
}

/// A kind of square's id among the picture's definitions, and the class of its colour.
fn id(square: Square) -> (String, &'static str) {
    let (id, class) = match square {
        Square::Empty => ("", ""),
        Square::Tried => ("t", "t"),
        Square::Read(line) => return (format!("r{}", line as usize + 1), "r"),
        Square::Blocked(line) => return (format!("a{}", line as usize + 1), "a"),
        Square::Free => ("g", "g"),
        Square::Queen(Queen::Still) => ("q", ""),
        Square::Queen(Queen::Placed) => ("qp", "t"),
        Square::Queen(Queen::Compared) => ("qc", "r"),
        Square::Queen(Queen::Refuses) => ("qr", "a"),
    };
    (id.to_string(), class)
}

/// One frame's group, its lines of text, and the rows it uses under the code.
fn frame(
    layout: &Layout,
    search: &Search,
    state: &State,
    event: Event,
    text: &str,
    strings: &[bool],
    problem: Problem,
) -> (String, Vec<String>, usize) {
    let n = search.n;
    let mut body = String::new();
    // Each square once, as the kind of square it is now.
    for (row, squares) in squares(search, state).into_iter().enumerate() {
        for (col, square) in squares.into_iter().enumerate().filter(|(_, square)| *square != Square::Empty) {
            let (x, y) = (LEFT + col * CELL, TOP + row * CELL);
            let _ = write!(body, "<use xlink:href=\"#{}\" x=\"{x}\" y=\"{y}\"/>", id(square).0);
        }
    }
    let (row, col) = state.tried.unwrap_or((search.queens().len(), 0));
    let mut lines: Vec<(String, &str)> = vec![(describe(&event, search, state), "")];
    // Step 3: a place or a back says what it changes, in place of the reads it follows.
    let changes = flag_changes(&event, search);
    let reads_shown = !matches!(event, Event::Place { .. } | Event::Back { .. } | Event::Solution) || !layout.strips;
    for read in state.reads.iter().filter(|_| reads_shown) {
        if matches!(read, Event::Scan { .. } | Event::Compare { .. } | Event::Flag { .. }) {
            lines.push((read_text(read, search, row, col), ""));
        }
    }
    lines.extend(changes.iter().map(|change| (change.3.clone(), "")));
    if let Some(crash) = state.crash {
        lines.push((crash_text(crash, search, row, col), "bad"));
    }
    for (row, &col) in search.queens().iter().enumerate() {
        if col >= n || row >= n {
            lines.push((format!("row {row}: the queen stands in column {col}, off the board"), "bad"));
        }
    }
    if let Panel::Calls(calls) = search.checker().panel() {
        lines.extend(stack_lines(calls, n).into_iter().map(|line| (line, "")));
    }
    if layout.strips {
        for kind in 0..3 {
            flag_strip(&mut body, search, state, reads_shown, &changes, kind, layout.strips_top + kind * LINE);
        }
    }
    lines.push((String::new(), ""));
    lines.push((counters(search, state), ""));
    if let Some(row) = search.mistake.map(|mistake| mistake.row()) {
        lines.push((format!("{WRONG_MARK} mistake {} {}: {}", row.number, row.name, row.effect), "bad"));
    }
    let mut texts = Vec::new();
    // The running line, in its fixed place under the board.
    if let Some(at) = state.running().and_then(|event| running(text, search, problem, &event)) {
        let rows = code_line(text, strings, at, search.mistake, layout.columns);
        let class = if rows[0].contains(WRONG_MARK) { "bad" } else { "run" };
        for (index, row) in rows.into_iter().enumerate() {
            let y = layout.code_top + index * LINE;
            let _ = write!(body, "<text x=\"{LEFT}\" y=\"{y}\" class=\"{class}\">{}</text>", escape(&row));
            texts.push(row);
        }
    }
    let mut y = layout.text_top;
    for (line, class) in &lines {
        // Wrapped between words (a line of the stack fits a row).
        let pieces = if line.is_empty() { vec![String::new()] } else { wrap_prose(line, layout.columns) };
        for piece in pieces {
            let class = if class.is_empty() { String::new() } else { format!(" class=\"{class}\"") };
            let _ = write!(body, "<text x=\"{LEFT}\" y=\"{y}\"{class}>{}</text>", escape(&piece));
            texts.push(piece);
            y += LINE;
        }
    }
    (body, texts, (y - layout.text_top) / LINE)
}

/// A line with each run of digits as one `#`: two lines of the same shape
/// differ only in their numbers.
fn shape(line: &str) -> String {
    let mut shape = String::new();
    for c in line.chars() {
        match c.is_ascii_digit() {
            true if shape.ends_with('#') => {}
            true => shape.push('#'),
            false => shape.push(c),
        }
    }
    shape
}

/// The characters of the lines `now` not on the frame `before`: none for a
/// line there, the changed part of one that differs from the line in its
/// place there only in its numbers (its place: the k-th line of its shape;
/// `placed 3` after `placed 2`: one), and every character of any other line,
/// the code's rows too.
fn new_characters(before: &[String], now: &[String]) -> usize {
    let mut new = 0;
    for (at, line) in now.iter().enumerate() {
        if before.contains(line) {
            continue;
        }
        let shape_now = shape(line);
        let place = now[..at].iter().filter(|other| shape(other) == shape_now).count();
        let text: Vec<char> = line.chars().collect();
        new += match before.iter().filter(|other| shape(other) == shape_now).nth(place) {
            Some(old) => {
                let old: Vec<char> = old.chars().collect();
                let start = text.iter().zip(&old).take_while(|(a, b)| a == b).count();
                let end = text[start..].iter().rev().zip(old[start.min(old.len())..].iter().rev());
                text.len() - start - end.take_while(|(a, b)| a == b).count()
            }
            None => text.len(),
        };
    }
    new
}

/// The ticks a frame with `new` characters of new text is shown: half a
/// second and the time to read them, one second at least; a solution 3
/// seconds at least, the end 4.
fn ticks(event: &Event, new: usize) -> usize {
    let least = match event {
        Event::Solution => 3.0,
        Event::Done | Event::Crash(_) => 4.0,
        _ => LEAST,
    };
    let seconds = (GLANCE + new as f64 / READ_RATE).max(least);
    (seconds / TICK - 1e-9).ceil() as usize
}

/// Over the strip of step 3's array `kind` (drawn once, all 0): its flags
/// set, those read while `reads` are shown (blue free, red taken), and those
/// a place or a back changes (green, red when the mistake keeps them set),
/// the ones read or changed outlined.
fn flag_strip(
    body: &mut String,
    search: &Search,
    state: &State,
    reads: bool,
    changes: &[(Ray, usize, Change, String)],
    kind: usize,
    y: usize,
) {
    let line = Ray::ALL[kind];
    let Panel::Flags { lines, .. } = search.checker().panel() else { return };
    for (index, &taken) in lines[kind].iter().enumerate() {
        let read = reads
            && state
                .reads
                .iter()
                .any(|read| matches!(*read, Event::Flag { line: l, index: i, .. } if l == line && i == index));
        let change = changes.iter().find(|change| (change.0, change.1) == (line, index)).map(|change| change.2);
        // A flag read or changed is outlined, as the terminal puts it between brackets.
        let class = match (change, read, taken) {
            (Some(Change::Kept), _, _) => "a k",
            (Some(_), _, _) => "g k",
            (None, true, true) => "a k",
            (None, true, false) => "r k",
            (None, false, true) => "o",
            (None, false, false) => continue,
        };
        body.push_str(&flag_box(index, y, class, taken));
    }
}

/// One flag's box, right of its array's name, on the line at `y`.
fn flag_box(index: usize, y: usize, class: &str, taken: bool) -> String {
    let x = LEFT + 140 + index * 16;
    format!(
        "<rect x=\"{x}\" y=\"{}\" width=\"15\" height=\"18\" class=\"{class}\"/>\
         <text x=\"{}\" y=\"{y}\" text-anchor=\"middle\">{}</text>",
        y - 14,
        x + 7,
        u8::from(taken)
    )
}

/// The counters line, each noun singular or plural.
fn counters(search: &Search, state: &State) -> String {
    let counted = |count: u64, one: &str, many: &str| format!("{count} {}", if count == 1 { one } else { many });
    let (one, many) = (search.checker().one_check(), search.step.check_unit.unwrap_or("checks"));
    let expected = n_queens_steps::oeis::A000170.get(search.n).copied().unwrap_or_default();
    format!(
        "placed {} · {} · {} · {} of {expected}",
        state.nodes,
        counted(state.checks, one, many),
        counted(state.backtracks, "backtrack", "backtracks"),
        counted(state.solutions, "solution", "solutions"),
    )
}

/// The event in words: the status line's, with what a `back` does next and step 4's values.
fn describe(event: &Event, search: &Search, state: &State) -> String {
    let n = search.n;
    match *event {
        // The code line above says how each is computed.
        Event::Masks { row, free, .. } => format!("free of row {row} = {}", binary(free, n)),
        Event::Lowest { row, lowest } => format!("lowest: column {0}, try ({row}, {0})", lowest.trailing_zeros()),
        Event::Cleared { free, .. } => format!("{} = {}", said(event, state), binary(free, n)),
        Event::Back { row, col } => match search.checker().panel() {
            Panel::Calls(calls) => match calls.last().map(|call| call.free) {
                Some(Free::Left(0)) => {
                    format!("back: the queen of ({row}, {col}) is taken off; row {row} has no free square left")
                }
                _ => format!("back: the queen of ({row}, {col}) is taken off; row {row} goes on with its free"),
            },
            _ => back_text(row, col, n),
        },
        Event::Crash(_) => "the run ends here".to_string(),
        Event::Done => "done: the search is over".to_string(),
        _ => said(event, state),
    }
}

/// Text made safe for XML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}
