//! Draw Events: every frame, each shown Object's `When Drawn` handlers run,
//! and their Draw actions (`set draw color`, `draw line`) record lines in
//! the World (`World::draws`), which `present` puts in the frame's draw
//! list. The lines' storage is kept from frame to frame.

use super::{fail, want_num, Ctx, Res};
use crate::game::Game;
use crate::ids::{EventId, ObjectId};
use crate::program::DrawStep;
use crate::value::{parse_color, Value};
use crate::world::{Line, World, MAX_LINES};

impl World {
    /// Runs the Draw Events of one frame: the `When Drawn` handlers of every
    /// shown Object (alive, visible, its UI Group shown), in the order the
    /// Objects were made, each an input of its own (its own step budget; a
    /// fault is kept and the next Object draws). The lines drawn replace
    /// the last frame's.
    pub fn run_draw_events(&mut self) {
        self.draws.lines.clear();
        self.draws.frames += 1;
        let listeners = self.listeners[EventId::DRAWN.index()].len();
        let mut last = None;
        for i in 0..listeners {
            let Some(l) = self.listeners[EventId::DRAWN.index()].get(i).copied() else { break };
            // An Object's handlers stand together: its Event runs once for all of them.
            if last == Some(l.object) || !self.shown(&self.objects[l.object.0 as usize]) {
                continue;
            }
            last = Some(l.object);
            self.draws.color = 0xFFFF_FFFF;
            self.draws.open = true;
            self.input(|w, g| w.dispatch(g, EventId::DRAWN, Some(l.object), Some(l.object)));
            self.draws.open = false;
        }
    }

    pub(crate) fn draw_step(&mut self, g: &Game, cx: &Ctx, step: &DrawStep) -> Res<()> {
        if !self.draws.open {
            return fail("a Draw action runs only in a Draw Event (`when: When Drawn`), as a frame is drawn");
        }
        match step {
            DrawStep::Color(e) => {
                self.draws.color = match self.eval(g, cx, e)? {
                    Value::Color(c) => c,
                    Value::Text(s) => match parse_color(self.syms.text(s)) {
                        Some(c) => c,
                        None => return fail(format!("`{}` is no color (#RRGGBB or #RRGGBBAA)", self.syms.text(s))),
                    },
                    v => return fail(format!("the draw color must be a Color, found {}", v.type_name())),
                };
            }
            DrawStep::Line { ends, width } => {
                let mut at = [0.0f32; 4];
                for (k, e) in ends.iter().enumerate() {
                    at[k] = want_num(self.eval(g, cx, e)?)? as f32;
                }
                let width = want_num(self.eval(g, cx, width)?)? as f32;
                if !(at.iter().all(|v| v.is_finite()) && width.is_finite() && width >= 0.0) {
                    return fail(format!(
                        "a line needs finite ends and a width from 0 up, found ({}, {}) to ({}, {}), width {}",
                        at[0], at[1], at[2], at[3], width
                    ));
                }
                if self.draws.lines.len() >= MAX_LINES {
                    return fail(format!("more than {MAX_LINES} lines in one frame"));
                }
                let object = cx.this.unwrap_or(ObjectId(0));
                self.draws.lines.push(Line { object, ends: at, width, color: self.draws.color });
            }
        }
        Ok(())
    }
}
