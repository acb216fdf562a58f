//! Loading a content folder: every file read, every mistake collected, every
//! name resolved. The result is a [`Game`], or the list of what is wrong.

use crate::compile::{compile_bodies, CardShells};
use crate::diag::{Diagnostic, Diagnostics, Pos};
use crate::game::*;
use crate::value::{parse_bool, parse_color, Interner, Type, TypeId, Value};
use crate::yaml::{self, scalar, Fields, YamlFile};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

pub struct Loaded {
    pub game: Game,
    pub warnings: Vec<Diagnostic>,
}

/// Loads and checks the content folder at `root`.
pub fn load(root: &Path) -> Result<Loaded, Vec<Diagnostic>> {
    let mut d = Diagnostics::default();
    if !root.is_dir() {
        d.error(root, Pos::default(), "no content folder here (expected a folder with game.yaml, tables/, logic/ ...)");
        return Err(d.list);
    }
    let mut game = empty_game(root);
    load_game_file(&mut game, &mut d);
    for rel in files_in(root, "tables", "yaml", &mut d) {
        load_table(&mut game, &rel, &mut d);
    }
    for rel in files_in(root, "structures", "yaml", &mut d) {
        load_structure(&mut game, &rel, &mut d);
    }
    let mut card_files = Vec::new();
    for rel in files_in(root, "logic", "yaml", &mut d) {
        match yaml::load(root, &rel, &mut d) {
            Some(file) => card_files.push(file),
            None => {
                let stem = rel.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
                game.names.broken_cards.insert(stem);
            }
        }
    }
    let shells = CardShells::read(&mut game, &card_files, &mut d);
    for rel in files_in(root, "objects", "yaml", &mut d) {
        load_object_type(&mut game, &rel, &mut d);
    }
    load_scene(&mut game, &mut d);
    compile_bodies(&mut game, &shells, &mut d);
    if d.has_errors() {
        Err(d.list)
    } else {
        Ok(Loaded { game, warnings: d.list })
    }
}

/// A game with nothing in it yet but the built-in Events.
fn empty_game(root: &Path) -> Game {
    let mut game = Game {
        root: root.to_path_buf(),
        name: String::new(),
        screen: (960.0, 1100.0),
        pixels_per_meter: 32.0,
        background: 0x302E2BFF,
        fonts: Fonts::default(),
        syms: Interner::default(),
        tables: Vec::new(),
        structs: Vec::new(),
        types: Vec::new(),
        globals: Vec::new(),
        events: BUILTIN_EVENTS.iter().map(|n| EventDef { name: n.to_string() }).collect(),
        functions: Vec::new(),
        components: Vec::new(),
        images: Vec::new(),
        states: Vec::new(),
        groups: Vec::new(),
        scene: Vec::new(),
        sites: Vec::new(),
        names: Names::default(),
        shared_type_places: Vec::new(),
    };
    for (i, name) in BUILTIN_EVENTS.iter().enumerate() {
        game.names.events.insert(name.to_string(), EventId(i as u16));
    }
    game
}

/// Checks one table from its schema's and its rows' text, as the loader does
/// (for the fuzzer and for tests): every mistake found.
pub fn check_table(schema: &str, rows: &str) -> Vec<Diagnostic> {
    let mut d = Diagnostics::default();
    let mut game = empty_game(Path::new("."));
    table_from_text(&mut game, Path::new("tables/T.yaml"), schema.to_string(), Some(rows.to_string()), &mut d);
    d.list
}

/// The files with extension `ext` in `root/dir`, sorted by name, relative to root.
fn files_in(root: &Path, dir: &str, ext: &str, d: &mut Diagnostics) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
        if dir != "structures" {
            d.error(Path::new(dir), Pos::default(), format!("the content folder has no {dir}/ folder"));
        }
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .filter_map(|p| p.file_name().map(|n| Path::new(dir).join(n)))
        .collect();
    files.sort();
    files
}

fn load_game_file(game: &mut Game, d: &mut Diagnostics) {
    let rel = Path::new("game.yaml");
    let Some(file) = yaml::load(&game.root, rel, d) else { return };
    let Some(f) = Fields::of(&file, &file.root, "the game", d) else { return };
    f.only(
        &[
            "game",
            "description",
            "screen",
            "pixelsPerMeter",
            "background",
            "fonts",
            "globals",
            "events",
            "states",
            "groups",
        ],
        "game.yaml",
        d,
    );
    if let Some(states) = f.get("states") {
        for (name, pos) in names_list(&file, states, d) {
            if game.states.contains(&name) {
                d.error(rel, pos, format!("the Game State `{name}` is listed twice"));
            } else {
                game.states.push(name);
            }
        }
    }
    if let Some(groups) = f.get("groups").and_then(|n| Fields::of(&file, n, "`groups`", d)) {
        for (key, node) in groups.map.iter() {
            let visible = match Fields::of(&file, node, "a UI Group", d) {
                Some(g) => {
                    g.only(&["visible", "description"], "a UI Group", d);
                    bool_field(&file, &g, "visible", d).unwrap_or(true)
                }
                None => true,
            };
            game.groups.push((key.as_str().to_string(), visible));
        }
    }
    if let Some((name, _)) = f.text("game", "game.yaml", d) {
        game.name = name.as_str().to_string();
    }
    if let Some(screen) = f.get("screen").and_then(|n| Fields::of(&file, n, "`screen`", d)) {
        screen.only(&["width", "height"], "`screen`", d);
        let w = screen.number("width", d).unwrap_or(960.0);
        let h = screen.number("height", d).unwrap_or(1100.0);
        game.screen = (w as f32, h as f32);
    }
    if let Some(ppm) = f.number("pixelsPerMeter", d) {
        game.pixels_per_meter = ppm as f32;
    }
    if let Some((bg, pos)) = f.opt_text("background", d) {
        game.background = color_or_report(&file, bg.as_str(), pos, d);
    }
    if let Some(fonts) = f.get("fonts").and_then(|n| Fields::of(&file, n, "`fonts`", d)) {
        fonts.only(&["regular", "bold"], "`fonts`", d);
        for (key, slot) in [("regular", &mut game.fonts.regular), ("bold", &mut game.fonts.bold)] {
            if let Some((path, pos)) = fonts.opt_text(key, d) {
                let p = PathBuf::from(path.as_str());
                if !game.root.join(&p).is_file() {
                    d.error(rel, pos, format!("the font file `{}` does not exist", p.display()));
                }
                *slot = Some(p);
            }
        }
    }
    if let Some(globals) = f.get("globals").and_then(|n| Fields::of(&file, n, "`globals`", d)) {
        for (key, node) in globals.map.iter() {
            let Some((ty, value)) = typed_value(&file, node, &mut game.syms, &game.names, d) else { continue };
            let id = GlobalId(game.globals.len() as u16);
            game.names.globals.insert(key.as_str().to_string(), id);
            game.globals.push(GlobalDef { name: key.as_str().to_string(), ty, value });
        }
    }
    if let Some(events) = f.get("events").and_then(|n| Fields::of(&file, n, "`events`", d)) {
        for (key, _) in events.map.iter() {
            let name = key.as_str().to_string();
            if game.names.events.contains_key(&name) {
                d.error(
                    rel,
                    yaml::scalar_pos(key),
                    format!("the event `{name}` is declared twice, or is a built-in Event"),
                );
                continue;
            }
            let id = EventId(game.events.len() as u16);
            game.names.events.insert(name.clone(), id);
            game.events.push(EventDef { name });
        }
    }
}

/// Reads `{ type: T, value|default: V }` (or a bare type name). Object-type
/// values (Shared Variables of type Object) are resolved later.
pub fn typed_value(
    file: &YamlFile,
    node: &marked_yaml::Node,
    syms: &mut Interner,
    _names: &Names,
    d: &mut Diagnostics,
) -> Option<(Type, Value)> {
    if let Some((word, pos)) = node.as_scalar().map(|s| (s, yaml::text_start(file, s))) {
        let ty = type_or_report(file, word.as_str(), pos, d)?;
        return Some((ty, ty.zero()));
    }
    let f = Fields::of(file, node, "a type and value", d)?;
    f.only(&["type", "value", "default", "description", "is", "requires"], "a typed value", d);
    let ty = match f.opt_text("type", d) {
        Some((word, pos)) => type_or_report(file, word.as_str(), pos, d)?,
        None => Type::Number,
    };
    let raw = f.opt_text("value", d).or_else(|| f.opt_text("default", d));
    let value = match raw {
        Some((text, pos)) => cell_value(ty, text.as_str(), syms).unwrap_or_else(|| {
            d.error(&file.path, pos, format!("`{}` is not a {}", text.as_str(), ty.name()));
            ty.zero()
        }),
        None => ty.zero(),
    };
    Some((ty, value))
}

fn type_or_report(file: &YamlFile, word: &str, pos: Pos, d: &mut Diagnostics) -> Option<Type> {
    let ty = Type::parse(word.trim());
    if ty.is_none() {
        d.error(&file.path, pos, format!("unknown type `{word}`; expected Number, Text, Boolean, Color or Object"));
    }
    ty
}

fn color_or_report(file: &YamlFile, text: &str, pos: Pos, d: &mut Diagnostics) -> u32 {
    parse_color(text.trim()).unwrap_or_else(|| {
        d.error(&file.path, pos, format!("`{text}` is not a color; expected #RRGGBB or #RRGGBBAA"));
        0xFFFFFFFF
    })
}

/// A value of type `ty` written as text in a CSV cell or a YAML scalar.
/// Object values are left empty here.
pub fn cell_value(ty: Type, text: &str, syms: &mut Interner) -> Option<Value> {
    Some(match ty {
        Type::Number => {
            let n = text.trim().parse::<f64>().ok().filter(|n| n.is_finite())?;
            Value::Num(n)
        }
        Type::Text => Value::Text(syms.intern(text)),
        Type::Boolean => Value::Bool(parse_bool(text)?),
        Type::Color => Value::Color(parse_color(text.trim())?),
        Type::Object | Type::ObjectType => Value::None,
    })
}

fn load_table(game: &mut Game, rel: &Path, d: &mut Diagnostics) {
    let schema = match std::fs::read_to_string(game.root.join(rel)) {
        Ok(t) => t,
        Err(e) => return d.error(rel, Pos::default(), format!("cannot read the file: {e}")),
    };
    let csv_rel = rel.with_extension("csv");
    let rows = match std::fs::read_to_string(game.root.join(&csv_rel)) {
        Ok(t) => Some(t),
        Err(e) => {
            d.error(
                &csv_rel,
                Pos::default(),
                format!("cannot read the table's rows: {e} (every table schema has a .csv beside it)"),
            );
            None
        }
    };
    table_from_text(game, rel, schema, rows, d);
}

fn table_from_text(game: &mut Game, rel: &Path, schema: String, rows: Option<String>, d: &mut Diagnostics) {
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
                let (ty, default) = typed_value(&file, node, &mut game.syms, &game.names, d)
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
fn read_rows(text: String, table: &mut TableDef, syms: &mut Interner, d: &mut Diagnostics) {
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
fn unclosed_quote(text: &str) -> Option<Pos> {
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

fn type_words(ty: Type) -> &'static str {
    match ty {
        Type::Number => "a Number such as 3 or -0.5",
        Type::Text => "a Text",
        Type::Boolean => "a Boolean: true or false",
        Type::Color => "a Color such as #62745F",
        Type::Object | Type::ObjectType => "an Object",
    }
}

fn csv_error(rel: &Path, e: &csv::Error, d: &mut Diagnostics) {
    let line = e.position().map_or(0, |p| p.line() as usize);
    d.error(rel, Pos { line, column: 1 }, format!("CSV: {e}"));
}

fn load_structure(game: &mut Game, rel: &Path, d: &mut Diagnostics) {
    let Some(file) = yaml::load(&game.root, rel, d) else { return };
    let Some(f) = Fields::of(&file, &file.root, "a Data Structure", d) else { return };
    f.only(&["structure", "description", "fields"], "a Data Structure", d);
    let Some((name, name_pos)) = f.text("structure", "a Data Structure", d) else { return };
    let name = name.as_str().to_string();
    if game.names.structs.contains_key(&name) {
        return d.error(rel, name_pos, format!("a second Data Structure named `{name}`"));
    }
    let mut fields = Vec::new();
    if let Some(map) = f.get("fields").and_then(|n| Fields::of(&file, n, "`fields`", d)) {
        for (key, node) in map.map.iter() {
            let Some((ty, default)) = typed_value(&file, node, &mut game.syms, &game.names, d) else { continue };
            let is_object_name = match node.as_mapping().and_then(|m| m.get_scalar("is")) {
                Some(is) if is.as_str() == "object name" => true,
                Some(is) => {
                    d.error(
                        rel,
                        yaml::scalar_pos(is),
                        format!("unknown `is: {}`; expected `is: object name`", is.as_str()),
                    );
                    false
                }
                None => false,
            };
            fields.push(FieldDef { name: key.as_str().to_string(), ty, default, is_object_name });
        }
    }
    let slot = lower_camel(&name);
    let id = StructId(game.structs.len() as u16);
    game.names.structs.insert(name.clone(), id);
    game.names.slots.insert(slot.clone(), id);
    game.structs.push(StructDef { name, slot, fields });
}

/// `Board State` -> `boardState`.
pub fn lower_camel(name: &str) -> String {
    let mut out = String::new();
    for (i, word) in name.split_whitespace().enumerate() {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            if i == 0 {
                out.extend(first.to_lowercase());
            } else {
                out.extend(first.to_uppercase());
            }
            out.push_str(chars.as_str());
        }
    }
    out
}

fn load_object_type(game: &mut Game, rel: &Path, d: &mut Diagnostics) {
    let Some(file) = yaml::load(&game.root, rel, d) else { return };
    let Some(f) = Fields::of(&file, &file.root, "an object type", d) else { return };
    f.only(&["object", "description", "layer", "box", "sprite", "text", "structures", "logic"], "an object type", d);
    let Some((name, name_pos)) = f.text("object", "an object type", d) else { return };
    let name = name.as_str().to_string();
    if game.names.types.contains_key(&name) {
        return d.error(rel, name_pos, format!("a second object type named `{name}`"));
    }
    let layer = match f.opt_text("layer", d) {
        None => Layer::World,
        Some((l, _)) if l.as_str() == "world" => Layer::World,
        Some((l, _)) if l.as_str() == "screen" => Layer::Screen,
        Some((l, pos)) => {
            d.error(rel, pos, format!("unknown layer `{}`; expected world or screen", l.as_str()));
            Layer::World
        }
    };
    let hit_box = f.pair("box", d);
    let sprite =
        f.get("sprite").and_then(|n| Fields::of(&file, n, "`sprite`", d)).and_then(|s| read_sprite(game, &file, &s, d));
    let sprite_failed = sprite.is_none() && f.get("sprite").is_some();
    let text = f.get("text").and_then(|n| Fields::of(&file, n, "`text`", d)).map(|t| read_text(game, &file, &t, d));
    // `structures: [A, B]`, or `structures: {A: {field: value}, B: {}}` to give fields their first values.
    let mut structs = Vec::new();
    let mut first_values: Vec<(StructId, &marked_yaml::Node)> = Vec::new();
    if let Some(node) = f.get("structures") {
        let named: Vec<(String, Pos, Option<&marked_yaml::Node>)> = match node.as_mapping() {
            Some(map) => map.iter().map(|(k, v)| (k.as_str().to_string(), yaml::scalar_pos(k), Some(v))).collect(),
            None => names_list(&file, node, d).into_iter().map(|(s, p)| (s, p, None)).collect(),
        };
        for (s, pos, values) in named {
            match game.names.structs.get(&s) {
                Some(&id) => {
                    structs.push(id);
                    if let Some(v) = values {
                        first_values.push((id, v));
                    }
                }
                None => d.error(
                    rel,
                    pos,
                    format!("unknown Data Structure `{s}`; expected one of: {}", sorted_keys(&game.names.structs)),
                ),
            }
        }
    }
    let mut struct_offset = vec![None; game.structs.len()];
    let mut fields = Vec::new();
    for &s in &structs {
        struct_offset[s.index()] = Some(fields.len() as u16);
        fields.extend(game.structs[s.index()].fields.iter().map(|f| f.default));
    }
    for (s, node) in first_values {
        let Some(values) = Fields::of(&file, node, "a Data Structure's first values", d) else { continue };
        for (key, vnode) in values.map.iter() {
            let def = &game.structs[s.index()];
            let Some(i) = def.fields.iter().position(|f| f.name == key.as_str()) else {
                d.error(rel, yaml::scalar_pos(key), format!("the {} has no field `{}`", def.name, key.as_str()));
                continue;
            };
            let ty = def.fields[i].ty;
            let Some((text, pos)) = scalar(&file, vnode, "a field's value", d) else { continue };
            match cell_value(ty, text.as_str(), &mut game.syms) {
                Some(v) => fields[struct_offset[s.index()].unwrap_or(0) as usize + i] = v,
                None => d.error(
                    rel,
                    pos,
                    format!(
                        "`{}` does not fit the field `{}`: expected {}",
                        text.as_str(),
                        key.as_str(),
                        type_words(ty)
                    ),
                ),
            }
        }
    }
    let mut attachments = Vec::new();
    if let Some(logic) = f.get("logic").and_then(|n| Fields::of(&file, n, "`logic`", d)) {
        for (key, node) in logic.map.iter() {
            let Some(&comp) = game.names.components.get(key.as_str()) else {
                d.error(rel, yaml::scalar_pos(key), format!("unknown Logic Component `{}`", key.as_str()));
                continue;
            };
            let c = &game.components[comp.index()];
            for need in &c.structs {
                if !structs.contains(need) {
                    d.error(
                        rel,
                        yaml::scalar_pos(key),
                        format!(
                            "the Logic Component `{}` needs a {} on its Object; add it to `structures:`",
                            c.name,
                            game.structs[need.index()].name
                        ),
                    );
                }
            }
            let mut shared: Vec<Value> = c.shared.iter().map(|s| s.value).collect();
            let shared_tys: Vec<(String, Type)> = c.shared.iter().map(|s| (s.name.clone(), s.ty)).collect();
            if let Some(values) = Fields::of(&file, node, "Shared Variable values", d) {
                for (var, vnode) in values.map.iter() {
                    let Some(i) = shared_tys.iter().position(|(n, _)| n == var.as_str()) else {
                        let known: Vec<&str> = shared_tys.iter().map(|(n, _)| n.as_str()).collect();
                        d.error(
                            rel,
                            yaml::scalar_pos(var),
                            format!(
                                "`{}` has no Shared Variable `{}`; expected one of: {}",
                                key.as_str(),
                                var.as_str(),
                                known.join(", ")
                            ),
                        );
                        continue;
                    };
                    let Some((text, pos)) = scalar(&file, vnode, "a Shared Variable's value", d) else { continue };
                    shared[i] = shared_value(game, shared_tys[i].1, text.as_str(), &file, pos, d);
                    if shared_tys[i].1 == Type::Object {
                        let place = (game.types.len(), attachments.len(), i);
                        game.shared_type_places.push((place, rel.to_path_buf(), pos));
                    }
                }
            }
            attachments.push(Attachment { component: comp, shared });
        }
    }
    game.names.types.insert(name.clone(), TypeId(game.types.len() as u32));
    game.types.push(ObjectType {
        name,
        layer,
        hit_box,
        sprite,
        sprite_failed,
        text,
        structs,
        struct_offset,
        fields,
        attachments,
    });
}

/// A Shared Variable's value from the content; an Object one names an object type.
pub fn shared_value(game: &mut Game, ty: Type, text: &str, file: &YamlFile, pos: Pos, d: &mut Diagnostics) -> Value {
    if ty == Type::Object {
        // Object types may be declared later in the folder: kept by name, resolved in `resolve_object_types`.
        return Value::Text(game.syms.intern(text));
    }
    cell_value(ty, text, &mut game.syms).unwrap_or_else(|| {
        d.error(&file.path, pos, format!("`{text}` does not fit: expected {}", type_words(ty)));
        ty.zero()
    })
}

fn sorted_keys<V>(map: &HashMap<String, V>) -> String {
    let mut keys: Vec<&str> = map.keys().map(|k| k.as_str()).collect();
    keys.sort();
    keys.join(", ")
}

/// `[A, B]` or a single name.
fn names_list(file: &YamlFile, node: &marked_yaml::Node, d: &mut Diagnostics) -> Vec<(String, Pos)> {
    if let Some(seq) = node.as_sequence() {
        seq.iter().filter_map(|n| scalar(file, n, "a name", d)).map(|(s, p)| (s.as_str().to_string(), p)).collect()
    } else {
        scalar(file, node, "a name", d).map(|(s, p)| vec![(s.as_str().to_string(), p)]).unwrap_or_default()
    }
}

fn read_sprite(game: &mut Game, file: &YamlFile, f: &Fields, d: &mut Diagnostics) -> Option<SpriteDef> {
    f.only(&["image", "frames", "size", "depth", "frame", "tint", "alpha", "visible"], "`sprite`", d);
    let (image, pos) = f.text("image", "a sprite", d)?;
    let image = load_image(game, &file.path, image.as_str(), pos, d)?;
    let frames = f.number("frames", d).unwrap_or(1.0).max(1.0) as u32;
    let frame = f.number("frame", d).unwrap_or(0.0).max(0.0) as u32;
    if frame >= frames {
        d.error(&file.path, f.pos, format!("`frame: {frame}` is past the last frame ({})", frames - 1));
    }
    let tint = f.opt_text("tint", d).map_or(0xFFFFFFFF, |(t, p)| color_or_report(file, t.as_str(), p, d));
    let visible = bool_field(file, f, "visible", d).unwrap_or(true);
    Some(SpriteDef {
        image,
        frames,
        size: f.pair("size", d).unwrap_or((1.0, 1.0)),
        depth: f.number("depth", d).unwrap_or(0.0) as f32,
        frame,
        tint,
        alpha: f.number("alpha", d).unwrap_or(1.0) as f32,
        visible,
    })
}

fn bool_field(file: &YamlFile, f: &Fields, key: &str, d: &mut Diagnostics) -> Option<bool> {
    let (t, pos) = f.opt_text(key, d)?;
    let b = parse_bool(t.as_str());
    if b.is_none() {
        d.error(&file.path, pos, format!("`{key}` must be true or false, found `{}`", t.as_str()));
    }
    b
}

/// Checks a PNG exists and reads its size from its header.
fn load_image(game: &mut Game, from: &Path, rel: &str, pos: Pos, d: &mut Diagnostics) -> Option<ImageId> {
    let path = PathBuf::from(rel);
    if let Some(i) = game.images.iter().position(|im| im.path == path) {
        return Some(ImageId(i as u16));
    }
    let bytes = match std::fs::read(game.root.join(&path)) {
        Ok(b) => b,
        Err(e) => {
            d.error(from, pos, format!("cannot read the picture `{rel}`: {e}"));
            return None;
        }
    };
    let Some((width, height)) = png_size(&bytes) else {
        d.error(from, pos, format!("`{rel}` is not a PNG picture"));
        return None;
    };
    game.images.push(ImageDef { path, width, height });
    Some(ImageId(game.images.len() as u16 - 1))
}

fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    if bytes.len() < 24 || &bytes[..8] != SIGNATURE || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let w = u32::from_be_bytes(bytes[16..20].try_into().ok()?);
    let h = u32::from_be_bytes(bytes[20..24].try_into().ok()?);
    Some((w, h))
}

fn read_text(game: &mut Game, file: &YamlFile, f: &Fields, d: &mut Diagnostics) -> TextDef {
    f.only(&["text", "size", "color", "bold", "align", "offset", "depth"], "`text`", d);
    let template = match f.opt_text("text", d) {
        Some((t, pos)) => crate::compile::compile_template(game, file, t.as_str(), pos, d),
        None => Template::default(),
    };
    let align = match f.opt_text("align", d) {
        None => Align::Center,
        Some((a, pos)) => match a.as_str() {
            "left" => Align::Left,
            "center" => Align::Center,
            "right" => Align::Right,
            other => {
                d.error(&file.path, pos, format!("unknown align `{other}`; expected left, center or right"));
                Align::Center
            }
        },
    };
    TextDef {
        template,
        size: f.number("size", d).unwrap_or(1.0) as f32,
        color: f.opt_text("color", d).map_or(0x000000FF, |(t, p)| color_or_report(file, t.as_str(), p, d)),
        bold: bool_field(file, f, "bold", d).unwrap_or(false),
        align,
        offset: f.pair("offset", d).unwrap_or((0.0, 0.0)),
        depth: f.number("depth", d).unwrap_or(20.0) as f32,
    }
}

fn load_scene(game: &mut Game, d: &mut Diagnostics) {
    let rel = Path::new("scene.yaml");
    let Some(file) = yaml::load(&game.root, rel, d) else { return };
    let Some(f) = Fields::of(&file, &file.root, "the scene", d) else { return };
    f.only(&["scene", "description"], "scene.yaml", d);
    let Some(list) = f.get("scene").and_then(|n| n.as_sequence()) else {
        return d.error(rel, f.pos, "scene.yaml needs `scene:` with a list of placements");
    };
    for node in list.iter() {
        let Some(p) = Fields::of(&file, node, "a placement", d) else { continue };
        p.only(&["object", "name", "x", "y", "anchor", "group"], "a placement", d);
        let group =
            p.opt_text("group", d).and_then(|(g, pos)| match game.groups.iter().position(|(n, _)| n == g.as_str()) {
                Some(i) => Some(GroupId(i as u16)),
                None => {
                    d.error(
                        rel,
                        pos,
                        format!("unknown UI Group `{}`; declare it in game.yaml's `groups:`", g.as_str()),
                    );
                    None
                }
            });
        let Some((ty_name, pos)) = p.text("object", "a placement", d) else { continue };
        let Some(&ty) = game.names.types.get(ty_name.as_str()) else {
            d.error(
                rel,
                pos,
                format!(
                    "unknown object type `{}`; expected one of: {}",
                    ty_name.as_str(),
                    sorted_keys(&game.names.types)
                ),
            );
            continue;
        };
        let name = p.opt_text("name", d).map_or("", |(n, _)| n.as_str());
        let anchor = match p.opt_text("anchor", d) {
            None => (0.0, 0.0),
            Some((a, pos)) => parse_anchor(a.as_str()).unwrap_or_else(|| {
                d.error(
                    rel,
                    pos,
                    format!(
                        "unknown anchor `{}`; expected e.g. `bottom center`, `top left`, `middle right`",
                        a.as_str()
                    ),
                );
                (0.0, 0.0)
            }),
        };
        game.scene.push(Placement {
            ty,
            name: game.syms.intern(name),
            x: p.number("x", d).unwrap_or(0.0) as f32,
            y: p.number("y", d).unwrap_or(0.0) as f32,
            anchor,
            group,
        });
    }
}

fn parse_anchor(text: &str) -> Option<(f32, f32)> {
    let mut words = text.split_whitespace();
    let v = match words.next()? {
        "bottom" => 0.0,
        "middle" => 0.5,
        "top" => 1.0,
        _ => return None,
    };
    let h = match words.next()? {
        "left" => 0.0,
        "center" => 0.5,
        "right" => 1.0,
        _ => return None,
    };
    words.next().is_none().then_some((h, v))
}
