//! Copies no op reads: a `Copy` whose register is written again, on every
//! path, before anything reads it. Copying a Function into its caller makes
//! them: the answer starts as its type's first value (what a Function that
//! runs to its end answers), and a callee that always returns writes it
//! again (Find Attacker Along's two answers, Find First Piece Along's one:
//! three copies for each direction Is Square Attacked looks along).

use super::live::Live;
use super::{Code, Op};

/// `code` without its dead copies, the jumps renumbered. `code` passed the
/// check (every register in its frame, every jump on an op).
pub(super) fn drop_dead_copies(code: &mut Code) {
    let dead = dead_copies(code);
    if !dead.contains(&true) {
        return;
    }
    // An op's new place: how many ops before it are kept. A jump to a
    // dropped copy lands on the op after it, which is where it went on.
    let mut place = Vec::with_capacity(dead.len());
    let mut kept = 0u32;
    for &d in &dead {
        place.push(kept);
        kept += u32::from(!d);
    }
    let keep = |v: &[u32]| -> Box<[u32]> { v.iter().zip(&dead).filter(|(_, d)| !**d).map(|(x, _)| *x).collect() };
    let mut ops: Vec<Op> = code.ops.iter().zip(&dead).filter(|(_, d)| !**d).map(|(op, _)| *op).collect();
    for op in &mut ops {
        if let Some(to) = op.target_mut() {
            *to = place[*to as usize];
        }
    }
    code.sites = keep(&code.sites);
    code.loops = keep(&code.loops);
    code.ops = ops.into();
}

/// For each op, whether it is a copy no op reads.
fn dead_copies(code: &Code) -> Vec<bool> {
    let live = Live::of(code);
    code.ops
        .iter()
        .enumerate()
        .map(|(pc, op)| match *op {
            Op::Copy { dst, .. } => (dst as usize) < code.frame.len() && !live.after(pc, dst as usize),
            _ => false,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::NO_LOOP;
    use super::*;
    use crate::program::{Step, StepKind};
    use crate::value::Value;

    /// `ops` over a frame of `frame` registers, the first `locals` of them
    /// parameters and locals, without its dead copies.
    fn dropped(ops: Vec<Op>, frame: usize, locals: u16) -> Vec<Op> {
        let n = ops.len();
        let mut code = Code {
            ops: ops.into(),
            sites: (0..n as u32).collect(),
            loops: vec![NO_LOOP; n].into(),
            frame: vec![Value::Num(0.0); frame].into(),
            locals,
            steps: vec![Step { kind: StepKind::ResetTable(crate::ids::TableId(0)), site: 0 }].into(),
            // A returned structure's values (`ReturnStruct { values: 0 }`): r0 and r1.
            lists: vec![0, 1].into(),
            ..Code::default()
        };
        code.check().unwrap_or_else(|e| panic!("{e}"));
        drop_dead_copies(&mut code);
        code.check().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((code.sites.len(), code.loops.len()), (code.ops.len(), code.ops.len()));
        code.ops.to_vec()
    }

    #[test]
    fn a_copy_written_again_before_it_is_read_is_dropped_and_jumps_renumbered() {
        // r1 = r2 (dead: r1 = r3 follows on every path); a jump over it to
        // the Return of r0 = r1. A copy nothing reads before the End is dead too.
        let number = crate::value::Type::Number;
        let ops = vec![
            Op::JumpEq { a: 0, b: 2, when: true, to: 4 },
            Op::Copy { dst: 1, src: 2 },
            Op::Copy { dst: 1, src: 3 },
            Op::Copy { dst: 0, src: 1 },
            Op::Return { src: 0, ty: number },
            Op::Copy { dst: 0, src: 2 },
            Op::End,
        ];
        let ops = dropped(ops, 4, 2);
        assert!(
            matches!(
                ops[..],
                [
                    Op::JumpEq { to: 3, .. },
                    Op::Copy { dst: 1, src: 3 },
                    Op::Copy { dst: 0, src: 1 },
                    Op::Return { src: 0, .. },
                    Op::End
                ]
            ),
            "{ops:?}"
        );
    }

    #[test]
    fn a_copy_read_on_one_path_or_by_a_later_turn_is_kept() {
        // r1 = r2, then either read (r0 = r1) or written again (r1 = r3,
        // itself dead: the Return reads r0).
        let ops = vec![
            Op::Copy { dst: 1, src: 2 },
            Op::JumpEq { a: 0, b: 2, when: true, to: 4 },
            Op::Copy { dst: 1, src: 3 },
            Op::Jump { to: 5 },
            Op::Copy { dst: 0, src: 1 },
            Op::Return { src: 0, ty: crate::value::Type::Number },
            Op::End,
        ];
        let ops = dropped(ops, 4, 2);
        assert!(
            matches!(
                ops[..],
                [
                    Op::Copy { dst: 1, src: 2 },
                    Op::JumpEq { to: 3, .. },
                    Op::Jump { to: 4 },
                    Op::Copy { dst: 0, src: 1 },
                    Op::Return { .. },
                    Op::End
                ]
            ),
            "{ops:?}"
        );
        // r1 read at the loop's top on the next turn.
        let ops = vec![
            Op::Copy { dst: 0, src: 1 },
            Op::Copy { dst: 1, src: 2 },
            Op::JumpEq { a: 0, b: 2, when: false, to: 0 },
            Op::Return { src: 0, ty: crate::value::Type::Number },
            Op::End,
        ];
        assert_eq!(dropped(ops, 3, 2).len(), 5);
    }

    #[test]
    fn a_copy_a_repeat_may_not_write_over_is_kept() {
        // r1 (the counter) = r2, then a Repeat of r3 turns, then r1 returned:
        // with no turn to take, RepeatStart goes on without writing r1.
        let ops = vec![
            Op::Copy { dst: 1, src: 2 },
            Op::RepeatStart { count: 3, limit: 4, index: 5, counter: 1, exit: 3 },
            Op::RepeatNext { limit: 4, index: 5, counter: 1, to: 2 },
            Op::Return { src: 1, ty: crate::value::Type::Number },
            Op::End,
        ];
        assert_eq!(dropped(ops, 6, 2).len(), 5);
    }

    #[test]
    fn a_local_the_tree_walker_may_read_is_kept_and_a_temporary_it_cannot_is_not() {
        // r1 a local, r3 a temporary; a step the tree walker runs, then both written again.
        let ops = vec![
            Op::Copy { dst: 1, src: 2 },
            Op::Copy { dst: 3, src: 2 },
            Op::Step { step: 0 },
            Op::Copy { dst: 1, src: 0 },
            Op::Copy { dst: 3, src: 0 },
            Op::Copy { dst: 0, src: 3 },
            Op::ReturnStruct { values: 0, structure: crate::ids::StructId(0) },
            Op::End,
        ];
        let ops = dropped(ops, 4, 2);
        assert!(matches!(ops[..2], [Op::Copy { dst: 1, src: 2 }, Op::Step { .. }]), "{ops:?}");
        assert_eq!(ops.len(), 7);
    }
}
