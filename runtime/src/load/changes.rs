//! `tables/T.changes.csv`: a folder made over another game (`extends:`)
//! changes some rows of the base's table T without copying the rest.
//!
//! ```csv
//! change,name,letter,moves
//! add,Amazon,A,Amazon
//! replace,Queen,,Queen
//! remove,Bishop
//! ```
//!
//! The header is `change,name,` then any of T's columns, in any order. A row
//! `add`s a row that T lacks (a column left out, or an empty cell, holds the
//! column's default, as in T.csv), `replace`s the given cells of a row T has
//! (an empty cell keeps the row's value), or `remove`s a row (its other
//! cells empty). An added row comes after T's rows, in the file's order. A
//! row may end before the header does: the cells it leaves out are empty.

use super::tables::{csv_error, header_columns, unclosed_quote};
use crate::compile::TablePlaces;
use crate::game::TableDef;
use crate::source::diag::{Diagnostics, Pos};
use crate::source::suggest::did_you_mean;
use crate::source::values::{cell_value, type_words};
use crate::value::Interner;
use std::collections::HashMap;
use std::path::Path;

/// The words of the `change` column.
const CHANGES: [&str; 3] = ["add", "replace", "remove"];

/// Applies the changes file `rel` (its `text`) to `table` as read so far
/// (from `base`, its CSV as messages name it),
/// every mistake told at its line and column: an unknown change word, an
/// unknown row or column, an `add` of a row the table has, a row changed
/// twice in one file.
pub(super) fn apply(
    rel: &Path,
    text: String,
    (table, base): (&mut TableDef, &Path),
    places: &mut TablePlaces,
    syms: &mut Interner,
    d: &mut Diagnostics,
) {
    d.add_source(rel, &text);
    if let Some(open) = unclosed_quote(&text) {
        places.rows_lost = true;
        return d.error(rel, open, "this quote is never closed: a quoted cell ends with a second \"");
    }
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(text.as_bytes());
    let mut records = reader.records();
    let header = match records.next() {
        Some(Ok(h)) => h,
        Some(Err(e)) => return csv_error(rel, &e, d),
        None => {
            return d.error(rel, Pos { line: 1, column: 1 }, "the changes file is empty; expected `change,name,...`")
        }
    };
    if header.get(0).map(str::trim) != Some("change") || header.get(1).map(str::trim) != Some("name") {
        let why = "a changes file's header starts `change,name,` then the columns it gives, as `change,name,letter`";
        return d.error(rel, Pos { line: 1, column: 1 }, why);
    }
    let (order, _) = header_columns(&header, 2, table, rel, d);
    let width = table.columns.len();
    if places.row_files.len() < table.rows.len() {
        places.row_files.resize(table.rows.len(), places.csv.clone());
    }
    let mut changed: HashMap<String, usize> = HashMap::new();
    for record in records {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                csv_error(rel, &e, d);
                places.rows_lost = true;
                continue;
            }
        };
        let line = record.position().map_or(0, |p| p.line() as usize);
        if record.len() == 1 && record.get(0).is_some_and(|c| c.trim().is_empty()) {
            continue;
        }
        if record.len() > header.len() {
            let why = format!("this row has {} cells; the header has {}", record.len(), header.len());
            d.error(rel, Pos { line, column: 1 }, why);
            places.rows_lost = true;
            continue;
        }
        let word = record.get(0).unwrap_or("").trim();
        let name = record.get(1).unwrap_or("").trim().to_string();
        let name_column = record.get(0).map_or(0, |c| c.chars().count()) + 2;
        if !CHANGES.contains(&word) {
            let near = did_you_mean(word, CHANGES.iter().copied());
            d.error(
                rel,
                Pos { line, column: 1 },
                format!("unknown change `{word}`{near}; expected add, replace or remove"),
            );
            places.rows_lost = true;
            continue;
        }
        if name.is_empty() {
            d.error(rel, Pos { line, column: name_column }, "a change names its row in its second cell");
            places.rows_lost = true;
            continue;
        }
        if let Some(first) = changed.insert(name.clone(), line) {
            let why = format!("the row `{name}` is changed twice in this file (first on line {first})");
            d.error(rel, Pos { line, column: name_column }, why);
            continue;
        }
        let sym = syms.intern(&name);
        let row = table.rows.iter().position(|&r| r == sym);
        // Each given cell: its schema column, its text and its column here.
        let mut column = name_column + name.chars().count() + 1;
        let mut given = Vec::new();
        for (cell, target) in record.iter().skip(2).zip(&order) {
            let here = column;
            column += cell.chars().count() + 1;
            if let (Some(i), false) = (target, cell.is_empty()) {
                given.push((*i, cell.to_string(), here));
            }
        }
        match (word, row) {
            ("add", Some(r)) => {
                let first = places.rows.get(r).map_or(0, |(l, _)| *l);
                let file = places.file_of(r);
                let whose = if file == places.csv { base } else { file }.display().to_string();
                let why = format!(
                    "`add` of the row `{name}`, which the table has ({whose}, line {first}); `replace` changes it"
                );
                d.error(rel, Pos { line, column: 1 }, why);
            }
            ("replace" | "remove", None) => {
                let near = did_you_mean(&name, table.rows.iter().map(|&r| syms.text(r)));
                let why = format!("the table `{}` has no row `{name}` to {word}{near}", table.name);
                d.error(rel, Pos { line, column: name_column }, why);
                places.rows_lost = true;
            }
            ("remove", Some(r)) => {
                if let Some((_, _, at)) = given.first() {
                    d.error(
                        rel,
                        Pos { line, column: *at },
                        "a `remove` names only its row; leave its other cells empty",
                    );
                    continue;
                }
                table.rows.remove(r);
                table.cells.drain(r * width..(r + 1) * width);
                places.rows.remove(r);
                places.row_files.remove(r);
                places.removed.push(name);
            }
            (_, row) => {
                let r = match row {
                    Some(r) => r,
                    None => {
                        table.rows.push(sym);
                        table.cells.extend(table.columns.iter().map(|c| c.default));
                        places.rows.push((line, vec![0; width]));
                        places.row_files.push(rel.to_path_buf());
                        table.rows.len() - 1
                    }
                };
                let mut at = vec![1; width];
                let mut set = vec![false; width];
                for (i, cell, here) in given {
                    let def = &table.columns[i];
                    at[i] = here;
                    set[i] = true;
                    match cell_value(def.ty, &cell, syms) {
                        Some(v) => table.cells[r * width + i] = v,
                        None => d.error(
                            rel,
                            Pos { line, column: here },
                            format!("`{cell}` does not fit the column `{}`: expected {}", def.name, type_words(def.ty)),
                        ),
                    }
                }
                // An added row's empty cell whose default is another column's: that row's value of it.
                if row.is_none() {
                    for (i, c) in table.columns.iter().enumerate() {
                        if let (Some(from), false) = (c.default_column, set[i]) {
                            table.cells[r * width + i] = table.cells[r * width + from.index()];
                        }
                    }
                }
                places.rows[r] = (line, at);
                places.row_files[r] = rel.to_path_buf();
            }
        }
    }
}
