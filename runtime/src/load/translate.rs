//! Translations: `tables/T.LANG.csv` beside a table's `T.csv` gives the words
//! of its Text columns in the language LANG (`--lang LANG`, or the system's).
//! Its header is `name` and some of T's Text columns; each row names a row of
//! T. A row it lacks, or an empty cell, keeps T.csv's words. `check` lists
//! every row a language lacks and every `{...}` hole it drops or adds.

use crate::compile::{Referring, TablePlaces};
use crate::game::Game;
use crate::ids::{ColumnId, TableId};
use crate::source::diag::{Diagnostics, Pos};
use crate::source::files::Files;
use crate::value::{Sym, Type, Value};
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// A language name as a file name carries it: letters, digits, `-` and `_`.
pub fn is_language_name(lang: &str) -> bool {
    // `T.changes.csv` is a table's changes over its base's (`extends:`), no language.
    lang != "changes"
        && !lang.is_empty()
        && lang.len() <= 32
        && lang.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// The translation of the table whose schema is `schema` (`tables/T.yaml`) into `lang`.
pub fn translation_file(schema: &Path, lang: &str) -> PathBuf {
    schema.with_extension(format!("{lang}.csv"))
}

/// Every language some table of the content is translated into, sorted.
pub fn languages(files: &Files) -> Vec<String> {
    let Ok(entries) = files.list("tables") else { return Vec::new() };
    let names: Vec<String> =
        entries.iter().filter_map(|p| p.file_name().map(|n| n.to_string_lossy().to_string())).collect();
    let mut out = BTreeSet::new();
    for name in &names {
        let Some(stem) = name.strip_suffix(".csv") else { continue };
        let Some((table, lang)) = stem.rsplit_once('.') else { continue };
        if is_language_name(lang) && names.contains(&format!("{table}.yaml")) {
            out.insert(lang.to_string());
        }
    }
    out.into_iter().collect()
}

/// The system's language, as the environment gives it (`LC_ALL`, then
/// `LC_MESSAGES`, then `LANG`: `fr_FR.UTF-8` is tried as `fr_FR`, then `fr`),
/// if the content has a translation into it.
pub fn system_language(files: &Files, env: impl Fn(&str) -> Option<String>) -> Option<String> {
    let value = ["LC_ALL", "LC_MESSAGES", "LANG"].iter().find_map(|k| env(k).filter(|v| !v.is_empty()))?;
    let full = value.split(['.', '@']).next().unwrap_or("");
    let short = full.split(['_', '-']).next().unwrap_or("");
    let known = languages(files);
    let found = [full, short].into_iter().find(|l| known.iter().any(|k| k == l)).map(str::to_string);
    found
}

/// Reads `tables/T.LANG.csv`, if there is one, over the table just loaded
/// from `schema` (the last of `game.tables`).
///
/// With `write` false, only its mistakes are told: `check` reads each
/// language's translation over the content's own words this way, in the
/// one load it makes.
pub(super) fn translate_table(
    game: &mut Game,
    places: &TablePlaces,
    schema: &Path,
    lang: &str,
    write: bool,
    d: &mut Diagnostics,
) {
    let rel = translation_file(schema, lang);
    let Ok(text) = game.files.read_text(&rel) else { return };
    let Some(t) = game.tables.len().checked_sub(1) else { return };
    d.add_source(&rel, &text);
    let table = &game.tables[t];
    let Some(rows) = read_csv(&rel, &text, d) else { return };
    let Some(((_, header), body)) = rows.split_first() else {
        return d.error(&rel, Pos { line: 1, column: 1 }, "the translation is empty; expected a header `name,text`");
    };
    let mut columns = Vec::new();
    // A column that names rows of a table is not words: translated, it would name none.
    let refers = |i: usize| {
        places.refers.iter().find_map(|r| match r.what {
            Referring::Column { column, .. } if column.index() == i => Some(r.table.as_str()),
            _ => None,
        })
    };
    for (cell, column) in header.iter().skip(1) {
        match table.columns.iter().position(|c| c.name == cell.trim()) {
            Some(i) if refers(i).is_some() => {
                let other = refers(i).unwrap_or_default();
                d.error(
                    &rel,
                    Pos { line: 1, column: *column },
                    format!(
                        "`{cell}` names rows of the table `{other}` (`refers to: {other}`), so it is not translated: a translation gives words only"
                    ),
                );
                columns.push(None);
            }
            Some(i) if table.columns[i].ty == Type::Text => columns.push(Some(ColumnId(i as u16))),
            found => {
                let texts: Vec<&str> =
                    table.columns.iter().filter(|c| c.ty == Type::Text).map(|c| c.name.as_str()).collect();
                let what = if found.is_some() { "is not a Text column" } else { "is not a column" };
                d.error(
                    &rel,
                    Pos { line: 1, column: *column },
                    format!(
                        "`{cell}` {what} of the table `{}`; a translation gives Text columns only: {}",
                        table.name,
                        texts.join(", ")
                    ),
                );
                columns.push(None);
            }
        }
    }
    // Each row's place in the table, by its name: looked up once a row of the translation.
    let mut places_of_rows: HashMap<Sym, usize> = HashMap::with_capacity(table.rows.len());
    for (i, &row) in table.rows.iter().enumerate() {
        places_of_rows.entry(row).or_insert(i);
    }
    let mut seen = HashMap::new();
    let mut out = Vec::new();
    for (line, record) in body {
        let Some((name, _)) = record.first() else { continue };
        let name = name.trim();
        let row = game.syms.get(name).filter(|s| places_of_rows.contains_key(s));
        if row.is_none() && places.removed.iter().any(|r| r == name) {
            continue; // a row a changes file removed, which a base's translation still names
        }
        let Some(row) = row else {
            d.error(
                &rel,
                Pos { line: *line, column: 1 },
                format!(
                    "`{name}` is not a row of {}; a translation gives words to the rows there",
                    table.file.display()
                ),
            );
            continue;
        };
        if let Some(first) = seen.insert(name.to_string(), *line) {
            d.error(
                &rel,
                Pos { line: *line, column: 1 },
                format!("a second row `{name}` (the first is on line {first})"),
            );
            continue;
        }
        if record.len() != header.len() {
            let msg = format!("this row has {} cells; the header has {}", record.len(), header.len());
            d.error(&rel, Pos { line: *line, column: 1 }, msg);
            continue;
        }
        for ((cell, _), col) in record.iter().skip(1).zip(&columns) {
            if let (Some(col), false, true) = (col, cell.is_empty(), write) {
                out.push((TableId(t as u16), row, *col, Value::Text(game.syms.intern(cell))));
            }
        }
    }
    let table = &mut game.tables[t];
    let width = table.columns.len();
    for &(_, row, col, value) in &out {
        if let Some(&r) = places_of_rows.get(&row) {
            table.cells[r * width + col.0 as usize] = value;
        }
    }
    game.translated.extend(out);
}

/// A CSV's record: its line, and each cell with its column.
type Record = (usize, Vec<(String, usize)>);
/// A CSV's records.
type Records = Vec<Record>;

fn read_csv(rel: &Path, text: &str, d: &mut Diagnostics) -> Option<Records> {
    if let Some(open) = super::tables::unclosed_quote(text) {
        d.error(rel, open, "this quote is never closed: a quoted cell ends with a second \"");
        return None;
    }
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(text.as_bytes());
    let mut out = Vec::new();
    for record in reader.records() {
        match record {
            Ok(r) => {
                let line = r.position().map_or(0, |p| p.line() as usize);
                if r.len() == 1 && r.get(0).is_some_and(|c| c.trim().is_empty()) {
                    continue;
                }
                let mut column = 1;
                let cells = r
                    .iter()
                    .map(|c| {
                        let here = column;
                        column += c.chars().count() + 1;
                        (c.to_string(), here)
                    })
                    .collect();
                out.push((line, cells));
            }
            Err(e) => super::tables::csv_error(rel, &e, d),
        }
    }
    Some(out)
}

/// The `{...}` holes of a text, in order.
fn holes(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else { break };
        out.push(&rest[open..open + close + 1]);
        rest = &rest[open + close + 1..];
    }
    out
}

/// The translation of one table into `lang`, or the empty one another
/// language's makes it (`columns_translated`): its text, its source added
/// to `d`; None when there is neither.
fn translation_text(files: &Files, schema: &Path, lang: &str, every: &[String], d: &mut Diagnostics) -> Option<String> {
    let rel = translation_file(schema, lang);
    match files.read_text(&rel) {
        Ok(text) => {
            d.add_source(&rel, &text);
            Some(text)
        }
        // A table another language translates and this one does not:
        // as if its file were there with no rows, every cell lacking.
        Err(_) => columns_translated(files, schema, every, lang),
    }
}

/// [`compare_loaded`] of a table read from its CSV: for a table the load
/// could not make, or made without some row.
pub(super) fn compare_csv(files: &Files, schema: &Path, lang: &str, every: &[String], d: &mut Diagnostics) {
    let rel = translation_file(schema, lang);
    let Ok(base_text) = files.read_text(&schema.with_extension("csv")) else { return };
    let Some(text) = translation_text(files, schema, lang, every, d) else { return };
    let base_rel = schema.with_extension("csv");
    d.add_source(&base_rel, &base_text);
    let mut quiet = Diagnostics::default();
    let (Some(tr), Some(base)) = (read_csv(&rel, &text, &mut quiet), read_csv(&base_rel, &base_text, &mut quiet))
    else {
        return;
    };
    let (Some((_, tr_head)), Some((_, base_head))) = (tr.first(), base.first()) else { return };
    let cols: Vec<(usize, usize, &str)> = tr_head
        .iter()
        .enumerate()
        .skip(1)
        .filter_map(|(i, (name, _))| {
            base_head.iter().position(|(b, _)| b.trim() == name.trim()).map(|j| (i, j, name.as_str()))
        })
        .collect();
    let given = given_rows(&tr);
    for (line, cells) in base.iter().skip(1) {
        let Some((name, _)) = cells.first() else { continue };
        let name = name.trim();
        for &(i, j, col) in &cols {
            let Some((base_cell, _)) = cells.get(j) else { continue };
            compare_cell(&rel, &base_rel, lang, given.get(name), (*line, name), (i, col), base_cell, d);
        }
    }
}

/// What `lang` lacks and changes of the table just loaded from `schema`
/// (the last of `game.tables`, its content's own words), as warnings, for
/// `check`: every row the translation (`tables/T.LANG.csv`) does not give
/// words to, placed at the row in T.csv (when another language translates
/// T and LANG has no T.LANG.csv, every row, in the columns the others
/// translate), and every `{...}` hole a translated cell drops or adds,
/// placed at the cell. The table's rows and cells are read as loaded, so
/// that its CSV is not read again.
pub(super) fn compare_loaded(
    game: &Game,
    places: &TablePlaces,
    schema: &Path,
    lang: &str,
    every: &[String],
    d: &mut Diagnostics,
) {
    let Some(table) = game.tables.last() else { return };
    if places.rows_lost || places.rows.len() != table.rows.len() {
        return compare_csv(&game.files, schema, lang, every, d);
    }
    let rel = translation_file(schema, lang);
    let Some(text) = translation_text(&game.files, schema, lang, every, d) else { return };
    let base_rel = schema.with_extension("csv");
    if let Ok(base_text) = game.files.read_text(&base_rel) {
        d.add_source(&base_rel, &base_text);
    }
    let mut quiet = Diagnostics::default();
    let Some(tr) = read_csv(&rel, &text, &mut quiet) else { return };
    let Some((_, tr_head)) = tr.first() else { return };
    // The translated columns that are Text columns of the table (one that is
    // not is a mistake the translation's own load tells).
    let cols: Vec<(usize, usize, &str)> = tr_head
        .iter()
        .enumerate()
        .skip(1)
        .filter_map(|(i, (name, _))| {
            let j = table.columns.iter().position(|c| c.name == name.trim())?;
            (table.columns[j].ty == Type::Text).then_some((i, j, name.as_str()))
        })
        .collect();
    let given = given_rows(&tr);
    let width = table.columns.len();
    for (r, (&row, (line, _))) in table.rows.iter().zip(&places.rows).enumerate() {
        let name = game.syms.text(row);
        for &(i, j, col) in &cols {
            let Value::Text(base_cell) = table.cells[r * width + j] else { continue };
            let base_cell = game.syms.text(base_cell);
            let from = places.file_of(r);
            compare_cell(&rel, from, lang, given.get(name), (*line, name), (i, col), base_cell, d);
        }
    }
}

/// A translation's rows by name.
fn given_rows(tr: &Records) -> HashMap<&str, &Record> {
    tr.iter().skip(1).filter_map(|r| r.1.first().map(|(n, _)| (n.trim(), r))).collect()
}

/// One cell of the content's words (`base_cell`, of the row `name` on
/// `line` of the table's CSV, the translation's column `i`, named `col`)
/// against the translation's row of that name, if it has one: lacking, or
/// a hole dropped or added, as a warning.
#[allow(clippy::too_many_arguments)]
fn compare_cell(
    rel: &Path,
    base_rel: &Path,
    lang: &str,
    row: Option<&&Record>,
    (line, name): (usize, &str),
    (i, col): (usize, &str),
    base_cell: &str,
    d: &mut Diagnostics,
) {
    match row.and_then(|(l, r)| r.get(i).filter(|c| !c.0.is_empty()).map(|c| (*l, c))) {
        None if base_cell.is_empty() => {}
        None => d.warning(
            base_rel,
            Pos { line, column: 1 },
            format!("{} (`{lang}`) lacks the `{col}` of the row `{name}`: the game shows these words", rel.display()),
        ),
        Some((tr_line, (tr_cell, tr_column))) => {
            let (want, have) = (holes(base_cell), holes(tr_cell));
            let dropped: Vec<&str> = want.iter().filter(|h| !have.contains(h)).copied().collect();
            let added: Vec<&str> = have.iter().filter(|h| !want.contains(h)).copied().collect();
            let place = Pos { line: tr_line, column: *tr_column };
            if !dropped.is_empty() {
                let msg =
                    format!("the row `{name}` drops the hole {} that {} has", dropped.join(" "), base_rel.display());
                d.warning(rel, place, msg);
            }
            if !added.is_empty() {
                let msg = format!(
                    "the row `{name}` adds the hole {} that {} does not have",
                    added.join(" "),
                    base_rel.display()
                );
                d.warning(rel, place, msg);
            }
        }
    }
}

/// The header (`name,` and the columns) of an empty translation of the table
/// of `schema`, with every column some other language's translation of it
/// gives, in the order they first come; None when no other language
/// translates it.
fn columns_translated(files: &Files, schema: &Path, every: &[String], lang: &str) -> Option<String> {
    let mut columns: Vec<String> = Vec::new();
    for other in every.iter().filter(|l| *l != lang) {
        let rel = translation_file(schema, other);
        let Ok(text) = files.read_text(&rel) else { continue };
        let mut quiet = Diagnostics::default();
        let Some(rows) = read_csv(&rel, &text, &mut quiet) else { continue };
        let Some((_, header)) = rows.first() else { continue };
        for (cell, _) in header.iter().skip(1) {
            let name = cell.trim().to_string();
            if !name.contains([',', '"', '\n']) && !columns.contains(&name) {
                columns.push(name);
            }
        }
    }
    (!columns.is_empty()).then(|| format!("name,{}\n", columns.join(",")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holes_are_found_in_order() {
        assert_eq!(holes("{a} and {b}, {"), ["{a}", "{b}"]);
        assert!(holes("none }{").is_empty());
    }

    #[test]
    fn the_system_language_is_read_from_the_environment() {
        let files = Files::Dir(PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../content/chess")));
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string())
        };
        assert_eq!(system_language(&files, env(&[("LANG", "fr_FR.UTF-8")])), Some("fr".into()));
        assert_eq!(system_language(&files, env(&[("LANG", "en_GB.UTF-8"), ("LC_ALL", "fr_CA")])), Some("fr".into()));
        assert_eq!(system_language(&files, env(&[("LANG", "fr_FR"), ("LC_MESSAGES", "C")])), None);
        assert_eq!(system_language(&files, env(&[("LANG", "de_DE.UTF-8")])), None);
        assert_eq!(system_language(&files, env(&[])), None);
    }
}
