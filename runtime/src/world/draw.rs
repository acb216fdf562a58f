//! What a frame's Draw Events drew: lines, each with its color and width,
//! in screen pixels from the bottom-left corner of the game screen (as the
//! book's Draw actions count them). Kept from one frame to the next, so the
//! lines' storage is reused: a frame in steady state allocates nothing.

use crate::ids::ObjectId;

/// One line a Draw Event drew.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Line {
    /// The Object whose Draw Event drew it.
    pub object: ObjectId,
    /// The two ends: (x1, y1), (x2, y2), pixels from the bottom-left.
    pub ends: [f32; 4],
    /// How thick it is, in pixels.
    pub width: f32,
    /// RGBA, with its alpha (`set draw color`).
    pub color: u32,
}

/// How many lines one frame may draw: a Draw Event that would draw more
/// (a loop that never ends) faults.
pub const MAX_LINES: usize = 20_000;

/// The lines of the last frame, and the Draw actions' state while a frame's
/// Draw Events run.
#[derive(Clone, Debug)]
pub struct Draws {
    pub lines: Vec<Line>,
    /// The draw color of the lines drawn next; each Object's Draw Event starts with white.
    pub color: u32,
    /// Whether a frame's Draw Events are running: the Draw actions fault anywhere else.
    pub open: bool,
    /// How many frames have run their Draw Events (the driver's `draws` tells it).
    pub frames: u64,
}

impl Default for Draws {
    fn default() -> Draws {
        Draws { lines: Vec::new(), color: 0xFFFF_FFFF, open: false, frames: 0 }
    }
}
