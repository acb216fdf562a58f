//! A table as it is now: its rows by number and by name, its cells.

use crate::game::TableDef;
use crate::ids::ColumnId;
use crate::value::{Sym, Value};

/// A table as it is now. Its fields are its own, so that what the
/// machine's unchecked reads rely on holds whatever else changes it: there
/// are `width` cells for each row (`cells.len() == rows.len() * width`),
/// and every row number `by_name` holds is below `rows.len()`.
#[derive(Clone)]
pub struct Table {
    rows: Vec<Sym>,
    /// Row number by row name, indexed by the name's symbol (texts are
    /// interned densely), so a row is found by name with one array read.
    by_name: Vec<u32>,
    /// Row-major cells.
    cells: Vec<Value>,
    width: usize,
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
        // The loader makes a definition's cells so; a `TableDef` is public,
        // so it is made so here too rather than trusted.
        self.cells.resize(self.rows.len() * self.width, Value::None);
        self.reindex();
    }

    /// No row has this name.
    const NONE: u32 = crate::code::TableView::NO_ROW;

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
    pub fn row_of(&self, row: &Value) -> Option<usize> {
        match *row {
            Value::Num(n) => {
                let i = whole_below(n, self.rows.len())?;
                Some(i)
            }
            Value::Text(sym) => self.find(sym),
            _ => None,
        }
    }

    /// The cell at the row a value names (see [`Table::row_of`]).
    #[inline(always)]
    pub fn cell_at(&self, row: Value, col: ColumnId) -> Option<Value> {
        let i = self.row_of(&row)?;
        Some(self.cell(i, col))
    }

    /// The rows' names, by number.
    pub fn rows(&self) -> &[Sym] {
        &self.rows
    }

    /// The cells, row after row (`width` a row).
    pub fn cells(&self) -> &[Value] {
        &self.cells
    }

    pub fn row_count(&self) -> usize {
        self.rows.len()
    }

    pub fn cell(&self, row: usize, col: ColumnId) -> Value {
        self.cells[row * self.width + col.index()]
    }

    /// The cell at `row` and `col`, without a bounds check.
    ///
    /// # Safety
    /// `row < self.row_count()` and `col.index() < self.width()`: then the
    /// cell is there, as there are `width` cells for each row.
    #[inline(always)]
    pub unsafe fn cell_unchecked(&self, row: usize, col: ColumnId) -> &Value {
        debug_assert!(row < self.rows.len() && col.index() < self.width);
        // SAFETY: row * width + col < (row + 1) * width <= rows * width = cells.len().
        unsafe { self.cells.get_unchecked(row * self.width + col.index()) }
    }

    /// How many columns (cells a row) the table has.
    /// What the cards' machine code reads of the table, and the cells it
    /// writes (`code::TableView`), good until rows are added or removed.
    pub fn view(&mut self) -> crate::code::TableView {
        // The types the machine code reads them as (`code/native.rs`).
        let (cells, by_name, rows): (*mut Value, *const u32, *const Sym) =
            (self.cells.as_mut_ptr(), self.by_name.as_ptr(), self.rows.as_ptr());
        crate::code::TableView {
            row_count: self.rows.len() as u64,
            cells: cells as usize,
            width: self.width as u64,
            by_name: by_name as usize,
            by_name_len: self.by_name.len() as u64,
            rows: rows as usize,
        }
    }

    /// How many entries its index of rows by name holds: one for each
    /// symbol up to the last that names one of its rows.
    pub fn name_index_len(&self) -> usize {
        self.by_name.len()
    }

    pub fn width(&self) -> usize {
        self.width
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
        let defaults = def.columns.iter().map(|c| c.default).chain(std::iter::repeat(Value::None));
        self.cells.extend(defaults.take(self.width));
        i
    }

    /// Every row at once: their names, and their cells row after row (a
    /// saved game brought back).
    pub fn set_rows(&mut self, rows: Vec<Sym>, cells: Vec<Value>) {
        debug_assert_eq!(rows.len() * self.width, cells.len());
        self.rows = rows;
        self.cells = cells;
        self.cells.resize(self.rows.len() * self.width, Value::None);
        self.reindex();
    }

    /// Every row at once from another's rows and cells, reusing this
    /// table's memory: once it has held as many rows, no allocation (a
    /// position taken back, `play::Snapshot`). Only the names it held and
    /// holds are indexed again, not the whole index.
    pub fn copy_rows_from(&mut self, rows: &[Sym], cells: &[Value]) {
        for &name in &self.rows {
            if let Some(i) = self.by_name.get_mut(name.0 as usize) {
                *i = Self::NONE;
            }
        }
        self.rows.clear();
        self.rows.extend_from_slice(rows);
        self.cells.clear();
        self.cells.extend_from_slice(cells);
        self.cells.resize(self.rows.len() * self.width, Value::None);
        for i in (0..self.rows.len()).rev() {
            self.name_row(self.rows[i], i);
        }
    }

    pub fn remove_row(&mut self, row: usize) {
        self.rows.remove(row);
        self.cells.drain(row * self.width..(row + 1) * self.width);
        self.reindex();
    }
}

/// `n` as a row number: a whole Number from 0 to below `count`; `None` for
/// a fraction, a NaN or one out of range.
#[inline(always)]
fn whole_below(n: f64, count: usize) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_cvttsd_si32, _mm_set_sd};
        // One conversion, which gives i32::MIN (below 0) for a NaN and for
        // anything out of i32's range, and the way back, which tells a
        // fraction: half the instructions of the checked conversions, on
        // every row a card reads by number.
        // SAFETY: SSE2, which these need, is part of x86_64 itself.
        let i = unsafe { _mm_cvttsd_si32(_mm_set_sd(n)) };
        // Read as u32, i32::MIN and every negative are 2^31 or more: past
        // the rows of any table (2^31 rows of 16-byte cells would not fit
        // in memory; the step budget stops Control Row long before).
        ((i as u32 as usize) < count && f64::from(i) == n).then_some(i as u32 as usize)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        // A NaN fails the first test, too large a row the second.
        if n >= 0.0 && n < count as i64 as f64 {
            // SAFETY: 0 <= n < count, so n truncated fits an i64.
            let i = unsafe { n.to_int_unchecked::<i64>() };
            if i as f64 == n {
                return Some(i as usize);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::whole_below;

    #[test]
    fn a_row_number_is_a_whole_number_below_the_count() {
        for (n, row) in [(0.0, Some(0)), (-0.0, Some(0)), (3.0, Some(3)), (63.0, Some(63))] {
            assert_eq!(whole_below(n, 64), row, "{n}");
        }
        let none = [64.0, 0.5, 62.999, -1.0, -0.5, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1e10, -2147483648.0];
        for n in none {
            assert_eq!(whole_below(n, 64), None, "{n}");
        }
        assert_eq!(whole_below(2147483647.0, u32::MAX as usize), Some(2147483647));
        assert_eq!(whole_below(0.0, 0), None);
    }
}
