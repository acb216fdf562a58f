//! The headless driver: one command a line in, one JSON object a line out;
//! what tests, benchmarks and scripts play the game with.

pub mod driver;
pub use driver::Driver;
