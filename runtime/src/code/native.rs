//! A card's ops as machine code, made with Cranelift once the card has run
//! often enough (`Code::native`): ops straight after one another, with no
//! going from op to op through a `match`, no operands to decode, and the
//! registers whose kind is known (a Number, a Text, a Boolean) held in
//! machine registers rather than as tagged values in the frame.
//!
//! The interpreter (`exec/machine.rs`) stays the one definition of what an
//! op does. The machine code does an op only when it can do all of it the
//! way the interpreter would (its operands of the kinds it takes, its row
//! there, a step of the budget left); otherwise it writes the registers
//! the interpreter may read back to the frame (those live there, `live.rs`)
//! and returns the op's index, having changed nothing else, and the
//! interpreter runs that op, faults and all. So a fault, a conversion, a
//! call, a Step or an Eval happen where they always did, and an op this
//! file does not know is simply left to the interpreter.
//!
//! The interpreter enters the code again at an op after one the code always
//! hands back (a call, rows added, ...), and at the first op
//! ([`Native::enters`]); after an op handed back for a rarer reason (a
//! missing row, a value to convert) it goes on by itself until it comes to
//! one. Entering, the code takes each register it holds in a machine
//! register and live there from the frame, if each holds its kind (else it
//! hands the op straight back): what [`kinds`] worked out is checked, not
//! trusted. Every write the code makes to such a register is of its kind.
//!
//! The code reads and writes the frame's values in place, as laid out by
//! `#[repr(u8)]` on [`Value`] (`Value::TAG_NUM` and the others), and the
//! tables through [`TableView`]s the machine takes before it enters.

use super::live::Live;
use super::op::{Arith, Cmp, Op, Reg, NO_REG};
use super::{Code, NativeCx, TableView};
use crate::ids::{ColumnId, TableId};
use crate::value::{Sym, Type, Value};
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{self, types, AbiParam, Block, BlockArg, InstBuilder, JumpTableData, MemFlagsData};
use cranelift_codegen::settings::{self, Configurable};
use cranelift_codegen::{CodegenError, Context};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Variable};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{default_libcall_names, Linkage, Module, ModuleError};
use std::mem::{offset_of, size_of};

/// `NativeCx`'s fields and `TableView`'s, by offset, as the code reads them
/// (both `#[repr(C)]`): each from the compiler's own `offset_of!`, never
/// written by hand. Each field is read as 8 bytes (`u64`, or an address:
/// `compile` makes no code where an address is not 8 bytes).
const CX_STEPS: i32 = offset_of!(NativeCx, steps_left) as i32;
const CX_DEPTH_ROOM: i32 = offset_of!(NativeCx, depth_room) as i32;
const CX_VIEWS: i32 = offset_of!(NativeCx, views) as i32;
const VIEW_SIZE: i64 = size_of::<TableView>() as i64;
const VIEW_ROWS: i32 = offset_of!(TableView, row_count) as i32;
const VIEW_CELLS: i32 = offset_of!(TableView, cells) as i32;
const VIEW_WIDTH: i32 = offset_of!(TableView, width) as i32;
const VIEW_BY_NAME: i32 = offset_of!(TableView, by_name) as i32;
const VIEW_BY_NAME_LEN: i32 = offset_of!(TableView, by_name_len) as i32;
const VIEW_ROW_NAMES: i32 = offset_of!(TableView, rows) as i32;
/// A name no row has, in `by_name`.
const NO_ROW: i64 = TableView::NO_ROW as i64;
/// A `Value`'s size, in the frame and in a table's cells, and the shift
/// that multiplies by it; a copy moves a `Value` as two 8-byte halves.
const VALUE_SIZE: i32 = size_of::<Value>() as i32;
const VALUE_SHIFT: i64 = VALUE_SIZE.trailing_zeros() as i64;
/// The shift that multiplies by the size of an entry of `by_name` (a row
/// number, `u32`) and of `rows` (a `Sym`): `Table::view` names the types.
const ROW_NUMBER_SHIFT: i64 = size_of::<u32>().trailing_zeros() as i64;
const SYM_SHIFT: i64 = size_of::<Sym>().trailing_zeros() as i64;
// What the constants above cannot say by themselves.
const _: () = {
    assert!(VALUE_SIZE == 16 && 1 << VALUE_SHIFT == VALUE_SIZE);
    assert!(1 << ROW_NUMBER_SHIFT == size_of::<u32>() && 1 << SYM_SHIFT == size_of::<Sym>());
    // A Text is read and written as 32 bits (`Value::WORD_AT`).
    assert!(size_of::<Sym>() == 4);
    assert!(size_of::<u64>() == 8 && size_of::<*const TableView>() <= 8 && size_of::<usize>() <= 8);
};

type Entry = unsafe extern "C" fn(fp: *mut Value, cx: *mut NativeCx, pc: u32) -> u32;

/// A card's machine code.
pub struct Native {
    entry: Entry,
    tables: Box<[TableId]>,
    /// The ops the code may be entered at (`Native::enters`).
    entries: Box<[bool]>,
    /// Owns the memory the code is in; never changed after it was made,
    /// freed with the `Native` (`Some` until then).
    module: Option<JITModule>,
}

impl Drop for Native {
    fn drop(&mut self) {
        if let Some(module) = self.module.take() {
            // SAFETY: the code runs only through `Native::run`, which
            // borrows the `Native`: being dropped, none of it is running,
            // and its entry is dropped with it.
            unsafe { module.free_memory() }
        }
    }
}

// SAFETY: the module is only kept to keep the code's memory, which nothing
// writes once `finalize_definitions` made it executable; the code itself
// keeps no state between calls (everything it reads and writes is given).
unsafe impl Send for Native {}
unsafe impl Sync for Native {}

impl std::fmt::Debug for Native {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Native").field("tables", &self.tables).finish_non_exhaustive()
    }
}

impl Native {
    /// The tables whose views an entry needs, in order.
    pub fn tables(&self) -> &[TableId] {
        &self.tables
    }

    /// The code may be entered at op `pc`: the first op, an op the
    /// interpreter goes on with after one the code always hands back (a
    /// call, rows added, ...), and the head of each loop. Elsewhere the
    /// interpreter goes on by itself: after an op handed back for a rarer
    /// reason (a missing row, a conversion), until it comes to one of these.
    #[inline]
    pub fn enters(&self, pc: usize) -> bool {
        self.entries.get(pc).copied().unwrap_or(false)
    }

    /// Runs the card's ops from `pc` for as long as the machine code can,
    /// and answers the index of the op the interpreter must run next.
    ///
    /// # Safety
    /// The code is the one this was compiled from; `fp` points to a frame
    /// of `code.frame().len()` values that nothing else uses meanwhile;
    /// `pc` is an op's index; `cx.views` holds a view of each of
    /// [`Native::tables`], taken from the World's tables since the last
    /// change to them; and each table is as wide as `code.cells_read()`
    /// says the code reads it.
    #[inline]
    pub unsafe fn run(&self, fp: *mut Value, cx: &mut NativeCx, pc: u32) -> u32 {
        unsafe { (self.entry)(fp, cx, pc) }
    }
}

/// The machine code of `code`, or why Cranelift could not make it (a
/// machine it does not know; in a build with its verifier, a function it
/// finds malformed, which is a fault of this file): the interpreter runs
/// the card then, as it would without the `jit` feature.
/// `column` gives a table's column's type, where the game has it: a cell
/// read into a register is then taken to be of that type (and checked).
pub(super) fn compile(code: &Code, column: &dyn Fn(TableId, ColumnId) -> Option<Type>) -> Result<Native, String> {
    let mut module = module()?;
    let mut ctx = module.make_context();
    ctx.func.signature.params.extend([AbiParam::new(types::I64), AbiParam::new(types::I64), AbiParam::new(types::I32)]);
    ctx.func.signature.returns.push(AbiParam::new(types::I32));
    let mut fcx = FunctionBuilderContext::new();
    let mut tables = Vec::new();
    let entries;
    {
        let target = module.target_config();
        let b = FunctionBuilder::new(&mut ctx.func, &mut fcx);
        let mut emit = Emit::new(b, code, column);
        for (i, op) in code.ops().iter().enumerate() {
            emit.op(i, *op, &mut tables);
        }
        entries = emit.finish(target);
    }
    let entry = define(&mut module, &mut ctx)?;
    // SAFETY: the function was declared with this signature above.
    let entry = unsafe { std::mem::transmute::<*const u8, Entry>(entry) };
    Ok(Native { entry, tables: tables.into(), entries, module: Some(module) })
}

/// A module for this machine, as Cranelift is set up for the cards.
fn module() -> Result<JITModule, String> {
    let mut flags = settings::builder();
    // Cranelift's own check of the function it is given (`enable_verifier`)
    // runs in debug builds and the tests, and finds there what a mistake of
    // this file would make: an error (`define`), not a panic, and the card
    // left to the interpreter. Release builds leave it out: the code is made
    // from ops `Code::check` proved sound, and the check took a third of the
    // time Cranelift spends making the code.
    let verify = if cfg!(debug_assertions) { "true" } else { "false" };
    for (name, value) in
        [("opt_level", "speed"), ("enable_verifier", verify), ("is_pic", "false"), ("use_colocated_libcalls", "false")]
    {
        flags.set(name, value).map_err(|e| format!("Cranelift's setting {name}: {e}"))?;
    }
    let isa = cranelift_native::builder()
        .map_err(|e| format!("Cranelift does not know this machine: {e}"))?
        .finish(settings::Flags::new(flags))
        .map_err(|e| format!("Cranelift does not know this machine: {e}"))?;
    let module = JITModule::new(JITBuilder::with_isa(isa, default_libcall_names()));
    if module.target_config().pointer_type() != types::I64 {
        return Err("the machine code reads addresses as 8 bytes; this machine's are not".into());
    }
    Ok(module)
}

/// Makes the function built in `ctx` machine code in `module`: its
/// address, or Cranelift's error (the verifier's, where it is on).
fn define(module: &mut JITModule, ctx: &mut Context) -> Result<*const u8, String> {
    let made = |e: ModuleError| match e {
        ModuleError::Compilation(CodegenError::Verifier(errors)) => {
            format!("Cranelift's verifier refused the card's machine code:\n{errors}")
        }
        e => format!("Cranelift could not make the card's machine code: {e}"),
    };
    let id = module.declare_function("card", Linkage::Local, &ctx.func.signature).map_err(made)?;
    module.define_function(id, ctx).map_err(made)?;
    module.clear_context(ctx);
    module.finalize_definitions().map_err(made)?;
    Ok(module.get_finalized_function(id))
}

/// What the code knows a register holds whenever the machine code runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Nothing yet (while the kinds are worked out).
    Unset,
    Num,
    Text,
    Bool,
    /// Any value, or one of the other kinds.
    Any,
}

impl Kind {
    fn of_value(v: Value) -> Kind {
        match v {
            Value::Num(_) => Kind::Num,
            Value::Text(_) => Kind::Text,
            Value::Bool(_) => Kind::Bool,
            _ => Kind::Any,
        }
    }

    fn of_type(ty: Type) -> Kind {
        match ty {
            Type::Number => Kind::Num,
            Type::Text => Kind::Text,
            Type::Boolean => Kind::Bool,
            Type::Color | Type::Object | Type::ObjectType => Kind::Any,
        }
    }

    fn join(self, other: Kind) -> Kind {
        match (self, other) {
            (Kind::Unset, k) | (k, Kind::Unset) => k,
            (a, b) if a == b => a,
            _ => Kind::Any,
        }
    }

    /// The tag of a value of this kind (`Num`, `Text` or `Bool` only).
    fn tag(self) -> u8 {
        match self {
            Kind::Num => Value::TAG_NUM,
            Kind::Text => Value::TAG_TEXT,
            Kind::Bool => Value::TAG_BOOL,
            Kind::Unset | Kind::Any => Value::TAG_NONE,
        }
    }

    /// The machine type of a value of this kind, and where it is in a `Value`.
    fn payload(self) -> (types::Type, i32) {
        match self {
            Kind::Num => (types::F64, Value::NUM_AT),
            Kind::Text => (types::I32, Value::WORD_AT),
            _ => (types::I8, Value::BOOL_AT),
        }
    }
}

/// How the machine code holds a register.
#[derive(Clone, Copy, Debug)]
enum Holds {
    /// In a machine register (a Cranelift variable) of its kind, while the
    /// machine code runs: written to the frame where the code hands an op
    /// back to the interpreter, read from it where the code is entered.
    Var(Kind, Variable),
    /// A constant: no op writes it, so it is the frame's first value.
    Const(Value),
    /// In the frame, its tag checked at every read.
    Frame,
}

/// The kind of value each register of `code` holds, worked out from what
/// writes it: parameters and locals hold their declared type (the frame's
/// first value), which calls, steps and conversions keep; every other
/// register what its writers write, joined. The machine code relies on
/// none of it for its soundness: a register held in a machine register is
/// checked to be of its kind where the code is entered, and each op writes
/// it only with a value of that kind (else it is the interpreter's).
fn kinds(code: &Code, column: &dyn Fn(TableId, ColumnId) -> Option<Type>) -> (Vec<Kind>, Vec<bool>) {
    let (frame, locals) = (code.frame(), code.locals());
    let mut written = vec![false; frame.len()];
    written[..locals].iter_mut().for_each(|w| *w = true);
    for op in code.ops() {
        op.regs(|r, access| {
            if access.writes() {
                let end = (r as usize + access.len()).min(frame.len());
                written[(r as usize).min(end)..end].iter_mut().for_each(|w| *w = true);
            }
        });
    }
    let mut kind: Vec<Kind> = (0..frame.len())
        .map(|r| if r < locals || !written[r] { Kind::of_value(frame[r]) } else { Kind::Unset })
        .collect();
    let kind_of = |k: &[Kind], r: Reg| k[r as usize];
    loop {
        let mut changed = false;
        for op in code.ops() {
            let mut put = |kind: &mut Vec<Kind>, r: Reg, k: Kind| {
                let r = r as usize;
                if r < kind.len() && kind[r].join(k) != kind[r] {
                    kind[r] = kind[r].join(k);
                    changed = true;
                }
            };
            match *op {
                Op::Copy { dst, src } => {
                    let k = kind_of(&kind, src);
                    put(&mut kind, dst, k)
                }
                Op::Store { dst, ty, .. } => put(&mut kind, dst, Kind::of_type(ty)),
                Op::Data { dst, table, column: c, .. } => {
                    put(&mut kind, dst, column(table, c).map_or(Kind::Any, Kind::of_type))
                }
                Op::Add { dst, a, b } | Op::Sub { dst, a, b } | Op::Mul { dst, a, b } => {
                    let k = match (kind_of(&kind, a), kind_of(&kind, b)) {
                        (Kind::Unset, _) | (_, Kind::Unset) => Kind::Unset,
                        (Kind::Num, Kind::Num) => Kind::Num,
                        (Kind::Text, Kind::Text) if matches!(op, Op::Add { .. }) => Kind::Text,
                        _ => Kind::Any,
                    };
                    put(&mut kind, dst, k)
                }
                Op::ArithData { dst, .. }
                | Op::DataCount { dst, .. }
                | Op::Neg { dst, .. }
                | Op::Abs { dst, .. }
                | Op::Floor { dst, .. }
                | Op::Random { dst, .. } => put(&mut kind, dst, Kind::Num),
                Op::Not { dst, .. } => put(&mut kind, dst, Kind::Bool),
                Op::DataRow { dst, .. } => put(&mut kind, dst, Kind::Text),
                Op::Global { dst, .. } | Op::Eval { dst, .. } | Op::Binary { dst, .. } => {
                    put(&mut kind, dst, Kind::Any)
                }
                Op::RepeatStart { limit, index, counter, .. } => {
                    for r in [limit, index, counter] {
                        put(&mut kind, r, Kind::Num)
                    }
                }
                Op::RepeatNext { index, counter, .. } => {
                    for r in [index, counter] {
                        put(&mut kind, r, Kind::Num)
                    }
                }
                Op::ControlRow { answer, .. } if answer != NO_REG => put(&mut kind, answer, Kind::Bool),
                Op::Enter { dst, src, len, .. } => {
                    for k in 0..len {
                        let from = kind_of(&kind, src + k);
                        put(&mut kind, dst + k, from)
                    }
                }
                // A call's answer and a step's writes land in locals, made
                // to fit their declared types.
                Op::Call { .. }
                | Op::Step { .. }
                | Op::ControlRow { .. }
                | Op::Jump { .. }
                | Op::JumpBool { .. }
                | Op::JumpEq { .. }
                | Op::JumpDataEq { .. }
                | Op::JumpDataText { .. }
                | Op::JumpOutside { .. }
                | Op::JumpCmp { .. }
                | Op::Loop { .. }
                | Op::Return { .. }
                | Op::ReturnStruct { .. }
                | Op::SetCell { .. }
                | Op::ResetTable { .. }
                | Op::End => {}
            }
        }
        if !changed {
            break;
        }
    }
    let constant = written.iter().map(|w| !w).collect();
    (kind, constant)
}

/// A value an op reads, as the code has it.
#[derive(Clone, Copy)]
enum Got {
    /// Of this kind, in a machine register (or a constant).
    Typed(Kind, ir::Value),
    /// A whole `Value` in memory at this address and offset.
    Memory(ir::Value, i32),
}

/// The function being built: a block for each op, entered through a table
/// on the `pc` given, by a block that takes the registers held in machine
/// registers from the frame first.
struct Emit<'a> {
    b: FunctionBuilder<'a>,
    /// The frame's address, the context's, the views'.
    fp: ir::Value,
    cx: ir::Value,
    views: ir::Value,
    /// The op index the code was entered at.
    pc: ir::Value,
    /// Filled last: the table from `pc` to where the code is entered.
    dispatch: Block,
    ops: Vec<Block>,
    holds: Vec<Holds>,
    live: Live,
    /// The ops each op may go on with (for the entries: where the
    /// interpreter goes on after an op the code hands back).
    code_ops: Vec<Op>,
    /// For each op, a block that hands it back to the interpreter (made
    /// when first needed, filled last).
    exits: Vec<Option<Block>>,
    /// The ops the code always hands back.
    handed: Vec<bool>,
    /// The type of a table's column, where the game has it.
    column: &'a dyn Fn(TableId, ColumnId) -> Option<Type>,
}

fn flags() -> MemFlagsData {
    // The frame, the context and the tables are all aligned, and there.
    MemFlagsData::trusted()
}

/// A register's byte offset in the frame.
fn at(r: Reg) -> i32 {
    i32::from(r) * VALUE_SIZE
}

impl<'a> Emit<'a> {
    fn new(mut b: FunctionBuilder<'a>, code: &Code, column: &'a dyn Fn(TableId, ColumnId) -> Option<Type>) -> Emit<'a> {
        let start = b.create_block();
        b.append_block_params_for_function_params(start);
        b.switch_to_block(start);
        let (fp, cx, pc) = (b.block_params(start)[0], b.block_params(start)[1], b.block_params(start)[2]);
        let views = b.ins().load(types::I64, flags(), cx, CX_VIEWS);
        let dispatch = b.create_block();
        b.ins().jump(dispatch, &[]);
        let ops: Vec<Block> = code.ops().iter().map(|_| b.create_block()).collect();
        let (kind, constant) = kinds(code, column);
        let holds = (0..code.frame().len())
            .map(|r| match (constant[r], kind[r]) {
                (true, Kind::Num | Kind::Text | Kind::Bool) => Holds::Const(code.frame()[r]),
                (false, k @ (Kind::Num | Kind::Text | Kind::Bool)) => Holds::Var(k, b.declare_var(k.payload().0)),
                _ => Holds::Frame,
            })
            .collect();
        Emit {
            b,
            fp,
            cx,
            views,
            pc,
            dispatch,
            ops,
            holds,
            live: Live::of(code),
            code_ops: code.ops().to_vec(),
            exits: vec![None; code.ops().len()],
            handed: vec![false; code.ops().len()],
            column,
        }
    }

    /// The entries, the exits and the table, then the function is done;
    /// answers the ops it may be entered at (`Native::enters`).
    fn finish(mut self, target: cranelift_codegen::isa::TargetFrontendConfig) -> Box<[bool]> {
        let count = self.ops.len();
        let mut entered = vec![false; count];
        entered[0] = true;
        for i in 0..count {
            if self.handed[i] {
                for next in super::init::successors(&self.code_ops, i) {
                    entered[next] = true;
                }
            }
        }
        let refuse = self.b.create_block();
        let mut table = Vec::with_capacity(count);
        for (j, &enter) in entered.iter().enumerate() {
            table.push(if enter { self.entry(j) } else { refuse });
        }
        self.b.switch_to_block(refuse);
        self.b.ins().return_(&[self.pc]);
        self.b.switch_to_block(self.dispatch);
        let calls: Vec<_> = table.iter().map(|&block| self.b.func.dfg.block_call(block, &[])).collect();
        let default = self.b.func.dfg.block_call(refuse, &[]);
        let jt = self.b.create_jump_table(JumpTableData::new(default, &calls));
        self.b.ins().br_table(self.pc, jt);
        for i in 0..count {
            if let Some(exit) = self.exits[i] {
                self.b.switch_to_block(exit);
                for r in 0..self.holds.len() {
                    if let Holds::Var(kind, var) = self.holds[r] {
                        if self.live.before(i, r) {
                            let v = self.b.use_var(var);
                            self.store(kind, v, self.fp, at(r as Reg));
                        }
                    }
                }
                let pc = self.b.ins().iconst(types::I32, i as i64);
                self.b.ins().return_(&[pc]);
            }
        }
        self.b.seal_all_blocks();
        self.b.finalize(target);
        entered.into()
    }

    /// The block that enters the code at op `j`: each register held in a
    /// machine register and live there taken from the frame, if each holds
    /// its kind (else the interpreter runs op `j`).
    fn entry(&mut self, j: usize) -> Block {
        let check = self.b.create_block();
        let take = self.b.create_block();
        let refuse = self.b.create_block();
        self.b.switch_to_block(check);
        let live: Vec<(Reg, Kind, Variable)> = (0..self.holds.len())
            .filter_map(|r| match self.holds[r] {
                Holds::Var(kind, var) if self.live.before(j, r) => Some((r as Reg, kind, var)),
                _ => None,
            })
            .collect();
        let mut all = self.b.ins().iconst(types::I8, 1);
        for &(r, kind, _) in &live {
            let tag = self.tag_at(self.fp, at(r));
            let is = self.is(tag, kind.tag());
            all = self.b.ins().band(all, is);
        }
        self.b.ins().brif(all, take, &[], refuse, &[]);
        self.b.switch_to_block(take);
        for &(r, kind, var) in &live {
            let (ty, offset) = kind.payload();
            let v = self.b.ins().load(ty, flags(), self.fp, at(r) + offset);
            self.b.def_var(var, v);
        }
        self.b.ins().jump(self.ops[j], &[]);
        self.b.switch_to_block(refuse);
        let pc = self.b.ins().iconst(types::I32, j as i64);
        self.b.ins().return_(&[pc]);
        check
    }

    /// The block that hands op `i` back to the interpreter (filled by `finish`).
    fn exit(&mut self, i: usize) -> Block {
        *self.exits[i].get_or_insert_with(|| self.b.create_block())
    }

    fn goto(&mut self, block: Block) {
        self.b.ins().jump(block, &[]);
    }

    fn branch(&mut self, cond: ir::Value, yes: Block, no: Block) {
        self.b.ins().brif(cond, yes, &[], no, &[]);
    }

    /// Go on in a new block when `cond`, else hand op `i` back.
    fn require(&mut self, i: usize, cond: ir::Value) {
        let next = self.b.create_block();
        let exit = self.exit(i);
        self.branch(cond, next, exit);
        self.b.switch_to_block(next);
    }

    fn tag_at(&mut self, base: ir::Value, offset: i32) -> ir::Value {
        self.b.ins().uload8(types::I32, flags(), base, offset)
    }

    fn is(&mut self, tag: ir::Value, want: u8) -> ir::Value {
        self.b.ins().icmp_imm_u(IntCC::Equal, tag, i64::from(want))
    }

    /// Writes a value of `kind` (its payload `v`) as a whole `Value`.
    fn store(&mut self, kind: Kind, v: ir::Value, base: ir::Value, offset: i32) {
        let tag = self.b.ins().iconst(types::I8, i64::from(kind.tag()));
        self.b.ins().store(flags(), tag, base, offset);
        self.b.ins().store(flags(), v, base, offset + kind.payload().1);
    }

    /// Register `r` as the code has it.
    fn get(&mut self, r: Reg) -> Got {
        match self.holds[r as usize] {
            Holds::Var(kind, var) => Got::Typed(kind, self.b.use_var(var)),
            Holds::Const(Value::Num(n)) => Got::Typed(Kind::Num, self.b.ins().f64const(n)),
            Holds::Const(Value::Text(s)) => Got::Typed(Kind::Text, self.b.ins().iconst(types::I32, i64::from(s.0))),
            Holds::Const(Value::Bool(b)) => Got::Typed(Kind::Bool, self.b.ins().iconst(types::I8, i64::from(b))),
            Holds::Const(_) | Holds::Frame => Got::Memory(self.fp, at(r)),
        }
    }

    /// The payload of `got` as a value of `kind`: a value in memory has its
    /// tag checked (else op `i` is the interpreter's); `None` when it is of
    /// another kind for certain.
    fn want(&mut self, i: usize, got: Got, kind: Kind) -> Option<ir::Value> {
        match got {
            Got::Typed(k, v) => (k == kind).then_some(v),
            Got::Memory(base, offset) => {
                let tag = self.tag_at(base, offset);
                let is = self.is(tag, kind.tag());
                self.require(i, is);
                let (ty, at) = kind.payload();
                Some(self.b.ins().load(ty, flags(), base, offset + at))
            }
        }
    }

    /// Register `dst` may be written a value of `kind` here.
    fn takes(&self, dst: Reg, kind: Kind) -> bool {
        match self.holds[dst as usize] {
            Holds::Var(k, _) => k == kind,
            Holds::Frame => true,
            Holds::Const(_) => false,
        }
    }

    /// Writes register `dst` (which `takes` the kind).
    fn put(&mut self, dst: Reg, kind: Kind, v: ir::Value) {
        match self.holds[dst as usize] {
            Holds::Var(_, var) => self.b.def_var(var, v),
            Holds::Frame | Holds::Const(_) => self.store(kind, v, self.fp, at(dst)),
        }
    }

    /// `dst = got` whole, as `Copy` does; `None` when the kinds cannot agree.
    fn copy(&mut self, i: usize, dst: Reg, got: Got) -> Option<()> {
        match (self.holds[dst as usize], got) {
            (Holds::Const(_), _) => None,
            (Holds::Var(kind, var), got) => {
                let v = self.want(i, got, kind)?;
                self.b.def_var(var, v);
                Some(())
            }
            (Holds::Frame, Got::Typed(kind, v)) => {
                self.store(kind, v, self.fp, at(dst));
                Some(())
            }
            (Holds::Frame, Got::Memory(base, offset)) => {
                let lo = self.b.ins().load(types::I64, flags(), base, offset);
                let hi = self.b.ins().load(types::I64, flags(), base, offset + VALUE_SIZE / 2);
                self.b.ins().store(flags(), lo, self.fp, at(dst));
                self.b.ins().store(flags(), hi, self.fp, at(dst) + VALUE_SIZE / 2);
                Some(())
            }
        }
    }

    /// One step of the budget; op `i` is the interpreter's when none is left.
    fn spend(&mut self, i: usize) {
        let left = self.b.ins().load(types::I64, flags(), self.cx, CX_STEPS);
        let some = self.b.ins().icmp_imm_u(IntCC::NotEqual, left, 0);
        self.require(i, some);
        let less = self.b.ins().iadd_imm_s(left, -1);
        self.b.ins().store(flags(), less, self.cx, CX_STEPS);
    }

    /// The view of `table` (its slot in `tables`, added when new).
    fn view(&mut self, table: TableId, tables: &mut Vec<TableId>) -> ir::Value {
        let slot = match tables.iter().position(|&t| t == table) {
            Some(slot) => slot,
            None => {
                tables.push(table);
                tables.len() - 1
            }
        };
        self.b.ins().iadd_imm_s(self.views, slot as i64 * VIEW_SIZE)
    }

    /// The row of `view` that `row` names (`Table::row_of`): a whole Number
    /// below the row count, or a Text naming a row; op `i` is the
    /// interpreter's otherwise (a missing row's default, or its fault).
    fn row_of(&mut self, i: usize, view: ir::Value, row: Got) -> Option<ir::Value> {
        let found = self.b.create_block();
        let index = self.b.append_block_param(found, types::I64);
        let exit = self.exit(i);
        let (by_number, by_name) = (self.b.create_block(), self.b.create_block());
        let number = self.b.append_block_param(by_number, types::F64);
        let name = self.b.append_block_param(by_name, types::I64);
        match row {
            Got::Typed(Kind::Num, n) => {
                self.b.ins().jump(by_number, &[BlockArg::Value(n)]);
            }
            Got::Typed(Kind::Text, s) => {
                let s = self.b.ins().uextend(types::I64, s);
                self.b.ins().jump(by_name, &[BlockArg::Value(s)]);
            }
            Got::Typed(..) => return None,
            Got::Memory(base, offset) => {
                let tag = self.tag_at(base, offset);
                let is_num = self.is(tag, Value::TAG_NUM);
                let (num, not_num, text) = (self.b.create_block(), self.b.create_block(), self.b.create_block());
                self.branch(is_num, num, not_num);
                self.b.switch_to_block(num);
                let n = self.b.ins().load(types::F64, flags(), base, offset + Value::NUM_AT);
                self.b.ins().jump(by_number, &[BlockArg::Value(n)]);
                self.b.switch_to_block(not_num);
                let is_text = self.is(tag, Value::TAG_TEXT);
                self.branch(is_text, text, exit);
                self.b.switch_to_block(text);
                let s = self.b.ins().uload32(flags(), base, offset + Value::WORD_AT);
                self.b.ins().jump(by_name, &[BlockArg::Value(s)]);
            }
        }

        self.b.switch_to_block(by_number);
        let whole = self.b.ins().fcvt_to_sint_sat(types::I64, number);
        let back = self.b.ins().fcvt_from_sint(types::F64, whole);
        let is_whole = self.b.ins().fcmp(FloatCC::Equal, back, number);
        let counted = self.b.create_block();
        self.branch(is_whole, counted, exit);
        self.b.switch_to_block(counted);
        let count = self.b.ins().load(types::I64, flags(), view, VIEW_ROWS);
        // Unsigned: a negative row is past any count.
        let below = self.b.ins().icmp(IntCC::UnsignedLessThan, whole, count);
        self.b.ins().brif(below, found, &[BlockArg::Value(whole)], exit, &[]);

        self.b.switch_to_block(by_name);
        let len = self.b.ins().load(types::I64, flags(), view, VIEW_BY_NAME_LEN);
        let known = self.b.ins().icmp(IntCC::UnsignedLessThan, name, len);
        let look = self.b.create_block();
        self.branch(known, look, exit);
        self.b.switch_to_block(look);
        let names = self.b.ins().load(types::I64, flags(), view, VIEW_BY_NAME);
        let offset = self.b.ins().ishl_imm_u(name, ROW_NUMBER_SHIFT);
        let address = self.b.ins().iadd(names, offset);
        let number = self.b.ins().uload32(flags(), address, 0);
        let none = self.b.ins().icmp_imm_u(IntCC::Equal, number, NO_ROW);
        self.b.ins().brif(none, exit, &[], found, &[BlockArg::Value(number)]);

        self.b.switch_to_block(found);
        Some(index)
    }

    /// `data(table, row, column)`'s cell, in memory; op `i` is the
    /// interpreter's when the row is not there.
    fn cell(&mut self, i: usize, table: TableId, row: Reg, column: ColumnId, tables: &mut Vec<TableId>) -> Option<Got> {
        let view = self.view(table, tables);
        let row = self.get(row);
        let index = self.row_of(i, view, row)?;
        let width = self.b.ins().load(types::I64, flags(), view, VIEW_WIDTH);
        let first = self.b.ins().imul(index, width);
        let at = self.b.ins().iadd_imm_s(first, column.index() as i64);
        let bytes = self.b.ins().ishl_imm_u(at, VALUE_SHIFT);
        let cells = self.b.ins().load(types::I64, flags(), view, VIEW_CELLS);
        Some(Got::Memory(self.b.ins().iadd(cells, bytes), 0))
    }

    /// `a == b` as `Value::same` has it: the same kind, and the same
    /// Number (as `f64`s compare), Boolean or 32 bits; two nones are the same.
    fn same(&mut self, a: Got, b: Got) -> ir::Value {
        match (a, b) {
            (Got::Typed(ka, va), Got::Typed(kb, vb)) => {
                if ka != kb {
                    self.b.ins().iconst(types::I8, 0)
                } else if ka == Kind::Num {
                    self.b.ins().fcmp(FloatCC::Equal, va, vb)
                } else {
                    self.b.ins().icmp(IntCC::Equal, va, vb)
                }
            }
            (Got::Typed(kind, v), Got::Memory(base, offset)) | (Got::Memory(base, offset), Got::Typed(kind, v)) => {
                let tag = self.tag_at(base, offset);
                let is = self.is(tag, kind.tag());
                let (ty, at) = kind.payload();
                let w = self.b.ins().load(ty, flags(), base, offset + at);
                let equal = if kind == Kind::Num {
                    self.b.ins().fcmp(FloatCC::Equal, v, w)
                } else {
                    self.b.ins().icmp(IntCC::Equal, v, w)
                };
                self.b.ins().band(is, equal)
            }
            (Got::Memory(a, a_at), Got::Memory(b, b_at)) => {
                let ta = self.tag_at(a, a_at);
                let tb = self.tag_at(b, b_at);
                let kinds = self.b.ins().icmp(IntCC::Equal, ta, tb);
                let wa = self.b.ins().load(types::I32, flags(), a, a_at + Value::WORD_AT);
                let wb = self.b.ins().load(types::I32, flags(), b, b_at + Value::WORD_AT);
                let words = self.b.ins().icmp(IntCC::Equal, wa, wb);
                let ba = self.b.ins().uload8(types::I32, flags(), a, a_at + Value::BOOL_AT);
                let bb = self.b.ins().uload8(types::I32, flags(), b, b_at + Value::BOOL_AT);
                let bools = self.b.ins().icmp(IntCC::Equal, ba, bb);
                let na = self.b.ins().load(types::F64, flags(), a, a_at + Value::NUM_AT);
                let nb = self.b.ins().load(types::F64, flags(), b, b_at + Value::NUM_AT);
                let nums = self.b.ins().fcmp(FloatCC::Equal, na, nb);
                // The payload's bytes of another kind are padding: read, never used.
                let is_num = self.is(ta, Value::TAG_NUM);
                let is_bool = self.is(ta, Value::TAG_BOOL);
                let is_none = self.is(ta, Value::TAG_NONE);
                let one = self.b.ins().iconst(types::I8, 1);
                let payload = self.b.ins().select(is_none, one, words);
                let payload = self.b.ins().select(is_bool, bools, payload);
                let payload = self.b.ins().select(is_num, nums, payload);
                self.b.ins().band(kinds, payload)
            }
        }
    }

    /// Jump to op `to` when `a == b` is `when`, else go on with op `i + 1`:
    /// as `same`, but a value in memory against one of a known kind is
    /// two branches (its tag, then its payload), not flags joined.
    fn jump_same(&mut self, i: usize, a: Got, b: Got, when: bool, to: u32) {
        let (to, next) = (self.ops[to as usize], self.ops[i + 1]);
        let (yes, no) = if when { (to, next) } else { (next, to) };
        match (a, b) {
            (Got::Typed(kind, v), Got::Memory(base, offset)) | (Got::Memory(base, offset), Got::Typed(kind, v)) => {
                let tag = self.tag_at(base, offset);
                let is = self.is(tag, kind.tag());
                let payload = self.b.create_block();
                self.branch(is, payload, no);
                self.b.switch_to_block(payload);
                let (ty, at) = kind.payload();
                let w = self.b.ins().load(ty, flags(), base, offset + at);
                let equal = if kind == Kind::Num {
                    self.b.ins().fcmp(FloatCC::Equal, v, w)
                } else {
                    self.b.ins().icmp(IntCC::Equal, v, w)
                };
                self.branch(equal, yes, no);
            }
            _ => {
                let same = self.same(a, b);
                self.branch(same, yes, no);
            }
        }
    }

    /// Jump to op `to` when `cond == when`, else go on with op `i + 1`.
    fn jump_when(&mut self, i: usize, cond: ir::Value, when: bool, to: u32) {
        let (to, next) = (self.ops[to as usize], self.ops[i + 1]);
        if when {
            self.branch(cond, to, next);
        } else {
            self.branch(cond, next, to);
        }
    }

    /// Two Numbers (else op `i` is the interpreter's).
    fn nums(&mut self, i: usize, a: Reg, b: Reg) -> Option<(ir::Value, ir::Value)> {
        let (a, b) = (self.get(a), self.get(b));
        Some((self.want(i, a, Kind::Num)?, self.want(i, b, Kind::Num)?))
    }

    fn op(&mut self, i: usize, op: Op, tables: &mut Vec<TableId>) {
        self.b.switch_to_block(self.ops[i]);
        if self.emit(i, op, tables).is_none() {
            self.handed[i] = true;
            // The op is the interpreter's here (its operands are of other
            // kinds for certain, or the code does not know it).
            let exit = self.exit(i);
            self.goto(exit);
        }
    }

    /// The op's code, ending its block; `None` (with its block not ended)
    /// where it is the interpreter's. Every check that may hand the op back
    /// comes before the op changes anything.
    fn emit(&mut self, i: usize, op: Op, tables: &mut Vec<TableId>) -> Option<()> {
        let next = self.ops.get(i + 1).copied();
        match op {
            Op::Copy { dst, src } => {
                let got = self.get(src);
                self.copy(i, dst, got)?;
                self.goto(next?);
            }
            Op::Store { dst, src, ty } => {
                let kind = Kind::of_type(ty);
                let got = self.get(src);
                match got {
                    Got::Typed(k, _) if k != kind => return None,
                    Got::Typed(..) => self.copy(i, dst, got)?,
                    Got::Memory(base, offset) if kind == Kind::Any => {
                        // Color, Object, object type: the tag may be one of two.
                        let tag = self.tag_at(base, offset);
                        let fits = match ty {
                            Type::Color => self.is(tag, Value::TAG_COLOR),
                            _ => {
                                let own = if ty == Type::Object { Value::TAG_OBJ } else { Value::TAG_OBJ_TYPE };
                                let is_own = self.is(tag, own);
                                let is_none = self.is(tag, Value::TAG_NONE);
                                self.b.ins().bor(is_own, is_none)
                            }
                        };
                        if !matches!(self.holds[dst as usize], Holds::Frame) {
                            return None;
                        }
                        self.require(i, fits);
                        self.copy(i, dst, got)?;
                    }
                    Got::Memory(..) => {
                        if !self.takes(dst, kind) {
                            return None;
                        }
                        let v = self.want(i, got, kind)?;
                        self.put(dst, kind, v);
                    }
                }
                self.goto(next?);
            }
            Op::Data { dst, table, row, column } => {
                if matches!(self.holds[dst as usize], Holds::Const(_)) {
                    return None;
                }
                let cell = self.cell(i, table, row, column, tables)?;
                self.copy(i, dst, cell)?;
                self.goto(next?);
            }
            Op::ArithData { arith, data_first, dst, a, table, row, column } => {
                if !self.takes(dst, Kind::Num) {
                    return None;
                }
                let cell = self.cell(i, table, row, column, tables)?;
                let c = self.want(i, cell, Kind::Num)?;
                let a = self.get(a);
                let x = self.want(i, a, Kind::Num)?;
                let (l, r) = if data_first { (c, x) } else { (x, c) };
                let n = match arith {
                    Arith::Add => self.b.ins().fadd(l, r),
                    Arith::Sub => self.b.ins().fsub(l, r),
                    Arith::Mul => self.b.ins().fmul(l, r),
                };
                self.put(dst, Kind::Num, n);
                self.goto(next?);
            }
            Op::JumpDataEq { table, row, column, b, when, to } => {
                let cell = self.cell(i, table, row, column, tables)?;
                let b = self.get(b);
                self.jump_same(i, cell, b, when, to);
            }
            Op::JumpDataText { table, row, column, text, when, to } => {
                let cell = self.cell(i, table, row, column, tables)?;
                let text = self.b.ins().iconst(types::I32, i64::from(text.0));
                self.jump_same(i, cell, Got::Typed(Kind::Text, text), when, to);
            }
            Op::DataRow { dst, table, row } => {
                if !self.takes(dst, Kind::Text) {
                    return None;
                }
                let view = self.view(table, tables);
                let row = self.get(row);
                let index = self.row_of(i, view, row)?;
                let names = self.b.ins().load(types::I64, flags(), view, VIEW_ROW_NAMES);
                let offset = self.b.ins().ishl_imm_u(index, SYM_SHIFT);
                let address = self.b.ins().iadd(names, offset);
                let sym = self.b.ins().load(types::I32, flags(), address, 0);
                self.put(dst, Kind::Text, sym);
                self.goto(next?);
            }
            Op::DataCount { dst, table } => {
                if !self.takes(dst, Kind::Num) {
                    return None;
                }
                let view = self.view(table, tables);
                let count = self.b.ins().load(types::I64, flags(), view, VIEW_ROWS);
                let n = self.b.ins().fcvt_from_uint(types::F64, count);
                self.put(dst, Kind::Num, n);
                self.goto(next?);
            }
            Op::Add { dst, a, b } | Op::Sub { dst, a, b } | Op::Mul { dst, a, b } => {
                if !self.takes(dst, Kind::Num) {
                    return None;
                }
                let (x, y) = self.nums(i, a, b)?;
                let n = match op {
                    Op::Add { .. } => self.b.ins().fadd(x, y),
                    Op::Sub { .. } => self.b.ins().fsub(x, y),
                    _ => self.b.ins().fmul(x, y),
                };
                self.put(dst, Kind::Num, n);
                self.goto(next?);
            }
            Op::Jump { to } => self.goto(self.ops[to as usize]),
            Op::JumpBool { cond, when, to } => {
                let cond = self.get(cond);
                let flag = self.want(i, cond, Kind::Bool)?;
                self.jump_when(i, flag, when, to);
            }
            Op::JumpEq { a, b, when, to } => {
                let (a, b) = (self.get(a), self.get(b));
                self.jump_same(i, a, b, when, to);
            }
            Op::JumpCmp { cmp, a, b, when, to } => {
                let (x, y) = self.nums(i, a, b)?;
                let cc = match cmp {
                    Cmp::Lt => FloatCC::LessThan,
                    Cmp::Le => FloatCC::LessThanOrEqual,
                    Cmp::Gt => FloatCC::GreaterThan,
                    Cmp::Ge => FloatCC::GreaterThanOrEqual,
                };
                let holds = self.b.ins().fcmp(cc, x, y);
                self.jump_when(i, holds, when, to);
            }
            Op::JumpOutside { x, lo, hi, to } => {
                let x = self.get(x);
                let v = self.want(i, x, Kind::Num)?;
                let (l, h) = self.nums(i, lo, hi)?;
                let (outside, next) = (self.ops[to as usize], self.ops[i + 1]);
                let above = self.b.ins().fcmp(FloatCC::GreaterThanOrEqual, v, l);
                let upper = self.b.create_block();
                self.branch(above, upper, outside);
                self.b.switch_to_block(upper);
                let below = self.b.ins().fcmp(FloatCC::LessThanOrEqual, v, h);
                self.branch(below, next, outside);
            }
            Op::Loop { to } => {
                self.spend(i);
                self.goto(self.ops[to as usize]);
            }
            Op::RepeatNext { limit, index, counter, to } => {
                if !self.takes(index, Kind::Num) || !self.takes(counter, Kind::Num) {
                    return None;
                }
                let next = next?;
                // Not Numbers: the Repeat ends, as in the interpreter.
                let (index_got, limit_got) = (self.get(index), self.get(limit));
                let (at, n) = match (index_got, limit_got) {
                    (Got::Typed(Kind::Num, at), Got::Typed(Kind::Num, n)) => (at, n),
                    (Got::Typed(..), _) | (_, Got::Typed(..)) if !self.all_num(&[index_got, limit_got]) => {
                        self.goto(next);
                        return Some(());
                    }
                    _ => {
                        let nums = self.b.create_block();
                        let both = self.tags_num(&[index_got, limit_got]);
                        self.branch(both, nums, next);
                        self.b.switch_to_block(nums);
                        (self.payload_num(index_got), self.payload_num(limit_got))
                    }
                };
                let one = self.b.ins().f64const(1.0);
                let after = self.b.ins().fadd(at, one);
                let more = self.b.ins().fcmp(FloatCC::LessThan, after, n);
                let turn = self.b.create_block();
                self.branch(more, turn, next);
                self.b.switch_to_block(turn);
                self.spend(i);
                self.put(index, Kind::Num, after);
                self.put(counter, Kind::Num, after);
                self.goto(self.ops[to as usize]);
            }
            Op::Enter { nested, dst, src, len } => {
                // Every check before the step is spent: the first values are
                // constants or of the kinds their registers hold.
                let mut values = Vec::with_capacity(len as usize);
                for k in 0..len {
                    let got = self.get(src + k);
                    let fits = match (self.holds[(dst + k) as usize], got) {
                        (Holds::Const(_), _) => false,
                        (Holds::Var(kind, _), Got::Typed(k, _)) => kind == k,
                        (Holds::Var(..), Got::Memory(..)) => false,
                        (Holds::Frame, _) => true,
                    };
                    if !fits {
                        return None;
                    }
                    values.push(got);
                }
                let left = self.b.ins().load(types::I64, flags(), self.cx, CX_STEPS);
                let some = self.b.ins().icmp_imm_u(IntCC::NotEqual, left, 0);
                let room = self.b.ins().load(types::I64, flags(), self.cx, CX_DEPTH_ROOM);
                let deep = self.b.ins().icmp_imm_u(IntCC::UnsignedGreaterThan, room, i64::from(nested));
                let ok = self.b.ins().band(some, deep);
                self.require(i, ok);
                let less = self.b.ins().iadd_imm_s(left, -1);
                self.b.ins().store(flags(), less, self.cx, CX_STEPS);
                for (k, got) in (0..len).zip(values) {
                    self.copy(i, dst + k, got)?;
                }
                self.goto(next?);
            }
            Op::RepeatStart { count, limit, index, counter, exit } => {
                if ![limit, index, counter].iter().all(|&r| self.takes(r, Kind::Num)) {
                    return None;
                }
                let count = self.get(count);
                let n = self.want(i, count, Kind::Num)?;
                // `repeat_count`: a finite count above 0, rounded down; else none.
                let zero = self.b.ins().f64const(0.0);
                let above = self.b.ins().fcmp(FloatCC::GreaterThan, n, zero);
                let infinite = self.b.ins().f64const(f64::INFINITY);
                let finite = self.b.ins().fcmp(FloatCC::LessThan, n, infinite);
                let counts = self.b.ins().band(above, finite);
                let floor = self.b.ins().floor(n);
                let turns = self.b.ins().select(counts, floor, zero);
                let none = self.b.ins().fcmp(FloatCC::Equal, turns, zero);
                let start = self.b.create_block();
                self.branch(none, self.ops[exit as usize], start);
                self.b.switch_to_block(start);
                self.spend(i);
                self.put(limit, Kind::Num, turns);
                self.put(index, Kind::Num, zero);
                self.put(counter, Kind::Num, zero);
                self.goto(next?);
            }
            Op::SetCell { table, row, column, src } => {
                // Made to fit the column's type: here only when it fits already.
                let kind = self.column_kind(table, column);
                if !matches!(kind, Kind::Num | Kind::Text | Kind::Bool) {
                    return None;
                }
                let src = self.get(src);
                if matches!(src, Got::Typed(k, _) if k != kind) {
                    return None;
                }
                let cell = self.cell(i, table, row, column, tables)?;
                let v = self.want(i, src, kind)?;
                let Got::Memory(address, offset) = cell else { return None };
                self.store(kind, v, address, offset);
                self.goto(next?);
            }
            // The interpreter's: calls, steps and expressions of the tree
            // walker, rows added and removed, Returns and the rest, rare on
            // the hot path or needing the World.
            Op::Global { .. }
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
            | Op::ResetTable { .. }
            | Op::ControlRow { .. }
            | Op::Step { .. }
            | Op::End => return None,
        }
        Some(())
    }

    /// The kind of values a column holds (`Any`: unknown).
    fn column_kind(&self, table: TableId, column: ColumnId) -> Kind {
        (self.column)(table, column).map_or(Kind::Any, Kind::of_type)
    }

    /// Each value is a Number or in memory (may be one).
    fn all_num(&self, got: &[Got]) -> bool {
        got.iter().all(|g| matches!(g, Got::Typed(Kind::Num, _) | Got::Memory(..)))
    }

    /// Whether each value in memory holds a Number (the others are Numbers).
    fn tags_num(&mut self, got: &[Got]) -> ir::Value {
        let mut all = self.b.ins().iconst(types::I8, 1);
        for g in got {
            if let Got::Memory(base, offset) = *g {
                let tag = self.tag_at(base, offset);
                let is = self.is(tag, Value::TAG_NUM);
                all = self.b.ins().band(all, is);
            }
        }
        all
    }

    /// A Number's `f64` (its tag already checked).
    fn payload_num(&mut self, got: Got) -> ir::Value {
        match got {
            Got::Typed(_, v) => v,
            Got::Memory(base, offset) => self.b.ins().load(types::F64, flags(), base, offset + Value::NUM_AT),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::NO_LOOP;
    use super::*;
    use crate::value::Sym;

    /// `ops` over the frame `frame`, the first `locals` of it parameters
    /// and locals, checked as every `Code` is.
    fn code(ops: Vec<Op>, frame: Vec<Value>, locals: u16) -> Code {
        let n = ops.len();
        Code {
            ops: ops.into(),
            sites: (0..n as u32).collect(),
            loops: vec![NO_LOOP; n].into(),
            frame: frame.into(),
            locals,
            ..Code::default()
        }
        .checked()
        .unwrap_or_else(|e| panic!("{e}"))
    }

    fn no_columns(_: TableId, _: ColumnId) -> Option<Type> {
        None
    }

    /// Runs the machine code of `code` from op `pc` over `frame`, with
    /// `steps` of the budget and no tables: the op it hands back, and the
    /// steps left.
    fn run(code: &Code, frame: &mut [Value], pc: u32, steps: u64) -> (u32, u64) {
        let native = compile(code, &no_columns).unwrap_or_else(|e| panic!("{e}"));
        assert!(native.tables().is_empty());
        assert_eq!(frame.len(), code.frame().len());
        let mut cx = NativeCx { steps_left: steps, depth_room: 10, views: std::ptr::null() };
        // SAFETY: the frame is the code's length, and the code reads no table.
        let to = unsafe { native.run(frame.as_mut_ptr(), &mut cx, pc) };
        (to, cx.steps_left)
    }

    const NUMBER: Type = Type::Number;

    /// With the verifier on (debug builds, the tests), a function Cranelift
    /// finds malformed is an error `compile` hands on, not a panic: the
    /// interpreter then runs the card.
    #[test]
    #[cfg(debug_assertions)]
    fn a_function_the_verifier_refuses_is_an_error_not_a_panic() {
        let mut module = module().unwrap_or_else(|e| panic!("{e}"));
        let (mut ctx, target) = (module.make_context(), module.target_config());
        ctx.func.signature.returns.push(AbiParam::new(types::I32));
        let mut fcx = FunctionBuilderContext::new();
        let mut b = FunctionBuilder::new(&mut ctx.func, &mut fcx);
        let block = b.create_block();
        b.switch_to_block(block);
        b.seal_block(block);
        // An I64 returned where the signature says I32.
        let wrong = b.ins().iconst(types::I64, 0);
        b.ins().return_(&[wrong]);
        b.finalize(target);
        let error = define(&mut module, &mut ctx).map(|_| ()).expect_err("the verifier refuses it");
        assert!(error.starts_with("Cranelift's verifier refused"), "{error}");
    }

    #[test]
    fn registers_take_the_kind_of_what_writes_them() {
        let ops = vec![
            Op::Sub { dst: 3, a: 0, b: 2 },
            Op::DataRow { dst: 4, table: TableId(0), row: 0 },
            Op::Copy { dst: 5, src: 3 },
            Op::Copy { dst: 5, src: 4 },
            Op::Eval { dst: 6, expr: 0 },
            Op::End,
        ];
        let frame = vec![
            Value::Num(0.0),
            Value::Text(Sym(0)),
            Value::Num(1.0),
            Value::None,
            Value::None,
            Value::None,
            Value::None,
        ];
        let mut code = code(ops[..4].iter().copied().chain([Op::End]).collect(), frame.clone(), 2);
        let (kind, constant) = kinds(&code, &no_columns);
        // r0, r1: locals of their declared types; r2: a constant; r3: a
        // Number (a Number less a Number); r4: a row's name; r5: both.
        assert_eq!(kind[..6], [Kind::Num, Kind::Text, Kind::Num, Kind::Num, Kind::Text, Kind::Any]);
        assert_eq!(constant[..6], [false, false, true, false, false, false]);
        code.exprs = vec![crate::program::Expr::Const(Value::None)].into();
        code.ops = ops.into();
        let (kind, _) = kinds(&code, &no_columns);
        assert_eq!(kind[6], Kind::Any, "an expression the tree walker works out may be anything");
    }

    #[test]
    fn numbers_are_worked_out_in_machine_registers_and_written_back_where_handed_back() {
        // r2 = r0 + r1; return r2: the Return is the interpreter's, so r2
        // is in the frame when the code hands it back.
        let ops = vec![Op::Add { dst: 2, a: 0, b: 1 }, Op::Return { src: 2, ty: NUMBER }, Op::End];
        let code = code(ops, vec![Value::Num(0.0); 3], 2);
        let mut frame = [Value::Num(2.0), Value::Num(3.5), Value::None];
        assert_eq!(run(&code, &mut frame, 0, 100), (1, 100));
        assert_eq!(frame, [Value::Num(2.0), Value::Num(3.5), Value::Num(5.5)]);
    }

    #[test]
    fn a_register_not_of_its_kind_where_the_code_is_entered_is_handed_straight_back() {
        // r0 is a Number local; a Text there (only code that broke the
        // frame could put one) is not read as a Number: the first op is
        // handed back, nothing changed.
        let ops = vec![Op::Add { dst: 2, a: 0, b: 1 }, Op::Return { src: 2, ty: NUMBER }, Op::End];
        let code = code(ops, vec![Value::Num(0.0); 3], 2);
        let mut frame = [Value::Text(Sym(4)), Value::Num(3.5), Value::None];
        assert_eq!(run(&code, &mut frame, 0, 100), (0, 100));
        assert_eq!(frame, [Value::Text(Sym(4)), Value::Num(3.5), Value::None]);
    }

    #[test]
    fn a_loop_spends_the_budget_and_hands_back_when_it_is_spent() {
        // r0 += 1 while the budget lasts; r0 live at the Loop (read again).
        let ops = vec![Op::Add { dst: 0, a: 0, b: 1 }, Op::Loop { to: 0 }, Op::End];
        let code = code(ops, vec![Value::Num(0.0), Value::Num(1.0)], 1);
        let mut frame = [Value::Num(0.0), Value::Num(1.0)];
        // Three steps: three turns back, then the Loop is handed back
        // before the fourth, with r0 written back and no step spent.
        assert_eq!(run(&code, &mut frame, 0, 3), (1, 0));
        assert_eq!(frame[0], Value::Num(4.0));
    }

    #[test]
    fn an_op_the_code_cannot_finish_is_handed_back_before_it_changes_anything() {
        // Text + Number is the interpreter's (a fault there): r2 keeps what it held.
        let ops = vec![Op::Add { dst: 2, a: 0, b: 1 }, Op::Return { src: 2, ty: NUMBER }, Op::End];
        let code = code(ops, vec![Value::None, Value::Num(0.0), Value::Num(0.0)], 2);
        let mut frame = [Value::Text(Sym(1)), Value::Num(3.0), Value::Num(7.0)];
        assert_eq!(run(&code, &mut frame, 0, 100), (0, 100));
        assert_eq!(frame, [Value::Text(Sym(1)), Value::Num(3.0), Value::Num(7.0)]);
    }

    #[test]
    fn a_repeat_counts_its_turns_as_the_interpreter_does() {
        // repeat r0 times: r3 += 1; a count of 2.5 is 2 turns, of -1 none.
        let ops = vec![
            Op::RepeatStart { count: 0, limit: 1, index: 2, counter: 4, exit: 3 },
            Op::Add { dst: 3, a: 3, b: 5 },
            Op::RepeatNext { limit: 1, index: 2, counter: 4, to: 1 },
            Op::Return { src: 3, ty: NUMBER },
            Op::End,
        ];
        let frame =
            vec![Value::Num(0.0), Value::Num(0.0), Value::Num(0.0), Value::Num(0.0), Value::Num(0.0), Value::Num(1.0)];
        let code = code(ops, frame.clone(), 4);
        for (count, turns, spent) in [(2.5, 2.0, 2), (-1.0, 0.0, 0), (f64::NAN, 0.0, 0), (3.0, 3.0, 3)] {
            let mut frame = frame.clone();
            frame[0] = Value::Num(count);
            assert_eq!(run(&code, &mut frame, 0, 100), (3, 100 - spent), "a count of {count}");
            assert_eq!(frame[3], Value::Num(turns), "a count of {count}");
        }
    }
}
