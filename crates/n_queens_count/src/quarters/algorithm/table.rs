//! The quarter table: every placement of non-attacking queens on a
//! `side`×`side` board, any number of them, filed by its cell (the rows and
//! the columns it uses). All four quarters are such boards: one table
//! serves them all, built once by a plain search.

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
        for_each_placement(side, &mut |rows, columns, _| {
            sizes[(rows << side | columns) as usize] += 1;
            true
        });
        CellSizes { side, sizes }
    }

    pub(crate) fn placements(&self) -> u64 {
        self.sizes.iter().map(|&size| u64::from(size)).sum()
    }
}

/// Calls `visit(rows, columns, diagonals)` for every placement of
/// non-attacking queens on a `side`×`side` board (none included), rows
/// top-down; stops and returns false as soon as `visit` does.
/// `diagonals` packs the quarter's own "\" diagonals (`row - col + side - 1`)
/// in bits 0..32 and its "/" anti-diagonals (`row + col`) in bits 32..64.
pub(crate) fn for_each_placement(side: u32, visit: &mut dyn FnMut(u32, u32, u64) -> bool) -> bool {
    fn place(
        side: u32,
        row: u32,
        rows: u32,
        columns: u32,
        diagonals: u64,
        visit: &mut dyn FnMut(u32, u32, u64) -> bool,
    ) -> bool {
        if row == side {
            return visit(rows, columns, diagonals);
        }
        // This row stays empty...
        if !place(side, row + 1, rows, columns, diagonals, visit) {
            return false;
        }
        // ... or holds a queen on a free square.
        let mut free = ((1 << side) - 1) & !columns;
        while free != 0 {
            let col = free.trailing_zeros();
            free &= free - 1;
            let lines = 1u64 << (row + side - 1 - col) | 1u64 << (32 + row + col);
            if diagonals & lines == 0
                && !place(side, row + 1, rows | 1 << row, columns | 1 << col, diagonals | lines, visit)
            {
                return false;
            }
        }
        true
    }
    place(side, 0, 0, 0, 0, visit)
}

/// Every placement of non-attacking queens on a quarter, by cell.
pub(crate) struct QuarterTable {
    pub(crate) side: u32,
    /// `first[cell]..first[cell + 1]` are the cell's placements, `cell = rows << side | columns`.
    pub(crate) first: Vec<u32>,
    /// Per placement, its diagonals as [`for_each_placement`] packs them.
    pub(crate) diagonals: Vec<u64>,
}

impl QuarterTable {
    pub(crate) fn fill(cells: CellSizes) -> QuarterTable {
        let side = cells.side;
        let mut first = Vec::with_capacity(cells.sizes.len() + 1);
        let mut end = 0u32;
        for &size in &cells.sizes {
            first.push(end);
            end += size;
        }
        first.push(end);
        let mut diagonals = vec![0u64; end as usize];
        let mut next: Vec<u32> = first[..cells.sizes.len()].to_vec();
        for_each_placement(side, &mut |rows, columns, lines| {
            let cell = (rows << side | columns) as usize;
            diagonals[next[cell] as usize] = lines;
            next[cell] += 1;
            true
        });
        QuarterTable { side, first, diagonals }
    }

    /// The placements of one cell.
    pub(crate) fn cell(&self, cell: usize) -> &[u64] {
        &self.diagonals[self.first[cell] as usize..self.first[cell + 1] as usize]
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
            let table = QuarterTable::fill(cells);
            assert_eq!(table.diagonals.len() as u64, peaceful);
        }
    }
}
