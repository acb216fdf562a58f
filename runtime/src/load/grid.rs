//! A table whose rows are a grid another table sizes, checked once every
//! table is read: the chess game's Position, one row per Square, a1, b1, ...
//! along Rank 1, then Rank 2, as the cards count a Square's row.
//!
//! ```yaml
//! table: Position
//! rows laid out by: Board Size   # its rows file and rank, each with a count
//! ```
//!
//! Each row of the sizing table names a Number column of this table, and its
//! `count` (a whole number, 1 or more) how many values that column takes, 1
//! to count; this table holds every combination once, the first named
//! column counting fastest: row `i` has the first column `i % count + 1`,
//! the next `(i / count) % count' + 1`, and so on.

use crate::compile::TablePlaces;
use crate::game::{Axis, Game, GridLayout, GridMistake, TableDef};
use crate::ids::TableId;
use crate::source::diag::{Diagnostics, Pos};
use crate::value::{Type, Value};

/// Tells every mistake of `table`'s rows against the grid `sizes` lays out
/// (each at its cell: a wrong count at the sizing table's cell, a missing or
/// extra row at the table's rows, a wrong value at its cell), as
/// [`GridLayout::mistakes`] finds them. The layout, when the sizing table
/// makes a sound one (a saved game's rows are held to it too).
pub(super) fn check(
    game: &Game,
    (table, places): (&TableDef, &TablePlaces),
    (sizes, size_places): (&TableDef, &TablePlaces),
    at: Pos,
    d: &mut Diagnostics,
) -> Option<GridLayout> {
    if places.rows_lost || size_places.rows_lost {
        return None;
    }
    let how = |what: &str| format!("{what} (`rows laid out by: {}` in {})", sizes.name, places.schema.display());
    let Some(count) = game.syms.get("count").and_then(|s| sizes.column_index.get(&s)).copied() else {
        d.error(&places.schema, at, how(&format!("the table `{}` has no column `count`", sizes.name)));
        return None;
    };
    if sizes.columns[count.index()].ty != Type::Number {
        d.error(&places.schema, at, how(&format!("the column `count` of the table `{}` is not a Number", sizes.name)));
        return None;
    }
    let mut axes = Vec::new();
    let mut sound = true;
    for (row, &name) in sizes.rows.iter().enumerate() {
        let text = game.syms.text(name);
        let cell = sizes.cells[row * sizes.columns.len() + count.index()];
        let column = table.column_index.get(&name).copied().filter(|c| table.columns[c.index()].ty == Type::Number);
        let Some(column) = column else {
            let (file, pos) = size_places.place(Some(row), None);
            let what = format!("`{text}` is not a Number column of the table `{}`", table.name);
            d.error(&file, pos, how(&what));
            sound = false;
            continue;
        };
        match cell {
            Value::Num(n) if n >= 1.0 && n.fract() == 0.0 && n <= 1e6 => {
                axes.push(Axis { column, count: n as usize, name: text.to_string() })
            }
            _ => {
                let (file, pos) = size_places.place(Some(row), Some(count));
                d.error(&file, pos, how(&format!("the count of `{text}` is not a whole number of 1 or more")));
                sound = false;
            }
        }
    }
    if !sound || axes.is_empty() {
        return None;
    }
    let at_table = game.names.tables.get(&table.name).copied().unwrap_or(TableId(0));
    let layout = GridLayout { table: at_table, sizes: sizes.name.clone(), axes };
    let (want, have) = (layout.rows(), table.rows.len());
    let width = table.columns.len();
    let row_name = |row: usize| game.syms.text(table.rows[row]).to_string();
    for m in layout.mistakes(have, |row, column| table.cells[row * width + column.index()]) {
        let (file, pos) = match m {
            // At the last row when rows are missing, at the first extra one when there are too many.
            GridMistake::Rows { .. } => places.place(if have < want { have.checked_sub(1) } else { Some(want) }, None),
            GridMistake::Cell { row, axis, .. } => places.place(Some(row), Some(layout.axes[axis].column)),
        };
        d.error(&file, pos, how(&layout.words(m, &table.name, row_name, &game.syms)));
    }
    Some(layout)
}
