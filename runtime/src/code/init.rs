//! Which registers a run of a card must find holding their first values:
//! those some path may read before any op writes them. The parameters and
//! locals (which the tree walker's steps and expressions read and write by
//! slot), the constants and a copied-in Function's first values are among
//! them; a temporary, or a copied-in Function's parameter or local, is
//! written before it is read, so a frame pushed for a call need not copy
//! its first value in (`Stack::push_frame_init`). Find Legal Moves' frame
//! is 600 registers, copied for each Piece.

use super::op::{Access, Index};
use super::{Code, Op, Reg};

/// The runs of registers (first, count) that need their first values, in
/// order; computed once a code passed its check.
pub(super) fn registers_to_init(code: &Code) -> Box<[(Reg, u16)]> {
    let frame = code.frame.len();
    let ops = &code.ops;
    let words = frame.div_ceil(64);
    let list = list_reader(code);
    // For each op reached, the registers written on every path to it;
    // passes in order until nothing changes (each set only shrinks once
    // reached, so this ends).
    let mut written = vec![vec![0u64; words]; ops.len()];
    let mut reached = vec![false; ops.len()];
    reached[0] = true;
    let mut changed = true;
    while changed {
        changed = false;
        for pc in 0..ops.len() {
            if !reached[pc] {
                continue;
            }
            let mut out = written[pc].clone();
            ops[pc].regs(|r, access| {
                if access.writes() {
                    for r in (r as usize..r as usize + access.len()).filter(|&r| r < frame) {
                        out[r / 64] |= 1 << (r % 64);
                    }
                }
            });
            for next in successors(ops, pc) {
                if !reached[next] {
                    reached[next] = true;
                    written[next].clone_from(&out);
                    changed = true;
                } else {
                    for (w, o) in written[next].iter_mut().zip(&out) {
                        if *w & o != *w {
                            *w &= o;
                            changed = true;
                        }
                    }
                }
            }
        }
    }
    let mut needed = vec![false; frame];
    needed[..code.locals as usize].fill(true);
    for (pc, op) in ops.iter().enumerate() {
        if !reached[pc] {
            continue;
        }
        let w = &written[pc];
        let is_written = |r: usize| w[r / 64] & (1 << (r % 64)) != 0;
        let mut read = |r: usize| {
            if r < frame && !is_written(r) {
                needed[r] = true;
            }
        };
        op.regs(|r, access| match access {
            Access::Read | Access::Update | Access::ReadRange(_) => {
                (r as usize..r as usize + access.len()).for_each(&mut read);
            }
            Access::Write | Access::WriteRange(_) => {}
        });
        if let Some(Index::List(i)) = op.index() {
            list(i as usize).iter().for_each(|&r| read(r as usize));
        }
    }
    let mut runs: Vec<(Reg, u16)> = Vec::new();
    for (r, _) in needed.iter().enumerate().filter(|(_, n)| **n) {
        match runs.last_mut() {
            Some((first, len)) if *first as usize + *len as usize == r => *len += 1,
            _ => runs.push((r as Reg, 1)),
        }
    }
    runs.into()
}

/// The registers of the list an op names (`Index::List`), by its start: a
/// list (a call's arguments, a returned structure's values) runs to the
/// next one's start, more than the op reads at worst, never fewer.
pub(super) fn list_reader<'c>(code: &'c Code) -> impl Fn(usize) -> &'c [Reg] + 'c {
    let mut starts: Vec<usize> = code
        .ops
        .iter()
        .filter_map(|op| match op.index() {
            Some(Index::List(i)) => Some(i as usize),
            _ => None,
        })
        .collect();
    starts.sort_unstable();
    starts.dedup();
    move |start: usize| {
        let end = starts.iter().find(|&&s| s > start).copied().unwrap_or(code.lists.len());
        &code.lists[start.min(end)..end]
    }
}

/// Where the machine may go on after the op at `pc`.
pub(super) fn successors(ops: &[Op], pc: usize) -> impl Iterator<Item = usize> {
    let op = ops[pc];
    let falls_through =
        !matches!(op, Op::Jump { .. } | Op::Loop { .. } | Op::Return { .. } | Op::ReturnStruct { .. } | Op::End);
    let next = (falls_through && pc + 1 < ops.len()).then_some(pc + 1);
    next.into_iter().chain(op.target().map(|to| to as usize))
}

#[cfg(test)]
mod tests {
    use super::super::NO_LOOP;
    use super::*;
    use crate::value::Value;

    /// The runs to copy for `ops` over a frame of `frame` registers, the
    /// first `locals` of them parameters and locals.
    fn runs(ops: Vec<Op>, frame: usize, locals: u16) -> Vec<(Reg, u16)> {
        let n = ops.len();
        let code = Code {
            ops: ops.into(),
            sites: vec![0; n].into(),
            loops: vec![NO_LOOP; n].into(),
            frame: vec![Value::Num(0.0); frame].into(),
            locals,
            ..Code::default()
        };
        code.checked().unwrap_or_else(|e| panic!("{e}")).init().to_vec()
    }

    #[test]
    fn a_temporary_written_before_it_is_read_is_not_copied() {
        // r0 local; r1 a constant; r2 a temporary: r2 = r1 + r0, r0 = r2.
        let ops = vec![Op::Add { dst: 2, a: 1, b: 0 }, Op::Copy { dst: 0, src: 2 }, Op::End];
        assert_eq!(runs(ops, 3, 1), vec![(0, 2)]);
    }

    #[test]
    fn a_register_one_path_reads_before_writing_is_copied() {
        // r2 is written only when r0 == r1; then read on both paths.
        let ops = vec![
            Op::JumpEq { a: 0, b: 1, when: false, to: 2 },
            Op::Copy { dst: 2, src: 1 },
            Op::Copy { dst: 0, src: 2 },
            Op::End,
        ];
        assert_eq!(runs(ops, 3, 1), vec![(0, 3)]);
    }

    #[test]
    fn a_loop_reading_what_its_last_turn_wrote_is_copied() {
        // r2 is read at the loop's top, and written after: its first turn reads the first value.
        let ops = vec![
            Op::Copy { dst: 0, src: 2 },
            Op::Copy { dst: 2, src: 1 },
            Op::JumpEq { a: 0, b: 1, when: false, to: 0 },
            Op::End,
        ];
        assert_eq!(runs(ops, 3, 1), vec![(0, 3)]);
        // Written before the loop, it need not be.
        let ops = vec![
            Op::Copy { dst: 2, src: 1 },
            Op::Copy { dst: 0, src: 2 },
            Op::JumpEq { a: 0, b: 1, when: false, to: 1 },
            Op::End,
        ];
        assert_eq!(runs(ops, 3, 1), vec![(0, 2)]);
    }

    #[test]
    fn a_copied_range_reads_its_source() {
        // r3..r5 a copied-in Function's locals, reset from its first values r5..r7.
        let ops = vec![Op::Enter { nested: 0, dst: 3, src: 5, len: 2 }, Op::Add { dst: 0, a: 3, b: 4 }, Op::End];
        assert_eq!(runs(ops, 7, 1), vec![(0, 1), (5, 2)]);
    }
}
