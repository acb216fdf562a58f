//! What the loader notes while it loads, for the messages of the steps that
//! come after: which files did not load (so that what names them is not
//! reported again) and where some values were written. The load pipeline
//! (`load/mod.rs`) owns it and hands it to the steps that need it; it is no
//! part of the [`Game`](crate::game::Game), and is dropped once loaded.

use crate::ids::{ColumnId, TableId, TypeId};
use crate::source::diag::Pos;
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

#[derive(Default)]
pub struct LoadScratch {
    /// Logic cards whose file did not load, by file name and by the name the
    /// file gives them: already reported, so calls to them and object types
    /// that name them are not reported again.
    pub broken_cards: HashSet<String>,
    /// Tables whose schema did not load, named as `broken_cards` are.
    pub broken_tables: HashSet<String>,
    /// Object types whose file did not load, named as `broken_cards` are.
    pub broken_types: HashSet<String>,
    /// game.yaml did not load (already reported): every Global, Custom
    /// Event, Game State and UI Group is unknown, and not reported again.
    pub broken_game_file: bool,
    /// Object types that have a sprite whose picture did not load (already reported).
    pub failed_sprites: HashSet<TypeId>,
    /// Where each object type's Object-typed Shared Variable was set, by
    /// (type, attachment, variable): for mistakes found once all types are read.
    pub shared_type_places: Vec<((usize, usize, usize), PathBuf, Pos)>,
    /// Where game.yaml names each library of `Game::libraries`, in its order.
    pub library_places: Vec<(PathBuf, Pos)>,
    /// The functions each library of `Game::libraries` offers the cards'
    /// `call library` steps, in its order.
    pub library_functions: Vec<&'static [&'static str]>,
    /// The Custom Events each library of `Game::libraries` sends (its
    /// answers), in its order: no card triggers them, yet they are sent.
    pub library_events: Vec<&'static [&'static str]>,
    /// Where each table (by its `TableId`) was written, and what its schema
    /// says it names: for the mistakes found once every table is read (a
    /// reference that names no row, a library's demand on a cell).
    pub tables: Vec<TablePlaces>,
    /// The Data Structure fields that name rows of a table (`refers to:`),
    /// by (structure, field): the table, and whether it may be empty; for
    /// the values the scene gives them.
    pub field_refers: HashMap<(u16, u16), (TableId, bool)>,
}

/// Where one table was written: its schema, its header, each row's line and
/// each cell's column.
#[derive(Default)]
pub struct TablePlaces {
    /// `tables/T.yaml`.
    pub schema: PathBuf,
    /// `tables/T.csv`.
    pub csv: PathBuf,
    /// Each schema column's column in the CSV's header (line 1); 0 when the
    /// header lacks it.
    pub header: Vec<usize>,
    /// Each row of the content's (the `TableDef`'s rows, in order): its line,
    /// and each schema column's cell's column (0: the CSV lacks the column).
    pub rows: Vec<(usize, Vec<usize>)>,
    /// The file each row is written in, where some row is not in `csv`
    /// (added or replaced by a `T.changes.csv`); empty: every row is `csv`'s.
    pub row_files: Vec<PathBuf>,
    /// The rows a changes file removed: a base's translation may still give
    /// them words, which are then not read.
    pub removed: Vec<String>,
    /// What the schema says names rows of other tables.
    pub refers: Vec<Refers>,
    /// Some row of the CSV was not read (a mistake told already): a name
    /// that is no row of the table may be that row's, and is not told.
    pub rows_lost: bool,
}

/// A schema's word that some names of its table are rows of another table
/// (`refers to: Kinds`).
pub struct Refers {
    pub what: Referring,
    /// The table named, and where the schema names it.
    pub table: String,
    pub pos: Pos,
}

/// What names rows of another table.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Referring {
    /// A column's cells (`kind: { type: Text, refers to: Kinds }`); an empty
    /// one is no row when `may be empty: true`. `default` is where the
    /// schema gives its default, if it does.
    Column { column: ColumnId, may_be_empty: bool, default: Option<Pos> },
    /// The rows' own names (`row names refer to: Sides`).
    RowNames,
    /// The other table has a column named after each of this table's rows
    /// (`one column per row of: Sides` in Kinds: its White and Black).
    ColumnPerRow,
    /// The rows are a grid the other table sizes (`rows laid out by: Board
    /// Size` in Position): each of its rows names a Number column of this
    /// table and its `count` how many values it takes (load/grid.rs).
    Grid,
}

impl TablePlaces {
    /// Where a cell is (row and column), a row is (its first cell), a
    /// column is (its header), or the table's rows are (line 1): a file and
    /// a place in it.
    pub fn place(&self, row: Option<usize>, column: Option<ColumnId>) -> (PathBuf, Pos) {
        let at = |line, column: usize| Pos { line, column: column.max(1) };
        let pos = match (row.and_then(|r| self.rows.get(r)), column) {
            (Some((line, cells)), Some(c)) => at(*line, cells.get(c.index()).copied().unwrap_or(1)),
            (Some((line, _)), None) => at(*line, 1),
            (None, Some(c)) => at(1, self.header.get(c.index()).copied().unwrap_or(1)),
            (None, None) => at(1, 1),
        };
        (row.map_or(self.csv.as_path(), |r| self.file_of(r)).to_path_buf(), pos)
    }

    /// The file the row `row` is written in: `csv`, or the changes file that
    /// added or replaced it.
    pub fn file_of(&self, row: usize) -> &std::path::Path {
        self.row_files.get(row).unwrap_or(&self.csv)
    }
}

impl LoadScratch {
    /// Where a table's cell, row or column is: [`TablePlaces::place`].
    pub fn place(&self, table: TableId, row: Option<usize>, column: Option<ColumnId>) -> Option<(PathBuf, Pos)> {
        self.tables.get(table.index()).map(|t| t.place(row, column))
    }
}
