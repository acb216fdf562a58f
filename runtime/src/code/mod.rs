//! Cards as a small register machine runs them. A card's steps (the tree in
//! `program.rs`) are lowered once, at load, to a flat list of [`Op`]s over
//! the card's frame: parameters and locals first, then the card's constants,
//! then temporaries (`lower.rs`); small Functions are then copied into their
//! callers (`inline.rs`). What is rare on the hot path (Objects' properties,
//! Events, creating Objects, ...) is handed back to the tree walker by
//! [`Op::Eval`] and [`Op::Step`], so each rule of the card language is
//! written once.
//!
//! The machine itself is `exec/machine.rs`; this room only builds [`Code`],
//! and only this room can: its fields are private here, and a `Code` is
//! checked (`Code::check`) before it exists, which is what lets the machine
//! read registers unchecked.

mod dead;
mod init;
mod inline;
mod live;
mod lower;
#[cfg(feature = "jit")]
mod native;
mod op;

pub use inline::{inline_leaves, Callee, FieldInfo};
pub use lower::{lower, CardInfo};
pub use native::Native;
pub use op::{Arith, Cmp, Op, Reg, NO_REG};

use crate::ids::{ColumnId, TableId};
use crate::program::{Expr, Step};
use crate::value::{Type, Value};
use op::Index;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;

/// One card, lowered. Only [`lower`] and [`inline_leaves`] make one with
/// ops, and each is checked before it exists (`Code::check`); the default is
/// a card that does nothing.
///
/// Outside this room a `Code` is read, never made nor changed piece by
/// piece: the machine reads its registers unchecked, so an op naming a
/// register past the frame must not get past the check. Neither of these
/// compiles:
///
/// ```compile_fail,E0451
/// use cardtable_runtime::code::{Code, Op};
/// let ops = vec![Op::Copy { dst: 0, src: 9 }, Op::End].into_boxed_slice();
/// let code = Code { ops, ..Code::default() };
/// ```
///
/// ```compile_fail,E0616
/// use cardtable_runtime::code::{Code, Op};
/// let mut code = Code::default();
/// code.ops = vec![Op::Copy { dst: 0, src: 9 }, Op::End].into_boxed_slice();
/// ```
///
/// while reading one does:
///
/// ```
/// use cardtable_runtime::code::{Code, Op};
/// let code = Code::default();
/// assert!(matches!(code.ops(), [Op::End]));
/// assert!(code.frame().is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct Code {
    ops: Box<[Op]>,
    sites: Box<[u32]>,
    loops: Box<[u32]>,
    frame: Box<[Value]>,
    lists: Box<[Reg]>,
    exprs: Box<[Expr]>,
    steps: Box<[Step]>,
    locals: u16,
    /// The runs of registers (first, count) a run must find holding their
    /// first values (`init.rs`); made with the check.
    init: Box<[(Reg, u16)]>,
    /// The ops as the machine runs them (`Code::machine_ops`); made with the check.
    machine: Box<[Op]>,
    /// The cells the machine reads unchecked (`Code::cells_read`); made with the check.
    cells_read: Box<[(TableId, ColumnId)]>,
    /// The machine code, once a run asked for it (`Code::native`).
    native: NativeSlot,
}

/// Whether this build makes machine code: the runtime's `jit` feature (on
/// by default). Without it there is no `native.rs` nor Cranelift, a
/// [`Native`] cannot be made, and the interpreter runs every card.
pub const JIT: bool = cfg!(feature = "jit");

/// How many runs of a card's code pass before its machine code is made
/// (`World::native_after`): a card run once or twice is not worth
/// compiling; one the legal moves run thousands of times is.
pub const NATIVE_AFTER: u32 = 8;

/// Never make nor run machine code: the interpreter alone.
pub const NEVER_NATIVE: u32 = u32::MAX;

/// A card's machine code, made once, when first asked for after enough
/// runs, and shared by every World that runs the game.
#[derive(Default)]
struct NativeSlot {
    runs: AtomicU32,
    /// The code, or why it could not be made (`native::compile`).
    made: OnceLock<Result<Native, String>>,
}

impl Clone for NativeSlot {
    /// A copy of a card's code makes its own machine code, if it runs enough.
    fn clone(&self) -> NativeSlot {
        NativeSlot::default()
    }
}

impl std::fmt::Debug for NativeSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NativeSlot").field("made", &self.made.get().map(Result::is_ok)).finish()
    }
}

/// What the machine code needs of one table, filled by the machine from the
/// World's table before each entry (the tables do not change while the
/// machine code runs: every op that changes one is the interpreter's).
/// Addresses as integers, so that a World holding views stays `Send`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct TableView {
    /// How many rows.
    pub row_count: u64,
    /// The cells' address, row after row.
    pub cells: usize,
    /// Cells a row.
    pub width: u64,
    /// Row number by the symbol of its name (`TableView::NO_ROW`: none).
    pub by_name: usize,
    pub by_name_len: u64,
    /// The rows' names (`Sym`s), by number.
    pub rows: usize,
}

impl TableView {
    /// A name no row has, in `by_name` (`Table` writes it there).
    pub const NO_ROW: u32 = u32::MAX;
}

/// What one entry into the machine code is given besides the frame.
#[repr(C)]
#[derive(Debug)]
pub struct NativeCx {
    /// The World's step budget: the machine code spends it as the
    /// interpreter does, and the machine writes it back after.
    pub steps_left: u64,
    /// How many more calls deep a copied-in call may begin: an `Enter` of
    /// `nested` runs here when `nested < depth_room`.
    pub depth_room: u64,
    /// One view for each of [`Native::tables`], in that order.
    pub views: *const TableView,
}

/// Without the `jit` feature: no machine code, and a `Native` that cannot
/// be made, so that the machine is the same code either way.
#[cfg(not(feature = "jit"))]
mod native {
    use super::{Code, NativeCx};
    use crate::ids::{ColumnId, TableId};
    use crate::value::{Type, Value};

    /// A card's machine code, of which this build has none.
    #[derive(Debug)]
    pub enum Native {}

    impl Native {
        pub fn tables(&self) -> &[TableId] {
            match *self {}
        }

        pub fn enters(&self, _pc: usize) -> bool {
            match *self {}
        }

        /// # Safety
        /// Nothing to uphold: there is no `Native` to run.
        pub unsafe fn run(&self, _fp: *mut Value, _cx: &mut NativeCx, _pc: u32) -> u32 {
            match *self {}
        }
    }

    pub(super) fn compile(_: &Code, _: &dyn Fn(TableId, ColumnId) -> Option<Type>) -> Result<Native, String> {
        Err("a build without the `jit` feature makes no machine code".into())
    }
}

/// The most registers a frame may have: the machine's ops name each as
/// twice its number (`Code::machine_ops`), which must fit a `Reg`.
pub const MAX_FRAME: usize = (NO_REG as usize) / 2;

pub const NO_LOOP: u32 = u32::MAX;

impl Default for Code {
    fn default() -> Code {
        Code {
            ops: Box::new([Op::End]),
            sites: Box::new([0]),
            loops: Box::new([NO_LOOP]),
            frame: Box::new([]),
            lists: Box::new([]),
            exprs: Box::new([]),
            steps: Box::new([]),
            locals: 0,
            init: Box::new([]),
            machine: Box::new([Op::End]),
            cells_read: Box::new([]),
            native: NativeSlot::default(),
        }
    }
}

impl Code {
    /// The ops, the last one `End`.
    #[inline]
    pub fn ops(&self) -> &[Op] {
        &self.ops
    }

    /// The step (its index into `Game::sites`) each op belongs to.
    #[inline]
    pub fn sites(&self) -> &[u32] {
        &self.sites
    }

    /// For each op, the innermost loop it is in (a site), or `NO_LOOP`: the
    /// step blamed when the step budget runs out there.
    #[inline]
    pub fn loops(&self) -> &[u32] {
        &self.loops
    }

    /// The frame a call starts with: parameters, locals (the leading
    /// constant Declares already in), constants, temporaries.
    #[inline]
    pub fn frame(&self) -> &[Value] {
        &self.frame
    }

    /// Registers of calls' arguments and of returned structures.
    #[inline]
    pub fn lists(&self) -> &[Reg] {
        &self.lists
    }

    /// The expressions `Op::Eval` hands to the tree walker.
    #[inline]
    pub fn exprs(&self) -> &[Expr] {
        &self.exprs
    }

    /// The steps `Op::Step` hands to the tree walker.
    #[inline]
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// How many registers are parameters and locals (the rest of the frame
    /// is constants and temporaries); never more than the frame.
    #[inline]
    pub fn locals(&self) -> usize {
        self.locals as usize
    }

    /// The code, once it passed the check: the one way this room hands out
    /// a `Code` with ops.
    fn checked(mut self) -> Result<Code, String> {
        self.check()?;
        self.init = init::registers_to_init(&self);
        self.machine = self
            .ops
            .iter()
            .map(|op| {
                let mut op = *op;
                op.regs_mut(|r, _| *r *= 2);
                op
            })
            .collect();
        let mut reads: Vec<(TableId, ColumnId)> = Vec::new();
        for op in self.ops.iter() {
            if let Op::Data { table, column, .. }
            | Op::ArithData { table, column, .. }
            | Op::JumpDataEq { table, column, .. }
            | Op::JumpDataText { table, column, .. }
            | Op::SetCell { table, column, .. } = *op
            {
                match reads.iter_mut().find(|(t, _)| *t == table) {
                    Some((_, widest)) => *widest = (*widest).max(column),
                    None => reads.push((table, column)),
                }
            }
        }
        self.cells_read = reads.into();
        Ok(self)
    }

    /// For each table the ops `Data`, `ArithData`, `JumpDataEq` and
    /// `JumpDataText` read (and `SetCell` writes), the rightmost column they
    /// name: the machine reads those cells (and its machine code writes
    /// them) without a bounds check once it has seen that the World's
    /// tables are this wide.
    #[inline]
    pub(crate) fn cells_read(&self) -> &[(TableId, ColumnId)] {
        &self.cells_read
    }

    /// The ops as the machine runs them: [`Code::ops`], one for one, but
    /// each register an op names (`Op::regs_mut`) given as its place in
    /// 8-byte words from the frame's start, twice its number, so that the
    /// machine finds a register with one scaled addition (x86_64 scales an
    /// address by 8 at most; a register is 16 bytes). Registers in
    /// [`Code::lists`] stay numbers.
    #[inline]
    pub(crate) fn machine_ops(&self) -> &[Op] {
        &self.machine
    }

    /// The card's machine code (`native.rs`), for a run after `after` runs
    /// of it (counted here, while there is none), made the first time one
    /// asks; `None` before, with `NEVER_NATIVE`, without the `jit` feature,
    /// or where it cannot be made.
    /// `column` gives the type of a table's column (see `native::compile`).
    #[inline]
    pub(crate) fn native(&self, after: u32, column: impl Fn(TableId, ColumnId) -> Option<Type>) -> Option<&Native> {
        if after == NEVER_NATIVE || !JIT {
            return None;
        }
        if let Some(made) = self.native.made.get() {
            return made.as_ref().ok();
        }
        let runs = self.native.runs.load(Ordering::Relaxed);
        if runs < after {
            // Not an atomic increment: a run more or less counted is no harm.
            self.native.runs.store(runs + 1, Ordering::Relaxed);
            return None;
        }
        self.native.made.get_or_init(|| native::compile(self, &column)).as_ref().ok()
    }

    /// Whether the card's machine code was made, once a run asked for it
    /// (`None` before): `Err` says why not (Cranelift's error; the
    /// interpreter ran the card instead). The tests ask it, so that a card
    /// Cranelift refused does not pass for machine code.
    pub fn native_made(&self) -> Option<Result<(), &str>> {
        Some(self.native.made.get()?.as_ref().map(|_| ()).map_err(String::as_str))
    }

    /// The runs of registers (first, count) that a call must start holding
    /// their values in [`Code::frame`]; the others are written before they
    /// are read.
    #[inline]
    pub fn init(&self) -> &[(Reg, u16)] {
        &self.init
    }

    /// What the machine relies on to read registers and ops without bounds
    /// checks: every register an op names is in the frame (`NO_REG` only
    /// where the op allows none), every jump lands on an op, every list and
    /// index is in range, and the last op is `End`.
    fn check(&self) -> Result<(), String> {
        let frame = self.frame.len();
        if frame > MAX_FRAME {
            return Err(format!("the card needs {frame} values in its frame; at most {MAX_FRAME} fit"));
        }
        let mut bad = None;
        for op in self.ops.iter() {
            op.regs(|r, access| {
                if r as usize + access.len() > frame {
                    bad.get_or_insert(format!("register {r} is outside the frame ({frame})"));
                }
            });
            let lands = op.target().is_none_or(|to| (to as usize) < self.ops.len());
            let indexed = match op.index() {
                None => true,
                Some(Index::Expr(i)) => (i as usize) < self.exprs.len(),
                Some(Index::Step(i)) => (i as usize) < self.steps.len(),
                Some(Index::List(i)) => (i as usize) <= self.lists.len(),
            };
            // The machine copies a range with `copy_nonoverlapping`.
            let apart = match *op {
                Op::Enter { dst, src, len, .. } => {
                    let (dst, src, len) = (dst as usize, src as usize, len as usize);
                    dst + len <= src || src + len <= dst
                }
                _ => true,
            };
            if !(lands && indexed && apart) {
                bad.get_or_insert(format!("{op:?} points outside the card"));
            }
        }
        if let Some(r) = self.lists.iter().find(|&&r| r as usize >= frame) {
            bad.get_or_insert(format!("listed register {r} is outside the frame ({frame})"));
        }
        if self.locals as usize > frame {
            bad.get_or_insert(format!("its {} locals do not fit its frame ({frame})", self.locals));
        }
        if !matches!(self.ops.last(), Some(Op::End))
            || self.sites.len() != self.ops.len()
            || self.loops.len() != self.ops.len()
        {
            bad.get_or_insert("the card's ops do not end with End".into());
        }
        match bad {
            Some(why) => Err(format!("the card could not be compiled for the register machine: {why}")),
            None => Ok(()),
        }
    }
}
