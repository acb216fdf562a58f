//! Tables: a YAML schema and a CSV of rows each.

use crate::game::*;
use crate::ids::*;
use crate::source::diag::{Diagnostics, Pos};
use crate::source::values::*;
use crate::source::yaml::{self, Fields};
use crate::value::*;
use std::collections::HashMap;
use std::path::Path;

pub(super) fn load_table(game: &mut Game, rel: &Path, d: &mut Diagnostics) {
    let schema = match game.files.read_text(rel) {
        Ok(t) => t,
        Err(e) => return d.error(rel, Pos::default(), format!("cannot read the file: {e}")),
    };
    let csv_rel = rel.with_extension("csv");
    let rows = match game.files.read_text(&csv_rel) {
        Ok(t) => Some(t),
        Err(e) => {
            let why = if e.kind() == std::io::ErrorKind::NotFound {
                format!("cannot read the table's rows: {e} (every table schema has a .csv beside it)")
            } else {
                format!("cannot read the table's rows: {e}")
            };
            d.error(&csv_rel, Pos::default(), why);
            None
        }
    };
    table_from_text(game, rel, schema, rows, d);
}

pub(super) fn table_from_text(game: &mut Game, rel: &Path, schema: String, rows: Option<String>, d: &mut Diagnostics) {
    let Some(file) = yaml::parse(rel, schema, d) else { return };
    let Some(f) = Fields::of(&file, &file.root, "a table schema", d) else { return };
    f.only(&["table", "description", "columns", "missing rows"], "a table schema", d);
    let Some((name, name_pos)) = f.text("table", "a table schema", d) else { return };
    let name = name.as_str().to_string();
    if game.names.tables.contains_key(&name) {
        d.error(rel, name_pos, format!("a second table named `{name}`"));
        return;
    }
    let mut columns = Vec::new();
    match f.get("columns").and_then(|n| Fields::of(&file, n, "`columns`", d)) {
        Some(cols) => {
            for (key, node) in cols.map.iter() {
                // A column whose type is wrong is still a column: reported once, kept as Text.
                let (ty, default) = typed_value(&file, node, &mut game.syms, d)
                    .unwrap_or((Type::Text, Value::Text(crate::value::EMPTY)));
                let sym = game.syms.intern(key.as_str());
                columns.push(ColumnDef { name: key.as_str().to_string(), sym, ty, default });
            }
        }
        None => d.error(rel, f.pos, "a table schema needs `columns:`"),
    }
    let missing_rows = match f.opt_text("missing rows", d).map(|(m, pos)| (m.as_str(), pos)) {
        None | Some(("error", _)) => MissingRows::Error,
        Some(("default", _)) => MissingRows::Default,
        Some(("default for an empty name", _)) => MissingRows::DefaultForEmptyName,
        Some((other, pos)) => {
            d.error(
                rel,
                pos,
                format!("unknown `missing rows: {other}`; expected `error`, `default` or `default for an empty name`"),
            );
            MissingRows::Error
        }
    };
    let column_index = columns.iter().enumerate().map(|(i, c)| (c.sym, ColumnId(i as u16))).collect();
    let mut table = TableDef {
        name: name.clone(),
        file: rel.with_extension("csv"),
        columns,
        column_index,
        rows: Vec::new(),
        cells: Vec::new(),
        missing_rows,
    };
    if let Some(rows) = rows {
        read_rows(rows, &mut table, &mut game.syms, d);
    }
    game.names.tables.insert(name, TableId(game.tables.len() as u16));
    game.tables.push(table);
}

/// Reads a table's CSV: the header names the columns, the first column names the rows.
pub(super) fn read_rows(text: String, table: &mut TableDef, syms: &mut Interner, d: &mut Diagnostics) {
    let rel = table.file.clone();
    d.add_source(&rel, &text);
    if let Some(open) = unclosed_quote(&text) {
        return d.error(
            &rel,
            open,
            "this quote is never closed: a quoted cell ends with a second \" (write \"\" for a quote inside it)",
        );
    }
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(text.as_bytes());
    let mut records = reader.records();
    let header = match records.next() {
        Some(Ok(h)) => h,
        Some(Err(e)) => return csv_error(&rel, &e, d),
        None => {
            return d.error(
                &rel,
                Pos { line: 1, column: 1 },
                "the table's CSV is empty; expected a header line such as `name,column1,column2`",
            )
        }
    };
    // Which schema column each CSV column (after the first) fills.
    let mut order = Vec::new();
    let mut seen = vec![false; table.columns.len()];
    let mut col = 1 + header.get(0).map_or(0, |h| h.chars().count() + 1);
    for cell in header.iter().skip(1) {
        let here = Pos { line: 1, column: col };
        col += cell.chars().count() + 1;
        match table.columns.iter().position(|c| c.name == cell.trim()) {
            Some(i) if !seen[i] => {
                seen[i] = true;
                order.push(Some(i));
            }
            Some(_) => {
                d.error(&rel, here, format!("the column `{cell}` appears twice in the header"));
                order.push(None);
            }
            None => {
                let known: Vec<&str> = table.columns.iter().map(|c| c.name.as_str()).collect();
                d.error(
                    &rel,
                    here,
                    format!(
                        "the header names a column `{cell}` that the schema does not have; expected one of: {}",
                        known.join(", ")
                    ),
                );
                order.push(None);
            }
        }
    }
    for (i, c) in table.columns.iter().enumerate() {
        if !seen[i] {
            d.error(
                &rel,
                Pos { line: 1, column: 1 },
                format!("the header lacks the column `{}` of the schema", c.name),
            );
        }
    }
    let width = header.len();
    let mut names = HashMap::new();
    for record in records {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                csv_error(&rel, &e, d);
                continue;
            }
        };
        let line = record.position().map_or(0, |p| p.line() as usize);
        if record.len() == 1 && record.get(0).is_some_and(|c| c.trim().is_empty()) {
            continue; // a blank line
        }
        if record.len() != width {
            d.error(
                &rel,
                Pos { line, column: 1 },
                format!("this row has {} cells; the header has {width}", record.len()),
            );
            continue;
        }
        let row_name = record.get(0).unwrap_or("").trim().to_string();
        if row_name.is_empty() {
            d.error(&rel, Pos { line, column: 1 }, "a row needs a name in its first cell");
            continue;
        }
        if let Some(first) = names.insert(row_name.clone(), line) {
            d.error(
                &rel,
                Pos { line, column: 1 },
                format!("a second row named `{row_name}` (the first is on line {first})"),
            );
            continue;
        }
        let mut cells: Vec<Value> = table.columns.iter().map(|c| c.default).collect();
        let mut column = row_name.chars().count() + 2;
        for (cell, target) in record.iter().skip(1).zip(&order) {
            let here = Pos { line, column };
            column += cell.chars().count() + 1;
            let Some(i) = *target else { continue };
            let def = &table.columns[i];
            if cell.is_empty() {
                continue;
            }
            match cell_value(def.ty, cell, syms) {
                Some(v) => cells[i] = v,
                None => d.error(
                    &rel,
                    here,
                    format!("`{cell}` does not fit the column `{}`: expected {}", def.name, type_words(def.ty)),
                ),
            }
        }
        table.rows.push(syms.intern(&row_name));
        table.cells.extend(cells);
    }
}

/// Where a quoted CSV cell opens and never closes, if one does.
pub(super) fn unclosed_quote(text: &str) -> Option<Pos> {
    let (mut line, mut column) = (1, 0);
    let mut open: Option<Pos> = None;
    let mut at_cell_start = true;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        column += 1;
        match (c, open) {
            ('"', None) if at_cell_start => open = Some(Pos { line, column }),
            ('"', Some(_)) if chars.peek() == Some(&'"') => {
                chars.next();
                column += 1;
            }
            ('"', Some(_)) => open = None,
            _ => {}
        }
        at_cell_start = open.is_none() && (c == ',' || c == '\n');
        if c == '\n' {
            line += 1;
            column = 0;
        }
    }
    open
}

pub(super) fn csv_error(rel: &Path, e: &csv::Error, d: &mut Diagnostics) {
    let line = e.position().map_or(0, |p| p.line() as usize);
    d.error(rel, Pos { line, column: 1 }, format!("CSV: {e}"));
}
