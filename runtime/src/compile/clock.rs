//! The steps of the game's clock (timers, tweens) and the switch between
//! Event Logic variants, from their YAML fields to [`TimeStep`]s.

use super::cx::Cx;
use crate::ids::Ease;
use crate::program::{Expr, ObjRef, Prop, StepKind, TimeStep};
use crate::source::yaml::Fields;
use crate::value::{parse_bool, Sym, Type};

impl<'a> Cx<'a> {
    /// A timer's name: a text written bare or in quotes, as the book writes
    /// it (`"answerWait"`): letters, digits, spaces, `_`, `-` and `.`.
    fn timer_name(&mut self, f: &Fields, key: &str, what: &str) -> Option<(Sym, String)> {
        let (name, pos) = f.text(key, what, self.d)?;
        let text = name.as_str().trim();
        let bare = text.strip_prefix('"').and_then(|t| t.strip_suffix('"')).unwrap_or(text);
        let bare = bare.strip_prefix('\'').and_then(|t| t.strip_suffix('\'')).unwrap_or(bare).trim();
        let fine = !bare.is_empty() && bare.chars().all(|c| c.is_alphanumeric() || " _-.".contains(c));
        if !fine {
            self.err(
                pos,
                format!("`{text}` is no timer name; a timer is named by letters, digits, spaces, `_`, `-` or `.`"),
            );
            return None;
        }
        Some((self.syms.intern(bare), bare.to_string()))
    }

    /// `start timer: NAME`, `repeat every: S`, `ring once: true|false` (false
    /// when left out), `applies to: OBJECT` (self when left out).
    pub(super) fn start_timer(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["start timer", "repeat every", "ring once", "applies to"], "a Start Timer step", self.d);
        let name = self.timer_name(f, "start timer", "a Start Timer step");
        let every = self.expr_field(f, "repeat every");
        if let Some(e) = &every {
            let pos = f.opt_text("repeat every", self.d).map_or(f.pos, |(_, p)| p);
            self.check_fits(e, Type::Number, pos, "`repeat every`");
        }
        let once = match f.opt_text("ring once", self.d) {
            None => Some(false),
            Some((v, pos)) => {
                let b = parse_bool(v.as_str().trim());
                if b.is_none() {
                    self.err(pos, format!("`ring once` must be true or false (yes or no), found `{}`", v.as_str()));
                }
                b
            }
        };
        let object = self.applies_to(f);
        let (name, text) = name?;
        let event = self.game.names.events.get(&format!("timer {text}")).copied();
        let object = object?.unwrap_or(ObjRef::This);
        Some(StepKind::Time(Box::new(TimeStep::StartTimer { name, event, every: every?, once: once?, object })))
    }

    /// `stop timer: NAME`, `applies to: OBJECT` (self when left out).
    pub(super) fn stop_timer(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["stop timer", "applies to"], "a Stop Timer step", self.d);
        let name = self.timer_name(f, "stop timer", "a Stop Timer step");
        let object = self.applies_to(f);
        let object = object?.unwrap_or(ObjRef::This);
        Some(StepKind::Time(Box::new(TimeStep::StopTimer { name: name?.0, object })))
    }

    /// `tween: OBJECT.transform.position.x` (or `.y`), `target: V`,
    /// `duration: S`, `ease: Sine In Out` (Linear when left out).
    pub(super) fn tween(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["tween", "target", "duration", "ease"], "a Tween step", self.d);
        let moved = f.text("tween", "a Tween step", self.d).and_then(|(path, pos)| {
            let ast = self.parse(path.as_str(), pos)?;
            match self.expr(&ast, path.as_str(), pos)? {
                Expr::Prop(o, Prop::Position(axis)) => Some((o, axis)),
                _ => {
                    self.err(
                        pos,
                        format!(
                            "`{}` cannot be tweened; a tween moves an Object's position: self.transform.position.x \
                             or .y (or another Object's)",
                            path.as_str()
                        ),
                    );
                    None
                }
            }
        });
        let target = self.expr_field(f, "target");
        let duration = self.expr_field(f, "duration");
        for (key, e) in [("target", &target), ("duration", &duration)] {
            if let Some(e) = e {
                let pos = f.opt_text(key, self.d).map_or(f.pos, |(_, p)| p);
                self.check_fits(e, Type::Number, pos, &format!("`{key}`"));
            }
        }
        let ease = match f.opt_text("ease", self.d) {
            None => Some(Ease::Linear),
            Some((v, pos)) => {
                let e = Ease::named(v.as_str());
                if e.is_none() {
                    let known: Vec<&str> = Ease::ALL.iter().map(|(_, n)| *n).collect();
                    self.err(pos, format!("unknown ease `{}`; expected one of: {}", v.as_str(), known.join(", ")));
                }
                e
            }
        };
        let (object, axis) = moved?;
        Some(StepKind::Time(Box::new(TimeStep::Tween {
            object,
            axis,
            target: target?,
            duration: duration?,
            ease: ease?,
        })))
    }

    /// `event: EVENT`, `mode: MODE`, `applies to: OBJECT` (self when left
    /// out): in a Logic Component card, one of its own Event Logic variants
    /// of EVENT (`- when: EVENT` with `mode: MODE`).
    pub(super) fn event_mode(&mut self, f: &Fields) -> Option<StepKind> {
        f.only(&["event", "mode", "applies to"], "an Event Logic step", self.d);
        let (name, pos) = f.text("event", "an Event Logic step", self.d)?;
        let (mode, mode_pos) = f.text("mode", "an Event Logic step", self.d)?;
        let object = self.applies_to(f);
        let Some(component) = self.component else {
            self.err(pos, "an Event Logic step switches the variants of its own Logic Component's handlers; it belongs in a Logic Component card");
            return None;
        };
        let name = name.as_str().trim();
        let Some(&event) = self.game.names.events.get(name) else {
            self.err(pos, format!("unknown Event `{name}`"));
            return None;
        };
        let comp = &self.game.components[component.index()];
        let modes: Vec<&str> = comp
            .handlers
            .iter()
            .filter(|h| h.event == event)
            .filter_map(|h| h.mode.map(|m| self.syms.text(m.name)))
            .collect();
        let wanted = mode.as_str().trim();
        if !modes.contains(&wanted) {
            let message = if modes.is_empty() {
                format!("`{}` has no Event Logic variants of `{name}` (an Event with `mode: {wanted}`)", comp.name)
            } else {
                format!("`{}` has no variant `{wanted}` of `{name}`; it has: {}", comp.name, modes.join(", "))
            };
            self.err(mode_pos, message);
            return None;
        }
        let mode = self.syms.intern(wanted);
        let object = object?.unwrap_or(ObjRef::This);
        Some(StepKind::Time(Box::new(TimeStep::Mode { component, event, mode, object })))
    }
}
