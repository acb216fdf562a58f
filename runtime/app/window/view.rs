//! Where the game screen sits in the window: scaled to fit, centred, its
//! shape kept (`present::fit`, which the driver's `window W H` uses too);
//! a click's window point mapped back to the game screen, or to the room
//! the window shows beside it.

use cardtable_runtime::game::Game;
use cardtable_runtime::present::fit;
use macroquad::prelude::{screen_height, screen_width};

/// Where the game screen sits in the window: scaled to fit, centred, shape kept.
pub struct View {
    pub scale: f32,
    pub left: f32,
    pub top: f32,
    /// Game-screen pixels shown on each side of the game screen (the cards' `screenBeside()`).
    pub beside: f32,
    w: f32,
    h: f32,
}

impl View {
    /// The game screen fitted into the window but for a strip `bottom`
    /// pixels high at its bottom (the mistakes' banner) and one `right`
    /// pixels wide at its right (the debug view).
    pub fn fit(game: &Game, bottom: f32, right: f32) -> View {
        let (w, h) = game.screen;
        let f = fit(game.screen, screen_width() - right, screen_height() - bottom);
        View { scale: f.scale, left: f.left, top: f.top, beside: f.beside, w, h }
    }

    /// A window point to a game-screen point (pixels from the bottom-left),
    /// if it is on the game screen or in the room shown beside it.
    pub fn to_game(&self, mx: f32, my: f32) -> Option<(f32, f32)> {
        let (x, y) = self.to_game_anywhere(mx, my);
        (x >= -self.beside && x <= self.w + self.beside && y >= 0.0 && y <= self.h).then_some((x, y))
    }

    /// A window point to a game-screen point, on the game screen or off it
    /// (a drag let go beside the game screen lands on no Object).
    pub fn to_game_anywhere(&self, mx: f32, my: f32) -> (f32, f32) {
        ((mx - self.left) / self.scale, self.h - (my - self.top) / self.scale)
    }
}
