//! What one frame shows, as a list in drawing order: built from the World
//! alone, so the window draws it and a benchmark can build it without a GPU.

use crate::game::{Align, Layer};
use crate::ids::ImageId;
use crate::ids::ObjectId;
use crate::world::World;

#[derive(Clone, Debug, PartialEq)]
pub enum DrawKind {
    /// A frame of a sprite sheet; `rect` is where it goes.
    Sprite {
        image: ImageId,
        frame: u32,
        frames: u32,
    },
    Text {
        text: String,
        size: f32,
        bold: bool,
        align: Align,
    },
}

/// One thing to draw, in game-screen pixels with the origin at the top-left
/// (as screens count), colors as RGBA 0..1.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawItem {
    pub object: ObjectId,
    pub depth: f32,
    /// For a sprite the rectangle (x, y, w, h); for a text the anchor point in x, y.
    pub rect: (f32, f32, f32, f32),
    pub color: [f32; 4],
    pub kind: DrawKind,
}

pub fn rgba(color: u32, alpha: f32) -> [f32; 4] {
    let c = |shift: u32| ((color >> shift) & 0xFF) as f32 / 255.0;
    [c(24), c(16), c(8), c(0) * alpha]
}

/// Everything visible, lowest depth first; at equal depth, in the order the Objects were made.
pub fn draw_list(world: &mut World, out: &mut Vec<DrawItem>) {
    out.clear();
    let game = world.game.clone();
    let (_, screen_h) = game.screen;
    let ppm = game.pixels_per_meter;
    for i in 0..world.objects.len() {
        let id = ObjectId(i as u32);
        let o = &world.objects[i];
        if !world.shown(o) {
            continue;
        }
        let t = &game.types[o.ty.0 as usize];
        let scale = if t.layer == Layer::World { ppm } else { 1.0 };
        let (px, py) = (o.x * scale, screen_h - o.y * scale);
        if let Some(s) = &t.sprite {
            if o.alpha > 0.0 {
                // Scaled about its centre (Set Scale); its own picture unless Set Sprite changed it.
                let (w, h) = (s.size.0 * scale * o.scale_x, s.size.1 * scale * o.scale_y);
                out.push(DrawItem {
                    object: id,
                    depth: s.depth,
                    rect: (px - w / 2.0, py - h / 2.0, w, h),
                    color: rgba(o.tint, o.alpha),
                    kind: DrawKind::Sprite { image: o.image.unwrap_or(s.image), frame: o.frame, frames: s.frames },
                });
            }
        }
        if let Some(td) = &t.text {
            let color = rgba(o.text_color, 1.0);
            let (size, bold, align, depth) = (td.size * scale, td.bold, td.align, td.depth);
            let (x, y) = (px + td.offset.0 * scale, py - td.offset.1 * scale);
            let text = world.text_of(id);
            if !text.is_empty() {
                out.push(DrawItem {
                    object: id,
                    depth,
                    rect: (x, y, 0.0, 0.0),
                    color,
                    kind: DrawKind::Text { text, size, bold, align },
                });
            }
        }
    }
    out.sort_by(|a, b| a.depth.total_cmp(&b.depth).then(a.object.cmp(&b.object)));
}
