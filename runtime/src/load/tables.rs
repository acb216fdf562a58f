//! Tables: a YAML schema and a CSV of rows each.

use crate::compile::{LoadScratch, Referring, Refers, TablePlaces};
use crate::game::{ColumnDef, Game, MissingRows, TableDef};
use crate::ids::{ColumnId, TableId};
use crate::source::diag::{Diagnostics, Pos};
use crate::source::files::Files;
use crate::source::suggest::did_you_mean;
use crate::source::values::{cell_value, type_or_report, type_words};
use crate::source::yaml::{self, Fields, YamlFile};
use crate::value::{parse_bool, Interner, Type, Value, EMPTY};
use marked_yaml::Node;
use std::collections::HashMap;
use std::path::Path;

pub(super) fn load_table(game: &mut Game, scratch: &mut LoadScratch, rel: &Path, d: &mut Diagnostics) {
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
    let before = game.tables.len();
    table_from_text(game, scratch, rel, schema, rows, d);
    if game.tables.len() > before {
        apply_changes(game, scratch, &csv_rel, d);
    }
}

/// The changes of the table whose rows are `csv_rel` (`tables/T.csv`): in a
/// folder made over others, each layer above the one that holds the CSV
/// may hold `tables/T.changes.csv`, applied from the lowest to the folder's
/// own (`changes::apply`).
fn apply_changes(game: &mut Game, scratch: &mut LoadScratch, csv_rel: &Path, d: &mut Diagnostics) {
    let changes_rel = csv_rel.with_extension("changes.csv");
    let layers: Vec<(String, Files)> = match &game.files {
        Files::Layered(layers) => {
            let holder = layers.iter().position(|l| l.files.is_file(csv_rel)).unwrap_or(layers.len());
            layers[..holder].iter().rev().map(|l| (l.prefix.clone(), l.files.clone())).collect()
        }
        files => vec![(String::new(), files.clone())],
    };
    for (prefix, files) in layers {
        if !files.is_file(&changes_rel) {
            continue;
        }
        let shown = Path::new(&prefix).join(&changes_rel);
        let text = match files.read_text(&changes_rel) {
            Ok(t) => t,
            Err(e) => {
                d.error(&shown, Pos::default(), format!("cannot read the table's changes: {e}"));
                continue;
            }
        };
        let (Some(table), Some(places)) = (game.tables.last_mut(), scratch.tables.last_mut()) else { return };
        let base = game.files.shown(csv_rel);
        super::changes::apply(&shown, text, (table, &base), places, &mut game.syms, d);
    }
}

/// The table-wide keys of a schema that name another table, with what each says.
const TABLE_REFERS: [(&str, Referring); 3] = [
    ("row names refer to", Referring::RowNames),
    ("one column per row of", Referring::ColumnPerRow),
    ("rows laid out by", Referring::Grid),
];

pub(super) fn table_from_text(
    game: &mut Game,
    scratch: &mut LoadScratch,
    rel: &Path,
    schema: String,
    rows: Option<String>,
    d: &mut Diagnostics,
) {
    let Some(file) = yaml::parse(rel, schema, d) else { return };
    let Some(f) = Fields::of(&file, &file.root, "a table schema", d) else { return };
    f.only(
        &[
            "table",
            "description",
            "columns",
            "missing rows",
            "row names refer to",
            "one column per row of",
            "rows laid out by",
        ],
        "a table schema",
        d,
    );
    let Some((name, name_pos)) = f.text("table", "a table schema", d) else { return };
    let name = name.as_str().to_string();
    if game.names.tables.contains_key(&name) {
        d.error(rel, name_pos, format!("a second table named `{name}`"));
        return;
    }
    let mut columns = Vec::new();
    let mut refers = Vec::new();
    let mut default_columns = Vec::new();
    match f.get("columns").and_then(|n| Fields::of(&file, n, "`columns`", d)) {
        Some(cols) => {
            for (key, node) in cols.map.iter() {
                let id = ColumnId(columns.len() as u16);
                let column = read_column(&file, node, id, &mut game.syms, d);
                let sym = game.syms.intern(key.as_str());
                columns.push(ColumnDef {
                    name: key.as_str().to_string(),
                    sym,
                    ty: column.ty,
                    default: column.default,
                    default_column: None,
                });
                refers.extend(column.refers);
                if let Some(other) = column.default_column {
                    default_columns.push((id, other));
                }
            }
        }
        None => d.error(rel, f.pos, "a table schema needs `columns:`"),
    }
    resolve_default_columns(&mut columns, &default_columns, rel, d);
    for (key, what) in TABLE_REFERS {
        if let Some((table, pos)) = f.opt_text(key, d) {
            refers.push(Refers { what, table: table.as_str().trim().to_string(), pos });
        }
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
    let mut places = TablePlaces { schema: rel.to_path_buf(), csv: table.file.clone(), refers, ..Default::default() };
    match rows {
        Some(rows) => read_rows(rows, &mut table, &mut places, &mut game.syms, d),
        None => places.rows_lost = true,
    }
    game.names.tables.insert(name, TableId(game.tables.len() as u16));
    game.tables.push(table);
    scratch.tables.push(places);
}

/// One column of a schema, as read.
struct ColumnRead {
    ty: Type,
    default: Value,
    /// `default: { column: NAME }`: the other column, and where it is named.
    default_column: Option<(String, Pos)>,
    refers: Option<Refers>,
}

/// Reads a column of a schema: `{ type: T, default: V, description: ...,
/// refers to: TABLE, may be empty: true }` (or a bare type name), its
/// default a value or `{ column: NAME }`. A column whose type is wrong is
/// still a column: reported once, kept as Text.
fn read_column(file: &YamlFile, node: &Node, id: ColumnId, syms: &mut Interner, d: &mut Diagnostics) -> ColumnRead {
    let mut out = ColumnRead { ty: Type::Text, default: Value::Text(EMPTY), default_column: None, refers: None };
    if let Some(word) = node.as_scalar() {
        if let Some(ty) = type_or_report(file, word, yaml::text_start(file, word), d) {
            (out.ty, out.default) = (ty, ty.zero());
        }
        return out;
    }
    let what = "a column, `{ type: T, default: V, description: ... }`";
    let Some(f) = Fields::of(file, node, what, d) else { return out };
    f.only(&["type", "default", "description", "refers to", "may be empty"], "a table column", d);
    out.ty = match f.opt_text("type", d) {
        Some((word, pos)) => match type_or_report(file, word, pos, d) {
            Some(ty) => ty,
            None => return out,
        },
        None => Type::Number,
    };
    out.default = out.ty.zero();
    let mut default_pos = None;
    match f.get("default") {
        None => {}
        Some(n) if n.as_mapping().is_some() => {
            if let Some(g) = Fields::of(file, n, "a default", d) {
                g.only(&["column"], "a default taken from another column", d);
                if let Some((name, pos)) = g.text("column", "a default taken from another column", d) {
                    out.default_column = Some((name.as_str().trim().to_string(), pos));
                }
            }
        }
        Some(n) => {
            if let Some((text, pos)) = yaml::scalar(file, n, "`default`", d) {
                default_pos = Some(pos);
                out.default = cell_value(out.ty, text.as_str(), syms).unwrap_or_else(|| {
                    d.error(&file.path, pos, format!("`{}` is not a {}", text.as_str(), out.ty.name()));
                    out.ty.zero()
                });
            }
        }
    }
    let may_be_empty = f.opt_text("may be empty", d).and_then(|(text, pos)| {
        let yes = parse_bool(text.as_str().trim());
        if yes.is_none() {
            d.error(&file.path, pos, format!("`may be empty` is true or false, not `{}`", text.as_str()));
        }
        yes.map(|yes| (yes, pos))
    });
    match f.opt_text("refers to", d) {
        Some((_, pos)) if out.ty != Type::Text => {
            d.error(&file.path, pos, format!("only a Text column names rows of a table; this one is {}", out.ty.name()))
        }
        Some((table, pos)) => {
            let may_be_empty = may_be_empty.is_some_and(|(yes, _)| yes);
            out.refers = Some(Refers {
                what: Referring::Column { column: id, may_be_empty, default: default_pos },
                table: table.as_str().trim().to_string(),
                pos,
            });
        }
        None => {
            if let Some((_, pos)) = may_be_empty {
                d.error(
                    &file.path,
                    pos,
                    "`may be empty` says whether a `refers to` column may be empty; this column has no `refers to`",
                );
            }
        }
    }
    out
}

/// Each `default: { column: NAME }` resolved: the other column is one of the
/// table's, of the same type, with a default of its own.
fn resolve_default_columns(
    columns: &mut [ColumnDef],
    wanted: &[(ColumnId, (String, Pos))],
    rel: &Path,
    d: &mut Diagnostics,
) {
    for (id, (name, pos)) in wanted {
        let me = &columns[id.index()];
        let Some(other) = columns.iter().position(|c| c.name == *name) else {
            let near = did_you_mean(name, columns.iter().map(|c| c.name.as_str()));
            d.error(rel, *pos, format!("the table has no column `{name}` to take `{}`'s default from{near}", me.name));
            continue;
        };
        let them = &columns[other];
        if other == id.index() || wanted.iter().any(|(w, _)| w.index() == other) {
            d.error(
                rel,
                *pos,
                format!(
                    "`{}` takes its default from a column with a default of its own value; `{}` does not have one",
                    me.name, them.name
                ),
            );
            continue;
        }
        if them.ty != me.ty {
            d.error(
                rel,
                *pos,
                format!(
                    "`{}` is {} and `{}` is {}: a default is taken from a column of the same type",
                    me.name,
                    me.ty.name(),
                    them.name,
                    them.ty.name()
                ),
            );
            continue;
        }
        let default = them.default;
        columns[id.index()].default = default;
        columns[id.index()].default_column = Some(ColumnId(other as u16));
    }
}

/// Reads a table's CSV: the header names the columns, the first column names
/// the rows. `places` takes where each column and cell is.
pub(super) fn read_rows(
    text: String,
    table: &mut TableDef,
    places: &mut TablePlaces,
    syms: &mut Interner,
    d: &mut Diagnostics,
) {
    let rel = table.file.clone();
    d.add_source(&rel, &text);
    // Until every row is read: a row told as broken is no row, yet what names it is not wrong.
    places.rows_lost = true;
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
    places.header = vec![0; table.columns.len()];
    let mut col = 1 + header.get(0).map_or(0, |h| h.chars().count() + 1);
    for cell in header.iter().skip(1) {
        let here = Pos { line: 1, column: col };
        col += cell.chars().count() + 1;
        match table.columns.iter().position(|c| c.name == cell.trim()) {
            Some(i) if !seen[i] => {
                seen[i] = true;
                places.header[i] = here.column;
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
    let mut lost = false;
    for record in records {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                csv_error(&rel, &e, d);
                lost = true;
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
            lost = true;
            continue;
        }
        let row_name = record.get(0).unwrap_or("").trim().to_string();
        if row_name.is_empty() {
            d.error(&rel, Pos { line, column: 1 }, "a row needs a name in its first cell");
            lost = true;
            continue;
        }
        if let Some(first) = names.insert(row_name.clone(), line) {
            d.error(
                &rel,
                Pos { line, column: 1 },
                format!("a second row named `{row_name}` (the first is on line {first})"),
            );
            lost = true;
            continue;
        }
        let mut cells: Vec<Value> = table.columns.iter().map(|c| c.default).collect();
        let mut at = vec![0; table.columns.len()];
        let mut given = vec![false; table.columns.len()];
        let mut column = record.get(0).map_or(0, |c| c.chars().count()) + 2;
        for (cell, target) in record.iter().skip(1).zip(&order) {
            let here = Pos { line, column };
            column += cell.chars().count() + 1;
            let Some(i) = *target else { continue };
            let def = &table.columns[i];
            at[i] = here.column;
            if cell.is_empty() {
                continue;
            }
            given[i] = true;
            match cell_value(def.ty, cell, syms) {
                Some(v) => cells[i] = v,
                None => d.error(
                    &rel,
                    here,
                    format!("`{cell}` does not fit the column `{}`: expected {}", def.name, type_words(def.ty)),
                ),
            }
        }
        // An empty cell of a column whose default is another column's: that row's value of it.
        for (i, c) in table.columns.iter().enumerate() {
            if let (Some(from), false) = (c.default_column, given[i]) {
                cells[i] = cells[from.index()];
            }
        }
        table.rows.push(syms.intern(&row_name));
        table.cells.extend(cells);
        places.rows.push((line, at));
    }
    places.rows_lost = lost;
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

/// Which schema column each header cell after the first `skip` fills, each
/// mistake told: a column the schema lacks, or one named twice.
pub(super) fn header_columns(
    header: &csv::StringRecord,
    skip: usize,
    table: &TableDef,
    rel: &Path,
    d: &mut Diagnostics,
) -> (Vec<Option<usize>>, Vec<usize>) {
    let mut order = Vec::new();
    let mut at = vec![0; table.columns.len()];
    let mut col = 1 + header.iter().take(skip).map(|h| h.chars().count() + 1).sum::<usize>();
    for cell in header.iter().skip(skip) {
        let here = Pos { line: 1, column: col };
        col += cell.chars().count() + 1;
        match table.columns.iter().position(|c| c.name == cell.trim()) {
            Some(i) if at[i] == 0 => {
                at[i] = here.column;
                order.push(Some(i));
            }
            Some(_) => {
                d.error(rel, here, format!("the column `{cell}` appears twice in the header"));
                order.push(None);
            }
            None => {
                let known: Vec<&str> = table.columns.iter().map(|c| c.name.as_str()).collect();
                let near = did_you_mean(cell.trim(), known.iter().copied());
                d.error(
                    rel,
                    here,
                    format!(
                        "the header names a column `{cell}` that the schema does not have{near}; expected one of: {}",
                        known.join(", ")
                    ),
                );
                order.push(None);
            }
        }
    }
    (order, at)
}

pub(super) fn csv_error(rel: &Path, e: &csv::Error, d: &mut Diagnostics) {
    let line = e.position().map_or(0, |p| p.line() as usize);
    d.error(rel, Pos { line, column: 1 }, format!("CSV: {e}"));
}
