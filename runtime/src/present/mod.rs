//! What a frame shows, from the World alone, with no GPU: the window draws
//! it, the driver and the benchmarks read it, the lines of the frame's Draw
//! Events included.

pub mod draw;
pub mod fit;
pub use draw::{draw_list, rgba, wrap_in_box, DrawItem, DrawKind, LINE_DEPTH, LINE_SPACING};
pub use fit::{fit, Fit};
