//! A table as it is now: its rows by number and by name, its cells.

use crate::game::TableDef;
use crate::ids::ColumnId;
use crate::value::{Sym, Value};

/// A table as it is now.
#[derive(Clone)]
pub struct Table {
    pub rows: Vec<Sym>,
    /// Row number by row name, indexed by the name's symbol (texts are
    /// interned densely), so a row is found by name with one array read.
    by_name: Vec<u32>,
    /// Row-major cells.
    pub cells: Vec<Value>,
    pub width: usize,
}

impl Table {
    pub fn from_def(def: &TableDef) -> Table {
        let mut t = Table { rows: Vec::new(), by_name: Vec::new(), cells: Vec::new(), width: def.columns.len() };
        t.reset(def);
        t
    }

    /// Back to the rows the content made it with.
    pub fn reset(&mut self, def: &TableDef) {
        self.rows.clear();
        self.rows.extend_from_slice(&def.rows);
        self.cells.clear();
        self.cells.extend_from_slice(&def.cells);
        self.reindex();
    }

    /// No row has this name.
    const NONE: u32 = u32::MAX;

    fn reindex(&mut self) {
        self.by_name.iter_mut().for_each(|i| *i = Self::NONE);
        for i in (0..self.rows.len()).rev() {
            self.name_row(self.rows[i], i);
        }
    }

    fn name_row(&mut self, name: Sym, row: usize) {
        let at = name.0 as usize;
        if at >= self.by_name.len() {
            self.by_name.resize(at + 1, Self::NONE);
        }
        self.by_name[at] = row as u32;
    }

    /// The number of the first row with this name.
    #[inline]
    pub fn find(&self, name: Sym) -> Option<usize> {
        match self.by_name.get(name.0 as usize) {
            Some(&i) if i != Self::NONE => Some(i as usize),
            _ => None,
        }
    }

    /// The row a value names: a whole Number below the row count (row
    /// numbers start at 0), or a Text naming a row; `None` for anything else.
    #[inline(always)]
    pub fn row_of(&self, row: Value) -> Option<usize> {
        match row {
            Value::Num(n) => {
                // A NaN fails the first test, too large a row the second.
                if n >= 0.0 && n < self.rows.len() as i64 as f64 {
                    // SAFETY: 0 <= n < the row count, so n truncated fits an i64.
                    let i = unsafe { n.to_int_unchecked::<i64>() };
                    if i as f64 == n {
                        return Some(i as usize);
                    }
                }
                None
            }
            Value::Text(sym) => self.find(sym),
            _ => None,
        }
    }

    /// The cell at the row a value names (see [`Table::row_of`]).
    #[inline(always)]
    pub fn cell_at(&self, row: Value, col: ColumnId) -> Option<Value> {
        let i = self.row_of(row)?;
        Some(self.cell(i, col))
    }

    pub fn row_count(&self) -> usize {
        self.rows.len()
    }

    pub fn cell(&self, row: usize, col: ColumnId) -> Value {
        self.cells[row * self.width + col.index()]
    }

    pub fn cell_mut(&mut self, row: usize, col: ColumnId) -> &mut Value {
        &mut self.cells[row * self.width + col.index()]
    }

    /// Adds a row with every cell at its column's default; its number.
    pub fn add_row(&mut self, def: &TableDef, name: Sym) -> usize {
        let i = self.rows.len();
        self.rows.push(name);
        if self.find(name).is_none() {
            self.name_row(name, i);
        }
        self.cells.extend(def.columns.iter().map(|c| c.default));
        i
    }

    /// Every row at once: their names, and their cells row after row (a
    /// saved game brought back).
    pub fn set_rows(&mut self, rows: Vec<Sym>, cells: Vec<Value>) {
        debug_assert_eq!(rows.len() * self.width, cells.len());
        self.rows = rows;
        self.cells = cells;
        self.reindex();
    }

    pub fn remove_row(&mut self, row: usize) {
        self.rows.remove(row);
        self.cells.drain(row * self.width..(row + 1) * self.width);
        self.reindex();
    }
}
