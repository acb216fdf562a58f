//! The register machine that runs lowered cards ([`crate::code`]). One
//! loop, one `match` per op, every operand a frame slot: no allocation, no
//! name looked up. Rules shared with the tree walker (conversions, operators
//! on mixed types, missing rows) are the tree walker's own functions.

use crate::code::{Arith, Code, Native, NativeCx, Op, NO_LOOP, NO_REG};
use crate::exec::{fail, repeat_count, want_bool, want_num, Ctx, Fail, Flow, Res};
use crate::game::{Function, Game};
use crate::ids::{ColumnId, TableId};
use crate::value::Value;
use crate::world::World;
use expr_grammar::ast::BinaryOp;

/// How many bytes of a Text made (or of the kept values written) cost a
/// step of the budget ([`World::spend_bytes`]): about what a step costs in
/// time, so that an input's budget bounds its time however large its
/// Texts are. A chess game's Texts, under 64 bytes, cost nothing more.
pub const BYTES_A_STEP: usize = 64;

impl World {
    /// Runs a card's code in the frame at `cx.base` (already set up):
    /// `Flow::Return` when a Return ended it (its answer in `self.ret`),
    /// `Flow::Next` when it ran to its end.
    pub(crate) fn exec(&mut self, g: &Game, cx: &Ctx, code: &Code) -> Res<Flow> {
        let base = cx.base;
        // The next op, by pointer rather than by index: going from op to op
        // is the one cost every op pays, and an index costs two more
        // instructions an op to turn into an address. Sound because
        // `Code::check` proved that every jump lands on an op and that the
        // last op is `End`, which returns: `ip` stays among the ops. The
        // ops as the machine runs them, one for one with `code.ops()`, each
        // register named by its place in words (`Code::machine_ops`).
        let ops = code.machine_ops().as_ptr();
        let mut ip = ops;
        // The index of the op that is running (after `ip` moved past it).
        macro_rules! pc {
            () => {
                (ip as usize - ops as usize) / std::mem::size_of::<Op>() - 1
            };
        }
        // Go on at the op `to`.
        macro_rules! jump {
            ($to:expr) => {
                // SAFETY: a jump lands on an op (`Code::check`).
                ip = unsafe { ops.add($to as usize) }
            };
        }
        // An op's fault gets the op's step, unless a deeper card named one.
        macro_rules! at {
            ($e:expr) => {
                match $e {
                    Ok(v) => v,
                    Err(f) => return Err(self.locate(f, code, pc!())),
                }
            };
        }
        // The frame's registers are read through a pointer rather than
        // `self.stack[base + r]`: the bounds check on every operand was a
        // tenth of all the work. Sound because every `Code` passed
        // `Code::check` (only the code room makes one, and it checks each
        // before handing it out), which proved every register an op reads or
        // writes through `reg!` below `code.frame().len()`; the frame is that
        // long (checked here); and the pointer is taken again after every op
        // that may move the stack, which `Op::moves_stack` says, once, beside
        // the op (a call, an expression or a step handed to the tree walker).
        // In debug builds (the tests) every read checks the pointer is fresh:
        // taken since the last frame was pushed, where the stack is now.
        if self.stack.len() < base + code.frame().len() {
            return fail("a card ran without its frame");
        }
        // The cells `data()` reads are read without bounds checks (a tenth
        // of a read's work): sound because each table the code reads is
        // there and as wide as the code reads it (checked here, and again
        // after any op that may have run other code), and a row number
        // comes from `Table::row_of`, which gives only rows the table has.
        if !self.tables_fit(code) {
            return Err(mismatch("the World's tables are not those its cards read"));
        }
        // SAFETY: base + frame.len() <= stack.len(), just checked.
        let mut fp: *mut Value = unsafe { self.stack.as_mut_ptr().add(base) };
        let mut taken = self.stack.stamp();
        macro_rules! fresh {
            () => {
                debug_assert!(
                    self.stack.stamp() == taken,
                    "op {} of its card read a register through a stale frame pointer: an op before it \
                     pushed a frame, and `Op::moves_stack` does not say it may",
                    pc!()
                )
            };
        }
        // A register named as the machine's ops name it: its place in 8-byte
        // words, twice its number (one scaled addition, no shift first).
        macro_rules! reg {
            ($r:expr) => {
                // SAFETY: see above; `$r / 2 < code.frame().len()`, and `$r`
                // is even, so the address is a Value's.
                *unsafe {
                    fresh!();
                    debug_assert!(($r as usize) % 2 == 0 && ($r as usize) / 2 < code.frame().len());
                    &mut *fp.cast::<u64>().add($r as usize).cast::<Value>()
                }
            };
        }
        // A register named by its number (a list's: `Code::lists`).
        macro_rules! reg_numbered {
            ($r:expr) => {
                reg!(2 * $r as usize)
            };
        }
        macro_rules! stack_moved {
            () => {
                // SAFETY: as above; the frame is still there (calls truncate back to their own base).
                fp = unsafe { self.stack.as_mut_ptr().add(base) };
                taken = self.stack.stamp();
                // What ran may have changed the World's tables.
                if !self.tables_fit(code) {
                    let why = mismatch("the World's tables are not those its cards read");
                    return Err(self.locate(why, code, pc!()));
                }
            };
        }
        // `data(table, row, column)` of the row register `row`, as `v` (a
        // reference to the cell) in `body`: the row found with no `Result`
        // on the way, the fault or the column's default (`World::data`) only
        // when there is no such row. Read in place: copying the cell out
        // first cost more.
        macro_rules! with_cell {
            ($table:expr, $row:expr, $column:expr, |$v:ident| $body:expr) => {{
                // SAFETY: the table is there (`tables_fit`).
                let t = unsafe { self.tables.get_unchecked($table.index()) };
                match t.row_of(&reg!($row)) {
                    Some(i) => {
                        // SAFETY: `row_of` gives a row the table has, and
                        // the table is as wide as the column (`tables_fit`).
                        let $v = unsafe { t.cell_unchecked(i, $column) };
                        $body
                    }
                    None => {
                        let slow = at!(self.data(g, $table, reg!($row), $column));
                        let $v = &slow;
                        $body
                    }
                }
            }};
        }
        // The ops' arms, each followed by the frame pointer taken again when
        // `Op::moves_stack` says the op may move the stack. The fact is asked
        // of the op rebuilt from the arm's own fields (an arm must name them
        // all), so the compiler answers it and the ops that do not move the
        // stack pay nothing: asked of the op after the `match`, it cost 12 %
        // more instructions.
        macro_rules! run {
            ($op:expr; $(Op::$name:ident $({ $($field:ident),* })? => $body:expr,)*) => {
                match $op {
                    $(Op::$name $({ $($field),* })? => {
                        $body;
                        #[allow(unreachable_code)]
                        if moves_stack(&Op::$name $({ $($field),* })?) {
                            stack_moved!();
                        }
                    })*
                }
            };
        }
        // The card's machine code, once it has run often enough
        // (`code/native.rs`): it runs the ops it can from where the
        // interpreter is, and hands back the op the interpreter runs next.
        let native = code.native(self.native_after, |t, c| Some(g.tables.get(t.index())?.columns.get(c.index())?.ty));
        // The views of the tables the machine code reads are taken when it
        // is first entered, and again after an op that may have moved a
        // table's rows or cells (see below).
        let mut views_taken = false;
        loop {
            // The op's index, worked out only when there is machine code.
            let at = || (ip as usize - ops as usize) / std::mem::size_of::<Op>();
            if let Some(native) = native.filter(|n| n.enters(at())) {
                let at = at();
                fresh!();
                if !views_taken {
                    views_taken = self.take_views(native);
                }
                if views_taken {
                    let mut ncx = NativeCx {
                        steps_left: self.steps_left,
                        depth_room: u64::from(self.limits.depth.saturating_sub(self.depth)),
                        views: self.views.as_mut_ptr(),
                    };
                    // SAFETY: the frame is the card's (`fresh!`, and its length
                    // checked above), `at` an op's index (`ip` is among the
                    // ops), the views taken from the World's tables since the
                    // last op that could move them, and those as wide as the
                    // code reads them (`tables_fit`, checked at the start and
                    // after any op that ran other code).
                    let to = unsafe { native.run(fp, &mut ncx, at as u32) };
                    self.steps_left = ncx.steps_left;
                    jump!(to);
                }
            }
            // SAFETY: see `ip` above.
            let op = unsafe { &*ip };
            // Other code may change any table (`Op::moves_stack`: a call, a
            // step, an expression); `ControlRow` and `ResetTable` take
            // their own table's view again themselves.
            views_taken &= !op.moves_stack();
            ip = unsafe { ip.add(1) };
            run! { *op;
                Op::Copy { dst, src } => reg!(dst) = reg!(src),
                Op::Store { dst, src, ty } => {
                    if ty.holds(reg!(src)) {
                        reg!(dst) = reg!(src);
                    } else {
                        let v = at!(self.coerce(ty, reg!(src)));
                        reg!(dst) = v;
                    }
                },
                Op::Global { dst, global } => reg!(dst) = self.globals[global.index()],
                Op::Data { dst, table, row, column } => {
                    let v = with_cell!(table, row, column, |v| *v);
                    reg!(dst) = v;
                },
                Op::ArithData { arith, data_first, dst, a, table, row, column } => {
                    let cell = with_cell!(table, row, column, |v| *v);
                    if let (&Value::Num(x), Value::Num(c)) = (&reg!(a), cell) {
                        let (l, r) = if data_first { (c, x) } else { (x, c) };
                        reg!(dst) = Value::Num(match arith {
                            Arith::Add => l + r,
                            Arith::Sub => l - r,
                            Arith::Mul => l * r,
                        });
                    } else {
                        let (l, r) = if data_first { (cell, reg!(a)) } else { (reg!(a), cell) };
                        let v = at!(self.binary(arith.op(), l, r));
                        reg!(dst) = v;
                    }
                },
                Op::JumpDataEq { table, row, column, b, when, to } => {
                    if with_cell!(table, row, column, |v| v.same(&reg!(b))) == when {
                        jump!(to);
                    }
                },
                Op::JumpDataText { table, row, column, text, when, to } => {
                    if with_cell!(table, row, column, |v| matches!(*v, Value::Text(s) if s == text)) == when {
                        jump!(to);
                    }
                },
                Op::DataRow { dst, table, row } => {
                    let i = at!(self.row_index(g, table, reg!(row)));
                    reg!(dst) = Value::Text(self.tables[table.index()].rows()[i]);
                },
                Op::DataCount { dst, table } => reg!(dst) = Value::Num(self.tables[table.index()].row_count() as f64),
                Op::Add { dst, a, b } => {
                    if let (&Value::Num(x), &Value::Num(y)) = (&reg!(a), &reg!(b)) {
                        reg!(dst) = Value::Num(x + y);
                    } else {
                        let v = at!(self.binary(BinaryOp::Add, reg!(a), reg!(b)));
                        reg!(dst) = v;
                    }
                },
                Op::Sub { dst, a, b } => {
                    if let (&Value::Num(x), &Value::Num(y)) = (&reg!(a), &reg!(b)) {
                        reg!(dst) = Value::Num(x - y);
                    } else {
                        let v = at!(self.binary(BinaryOp::Sub, reg!(a), reg!(b)));
                        reg!(dst) = v;
                    }
                },
                Op::Mul { dst, a, b } => {
                    if let (&Value::Num(x), &Value::Num(y)) = (&reg!(a), &reg!(b)) {
                        reg!(dst) = Value::Num(x * y);
                    } else {
                        let v = at!(self.binary(BinaryOp::Mul, reg!(a), reg!(b)));
                        reg!(dst) = v;
                    }
                },
                Op::Binary { op, dst, a, b } => {
                    let v = at!(self.binary(op, reg!(a), reg!(b)));
                    reg!(dst) = v;
                },
                Op::Neg { dst, a } => reg!(dst) = Value::Num(-at!(want_num(reg!(a)))),
                Op::Not { dst, a } => reg!(dst) = Value::Bool(!at!(want_bool(reg!(a)))),
                Op::Abs { dst, a } => reg!(dst) = Value::Num(at!(want_num(reg!(a))).abs()),
                Op::Floor { dst, a } => reg!(dst) = Value::Num(at!(want_num(reg!(a))).floor()),
                Op::Random { dst, a } => {
                    let v = at!(self.random_below(reg!(a)));
                    reg!(dst) = v;
                },
                Op::Eval { dst, expr } => {
                    let v = at!(self.eval_untraced(g, cx, &code.exprs()[expr as usize]));
                    // Not through `reg!`: the pointer is taken again below.
                    self.stack[base + dst as usize / 2] = v;
                },
                Op::Jump { to } => jump!(to),
                Op::JumpBool { cond, when, to } => {
                    if at!(want_bool(reg!(cond))) == when {
                        jump!(to);
                    }
                },
                Op::JumpEq { a, b, when, to } => {
                    if reg!(a).same(&reg!(b)) == when {
                        jump!(to);
                    }
                },
                Op::JumpCmp { cmp, a, b, when, to } => {
                    let holds = match (&reg!(a), &reg!(b)) {
                        // All four at once, and one picked: cheaper than a jump on `cmp`.
                        (&Value::Num(x), &Value::Num(y)) => [x < y, x <= y, x > y, x >= y][cmp as usize],
                        (&x, &y) => at!(self.binary(cmp.op(), x, y).and_then(want_bool)),
                    };
                    if holds == when {
                        jump!(to);
                    }
                },
                Op::JumpOutside { x, lo, hi, to } => {
                    let inside = match (&reg!(x), &reg!(lo), &reg!(hi)) {
                        (&Value::Num(v), &Value::Num(l), &Value::Num(h)) => v >= l && v <= h,
                        (&v, &l, &h) => {
                            at!(self.binary(BinaryOp::Ge, v, l).and_then(want_bool))
                                && at!(self.binary(BinaryOp::Le, v, h).and_then(want_bool))
                        }
                    };
                    if !inside {
                        jump!(to);
                    }
                },
                Op::Loop { to } => {
                    at!(self.spend("a While that never ends?"));
                    jump!(to);
                },
                Op::RepeatStart { count, limit, index, counter, exit } => {
                    let n = repeat_count(at!(want_num(reg!(count))));
                    if n == 0.0 {
                        jump!(exit);
                    } else {
                        at!(self.spend("a Repeat that counts too far?"));
                        reg!(limit) = Value::Num(n);
                        reg!(index) = Value::Num(0.0);
                        reg!(counter) = Value::Num(0.0);
                    }
                },
                Op::RepeatNext { limit, index, counter, to } => {
                    if let (&Value::Num(i), &Value::Num(n)) = (&reg!(index), &reg!(limit)) {
                        if i + 1.0 < n {
                            at!(self.spend("a Repeat that counts too far?"));
                            reg!(index) = Value::Num(i + 1.0);
                            reg!(counter) = Value::Num(i + 1.0);
                            jump!(to);
                        }
                    }
                },
                Op::Call { function, args, answer } => {
                    // The game's Functions are not the code's to vouch for
                    // (they are public fields of `Game`): the callee, and
                    // that its answer lands in the caller's locals, are
                    // checked here, once a call.
                    let Some(func) = g.functions.get(function.index()) else {
                        return Err(self.locate(
                            mismatch("a call of a Function that is not in the game"),
                            code,
                            pc!(),
                        ));
                    };
                    at!(self.call(g, cx, func, &code.lists()[args as usize..], base));
                    if answer != NO_REG {
                        let width = g.answer_width(func.returns);
                        let answer = answer as usize / 2;
                        if answer + width > code.locals() {
                            let why = format!("the answer of `{}` does not fit its caller's locals", func.name);
                            return Err(self.locate(mismatch(why), code, pc!()));
                        }
                        self.take_answer(g, func, base + answer);
                    }
                },
                Op::Return { src, ty } => {
                    self.ret[0] = at!(self.coerce(ty, reg!(src)));
                    return Ok(Flow::Return);
                },
                Op::ReturnStruct { values, structure } => {
                    let fields = &g.structs[structure.index()].fields;
                    let Some(regs) = code.lists().get(values as usize..values as usize + fields.len()) else {
                        return Err(self.locate(mismatch("a Return's values do not fit its structure"), code, pc!()));
                    };
                    for (i, (f, &r)) in fields.iter().zip(regs).enumerate() {
                        let v = reg_numbered!(r);
                        self.ret[i] = at!(self.coerce(f.ty, v));
                    }
                    return Ok(Flow::Return);
                },
                Op::SetCell { table, row, column, src } => {
                    let r = at!(self.row_index(g, table, reg!(row)));
                    let v = at!(self.coerce(g.tables[table.index()].columns[column.index()].ty, reg!(src)));
                    *self.tables[table.index()].cell_mut(r, column) = v;
                },
                Op::Enter { nested, dst, src, len } => {
                    at!(self.spend("calls that never end?"));
                    at!(self.check_depth_nested(nested));
                    fresh!();
                    // SAFETY: `Code::check` proved both ranges inside the frame;
                    // the inliner never makes them overlap (the source is a
                    // region of first values of its own).
                    unsafe { std::ptr::copy_nonoverlapping(fp.add(src as usize / 2), fp.add(dst as usize / 2), len as usize) }
                },
                Op::ResetTable { table } => {
                    self.reset_table(g, table);
                    if views_taken {
                        self.take_view(native, table);
                    }
                },
                Op::ControlRow { table, row, remove, answer } => {
                    let existed = at!(self.control_row(g, table, reg!(row), remove));
                    if views_taken {
                        self.take_view(native, table);
                    }
                    if answer != NO_REG {
                        reg!(answer) = Value::Bool(existed);
                    }
                },
                Op::Step { step } => {
                    if at!(self.leaf_step(g, cx, &code.steps()[step as usize])) == Flow::Return {
                        return Ok(Flow::Return);
                    }
                },
                Op::End => return Ok(Flow::Next),
            }
        }
    }

    /// Takes the views of the tables `native` reads (`false` when one is
    /// not there: only code that changed a loaded game can make that, and
    /// the interpreter then faults as it reads it).
    fn take_views(&mut self, native: &Native) -> bool {
        self.views.clear();
        for &t in native.tables() {
            match self.tables.get_mut(t.index()) {
                Some(table) => self.views.push(table.view()),
                None => return false,
            }
        }
        true
    }

    /// Takes again the view of `table`, whose rows changed, if `native`
    /// reads it (its views taken: `take_views`).
    #[inline]
    fn take_view(&mut self, native: Option<&Native>, table: TableId) {
        if let Some(slot) = native.and_then(|n| n.tables().iter().position(|&t| t == table)) {
            if let (Some(view), Some(t)) = (self.views.get_mut(slot), self.tables.get_mut(table.index())) {
                *view = t.view();
            }
        }
    }

    /// Each table whose cells `code` reads unchecked is there, and as wide
    /// as the code reads it (`Code::cells_read`).
    #[inline]
    fn tables_fit(&self, code: &Code) -> bool {
        code.cells_read().iter().all(|&(t, c)| self.tables.get(t.index()).is_some_and(|t| c.index() < t.width()))
    }

    /// `data(table, row, column)`
    #[inline(always)]
    pub(crate) fn data(&self, g: &Game, table: TableId, row: Value, column: ColumnId) -> Res<Value> {
        match self.row_index(g, table, row) {
            Ok(i) => Ok(self.tables[table.index()].cell(i, column)),
            Err(e) => self.missing_row(g, table, row, column, e),
        }
    }

    /// Calls `func` with the values of the registers `args` (one per
    /// parameter) of the frame at `caller`; its answer is in `self.ret`.
    #[inline]
    fn call(&mut self, g: &Game, cx: &Ctx, func: &Function, args: &[u16], caller: usize) -> Res<()> {
        self.begin_call(func, args.len())?;
        self.invoke(g, cx, func, |w, i| w.stack[caller + args[i] as usize])
    }

    /// A call step begins, with `given` values for `func`'s parameters: one
    /// step of the budget, and a value for every parameter.
    #[inline(always)]
    pub(crate) fn begin_call(&mut self, func: &Function, given: usize) -> Res<()> {
        self.spend("calls that never end?")?;
        if given < func.params.len() {
            return fail(format!("`{}` is called with too few values", func.name));
        }
        Ok(())
    }

    /// A call's answer (`self.ret`), as wide as `func` answers, copied into
    /// the caller's frame at the stack index `at`.
    #[inline(always)]
    pub(crate) fn take_answer(&mut self, g: &Game, func: &Function, at: usize) {
        let width = g.answer_width(func.returns);
        self.stack[at..at + width].copy_from_slice(&self.ret[..width]);
    }

    /// Runs `func`'s code in a new frame, its parameters given by `arg` (the
    /// i-th value) and made to fit their types; its answer is in `self.ret`.
    #[inline(always)]
    pub(crate) fn invoke(
        &mut self,
        g: &Game,
        cx: &Ctx,
        func: &Function,
        arg: impl Fn(&World, usize) -> Value,
    ) -> Res<()> {
        let frame = (func.code.frame(), Some(func.code.init()));
        self.invoke_with(g, cx, func, frame, arg, |w, inner| w.exec(g, inner, &func.code))
    }

    /// A call, however the card runs (`run`: the machine over its code, or
    /// the tree walker over its tree), in a new frame that starts as `frame`
    /// (its registers all, or the runs the code names: `Code::init`):
    /// the depth checked, the parameters given by `arg` and made to fit
    /// their types, and, when the card runs to its end without a Return,
    /// its type's first value as its answer (in `self.ret`).
    #[inline(always)]
    pub(crate) fn invoke_with(
        &mut self,
        g: &Game,
        cx: &Ctx,
        func: &Function,
        (frame, init): FrameStart,
        arg: impl Fn(&World, usize) -> Value,
        run: impl FnOnce(&mut World, &Ctx) -> Res<Flow>,
    ) -> Res<()> {
        self.check_depth()?;
        // Parameters are the first locals of the callee's frame: its code
        // and its parameters are two fields of a Function, so they are
        // checked to agree here, once a call, not trusted.
        if func.params.len() > func.code.locals() {
            let why = format!("`{}` has more parameters than its code has locals", func.name);
            return Err(mismatch(why));
        }
        let base = match init {
            Some(init) => self.stack.push_frame_init(frame, init),
            None => self.stack.push_frame(frame),
        };
        for (i, p) in func.params.iter().enumerate() {
            let v = arg(self, i);
            match self.coerce(p.ty, v) {
                Ok(v) => self.stack[base + i] = v,
                Err(e) => {
                    self.stack.truncate(base);
                    return Err(e);
                }
            }
        }
        let inner = Ctx { this: cx.this, other: cx.other, attachment: None, base };
        self.depth += 1;
        let result = run(self, &inner);
        self.depth -= 1;
        self.stack.truncate(base);
        if result? == Flow::Next {
            // Ran to its end without a Return: its type's first value (a
            // structure's field defaults), not what a Function it called answered.
            self.clear_answer(g, func.returns);
        }
        Ok(())
    }

    /// One step of the budget an input has.
    #[inline(always)]
    pub(crate) fn spend(&mut self, hint: &str) -> Res<()> {
        if self.steps_left == 0 {
            return self.out_of_steps(hint);
        }
        self.steps_left -= 1;
        Ok(())
    }

    /// A step that handles `bytes` bytes (a Text made, the kept values
    /// written) costs a step of the budget for every [`BYTES_A_STEP`] of them
    /// too, so that the budget bounds time however large the Texts are: a
    /// While that makes a Text of a megabyte each time stops after some
    /// 3,000 turns, not 50 million.
    #[inline]
    pub(crate) fn spend_bytes(&mut self, bytes: usize) -> Res<()> {
        let steps = (bytes / BYTES_A_STEP) as u64;
        if steps > self.steps_left {
            self.steps_left = 0;
            return self.out_of_steps("Texts of many bytes made or kept again and again?");
        }
        self.steps_left -= steps;
        Ok(())
    }

    #[cold]
    fn out_of_steps(&self, hint: &str) -> Res<()> {
        fail(format!("stopped after too many steps for one input ({hint})"))
    }

    /// Names the step a fault happened in: the op's own, unless a card it
    /// called already named one; when the step budget ran out, the innermost
    /// loop, where a While that never ends is.
    #[cold]
    fn locate(&self, f: Box<Fail>, code: &Code, pc: usize) -> Box<Fail> {
        self.place(f, code.sites()[pc], code.loops()[pc])
    }

    /// Names the step a fault happened in: `site`, unless a card it called
    /// already named one; when the step budget ran out, `innermost`, the
    /// innermost loop around the step in its card (`NO_LOOP`: none), unless
    /// a loop deeper in already took the blame. The machine's rule and the
    /// tree walker's.
    #[cold]
    pub(crate) fn place(&self, mut f: Box<Fail>, site: u32, innermost: u32) -> Box<Fail> {
        if self.steps_left == 0 && !f.blamed_loop && innermost != NO_LOOP {
            f.site = Some(innermost);
            f.blamed_loop = true;
        }
        f.site.get_or_insert(site);
        f
    }
}

/// What a new frame starts as: its first values, and the runs of registers
/// (first, count) that must start so (`Code::init`), or `None` for all.
pub(crate) type FrameStart<'a> = (&'a [Value], Option<&'a [(u16, u16)]>);

/// [`Op::moves_stack`]: after these ops the machine takes its frame pointer
/// again. A unit test may make the fact wrong for one op, to see the
/// machine's check catch it.
#[inline(always)]
fn moves_stack(op: &Op) -> bool {
    #[cfg(test)]
    if tests::FORGOTTEN.with(|f| f.get() == Some(std::mem::discriminant(op))) {
        return false;
    }
    op.moves_stack()
}

/// A fault for a game whose parts disagree: only code that changed a loaded
/// `Game` (its fields are public) can make one; a content folder cannot.
#[cold]
fn mismatch(why: impl Into<String>) -> Box<Fail> {
    let message = format!("{} (the game was changed after it was loaded)", why.into());
    Box::new(Fail { message, site: None, blamed_loop: false, too_deep: false })
}

#[cfg(test)]
mod tests {
    use crate::code::Op;
    use crate::host::driver::Driver;
    use std::cell::Cell;
    use std::mem::Discriminant;

    thread_local! {
        /// An op whose `Op::moves_stack` the machine is to take as false.
        pub(in crate::exec) static FORGOTTEN: Cell<Option<Discriminant<Op>>> = const { Cell::new(None) };
    }

    /// The language cases' game, in a fresh driver.
    fn driver() -> Driver {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/language");
        match crate::load::load(&dir) {
            Ok(loaded) => Driver::new(std::sync::Arc::new(loaded.game)),
            Err(mistakes) => panic!("the language fixture loads: {mistakes:?}"),
        }
    }

    /// What the driver answers to `command`, with the machine told that
    /// `forgotten` does not move the stack.
    fn answer_forgetting(forgotten: Option<Op>, command: &str) -> String {
        let mut driver = driver();
        FORGOTTEN.with(|f| f.set(forgotten.as_ref().map(std::mem::discriminant)));
        let answer = driver.command(command).to_string();
        FORGOTTEN.with(|f| f.set(None));
        answer
    }

    const CALL: Op = Op::Call { function: crate::ids::FuncId(0), args: 0, answer: 0 };
    const STEP: Op = Op::Step { step: 0 };

    /// A Function that calls itself (a call the inliner leaves), and one
    /// whose step the tree walker runs sends an Event (a frame per
    /// listener): each reads its registers after, through a pointer taken
    /// again (in debug builds, checked fresh at every read).
    #[test]
    fn calls_and_steps_that_push_frames_read_fresh_registers() {
        assert_eq!(answer_forgetting(None, "call Factorial n=10"), r#"{"value":3628800}"#);
        assert_eq!(answer_forgetting(None, "call Ping Listeners times=2"), r#"{"value":"202,hello!!,true"}"#);
    }

    /// The machine reads cells without bounds checks only while the World's
    /// tables are those its cards read: a World whose Fruits table is
    /// narrower than the game's (here Scores' one column in its place: only
    /// code that changed a loaded game can make one) gets a fault, not a
    /// read past the cells; so does one with too few tables.
    #[test]
    fn a_world_whose_tables_are_not_those_the_cards_read_faults() {
        let mut driver = driver();
        assert_eq!(driver.command("call Price Of row='banana'").to_string(), r#"{"value":1.5}"#);
        let game = driver.world.game.clone();
        let (fruits, scores) = (game.names.tables["Fruits"], game.names.tables["Scores"]);
        driver.world.tables[fruits.index()] = crate::world::Table::from_def(&game.tables[scores.index()]);
        let answer = driver.command("call Price Of row='banana'").to_string();
        assert!(answer.contains("the World's tables are not those its cards read"), "{answer}");
        driver.world.tables.truncate(fruits.index());
        let answer = driver.command("call Price Of row='banana'").to_string();
        assert!(answer.contains("the World's tables are not those its cards read"), "{answer}");
    }

    /// With the fact wrong for calls, the first register read after one
    /// goes through a pointer taken before the callee's frame was pushed.
    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "stale frame pointer")]
    fn a_call_the_facts_forget_is_caught() {
        answer_forgetting(Some(CALL), "call Factorial n=3");
    }

    /// With the fact wrong for steps, a step that sends an Event (a
    /// listener's frame pushed) is caught at the next read (the Repeat's).
    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "stale frame pointer")]
    fn a_step_the_facts_forget_is_caught() {
        answer_forgetting(Some(STEP), "call Ping Listeners times=2");
    }
}
