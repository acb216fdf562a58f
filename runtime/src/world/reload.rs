//! A World carried over to new content (the folder changed while playing:
//! `reload` in the driver, `--watch` in the window), through the save
//! format: the World as a save, fitted to the new content (what no longer
//! fits starts as the new content starts it, and is told), read back.

use super::*;
use crate::save::{Cell, Fingerprint, SavedRow};
use crate::value::Type;
use std::collections::BTreeMap;

/// A table's rows as a save holds them, by table name.
type Rows = BTreeMap<String, Vec<SavedRow>>;

impl World {
    /// This World carried over to `game` (the same folder, read again), and
    /// what could not be kept, in words. A table whose file changed starts
    /// from its new file; one whose file did not change keeps its rows.
    /// Globals, Data Structure fields and Input Contexts that are gone, or
    /// whose type changed, are dropped (a new one starts as the content
    /// says). Err says why the game cannot go on at all (the scene places
    /// other Objects, an Object type or the Game State is gone): the caller
    /// starts the new game afresh. No Event runs.
    pub fn reloaded(&self, game: Rc<Game>) -> Result<(World, Vec<String>), String> {
        let mut notes = Vec::new();
        let mut save = self.to_save();
        let old_start = World::new(self.game.clone()).to_save().world.tables;
        let new_start = World::new(game.clone()).to_save().world.tables;
        let (old_print, new_print) = (Fingerprint::of(&self.game), Fingerprint::of(&game));
        save.world.tables = fit_tables(&save.world.tables, &old_start, &new_start, &old_print, &new_print, &mut notes);
        save.world.globals.retain(|name, cell| {
            let fits = game.names.globals.get(name).is_some_and(|id| cell_fits(cell, game.globals[id.index()].ty));
            if !fits {
                notes.push(format!("the Global `${name}` is gone or changed its type: it starts as the content says"));
            }
            fits
        });
        let mut told = Vec::new();
        for o in &mut save.world.objects {
            for (sname, values) in &mut o.fields {
                let now = new_print.structures.get(sname);
                let was = old_print.structures.get(sname);
                values.retain(|f, _| {
                    now.and_then(|n| n.get(f)).is_some() && now.and_then(|n| n.get(f)) == was.and_then(|w| w.get(f))
                });
                if now != was && !told.contains(sname) {
                    notes.push(format!(
                        "the Data Structure `{sname}` changed: its changed fields start as the content says"
                    ));
                    told.push(sname.clone());
                }
            }
            o.fields.retain(|sname, _| {
                let carried = game.names.types.get(&o.ty).zip(game.names.structs.get(sname)).is_some_and(|(t, s)| {
                    game.types[t.0 as usize].struct_offset.get(s.index()).is_some_and(|off| off.is_some())
                });
                if !carried && !told.contains(sname) {
                    notes
                        .push(format!("the Data Structure `{sname}` is gone from `{}`: its values were dropped", o.ty));
                    told.push(sname.clone());
                }
                carried
            });
        }
        save.world.inputs.retain(|name, _| game.names.contexts.contains_key(name));
        save.world.groups.retain(|name, _| game.groups.iter().any(|(n, _)| n == name));
        save.fingerprint = new_print;
        save.game = game.name.clone();
        let world = World::from_save(game, &save)?;
        Ok((world, notes))
    }
}

/// Each table of the new content: the World's rows when its file did not
/// change (same columns, same rows as the old content started with), else
/// the rows its new file starts with (told when the World's rows differed
/// from those its old file started with: changes made while playing are lost).
fn fit_tables(
    saved: &Rows,
    old_start: &Rows,
    new_start: &Rows,
    was: &Fingerprint,
    now: &Fingerprint,
    notes: &mut Vec<String>,
) -> Rows {
    let mut out = Rows::new();
    for (name, fresh) in new_start {
        let same_file = was.tables.get(name) == now.tables.get(name) && old_start.get(name) == Some(fresh);
        let rows = match saved.get(name) {
            Some(rows) if same_file => rows.clone(),
            Some(rows) => {
                if old_start.get(name) != Some(rows) {
                    notes.push(format!(
                        "the table `{name}` changed on disk: it starts again from its file (the changes made while playing are lost)"
                    ));
                }
                fresh.clone()
            }
            None => fresh.clone(),
        };
        out.insert(name.clone(), rows);
    }
    out
}

/// Whether a saved value can be read as a value of `ty` (an Object's number
/// is checked when it is read).
fn cell_fits(cell: &Cell, ty: Type) -> bool {
    matches!(
        (ty, cell),
        (Type::Number, Cell::Number(_))
            | (Type::Text, Cell::Text(_))
            | (Type::Boolean, Cell::Boolean(_))
            | (Type::Color, Cell::Text(_))
            | (Type::Object | Type::ObjectType, Cell::Nothing(()))
            | (Type::Object, Cell::Object { .. })
    )
}
