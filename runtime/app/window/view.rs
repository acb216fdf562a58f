//! Where the game screen sits in the window: scaled to fit, centred, its
//! shape kept; a click's window point mapped back to the game screen.

use cardtable_runtime::game::Game;
use macroquad::prelude::{screen_height, screen_width};

/// Where the game screen sits in the window: scaled to fit, centred, shape kept.
pub struct View {
    pub scale: f32,
    pub left: f32,
    pub top: f32,
    w: f32,
    h: f32,
}

impl View {
    /// The game screen fitted into the window but for a strip `bottom`
    /// pixels high at its bottom (the mistakes' banner) and one `right`
    /// pixels wide at its right (the debug view).
    pub fn fit(game: &Game, bottom: f32, right: f32) -> View {
        let (w, h) = game.screen;
        let room = (screen_height() - bottom).max(1.0);
        let wide = (screen_width() - right).max(1.0);
        let scale = (wide / w).min(room / h).max(0.01);
        View { scale, left: (wide - w * scale) / 2.0, top: (room - h * scale) / 2.0, w, h }
    }

    /// A window point to a game-screen point (pixels from the bottom-left), if it is on the game screen.
    pub fn to_game(&self, mx: f32, my: f32) -> Option<(f32, f32)> {
        let (x, y) = self.to_game_anywhere(mx, my);
        (x >= 0.0 && x <= self.w && y >= 0.0 && y <= self.h).then_some((x, y))
    }

    /// A window point to a game-screen point, on the game screen or off it
    /// (a drag let go beside the game screen lands on no Object).
    pub fn to_game_anywhere(&self, mx: f32, my: f32) -> (f32, f32) {
        ((mx - self.left) / self.scale, self.h - (my - self.top) / self.scale)
    }
}
