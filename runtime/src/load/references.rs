//! What a table's schema says names rows of another table, checked once
//! every table is read: each cell that names no row is reported at the cell,
//! with the names it could have meant.
//!
//! ```yaml
//! table: Directions
//! columns:
//!   kind: { type: Text, default: '', refers to: Kinds, description: the Kind }
//! ```
//!
//! `may be empty: true` lets an empty cell name no row (Position's `kind`
//! of an empty Square); `row names refer to: Sides` says each row's own name
//! is a row of Sides (Tokens); `one column per row of: Sides` says the table
//! has a column named after each row of Sides (Kinds' White and Black);
//! `rows laid out by: Board Size` that the rows are a grid (load/grid.rs).

use crate::compile::{LoadScratch, Referring};
use crate::game::{Game, GridLayout, Reference, TableDef};
use crate::ids::TableId;
use crate::source::diag::{Diagnostics, Pos};
use crate::source::suggest::did_you_mean;
use crate::value::{Sym, Value, EMPTY};
use std::collections::HashSet;

/// Every reference of the tables' schemas whose table is there, resolved
/// (a table's `one column per row of` names columns, not rows: not one).
pub(super) fn resolved(game: &Game, scratch: &LoadScratch) -> Vec<Reference> {
    let mut out = Vec::new();
    for (t, places) in scratch.tables.iter().enumerate() {
        for r in &places.refers {
            let Some(&to) = game.names.tables.get(&r.table) else { continue };
            let table = crate::ids::TableId(t as u16);
            match r.what {
                Referring::Column { column, may_be_empty, .. } => {
                    out.push(Reference { table, column: Some(column), to, may_be_empty })
                }
                Referring::RowNames => out.push(Reference { table, column: None, to, may_be_empty: false }),
                Referring::ColumnPerRow | Referring::Grid => {}
            }
        }
    }
    out
}

/// Checks every table's references (after translations: a reference column
/// is never translated). A table named that did not load was reported
/// already, and is not reported again. Answers the sound grids
/// (`rows laid out by`), which a saved game's rows are held to too.
pub(super) fn check_references(game: &Game, scratch: &LoadScratch, d: &mut Diagnostics) -> Vec<GridLayout> {
    let mut grids = Vec::new();
    for (t, places) in scratch.tables.iter().enumerate() {
        let table = &game.tables[t];
        for r in &places.refers {
            let Some(&target) = game.names.tables.get(&r.table) else {
                if !scratch.broken_tables.contains(&r.table) {
                    let near = did_you_mean(&r.table, game.tables.iter().map(|t| t.name.as_str()));
                    d.error(&places.schema, r.pos, format!("there is no table `{}`{near}", r.table));
                }
                continue;
            };
            let other = &game.tables[target.index()];
            if scratch.tables.get(target.index()).is_none_or(|p| p.rows_lost) {
                continue;
            }
            let row_names = || other.rows.iter().map(|&s| game.syms.text(s));
            // The other table's rows as a set: each cell looked up once, not along the rows.
            let rows_of_other = || other.rows.iter().copied().collect::<HashSet<Sym>>();
            match r.what {
                Referring::Column { column, may_be_empty, default } => {
                    let rows = rows_of_other();
                    let names_row = |s: Sym| (s == EMPTY && may_be_empty) || rows.contains(&s);
                    let def = &table.columns[column.index()];
                    let names = |v: Value| match v {
                        Value::Text(s) => Some(s),
                        _ => None,
                    };
                    // A default that names no row is told once, where the schema gives it
                    // (an empty one only where a cell is empty).
                    let told = names(def.default).filter(|&s| s != EMPTY && default.is_some());
                    if let (Some(s), Some(pos)) = (told, default) {
                        if !names_row(s) {
                            d.error(&places.schema, pos, no_row(game, s, other, &def.name, row_names()));
                        }
                    }
                    for (row, (line, cells)) in places.rows.iter().enumerate() {
                        let Some(s) = names(table.cells[row * table.columns.len() + column.index()]) else { continue };
                        let at = cells.get(column.index()).copied().unwrap_or(0);
                        // An empty cell holds the default (told above), or the CSV lacks the column (told).
                        if at == 0 || names_row(s) || Some(s) == told {
                            continue;
                        }
                        let message = no_row(game, s, other, &def.name, row_names());
                        d.error(places.file_of(row), Pos { line: *line, column: at }, message);
                    }
                }
                Referring::RowNames => {
                    let rows = rows_of_other();
                    for (row, (line, _)) in places.rows.iter().enumerate() {
                        let s = table.rows[row];
                        if rows.contains(&s) {
                            continue;
                        }
                        let near = did_you_mean(game.syms.text(s), row_names());
                        d.error(
                            places.file_of(row),
                            Pos { line: *line, column: 1 },
                            format!(
                                "`{}` is not a row of the table `{}`, which names the rows here ({}: `row names refer to: {}`){near}",
                                game.syms.text(s),
                                other.name,
                                places.schema.display(),
                                other.name
                            ),
                        );
                    }
                }
                Referring::Grid => {
                    if let Some(other_places) = scratch.tables.get(target.index()) {
                        grids.extend(super::grid::check(game, (table, places), (other, other_places), r.pos, d));
                    }
                }
                Referring::ColumnPerRow => {
                    // Each row of the other table is reported at its row.
                    let Some(other_places) = scratch.tables.get(target.index()) else { continue };
                    for (row, (line, _)) in other_places.rows.iter().enumerate() {
                        let s = other.rows[row];
                        if table.column_index.contains_key(&s) {
                            continue;
                        }
                        let near = did_you_mean(game.syms.text(s), table.columns.iter().map(|c| c.name.as_str()));
                        d.error(
                            other_places.file_of(row),
                            Pos { line: *line, column: 1 },
                            format!(
                                "the table `{}` has no column `{}`, and has one for each row here ({}: `one column per row of: {}`){near}",
                                table.name,
                                game.syms.text(s),
                                places.schema.display(),
                                other.name
                            ),
                        );
                    }
                }
            }
        }
    }
    grids
}

/// Whether `name` is a row of `table` (or empty, where that names no row).
pub(super) fn names_row(table: &TableDef, name: Sym, may_be_empty: bool) -> bool {
    (name == EMPTY && may_be_empty) || table.rows.contains(&name)
}

/// `` `Amazn` is not a row of the table `Kinds` (the column `kind` names
/// one); did you mean `Amazon`? ``
fn no_row<'a>(game: &Game, name: Sym, table: &TableDef, column: &str, rows: impl Iterator<Item = &'a str>) -> String {
    no_row_of(game, name, table, &format!("the column `{column}`"), rows)
}

/// [`no_row`] of `what` (`the column `kind``, `the field `strength``).
pub(super) fn no_row_of<'a>(
    game: &Game,
    name: Sym,
    table: &TableDef,
    what: &str,
    rows: impl Iterator<Item = &'a str>,
) -> String {
    if name == EMPTY {
        let all: Vec<&str> = rows.take(8).collect();
        let more = if table.rows.len() > all.len() { ", ..." } else { "" };
        return format!(
            "{what} names a row of the table `{}` and may not be empty (its rows: {}{more})",
            table.name,
            all.join(", ")
        );
    }
    let text = game.syms.text(name);
    let near = did_you_mean(text, rows);
    format!("`{text}` is not a row of the table `{}` ({what} names one){near}", table.name)
}

/// Tells `value` at its place (a Data Structure field's default, or a value
/// the scene gives it) when it names no row of the table its field refers
/// to (`refers to: TABLE`, `may be empty: true`); nothing when the table
/// lost rows (what names them is not told).
pub(super) fn check_field_value(
    game: &Game,
    scratch: &LoadScratch,
    (table, may_be_empty): (TableId, bool),
    field: &str,
    value: Value,
    (file, pos): (&std::path::Path, Pos),
    d: &mut Diagnostics,
) {
    let Value::Text(s) = value else { return };
    if scratch.tables.get(table.index()).is_none_or(|p| p.rows_lost) {
        return;
    }
    let other = &game.tables[table.index()];
    if !names_row(other, s, may_be_empty) {
        let rows = other.rows.iter().map(|&r| game.syms.text(r));
        d.error(file, pos, no_row_of(game, s, other, &format!("the field `{field}`"), rows));
    }
}
