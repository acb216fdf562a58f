//! The room the window shows beside the game screen: the window (and the
//! driver's `window W H`) tells it, the cards read it as `screenBeside()`
//! and hear Screen Resized when it changes.

use crate::ids::EventId;
use crate::world::World;

impl World {
    /// The window now shows `pixels` game-screen pixels on each side of the
    /// game screen, past its width (a whole number, at least 0). When that
    /// changed, every Object that listens hears Screen Resized, each as its
    /// own Other, in the order they were made, and reads it as
    /// `screenBeside()`. Whether it changed.
    pub fn set_beside(&mut self, pixels: f32) -> bool {
        let pixels = if pixels.is_finite() { pixels.max(0.0).floor() } else { 0.0 };
        if pixels == self.beside {
            return false;
        }
        self.beside = pixels;
        self.holding += 1;
        self.send_to_every_listener(EventId::SCREEN_RESIZED, None);
        self.holding -= 1;
        self.settle();
        true
    }
}
