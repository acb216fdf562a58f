//! What one frame shows, as a list in drawing order: built from the World
//! alone, so the window draws it and a benchmark can build it without a GPU.

use crate::game::{Align, Layer};
use crate::ids::ImageId;
use crate::ids::ObjectId;
use crate::world::World;

#[derive(Clone, Debug, PartialEq)]
pub enum DrawKind {
    /// A frame of a sprite sheet; `rect` is where it goes.
    Sprite { image: ImageId, frame: u32, frames: u32 },
    Text {
        text: String,
        size: f32,
        bold: bool,
        align: Align,
        /// The box (width, height, in pixels) the text wraps in, centred on
        /// `rect`'s x, y; lines break between words and at each line break
        /// of the text, and a text too long for the box is drawn smaller
        /// ([`wrap_in_box`]).
        wrap: Option<(f32, f32)>,
    },
    /// A line a Draw Event drew, from `rect`'s (x, y) to (w, h) read as
    /// the other end (x2, y2), this thick (pixels).
    Line { width: f32 },
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

/// The depth of the lines of an Object with no sprite: over the pictures of
/// depth below 20 (a board and its pieces), under the buttons and panels.
pub const LINE_DEPTH: f32 = 20.0;

/// The ring round the button Tab walked to: its colour (RGBA) and width in pixels.
pub const FOCUS_RING: u32 = 0x2F6FEBFF;
pub const FOCUS_RING_WIDTH: f32 = 4.0;

/// How much of a button turned off shows (its alpha, times this).
pub const DIMMED: f32 = 0.4;

pub fn rgba(color: u32, alpha: f32) -> [f32; 4] {
    let c = |shift: u32| ((color >> shift) & 0xFF) as f32 / 255.0;
    [c(24), c(16), c(8), c(0) * alpha]
}

/// Everything visible, lowest depth first; at equal depth, in the order the
/// Objects were made. The frame's Draw Events run first (their lines are
/// drawn at the depth of their Object's sprite, or [`LINE_DEPTH`]).
pub fn draw_list(world: &mut World, out: &mut Vec<DrawItem>) {
    out.clear();
    world.run_draw_events();
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
        // A button turned off is drawn dimmed.
        let dim = if o.button_off { DIMMED } else { 1.0 };
        if let Some(s) = &t.sprite {
            if o.alpha > 0.0 {
                // Scaled about its centre (Set Scale); its own picture unless Set Sprite changed it.
                let (w, h) = (s.size.0 * scale * o.scale_x, s.size.1 * scale * o.scale_y);
                out.push(DrawItem {
                    object: id,
                    depth: s.depth,
                    rect: (px - w / 2.0, py - h / 2.0, w, h),
                    color: rgba(o.tint, o.alpha * dim),
                    kind: DrawKind::Sprite { image: o.image.unwrap_or(s.image), frame: o.frame, frames: s.frames },
                });
            }
        }
        if let Some(td) = &t.text {
            let color = rgba(o.text_color, dim);
            let (size, bold, align, depth) = (td.size * scale, td.bold, td.align, td.depth);
            let wrap = td.wrap.map(|(w, h)| (w * scale, h * scale));
            let (x, y) = (px + td.offset.0 * scale, py - td.offset.1 * scale);
            let text = world.text_of(id);
            if !text.is_empty() {
                out.push(DrawItem {
                    object: id,
                    depth,
                    rect: (x, y, 0.0, 0.0),
                    color,
                    kind: DrawKind::Text { text, size, bold, align, wrap },
                });
            }
        }
    }
    for line in &world.draws.lines {
        let t = &game.types[world.objects[line.object.0 as usize].ty.0 as usize];
        let [x1, y1, x2, y2] = line.ends;
        out.push(DrawItem {
            object: line.object,
            depth: t.sprite.as_ref().map_or(LINE_DEPTH, |s| s.depth),
            rect: (x1, screen_h - y1, x2, screen_h - y2),
            color: rgba(line.color, 1.0),
            kind: DrawKind::Line { width: line.width },
        });
    }
    // The button Tab walked to: a ring round its box, over it.
    if let Some(id) = world.button_focus.filter(|&id| world.can_press(id)) {
        let o = &world.objects[id.0 as usize];
        let t = &game.types[o.ty.0 as usize];
        if let Some((w, h)) = t.hit_box {
            let (cx, cy) = (o.x, screen_h - o.y);
            let depth = t.sprite.as_ref().map_or(0.0, |s| s.depth).max(t.text.as_ref().map_or(0.0, |s| s.depth)) + 0.5;
            let (l, r, top, bottom) = (cx - w / 2.0 - 3.0, cx + w / 2.0 + 3.0, cy - h / 2.0 - 3.0, cy + h / 2.0 + 3.0);
            for (x1, y1, x2, y2) in [(l, top, r, top), (r, top, r, bottom), (r, bottom, l, bottom), (l, bottom, l, top)]
            {
                out.push(DrawItem {
                    object: id,
                    depth,
                    rect: (x1, y1, x2, y2),
                    color: rgba(FOCUS_RING, 1.0),
                    kind: DrawKind::Line { width: FOCUS_RING_WIDTH },
                });
            }
        }
    }
    // Stable: an Object's lines stay in the order drawn, after its sprite and text.
    out.sort_by(|a, b| a.depth.total_cmp(&b.depth).then(a.object.cmp(&b.object)));
}

/// How far apart a wrapped text's lines stand, times its size.
pub const LINE_SPACING: f32 = 1.3;

/// A text laid out in a box: its lines and the size they are drawn at.
/// Lines break between words, where the next word would pass `width`
/// (`measure` tells how wide a line is at a size), and at each line break of
/// the text (an empty line stays, as a gap between paragraphs); when the
/// lines stand taller than `height`, the size shrinks (by steps of a
/// twentieth, down to a third of it) until they fit.
pub fn wrap_in_box(
    text: &str,
    size: f32,
    (width, height): (f32, f32),
    measure: impl Fn(&str, f32) -> f32,
) -> (Vec<String>, f32) {
    let mut size = size;
    let floor = size / 3.0;
    loop {
        let mut lines = Vec::new();
        for paragraph in text.split('\n') {
            let mut current = String::new();
            for word in paragraph.split_whitespace() {
                let candidate = if current.is_empty() { word.to_string() } else { format!("{current} {word}") };
                if !current.is_empty() && measure(&candidate, size) > width {
                    lines.push(std::mem::replace(&mut current, word.to_string()));
                } else {
                    current = candidate;
                }
            }
            lines.push(current);
        }
        if lines.len() as f32 * size * LINE_SPACING <= height || size <= floor {
            return (lines, size);
        }
        size = (size * 0.95).max(floor);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every character as wide as half the size.
    fn measure(text: &str, size: f32) -> f32 {
        text.chars().count() as f32 * size / 2.0
    }

    #[test]
    fn a_text_breaks_between_words_and_at_its_line_breaks() {
        let (lines, size) = wrap_in_box("one two three four\n\nfive", 10.0, (50.0, 1000.0), measure);
        assert_eq!(size, 10.0);
        assert_eq!(lines, vec!["one two", "three four", "", "five"]);
        assert!(lines.iter().all(|l| measure(l, size) <= 50.0));
    }

    #[test]
    fn a_text_too_long_for_its_box_is_drawn_smaller_until_it_fits() {
        let text = "word ".repeat(60);
        let (lines, size) = wrap_in_box(&text, 20.0, (200.0, 100.0), measure);
        assert!(size < 20.0);
        assert!(lines.len() as f32 * size * LINE_SPACING <= 100.0, "{} lines at {size}", lines.len());
        assert!(lines.iter().all(|l| measure(l, size) <= 200.0));
    }

    #[test]
    fn a_single_word_wider_than_the_box_stands_alone_on_its_line() {
        let (lines, _) = wrap_in_box("a enormouslylongword b", 10.0, (40.0, 1000.0), measure);
        assert_eq!(lines, vec!["a", "enormouslylongword", "b"]);
    }
}
