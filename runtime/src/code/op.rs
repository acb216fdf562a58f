//! The instruction set: [`Op`] and the facts about each op (which registers
//! it reads and writes, where it jumps), written once, here, and used by the
//! check, the lowering's label patching and the inliner alike.

use crate::ids::{ColumnId, FuncId, GlobalId, StructId, TableId};
use crate::value::Type;
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
    /// one step of the budget, and the depth a call would have. `nested`:
    /// how many copied calls deep it is in the code it was copied into (0
    /// for a callee copied into the running card, 1 for a callee of that
    /// callee copied in with it, ...): each counts one deeper, as calls do.
    Enter { nested: u16 },
    /// `dst.. = src..`, `len` registers: an inlined Function's locals made
    /// fresh from their first values.
    CopyRange { dst: Reg, src: Reg, len: u16 },
    /// A step the tree walker runs (`Code::steps[step]`).
    Step { step: u32 },
    /// The end of the card.
    End,
}

impl Op {
    /// Calls `f` with each register the op names (`NO_REG` left out).
    pub(crate) fn each_reg(&self, mut f: impl FnMut(Reg)) {
        let mut op = *self;
        op.each_reg_mut(|r| f(*r));
    }

    /// Calls `f` on each register the op names, to change it (`NO_REG` left out).
    pub(crate) fn each_reg_mut(&mut self, mut f: impl FnMut(&mut Reg)) {
        let mut g = |r: &mut Reg| {
            if *r != NO_REG {
                f(r)
            }
        };
        match self {
            Op::Copy { dst, src } | Op::Store { dst, src, .. } | Op::CopyRange { dst, src, .. } => {
                g(dst);
                g(src)
            }
            Op::Global { dst, .. } | Op::DataCount { dst, .. } | Op::Eval { dst, .. } => g(dst),
            Op::Data { dst, row, .. } | Op::DataRow { dst, row, .. } => {
                g(dst);
                g(row)
            }
            Op::Add { dst, a, b } | Op::Sub { dst, a, b } | Op::Mul { dst, a, b } | Op::Binary { dst, a, b, .. } => {
                g(dst);
                g(a);
                g(b)
            }
            Op::Neg { dst, a } | Op::Not { dst, a } | Op::Abs { dst, a } | Op::Floor { dst, a } => {
                g(dst);
                g(a)
            }
            Op::JumpBool { cond, .. } => g(cond),
            Op::JumpEq { a, b, .. } | Op::JumpCmp { a, b, .. } => {
                g(a);
                g(b)
            }
            Op::JumpDataEq { row, b, .. } => {
                g(row);
                g(b)
            }
            Op::JumpOutside { x, lo, hi, .. } => {
                g(x);
                g(lo);
                g(hi)
            }
            Op::RepeatStart { count, limit, index, counter, .. } => {
                g(count);
                g(limit);
                g(index);
                g(counter)
            }
            Op::RepeatNext { limit, index, counter, .. } => {
                g(limit);
                g(index);
                g(counter)
            }
            Op::Call { answer, .. } => g(answer),
            Op::Return { src, .. } => g(src),
            Op::SetCell { row, src, .. } => {
                g(row);
                g(src)
            }
            Op::ControlRow { row, answer, .. } => {
                g(row);
                g(answer)
            }
            Op::Jump { .. }
            | Op::Loop { .. }
            | Op::ReturnStruct { .. }
            | Op::ResetTable { .. }
            | Op::Step { .. }
            | Op::Enter { .. }
            | Op::End => {}
        }
    }

    pub(crate) fn target_mut(&mut self) -> Option<&mut u32> {
        match self {
            Op::Jump { to }
            | Op::JumpBool { to, .. }
            | Op::JumpEq { to, .. }
            | Op::JumpDataEq { to, .. }
            | Op::JumpCmp { to, .. }
            | Op::JumpOutside { to, .. }
            | Op::Loop { to }
            | Op::RepeatNext { to, .. }
            | Op::RepeatStart { exit: to, .. } => Some(to),
            _ => None,
        }
    }
}
