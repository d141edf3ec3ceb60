//! The modules beyond the judge (`streaming`, `unique`, `construct`) against
//! the shared cases, the OEIS tables and the independent validator of
//! `n_queens_cases`.

use std::collections::HashSet;

use n_queens::Board;
use n_queens_cases::oeis::{A000170, A002562};
use n_queens_cases::{beyond_judge, expected_boards, judge_counts, sorted, validate};
use rstest::rstest;

/// The board as the validator takes it.
fn usize_columns(board: &Board) -> Vec<usize> {
    board.columns().iter().map(|&col| col as usize).collect()
}

/// Boards in the judge's format, sorted as the shared expected boards are.
fn sorted_rows(boards: impl IntoIterator<Item = Board>) -> Vec<Vec<String>> {
    sorted(boards.into_iter().map(|board| board.to_rows()).collect())
}

mod streaming {
    use super::*;
    use n_queens::construct::construct;
    use n_queens::streaming::{boards, boards_in_order};
    use pretty_assertions::assert_eq;

    judge_counts! {
        /// The judge's range: exactly the proven boards, in either order (the
        /// boards given at once are not given again by the search).
        fn yields_the_shared_boards(#[case] n: i32, #[case] _expected: u64) {
            assert_eq!(sorted_rows(boards(n as u32)), expected_boards(n).unwrap());
            assert_eq!(sorted_rows(boards_in_order(n as u32)), expected_boards(n).unwrap());
        }
    }

    beyond_judge! {
        /// Past the judge's range: valid, distinct, and as many as OEIS A000170.
        fn yields_every_board_past_the_judge(#[case] n: i32, #[case] expected: u64) {
            for rows in [sorted_rows(boards(n as u32)), sorted_rows(boards_in_order(n as u32))] {
                assert_eq!(rows.len() as u64, expected);
                validate::check_solution_set(n, &rows).unwrap();
            }
        }
    }

    /// The first `k` boards of `n`, each valid, none twice: for n = 30, a size
    /// no list could hold, and 64, the largest the stream takes.
    #[rstest]
    #[case::n30(30, 1000)]
    #[case::n64(64, 10)]
    fn the_first_boards(#[case] n: u32, #[case] k: usize) {
        let first: Vec<Board> = boards(n).take(k).collect();
        assert_eq!(first.len(), k);
        for board in &first {
            assert_eq!(board.n(), n as usize);
            validate::check_columns(&usize_columns(board)).unwrap_or_else(|error| panic!("{board}: {error}"));
        }
        assert_eq!(first.iter().collect::<HashSet<_>>().len(), k, "a board came twice");
    }

    /// Before any search, for every size the stream takes: the constructed
    /// board first, then its other images, each a solution, each once, as
    /// the drawn board's quarter turns and reflections (moved character by
    /// character, not by the library's symmetries); 8 when n mod 6 is 1 or 5.
    #[test]
    fn the_constructed_board_turned_and_reflected_comes_at_once() {
        for n in 0..=64 {
            let mut stream = boards(n);
            let at_once = stream.size_hint().0;
            let given: Vec<Board> = stream.by_ref().take(at_once).collect();
            assert_eq!(stream.size_hint(), (0, None), "n = {n}: then the search");
            let Some(constructed) = construct(n as usize) else {
                assert!(given.is_empty(), "n = {n}");
                continue;
            };
            assert_eq!(given.first(), Some(&constructed), "n = {n}");
            for board in &given {
                validate::check_columns(&usize_columns(board)).unwrap_or_else(|error| panic!("n = {n}: {error}"));
            }
            let drawn: HashSet<Vec<String>> = given.iter().map(Board::to_rows).collect();
            assert_eq!(drawn.len(), given.len(), "n = {n}: a board given twice");
            assert_eq!(drawn, unique::grid_images(&constructed.to_rows()), "n = {n}");
            if n >= 5 && matches!(n % 6, 1 | 5) {
                assert_eq!(given.len(), 8, "n = {n}");
            }
        }
    }

    /// In order, as many as OEIS A000170 (n = 0: the empty board).
    #[test]
    fn in_order_is_ascending() {
        for n in [0, 8, 10] {
            let all: Vec<Board> = boards_in_order(n).collect();
            assert_eq!(all.len() as u64, A000170[n as usize]);
            assert!(all.windows(2).all(|pair| pair[0] < pair[1]), "n = {n}");
        }
    }

    #[test]
    #[should_panic(expected = "supports n <= 64")]
    fn refuses_n_past_64() {
        boards(65);
    }

    #[test]
    #[should_panic(expected = "supports n <= 64")]
    fn in_order_refuses_n_past_64() {
        boards_in_order(65);
    }
}

mod unique {
    use super::*;
    use n_queens::unique::{canonical, class_of, classes_as_found, unique_boards};
    use pretty_assertions::assert_eq;

    /// Every representative is a solution, the smallest of its class, and the
    /// list is in ascending order (so also free of repeats).
    #[rstest]
    fn representatives_are_canonical_and_sorted(#[values(1, 4, 5, 6, 8, 10)] n: u32) {
        let unique = unique_boards(n);
        for board in &unique {
            validate::check_columns(&usize_columns(board)).unwrap();
            assert_eq!(&class_of(board)[0], board);
            assert_eq!(&canonical(board), board);
        }
        assert!(unique.windows(2).all(|pair| pair[0] < pair[1]));
    }

    /// The classes as the fast stream meets them are the same classes, each
    /// once, by its canonical board: as many as OEIS A002562.
    #[rstest]
    fn classes_as_found_are_every_class_once(#[values(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)] n: u32) {
        let mut found: Vec<Board> = classes_as_found(n).collect();
        assert_eq!(found.len() as u64, A002562[n as usize]);
        found.sort();
        assert_eq!(found, unique_boards(n));
    }

    /// Past n = 30 the first canonical board in lexicographic order is a
    /// long search away; the stream's classes come at once, each a solution
    /// in its canonical form, no two of one class.
    #[test]
    fn classes_as_found_start_at_once_for_large_n() {
        for n in [40, 47, 64] {
            let found: Vec<Board> = classes_as_found(n).take(if n == 40 { 3 } else { 1 }).collect();
            for board in &found {
                validate::check_columns(&usize_columns(board)).unwrap();
                assert_eq!(&canonical(board), board);
            }
            let classes: HashSet<Board> = found.iter().map(canonical).collect();
            assert_eq!(classes.len(), found.len(), "n = {n}");
        }
    }

    /// The classes of the representatives, put together, are exactly every
    /// board: valid, no board in two classes, as many as OEIS A000170.
    #[rstest]
    fn the_classes_make_up_every_board(#[values(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)] n: u32) {
        let union: Vec<Board> = unique_boards(n).iter().flat_map(class_of).collect();
        assert_eq!(union.len() as u64, A000170[n as usize]);
        let rows = sorted_rows(union);
        validate::check_solution_set(n as i32, &rows).unwrap();
        if let Some(expected) = expected_boards(n as i32) {
            assert_eq!(rows, expected);
        }
    }

    /// A classic fact of the eight queens puzzle: its 12 classes of n = 8 are 11 of 8 boards and
    /// one of 4 (a board that a half turn maps onto itself).
    #[test]
    fn class_sizes_for_n_8() {
        let mut sizes: Vec<usize> = unique_boards(8).iter().map(|board| class_of(board).len()).collect();
        sizes.sort();
        assert_eq!(sizes, [4, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]);
    }

    judge_counts! {
        /// The symmetries on columns agree with turning and reflecting the
        /// drawn board, done here plainly on a grid of characters (so every
        /// image of a solution is a solution).
        fn classes_match_turning_the_drawn_board(#[case] n: i32, #[case] _expected: u64) {
            for rows in expected_boards(n).unwrap() {
                let columns: Vec<u32> =
                    validate::board_to_columns(n as usize, &rows).unwrap().into_iter().map(|col| col as u32).collect();
                let class: HashSet<Vec<String>> = class_of(&Board::new(columns)).iter().map(Board::to_rows).collect();
                assert_eq!(class, grid_images(&rows));
            }
        }
    }

    /// The distinct images of a drawn board under the quarter turns and a
    /// reflection, by moving characters.
    pub(super) fn grid_images(rows: &[String]) -> HashSet<Vec<String>> {
        let grid: Vec<Vec<char>> = rows.iter().map(|row| row.chars().collect()).collect();
        let n = grid.len();
        // A quarter turn clockwise: the new row `i` is the old column `i`, read bottom to top.
        let turn = |grid: &Vec<Vec<char>>| -> Vec<Vec<char>> {
            (0..n).map(|i| (0..n).map(|j| grid[n - 1 - j][i]).collect()).collect()
        };
        let reflect = |grid: &Vec<Vec<char>>| -> Vec<Vec<char>> {
            grid.iter().map(|row| row.iter().rev().copied().collect()).collect()
        };
        let mut images = HashSet::new();
        for start in [grid.clone(), reflect(&grid)] {
            let mut image = start;
            for _ in 0..4 {
                images.insert(image.iter().map(|row| row.iter().collect::<String>()).collect::<Vec<String>>());
                image = turn(&image);
            }
        }
        images
    }
}

mod construct {
    use super::*;
    use n_queens::construct::construct;
    use pretty_assertions::assert_eq;

    /// Every n up to 2000 has its board, except 2 and 3, which have none.
    #[test]
    fn a_valid_board_for_every_n_up_to_2000() {
        for n in 1..=2000 {
            match construct(n) {
                None => assert!(n == 2 || n == 3, "no board for n = {n}"),
                Some(board) => {
                    assert!(n != 2 && n != 3, "a board for n = {n}, which has none");
                    assert_eq!(board.n(), n);
                    validate::check_columns(&usize_columns(&board)).unwrap_or_else(|error| panic!("n = {n}: {error}"));
                }
            }
        }
    }

    #[test]
    fn a_million_queens() {
        let board = construct(1_000_000).unwrap();
        assert_eq!(board.n(), 1_000_000);
        validate::check_columns(&usize_columns(&board)).unwrap();
    }
}

mod board_sources {
    use super::*;
    use n_queens::{ALL_AT_ONCE_MAX_N, BoardSource, BoardsError, Gives};
    use pretty_assertions::assert_eq;

    /// Every approach, then every extra, each found by its name.
    #[test]
    fn every_approach_and_extra_by_name() {
        let expected: Vec<&str> =
            n_queens::APPROACHES.iter().map(|a| a.name).chain(n_queens::EXTRAS.iter().map(|e| e.name)).collect();
        assert_eq!(BoardSource::all().map(BoardSource::name).collect::<Vec<_>>(), expected);
        for name in expected {
            assert_eq!(BoardSource::named(name).unwrap().name(), name);
        }
        let unknown = BoardSource::named("quick").unwrap_err();
        assert_eq!(unknown, BoardsError::UnknownSource { name: "quick".to_string() });
        let message = unknown.to_string();
        assert!(BoardSource::all().all(|source| message.contains(source.name())), "{message}");
    }

    /// Each source gives what it says: every board, one per class, or one.
    #[rstest]
    fn each_gives_what_it_says(#[values(0, 1, 2, 3, 4, 6, 8)] n: u32) {
        for source in BoardSource::all() {
            let boards = sorted_rows(source.boards(n).unwrap());
            let classes: Vec<Board> = source.classes(n).map(Iterator::collect).unwrap_or_default();
            let expected_classes = A002562[n as usize];
            match source.gives() {
                Gives::EveryBoardAtOnce | Gives::EveryBoard => {
                    assert_eq!(boards, expected_boards(n as i32).unwrap(), "{}", source.name());
                }
                Gives::OnePerClass => assert_eq!(boards.len() as u64, expected_classes, "{}", source.name()),
                Gives::OneBoard => {
                    assert_eq!(boards.len(), usize::from(A000170[n as usize] > 0), "{}", source.name());
                    boards.iter().for_each(|rows| validate::check_board(n as usize, rows).unwrap());
                }
            }
            if source.has_classes() {
                assert_eq!(classes.len() as u64, expected_classes, "{}, n = {n}", source.name());
                assert!(classes.iter().all(|board| n_queens::unique::canonical(board) == *board));
            } else {
                let error = source.classes(n).err().unwrap();
                assert_eq!(error, BoardsError::NoClasses { source: source.name() });
                assert!(error.to_string().contains("one per class"), "{error}");
            }
        }
    }

    /// Past its range a source returns an error that says the range and
    /// the sources that go further (for classes, those that give them),
    /// never a panic.
    #[test]
    fn past_the_range_an_error_names_it() {
        for source in BoardSource::all().filter(|source| source.max_n() < u32::MAX) {
            let n = source.max_n() + 1;
            let (name, max, range) = (source.name(), source.max_n(), source.range());
            let error = source.boards(n).err().unwrap();
            assert_eq!(error, BoardsError::OutOfRange { source: name, n, max, range, classes: false });
            let message = error.to_string();
            assert!(message.contains(&format!("n <= {}", source.max_n())), "{message}");
            for further in BoardSource::all().filter(|further| further.max_n() >= n) {
                assert!(message.contains(further.name()), "{message}");
            }
            if source.has_classes() {
                let error = source.classes(n).err().unwrap();
                assert_eq!(error, BoardsError::OutOfRange { source: name, n, max, range, classes: true });
                let message = error.to_string();
                for further in BoardSource::all().filter(|further| further.max_n() >= n) {
                    assert_eq!(message.contains(further.name()), further.has_classes(), "{message}");
                }
            }
        }
        assert_eq!(BoardSource::named("bitmask").unwrap().max_n(), ALL_AT_ONCE_MAX_N);
    }

    /// The default source starts at once for any n it takes: the stream.
    #[test]
    fn the_default_streams_every_board() {
        let source = BoardSource::default();
        assert_eq!(source.gives(), Gives::EveryBoard);
        assert_eq!(source.max_n(), n_queens::streaming::MAX_N);
        let first = source.boards(64).unwrap().next().unwrap();
        validate::check_columns(&usize_columns(&first)).unwrap();
    }
}

/// The names of the approaches a manifest list hands it.
macro_rules! names {
    ($($name:ident $file:literal { $($field:tt)* })*) => { [$($file),*] };
}

/// Every module beyond the judge is the manifest's, in its order,
/// documented, and says it is not judge-ready.
#[test]
fn extras_are_documented() {
    use pretty_assertions::assert_eq;
    let names: Vec<&str> = n_queens::EXTRAS.iter().map(|extra| extra.name).collect();
    assert_eq!(names, n_queens_chain::steps!(beyond [51] => names));
    for extra in n_queens::EXTRAS {
        let file = format!("crates/n_queens/src/{}.rs", extra.name);
        assert!(
            extra.source.starts_with("//! # Beyond the judge"),
            "{file}: its first line should be `//! # Beyond the judge: ...`"
        );
        assert!(
            extra.source.contains("**Not judge-ready:**"),
            "{file}: its doc should say `**Not judge-ready:**` and why"
        );
        assert!(n_queens::approach(extra.name).is_none());
    }
}
