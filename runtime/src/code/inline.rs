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

use super::op::Access;
use super::{dead, Code, Op, Reg, NO_LOOP, NO_REG};
use crate::ids::FuncId;
use crate::program::Returns;
use crate::value::{Type, Value};

/// The largest Function copied into its callers, in ops.
const MAX_OPS: usize = 400;
/// The largest frame a caller may grow to by copies.
const MAX_FRAME: usize = 4096;

/// A Function as the inliner sees it: its code (replaced by the code with
/// its calls copied in), how many of its frame's first registers are its
/// parameters, and what it answers.
pub struct Callee<'a> {
    pub code: &'a mut Code,
    pub params: usize,
    pub returns: Returns,
}

/// A structure's field as a copied-in Return needs it: its type, and what a
/// Function that runs to its end answers in it.
#[derive(Clone, Copy, Debug)]
pub struct FieldInfo {
    pub ty: Type,
    pub default: Value,
}

/// Copies every leaf Function into its callers: Functions in callee-first
/// order, then the handlers' codes. `functions` are indexed by `FuncId`,
/// `structs` (each structure's fields) by `StructId`. Every code it makes
/// passed the check; a copy that does not keeps the code as it was.
pub fn inline_leaves(functions: &mut [Callee], handlers: &mut [&mut Code], structs: &[Vec<FieldInfo>]) {
    for f in callee_first(functions) {
        // A copy, not taken out: a Function calling itself must see its own calls.
        let code = functions[f].code.clone();
        *functions[f].code = inline_into(code, functions, structs);
    }
    for code in handlers.iter_mut() {
        let taken = std::mem::take(&mut **code);
        **code = inline_into(taken, functions, structs);
    }
}

/// Every Function, each after the Functions it calls (a call back into a
/// Function still being visited, recursion, is left a call).
fn callee_first(functions: &[Callee]) -> Vec<usize> {
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
fn is_leaf(func: &Callee, structs: &[Vec<FieldInfo>]) -> bool {
    let code = &*func.code;
    let locals = code.locals as usize;
    let returns_fit = |op: &Op| match *op {
        Op::ReturnStruct { values, structure } => {
            func.returns == Returns::Struct(structure)
                && structs.get(structure.index()).is_some_and(|f| values as usize + f.len() <= code.lists.len())
        }
        _ => true,
    };
    func.params <= locals
        && code.ops.len() <= MAX_OPS
        && code.frame.len() <= MAX_FRAME / 4
        && answer_defaults(func.returns, structs).is_some()
        && code
            .ops
            .iter()
            .all(|op| !matches!(op, Op::Call { .. } | Op::Step { .. } | Op::Eval { .. }) && returns_fit(op))
}

/// What a call's answer starts as: its type's first value, or a
/// structure's fields' defaults (none for a structure that is not there).
fn answer_defaults(returns: Returns, structs: &[Vec<FieldInfo>]) -> Option<Vec<Value>> {
    Some(match returns {
        Returns::Nothing => Vec::new(),
        Returns::Value(ty) => vec![ty.zero()],
        Returns::Struct(s) => structs.get(s.index())?.iter().map(|f| f.default).collect(),
    })
}

fn inline_into(code: Code, functions: &[Callee], structs: &[Vec<FieldInfo>]) -> Code {
    let leaf = |f: FuncId| functions.get(f.index()).filter(|func| is_leaf(func, structs));
    // The answer must fit the caller's locals, as the machine checks at a call.
    let fits = |answer: Reg, callee: &Callee| {
        let width = answer_defaults(callee.returns, structs).map_or(usize::MAX, |d| d.len());
        answer == NO_REG || (answer as usize).saturating_add(width) <= code.locals as usize
    };
    let copied = |op: &Op| match *op {
        Op::Call { function, answer, .. } => leaf(function).is_some_and(|callee| fits(answer, callee)),
        _ => false,
    };
    if !code.ops.iter().any(copied) {
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
            Op::Call { function, args, answer } if copied(op) && out.frame.len() < MAX_FRAME => {
                let callee = &functions[function.index()];
                let args = &code.lists[args as usize..];
                out.copy_in(callee, args, answer, site, looped, structs);
            }
            op => {
                if op.target().is_some() {
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
    let mut inlined = Code {
        ops: out.ops.into(),
        sites: out.sites.into(),
        loops: out.loops.into(),
        frame: out.frame.into(),
        lists: code.lists.clone(),
        exprs: code.exprs.clone(),
        steps: code.steps.clone(),
        locals: code.locals,
        // What the check derives from the rest (`Code::checked`).
        ..Code::default()
    };
    // A copy that breaks what the machine relies on is a mistake here; the
    // card then runs as it was lowered, with its calls.
    if inlined.check().is_err() {
        return code;
    }
    dead::drop_dead_copies(&mut inlined);
    inlined.checked().unwrap_or(code)
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
    fn copy_in(
        &mut self,
        callee: &Callee,
        args: &[Reg],
        answer: Reg,
        site: u32,
        looped: u32,
        structs: &[Vec<FieldInfo>],
    ) {
        let code = &*callee.code;
        let off = self.frame.len() as Reg;
        self.frame.extend_from_slice(&code.frame);
        let params = callee.params;
        let locals = code.locals as usize;
        // The locals' first values, kept apart so that each call starts from them.
        let first = self.frame.len() as Reg;
        self.frame.extend_from_slice(&code.frame[params..locals]);
        // `is_leaf` made sure the structure is there.
        let answer_defaults = answer_defaults(callee.returns, structs).unwrap_or_default();
        let answers = if answer == NO_REG { 0..0 } else { answer..answer + answer_defaults.len() as Reg };
        // Where a Return whose answer is not kept still makes its value fit
        // the type (and faults as a call would), without touching the caller.
        let scratch = self.register(Value::None);

        // A parameter the callee never changes is read from the caller's
        // argument register itself (the caller does not run meanwhile), unless
        // that register is one the answer is written to.
        let written = written_registers(code);
        let mut map: Vec<Reg> = (0..code.frame.len() as Reg).map(|r| r + off).collect();
        // The callee's locals made fresh with its entry: they are its own
        // registers, apart from every argument the copies below read.
        let (fresh, len) = (off + params as Reg, locals.saturating_sub(params) as u16);
        self.push(Op::Enter { nested: 0, dst: fresh, src: first, len }, site, looped);
        for (i, slot) in map.iter_mut().enumerate().take(params) {
            let src = args.get(i).copied().unwrap_or(NO_REG);
            if src != NO_REG && !written[i] && !answers.contains(&src) {
                *slot = src;
            } else {
                // The call site made each argument its parameter's type (`bytecode::lower`).
                self.push(Op::Copy { dst: *slot, src }, site, looped);
            }
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
            // The callee passed the check: each register is in its frame.
            op.regs_mut(|r, _| *r = map[*r as usize]);
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
                    // `is_leaf` made sure the structure and its list are there.
                    let fields = structs.get(structure.index()).map_or(&[][..], |f| &f[..]);
                    for (i, f) in fields.iter().enumerate() {
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
                Op::Enter { nested, dst, src, len } => {
                    self.push(Op::Enter { nested: nested.saturating_add(1), dst, src, len }, site, looped)
                }
                op => {
                    if op.target().is_some() {
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
    let mut written = vec![false; code.frame.len()];
    for op in code.ops.iter() {
        if op.writes_unnamed() {
            written.fill(true);
        }
        op.regs(|r, access: Access| {
            if access.writes() {
                written.iter_mut().skip(r as usize).take(access.len()).for_each(|w| *w = true);
            }
        });
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{CardRef, Game};
    use crate::value::Type;

    fn language() -> Game {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/language");
        match crate::load::load(&dir) {
            Ok(loaded) => loaded.game,
            Err(mistakes) => panic!("the language fixture loads: {mistakes:?}"),
        }
    }

    fn calls(code: &Code) -> usize {
        code.ops().iter().filter(|op| matches!(op, Op::Call { .. })).count()
    }

    fn function<'g>(game: &'g Game, name: &str) -> &'g crate::game::Function {
        game.functions.iter().find(|f| f.name == name).unwrap_or_else(|| panic!("no Function `{name}`"))
    }

    #[test]
    fn leaves_are_copied_in_and_recursion_stays_a_call() {
        let game = language();
        // Return In Middle calls nothing: copied into its caller.
        assert_eq!(calls(&function(&game, "Call Return In Middle").code), 0);
        // Factorial calls itself: it stays a call.
        assert_eq!(calls(&function(&game, "Factorial").code), 1);
        // Divide's ops in Call Divide keep Divide's steps (for its faults),
        // and its Return became a store into the caller's answer.
        let code = &function(&game, "Call Divide").code;
        assert_eq!(calls(code), 0);
        let divide = game.names.functions["Divide"];
        let copied: Vec<Op> = (code.ops().iter().zip(code.sites()))
            .filter(|(_, &site)| game.sites[site as usize].card == CardRef::Function(divide))
            .map(|(op, _)| *op)
            .collect();
        assert!(copied.iter().any(|op| matches!(op, Op::Binary { .. })), "Divide's `a / b` is there: {copied:?}");
        assert!(!copied.iter().any(|op| matches!(op, Op::Return { .. })), "{copied:?}");
        assert!(copied.iter().any(|op| matches!(op, Op::Store { ty: Type::Number, .. })), "{copied:?}");
        assert_eq!(code.ops().iter().filter(|op| matches!(op, Op::Return { .. })).count(), 1, "the caller's own");
    }

    /// A checked code of `ops` over `frame`, the first `locals` of it
    /// parameters and locals, with `lists`.
    fn code(ops: Vec<Op>, frame: Vec<Value>, locals: u16, lists: Vec<Reg>) -> Code {
        let n = ops.len();
        let code = Code {
            ops: ops.into(),
            sites: vec![0; n].into(),
            loops: vec![NO_LOOP; n].into(),
            frame: frame.into(),
            lists: lists.into(),
            exprs: Box::new([]),
            steps: Box::new([]),
            locals,
            // What the check derives from the rest (`Code::checked`).
            ..Code::default()
        };
        code.checked().unwrap_or_else(|e| panic!("{e}"))
    }

    const NUMBER: Returns = Returns::Value(Type::Number);

    /// `return: x + 1`, with x its parameter; or `x += 1; return: x` when
    /// it changes its parameter.
    fn plus_one(changes_its_parameter: bool) -> Code {
        let frame = vec![Value::Num(0.0), Value::Num(1.0), Value::None];
        let ops = if changes_its_parameter {
            vec![Op::Add { dst: 0, a: 0, b: 1 }, Op::Return { src: 0, ty: Type::Number }, Op::End]
        } else {
            vec![Op::Add { dst: 2, a: 0, b: 1 }, Op::Return { src: 2, ty: Type::Number }, Op::End]
        };
        code(ops, frame, 1, vec![])
    }

    /// `call: function, with: 5` into its local 0, then `return: local 0`.
    fn calls_with_five(function: u16) -> Code {
        let ops = vec![
            Op::Call { function: FuncId(function), args: 0, answer: 0 },
            Op::Return { src: 0, ty: Type::Number },
            Op::End,
        ];
        code(ops, vec![Value::Num(0.0), Value::Num(5.0)], 1, vec![1])
    }

    /// Inlines `codes` as Functions of one Number parameter answering a Number.
    fn inline(codes: &mut [Code]) {
        let mut functions: Vec<Callee> =
            codes.iter_mut().map(|code| Callee { code, params: 1, returns: NUMBER }).collect();
        inline_leaves(&mut functions, &mut [], &[]);
    }

    #[test]
    fn a_leaf_is_copied_in_reading_its_parameter_in_place_and_storing_its_return_in_the_answer() {
        let mut codes = [plus_one(false), calls_with_five(0)];
        inline(&mut codes);
        let ops = codes[1].ops();
        assert_eq!(calls(&codes[1]), 0, "{ops:?}");
        assert!(matches!(ops[0], Op::Enter { .. }), "{ops:?}");
        // x is read from the caller's register that holds 5: never written, not copied.
        assert!(ops.iter().any(|op| matches!(op, Op::Add { a: 1, .. })), "{ops:?}");
        assert!(!ops.iter().any(|op| matches!(op, Op::Copy { src: 1, .. })), "{ops:?}");
        // The leaf's Return is a store into the answer, local 0; the caller's own Return stays.
        assert!(ops.iter().any(|op| matches!(op, Op::Store { dst: 0, ty: Type::Number, .. })), "{ops:?}");
        assert_eq!(ops.iter().filter(|op| matches!(op, Op::Return { .. })).count(), 1, "{ops:?}");
    }

    #[test]
    fn a_parameter_the_leaf_changes_is_copied_into_its_own_register() {
        let mut codes = [plus_one(true), calls_with_five(0)];
        inline(&mut codes);
        let ops = codes[1].ops();
        let Some(&Op::Copy { dst, src: 1 }) = ops.iter().find(|op| matches!(op, Op::Copy { src: 1, .. })) else {
            panic!("the argument is copied: {ops:?}")
        };
        assert!(ops.iter().any(|op| matches!(op, Op::Add { dst: d, a, .. } if *d == dst && *a == dst)), "{ops:?}");
    }

    #[test]
    fn callees_go_first_so_a_caller_of_leaves_becomes_one() {
        // 2 calls 1, which calls 0, a leaf.
        let mut codes = [plus_one(false), calls_with_five(0), calls_with_five(1)];
        inline(&mut codes);
        assert_eq!(calls(&codes[2]), 0, "{:?}", codes[2].ops());
        assert_eq!(codes[2].ops().iter().filter(|op| matches!(op, Op::Enter { .. })).count(), 2);
    }

    #[test]
    fn recursion_stays_a_call() {
        let mut codes = [calls_with_five(0)];
        inline(&mut codes);
        assert_eq!(calls(&codes[0]), 1);
    }

    #[test]
    fn a_copy_that_would_fail_the_check_keeps_the_code_as_it_was() {
        // A call with no argument for the leaf's parameter: the copy would
        // read its argument from no register at all.
        let caller = code(vec![Op::Call { function: FuncId(0), args: 0, answer: NO_REG }, Op::End], vec![], 0, vec![]);
        let mut codes = [plus_one(true), caller];
        inline(&mut codes);
        assert_eq!(calls(&codes[1]), 1, "{:?}", codes[1].ops());
        assert_eq!(codes[1].ops().len(), 2);
    }

    #[test]
    fn an_answer_that_would_not_fit_the_callers_locals_is_left_a_call() {
        // The leaf answers a structure of three fields; the caller keeps it in one local.
        let fields = vec![FieldInfo { ty: Type::Number, default: Value::Num(0.0) }; 3];
        let mut leaf = code(vec![Op::End], vec![Value::None], 1, vec![]);
        let mut caller = calls_with_five(0);
        let mut functions = vec![
            Callee { code: &mut leaf, params: 1, returns: Returns::Struct(crate::ids::StructId(0)) },
            Callee { code: &mut caller, params: 1, returns: NUMBER },
        ];
        inline_leaves(&mut functions, &mut [], &[fields]);
        assert_eq!(calls(&caller), 1);
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
            .filter_map(|op| if let Op::Enter { nested, .. } = op { Some(*nested) } else { None })
            .collect();
        assert_eq!(nested, [0, 1]);
    }
}
