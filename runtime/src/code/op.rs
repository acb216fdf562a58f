//! The instruction set: [`Op`] and the facts about each op (which registers
//! it reads and writes, where it jumps, whether it may move the stack),
//! written once, here, and used by the check, the lowering's label patching,
//! the inliner and the machine alike.

use crate::ids::{ColumnId, FuncId, GlobalId, StructId, TableId};
use crate::value::{Sym, Type};
use expr_grammar::ast::BinaryOp;

/// A register: a slot of the running card's frame.
pub type Reg = u16;

/// No register (a call whose answer is not kept).
pub const NO_REG: Reg = Reg::MAX;

/// A comparison of two Numbers, for [`Op::JumpCmp`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Cmp {
    Lt = 0,
    Le = 1,
    Gt = 2,
    Ge = 3,
}

impl Cmp {
    pub fn op(self) -> BinaryOp {
        match self {
            Cmp::Lt => BinaryOp::Lt,
            Cmp::Le => BinaryOp::Le,
            Cmp::Gt => BinaryOp::Gt,
            Cmp::Ge => BinaryOp::Ge,
        }
    }
}

/// Arithmetic on a cell, for [`Op::ArithData`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Arith {
    Add,
    Sub,
    Mul,
}

impl Arith {
    /// The arithmetic a binary operator is, if it is `+`, `-` or `*`.
    pub fn of(op: BinaryOp) -> Option<Arith> {
        match op {
            BinaryOp::Add => Some(Arith::Add),
            BinaryOp::Sub => Some(Arith::Sub),
            BinaryOp::Mul => Some(Arith::Mul),
            _ => None,
        }
    }

    /// `dst = a + b` (`-`, `*`) of two registers, as its op.
    pub fn of_registers(self, dst: Reg, a: Reg, b: Reg) -> Op {
        match self {
            Arith::Add => Op::Add { dst, a, b },
            Arith::Sub => Op::Sub { dst, a, b },
            Arith::Mul => Op::Mul { dst, a, b },
        }
    }

    pub fn op(self) -> BinaryOp {
        match self {
            Arith::Add => BinaryOp::Add,
            Arith::Sub => BinaryOp::Sub,
            Arith::Mul => BinaryOp::Mul,
        }
    }
}

/// One instruction. `dst`, `src`, `a`, `b`, `row`: registers. `to`: an
/// index into the card's ops. Each op's step (for fault messages) is in
/// [`Code::sites`] at the same index.
#[derive(Clone, Copy, Debug)]
pub enum Op {
    /// `dst = src`, where the value already has the type `dst` holds.
    Copy { dst: Reg, src: Reg },
    /// `dst = src` made to fit `ty` (Change Variable's conversions).
    Store { dst: Reg, src: Reg, ty: Type },
    /// `dst = $global`
    Global { dst: Reg, global: GlobalId },
    /// `dst = data(table, row, column)`
    Data { dst: Reg, table: TableId, row: Reg, column: ColumnId },
    /// `dst = a + data(table, row, column)` (`-`, `*`), or with the cell
    /// on the left when `data_first` (`data(table, row, column) * a`): the
    /// arithmetic on a cell in one op, as `file -= data('Directions',
    /// direction, 'fileStep')`. `a` is a local or a constant, so the cell
    /// is read first either way, as two ops would.
    ArithData { arith: Arith, data_first: bool, dst: Reg, a: Reg, table: TableId, row: Reg, column: ColumnId },
    /// `dst = dataRow(table, row)`
    DataRow { dst: Reg, table: TableId, row: Reg },
    /// `dst = dataCount(table)`
    DataCount { dst: Reg, table: TableId },
    /// `dst = a + b` (Numbers added, Texts joined)
    Add { dst: Reg, a: Reg, b: Reg },
    /// `dst = a - b`
    Sub { dst: Reg, a: Reg, b: Reg },
    /// `dst = a * b`
    Mul { dst: Reg, a: Reg, b: Reg },
    /// Every other binary operator as a value: `/`, `%`, `==`, `<`, ...
    Binary { op: BinaryOp, dst: Reg, a: Reg, b: Reg },
    /// `dst = -a`
    Neg { dst: Reg, a: Reg },
    /// `dst = !a`
    Not { dst: Reg, a: Reg },
    /// `dst = abs(a)`
    Abs { dst: Reg, a: Reg },
    /// `dst = floor(a)`
    Floor { dst: Reg, a: Reg },
    /// `dst = random(a)`: the World's generator, 0 to a-1 (a fault below 1).
    Random { dst: Reg, a: Reg },
    /// `dst =` an expression the tree walker evaluates (`Code::exprs[expr]`).
    Eval { dst: Reg, expr: u32 },
    /// Go on at `to`.
    Jump { to: u32 },
    /// Go on at `to` when the Boolean in `cond` is `when`.
    JumpBool { cond: Reg, when: bool, to: u32 },
    /// Go on at `to` when `a == b` is `when`.
    JumpEq { a: Reg, b: Reg, when: bool, to: u32 },
    /// Go on at `to` when `data(table, row, column) == b` is `when`: the
    /// commonest condition of all, in one op.
    JumpDataEq { table: TableId, row: Reg, column: ColumnId, b: Reg, when: bool, to: u32 },
    /// Go on at `to` when `data(table, row, column) == 'text'` is `when`,
    /// the text a constant of the card held in the op (`kind == ""`).
    JumpDataText { table: TableId, row: Reg, column: ColumnId, text: Sym, when: bool, to: u32 },
    /// Go on at `to` unless `lo <= x <= hi` (`x >= lo && x <= hi`).
    JumpOutside { x: Reg, lo: Reg, hi: Reg, to: u32 },
    /// Go on at `to` when the comparison of two Numbers is `when`.
    JumpCmp { cmp: Cmp, a: Reg, b: Reg, when: bool, to: u32 },
    /// The back edge of a While: one step of the budget, then `to`.
    Loop { to: u32 },
    /// A Repeat begins: `limit` = how many times; `index` and the card's
    /// `local.index` start at 0; when it is none, go on at `exit`.
    RepeatStart { count: Reg, limit: Reg, index: Reg, counter: Reg, exit: u32 },
    /// A Repeat's back edge: the next `index`, and back to `to` while it is below `limit`.
    RepeatNext { limit: Reg, index: Reg, counter: Reg, to: u32 },
    /// `call: function`: its arguments are the registers `Code::lists[args..]`,
    /// one per parameter; its answer lands in `answer..` (unless `NO_REG`).
    Call { function: FuncId, args: u32, answer: Reg },
    /// `return: src`, made to fit `ty`.
    Return { src: Reg, ty: Type },
    /// `return: {…}`: the fields' values are the registers `Code::lists[values..]`.
    ReturnStruct { values: u32, structure: StructId },
    /// `set data cell: table, row, column, value: src`
    SetCell { table: TableId, row: Reg, column: ColumnId, src: Reg },
    /// `reset table: table`
    ResetTable { table: TableId },
    /// `control row: table, row: row, operation: add or update | remove`;
    /// `answer` (unless `NO_REG`) is whether the row was there before.
    ControlRow { table: TableId, row: Reg, remove: bool, answer: Reg },
    /// A Function's code copied into its caller begins (see `inline.rs`):
    /// one step of the budget, and the depth a call would have; then
    /// `dst.. = src..`, `len` registers (none when 0): its locals made
    /// fresh from their first values. `nested`: how many copied calls deep
    /// it is in the code it was copied into (0 for a callee copied into the
    /// running card, 1 for a callee of that callee copied in with it, ...):
    /// each counts one deeper, as calls do.
    Enter { nested: u16, dst: Reg, src: Reg, len: u16 },
    /// A step the tree walker runs (`Code::steps[step]`).
    Step { step: u32 },
    /// The end of the card.
    End,
}

/// How an op uses a register it names (see [`Op::regs_mut`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// The op reads the register.
    Read,
    /// The op writes the register.
    Write,
    /// The op reads the register, then writes it (a Repeat's index).
    Update,
    /// The op reads `len` registers from this one (`Enter`'s first values).
    ReadRange(u16),
    /// The op writes `len` registers from this one (`Enter`'s fresh locals).
    WriteRange(u16),
}

impl Access {
    /// How many registers, from the one named, the op uses.
    #[inline]
    pub fn len(self) -> usize {
        match self {
            Access::Read | Access::Write | Access::Update => 1,
            Access::ReadRange(len) | Access::WriteRange(len) => len as usize,
        }
    }

    /// The op writes them.
    #[inline]
    pub fn writes(self) -> bool {
        match self {
            Access::Write | Access::Update | Access::WriteRange(_) => true,
            Access::Read | Access::ReadRange(_) => false,
        }
    }
}

/// What else of its card an op names, by index (see [`Op::index`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Index {
    /// `Code::exprs[i]`
    Expr(u32),
    /// `Code::steps[i]`
    Step(u32),
    /// `Code::lists[i..]`
    List(u32),
}

// The facts below are matches with no catch-all arm: a new op does not
// compile until it says which registers it reads and writes, where it may
// jump, what else it names, and whether it may move the stack. `Code::check`,
// the lowering, the inliner and the machine all read them from here.
impl Op {
    /// Calls `f` on each register the op names, with how the op uses it, so
    /// that it may be read or changed. A call's or a Control Row's answer
    /// that is not kept (`NO_REG`) names no register and is left out: the
    /// machine looks at those two before it writes. Every other register is
    /// given as it is, `NO_REG` too, so that the check refuses it.
    pub(crate) fn regs_mut(&mut self, mut f: impl FnMut(&mut Reg, Access)) {
        use Access::{Read, ReadRange, Update, Write, WriteRange};
        match self {
            Op::Copy { dst, src } | Op::Store { dst, src, .. } => {
                f(src, Read);
                f(dst, Write)
            }
            Op::Global { dst, .. } | Op::DataCount { dst, .. } | Op::Eval { dst, .. } => f(dst, Write),
            Op::Data { dst, row, .. } | Op::DataRow { dst, row, .. } => {
                f(row, Read);
                f(dst, Write)
            }
            Op::ArithData { dst, a, row, .. } => {
                f(a, Read);
                f(row, Read);
                f(dst, Write)
            }
            Op::Add { dst, a, b } | Op::Sub { dst, a, b } | Op::Mul { dst, a, b } | Op::Binary { dst, a, b, .. } => {
                f(a, Read);
                f(b, Read);
                f(dst, Write)
            }
            Op::Neg { dst, a }
            | Op::Not { dst, a }
            | Op::Abs { dst, a }
            | Op::Floor { dst, a }
            | Op::Random { dst, a } => {
                f(a, Read);
                f(dst, Write)
            }
            Op::JumpBool { cond, .. } => f(cond, Read),
            Op::JumpEq { a, b, .. } | Op::JumpCmp { a, b, .. } => {
                f(a, Read);
                f(b, Read)
            }
            Op::JumpDataEq { row, b, .. } => {
                f(row, Read);
                f(b, Read)
            }
            Op::JumpDataText { row, .. } => f(row, Read),
            Op::JumpOutside { x, lo, hi, .. } => {
                f(x, Read);
                f(lo, Read);
                f(hi, Read)
            }
            Op::RepeatStart { count, limit, index, counter, .. } => {
                f(count, Read);
                f(limit, Write);
                f(index, Write);
                f(counter, Write)
            }
            Op::RepeatNext { limit, index, counter, .. } => {
                f(limit, Read);
                f(index, Update);
                f(counter, Write)
            }
            // A call's answer may be several registers: see `writes_unnamed`.
            Op::Call { answer, .. } => {
                if *answer != NO_REG {
                    f(answer, Write)
                }
            }
            Op::ControlRow { row, answer, .. } => {
                f(row, Read);
                if *answer != NO_REG {
                    f(answer, Write)
                }
            }
            Op::Return { src, .. } => f(src, Read),
            Op::SetCell { row, src, .. } => {
                f(row, Read);
                f(src, Read)
            }
            Op::Enter { dst, src, len, .. } => {
                f(src, ReadRange(*len));
                f(dst, WriteRange(*len))
            }
            Op::Jump { .. }
            | Op::Loop { .. }
            | Op::ReturnStruct { .. }
            | Op::ResetTable { .. }
            | Op::Step { .. }
            | Op::End => {}
        }
    }

    /// Calls `f` with each register the op names (see [`Op::regs_mut`]).
    pub(crate) fn regs(&self, mut f: impl FnMut(Reg, Access)) {
        let mut op = *self;
        op.regs_mut(|r, access| f(*r, access));
    }

    /// The op writes the registers it names as written (`Access::Write`,
    /// `Access::WriteRange`) when it goes on by its jump (`jumped`) or to
    /// the next op, unless it faults: every op on every way but a Repeat's,
    /// which writes its counter (and `RepeatStart` its limit and index)
    /// only on the way into a turn.
    pub(crate) fn writes_on_way(&self, jumped: bool) -> bool {
        match self {
            Op::RepeatStart { .. } => !jumped,
            Op::RepeatNext { .. } => jumped,
            Op::Copy { .. }
            | Op::Store { .. }
            | Op::Global { .. }
            | Op::Data { .. }
            | Op::ArithData { .. }
            | Op::DataRow { .. }
            | Op::DataCount { .. }
            | Op::Add { .. }
            | Op::Sub { .. }
            | Op::Mul { .. }
            | Op::Binary { .. }
            | Op::Neg { .. }
            | Op::Not { .. }
            | Op::Abs { .. }
            | Op::Floor { .. }
            | Op::Random { .. }
            | Op::Eval { .. }
            | Op::Jump { .. }
            | Op::JumpBool { .. }
            | Op::JumpEq { .. }
            | Op::JumpDataEq { .. }
            | Op::JumpDataText { .. }
            | Op::JumpOutside { .. }
            | Op::JumpCmp { .. }
            | Op::Loop { .. }
            | Op::Call { .. }
            | Op::Return { .. }
            | Op::ReturnStruct { .. }
            | Op::SetCell { .. }
            | Op::ResetTable { .. }
            | Op::ControlRow { .. }
            | Op::Enter { .. }
            | Op::Step { .. }
            | Op::End => true,
        }
    }

    /// The op may write registers it does not name: a call's answer is as
    /// many registers as the callee answers (known only with the game; the
    /// machine checks it at the call), and a step the tree walker runs may
    /// set any local.
    pub(crate) fn writes_unnamed(&self) -> bool {
        match self {
            Op::Call { .. } | Op::Step { .. } => true,
            Op::Copy { .. }
            | Op::Store { .. }
            | Op::Global { .. }
            | Op::Data { .. }
            | Op::ArithData { .. }
            | Op::DataRow { .. }
            | Op::DataCount { .. }
            | Op::Add { .. }
            | Op::Sub { .. }
            | Op::Mul { .. }
            | Op::Binary { .. }
            | Op::Neg { .. }
            | Op::Not { .. }
            | Op::Abs { .. }
            | Op::Floor { .. }
            | Op::Random { .. }
            | Op::Eval { .. }
            | Op::Jump { .. }
            | Op::JumpBool { .. }
            | Op::JumpEq { .. }
            | Op::JumpDataEq { .. }
            | Op::JumpDataText { .. }
            | Op::JumpOutside { .. }
            | Op::JumpCmp { .. }
            | Op::Loop { .. }
            | Op::RepeatStart { .. }
            | Op::RepeatNext { .. }
            | Op::Return { .. }
            | Op::ReturnStruct { .. }
            | Op::SetCell { .. }
            | Op::ResetTable { .. }
            | Op::ControlRow { .. }
            | Op::Enter { .. }
            | Op::End => false,
        }
    }

    /// The op may move the stack: it runs code that can push a frame on
    /// `World::stack` (a call; the tree walker, over an expression or a
    /// step), and a push may reallocate it. The machine reads registers
    /// through a pointer into the stack and takes it again after exactly
    /// these ops (`exec/machine.rs`), so this is what keeps it fresh.
    ///
    /// No other op can push a frame: each runs only the World's own
    /// arithmetic, conversions (which may intern a text), table reads and
    /// writes (a row added or removed is the table's vector, not the stack),
    /// the step budget and the depth, none of which calls a card or delivers
    /// an Event. An `Eval` pushes none today either (an expression names no
    /// Function and sends no Event; a text's holes are evaluated in place),
    /// but what the tree walker's expressions do is not this room's to vouch
    /// for, and the cost of a pointer taken again beside a tree walk is nil.
    /// The machine checks it in debug builds: every register it reads goes
    /// through a pointer taken since the last push (`Stack::stamp`), so an op
    /// missing here that pushes fails the first read after it, in every test
    /// that runs it.
    pub(crate) fn moves_stack(&self) -> bool {
        match self {
            Op::Call { .. } | Op::Eval { .. } | Op::Step { .. } => true,
            Op::Copy { .. }
            | Op::Store { .. }
            | Op::Global { .. }
            | Op::Data { .. }
            | Op::ArithData { .. }
            | Op::DataRow { .. }
            | Op::DataCount { .. }
            | Op::Add { .. }
            | Op::Sub { .. }
            | Op::Mul { .. }
            | Op::Binary { .. }
            | Op::Neg { .. }
            | Op::Not { .. }
            | Op::Abs { .. }
            | Op::Floor { .. }
            | Op::Random { .. }
            | Op::Jump { .. }
            | Op::JumpBool { .. }
            | Op::JumpEq { .. }
            | Op::JumpDataEq { .. }
            | Op::JumpDataText { .. }
            | Op::JumpOutside { .. }
            | Op::JumpCmp { .. }
            | Op::Loop { .. }
            | Op::RepeatStart { .. }
            | Op::RepeatNext { .. }
            | Op::Return { .. }
            | Op::ReturnStruct { .. }
            | Op::SetCell { .. }
            | Op::ResetTable { .. }
            | Op::ControlRow { .. }
            | Op::Enter { .. }
            | Op::End => false,
        }
    }

    /// Where the op may go on instead of the next op (a jump, a loop's back
    /// edge, a Repeat's exit), to read or to change.
    pub(crate) fn target_mut(&mut self) -> Option<&mut u32> {
        match self {
            Op::Jump { to }
            | Op::JumpBool { to, .. }
            | Op::JumpEq { to, .. }
            | Op::JumpDataEq { to, .. }
            | Op::JumpDataText { to, .. }
            | Op::JumpCmp { to, .. }
            | Op::JumpOutside { to, .. }
            | Op::Loop { to }
            | Op::RepeatNext { to, .. }
            | Op::RepeatStart { exit: to, .. } => Some(to),
            Op::Copy { .. }
            | Op::Store { .. }
            | Op::Global { .. }
            | Op::Data { .. }
            | Op::ArithData { .. }
            | Op::DataRow { .. }
            | Op::DataCount { .. }
            | Op::Add { .. }
            | Op::Sub { .. }
            | Op::Mul { .. }
            | Op::Binary { .. }
            | Op::Neg { .. }
            | Op::Not { .. }
            | Op::Abs { .. }
            | Op::Floor { .. }
            | Op::Random { .. }
            | Op::Eval { .. }
            | Op::Call { .. }
            | Op::Return { .. }
            | Op::ReturnStruct { .. }
            | Op::SetCell { .. }
            | Op::ResetTable { .. }
            | Op::ControlRow { .. }
            | Op::Enter { .. }
            | Op::Step { .. }
            | Op::End => None,
        }
    }

    /// Where the op may go on instead of the next op (see [`Op::target_mut`]).
    pub(crate) fn target(&self) -> Option<u32> {
        let mut op = *self;
        op.target_mut().map(|to| *to)
    }

    /// The expression, step or list of registers the op names, by its index
    /// into the card's.
    pub(crate) fn index(&self) -> Option<Index> {
        match *self {
            Op::Eval { expr, .. } => Some(Index::Expr(expr)),
            Op::Step { step } => Some(Index::Step(step)),
            Op::Call { args: list, .. } | Op::ReturnStruct { values: list, .. } => Some(Index::List(list)),
            Op::Copy { .. }
            | Op::Store { .. }
            | Op::Global { .. }
            | Op::Data { .. }
            | Op::ArithData { .. }
            | Op::DataRow { .. }
            | Op::DataCount { .. }
            | Op::Add { .. }
            | Op::Sub { .. }
            | Op::Mul { .. }
            | Op::Binary { .. }
            | Op::Neg { .. }
            | Op::Not { .. }
            | Op::Abs { .. }
            | Op::Floor { .. }
            | Op::Random { .. }
            | Op::Jump { .. }
            | Op::JumpBool { .. }
            | Op::JumpEq { .. }
            | Op::JumpDataEq { .. }
            | Op::JumpDataText { .. }
            | Op::JumpOutside { .. }
            | Op::JumpCmp { .. }
            | Op::Loop { .. }
            | Op::RepeatStart { .. }
            | Op::RepeatNext { .. }
            | Op::Return { .. }
            | Op::SetCell { .. }
            | Op::ResetTable { .. }
            | Op::ControlRow { .. }
            | Op::Enter { .. }
            | Op::End => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{ColumnId, FuncId, GlobalId, StructId, TableId};

    /// Each op once, in the order `Op` declares them.
    fn every_op() -> Vec<Op> {
        let (t, c) = (TableId(0), ColumnId(0));
        vec![
            Op::Copy { dst: 0, src: 1 },
            Op::Store { dst: 0, src: 1, ty: Type::Number },
            Op::Global { dst: 0, global: GlobalId(0) },
            Op::Data { dst: 0, table: t, row: 1, column: c },
            Op::ArithData { arith: Arith::Sub, data_first: false, dst: 0, a: 1, table: t, row: 2, column: c },
            Op::DataRow { dst: 0, table: t, row: 1 },
            Op::DataCount { dst: 0, table: t },
            Op::Add { dst: 0, a: 1, b: 2 },
            Op::Sub { dst: 0, a: 1, b: 2 },
            Op::Mul { dst: 0, a: 1, b: 2 },
            Op::Binary { op: BinaryOp::Div, dst: 0, a: 1, b: 2 },
            Op::Neg { dst: 0, a: 1 },
            Op::Not { dst: 0, a: 1 },
            Op::Abs { dst: 0, a: 1 },
            Op::Floor { dst: 0, a: 1 },
            Op::Random { dst: 0, a: 1 },
            Op::Eval { dst: 0, expr: 0 },
            Op::Jump { to: 0 },
            Op::JumpBool { cond: 0, when: true, to: 0 },
            Op::JumpEq { a: 0, b: 1, when: true, to: 0 },
            Op::JumpDataEq { table: t, row: 0, column: c, b: 1, when: true, to: 0 },
            Op::JumpDataText { table: t, row: 0, column: c, text: crate::value::EMPTY, when: true, to: 0 },
            Op::JumpOutside { x: 0, lo: 1, hi: 2, to: 0 },
            Op::JumpCmp { cmp: Cmp::Lt, a: 0, b: 1, when: true, to: 0 },
            Op::Loop { to: 0 },
            Op::RepeatStart { count: 0, limit: 1, index: 2, counter: 3, exit: 0 },
            Op::RepeatNext { limit: 1, index: 2, counter: 3, to: 0 },
            Op::Call { function: FuncId(0), args: 0, answer: 0 },
            Op::Return { src: 0, ty: Type::Number },
            Op::ReturnStruct { values: 0, structure: StructId(0) },
            Op::SetCell { table: t, row: 0, column: c, src: 1 },
            Op::ResetTable { table: t },
            Op::ControlRow { table: t, row: 0, remove: false, answer: 1 },
            Op::Enter { nested: 0, dst: 0, src: 2, len: 2 },
            Op::Step { step: 0 },
            Op::End,
        ]
    }

    /// The op's place in `Op`: no catch-all arm, so a new op does not
    /// compile until it has one, and `every_op` must then list it.
    fn place(op: &Op) -> usize {
        match op {
            Op::Copy { .. } => 0,
            Op::Store { .. } => 1,
            Op::Global { .. } => 2,
            Op::Data { .. } => 3,
            Op::ArithData { .. } => 4,
            Op::DataRow { .. } => 5,
            Op::DataCount { .. } => 6,
            Op::Add { .. } => 7,
            Op::Sub { .. } => 8,
            Op::Mul { .. } => 9,
            Op::Binary { .. } => 10,
            Op::Neg { .. } => 11,
            Op::Not { .. } => 12,
            Op::Abs { .. } => 13,
            Op::Floor { .. } => 14,
            Op::Random { .. } => 15,
            Op::Eval { .. } => 16,
            Op::Jump { .. } => 17,
            Op::JumpBool { .. } => 18,
            Op::JumpEq { .. } => 19,
            Op::JumpDataEq { .. } => 20,
            Op::JumpDataText { .. } => 21,
            Op::JumpOutside { .. } => 22,
            Op::JumpCmp { .. } => 23,
            Op::Loop { .. } => 24,
            Op::RepeatStart { .. } => 25,
            Op::RepeatNext { .. } => 26,
            Op::Call { .. } => 27,
            Op::Return { .. } => 28,
            Op::ReturnStruct { .. } => 29,
            Op::SetCell { .. } => 30,
            Op::ResetTable { .. } => 31,
            Op::ControlRow { .. } => 32,
            Op::Enter { .. } => 33,
            Op::Step { .. } => 34,
            Op::End => 35,
        }
    }

    /// The op's name, as `{:?}` writes it.
    fn name(op: &Op) -> String {
        let debug = format!("{op:?}");
        debug.split([' ', '{']).next().unwrap_or_default().to_string()
    }

    #[test]
    fn every_op_is_listed_once() {
        let places: Vec<usize> = every_op().iter().map(place).collect();
        assert_eq!(places, (0..places.len()).collect::<Vec<_>>());
    }

    /// The ops after which the machine takes its frame pointer again: those
    /// that call a card or hand over to the tree walker, and no other.
    #[test]
    fn the_ops_that_may_move_the_stack() {
        let moving: Vec<String> = every_op().iter().filter(|op| op.moves_stack()).map(name).collect();
        assert_eq!(moving, ["Eval", "Call", "Step"]);
        // Each of them may also write registers the check cannot see, or
        // names what the tree walker runs: none is a plain register op.
        for op in every_op().iter().filter(|op| op.moves_stack()) {
            assert!(op.writes_unnamed() || op.index().is_some(), "{op:?}");
        }
    }
}
