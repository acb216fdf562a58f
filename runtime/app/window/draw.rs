//! The draw list drawn: each item (a sprite, a text, a line) scaled and
//! placed by the view; where each draws (its bounds, for the canvas's
//! redraws), and the two shaders of the window's own.

use super::art::Art;
use super::view::View;
use cardtable_runtime::game::Align;
use cardtable_runtime::present::{wrap_in_box, DrawItem, DrawKind, LINE_SPACING};
use macroquad::miniquad::{BlendFactor, BlendState, BlendValue, Equation};
use macroquad::models::{draw_mesh, Mesh, Vertex};
use macroquad::prelude::{
    draw_line, draw_text_ex, draw_texture_ex, gl_use_default_material, gl_use_material, load_material, measure_text,
    vec2, vec3, vec4, Color, DrawTextureParams, Font, Material, MaterialParams, PipelineParams, Rect, ShaderSource,
    TextParams,
};

/// A rectangle of whole pixels of the window, from the top-left; right and bottom excluded.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pixels {
    pub left: i32,
    pub top: i32,
    pub right: i32,
    pub bottom: i32,
}

impl Pixels {
    /// The whole pixels a box of the window touches, and `margin` more round it.
    fn round(left: f32, top: f32, right: f32, bottom: f32, margin: f32) -> Pixels {
        // Saturating casts: a huge or NaN coordinate gives an edge, never a panic.
        Pixels {
            left: (left - margin).floor() as i32,
            top: (top - margin).floor() as i32,
            right: (right + margin).ceil() as i32,
            bottom: (bottom + margin).ceil() as i32,
        }
    }

    const NONE: Pixels = Pixels { left: 0, top: 0, right: 0, bottom: 0 };

    pub fn is_empty(&self) -> bool {
        self.left >= self.right || self.top >= self.bottom
    }

    /// Whether the two share a pixel.
    pub fn meets(&self, other: &Pixels) -> bool {
        !self.is_empty()
            && !other.is_empty()
            && self.left < other.right
            && other.left < self.right
            && self.top < other.bottom
            && other.top < self.bottom
    }

    pub fn union(&self, other: &Pixels) -> Pixels {
        Pixels {
            left: self.left.min(other.left),
            top: self.top.min(other.top),
            right: self.right.max(other.right),
            bottom: self.bottom.max(other.bottom),
        }
    }

    pub fn within(&self, whole: &Pixels) -> Pixels {
        Pixels {
            left: self.left.max(whole.left),
            top: self.top.max(whole.top),
            right: self.right.min(whole.right),
            bottom: self.bottom.min(whole.bottom),
        }
    }

    pub fn xywh(&self) -> (f32, f32, f32, f32) {
        (self.left as f32, self.top as f32, (self.right - self.left) as f32, (self.bottom - self.top) as f32)
    }
}

/// The window's own shaders: a copy that writes what it draws as it is (the
/// canvas into the window, the background into the canvas), and the lines'
/// edges smoothed by how much of each pixel they cover (the window is not
/// multisampled).
pub struct Shaders {
    /// None where the GL refused them: macroquad's own (blended) material,
    /// and its lines, stand in.
    pub copy: Option<Material>,
    line: Option<Material>,
}

const VERTEX: &str = r#"#version 100
attribute vec3 position;
attribute vec2 texcoord;
attribute vec4 color0;
varying lowp vec4 color;
varying mediump vec2 uv;
uniform mat4 Model;
uniform mat4 Projection;
void main() {
    gl_Position = Projection * Model * vec4(position, 1);
    color = color0 / 255.0;
    uv = texcoord;
}"#;

/// macroquad's own fragment shader; without blending it copies.
const COPY: &str = r#"#version 100
precision mediump float;
varying lowp vec4 color;
varying mediump vec2 uv;
uniform sampler2D Texture;
void main() {
    gl_FragColor = color * texture2D(Texture, uv);
}"#;

/// A line's pixel: `uv.y` its distance from the line's middle, `uv.x` half
/// its width, in pixels; its alpha times how much of the pixel's width
/// across the line the line covers. The precision is said: without it
/// llvmpipe computed the coverage so coarsely that the edges came out hard.
const LINE: &str = r#"#version 100
precision mediump float;
varying lowp vec4 color;
varying mediump vec2 uv;
void main() {
    float d = abs(uv.y);
    float cover = clamp(min(d + 0.5, uv.x) - max(d - 0.5, -uv.x), 0.0, 1.0);
    gl_FragColor = vec4(color.rgb, color.a * cover);
}"#;

impl Shaders {
    pub fn new() -> Shaders {
        let material = |fragment: &str, color_blend| {
            let pipeline_params = PipelineParams { color_blend, ..Default::default() };
            load_material(
                ShaderSource::Glsl { vertex: VERTEX, fragment },
                MaterialParams { pipeline_params, ..Default::default() },
            )
            .ok()
        };
        // Blended as macroquad blends its own draws.
        let alpha = BlendState::new(
            Equation::Add,
            BlendFactor::Value(BlendValue::SourceAlpha),
            BlendFactor::OneMinusValue(BlendValue::SourceAlpha),
        );
        Shaders { copy: material(COPY, None), line: material(LINE, Some(alpha)) }
    }
}

/// The pixels of the window an item draws on, or may (a margin round its text and its lines).
pub fn bounds(art: &Art, view: &View, item: &DrawItem) -> Pixels {
    let (x, y, w, h) = item.rect;
    let (sx, sy) = (view.left + x * view.scale, view.top + y * view.scale);
    match &item.kind {
        DrawKind::Sprite { .. } => Pixels::round(sx, sy, sx + w * view.scale, sy + h * view.scale, 1.0),
        DrawKind::Line { width } => {
            let (ex, ey) = (view.left + w * view.scale, view.top + h * view.scale);
            let margin = line_width(*width, view) / 2.0 + 2.0;
            Pixels::round(sx.min(ex), sy.min(ey), sx.max(ex), sy.max(ey), margin)
        }
        DrawKind::Text { .. } => {
            let mut all: Option<Pixels> = None;
            for line in text_lines(art, view, item) {
                let dims = measure_text(&line.text, line.font, line.font_size, 1.0);
                // A glyph may reach past what measure_text gives (its bearing, its smoothing).
                let margin = f32::from(line.font_size) / 4.0 + 2.0;
                let top = line.baseline - dims.offset_y;
                let b = Pixels::round(line.left, top, line.left + dims.width, top + dims.height, margin);
                all = Some(all.map_or(b, |a| a.union(&b)));
            }
            all.unwrap_or(Pixels::NONE)
        }
    }
}

/// A line's width in the window: scaled with the game screen, half a pixel at the least.
fn line_width(width: f32, view: &View) -> f32 {
    (width * view.scale).max(0.5)
}

/// One line of a text as it is drawn: its words, its font, where its baseline begins.
struct TextLine<'a> {
    text: std::borrow::Cow<'a, str>,
    font: Option<&'a Font>,
    font_size: u16,
    left: f32,
    baseline: f32,
}

/// A text item's lines as they are drawn (nothing for another item).
fn text_lines<'a>(art: &'a Art, view: &View, item: &'a DrawItem) -> Vec<TextLine<'a>> {
    let (x, y, _, _) = item.rect;
    let (sx, sy) = (view.left + x * view.scale, view.top + y * view.scale);
    match &item.kind {
        DrawKind::Text { text, size, bold, align, wrap: Some((w, h)) } => {
            // Wrapped in its box, centred on the anchor; the lines from its top.
            let font = if *bold { art.bold.as_ref().or(art.regular.as_ref()) } else { art.regular.as_ref() };
            let (w, h) = (w * view.scale, h * view.scale);
            let measure = |t: &str, s: f32| measure_text(t, font, s.round().max(1.0) as u16, 1.0).width;
            let (lines, size) = wrap_in_box(text, size * view.scale, (w, h), measure);
            let font_size = size.round().max(1.0) as u16;
            let line = size * LINE_SPACING;
            let top = sy - h / 2.0;
            lines
                .into_iter()
                .enumerate()
                .map(|(i, text)| {
                    let width = measure_text(&text, font, font_size, 1.0).width;
                    let left = match align {
                        Align::Left => sx - w / 2.0,
                        Align::Center => sx - width / 2.0,
                        Align::Right => sx + w / 2.0 - width,
                    };
                    // Each line's baseline about four fifths of its size below the line's top.
                    let baseline = top + line * i as f32 + size * 0.95;
                    TextLine { text: text.into(), font, font_size, left, baseline }
                })
                .collect()
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
            vec![TextLine { text: text.as_str().into(), font, font_size, left, baseline }]
        }
        DrawKind::Sprite { .. } | DrawKind::Line { .. } => Vec::new(),
    }
}

pub fn draw_item(art: &Art, view: &View, item: &DrawItem, shaders: &Shaders) {
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
        DrawKind::Text { .. } => {
            for line in text_lines(art, view, item) {
                let TextLine { text, font, font_size, left, baseline } = line;
                draw_text_ex(&text, left, baseline, TextParams { font, font_size, color, ..Default::default() });
            }
        }
        DrawKind::Line { width } => {
            // A Draw Event's line, scaled with the game screen.
            let (ex, ey) = (view.left + w * view.scale, view.top + h * view.scale);
            draw_line_smooth(sx, sy, ex, ey, line_width(*width, view), color, shaders);
        }
    }
}

/// A line from (x1, y1) to (x2, y2), `width` pixels thick, its long edges
/// smoothed by the line shader: a quad a pixel wider on each side, each
/// corner told its distance from the middle.
fn draw_line_smooth(x1: f32, y1: f32, x2: f32, y2: f32, width: f32, color: Color, shaders: &Shaders) {
    let (dx, dy) = (x2 - x1, y2 - y1);
    let length = (dx * dx + dy * dy).sqrt();
    if !length.is_normal() || !width.is_finite() {
        return;
    }
    let half = width / 2.0;
    let reach = half + 1.0;
    let (nx, ny) = (-dy / length * reach, dx / length * reach);
    let rgba: [u8; 4] = color.into();
    let corner = |x: f32, y: f32, side: f32| Vertex {
        position: vec3(x, y, 0.0),
        uv: vec2(half, side * reach),
        color: rgba,
        normal: vec4(0.0, 0.0, 0.0, 0.0),
    };
    let vertices = vec![
        corner(x1 + nx, y1 + ny, 1.0),
        corner(x2 + nx, y2 + ny, 1.0),
        corner(x2 - nx, y2 - ny, -1.0),
        corner(x1 - nx, y1 - ny, -1.0),
    ];
    let Some(line) = &shaders.line else {
        draw_line(x1, y1, x2, y2, width, color);
        return;
    };
    gl_use_material(line);
    draw_mesh(&Mesh { vertices, indices: vec![0, 1, 2, 0, 2, 3], texture: None });
    gl_use_default_material();
}
