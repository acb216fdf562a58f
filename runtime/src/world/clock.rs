//! The game's clock: the timers and tweens running, and the Event Logic
//! variants chosen. Time moves only when the host says so (`exec`'s
//! `World::advance`: the window each frame, the driver's `wait`).

use crate::ids::{CompId, Ease, EventId, ObjectId};
use crate::value::Sym;

/// A named timer of one Object (`start timer: NAME`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timer {
    pub object: ObjectId,
    pub name: Sym,
    /// The Event it rings (`when: timer NAME`), when a card listens to it.
    pub event: Option<EventId>,
    /// Seconds between rings (`repeat every`).
    pub every: f64,
    /// When it rings next, in the World's seconds.
    pub due: f64,
    /// It rings once and is gone (`ring once: true`).
    pub once: bool,
    /// The tick it was started or last rang in: it rings again only in a later one.
    pub armed: u64,
}

/// A tween of one Object's position along one axis (`tween:`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tween {
    pub object: ObjectId,
    /// Along y (else x).
    pub y: bool,
    pub from: f32,
    pub to: f32,
    /// When it started, in the World's seconds.
    pub start: f64,
    pub duration: f64,
    pub ease: Ease,
}

/// An Event Logic variant chosen for one Object's Logic Component's handlers of one Event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ModeChoice {
    pub object: ObjectId,
    pub component: CompId,
    pub event: EventId,
    pub mode: Sym,
}

/// A time that counts as reached: the clock adds frames of 1/60 s, which a
/// sum of floats may miss by a hair.
pub const EPSILON: f64 = 1e-9;

/// The longest step the clock takes: one frame at 60 frames a second.
pub const FRAME: f64 = 1.0 / 60.0;

impl super::World {
    /// Whether the system asks for less motion: kept in the World (across a
    /// restart and a load) and shown to the cards as `$prefersReducedMotion`.
    pub fn set_reduced_motion(&mut self, on: bool) {
        self.reduced_motion = on;
        if let Some(&g) = self.game.names.globals.get(crate::game::REDUCED_MOTION) {
            if let Some(v) = self.globals.get_mut(g.index()) {
                *v = crate::value::Value::Bool(on);
            }
        }
    }
}

impl super::World {
    pub(super) fn saved_timer(&self, t: &Timer) -> crate::save::SavedTimer {
        crate::save::SavedTimer {
            object: t.object.0 as usize,
            name: self.syms.text(t.name).to_string(),
            every: t.every,
            due: t.due,
            once: t.once,
        }
    }

    pub(super) fn saved_tween(&self, t: &Tween) -> crate::save::SavedTween {
        crate::save::SavedTween {
            object: t.object.0 as usize,
            axis: if t.y { "y" } else { "x" }.into(),
            from: t.from,
            to: t.to,
            start: t.start,
            duration: t.duration,
            ease: t.ease.name().into(),
        }
    }

    pub(super) fn saved_mode(&self, m: &ModeChoice) -> crate::save::SavedMode {
        let game = &self.game;
        crate::save::SavedMode {
            object: m.object.0 as usize,
            component: game.components.get(m.component.index()).map_or(String::new(), |c| c.name.clone()),
            event: game.events.get(m.event.index()).map_or(String::new(), |e| e.name.clone()),
            mode: self.syms.text(m.mode).to_string(),
        }
    }

    /// The timers, tweens and Event Logic variants a save holds (its Objects
    /// made already); Err says, in words, what no longer fits the game.
    pub(super) fn restore_clock(&mut self, s: &crate::save::SavedWorld) -> Result<(), String> {
        let object = |w: &Self, i: usize, what: &str| {
            if i < w.objects.len() {
                Ok(ObjectId(i as u32))
            } else {
                Err(format!("{what} is of the Object number {}, which the save does not hold", i + 1))
            }
        };
        for t in &s.timers {
            let what = format!("the timer `{}`", t.name);
            let o = object(self, t.object, &what)?;
            if !(t.every.is_finite() && t.every >= 0.0 && t.due.is_finite()) || (!t.once && t.every == 0.0) {
                return Err(format!("{what} has no time it can ring at"));
            }
            let event = self.game.names.events.get(&format!("timer {}", t.name)).copied();
            let name = self.syms.intern(&t.name);
            self.timers.push(Timer { object: o, name, event, every: t.every, due: t.due, once: t.once, armed: 0 });
        }
        for t in &s.tweens {
            let o = object(self, t.object, "a tween")?;
            let (Some(ease), true) = (Ease::named(&t.ease), t.axis == "x" || t.axis == "y") else {
                return Err(format!(
                    "a tween along `{}` with the ease `{}` is not one this engine makes",
                    t.axis, t.ease
                ));
            };
            if !(t.duration.is_finite() && t.duration >= 0.0 && t.start.is_finite()) {
                return Err("a tween has no duration it can run for".into());
            }
            let y = t.axis == "y";
            self.tweens.push(Tween {
                object: o,
                y,
                from: t.from,
                to: t.to,
                start: t.start,
                duration: t.duration,
                ease,
            });
        }
        for m in &s.modes {
            let o = object(self, m.object, "an Event Logic variant")?;
            let (Some(&component), Some(&event)) =
                (self.game.names.components.get(&m.component), self.game.names.events.get(&m.event))
            else {
                return Err(format!("the Event Logic variant `{}` of `{}` ({}) is gone", m.mode, m.event, m.component));
            };
            let game = self.game.clone();
            let known = game.components[component.index()]
                .handlers
                .iter()
                .any(|h| h.event == event && h.mode.is_some_and(|hm| game.syms.text(hm.name) == m.mode));
            if !known {
                return Err(format!("the Event Logic variant `{}` of `{}` ({}) is gone", m.mode, m.event, m.component));
            }
            let mode = self.syms.intern(&m.mode);
            self.modes.push(ModeChoice { object: o, component, event, mode });
        }
        Ok(())
    }
}
