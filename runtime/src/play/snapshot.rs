//! A position taken and taken back: what play may change (`Game::written`:
//! the tables the cards write, their rows and cells; the Globals; the
//! Objects' Data Structure fields), the Game State and the cards'
//! generator. Kept in buffers reused from one take to the next, so that
//! a search allocates nothing per node once each buffer has grown.

use crate::game::Game;
use crate::value::{Sym, Value};
use crate::world::{Random, World};

#[derive(Default)]
pub struct Snapshot {
    /// Each written table: its index, rows and cells.
    tables: Vec<(usize, Vec<Sym>, Vec<Value>)>,
    globals: Vec<Value>,
    /// Each Object that carries a written field: its index and fields.
    fields: Vec<(usize, Vec<Value>)>,
    state: u16,
    random: Option<Random>,
}

impl Snapshot {
    /// Takes `world`'s position into this snapshot, reusing its buffers.
    pub fn take(&mut self, world: &World) {
        let game: &Game = &world.game;
        let written = &game.written;
        let tables = world.tables.iter().enumerate().filter(|(i, _)| written.tables.get(*i).copied().unwrap_or(false));
        let mut n = 0;
        for (i, table) in tables {
            if self.tables.len() == n {
                self.tables.push((i, Vec::new(), Vec::new()));
            }
            let (at, rows, cells) = &mut self.tables[n];
            *at = i;
            rows.clear();
            rows.extend_from_slice(table.rows());
            cells.clear();
            cells.extend_from_slice(table.cells());
            n += 1;
        }
        self.tables.truncate(n);
        self.globals.clear();
        self.globals.extend_from_slice(&world.globals);
        let mut n = 0;
        for (i, object) in world.objects.iter().enumerate() {
            let ty = &game.types[object.ty.0 as usize];
            let carries_written =
                ty.structs.iter().any(|s| written.fields.get(s.index()).is_some_and(|f| f.contains(&true)));
            if !carries_written {
                continue;
            }
            if self.fields.len() == n {
                self.fields.push((i, Vec::new()));
            }
            let (at, fields) = &mut self.fields[n];
            *at = i;
            fields.clear();
            fields.extend_from_slice(&object.fields);
            n += 1;
        }
        self.fields.truncate(n);
        self.state = world.state;
        self.random = Some(world.random);
    }

    /// Puts the position taken back into `world` (the World it was taken from).
    pub fn restore(&self, world: &mut World) {
        for (i, rows, cells) in &self.tables {
            if let Some(t) = world.tables.get_mut(*i) {
                t.copy_rows_from(rows, cells);
            }
        }
        world.globals.clear();
        world.globals.extend_from_slice(&self.globals);
        for (i, fields) in &self.fields {
            if let Some(o) = world.objects.get_mut(*i) {
                o.fields.clear();
                o.fields.extend_from_slice(fields);
            }
        }
        world.state = self.state;
        if let Some(random) = self.random {
            world.random = random;
        }
    }
}
