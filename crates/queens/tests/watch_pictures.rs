//! End-to-end: the pictures of `queens watch --svg`, read back as a browser
//! would lay them out, held against the committed ones and docs/watch.md.

use std::path::{Path, PathBuf};

use run::queens;

mod run;

/// The steps watch shows, from the chain's manifest.
macro_rules! watched {
    ($($name:ident $file:literal { $($field:tt)* })*) => { [$($file),*] };
}
const STEPS: &[&str] = &n_queens_chain::steps!([watched] => watched);

/// A glyph of the monospace fonts named, at 14 px: 0.6 em.
const GLYPH: f64 = 8.4;

/// A picture written to a temporary file, and its text. Each call has a
/// folder of its own, removed when it returns: the tests run at once, and
/// two may ask for the same picture.
fn picture(args: &[&str]) -> (std::process::Output, Option<String>) {
    let dir = tempfile::Builder::new().prefix("queens-watch-svg-").tempdir().expect("a temporary folder");
    let file: PathBuf = dir.path().join(format!("{}.svg", args.join("_")));
    let output = queens(&[&["watch"][..], args, &["--svg", file.to_str().expect("UTF-8")]].concat());
    let text = std::fs::read_to_string(&file).ok();
    (output, text)
}

/// The value of `name="..."` in `tag`.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    Some(&tag[start..start + tag[start..].find('"')?])
}

/// Each `<text ...>content</text>` of `svg`: its opening tag and its content, unescaped.
fn texts(svg: &str) -> Vec<(&str, String)> {
    svg.split("<text")
        .skip(1)
        .filter_map(|piece| {
            let (tag, rest) = piece.split_once('>')?;
            let content = rest.split_once("</text>")?.0;
            Some((tag, content.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")))
        })
        .collect()
}

/// The frames: each group's animation name and its text.
fn frames(svg: &str) -> Vec<(String, &str)> {
    svg.lines()
        .filter(|line| line.starts_with("<g class=\"f\""))
        .map(|line| {
            let name = line.split("animation-name:").nth(1).and_then(|rest| rest.split(';').next());
            (name.expect("an animation name").to_string(), line)
        })
        .collect()
}

/// Characters of new text a second a reader is given: `docs/watch.md`'s pace.
const READ_RATE: f64 = 25.0;

/// The lines of text of a frame, not the symbols centred in a square or a box.
fn words(frame: &str) -> Vec<String> {
    texts(frame).into_iter().filter(|(tag, _)| !tag.contains("text-anchor")).map(|(_, text)| text).collect()
}

/// `line` with each number in it as one `#`.
fn but_numbers(line: &str) -> String {
    let mut out = String::new();
    let mut in_number = false;
    for c in line.chars() {
        let digit = c.is_ascii_digit();
        if !digit {
            out.push(c);
        } else if !in_number {
            out.push('#');
        }
        in_number = digit;
    }
    out
}

/// The characters new on a frame whose lines are `now`, after a frame of
/// the lines `before`, as `docs/watch.md` counts them: none for a line that
/// was there; for a line that differs only in its numbers from the line in
/// its place there (the k-th line that reads the same but for its numbers,
/// as it is the k-th here), the part between what the two share at the
/// start and at the end; every character of any other line.
fn new_characters(before: &[String], now: &[String]) -> usize {
    let same_but_numbers = |a: &str, b: &str| but_numbers(a) == but_numbers(b);
    let mut new = 0;
    for (at, line) in now.iter().enumerate() {
        if before.contains(line) {
            continue;
        }
        let place = now[..at].iter().filter(|other| same_but_numbers(other, line)).count();
        let was = before.iter().filter(|other| same_but_numbers(other, line)).nth(place);
        let chars: Vec<char> = line.chars().collect();
        new += was.map_or(chars.len(), |was| {
            let was: Vec<char> = was.chars().collect();
            let start = chars.iter().zip(&was).take_while(|(a, b)| a == b).count();
            let (rest, was_rest) = (&chars[start..], &was[start.min(was.len())..]);
            rest.len() - rest.iter().rev().zip(was_rest.iter().rev()).take_while(|(a, b)| a == b).count()
        });
    }
    new
}

/// Seconds each keyframes name shows its frame, from the loop's length and its share.
fn seconds(svg: &str, name: &str) -> f64 {
    let duration: f64 = svg
        .split("animation-duration:")
        .nth(1)
        .and_then(|rest| rest.split('s').next())
        .and_then(|text| text.parse().ok())
        .expect("the loop's length");
    let keyframes = svg.split(&format!("@keyframes {name}{{0%{{opacity:1}}")).nth(1).expect("the keyframes");
    let share: f64 = keyframes.split('%').next().and_then(|text| text.parse().ok()).expect("a share");
    duration * share / 100.0
}

#[test]
fn the_committed_pictures_are_what_the_command_writes() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    for step in STEPS {
        let (output, now) = picture(&["4", "--approach", step]);
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        let now = now.expect("written");
        let committed = std::fs::read_to_string(docs.join(format!("watch-{step}.svg"))).expect("committed");
        assert!(committed == now, "docs/watch-{step}.svg is stale: rerun the command in docs/watch.md");
        assert!(now.len() <= 300_000, "{step}: {} bytes", now.len());
        assert!(!now.contains("<script"), "no script");
    }
}

#[test]
fn every_picture_reads_at_a_phones_width() {
    let runs: Vec<Vec<&str>> = STEPS
        .iter()
        .map(|step| vec!["4", "--approach", step])
        .chain([
            vec!["4", "--mistake", "offset-n"],
            vec!["4", "--mistake", "base-case-after-the-loop"],
            vec!["5", "--mistake", "and-instead-of-or"],
        ])
        .collect();
    for args in runs {
        let (output, svg) = picture(&args);
        assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
        let svg = svg.expect("written");
        let width: f64 = attribute(&svg, "width").and_then(|w| w.parse().ok()).expect("a width");
        assert!(width <= 412.0, "{args:?}: {width} px, drawn at full size on a phone");
        let n: usize = args[0].parse().expect("n");
        let all = texts(&svg);
        for (tag, content) in &all {
            let x: f64 = attribute(tag, "x").and_then(|x| x.parse().ok()).expect("an x");
            // A symbol centred in a square or a box is one glyph wide.
            let glyphs = if tag.contains("text-anchor=\"middle\"") { 1 } else { content.chars().count() };
            let right = x + glyphs as f64 * GLYPH;
            assert!(right <= width, "{args:?}: {content:?} runs past the right edge ({right} > {width})");
            for noun in ["squares read", "queens compared", "flags read", "free masks", "backtracks", "solutions"] {
                assert!(
                    !content.contains(&format!(" 1 {noun}")) && !content.starts_with(&format!("1 {noun}")),
                    "{content:?}"
                );
            }
        }
        // The column labels, 0 to n - 1, over the board, outside the frames.
        let head = svg.split("<g class=\"f\"").next().expect("the head");
        let labels: Vec<String> =
            texts(head).into_iter().filter(|(tag, _)| tag.contains("class=\"dim\"")).map(|t| t.1).collect();
        for col in 0..n {
            assert!(
                labels.iter().filter(|label| **label == col.to_string()).count() == 2,
                "{args:?}: row and column {col}"
            );
        }
        // The running code line's first row: one place in every frame.
        let code_ys: std::collections::BTreeSet<String> = frames(&svg)
            .iter()
            .filter_map(|(_, frame)| {
                let texts = texts(frame);
                let first = texts.iter().find(|(tag, content)| content.starts_with('▶') && tag.contains("class="));
                first.and_then(|(tag, _)| attribute(tag, "y")).map(String::from)
            })
            .collect();
        assert_eq!(code_ys.len(), 1, "{args:?}: the code line moves: {code_ys:?}");
        // The pace: half a second and the time to read what is new, a second at least; a solution and the end held.
        let frames = frames(&svg);
        let mut before: Vec<String> = Vec::new();
        for (name, frame) in &frames {
            let held = seconds(&svg, name);
            let now = words(frame);
            let new = new_characters(&before, &now);
            let least = (0.5 + new as f64 / READ_RATE).max(1.0);
            // The keyframes' shares are rounded: a hundredth of a second.
            assert!(held >= least - 0.01, "{args:?}: {new} new characters for {held} s: {before:?} then {now:?}");
            if frame.contains(">solution ") {
                assert!(held >= 2.9, "{args:?}: a solution for {held} s");
            }
            before = now;
        }
        let (last, _) = frames.last().expect("frames");
        assert!(seconds(&svg, last) >= 3.9, "{args:?}: the end is held");
    }
}

#[test]
fn three_arrays_colours_the_flags_it_reads_and_those_a_queen_sets() {
    let (_, svg) = picture(&["4", "--approach", "three_arrays"]);
    let svg = svg.expect("written");
    let boxes = |frame: &str, class: &str| frame.matches(&format!("height=\"18\" class=\"{class}\"")).count();
    // A flag read or changed is outlined (class `k`), not only coloured.
    assert!(svg.contains(".k{stroke:#222;stroke-width:2}"), "the outline is drawn");
    let mut places = 0;
    for (_, frame) in frames(&svg) {
        let set: Vec<String> = words(frame).into_iter().filter(|text| text.contains("] = ")).collect();
        let outlined = boxes(frame, "r k") + boxes(frame, "a k") + boxes(frame, "g k");
        assert_eq!(outlined, set.len(), "one coloured and outlined flag a line: {frame}");
        assert_eq!(boxes(frame, "r") + boxes(frame, "a") + boxes(frame, "g"), 0, "no flag by colour alone: {frame}");
        if frame.contains(">place (") {
            // Set, in green, and said so: not red, the colour of a flag that refuses.
            places += 1;
            assert_eq!(set.len(), 3, "{frame}");
            assert!(set.iter().all(|text| text.starts_with("set ") && text.ends_with("] = true")), "{set:?}");
            assert_eq!((boxes(frame, "g k"), boxes(frame, "a k")), (3, 0), "{frame}");
        }
    }
    assert!(places > 0);
    // Each flag's index over the strips, 0 to 2n - 2.
    let head = svg.split("<g class=\"f\"").next().expect("the head");
    let indices: Vec<String> =
        texts(head).into_iter().filter(|(tag, _)| tag.contains("class=\"ix\"")).map(|(_, text)| text).collect();
    assert_eq!(indices, (0..7).map(|index| index.to_string()).collect::<Vec<_>>());
}

#[test]
fn the_square_tried_has_a_symbol_and_bitmask_keeps_its_row_marked() {
    for step in STEPS {
        let (_, svg) = picture(&["4", "--approach", step]);
        let svg = svg.expect("written");
        assert!(svg.contains("<g id=\"t\"><rect width=\"40\" height=\"40\" class=\"t\"/><text"), "{step}");
        assert!(svg.contains("class=\"m\">?</text></g>"), "{step}: the square tried is `?`");
        // A square still free in step 4's row: green, and `○`.
        assert!(svg.contains("<g id=\"g\"><rect width=\"40\" height=\"40\" class=\"g\"/><text"), "{step}");
        assert!(svg.contains("class=\"m\">○</text></g>"), "{step}: a free square is `○`");
        for (_, frame) in frames(&svg) {
            // Steps 1 to 3 try a square, step 4 the lowest bit of `free`, then clear it.
            if [">try (", ">lowest: ", ">cleared ("].iter().any(|said| frame.contains(said)) {
                assert!(frame.contains("xlink:href=\"#t\""), "{step}: the square tried is marked: {frame}");
            }
            // Step 4, back in a call with squares left: its row shows them, in green.
            if frame.contains("with its free<") {
                assert!(frame.contains("xlink:href=\"#g\""), "the row of the innermost call is marked: {frame}");
            }
        }
    }
}

#[test]
fn a_mistakes_wrong_line_and_its_name_carry_its_mark() {
    let (output, svg) = picture(&["4", "--mistake", "flags-not-cleared"]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let svg = svg.expect("written");
    let mut wrong_lines = 0;
    for (_, frame) in frames(&svg) {
        for (tag, text) in texts(frame) {
            if !tag.contains("class=\"bad\"") {
                continue;
            }
            // The code line in red is the wrong one, marked on each of its rows; the mistake's
            // name, marked the same.
            if text.starts_with('▶') {
                assert!(text.starts_with("▶ ✗ "), "{text}");
                wrong_lines += usize::from(text.starts_with("▶ ✗ // Wrong:"));
            }
            if text.contains("mistake 5") {
                assert!(text.starts_with("✗ mistake 5 flags-not-cleared"), "{text}");
            }
        }
    }
    assert!(wrong_lines > 0, "the wrong line runs");
}

#[test]
fn a_picture_past_the_limit_is_refused_and_the_largest_are_those_the_page_names() {
    let page = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/watch.md"));
    let page = page.expect("docs/watch.md").split_whitespace().collect::<Vec<_>>().join(" ");
    // (step, the largest n that fits, how the page names it)
    for (step, largest, named) in
        [("board_scan", 6, "board_scan, with the most events,"), ("bitmask", 7, "bitmask, with the fewest,")]
    {
        let (output, svg) = picture(&[&largest.to_string(), "--approach", step]);
        assert!(output.status.success(), "{step} n = {largest}: {}", String::from_utf8_lossy(&output.stderr));
        let bytes = svg.expect("written").len();
        assert!(bytes <= 4 << 20);
        let sentence = format!("{named} fits up to n = {largest} ({:.1} MB)", bytes as f64 / 1e6);
        assert!(page.contains(&sentence), "docs/watch.md says: {sentence}");
        let (output, svg) = picture(&[&(largest + 1).to_string(), "--approach", step]);
        assert_eq!(output.status.code(), Some(2), "{step} n = {}", largest + 1);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("4 MiB"), "{stderr}");
        assert!(svg.is_none(), "nothing written");
    }
}

/// Each kind of square a picture defines: its id, the colour it is drawn
/// in (its square's class, and whether a queen's disc stands on it), and
/// its symbols, in order.
fn kinds_of_square(svg: &str) -> Vec<(String, (String, bool), String)> {
    let defs = svg.split("<defs>").nth(1).and_then(|rest| rest.split("</defs>").next()).expect("the definitions");
    defs.split("<g id=\"")
        .skip(1)
        .map(|group| {
            let (id, body) = group.split_once('"').expect("an id");
            let body = body.split("</g>").next().unwrap_or_default();
            let square = body.split("<rect").nth(1).and_then(|rect| attribute(rect, "class")).unwrap_or_default();
            let symbols: String = texts(body).into_iter().map(|(_, text)| text).collect();
            (id.to_string(), (square.to_string(), body.contains("<circle")), symbols)
        })
        .collect()
}

#[test]
fn no_square_or_row_of_code_in_a_picture_is_told_by_its_colour_alone() {
    let steps = STEPS.iter().map(|step| vec!["4", "--approach", step]);
    let mistakes = n_queens_steps::mistakes::MISTAKES.iter().map(|mistake| vec!["4", "--mistake", mistake.name]);
    for args in steps.chain(mistakes) {
        let (output, svg) = picture(&args);
        assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
        let svg = svg.expect("written");
        let kinds = kinds_of_square(&svg);
        let mut drawn = std::collections::BTreeSet::new();
        for (_, frame) in frames(&svg) {
            // Each square drawn once a frame, as one kind of square.
            let mut squares = std::collections::BTreeSet::new();
            for used in frame.split("<use ").skip(1) {
                let used = format!(" {used}");
                let id = attribute(&used, "xlink:href").expect("a kind of square").trim_start_matches('#').to_string();
                let at = (attribute(&used, "x").map(String::from), attribute(&used, "y").map(String::from));
                assert!(squares.insert(at.clone()), "{args:?}: the square at {at:?} is drawn twice: {frame}");
                drawn.insert(id);
            }
            // The running line's rows: each after `▶`, and a mistake's wrong line's after `▶ ✗`.
            for (tag, text) in texts(frame)
                .into_iter()
                .filter(|(tag, _)| tag.contains("class=\"run\"") || tag.contains("class=\"bad\""))
            {
                if tag.contains("class=\"run\"") {
                    assert!(text.starts_with("▶ ") && !text.contains('✗'), "{args:?}: {text:?}");
                } else if text.starts_with('▶') {
                    assert!(text.starts_with("▶ ✗ "), "{args:?}: a wrong line's row {text:?}");
                }
            }
        }
        // Two kinds of square drawn in other colours have other symbols.
        let drawn: Vec<_> = kinds.iter().filter(|(id, ..)| drawn.contains(id)).collect();
        for (id, colour, symbols) in &drawn {
            for (other, other_colour, other_symbols) in &drawn {
                assert!(
                    colour == other_colour || symbols != other_symbols,
                    "{args:?}: #{id} and #{other} are both {symbols:?}, drawn {colour:?} and {other_colour:?}"
                );
            }
        }
    }
}
