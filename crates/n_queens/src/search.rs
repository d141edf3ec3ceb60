//! The search that [`streaming`](crate::streaming) and
//! [`unique`](crate::unique) drive: bitmask's, with the recursion's call
//! stack made an explicit one, one `Frame` per filled row, so that it stops
//! after each board and goes on when asked (`streaming.rs`'s module docs and
//! `docs/streaming.md` tell how). The masks are `u64`, bit `c` for column `c`,
//! so n reaches 64.

/// The largest `n` the search takes: one bit per column in a `u64` mask.
pub(crate) const MAX_N: u32 = 64;

/// Panics unless `n <= 64`, with a message that names `function` and the range.
pub(crate) fn check_range(function: &str, n: u32) {
    assert!(n <= MAX_N, "{function}: n = {n} is out of range; it supports n <= {MAX_N} (one bit per column in a u64)");
}

/// The search, paused between two boards.
#[derive(Clone, Debug)]
pub(crate) struct Search {
    /// Every column of the board: `full = (1 << n) - 1`, n ones.
    full: u64,
    /// One frame per row from row 0 to the row being filled, the top frame
    /// last. Always one more frame than `queen_columns` has entries, until
    /// the search is over and both are empty.
    stack: Vec<Frame>,
    /// `queen_columns[row]`: the column of the queen placed in each row above
    /// the top frame's row.
    queen_columns: Vec<u32>,
    /// `preferred[row]`: the column that row tries first; empty for
    /// lexicographic order (every row tries its lowest free square first).
    preferred: Vec<u32>,
    /// `n = 0` has one board, the empty one; there is no row to search.
    empty_board_pending: bool,
}

/// One row of the search, as the recursion would keep it in its local variables.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// The squares of this row that are safe and not tried yet.
    free: u64,
    /// The columns taken by the queens above.
    columns: u64,
    /// The squares of this row on a "\" diagonal of a queen above.
    diagonals: u64,
    /// The squares of this row on a "/" anti-diagonal of a queen above.
    anti_diagonals: u64,
    /// The square this row tries first while it is free (one bit), or 0.
    preferred: u64,
}

impl Search {
    /// The search for `n <= 64`, the first row limited to `first_row` (a
    /// mask), each row trying `preferred[row]` first (lowest first when
    /// `preferred` is empty): the boards come in lexicographic order, each
    /// row's preferred column ranked before the others.
    pub(crate) fn new(n: u32, first_row: u64, preferred: Vec<u32>) -> Search {
        debug_assert!(n <= MAX_N && (preferred.is_empty() || preferred.len() == n as usize));
        // `u64::MAX >> (64 - n)` is n ones, also for n = 64 where `1 << n` overflows.
        let full = if n == 0 { 0 } else { u64::MAX >> (64 - n) };
        let mut search = Search {
            full,
            stack: Vec::with_capacity(n as usize + 1),
            queen_columns: Vec::with_capacity(n as usize),
            preferred,
            empty_board_pending: n == 0,
        };
        if n > 0 {
            let preferred = search.preferred_square(0);
            search.stack.push(Frame { free: full & first_row, columns: 0, diagonals: 0, anti_diagonals: 0, preferred });
        }
        search
    }

    /// The square `row` tries first, as a one-bit mask, or 0 for none.
    fn preferred_square(&self, row: usize) -> u64 {
        self.preferred.get(row).map_or(0, |&col| 1 << col)
    }

    /// Searches on to the next board and lends its columns, without allocating.
    pub(crate) fn next_columns(&mut self) -> Option<&[u32]> {
        if self.empty_board_pending {
            self.empty_board_pending = false;
            return Some(&[]);
        }
        while let Some(frame) = self.stack.last_mut() {
            if frame.free == 0 {
                // Every square of this row is tried: back to the row above,
                // whose queen moves on to its next free square.
                self.stack.pop();
                self.queen_columns.pop();
                continue;
            }
            let queen = if frame.free & frame.preferred != 0 {
                frame.preferred
            } else {
                frame.free & frame.free.wrapping_neg() // the lowest untried square
            };
            frame.free &= !queen;
            let columns = frame.columns | queen;
            let diagonals = (frame.diagonals | queen) << 1;
            let anti_diagonals = (frame.anti_diagonals | queen) >> 1;
            self.queen_columns.push(queen.trailing_zeros());
            if columns == self.full {
                // Every row has its queen. The last queen stays in
                // `queen_columns` while the caller reads the board; the empty
                // frame pushed here makes the next call take it back.
                self.stack.push(Frame { free: 0, columns, diagonals, anti_diagonals, preferred: 0 });
                return Some(&self.queen_columns);
            }
            let free = self.full & !(columns | diagonals | anti_diagonals);
            let preferred = self.preferred_square(self.queen_columns.len());
            self.stack.push(Frame { free, columns, diagonals, anti_diagonals, preferred });
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stack_stays_one_frame_per_row() {
        let preferred = crate::construct::construct(8).unwrap().into_columns();
        let mut search = Search::new(8, u64::MAX, preferred);
        let mut count = 0;
        while let Some(columns) = search.next_columns() {
            assert_eq!(columns.len(), 8);
            assert!(search.stack.len() <= 9 && search.stack.capacity() == 9);
            count += 1;
        }
        assert_eq!(count, 92); // OEIS A000170
        assert!(search.stack.is_empty() && search.queen_columns.is_empty());
        assert_eq!(search.next_columns(), None);
    }

    #[test]
    fn a_first_row_mask_keeps_only_those_boards() {
        // n = 4 has two boards, 1 3 0 2 and 2 0 3 1.
        let mut only_column_2 = Search::new(4, 1 << 2, Vec::new());
        assert_eq!(only_column_2.next_columns(), Some(&[2, 0, 3, 1][..]));
        assert_eq!(only_column_2.next_columns(), None);
    }
}
