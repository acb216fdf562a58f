//! Small Functions copied into their callers, at load. A call costs a new
//! frame, the arguments coerced, a Ctx, the machine's own entry and exit;
//! the book's inner loops call Find First Piece Along, Find Attacker Along,
//! Look At Square and Move Piece thousands of times a move. A Function whose
//! code calls nothing and hands nothing to the tree walker (a leaf) is
//! copied into each caller instead, in a region of the caller's frame of its
//! own: its parameters stored as a call would coerce them, its locals reset
//! from their first values, its Return a store into the caller's answer.
//! Callees are done before callers, so a Function whose calls were all
//! copied in becomes a leaf in turn.
//!
//! What a player sees does not change: each copied op keeps its own card's
//! step for fault messages, `Enter` spends the step and checks the depth a
//! call would, and a Function that runs to its end answers its type's first
//! value, as `World::invoke` does.

use crate::code::{Code, Op, Reg, NO_LOOP, NO_REG};
use crate::game::{Function, StructDef};
use crate::ids::FuncId;
use crate::program::Returns;
use crate::value::Value;

/// The largest Function copied into its callers, in ops.
const MAX_OPS: usize = 400;
/// The largest frame a caller may grow to by copies.
const MAX_FRAME: usize = 4096;

/// Copies every leaf Function into its callers: Functions in callee-first
/// order, then the handlers' codes.
pub fn inline_leaves(functions: &mut [Function], handlers: &mut [&mut Code], structs: &[StructDef]) {
    for f in callee_first(functions) {
        // A copy, not taken out: a Function calling itself must see its own calls.
        let code = functions[f].code.clone();
        functions[f].code = inline_into(code, functions, structs);
    }
    for code in handlers.iter_mut() {
        let taken = std::mem::take(&mut **code);
        **code = inline_into(taken, functions, structs);
    }
}

/// Every Function, each after the Functions it calls (a call back into a
/// Function still being visited, recursion, is left a call).
fn callee_first(functions: &[Function]) -> Vec<usize> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Visiting,
        Done,
    }
    let mut marks = vec![Mark::New; functions.len()];
    let mut order = Vec::with_capacity(functions.len());
    for root in 0..functions.len() {
        if marks[root] != Mark::New {
            continue;
        }
        // An explicit stack: a long chain of calls must not overflow ours.
        let mut stack = vec![(root, 0usize)];
        marks[root] = Mark::Visiting;
        while let Some(&mut (f, ref mut next)) = stack.last_mut() {
            let ops = &functions[f].code.ops;
            let callee = ops[*next..].iter().position(|op| matches!(op, Op::Call { .. }));
            match callee {
                Some(i) => {
                    let at = *next + i;
                    *next = at + 1;
                    if let Op::Call { function, .. } = ops[at] {
                        let c = function.index();
                        if c < functions.len() && marks[c] == Mark::New {
                            marks[c] = Mark::Visiting;
                            stack.push((c, 0));
                        }
                    }
                }
                None => {
                    marks[f] = Mark::Done;
                    order.push(f);
                    stack.pop();
                }
            }
        }
    }
    order
}

/// A Function that may be copied into its callers.
fn is_leaf(func: &Function) -> bool {
    let code = &func.code;
    let locals = code.locals as usize;
    func.params.len() <= locals
        && locals <= code.frame.len()
        && code.ops.len() <= MAX_OPS
        && code.frame.len() <= MAX_FRAME / 4
        && code.ops.iter().all(|op| !matches!(op, Op::Call { .. } | Op::Step { .. } | Op::Eval { .. }))
}

fn inline_into(code: Code, functions: &[Function], structs: &[StructDef]) -> Code {
    let leaf = |f: FuncId| functions.get(f.index()).filter(|func| is_leaf(func));
    if !code.ops.iter().any(|op| matches!(op, Op::Call { function, .. } if leaf(*function).is_some())) {
        return code;
    }
    let mut out = Out {
        ops: Vec::with_capacity(code.ops.len() * 4),
        sites: Vec::new(),
        loops: Vec::new(),
        frame: code.frame.to_vec(),
    };
    // Where each of the caller's ops went, and which copied ops still jump
    // by the caller's numbering.
    let mut moved = Vec::with_capacity(code.ops.len());
    let mut caller_jumps = Vec::new();
    for (pc, op) in code.ops.iter().enumerate() {
        moved.push(out.ops.len() as u32);
        let (site, looped) = (code.sites[pc], code.loops[pc]);
        match *op {
            Op::Call { function, args, answer } if leaf(function).is_some() && out.frame.len() < MAX_FRAME => {
                let callee = &functions[function.index()];
                let args = &code.lists[args as usize..];
                out.copy_in(callee, args, answer, site, looped, structs);
            }
            op => {
                if jumps(op) {
                    caller_jumps.push(out.ops.len());
                }
                out.push(op, site, looped);
            }
        }
    }
    for &i in &caller_jumps {
        if let Some(to) = out.ops[i].target_mut() {
            *to = moved[*to as usize];
        }
    }
    let lowered = Code {
        ops: out.ops.into(),
        sites: out.sites.into(),
        loops: out.loops.into(),
        frame: out.frame.into(),
        lists: code.lists.clone(),
        exprs: code.exprs.clone(),
        steps: code.steps.clone(),
        locals: code.locals,
    };
    // A copy that breaks what the machine relies on is a mistake here; the
    // card then runs as it was lowered, with its calls.
    match lowered.check() {
        Ok(()) => lowered,
        Err(_) => code,
    }
}

/// The op goes on elsewhere (a jump, a loop's edge, a Repeat's exit).
fn jumps(mut op: Op) -> bool {
    op.target_mut().is_some()
}

struct Out {
    ops: Vec<Op>,
    sites: Vec<u32>,
    loops: Vec<u32>,
    frame: Vec<Value>,
}

impl Out {
    fn push(&mut self, op: Op, site: u32, looped: u32) {
        self.ops.push(op);
        self.sites.push(site);
        self.loops.push(looped);
    }

    /// A new register in the caller's frame, starting as `v`.
    fn register(&mut self, v: Value) -> Reg {
        self.frame.push(v);
        (self.frame.len() - 1) as Reg
    }

    /// The callee's code in place of `call`, in a new region of the frame.
    fn copy_in(&mut self, callee: &Function, args: &[Reg], answer: Reg, site: u32, looped: u32, structs: &[StructDef]) {
        let code = &callee.code;
        let off = self.frame.len() as Reg;
        self.frame.extend_from_slice(&code.frame);
        let params = callee.params.len();
        let locals = code.locals as usize;
        // The locals' first values, kept apart so that each call starts from them.
        let first = self.frame.len() as Reg;
        self.frame.extend_from_slice(&code.frame[params..locals]);
        let answer_defaults: Vec<Value> = match callee.returns {
            Returns::Nothing => Vec::new(),
            Returns::Value(ty) => vec![ty.zero()],
            Returns::Struct(s) => structs[s.index()].fields.iter().map(|f| f.default).collect(),
        };
        let answers = if answer == NO_REG { 0..0 } else { answer..answer + answer_defaults.len() as Reg };
        // Where a Return whose answer is not kept still makes its value fit
        // the type (and faults as a call would), without touching the caller.
        let scratch = self.register(Value::None);

        // A parameter the callee never changes is read from the caller's
        // argument register itself (the caller does not run meanwhile), unless
        // that register is one the answer is written to.
        let written = written_registers(code);
        let mut map: Vec<Reg> = (0..code.frame.len() as Reg).map(|r| r + off).collect();
        self.push(Op::Enter { nested: 0 }, site, looped);
        for (i, slot) in map.iter_mut().enumerate().take(params) {
            let src = args.get(i).copied().unwrap_or(NO_REG);
            if src != NO_REG && !written[i] && !answers.contains(&src) {
                *slot = src;
            } else {
                // The call site made each argument its parameter's type (`bytecode::lower`).
                self.push(Op::Copy { dst: *slot, src }, site, looped);
            }
        }
        if locals > params {
            let len = (locals - params) as u16;
            self.push(Op::CopyRange { dst: off + params as Reg, src: first, len }, site, looped);
        }
        // The answer starts as the type's first value, what a Function that
        // runs to its end answers; a Return overwrites it.
        for (i, &v) in answer_defaults.iter().enumerate().take(answers.len()) {
            let src = self.register(v);
            self.push(Op::Copy { dst: answer + i as Reg, src }, site, looped);
        }

        // The callee's ops, renumbered; a Return becomes a store, and a jump
        // to the end unless the end is next.
        let last = code.ops.len() - 1;
        let mut placed = Vec::with_capacity(code.ops.len());
        let mut inner_jumps = Vec::new();
        let mut to_end = Vec::new();
        for (cpc, op) in code.ops.iter().enumerate() {
            placed.push(self.ops.len() as u32);
            let (site, looped) = (code.sites[cpc], if code.loops[cpc] == NO_LOOP { looped } else { code.loops[cpc] });
            let mut op = *op;
            op.each_reg_mut(|r| *r = map[*r as usize]);
            let end_is_next = cpc + 1 == last;
            match op {
                Op::Return { src, ty } => {
                    let dst = if answer == NO_REG { scratch } else { answer };
                    self.push(Op::Store { dst, src, ty }, site, looped);
                    if !end_is_next {
                        to_end.push(self.ops.len());
                        self.push(Op::Jump { to: 0 }, site, looped);
                    }
                }
                Op::ReturnStruct { values, structure } => {
                    for (i, f) in structs[structure.index()].fields.iter().enumerate() {
                        let src = map[code.lists[values as usize + i] as usize];
                        let dst = if answer == NO_REG { scratch } else { answer + i as Reg };
                        self.push(Op::Store { dst, src, ty: f.ty }, site, looped);
                    }
                    if !end_is_next {
                        to_end.push(self.ops.len());
                        self.push(Op::Jump { to: 0 }, site, looped);
                    }
                }
                Op::End => {}
                // A call the callee's code had copied in is one call deeper here.
                Op::Enter { nested } => self.push(Op::Enter { nested: nested.saturating_add(1) }, site, looped),
                op => {
                    if jumps(op) {
                        inner_jumps.push(self.ops.len());
                    }
                    self.push(op, site, looped);
                }
            }
        }
        let end = self.ops.len() as u32;
        for &i in &inner_jumps {
            if let Some(to) = self.ops[i].target_mut() {
                *to = placed[*to as usize];
            }
        }
        for &i in &to_end {
            if let Some(to) = self.ops[i].target_mut() {
                *to = end;
            }
        }
    }
}

/// Which of a code's registers some op writes.
fn written_registers(code: &Code) -> Vec<bool> {
    let all = code.frame.len() as Reg;
    let mut written = vec![false; code.frame.len()];
    let mut mark = |r: Reg| {
        if let Some(w) = written.get_mut(r as usize) {
            *w = true;
        }
    };
    for op in code.ops.iter() {
        match *op {
            Op::Copy { dst, .. }
            | Op::Store { dst, .. }
            | Op::Global { dst, .. }
            | Op::Data { dst, .. }
            | Op::DataRow { dst, .. }
            | Op::DataCount { dst, .. }
            | Op::Add { dst, .. }
            | Op::Sub { dst, .. }
            | Op::Mul { dst, .. }
            | Op::Binary { dst, .. }
            | Op::Neg { dst, .. }
            | Op::Not { dst, .. }
            | Op::Abs { dst, .. }
            | Op::Floor { dst, .. }
            | Op::Eval { dst, .. } => mark(dst),
            Op::CopyRange { dst, len, .. } => (dst..dst + len).for_each(&mut mark),
            Op::RepeatStart { limit, index, counter, .. } => [limit, index, counter].into_iter().for_each(&mut mark),
            Op::RepeatNext { index, counter, .. } => [index, counter].into_iter().for_each(&mut mark),
            Op::ControlRow { answer, .. } => mark(answer),
            // A call's answer may be several registers, and a step may set
            // any local: a code with either is not copied in anyway; all
            // of it counts as written, to be safe.
            Op::Call { .. } | Op::Step { .. } => (0..all).for_each(&mut mark),
            Op::Jump { .. }
            | Op::JumpBool { .. }
            | Op::JumpEq { .. }
            | Op::JumpDataEq { .. }
            | Op::JumpCmp { .. }
            | Op::JumpOutside { .. }
            | Op::Loop { .. }
            | Op::Return { .. }
            | Op::ReturnStruct { .. }
            | Op::SetCell { .. }
            | Op::ResetTable { .. }
            | Op::Enter { .. }
            | Op::End => {}
        }
    }
    written
}

#[cfg(test)]
mod tests {
    use crate::code::Op;
    use crate::game::Game;

    fn language() -> Game {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/language");
        match crate::load::load(&dir) {
            Ok(loaded) => loaded.game,
            Err(mistakes) => panic!("the language fixture loads: {mistakes:?}"),
        }
    }

    fn calls(game: &Game, name: &str) -> usize {
        let f = game.functions.iter().find(|f| f.name == name).unwrap_or_else(|| panic!("no Function `{name}`"));
        f.code.ops.iter().filter(|op| matches!(op, Op::Call { .. })).count()
    }

    #[test]
    fn leaves_are_copied_in_and_recursion_stays_a_call() {
        let game = language();
        // Return In Middle calls nothing: copied into its caller.
        assert_eq!(calls(&game, "Call Return In Middle"), 0);
        assert_eq!(calls(&game, "Call Divide"), 0);
        // Factorial calls itself: it stays a call.
        assert_eq!(calls(&game, "Factorial"), 1);
    }

    #[test]
    fn a_call_copied_in_with_its_caller_counts_one_deeper() {
        let game = language();
        // Leaf Inner is copied into Leaf Outer, and Leaf Outer (with it) into Depth Then Leaves.
        let f = game.functions.iter().find(|f| f.name == "Depth Then Leaves").expect("Depth Then Leaves");
        let nested: Vec<u16> = f
            .code
            .ops
            .iter()
            .filter_map(|op| if let Op::Enter { nested } = op { Some(*nested) } else { None })
            .collect();
        assert_eq!(nested, [0, 1]);
    }
}
