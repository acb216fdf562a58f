//! Expressions: the parsed expression language, its names resolved.

use super::cx::{Cx, Kind};
use crate::ids::{ColumnId, TableId};
use crate::program::{Axis, ColumnRef, Expr, ObjRef, Prop, Returns, Slot};
use crate::source::diag::Pos;
use crate::value::Value;

use expr_grammar::ast::{self, ExprKind, Span};

impl<'a> Cx<'a> {
    pub(super) fn parse(&mut self, text: &str, pos: Pos) -> Option<ast::Expr> {
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
    pub(super) fn pos_in(&self, text: &str, pos: Pos, span: Span) -> Pos {
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
                    let at = self.pos_in(text, pos, id.span);
                    self.err_undeclared(
                        at,
                        format!("unknown Global `${}`; declare it in game.yaml's `globals:`", id.name),
                    );
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

    pub(super) fn shared(&mut self, path: &[ast::Ident], text: &str, pos: Pos) -> Option<Expr> {
        let at = self.pos_in(text, pos, path[0].span);
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
                let at = self.pos_in(text, pos, path[1].span);
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

    pub(super) fn path(&mut self, path: &[ast::Ident], text: &str, pos: Pos) -> Option<Expr> {
        let first = &path[0];
        let at = self.pos_in(text, pos, first.span);
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
                    self.pos_in(text, pos, path[1].span),
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
                                    self.pos_in(text, pos, path[1].span),
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
    pub(super) fn object_path(&mut self, obj: ObjRef, rest: &[ast::Ident], text: &str, pos: Pos) -> Option<Expr> {
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
        // `self.line`: an instance variable of the component that runs.
        if let ([name], ObjRef::This, Some(comp)) = (&names[..], &obj, self.component) {
            if let Some(s) = self.game.components[comp.index()].instance {
                if let Some(i) = self.game.structs[s.index()].fields.iter().position(|f| f.name == *name) {
                    return Some(Expr::Prop(obj, Prop::Field(s, i as u16)));
                }
            }
        }
        let at = self.pos_in(text, pos, rest[0].span);
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
            let at = self.pos_in(text, pos, rest[1].span);
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

    pub(super) fn builtin(&mut self, name: &ast::Ident, args: &[ast::Expr], text: &str, pos: Pos) -> Option<Expr> {
        let at = self.pos_in(text, pos, name.span);
        let arity = match name.name.as_str() {
            "data" | "dataFind" | "clamp" => 3,
            "dataRow" | "hypot" => 2,
            "dataCount" | "abs" | "floor" | "random" => 1,
            "pointerX" | "pointerY" | "clock" | "screenBeside" => 0,
            other => {
                self.err(at, format!("unknown function `{other}`; expected data, dataRow, dataCount, dataFind, abs, floor, random, clamp, hypot, pointerX, pointerY, clock or screenBeside"));
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
                    let at = cx.pos_in(text, pos, args[0].span);
                    cx.table_named(t, at)
                }
                _ => {
                    let at = cx.pos_in(text, pos, args[0].span);
                    cx.err(at, "expected a table's name in quotes, such as 'Position'");
                    None
                }
            }
        };
        let sub = |cx: &mut Self, i: usize| cx.expr(&args[i], text, pos).map(Box::new);
        // Every value is read before any `?`: a mistake in one does not hide a mistake in another.
        Some(match name.name.as_str() {
            "data" => {
                let t = table(self);
                let row = sub(self, 1);
                let at = self.pos_in(text, pos, args[2].span);
                let col = t.and_then(|t| self.column_ref(t, &args[2], text, at));
                Expr::Data(t?, row?, col?)
            }
            "dataRow" => {
                let t = table(self);
                let row = sub(self, 1);
                Expr::DataRow(t?, row?)
            }
            "dataCount" => Expr::DataCount(table(self)?),
            "dataFind" => {
                let t = table(self);
                let at = self.pos_in(text, pos, args[1].span);
                let col = t.and_then(|t| self.column_ref(t, &args[1], text, at));
                let value = sub(self, 2);
                Expr::DataFind(t?, col?, value?)
            }
            "abs" => Expr::Abs(sub(self, 0)?),
            "floor" => Expr::Floor(sub(self, 0)?),
            "random" => Expr::Random(sub(self, 0)?),
            "pointerX" => Expr::Pointer(crate::program::Axis::X),
            "pointerY" => Expr::Pointer(crate::program::Axis::Y),
            "clock" => Expr::Clock,
            "screenBeside" => Expr::ScreenBeside,
            "clamp" => {
                let (x, lo, hi) = (sub(self, 0), sub(self, 1), sub(self, 2));
                Expr::Clamp(Box::new([*x?, *lo?, *hi?]))
            }
            _ => {
                let (x, y) = (sub(self, 0), sub(self, 1));
                Expr::Hypot(Box::new([*x?, *y?]))
            }
        })
    }

    /// A column given as a constant text is resolved now; any other expression at run time.
    pub(super) fn column_ref(&mut self, table: TableId, e: &ast::Expr, text: &str, pos: Pos) -> Option<ColumnRef> {
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
