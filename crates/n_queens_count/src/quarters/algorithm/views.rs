//! A start's views of the quarter table: for each quarter, the placements
//! that avoid the start's diagonals, each as a [`Piece`] (the bits that
//! check it against the other quarter of its half, and its key in the
//! join's window), and each half's splits of its columns.

use super::board::{Board, Diagonals};
use super::sieve::MOST_CUTS;
use super::starts::{Rule, Start};
use super::table::{LOW_HALF, NOT_HELD, QuarterTable, RowSets};
use crate::pool;

/// The four quarters of a start, as the join needs them.
pub(crate) struct Views {
    pub(crate) east: Half,
    pub(crate) west: Half,
    /// The board rows the quarters fill ([`Start::rows`]).
    pub(crate) rows: u32,
    /// Where the window's diagonals are in the keys.
    pub(crate) layout: KeyLayout,
}

/// One half of the board (east or west) for one start: its north and south
/// quarter, and how its columns may be split between them.
pub(crate) struct Half {
    north: QuarterView,
    south: QuarterView,
    /// `splits[k]`: every set of `k` of the half's free quarter columns, the
    /// north quarter's columns when it holds `k` queens (the south quarter
    /// takes the others).
    splits: Vec<Vec<u32>>,
    /// The half's free quarter columns.
    columns: u32,
    /// Board rows `0..side` are the north quarter's rows, `far..far + side` the south one's.
    far: u32,
    /// One bit per row or column of a quarter.
    quarter_mask: u32,
}

/// Where a quarter lies on the board: its top row and left column.
#[derive(Clone, Copy)]
pub(crate) struct Origin {
    pub(crate) row: u32,
    pub(crate) col: u32,
}

/// The pieces of a cell of a view: those on no flagged diagonal, and those on one.
#[derive(Clone, Copy)]
pub(crate) struct Cell<'a> {
    pub(crate) plain: &'a [Piece],
    pub(crate) flagged: &'a [Piece],
}

/// One quarter's placements for one start, of the row sets the view
/// holds: those that avoid the start's diagonals, each as a [`Piece`], by
/// cell as in the [`QuarterTable`]; within a cell, the pieces on a flagged
/// diagonal come last.
struct QuarterView {
    side: u32,
    /// Per row set: its slot among those held, or [`NOT_HELD`].
    slots: Vec<u32>,
    /// Per cell `slot << side | columns`: its first piece and its first
    /// flagged piece; the next cell's first piece ends it.
    bounds: Vec<[u32; 2]>,
    pieces: Vec<Piece>,
}

/// The row sets each quarter's view holds: those a pass of the count uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct QuarterRows {
    pub(crate) north_east: RowSets,
    pub(crate) south_east: RowSets,
    pub(crate) north_west: RowSets,
    pub(crate) south_west: RowSets,
}

impl QuarterRows {
    /// No row set in any quarter.
    pub(crate) fn none(side: u32) -> QuarterRows {
        let none = RowSets::none(side);
        QuarterRows { north_east: none.clone(), south_east: none.clone(), north_west: none.clone(), south_west: none }
    }

    /// Adds the row sets a task with these east rows uses, in a start
    /// whose quarters fill the board rows `rows`.
    pub(crate) fn add_task(&mut self, board: &Board, rows: u32, east_rows: u32) {
        let (mask, far) = (board.quarter_mask(), board.far);
        let west_rows = rows ^ east_rows;
        self.north_east.insert(east_rows & mask);
        self.south_east.insert(east_rows >> far & mask);
        self.north_west.insert(west_rows & mask);
        self.south_west.insert(west_rows >> far & mask);
    }

    /// Every row set of every quarter, as a table to build the views from needs them.
    pub(crate) fn union(&self) -> RowSets {
        let mut union = self.north_east.clone();
        for rows in [&self.south_east, &self.north_west, &self.south_west] {
            union.extend(rows);
        }
        union
    }

    /// The four quarters' row sets, in the order of [`Views`]' fields.
    #[cfg(test)]
    pub(crate) fn each(&self) -> [&RowSets; 4] {
        [&self.north_east, &self.south_east, &self.north_west, &self.south_west]
    }
}

/// A quarter placement, as the join uses it.
#[derive(Clone, Copy, Default, Debug)]
pub(crate) struct Piece {
    /// The diagonals that can meet the other quarter of the same half: a
    /// south piece's own, a north piece's shifted down by `far` to the
    /// south quarter's local numbering, so that `north & south != 0`
    /// exactly when they share a diagonal.
    pub(crate) check: u64,
    /// Its diagonals within the join's window, as key bits.
    pub(crate) key: u64,
}

/// What a [`QuarterView`] keeps of the quarter table.
#[derive(Clone, Copy)]
struct ViewPlan<'a> {
    origin: Origin,
    /// Placements on these diagonals are left out.
    shuns: Diagonals,
    /// Placements on these diagonals come last in their cell.
    flags: Diagonals,
    /// The row sets the view holds, and the quarter columns the tasks use:
    /// cells with others stay empty.
    rows: &'a RowSets,
    columns: u32,
}

impl Views {
    /// The views of `start` of the row sets `rows` (which `table` holds),
    /// built on up to `threads` threads.
    pub(crate) fn new(board: &Board, table: &QuarterTable, start: &Start, threads: usize, rows: &QuarterRows) -> Views {
        let far = board.far;
        let north_west = Origin { row: 0, col: 0 };
        let north_east = Origin { row: 0, col: far };
        let south_west = Origin { row: far, col: 0 };
        let south_east = Origin { row: far, col: far };
        let east_shuns = start.taken.union(start.east_shuns);
        let layout = KeyLayout::new(board, window(board, start.taken, east_shuns));
        let flags = if start.rule == Rule::Even { start.east_shuns } else { Diagonals::default() };
        let no_flags = Diagonals::default();
        // The quarter columns the tasks use: for odd n, not the column of
        // the middle row's queen (east). The other cells are never asked for.
        let (all, east_columns) = (board.quarter_mask(), start.east_columns);
        let plans = [
            ViewPlan {
                origin: north_east,
                shuns: east_shuns,
                flags: no_flags,
                rows: &rows.north_east,
                columns: east_columns,
            },
            ViewPlan {
                origin: south_east,
                shuns: east_shuns,
                flags: no_flags,
                rows: &rows.south_east,
                columns: east_columns,
            },
            ViewPlan { origin: north_west, shuns: start.taken, flags, rows: &rows.north_west, columns: all },
            ViewPlan { origin: south_west, shuns: start.taken, flags, rows: &rows.south_west, columns: all },
        ];
        let [north_east, south_east, north_west, south_west] =
            pool::on_jobs(threads, plans.map(|plan| move || QuarterView::new(board, table, &plan, &layout)));
        Views {
            east: Half::new(board, north_east, south_east, start.east_columns),
            west: Half::new(board, north_west, south_west, board.quarter_mask()),
            rows: start.rows,
            layout,
        }
    }
}

impl Views {
    /// The most bytes the views of the row sets `rows` hold, `by_rows`
    /// giving the placements of each row set (as [`CellSizes::by_rows`]):
    /// per quarter its slots, its index and a piece per placement.
    ///
    /// [`CellSizes::by_rows`]: super::table::CellSizes::by_rows
    #[cfg(test)]
    pub(crate) fn bytes(side: u32, rows: &QuarterRows, by_rows: &[u64]) -> u64 {
        let view =
            |rows: &RowSets| view_bytes(side, rows.len() as u64, rows.iter().map(|held| by_rows[held as usize]).sum());
        rows.each().into_iter().map(view).sum()
    }
}

/// The most bytes a quarter's view of `row_sets` row sets and `placements`
/// placements holds: its slots, its index and a piece per placement.
pub(crate) fn view_bytes(side: u32, row_sets: u64, placements: u64) -> u64 {
    (1u64 << side) * 4 + (row_sets << side | 1) * size_of::<[u32; 2]>() as u64 + placements * size_of::<Piece>() as u64
}

/// The join's window: the diagonals both halves can reach, the west half
/// off the diagonals `west_shuns`, the east half off `east_shuns`.
fn window(board: &Board, west_shuns: Diagonals, east_shuns: Diagonals) -> Diagonals {
    let far = board.far;
    let reach = |row, col, shuns| Origin { row, col }.reach(board, shuns);
    let west = reach(0, 0, west_shuns).union(reach(far, 0, west_shuns));
    let east = reach(0, far, east_shuns).union(reach(far, far, east_shuns));
    west.intersection(east)
}

impl Half {
    fn new(board: &Board, north: QuarterView, south: QuarterView, columns: u32) -> Half {
        let mut splits = vec![Vec::new(); board.side as usize + 1];
        let mut north_columns = columns;
        loop {
            splits[north_columns.count_ones() as usize].push(north_columns);
            if north_columns == 0 {
                break;
            }
            north_columns = (north_columns - 1) & columns;
        }
        Half { north, south, splits, columns, far: board.far, quarter_mask: board.quarter_mask() }
    }

    /// Calls `pair(north cell, south cell)` for every split of the half's
    /// columns between its quarters, for the queens of the board rows `rows`.
    pub(crate) fn pairs<'a>(&'a self, rows: u32, mut pair: impl FnMut(Cell<'a>, Cell<'a>)) {
        let north_rows = rows & self.quarter_mask;
        let (north_cells, south_cells) =
            (self.north.row(north_rows), self.south.row(rows >> self.far & self.quarter_mask));
        for &north_columns in &self.splits[north_rows.count_ones() as usize] {
            let north = self.north.cell(north_cells, north_columns);
            let south = self.south.cell(south_cells, self.columns ^ north_columns);
            // Many cells are empty once the start's diagonals are left out.
            if !(north.is_empty() || south.is_empty()) {
                pair(north, south);
            }
        }
    }
}

impl Cell<'_> {
    fn is_empty(&self) -> bool {
        self.plain.is_empty() && self.flagged.is_empty()
    }
}

impl Origin {
    /// How far a placement's local diagonals shift on the board:
    /// `row - col + n - 1 = (r - c + side - 1) + (self.row - self.col + n - side)`
    /// and `row + col = (r + c) + (self.row + self.col)`.
    pub(crate) fn shifts(self, board: &Board) -> (u32, u32) {
        (self.row + board.n - board.side - self.col, self.row + self.col)
    }

    /// The packed local bits of this quarter whose board diagonals are in `lines`.
    fn local(self, board: &Board, lines: Diagonals) -> u64 {
        let (diagonal_shift, anti_shift) = self.shifts(board);
        (lines.diagonals >> diagonal_shift & LOW_HALF) | (lines.anti_diagonals >> anti_shift & LOW_HALF) << 32
    }

    /// Every board diagonal some placement of this quarter uses, leaving
    /// out those on a diagonal of `shuns`: the diagonals of its squares
    /// that are not on one (a lone queen is a placement too).
    fn reach(self, board: &Board, shuns: Diagonals) -> Diagonals {
        let mut reach = Diagonals::default();
        for row in self.row..self.row + board.side {
            for col in self.col..self.col + board.side {
                let (diagonal, anti_diagonal) = (board.diagonal(row, col), board.anti_diagonal(row, col));
                if diagonal & shuns.diagonals == 0 && anti_diagonal & shuns.anti_diagonals == 0 {
                    reach.diagonals |= diagonal;
                    reach.anti_diagonals |= anti_diagonal;
                }
            }
        }
        reach
    }
}

impl QuarterView {
    fn new(board: &Board, table: &QuarterTable, plan: &ViewPlan, layout: &KeyLayout) -> QuarterView {
        let origin = plan.origin;
        let (shuns, flags) = (origin.local(board, plan.shuns), origin.local(board, plan.flags));
        let keys = KeyBytes::new(board, origin, layout);
        let south = origin.row != 0;
        let side = table.side;
        let mut slots = vec![NOT_HELD; 1 << side];
        let mut bounds = Vec::with_capacity(plan.rows.len() << side | 1);
        let mut pieces = Vec::with_capacity(plan.rows.iter().map(|rows| table.row(rows).len()).sum());
        let mut flagged = Vec::new();
        for (slot, rows) in plan.rows.iter().enumerate() {
            slots[rows as usize] = slot as u32;
            let row = table.row(rows);
            assert!(row.held(), "a view's row sets are the table's");
            for (columns, placements) in row.cells().enumerate() {
                let first = pieces.len() as u32;
                let placements = if columns as u32 & !plan.columns == 0 { placements } else { &[] };
                for &lines in placements {
                    if lines & shuns != 0 {
                        continue;
                    }
                    let check =
                        if south { lines } else { (lines & LOW_HALF) >> board.far | (lines >> 32 >> board.far) << 32 };
                    let piece = Piece { check, key: keys.key(lines) };
                    if lines & flags == 0 { pieces.push(piece) } else { flagged.push(piece) }
                }
                bounds.push([first, pieces.len() as u32]);
                pieces.extend_from_slice(&flagged);
                flagged.clear();
            }
        }
        let end = pieces.len() as u32;
        bounds.push([end, end]);
        QuarterView { side: table.side, slots, bounds, pieces }
    }

    /// The cells of a row set, as [`QuarterView::cell`] takes them: empty
    /// if the view does not hold it.
    #[inline]
    fn row(&self, rows: u32) -> &[[u32; 2]] {
        match self.slots[rows as usize] {
            NOT_HELD => &[],
            slot => &self.bounds[(slot as usize) << self.side..][..(1 << self.side) + 1],
        }
    }

    /// The pieces of the cell of `row` (from [`QuarterView::row`]) with these columns.
    #[inline]
    fn cell<'a>(&'a self, row: &[[u32; 2]], columns: u32) -> Cell<'a> {
        let Some(&[first, flagged]) = row.get(columns as usize) else { return Cell { plain: &[], flagged: &[] } };
        let end = row[columns as usize + 1][0];
        Cell {
            plain: &self.pieces[first as usize..flagged as usize],
            flagged: &self.pieces[flagged as usize..end as usize],
        }
    }
}

/// Where each diagonal of the window goes in a key: the window's "\"
/// diagonals, lowest first, then its "/" ones, except the
/// [`CUT_CANDIDATES`] nearest the main diagonals (the longest, the most
/// often taken on both sides), which go on top, the nearest highest: the
/// sieve cuts by the top bits of a key ([`super::sieve`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct KeyLayout {
    /// Per board bit of a "\" diagonal (`[0]`) and of a "/" one (`[1]`):
    /// its key bit, or [`NO_BIT`] outside the window.
    bit: [[u8; 64]; 2],
    /// The key's bits: the window's diagonals.
    pub(crate) bits: u32,
}

/// The most key bits a [`KeyLayout`] puts on top for the sieve.
pub(crate) const CUT_CANDIDATES: u32 = MOST_CUTS as u32;

/// A board diagonal outside the window has no key bit.
const NO_BIT: u8 = u8::MAX;

impl KeyLayout {
    pub(crate) fn new(board: &Board, window: Diagonals) -> KeyLayout {
        let sets = [window.diagonals, window.anti_diagonals];
        let in_window: Vec<(usize, u32)> = (0..2)
            .flat_map(|direction| {
                (0..64).filter(move |&at| sets[direction] >> at & 1 != 0).map(move |at| (direction, at))
            })
            .collect();
        let bits = in_window.len() as u32;
        assert!(bits <= u64::BITS, "a key holds at most 64 diagonals, the window has {bits}");
        // The candidates: nearest the main diagonals (board bit n - 1 each way) first.
        let mut by_nearness = in_window.clone();
        by_nearness.sort_by_key(|&(direction, at)| (at.abs_diff(board.n - 1), direction, at));
        let candidates = &by_nearness[..bits.min(CUT_CANDIDATES) as usize];
        let mut bit = [[NO_BIT; 64]; 2];
        for (rank, &(direction, at)) in candidates.iter().enumerate() {
            bit[direction][at as usize] = (bits - 1 - rank as u32) as u8;
        }
        let rest = in_window.iter().filter(|place| !candidates.contains(place));
        for (key_bit, &(direction, at)) in rest.enumerate() {
            bit[direction][at as usize] = key_bit as u8;
        }
        KeyLayout { bit, bits }
    }

    /// The key bit of board bit `at` of direction `direction` (0: "\",
    /// 1: "/"), if it is in the window.
    fn key_bit(&self, direction: usize, at: u32) -> Option<u32> {
        self.bit[direction].get(at as usize).copied().filter(|&bit| bit != NO_BIT).map(u32::from)
    }
}

/// A quarter's key bits by byte of its packed local diagonals: `key(lines)`
/// is the OR of one table lookup per byte (six for quarters of up to 12
/// squares a side), where packing bit by bit would take a step per bit.
struct KeyBytes {
    /// Per byte of the packed "\" diagonals, then per byte of the "/" ones:
    /// the key bits of each value of that byte.
    bytes: Vec<[u64; 256]>,
    /// Bytes per direction: a quarter's diagonals take `2 · side - 1` bits.
    per_direction: usize,
}

impl KeyBytes {
    /// Key bits where `layout` puts the quarter's diagonals.
    fn new(board: &Board, origin: Origin, layout: &KeyLayout) -> KeyBytes {
        let (diagonal_shift, anti_shift) = origin.shifts(board);
        // The key bit of each packed local bit, or 0 outside the window.
        let key_bit = |local: u32| -> u64 {
            let (direction, at) = if local < 32 { (0, local + diagonal_shift) } else { (1, local - 32 + anti_shift) };
            layout.key_bit(direction, at).map_or(0, |bit| 1 << bit)
        };
        let per_direction = (2 * board.side as usize - 1).div_ceil(8);
        let firsts =
            (0..per_direction).map(|byte| 8 * byte as u32).chain((0..per_direction).map(|byte| 32 + 8 * byte as u32));
        let bytes = firsts
            .map(|first| {
                std::array::from_fn(|value| {
                    (0..8).filter(|bit| value >> bit & 1 != 0).fold(0, |key, bit| key | key_bit(first + bit))
                })
            })
            .collect();
        KeyBytes { bytes, per_direction }
    }

    fn key(&self, lines: u64) -> u64 {
        let (diagonal_bytes, anti_bytes) = self.bytes.split_at(self.per_direction);
        let mut key = 0;
        for (byte, keys) in diagonal_bytes.iter().enumerate() {
            key |= keys[(lines >> (8 * byte)) as usize & 255];
        }
        for (byte, keys) in anti_bytes.iter().enumerate() {
            key |= keys[(lines >> (32 + 8 * byte)) as usize & 255];
        }
        key
    }
}

#[cfg(test)]
mod tests {
    use super::super::table::CellSizes;
    use super::super::testing::Random;
    use super::*;

    /// A key is the placement's board diagonals inside the window, each at
    /// its layout's bit: the byte tables agree with placing bit by bit. The
    /// layout gives every window diagonal a bit of its own below `bits`,
    /// the nearest the main diagonals on top, nearest highest.
    #[test]
    fn keys_pack_the_window() {
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        for n in [8u32, 9, 16, 17, 20] {
            let board = Board::new(n);
            let table = QuarterTable::fill(&CellSizes::count(board.side), &RowSets::all(board.side));
            // A window as the board gives one: diagonals of the board only.
            let lines = (1u64 << (2 * n - 1)) - 1;
            let window = Diagonals { diagonals: random.next() & lines, anti_diagonals: random.next() & lines };
            let layout = KeyLayout::new(&board, window);
            let sets = [window.diagonals, window.anti_diagonals];
            let mut nearness = vec![None; layout.bits as usize];
            for (direction, set) in sets.into_iter().enumerate() {
                for at in 0..64 {
                    let bit = layout.key_bit(direction, at);
                    assert_eq!(bit.is_some(), set >> at & 1 != 0, "n = {n}");
                    if let Some(bit) = bit {
                        let near = (at.abs_diff(n - 1), direction, at);
                        assert!(nearness[bit as usize].replace(near).is_none(), "n = {n}");
                    }
                }
            }
            let nearness: Vec<(u32, usize, u32)> =
                nearness.into_iter().map(|near| near.expect("every bit taken")).collect();
            let (rest, top) = nearness.split_at(nearness.len() - CUT_CANDIDATES as usize);
            assert!(top.windows(2).all(|pair| pair[0] > pair[1]), "n = {n}: the nearest highest");
            assert!(rest.iter().all(|near| near > &top[0]), "n = {n}: the nearest on top");
            for origin in [Origin { row: 0, col: 0 }, Origin { row: board.far, col: board.far }] {
                let keys = KeyBytes::new(&board, origin, &layout);
                let (diagonal_shift, anti_shift) = origin.shifts(&board);
                for &lines in table.diagonals.iter().step_by(97) {
                    let on_board = [(lines & LOW_HALF) << diagonal_shift, (lines >> 32) << anti_shift];
                    let mut expected = 0;
                    for (direction, &lines) in on_board.iter().enumerate() {
                        for at in (0..64).filter(|at| lines >> at & 1 != 0) {
                            expected |= layout.key_bit(direction, at).map_or(0, |bit| 1 << bit);
                        }
                    }
                    assert_eq!(keys.key(lines), expected, "n = {n}");
                }
            }
        }
    }

    /// With nothing shunned the window holds the diagonals that cross the
    /// middle line: `n - 1` each way for even `n`, `n - 2` for odd `n`
    /// (the middle column lies between the halves). Checked square by square.
    #[test]
    fn the_window_is_the_diagonals_across_the_middle() {
        for n in 4..=32u32 {
            let board = Board::new(n);
            let none = Diagonals::default();
            let window = window(&board, none, none);
            let (mut diagonals, mut anti_diagonals) = (0u64, 0u64);
            // A diagonal with a square in a west and in an east quarter.
            for (west_row, west_col) in (0..n).flat_map(|row| (0..board.side).map(move |col| (row, col))) {
                for (east_row, east_col) in (0..n).flat_map(|row| (board.far..n).map(move |col| (row, col))) {
                    let in_quarter = |row: u32| row < board.side || row >= board.far;
                    if !(in_quarter(west_row) && in_quarter(east_row)) {
                        continue;
                    }
                    if west_row + east_col == east_row + west_col {
                        diagonals |= board.diagonal(west_row, west_col);
                    }
                    if west_row + west_col == east_row + east_col {
                        anti_diagonals |= board.anti_diagonal(west_row, west_col);
                    }
                }
            }
            assert_eq!(window, Diagonals { diagonals, anti_diagonals }, "n = {n}");
            let across = if n % 2 == 0 { n - 1 } else { n - 2 };
            assert_eq!(window.diagonals.count_ones(), across, "n = {n}");
            assert_eq!(window.anti_diagonals.count_ones(), across, "n = {n}");
        }
    }
}
