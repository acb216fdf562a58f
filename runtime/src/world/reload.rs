//! A World carried over to new content (the folder changed while playing:
//! `reload` in the driver, `--watch` in the window), through the save
//! format: the World as a save, its tables fitted to the new files, then
//! read back as a load reads any save (`World::from_save`: what no longer
//! fits starts as the new content starts it, and is told).

use super::World;
use crate::game::Game;
use crate::save::{Fingerprint, SavedRow};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A table's rows as a save holds them, by table name.
type Rows = BTreeMap<String, Vec<Arc<SavedRow>>>;

impl World {
    /// This World carried over to `game` (the same folder, read again), and
    /// what could not be kept, in words. A table play writes keeps its rows
    /// when the rows its file starts with did not change, or when play had
    /// changed them (the game's other tables were written along with them,
    /// and would no longer agree with the new ones: the new file's rows are
    /// the next new game's, and a note says so); it starts from its new file
    /// when play had not changed it. Everything else is as a load of the
    /// World's save makes it (`World::from_save`): what play never writes is
    /// the new content's, and what no longer fits is dropped. Err says why
    /// the game cannot go on at all (the scene places other Objects, an
    /// Object type or the Game State is gone): the caller starts the new
    /// game afresh. No Event runs.
    pub fn reloaded(&self, game: std::sync::Arc<Game>) -> Result<(World, Vec<String>), String> {
        let mut notes = Vec::new();
        let mut save = self.to_save();
        let old_start = World::new(self.game.clone()).to_save().world.tables;
        let new_start = World::new(game.clone()).to_save().world.tables;
        let (old_print, new_print) = (Fingerprint::of(&self.game), Fingerprint::of(&game));
        let (tables, from_files) = fit_tables(&save.world.tables, &old_start, &new_start, &mut notes);
        save.world.tables = tables;
        // Their rows are the new files' now: read with the new columns. The
        // rows kept keep the old columns, which the load fits.
        for name in &from_files {
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

/// Each table the new content's cards write: the World's rows when the
/// rows its file starts with did not change (a column added or gone is
/// fitted as a load fits it), or when play had changed them (what play
/// wrote beside them, another table or a field, was written to agree with
/// them: a chess game's Move History with its Position; the new file's rows
/// are the next new game's, which a note says); else the rows its new file
/// starts with. With the rows, the names of the tables whose rows are their
/// new files'.
fn fit_tables(saved: &Rows, old_start: &Rows, new_start: &Rows, notes: &mut Vec<String>) -> (Rows, Vec<String>) {
    let mut out = Rows::new();
    let mut from_files = Vec::new();
    for (name, fresh) in new_start {
        let was = old_start.get(name);
        let rows = match saved.get(name) {
            Some(rows) if was.is_some_and(|was| same_start(was, fresh)) => rows.clone(),
            Some(rows) if was != Some(rows) => {
                notes.push(format!(
                    "the table `{name}` starts with other rows in its file now: the game goes on with the rows it had, and a new game starts from the file's"
                ));
                rows.clone()
            }
            _ => {
                from_files.push(name.clone());
                fresh.clone()
            }
        };
        out.insert(name.clone(), rows);
    }
    (out, from_files)
}

/// Whether two files start a table with the same rows: the same names in
/// the same order, and the same cells in every column both have.
fn same_start(was: &[Arc<SavedRow>], now: &[Arc<SavedRow>]) -> bool {
    was.len() == now.len()
        && was.iter().zip(now).all(|(a, b)| {
            a.name == b.name && a.cells.iter().all(|(col, cell)| b.cells.get(col).is_none_or(|c| c == cell))
        })
}
