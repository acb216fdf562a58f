//! The tree walker. It runs what the register machine hands over (`Op::Eval`,
//! `Op::Step`: Objects' properties, Triggers, Create, sprites, states), and
//! it runs a whole card from its tree ([`World::call_function_walked`]), to
//! check the machine against: every rule of the language, the conversions,
//! operators on mixed types, missing rows, the call protocol, the step
//! budget and where a fault is placed, is one function both use.

use super::events::given_from_outside;
use super::{fail, past_limit, repeat_count, too_deep, want_bool, want_color, want_num, Ctx, Fail, Flow, Res};
use crate::code::NO_LOOP;
use crate::game::{CardRef, Game, MissingRows};
use crate::ids::{ColumnId, CompId, EventId, FuncId, ObjectId, StructId, TableId};
use crate::program::{
    Axis, ColumnRef, Expr, ObjRef, Operator, Prop, Returns, Slot, SpriteProp, Step, StepKind, Target, Trees,
};
use crate::value::{format_number, parse_bool, parse_color, Sym, Type, Value, EMPTY};
use crate::world::World;
use expr_grammar::ast::{BinaryOp, UnaryOp};

impl World {
    /// A step the register machine hands over (see `Op::Step`): one that
    /// holds no steps of its own and is rare on the hot path.
    #[inline(never)]
    pub(crate) fn leaf_step(&mut self, g: &Game, cx: &Ctx, step: &Step) -> Res<Flow> {
        self.handed_step(g, cx, step, None)
    }

    /// A step the machine hands over, from the machine (`trees` is `None`:
    /// Events it sends run on the machine) or from the tree walker (they
    /// are walked too): one step of the budget, then the step.
    #[inline(always)]
    fn handed_step(&mut self, g: &Game, cx: &Ctx, step: &Step, trees: Option<&Trees>) -> Res<Flow> {
        if self.steps_left == 0 {
            return fail("stopped after too many steps for one input");
        }
        self.steps_left -= 1;
        match &step.kind {
            StepKind::Declare { slot, ty, value } => self.declare(g, cx, *slot, *ty, value)?,
            StepKind::Set { target, op, value } => {
                let v = self.eval(g, cx, value)?;
                self.assign(g, cx, target, *op, v)?;
            }
            _ => return self.step_rare(g, cx, step, trees),
        }
        Ok(Flow::Next)
    }

    /// The steps that do not run in the inner loops, kept out of `step` so that it stays small.
    #[inline(never)]
    fn step_rare(&mut self, g: &Game, cx: &Ctx, step: &Step, trees: Option<&Trees>) -> Res<Flow> {
        match &step.kind {
            StepKind::SetCell { table, row, column, value } => self.set_cell(g, cx, *table, row, column, value)?,
            StepKind::Return(e) => return self.return_value(g, cx, step, e),
            StepKind::ReturnStruct(values) => return self.return_struct(g, cx, step, values),
            StepKind::Trigger { event, only } => {
                let only = match only {
                    Some(r) => Some(self.object(g, cx, r)?),
                    None => None,
                };
                self.send(g, *event, cx.this, only, trees)?;
            }
            StepKind::Create { object_type, x, y, created_as } => {
                let ty = match self.eval(g, cx, object_type)? {
                    Value::ObjType(t) => t,
                    other => return fail(format!("Create Instance needs an object type, found {}", other.type_name())),
                };
                let x = self.num(g, cx, x)? as f32;
                let y = self.num(g, cx, y)? as f32;
                if self.objects.len() >= self.limits.objects {
                    return past_limit(format!("there would be more than {} Objects", self.limits.objects), "objects");
                }
                let id = self.add_object(ty, EMPTY, x, y);
                if let Some(slot) = created_as {
                    self.stack[cx.base + slot.0 as usize] = Value::Obj(id);
                }
                self.send(g, EventId::CREATED, cx.this, Some(id), trees)?;
            }
            StepKind::Sprite { prop, object, value } => {
                let id = self.object(g, cx, object)?;
                let v = self.eval(g, cx, value)?;
                self.set_sprite(g, id, *prop, v)?;
            }
            StepKind::SetState(s) => self.state = s.0,
            StepKind::IsState { state, answer: Some(slot) } => {
                self.stack[cx.base + slot.0 as usize] = Value::Bool(self.state == state.0);
            }
            StepKind::IsState { answer: None, .. } => {}
            StepKind::ShowGroup { group, visible } => {
                if let Some(shown) = self.groups.get_mut(group.0 as usize) {
                    *shown = *visible;
                }
            }
            StepKind::RestartGame => self.ask_restart()?,
            StepKind::SwitchComponent { component, on, object } => {
                let id = self.object(g, cx, object)?;
                self.switch_component(g, id, *component, *on)?;
            }
            StepKind::HasRow { table, row, answer } => {
                let r = self.eval(g, cx, row)?;
                let there = self.has_row(*table, r);
                if let Some(slot) = answer {
                    self.stack[cx.base + slot.0 as usize] = Value::Bool(there);
                }
            }
            StepKind::SetPosition { object, x, y, screen } => {
                let id = self.object(g, cx, object)?;
                let (x, y) = (self.num(g, cx, x)?, self.num(g, cx, y)?);
                match screen {
                    false => self.set_position(id, x, y)?,
                    true => self.set_position_on_screen(g, id, x, y)?,
                }
            }
            StepKind::SetSprite { object, picture } => {
                let id = self.object(g, cx, object)?;
                let v = self.eval(g, cx, picture)?;
                self.set_picture(g, id, v)?;
            }
            StepKind::SetScale { axes, object, value } => {
                let id = self.object(g, cx, object)?;
                let v = self.eval(g, cx, value)?;
                self.set_scale(g, id, *axes, v)?;
            }
            StepKind::LoadValue { key, default, ty, answer } => self.load_value(g, cx, key, default, *ty, *answer)?,
            StepKind::SaveValue { key, value, answer } => self.save_value(g, cx, key, value, *answer)?,
            StepKind::SaveGame { slot, answer } => {
                let saved = self.save_game(slot).is_ok();
                self.answer_to(cx, *answer, saved);
            }
            StepKind::LoadGame { slot, answer } => {
                let started = self.ask_load(slot);
                self.answer_to(cx, *answer, started);
            }
            StepKind::HasSavedGame { slot, answer } => {
                let has = self.has_saved_game(slot);
                self.answer_to(cx, *answer, has);
            }
            StepKind::ForgetSavedGame(slot) => self.forget_saved_game(slot),
            StepKind::CopyText(value) => {
                let text = match self.eval(g, cx, value)? {
                    Value::Text(s) => self.syms.text(s).to_string(),
                    Value::Num(n) => crate::world::number(n),
                    Value::Bool(b) => b.to_string(),
                    _ => String::new(),
                };
                self.copy_text(&text);
            }
            StepKind::PlaySound(sound) => self.sounds.play(*sound),
            StepKind::PasteInto(global) => {
                let text = self.paste_text().unwrap_or_default();
                let sym = self.make_text(&text)?;
                self.globals[global.index()] = Value::Text(sym);
            }
            StepKind::InputContext { context, on } => self.inputs_on[context.0 as usize] = *on,
            StepKind::CallLibrary { library, function, object } => {
                let object = self.object(g, cx, object)?;
                self.library_calls.push(crate::world::LibraryCall { library: *library, function: *function, object });
            }
            StepKind::Time(t) => self.time_step(g, cx, t)?,
            StepKind::Draw(d) => self.draw_step(g, cx, d)?,
            // The machine runs these itself; the tree walker, in `walk_step`.
            StepKind::Declare { .. }
            | StepKind::Set { .. }
            | StepKind::ResetTable(_)
            | StepKind::ControlRow { .. }
            | StepKind::Call { .. }
            | StepKind::If { .. }
            | StepKind::Repeat { .. }
            | StepKind::While { .. } => {}
        }
        Ok(Flow::Next)
    }

    /// An Event sent by a step or a click: on the machine, or walked when `trees` are given.
    #[inline(always)]
    pub(crate) fn send(
        &mut self,
        g: &Game,
        event: EventId,
        sender: Option<ObjectId>,
        only: Option<ObjectId>,
        trees: Option<&Trees>,
    ) -> Res<()> {
        match trees {
            None => self.dispatch(g, event, sender, only),
            Some(trees) => self.dispatch_walked(g, event, sender, only, trees),
        }
    }

    /// `declare: NAME, type: T, value: V`
    fn declare(&mut self, g: &Game, cx: &Ctx, slot: Slot, ty: Type, value: &Expr) -> Res<()> {
        let v = self.eval(g, cx, value)?;
        self.stack[cx.base + slot.0 as usize] = self.coerce(ty, v)?;
        Ok(())
    }

    /// `set data cell`: the row and the value are read before the row is
    /// looked for (as the machine's `Op::SetCell` has them, read into
    /// registers first), whether the column is named by a constant or not.
    #[inline(never)]
    fn set_cell(&mut self, g: &Game, cx: &Ctx, t: TableId, row: &Expr, column: &ColumnRef, value: &Expr) -> Res<()> {
        let r = self.eval(g, cx, row)?;
        let c = self.column(g, cx, t, column)?;
        let v = self.eval(g, cx, value)?;
        let r = self.row_index(g, t, r)?;
        let v = self.coerce(g.tables[t.index()].columns[c.index()].ty, v)?;
        *self.tables[t.index()].cell_mut(r, c) = v;
        Ok(())
    }

    /// `control row: T, row: R, operation: ...`: the row added (unless it is
    /// there) or removed; whether it was there before.
    #[inline(always)]
    pub(crate) fn control_row(&mut self, g: &Game, table: TableId, row: Value, remove: bool) -> Res<bool> {
        let name = self.text_value(row)?;
        let t = &mut self.tables[table.index()];
        let existing = t.find(name);
        match (remove, existing) {
            (false, None) => {
                // A row's cells, one for its name, and a cell for each four
                // entries its name adds to the index of rows by name, which
                // is as long as the last symbol it holds (`Limits::cells`).
                let index = (name.0 as usize + 1).saturating_sub(t.name_index_len());
                let cost = t.width() + 1 + index.div_ceil(4);
                if let Some(room) = self.cells_room.checked_sub(cost) {
                    self.cells_room = room;
                    t.add_row(&g.tables[table.index()], name);
                } else {
                    self.count_cells_room(g, table, cost)?;
                    self.cells_room -= cost;
                    self.tables[table.index()].add_row(&g.tables[table.index()], name);
                }
            }
            (true, Some(i)) => t.remove_row(i),
            _ => {}
        }
        Ok(existing.is_some())
    }

    /// Counts the cells the tables hold again, and how many more game.yaml's
    /// `limits: cells` leaves (`World::cells_room`): a fault when fewer
    /// than the `cost` of a row of `table`. Once in a while, not at every
    /// row: the room only shrinks as rows are added.
    #[cold]
    #[inline(never)]
    fn count_cells_room(&mut self, g: &Game, table: TableId, cost: usize) -> Res<()> {
        let held: usize =
            self.tables.iter().map(|t| t.row_count().saturating_mul(t.width() + 1) + t.name_index_len() / 4).sum();
        self.cells_room = self.limits.cells.saturating_sub(held);
        if self.cells_room < cost {
            let name = &g.tables[table.index()].name;
            return past_limit(
                format!("a row of `{name}` would take the tables past {} cells", self.limits.cells),
                "cells",
            );
        }
        Ok(())
    }

    /// `return: V`, made to fit what the step's Function answers.
    #[inline(never)]
    fn return_value(&mut self, g: &Game, cx: &Ctx, step: &Step, e: &Expr) -> Res<Flow> {
        let v = self.eval(g, cx, e)?;
        let ty = match cx_returns(g, step) {
            Some(Returns::Value(ty)) => ty,
            _ => return fail("a Return outside a Function"),
        };
        self.ret[0] = self.coerce(ty, v)?;
        Ok(Flow::Return)
    }

    /// `return: {field: V, ...}`: every value read, then each made to fit
    /// its field, in the structure's order (as `Op::ReturnStruct` does).
    #[inline(never)]
    fn return_struct(&mut self, g: &Game, cx: &Ctx, step: &Step, values: &[Expr]) -> Res<Flow> {
        let Some(Returns::Struct(s)) = cx_returns(g, step) else { return fail("a Return outside a Function") };
        let fields = &g.structs[s.index()].fields;
        if values.len() != fields.len() || self.ret.len() < fields.len() {
            return fail(format!("a Return of a {} needs one value per field", g.structs[s.index()].name));
        }
        // `ret` holds the values read: no expression reads it.
        for (i, e) in values.iter().enumerate() {
            self.ret[i] = self.eval(g, cx, e)?;
        }
        for (i, f) in fields.iter().enumerate() {
            self.ret[i] = self.coerce(f.ty, self.ret[i])?;
        }
        Ok(Flow::Return)
    }

    /// Calls a Function as [`World::call_function`] does, with arguments
    /// already evaluated, but runs it, and every card it calls and every
    /// Event it sends, with the tree walker over `trees` (the loader's,
    /// `load::Loaded::trees`) instead of the register machine: the same
    /// answer (in `self.ret`) or the same fault, by the same rules, written
    /// once. For checking the machine, not for playing.
    pub fn call_function_walked(&mut self, g: &Game, cx: &Ctx, f: FuncId, args: &[Value], trees: &Trees) -> Res<()> {
        let Some(func) = g.functions.get(f.index()) else { return fail("no such Function") };
        given_from_outside(func, args)?;
        self.invoke_walked(g, cx, f, trees, |_, i| args[i])
    }

    /// Runs a Function's tree in a new frame, as `invoke` runs its code.
    fn invoke_walked(
        &mut self,
        g: &Game,
        cx: &Ctx,
        f: FuncId,
        trees: &Trees,
        arg: impl Fn(&World, usize) -> Value,
    ) -> Res<()> {
        let func = &g.functions[f.index()];
        let tree = match trees.functions.get(f.index()) {
            Some(tree) if tree.frame.len() >= func.params.len() => tree,
            _ => return fail(format!("`{}` has no tree to walk (trees of another load?)", func.name)),
        };
        if self.trace.is_none() {
            return self.invoke_with(g, cx, func, (&tree.frame, None), arg, |w, inner| {
                w.walk(g, inner, &tree.body, NO_LOOP, trees)
            });
        }
        // Traced: the entry made once the parameters are in the frame, made to fit.
        let (mut kept, mut level) = (None, None);
        let result = self.invoke_with(g, cx, func, (&tree.frame, None), arg, |w, inner| {
            (kept, level) = w.trace_function(f, inner.base, func.params.len());
            w.walk(g, inner, &tree.body, NO_LOOP, trees)
        });
        self.trace_leave(level);
        if result.is_ok() {
            self.trace_answer(kept, g.answer_width(func.returns));
        }
        result
    }

    /// Delivers an Event as [`World::dispatch`] does, each handler walked from its tree.
    #[inline(never)]
    pub(crate) fn dispatch_walked(
        &mut self,
        g: &Game,
        event: EventId,
        sender: Option<ObjectId>,
        only: Option<ObjectId>,
        trees: &Trees,
    ) -> Res<()> {
        let tree = |c: CompId, h: usize| trees.handlers.get(c.index()).and_then(|t| t.get(h));
        let (kept, level) = self.trace_event(event, sender);
        let result = self.deliver(
            g,
            event,
            sender,
            only,
            |c, h, _| match tree(c, h) {
                Some(tree) => Ok(&tree.frame),
                None => {
                    fail(format!("`{}` has no tree to walk (trees of another load?)", g.components[c.index()].name))
                }
            },
            |w, cx, c, h, _| match tree(c, h) {
                Some(tree) => {
                    let level = w.trace_handler(c, h, cx.this, kept);
                    let flow = w.walk(g, cx, &tree.body, NO_LOOP, trees);
                    w.trace_leave(level);
                    flow
                }
                None => Ok(Flow::Next),
            },
        );
        self.trace_leave(level);
        result
    }

    /// Runs a block of a card's tree: `Flow::Return` when a Return ended the
    /// card. `innermost` is the innermost loop around the block in its card
    /// (a site), or `NO_LOOP`. Unlike the machine, the walker recurses on
    /// Rust's stack for each block and each call: at most `MAX_DEPTH` calls
    /// of at most 64 nested blocks (`compile`'s limit), some 400 bytes a
    /// block, so a card nested that deep that also recurses that deep needs
    /// more than a 2 MB test thread's stack.
    fn walk(&mut self, g: &Game, cx: &Ctx, block: &[Step], innermost: u32, trees: &Trees) -> Res<Flow> {
        for step in block {
            if self.walk_step(g, cx, step, innermost, trees)? == Flow::Return {
                return Ok(Flow::Return);
            }
        }
        Ok(Flow::Next)
    }

    /// One step of a tree, its faults placed as the machine places an op's
    /// (see `place`): at the step, or, when the budget ran out, at the
    /// innermost loop. A loop's own condition, count and budget belong
    /// inside it, as its ops do (`lower.rs`); a Repeat's count expression
    /// is read before it.
    fn walk_step(&mut self, g: &Game, cx: &Ctx, step: &Step, innermost: u32, trees: &Trees) -> Res<Flow> {
        if self.trace.is_some() {
            return self.walk_step_traced(g, cx, step, |w| w.walk_step_as_written(g, cx, step, innermost, trees));
        }
        self.walk_step_as_written(g, cx, step, innermost, trees)
    }

    /// [`World::walk_step`]'s step, run (a trace told of each condition read).
    fn walk_step_as_written(&mut self, g: &Game, cx: &Ctx, step: &Step, innermost: u32, trees: &Trees) -> Res<Flow> {
        let site = step.site;
        macro_rules! at {
            ($e:expr, $loop:expr) => {
                match $e {
                    Ok(v) => v,
                    Err(f) => return Err(self.place(f, site, $loop)),
                }
            };
            ($e:expr) => {
                at!($e, innermost)
            };
        }
        match &step.kind {
            StepKind::Declare { slot, ty, value } => at!(self.declare(g, cx, *slot, *ty, value)),
            StepKind::Set { target: target @ Target::Local(..), op, value } => {
                let v = at!(self.eval(g, cx, value));
                at!(self.assign(g, cx, target, *op, v));
            }
            StepKind::SetCell { table, row, column: column @ ColumnRef::Fixed(_), value } => {
                at!(self.set_cell(g, cx, *table, row, column, value))
            }
            StepKind::ResetTable(t) => self.reset_table(g, *t),
            StepKind::ControlRow { table, row, remove, answer } => {
                let r = at!(self.eval(g, cx, row));
                let existed = at!(self.control_row(g, *table, r, *remove));
                if let Some(slot) = answer {
                    self.stack[cx.base + slot.0 as usize] = Value::Bool(existed);
                }
            }
            StepKind::Call { function, args, answer } => {
                at!(self.walk_call(g, cx, *function, args, *answer, trees));
            }
            StepKind::If { cond, then, otherwise } => {
                let taken = at!(self.truth(g, cx, cond));
                if self.trace.is_some() {
                    self.trace_condition(site, taken);
                }
                return self.walk(g, cx, if taken { then } else { otherwise }, innermost, trees);
            }
            StepKind::While { cond, body } => loop {
                if self.trace.is_some() {
                    self.trace_look(site);
                }
                let holds = at!(self.truth(g, cx, cond), site);
                if self.trace.is_some() {
                    self.trace_condition(site, holds);
                }
                if !holds {
                    break;
                }
                if self.walk(g, cx, body, site, trees)? == Flow::Return {
                    return Ok(Flow::Return);
                }
                at!(self.spend("a While that never ends?"), site);
            },
            StepKind::Repeat { count, counter, body } => {
                let n = at!(self.eval(g, cx, count));
                let n = repeat_count(at!(want_num(n), site));
                let mut i = 0.0;
                while i < n {
                    at!(self.spend("a Repeat that counts too far?"), site);
                    self.stack[cx.base + counter.0 as usize] = Value::Num(i);
                    if self.walk(g, cx, body, site, trees)? == Flow::Return {
                        return Ok(Flow::Return);
                    }
                    i += 1.0;
                }
            }
            StepKind::Return(e) if matches!(cx_returns(g, step), Some(Returns::Value(_))) => {
                return Ok(at!(self.return_value(g, cx, step, e)));
            }
            StepKind::ReturnStruct(values) if returns_struct_of(g, step, values.len()) => {
                return Ok(at!(self.return_struct(g, cx, step, values)));
            }
            // What the machine hands over (`lower.rs`'s fallback), the same
            // way: a step of the budget each.
            StepKind::Set { .. }
            | StepKind::SetCell { .. }
            | StepKind::Return(_)
            | StepKind::ReturnStruct(_)
            | StepKind::Trigger { .. }
            | StepKind::Create { .. }
            | StepKind::Sprite { .. }
            | StepKind::SetState(_)
            | StepKind::IsState { .. }
            | StepKind::ShowGroup { .. }
            | StepKind::RestartGame
            | StepKind::SwitchComponent { .. }
            | StepKind::HasRow { .. }
            | StepKind::SetPosition { .. }
            | StepKind::SetSprite { .. }
            | StepKind::SetScale { .. }
            | StepKind::LoadValue { .. }
            | StepKind::SaveValue { .. }
            | StepKind::SaveGame { .. }
            | StepKind::LoadGame { .. }
            | StepKind::HasSavedGame { .. }
            | StepKind::InputContext { .. }
            | StepKind::CallLibrary { .. }
            | StepKind::ForgetSavedGame(_)
            | StepKind::CopyText(_)
            | StepKind::PasteInto(_)
            | StepKind::PlaySound(_)
            | StepKind::Time(_)
            | StepKind::Draw(_) => return Ok(at!(self.handed_step(g, cx, step, Some(trees)))),
        }
        Ok(Flow::Next)
    }

    /// `call: FUNCTION, with: {...}`: each argument read and made to fit its
    /// parameter, then the call as the machine's `Op::Call` makes it.
    fn walk_call(
        &mut self,
        g: &Game,
        cx: &Ctx,
        f: FuncId,
        args: &[Expr],
        answer: Option<Slot>,
        trees: &Trees,
    ) -> Res<()> {
        let func = &g.functions[f.index()];
        let mut values = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            let v = self.eval(g, cx, a)?;
            values.push(match func.params.get(i) {
                Some(p) => self.coerce(p.ty, v)?,
                None => v,
            });
        }
        self.begin_call(func, values.len())?;
        self.invoke_walked(g, cx, f, trees, |_, i| values[i])?;
        if let Some(slot) = answer {
            self.take_answer(g, func, cx.base + slot.0 as usize);
        }
        Ok(())
    }

    pub(crate) fn clear_answer(&mut self, g: &Game, returns: Returns) {
        match returns {
            Returns::Nothing => {}
            Returns::Value(ty) => self.ret[0] = ty.zero(),
            Returns::Struct(s) => {
                for (i, f) in g.structs[s.index()].fields.iter().enumerate() {
                    self.ret[i] = f.default;
                }
            }
        }
    }

    // Inlined into `step_rare`, where the machine sets sprites (Square Marks, for one).
    #[inline(always)]
    fn set_sprite(&mut self, g: &Game, id: ObjectId, prop: SpriteProp, v: Value) -> Res<()> {
        let frames = {
            let o = &self.objects[id.0 as usize];
            g.types[o.ty.0 as usize].sprite.as_ref().map(|s| s.frames)
        };
        let o = &mut self.objects[id.0 as usize];
        match prop {
            SpriteProp::Alpha => o.alpha = want_num(v)?.clamp(0.0, 1.0) as f32,
            SpriteProp::Visible => o.visible = want_bool(v)?,
            SpriteProp::Tint => o.tint = want_color(v)?,
            SpriteProp::ButtonOn => {
                let on = want_bool(v)?;
                let t = &g.types[o.ty.0 as usize];
                if t.layer != crate::game::Layer::Screen || t.hit_box.is_none() {
                    return fail(format!(
                        "Set Button On on the Object `{}` ({}), which is no button (a screen Object with a box)",
                        self.syms.text(o.name),
                        t.name
                    ));
                }
                o.button_off = !on;
            }
            SpriteProp::Frame => {
                let n = want_num(v)?;
                let Some(frames) = frames else { return fail("Set Frame on an Object that has no sprite") };
                if !(n >= 0.0 && n < frames as f64) {
                    return fail(format!(
                        "frame {} is past the last frame of this sprite ({})",
                        format_number(n),
                        frames - 1
                    ));
                }
                o.frame = n as u32;
            }
        }
        Ok(())
    }

    fn assign(&mut self, g: &Game, cx: &Ctx, target: &Target, op: Operator, v: Value) -> Res<()> {
        let old = if op == Operator::Set { Value::None } else { self.read_target(g, cx, target)? };
        let v = match op {
            Operator::Set => v,
            Operator::Add => self.binary(BinaryOp::Add, old, v)?,
            Operator::Sub => self.binary(BinaryOp::Sub, old, v)?,
            Operator::Mul => self.binary(BinaryOp::Mul, old, v)?,
        };
        match target {
            Target::Local(slot, ty) => self.stack[cx.base + slot.0 as usize] = self.coerce(*ty, v)?,
            Target::Global(id) => {
                let v = self.coerce(g.globals[id.index()].ty, v)?;
                self.globals[id.index()] = v;
            }
            Target::Prop(r, prop) => {
                let id = self.object(g, cx, r)?;
                self.write_prop(g, id, *prop, v)?;
            }
        }
        Ok(())
    }

    /// What a target holds now, for `+=`, `-=` and `*=`.
    fn read_target(&mut self, g: &Game, cx: &Ctx, target: &Target) -> Res<Value> {
        match target {
            Target::Local(slot, _) => Ok(self.stack[cx.base + slot.0 as usize]),
            Target::Global(id) => Ok(self.globals[id.index()]),
            Target::Prop(r, prop) => {
                let id = self.object(g, cx, r)?;
                self.read_prop(g, id, *prop)
            }
        }
    }

    /// A property of an Object, as an expression reads it.
    fn read_prop(&mut self, g: &Game, id: ObjectId, prop: Prop) -> Res<Value> {
        Ok(match prop {
            Prop::Name => Value::Text(self.objects[id.0 as usize].name),
            Prop::Field(s, f) => {
                let at = self.field_at(g, id, s, f)?;
                self.objects[id.0 as usize].fields[at]
            }
            Prop::Position(axis) => {
                let o = &self.objects[id.0 as usize];
                Value::Num(f64::from(if axis == Axis::X { o.x } else { o.y }))
            }
            Prop::Text => Value::Text(self.text_in_input(g, id)?),
            Prop::TextColor => Value::Color(self.objects[id.0 as usize].text_color),
        })
    }

    /// A property of an Object, as Change Variable and Change Component Value write it.
    fn write_prop(&mut self, g: &Game, id: ObjectId, prop: Prop, v: Value) -> Res<()> {
        match prop {
            Prop::Name => {
                let name = self.text_value(v)?;
                self.objects[id.0 as usize].name = name;
            }
            Prop::Field(s, f) => {
                let at = self.field_at(g, id, s, f)?;
                let v = self.coerce(g.structs[s.index()].fields[f as usize].ty, v)?;
                self.objects[id.0 as usize].fields[at] = v;
            }
            Prop::Position(axis) => {
                let n = want_num(v)? as f32;
                let o = &mut self.objects[id.0 as usize];
                match axis {
                    Axis::X => o.x = n,
                    Axis::Y => o.y = n,
                }
            }
            Prop::Text => {
                let text = self.text_value(v)?;
                self.objects[id.0 as usize].text = Some(text);
            }
            Prop::TextColor => self.objects[id.0 as usize].text_color = want_color(v)?,
        }
        Ok(())
    }

    pub(super) fn field_at(&self, g: &Game, id: ObjectId, s: StructId, f: u16) -> Res<usize> {
        let o = &self.objects[id.0 as usize];
        let t = &g.types[o.ty.0 as usize];
        match t.struct_offset.get(s.index()).copied().flatten() {
            Some(off) => Ok(off as usize + f as usize),
            None => fail(format!(
                "the Object `{}` ({}) has no {}",
                self.syms.text(o.name),
                t.name,
                g.structs[s.index()].name
            )),
        }
    }

    pub(crate) fn object(&mut self, g: &Game, cx: &Ctx, r: &ObjRef) -> Res<ObjectId> {
        let v = match r {
            ObjRef::This => return cx.this.map_or_else(|| fail("`self` is no Object here"), Ok),
            ObjRef::Other => cx.other,
            ObjRef::Expr(e) => self.eval(g, cx, e)?,
        };
        match v {
            Value::Obj(id) if (id.0 as usize) < self.objects.len() => Ok(id),
            Value::None => fail("no Object here (`other` or an Object variable that was never set)"),
            other => fail(format!("expected an Object, found {}", other.type_name())),
        }
    }

    pub(super) fn column(&mut self, g: &Game, cx: &Ctx, t: TableId, c: &ColumnRef) -> Res<ColumnId> {
        match c {
            ColumnRef::Fixed(c) => Ok(*c),
            ColumnRef::Dynamic(e) => {
                let v = self.eval(g, cx, e)?;
                let Value::Text(sym) = v else {
                    return fail(format!("a column's name must be a Text, found {}", v.type_name()));
                };
                match g.tables[t.index()].column_index.get(&sym) {
                    Some(&c) => Ok(c),
                    None => fail(format!(
                        "the table `{}` has no column `{}`",
                        g.tables[t.index()].name,
                        self.syms.text(sym)
                    )),
                }
            }
        }
    }

    /// A row by its name or its 0-based number.
    #[inline(always)]
    pub(crate) fn row_index(&self, g: &Game, t: TableId, row: Value) -> Res<usize> {
        match self.tables[t.index()].row_of(&row) {
            Some(i) => Ok(i),
            None => self.no_row(g, t, row),
        }
    }

    #[cold]
    #[inline(never)]
    fn no_row(&self, g: &Game, t: TableId, row: Value) -> Res<usize> {
        let (name, count) = (&g.tables[t.index()].name, self.tables[t.index()].row_count());
        match row {
            Value::Num(n) => {
                let rows = match count {
                    0 => "no rows".to_string(),
                    1 => "1 row, number 0".to_string(),
                    n => format!("{n} rows, numbers 0 to {}", n - 1),
                };
                fail(format!("the table `{name}` has no row number {} (it has {rows})", format_number(n)))
            }
            Value::Text(sym) => fail(format!("the table `{name}` has no row `{}`", self.syms.text(sym))),
            other => fail(format!("a row is named by a Text or numbered by a Number, found {}", other.type_name())),
        }
    }

    /// Any value as text (numbers as a player reads them).
    #[inline(always)]
    pub(crate) fn text_value(&mut self, v: Value) -> Res<Sym> {
        match v {
            Value::Text(s) => Ok(s),
            other => self.shown_text(other),
        }
    }

    /// A value that is not a Text, as text: a Text made (`make_text`).
    #[inline(never)]
    fn shown_text(&mut self, v: Value) -> Res<Sym> {
        match v {
            Value::Num(n) => self.make_text(&format_number(n)),
            other => {
                let shown = crate::value::Shown(other, &self.syms).to_string();
                self.make_text(&shown)
            }
        }
    }

    /// A Text made while playing (joined, a template's holes filled, a
    /// value shown): its symbol, or a fault when it is longer than
    /// game.yaml's `limits: text`, or new and the Texts made so far would
    /// cost more than `limits: texts` (`World::texts_most`). A Text already
    /// known costs nothing more.
    #[inline(never)]
    pub(crate) fn make_text(&mut self, text: &str) -> Res<Sym> {
        if text.len() > self.limits.text {
            return self.text_too_long();
        }
        self.spend_bytes(text.len())?;
        match self.syms.intern_within(text, self.texts_most) {
            Some(sym) => Ok(sym),
            None => {
                let what = format!("the Texts made while playing would take more than {} bytes", self.limits.texts);
                past_limit(what, "texts")
            }
        }
    }

    /// The fault of a Text longer than game.yaml's `limits: text`.
    #[cold]
    pub(crate) fn text_too_long<T>(&self) -> Res<T> {
        past_limit(format!("a Text would be longer than {} bytes", self.limits.text), "text")
    }

    /// One more Event or call may begin: the depth is below game.yaml's
    /// `limits: depth` (`MAX_DEPTH` at most).
    pub(crate) fn check_depth(&self) -> Res<()> {
        self.check_depth_nested(0)
    }

    /// One more call may begin `nested` calls deeper than the running card
    /// (a Function's code copied into a copied Function: see `Op::Enter`).
    #[inline(always)]
    pub(crate) fn check_depth_nested(&self, nested: u16) -> Res<()> {
        if self.depth + u32::from(nested) < self.limits.depth {
            return Ok(());
        }
        too_deep(self.limits.depth)
    }

    /// A value made to fit a declared type, as Set Data Cell and Change Variable do.
    #[inline]
    pub(crate) fn coerce(&mut self, ty: Type, v: Value) -> Res<Value> {
        if ty.holds(v) {
            Ok(v)
        } else {
            self.convert(ty, v)
        }
    }

    #[cold]
    fn convert(&mut self, ty: Type, v: Value) -> Res<Value> {
        Ok(match (ty, v) {
            (ty, v) if ty.holds(v) => v,
            (Type::Text, Value::Num(_) | Value::Bool(_)) => Value::Text(self.text_value(v)?),
            (Type::Number, Value::Text(s)) => match self.syms.text(s).trim().parse::<f64>() {
                Ok(n) if n.is_finite() => Value::Num(n),
                _ => return fail(format!("expected a Number, found the Text '{}'", self.syms.text(s))),
            },
            (Type::Boolean, Value::Text(s)) => match parse_bool(self.syms.text(s)) {
                Some(b) => Value::Bool(b),
                None => return fail(format!("expected a Boolean, found the Text '{}'", self.syms.text(s))),
            },
            (Type::Color, Value::Text(s)) => match parse_color(self.syms.text(s)) {
                Some(c) => Value::Color(c),
                None => return fail(format!("expected a Color, found the Text '{}'", self.syms.text(s))),
            },
            (ty, v) => return fail(format!("expected a {}, found {}", ty.name(), v.type_name())),
        })
    }

    /// An expression that must give a Number.
    fn num(&mut self, g: &Game, cx: &Ctx, e: &Expr) -> Res<f64> {
        self.num_as::<true>(g, cx, e)
    }

    fn num_as<const TRACE: bool>(&mut self, g: &Game, cx: &Ctx, e: &Expr) -> Res<f64> {
        let v = self.eval_as::<TRACE>(g, cx, e)?;
        want_num(v)
    }

    /// A condition: `&&` does not look at its right side when the left is
    /// false, nor `||` when it is true.
    fn truth(&mut self, g: &Game, cx: &Ctx, e: &Expr) -> Res<bool> {
        self.truth_as::<true>(g, cx, e)
    }

    fn truth_as<const TRACE: bool>(&mut self, g: &Game, cx: &Ctx, e: &Expr) -> Res<bool> {
        match e {
            Expr::And(a, b) => Ok(self.truth_as::<TRACE>(g, cx, a)? && self.truth_as::<TRACE>(g, cx, b)?),
            Expr::Or(a, b) => Ok(self.truth_as::<TRACE>(g, cx, a)? || self.truth_as::<TRACE>(g, cx, b)?),
            _ => {
                let v = self.eval_as::<TRACE>(g, cx, e)?;
                want_bool(v)
            }
        }
    }

    /// Evaluates an expression outside any card (a UI text's hole, the driver's `eval`).
    pub fn eval_loose(&mut self, g: &Game, this: Option<ObjectId>, e: &Expr) -> Res<Value> {
        let cx = Ctx { this, other: Value::None, attachment: None, base: self.stack.len() };
        self.eval(g, &cx, e)
    }

    /// A row that is not there: a fault, or the column's default if the table says so.
    #[cold]
    pub(crate) fn missing_row(&self, g: &Game, t: TableId, r: Value, c: ColumnId, e: Box<Fail>) -> Res<Value> {
        match (g.tables[t.index()].missing_rows, r) {
            (MissingRows::Default, _) | (MissingRows::DefaultForEmptyName, Value::Text(EMPTY)) => {
                Ok(g.tables[t.index()].columns[c.index()].default)
            }
            _ => Err(e),
        }
    }

    /// An expression's value. The tree walker evaluates what the register
    /// machine hands over (`Op::Eval`), UI texts' holes and the driver's
    /// `eval`; cards' hot expressions are ops (`code/`). The `inline`
    /// hint is measured, not reasoned: without it the machine's loop, which
    /// calls this for `Op::Eval`, compiles to 2.6 % more instructions.
    #[inline]
    pub fn eval(&mut self, g: &Game, cx: &Ctx, e: &Expr) -> Res<Value> {
        self.eval_as::<true>(g, cx, e)
    }

    /// An expression's value, its reads not traced: the register machine's
    /// `Op::Eval`, which never runs while a trace is made (a traced command
    /// runs on the walker), so pays no check for one.
    #[inline]
    pub(crate) fn eval_untraced(&mut self, g: &Game, cx: &Ctx, e: &Expr) -> Res<Value> {
        self.eval_as::<false>(g, cx, e)
    }

    /// `TRACE`: tell the trace, when one is being made, of each cell and
    /// field read.
    #[inline]
    fn eval_as<const TRACE: bool>(&mut self, g: &Game, cx: &Ctx, e: &Expr) -> Res<Value> {
        Ok(match e {
            Expr::Const(v) => *v,
            Expr::Local(slot) => self.stack[cx.base + slot.0 as usize],
            Expr::Global(id) => self.globals[id.index()],
            Expr::Shared(i) => {
                let Some((ty, a)) = cx.attachment else { return fail("a Shared Variable outside a Logic Component") };
                g.types[ty.0 as usize].attachments[a as usize].shared[*i as usize]
            }
            Expr::Object(r) => Value::Obj(self.object(g, cx, r)?),
            Expr::Prop(r, prop) => {
                let id = self.object(g, cx, r)?;
                let v = self.read_prop(g, id, *prop)?;
                if let (true, Prop::Field(s, f)) = (TRACE && self.trace.is_some(), prop) {
                    self.trace_read_field(id, *s, *f, v);
                }
                v
            }
            Expr::Data(t, row, col) => {
                let r = self.eval_as::<TRACE>(g, cx, row)?;
                let c = self.column(g, cx, *t, col)?;
                let v = self.data(g, *t, r, c)?;
                if TRACE && self.trace.is_some() {
                    self.trace_read_cell(g, *t, r, c, v);
                }
                v
            }
            Expr::DataRow(t, i) => {
                let i = self.eval_as::<TRACE>(g, cx, i)?;
                let r = self.row_index(g, *t, i)?;
                Value::Text(self.tables[t.index()].rows()[r])
            }
            Expr::DataCount(t) => Value::Num(self.tables[t.index()].row_count() as f64),
            Expr::DataFind(t, col, value) => {
                let c = self.column(g, cx, *t, col)?;
                let v = self.eval_as::<TRACE>(g, cx, value)?;
                let v = self.coerce(g.tables[t.index()].columns[c.index()].ty, v).unwrap_or(v);
                let table = &self.tables[t.index()];
                let found = (0..table.row_count()).find(|&r| table.cell(r, c).same(&v));
                let found = found.map_or(-1.0, |r| r as f64);
                if TRACE && self.trace.is_some() {
                    self.trace_find(*t, c, v, found);
                }
                Value::Num(found)
            }
            Expr::Abs(a) => Value::Num(self.num_as::<TRACE>(g, cx, a)?.abs()),
            Expr::Floor(a) => Value::Num(self.num_as::<TRACE>(g, cx, a)?.floor()),
            Expr::Random(a) => {
                let n = self.eval_as::<TRACE>(g, cx, a)?;
                self.random_below(n)?
            }
            Expr::Pointer(axis) => Value::Num(f64::from(match axis {
                crate::program::Axis::X => self.pointer.0,
                crate::program::Axis::Y => self.pointer.1,
            })),
            Expr::Clock => Value::Num(self.time),
            Expr::ScreenBeside => Value::Num(f64::from(self.beside)),
            Expr::Clamp(args) => {
                let x = self.num_as::<TRACE>(g, cx, &args[0])?;
                let lo = self.num_as::<TRACE>(g, cx, &args[1])?;
                let hi = self.num_as::<TRACE>(g, cx, &args[2])?;
                Value::Num(x.max(lo).min(hi))
            }
            Expr::Hypot(args) => {
                let x = self.num_as::<TRACE>(g, cx, &args[0])?;
                let y = self.num_as::<TRACE>(g, cx, &args[1])?;
                Value::Num(x.hypot(y))
            }
            Expr::Unary(UnaryOp::Neg, a) => Value::Num(-self.num_as::<TRACE>(g, cx, a)?),
            Expr::Unary(UnaryOp::Not, a) => Value::Bool(!self.truth_as::<TRACE>(g, cx, a)?),
            Expr::And(..) | Expr::Or(..) => Value::Bool(self.truth_as::<TRACE>(g, cx, e)?),
            Expr::Binary(op, a, b) => {
                let a = self.eval_as::<TRACE>(g, cx, a)?;
                let b = self.eval_as::<TRACE>(g, cx, b)?;
                self.binary(*op, a, b)?
            }
        })
    }

    pub(crate) fn binary(&mut self, op: BinaryOp, a: Value, b: Value) -> Res<Value> {
        use BinaryOp::{Add, Div, Eq, Ge, Gt, Le, Lt, Mul, Ne, Rem, Sub};
        Ok(match op {
            Eq => Value::Bool(a.same(&b)),
            Ne => Value::Bool(!a.same(&b)),
            Add => match (a, b) {
                (Value::Num(x), Value::Num(y)) => Value::Num(x + y),
                (Value::Text(_), _) | (_, Value::Text(_)) => {
                    // The texts' own lengths first, so that a join far too
                    // long is never made (a Number or a Color shows in a
                    // few bytes; `make_text` checks the whole).
                    let len = |v: Value| if let Value::Text(s) = v { self.syms.text(s).len() } else { 0 };
                    if len(a).saturating_add(len(b)) > self.limits.text {
                        return self.text_too_long();
                    }
                    let joined =
                        format!("{}{}", crate::value::Shown(a, &self.syms), crate::value::Shown(b, &self.syms));
                    Value::Text(self.make_text(&joined)?)
                }
                _ => return fail(format!("cannot add {} and {}", a.type_name(), b.type_name())),
            },
            _ => {
                let (x, y) = match (a, b) {
                    (Value::Num(x), Value::Num(y)) => (x, y),
                    _ => {
                        return fail(format!(
                            "`{}` needs two Numbers, found {} and {}",
                            op.symbol(),
                            a.type_name(),
                            b.type_name()
                        ))
                    }
                };
                match op {
                    Sub => Value::Num(x - y),
                    Mul => Value::Num(x * y),
                    Div if y == 0.0 => return fail("division by zero"),
                    Div => Value::Num(x / y),
                    Rem if y == 0.0 => return fail("remainder of a division by zero"),
                    Rem => Value::Num(x % y),
                    Lt => Value::Bool(x < y),
                    Le => Value::Bool(x <= y),
                    Gt => Value::Bool(x > y),
                    Ge => Value::Bool(x >= y),
                    _ => unreachable!("handled above"),
                }
            }
        })
    }
}

/// The step's Function answers a structure of `width` fields (the machine
/// runs such a Return itself; any other, it hands over).
fn returns_struct_of(g: &Game, step: &Step, width: usize) -> bool {
    match cx_returns(g, step) {
        Some(Returns::Struct(s)) => g.structs.get(s.index()).is_some_and(|d| d.fields.len() == width),
        _ => false,
    }
}

/// The answer type of the Function a Return step belongs to.
fn cx_returns(g: &Game, step: &Step) -> Option<Returns> {
    match g.sites.get(step.site as usize)?.card {
        CardRef::Function(f) => Some(g.functions[f.index()].returns),
        _ => None,
    }
}
