//! The steps that reach outside the World: Persistent Values (`load value`,
//! `save value`) and saved games (`save game`, `load game`, `has saved
//! game`, `forget saved game`), and the load a `load game` asks for, made
//! once the input that asked has finished, then `load:succeeded` or
//! `load:failed` sent to every listener. The driver's `save` and `load` go
//! through the same code.

use super::{fail, Ctx, Res};
use crate::game::Game;
use crate::ids::EventId;
use crate::program::{Expr, Slot};
use crate::save::Kept;
use crate::value::{parse_color, Type, Value};
use crate::world::{Fault, World};

/// How many loads one input may set off, each asked for by a listener of
/// the load before (`load:succeeded` that loads again ...): past it, a fault.
pub const MAX_LOADS: u32 = 16;

/// How many bytes of a Text made one byte of the kept values' file weighs
/// in the step budget (`World::spend_bytes`): the file is made as YAML, at
/// some 10 ns a byte, about 30 times a Text's copy. A game's settings, a
/// few hundred bytes, cost a few thousand steps a `save value`.
const KEPT_BYTE_WEIGHT: usize = 32;

impl World {
    /// `load value: KEY, default: V, action name: N`
    pub(crate) fn load_value(
        &mut self,
        g: &Game,
        cx: &Ctx,
        key: &str,
        default: &Expr,
        ty: Type,
        answer: Option<Slot>,
    ) -> Res<()> {
        let default = self.eval(g, cx, default)?;
        let default = self.coerce(ty, default)?;
        // A kept value that cannot be of the default's type is not there.
        let value = self.store.value(key).and_then(|kept| self.kept_as(&kept, ty).ok()).unwrap_or(default);
        if let Some(slot) = answer {
            self.stack[cx.base + slot.0 as usize] = value;
        }
        Ok(())
    }

    /// A kept value as a value of `ty`, as `load value` reads it; Err says
    /// why it cannot be one (then `load value` answers its default).
    pub fn kept_as(&mut self, kept: &Kept, ty: Type) -> Result<Value, String> {
        let v = match kept {
            Kept::Number(n) => Value::Num(*n),
            Kept::Text(s) => Value::Text(self.syms.intern(s)),
            Kept::Boolean(b) => Value::Bool(*b),
            Kept::Color(c) => Value::Color(parse_color(c).ok_or_else(|| format!("`{c}` is not a color"))?),
        };
        self.coerce(ty, v).map_err(|f| f.message)
    }

    /// `save value: KEY, value: V, action name: N`
    pub(crate) fn save_value(&mut self, g: &Game, cx: &Ctx, key: &str, value: &Expr, answer: Option<Slot>) -> Res<()> {
        let kept = match self.eval(g, cx, value)? {
            Value::Num(n) => Kept::Number(n),
            Value::Text(s) => Kept::Text(self.syms.text(s).to_string()),
            Value::Bool(b) => Kept::Boolean(b),
            Value::Color(c) => Kept::Color(format!("#{c:08X}")),
            other => {
                return fail(format!(
                    "{} cannot be kept on the computer; keep a Number, a Text, a Boolean or a Color",
                    other.type_name()
                ))
            }
        };
        let written = match self.store.set_value(key, kept) {
            Ok(size) => {
                // Each `save value` writes every kept value: its time is their size.
                self.spend_bytes(size.saturating_mul(KEPT_BYTE_WEIGHT))?;
                true
            }
            Err(why) => {
                self.notices.push(format!("A setting could not be kept on this computer ({why})."));
                false
            }
        };
        self.answer_to(cx, answer, written);
        Ok(())
    }

    /// A step's Boolean answer (`N.value`), when it names one.
    pub(crate) fn answer_to(&mut self, cx: &Ctx, answer: Option<Slot>, yes: bool) {
        if let Some(slot) = answer {
            self.stack[cx.base + slot.0 as usize] = Value::Bool(yes);
        }
    }

    /// `load game: SLOT`: the load waits for the input to finish. Whether it
    /// was started: not when another load already waits (the first asked is made).
    pub(crate) fn ask_load(&mut self, slot: &str) -> bool {
        if self.pending_load.is_some() {
            return false;
        }
        self.pending_load = Some(slot.into());
        true
    }

    /// `forget saved game: SLOT`; a file that cannot be removed is told as a notice.
    pub(crate) fn forget_saved_game(&mut self, slot: &str) {
        if let Err(notice) = self.store.forget_slot(slot) {
            self.notices.push(notice);
        }
    }

    /// Loads a slot's save now, as a `load game` step does once its input has
    /// finished: the World becomes the saved one and `load:succeeded` runs;
    /// or, when the slot is empty or its file cannot be read or does not fit
    /// the game, the World stays as it is and `load:failed` runs. Err says
    /// why the load failed. (The driver's `load`.)
    pub fn load_game(&mut self, slot: &str) -> Result<(), String> {
        if self.pending_load.is_some() {
            return Err("another load is waiting".into());
        }
        self.pending_load = Some(slot.into());
        self.settle().unwrap_or_else(|| Err("no load was made".into()))
    }

    /// Makes what an input asked for, once no input runs: a restart a card
    /// asked for (`restart game`), then a load, and sends the load's Event;
    /// then any load a listener of that Event asked for, and so on, up to
    /// `MAX_LOADS`. The first load's outcome, if there was one.
    pub(crate) fn settle(&mut self) -> Option<Result<(), String>> {
        if self.holding > 0 {
            return None;
        }
        if self.restart_asked {
            self.restart();
        }
        self.pending_load.as_ref()?;
        self.holding += 1;
        let mut first = None;
        let mut loads = 0;
        while let Some(slot) = self.pending_load.take() {
            loads += 1;
            if loads > MAX_LOADS {
                self.keep_fault(Fault {
                    card: "load game".into(),
                    step: 0,
                    file: Default::default(),
                    line: 0,
                    message: format!(
                        "more than {MAX_LOADS} loads, each asked for by a listener of the one before; the load of \
                         `{slot}` was not made"
                    ),
                });
                break;
            }
            let outcome = self.saved_game(&slot).map(|world| self.take_over(world));
            let event = if outcome.is_ok() { EventId::LOAD_SUCCEEDED } else { EventId::LOAD_FAILED };
            first.get_or_insert(outcome);
            self.input(|w, g| w.dispatch(g, event, None, None));
        }
        self.holding -= 1;
        first
    }
}
