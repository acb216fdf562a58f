//! A trace of what ran (the driver's `trace COMMAND`): each Event sent, each
//! Logic Component and Function card entered, each step, condition and
//! write, each fault, in the order they happened, as plain ids and values
//! (the host names them). Kept in the World only while a traced command
//! runs ([`World::trace`]); `exec/` fills it in as the tree walker runs the
//! cards (`exec/trace.rs`), so the register machine pays nothing for it.

use crate::ids::{ColumnId, CompId, EventId, FuncId, GlobalId, ObjectId, StructId, TableId};
use crate::program::Trees;
use crate::value::{Sym, Value};
use std::rc::Rc;

/// Which card a trace is narrowed to (`card=NAME`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TracedCard {
    Function(FuncId),
    Component(CompId),
}

/// What a trace keeps: at most `limit` entries; only what runs inside
/// `card` (its entry, its steps, what it calls and sends); only the writes
/// and reads of `table`; only `depth` levels (below `card`'s entry, when given).
#[derive(Clone, Debug)]
pub struct TraceFilter {
    pub limit: usize,
    pub card: Option<TracedCard>,
    pub table: Option<TableId>,
    pub depth: Option<u16>,
}

/// An Object as it was when the entry was made: its name then.
#[derive(Clone, Copy, Debug)]
pub struct Named {
    pub id: ObjectId,
    pub name: Sym,
}

/// One thing that ran.
#[derive(Clone, Debug)]
pub enum Traced {
    /// An Event sent (by a step, a click, a key, the clock, a library), and
    /// the Objects whose handlers heard it, in the order they ran.
    Event { event: EventId, sender: Option<Named>, heard: Vec<Named> },
    /// A Logic Component's handler entered, on `object`.
    Handler { component: CompId, handler: u16, object: Named },
    /// A Function card entered with its parameters' values; its answer once
    /// it has returned (None while it runs, or when it faulted).
    Function { function: FuncId, args: Vec<Value>, answer: Option<Vec<Value>> },
    /// A step run (`Game::sites[site]`); `value`: what a `declare` or a
    /// `set` of a local left in it.
    Step { site: u32, value: Option<Value> },
    /// An If's or a While's condition, and what it was.
    Condition { site: u32, value: bool },
    /// `set data cell`: a cell written.
    Cell { site: u32, table: TableId, row: Sym, column: ColumnId, old: Value, new: Value },
    /// A Data Structure field of an Object written.
    Field { site: u32, object: Named, structure: StructId, field: u16, old: Value, new: Value },
    /// A Global written.
    Global { site: u32, global: GlobalId, old: Value, new: Value },
    /// `control row`: a row added (when it was not there) or removed.
    Row { site: u32, table: TableId, row: Sym, remove: bool, existed: bool },
    /// `reset table`.
    Reset { site: u32, table: TableId },
    /// A table cell or a Data Structure field an expression of step
    /// `site` read, or a `dataFind` it made: kept one level deeper than
    /// the step's own entry, after it.
    Read { site: u32, read: Read },
    /// A fault kept, as the driver's `faults` shows it.
    Fault { text: String },
}

/// What an expression read (`Traced::Read`).
#[derive(Clone, Copy, Debug)]
pub enum Read {
    /// `data(T, row, column)`: the cell's row (its name; the row as the
    /// expression gave it when there is no such row and the column's
    /// default was read) and value.
    Cell { table: TableId, row: Value, column: ColumnId, value: Value },
    /// `obj.slot.field`: the Object's field.
    Field { object: Named, structure: StructId, field: u16, value: Value },
    /// `dataFind(T, column, value)`: what was sought, and the row number
    /// found (-1: none).
    Find { table: TableId, column: ColumnId, sought: Value, found: f64 },
}

impl Read {
    pub fn table(&self) -> Option<TableId> {
        match self {
            Read::Cell { table, .. } | Read::Find { table, .. } => Some(*table),
            Read::Field { .. } => None,
        }
    }
}

/// One entry of a trace, `depth` levels in: what a step, an Event, a
/// handler or a Function makes is one level deeper than it.
#[derive(Clone, Debug)]
pub struct Entry {
    pub depth: u16,
    pub what: Traced,
}

/// A trace being made (see the module's documentation).
#[derive(Clone, Debug)]
pub struct Trace {
    /// The cards' trees the traced command runs on (the tree walker's).
    pub trees: Rc<Trees>,
    pub filter: TraceFilter,
    pub entries: Vec<Entry>,
    /// Entries that passed the filters but came past the limit.
    pub left_out: u64,
    /// The level the next entry is made at.
    level: u16,
    /// The level `filter.card` was entered at, while it runs.
    inside: Option<u16>,
    /// The step whose expressions are being read (None between steps:
    /// a read then is not a card's).
    reading: Option<u32>,
    /// Where a read is kept: at once at this level once its step's entry
    /// is made (a call's arguments, a Repeat's count); None: held in
    /// `held` until its step's entry (a write's, a condition's) is made
    /// after the reads, then kept one level deeper than that entry.
    read_level: Option<u16>,
    held: Vec<(u32, Read)>,
}

/// Where an entry was kept, to add to it later (the Objects that heard an
/// Event, a Function's answer); None when it was not kept.
pub type Kept = Option<usize>;

impl Trace {
    pub fn new(trees: Rc<Trees>, filter: TraceFilter) -> Trace {
        Trace {
            trees,
            filter,
            entries: Vec::new(),
            left_out: 0,
            level: 0,
            inside: None,
            reading: None,
            read_level: None,
            held: Vec::new(),
        }
    }

    /// Keeps the entry `what` makes, at the level now, when the filters
    /// want it (`table`: the table it writes) and the limit allows; `what`
    /// runs only then.
    pub fn keep(&mut self, table: Option<TableId>, what: impl FnOnce() -> Traced) -> Kept {
        let depth = self.depth_now()?;
        if self.filter.table.is_some() && table != self.filter.table {
            return None;
        }
        if self.entries.len() >= self.filter.limit {
            self.left_out += 1;
            return None;
        }
        self.entries.push(Entry { depth, what: what() });
        Some(self.entries.len() - 1)
    }

    /// A fault: kept inside the card asked for (or anywhere when none
    /// was), whatever the table and the depth asked for, within the limit.
    pub fn keep_fault(&mut self, text: String) {
        if self.filter.card.is_some() && self.inside.is_none() {
            return;
        }
        if self.entries.len() >= self.filter.limit {
            self.left_out += 1;
            return;
        }
        let depth = self.level.saturating_sub(self.inside.unwrap_or(0));
        self.entries.push(Entry { depth, what: Traced::Fault { text } });
    }

    /// The depth an entry made now has, when the card and depth filters want it.
    fn depth_now(&self) -> Option<u16> {
        if self.filter.card.is_some() && self.inside.is_none() {
            return None;
        }
        let depth = self.level - self.inside.unwrap_or(0);
        match self.filter.depth {
            Some(most) if depth > most => None,
            _ => Some(depth),
        }
    }

    /// A card (`card`) is entered: from here on, what it runs is one level
    /// deeper. Answers what [`Trace::leave`] needs.
    pub fn enter_card(&mut self, card: TracedCard) -> (u16, Option<u16>) {
        let before = (self.level, self.inside);
        if self.inside.is_none() && self.filter.card == Some(card) {
            self.inside = Some(self.level);
        }
        before
    }

    /// One level deeper (an Event's handlers, a card's steps, what a step makes).
    pub fn deeper(&mut self) -> (u16, Option<u16>) {
        let before = (self.level, self.inside);
        self.level = self.level.saturating_add(1);
        before
    }

    /// Back to where [`Trace::enter_card`] or [`Trace::deeper`] was.
    pub fn leave(&mut self, before: (u16, Option<u16>)) {
        (self.level, self.inside) = before;
    }

    /// A step (or a While's next look at its condition) starts reading.
    pub fn begin_step(&mut self, site: u32) {
        self.reading = Some(site);
        self.read_level = None;
        self.held.clear();
    }

    /// The step that was reading ran: a read now is none of its own.
    pub fn end_step(&mut self) {
        self.reading = None;
    }

    /// An expression of the step now read `read`.
    pub fn read(&mut self, read: Read) {
        let Some(site) = self.reading else { return };
        match self.read_level {
            Some(level) => self.keep_read(level, site, read),
            None => self.held.push((site, read)),
        }
    }

    /// The entry of a step was kept (or left out) at the level now: its
    /// held reads follow it, one level deeper; `later` (a step whose
    /// entry comes before what it runs): its reads from now on too.
    pub fn step_entered(&mut self, later: bool) {
        let level = self.level.saturating_add(1);
        for (site, read) in std::mem::take(&mut self.held) {
            self.keep_read(level, site, read);
        }
        self.read_level = later.then_some(level);
    }

    fn keep_read(&mut self, level: u16, site: u32, read: Read) {
        let now = std::mem::replace(&mut self.level, level);
        self.keep(read.table(), || Traced::Read { site, read });
        self.level = now;
    }

    /// Adds an Object that heard the Event kept at `at`.
    pub fn heard(&mut self, at: Kept, object: Named) {
        if let Some(Entry { what: Traced::Event { heard, .. }, .. }) = at.and_then(|i| self.entries.get_mut(i)) {
            heard.push(object);
        }
    }

    /// The answer of the Function kept at `at`.
    pub fn answered(&mut self, at: Kept, answer: &[Value]) {
        if let Some(Entry { what: Traced::Function { answer: a, .. }, .. }) = at.and_then(|i| self.entries.get_mut(i)) {
            *a = Some(answer.to_vec());
        }
    }
}
