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
//! and only this room can: a `Code` is checked by [`Code::check`] before it
//! exists, which is what lets the machine read registers unchecked.

mod inline;
mod lower;
mod op;

pub use inline::inline_leaves;
pub use lower::{lower, CardInfo};
pub use op::{Cmp, Op, Reg, NO_REG};

use crate::program::{Expr, Step};
use crate::value::Value;

/// One card, lowered. Only [`lower`] makes one with ops (checked by
/// [`Code::check`]); the default is a card that does nothing.
#[derive(Clone, Debug)]
pub struct Code {
    pub ops: Box<[Op]>,
    /// The step (its index into `Game::sites`) each op belongs to.
    pub sites: Box<[u32]>,
    /// For each op, the innermost loop it is in (a site), or `NO_LOOP`: the
    /// step blamed when the step budget runs out there.
    pub loops: Box<[u32]>,
    /// The frame a call starts with: parameters, locals (the leading
    /// constant Declares already in), constants, temporaries.
    pub frame: Box<[Value]>,
    /// Registers of calls' arguments and of returned structures.
    pub lists: Box<[Reg]>,
    pub exprs: Box<[Expr]>,
    pub steps: Box<[Step]>,
    /// How many registers are parameters and locals (the rest of the frame
    /// is constants and temporaries).
    pub locals: u16,
}

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
        }
    }
}

impl Code {
    /// What the machine relies on to read registers and ops without bounds
    /// checks: every register is in the frame, every jump lands on an op,
    /// every list and index is in range, and the last op is `End`.
    pub fn check(&self) -> Result<(), String> {
        let frame = self.frame.len();
        if frame >= NO_REG as usize {
            return Err(format!("the card needs {frame} values in its frame; at most {} fit", NO_REG - 1));
        }
        let mut bad = None;
        for op in self.ops.iter() {
            op.each_reg(|r| {
                if r != NO_REG && r as usize >= frame {
                    bad.get_or_insert(format!("register {r} is outside the frame ({frame})"));
                }
            });
            let lands = |mut op: Op| op.target_mut().is_none_or(|to| (*to as usize) < self.ops.len());
            let in_range = lands(*op)
                && match *op {
                    Op::CopyRange { dst, src, len } => {
                        let (dst, src, len) = (dst as usize, src as usize, len as usize);
                        dst + len <= frame && src + len <= frame && (dst + len <= src || src + len <= dst)
                    }
                    Op::Eval { expr, .. } => (expr as usize) < self.exprs.len(),
                    Op::Step { step } => (step as usize) < self.steps.len(),
                    Op::Call { args, .. } | Op::ReturnStruct { values: args, .. } => {
                        (args as usize) <= self.lists.len()
                    }
                    _ => true,
                };
            if !in_range {
                bad.get_or_insert(format!("{op:?} points outside the card"));
            }
        }
        if let Some(r) = self.lists.iter().find(|&&r| r as usize >= frame) {
            bad.get_or_insert(format!("listed register {r} is outside the frame ({frame})"));
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
