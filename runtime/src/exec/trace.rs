//! Tracing what runs (the driver's `trace COMMAND`, `world/trace.rs`).
//! While a World holds a [`Trace`](crate::world::Trace), every Event and
//! every call from outside runs on the tree walker (the cards as written,
//! each step and condition still there; the machine's code has conditions
//! folded into jumps and small Functions copied into their callers), which
//! tells the trace what it runs through the hooks here. The walker keeps the
//! machine's rules (`tests/suite/language.rs` holds them to the same answers,
//! Worlds and steps spent), so a traced command leaves the World a command
//! run on the machine leaves. The machine itself never looks at the trace:
//! the one check is in `dispatch` and `call_function`, once an Event or a
//! call from outside, before any card runs.

use super::{Ctx, Res};
use crate::game::Game;
use crate::ids::{ColumnId, CompId, EventId, FuncId, GlobalId, ObjectId, StructId, TableId};
use crate::program::{ColumnRef, Prop, Slot, Step, StepKind, Target};
use crate::value::{Sym, Value};
use crate::world::{Fault, Kept, Named, Read, Traced, TracedCard, World};

/// Where the trace stands before a card, a delivery or a step went deeper
/// (None: no trace), for `trace_leave`.
pub(super) type Level = Option<(u16, Option<u16>)>;

/// What a step is about to write, read before it runs, so that its entry
/// can say the old value beside the new.
pub(super) enum Place {
    Local(Slot),
    Cell { table: TableId, row: usize, column: ColumnId, old: Value },
    Field { object: ObjectId, structure: StructId, field: u16, at: usize, old: Value },
    Global { global: GlobalId, old: Value },
    Row { table: TableId, row: Sym, existed: bool, remove: bool },
    Reset { table: TableId },
}

impl World {
    /// An Event delivered while tracing: walked from the trace's trees.
    #[cold]
    #[inline(never)]
    pub(super) fn dispatch_traced(
        &mut self,
        g: &Game,
        event: EventId,
        sender: Option<ObjectId>,
        only: Option<ObjectId>,
    ) -> Res<()> {
        let Some(trees) = self.trace.as_ref().map(|t| t.trees.clone()) else { return Ok(()) };
        self.dispatch_walked(g, event, sender, only, &trees)
    }

    /// A call from outside while tracing: walked from the trace's trees.
    #[cold]
    #[inline(never)]
    pub(super) fn call_traced(&mut self, g: &Game, cx: &Ctx, f: FuncId, args: &[Value]) -> Res<()> {
        let Some(trees) = self.trace.as_ref().map(|t| t.trees.clone()) else { return Ok(()) };
        self.call_function_walked(g, cx, f, args, &trees)
    }

    /// An Object as an entry names it: by its name now.
    fn named(&self, id: ObjectId) -> Named {
        Named { id, name: self.objects.get(id.0 as usize).map_or(crate::value::EMPTY, |o| o.name) }
    }

    /// An Event about to be delivered: its entry, and its handlers one level deeper.
    pub(super) fn trace_event(&mut self, event: EventId, sender: Option<ObjectId>) -> (Kept, Level) {
        let sender = sender.map(|s| self.named(s));
        match self.trace.as_mut() {
            Some(t) => {
                let kept = t.keep(None, || Traced::Event { event, sender, heard: Vec::new() });
                (kept, Some(t.deeper()))
            }
            None => (None, None),
        }
    }

    /// A handler entered on `this`: it heard the Event kept at `event`; its
    /// entry, and its steps one level deeper.
    pub(super) fn trace_handler(&mut self, comp: CompId, handler: usize, this: Option<ObjectId>, event: Kept) -> Level {
        let object = self.named(this.unwrap_or(ObjectId(u32::MAX)));
        let t = self.trace.as_mut()?;
        t.heard(event, object);
        let before = t.enter_card(TracedCard::Component(comp));
        t.keep(None, || Traced::Handler { component: comp, handler: handler as u16, object });
        t.deeper();
        Some(before)
    }

    /// A Function entered, its `count` parameters (made to fit) in the
    /// frame at `base`: its entry, and its steps one level deeper.
    pub(super) fn trace_function(&mut self, f: FuncId, base: usize, count: usize) -> (Kept, Level) {
        let Some(t) = self.trace.as_mut() else { return (None, None) };
        let args = &self.stack[base..base + count];
        let before = t.enter_card(TracedCard::Function(f));
        let kept = t.keep(None, || Traced::Function { function: f, args: args.to_vec(), answer: None });
        t.deeper();
        (kept, Some(before))
    }

    /// The answer of the Function kept at `kept`, `width` values of `ret`.
    pub(super) fn trace_answer(&mut self, kept: Kept, width: usize) {
        if let Some(t) = self.trace.as_mut() {
            t.answered(kept, &self.ret[..width.min(self.ret.len())]);
        }
    }

    /// One level deeper: what a step makes.
    pub(super) fn trace_deeper(&mut self) -> Level {
        self.trace.as_mut().map(|t| t.deeper())
    }

    /// Back to where a card, a delivery or a step went deeper.
    pub(super) fn trace_leave(&mut self, before: Level) {
        if let (Some(t), Some(before)) = (self.trace.as_mut(), before) {
            t.leave(before);
        }
    }

    /// A condition of an If or a While, and what it was; the reads that
    /// made it follow.
    pub(super) fn trace_condition(&mut self, site: u32, value: bool) {
        if let Some(t) = self.trace.as_mut() {
            t.keep(None, || Traced::Condition { site, value });
            t.step_entered(false);
        }
    }

    /// A While's next look at its condition: its reads are the While's.
    pub(super) fn trace_look(&mut self, site: u32) {
        if let Some(t) = self.trace.as_mut() {
            t.begin_step(site);
        }
    }

    /// A step run, before what it runs: its reads follow it.
    fn trace_step(&mut self, site: u32, value: Option<Value>) {
        if let Some(t) = self.trace.as_mut() {
            t.keep(None, || Traced::Step { site, value });
            t.step_entered(true);
        }
    }

    /// `data(T, row, column)` read `value` (the row as the expression gave it).
    #[cold]
    #[inline(never)]
    pub(super) fn trace_read_cell(&mut self, g: &Game, table: TableId, row: Value, column: ColumnId, value: Value) {
        let row = match self.row_index(g, table, row) {
            Ok(r) => Value::Text(self.tables[table.index()].rows()[r]),
            Err(_) => row,
        };
        if let Some(t) = self.trace.as_mut() {
            t.read(Read::Cell { table, row, column, value });
        }
    }

    /// An Object's Data Structure field read.
    #[cold]
    #[inline(never)]
    pub(super) fn trace_read_field(&mut self, object: ObjectId, structure: StructId, field: u16, value: Value) {
        let object = self.named(object);
        if let Some(t) = self.trace.as_mut() {
            t.read(Read::Field { object, structure, field, value });
        }
    }

    /// `dataFind(T, column, sought)` answered `found`.
    #[cold]
    #[inline(never)]
    pub(super) fn trace_find(&mut self, table: TableId, column: ColumnId, sought: Value, found: f64) {
        if let Some(t) = self.trace.as_mut() {
            t.read(Read::Find { table, column, sought, found });
        }
    }

    /// A fault kept while tracing.
    #[cold]
    pub(super) fn trace_fault(&mut self, fault: &Fault) {
        if let Some(t) = self.trace.as_mut() {
            t.keep_fault(fault.to_string());
        }
    }

    /// A step of a card walked while tracing: its entry (a write's after it
    /// ran, with the old value and the new; any other's before), and what it
    /// makes (a call, an Event) one level deeper. An If, a While and a
    /// Repeat keep their own steps at their level; their conditions are
    /// told as they are read (`walk_step`).
    pub(super) fn walk_step_traced(
        &mut self,
        g: &Game,
        cx: &Ctx,
        step: &Step,
        run: impl FnOnce(&mut World) -> Res<super::Flow>,
    ) -> Res<super::Flow> {
        let site = step.site;
        if let Some(t) = self.trace.as_mut() {
            t.begin_step(site);
        }
        match &step.kind {
            StepKind::If { .. } | StepKind::While { .. } => return self.run_reading(run),
            StepKind::Repeat { .. } => {
                self.trace_step(site, None);
                return self.run_reading(run);
            }
            _ => {}
        }
        // The place is found with the trace put aside: its reads are the step's own, made as it runs.
        let trace = self.trace.take();
        let place = self.place_of(g, cx, step);
        self.trace = trace;
        if place.is_none() {
            self.trace_step(site, None);
        }
        let before = self.trace_deeper();
        let result = self.run_reading(run);
        self.trace_leave(before);
        match place {
            Some(place) if result.is_ok() => self.trace_write(cx, site, place),
            Some(_) => self.trace_step(site, None),
            None => {}
        }
        result
    }

    /// Runs a traced step; what is read after it is no step's.
    fn run_reading(&mut self, run: impl FnOnce(&mut World) -> Res<super::Flow>) -> Res<super::Flow> {
        let result = run(self);
        if let Some(t) = self.trace.as_mut() {
            t.end_step();
        }
        result
    }

    /// What `step` writes, and what is there now; None for a step that
    /// writes no cell, field, Global, row or local, or when the place
    /// cannot be found (the step will fault on it itself). Reads only:
    /// expressions change nothing in the World.
    fn place_of(&mut self, g: &Game, cx: &Ctx, step: &Step) -> Option<Place> {
        Some(match &step.kind {
            StepKind::Declare { slot, .. } | StepKind::Set { target: Target::Local(slot, _), .. } => {
                Place::Local(*slot)
            }
            StepKind::Set { target: Target::Global(global), .. } => {
                Place::Global { global: *global, old: self.globals[global.index()] }
            }
            StepKind::Set { target: Target::Prop(r, Prop::Field(structure, field)), .. } => {
                let object = self.object(g, cx, r).ok()?;
                let at = self.field_at(g, object, *structure, *field).ok()?;
                let old = self.objects[object.0 as usize].fields[at];
                Place::Field { object, structure: *structure, field: *field, at, old }
            }
            StepKind::SetCell { table, row, column, .. } => {
                let r = self.eval(g, cx, row).ok()?;
                let column = match column {
                    ColumnRef::Fixed(c) => *c,
                    dynamic => self.column(g, cx, *table, dynamic).ok()?,
                };
                let row = self.row_index(g, *table, r).ok()?;
                let old = self.tables[table.index()].cell(row, column);
                Place::Cell { table: *table, row, column, old }
            }
            StepKind::ControlRow { table, row, remove, .. } => {
                let r = self.eval(g, cx, row).ok()?;
                let row = self.text_value(r).ok()?;
                let existed = self.tables[table.index()].find(row).is_some();
                Place::Row { table: *table, row, existed, remove: *remove }
            }
            StepKind::ResetTable(table) => Place::Reset { table: *table },
            _ => return None,
        })
    }

    /// The entry of a step that wrote `place`, with what is there now.
    fn trace_write(&mut self, cx: &Ctx, site: u32, place: Place) {
        let what = match place {
            Place::Local(slot) => Traced::Step { site, value: self.stack.get(cx.base + slot.0 as usize).copied() },
            Place::Global { global, old } => Traced::Global { site, global, old, new: self.globals[global.index()] },
            Place::Field { object, structure, field, at, old } => {
                let new = self.objects.get(object.0 as usize).and_then(|o| o.fields.get(at)).copied();
                let new = new.unwrap_or(Value::None);
                Traced::Field { site, object: self.named(object), structure, field, old, new }
            }
            Place::Cell { table, row, column, old } => {
                let t = &self.tables[table.index()];
                // A row's place stays while the step writes the cell.
                let (name, new) = if row < t.row_count() { (t.rows()[row], t.cell(row, column)) } else { return };
                Traced::Cell { site, table, row: name, column, old, new }
            }
            Place::Row { table, row, existed, remove } => Traced::Row { site, table, row, remove, existed },
            Place::Reset { table } => Traced::Reset { site, table },
        };
        let table = match &what {
            Traced::Cell { table, .. } | Traced::Row { table, .. } | Traced::Reset { table, .. } => Some(*table),
            _ => None,
        };
        if let Some(t) = self.trace.as_mut() {
            t.keep(table, || what);
            t.step_entered(false);
        }
    }
}
