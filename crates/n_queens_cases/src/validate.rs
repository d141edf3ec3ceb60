//! The independent validator: written plainly, shares no code with any
//! approach, and runs in O(n) per board so that it can check a board of a
//! million queens.

use std::collections::HashSet;

/// Checks a placement given as the column of the queen in each row
/// (`columns[row] = col`): every column in range and used once, and no two
/// queens on one "\" diagonal (`row - col`) or "/" anti-diagonal (`row + col`).
///
/// One queen per row holds by construction. O(n) time and space.
pub fn check_columns(columns: &[usize]) -> Result<(), String> {
    let n = columns.len();
    let mut column_taken = vec![false; n];
    // `row - col + n` is in 1..2n for squares on the board, so 2n slots suffice.
    let mut diagonal_taken = vec![false; 2 * n];
    let mut anti_diagonal_taken = vec![false; 2 * n];
    for (row, &col) in columns.iter().enumerate() {
        if col >= n {
            return Err(format!("row {row}: column {col} is off an {n}x{n} board"));
        }
        if std::mem::replace(&mut column_taken[col], true) {
            return Err(format!("row {row}: column {col} already has a queen"));
        }
        if std::mem::replace(&mut diagonal_taken[row + n - col], true) {
            return Err(format!("row {row}, column {col}: its \"\\\" diagonal already has a queen"));
        }
        if std::mem::replace(&mut anti_diagonal_taken[row + col], true) {
            return Err(format!("row {row}, column {col}: its \"/\" anti-diagonal already has a queen"));
        }
    }
    Ok(())
}

/// Reads a board in the judge's format (`n` strings of `n` characters, `'Q'`
/// a queen and `'.'` an empty square) into the queen's column per row.
pub fn board_to_columns(n: usize, board: &[String]) -> Result<Vec<usize>, String> {
    if board.len() != n {
        return Err(format!("{} rows, expected {n}", board.len()));
    }
    let mut columns = Vec::with_capacity(n);
    for (row, line) in board.iter().enumerate() {
        if line.len() != n || line.bytes().any(|square| square != b'.' && square != b'Q') {
            return Err(format!("row {row} is {line:?}: expected {n} of '.' and 'Q'"));
        }
        let queens: Vec<usize> = line.match_indices('Q').map(|(col, _)| col).collect();
        match queens.as_slice() {
            [col] => columns.push(*col),
            _ => return Err(format!("row {row} is {line:?}: expected exactly one queen")),
        }
    }
    Ok(columns)
}

/// Checks one board in the judge's format for an `n`-queens puzzle.
pub fn check_board(n: usize, board: &[String]) -> Result<(), String> {
    check_columns(&board_to_columns(n, board)?)
}

/// Checks that `boards` is exactly the solution set for `n`: every board
/// valid, no board twice, and as many boards as OEIS A000170 gives.
///
/// A set of distinct valid boards of the right size can only be all of them.
/// A negative `n` must have no boards.
pub fn check_solution_set(n: i32, boards: &[Vec<String>]) -> Result<(), String> {
    let expected = crate::expected_count(n).ok_or(format!("no known count for n = {n}"))?;
    if n < 0 {
        return if boards.is_empty() { Ok(()) } else { Err(format!("n = {n} must have no boards")) };
    }
    let size = n as usize;
    let mut seen = HashSet::new();
    for (index, board) in boards.iter().enumerate() {
        check_board(size, board).map_err(|error| format!("board {index}: {error}: {board:?}"))?;
        if !seen.insert(board) {
            return Err(format!("board {index} appears twice: {board:?}"));
        }
    }
    if boards.len() as u64 != expected {
        return Err(format!("{} boards for n = {n}, OEIS A000170 gives {expected}", boards.len()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Vec<String> {
        rows.iter().map(|row| row.to_string()).collect()
    }

    #[test]
    fn accepts_a_solution() {
        assert_eq!(check_columns(&[1, 3, 0, 2]), Ok(()));
        assert_eq!(check_board(4, &board(&[".Q..", "...Q", "Q...", "..Q."])), Ok(()));
        assert_eq!(check_columns(&[]), Ok(()));
    }

    #[test]
    fn rejects_a_shared_line_or_a_column_off_the_board() {
        assert!(check_columns(&[1, 1, 0, 2]).unwrap_err().contains("column 1 already"));
        // (0, 0) and (1, 1): row - col = 0 for both.
        assert!(check_columns(&[0, 1]).unwrap_err().contains("\"\\\" diagonal"));
        // (0, 1) and (1, 0): row + col = 1 for both.
        assert!(check_columns(&[1, 0]).unwrap_err().contains("\"/\" anti-diagonal"));
        assert!(check_columns(&[0, 4, 1, 3]).unwrap_err().contains("off"));
    }

    #[test]
    fn rejects_malformed_rows() {
        assert!(check_board(4, &board(&[".Q..", "...Q", "Q..."])).is_err());
        assert!(check_board(4, &board(&[".Q..", "...Q", "Q...", "..Q"])).is_err());
        assert!(check_board(4, &board(&[".Q..", "...Q", "QQ..", "..Q."])).is_err());
        assert!(check_board(4, &board(&[".Q..", "...Q", "....", "..Q."])).is_err());
        assert!(check_board(4, &board(&[".Q..", "...Q", "Qx..", "..Q."])).is_err());
    }

    #[test]
    fn rejects_incomplete_or_repeated_sets() {
        let a = board(&[".Q..", "...Q", "Q...", "..Q."]);
        let b = board(&["..Q.", "Q...", "...Q", ".Q.."]);
        assert_eq!(check_solution_set(4, &[a.clone(), b.clone()]), Ok(()));
        assert!(check_solution_set(4, std::slice::from_ref(&a)).unwrap_err().contains("OEIS"));
        assert!(check_solution_set(4, &[a.clone(), a]).unwrap_err().contains("twice"));
        assert!(check_solution_set(-1, &[b]).is_err());
        assert_eq!(check_solution_set(0, &[vec![]]), Ok(()));
    }

    #[test]
    fn checks_a_million_queens_in_linear_time() {
        // The staircase 1, 3, 5, .., then 0, 2, 4, .. is a solution whenever
        // n mod 6 is not 2 or 3; here n mod 6 = 4.
        let n = 1_000_000;
        let columns: Vec<usize> = (1..n).step_by(2).chain((0..n).step_by(2)).collect();
        assert_eq!(check_columns(&columns), Ok(()));
        let mut broken = columns;
        broken[1] = broken[0];
        assert!(check_columns(&broken).is_err());
    }
}
