//! Where the game screen sits in a window: scaled to fit it, centred, its
//! shape kept, and how much room the window shows beside it. The window
//! draws so, and the driver's `window W H` tells the World the same room.

/// The game screen fitted into a window.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    /// Window pixels per game-screen pixel.
    pub scale: f32,
    /// Where the game screen's top-left corner is in the window, in window pixels.
    pub left: f32,
    pub top: f32,
    /// How many game-screen pixels the window shows on each side of the
    /// game screen, past its width (a whole number; 0 when the window is
    /// no wider than the game screen's shape).
    pub beside: f32,
}

/// The game screen `screen` (its width and height) fitted into a window
/// `wide` by `high` pixels: as large as fits whole, centred.
pub fn fit(screen: (f32, f32), wide: f32, high: f32) -> Fit {
    let (w, h) = screen;
    let (wide, high) = (wide.max(1.0), high.max(1.0));
    let scale = (wide / w).min(high / h).max(0.01);
    let left = (wide - w * scale) / 2.0;
    Fit { scale, left, top: (high - h * scale) / 2.0, beside: (left / scale).floor().max(0.0) }
}

#[cfg(test)]
mod tests {
    use super::fit;

    #[test]
    fn a_wide_window_shows_room_beside_the_game_screen_and_a_tall_one_none() {
        // The chess game's 960 x 1100 screen in a 1366 x 680 window: 0.618 a pixel, 625 beside.
        let f = fit((960.0, 1100.0), 1366.0, 680.0);
        assert!((f.scale - 680.0 / 1100.0).abs() < 1e-6);
        assert_eq!(f.beside, ((1366.0 - 960.0 * f.scale) / 2.0 / f.scale).floor());
        assert_eq!(f.top, 0.0);
        // Its own shape, or taller: nothing beside it.
        assert_eq!(fit((960.0, 1100.0), 960.0, 1100.0).beside, 0.0);
        let tall = fit((960.0, 1100.0), 600.0, 1100.0);
        assert_eq!((tall.beside, tall.left), (0.0, 0.0));
        assert!(tall.top > 0.0);
    }
}
