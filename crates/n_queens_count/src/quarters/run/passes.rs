//! The passes of a count: a start's tasks cut so that each pass's views
//! hold only the row sets its tasks use, and no pass more than the memory
//! allows. The row sets of the north-east quarter that the start's tasks
//! use are ordered by their number of rows, then by value, and cut into
//! `pieces` groups of about equal placements (each counted with its
//! complement, the north-west quarter's rows of the same tasks); the row
//! sets of the south-east quarter likewise. A pass is the tasks of one
//! north group and one south group. With one piece, a start is one pass.
//!
//! Ordered by their number of rows, the groups of a pass agree on the
//! number of east queens in the north and in the south, so that most pairs
//! of groups have no task and most row sets are built into views once.

use std::ops::Range;

use crate::quarters::algorithm::board::Board;
use crate::quarters::algorithm::starts::{Start, Task};
use crate::quarters::algorithm::table::{QuarterTable, RowSets};
use crate::quarters::algorithm::views::{QuarterRows, view_bytes};

/// The row sets of the east half a start's tasks use: of its north
/// quarter and of its south one.
pub(crate) struct UsedRows {
    north: RowSets,
    south: RowSets,
}

impl UsedRows {
    /// The row sets `tasks` use.
    pub(crate) fn of(board: &Board, tasks: &[Task]) -> UsedRows {
        let (mut north, mut south) = (RowSets::none(board.side), RowSets::none(board.side));
        for task in tasks {
            north.insert(task.east_rows & board.quarter_mask());
            south.insert(task.east_rows >> board.far & board.quarter_mask());
        }
        UsedRows { north, south }
    }

    /// Whether the start has any task.
    pub(crate) fn any(&self) -> bool {
        self.north.len() != 0
    }

    /// Every row set of every quarter they reach: the east rows, and the
    /// west rows beside them.
    pub(crate) fn all_quarters(&self, board: &Board, start: &Start) -> RowSets {
        let mut all = self.north.clone();
        all.extend(&self.south);
        for north in self.north.iter() {
            all.insert(board.quarter_mask() ^ north);
        }
        for south in self.south.iter() {
            all.insert(south_rows(board, start) ^ south);
        }
        all
    }
}

/// The board rows of the south quarters a start leaves to them, as quarter rows.
fn south_rows(board: &Board, start: &Start) -> u32 {
    start.rows >> board.far & board.quarter_mask()
}

/// Which group each row set of a start falls in, north and south.
pub(crate) struct Groups {
    /// Per north-east row set, its group (or `u32::MAX` if unused).
    north: Vec<u32>,
    /// Per south-east row set, its group.
    south: Vec<u32>,
}

/// The bytes a group's row sets take in a pass: their views, and the
/// quarter table of their rows where each pass builds its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct GroupBytes {
    pub(crate) views: u64,
    pub(crate) table: u64,
}

impl Groups {
    /// The groups of a start whose tasks use `used`, cut into `pieces` by
    /// placements; `by_rows` gives each row set's placements.
    pub(crate) fn new(board: &Board, start: &Start, used: &UsedRows, pieces: u32, by_rows: &[u64]) -> Groups {
        let (mask, south) = (board.quarter_mask(), south_rows(board, start));
        Groups {
            north: cut(&used.north, pieces, |rows| by_rows[rows as usize] + by_rows[(mask ^ rows) as usize]),
            south: cut(&used.south, pieces, |rows| by_rows[rows as usize] + by_rows[(south ^ rows) as usize]),
        }
    }

    /// The largest north group's bytes and the largest south group's, of
    /// the row sets `used`: no pass holds more than both.
    pub(crate) fn largest(&self, board: &Board, start: &Start, used: &UsedRows, by_rows: &[u64]) -> [GroupBytes; 2] {
        let (mask, south) = (board.quarter_mask(), south_rows(board, start));
        let largest = |groups: &[u32], rows: &RowSets, beside: u32| {
            let mut sums: Vec<[u64; 3]> = Vec::new();
            for held in rows.iter() {
                let group = groups[held as usize] as usize;
                if sums.len() <= group {
                    sums.resize(group + 1, [0; 3]);
                }
                let sum = &mut sums[group];
                *sum = [sum[0] + 1, sum[1] + by_rows[held as usize], sum[2] + by_rows[(beside ^ held) as usize]];
            }
            let side = board.side;
            let bytes = |&[row_sets, east, west]: &[u64; 3]| GroupBytes {
                views: view_bytes(side, row_sets, east) + view_bytes(side, row_sets, west),
                table: QuarterTable::bytes(side, 2 * row_sets, east + west),
            };
            let all = sums.iter().map(bytes);
            GroupBytes {
                views: all.clone().map(|group| group.views).max().unwrap_or(0),
                table: all.map(|group| group.table).max().unwrap_or(0),
            }
        };
        [largest(&self.north, &used.north, mask), largest(&self.south, &used.south, south)]
    }

    /// The pass of a task: its north group, then its south group.
    fn pass(&self, board: &Board, task: &Task) -> (u32, u32) {
        let mask = board.quarter_mask();
        (self.north[(task.east_rows & mask) as usize], self.south[(task.east_rows >> board.far & mask) as usize])
    }
}

/// Each row set of `used`, in order of its number of rows and then of its
/// value, laid end to end by `weight`: its group is the one of `pieces`
/// its middle falls in.
fn cut(used: &RowSets, pieces: u32, weight: impl Fn(u32) -> u64) -> Vec<u32> {
    let mut groups = vec![u32::MAX; used.capacity()];
    let mut ordered: Vec<u32> = used.iter().collect();
    ordered.sort_by_key(|&rows| (rows.count_ones(), rows));
    let total: u64 = ordered.iter().map(|&rows| weight(rows)).sum();
    let mut before = 0u64;
    for rows in ordered {
        let size = weight(rows);
        let middle = 2 * before + size; // twice the midpoint, in whole numbers
        let group = (u128::from(middle) * u128::from(pieces) / u128::from((2 * total).max(1))) as u32;
        groups[rows as usize] = group.min(pieces - 1);
        before += size;
    }
    groups
}

/// A pass: a run of a start's tasks (sorted by [`passes`]).
pub(crate) struct Pass {
    pub(crate) tasks: Range<usize>,
}

/// Sorts `tasks` by pass (and within one, as they came: by east rows,
/// largest first), and returns the passes in order.
pub(crate) fn passes(board: &Board, groups: &Groups, tasks: &mut [Task]) -> Vec<Pass> {
    tasks.sort_unstable_by_key(|task| (groups.pass(board, task), std::cmp::Reverse(task.east_rows)));
    let mut passes = Vec::new();
    let mut first = 0;
    for end in 1..=tasks.len() {
        if end == tasks.len() || groups.pass(board, &tasks[end]) != groups.pass(board, &tasks[first]) {
            passes.push(Pass { tasks: first..end });
            first = end;
        }
    }
    passes
}

/// The row sets the views of a pass of `tasks` hold.
pub(crate) fn rows_of(board: &Board, start: &Start, tasks: &[Task]) -> QuarterRows {
    let mut rows = QuarterRows::none(board.side);
    for task in tasks {
        rows.add_task(board, start.rows, task.east_rows);
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quarters::algorithm::table::CellSizes;

    /// Every task is in one pass, each pass's row sets lie in its groups,
    /// and more pieces make the largest group smaller.
    #[test]
    fn passes_hold_every_task_once_and_shrink_with_pieces() {
        for n in [12u32, 13] {
            let board = Board::new(n);
            let by_rows = CellSizes::count(board.side).by_rows();
            for start in board.starts().iter().take(3) {
                let all = start.tasks(&board);
                let used = UsedRows::of(&board, &all);
                let mut last = u64::MAX;
                for pieces in [1, 2, 4, 8] {
                    let groups = Groups::new(&board, start, &used, pieces, &by_rows);
                    let mut tasks = start.tasks(&board);
                    let passes = passes(&board, &groups, &mut tasks);
                    let mut seen: Vec<u32> =
                        passes.iter().flat_map(|pass| &tasks[pass.tasks.clone()]).map(|task| task.east_rows).collect();
                    seen.sort_unstable();
                    let mut expected: Vec<u32> = all.iter().map(|task| task.east_rows).collect();
                    expected.sort_unstable();
                    assert_eq!(seen, expected, "n = {n}, {pieces} pieces");
                    assert!(pieces > 1 || passes.len() == 1);
                    let [north, south] = groups.largest(&board, start, &used, &by_rows);
                    for pass in &passes {
                        let rows = rows_of(&board, start, &tasks[pass.tasks.clone()]);
                        let held = crate::quarters::algorithm::views::Views::bytes(board.side, &rows, &by_rows);
                        assert!(held <= north.views + south.views, "n = {n}, {pieces} pieces");
                    }
                    assert!(north.views + south.views <= last, "n = {n}, {pieces} pieces");
                    last = north.views + south.views;
                }
            }
        }
    }
}
