//! A table whose rows are a grid another table sizes (`rows laid out by:
//! Board Size`, the chess game's Position): what its rows must be, written
//! once for the two that check them, the loader (the content's rows,
//! `load/grid.rs`) and a saved game's load (`world/saved.rs`).
//!
//! Each axis is a Number column of the table counting 1 to its count; the
//! table holds every combination once, the first axis counting fastest:
//! row `i` has the first axis `i % count + 1`, the next `(i / count) %
//! count' + 1`, and so on.

use crate::ids::{ColumnId, TableId};
use crate::value::{Interner, Shown, Value};

/// One axis of a grid: a Number column of the table, how many values it
/// takes (1 to `count`), and its name (the sizing table's row: `file`).
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    pub column: ColumnId,
    pub count: usize,
    pub name: String,
}

/// A table laid out on a grid: the table, the sizing table's name, the axes
/// in the sizing table's order. Only a sound one is kept (`Game::grids`).
#[derive(Clone, Debug, PartialEq)]
pub struct GridLayout {
    pub table: TableId,
    pub sizes: String,
    pub axes: Vec<Axis>,
}

/// A way rows do not fit their grid.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GridMistake {
    /// The table has `have` rows, not [`GridLayout::rows`].
    Rows { have: usize },
    /// Row `row` has `found` in the axis number `axis`, not [`GridLayout::value`].
    Cell { row: usize, axis: usize, found: Value },
}

impl GridLayout {
    /// How many rows the grid has: one for each combination.
    pub fn rows(&self) -> usize {
        self.axes.iter().map(|a| a.count).product()
    }

    /// `8 file by 8 rank`.
    pub fn shape(&self) -> String {
        self.axes.iter().map(|a| format!("{} {}", a.count, a.name)).collect::<Vec<_>>().join(" by ")
    }

    /// The value row `row` has in axis number `axis`: 1 to its count.
    pub fn value(&self, row: usize, axis: usize) -> usize {
        let stride: usize = self.axes[..axis].iter().map(|a| a.count).product();
        (row / stride) % self.axes[axis].count + 1
    }

    /// Every mistake of `rows` rows, whose cells `cell` gives, against the
    /// grid: their count, then each wrong value, row by row. When the rows
    /// are too few or too many, only the first row with a wrong value is
    /// told besides: every row after a missing one is off by one.
    pub fn mistakes(&self, rows: usize, cell: impl Fn(usize, ColumnId) -> Value) -> Vec<GridMistake> {
        let mut out = Vec::new();
        let want = self.rows();
        if rows != want {
            out.push(GridMistake::Rows { have: rows });
        }
        for row in 0..rows {
            let mut wrong = false;
            for (axis, a) in self.axes.iter().enumerate() {
                let found = cell(row, a.column);
                if found != Value::Num(self.value(row, axis) as f64) {
                    out.push(GridMistake::Cell { row, axis, found });
                    wrong = true;
                }
            }
            if wrong && rows != want {
                break;
            }
        }
        out
    }

    /// A mistake in words: `` the table `Position` has 65 rows; 8 file by 8
    /// rank are 64, one row for each ``, or `` the row `e4` has file 9 here;
    /// row 29 of 8 file by 8 rank has file 5 (every file and rank once, the
    /// first counting fastest) ``. `table` is the table's name, `row_name`
    /// a row's.
    pub fn words(&self, m: GridMistake, table: &str, row_name: impl Fn(usize) -> String, syms: &Interner) -> String {
        let shape = self.shape();
        match m {
            GridMistake::Rows { have } => {
                format!("the table `{table}` has {have} rows; {shape} are {}, one row for each", self.rows())
            }
            GridMistake::Cell { row, axis, found } => {
                let name = &self.axes[axis].name;
                format!(
                    "the row `{}` has {name} {} here; row {} of {shape} has {name} {} (every {} once, the first \
                     counting fastest)",
                    row_name(row),
                    Shown(found, syms),
                    row + 1,
                    self.value(row, axis),
                    self.axes.iter().map(|a| a.name.as_str()).collect::<Vec<_>>().join(" and "),
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> GridLayout {
        let axis = |c: u16, name: &str| Axis { column: ColumnId(c), count: 8, name: name.into() };
        GridLayout { table: TableId(0), sizes: "Board Size".into(), axes: vec![axis(0, "file"), axis(1, "rank")] }
    }

    #[test]
    fn a_grids_rows_count_the_first_axis_fastest() {
        let g = board();
        assert_eq!((g.rows(), g.shape()), (64, "8 file by 8 rank".to_string()));
        assert_eq!((g.value(0, 0), g.value(0, 1), g.value(9, 0), g.value(9, 1), g.value(63, 1)), (1, 1, 2, 2, 8));
        let right = |row: usize, c: ColumnId| Value::Num(g.value(row, c.index()) as f64);
        assert!(g.mistakes(64, right).is_empty());
        assert_eq!(g.mistakes(65, |r, c| if r < 64 { right(r, c) } else { Value::Num(9.0) }).len(), 3);
        let off = g.mistakes(64, |r, c| if r == 28 && c.index() == 0 { Value::Num(9.0) } else { right(r, c) });
        assert_eq!(off, [GridMistake::Cell { row: 28, axis: 0, found: Value::Num(9.0) }]);
        let words = g.words(off[0], "Position", |_| "e4".into(), &Interner::default());
        assert_eq!(
            words,
            "the row `e4` has file 9 here; row 29 of 8 file by 8 rank has file 5 (every file and rank once, the first \
             counting fastest)"
        );
    }
}
