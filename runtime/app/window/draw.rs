//! The draw list drawn: each item (a sprite, a text, a line) scaled and
//! placed by the view.

use super::art::Art;
use super::view::View;
use cardtable::game::Align;
use cardtable::present::{wrap_in_box, DrawItem, DrawKind, LINE_SPACING};
use macroquad::prelude::{
    draw_line, draw_text_ex, draw_texture_ex, measure_text, vec2, Color, DrawTextureParams, Rect, TextParams,
};

pub fn draw_item(art: &Art, view: &View, item: &DrawItem) {
    let [r, g, b, a] = item.color;
    let color = Color::new(r, g, b, a);
    let (x, y, w, h) = item.rect;
    let (sx, sy) = (view.left + x * view.scale, view.top + y * view.scale);
    match &item.kind {
        DrawKind::Sprite { image, frame, frames } => {
            let Some(Some(Some(tex))) = art.images.get(image.index()) else { return };
            let fw = tex.width() / *frames as f32;
            draw_texture_ex(
                tex,
                sx,
                sy,
                color,
                DrawTextureParams {
                    dest_size: Some(vec2(w * view.scale, h * view.scale)),
                    source: Some(Rect::new(fw * *frame as f32, 0.0, fw, tex.height())),
                    ..Default::default()
                },
            );
        }
        DrawKind::Text { text, size, bold, align, wrap: Some((w, h)) } => {
            // Wrapped in its box, centred on the anchor; the lines from its top.
            let font = if *bold { art.bold.as_ref().or(art.regular.as_ref()) } else { art.regular.as_ref() };
            let (w, h) = (w * view.scale, h * view.scale);
            let measure = |t: &str, s: f32| measure_text(t, font, s.round().max(1.0) as u16, 1.0).width;
            let (lines, size) = wrap_in_box(text, size * view.scale, (w, h), measure);
            let font_size = size.round().max(1.0) as u16;
            let line = size * LINE_SPACING;
            let top = sy - h / 2.0;
            for (i, text) in lines.iter().enumerate() {
                let width = measure_text(text, font, font_size, 1.0).width;
                let left = match align {
                    Align::Left => sx - w / 2.0,
                    Align::Center => sx - width / 2.0,
                    Align::Right => sx + w / 2.0 - width,
                };
                // Each line's baseline about four fifths of its size below the line's top.
                let baseline = top + line * i as f32 + size * 0.95;
                draw_text_ex(text, left, baseline, TextParams { font, font_size, color, ..Default::default() });
            }
        }
        DrawKind::Line { width } => {
            // A Draw Event's line, scaled with the game screen; the window's
            // multisampling smooths its edges.
            let (ex, ey) = (view.left + w * view.scale, view.top + h * view.scale);
            draw_line(sx, sy, ex, ey, (width * view.scale).max(0.5), color);
        }
        DrawKind::Text { text, size, bold, align, wrap: None } => {
            let font = if *bold { art.bold.as_ref().or(art.regular.as_ref()) } else { art.regular.as_ref() };
            let font_size = (size * view.scale).round().max(1.0) as u16;
            let dims = measure_text(text, font, font_size, 1.0);
            let left = match align {
                Align::Left => sx,
                Align::Center => sx - dims.width / 2.0,
                Align::Right => sx - dims.width,
            };
            // Centred on the anchor vertically by the font's capital height,
            // not by this text's own ink: a word with a descender (Strong,
            // Ivory & gold) then stands on the same baseline as one without.
            let cap_height = measure_text("H", font, font_size, 1.0).offset_y;
            let baseline = sy + cap_height / 2.0;
            draw_text_ex(text, left, baseline, TextParams { font, font_size, color, ..Default::default() });
        }
    }
}
