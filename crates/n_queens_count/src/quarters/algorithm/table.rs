//! The quarter table: every placement of non-attacking queens on a
//! `side`×`side` board, any number of them, filed by its cell (the rows and
//! the columns it uses). All four quarters are such boards: one table
//! serves them all, built by a plain search. It may hold only some of the
//! row sets ([`RowSets`]): the search then leaves out the rest, and holds
//! only what a pass of the count needs.

/// The low 32 bits of a packed pair of diagonal sets: the "\" ones.
pub(crate) const LOW_HALF: u64 = 0xffff_ffff;

/// How many placements each cell of the quarter table holds.
pub(crate) struct CellSizes {
    pub(crate) side: u32,
    /// Indexed by `rows << side | columns`.
    pub(crate) sizes: Vec<u32>,
}

impl CellSizes {
    /// Counts every placement of non-attacking queens on a `side`×`side`
    /// board by the rows and columns it uses.
    pub(crate) fn count(side: u32) -> CellSizes {
        let mut sizes = vec![0u32; 1 << (2 * side)];
        for_each_placement(side, &RowSets::all(side), &mut |rows, columns, _| {
            sizes[(rows << side | columns) as usize] += 1;
        });
        CellSizes { side, sizes }
    }

    #[cfg(test)]
    pub(crate) fn placements(&self) -> u64 {
        self.sizes.iter().map(|&size| u64::from(size)).sum()
    }

    /// The placements of each row set, over every column: `side` bits of
    /// rows index it.
    pub(crate) fn by_rows(&self) -> Vec<u64> {
        let columns = 1 << self.side;
        self.sizes.chunks_exact(columns).map(|row| row.iter().map(|&size| u64::from(size)).sum()).collect()
    }

    /// The most placements a cell holds.
    pub(crate) fn largest(&self) -> u64 {
        self.sizes.iter().copied().max().map_or(0, u64::from)
    }
}

/// A set of a quarter's row sets, each one `side` bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RowSets {
    side: u32,
    /// Bit `rows` is set for each row set `rows` in it.
    members: Vec<u64>,
}

impl RowSets {
    /// No row set.
    pub(crate) fn none(side: u32) -> RowSets {
        RowSets { side, members: vec![0; (1usize << side).div_ceil(64)] }
    }

    /// Every row set.
    pub(crate) fn all(side: u32) -> RowSets {
        let mut all = RowSets::none(side);
        (0..1 << side).for_each(|rows| all.insert(rows));
        all
    }

    pub(crate) fn insert(&mut self, rows: u32) {
        self.members[rows as usize / 64] |= 1 << (rows % 64);
    }

    pub(crate) fn contains(&self, rows: u32) -> bool {
        self.members[rows as usize / 64] >> (rows % 64) & 1 != 0
    }

    /// Adds every row set of `other`.
    pub(crate) fn extend(&mut self, other: &RowSets) {
        for (mine, theirs) in self.members.iter_mut().zip(&other.members) {
            *mine |= theirs;
        }
    }

    /// The row sets in it, in increasing order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        (0..1u32 << self.side).filter(|&rows| self.contains(rows))
    }

    pub(crate) fn len(&self) -> usize {
        self.members.iter().map(|word| word.count_ones() as usize).sum()
    }

    /// The bytes of a set of `side`-bit row sets.
    pub(crate) fn bytes(side: u32) -> u64 {
        (1u64 << side).div_ceil(64) * 8
    }

    /// The row sets it can hold: `2^side`.
    pub(crate) fn capacity(&self) -> usize {
        1 << self.side
    }

    /// For the search: `prefixes[depth]` holds bit `p` if some row set in
    /// it agrees with `p` on its first `depth` rows (its low bits).
    fn prefixes(&self) -> Vec<Vec<bool>> {
        let mut prefixes = vec![Vec::new(); self.side as usize + 1];
        prefixes[self.side as usize] = (0..1u32 << self.side).map(|rows| self.contains(rows)).collect();
        for depth in (0..self.side as usize).rev() {
            let deeper = &prefixes[depth + 1];
            prefixes[depth] = (0..1usize << depth).map(|p| deeper[p] || deeper[p | 1 << depth]).collect();
        }
        prefixes
    }
}

/// Calls `visit(rows, columns, diagonals)` for every placement of
/// non-attacking queens on a `side`×`side` board (none included) whose
/// rows are a row set of `kept`, rows top-down, leaving out every branch
/// that can reach none of them. `diagonals` packs the quarter's own "\"
/// diagonals (`row - col + side - 1`) in bits 0..32 and its "/"
/// anti-diagonals (`row + col`) in bits 32..64.
pub(crate) fn for_each_placement(side: u32, kept: &RowSets, visit: &mut dyn FnMut(u32, u32, u64)) {
    struct Search<'a> {
        side: u32,
        prefixes: Vec<Vec<bool>>,
        visit: &'a mut dyn FnMut(u32, u32, u64),
    }
    impl Search<'_> {
        fn place(&mut self, row: u32, rows: u32, columns: u32, diagonals: u64) {
            if !self.prefixes[row as usize][rows as usize] {
                return;
            }
            if row == self.side {
                return (self.visit)(rows, columns, diagonals);
            }
            // This row stays empty...
            self.place(row + 1, rows, columns, diagonals);
            // ... or holds a queen on a free square.
            let mut free = ((1 << self.side) - 1) & !columns;
            while free != 0 {
                let col = free.trailing_zeros();
                free &= free - 1;
                let lines = 1u64 << (row + self.side - 1 - col) | 1u64 << (32 + row + col);
                if diagonals & lines == 0 {
                    self.place(row + 1, rows | 1 << row, columns | 1 << col, diagonals | lines);
                }
            }
        }
    }
    Search { side, prefixes: kept.prefixes(), visit }.place(0, 0, 0, 0);
}

/// The placements of non-attacking queens on a quarter whose rows are one
/// of the row sets it holds, by cell.
pub(crate) struct QuarterTable {
    pub(crate) side: u32,
    /// Per row set: its slot among those held, or [`NOT_HELD`].
    slots: Vec<u32>,
    /// `first[slot << side | columns]..first[(slot << side | columns) + 1]`
    /// are the cell's placements.
    first: Vec<u32>,
    /// Per placement, its diagonals as [`for_each_placement`] packs them.
    pub(crate) diagonals: Vec<u64>,
}

/// The slot of a row set a table or a view does not hold.
pub(crate) const NOT_HELD: u32 = u32::MAX;

impl QuarterTable {
    /// The placements of the row sets of `rows`, found by a search that
    /// leaves out the others; `cells` says how many each cell has.
    ///
    /// # Panics
    /// If they pass `u32::MAX` (the plan keeps a table below it).
    pub(crate) fn fill(cells: &CellSizes, rows: &RowSets) -> QuarterTable {
        let side = cells.side;
        let columns = 1usize << side;
        let mut slots = vec![NOT_HELD; 1 << side];
        let mut first = Vec::with_capacity(rows.len() * columns + 1);
        let mut end = 0u32;
        for (slot, held) in rows.iter().enumerate() {
            slots[held as usize] = slot as u32;
            for &size in &cells.sizes[held as usize * columns..][..columns] {
                first.push(end);
                end = end.checked_add(size).expect("the plan keeps a table below 2^32 placements");
            }
        }
        first.push(end);
        let mut diagonals = vec![0u64; end as usize];
        let mut next: Vec<u32> = first[..first.len() - 1].to_vec();
        for_each_placement(side, rows, &mut |rows, columns, lines| {
            let cell = (slots[rows as usize] as usize) << side | columns as usize;
            diagonals[next[cell] as usize] = lines;
            next[cell] += 1;
        });
        QuarterTable { side, slots, first, diagonals }
    }

    /// The most bytes a table of `row_sets` row sets and `placements`
    /// placements holds: its slots, its index and its placements, and
    /// while it is filled, a second index and the search's prefixes.
    pub(crate) fn bytes(side: u32, row_sets: u64, placements: u64) -> u64 {
        (1u64 << side) * (4 + 2) + 2 * row_sets * (1 << side) * 4 + placements * 8
    }

    /// The placements of the cell (`rows`, `columns`); none if the table
    /// does not hold `rows`.
    #[cfg(test)]
    pub(crate) fn cell(&self, rows: u32, columns: u32) -> &[u64] {
        match self.slots[rows as usize] {
            NOT_HELD => &[],
            slot => {
                let cell = (slot as usize) << self.side | columns as usize;
                &self.diagonals[self.first[cell] as usize..self.first[cell + 1] as usize]
            }
        }
    }

    /// The placements it holds.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.diagonals.len()
    }

    /// The cells of a row set, in order of their columns: none if the
    /// table does not hold it.
    pub(crate) fn row(&self, rows: u32) -> TableRow<'_> {
        let columns = 1 << self.side;
        let first = match self.slots[rows as usize] {
            NOT_HELD => &[][..],
            slot => &self.first[(slot as usize) << self.side..][..columns + 1],
        };
        TableRow { first, diagonals: &self.diagonals }
    }
}

/// A row set's cells of a [`QuarterTable`].
pub(crate) struct TableRow<'a> {
    /// Where each cell begins, and where the last ends.
    first: &'a [u32],
    diagonals: &'a [u64],
}

impl<'a> TableRow<'a> {
    /// Whether the table holds the row set.
    pub(crate) fn held(&self) -> bool {
        !self.first.is_empty()
    }

    /// Its placements, over all columns.
    pub(crate) fn len(&self) -> usize {
        match (self.first.first(), self.first.last()) {
            (Some(&first), Some(&end)) => (end - first) as usize,
            _ => 0,
        }
    }

    /// Each cell's placements, in order of their columns (none if the
    /// table does not hold the row set).
    pub(crate) fn cells(&self) -> impl Iterator<Item = &'a [u64]> + 'a {
        let diagonals = self.diagonals;
        self.first.windows(2).map(move |range| &diagonals[range[0] as usize..range[1] as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every placement of non-attacking queens on a small board, by brute
    /// force over all sets of squares: the search finds the same number,
    /// and files each in the cell of its rows and columns.
    #[test]
    fn quarter_table_holds_every_placement() {
        for side in 1..=4u32 {
            let squares = side * side;
            let mut peaceful = 0;
            let mut by_cell = vec![0u32; 1 << (2 * side)];
            for set in 0u32..1 << squares {
                let queens: Vec<(u32, u32)> = (0..squares)
                    .filter(|square| set >> square & 1 != 0)
                    .map(|square| (square / side, square % side))
                    .collect();
                let attack = |(r1, c1): (u32, u32), (r2, c2): (u32, u32)| {
                    r1 == r2 || c1 == c2 || r1 + c2 == r2 + c1 || r1 + c1 == r2 + c2
                };
                if queens.iter().enumerate().all(|(i, &a)| queens[i + 1..].iter().all(|&b| !attack(a, b))) {
                    peaceful += 1;
                    let (rows, columns) = queens
                        .iter()
                        .fold((0, 0), |(rows, columns), &(row, col)| (rows | 1 << row, columns | 1 << col));
                    by_cell[(rows << side | columns) as usize] += 1;
                }
            }
            let cells = CellSizes::count(side);
            assert_eq!(cells.placements(), peaceful, "side {side}");
            assert_eq!(cells.sizes, by_cell, "side {side}");
            let table = QuarterTable::fill(&cells, &RowSets::all(side));
            assert_eq!(table.len() as u64, peaceful);
        }
    }

    /// A table of some row sets holds exactly their cells, as the whole
    /// table has them, and nothing of the others.
    #[test]
    fn a_table_of_some_rows_holds_their_cells() {
        let side = 6;
        let cells = CellSizes::count(side);
        let whole = QuarterTable::fill(&cells, &RowSets::all(side));
        for pick in [0b1, 0b1010_0110, 0x3f00_0000_0000, u64::MAX] {
            let mut rows = RowSets::none(side);
            (0..64).filter(|rows| pick >> rows & 1 != 0).for_each(|held| rows.insert(held));
            let table = QuarterTable::fill(&cells, &rows);
            let mut held = 0;
            for (cell, _) in cells.sizes.iter().enumerate() {
                let (row_set, columns) = ((cell >> side) as u32, cell as u32 & 63);
                let expected = if rows.contains(row_set) { whole.cell(row_set, columns) } else { &[] };
                assert_eq!(table.cell(row_set, columns), expected, "rows {row_set:b}, columns {columns:b}");
                held += expected.len();
            }
            assert_eq!(table.len(), held);
            assert_eq!(rows.iter().count(), rows.len());
        }
    }
}
