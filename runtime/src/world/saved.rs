//! A World into a save and back (the format is `save/`'s): tables by name,
//! rows by name, cells by column; Objects in the World's order, each by its
//! type's name; Globals, the Game State and the UI Groups by name; texts as
//! texts. And the store's side of saving: a slot written, a slot read back
//! (a file that cannot be moved aside, never lost).

use super::table::Table;
use super::{LibraryState, Object, World};
use crate::game::{Game, GridLayout, GridMistake};
use crate::ids::{ColumnId, GlobalId, GroupId, ObjectId, TableId};
use crate::save::{
    check_slot, Cell, Fingerprint, Key, Keyed, SaveFile, SavedObject, SavedRow, SavedWorld, Store, FORMAT,
};
use crate::value::{parse_color, Interner, Shown, Sym, Type, Value, EMPTY};
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;
use std::sync::Arc;

/// `#RRGGBBAA`, as `format!("#{c:08X}")` writes it, without the formatter:
/// a save writes two for each Object.
fn color_text(c: u32) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut s = String::with_capacity(9);
    s.push('#');
    for shift in (0..8).rev() {
        s.push(HEX[(c >> (shift * 4)) as usize & 15] as char);
    }
    s
}

/// The rows the last save of a World made of a table, with the names and
/// cells it made them from.
#[derive(Default)]
pub(crate) struct RowsSaved {
    names: Vec<Sym>,
    cells: Vec<Value>,
    rows: Vec<Arc<SavedRow>>,
}

/// The names a save writes, made once a World: each table's columns, each
/// Data Structure's name and its fields, as shared [`Key`]s.
pub(crate) struct SaveKeys {
    columns: Vec<Vec<Key>>,
    structs: Vec<Key>,
    fields: Vec<Vec<Key>>,
    types: Vec<Key>,
    groups: Vec<Key>,
    /// Each picture's path, `/` between its parts (`art/board-slate.png`).
    pictures: Vec<Key>,
}

impl SaveKeys {
    fn of(game: &Game) -> SaveKeys {
        let keys = |names: &mut dyn Iterator<Item = &String>| names.map(|n| Key::from(n.as_str())).collect();
        SaveKeys {
            columns: game.tables.iter().map(|t| keys(&mut t.columns.iter().map(|c| &c.name))).collect(),
            structs: keys(&mut game.structs.iter().map(|s| &s.name)),
            fields: game.structs.iter().map(|s| keys(&mut s.fields.iter().map(|f| &f.name))).collect(),
            types: keys(&mut game.types.iter().map(|t| &t.name)),
            groups: keys(&mut game.groups.iter().map(|(name, _)| name)),
            pictures: (game.images.iter())
                .map(|im| {
                    let parts: Vec<_> = im.path.components().map(|c| c.as_os_str().to_string_lossy()).collect();
                    Key::from(parts.join("/"))
                })
                .collect(),
        }
    }
}

/// What a game's code libraries hold a saved game to as it loads
/// (`library::Libraries`): each its own part of the World (the chess
/// library: the position, the fifty-move count, its move number), which
/// the content's schemas do not say.
pub trait SaveCheck {
    /// Mends what does not fit in `world`, a World just made from a save
    /// (no Event has run), each mend told in words in `mended`; Err says why
    /// the game cannot go on from it at all (the save is then moved aside).
    fn fit_save(&self, world: &mut World, mended: &mut Vec<String>) -> Result<(), String>;
}

/// A value as a notice shows it: `` `Pawn` ``, `` `0` ``, `an empty Text`.
fn quoted(v: Value, syms: &Interner) -> String {
    match v {
        Value::Text(EMPTY) => "an empty Text".into(),
        Value::None => "no Object".into(),
        v => format!("`{}`", Shown(v, syms)),
    }
}

/// What a saved value that does not fit its type is, in words: `` a Text
/// (`many`), not a Number ``, `` a Text (`greenish`), which is not a color ``.
fn misfit(cell: &Cell, ty: Type, e: &str) -> String {
    if e.starts_with("expected ") {
        format!("{}, not a {}", shown(cell), ty.name())
    } else if e.ends_with("is not a color") {
        format!("{}, which is not a color", shown(cell))
    } else {
        format!("{}: {e}", shown(cell))
    }
}

/// A number as a notice shows it: `7`, `2.5`, `1e300`.
pub fn number(n: f64) -> String {
    if n.is_finite() && n.abs() >= 1e15 {
        format!("{n:e}")
    } else {
        crate::value::format_number(n)
    }
}

/// A saved value in words, for a notice: `` a Text (`many`) ``, `a Number (7)`.
fn shown(cell: &Cell) -> String {
    match cell {
        Cell::Nothing(()) => "nothing".into(),
        Cell::Boolean(b) => format!("a Boolean ({b})"),
        Cell::Number(n) => format!("a Number ({})", number(*n)),
        Cell::Text(t) => format!("a Text (`{}`)", t.chars().take(60).collect::<String>()),
        Cell::Object { object } => format!("an Object (number {})", object.saturating_add(1)),
    }
}

/// A code library's state as a save brought it back, until its library asks
/// for it (`library::state_mut`) and reads it.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedLibraryState {
    pub key: String,
    pub saved: serde_yaml::Value,
}

impl LibraryState for SavedLibraryState {
    fn key(&self) -> &str {
        &self.key
    }
    fn save(&self) -> serde_yaml::Value {
        self.saved.clone()
    }
    fn load(&mut self, saved: &serde_yaml::Value) -> Result<(), String> {
        self.saved = saved.clone();
        Ok(())
    }
}

impl World {
    /// The World as a save holds it.
    pub fn to_save(&self) -> SaveFile {
        let game = &self.game;
        let written = &game.written;
        let keys = self.save_keys.get_or_init(|| Rc::new(SaveKeys::of(game))).clone();
        let tables = game
            .tables
            .iter()
            .zip(&self.tables)
            .enumerate()
            .filter(|(t, _)| written.table(TableId(*t as u16)))
            .map(|(t, (def, table))| (def.name.clone(), self.saved_rows(&keys.columns[t], TableId(t as u16), table)))
            .collect();
        let objects =
            self.objects.iter().enumerate().map(|(i, o)| self.saved_object(&keys, ObjectId(i as u32), o)).collect();
        let world = SavedWorld {
            time: self.time,
            state: game.states.get(self.state as usize).cloned().unwrap_or_default(),
            globals: (game.globals.iter().zip(&self.globals).enumerate())
                .filter(|(g, _)| written.global(GlobalId(*g as u16)))
                .map(|(_, (d, v))| (d.name.clone(), self.cell_of(*v)))
                .collect(),
            groups: game.groups.iter().zip(&self.groups).map(|((name, _), shown)| (name.clone(), *shown)).collect(),
            tables,
            scene: game.scene.len(),
            objects,
            libraries: self.libraries.iter().map(|s| (s.key().to_string(), s.save())).collect(),
            inputs: game.inputs.iter().zip(&self.inputs_on).map(|(c, on)| (c.name.clone(), *on)).collect(),
            timers: self.timers.iter().map(|t| self.saved_timer(t)).collect(),
            tweens: self.tweens.iter().map(|t| self.saved_tween(t)).collect(),
            modes: self.modes.iter().map(|m| self.saved_mode(m)).collect(),
            random: Some(self.random.state()),
        };
        SaveFile {
            format: FORMAT,
            game: game.name.clone(),
            fingerprint: Fingerprint::of_saved(game),
            world,
            complete: true,
        }
    }

    /// A table's rows as a save holds them: a row whose name and cells are
    /// those the last save of this World made it from is that save's row
    /// again, shared, not made anew (a long game's Seen Positions, saved at
    /// every Move, would be made anew whole each time).
    fn saved_rows(&self, columns: &[Key], t: TableId, table: &Table) -> Vec<Arc<SavedRow>> {
        let mut cache = self.saved_rows.borrow_mut();
        if cache.len() <= t.index() {
            cache.resize_with(t.index() + 1, RowsSaved::default);
        }
        let was = &mut cache[t.index()];
        let width = columns.len();
        let (names, cells) = (table.rows(), table.cells());
        let rows: Vec<Arc<SavedRow>> = (0..table.row_count())
            .map(|r| {
                let own = &cells[r * width..(r + 1) * width];
                if let Some(row) = was.rows.get(r) {
                    if was.names[r] == names[r]
                        && &was.cells[r * width..(r + 1) * width] == own
                        && self.same_texts(row, names[r], own)
                    {
                        return row.clone();
                    }
                }
                let mut saved = Keyed::with_capacity(width);
                for (key, &v) in columns.iter().zip(own) {
                    saved.push(key.clone(), self.cell_of(v));
                }
                Arc::new(SavedRow { name: self.syms.shared_text(names[r]), cells: saved })
            })
            .collect();
        was.names.clear();
        was.names.extend_from_slice(names);
        was.cells.clear();
        was.cells.extend_from_slice(cells);
        was.rows.clone_from(&rows);
        rows
    }

    /// Whether a kept row's texts are this World's texts of the same
    /// symbols: a copy of the World that shares the keeping may have given
    /// a symbol another text since.
    fn same_texts(&self, row: &SavedRow, name: Sym, cells: &[Value]) -> bool {
        let same = |a: &Arc<str>, sym: Sym| self.syms.is_text_of(a, sym);
        same(&row.name, name)
            && row.cells.iter().zip(cells).all(|((_, cell), v)| match (cell, v) {
                (Cell::Text(a), Value::Text(sym)) => same(a, *sym),
                _ => true,
            })
    }

    fn saved_object(&self, keys: &SaveKeys, id: ObjectId, o: &Object) -> SavedObject {
        let game = &self.game;
        let t = &game.types[o.ty.0 as usize];
        let mut fields = Keyed::default();
        for &s in &t.structs {
            let Some(Some(off)) = t.struct_offset.get(s.index()).copied() else { continue };
            let def = &game.structs[s.index()];
            let mut values = Keyed::default();
            for (i, f) in def.fields.iter().enumerate() {
                if f.is_object_name || !game.written.field(s, i) {
                    continue;
                }
                if let Some(&v) = o.fields.get(off as usize + i) {
                    values.push(keys.fields[s.index()][i].clone(), self.cell_of(v));
                }
            }
            if !values.is_empty() {
                fields.push(keys.structs[s.index()].clone(), values);
            }
        }
        SavedObject {
            ty: keys.types[o.ty.0 as usize].clone(),
            name: self.syms.text(o.name).to_string(),
            x: o.x,
            y: o.y,
            fields,
            frame: o.frame,
            alpha: o.alpha,
            tint: color_text(o.tint),
            visible: o.visible,
            text: o.text.map(|s| self.syms.text(s).to_string()),
            text_color: color_text(o.text_color),
            alive: o.alive,
            group: o.group.and_then(|g| keys.groups.get(g.0 as usize)).cloned(),
            picture: o.image.and_then(|im| keys.pictures.get(im.index())).cloned(),
            scale_x: o.scale_x,
            scale_y: o.scale_y,
            off: self
                .disabled
                .iter()
                .filter(|(of, _)| *of == id)
                .filter_map(|(_, c)| game.components.get(c.index()).map(|c| c.name.clone()))
                .collect(),
            button_off: o.button_off,
        }
    }

    fn cell_of(&self, v: Value) -> Cell {
        match v {
            Value::None | Value::ObjType(_) => Cell::Nothing(()),
            Value::Num(n) => Cell::Number(n),
            Value::Bool(b) => Cell::Boolean(b),
            Value::Text(s) => Cell::Text(self.syms.shared_text(s)),
            Value::Color(c) => Cell::Text(color_text(c).into()),
            Value::Obj(id) => Cell::Object { object: id.0 as usize },
        }
    }

    /// A new World of `game` as the save holds it (no Event runs), and what
    /// of the save it dropped or mended, in words. What play never writes (a
    /// table, Global or field no card writes) is the content's, whatever the
    /// save holds; of the rest, what no longer fits the content (a table,
    /// column, Global, Data Structure or field gone, or of another type now)
    /// is dropped and starts as the content says: a saved row keeps its
    /// other cells, and takes a changed column's value from the content's
    /// row of its name (or the column's default). What the save holds that
    /// the content's schemas refuse (a cell of the wrong type, a second row
    /// of a name, rows off a grid, a name of no row) is mended as the load
    /// of the content would refuse it, and told. Err says why the save cannot
    /// be loaded at all: another game's, or one the game cannot go on from
    /// (the scene placed other Objects, or some are missing, an Object type
    /// or the Game State is gone, a grid's rows are missing). The code
    /// libraries' checks ([`SaveCheck`]) are not made: see
    /// [`World::world_from_save`].
    pub fn from_save(game: std::sync::Arc<Game>, save: &SaveFile) -> Result<(World, Vec<String>), String> {
        let syms = game.syms.clone();
        let (world, mut dropped, mended) = World::from_save_with(game, save, syms, None)?;
        dropped.extend(mended);
        Ok((world, dropped))
    }

    /// A new World of this World's game as the save holds it, with this
    /// World's texts and its libraries' checks ([`SaveCheck`]): the World,
    /// what the content changed since dropped, and what did not fit and was
    /// mended (each in words). Err as [`World::from_save`].
    pub fn world_from_save(&self, save: &SaveFile) -> Result<(World, Vec<String>, Vec<String>), String> {
        World::from_save_with(self.game.clone(), save, self.syms.clone(), self.save_check.clone())
    }

    /// [`World::from_save`] with `syms` as the new World's texts: a World's
    /// own (which holds the content's, and those made since), so that a text
    /// it handed out before the load (a call's answer) still reads; and the
    /// libraries' `check`, when there are libraries.
    fn from_save_with(
        game: std::sync::Arc<Game>,
        save: &SaveFile,
        syms: Interner,
        check: Option<Rc<dyn SaveCheck>>,
    ) -> Result<(World, Vec<String>, Vec<String>), String> {
        save.is_of(&game)?;
        let s = &save.world;
        let print = &save.fingerprint;
        let mut notes = Vec::new();
        let mut mended = Vec::new();
        let mut w = World::new(game.clone());
        w.syms = syms;
        w.save_check = check.clone();
        if let Some(state) = s.random {
            w.random = super::Random::seeded(state);
        }
        if s.scene != game.scene.len() {
            return Err(format!(
                "it says the scene placed {} Objects when it was saved, and the scene places {} now (it was saved \
                 with other content, or edited)",
                s.scene,
                game.scene.len()
            ));
        }
        if s.objects.len() < s.scene {
            return Err(format!(
                "it holds {} Objects, and the scene alone places {}: {} of the scene's Objects are missing from it",
                s.objects.len(),
                s.scene,
                s.scene - s.objects.len()
            ));
        }
        for (i, o) in s.objects.iter().enumerate() {
            let Some(&ty) = game.names.types.get(&*o.ty) else {
                return Err(format!(
                    "its Object number {} (`{}`) is a `{}`, and the game has no object type `{}`",
                    i + 1,
                    o.name,
                    o.ty,
                    o.ty
                ));
            };
            if i < s.scene {
                let now = w.objects[i].ty;
                if now != ty {
                    return Err(format!(
                        "the scene's Object number {} was a `{}`, and is a `{}` now",
                        i + 1,
                        o.ty,
                        game.types[now.0 as usize].name
                    ));
                }
            } else {
                w.add_object(ty, EMPTY, o.x, o.y);
            }
        }
        let count = s.objects.len();
        for (name, rows) in &s.tables {
            match game.names.tables.get(name) {
                // The content's: its rows are read from its file.
                Some(&t) if !game.written.table(t) => {}
                Some(&t) => w.restore_table(t, rows, print.tables.get(name), count, &mut notes, &mut mended)?,
                None => note(&mut notes, format!("the table `{name}` is gone: its saved rows were dropped")),
            }
        }
        // A translation's words are the content's, not the game's state.
        for &(t, row, col, words) in &game.translated {
            if let Some(r) = w.tables[t.0 as usize].find(row) {
                *w.tables[t.0 as usize].cell_mut(r, col) = words;
            }
        }
        w.fit_references(&mut mended);
        for (i, o) in s.objects.iter().enumerate() {
            w.restore_object(i, o, count, print, &mut notes, &mut mended)?;
        }
        for (name, cell) in &s.globals {
            let Some(&id) = game.names.globals.get(name) else {
                note(&mut notes, format!("the Global `${name}` is gone: its saved value was dropped"));
                continue;
            };
            let def = &game.globals[id.index()];
            if !game.written.global(id) {
                continue;
            }
            let changed = print.globals.get(name).is_some_and(|was| was != def.ty.name());
            match w.value_of(cell, def.ty, count) {
                Ok(v) if !changed => w.globals[id.index()] = v,
                Err(e) if !changed => note(
                    &mut mended,
                    format!(
                        "the Global `${name}` holds {}: it keeps the content's value, {}",
                        misfit(cell, def.ty, &e),
                        quoted(w.globals[id.index()], &w.syms)
                    ),
                ),
                _ => note(
                    &mut notes,
                    format!("the Global `${name}` is a {} now: its saved value was dropped", def.ty.name()),
                ),
            }
        }
        w.state = match game.states.iter().position(|st| *st == s.state) {
            Some(i) => i as u16,
            None => return Err(format!("the Game State `{}` is gone", s.state)),
        };
        for (name, shown) in &s.groups {
            match game.groups.iter().position(|(n, _)| n == name) {
                Some(i) => w.groups[i] = *shown,
                None => note(&mut notes, format!("the UI Group `{name}` is gone")),
            }
        }
        for (name, on) in &s.inputs {
            match game.names.contexts.get(name) {
                Some(c) => w.inputs_on[c.0 as usize] = *on,
                None => note(&mut notes, format!("the Input Context `{name}` is gone")),
            }
        }
        if !s.time.is_finite() || s.time < 0.0 {
            note(
                &mut mended,
                format!("its clock's time is {}, not a time the game can be at: it was set to 0", s.time),
            );
        } else {
            w.time = s.time;
        }
        w.restore_clock(s)?;
        w.libraries = s
            .libraries
            .iter()
            .map(|(key, saved)| {
                Box::new(SavedLibraryState { key: key.clone(), saved: saved.clone() }) as Box<dyn LibraryState>
            })
            .collect();
        if let Some(check) = check {
            check.fit_save(&mut w, &mut mended)?;
        }
        Ok((w, notes, mended))
    }

    /// A table play writes, as the save holds it (`columns`: its columns'
    /// types when it was saved). A column that is gone, or changed its type,
    /// is dropped (each row takes the content's value there, as a new
    /// column's). What the content's schema refuses is mended and told in
    /// `mended`: a cell missing or of the wrong type takes the content's
    /// value (its row of that name's, or the column's default); a second row
    /// of a name is dropped; a table laid out on a grid (`Game::grids`)
    /// keeps the grid's rows, as the load holds the content's to it
    /// ([`GridLayout::mistakes`]): rows past the grid's are dropped, a wrong
    /// count on an axis set back, a row named otherwise than the content's
    /// row there named as it; a grid that lacks rows cannot be played (Err).
    fn restore_table(
        &mut self,
        t: TableId,
        rows: &[Arc<SavedRow>],
        columns: Option<&BTreeMap<String, String>>,
        count: usize,
        notes: &mut Vec<String>,
        mended: &mut Vec<String>,
    ) -> Result<(), String> {
        let game = self.game.clone();
        let def = &game.tables[t.index()];
        // Whether each column's saved cells are read: it was saved, with the type it has now.
        let read: Vec<bool> = (def.columns.iter())
            .map(|col| match columns {
                Some(cols) => cols.get(&col.name).is_some_and(|ty| ty == col.ty.name()),
                // A save that does not say: read them, each checked as it is read.
                None => rows.iter().all(|r| r.cells.contains_key(&col.name)),
            })
            .collect();
        for (col, &read) in def.columns.iter().zip(&read) {
            if let Some(was) = columns.and_then(|c| c.get(&col.name)).filter(|_| !read) {
                note(
                    notes,
                    format!(
                        "the column `{}` of the table `{}` was a {was} and is a {} now: its saved values were dropped",
                        col.name,
                        def.name,
                        col.ty.name()
                    ),
                );
            }
        }
        let saved_columns = (columns.into_iter().flat_map(|c| c.keys().map(String::as_str)))
            .chain(rows.iter().flat_map(|r| r.cells.keys().map(|k| &**k)));
        for gone in saved_columns.filter(|c| def.columns.iter().all(|col| col.name != *c)) {
            note(
                notes,
                format!("the table `{}` has no column `{gone}` any more: its saved values were dropped", def.name),
            );
        }
        let width = def.columns.len();
        let mut names = Vec::with_capacity(rows.len());
        let mut cells = Vec::with_capacity(rows.len() * width);
        let mut seen: HashMap<&str, usize> = HashMap::with_capacity(rows.len());
        for (at, row) in rows.iter().enumerate() {
            if let Some(first) = seen.insert(&row.name, at) {
                seen.insert(&row.name, first);
                note(
                    mended,
                    format!(
                        "the table `{}` has a second row named `{}` (rows {} and {} of the save): the second was dropped",
                        def.name,
                        row.name,
                        first + 1,
                        at + 1
                    ),
                );
                continue;
            }
            let name = self.syms.intern(&row.name);
            names.push(name);
            // The content's row of that name, for the columns not read (looked for only then).
            let own = || def.rows.iter().position(|r| *r == name);
            for (c, col) in def.columns.iter().enumerate() {
                let content = || own().and_then(|r| def.cells.get(r * width + c)).copied().unwrap_or(col.default);
                let v = match (read[c], row.cells.get(&col.name)) {
                    (false, _) => content(),
                    (true, Some(cell)) => match self.value_of(cell, col.ty, count) {
                        Ok(v) => v,
                        Err(e) => {
                            let v = content();
                            note(
                                mended,
                                format!(
                                    "the table `{}`, row `{}`, column `{}` holds {}: it was set to the content's value, {}",
                                    def.name,
                                    row.name,
                                    col.name,
                                    misfit(cell, col.ty, &e),
                                    quoted(v, &self.syms)
                                ),
                            );
                            v
                        }
                    },
                    (true, None) => {
                        let v = content();
                        note(
                            mended,
                            format!(
                                "the table `{}`, row `{}`, has no cell `{}`: it was set to the content's value, {}",
                                def.name,
                                row.name,
                                col.name,
                                quoted(v, &self.syms)
                            ),
                        );
                        v
                    }
                };
                cells.push(v);
            }
        }
        if let Some(grid) = game.grids.iter().find(|g| g.table == t) {
            self.fit_grid(grid, &mut names, &mut cells, mended)?;
        }
        self.tables[t.index()].set_rows(names, cells);
        Ok(())
    }

    /// A saved table laid out on a grid held to it, as the load holds the
    /// content's rows ([`GridLayout::mistakes`]); see [`World::restore_table`].
    fn fit_grid(
        &mut self,
        grid: &GridLayout,
        names: &mut Vec<crate::value::Sym>,
        cells: &mut Vec<Value>,
        mended: &mut Vec<String>,
    ) -> Result<(), String> {
        let game = self.game.clone();
        let def = &game.tables[grid.table.index()];
        let width = def.columns.len();
        let want = grid.rows();
        let row_name = |names: &[crate::value::Sym], syms: &Interner, r: usize| syms.text(names[r]).to_string();
        if names.len() < want {
            let m = GridMistake::Rows { have: names.len() };
            return Err(format!(
                "{} (`rows laid out by: {}`), and a row of the grid cannot be made up",
                grid.words(m, &def.name, |r| row_name(names, &self.syms, r), &self.syms),
                grid.sizes
            ));
        }
        if names.len() > want {
            let m = GridMistake::Rows { have: names.len() };
            let past: Vec<String> = names[want..].iter().take(4).map(|&n| format!("`{}`", self.syms.text(n))).collect();
            let more = if names.len() - want > past.len() { ", ..." } else { "" };
            note(
                mended,
                format!(
                    "{} (`rows laid out by: {}`): the rows past the {want}th ({}{more}) were dropped",
                    grid.words(m, &def.name, |r| row_name(names, &self.syms, r), &self.syms),
                    grid.sizes,
                    past.join(", ")
                ),
            );
            names.truncate(want);
            cells.truncate(want * width);
        }
        for m in grid.mistakes(want, |r, c| cells[r * width + c.index()]) {
            let GridMistake::Cell { row, axis, .. } = m else { continue };
            let value = grid.value(row, axis);
            let words = grid.words(m, &def.name, |r| row_name(names, &self.syms, r), &self.syms);
            note(mended, format!("in the table `{}`, {words}: it was set to {value}", def.name));
            cells[row * width + grid.axes[axis].column.index()] = Value::Num(value as f64);
        }
        // The grid's rows are the content's, row for row (the load checked those).
        if def.rows.len() == want {
            for (r, name) in names.iter_mut().enumerate() {
                if *name != def.rows[r] {
                    note(
                        mended,
                        format!(
                            "the table `{}` has a row `{}` where the grid's row {} is `{}` ({}): it was named `{}`",
                            def.name,
                            self.syms.text(*name),
                            r + 1,
                            game.syms.text(def.rows[r]),
                            grid.shape(),
                            game.syms.text(def.rows[r]),
                        ),
                    );
                    *name = def.rows[r];
                }
            }
        }
        Ok(())
    }

    /// Each saved row of a table play writes that names a row another table
    /// does not have (its schema's `refers to`: a Kind renamed in Kinds, a
    /// saved Position naming the old name, a name edited by hand) starts as
    /// the content's row of its name, or is dropped when the content has
    /// none; told once for each name, with the first row that named it.
    fn fit_references(&mut self, notes: &mut Vec<String>) {
        let game = self.game.clone();
        for r in game.references.iter().filter(|r| game.written.table(r.table)) {
            let (t, def) = (r.table.index(), &game.tables[r.table.index()]);
            // Each name of no row: the first row that named it, and how many rows did.
            let mut told: Vec<(crate::value::Sym, String, usize)> = Vec::new();
            let mut row = 0;
            while row < self.tables[t].row_count() {
                let name = self.tables[t].rows()[row];
                let named = match r.column {
                    Some(c) => self.tables[t].cell(row, c),
                    None => Value::Text(name),
                };
                let gone = match named {
                    Value::Text(s) if s == EMPTY && r.may_be_empty => None,
                    Value::Text(s) => self.tables[r.to.index()].find(s).is_none().then_some(s),
                    _ => None,
                };
                let Some(gone) = gone else {
                    row += 1;
                    continue;
                };
                match told.iter_mut().find(|(g, _, _)| *g == gone) {
                    Some((_, _, n)) => *n += 1,
                    None => told.push((gone, self.syms.text(name).to_string(), 1)),
                }
                let width = def.columns.len();
                match def.rows.iter().position(|&n| n == name) {
                    Some(own) => {
                        for c in 0..width {
                            let v = def.cells.get(own * width + c).copied().unwrap_or(def.columns[c].default);
                            *self.tables[t].cell_mut(row, ColumnId(c as u16)) = v;
                        }
                        row += 1;
                    }
                    None => self.tables[t].remove_row(row),
                }
            }
            let column = r.column.map_or("their names".to_string(), |c| format!("`{}`", def.columns[c.index()].name));
            for (gone, first, n) in told {
                let (rows, each) = match n {
                    1 => (format!("the row `{first}` names"), "it starts"),
                    _ => (format!("{n} rows, the first `{first}`, name"), "each starts"),
                };
                note(
                    notes,
                    format!(
                        "in the table `{}`, {rows} `{}` ({column}), which is no row of the table `{}`: {each} as the \
                         content's row of its name, or is dropped where the content has none",
                        def.name,
                        self.syms.text(gone),
                        game.tables[r.to.index()].name
                    ),
                );
            }
        }
    }

    /// Object number `i` as the save holds it (it is made already, its
    /// fields as the scene places it or its type makes it): the fields play
    /// writes are the save's, where they still fit.
    fn restore_object(
        &mut self,
        i: usize,
        o: &SavedObject,
        count: usize,
        print: &Fingerprint,
        notes: &mut Vec<String>,
        mended: &mut Vec<String>,
    ) -> Result<(), String> {
        let game = self.game.clone();
        let t = &game.types[self.objects[i].ty.0 as usize];
        let what = || format!("the Object number {} (`{}`, a `{}`)", i + 1, o.name, o.ty);
        let mut color = |text: &str, which: &str, now: u32| match parse_color(text) {
            Some(c) => c,
            None => {
                note(mended, format!("{}: its {which} `{text}` is not a color: it keeps #{now:08X}", what()));
                now
            }
        };
        let tint = color(&o.tint, "tint", self.objects[i].tint);
        let text_color = color(&o.text_color, "text color", self.objects[i].text_color);
        let group = match &o.group {
            None => None,
            Some(g) => match game.groups.iter().position(|(n, _)| **n == **g) {
                Some(at) => Some(GroupId(at as u16)),
                None => return Err(format!("the UI Group `{g}` is gone")),
            },
        };
        let mut fields = self.objects[i].fields.clone();
        for (sname, values) in &o.fields {
            let Some(&s) = game.names.structs.get(&**sname) else {
                note(notes, format!("the Data Structure `{sname}` is gone: its saved values were dropped"));
                continue;
            };
            let Some(Some(off)) = t.struct_offset.get(s.index()).copied() else {
                note(
                    notes,
                    format!("the Data Structure `{sname}` is gone from `{}`: its saved values were dropped", t.name),
                );
                continue;
            };
            let def = &game.structs[s.index()];
            let was = print.structures.get(&**sname);
            for (fname, cell) in values {
                let Some(f) = def.fields.iter().position(|fd| *fd.name == **fname) else {
                    note(notes, format!("the Data Structure `{sname}` has no field `{fname}` any more: its saved values were dropped"));
                    continue;
                };
                let field = &def.fields[f];
                if !game.written.field(s, f) || field.is_object_name {
                    continue;
                }
                let changed = was.and_then(|w| w.get(&**fname)).is_some_and(|ty| ty != field.ty.name());
                let now = fields.get(off as usize + f).copied().unwrap_or(field.default);
                let v = match self.value_of(cell, field.ty, count) {
                    Ok(v) if !changed => v,
                    // Of the type the save says, yet not that type's value: the file is wrong, not the content.
                    Err(e) if was.is_some_and(|w| w.contains_key(&**fname)) && !changed => {
                        note(
                            mended,
                            format!(
                                "{}, the field `{fname}` of its {sname} holds {}: it keeps the game's value, {}",
                                what(),
                                misfit(cell, field.ty, &e),
                                quoted(now, &self.syms)
                            ),
                        );
                        continue;
                    }
                    _ => {
                        note(notes, format!(
                            "the field `{fname}` of the Data Structure `{sname}` is a {} now: its saved values were dropped",
                            field.ty.name()
                        ));
                        continue;
                    }
                };
                // A field that names a row of a table (`refers to`) names one the World has.
                if let (Some(&(table, may_be_empty)), Value::Text(named)) =
                    (game.field_references.get(&(s.0, f as u16)), v)
                {
                    if !(named == EMPTY && may_be_empty) && self.tables[table.index()].find(named).is_none() {
                        note(
                            mended,
                            format!(
                                "{}, the field `{fname}` of its {sname} names `{}`, which is no row of the table `{}`: \
                                 it keeps the game's value, {}",
                                what(),
                                self.syms.text(named),
                                game.tables[table.index()].name,
                                quoted(now, &self.syms)
                            ),
                        );
                        continue;
                    }
                }
                if let Some(slot) = fields.get_mut(off as usize + f) {
                    *slot = v;
                }
            }
        }
        let image = match &o.picture {
            None => None,
            Some(p) => match game.syms.get(p).and_then(|sym| game.pictures.get(&sym)) {
                Some(&im) => Some(im),
                None => return Err(format!("{}: the picture `{p}` is gone", what())),
            },
        };
        for c in &o.off {
            let Some(&comp) = game.names.components.get(c) else {
                return Err(format!("the Logic Component `{c}` is gone"));
            };
            self.disabled.push((ObjectId(i as u32), comp));
        }
        let name = self.syms.intern(&o.name);
        let text = o.text.as_deref().map(|s| self.syms.intern(s));
        let obj = &mut self.objects[i];
        obj.name = name;
        obj.x = o.x;
        obj.y = o.y;
        obj.fields = fields;
        obj.frame = o.frame;
        obj.alpha = o.alpha;
        obj.tint = tint;
        obj.visible = o.visible;
        obj.text = text;
        obj.text_color = text_color;
        obj.alive = o.alive;
        obj.group = group;
        obj.image = image;
        obj.scale_x = o.scale_x;
        obj.scale_y = o.scale_y;
        obj.button_off = o.button_off;
        Ok(())
    }

    /// A saved value as a value of the type its column, field or Global declares.
    fn value_of(&mut self, cell: &Cell, ty: Type, objects: usize) -> Result<Value, String> {
        Ok(match (ty, cell) {
            (Type::Number, Cell::Number(n)) => Value::Num(*n),
            (Type::Text, Cell::Text(s)) => Value::Text(self.syms.intern(s)),
            (Type::Boolean, Cell::Boolean(b)) => Value::Bool(*b),
            (Type::Color, Cell::Text(s)) => match parse_color(s) {
                Some(c) => Value::Color(c),
                None => return Err(format!("`{s}` is not a color")),
            },
            (Type::Object | Type::ObjectType, Cell::Nothing(())) => Value::None,
            (Type::Object, Cell::Object { object }) if *object < objects => Value::Obj(ObjectId(*object as u32)),
            (Type::Object, Cell::Object { object }) => {
                return Err(format!("Object number {} is not in the save (it holds {objects})", object + 1))
            }
            (ty, cell) => return Err(format!("expected a {}, found {}", ty.name(), cell.kind())),
        })
    }

    /// Another store for this World (and the snapshots taken from now on);
    /// what its files made the player be told joins the notices.
    pub fn use_store(&mut self, store: Rc<Store>) {
        self.notices.extend(store.take_notices());
        self.store = store;
    }

    /// What the store has to tell the player since last asked (a write of
    /// its writer's thread that failed) joins the notices. The driver asks
    /// at every command, the window at every frame.
    pub fn take_store_notices(&mut self) {
        self.notices.extend(self.store.take_notices());
    }

    /// Saves the World in a slot: the save is made now (`to_save`) and
    /// handed to the store, which writes a folder's file on its own thread;
    /// a load, or `has saved game`, sees it at once. Err says why it could
    /// not be (also told as a notice when the files failed). A write that
    /// fails on the writer's thread is told later, as a notice.
    pub fn save_game(&mut self, slot: &str) -> Result<(), String> {
        check_slot(slot)?;
        if self.dropping_saves {
            return Ok(());
        }
        if self.held_saves.is_some() {
            let save = self.to_save();
            let held = self.held_saves.get_or_insert_with(Vec::new);
            held.retain(|(s, _)| s != slot);
            held.push((slot.to_string(), save));
            return Ok(());
        }
        match self.store.put_save(slot, self.to_save()) {
            Ok(()) => Ok(()),
            Err(notice) => {
                self.notices.push(notice.clone());
                Err(notice)
            }
        }
    }

    /// From now on the saves the cards make wait in the World (and in
    /// every copy of it taken meanwhile) until [`World::release_saves`]: a
    /// copy put back in the World's place drops those made since it was
    /// taken.
    pub fn hold_saves(&mut self) {
        self.held_saves.get_or_insert_with(Vec::new);
    }

    /// From now on the saves the cards make are dropped unmade: this World
    /// is a rehearsal, thrown away whole, whose saves no one would read.
    pub fn drop_saves(&mut self) {
        self.dropping_saves = true;
    }

    /// Hands the saves held since [`World::hold_saves`] to the store, in the
    /// order they were made, and saves at once again.
    pub fn release_saves(&mut self) {
        for (slot, save) in self.held_saves.take().unwrap_or_default() {
            if let Err(notice) = self.store.put_save(&slot, save) {
                self.notices.push(notice);
            }
        }
    }

    /// `has saved game: SLOT`: whether a load of the slot would bring a game
    /// back. A slot whose file cannot be read as a save of this game is
    /// treated as a load treats it: the file is moved aside, the player is
    /// told, and the answer is no.
    pub fn has_saved_game(&mut self, slot: &str) -> bool {
        self.store.has_slot(slot) && self.saved_game(slot).is_ok()
    }

    /// The World a slot's save holds, read into a new World of this game
    /// (what of the save it dropped waits in its notices). Err says why there is none: the slot is empty, or its file cannot be
    /// read or does not fit the game, in which case the file is moved aside
    /// and a notice tells the player so.
    pub fn saved_game(&mut self, slot: &str) -> Result<World, String> {
        check_slot(slot)?;
        let name = Store::slot_file(slot);
        let read = match self.store.get_save(slot) {
            Ok(None) => return Err(format!("the slot `{slot}` holds no saved game")),
            Ok(Some(save)) => Ok(save),
            Err(why) => Err(why),
        };
        let why =
            match read.and_then(|save| self.world_from_save(&save)) {
                Ok((mut world, dropped, mended)) => {
                    // Told once the load is made (`take_over` keeps them).
                    world.notices.extend(dropped.iter().map(|d| {
                        format!("The saved game `{slot}` was loaded, but the game's content changed since: {d}.")
                    }));
                    let file = self.store.shown(&name);
                    let shown = mended.len().min(MENDS_TOLD);
                    world.notices.extend(mended[..shown].iter().map(|m| {
                        format!("The saved game `{slot}` was loaded, but not all of {file} fits the game: {m}.")
                    }));
                    let more = mended.len() - shown;
                    if more > 0 {
                        let parts = match more {
                            1 => "1 more part of it was".to_string(),
                            _ => format!("{more} more parts of it were"),
                        };
                        world.notices.push(format!(
                            "The saved game `{slot}` was loaded, but not all of {file} fits the game: {parts} mended \
                             or dropped as these were."
                        ));
                    }
                    return Ok(world);
                }
                Err(why) => why,
            };
        let notice = match self.store.move_aside(&name) {
            Ok(to) => format!(
                "The saved game `{slot}` could not be loaded: {why}. The file was moved aside to {}, and the game goes \
                 on without it.",
                self.store.shown(&to)
            ),
            Err(e) => format!(
                "The saved game `{slot}` could not be loaded: {why}. It could not be moved aside either ({}).",
                self.store.io_failure(&name, &e)
            ),
        };
        self.notices.push(notice);
        Err(why)
    }

    /// Becomes `loaded` (a saved game brought back), keeping what is not the
    /// game's: the faults and notices so far (then the loaded World's own), the store, the step budget, the
    /// answer of the call that asked for the load.
    pub(crate) fn take_over(&mut self, mut loaded: World) {
        loaded.ret = std::mem::take(&mut self.ret);
        loaded.faults = std::mem::take(&mut self.faults);
        let told = std::mem::take(&mut loaded.notices);
        loaded.notices = std::mem::take(&mut self.notices);
        loaded.notices.extend(told);
        loaded.store = self.store.clone();
        loaded.clipboard = self.clipboard.clone();
        loaded.sounds = std::mem::take(&mut self.sounds);
        loaded.documents = self.documents.take();
        loaded.step_budget = self.step_budget;
        loaded.steps_left = self.steps_left;
        loaded.holding = self.holding;
        loaded.held_saves = self.held_saves.take();
        loaded.dropping_saves = self.dropping_saves;
        loaded.set_reduced_motion(self.reduced_motion);
        loaded.host_off = std::mem::take(&mut self.host_off);
        loaded.trace = self.trace.take();
        loaded.save_check = self.save_check.clone();
        *self = loaded;
    }
}

/// How many of the mends of one load are told each in a notice of its own
/// (then one notice counts the rest): a file edited all over tells a few.
pub const MENDS_TOLD: usize = 12;

/// Adds a note of what a load dropped, once.
fn note(notes: &mut Vec<String>, text: String) {
    if !notes.contains(&text) {
        notes.push(text);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_color_is_written_as_the_formatter_writes_it() {
        for c in [0, 0xFFFF_FFFF, 0x0123_4567, 0x89AB_CDEF, 0xF0F0_0A0A] {
            assert_eq!(super::color_text(c), format!("#{c:08X}"));
        }
    }
}
