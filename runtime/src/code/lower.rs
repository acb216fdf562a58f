//! The lowering: a card's steps (the tree in `program.rs`) to flat ops over
//! its frame, once, at load. Conditions become jumps; the loops' counters
//! live in registers; a Function's arguments are registers.

use super::{Arith, Cmp, Code, Op, Reg, NO_LOOP, NO_REG};
use crate::ids::{ColumnId, FuncId, StructId, TableId};
use crate::program::{ColumnRef, Expr, Operator, Returns, Step, StepKind, Target};
use crate::value::{Type, Value};
use expr_grammar::ast::{BinaryOp, UnaryOp};

/// What lowering needs to know of the card: the type each local holds, and
/// what its Function answers.
pub struct CardInfo<'a> {
    pub type_of: &'a dyn Fn(&Expr) -> Option<Type>,
    pub returns: Option<Returns>,
    /// The types of a structure's fields, for `ReturnStruct`.
    pub struct_width: &'a dyn Fn(StructId) -> usize,
    /// The type of a Function's parameter.
    pub param_type: &'a dyn Fn(FuncId, usize) -> Option<Type>,
    /// `data(table, row, column)` where play never changes it: its value,
    /// for a row the card names as a constant (`None`: read it each time).
    pub constant_read: &'a dyn Fn(TableId, Value, ColumnId) -> Option<Value>,
}

/// Lowers a card's steps, with `frame` its parameters and locals. Fails
/// only for a card too big for one frame of registers.
pub fn lower(body: &[Step], frame: &[Value], info: &CardInfo) -> Result<Code, String> {
    // Constants go after the locals and temporaries after the constants; a
    // first pass finds how many constants there are.
    let first = Lowering::new(frame, info, Vec::new()).run(body);
    let mut second = Lowering::new(frame, info, first.consts);
    second.temp_base = frame.len() + second.consts.len();
    second.next_temp = second.temp_base;
    second.max_temp = second.temp_base;
    second.run(body).code.checked()
}

struct Lowered {
    code: Code,
    consts: Vec<Value>,
}

struct Lowering<'a> {
    info: &'a CardInfo<'a>,
    locals: usize,
    frame: Vec<Value>,
    consts: Vec<Value>,
    temp_base: usize,
    next_temp: usize,
    max_temp: usize,
    ops: Vec<Op>,
    sites: Vec<u32>,
    loops: Vec<u32>,
    lists: Vec<Reg>,
    exprs: Vec<Expr>,
    steps: Vec<Step>,
    /// Where each label is (an op index), once placed.
    labels: Vec<u32>,
    site: u32,
    innermost_loop: u32,
}

/// A jump's target before it is placed: jumps hold label numbers until `finish`.
#[derive(Clone, Copy)]
struct Label(u32);

impl<'a> Lowering<'a> {
    fn new(frame: &[Value], info: &'a CardInfo<'a>, consts: Vec<Value>) -> Lowering<'a> {
        // In the first pass temporaries start far above anything real; only
        // the constants' count is kept from it.
        let temp_base = frame.len() + 4096;
        Lowering {
            info,
            locals: frame.len(),
            frame: frame.to_vec(),
            consts,
            temp_base,
            next_temp: temp_base,
            max_temp: temp_base,
            ops: Vec::new(),
            sites: Vec::new(),
            loops: Vec::new(),
            lists: Vec::new(),
            exprs: Vec::new(),
            steps: Vec::new(),
            labels: Vec::new(),
            site: 0,
            innermost_loop: NO_LOOP,
        }
    }

    fn run(mut self, body: &[Step]) -> Lowered {
        self.block(body);
        self.emit(Op::End);
        self.finish()
    }

    fn finish(mut self) -> Lowered {
        let labels = std::mem::take(&mut self.labels);
        for op in &mut self.ops {
            if let Some(to) = op.target_mut() {
                *to = labels[*to as usize];
            }
        }
        let mut frame = self.frame;
        frame.extend_from_slice(&self.consts);
        frame.resize(self.max_temp.max(frame.len()), Value::None);
        Lowered {
            code: Code {
                ops: self.ops.into(),
                sites: self.sites.into(),
                loops: self.loops.into(),
                frame: frame.into(),
                lists: self.lists.into(),
                exprs: self.exprs.into(),
                steps: self.steps.into(),
                locals: self.locals as u16,
                // What the check derives from the rest (`Code::checked`).
                ..Code::default()
            },
            consts: self.consts,
        }
    }

    fn emit(&mut self, op: Op) {
        self.ops.push(op);
        self.sites.push(self.site);
        self.loops.push(self.innermost_loop);
    }

    fn label(&mut self) -> Label {
        self.labels.push(u32::MAX);
        Label(self.labels.len() as u32 - 1)
    }

    fn place(&mut self, l: Label) {
        self.labels[l.0 as usize] = self.ops.len() as u32;
    }

    fn temp(&mut self) -> Reg {
        let r = self.next_temp;
        self.next_temp += 1;
        self.max_temp = self.max_temp.max(self.next_temp);
        r as Reg
    }

    /// The register that holds a constant (one per distinct value).
    fn constant(&mut self, v: Value) -> Reg {
        let same = |c: &Value| match (c, v) {
            (Value::Num(a), Value::Num(b)) => a.to_bits() == b.to_bits(),
            (a, b) => *a == b,
        };
        let i = match self.consts.iter().position(same) {
            Some(i) => i,
            None => {
                self.consts.push(v);
                self.consts.len() - 1
            }
        };
        (self.locals + i) as Reg
    }

    fn block(&mut self, steps: &[Step]) {
        for step in steps {
            let mark = self.next_temp;
            self.site = step.site;
            self.step(step);
            self.next_temp = mark;
        }
    }

    fn step(&mut self, step: &Step) {
        match &step.kind {
            StepKind::Declare { slot, ty, value } => self.set_local(slot.0, *ty, value),
            StepKind::Set { target: Target::Local(slot, ty), op: Operator::Set, value } => {
                self.set_local(slot.0, *ty, value)
            }
            StepKind::Set { target: Target::Local(slot, ty), op, value } => {
                let dst = slot.0;
                let numbers =
                    *ty == Type::Number && (*op != Operator::Add || (self.info.type_of)(value) == Some(Type::Number));
                let arith = match op {
                    Operator::Add => Arith::Add,
                    Operator::Sub => Arith::Sub,
                    _ => Arith::Mul,
                };
                if let Some((table, row, column)) = self.cell_read(value) {
                    let row = self.operand(row);
                    self.emit(Op::ArithData { arith, data_first: false, dst, a: dst, table, row, column });
                } else {
                    let b = self.operand(value);
                    self.emit(arith.of_registers(dst, dst, b));
                }
                if !numbers {
                    self.emit(Op::Store { dst, src: dst, ty: *ty });
                }
            }
            StepKind::SetCell { table, row, column: ColumnRef::Fixed(column), value } => {
                let row = self.operand(row);
                let src = self.operand(value);
                self.emit(Op::SetCell { table: *table, row, column: *column, src });
            }
            StepKind::ResetTable(table) => self.emit(Op::ResetTable { table: *table }),
            StepKind::ControlRow { table, row, remove, answer } => {
                let row = self.operand(row);
                self.emit(Op::ControlRow {
                    table: *table,
                    row,
                    remove: *remove,
                    answer: answer.map_or(NO_REG, |s| s.0),
                });
            }
            StepKind::Call { function, args, answer } => {
                // Each argument already of its parameter's type, made so here
                // where the loader cannot tell: a copied-in callee copies them.
                let regs: Vec<Reg> = args
                    .iter()
                    .enumerate()
                    .map(|(i, a)| match (self.info.param_type)(*function, i) {
                        Some(ty) if (self.info.type_of)(a) != Some(ty) => {
                            let (src, dst) = (self.operand(a), self.temp());
                            self.emit(Op::Store { dst, src, ty });
                            dst
                        }
                        _ => self.operand(a),
                    })
                    .collect();
                let at = self.lists.len() as u32;
                self.lists.extend(regs);
                self.emit(Op::Call { function: *function, args: at, answer: answer.map_or(NO_REG, |s| s.0) });
            }
            StepKind::If { cond, then, otherwise } => {
                let (no, end) = (self.label(), self.label());
                self.cond(cond, no, false);
                self.block(then);
                if !otherwise.is_empty() {
                    self.emit(Op::Jump { to: end.0 });
                }
                self.place(no);
                self.block(otherwise);
                self.place(end);
            }
            StepKind::While { cond, body } => {
                let (top, end) = (self.label(), self.label());
                let outer = std::mem::replace(&mut self.innermost_loop, step.site);
                self.place(top);
                self.cond(cond, end, false);
                self.block(body);
                self.site = step.site;
                self.emit(Op::Loop { to: top.0 });
                self.place(end);
                self.innermost_loop = outer;
            }
            StepKind::Repeat { count, counter, body } => {
                let (top, end) = (self.label(), self.label());
                let count = self.operand(count);
                let (limit, index) = (self.temp(), self.temp());
                let outer = std::mem::replace(&mut self.innermost_loop, step.site);
                self.emit(Op::RepeatStart { count, limit, index, counter: counter.0, exit: end.0 });
                self.place(top);
                self.block(body);
                self.site = step.site;
                self.emit(Op::RepeatNext { limit, index, counter: counter.0, to: top.0 });
                self.place(end);
                self.innermost_loop = outer;
            }
            StepKind::Return(e) if matches!(self.info.returns, Some(Returns::Value(_))) => {
                let Some(Returns::Value(ty)) = self.info.returns else { unreachable!("matched above") };
                let src = self.operand(e);
                self.emit(Op::Return { src, ty });
            }
            StepKind::ReturnStruct(values) if matches!(self.info.returns, Some(Returns::Struct(_))) => {
                let Some(Returns::Struct(structure)) = self.info.returns else { unreachable!("matched above") };
                if values.len() != (self.info.struct_width)(structure) {
                    return self.fallback(step);
                }
                let regs: Vec<Reg> = values.iter().map(|v| self.operand(v)).collect();
                let at = self.lists.len() as u32;
                self.lists.extend(regs);
                self.emit(Op::ReturnStruct { values: at, structure });
            }
            _ => self.fallback(step),
        }
    }

    fn fallback(&mut self, step: &Step) {
        self.steps.push(step.clone());
        self.emit(Op::Step { step: self.steps.len() as u32 - 1 });
    }

    /// `local = value`, made to fit the local's type: straight into the
    /// local when the value already has that type.
    fn set_local(&mut self, dst: Reg, ty: Type, value: &Expr) {
        if (self.info.type_of)(value) == Some(ty) {
            self.value_to(value, dst);
        } else {
            let src = self.operand(value);
            self.emit(Op::Store { dst, src, ty });
        }
    }

    /// A register holding the expression's value: a local or a constant
    /// as it is, anything else computed into a temporary.
    fn operand(&mut self, e: &Expr) -> Reg {
        if let Some(v) = self.constant_read(e) {
            return self.constant(v);
        }
        match e {
            Expr::Local(slot) => slot.0,
            Expr::Const(v) => self.constant(*v),
            _ => {
                let t = self.temp();
                self.value_to(e, t);
                t
            }
        }
    }

    /// Computes the expression into `dst`; `dst` is written last, so the
    /// expression may read the local it is stored in.
    fn value_to(&mut self, e: &Expr, dst: Reg) {
        if let Some(v) = self.constant_read(e) {
            let src = self.constant(v);
            return self.emit(Op::Copy { dst, src });
        }
        match e {
            Expr::Const(v) => {
                let src = self.constant(*v);
                self.emit(Op::Copy { dst, src });
            }
            Expr::Local(slot) => self.emit(Op::Copy { dst, src: slot.0 }),
            Expr::Global(global) => self.emit(Op::Global { dst, global: *global }),
            Expr::Data(table, row, ColumnRef::Fixed(column)) => {
                let row = self.operand(row);
                self.emit(Op::Data { dst, table: *table, row, column: *column });
            }
            Expr::DataRow(table, row) => {
                let row = self.operand(row);
                self.emit(Op::DataRow { dst, table: *table, row });
            }
            Expr::DataCount(table) => self.emit(Op::DataCount { dst, table: *table }),
            Expr::Abs(a) => {
                let a = self.operand(a);
                self.emit(Op::Abs { dst, a });
            }
            Expr::Floor(a) => {
                let a = self.operand(a);
                self.emit(Op::Floor { dst, a });
            }
            Expr::Random(a) => {
                let a = self.operand(a);
                self.emit(Op::Random { dst, a });
            }
            Expr::Unary(UnaryOp::Neg, a) => {
                let a = self.operand(a);
                self.emit(Op::Neg { dst, a });
            }
            Expr::Unary(UnaryOp::Not, a) if !is_logic(a) => {
                let a = self.operand(a);
                self.emit(Op::Not { dst, a });
            }
            Expr::Unary(UnaryOp::Not, _) | Expr::And(..) | Expr::Or(..) => {
                // A Boolean made of jumps: `a && b` does not look at b when a is false.
                let (no, end) = (self.label(), self.label());
                self.cond(e, no, false);
                let yes = self.constant(Value::Bool(true));
                self.emit(Op::Copy { dst, src: yes });
                self.emit(Op::Jump { to: end.0 });
                self.place(no);
                let no_value = self.constant(Value::Bool(false));
                self.emit(Op::Copy { dst, src: no_value });
                self.place(end);
            }
            Expr::Binary(op, l, r)
                if Arith::of(*op).is_some()
                    && ((self.is_leaf(l) && self.cell_read(r).is_some())
                        || (self.is_leaf(r) && self.cell_read(l).is_some())) =>
            {
                let arith = Arith::of(*op).expect("matched above");
                // The cell's row first, as its own op would read it first.
                let (data_first, (table, row, column), other) = match self.cell_read(l) {
                    Some(cell) if self.is_leaf(r) => (true, cell, r),
                    _ => (false, self.cell_read(r).expect("matched above"), l),
                };
                let row = self.operand(row);
                let a = self.operand(other);
                self.emit(Op::ArithData { arith, data_first, dst, a, table, row, column });
            }
            Expr::Binary(op, a, b) => {
                let (a, b) = (self.operand(a), self.operand(b));
                self.emit(match Arith::of(*op) {
                    Some(arith) => arith.of_registers(dst, a, b),
                    None => Op::Binary { op: *op, dst, a, b },
                });
            }
            _ => {
                self.exprs.push(e.clone());
                self.emit(Op::Eval { dst, expr: self.exprs.len() as u32 - 1 });
            }
        }
    }

    /// `data(T, row, column)` of a table play never changes, its row a
    /// constant: the cell's value, read at load.
    fn constant_read(&self, e: &Expr) -> Option<Value> {
        match e {
            Expr::Data(t, row, ColumnRef::Fixed(c)) => match &**row {
                Expr::Const(v) => (self.info.constant_read)(*t, *v, *c),
                _ => None,
            },
            _ => None,
        }
    }

    /// `data(T, row, column)` read while playing (not at load): its table,
    /// row and column, for an op that reads the cell itself.
    fn cell_read<'e>(&self, e: &'e Expr) -> Option<(TableId, &'e Expr, ColumnId)> {
        match e {
            Expr::Data(t, row, ColumnRef::Fixed(c)) if self.constant_read(e).is_none() => Some((*t, &**row, *c)),
            _ => None,
        }
    }

    /// A local or a constant: read without an op.
    fn is_leaf(&self, e: &Expr) -> bool {
        matches!(e, Expr::Local(_) | Expr::Const(_)) || self.constant_read(e).is_some()
    }

    /// `x >= lo` then `x <= hi`, of one local: (x, lo, hi).
    fn range<'e>(&self, first: &'e Expr, second: &'e Expr) -> Option<(&'e Expr, &'e Expr, &'e Expr)> {
        match (first, second) {
            (Expr::Binary(BinaryOp::Ge, x, lo), Expr::Binary(BinaryOp::Le, y, hi))
                if matches!((&**x, &**y), (Expr::Local(a), Expr::Local(b)) if a == b)
                    && self.is_leaf(lo)
                    && self.is_leaf(hi) =>
            {
                Some((x, lo, hi))
            }
            _ => None,
        }
    }

    /// Jumps to `to` when the condition's truth is `when`, else goes on.
    fn cond(&mut self, e: &Expr, to: Label, when: bool) {
        match e {
            Expr::Const(Value::Bool(b)) => {
                if *b == when {
                    self.emit(Op::Jump { to: to.0 });
                }
            }
            Expr::Unary(UnaryOp::Not, a) => self.cond(a, to, !when),
            // Both must hold: a false one decides.
            // Every part must hold: `lo <= x && x <= hi` pairs (a board's
            // edges, say) are one op each.
            Expr::And(..) if !when => {
                let mut parts = Vec::new();
                conjuncts(e, &mut parts);
                let mut i = 0;
                while i < parts.len() {
                    match parts.get(i + 1).and_then(|next| self.range(parts[i], next)) {
                        Some((x, lo, hi)) => {
                            let (x, lo, hi) = (self.operand(x), self.operand(lo), self.operand(hi));
                            self.emit(Op::JumpOutside { x, lo, hi, to: to.0 });
                            i += 2;
                        }
                        None => {
                            self.cond(parts[i], to, false);
                            i += 1;
                        }
                    }
                }
            }
            Expr::And(a, b) | Expr::Or(a, b) => {
                let decides = matches!(e, Expr::Or(..));
                if when == decides {
                    self.cond(a, to, when);
                    self.cond(b, to, when);
                } else {
                    let skip = self.label();
                    self.cond(a, skip, decides);
                    self.cond(b, to, when);
                    self.place(skip);
                }
            }
            Expr::Binary(op @ (BinaryOp::Eq | BinaryOp::Ne), a, b) => {
                let when = when == (*op == BinaryOp::Eq);
                let data = match (&**a, &**b) {
                    (d @ Expr::Data(t, row, ColumnRef::Fixed(c)), leaf)
                    | (leaf, d @ Expr::Data(t, row, ColumnRef::Fixed(c)))
                        if self.is_leaf(leaf) && self.constant_read(d).is_none() =>
                    {
                        Some((*t, row, *c, leaf))
                    }
                    _ => None,
                };
                if let Some((table, row, column, leaf)) = data {
                    let row = self.operand(row);
                    let text = match leaf {
                        Expr::Const(Value::Text(text)) => Some(*text),
                        _ => match self.constant_read(leaf) {
                            Some(Value::Text(text)) => Some(text),
                            _ => None,
                        },
                    };
                    if let Some(text) = text {
                        return self.emit(Op::JumpDataText { table, row, column, text, when, to: to.0 });
                    }
                    let b = self.operand(leaf);
                    return self.emit(Op::JumpDataEq { table, row, column, b, when, to: to.0 });
                }
                // `flag == true` of a Boolean local: a test of the flag itself
                // (`flag == false` jumps when the flag is not `when`).
                let flag = match (&**a, &**b) {
                    (x @ Expr::Local(_), Expr::Const(Value::Bool(k)))
                    | (Expr::Const(Value::Bool(k)), x @ Expr::Local(_))
                        if (self.info.type_of)(x) == Some(Type::Boolean) =>
                    {
                        Some((x, *k))
                    }
                    _ => None,
                };
                if let Some((x, k)) = flag {
                    let cond = self.operand(x);
                    return self.emit(Op::JumpBool { cond, when: when == k, to: to.0 });
                }
                let (a, b) = (self.operand(a), self.operand(b));
                self.emit(Op::JumpEq { a, b, when, to: to.0 });
            }
            Expr::Binary(op @ (BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge), a, b) => {
                let cmp = match op {
                    BinaryOp::Lt => Cmp::Lt,
                    BinaryOp::Le => Cmp::Le,
                    BinaryOp::Gt => Cmp::Gt,
                    _ => Cmp::Ge,
                };
                let (a, b) = (self.operand(a), self.operand(b));
                self.emit(Op::JumpCmp { cmp, a, b, when, to: to.0 });
            }
            _ => {
                let cond = self.operand(e);
                self.emit(Op::JumpBool { cond, when, to: to.0 });
            }
        }
    }
}

/// The parts of `a && b && ...`, in order.
fn conjuncts<'e>(e: &'e Expr, parts: &mut Vec<&'e Expr>) {
    match e {
        Expr::And(a, b) => {
            conjuncts(a, parts);
            conjuncts(b, parts);
        }
        e => parts.push(e),
    }
}

/// `!`, `&&` and `||`: lowered to jumps.
fn is_logic(e: &Expr) -> bool {
    matches!(e, Expr::And(..) | Expr::Or(..) | Expr::Unary(UnaryOp::Not, _))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{ColumnId, TableId};
    use crate::program::Slot;

    #[test]
    fn an_op_fits_in_sixteen_bytes() {
        assert!(std::mem::size_of::<Op>() <= 16, "{}", std::mem::size_of::<Op>());
    }

    /// A code of `ops` over a frame of `frame` registers.
    fn code(ops: Vec<Op>, frame: usize) -> Code {
        let n = ops.len();
        Code {
            ops: ops.into(),
            sites: vec![0; n].into(),
            loops: vec![NO_LOOP; n].into(),
            frame: vec![Value::None; frame].into(),
            ..Code::default()
        }
    }

    #[test]
    fn check_accepts_what_the_machine_may_run_and_nothing_else() {
        assert!(code(vec![Op::Copy { dst: 0, src: 1 }, Op::Jump { to: 2 }, Op::End], 2).check().is_ok());
        assert!(Code::default().check().is_ok());
        let wrong = [
            (vec![Op::Copy { dst: 0, src: 3 }, Op::End], "a register past the frame"),
            (vec![Op::Jump { to: 5 }, Op::End], "a jump past the last op"),
            (vec![Op::Copy { dst: 0, src: 1 }], "no End"),
            (vec![], "no ops at all"),
            (vec![Op::Enter { nested: 0, dst: 0, src: 1, len: 2 }, Op::End], "copied ranges that overlap"),
            (vec![Op::Enter { nested: 0, dst: 0, src: 2, len: 2 }, Op::End], "a range past the frame"),
            (vec![Op::Step { step: 0 }, Op::End], "a step that is not there"),
            (vec![Op::Eval { dst: 0, expr: 0 }, Op::End], "an expression that is not there"),
        ];
        for (ops, what) in wrong {
            assert!(code(ops, 3).check().is_err(), "{what} passed the check");
        }
        // `NO_REG` only where the machine looks before it writes: an answer not kept.
        let no_answer = vec![Op::ControlRow { table: TableId(0), row: 0, remove: false, answer: NO_REG }, Op::End];
        assert!(code(no_answer, 1).check().is_ok());
        let no_call_answer = vec![Op::Call { function: FuncId(0), args: 0, answer: NO_REG }, Op::End];
        assert!(code(no_call_answer, 1).check().is_ok());
        for op in [Op::Copy { dst: 0, src: NO_REG }, Op::Return { src: NO_REG, ty: Type::Number }] {
            assert!(code(vec![op, Op::End], 1).check().is_err(), "{op:?} read no register and passed");
        }
        let mut past = code(vec![Op::End], 1);
        past.locals = 2;
        assert!(past.check().is_err(), "more locals than the frame passed the check");
    }

    #[test]
    fn the_machine_names_each_register_by_its_place_in_words() {
        let add = code(vec![Op::Add { dst: 0, a: 1, b: 2 }, Op::End], 3).checked().expect("checks");
        assert!(matches!(add.ops()[0], Op::Add { dst: 0, a: 1, b: 2 }), "{:?}", add.ops());
        assert!(matches!(add.machine_ops()[0], Op::Add { dst: 0, a: 2, b: 4 }), "{:?}", add.machine_ops());
        // The last register of the largest frame still fits, twice over; one more does not.
        let last = (super::super::MAX_FRAME - 1) as Reg;
        let largest = code(vec![Op::Copy { dst: 0, src: last }, Op::End], super::super::MAX_FRAME);
        let largest = largest.checked().expect("the largest frame checks");
        assert!(matches!(largest.machine_ops()[0], Op::Copy { dst: 0, src } if src == 2 * last));
        assert!(code(vec![Op::End], super::super::MAX_FRAME + 1).check().is_err());
        // An answer not kept stays `NO_REG`; one kept is even, never `NO_REG`.
        let rows = vec![
            Op::ControlRow { table: TableId(0), row: 0, remove: false, answer: NO_REG },
            Op::ControlRow { table: TableId(0), row: 0, remove: false, answer: 1 },
            Op::End,
        ];
        let rows = code(rows, 2).checked().expect("checks");
        assert!(matches!(rows.machine_ops()[0], Op::ControlRow { answer: NO_REG, .. }));
        assert!(matches!(rows.machine_ops()[1], Op::ControlRow { answer: 2, .. }));
    }

    fn step(kind: StepKind) -> Step {
        Step { kind, site: 0 }
    }

    fn local(s: u16) -> Expr {
        Expr::Local(Slot(s))
    }

    fn num(n: f64) -> Expr {
        Expr::Const(Value::Num(n))
    }

    /// `set: local, value: v`
    fn set(s: u16, v: Expr) -> Step {
        step(StepKind::Set { target: Target::Local(Slot(s), Type::Number), op: Operator::Set, value: v })
    }

    /// The body lowered as a Function answering a Number, with `locals`
    /// parameters and locals, all Numbers but `booleans`.
    fn lowered(body: Vec<Step>, locals: usize, booleans: &[u16]) -> Code {
        let info = CardInfo {
            type_of: &|e| match e {
                Expr::Local(Slot(s)) if booleans.contains(s) => Some(Type::Boolean),
                Expr::Local(_) | Expr::Const(Value::Num(_)) => Some(Type::Number),
                Expr::Const(Value::Bool(_)) => Some(Type::Boolean),
                _ => None,
            },
            returns: Some(Returns::Value(Type::Number)),
            struct_width: &|_| 0,
            param_type: &|_, _| None,
            constant_read: &|_, _, _| None,
        };
        lower(&body, &vec![Value::Num(0.0); locals], &info).unwrap_or_else(|e| panic!("lowers: {e}"))
    }

    #[test]
    fn a_condition_is_a_jump_past_the_branch_not_a_value() {
        // if: a < 3, then: b = 1
        let cond = Expr::Binary(BinaryOp::Lt, Box::new(local(0)), Box::new(num(3.0)));
        let body = vec![step(StepKind::If { cond, then: Box::new([set(1, num(1.0))]), otherwise: Box::new([]) })];
        let code = lowered(body, 2, &[]);
        let ops = code.ops();
        let Op::JumpCmp { cmp: Cmp::Lt, a: 0, b, when: false, to } = ops[0] else { panic!("{ops:?}") };
        // The constant 3 sits after the locals; the jump skips the branch's one op.
        assert_eq!(code.frame()[b as usize], Value::Num(3.0));
        assert!(b as usize >= code.locals());
        assert!(matches!(ops[1], Op::Copy { dst: 1, .. }), "{ops:?}");
        assert_eq!(to, 2);
        assert!(matches!(ops[2], Op::End));
        assert!(!ops.iter().any(|op| matches!(op, Op::Binary { .. })), "no Boolean made: {ops:?}");
    }

    #[test]
    fn and_jumps_over_its_right_side_when_its_left_side_is_false() {
        // if: go && data(T, row, c) > 0, then: n = 1   (locals: go, row, n)
        let read = Expr::Data(TableId(0), Box::new(local(1)), ColumnRef::Fixed(ColumnId(0)));
        let right = Expr::Binary(BinaryOp::Gt, Box::new(read), Box::new(num(0.0)));
        let cond = Expr::And(Box::new(local(0)), Box::new(right));
        let body = vec![step(StepKind::If { cond, then: Box::new([set(2, num(1.0))]), otherwise: Box::new([]) })];
        let code = lowered(body, 3, &[0]);
        let ops = code.ops();
        let Op::JumpBool { cond: 0, when: false, to: skip } = ops[0] else { panic!("{ops:?}") };
        // The data read comes after the left side's jump, and both jumps leave the branch.
        assert!(matches!(ops[1], Op::Data { row: 1, .. }), "{ops:?}");
        let Op::JumpCmp { cmp: Cmp::Gt, when: false, to, .. } = ops[2] else { panic!("{ops:?}") };
        assert_eq!((skip, to), (4, 4));
        assert!(matches!(ops[3], Op::Copy { dst: 2, .. }) && matches!(ops[4], Op::End), "{ops:?}");
    }

    #[test]
    fn or_goes_into_the_branch_as_soon_as_one_side_holds() {
        // if: a || b, then: n = 1   (locals: a, b, n)
        let cond = Expr::Or(Box::new(local(0)), Box::new(local(1)));
        let body = vec![step(StepKind::If { cond, then: Box::new([set(2, num(1.0))]), otherwise: Box::new([]) })];
        let code = lowered(body, 3, &[0, 1]);
        let ops = code.ops();
        assert!(matches!(ops[0], Op::JumpBool { cond: 0, when: true, to: 2 }), "{ops:?}");
        assert!(matches!(ops[1], Op::JumpBool { cond: 1, when: false, to: 3 }), "{ops:?}");
        assert!(matches!(ops[2], Op::Copy { dst: 2, .. }), "{ops:?}");
    }

    #[test]
    fn a_repeats_counter_is_the_cards_local_and_its_count_lives_in_temporaries() {
        // repeat: 3, steps: [n += 1]   (locals: n, local.index)
        let bump =
            step(StepKind::Set { target: Target::Local(Slot(0), Type::Number), op: Operator::Add, value: num(1.0) });
        let body = vec![step(StepKind::Repeat { count: num(3.0), counter: Slot(1), body: Box::new([bump]) })];
        let code = lowered(body, 2, &[]);
        let ops = code.ops();
        let Op::RepeatStart { count, limit, index, counter: 1, exit } = ops[0] else { panic!("{ops:?}") };
        assert_eq!(code.frame()[count as usize], Value::Num(3.0));
        assert!(matches!(ops[1], Op::Add { dst: 0, a: 0, .. }), "{ops:?}");
        let Op::RepeatNext { limit: l, index: i, counter: 1, to: 1 } = ops[2] else { panic!("{ops:?}") };
        assert_eq!((l, i), (limit, index));
        // The count and the index are neither locals nor constants (3 and 1).
        let temps = code.locals() + 2..code.frame().len();
        assert!(temps.contains(&(limit as usize)) && temps.contains(&(index as usize)) && limit != index);
        assert_eq!(exit, 3);
        assert!(matches!(ops[3], Op::End));
    }

    #[test]
    fn arithmetic_on_a_cell_is_one_op_the_cell_on_either_side() {
        // n -= data(T, row, c); m = data(T, row, c) * n; m = data(T, row, c) * (n + 1)
        let read = || Expr::Data(TableId(0), Box::new(local(1)), ColumnRef::Fixed(ColumnId(2)));
        let minus =
            step(StepKind::Set { target: Target::Local(Slot(0), Type::Number), op: Operator::Sub, value: read() });
        let times = Expr::Binary(BinaryOp::Mul, Box::new(read()), Box::new(local(0)));
        let sum = Expr::Binary(BinaryOp::Add, Box::new(local(0)), Box::new(num(1.0)));
        let not_a_leaf = Expr::Binary(BinaryOp::Mul, Box::new(read()), Box::new(sum));
        let code = lowered(vec![minus, set(2, times), set(2, not_a_leaf)], 3, &[]);
        let ops = code.ops();
        let cell = |op: &Op| matches!(op, Op::ArithData { table: TableId(0), row: 1, column: ColumnId(2), .. });
        assert!(cell(&ops[0]), "{ops:?}");
        assert!(matches!(ops[0], Op::ArithData { arith: Arith::Sub, data_first: false, dst: 0, a: 0, .. }), "{ops:?}");
        assert!(cell(&ops[1]), "{ops:?}");
        assert!(matches!(ops[1], Op::ArithData { arith: Arith::Mul, data_first: true, a: 0, .. }), "{ops:?}");
        // (ops[2] makes the product fit m: this test's types know no
        // expression's.) With a side that is computed, the cell is read by
        // its own op first, as the tree walker reads it before the other side.
        assert!(matches!(ops[3], Op::Data { row: 1, .. }), "{ops:?}");
        assert!(matches!(ops[4], Op::Add { a: 0, .. }) && matches!(ops[5], Op::Mul { .. }), "{ops:?}");
    }

    #[test]
    fn a_cell_against_a_text_constant_holds_the_text_in_the_op() {
        // if: data(T, r, c) != '', then: n = 1; if: data(T, r, c) == r, then: n = 1   (locals: r, n)
        let read = || Box::new(Expr::Data(TableId(0), Box::new(local(0)), ColumnRef::Fixed(ColumnId(1))));
        let empty = Expr::Binary(BinaryOp::Ne, read(), Box::new(Expr::Const(Value::Text(crate::value::EMPTY))));
        let same = Expr::Binary(BinaryOp::Eq, read(), Box::new(local(0)));
        let body = vec![
            step(StepKind::If { cond: empty, then: Box::new([set(1, num(1.0))]), otherwise: Box::new([]) }),
            step(StepKind::If { cond: same, then: Box::new([set(1, num(1.0))]), otherwise: Box::new([]) }),
        ];
        let ops = lowered(body, 2, &[]).ops().to_vec();
        // Past the branch when the cell is the empty text.
        assert!(
            matches!(
                ops[0],
                Op::JumpDataText { row: 0, column: ColumnId(1), text: crate::value::EMPTY, when: true, .. }
            ),
            "{ops:?}"
        );
        assert!(matches!(ops[2], Op::JumpDataEq { row: 0, b: 0, when: false, .. }), "{ops:?}");
    }

    #[test]
    fn a_boolean_local_compared_with_true_or_false_is_tested_itself() {
        // if: flag == false, then: n = 1   (locals: flag, n)
        let is_false = Expr::Binary(BinaryOp::Eq, Box::new(local(0)), Box::new(Expr::Const(Value::Bool(false))));
        let body =
            vec![step(StepKind::If { cond: is_false, then: Box::new([set(1, num(1.0))]), otherwise: Box::new([]) })];
        let ops = lowered(body, 2, &[0]).ops().to_vec();
        // Past the branch when the flag is true.
        assert!(matches!(ops[0], Op::JumpBool { cond: 0, when: true, to: 2 }), "{ops:?}");
        // A Number local compared with true stays an equality (false, not a fault).
        let number = Expr::Binary(BinaryOp::Eq, Box::new(local(1)), Box::new(Expr::Const(Value::Bool(true))));
        let body =
            vec![step(StepKind::If { cond: number, then: Box::new([set(1, num(1.0))]), otherwise: Box::new([]) })];
        let ops = lowered(body, 2, &[0]).ops().to_vec();
        assert!(matches!(ops[0], Op::JumpEq { a: 1, when: false, .. }), "{ops:?}");
    }

    #[test]
    fn a_return_makes_its_value_fit_the_answer() {
        // return: a * b
        let product = Expr::Binary(BinaryOp::Mul, Box::new(local(0)), Box::new(local(1)));
        let code = lowered(vec![step(StepKind::Return(product))], 2, &[]);
        let ops = code.ops();
        let Op::Mul { dst, a: 0, b: 1 } = ops[0] else { panic!("{ops:?}") };
        assert!(matches!(ops[1], Op::Return { src, ty: Type::Number } if src == dst), "{ops:?}");
    }
}
