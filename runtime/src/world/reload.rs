//! A World carried over to new content (the folder changed while playing:
//! `reload` in the driver, `--watch` in the window), through the save
//! format: the World as a save, its tables fitted to the new files, then
//! read back as a load reads any save (`World::from_save`: what no longer
//! fits starts as the new content starts it, and is told).

use super::*;
use crate::save::{Fingerprint, SavedRow};
use std::collections::BTreeMap;

/// A table's rows as a save holds them, by table name.
type Rows = BTreeMap<String, Vec<SavedRow>>;

impl World {
    /// This World carried over to `game` (the same folder, read again), and
    /// what could not be kept, in words. A table play writes keeps its rows
    /// when its file did not change, and starts from its new file when it
    /// did; everything else is as a load of the World's save makes it
    /// (`World::from_save`): what play never writes is the new content's,
    /// and what no longer fits is dropped. Err says why the game cannot go
    /// on at all (the scene places other Objects, an Object type or the Game
    /// State is gone): the caller starts the new game afresh. No Event runs.
    pub fn reloaded(&self, game: Rc<Game>) -> Result<(World, Vec<String>), String> {
        let mut notes = Vec::new();
        let mut save = self.to_save();
        let old_start = World::new(self.game.clone()).to_save().world.tables;
        let new_start = World::new(game.clone()).to_save().world.tables;
        let (old_print, new_print) = (Fingerprint::of(&self.game), Fingerprint::of(&game));
        save.world.tables = fit_tables(&save.world.tables, &old_start, &new_start, &old_print, &new_print, &mut notes);
        // Their rows are the new files' now: read with the new columns.
        for name in save.world.tables.keys() {
            if let Some(cols) = new_print.tables.get(name) {
                save.fingerprint.tables.insert(name.clone(), cols.clone());
            }
        }
        for (name, fields) in &new_print.structures {
            let was = old_print.structures.get(name);
            for field in fields.keys().filter(|f| was.is_some_and(|w| !w.contains_key(*f))) {
                notes.push(format!(
                    "the Data Structure `{name}` has a new field `{field}`: it starts as the content says"
                ));
            }
        }
        save.game = game.name.clone();
        let (world, dropped) = World::from_save(game, &save)?;
        notes.extend(dropped);
        Ok((world, notes))
    }
}

/// Each table the new content's cards write: the World's rows when its
/// file did not change (same columns, same rows as the old content started
/// with), else the rows its new file starts with (told when the World's rows
/// differed from those its old file started with: changes made while
/// playing are lost).
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
