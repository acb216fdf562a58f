//! Which registers are live before and after each op: read on some path
//! on before they are written whole. The dead-copy pass drops copies no op
//! reads (`dead.rs`); the machine code keeps in memory, where the
//! interpreter reads them, the registers live where it hands an op back,
//! and takes back those live where it is entered (`native.rs`).

use super::op::{Access, Index};
use super::{Code, Op};

/// Live registers, as bit sets over the frame, before and after each op.
pub(super) struct Live {
    live_in: Vec<Vec<u64>>,
    live_out: Vec<Vec<u64>>,
}

impl Live {
    /// The live registers of `code`, which passed the check (every register
    /// in its frame, every jump on an op).
    pub(super) fn of(code: &Code) -> Live {
        let ops = &code.ops;
        let frame = code.frame.len();
        let words = frame.div_ceil(64);
        let list = super::init::list_reader(code);
        let locals = code.locals as usize;
        // What each op reads and what it writes whole, as bit sets.
        let mut uses = vec![vec![0u64; words]; ops.len()];
        let mut kills = vec![vec![0u64; words]; ops.len()];
        let set = |bits: &mut Vec<u64>, r: usize| {
            if r < frame {
                bits[r / 64] |= 1 << (r % 64)
            }
        };
        for (pc, op) in ops.iter().enumerate() {
            op.regs(|r, access| {
                let range = r as usize..r as usize + access.len();
                match access {
                    Access::Read | Access::Update | Access::ReadRange(_) => range.for_each(|r| set(&mut uses[pc], r)),
                    Access::Write | Access::WriteRange(_) => range.for_each(|r| set(&mut kills[pc], r)),
                }
            });
            match op.index() {
                Some(Index::List(i)) => list(i as usize).iter().for_each(|&r| set(&mut uses[pc], r as usize)),
                // The tree walker reads the card's parameters and locals by slot.
                Some(Index::Step(_) | Index::Expr(_)) => (0..locals).for_each(|r| set(&mut uses[pc], r)),
                None => {}
            }
        }
        // Backward passes until nothing changes.
        let mut live_out = vec![vec![0u64; words]; ops.len()];
        let mut live_in = vec![vec![0u64; words]; ops.len()];
        let mut changed = true;
        while changed {
            changed = false;
            for pc in (0..ops.len()).rev() {
                let (mut out, mut inn) = (vec![0u64; words], uses[pc].clone());
                for next in super::init::successors(ops, pc) {
                    out.iter_mut().zip(&live_in[next]).for_each(|(o, l)| *o |= l);
                    // A write kills on the way to `next` only if the op
                    // writes whichever of its ways leads there (a Repeat's
                    // counter is written only on the way into a turn).
                    let op = &ops[pc];
                    let falls = next == pc + 1 && !matches!(op, Op::Jump { .. } | Op::Loop { .. });
                    let jumps = op.target() == Some(next as u32);
                    let kills_here = (!falls || op.writes_on_way(false)) && (!jumps || op.writes_on_way(true));
                    for w in 0..words {
                        inn[w] |= live_in[next][w] & !(if kills_here { kills[pc][w] } else { 0 });
                    }
                }
                if inn != live_in[pc] || out != live_out[pc] {
                    live_in[pc] = inn;
                    live_out[pc] = out;
                    changed = true;
                }
            }
        }
        Live { live_in, live_out }
    }

    /// Register `r` is live before the op at `pc` (the op reads it, or it
    /// is live after and the op may leave it as it was).
    pub(super) fn before(&self, pc: usize, r: usize) -> bool {
        has(&self.live_in[pc], r)
    }

    /// Register `r` is live after the op at `pc`.
    pub(super) fn after(&self, pc: usize, r: usize) -> bool {
        has(&self.live_out[pc], r)
    }
}

fn has(bits: &[u64], r: usize) -> bool {
    bits.get(r / 64).is_some_and(|w| w & (1 << (r % 64)) != 0)
}
