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

/// How an op uses a register it names (see [`Op::regs_mut`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// The op reads the register.
    Read,
    /// The op writes the register.
    Write,
    /// The op reads the register, then writes it (a Repeat's index).
    Update,
    /// The op reads `len` registers from this one (`CopyRange`'s source).
    ReadRange(u16),
    /// The op writes `len` registers from this one (`CopyRange`'s destination).
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
// jump, and what else it names. `Code::check`, the lowering and the inliner
// all read them from here.
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
            Op::Add { dst, a, b } | Op::Sub { dst, a, b } | Op::Mul { dst, a, b } | Op::Binary { dst, a, b, .. } => {
                f(a, Read);
                f(b, Read);
                f(dst, Write)
            }
            Op::Neg { dst, a } | Op::Not { dst, a } | Op::Abs { dst, a } | Op::Floor { dst, a } => {
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
            Op::CopyRange { dst, src, len } => {
                f(src, ReadRange(*len));
                f(dst, WriteRange(*len))
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

    /// Calls `f` with each register the op names (see [`Op::regs_mut`]).
    pub(crate) fn regs(&self, mut f: impl FnMut(Reg, Access)) {
        let mut op = *self;
        op.regs_mut(|r, access| f(*r, access));
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
            | Op::Eval { .. }
            | Op::Jump { .. }
            | Op::JumpBool { .. }
            | Op::JumpEq { .. }
            | Op::JumpDataEq { .. }
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
            | Op::CopyRange { .. }
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
            | Op::JumpCmp { to, .. }
            | Op::JumpOutside { to, .. }
            | Op::Loop { to }
            | Op::RepeatNext { to, .. }
            | Op::RepeatStart { exit: to, .. } => Some(to),
            Op::Copy { .. }
            | Op::Store { .. }
            | Op::Global { .. }
            | Op::Data { .. }
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
            | Op::Eval { .. }
            | Op::Call { .. }
            | Op::Return { .. }
            | Op::ReturnStruct { .. }
            | Op::SetCell { .. }
            | Op::ResetTable { .. }
            | Op::ControlRow { .. }
            | Op::Enter { .. }
            | Op::CopyRange { .. }
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
            | Op::Jump { .. }
            | Op::JumpBool { .. }
            | Op::JumpEq { .. }
            | Op::JumpDataEq { .. }
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
            | Op::CopyRange { .. }
            | Op::End => None,
        }
    }
}
