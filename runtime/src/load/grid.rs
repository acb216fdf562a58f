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
use crate::game::{Game, TableDef};
use crate::source::diag::{Diagnostics, Pos};
use crate::value::{Shown, Type, Value};

/// Tells every mistake of `table`'s rows against the grid `sizes` lays out
/// (each at its cell: a wrong count at the sizing table's cell, a missing or
/// extra row at the table's rows, a wrong value at its cell). When the rows
/// are too few or too many, only the first wrong value is told besides:
/// every row after a missing one is off by one.
pub(super) fn check(
    game: &Game,
    (table, places): (&TableDef, &TablePlaces),
    (sizes, size_places): (&TableDef, &TablePlaces),
    at: Pos,
    d: &mut Diagnostics,
) {
    if places.rows_lost || size_places.rows_lost {
        return;
    }
    let how = |what: &str| format!("{what} (`rows laid out by: {}` in {})", sizes.name, places.schema.display());
    let Some(count) = game.syms.get("count").and_then(|s| sizes.column_index.get(&s)).copied() else {
        d.error(&places.schema, at, how(&format!("the table `{}` has no column `count`", sizes.name)));
        return;
    };
    if sizes.columns[count.index()].ty != Type::Number {
        d.error(&places.schema, at, how(&format!("the column `count` of the table `{}` is not a Number", sizes.name)));
        return;
    }
    // (column of `table`, its count, its name), in the sizing table's order.
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
            Value::Num(n) if n >= 1.0 && n.fract() == 0.0 && n <= 1e6 => axes.push((column, n as usize, text)),
            _ => {
                let (file, pos) = size_places.place(Some(row), Some(count));
                d.error(&file, pos, how(&format!("the count of `{text}` is not a whole number of 1 or more")));
                sound = false;
            }
        }
    }
    if !sound || axes.is_empty() {
        return;
    }
    let want: usize = axes.iter().map(|a| a.1).product();
    let have = table.rows.len();
    let shape = axes.iter().map(|(_, n, name)| format!("{n} {name}")).collect::<Vec<_>>().join(" by ");
    if have != want {
        // At the last row when rows are missing, at the first extra one when there are too many.
        let (file, pos) = places.place(if have < want { have.checked_sub(1) } else { Some(want) }, None);
        let what = format!("the table `{}` has {have} rows; {shape} are {want}, one row for each", table.name);
        d.error(&file, pos, how(&what));
    }
    for row in 0..have {
        let mut stride = 1;
        let mut wrong = false;
        for &(column, n, name) in &axes {
            let value = (row / stride) % n + 1;
            stride *= n;
            if table.cells[row * table.columns.len() + column.index()] == Value::Num(value as f64) {
                continue;
            }
            let (file, pos) = places.place(Some(row), Some(column));
            let cell = table.cells[row * table.columns.len() + column.index()];
            let what = format!(
                "the row `{}` has {name} {} here; row {} of {shape} has {name} {value} (every {} once, the first counting fastest)",
                game.syms.text(table.rows[row]),
                Shown(cell, &game.syms),
                row + 1,
                axes.iter().map(|a| a.2).collect::<Vec<_>>().join(" and "),
            );
            d.error(&file, pos, how(&what));
            wrong = true;
        }
        if wrong && have != want {
            return;
        }
    }
}
