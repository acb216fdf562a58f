//! Steps: each step of a card, from its YAML fields to a [`Step`].

use super::cx::{Cx, Kind, MAX_NESTING};
use super::obj_ref;
use crate::game::{CardRef, GroupKind, Site};
use crate::ids::{CompId, GroupId, SoundId, StateId, TableId, TypeId, BUILTIN_EVENTS};
use crate::program::{
    Block, ColumnRef, Expr, ObjRef, Operator, Returns, ScaleAxes, Slot, SpriteProp, Step, StepKind, Target,
};
use crate::source::diag::Pos;
use crate::source::yaml::{self, pos_of, scalar, Fields};
use crate::value::{Type, Value};

use expr_grammar::ast::{self, ExprKind};
use marked_yaml::Node;

/// A step's action as the content writes it (`set data cell:`) and the
/// method that reads its fields: [`ACTIONS`] is the one list the loader both
/// finds a step's action in and names in "unknown action" messages.
struct Action {
    /// The step's first key: `set data cell`.
    key: &'static str,
    /// Reads the step's fields (the key given, for the methods that serve
    /// several); None when a mistake was reported.
    compile: fn(&mut Cx<'_>, &Fields, &'static str) -> Option<StepKind>,
}

/// Every action a step may begin with, in the order "unknown action" lists them.
const ACTIONS: &[Action] = &[
    Action { key: "declare", compile: |cx, f, _| cx.declare(f) },
    Action { key: "set", compile: |cx, f, _| cx.set_variable(f) },
    Action { key: "set component", compile: |cx, f, _| cx.set_component(f) },
    Action { key: "set data cell", compile: |cx, f, _| cx.set_cell(f) },
    Action { key: "reset table", compile: |cx, f, _| cx.reset_table(f) },
    Action { key: "control row", compile: |cx, f, _| cx.control_row(f) },
    Action { key: "call", compile: |cx, f, _| cx.call(f) },
    Action { key: "if", compile: |cx, f, _| cx.if_step(f) },
    Action { key: "repeat", compile: |cx, f, _| cx.repeat(f) },
    Action { key: "while", compile: |cx, f, _| cx.while_step(f) },
    Action { key: "return", compile: |cx, f, _| cx.ret(f) },
    Action { key: "trigger", compile: |cx, f, _| cx.trigger(f) },
    Action { key: "create", compile: |cx, f, _| cx.create(f) },
    Action { key: "set alpha", compile: |cx, f, key| cx.sprite(f, key) },
    Action { key: "set frame", compile: |cx, f, key| cx.sprite(f, key) },
    Action { key: "set visible", compile: |cx, f, key| cx.sprite(f, key) },
    Action { key: "set tint", compile: |cx, f, key| cx.sprite(f, key) },
    Action { key: "set button on", compile: |cx, f, key| cx.sprite(f, key) },
    Action { key: "set state", compile: |cx, f, _| cx.set_state(f) },
    Action { key: "is state", compile: |cx, f, _| cx.is_state(f) },
    Action { key: "ui group", compile: |cx, f, _| cx.ui_group(f) },
    Action { key: "menu element", compile: |cx, f, _| cx.menu_element(f) },
    Action { key: "element", compile: |cx, f, _| cx.element(f) },
    Action { key: "restart game", compile: |cx, f, _| cx.restart_game(f) },
    Action { key: "logic component", compile: |cx, f, _| cx.logic_component(f) },
    Action { key: "has row", compile: |cx, f, _| cx.has_row(f) },
    Action { key: "set position", compile: |cx, f, _| cx.set_position(f) },
    Action { key: "set sprite", compile: |cx, f, _| cx.set_sprite(f) },
    Action { key: "set horizontal scale", compile: |cx, f, key| cx.set_scale(f, key) },
    Action { key: "set vertical scale", compile: |cx, f, key| cx.set_scale(f, key) },
    Action { key: "set scale", compile: |cx, f, key| cx.set_scale(f, key) },
    Action { key: "load value", compile: |cx, f, _| cx.load_value(f) },
    Action { key: "save value", compile: |cx, f, _| cx.save_value(f) },
    Action { key: "save game", compile: |cx, f, _| cx.save_game(f) },
    Action { key: "load game", compile: |cx, f, _| cx.load_game(f) },
    Action { key: "has saved game", compile: |cx, f, _| cx.has_saved_game(f) },
    Action { key: "forget saved game", compile: |cx, f, _| cx.forget_saved_game(f) },
    Action { key: "copy text", compile: |cx, f, _| cx.copy_text(f) },
    Action { key: "paste into", compile: |cx, f, _| cx.paste_into(f) },
    Action { key: "play sound", compile: |cx, f, _| cx.play_sound(f) },
    Action { key: "input context", compile: |cx, f, _| cx.input_context(f) },
    Action { key: "start timer", compile: |cx, f, _| cx.start_timer(f) },
    Action { key: "stop timer", compile: |cx, f, _| cx.stop_timer(f) },
    Action { key: "tween", compile: |cx, f, _| cx.tween(f) },
    Action { key: "event", compile: |cx, f, _| cx.event_mode(f) },
    Action { key: "call library", compile: |cx, f, _| cx.call_library(f) },
    Action { key: "set draw color", compile: |cx, f, _| cx.draw_color(f) },
    Action { key: "draw line", compile: |cx, f, _| cx.draw_line(f) },
];

impl<'a> Cx<'a> {
    pub(super) fn block(&mut self, node: &Node) -> Block {
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

    pub(super) fn site(&mut self, pos: Pos) -> u32 {
        self.step_no += 1;
        self.sites.push(Site {
            card: self.card,
            step: self.step_no,
            line: pos.line as u32,
            action: "",
            said: "".into(),
        });
        (self.sites.len() - 1) as u32
    }

    /// One step: its action is its first key (`set:`, `if:`, ...); each
    /// action's fields are read by the method named beside it in [`ACTIONS`].
    pub(super) fn step(&mut self, node: &Node) -> Option<Step> {
        let file = self.file;
        let f = Fields::of(file, node, "a step", self.d)?;
        let Some((action, _)) = f.map.iter().next() else {
            self.err(f.pos, "an empty step; expected an action such as `set: NAME`");
            return None;
        };
        let site = self.site(f.pos);
        let Some(action) = ACTIONS.iter().find(|a| a.key == action.as_str()) else {
            let known: Vec<&str> = ACTIONS.iter().map(|a| a.key).collect();
            self.err(f.pos, format!("unknown action `{}`; expected one of: {}", action.as_str(), known.join(", ")));
            return None;
        };
        if let Some(s) = self.sites.get_mut(site as usize) {
            s.action = action.key;
            s.said = f.get(action.key).and_then(|n| n.as_scalar()).map_or("".into(), |v| v.as_str().into());
        }
        let kind = (action.compile)(self, &f, action.key)?;
        // A card's first Declares of constants are folded into the frame a call starts with.
        if let StepKind::Declare { slot, ty, value: Expr::Const(v) } = &kind {
            if self.leading && self.nesting == 1 && ty.holds(*v) {
                self.folded.push((*slot, *v));
                return None;
            }
        }
        if self.nesting == 1 {
            self.leading = false;
        }
        Some(Step { kind, site })
    }

    pub(super) fn reset_table(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["reset table"], "a Reset Data Table step", self.d);
        Some(StepKind::ResetTable(self.table_field(f, "reset table")?))
    }

    // A mistake in a condition or a count does not hide the mistakes of
    // the steps inside: they are read all the same (If, Repeat, While).
    pub(super) fn if_step(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["if", "then", "else"], "an If step", self.d);
        let cond = self.condition(f, "if");
        let then = f.get("then").map(|n| self.block(n)).unwrap_or_default();
        let otherwise = f.get("else").map(|n| self.block(n)).unwrap_or_default();
        Some(StepKind::If { cond: cond?, then, otherwise })
    }

    pub(super) fn repeat(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["repeat", "steps"], "a Repeat step", self.d);
        let count = self.expr_field(f, "repeat");
        let counter = self.bind("local.index", Kind::Value(Type::Number), 1);
        self.repeats.push(counter);
        let body = f.get("steps").map(|n| self.block(n)).unwrap_or_default();
        self.repeats.pop();
        Some(StepKind::Repeat { count: count?, counter, body })
    }

    pub(super) fn while_step(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["while", "steps"], "a While step", self.d);
        let cond = self.condition(f, "while");
        let body = f.get("steps").map(|n| self.block(n)).unwrap_or_default();
        Some(StepKind::While { cond: cond?, body })
    }

    pub(super) fn trigger(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["trigger", "applies to"], "a Trigger Custom Event step", self.d);
        let (name, pos) = f.text("trigger", "a Trigger step", self.d)?;
        let event = match self.game.names.events.get(name.as_str()) {
            Some(&e) if e.index() >= BUILTIN_EVENTS.len() => Some(e),
            _ => {
                let message = format!("unknown Custom Event `{}`; declare it in game.yaml's `events:`", name.as_str());
                self.err_undeclared(pos, message);
                None
            }
        };
        let only = self.applies_to(f);
        Some(StepKind::Trigger { event: event?, only: only? })
    }

    pub(super) fn create(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["create", "x", "y", "created as"], "a Create Instance step", self.d);
        let object_type = self.expr_field(f, "create");
        let x = self.expr_field(f, "x");
        let y = self.expr_field(f, "y");
        let created_as = f.opt_text("created as", self.d).map(|(n, _)| self.bind(n.as_str(), Kind::Object, 1));
        Some(StepKind::Create { object_type: object_type?, x: x?, y: y?, created_as })
    }

    /// `set alpha`, `set frame`, `set visible`, `set tint`.
    pub(super) fn sprite(&mut self, f: &Fields, action: &str) -> Option<StepKind> {
        let prop = match action {
            "set alpha" => SpriteProp::Alpha,
            "set frame" => SpriteProp::Frame,
            "set visible" => SpriteProp::Visible,
            "set button on" => SpriteProp::ButtonOn,
            _ => SpriteProp::Tint,
        };
        f.only(&[action, "applies to"], "a sprite step", self.d);
        let value = self.expr_field(f, action);
        let object = self.applies_to(f);
        let (value, object) = (value?, object?.unwrap_or(ObjRef::This));
        if let (SpriteProp::Frame, Expr::Const(Value::Num(n)), ObjRef::This, Some(comp)) =
            (prop, &value, &object, self.component)
        {
            let pos = f.opt_text(action, self.d).map_or(f.pos, |(_, p)| p);
            self.check_frame(comp, *n, pos);
        }
        Some(StepKind::Sprite { prop, object, value })
    }

    pub(super) fn set_state(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["set state"], "a Set Game State step", self.d);
        Some(StepKind::SetState(self.state_field(f, "set state")?))
    }

    pub(super) fn is_state(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["is state", "action name"], "a Game State question", self.d);
        let state = self.state_field(f, "is state");
        let kind = if state.is_some() { Kind::RowAnswer } else { Kind::Unknown };
        let answer = f.opt_text("action name", self.d).map(|(n, _)| self.bind(n.as_str(), kind, 1));
        Some(StepKind::IsState { state: state?, answer })
    }

    pub(super) fn ui_group(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["ui group", "visible"], "a UI Group step", self.d);
        let (name, pos) = f.text("ui group", "a UI Group step", self.d)?;
        let name = name.as_str().trim_matches('"');
        let Some(i) = self.game.groups.iter().position(|(n, _)| n == name) else {
            self.err_undeclared(pos, format!("unknown UI Group `{name}`; declare it in game.yaml's `groups:`"));
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
        Some(StepKind::ShowGroup { group: GroupId(i as u16), visible })
    }

    /// `load value: KEY, default: V, action name: N`: N.value has the default's type.
    pub(super) fn load_value(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["load value", "default", "action name"], "a Load Persistent Value step", self.d);
        let key = self.saved_name(f, "load value", "a Load Persistent Value step", crate::save::check_key);
        let default = self.expr_field(f, "default");
        let ty = match &default {
            Some(e) => match self.type_of(e) {
                Some(ty @ (Type::Number | Type::Text | Type::Boolean | Type::Color)) => Some(ty),
                other => {
                    let pos = f.opt_text("default", self.d).map_or(f.pos, |(_, p)| p);
                    let found = match other {
                        Some(Type::Object | Type::ObjectType) => "an Object",
                        _ => "of a type known only while playing",
                    };
                    self.err(
                        pos,
                        format!(
                            "the default of a Persistent Value is {found}; it must be a Number, a Text, a Boolean or \
                             a Color known at load (a constant, a variable, a field, a column named by a constant)"
                        ),
                    );
                    None
                }
            },
            None => None,
        };
        let kind = ty.map_or(Kind::Unknown, |ty| Kind::Answer(Returns::Value(ty)));
        let answer = f.opt_text("action name", self.d).map(|(n, _)| self.bind(n.as_str(), kind, 1));
        Some(StepKind::LoadValue { key: key?, default: default?, ty: ty?, answer })
    }

    /// `save value: KEY, value: V, action name: N`
    pub(super) fn save_value(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["save value", "value", "action name"], "a Save Persistent Value step", self.d);
        let key = self.saved_name(f, "save value", "a Save Persistent Value step", crate::save::check_key);
        let value = self.expr_field(f, "value");
        if let Some(Type::Object | Type::ObjectType) = value.as_ref().and_then(|e| self.type_of(e)) {
            let pos = f.opt_text("value", self.d).map_or(f.pos, |(_, p)| p);
            self.err(pos, "an Object cannot be kept on the computer; keep a Number, a Text, a Boolean or a Color");
        }
        let answer = f.opt_text("action name", self.d).map(|(n, _)| self.bind(n.as_str(), Kind::RowAnswer, 1));
        Some(StepKind::SaveValue { key: key?, value: value?, answer })
    }

    /// `save game: SLOT, action name: N`
    pub(super) fn save_game(&mut self, f: &Fields) -> Option<StepKind> {
        let (slot, answer) = self.slot_step(f, "save game", "a Save Game step")?;
        Some(StepKind::SaveGame { slot, answer })
    }

    /// `load game: SLOT, action name: N`
    pub(super) fn load_game(&mut self, f: &Fields) -> Option<StepKind> {
        let (slot, answer) = self.slot_step(f, "load game", "a Load Game step")?;
        Some(StepKind::LoadGame { slot, answer })
    }

    /// `has saved game: SLOT, action name: N`
    pub(super) fn has_saved_game(&mut self, f: &Fields) -> Option<StepKind> {
        let (slot, answer) = self.slot_step(f, "has saved game", "a Has Saved Game question")?;
        Some(StepKind::HasSavedGame { slot, answer })
    }

    /// `forget saved game: SLOT`
    pub(super) fn forget_saved_game(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["forget saved game"], "a Forget Saved Game step", self.d);
        let slot = self.saved_name(f, "forget saved game", "a Forget Saved Game step", crate::save::check_slot)?;
        Some(StepKind::ForgetSavedGame(slot))
    }

    /// `copy text: V` (a Text, or a Number or Boolean written as one)
    pub(super) fn copy_text(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["copy text"], "a Copy Text step", self.d);
        let pos = f.opt_text("copy text", self.d).map_or(f.pos, |(_, p)| p);
        let value = self.expr_field(f, "copy text")?;
        self.check_fits(&value, Type::Text, pos, "the text copied");
        Some(StepKind::CopyText(value))
    }

    /// `play sound: NAME` (a sound of sounds/, `sounds/NAME.wav`)
    pub(super) fn play_sound(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["play sound"], "a Play Sound step", self.d);
        let (name, pos) = f.text("play sound", "a Play Sound step", self.d)?;
        let name = name.as_str().trim();
        match self.game.sounds.iter().position(|s| s.name == name) {
            Some(i) => Some(StepKind::PlaySound(SoundId(i as u16))),
            None if self.game.files.is_file(std::path::Path::new(&format!("sounds/{name}.wav"))) => {
                self.err(pos, format!("the sound `{name}` cannot be played: `sounds/{name}.wav` has a mistake"));
                None
            }
            None => {
                let hint = crate::source::suggest::did_you_mean(name, self.game.sounds.iter().map(|s| s.name.as_str()));
                self.err(pos, format!("no sound `{name}`: a sound is a file `sounds/{name}.wav` of the game{hint}"));
                None
            }
        }
    }

    /// `paste into: $GLOBAL` (a Text Global)
    pub(super) fn paste_into(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["paste into"], "a Paste Into step", self.d);
        let (name, pos) = f.text("paste into", "a Paste Into step", self.d)?;
        let name = name.as_str().trim();
        let Some(bare) = name.strip_prefix('$') else {
            self.err(pos, format!("`paste into` names a Global, written `$name`: found `{name}`"));
            return None;
        };
        match self.game.names.globals.get(bare).copied() {
            Some(g) if self.game.globals[g.index()].ty == Type::Text => Some(StepKind::PasteInto(g)),
            Some(_) => {
                self.err(pos, format!("`paste into` needs a Text Global; `${bare}` is not one"));
                None
            }
            None => {
                let hint =
                    crate::source::suggest::did_you_mean(bare, self.game.globals.iter().map(|g| g.name.as_str()));
                self.err(pos, format!("`paste into` names no Global: `${bare}`{hint}"));
                None
            }
        }
    }

    /// A step on a save slot with an optional `action name:` (a Boolean answer).
    fn slot_step(&mut self, f: &Fields, action: &str, what: &str) -> Option<(Box<str>, Option<Slot>)> {
        f.only(&[action, "action name"], what, self.d);
        let slot = self.saved_name(f, action, what, crate::save::check_slot);
        let kind = if slot.is_some() { Kind::RowAnswer } else { Kind::Unknown };
        let answer = f.opt_text("action name", self.d).map(|(n, _)| self.bind(n.as_str(), kind, 1));
        Some((slot?, answer))
    }

    /// A save slot's or a Persistent Value's name: a text, written bare or in
    /// quotes (`"auto"`, as the book writes it), checked by `check`.
    fn saved_name(
        &mut self,
        f: &Fields,
        key: &str,
        what: &str,
        check: fn(&str) -> Result<(), String>,
    ) -> Option<Box<str>> {
        let (name, pos) = f.text(key, what, self.d)?;
        let text = name.as_str();
        let name = text.strip_prefix('"').and_then(|t| t.strip_suffix('"')).unwrap_or(text);
        let name = name.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')).unwrap_or(name);
        match check(name) {
            Ok(()) => Some(name.into()),
            Err(why) => {
                self.err(pos, why);
                None
            }
        }
    }

    pub(super) fn declare(&mut self, f: &Fields) -> Option<StepKind> {
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
            Some(_) => self.expr_field(f, "value").inspect(|e| {
                let pos = f.opt_text("value", self.d).map_or(f.pos, |(_, p)| p);
                self.check_fits(e, ty, pos, &format!("the first value of `{name}`"));
            }),
            None => Some(Expr::Const(ty.zero())),
        };
        // The name is declared even when its first value is wrong: one
        // mistake, not one more at every use of the name.
        let kind = if ty == Type::Object { Kind::Object } else { Kind::Value(ty) };
        let slot = self.bind(&name, kind, 1);
        Some(StepKind::Declare { slot, ty, value: value? })
    }

    pub(super) fn operator(&mut self, f: &Fields) -> Option<Operator> {
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

    pub(super) fn set_variable(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["set", "value", "operator"], "a Change Variable step", self.d);
        let target = self.variable_target(f);
        // The value is read even when the target is wrong: both mistakes are reported.
        let op = self.operator(f);
        let value = self.expr_field(f, "value");
        Some(StepKind::Set { target: target?, op: op?, value: value? })
    }

    /// What a Change Variable step changes: a local, a `$global`, or a property.
    fn variable_target(&mut self, f: &Fields) -> Option<Target> {
        let (target, pos) = f.text("set", "a Change Variable step", self.d)?;
        let target_ast = self.parse(target.as_str(), pos)?;
        Some(match &target_ast.kind {
            ExprKind::Global(id) => match self.game.names.globals.get(&id.name) {
                Some(&g) => Target::Global(g),
                None => {
                    self.err_undeclared(
                        pos,
                        format!("unknown Global `${}`; declare it in game.yaml's `globals:`", id.name),
                    );
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
        })
    }

    pub(super) fn set_component(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["set component", "value", "operator"], "a Change Component Value step", self.d);
        let target = f
            .text("set component", "a Change Component Value step", self.d)
            .and_then(|(path, pos)| Some((path, pos, self.parse(path.as_str(), pos)?)))
            .and_then(|(path, pos, ast)| self.component_target(&ast, path.as_str(), pos));
        let op = self.operator(f);
        let value = self.expr_field(f, "value");
        Some(StepKind::Set { target: target?, op: op?, value: value? })
    }

    pub(super) fn component_target(&mut self, ast: &ast::Expr, text: &str, pos: Pos) -> Option<Target> {
        let compiled = self.expr(ast, text, pos)?;
        Some(match compiled {
            Expr::Prop(o, prop) => Target::Prop(o, prop),
            _ => {
                self.err(pos, format!("`{text}` cannot be changed; expected a Data Structure field such as self.boardState.selected, or object.name, self.text.text, self.transform.position.x"));
                return None;
            }
        })
    }

    pub(super) fn set_cell(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["set data cell", "row", "column", "value"], "a Set Data Cell step", self.d);
        // Row and value are read even when the table is unknown: each mistake is reported.
        let table = self.table_field(f, "set data cell");
        let row = self.expr_field(f, "row");
        let column = f
            .text("column", "a Set Data Cell step", self.d)
            .and_then(|(text, pos)| Some((text, pos, self.parse(text.as_str(), pos)?)))
            .and_then(|(text, pos, ast)| self.column_ref(table?, &ast, text.as_str(), pos));
        let value = self.expr_field(f, "value");
        let (table, row, column, value) = (table?, row?, column?, value?);
        if let ColumnRef::Fixed(c) = column {
            let col = &self.game.tables[table.index()].columns[c.index()];
            let (ty, what) = (col.ty, format!("the value for the column `{}`", col.name));
            let pos = f.opt_text("value", self.d).map_or(f.pos, |(_, p)| p);
            self.check_fits(&value, ty, pos, &what);
        }
        Some(StepKind::SetCell { table, row, column, value })
    }

    pub(super) fn control_row(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["control row", "row", "action name", "operation"], "a Control Data Row step", self.d);
        let table = self.table_field(f, "control row");
        let row = self.expr_field(f, "row");
        let remove = match f.opt_text("operation", self.d) {
            None => Some(false),
            Some((op, _)) if op.as_str().eq_ignore_ascii_case("add or update") => Some(false),
            Some((op, _)) if op.as_str().eq_ignore_ascii_case("remove") => Some(true),
            Some((op, pos)) => {
                self.err(pos, format!("unknown operation `{}`; expected `add or update` or `remove`", op.as_str()));
                None
            }
        };
        let answer = f.opt_text("action name", self.d).map(|(n, _)| self.bind(n.as_str(), Kind::RowAnswer, 1));
        Some(StepKind::ControlRow { table: table?, row: row?, remove: remove?, answer })
    }

    pub(super) fn call(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["call", "action name", "with"], "a call step", self.d);
        let (name, pos) = f.text("call", "a call step", self.d)?;
        let action_name = f.opt_text("action name", self.d).map(|(n, _)| n.as_str().to_string());
        let Some(&function) = self.game.names.functions.get(name.as_str()) else {
            // A card that did not load is reported once, where it is broken.
            if !self.scratch.broken_cards.contains(name.as_str()) {
                self.err(pos, format!("unknown Function `{}`", name.as_str()));
            }
            // Its values are read all the same: a mistake in them is one more mistake.
            if let Some(with) = f.get("with").and_then(|n| n.as_mapping()) {
                for (_, node) in with.iter() {
                    if let Some((text, pos)) = scalar(self.file, node, "a parameter's value", self.d) {
                        if let Some(ast) = self.parse(text.as_str(), pos) {
                            self.expr(&ast, text.as_str(), pos);
                        }
                    }
                }
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
            let width = self.game.answer_width(returns);
            self.bind(&n, Kind::Answer(returns), width)
        });
        if broken {
            return None;
        }
        Some(StepKind::Call { function, args: filled.into_boxed_slice(), answer })
    }

    pub(super) fn ret(&mut self, f: &Fields) -> Option<StepKind> {
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
                let mut broken = false;
                for (key, vnode) in map.iter() {
                    let Some(i) = def.fields.iter().position(|fd| fd.name == key.as_str()) else {
                        self.err(yaml::scalar_pos(key), format!("{} has no field `{}`", def.name, key.as_str()));
                        continue;
                    };
                    let value = scalar(file, vnode, "a field's value", self.d).and_then(|(text, pos)| {
                        let ast = self.parse(text.as_str(), pos)?;
                        self.expr(&ast, text.as_str(), pos)
                    });
                    broken |= value.is_none();
                    values[i] = value;
                }
                if broken {
                    return None;
                }
                let values: Vec<Expr> =
                    values.into_iter().zip(&def.fields).map(|(v, fd)| v.unwrap_or(Expr::Const(fd.default))).collect();
                Some(StepKind::ReturnStruct(values.into_boxed_slice()))
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

    pub(super) fn applies_to(&mut self, f: &Fields) -> Option<Option<ObjRef>> {
        let Some((text, pos)) = f.opt_text("applies to", self.d) else { return Some(None) };
        let ast = self.parse(text.as_str(), pos)?;
        Some(Some(obj_ref(self.expr(&ast, text.as_str(), pos)?)))
    }

    /// A constant frame must exist on every object type this Logic Component is on.
    pub(super) fn check_frame(&mut self, comp: CompId, n: f64, pos: Pos) {
        let game = self.game;
        for (i, t) in game.types.iter().enumerate().filter(|(_, t)| t.attachments.iter().any(|a| a.component == comp)) {
            match &t.sprite {
                // A sprite whose picture did not load is reported there, once.
                None if self.scratch.failed_sprites.contains(&TypeId(i as u32)) => {}
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

    pub(super) fn state_field(&mut self, f: &Fields, key: &str) -> Option<StateId> {
        let (name, pos) = f.text(key, "this step", self.d)?;
        match self.game.states.iter().position(|s| s == name.as_str()) {
            Some(i) => Some(StateId(i as u16)),
            None => {
                self.err_undeclared(
                    pos,
                    format!("unknown Game State `{}`; expected one of: {}", name.as_str(), self.game.states.join(", ")),
                );
                None
            }
        }
    }

    pub(super) fn table_field(&mut self, f: &Fields, key: &str) -> Option<TableId> {
        let (name, pos) = f.text(key, "this step", self.d)?;
        self.table_named(name.as_str(), pos)
    }

    pub(super) fn table_named(&mut self, name: &str, pos: Pos) -> Option<TableId> {
        match self.game.names.tables.get(name) {
            Some(&t) => Some(t),
            // A table whose schema did not load is reported once, where it is broken.
            None if self.scratch.broken_tables.contains(name) => None,
            None => {
                let mut known: Vec<&str> = self.game.names.tables.keys().map(|k| k.as_str()).collect();
                known.sort();
                self.err(pos, format!("unknown table `{name}`; expected one of: {}", known.join(", ")));
                None
            }
        }
    }

    pub(super) fn expr_field(&mut self, f: &Fields, key: &str) -> Option<Expr> {
        let (text, pos) = f.text(key, "this step", self.d)?;
        let ast = self.parse(text.as_str(), pos)?;
        self.expr(&ast, text.as_str(), pos)
    }
}

/// The steps of menus, Logic Component switches, rows asked for, positions
/// and looks.
impl<'a> Cx<'a> {
    /// A UI Group named in a step's `key`: a menu (`menu`), else an element of a menu.
    fn group_of_kind(&mut self, f: &Fields, key: &str, menu: bool) -> Option<GroupId> {
        let (name, pos) = f.text(key, "this step", self.d)?;
        let name = name.as_str().trim_matches('"');
        let Some(i) = self.game.groups.iter().position(|(n, _)| n == name) else {
            let what = if menu { "menu" } else { "element" };
            self.err_undeclared(pos, format!("unknown {what} `{name}`; declare it in game.yaml's `groups:`"));
            return None;
        };
        match (self.game.group_kinds.get(i), menu) {
            (Some(GroupKind::Menu), true) | (Some(GroupKind::Element(_)), false) => Some(GroupId(i as u16)),
            (_, true) => {
                self.err(
                    pos,
                    format!("the UI Group `{name}` is not a menu; give it `menu: true` in game.yaml's `groups:`"),
                );
                None
            }
            (_, false) => {
                self.err(
                    pos,
                    format!("the UI Group `{name}` is not an element of a menu; give it `in: MENU` in game.yaml's `groups:`"),
                );
                None
            }
        }
    }

    /// `true` or `false` (also yes/no) in an optional field.
    fn flag(&mut self, f: &Fields, key: &str, default: bool) -> Option<bool> {
        match f.opt_text(key, self.d) {
            None => Some(default),
            Some((v, pos)) => match crate::value::parse_bool(v.as_str()) {
                Some(b) => Some(b),
                None => {
                    self.err(pos, format!("`{key}` must be true or false, found `{}`", v.as_str()));
                    None
                }
            },
        }
    }

    /// One of a few words (case aside), or a mistake that lists them.
    fn word(&mut self, f: &Fields, key: &str, words: &[&str]) -> Option<Option<usize>> {
        let Some((v, pos)) = f.opt_text(key, self.d) else { return Some(None) };
        match words.iter().position(|w| w.eq_ignore_ascii_case(v.as_str().trim())) {
            Some(i) => Some(Some(i)),
            None => {
                self.err(pos, format!("unknown {key} `{}`; expected {}", v.as_str(), words.join(" or ")));
                None
            }
        }
    }

    /// `menu element: MENU`, `operation: show|hide`: opens or closes a menu.
    pub(super) fn menu_element(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["menu element", "operation"], "a Menu Element step", self.d);
        let group = self.group_of_kind(f, "menu element", true);
        let hide = self.word(f, "operation", &["show", "hide"])? == Some(1);
        Some(StepKind::ShowGroup { group: group?, visible: !hide })
    }

    /// `element: ELEMENT`, `visible: false`: shows or hides an element of a menu.
    pub(super) fn element(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["element", "visible"], "an Element step", self.d);
        let group = self.group_of_kind(f, "element", false);
        let visible = self.flag(f, "visible", true)?;
        Some(StepKind::ShowGroup { group: group?, visible })
    }

    /// `restart game: true`
    pub(super) fn restart_game(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["restart game"], "a Restart Game step", self.d);
        if !self.flag(f, "restart game", true)? {
            let pos = f.opt_text("restart game", self.d).map_or(f.pos, |(_, p)| p);
            self.err(pos, "`restart game: false` does nothing; write `restart game: true`, or leave the step out");
            return None;
        }
        Some(StepKind::RestartGame)
    }

    /// `logic component: COMPONENT`, `state: disable|enable` (enable when
    /// left out), `applies to: OBJECT` (self when left out).
    pub(super) fn logic_component(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["logic component", "state", "applies to"], "a Logic Component step", self.d);
        let (name, pos) = f.text("logic component", "a Logic Component step", self.d)?;
        let component = match self.game.names.components.get(name.as_str()) {
            Some(&c) => Some(c),
            // A card that did not load is reported once, where it is broken.
            None if self.scratch.broken_cards.contains(name.as_str()) => None,
            None => {
                let mut known: Vec<&str> = self.game.names.components.keys().map(|k| k.as_str()).collect();
                known.sort();
                self.err(
                    pos,
                    format!("unknown Logic Component `{}`; expected one of: {}", name.as_str(), known.join(", ")),
                );
                None
            }
        };
        let state = self.word(f, "state", &["enable", "disable"]);
        let object = self.applies_to(f);
        let (component, on, object) = (component?, state? != Some(1), object?.unwrap_or(ObjRef::This));
        if let (ObjRef::This, Some(me)) = (&object, self.component) {
            self.check_carries(me, component, pos);
        }
        Some(StepKind::SwitchComponent { component, on, object })
    }

    /// Every object type that carries the Logic Component `me` carries `other` too (for a step on `self`).
    fn check_carries(&mut self, me: CompId, other: CompId, pos: Pos) {
        let game = self.game;
        for t in game.types.iter().filter(|t| t.attachments.iter().any(|a| a.component == me)) {
            if !t.attachments.iter().any(|a| a.component == other) {
                self.err(
                    pos,
                    format!(
                        "`{}` switches its own Object's `{}`, but the object type `{}` has no `{}` in its `logic:`",
                        game.components[me.index()].name,
                        game.components[other.index()].name,
                        t.name,
                        game.components[other.index()].name
                    ),
                );
            }
        }
    }

    /// `call library: NAME`, `function: F`, `applies to: OBJECT` (self when
    /// left out): NAME is one of game.yaml's `libraries`, F one of its
    /// functions.
    pub(super) fn call_library(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["call library", "function", "applies to"], "a Call Library step", self.d);
        let library = f.text("call library", "a Call Library step", self.d).and_then(|(name, pos)| {
            let name = name.as_str().trim();
            let at = self.game.libraries.iter().position(|l| l == name);
            if at.is_none() && !self.scratch.broken_game_file {
                let named =
                    if self.game.libraries.is_empty() { "none".to_string() } else { self.game.libraries.join(", ") };
                self.err(pos, format!("`{name}` is no library this game uses (game.yaml's `libraries`: {named})"));
            }
            at
        });
        let function = f.text("function", "a Call Library step", self.d).and_then(|(name, pos)| {
            let name = name.as_str().trim();
            let offered = self.scratch.library_functions.get(library?).copied().unwrap_or_default();
            if !offered.contains(&name) {
                let lib = &self.game.libraries[library?];
                let list = if offered.is_empty() { "none".to_string() } else { offered.join(", ") };
                self.err(pos, format!("the library `{lib}` has no function `{name}`; its functions: {list}"));
                return None;
            }
            Some(self.syms.intern(name))
        });
        let object = self.applies_to(f);
        let object = object?.unwrap_or(ObjRef::This);
        Some(StepKind::CallLibrary { library: library? as u16, function: function?, object })
    }

    /// `has row: TABLE`, `row: R`, `action name: N`
    pub(super) fn has_row(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["has row", "row", "action name"], "a Has Row step", self.d);
        let table = self.table_field(f, "has row");
        let row = self.expr_field(f, "row");
        let answer = f.opt_text("action name", self.d).map(|(n, _)| self.bind(n.as_str(), Kind::RowAnswer, 1));
        Some(StepKind::HasRow { table: table?, row: row?, answer })
    }

    /// `set position: OBJECT`, `x: X`, `y: Y`
    pub(super) fn set_position(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["set position", "x", "y", "relative to"], "a Set Position step", self.d);
        let screen = self.word(f, "relative to", &["world", "screen"]);
        let object = self.expr_field(f, "set position");
        let x = self.expr_field(f, "x");
        let y = self.expr_field(f, "y");
        for (key, e) in [("x", &x), ("y", &y)] {
            if let Some(e) = e {
                let pos = f.opt_text(key, self.d).map_or(f.pos, |(_, p)| p);
                self.check_fits(e, Type::Number, pos, &format!("`{key}`"));
            }
        }
        let object = object?;
        if let Some(ty) = self.type_of(&object).filter(|t| *t != Type::Object) {
            let pos = f.opt_text("set position", self.d).map_or(f.pos, |(_, p)| p);
            self.err(pos, format!("Set Position needs an Object (such as self or other), found a {}", ty.name()));
            return None;
        }
        Some(StepKind::SetPosition { object: obj_ref(object), x: x?, y: y?, screen: screen? == Some(1) })
    }

    /// `input context: CONTEXT`, `active: false` (true when left out): turns
    /// an Input Context of game.yaml's `inputs:` on or off.
    pub(super) fn input_context(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["input context", "active"], "an Input Context step", self.d);
        let (name, pos) = f.text("input context", "an Input Context step", self.d)?;
        let on = self.flag(f, "active", true);
        let Some(&context) = self.game.names.contexts.get(name.as_str()) else {
            let mut known: Vec<&str> = self.game.inputs.iter().map(|c| c.name.as_str()).collect();
            known.sort();
            let known = if known.is_empty() { "none is declared".to_string() } else { known.join(", ") };
            self.err_undeclared(
                pos,
                format!("unknown Input Context `{}`; declare it in game.yaml's `inputs:` ({known})", name.as_str()),
            );
            return None;
        };
        Some(StepKind::InputContext { context, on: on? })
    }

    /// `set sprite: PICTURE`, `applies to: OBJECT`: a picture given as a
    /// constant must be a PNG of art/.
    pub(super) fn set_sprite(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["set sprite", "applies to"], "a Set Sprite step", self.d);
        let picture = self.expr_field(f, "set sprite");
        let object = self.applies_to(f);
        let picture = picture?;
        let pos = f.opt_text("set sprite", self.d).map_or(f.pos, |(_, p)| p);
        match &picture {
            Expr::Const(Value::Text(sym)) if !self.game.pictures.contains_key(sym) => {
                let text = self.syms.text(*sym).to_string();
                let mut known: Vec<&str> = self.game.pictures.keys().map(|s| self.syms.text(*s)).collect();
                known.sort();
                known.truncate(8);
                self.err(
                    pos,
                    format!(
                        "`{text}` is no picture of the content's art/ folder; a picture is named by its path, such as: {}",
                        known.join(", ")
                    ),
                );
                return None;
            }
            e => self.check_fits(e, Type::Text, pos, "the picture"),
        }
        Some(StepKind::SetSprite { object: object?.unwrap_or(ObjRef::This), picture })
    }

    /// `set horizontal scale: V`, `set vertical scale: V`, `set scale: V` (both), `applies to: OBJECT`
    pub(super) fn set_scale(&mut self, f: &Fields, action: &str) -> Option<StepKind> {
        let axes = match action {
            "set horizontal scale" => ScaleAxes::Horizontal,
            "set vertical scale" => ScaleAxes::Vertical,
            _ => ScaleAxes::Both,
        };
        f.only(&[action, "applies to"], "a Set Scale step", self.d);
        let value = self.expr_field(f, action);
        let object = self.applies_to(f);
        if let Some(e) = &value {
            let pos = f.opt_text(action, self.d).map_or(f.pos, |(_, p)| p);
            self.check_fits(e, Type::Number, pos, "the scale");
        }
        Some(StepKind::SetScale { axes, object: object?.unwrap_or(ObjRef::This), value: value? })
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Cx, LoadScratch};
    use super::ACTIONS;
    use crate::game::CardRef;
    use crate::source::diag::Diagnostics;
    use std::path::Path;

    /// Each action of the list reaches its own method: a step of each with
    /// nothing after its key is refused (or not) for what it lacks, never as
    /// an unknown action; a key not in the list is one, and the message
    /// names every key of the list, in its order.
    #[test]
    fn every_action_in_the_list_is_compiled_and_no_other() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/language");
        let mut game = match crate::load::load(&root) {
            Ok(loaded) => loaded.game,
            Err(mistakes) => panic!("the language fixture loads: {mistakes:?}"),
        };
        let mut text = "steps:\n".to_string();
        text.extend(ACTIONS.iter().map(|a| format!("- {}: ~\n", a.key)));
        text.push_str("- set  frame: ~\n");
        let mut d = Diagnostics::default();
        let file = crate::source::yaml::parse(Path::new("logic/Every Action.yaml"), text, &mut d);
        let file = file.unwrap_or_else(|| panic!("{:?}", d.list));
        let scratch = LoadScratch::default();
        let (mut syms, mut sites) = (std::mem::take(&mut game.syms), std::mem::take(&mut game.sites));
        let steps = file.root.as_mapping().and_then(|m| m.get_node("steps")).expect("steps");
        Cx::new(&game, &scratch, &mut syms, &mut sites, &mut d, &file, CardRef::Loose).block(steps);
        let unknown: Vec<_> = d.list.iter().filter(|x| x.message.starts_with("unknown action")).collect();
        assert_eq!(unknown.len(), 1, "{unknown:#?}");
        assert_eq!(unknown[0].line, ACTIONS.len() + 2, "{unknown:#?}");
        let listed =
            unknown[0].message.strip_prefix("unknown action `set  frame`; expected one of: ").expect("the message");
        assert_eq!(listed.split(", ").collect::<Vec<_>>(), ACTIONS.iter().map(|a| a.key).collect::<Vec<_>>());
    }

    /// Every action a card may write is in the content reference's Steps table.
    #[test]
    fn every_action_is_in_the_content_reference() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/README.md");
        let reference = std::fs::read_to_string(&path).expect("content/README.md");
        let missing: Vec<&str> = super::ACTIONS
            .iter()
            .map(|a| a.key)
            .filter(|a| !reference.lines().any(|l| l.starts_with("| `") && l.contains(&format!("`{a}:"))))
            .collect();
        assert!(missing.is_empty(), "content/README.md's Steps table lacks: {missing:?}");
    }
}
