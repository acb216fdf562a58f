//! Turning logic cards into [`program`](crate::program) steps: every name
//! resolved here, once, with every mistake reported where it was written.

mod clock;
mod cx;
mod draw;
mod exprs;
mod headers;
mod scratch;
mod steps;
mod written;

use cx::{lower_card, Cx, Kind, Typing};
pub use headers::CardShells;
use headers::Shell;
pub use scratch::{LoadScratch, Referring, Refers, TablePlaces};

use crate::game::{CardRef, Game, Names, Template, TemplatePart};
use crate::ids::{ColumnId, CompId, TableId, TypeId, BUILTIN_EVENTS};
use crate::program::{Block, Expr, ObjRef, Step, StepKind, TimeStep, Tree, Trees};
use crate::source::diag::{Diagnostics, Pos};
use crate::source::yaml::{pos_of, YamlFile};
use crate::value::{Interner, Type, Value};
use std::path::PathBuf;

use crate::code::{self, Code};
use marked_yaml::Node;

/// Compiles every card's steps, once all cards, types and tables are known:
/// each card's code goes into the Game, and its tree (its steps as written,
/// for the tree walker) is answered beside it.
pub fn compile_bodies(
    game: &mut Game,
    shells: &CardShells,
    scratch: &LoadScratch,
    d: &mut Diagnostics,
) -> (Trees, Lowerings) {
    resolve_object_types(game, scratch, d);
    let mut syms = std::mem::take(&mut game.syms);
    let mut sites = std::mem::take(&mut game.sites);
    let mut trees = Trees {
        functions: vec![Tree::default(); game.functions.len()],
        handlers: game.components.iter().map(|c| vec![Tree::default(); c.handlers.len()]).collect(),
    };
    let mut pending = Vec::new();
    for shell in &shells.cards {
        match shell {
            Shell::Function { id, file, steps } => {
                let f = &game.functions[id.index()];
                let mut cx = Cx::new(game, scratch, &mut syms, &mut sites, d, file, CardRef::Function(*id));
                for p in &f.params {
                    let kind = if p.ty == Type::Object { Kind::Object } else { Kind::Value(p.ty) };
                    cx.bind(&p.name, kind, 1);
                }
                let body = match steps {
                    Some(node) => cx.block(node),
                    None => {
                        cx.d.error(&file.path, pos_of(&file.root), "a Function needs `steps:`");
                        Box::new([]) as Block
                    }
                };
                let frame = cx.frame();
                pending.push(Pending::of(&cx, CardRef::Function(*id), 0));
                if let Some(tree) = trees.functions.get_mut(id.index()) {
                    *tree = Tree { body, frame, line: pos_of(&file.root).line as u32 };
                }
            }
            Shell::Component { id, file, events } => {
                for (i, (event, steps, when)) in events.iter().enumerate() {
                    let card = CardRef::Component(*id, *event);
                    let mut cx = Cx::new(game, scratch, &mut syms, &mut sites, d, file, card);
                    cx.component = Some(*id);
                    let body = match steps {
                        Some(node) => cx.block(node),
                        None => Box::new([]) as Block,
                    };
                    let frame = cx.frame();
                    pending.push(Pending::of(&cx, card, i));
                    if let Some(tree) = trees.handlers.get_mut(id.index()).and_then(|h| h.get_mut(i)) {
                        *tree = Tree { body, frame, line: when.line as u32 };
                    }
                }
            }
        }
    }
    game.syms = syms;
    game.sites = sites;
    // With mistakes, a trigger may just have failed to compile: warn only of a clean load.
    if !d.has_errors() {
        warn_unsent_events(game, &trees, shells, scratch, d);
    }
    game.written = written::written_by_cards(game, &trees);
    (trees, Lowerings(pending))
}

/// What lowering a card needs of its compilation, kept until every card
/// is compiled and the code libraries are resolved: only then is it known
/// which tables play may change (`Game::written`).
struct Pending {
    card: CardRef,
    /// Which of its Logic Component's handlers (0 for a Function).
    handler: usize,
    slot_types: Vec<Option<Type>>,
    component: Option<CompId>,
    file: PathBuf,
    pos: Pos,
}

impl Pending {
    fn of(cx: &Cx, card: CardRef, handler: usize) -> Pending {
        Pending {
            card,
            handler,
            slot_types: cx.slot_types.clone(),
            component: cx.component,
            file: cx.file.path.clone(),
            pos: pos_of(&cx.file.root),
        }
    }
}

/// The cards compiled, waiting to be lowered ([`lower_bodies`]).
pub struct Lowerings(Vec<Pending>);

/// Lowers every card for the register machine, once the tables play writes
/// are known (the cards' and the code libraries'), then copies small
/// Functions into their callers. A table play never writes is read at
/// load where a card names its row and column as constants
/// (`data('Board Size', 'file', 'count')`): its value is a constant of the
/// code. The tree walker still reads it, so a trace shows the read.
pub fn lower_bodies(game: &mut Game, trees: &Trees, lowerings: Lowerings, d: &mut Diagnostics) {
    // With mistakes the game does not run; nothing is taken as constant then.
    let clean = !d.has_errors();
    let mut codes = Vec::new();
    {
        let game = &*game;
        let constant_read = |t: TableId, row: Value, c: ColumnId| -> Option<Value> {
            if !clean || game.written.table(t) {
                return None;
            }
            let def = game.tables.get(t.index())?;
            let r = match row {
                Value::Num(n) if n >= 0.0 && n.fract() == 0.0 && (n as usize) < def.rows.len() => n as usize,
                Value::Text(name) => def.rows.iter().position(|&s| s == name)?,
                _ => return None,
            };
            def.cells.get(r * def.columns.len() + c.index()).copied()
        };
        for p in lowerings.0 {
            let tree = match p.card {
                CardRef::Function(f) => trees.functions.get(f.index()),
                CardRef::Component(c, _) => trees.handlers.get(c.index()).and_then(|h| h.get(p.handler)),
                CardRef::Loose => None,
            };
            let Some(tree) = tree else { continue };
            let typing = Typing { game, slot_types: &p.slot_types, component: p.component };
            match lower_card(&typing, p.card, &tree.body, &tree.frame, &constant_read) {
                Ok(code) => codes.push((p.card, p.handler, code)),
                Err(why) => d.error(&p.file, p.pos, why),
            }
        }
    }
    for (card, i, code) in codes {
        match card {
            CardRef::Function(f) => game.functions[f.index()].code = code,
            CardRef::Component(c, _) => game.components[c.index()].handlers[i].code = code,
            CardRef::Loose => {}
        }
    }
    if !d.has_errors() {
        inline_leaves(game);
    }
}

/// Copies small Functions into their callers (`code::inline_leaves`),
/// giving the inliner what it needs of each Function and structure.
fn inline_leaves(game: &mut Game) {
    let structs: Vec<Vec<code::FieldInfo>> = game
        .structs
        .iter()
        .map(|s| s.fields.iter().map(|f| code::FieldInfo { ty: f.ty, default: f.default }).collect())
        .collect();
    let mut functions: Vec<code::Callee> = game
        .functions
        .iter_mut()
        .map(|f| code::Callee { params: f.params.len(), returns: f.returns, code: &mut f.code })
        .collect();
    let mut handlers: Vec<&mut Code> =
        game.components.iter_mut().flat_map(|c| c.handlers.iter_mut().map(|h| &mut h.code)).collect();
    code::inline_leaves(&mut functions, &mut handlers, &structs);
}

/// A Custom Event no card triggers never runs its listeners: likely a name a
/// letter off, or a step forgotten.
fn warn_unsent_events(game: &Game, trees: &Trees, shells: &CardShells, scratch: &LoadScratch, d: &mut Diagnostics) {
    fn walk(block: &[Step], sent: &mut Vec<bool>) {
        for step in block {
            match &step.kind {
                StepKind::Trigger { event, .. } => sent[event.index()] = true,
                StepKind::If { then, otherwise, .. } => {
                    walk(then, sent);
                    walk(otherwise, sent);
                }
                StepKind::Repeat { body, .. } | StepKind::While { body, .. } => walk(body, sent),
                StepKind::Time(t) => {
                    if let TimeStep::StartTimer { event: Some(e), .. } = &**t {
                        sent[e.index()] = true;
                    }
                }
                _ => {}
            }
        }
    }
    let mut sent = vec![false; game.events.len()];
    sent[..BUILTIN_EVENTS.len()].fill(true);
    // A Command is sent by its keys (game.yaml's `inputs:`).
    for &(_, e) in game.inputs.iter().flat_map(|c| &c.bindings) {
        sent[e.index()] = true;
    }
    for tree in trees.all() {
        walk(&tree.body, &mut sent);
    }
    // A code library's answers (`call library`) come as its Custom Events.
    for name in scratch.library_events.iter().copied().flatten() {
        if let Some(e) = game.names.events.get(*name) {
            sent[e.index()] = true;
        }
    }
    for shell in &shells.cards {
        if let Shell::Component { file, events, .. } = shell {
            for (event, _, pos) in events {
                let name = &game.events[event.index()].name;
                if !sent[event.index()] && name.starts_with("timer ") {
                    let message = format!("no card starts the timer `{}`, so these steps never run", &name[6..]);
                    d.warning(&file.path, *pos, message);
                } else if !sent[event.index()] {
                    d.warning(
                        &file.path,
                        *pos,
                        format!(
                            "no card sends the Custom Event `{}` (no `trigger: {}`), so these steps never run",
                            game.events[event.index()].name,
                            game.events[event.index()].name
                        ),
                    );
                }
            }
        }
    }
}

/// Shared Variables of type Object name object types; now that all types are read, resolve them.
fn resolve_object_types(game: &mut Game, scratch: &LoadScratch, d: &mut Diagnostics) {
    let mut problems: Vec<(std::path::PathBuf, Pos, String)> = Vec::new();
    for c in game.components.iter_mut() {
        for s in c.shared.iter_mut().filter(|s| s.ty == Type::Object) {
            s.ty = Type::ObjectType;
            s.value = lookup_type(&game.names, &game.syms, s.value).unwrap_or(Value::None);
        }
    }
    for (ti, t) in game.types.iter_mut().enumerate() {
        for (ai, a) in t.attachments.iter_mut().enumerate() {
            let comp = &game.components[a.component.index()];
            for (i, def) in comp.shared.iter().enumerate() {
                if def.ty == Type::ObjectType {
                    if let Value::Text(sym) = a.shared[i] {
                        match lookup_type(&game.names, &game.syms, a.shared[i]) {
                            Some(v) => a.shared[i] = v,
                            // An object type whose file did not load is reported once, there.
                            None if scratch.broken_types.contains(game.syms.text(sym)) => {}
                            None => {
                                let (file, pos) = scratch
                                    .shared_type_places
                                    .iter()
                                    .find(|(place, _, _)| *place == (ti, ai, i))
                                    .map_or((std::path::PathBuf::from("objects"), Pos::default()), |(_, f, p)| {
                                        (f.clone(), *p)
                                    });
                                let mut known: Vec<&str> = game.names.types.keys().map(|k| k.as_str()).collect();
                                known.sort();
                                problems.push((file, pos, format!(
                                    "`{}` is not an object type (the Shared Variable `{}` of `{}` names the object type to make); expected one of: {}",
                                    game.syms.text(sym), def.name, comp.name, known.join(", ")
                                )));
                            }
                        }
                    }
                }
            }
        }
    }
    for (file, pos, message) in problems {
        d.error(&file, pos, message);
    }
}

fn lookup_type(names: &Names, syms: &Interner, v: Value) -> Option<Value> {
    match v {
        Value::Text(sym) if syms.text(sym).is_empty() => Some(Value::None),
        Value::Text(sym) => names.types.get(syms.text(sym)).map(|&TypeId(t)| Value::ObjType(TypeId(t))),
        other => Some(other),
    }
}

fn obj_ref(e: Expr) -> ObjRef {
    match e {
        Expr::Object(o) => o,
        other => ObjRef::Expr(Box::new(other)),
    }
}

/// Compiles a UI text such as `{$status}`: its holes may read Globals, tables and `self`.
pub fn compile_template(
    game: &mut Game,
    scratch: &LoadScratch,
    file: &YamlFile,
    text: &str,
    pos: Pos,
    d: &mut Diagnostics,
) -> Template {
    let parsed = match expr_grammar::parse_template(text) {
        Ok(t) => t,
        Err(e) => {
            d.error(
                &file.path,
                Pos { line: pos.line, column: pos.column + e.column - 1 },
                format!("this text does not parse: {e}"),
            );
            return Template::default();
        }
    };
    let mut syms = std::mem::take(&mut game.syms);
    let mut sites = std::mem::take(&mut game.sites);
    let mut parts = Vec::new();
    {
        let mut cx = Cx::new(game, scratch, &mut syms, &mut sites, d, file, CardRef::Loose);
        for part in parsed.parts {
            match part {
                expr_grammar::ast::TemplatePart::Literal(s) => parts.push(TemplatePart::Literal(s)),
                expr_grammar::ast::TemplatePart::Hole(e) => {
                    if let Some(c) = cx.expr(&e, text, pos) {
                        parts.push(TemplatePart::Hole(c));
                    }
                }
            }
        }
    }
    game.syms = syms;
    game.sites = sites;
    Template { parts }
}

/// Compiles one expression typed into the driver (`eval`), against a running game.
pub fn compile_loose(game: &Game, syms: &mut Interner, text: &str) -> Result<Expr, String> {
    let mut d = Diagnostics::default();
    let file = YamlFile {
        path: "driver".into(),
        text: text.to_string(),
        root: Node::from(marked_yaml::types::MarkedScalarNode::new_empty(marked_yaml::Span::new_blank())),
        layers: Vec::new(),
    };
    let mut sites = Vec::new();
    let ast = expr_grammar::parse_expr(text).map_err(|e| format!("column {}: {e}", e.column))?;
    let scratch = LoadScratch::default();
    let mut cx = Cx::new(game, &scratch, syms, &mut sites, &mut d, &file, CardRef::Loose);
    let compiled = cx.expr(&ast, text, Pos { line: 1, column: 1 });
    match compiled {
        Some(e) if d.list.is_empty() => Ok(e),
        _ => Err(d.list.iter().map(|x| format!("column {}: {}", x.column, x.message)).collect::<Vec<_>>().join("; ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::Op;
    use crate::ids::FuncId;
    use std::path::Path;

    fn calls(game: &Game, f: FuncId) -> usize {
        game.functions[f.index()].code.ops().iter().filter(|op| matches!(op, Op::Call { .. })).count()
    }

    /// Inlining runs once, in `compile_bodies`: compiling a UI text (which
    /// the loader does before any card's steps) copies no Function into
    /// its callers.
    #[test]
    fn compiling_a_text_changes_no_cards_code() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/language");
        let mut game = match crate::load::load(&root) {
            Ok(loaded) => loaded.game,
            Err(mistakes) => panic!("the language fixture loads: {mistakes:?}"),
        };
        // Call Divide compiled again, as lowered, before Divide (a leaf) is copied into it.
        let id = game.names.functions["Call Divide"];
        let mut d = Diagnostics::default();
        let scratch = LoadScratch::default();
        let file = crate::source::yaml::load(
            &crate::source::files::Files::Dir(root.clone()),
            Path::new("logic/Call Divide.yaml"),
            &mut d,
        )
        .expect("the card");
        let steps = file.root.as_mapping().and_then(|m| m.get_node("steps")).expect("steps");
        let mut syms = std::mem::take(&mut game.syms);
        let mut sites = std::mem::take(&mut game.sites);
        let code = {
            let mut cx = Cx::new(&game, &scratch, &mut syms, &mut sites, &mut d, &file, CardRef::Function(id));
            cx.bind("b", Kind::Value(Type::Number), 1);
            let body = cx.block(steps);
            cx.lower(&body)
        };
        (game.syms, game.sites) = (syms, sites);
        game.functions[id.index()].code = code;
        assert_eq!(calls(&game, id), 1, "Call Divide calls Divide before inlining");
        compile_template(&mut game, &scratch, &file, "n = {$counter}", Pos { line: 1, column: 1 }, &mut d);
        assert!(d.list.is_empty(), "{:?}", d.list);
        assert_eq!(calls(&game, id), 1, "compiling a text copied Divide into Call Divide");
    }
}
