//! Turning logic cards into [`program`](crate::program) steps: every name
//! resolved here, once, with every mistake reported where it was written.

use crate::bytecode::{self, CardInfo, Code};
use crate::diag::{Diagnostics, Pos};
use crate::game::*;
use crate::load::typed_value;
use crate::program::*;
use crate::value::{Interner, Type, TypeId, Value};
use crate::yaml::{self, pos_of, scalar, Fields, YamlFile};
use expr_grammar::ast::{self, ExprKind, Span};
use marked_yaml::Node;

/// The cards of a folder after their headers are read, before their steps are.
pub struct CardShells<'f> {
    cards: Vec<Shell<'f>>,
}

enum Shell<'f> {
    Function { id: FuncId, file: &'f YamlFile, steps: Option<&'f Node> },
    Component { id: CompId, file: &'f YamlFile, events: Vec<(EventId, Option<&'f Node>, Pos)> },
}

impl<'f> CardShells<'f> {
    /// Reads each card's name, parameters, answer, structures, Shared
    /// Variables and Events, so that cards can name each other in any order.
    pub fn read(game: &mut Game, files: &'f [YamlFile], d: &mut Diagnostics) -> CardShells<'f> {
        let mut cards = Vec::new();
        for file in files {
            let Some(f) = Fields::of(file, &file.root, "a logic card", d) else { continue };
            if f.get("function").is_some() {
                if let Some(shell) = read_function(game, file, &f, d) {
                    cards.push(shell);
                }
            } else if f.get("component").is_some() {
                if let Some(shell) = read_component(game, file, &f, d) {
                    cards.push(shell);
                }
            } else {
                d.error(&file.path, f.pos, "a logic card starts with `function: NAME` or `component: NAME`");
            }
        }
        CardShells { cards }
    }
}

fn read_function<'f>(game: &mut Game, file: &'f YamlFile, f: &Fields<'f>, d: &mut Diagnostics) -> Option<Shell<'f>> {
    f.only(&["function", "book", "description", "parameters", "returns", "steps"], "a Function card", d);
    let (name, pos) = f.text("function", "a Function card", d)?;
    let name = name.as_str().to_string();
    if game.names.functions.contains_key(&name) {
        d.error(&file.path, pos, format!("a second Function named `{name}`"));
        return None;
    }
    let mut params = Vec::new();
    if let Some(map) = f.get("parameters").and_then(|n| Fields::of(file, n, "`parameters`", d)) {
        for (key, node) in map.map.iter() {
            let Some((ty, value)) = typed_value(file, node, &mut game.syms, &game.names, d) else { continue };
            let fields = node.as_mapping();
            let default = fields.and_then(|m| m.get_node("default")).map(|_| value);
            let requires = match fields.and_then(|m| m.get_scalar("requires")) {
                None => None,
                Some(s) => match game.names.structs.get(s.as_str()) {
                    Some(&id) => Some(id),
                    None => {
                        d.error(&file.path, yaml::scalar_pos(s), format!("unknown Data Structure `{}`", s.as_str()));
                        None
                    }
                },
            };
            params.push(Param { name: key.as_str().to_string(), ty, default, requires });
        }
    }
    let returns = match f.opt_text("returns", d) {
        None => Returns::Nothing,
        Some((r, pos)) => match (Type::parse(r.as_str()), game.names.structs.get(r.as_str())) {
            (Some(ty), _) => Returns::Value(ty),
            (None, Some(&s)) => Returns::Struct(s),
            (None, None) => {
                d.error(&file.path, pos, format!("unknown answer type `{}`; expected Number, Text, Boolean, Color, Object or a Data Structure's name", r.as_str()));
                Returns::Nothing
            }
        },
    };
    let id = FuncId(game.functions.len() as u16);
    game.names.functions.insert(name.clone(), id);
    game.functions.push(Function {
        name,
        file: file.path.clone(),
        params,
        returns,
        body: Box::new([]),
        code: Code::default(),
    });
    Some(Shell::Function { id, file, steps: f.get("steps") })
}

fn read_component<'f>(game: &mut Game, file: &'f YamlFile, f: &Fields<'f>, d: &mut Diagnostics) -> Option<Shell<'f>> {
    f.only(
        &["component", "book", "description", "structures", "shared variables", "events"],
        "a Logic Component card",
        d,
    );
    let (name, pos) = f.text("component", "a Logic Component card", d)?;
    let name = name.as_str().to_string();
    if game.names.components.contains_key(&name) {
        d.error(&file.path, pos, format!("a second Logic Component named `{name}`"));
        return None;
    }
    let mut structs = Vec::new();
    if let Some(list) = f.get("structures").and_then(|n| n.as_sequence()) {
        for node in list.iter() {
            let Some((s, pos)) = scalar(file, node, "a Data Structure's name", d) else { continue };
            match game.names.structs.get(s.as_str()) {
                Some(&id) => structs.push(id),
                None => d.error(&file.path, pos, format!("unknown Data Structure `{}`", s.as_str())),
            }
        }
    }
    let mut shared = Vec::new();
    if let Some(map) = f.get("shared variables").and_then(|n| Fields::of(file, n, "`shared variables`", d)) {
        for (key, node) in map.map.iter() {
            let Some((ty, _)) = typed_value(file, &strip_value(node), &mut game.syms, &game.names, d) else { continue };
            let value = match node.as_mapping().and_then(|m| m.get_scalar("value")) {
                Some(v) => crate::load::shared_value(game, ty, v.as_str(), file, yaml::text_start(file, v), d),
                None => ty.zero(),
            };
            shared.push(SharedDef { name: key.as_str().to_string(), ty, value });
        }
    }
    let mut events = Vec::new();
    let mut handlers = Vec::new();
    match f.get("events").and_then(|n| n.as_sequence()) {
        Some(list) => {
            for node in list.iter() {
                let Some(ev) = Fields::of(file, node, "an Event", d) else { continue };
                ev.only(&["when", "steps"], "an Event", d);
                let Some((when, pos)) = ev.text("when", "an Event", d) else { continue };
                match game.names.events.get(when.as_str()) {
                    Some(&e) => {
                        events.push((e, ev.get("steps"), pos));
                        handlers.push(Handler { event: e, body: Box::new([]), code: Code::default() });
                    }
                    None => d.error(&file.path, pos, format!(
                        "unknown Event `{}`; expected Created, Mouse Pressed, or a Custom Event declared in game.yaml's `events:`",
                        when.as_str()
                    )),
                }
            }
        }
        None => {
            d.error(&file.path, f.pos, "a Logic Component needs `events:`, a list of `- when: EVENT` with their steps")
        }
    }
    let id = CompId(game.components.len() as u16);
    game.names.components.insert(name.clone(), id);
    game.components.push(Component { name, file: file.path.clone(), structs, shared, handlers });
    Some(Shell::Component { id, file, events })
}

/// A Shared Variable's declaration without its value (an Object one names a type, read later).
fn strip_value(node: &Node) -> Node {
    let mut node = node.clone();
    if let Some(map) = node.as_mapping_mut() {
        map.retain(|k, _| k.as_str() != "value");
    }
    node
}

/// Compiles every card's steps, once all cards, types and tables are known.
pub fn compile_bodies(game: &mut Game, shells: &CardShells, d: &mut Diagnostics) {
    resolve_object_types(game, d);
    let mut syms = std::mem::take(&mut game.syms);
    let mut sites = std::mem::take(&mut game.sites);
    let mut bodies = Vec::new();
    for shell in &shells.cards {
        match shell {
            Shell::Function { id, file, steps } => {
                let f = &game.functions[id.index()];
                let mut cx = Cx::new(game, &mut syms, &mut sites, d, file, CardRef::Function(*id));
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
                let code = cx.lower(&body);
                bodies.push((CardRef::Function(*id), 0, body, code));
            }
            Shell::Component { id, file, events } => {
                for (i, (event, steps, _)) in events.iter().enumerate() {
                    let card = CardRef::Component(*id, *event);
                    let mut cx = Cx::new(game, &mut syms, &mut sites, d, file, card);
                    cx.component = Some(*id);
                    let body = match steps {
                        Some(node) => cx.block(node),
                        None => Box::new([]) as Block,
                    };
                    let code = cx.lower(&body);
                    bodies.push((card, i, body, code));
                }
            }
        }
    }
    for (card, i, body, code) in bodies {
        match card {
            CardRef::Function(f) => {
                let func = &mut game.functions[f.index()];
                func.body = body;
                func.code = code;
            }
            CardRef::Component(c, _) => {
                let h = &mut game.components[c.index()].handlers[i];
                h.body = body;
                h.code = code;
            }
            CardRef::Loose => {}
        }
    }
    game.syms = syms;
    game.sites = sites;
    if !d.has_errors() {
        let mut handlers: Vec<&mut Code> =
            game.components.iter_mut().flat_map(|c| c.handlers.iter_mut().map(|h| &mut h.code)).collect();
        crate::inline::inline_leaves(&mut game.functions, &mut handlers, &game.structs);
    }
    // With mistakes, a trigger may just have failed to compile: warn only of a clean load.
    if !d.has_errors() {
        warn_unsent_events(game, shells, d);
    }
}

/// A Custom Event no card triggers never runs its listeners: likely a name a
/// letter off, or a step forgotten.
fn warn_unsent_events(game: &Game, shells: &CardShells, d: &mut Diagnostics) {
    fn walk(block: &[Step], sent: &mut Vec<bool>) {
        for step in block {
            match &step.kind {
                StepKind::Trigger { event, .. } => sent[event.index()] = true,
                StepKind::If { then, otherwise, .. } => {
                    walk(then, sent);
                    walk(otherwise, sent);
                }
                StepKind::Repeat { body, .. } | StepKind::While { body, .. } => walk(body, sent),
                _ => {}
            }
        }
    }
    let mut sent = vec![false; game.events.len()];
    sent[..BUILTIN_EVENTS.len()].fill(true);
    for f in &game.functions {
        walk(&f.body, &mut sent);
    }
    for c in &game.components {
        for h in &c.handlers {
            walk(&h.body, &mut sent);
        }
    }
    for shell in &shells.cards {
        if let Shell::Component { file, events, .. } = shell {
            for (event, _, pos) in events {
                if !sent[event.index()] {
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
fn resolve_object_types(game: &mut Game, d: &mut Diagnostics) {
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
                            None => {
                                let (file, pos) = game
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

/// What a name in a card stands for.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    /// A parameter or local holding a value of this type.
    Value(Type),
    /// A parameter, local or `created as` holding an Object.
    Object,
    /// The answer of a call: `.value`, or one slot per structure field.
    Answer(Returns),
    /// The answer of a Control Data Row question.
    RowAnswer,
    /// The answer of a call that could not be compiled: already reported,
    /// so its uses are not reported again.
    Unknown,
}

struct Binding {
    name: String,
    slot: Slot,
    kind: Kind,
}

/// Everything one card's compilation needs.
pub struct Cx<'a> {
    game: &'a Game,
    syms: &'a mut Interner,
    sites: &'a mut Vec<Site>,
    pub d: &'a mut Diagnostics,
    file: &'a YamlFile,
    card: CardRef,
    component: Option<CompId>,
    bindings: Vec<Binding>,
    /// The type each slot holds, where it is known: for checking at load.
    slot_types: Vec<Option<Type>>,
    repeats: Vec<Slot>,
    next_slot: usize,
    step_no: u16,
    nesting: usize,
    /// Still in the card's first Declares (constant values, top level), which
    /// are folded into the frame a call starts with instead of run as steps.
    leading: bool,
    folded: Vec<(Slot, Value)>,
}

/// How deep Ifs, Repeats and Whiles may nest in one card.
const MAX_NESTING: usize = 64;

impl<'a> Cx<'a> {
    pub fn new(
        game: &'a Game,
        syms: &'a mut Interner,
        sites: &'a mut Vec<Site>,
        d: &'a mut Diagnostics,
        file: &'a YamlFile,
        card: CardRef,
    ) -> Cx<'a> {
        Cx {
            game,
            syms,
            sites,
            d,
            file,
            card,
            component: None,
            bindings: Vec::new(),
            slot_types: Vec::new(),
            repeats: Vec::new(),
            next_slot: 0,
            step_no: 0,
            nesting: 0,
            leading: true,
            folded: Vec::new(),
        }
    }

    /// The frame a call starts with: every slot holds its type's first value
    /// (so a local whose Declare did not run, in an If's branch not taken,
    /// still holds a value of its type), and the folded Declares their values.
    fn frame(&self) -> Box<[Value]> {
        let mut frame: Vec<Value> = (0..self.next_slot)
            .map(|i| self.slot_types.get(i).copied().flatten().map_or(Value::None, Type::zero))
            .collect();
        for &(slot, v) in &self.folded {
            frame[slot.0 as usize] = v;
        }
        frame.into_boxed_slice()
    }

    /// The card's steps lowered for the register machine.
    fn lower(&mut self, body: &[Step]) -> Code {
        let returns = match self.card {
            CardRef::Function(f) => Some(self.game.functions[f.index()].returns),
            _ => None,
        };
        let info = CardInfo {
            type_of: &|e| self.type_of(e),
            returns,
            struct_width: &|s| self.game.structs[s.index()].fields.len(),
            param_type: &|f, i| self.game.functions.get(f.index())?.params.get(i).map(|p| p.ty),
        };
        match bytecode::lower(body, &self.frame(), &info) {
            Ok(code) => code,
            Err(why) => {
                let pos = pos_of(&self.file.root);
                self.err(pos, why);
                Code::default()
            }
        }
    }

    fn bind(&mut self, name: &str, kind: Kind, width: usize) -> Slot {
        let slot = Slot(self.next_slot as u16);
        self.next_slot += width.max(1);
        let types: Vec<Option<Type>> = match kind {
            Kind::Value(ty) => vec![Some(ty)],
            Kind::Object => vec![Some(Type::Object)],
            Kind::RowAnswer => vec![Some(Type::Boolean)],
            Kind::Answer(Returns::Value(ty)) => vec![Some(ty)],
            Kind::Answer(Returns::Struct(s)) => {
                self.game.structs[s.index()].fields.iter().map(|f| Some(f.ty)).collect()
            }
            Kind::Answer(Returns::Nothing) | Kind::Unknown => vec![None],
        };
        self.slot_types.resize(slot.0 as usize, None);
        self.slot_types.extend(types);
        self.bindings.push(Binding { name: name.to_string(), slot, kind });
        slot
    }

    /// The type of an expression, where it can be known at load.
    fn type_of(&self, e: &Expr) -> Option<Type> {
        use expr_grammar::ast::BinaryOp::*;
        Some(match e {
            Expr::Const(v) => match v {
                Value::Num(_) => Type::Number,
                Value::Bool(_) => Type::Boolean,
                Value::Text(_) => Type::Text,
                Value::Color(_) => Type::Color,
                Value::Obj(_) => Type::Object,
                Value::ObjType(_) => Type::ObjectType,
                Value::None => return None,
            },
            Expr::Local(slot) => return self.slot_types.get(slot.0 as usize).copied().flatten(),
            Expr::Global(g) => self.game.globals[g.index()].ty,
            Expr::Shared(i) => self.game.components[self.component?.index()].shared[*i as usize].ty,
            Expr::Object(_) => Type::Object,
            Expr::Prop(_, Prop::Name | Prop::Text) | Expr::DataRow(..) => Type::Text,
            Expr::Prop(_, Prop::Field(s, f)) => self.game.structs[s.index()].fields[*f as usize].ty,
            Expr::Prop(_, Prop::Position(_)) | Expr::DataCount(_) | Expr::DataFind(..) => Type::Number,
            Expr::Prop(_, Prop::TextColor) => Type::Color,
            Expr::Data(t, _, ColumnRef::Fixed(c)) => self.game.tables[t.index()].columns[c.index()].ty,
            Expr::Data(..) => return None,
            Expr::Abs(_) | Expr::Floor(_) | Expr::Clamp(_) | Expr::Hypot(_) => Type::Number,
            Expr::Unary(expr_grammar::ast::UnaryOp::Neg, _) => Type::Number,
            Expr::Unary(expr_grammar::ast::UnaryOp::Not, _) | Expr::And(..) | Expr::Or(..) => Type::Boolean,
            Expr::Binary(op, a, b) => match op {
                Eq | Ne | Lt | Le | Gt | Ge => Type::Boolean,
                Add if self.type_of(a) == Some(Type::Text) || self.type_of(b) == Some(Type::Text) => Type::Text,
                Add if self.type_of(a).is_none() || self.type_of(b).is_none() => return None,
                _ => Type::Number,
            },
        })
    }

    /// Reports a value whose known type can never become `want`.
    fn check_fits(&mut self, e: &Expr, want: Type, pos: Pos, what: &str) {
        let Some(have) = self.type_of(e) else { return };
        let fits = have == want
            || want == Type::Text && matches!(have, Type::Number | Type::Boolean)
            || have == Type::Text && matches!(want, Type::Number | Type::Boolean | Type::Color)
            || want == Type::Object && have == Type::ObjectType;
        if !fits {
            self.err(pos, format!("{what} is a {}, where a {} is expected", have.name(), want.name()));
        }
    }

    fn condition(&mut self, f: &Fields, key: &str) -> Option<Expr> {
        let (text, pos) = f.text(key, "this step", self.d)?;
        let ast = self.parse(text.as_str(), pos)?;
        let e = self.expr(&ast, text.as_str(), pos)?;
        if let Some(ty) = self.type_of(&e).filter(|t| *t != Type::Boolean) {
            self.err(pos, format!("a condition must be true or false; this is a {}", ty.name()));
        }
        Some(e)
    }

    fn lookup(&self, name: &str) -> Option<&Binding> {
        self.bindings.iter().rev().find(|b| b.name == name)
    }

    fn err(&mut self, pos: Pos, msg: impl Into<String>) {
        self.d.error(&self.file.path, pos, msg);
    }

    fn block(&mut self, node: &Node) -> Block {
        let Some(list) = node.as_sequence() else {
            self.err(pos_of(node), "expected a list of steps (each line starting with `- `)");
            return Box::new([]);
        };
        if self.nesting >= MAX_NESTING {
            self.err(
                pos_of(node),
                format!(
                    "steps nested more than {MAX_NESTING} deep (an If in an If in ...); split the card into Functions"
                ),
            );
            return Box::new([]);
        }
        self.nesting += 1;
        let block = list.iter().filter_map(|n| self.step(n)).collect();
        self.nesting -= 1;
        block
    }

    fn site(&mut self, pos: Pos) -> u32 {
        self.step_no += 1;
        self.sites.push(Site { card: self.card, step: self.step_no, line: pos.line as u32 });
        (self.sites.len() - 1) as u32
    }

    fn step(&mut self, node: &Node) -> Option<Step> {
        let file = self.file;
        let f = Fields::of(file, node, "a step", self.d)?;
        let Some((action, _)) = f.map.iter().next() else {
            self.err(f.pos, "an empty step; expected an action such as `set: NAME`");
            return None;
        };
        let action = action.as_str().to_string();
        let site = self.site(f.pos);
        let kind = match action.as_str() {
            "declare" => {
                let kind = self.declare(&f)?;
                if let StepKind::Declare { slot, ty, value: Expr::Const(v) } = &kind {
                    if self.leading && self.nesting == 1 && ty.holds(*v) {
                        self.folded.push((*slot, *v));
                        return None;
                    }
                }
                kind
            }
            "set" => self.set_variable(&f)?,
            "set component" => self.set_component(&f)?,
            "set data cell" => self.set_cell(&f)?,
            "reset table" => {
                f.only(&["reset table"], "a Reset Data Table step", self.d);
                StepKind::ResetTable(self.table_field(&f, "reset table")?)
            }
            "control row" => self.control_row(&f)?,
            "call" => self.call(&f)?,
            "if" => {
                f.only(&["if", "then", "else"], "an If step", self.d);
                let cond = self.condition(&f, "if")?;
                let then = f.get("then").map(|n| self.block(n)).unwrap_or_default();
                let otherwise = f.get("else").map(|n| self.block(n)).unwrap_or_default();
                StepKind::If { cond, then, otherwise }
            }
            "repeat" => {
                f.only(&["repeat", "steps"], "a Repeat step", self.d);
                let count = self.expr_field(&f, "repeat")?;
                let counter = self.bind("local.index", Kind::Value(Type::Number), 1);
                self.repeats.push(counter);
                let body = f.get("steps").map(|n| self.block(n)).unwrap_or_default();
                self.repeats.pop();
                StepKind::Repeat { count, counter, body }
            }
            "while" => {
                f.only(&["while", "steps"], "a While step", self.d);
                let cond = self.condition(&f, "while")?;
                let body = f.get("steps").map(|n| self.block(n)).unwrap_or_default();
                StepKind::While { cond, body }
            }
            "return" => self.ret(&f)?,
            "trigger" => {
                f.only(&["trigger", "applies to"], "a Trigger Custom Event step", self.d);
                let (name, pos) = f.text("trigger", "a Trigger step", self.d)?;
                let event = match self.game.names.events.get(name.as_str()) {
                    Some(&e) if e.index() >= BUILTIN_EVENTS.len() => e,
                    _ => {
                        self.err(
                            pos,
                            format!("unknown Custom Event `{}`; declare it in game.yaml's `events:`", name.as_str()),
                        );
                        return None;
                    }
                };
                let only = self.applies_to(&f)?;
                StepKind::Trigger { event, only }
            }
            "create" => {
                f.only(&["create", "x", "y", "created as"], "a Create Instance step", self.d);
                let object_type = self.expr_field(&f, "create")?;
                let x = self.expr_field(&f, "x")?;
                let y = self.expr_field(&f, "y")?;
                let created_as = f.opt_text("created as", self.d).map(|(n, _)| self.bind(n.as_str(), Kind::Object, 1));
                StepKind::Create { object_type, x, y, created_as }
            }
            "set alpha" | "set frame" | "set visible" | "set tint" => {
                let prop = match action.as_str() {
                    "set alpha" => SpriteProp::Alpha,
                    "set frame" => SpriteProp::Frame,
                    "set visible" => SpriteProp::Visible,
                    _ => SpriteProp::Tint,
                };
                f.only(&[action.as_str(), "applies to"], "a sprite step", self.d);
                let value = self.expr_field(&f, &action)?;
                let object = self.applies_to(&f)?.unwrap_or(ObjRef::This);
                if let (SpriteProp::Frame, Expr::Const(Value::Num(n)), ObjRef::This, Some(comp)) =
                    (prop, &value, &object, self.component)
                {
                    let pos = f.opt_text(&action, self.d).map_or(f.pos, |(_, p)| p);
                    self.check_frame(comp, *n, pos);
                }
                StepKind::Sprite { prop, object, value }
            }
            "set state" => {
                f.only(&["set state"], "a Set Game State step", self.d);
                StepKind::SetState(self.state_field(&f, "set state")?)
            }
            "is state" => {
                f.only(&["is state", "action name"], "a Game State question", self.d);
                let state = self.state_field(&f, "is state");
                let kind = if state.is_some() { Kind::RowAnswer } else { Kind::Unknown };
                let answer = f.opt_text("action name", self.d).map(|(n, _)| self.bind(n.as_str(), kind, 1));
                StepKind::IsState { state: state?, answer }
            }
            "ui group" => {
                f.only(&["ui group", "visible"], "a UI Group step", self.d);
                let (name, pos) = f.text("ui group", "a UI Group step", self.d)?;
                let name = name.as_str().trim_matches('"');
                let Some(i) = self.game.groups.iter().position(|(n, _)| n == name) else {
                    self.err(pos, format!("unknown UI Group `{name}`; declare it in game.yaml's `groups:`"));
                    return None;
                };
                let visible = match f.opt_text("visible", self.d) {
                    None => true,
                    Some((v, pos)) => match crate::value::parse_bool(v.as_str()) {
                        Some(b) => b,
                        None => {
                            self.err(pos, format!("`visible` must be true or false, found `{}`", v.as_str()));
                            return None;
                        }
                    },
                };
                StepKind::ShowGroup { group: GroupId(i as u16), visible }
            }
            other => {
                self.err(f.pos, format!(
                    "unknown action `{other}`; expected one of: declare, set, set component, set data cell, reset table, control row, call, if, repeat, while, return, trigger, create, set alpha, set frame, set visible, set tint, set state, is state, ui group"
                ));
                return None;
            }
        };
        if self.nesting == 1 {
            self.leading = false;
        }
        Some(Step { kind, site })
    }

    fn declare(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["declare", "type", "value"], "a Declare step", self.d);
        let (name, _) = f.text("declare", "a Declare step", self.d)?;
        let name = name.as_str().to_string();
        let ty = match f.opt_text("type", self.d) {
            None => Type::Number,
            Some((t, pos)) => match Type::parse(t.as_str()) {
                Some(ty) => ty,
                None => {
                    self.err(
                        pos,
                        format!("unknown type `{}`; expected Number, Text, Boolean, Color or Object", t.as_str()),
                    );
                    Type::Number
                }
            },
        };
        // The first value is read before the name exists, as the book's Declare does.
        let value = match f.get("value") {
            Some(_) => {
                let e = self.expr_field(f, "value")?;
                let pos = f.opt_text("value", self.d).map_or(f.pos, |(_, p)| p);
                self.check_fits(&e, ty, pos, &format!("the first value of `{name}`"));
                e
            }
            None => Expr::Const(ty.zero()),
        };
        let kind = if ty == Type::Object { Kind::Object } else { Kind::Value(ty) };
        let slot = self.bind(&name, kind, 1);
        Some(StepKind::Declare { slot, ty, value })
    }

    fn operator(&mut self, f: &Fields) -> Option<Operator> {
        Some(match f.opt_text("operator", self.d) {
            None => Operator::Set,
            Some((op, pos)) => match op.as_str() {
                "=" => Operator::Set,
                "+=" => Operator::Add,
                "-=" => Operator::Sub,
                "*=" => Operator::Mul,
                other => {
                    self.err(pos, format!("unknown operator `{other}`; expected =, +=, -= or *="));
                    return None;
                }
            },
        })
    }

    fn set_variable(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["set", "value", "operator"], "a Change Variable step", self.d);
        let (target, pos) = f.text("set", "a Change Variable step", self.d)?;
        let target_ast = self.parse(target.as_str(), pos)?;
        let target = match &target_ast.kind {
            ExprKind::Global(id) => match self.game.names.globals.get(&id.name) {
                Some(&g) => Target::Global(g),
                None => {
                    self.err(pos, format!("unknown Global `${}`; declare it in game.yaml's `globals:`", id.name));
                    return None;
                }
            },
            ExprKind::Path(segs) if segs.len() == 1 => match self.lookup(&segs[0].name) {
                Some(b) => match b.kind {
                    Kind::Value(ty) => Target::Local(b.slot, ty),
                    Kind::Object => Target::Local(b.slot, Type::Object),
                    _ => {
                        self.err(pos, format!("`{}` is a call's answer; it cannot be changed", segs[0].name));
                        return None;
                    }
                },
                None => {
                    self.err(pos, format!("unknown variable `{}`; declare it in an earlier step", segs[0].name));
                    return None;
                }
            },
            ExprKind::Path(_) => self.component_target(&target_ast, target.as_str(), pos)?,
            _ => {
                self.err(pos, "expected a variable's name, a `$global`, or `object.name`");
                return None;
            }
        };
        let op = self.operator(f)?;
        let value = self.expr_field(f, "value")?;
        Some(StepKind::Set { target, op, value })
    }

    fn set_component(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["set component", "value", "operator"], "a Change Component Value step", self.d);
        let (path, pos) = f.text("set component", "a Change Component Value step", self.d)?;
        let ast = self.parse(path.as_str(), pos)?;
        let target = self.component_target(&ast, path.as_str(), pos)?;
        let op = self.operator(f)?;
        let value = self.expr_field(f, "value")?;
        Some(StepKind::Set { target, op, value })
    }

    fn component_target(&mut self, ast: &ast::Expr, text: &str, pos: Pos) -> Option<Target> {
        let compiled = self.expr(ast, text, pos)?;
        Some(match compiled {
            Expr::Prop(o, prop) => Target::Prop(o, prop),
            _ => {
                self.err(pos, format!("`{text}` cannot be changed; expected a Data Structure field such as self.boardState.selected, or object.name, self.text.text, self.transform.position.x"));
                return None;
            }
        })
    }

    fn set_cell(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["set data cell", "row", "column", "value"], "a Set Data Cell step", self.d);
        let table = self.table_field(f, "set data cell")?;
        let row = self.expr_field(f, "row")?;
        let (col_text, col_pos) = f.text("column", "a Set Data Cell step", self.d)?;
        let col_ast = self.parse(col_text.as_str(), col_pos)?;
        let column = self.column_ref(table, &col_ast, col_text.as_str(), col_pos)?;
        let value = self.expr_field(f, "value")?;
        if let ColumnRef::Fixed(c) = column {
            let col = &self.game.tables[table.index()].columns[c.index()];
            let (ty, what) = (col.ty, format!("the value for the column `{}`", col.name));
            let pos = f.opt_text("value", self.d).map_or(f.pos, |(_, p)| p);
            self.check_fits(&value, ty, pos, &what);
        }
        Some(StepKind::SetCell { table, row, column, value })
    }

    fn control_row(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["control row", "row", "action name", "operation"], "a Control Data Row step", self.d);
        let table = self.table_field(f, "control row")?;
        let row = self.expr_field(f, "row")?;
        let remove = match f.opt_text("operation", self.d) {
            None => false,
            Some((op, _)) if op.as_str().eq_ignore_ascii_case("add or update") => false,
            Some((op, _)) if op.as_str().eq_ignore_ascii_case("remove") => true,
            Some((op, pos)) => {
                self.err(pos, format!("unknown operation `{}`; expected `add or update` or `remove`", op.as_str()));
                return None;
            }
        };
        let answer = f.opt_text("action name", self.d).map(|(n, _)| self.bind(n.as_str(), Kind::RowAnswer, 1));
        Some(StepKind::ControlRow { table, row, remove, answer })
    }

    fn call(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["call", "action name", "with"], "a call step", self.d);
        let (name, pos) = f.text("call", "a call step", self.d)?;
        let action_name = f.opt_text("action name", self.d).map(|(n, _)| n.as_str().to_string());
        let Some(&function) = self.game.names.functions.get(name.as_str()) else {
            // A card that did not load is reported once, where it is broken.
            if !self.game.names.broken_cards.contains(name.as_str()) {
                self.err(pos, format!("unknown Function `{}`", name.as_str()));
            }
            if let Some(n) = action_name {
                self.bind(&n, Kind::Unknown, 1);
            }
            return None;
        };
        let func = &self.game.functions[function.index()];
        // The answer's name is bound even when an argument is wrong, so that
        // one mistake is reported once, not again at every use of the answer.
        let returns = func.returns;
        let mut args: Vec<Option<Expr>> = vec![None; func.params.len()];
        let mut broken = false;
        if let Some(with) = f.get("with") {
            let file = self.file;
            if let Some(w) = Fields::of(file, with, "`with:` (the call's parameters)", self.d) {
                for (key, node) in w.map.iter() {
                    let Some(i) = func.params.iter().position(|p| p.name == key.as_str()) else {
                        let known: Vec<&str> = func.params.iter().map(|p| p.name.as_str()).collect();
                        self.err(
                            yaml::scalar_pos(key),
                            format!(
                                "`{}` has no parameter `{}`; its parameters are: {}",
                                func.name,
                                key.as_str(),
                                known.join(", ")
                            ),
                        );
                        broken = true;
                        continue;
                    };
                    let Some((text, pos)) = scalar(file, node, "a parameter's value", self.d) else {
                        broken = true;
                        continue;
                    };
                    args[i] = self.parse(text.as_str(), pos).and_then(|ast| self.expr(&ast, text.as_str(), pos));
                    if let Some(e) = &args[i] {
                        let (ty, what) = (
                            func.params[i].ty,
                            format!("the value for the parameter `{}` of `{}`", func.params[i].name, func.name),
                        );
                        self.check_fits(e, ty, pos, &what);
                    }
                    broken |= args[i].is_none();
                }
            } else {
                broken = true;
            }
        }
        let mut filled = Vec::with_capacity(args.len());
        for (i, arg) in args.into_iter().enumerate() {
            let p = &func.params[i];
            match (arg, p.default) {
                (Some(e), _) => filled.push(e),
                (None, Some(v)) => filled.push(Expr::Const(v)),
                (None, None) if broken => {}
                (None, None) => {
                    self.err(
                        pos,
                        format!("the call of `{}` lacks its parameter `{}`, which has no default", func.name, p.name),
                    );
                    broken = true;
                }
            }
        }
        let answer = action_name.map(|n| {
            let width = returns.width(&self.game.structs);
            self.bind(&n, Kind::Answer(returns), width)
        });
        if broken {
            return None;
        }
        Some(StepKind::Call { function, args: filled.into_boxed_slice(), answer })
    }

    fn ret(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["return"], "a Return step", self.d);
        let returns = match self.card {
            CardRef::Function(id) => self.game.functions[id.index()].returns,
            _ => {
                self.err(f.pos, "a Return belongs in a Function");
                return None;
            }
        };
        let node = f.get("return")?;
        match (returns, node.as_mapping()) {
            (Returns::Struct(s), Some(map)) => {
                let def = &self.game.structs[s.index()];
                let mut values: Vec<Option<Expr>> = vec![None; def.fields.len()];
                let file = self.file;
                for (key, vnode) in map.iter() {
                    let Some(i) = def.fields.iter().position(|fd| fd.name == key.as_str()) else {
                        self.err(yaml::scalar_pos(key), format!("{} has no field `{}`", def.name, key.as_str()));
                        continue;
                    };
                    let (text, pos) = scalar(file, vnode, "a field's value", self.d)?;
                    let ast = self.parse(text.as_str(), pos)?;
                    values[i] = Some(self.expr(&ast, text.as_str(), pos)?);
                }
                let values: Option<Vec<Expr>> =
                    values.into_iter().zip(&def.fields).map(|(v, fd)| v.or(Some(Expr::Const(fd.default)))).collect();
                Some(StepKind::ReturnStruct(values?.into_boxed_slice()))
            }
            (Returns::Struct(s), None) => {
                self.err(
                    pos_of(node),
                    format!(
                        "this Function answers a {}: return one value per field, as `return: {{field: value, ...}}`",
                        self.game.structs[s.index()].name
                    ),
                );
                None
            }
            (Returns::Nothing, _) => {
                self.err(pos_of(node), "this Function has no `returns:`, so it cannot return a value");
                None
            }
            (Returns::Value(_), Some(_)) => {
                self.err(pos_of(node), "this Function answers one value; return it as `return: VALUE`");
                None
            }
            (Returns::Value(ty), None) => {
                let (text, pos) = f.text("return", "a Return step", self.d)?;
                let ast = self.parse(text.as_str(), pos)?;
                let e = self.expr(&ast, text.as_str(), pos)?;
                self.check_fits(&e, ty, pos, "the value returned");
                Some(StepKind::Return(e))
            }
        }
    }

    fn applies_to(&mut self, f: &Fields) -> Option<Option<ObjRef>> {
        let Some((text, pos)) = f.opt_text("applies to", self.d) else { return Some(None) };
        let ast = self.parse(text.as_str(), pos)?;
        Some(Some(obj_ref(self.expr(&ast, text.as_str(), pos)?)))
    }

    /// A constant frame must exist on every object type this Logic Component is on.
    fn check_frame(&mut self, comp: CompId, n: f64, pos: Pos) {
        let game = self.game;
        for t in game.types.iter().filter(|t| t.attachments.iter().any(|a| a.component == comp)) {
            match &t.sprite {
                // A sprite whose picture did not load is reported there, once.
                None if t.sprite_failed => {}
                None => self.err(
                    pos,
                    format!(
                        "`{}` sets a frame, but the object type `{}` has no sprite",
                        game.components[comp.index()].name,
                        t.name
                    ),
                ),
                Some(sp) if !(n >= 0.0 && n < sp.frames as f64) => self.err(
                    pos,
                    format!(
                        "frame {} is past the last frame of `{}`'s sprite ({}: it has {} frames, 0 to {})",
                        crate::value::format_number(n),
                        t.name,
                        game.images[sp.image.index()].path.display(),
                        sp.frames,
                        sp.frames - 1
                    ),
                ),
                Some(_) => {}
            }
        }
    }

    fn state_field(&mut self, f: &Fields, key: &str) -> Option<StateId> {
        let (name, pos) = f.text(key, "this step", self.d)?;
        match self.game.states.iter().position(|s| s == name.as_str()) {
            Some(i) => Some(StateId(i as u16)),
            None => {
                self.err(
                    pos,
                    format!("unknown Game State `{}`; expected one of: {}", name.as_str(), self.game.states.join(", ")),
                );
                None
            }
        }
    }

    fn table_field(&mut self, f: &Fields, key: &str) -> Option<TableId> {
        let (name, pos) = f.text(key, "this step", self.d)?;
        self.table_named(name.as_str(), pos)
    }

    fn table_named(&mut self, name: &str, pos: Pos) -> Option<TableId> {
        match self.game.names.tables.get(name) {
            Some(&t) => Some(t),
            None => {
                let mut known: Vec<&str> = self.game.names.tables.keys().map(|k| k.as_str()).collect();
                known.sort();
                self.err(pos, format!("unknown table `{name}`; expected one of: {}", known.join(", ")));
                None
            }
        }
    }

    fn expr_field(&mut self, f: &Fields, key: &str) -> Option<Expr> {
        let (text, pos) = f.text(key, "this step", self.d)?;
        let ast = self.parse(text.as_str(), pos)?;
        self.expr(&ast, text.as_str(), pos)
    }

    fn parse(&mut self, text: &str, pos: Pos) -> Option<ast::Expr> {
        match expr_grammar::parse_expr(text) {
            Ok(e) => Some(e),
            Err(e) => {
                let at = Pos {
                    line: pos.line + e.line - 1,
                    column: if e.line == 1 { pos.column + e.column - 1 } else { e.column },
                };
                self.err(at, format!("this expression does not parse: {e}"));
                None
            }
        }
    }

    /// Where a span of an expression written at `pos` is in the file.
    fn at(&self, text: &str, pos: Pos, span: Span) -> Pos {
        let before = text.get(..span.start as usize).unwrap_or("");
        match before.rfind('\n') {
            Some(nl) => {
                Pos { line: pos.line + before.matches('\n').count(), column: before[nl + 1..].chars().count() + 1 }
            }
            None => Pos { line: pos.line, column: pos.column + before.chars().count() },
        }
    }

    pub fn expr(&mut self, e: &ast::Expr, text: &str, pos: Pos) -> Option<Expr> {
        Some(match &e.kind {
            ExprKind::Number(n) => Expr::Const(Value::Num(*n)),
            ExprKind::Text(t) => Expr::Const(Value::Text(self.syms.intern(t))),
            ExprKind::Bool(b) => Expr::Const(Value::Bool(*b)),
            ExprKind::Color(c) => Expr::Const(Value::Color(*c)),
            ExprKind::Global(id) => match self.game.names.globals.get(&id.name) {
                Some(&g) => Expr::Global(g),
                None => {
                    let at = self.at(text, pos, id.span);
                    self.err(at, format!("unknown Global `${}`; declare it in game.yaml's `globals:`", id.name));
                    return None;
                }
            },
            ExprKind::Shared(path) => return self.shared(path, text, pos),
            ExprKind::Path(path) => return self.path(path, text, pos),
            ExprKind::Call { name, args } => return self.builtin(name, args, text, pos),
            ExprKind::Unary(op, a) => Expr::Unary(*op, Box::new(self.expr(a, text, pos)?)),
            ExprKind::Binary(op, a, b) => {
                let (a, b) = (self.expr(a, text, pos), self.expr(b, text, pos));
                let (a, b) = (Box::new(a?), Box::new(b?));
                match op {
                    ast::BinaryOp::And => Expr::And(a, b),
                    ast::BinaryOp::Or => Expr::Or(a, b),
                    _ => Expr::Binary(*op, a, b),
                }
            }
        })
    }

    fn shared(&mut self, path: &[ast::Ident], text: &str, pos: Pos) -> Option<Expr> {
        let at = self.at(text, pos, path[0].span);
        let Some(comp) = self.component else {
            self.err(
                at,
                "a Shared Variable (`@self.name`) belongs to a Logic Component; a Function takes it as a parameter",
            );
            return None;
        };
        if path.len() != 2 || path[0].name != "self" {
            self.err(at, "expected a Shared Variable as `@self.name`");
            return None;
        }
        let c = &self.game.components[comp.index()];
        match c.shared.iter().position(|s| s.name == path[1].name) {
            Some(i) => Some(Expr::Shared(i as u16)),
            None => {
                let known: Vec<&str> = c.shared.iter().map(|s| s.name.as_str()).collect();
                let at = self.at(text, pos, path[1].span);
                self.err(
                    at,
                    format!(
                        "`{}` has no Shared Variable `{}`; it has: {}",
                        c.name,
                        path[1].name,
                        if known.is_empty() { "none".into() } else { known.join(", ") }
                    ),
                );
                None
            }
        }
    }

    fn path(&mut self, path: &[ast::Ident], text: &str, pos: Pos) -> Option<Expr> {
        let first = &path[0];
        let at = self.at(text, pos, first.span);
        if first.name == "local" {
            if path.len() == 2 && path[1].name == "index" {
                if let Some(&slot) = self.repeats.last() {
                    return Some(Expr::Local(slot));
                }
                self.err(at, "`local.index` is the counter of a Repeat, and this step is in none");
                return None;
            }
            self.err(at, "expected `local.index`");
            return None;
        }
        let object = match first.name.as_str() {
            "self" => Some(ObjRef::This),
            "other" => Some(ObjRef::Other),
            _ => None,
        };
        if let Some(object) = object {
            return self.object_path(object, &path[1..], text, pos);
        }
        let Some(b) = self.lookup(&first.name) else {
            self.err(at, format!("unknown name `{}`; expected a parameter, a variable declared in an earlier step, a call's action name, self, other or local.index", first.name));
            return None;
        };
        let (slot, kind) = (b.slot, b.kind);
        match kind {
            Kind::Unknown => None,
            Kind::Value(_) if path.len() == 1 => Some(Expr::Local(slot)),
            Kind::Value(ty) => {
                self.err(
                    self.at(text, pos, path[1].span),
                    format!("`{}` is a {}, it has no `.{}`", first.name, ty.name(), path[1].name),
                );
                None
            }
            Kind::Object => {
                let obj = ObjRef::Expr(Box::new(Expr::Local(slot)));
                self.object_path(obj, &path[1..], text, pos)
            }
            Kind::RowAnswer => {
                if path.len() == 2 && path[1].name == "value" {
                    Some(Expr::Local(slot))
                } else {
                    self.err(at, format!("read this answer as `{}.value`", first.name));
                    None
                }
            }
            Kind::Answer(returns) => {
                let field = path.get(1).map(|i| i.name.as_str());
                match (returns, field, path.len()) {
                    (Returns::Value(_), Some("value"), 2) => Some(Expr::Local(slot)),
                    (Returns::Struct(s), Some(name), 2) => {
                        let def = &self.game.structs[s.index()];
                        match def.fields.iter().position(|f| f.name == name) {
                            Some(i) => Some(Expr::Local(Slot(slot.0 + i as u16))),
                            None => {
                                let known: Vec<&str> = def.fields.iter().map(|f| f.name.as_str()).collect();
                                self.err(
                                    self.at(text, pos, path[1].span),
                                    format!(
                                        "the answer `{}` is a {} with the fields: {}",
                                        first.name,
                                        def.name,
                                        known.join(", ")
                                    ),
                                );
                                None
                            }
                        }
                    }
                    (Returns::Nothing, ..) => {
                        self.err(at, format!("the call `{}` answers nothing", first.name));
                        None
                    }
                    (Returns::Value(_), ..) => {
                        self.err(at, format!("read this answer as `{}.value`", first.name));
                        None
                    }
                    (Returns::Struct(_), ..) => {
                        self.err(at, format!("read a field of this answer, as `{}.field`", first.name));
                        None
                    }
                }
            }
        }
    }

    /// `rest` after an Object: nothing, `name`, `slot.field`, `transform.position.x`, `text.text`.
    fn object_path(&mut self, obj: ObjRef, rest: &[ast::Ident], text: &str, pos: Pos) -> Option<Expr> {
        let names: Vec<&str> = rest.iter().map(|i| i.name.as_str()).collect();
        match names[..] {
            [] => return Some(Expr::Object(obj)),
            ["name"] => return Some(Expr::Prop(obj, Prop::Name)),
            ["transform", "position", "x"] => return Some(Expr::Prop(obj, Prop::Position(Axis::X))),
            ["transform", "position", "y"] => return Some(Expr::Prop(obj, Prop::Position(Axis::Y))),
            ["text", "text"] => return Some(Expr::Prop(obj, Prop::Text)),
            ["text", "color"] => return Some(Expr::Prop(obj, Prop::TextColor)),
            _ => {}
        }
        let at = self.at(text, pos, rest[0].span);
        let Some(&s) = self.game.names.slots.get(names[0]) else {
            let mut known: Vec<&str> = self.game.names.slots.keys().map(|k| k.as_str()).collect();
            known.sort();
            self.err(
                at,
                format!(
                    "unknown `{}`; expected a Data Structure ({}), name, transform.position.x/y or text.text/color",
                    names[0],
                    known.join(", ")
                ),
            );
            return None;
        };
        let def = &self.game.structs[s.index()];
        if names.len() != 2 {
            self.err(at, format!("expected one field of the {}, as `{}.field`", def.name, names[0]));
            return None;
        }
        let Some(i) = def.fields.iter().position(|f| f.name == names[1]) else {
            let known: Vec<&str> = def.fields.iter().map(|f| f.name.as_str()).collect();
            let at = self.at(text, pos, rest[1].span);
            self.err(at, format!("the {} has no field `{}`; its fields are: {}", def.name, names[1], known.join(", ")));
            return None;
        };
        if def.fields[i].is_object_name {
            return Some(Expr::Prop(obj, Prop::Name));
        }
        if let (ObjRef::This, Some(comp)) = (&obj, self.component) {
            let c = &self.game.components[comp.index()];
            if !c.structs.contains(&s) {
                self.err(
                    at,
                    format!("`{}` reads self.{} but does not list {} in its `structures:`", c.name, names[0], def.name),
                );
                return None;
            }
        }
        Some(Expr::Prop(obj, Prop::Field(s, i as u16)))
    }

    fn builtin(&mut self, name: &ast::Ident, args: &[ast::Expr], text: &str, pos: Pos) -> Option<Expr> {
        let at = self.at(text, pos, name.span);
        let arity = match name.name.as_str() {
            "data" | "dataFind" | "clamp" => 3,
            "dataRow" | "hypot" => 2,
            "dataCount" | "abs" | "floor" => 1,
            other => {
                self.err(at, format!("unknown function `{other}`; expected data, dataRow, dataCount, dataFind, abs, floor, clamp or hypot"));
                return None;
            }
        };
        if args.len() != arity {
            self.err(at, format!("`{}` takes {arity} values, here it has {}", name.name, args.len()));
            return None;
        }
        let table = |cx: &mut Self| -> Option<TableId> {
            match &args[0].kind {
                ExprKind::Text(t) => {
                    let at = cx.at(text, pos, args[0].span);
                    cx.table_named(t, at)
                }
                _ => {
                    let at = cx.at(text, pos, args[0].span);
                    cx.err(at, "expected a table's name in quotes, such as 'Position'");
                    None
                }
            }
        };
        let sub = |cx: &mut Self, i: usize| cx.expr(&args[i], text, pos).map(Box::new);
        Some(match name.name.as_str() {
            "data" => {
                let t = table(self);
                let row = sub(self, 1);
                let at = self.at(text, pos, args[2].span);
                let col = t.and_then(|t| self.column_ref(t, &args[2], text, at));
                Expr::Data(t?, row?, col?)
            }
            "dataRow" => Expr::DataRow(table(self)?, sub(self, 1)?),
            "dataCount" => Expr::DataCount(table(self)?),
            "dataFind" => {
                let t = table(self);
                let at = self.at(text, pos, args[1].span);
                let col = t.and_then(|t| self.column_ref(t, &args[1], text, at));
                Expr::DataFind(t?, col?, sub(self, 2)?)
            }
            "abs" => Expr::Abs(sub(self, 0)?),
            "floor" => Expr::Floor(sub(self, 0)?),
            "clamp" => Expr::Clamp(Box::new([*sub(self, 0)?, *sub(self, 1)?, *sub(self, 2)?])),
            _ => Expr::Hypot(Box::new([*sub(self, 0)?, *sub(self, 1)?])),
        })
    }

    /// A column given as a constant text is resolved now; any other expression at run time.
    fn column_ref(&mut self, table: TableId, e: &ast::Expr, text: &str, pos: Pos) -> Option<ColumnRef> {
        if let ExprKind::Text(name) = &e.kind {
            let def = &self.game.tables[table.index()];
            return match def.columns.iter().position(|c| &c.name == name) {
                Some(i) => Some(ColumnRef::Fixed(ColumnId(i as u16))),
                None => {
                    let known: Vec<&str> = def.columns.iter().map(|c| c.name.as_str()).collect();
                    self.err(
                        pos,
                        format!(
                            "the table `{}` has no column `{name}`; its columns are: {}",
                            def.name,
                            known.join(", ")
                        ),
                    );
                    None
                }
            };
        }
        Some(ColumnRef::Dynamic(Box::new(self.expr(e, text, pos)?)))
    }
}

fn obj_ref(e: Expr) -> ObjRef {
    match e {
        Expr::Object(o) => o,
        other => ObjRef::Expr(Box::new(other)),
    }
}

/// Compiles a UI text such as `{$status}`: its holes may read Globals, tables and `self`.
pub fn compile_template(game: &mut Game, file: &YamlFile, text: &str, pos: Pos, d: &mut Diagnostics) -> Template {
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
        let mut cx = Cx::new(game, &mut syms, &mut sites, d, file, CardRef::Loose);
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
    if !d.has_errors() {
        let mut handlers: Vec<&mut Code> =
            game.components.iter_mut().flat_map(|c| c.handlers.iter_mut().map(|h| &mut h.code)).collect();
        crate::inline::inline_leaves(&mut game.functions, &mut handlers, &game.structs);
    }
    Template { parts }
}

/// Compiles one expression typed into the driver (`eval`), against a running game.
pub fn compile_loose(game: &Game, syms: &mut Interner, text: &str) -> Result<Expr, String> {
    let mut d = Diagnostics::default();
    let file = YamlFile {
        path: "driver".into(),
        text: text.to_string(),
        root: Node::from(marked_yaml::types::MarkedScalarNode::new_empty(marked_yaml::Span::new_blank())),
    };
    let mut sites = Vec::new();
    let ast = expr_grammar::parse_expr(text).map_err(|e| format!("column {}: {e}", e.column))?;
    let mut cx = Cx::new(game, syms, &mut sites, &mut d, &file, CardRef::Loose);
    let compiled = cx.expr(&ast, text, Pos { line: 1, column: 1 });
    match compiled {
        Some(e) if d.list.is_empty() => Ok(e),
        _ => Err(d.list.iter().map(|x| format!("column {}: {}", x.column, x.message)).collect::<Vec<_>>().join("; ")),
    }
}
