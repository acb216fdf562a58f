//! Which registers are live before and after each op: read on some path
//! on before they are written whole. The dead-copy pass drops copies no op
//! reads (`dead.rs`); the machine code keeps in memory, where the
//! interpreter reads them, the registers live where it hands an op back,
//! and takes back those live where it is entered (`native.rs`).

use super::op::{Access, Index};
use super::{Code, Op};

/// Live registers, as bit sets over the frame, before and after each op.
pub(super) struct Live {
    /// Read only by the machine code (`Live::before`).
    #[cfg_attr(not(feature = "jit"), allow(dead_code))]
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
    #[cfg_attr(not(feature = "jit"), allow(dead_code))]
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

#[cfg(test)]
mod tests {
    use super::super::NO_LOOP;
    use super::*;
    use crate::value::Value;

    #[test]
    fn a_repeat_writes_its_limit_index_and_counter_only_on_the_way_into_a_turn() {
        // repeat r0 times (limit r1, index r2, counter r3); then return r3.
        let ops = vec![
            Op::RepeatStart { count: 0, limit: 1, index: 2, counter: 3, exit: 2 },
            Op::RepeatNext { limit: 1, index: 2, counter: 3, to: 1 },
            Op::Return { src: 3, ty: crate::value::Type::Number },
            Op::End,
        ];
        let n = ops.len();
        let code = Code {
            ops: ops.into(),
            sites: (0..n as u32).collect(),
            loops: vec![NO_LOOP; n].into(),
            frame: vec![Value::Num(0.0); 4].into(),
            locals: 4,
            ..Code::default()
        };
        let live = Live::of(&code);
        // The limit and the index are read only inside the loop, which
        // RepeatStart enters having written them: not live before it. The
        // counter is read after the loop, which a count of none reaches
        // without writing it: live before it.
        assert!(live.before(0, 0));
        assert!(!live.before(0, 1) && !live.before(0, 2));
        assert!(live.before(0, 3));
        // RepeatNext writes the counter only going back: live before it (the Return reads it).
        assert!(live.before(1, 3) && live.before(1, 1) && live.before(1, 2));
        assert!(!live.after(2, 3));
    }
}
