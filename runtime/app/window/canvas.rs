//! The game screen kept from frame to frame in a texture of the window's
//! size (the canvas): a frame draws into it again only where its draw list
//! changed (the rectangles of the items that changed, before and after),
//! then copies it to the window. A Move's slide redraws the Piece's two
//! rectangles, not the Board: under a software renderer (Mesa's llvmpipe)
//! drawing the whole list took most of a frame.

use super::art::Art;
use super::draw::{bounds, draw_item, Pixels, Shaders};
use super::view::View;
use cardtable_runtime::present::DrawItem;
use macroquad::prelude::{
    draw_rectangle, draw_texture_ex, gl_use_default_material, gl_use_material, render_target, set_camera,
    set_default_camera, vec2, Camera2D, Color, DrawTextureParams, FilterMode, Rect, RenderTarget, WHITE,
};

/// At most this many rectangles are redrawn apart; past it, the box round them all.
const MOST_RECTS: usize = 8;

/// Past this many pairs of items to compare, every item between the two
/// lists' same start and same end counts as changed.
const LCS_CELLS: usize = 250_000;

pub struct Canvas {
    target: Option<RenderTarget>,
    size: (u32, u32),
    /// What the canvas shows: the view, the background and the list it was drawn with.
    view: (f32, f32, f32),
    background: [f32; 4],
    drawn: Vec<DrawItem>,
    shaders: Shaders,
    /// A framebuffer of the GL's own over the canvas's texture, and that
    /// texture, to blit from ([`Canvas::blit`]).
    blit_from: Option<(u32, u32)>,
}

impl Canvas {
    pub fn new() -> Canvas {
        Canvas {
            target: None,
            size: (0, 0),
            view: (0.0, 0.0, 0.0),
            background: [0.0; 4],
            drawn: Vec::new(),
            shaders: Shaders::new(),
            blit_from: None,
        }
    }

    /// The canvas drawn anew at the next frame (the content was read again:
    /// new pictures and fonts under the same ids).
    pub fn forget(&mut self) {
        self.target = None;
        self.forget_blit();
    }

    /// Brings the canvas up to `items` drawn in `view` on `background`,
    /// redrawing only the rectangles that changed, and copies it to the
    /// window (all of it: what is drawn over it each frame, the debug view
    /// and the messages, is not kept).
    pub fn draw(&mut self, art: &Art, view: &View, items: &[DrawItem], background: [f32; 4], size: (u32, u32)) {
        let (w, h) = size;
        let whole = Pixels { left: 0, top: 0, right: w as i32, bottom: h as i32 };
        let target = match &self.target {
            Some(target) if self.size == size => target.clone(),
            _ => {
                let target = render_target(w.max(1), h.max(1));
                target.texture.set_filter(FilterMode::Nearest);
                self.target = Some(target.clone());
                self.size = size;
                self.forget_blit();
                self.drawn.clear();
                // Nothing drawn yet: the first redraw is the whole canvas.
                self.view = (f32::NAN, 0.0, 0.0);
                target
            }
        };
        let rects = if self.view != (view.scale, view.left, view.top) || self.background != background {
            vec![whole]
        } else {
            merge(changed(&self.drawn, items).into_iter().map(|item| bounds(art, view, item)).collect(), whole)
        };
        if !rects.is_empty() {
            // Every item's bounds first: measuring a text puts its glyphs in
            // the font's atlas, which grows (its texture made anew, its
            // glyphs moved) when they do not fit. Grown between two texts
            // drawn in one batch, the first would be drawn from the old
            // texture; once all are in, the atlas cannot grow mid-batch.
            let all: Vec<Pixels> = items.iter().map(|item| bounds(art, view, item)).collect();
            set_camera(&Camera2D {
                render_target: Some(target.clone()),
                ..Camera2D::from_display_rect(Rect::new(0.0, 0.0, w as f32, h as f32))
            });
            let [r, g, b, a] = background;
            for rect in &rects {
                scissor(Some(rect));
                // The background written as it is (its alpha too), not blended over what was there.
                use_copy(&self.shaders);
                let (x, y, rw, rh) = rect.xywh();
                draw_rectangle(x, y, rw, rh, Color::new(r, g, b, a));
                gl_use_default_material();
                for (item, _) in items.iter().zip(&all).filter(|(_, b)| b.meets(rect)) {
                    draw_item(art, view, item, &self.shaders);
                }
            }
            scissor(None);
            set_default_camera();
            self.view = (view.scale, view.left, view.top);
            self.background = background;
            self.drawn.clear();
            self.drawn.extend_from_slice(items);
        }
        if self.blit(&target, w, h) {
            return;
        }
        // Copied texel for texel: no blending, no filtering.
        use_copy(&self.shaders);
        draw_texture_ex(
            &target.texture,
            0.0,
            0.0,
            WHITE,
            DrawTextureParams { dest_size: Some(vec2(w as f32, h as f32)), flip_y: true, ..Default::default() },
        );
        gl_use_default_material();
    }
}

impl Canvas {
    /// The canvas copied into the window's framebuffer by the GL's blit,
    /// where the GL has one (3.0 and later, GLES 3): a software renderer
    /// copies the rows as they are, where a textured rectangle over the
    /// whole window took it several milliseconds a frame. Whether it was.
    fn blit(&mut self, target: &RenderTarget, w: u32, h: u32) -> bool {
        use macroquad::miniquad::gl::*;
        use macroquad::miniquad::{Backend, RawId};
        // Safety: macroquad's own GL context, on the window's thread; the
        // batches drawn so far (the canvas's) are flushed first, and the
        // framebuffer bound is given back as miniquad left it.
        unsafe {
            let mut gl = macroquad::window::get_internal_gl();
            let info = gl.quad_context.info();
            let s = &info.glsl_support;
            if info.backend != Backend::OpenGl || !(s.v130 || s.v150 || s.v330 || s.v300es) {
                return false;
            }
            // Only OpenGL's on this platform; Metal's too on Apple's.
            #[allow(irrefutable_let_patterns)]
            let RawId::OpenGl(texture) = gl.quad_context.texture_raw_id(target.texture.raw_miniquad_id()) else {
                return false;
            };
            gl.flush();
            // The window's framebuffer, bound by miniquad as its passes end.
            let mut window: GLint = 0;
            glGetIntegerv(GL_FRAMEBUFFER_BINDING, &mut window);
            let window = window as GLuint;
            if self.blit_from.map(|(_, t)| t) != Some(texture) {
                self.forget_blit();
                let mut fb: GLuint = 0;
                glGenFramebuffers(1, &mut fb);
                glBindFramebuffer(GL_FRAMEBUFFER, fb);
                glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
                let complete = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
                glBindFramebuffer(GL_FRAMEBUFFER, window);
                if !complete {
                    glDeleteFramebuffers(1, &fb);
                    return false;
                }
                self.blit_from = Some((fb, texture));
            }
            let Some((fb, _)) = self.blit_from else { return false };
            let (w, h) = (w as i32, h as i32);
            glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
            glBindFramebuffer(GL_DRAW_FRAMEBUFFER, window);
            // The canvas's rows stand as the window's do: no flip.
            glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
            glBindFramebuffer(GL_FRAMEBUFFER, window);
            true
        }
    }

    /// The blit's framebuffer deleted: its texture is gone or going (a
    /// texture's GL name may be given again to the next one).
    fn forget_blit(&mut self) {
        if let Some((fb, _)) = self.blit_from.take() {
            // Safety: a framebuffer this canvas made, on the window's thread.
            unsafe { macroquad::miniquad::gl::glDeleteFramebuffers(1, &fb) };
        }
    }
}

/// The draws from now on written as they are, not blended.
fn use_copy(shaders: &Shaders) {
    match &shaders.copy {
        Some(copy) => gl_use_material(copy),
        None => gl_use_default_material(),
    }
}

/// The draws from now on clipped to `rect` (None: not clipped).
fn scissor(rect: Option<&Pixels>) {
    // Safety: macroquad's own context, used from the window's thread between its draws.
    let gl = unsafe { macroquad::window::get_internal_gl() };
    gl.quad_gl.scissor(rect.map(|r| (r.left, r.top, r.right - r.left, r.bottom - r.top)));
}

/// The items of `old` gone and those of `new` come: all but a longest run
/// of items both lists hold in the same order (after the same start and
/// end, a longest common subsequence). A pixel none of these covers is
/// covered by the same items in the same order in both, so it shows the
/// same.
pub fn changed<'a>(old: &'a [DrawItem], new: &'a [DrawItem]) -> Vec<&'a DrawItem> {
    let same_start = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let (old, new) = (&old[same_start..], &new[same_start..]);
    let same_end = old.iter().rev().zip(new.iter().rev()).take_while(|(a, b)| a == b).count();
    let (old, new) = (&old[..old.len() - same_end], &new[..new.len() - same_end]);
    if old.is_empty() || new.is_empty() || old.len() * new.len() > LCS_CELLS {
        return old.iter().chain(new).collect();
    }
    // longest[i][j]: how long a common run old[i..] and new[j..] hold.
    let width = new.len() + 1;
    let mut longest = vec![0u32; (old.len() + 1) * width];
    for i in (0..old.len()).rev() {
        for j in (0..new.len()).rev() {
            longest[i * width + j] = if old[i] == new[j] {
                longest[(i + 1) * width + j + 1] + 1
            } else {
                longest[(i + 1) * width + j].max(longest[i * width + j + 1])
            };
        }
    }
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < old.len() && j < new.len() {
        if old[i] == new[j] {
            (i, j) = (i + 1, j + 1);
        } else if longest[(i + 1) * width + j] >= longest[i * width + j + 1] {
            out.push(&old[i]);
            i += 1;
        } else {
            out.push(&new[j]);
            j += 1;
        }
    }
    out.extend(&old[i..]);
    out.extend(&new[j..]);
    out
}

/// The rectangles to redraw, each inside `whole`: those that overlap made
/// one, and past [`MOST_RECTS`] one round them all.
pub fn merge(rects: Vec<Pixels>, whole: Pixels) -> Vec<Pixels> {
    let mut out: Vec<Pixels> = Vec::new();
    for rect in rects.into_iter().map(|r| r.within(&whole)).filter(|r| !r.is_empty()) {
        let mut rect = rect;
        // A rectangle that meets others takes them in, until it meets none.
        while let Some(i) = out.iter().position(|o| o.meets(&rect)) {
            rect = rect.union(&out.swap_remove(i));
        }
        out.push(rect);
    }
    if out.len() > MOST_RECTS {
        let all = out.iter().skip(1).fold(out[0], |a, r| a.union(r));
        return vec![all];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{changed, merge, Pixels};
    use cardtable_runtime::ids::ObjectId;
    use cardtable_runtime::present::{DrawItem, DrawKind};

    fn item(object: u32, x: f32) -> DrawItem {
        DrawItem {
            object: ObjectId(object),
            depth: 0.0,
            rect: (x, 0.0, 10.0, 10.0),
            color: [1.0; 4],
            kind: DrawKind::Line { width: 1.0 },
        }
    }

    fn px(left: i32, top: i32, right: i32, bottom: i32) -> Pixels {
        Pixels { left, top, right, bottom }
    }

    #[test]
    fn only_the_items_that_changed_are_redrawn() {
        let old = [item(0, 0.0), item(1, 5.0), item(2, 9.0)];
        let xs = |old: &[DrawItem], new: &[DrawItem]| changed(old, new).iter().map(|i| i.rect.0).collect::<Vec<_>>();
        assert_eq!(xs(&old, &old), Vec::<f32>::new());
        // One item moved: it, before and after.
        assert_eq!(xs(&old, &[item(0, 0.0), item(1, 6.0), item(2, 9.0)]), [5.0, 6.0]);
        // One gone, one come.
        assert_eq!(xs(&old, &[item(0, 0.0), item(2, 9.0)]), [5.0]);
        assert_eq!(xs(&old, &[item(0, 0.0), item(3, 7.0), item(1, 5.0), item(2, 9.0)]), [7.0]);
        // Two swapped: one of them, before and after, as their order may show.
        assert_eq!(xs(&old, &[item(1, 5.0), item(0, 0.0), item(2, 9.0)]), [0.0, 0.0]);
        // Changes far apart in the list: only they, not what stands between.
        let long: Vec<DrawItem> = (0..50).map(|i| item(i, i as f32)).collect();
        let mut new = long.clone();
        new[3].rect.0 = 100.0;
        new.remove(40);
        new.insert(20, item(99, 200.0));
        assert_eq!(xs(&long, &new), [3.0, 100.0, 200.0, 40.0]);
        assert_eq!(xs(&old, &[]), [0.0, 5.0, 9.0]);
    }

    #[test]
    fn rectangles_that_overlap_are_redrawn_as_one_inside_the_canvas() {
        let whole = px(0, 0, 100, 100);
        assert_eq!(merge(vec![px(0, 0, 10, 10), px(5, 5, 20, 20)], whole), [px(0, 0, 20, 20)]);
        assert_eq!(merge(vec![px(0, 0, 10, 10), px(50, 50, 60, 60)], whole).len(), 2);
        // Chained: the third meets both.
        assert_eq!(merge(vec![px(0, 0, 10, 10), px(20, 0, 30, 10), px(5, 0, 25, 5)], whole), [px(0, 0, 30, 10)]);
        assert_eq!(merge(vec![px(-50, 90, 10, 150)], whole), [px(0, 90, 10, 100)]);
        assert_eq!(merge(vec![px(200, 200, 300, 300), px(5, 5, 5, 9)], whole), []);
        let many: Vec<Pixels> = (0..20).map(|i| px(i * 4, 0, i * 4 + 2, 2)).collect();
        assert_eq!(merge(many, whole), [px(0, 0, 78, 2)]);
    }
}
