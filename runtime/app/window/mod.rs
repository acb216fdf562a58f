//! The window (macroquad): a thin layer over the same World the driver uses.
//! It draws the World's draw list scaled to fit the window, keeping the game
//! screen's shape, and turns clicks back into game-screen points.
//!
//! A file a concern:
//! - `setup.rs`: the window's configuration, the panic hook that makes a
//!   window that cannot open a sentence, and `no_display`;
//! - `frame.rs`: the loop: the game started, then each frame's named steps;
//! - `pace.rs`: how often frames come, and how long an idle window that
//!   watches its folder sleeps between its looks;
//! - `input.rs`: the clicks and keys, each as its event came;
//! - `view.rs`: the game screen scaled into the window, clicks mapped back;
//! - `art.rs`: the fonts, and the pictures decoded on threads of their own;
//! - `canvas.rs`: the game screen kept in a texture, redrawn where its
//!   draw list changed and copied to the window each frame;
//! - `draw.rs`: the draw list drawn, each item's bounds, the window's shaders;
//! - `debug.rs`: the debug view (F12, `--debug`): the last input's trace
//!   and the Object under the mouse, in a panel on the right;
//! - `messages.rs`: faults and notices (stderr, toasts) and the mistakes' banner;
//! - `sound.rs`: the sounds the cards play, through ALSA opened at run time
//!   (silent, with one notice, where there is no library or device);
//! - `watch.rs`: the content folder watched (`--watch`);
//! - `report.rs`: the measures printed for the benchmarks.

mod art;
mod canvas;
mod debug;
mod draw;
mod frame;
mod input;
mod messages;
mod pace;
mod report;
mod setup;
mod sound;
mod view;
mod watch;

pub use setup::no_display;

use cardtable_runtime::game::Game;
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;

#[derive(Default, Debug)]
pub struct Options {
    pub screenshot: Option<PathBuf>,
    pub frames: u32,
    pub script: Option<PathBuf>,
    /// With a screenshot: how many keys the content binds must be pressed in
    /// the window before the frames are counted (a test sends them with xdotool).
    pub keys: u32,
    /// The code libraries' options given (`--fen FEN`): each long name,
    /// without the dashes, and its value, applied in this order once the game
    /// has started (`cardtable_runtime::library::options` lists them).
    pub library: Vec<(String, String)>,
    /// Where the game keeps its saves and settings (`--data-dir`); else the
    /// platform's data folder for the game.
    pub data_dir: Option<PathBuf>,
    /// Where Save PGN writes (`--documents`; else the platform's documents folder).
    pub documents: Option<PathBuf>,
    /// The system asks for less motion (`--reduced-motion`): `$prefersReducedMotion`.
    pub reduced_motion: bool,
    /// The seed of the cards' `random(n)` (`--seed N`); else the time's nanoseconds.
    pub seed: Option<u64>,
    /// The cards' trees (the loader's), for a `trace` line of the `--script`.
    pub trees: Option<Rc<cardtable_runtime::program::Trees>>,
    /// Logic Components switched off from the start (`--off COMPONENT`).
    pub off: Vec<String>,
    /// Read the content folder again when a file in it changes (`--watch`).
    pub watch: bool,
    /// The debug view open from the start (`--debug`; F12 opens and closes it).
    pub debug: bool,
    /// The window's size when it opens (`--window-size WxH`), a screenshot's too.
    pub size: Option<(u32, u32)>,
}

/// Runs the window until it is closed, or with `--screenshot` until the PNG is
/// written. Where no window can be opened, says so in one sentence on stderr
/// and answers failure, with no panic text.
pub fn run(game: std::sync::Arc<Game>, opts: Options) -> ExitCode {
    if let Some(why) = no_display() {
        eprintln!("{why}");
        return ExitCode::FAILURE;
    }
    let conf = setup::conf(&game, opts.screenshot.is_some(), opts.debug, opts.size);
    setup::open(conf, frame::window_loop(game, opts))
}
