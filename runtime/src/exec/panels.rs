//! The steps of menus and looks that are not a single field's change:
//! switching a Logic Component of an Object off and on, asking for a row
//! without adding it, placing an Object, and showing another picture, or
//! the same scaled. Each is a rare step, run by `step_rare` for the machine
//! and the tree walker alike.

use super::{fail, want_num, Res};
use crate::game::{Game, Layer};
use crate::ids::{CompId, ObjectId, TableId};
use crate::program::ScaleAxes;
use crate::value::{format_number, Shown, Value};
use crate::world::World;

impl World {
    /// `logic component: C, state: disable|enable, applies to: O`
    pub(crate) fn switch_component(&mut self, g: &Game, id: ObjectId, comp: CompId, on: bool) -> Res<()> {
        let o = &self.objects[id.0 as usize];
        let t = &g.types[o.ty.0 as usize];
        if !t.attachments.iter().any(|a| a.component == comp) {
            return fail(format!(
                "the Object `{}` ({}) has no Logic Component `{}`",
                self.syms.text(o.name),
                t.name,
                g.components[comp.index()].name
            ));
        }
        let at = self.disabled.iter().position(|&d| d == (id, comp));
        match (on, at) {
            (true, Some(i)) => {
                self.disabled.swap_remove(i);
            }
            (false, None) => self.disabled.push((id, comp)),
            _ => {}
        }
        Ok(())
    }

    /// Whether an Object's Logic Component is switched off.
    pub fn is_disabled(&self, id: ObjectId, comp: CompId) -> bool {
        self.disabled.contains(&(id, comp))
    }

    /// `has row: T, row: R`: whether T has a row named R (a Number names
    /// the row written as a player reads it, as Control Data Row names it).
    /// Adds nothing, not even a text.
    pub(crate) fn has_row(&self, table: TableId, row: Value) -> bool {
        let name = match row {
            Value::Text(s) => Some(s),
            other => self.syms.get(&Shown(other, &self.syms).to_string()),
        };
        name.is_some_and(|n| self.tables[table.index()].find(n).is_some())
    }

    /// `set position: O, x: X, y: Y`: meters in the world layer, pixels
    /// from the bottom-left on the screen layer. It ends the Object's tweens.
    pub(crate) fn set_position(&mut self, id: ObjectId, x: f64, y: f64) -> Res<()> {
        if !self.tweens.is_empty() {
            self.tweens.retain(|t| t.object != id);
        }
        let o = &mut self.objects[id.0 as usize];
        (o.x, o.y) = (x as f32, y as f32);
        Ok(())
    }

    /// `set position: O, ..., relative to: screen`: X and Y are screen
    /// pixels right of and above the middle of the screen, whatever the
    /// Object's layer (meters in the world layer, as pixels per meter says).
    pub(crate) fn set_position_on_screen(&mut self, g: &Game, id: ObjectId, x: f64, y: f64) -> Res<()> {
        let (x, y) = (g.screen.0 as f64 / 2.0 + x, g.screen.1 as f64 / 2.0 + y);
        match g.types[self.objects[id.0 as usize].ty.0 as usize].layer {
            Layer::Screen => self.set_position(id, x, y),
            Layer::World => {
                let ppm = g.pixels_per_meter as f64;
                self.set_position(id, x / ppm, y / ppm)
            }
        }
    }

    /// `set sprite: PICTURE`: the sprite shows another PNG of art/, named by
    /// its path (`art/board-slate.png`), at the same size on screen and with
    /// the same frame count; it shows frame 0.
    pub(crate) fn set_picture(&mut self, g: &Game, id: ObjectId, picture: Value) -> Res<()> {
        let Value::Text(sym) = picture else {
            return fail(format!("Set Sprite needs a Text naming a picture of art/, found {}", picture.type_name()));
        };
        let o = &self.objects[id.0 as usize];
        let Some(own) = g.types[o.ty.0 as usize].sprite.as_ref().map(|s| s.image) else {
            return fail("Set Sprite on an Object that has no sprite");
        };
        let Some(&image) = g.pictures.get(&sym) else {
            return fail(format!(
                "`{}` is no picture of the content's art/ folder (a PNG named by its path, as `art/board.png`)",
                self.syms.text(sym)
            ));
        };
        let o = &mut self.objects[id.0 as usize];
        o.image = (image != own).then_some(image);
        o.frame = 0;
        Ok(())
    }

    /// `set horizontal scale`, `set vertical scale`, `set scale`: 1 is the
    /// sprite's own size; the sprite is scaled about its centre.
    pub(crate) fn set_scale(&mut self, g: &Game, id: ObjectId, axes: ScaleAxes, v: Value) -> Res<()> {
        let n = want_num(v)?;
        if !(n.is_finite() && n >= 0.0) {
            return fail(format!("a sprite's scale is a Number from 0 up, found {}", format_number(n)));
        }
        let o = &mut self.objects[id.0 as usize];
        if g.types[o.ty.0 as usize].sprite.is_none() {
            return fail("Set Scale on an Object that has no sprite");
        }
        let n = n as f32;
        match axes {
            ScaleAxes::Horizontal => o.scale_x = n,
            ScaleAxes::Vertical => o.scale_y = n,
            ScaleAxes::Both => (o.scale_x, o.scale_y) = (n, n),
        }
        Ok(())
    }
}
