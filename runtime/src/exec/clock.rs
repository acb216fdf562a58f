//! The game's clock as it runs: time moved on by the host (`advance`), in
//! ticks of at most a frame (1/60 s), each moving the tweens and then
//! ringing the timers that are due, each ring an input of its own; and the
//! steps that start and stop timers, start tweens and choose an Event
//! Logic variant.

use super::{fail, want_num, Ctx, Res};
use crate::game::{Game, HandlerMode};
use crate::ids::{CompId, EventId, ObjectId};
use crate::program::{Axis, TimeStep};
use crate::value::format_number;
use crate::world::{ModeChoice, Timer, Tween, World, EPSILON, FRAME};

/// How many times the timers may ring in one tick: past it, the rest wait for the next tick.
const RINGS_PER_TICK: usize = 10_000;

impl World {
    /// Moves the clock on by `seconds` (the window: a frame's real time; the
    /// driver: `wait`), in equal ticks of at most 1/60 s, so that timers and
    /// tweens see the same ticks whoever moves it. Nothing happens for a
    /// time that is not a positive, finite number.
    pub fn advance(&mut self, seconds: f64) {
        if !(seconds.is_finite() && seconds > 0.0) {
            return;
        }
        let ticks = (seconds / FRAME - EPSILON).ceil().max(1.0);
        let dt = seconds / ticks;
        for _ in 0..ticks as u64 {
            self.tick(dt);
        }
    }

    /// Whether anything moves with the clock (a timer or a tween runs): the
    /// window asks for frames while it does.
    pub fn clock_running(&self) -> bool {
        !self.timers.is_empty() || !self.tweens.is_empty()
    }

    /// One tick: the clock moves on by `dt`, every tween takes its place
    /// (one that has reached its end stands on its target, exactly, and is
    /// gone), then each timer due rings, the earliest first (those due at
    /// once in the order they were started): a timer that rings once is
    /// gone before its Event runs; one that repeats is due again `every`
    /// seconds on. A timer started in this tick rings in a later one.
    pub fn tick(&mut self, dt: f64) {
        self.ticks += 1;
        self.time += dt;
        let now = self.time;
        let objects = &mut self.objects;
        self.tweens.retain(|tw| {
            let Some(o) = objects.get_mut(tw.object.0 as usize).filter(|o| o.alive) else { return false };
            let done = tw.duration <= 0.0 || now + EPSILON >= tw.start + tw.duration;
            let v = if done {
                tw.to
            } else {
                let share = tw.ease.share_at((now - tw.start) / tw.duration);
                (tw.from as f64 + (tw.to as f64 - tw.from as f64) * share) as f32
            };
            if tw.y {
                o.y = v;
            } else {
                o.x = v;
            }
            !done
        });
        for _ in 0..RINGS_PER_TICK {
            let tick = self.ticks;
            let now = self.time;
            let mut next: Option<usize> = None;
            for (i, t) in self.timers.iter().enumerate() {
                if t.armed < tick && t.due <= now + EPSILON && next.is_none_or(|n| t.due < self.timers[n].due) {
                    next = Some(i);
                }
            }
            let Some(i) = next else { break };
            let t = self.timers[i];
            if t.once {
                self.timers.remove(i);
            } else {
                let timer = &mut self.timers[i];
                timer.due = if t.due + t.every <= now + EPSILON { now + t.every } else { t.due + t.every };
                timer.armed = tick;
            }
            let alive = self.objects.get(t.object.0 as usize).is_some_and(|o| o.alive);
            if let (Some(event), true) = (t.event, alive) {
                self.input(|w, g| w.dispatch(g, event, Some(t.object), Some(t.object)));
            }
        }
    }

    /// A step of the clock or of Event Logic variants, for the machine and the tree walker alike.
    pub(crate) fn time_step(&mut self, g: &Game, cx: &Ctx, step: &TimeStep) -> Res<()> {
        match step {
            TimeStep::StartTimer { name, event, every, once, object } => {
                let object = self.object(g, cx, object)?;
                let every = want_num(self.eval(g, cx, every)?)?;
                if !every.is_finite() || every < 0.0 || (every == 0.0 && !once) {
                    let what = if *once { "from 0 up" } else { "above 0 (a timer that repeats)" };
                    return fail(format!(
                        "the timer `{}` needs a time in seconds {what}, found {}",
                        self.syms.text(*name),
                        format_number(every)
                    ));
                }
                let timer = Timer {
                    object,
                    name: *name,
                    event: *event,
                    every,
                    due: self.time + every,
                    once: *once,
                    armed: self.ticks,
                };
                match self.timers.iter_mut().find(|t| t.object == object && t.name == *name) {
                    Some(t) => *t = timer,
                    None => self.timers.push(timer),
                }
            }
            TimeStep::StopTimer { name, object } => {
                let object = self.object(g, cx, object)?;
                self.timers.retain(|t| !(t.object == object && t.name == *name));
            }
            TimeStep::Tween { object, axis, target, duration, ease } => {
                let object = self.object(g, cx, object)?;
                let to = want_num(self.eval(g, cx, target)?)?;
                let duration = want_num(self.eval(g, cx, duration)?)?;
                if !to.is_finite() || !duration.is_finite() || duration < 0.0 {
                    return fail(format!(
                        "a tween needs a target and a duration from 0 up, found {} and {}",
                        format_number(to),
                        format_number(duration)
                    ));
                }
                let y = *axis == Axis::Y;
                let o = &mut self.objects[object.0 as usize];
                let from = if y { o.y } else { o.x };
                let tween = Tween { object, y, from, to: to as f32, start: self.time, duration, ease: *ease };
                if duration == 0.0 {
                    if y {
                        o.y = to as f32;
                    } else {
                        o.x = to as f32;
                    }
                    self.tweens.retain(|t| !(t.object == object && t.y == y));
                    return Ok(());
                }
                match self.tweens.iter_mut().find(|t| t.object == object && t.y == y) {
                    Some(t) => *t = tween,
                    None => self.tweens.push(tween),
                }
            }
            TimeStep::Mode { component, event, mode, object } => {
                let object = self.object(g, cx, object)?;
                let o = &self.objects[object.0 as usize];
                if !g.types[o.ty.0 as usize].attachments.iter().any(|a| a.component == *component) {
                    return fail(format!(
                        "the Object `{}` ({}) has no Logic Component `{}`",
                        self.syms.text(o.name),
                        g.types[o.ty.0 as usize].name,
                        g.components[component.index()].name
                    ));
                }
                let choice = ModeChoice { object, component: *component, event: *event, mode: *mode };
                match self
                    .modes
                    .iter_mut()
                    .find(|m| m.object == object && m.component == *component && m.event == *event)
                {
                    Some(m) => *m = choice,
                    None => self.modes.push(choice),
                }
            }
        }
        Ok(())
    }

    /// Whether an Event Logic variant of an Object's Logic Component runs
    /// now: the one chosen, or, while none is, the first written.
    #[inline]
    pub(crate) fn mode_on(&self, object: ObjectId, component: CompId, event: EventId, mode: HandlerMode) -> bool {
        match self.modes.iter().find(|m| m.object == object && m.component == component && m.event == event) {
            Some(m) => m.mode == mode.name,
            None => mode.first,
        }
    }
}
