//! The tree walker: what the register machine hands over (`Op::Eval`,
//! `Op::Step`): Objects' properties, Triggers, Create, sprites, states; and
//! the rules both share (conversions, operators on mixed types, missing rows).

use super::*;

impl World {
    /// A step the register machine hands over (see `Op::Step`): one that
    /// holds no steps of its own and is rare on the hot path.
    #[inline(never)]
    pub(crate) fn leaf_step(&mut self, g: &Game, cx: &Ctx, step: &Step) -> Res<Flow> {
        if self.steps_left == 0 {
            return fail("stopped after too many steps for one input");
        }
        self.steps_left -= 1;
        match &step.kind {
            StepKind::Declare { slot, ty, value } => {
                let v = self.eval(g, cx, value)?;
                self.stack[cx.base + slot.0 as usize] = self.coerce(*ty, v)?;
            }
            StepKind::Set { target, op, value } => {
                let v = self.eval(g, cx, value)?;
                self.assign(g, cx, target, *op, v)?;
            }
            _ => return self.step_rare(g, cx, step),
        }
        Ok(Flow::Next)
    }

    /// The steps that do not run in the inner loops, kept out of `step` so that it stays small.
    #[inline(never)]
    fn step_rare(&mut self, g: &Game, cx: &Ctx, step: &Step) -> Res<Flow> {
        match &step.kind {
            StepKind::SetCell { table, row, column, value } => {
                let r = self.eval(g, cx, row)?;
                let r = self.row_index(g, *table, r)?;
                let c = self.column(g, cx, *table, column)?;
                let v = self.eval(g, cx, value)?;
                let v = self.coerce(g.tables[table.index()].columns[c.index()].ty, v)?;
                *self.tables[table.index()].cell_mut(r, c) = v;
            }
            StepKind::Return(e) => {
                let v = self.eval(g, cx, e)?;
                let ty = match cx_returns(g, step) {
                    Some(Returns::Value(ty)) => ty,
                    _ => return fail("a Return outside a Function"),
                };
                self.ret[0] = self.coerce(ty, v)?;
                return Ok(Flow::Return);
            }
            StepKind::ReturnStruct(values) => {
                let Some(Returns::Struct(s)) = cx_returns(g, step) else { return fail("a Return outside a Function") };
                for (i, e) in values.iter().enumerate() {
                    let v = self.eval(g, cx, e)?;
                    self.ret[i] = self.coerce(g.structs[s.index()].fields[i].ty, v)?;
                }
                return Ok(Flow::Return);
            }
            StepKind::Trigger { event, only } => {
                let only = match only {
                    Some(r) => Some(self.object(g, cx, r)?),
                    None => None,
                };
                self.dispatch(g, *event, cx.this, only)?;
            }
            StepKind::Create { object_type, x, y, created_as } => {
                let ty = match self.eval(g, cx, object_type)? {
                    Value::ObjType(t) => t,
                    other => return fail(format!("Create Instance needs an object type, found {}", other.type_name())),
                };
                let x = self.num(g, cx, x)? as f32;
                let y = self.num(g, cx, y)? as f32;
                let id = self.add_object(ty, EMPTY, x, y);
                if let Some(slot) = created_as {
                    self.stack[cx.base + slot.0 as usize] = Value::Obj(id);
                }
                self.dispatch(g, EventId::CREATED, cx.this, Some(id))?;
            }
            StepKind::Sprite { prop, object, value } => {
                let id = self.object(g, cx, object)?;
                let v = self.eval(g, cx, value)?;
                self.set_sprite(g, id, *prop, v)?;
            }
            StepKind::SetState(s) => self.state = s.0,
            StepKind::IsState { state, answer: Some(slot) } => {
                self.stack[cx.base + slot.0 as usize] = Value::Bool(self.state == state.0);
            }
            StepKind::IsState { answer: None, .. } => {}
            StepKind::ShowGroup { group, visible } => {
                if let Some(shown) = self.groups.get_mut(group.0 as usize) {
                    *shown = *visible;
                }
            }
            _ => {}
        }
        Ok(Flow::Next)
    }

    pub(crate) fn clear_answer(&mut self, g: &Game, returns: Returns) {
        match returns {
            Returns::Nothing => {}
            Returns::Value(ty) => self.ret[0] = ty.zero(),
            Returns::Struct(s) => {
                for (i, f) in g.structs[s.index()].fields.iter().enumerate() {
                    self.ret[i] = f.default;
                }
            }
        }
    }

    fn set_sprite(&mut self, g: &Game, id: ObjectId, prop: SpriteProp, v: Value) -> Res<()> {
        let frames = {
            let o = &self.objects[id.0 as usize];
            g.types[o.ty.0 as usize].sprite.as_ref().map(|s| s.frames)
        };
        let o = &mut self.objects[id.0 as usize];
        match prop {
            SpriteProp::Alpha => o.alpha = want_num(v)?.clamp(0.0, 1.0) as f32,
            SpriteProp::Visible => o.visible = want_bool(v)?,
            SpriteProp::Tint => o.tint = want_color(v)?,
            SpriteProp::Frame => {
                let n = want_num(v)?;
                let Some(frames) = frames else { return fail("Set Frame on an Object that has no sprite") };
                if !(n >= 0.0 && n < frames as f64) {
                    return fail(format!(
                        "frame {} is past the last frame of this sprite ({})",
                        format_number(n),
                        frames - 1
                    ));
                }
                o.frame = n as u32;
            }
        }
        Ok(())
    }

    fn assign(&mut self, g: &Game, cx: &Ctx, target: &Target, op: Operator, v: Value) -> Res<()> {
        let old = if op == Operator::Set { Value::None } else { self.read_target(g, cx, target)? };
        let v = match op {
            Operator::Set => v,
            Operator::Add => self.binary(BinaryOp::Add, old, v)?,
            Operator::Sub => self.binary(BinaryOp::Sub, old, v)?,
            Operator::Mul => self.binary(BinaryOp::Mul, old, v)?,
        };
        match target {
            Target::Local(slot, ty) => self.stack[cx.base + slot.0 as usize] = self.coerce(*ty, v)?,
            Target::Global(id) => {
                let v = self.coerce(g.globals[id.index()].ty, v)?;
                self.globals[id.index()] = v;
            }
            Target::Prop(r, prop) => {
                let id = self.object(g, cx, r)?;
                self.write_prop(g, id, *prop, v)?;
            }
        }
        Ok(())
    }

    /// What a target holds now, for `+=`, `-=` and `*=`.
    fn read_target(&mut self, g: &Game, cx: &Ctx, target: &Target) -> Res<Value> {
        match target {
            Target::Local(slot, _) => Ok(self.stack[cx.base + slot.0 as usize]),
            Target::Global(id) => Ok(self.globals[id.index()]),
            Target::Prop(r, prop) => {
                let id = self.object(g, cx, r)?;
                self.read_prop(g, id, *prop)
            }
        }
    }

    /// A property of an Object, as an expression reads it.
    fn read_prop(&mut self, g: &Game, id: ObjectId, prop: Prop) -> Res<Value> {
        Ok(match prop {
            Prop::Name => Value::Text(self.objects[id.0 as usize].name),
            Prop::Field(s, f) => {
                let at = self.field_at(g, id, s, f)?;
                self.objects[id.0 as usize].fields[at]
            }
            Prop::Position(axis) => {
                let o = &self.objects[id.0 as usize];
                Value::Num(f64::from(if axis == Axis::X { o.x } else { o.y }))
            }
            Prop::Text => Value::Text(self.text_in_input(g, id)?),
            Prop::TextColor => Value::Color(self.objects[id.0 as usize].text_color),
        })
    }

    /// A property of an Object, as Change Variable and Change Component Value write it.
    fn write_prop(&mut self, g: &Game, id: ObjectId, prop: Prop, v: Value) -> Res<()> {
        match prop {
            Prop::Name => {
                let name = self.text_value(v);
                self.objects[id.0 as usize].name = name;
            }
            Prop::Field(s, f) => {
                let at = self.field_at(g, id, s, f)?;
                let v = self.coerce(g.structs[s.index()].fields[f as usize].ty, v)?;
                self.objects[id.0 as usize].fields[at] = v;
            }
            Prop::Position(axis) => {
                let n = want_num(v)? as f32;
                let o = &mut self.objects[id.0 as usize];
                match axis {
                    Axis::X => o.x = n,
                    Axis::Y => o.y = n,
                }
            }
            Prop::Text => {
                let text = self.text_value(v);
                self.objects[id.0 as usize].text = Some(text);
            }
            Prop::TextColor => self.objects[id.0 as usize].text_color = want_color(v)?,
        }
        Ok(())
    }

    fn field_at(&self, g: &Game, id: ObjectId, s: StructId, f: u16) -> Res<usize> {
        let o = &self.objects[id.0 as usize];
        let t = &g.types[o.ty.0 as usize];
        match t.struct_offset.get(s.index()).copied().flatten() {
            Some(off) => Ok(off as usize + f as usize),
            None => fail(format!(
                "the Object `{}` ({}) has no {}",
                self.syms.text(o.name),
                t.name,
                g.structs[s.index()].name
            )),
        }
    }

    pub(crate) fn object(&mut self, g: &Game, cx: &Ctx, r: &ObjRef) -> Res<ObjectId> {
        let v = match r {
            ObjRef::This => return cx.this.map_or_else(|| fail("`self` is no Object here"), Ok),
            ObjRef::Other => cx.other,
            ObjRef::Expr(e) => self.eval(g, cx, e)?,
        };
        match v {
            Value::Obj(id) if (id.0 as usize) < self.objects.len() => Ok(id),
            Value::None => fail("no Object here (`other` or an Object variable that was never set)"),
            other => fail(format!("expected an Object, found {}", other.type_name())),
        }
    }

    fn column(&mut self, g: &Game, cx: &Ctx, t: TableId, c: &ColumnRef) -> Res<ColumnId> {
        match c {
            ColumnRef::Fixed(c) => Ok(*c),
            ColumnRef::Dynamic(e) => {
                let v = self.eval(g, cx, e)?;
                let Value::Text(sym) = v else {
                    return fail(format!("a column's name must be a Text, found {}", v.type_name()));
                };
                match g.tables[t.index()].column_index.get(&sym) {
                    Some(&c) => Ok(c),
                    None => fail(format!(
                        "the table `{}` has no column `{}`",
                        g.tables[t.index()].name,
                        self.syms.text(sym)
                    )),
                }
            }
        }
    }

    /// A row by its name or its 0-based number.
    #[inline(always)]
    pub(crate) fn row_index(&self, g: &Game, t: TableId, row: Value) -> Res<usize> {
        let table = &self.tables[t.index()];
        match row {
            Value::Num(n) => {
                // Through i64, whose conversions to and from f64 are one
                // instruction each (usize's are not): a fraction, a NaN, a
                // negative or a too large row all fail one of the two tests.
                let i = n as i64;
                if i as f64 == n && (i as u64) < table.row_count() as u64 {
                    return Ok(i as usize);
                }
            }
            Value::Text(sym) => {
                if let Some(i) = table.find(sym) {
                    return Ok(i);
                }
            }
            _ => {}
        }
        self.no_row(g, t, row)
    }

    #[cold]
    #[inline(never)]
    fn no_row(&self, g: &Game, t: TableId, row: Value) -> Res<usize> {
        let (name, count) = (&g.tables[t.index()].name, self.tables[t.index()].row_count());
        match row {
            Value::Num(n) => {
                let rows = match count {
                    0 => "no rows".to_string(),
                    1 => "1 row, number 0".to_string(),
                    n => format!("{n} rows, numbers 0 to {}", n - 1),
                };
                fail(format!("the table `{name}` has no row number {} (it has {rows})", format_number(n)))
            }
            Value::Text(sym) => fail(format!("the table `{name}` has no row `{}`", self.syms.text(sym))),
            other => fail(format!("a row is named by a Text or numbered by a Number, found {}", other.type_name())),
        }
    }

    /// Any value as text (numbers as a player reads them).
    pub(crate) fn text_value(&mut self, v: Value) -> Sym {
        match v {
            Value::Text(s) => s,
            Value::Num(n) => self.syms.intern(&format_number(n)),
            other => {
                let shown = crate::value::Shown(other, &self.syms).to_string();
                self.syms.intern(&shown)
            }
        }
    }

    /// One more Event or call may begin: the depth is below `MAX_DEPTH`.
    pub(crate) fn check_depth(&self) -> Res<()> {
        if self.depth < MAX_DEPTH {
            return Ok(());
        }
        too_deep()
    }

    /// A value made to fit a declared type, as Set Data Cell and Change Variable do.
    #[inline]
    pub(crate) fn coerce(&mut self, ty: Type, v: Value) -> Res<Value> {
        if ty.holds(v) {
            Ok(v)
        } else {
            self.convert(ty, v)
        }
    }

    #[cold]
    fn convert(&mut self, ty: Type, v: Value) -> Res<Value> {
        Ok(match (ty, v) {
            (ty, v) if ty.holds(v) => v,
            (Type::Text, Value::Num(_) | Value::Bool(_)) => Value::Text(self.text_value(v)),
            (Type::Number, Value::Text(s)) => match self.syms.text(s).trim().parse::<f64>() {
                Ok(n) if n.is_finite() => Value::Num(n),
                _ => return fail(format!("expected a Number, found the Text '{}'", self.syms.text(s))),
            },
            (Type::Boolean, Value::Text(s)) => match parse_bool(self.syms.text(s)) {
                Some(b) => Value::Bool(b),
                None => return fail(format!("expected a Boolean, found the Text '{}'", self.syms.text(s))),
            },
            (Type::Color, Value::Text(s)) => match parse_color(self.syms.text(s)) {
                Some(c) => Value::Color(c),
                None => return fail(format!("expected a Color, found the Text '{}'", self.syms.text(s))),
            },
            (ty, v) => return fail(format!("expected a {}, found {}", ty.name(), v.type_name())),
        })
    }

    /// An expression that must give a Number.
    fn num(&mut self, g: &Game, cx: &Ctx, e: &Expr) -> Res<f64> {
        let v = self.eval(g, cx, e)?;
        want_num(v)
    }

    /// A condition: `&&` does not look at its right side when the left is
    /// false, nor `||` when it is true.
    fn truth(&mut self, g: &Game, cx: &Ctx, e: &Expr) -> Res<bool> {
        match e {
            Expr::And(a, b) => Ok(self.truth(g, cx, a)? && self.truth(g, cx, b)?),
            Expr::Or(a, b) => Ok(self.truth(g, cx, a)? || self.truth(g, cx, b)?),
            _ => {
                let v = self.eval(g, cx, e)?;
                want_bool(v)
            }
        }
    }

    /// Evaluates an expression outside any card (a UI text's hole, the driver's `eval`).
    pub fn eval_loose(&mut self, g: &Game, this: Option<ObjectId>, e: &Expr) -> Res<Value> {
        let cx = Ctx { this, other: Value::None, attachment: None, base: self.stack.len() };
        self.eval(g, &cx, e)
    }

    /// A row that is not there: a fault, or the column's default if the table says so.
    #[cold]
    pub(crate) fn missing_row(&self, g: &Game, t: TableId, r: Value, c: ColumnId, e: Box<Fail>) -> Res<Value> {
        match (g.tables[t.index()].missing_rows, r) {
            (MissingRows::Default, _) | (MissingRows::DefaultForEmptyName, Value::Text(EMPTY)) => {
                Ok(g.tables[t.index()].columns[c.index()].default)
            }
            _ => Err(e),
        }
    }

    /// An expression's value. The tree walker evaluates what the register
    /// machine hands over (`Op::Eval`), UI texts' holes and the driver's
    /// `eval`; cards' hot expressions are ops (`code/`). The `inline`
    /// hint is measured, not reasoned: without it the machine's loop, which
    /// calls this for `Op::Eval`, compiles to 2.6 % more instructions.
    #[inline]
    pub fn eval(&mut self, g: &Game, cx: &Ctx, e: &Expr) -> Res<Value> {
        Ok(match e {
            Expr::Const(v) => *v,
            Expr::Local(slot) => self.stack[cx.base + slot.0 as usize],
            Expr::Global(id) => self.globals[id.index()],
            Expr::Shared(i) => {
                let Some((ty, a)) = cx.attachment else { return fail("a Shared Variable outside a Logic Component") };
                g.types[ty.0 as usize].attachments[a as usize].shared[*i as usize]
            }
            Expr::Object(r) => Value::Obj(self.object(g, cx, r)?),
            Expr::Prop(r, prop) => {
                let id = self.object(g, cx, r)?;
                self.read_prop(g, id, *prop)?
            }
            Expr::Data(t, row, col) => {
                let r = self.eval(g, cx, row)?;
                let c = self.column(g, cx, *t, col)?;
                self.data(g, *t, r, c)?
            }
            Expr::DataRow(t, i) => {
                let i = self.eval(g, cx, i)?;
                let r = self.row_index(g, *t, i)?;
                Value::Text(self.tables[t.index()].rows[r])
            }
            Expr::DataCount(t) => Value::Num(self.tables[t.index()].row_count() as f64),
            Expr::DataFind(t, col, value) => {
                let c = self.column(g, cx, *t, col)?;
                let v = self.eval(g, cx, value)?;
                let v = self.coerce(g.tables[t.index()].columns[c.index()].ty, v).unwrap_or(v);
                let table = &self.tables[t.index()];
                let found = (0..table.row_count()).find(|&r| table.cell(r, c).same(v));
                Value::Num(found.map_or(-1.0, |r| r as f64))
            }
            Expr::Abs(a) => Value::Num(self.num(g, cx, a)?.abs()),
            Expr::Floor(a) => Value::Num(self.num(g, cx, a)?.floor()),
            Expr::Clamp(args) => {
                let x = self.num(g, cx, &args[0])?;
                let lo = self.num(g, cx, &args[1])?;
                let hi = self.num(g, cx, &args[2])?;
                Value::Num(x.max(lo).min(hi))
            }
            Expr::Hypot(args) => {
                let x = self.num(g, cx, &args[0])?;
                let y = self.num(g, cx, &args[1])?;
                Value::Num(x.hypot(y))
            }
            Expr::Unary(UnaryOp::Neg, a) => Value::Num(-self.num(g, cx, a)?),
            Expr::Unary(UnaryOp::Not, a) => Value::Bool(!self.truth(g, cx, a)?),
            Expr::And(..) | Expr::Or(..) => Value::Bool(self.truth(g, cx, e)?),
            Expr::Binary(op, a, b) => {
                let a = self.eval(g, cx, a)?;
                let b = self.eval(g, cx, b)?;
                self.binary(*op, a, b)?
            }
        })
    }

    pub(crate) fn binary(&mut self, op: BinaryOp, a: Value, b: Value) -> Res<Value> {
        use BinaryOp::*;
        Ok(match op {
            Eq => Value::Bool(a.same(b)),
            Ne => Value::Bool(!a.same(b)),
            Add => match (a, b) {
                (Value::Num(x), Value::Num(y)) => Value::Num(x + y),
                (Value::Text(_), _) | (_, Value::Text(_)) => {
                    let joined =
                        format!("{}{}", crate::value::Shown(a, &self.syms), crate::value::Shown(b, &self.syms));
                    Value::Text(self.syms.intern(&joined))
                }
                _ => return fail(format!("cannot add {} and {}", a.type_name(), b.type_name())),
            },
            _ => {
                let (x, y) = match (a, b) {
                    (Value::Num(x), Value::Num(y)) => (x, y),
                    _ => {
                        return fail(format!(
                            "`{}` needs two Numbers, found {} and {}",
                            op.symbol(),
                            a.type_name(),
                            b.type_name()
                        ))
                    }
                };
                match op {
                    Sub => Value::Num(x - y),
                    Mul => Value::Num(x * y),
                    Div if y == 0.0 => return fail("division by zero"),
                    Div => Value::Num(x / y),
                    Rem if y == 0.0 => return fail("remainder of a division by zero"),
                    Rem => Value::Num(x % y),
                    Lt => Value::Bool(x < y),
                    Le => Value::Bool(x <= y),
                    Gt => Value::Bool(x > y),
                    Ge => Value::Bool(x >= y),
                    _ => unreachable!("handled above"),
                }
            }
        })
    }
}

/// The answer type of the Function a Return step belongs to.
fn cx_returns(g: &Game, step: &Step) -> Option<Returns> {
    match g.sites.get(step.site as usize)?.card {
        CardRef::Function(f) => Some(g.functions[f.index()].returns),
        _ => None,
    }
}
