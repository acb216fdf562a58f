//! Loading a content folder: every file read, every mistake collected, every
//! name resolved. The result is a [`Game`], or the list of what is wrong.

mod changes;
mod extends;
mod game_file;
mod grid;
mod objects;
mod play;
mod references;
mod scene;
mod sounds;
mod structures;
mod tables;
mod translate;

use crate::compile::{self, compile_bodies, CardShells, LoadScratch};
use crate::game::{EventDef, Fonts, Game, MissingRows, Names, Written};
use crate::ids::{EventId, BUILTIN_EVENTS};
use crate::program::Trees;
use crate::source::diag::{Diagnostic, Diagnostics, Pos};
use crate::source::files::Files;
use crate::source::yaml::{self};
use crate::value::{Interner, Value};
pub use extends::MAX_BASES;
use game_file::load_game_file;
use objects::{load_object_type, load_pictures};
use scene::load_scene;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use structures::load_structure;
use tables::{load_table, table_from_text};
pub use translate::{is_language_name, languages, system_language};

pub struct Loaded {
    pub game: Game,
    pub warnings: Vec<Diagnostic>,
    /// Every card's steps as a tree, which the Game does not keep (it runs
    /// the lowered code): for the tree walker, `World::call_function_walked`.
    pub trees: Trees,
}

/// Loads and checks the content folder at `root`.
pub fn load(root: &Path) -> Result<Loaded, Vec<Diagnostic>> {
    load_files(Files::Dir(root.to_path_buf()))
}

/// Writes a game's files (the one built into the binary,
/// `cardtable_chess::builtin`) into `dir` (which must not exist, or be
/// empty) as a content folder to change, and answers the files written and
/// the copy's name. The copy is a game of its own: its game.yaml names it
/// after its folder (`game: my-chess`, the rest of the file as it was), so
/// that its saved games and settings are its own, never the original's
/// (they are kept by the game's name, `save::platform_dir`).
pub fn write_copy(game: &Files, dir: &Path) -> std::io::Result<(Vec<PathBuf>, String)> {
    let files = game.write_to(dir)?;
    let path = dir.join("game.yaml");
    let text = std::fs::read_to_string(&path)?;
    let name = copy_name(dir, &text);
    std::fs::write(&path, renamed(&text, &name))?;
    Ok((files, name))
}

/// Writes a new folder `dir` (which must not exist, or be empty) made over
/// the game `base` (`cardtable new DIR --extends GAME`): a game.yaml of two
/// lines, `extends:` and `game:`, nothing copied. `base` is a built-in
/// game's name (`chess`) or a folder, as the command line names it (relative
/// to where the command runs); game.yaml names the folder relative to `dir`.
/// Answers what `extends:` says and the game's name.
pub fn write_extending(dir: &Path, base: &str) -> std::io::Result<(String, String)> {
    use std::io::{Error, ErrorKind};
    let is_path = base.contains('/') || base.contains('\\') || base.starts_with('.');
    let (files, extends) = if is_path || crate::source::files::builtin_game(base).is_none() {
        let folder = Path::new(base);
        if !folder.join("game.yaml").is_file() {
            let known = crate::source::files::builtin_games().join(", ");
            let why = format!("`{base}` is neither a game folder (with a game.yaml) nor a built-in game ({known})");
            return Err(Error::new(ErrorKind::NotFound, why));
        }
        (Files::Dir(folder.to_path_buf()), None)
    } else {
        (crate::source::files::builtin_game(base).unwrap_or(Files::Dir(PathBuf::from(base))), Some(base.to_string()))
    };
    if dir.exists() && !(dir.is_dir() && std::fs::read_dir(dir)?.next().is_none()) {
        let why = format!("{} already exists and is not an empty folder; nothing was written", dir.display());
        return Err(Error::new(ErrorKind::AlreadyExists, why));
    }
    std::fs::create_dir_all(dir)?;
    let extends = match extends {
        Some(name) => name,
        None => relative_to(&dir.canonicalize()?, &Path::new(base).canonicalize()?).display().to_string(),
    };
    let text = files.read_text(Path::new("game.yaml")).unwrap_or_default();
    let name = copy_name(dir, &text);
    let body = renamed(&format!("extends: {extends}\ngame: x\n"), &name);
    std::fs::write(dir.join("game.yaml"), body)?;
    Ok((extends, name))
}

/// The way from the folder `from` to `to`, both absolute: `../../chess`.
fn relative_to(from: &Path, to: &Path) -> PathBuf {
    let (a, b): (Vec<_>, Vec<_>) = (from.components().collect(), to.components().collect());
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut out: PathBuf = a[common..].iter().map(|_| "..").collect();
    out.extend(&b[common..]);
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out
}

/// The name of a copy of the game whose game.yaml is `text`, written to
/// `dir`: the folder's name, unless the copy's saves would then go where
/// the original's go (`chess` beside `Chess`, on a system that ignores case).
fn copy_name(dir: &Path, text: &str) -> String {
    let folder = dir.file_name().map(PathBuf::from).or_else(|| dir.canonicalize().ok()?.file_name().map(PathBuf::from));
    let name = folder.map(|f| f.to_string_lossy().trim().to_string()).filter(|n| !n.is_empty());
    let name = name.unwrap_or_else(|| "My Game".into());
    let original = text.lines().find_map(|l| l.strip_prefix("game:")).unwrap_or_default().trim();
    let folder_of = |n: &str| crate::save::folder_name(n).to_lowercase();
    if folder_of(&name) == folder_of(original) {
        format!("{name} copy")
    } else {
        name
    }
}

/// game.yaml's text with its `game:` line naming `name` (in single quotes
/// unless it is a plain word or words); every other byte as it was.
fn renamed(text: &str, name: &str) -> String {
    let plain = name.starts_with(|c: char| c.is_alphabetic())
        && name.chars().all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.'))
        && !name.ends_with(' ');
    let value = if plain { name.to_string() } else { format!("'{}'", name.replace('\'', "''")) };
    let mut out = String::with_capacity(text.len() + value.len());
    let mut done = false;
    for line in text.split_inclusive('\n') {
        if !done && line.starts_with("game:") {
            let end = &line[line.trim_end_matches(['\r', '\n']).len()..];
            out.push_str(&format!("game: {value}{end}"));
            done = true;
        } else {
            out.push_str(line);
        }
    }
    out
}

/// Loads and checks the content folder that `files` reads. A mistake names
/// its file relative to the folder; one in no file (no folder at all) has an
/// empty file name.
pub fn load_files(files: Files) -> Result<Loaded, Vec<Diagnostic>> {
    load_files_in(files, None)
}

/// [`load_files`] in the language `lang`: each table's Text columns from its
/// translation `tables/T.LANG.csv` where there is one (a row it lacks keeps
/// `T.csv`'s words).
pub fn load_files_in(files: Files, lang: Option<&str>) -> Result<Loaded, Vec<Diagnostic>> {
    load_checking(files, lang, &[]).0
}

/// [`load_files_in`], and for `check` each language of `langs` read over
/// the content's own words as each table is loaded, so that the tables are
/// read once: first the mistakes of each language's translations (but
/// `lang`'s, which the load tells), then what each lacks and changes
/// (`translate::compare_loaded`), as the second answer.
pub fn load_for_check(
    files: Files,
    lang: Option<&str>,
    langs: &[String],
) -> (Result<Loaded, Vec<Diagnostic>>, Vec<Diagnostic>) {
    load_checking(files, lang, langs)
}

fn load_checking(
    files: Files,
    lang: Option<&str>,
    langs: &[String],
) -> (Result<Loaded, Vec<Diagnostic>>, Vec<Diagnostic>) {
    let mut d = Diagnostics::default();
    if !files.exists() {
        d.error(
            Path::new(""),
            Pos::default(),
            "no content folder here (expected a folder with game.yaml, tables/, logic/ ...)",
        );
        return (Err(d.list), Vec::new());
    }
    let files = extends::follow(files, &mut d);
    if d.has_errors() {
        return (Err(d.list), Vec::new());
    }
    let mut game = empty_game(files);
    let mut scratch = LoadScratch::default();
    if let Some(lang) = lang {
        if !is_language_name(lang) || !languages(&game.files).iter().any(|l| l == lang) {
            let known = languages(&game.files).join(", ");
            d.warning(Path::new("tables"), Pos::default(), format!("no table is translated into `{lang}` (tables/T.{lang}.csv); the game shows its own words. Translated: {known}"));
        }
        game.lang = Some(lang.to_string());
    }
    let mut play = None;
    scratch.broken_game_file = !load_game_file(&mut game, &mut scratch, &mut play, &mut d);
    // For `check`: each language's mistakes, and what each lacks.
    let every = if langs.is_empty() { Vec::new() } else { languages(&game.files) };
    let mut mistakes: Vec<Diagnostics> = langs.iter().map(|_| Diagnostics::default()).collect();
    let mut lacks: Vec<Diagnostics> = langs.iter().map(|_| Diagnostics::default()).collect();
    for rel in files_in(&game.files, "tables", "yaml", &mut d) {
        let before = game.tables.len();
        load_table(&mut game, &mut scratch, &rel, &mut d);
        // Read over the content's own words, before `lang`'s replace them.
        for ((l, mistakes), lacks) in langs.iter().zip(&mut mistakes).zip(&mut lacks) {
            match scratch.tables.get(before) {
                Some(places) => {
                    if Some(l.as_str()) != lang {
                        translate::translate_table(&mut game, places, &rel, l, false, mistakes);
                    }
                    translate::compare_loaded(&game, places, &rel, l, &every, lacks);
                }
                None => translate::compare_csv(&game.files, &rel, l, &every, lacks),
            }
        }
        if let (Some(lang), Some(places)) = (lang, scratch.tables.get(before)) {
            translate::translate_table(&mut game, places, &rel, lang, true, &mut d);
        }
        if game.tables.len() == before {
            scratch.broken_tables.extend(names_of_broken_file(&game.files, &rel, &["table"]));
        }
    }
    game.grids = references::check_references(&game, &scratch, &mut d);
    game.references = references::resolved(&game, &scratch);
    for rel in files_in(&game.files, "structures", "yaml", &mut d) {
        load_structure(&mut game, &mut scratch, &rel, &mut d);
    }
    let mut card_files = Vec::new();
    for rel in files_in(&game.files, "logic", "yaml", &mut d) {
        match yaml::load(&game.files, &rel, &mut d) {
            Some(file) => card_files.push(file),
            None => scratch.broken_cards.extend(names_of_broken_file(&game.files, &rel, &["function", "component"])),
        }
    }
    let shells = CardShells::read(&mut game, &card_files, &scratch, &mut d);
    for rel in files_in(&game.files, "objects", "yaml", &mut d) {
        let before = game.types.len();
        load_object_type(&mut game, &mut scratch, &rel, &mut d);
        if game.types.len() == before {
            scratch.broken_types.extend(names_of_broken_file(&game.files, &rel, &["object"]));
        }
    }
    load_pictures(&mut game, &mut d);
    sounds::load_sounds(&mut game, &mut d);
    load_scene(&mut game, &scratch, &mut d);
    check_presses(&game, &mut d);
    game.field_references = scratch.field_refers.clone();
    let (trees, lowerings) = compile_bodies(&mut game, &shells, &scratch, &mut d);
    if let Some(written) = &play {
        game.play = play::resolve(&mut game, written, &mut d);
    }
    check_libraries(&mut game, &scratch, &mut d);
    compile::lower_bodies(&mut game, &trees, lowerings, &mut d);
    if let Files::Layered(_) = &game.files {
        name_real_files(&mut game, &mut d.list);
    }
    // The content's texts, shared by every World of the game and its copies.
    game.syms.freeze();
    let loaded = if d.has_errors() { Err(d.list) } else { Ok(Loaded { game, warnings: d.list, trees }) };
    // The mistakes of the other languages only of a game that loads, as the
    // load in each of them would tell them.
    let mistakes = mistakes.into_iter().filter(|_| loaded.is_ok()).flat_map(|m| m.list);
    let mut checked: Vec<Diagnostic> = mistakes.chain(lacks.into_iter().flat_map(|l| l.list)).collect();
    if let Ok(l) = &loaded {
        for m in &mut checked {
            m.file = l.game.files.shown(&m.file);
        }
    }
    (loaded, checked)
}

/// In a folder made over others, each mistake, table and card named by the
/// file it really came from (`Files::shown`: `../../chess/logic/X.yaml`),
/// so that a message, a fault or a trace line leads to it.
fn name_real_files(game: &mut Game, list: &mut [Diagnostic]) {
    for d in list {
        d.file = game.files.shown(&d.file);
    }
    for t in &mut game.tables {
        t.file = game.files.shown(&t.file);
    }
    for f in &mut game.functions {
        f.file = game.files.shown(&f.file);
    }
    for c in &mut game.components {
        c.file = game.files.shown(&c.file);
    }
}

/// The names a file that did not load (already reported) may be known by:
/// its file name, and the name its `KEY: NAME` line gives, if that line can
/// be read without the YAML around it. What names it is then not reported
/// again as unknown.
fn names_of_broken_file(files: &Files, rel: &Path, keys: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = rel.file_stem().map(|s| s.to_string_lossy().to_string()).into_iter().collect();
    let text = files.read_text(rel).unwrap_or_default();
    for line in text.lines() {
        let Some((key, value)) = line.split_once(':') else { continue };
        if !keys.contains(&key) {
            continue;
        }
        let value = value.split(" #").next().unwrap_or("").trim();
        let value = value.trim_matches(|c| c == '\'' || c == '"').trim();
        if !value.is_empty() {
            names.push(value.to_string());
        }
        break;
    }
    names
}

/// Each library the game names resolves against its content, or says what
/// the content lacks: at the table cell that breaks it, or at its name in
/// game.yaml; and every way its tables misfit what the library plays
/// (`Library::misfits`), each at its cell. A lack two libraries share (each
/// reads the Kinds' letters) is told once. Checked once the rest of the folder is free of mistakes: a
/// table or card that did not load is not missing. What each writes joins
/// what the cards write (`Game::written`).
fn check_libraries(game: &mut Game, scratch: &LoadScratch, d: &mut Diagnostics) {
    if d.has_errors() {
        return;
    }
    let mut written = std::mem::take(&mut game.written);
    let mut told = Vec::new();
    for (name, (at_file, pos)) in game.libraries.iter().zip(&scratch.library_places) {
        let pos = *pos;
        let Some(library) = crate::library::find(name) else { continue };
        let mut tell = |lack: crate::library::Lack| {
            let at = lack.at.and_then(|c| scratch.place(c.table, c.row, c.column));
            let (file, pos) = at.unwrap_or_else(|| (at_file.clone(), pos));
            if !told.contains(&(file.clone(), pos, lack.message.clone())) {
                d.error(&file, pos, lack.message.clone());
                told.push((file, pos, lack.message));
            }
        };
        library.misfits(game).into_iter().for_each(&mut tell);
        match library.resolve(game) {
            Err(lack) => tell(lack),
            Ok(resolved) => resolved.writes(&mut written),
        }
    }
    game.written = written;
}

/// A game with nothing in it yet but the built-in Events.
fn empty_game(files: Files) -> Game {
    let mut game = Game {
        files,
        name: String::new(),
        screen: (960.0, 1100.0),
        min_scale: None,
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
        sounds: Vec::new(),
        states: Vec::new(),
        groups: Vec::new(),
        group_kinds: Vec::new(),
        pictures: Default::default(),
        scene: Vec::new(),
        sites: Vec::new(),
        names: Names::default(),
        libraries: Vec::new(),
        inputs: Vec::new(),
        translated: Vec::new(),
        lang: None,
        written: Written::default(),
        references: Vec::new(),
        limits: crate::game::Limits::DEFAULT,
        result: None,
        play: None,
        grids: Vec::new(),
        field_references: HashMap::new(),
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
    let mut game = empty_game(Files::Dir(PathBuf::from(".")));
    let mut scratch = LoadScratch::default();
    let rel = Path::new("tables/T.yaml");
    table_from_text(&mut game, &mut scratch, rel, schema.to_string(), Some(rows.to_string()), &mut d);
    references::check_references(&game, &scratch, &mut d);
    d.list
}

/// Every table of the content folder `files` as the content reference lists
/// them (content/README.md, "The chess game's tables"): for each, what its
/// rows are and each column's type, what an empty cell holds and the table
/// it names rows of, in Markdown. Its schemas only are read (and the rows
/// the defaults need); a schema that does not load is left out.
pub fn tables_reference(files: Files) -> String {
    let mut d = Diagnostics::default();
    let mut game = empty_game(files);
    let mut scratch = LoadScratch::default();
    for rel in files_in(&game.files, "tables", "yaml", &mut d) {
        load_table(&mut game, &mut scratch, &rel, &mut d);
    }
    let mut out = String::new();
    for (table, places) in game.tables.iter().zip(&scratch.tables) {
        out.push_str(&format!("#### {}\n\n", table.name));
        for r in &places.refers {
            match r.what {
                compile::Referring::RowNames => out.push_str(&format!("Its rows are rows of {}.\n", r.table)),
                compile::Referring::ColumnPerRow => {
                    out.push_str(&format!("It has a column named after each row of {}.\n", r.table))
                }
                compile::Referring::Grid => out.push_str(&format!(
                    "Its rows are laid out by {}: every combination of the columns its rows name, the first counting fastest.\n",
                    r.table
                )),
                compile::Referring::Column { .. } => {}
            }
        }
        match table.missing_rows {
            MissingRows::Error => {}
            MissingRows::Default => out.push_str("A row it does not have reads as the defaults.\n"),
            MissingRows::DefaultForEmptyName => out.push_str("The row `''` reads as the defaults.\n"),
        }
        if !out.ends_with("\n\n") {
            out.push('\n');
        }
        out.push_str("| column | type | an empty cell | names a row of |\n| --- | --- | --- | --- |\n");
        for (i, c) in table.columns.iter().enumerate() {
            let refers = places.refers.iter().find_map(|r| match r.what {
                compile::Referring::Column { column, may_be_empty, .. } if column.index() == i => {
                    Some((r.table.as_str(), may_be_empty))
                }
                _ => None,
            });
            let empty = match (c.default_column, c.default, refers) {
                (Some(from), _, _) => format!("the row's `{}`", table.columns[from.index()].name),
                (None, Value::Text(crate::value::EMPTY), Some((_, false))) => "a mistake: it names a row".into(),
                (None, Value::Text(crate::value::EMPTY), Some((_, true))) => "no row".into(),
                (None, Value::Text(crate::value::EMPTY), None) => "`''`".into(),
                (None, Value::Text(s), _) => format!("`{}`", game.syms.text(s)),
                (None, Value::Num(n), _) => format!("{n}"),
                (None, Value::Bool(b), _) => format!("{b}"),
                (None, Value::Color(rgba), _) if rgba & 0xFF == 0xFF => format!("`#{:06X}`", rgba >> 8),
                (None, Value::Color(rgba), _) => format!("`#{rgba:08X}`"),
                (None, other, _) => format!("{other:?}"),
            };
            let refers = refers.map_or(String::new(), |(t, _)| t.to_string());
            out.push_str(&format!("| {} | {} | {empty} | {refers} |\n", c.name, c.ty.name()));
        }
        out.push('\n');
    }
    out
}

/// The files with extension `ext` in the folder `dir`, sorted by name,
/// relative to the content folder.
fn files_in(source: &Files, dir: &str, ext: &str, d: &mut Diagnostics) -> Vec<PathBuf> {
    let Ok(entries) = source.list(dir) else {
        if dir != "structures" {
            d.error(Path::new(dir), Pos::default(), format!("the content folder has no {dir}/ folder"));
        }
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries.into_iter().filter(|p| p.extension().is_some_and(|x| x == ext)).collect();
    files.sort();
    files
}

/// Each `press NAME: [KEY]` of game.yaml's `inputs:` names a button the
/// scene places: an Object of a screen-layer type with a box.
fn check_presses(game: &Game, d: &mut Diagnostics) {
    use crate::game::Layer;
    for c in &game.inputs {
        for ((_, name), (file, pos)) in c.presses.iter().zip(&c.press_at) {
            let placed = game.syms.get(name).and_then(|sym| game.scene.iter().find(|p| p.name == sym));
            let why = match placed {
                None => format!("`press {name}` names no Object of the scene"),
                Some(p) => {
                    let t = &game.types[p.ty.0 as usize];
                    if t.layer == Layer::Screen && t.hit_box.is_some() {
                        continue;
                    }
                    format!("`press {name}`: `{name}` is a `{}`, not a button (a screen Object with a box)", t.name)
                }
            };
            d.error(file, *pos, why);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_is_named_after_its_folder_and_never_shares_the_originals_saves() {
        let text = "game: Chess\nlibraries: [chess]\r\ngame: not this one\n";
        assert_eq!(renamed(text, "my-chess"), "game: my-chess\nlibraries: [chess]\r\ngame: not this one\n");
        assert_eq!(renamed("game: Chess\r\nx: 1", "Mine 2"), "game: Mine 2\r\nx: 1");
        assert_eq!(renamed("game: Chess\n", "it's: #1"), "game: 'it''s: #1'\n");
        assert_eq!(renamed("game: Chess\n", "2048"), "game: '2048'\n");
        assert_eq!(copy_name(Path::new("/tmp/games/my-chess"), text), "my-chess");
        assert_eq!(copy_name(Path::new("games/my-chess/"), text), "my-chess");
        // Where `chess` and `Chess` are one folder, the copy's saves would be the original's.
        assert_eq!(copy_name(Path::new("/tmp/chess"), text), "chess copy");
        assert_eq!(copy_name(Path::new("/tmp/Chess"), text), "Chess copy");
    }
}
