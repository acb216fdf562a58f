//! One card's compilation: its names (parameters, locals, answers), the
//! types they hold, and the checks made with them.

use crate::game::{CardRef, Game, Site};
use crate::ids::{ColumnId, CompId, TableId};
use crate::program::{ColumnRef, Expr, Prop, Returns, Slot, Step};
use crate::source::diag::{Diagnostics, Pos};
use crate::source::yaml::{Fields, YamlFile};
use crate::value::{Interner, Type, Value};

use super::LoadScratch;
use crate::code::{self, CardInfo, Code};

/// What a name in a card stands for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Kind {
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

pub(super) struct Binding {
    pub(super) name: String,
    pub(super) slot: Slot,
    pub(super) kind: Kind,
}

/// Everything one card's compilation needs.
pub struct Cx<'a> {
    pub(super) game: &'a Game,
    /// What the loader noted: the cards and sprites that did not load.
    pub(super) scratch: &'a LoadScratch,
    pub(super) syms: &'a mut Interner,
    pub(super) sites: &'a mut Vec<Site>,
    pub d: &'a mut Diagnostics,
    pub(super) file: &'a YamlFile,
    pub(super) card: CardRef,
    pub(super) component: Option<CompId>,
    pub(super) bindings: Vec<Binding>,
    /// The type each slot holds, where it is known: for checking at load.
    pub(super) slot_types: Vec<Option<Type>>,
    pub(super) repeats: Vec<Slot>,
    pub(super) next_slot: usize,
    pub(super) step_no: u16,
    pub(super) nesting: usize,
    /// Still in the card's first Declares (constant values, top level), which
    /// are folded into the frame a call starts with instead of run as steps.
    pub(super) leading: bool,
    pub(super) folded: Vec<(Slot, Value)>,
}

/// How deep Ifs, Repeats and Whiles may nest in one card.
pub(super) const MAX_NESTING: usize = 64;

impl<'a> Cx<'a> {
    pub fn new(
        game: &'a Game,
        scratch: &'a LoadScratch,
        syms: &'a mut Interner,
        sites: &'a mut Vec<Site>,
        d: &'a mut Diagnostics,
        file: &'a YamlFile,
        card: CardRef,
    ) -> Cx<'a> {
        Cx {
            game,
            scratch,
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
    pub(super) fn frame(&self) -> Box<[Value]> {
        let mut frame: Vec<Value> = (0..self.next_slot)
            .map(|i| self.slot_types.get(i).copied().flatten().map_or(Value::None, Type::zero))
            .collect();
        for &(slot, v) in &self.folded {
            frame[slot.0 as usize] = v;
        }
        frame.into_boxed_slice()
    }

    /// The card's steps lowered for the register machine, every table read
    /// as if play changed it (the loader lowers the cards once it knows
    /// which tables play writes: `lower_bodies`).
    #[cfg(test)]
    pub(super) fn lower(&mut self, body: &[Step]) -> Code {
        let typing = Typing { game: self.game, slot_types: &self.slot_types, component: self.component };
        match lower_card(&typing, self.card, body, &self.frame(), &|_, _, _| None) {
            Ok(code) => code,
            Err(why) => {
                let pos = crate::source::yaml::pos_of(&self.file.root);
                self.err(pos, why);
                Code::default()
            }
        }
    }

    pub(super) fn bind(&mut self, name: &str, kind: Kind, width: usize) -> Slot {
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
    pub(super) fn type_of(&self, e: &Expr) -> Option<Type> {
        Typing { game: self.game, slot_types: &self.slot_types, component: self.component }.type_of(e)
    }

    /// Reports a value whose known type can never become `want`.
    pub(super) fn check_fits(&mut self, e: &Expr, want: Type, pos: Pos, what: &str) {
        let Some(have) = self.type_of(e) else { return };
        let fits = have == want
            || want == Type::Text && matches!(have, Type::Number | Type::Boolean)
            || have == Type::Text && matches!(want, Type::Number | Type::Boolean | Type::Color)
            || want == Type::Object && have == Type::ObjectType;
        if !fits {
            self.err(pos, format!("{what} is a {}, where a {} is expected", have.name(), want.name()));
        }
    }

    pub(super) fn condition(&mut self, f: &Fields, key: &str) -> Option<Expr> {
        let (text, pos) = f.text(key, "this step", self.d)?;
        let ast = self.parse(text.as_str(), pos)?;
        let e = self.expr(&ast, text.as_str(), pos)?;
        if let Some(ty) = self.type_of(&e).filter(|t| *t != Type::Boolean) {
            self.err(pos, format!("a condition must be true or false; this is a {}", ty.name()));
        }
        Some(e)
    }

    pub(super) fn lookup(&self, name: &str) -> Option<&Binding> {
        self.bindings.iter().rev().find(|b| b.name == name)
    }

    pub(super) fn err(&mut self, pos: Pos, msg: impl Into<String>) {
        self.d.error(&self.file.path, pos, msg);
    }

    /// A name game.yaml should declare is unknown: a mistake, unless
    /// game.yaml itself did not load (reported there, once).
    pub(super) fn err_undeclared(&mut self, pos: Pos, msg: impl Into<String>) {
        if !self.scratch.broken_game_file {
            self.err(pos, msg);
        }
    }
}

/// The types a card's expressions have where the loader knows them: what
/// checking and lowering a card need of its compilation, kept after it.
pub(super) struct Typing<'a> {
    pub(super) game: &'a Game,
    /// The type each slot holds, where it is known.
    pub(super) slot_types: &'a [Option<Type>],
    pub(super) component: Option<CompId>,
}

impl Typing<'_> {
    pub(super) fn type_of(&self, e: &Expr) -> Option<Type> {
        use expr_grammar::ast::BinaryOp::{Add, Eq, Ge, Gt, Le, Lt, Ne};
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
            Expr::Abs(_)
            | Expr::Floor(_)
            | Expr::Random(_)
            | Expr::Clamp(_)
            | Expr::Hypot(_)
            | Expr::Pointer(_)
            | Expr::Clock
            | Expr::ScreenBeside => Type::Number,
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
}

/// A card's steps lowered for the register machine. `constant_read`: the
/// value of `data(table, row, column)` for a row and column the card names
/// as constants, when play never changes it (see `lower_bodies`).
pub(super) fn lower_card(
    typing: &Typing,
    card: CardRef,
    body: &[Step],
    frame: &[Value],
    constant_read: &dyn Fn(TableId, Value, ColumnId) -> Option<Value>,
) -> Result<Code, String> {
    let game = typing.game;
    let returns = match card {
        CardRef::Function(f) => Some(game.functions[f.index()].returns),
        _ => None,
    };
    let info = CardInfo {
        type_of: &|e| typing.type_of(e),
        returns,
        struct_width: &|s| game.structs[s.index()].fields.len(),
        param_type: &|f, i| game.functions.get(f.index())?.params.get(i).map(|p| p.ty),
        constant_read,
    };
    code::lower(body, frame, &info)
}
