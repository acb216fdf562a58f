//! Opening the window: its configuration (size, title, no multisampling, the
//! blocking event loop and what wakes it), and the panic hook that turns the
//! windowing library's failure to open one into a sentence.

use cardtable_runtime::game::Game;
use macroquad::miniquad;
use macroquad::prelude::FilterMode;
use std::future::Future;
use std::process::ExitCode;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What to run instead of the window, where none can be opened.
const INSTEAD: &str = "run `cardtable drive` to play headless, or `xvfb-run cardtable ...` for a virtual display";

/// Why no window can be opened here, in one sentence, when the environment
/// names no display at all (on Linux: neither DISPLAY nor WAYLAND_DISPLAY).
pub fn no_display() -> Option<String> {
    if cfg!(target_os = "linux") {
        let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
        if !set("DISPLAY") && !set("WAYLAND_DISPLAY") {
            return Some(format!(
                "cardtable: no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set); {INSTEAD}."
            ));
        }
    }
    None
}

/// The sentence for a panic of the windowing library before the window opened.
fn cannot_open(panic: &str) -> String {
    let panic = panic.lines().next().unwrap_or_default().trim_end_matches(['!', '.']);
    if panic.contains("XOpenDisplay") {
        match std::env::var("DISPLAY") {
            Ok(display) if !display.is_empty() => {
                format!("cardtable: cannot open the display `{display}` named by DISPLAY ({panic}); {INSTEAD}.")
            }
            _ => format!(
                "cardtable: the window needs an X11 display and DISPLAY is not set (under Wayland, XWayland gives \
                 one); {INSTEAD}."
            ),
        }
    } else {
        format!(
            "cardtable: cannot open a window ({panic}); the README lists what a window needs, or run `cardtable drive` \
             to play headless."
        )
    }
}

/// The most a player's window is high when it opens, in pixels: 768 less a
/// taskbar (40) and a title bar (30), and some room.
pub const FITS_HEIGHT: f32 = 680.0;

/// The least window the game may be played in: the game screen at the
/// content's least scale (game.yaml's `screen: { minScale }`), whole pixels
/// rounded up; none when the content sets none. miniquad (0.4) has no
/// minimum size for a resizable window, so the window sets its size back
/// up when it is made smaller (`Window::keep_min_size`).
pub fn min_size(game: &Game) -> Option<(u32, u32)> {
    let least = game.min_scale?;
    let (w, h) = game.screen;
    Some(((w * least).ceil() as u32, (h * least).ceil() as u32))
}

/// The window's configuration: for a screenshot, the game screen's own size,
/// not resizable; for a player, a window that fits a common desktop, wider
/// by the debug view's panel when it opens with it (`debug`); `size`
/// (`--window-size`) for either, when given.
pub fn conf(game: &Game, screenshot: bool, debug: bool, size: Option<(u32, u32)>) -> macroquad::conf::Conf {
    let (w, h) = game.screen;
    // A screenshot is taken at the game screen's own size; a player gets a
    // window that fits a common desktop, and may resize it: at most 0.8 of
    // the game screen, and at most FITS_HEIGHT high (a 1366 x 768 laptop
    // screen, less its taskbar and the window's title bar).
    // Never below the content's least scale (game.yaml's `screen: {
    // minScale }`), a size given or not.
    let least = min_size(game).unwrap_or((0, 0));
    let scale = if screenshot { 1.0 } else { (FITS_HEIGHT / h).min(0.8).max(game.min_scale.unwrap_or(0.0)) };
    let panel = if debug && !screenshot { super::debug::WIDTH } else { 0.0 };
    let (width, height) = size.map_or(((w * scale + panel) as i32, (h * scale) as i32), |(w, h)| {
        (w.max(least.0) as i32, h.max(least.1) as i32)
    });
    macroquad::conf::Conf {
        miniquad_conf: miniquad::conf::Conf {
            window_title: format!("{} — Cardtable", game.name),
            window_width: width,
            window_height: height,
            high_dpi: false,
            window_resizable: !screenshot,
            // Not multisampled: under a software renderer 4x multisampling
            // cost more than a 1/60 s frame for the clear and the swap alone;
            // the lines of Draw Events smooth their own edges (draw.rs).
            sample_count: 1,
            platform: miniquad::conf::Platform {
                blocking_event_loop: true,
                swap_interval: Some(1),
                ..Default::default()
            },
            ..Default::default()
        },
        // With a blocking event loop, these are what wake it.
        update_on: Some(macroquad::conf::UpdateTrigger {
            key_down: true,
            mouse_down: true,
            mouse_up: true,
            mouse_motion: false,
            mouse_wheel: true,
            ..Default::default()
        }),
        default_filter_mode: FilterMode::Linear,
        ..Default::default()
    }
}

/// Opens the window and runs `body` in it until it ends; its exit code. A
/// panic before `body` began is the windowing library failing to open the
/// window (no display, no OpenGL): it is said in one sentence, and the
/// answer is failure.
pub fn open(conf: macroquad::conf::Conf, body: impl Future<Output = ExitCode> + 'static) -> ExitCode {
    let result = Rc::new(std::cell::Cell::new(ExitCode::SUCCESS));
    let out = result.clone();
    // A panic before the game's first frame is the windowing library failing to
    // open the window (no display, no OpenGL): it becomes one sentence.
    let opened = Arc::new(AtomicBool::new(false));
    let previous_hook: Arc<PanicHook> = Arc::new(std::panic::take_hook());
    {
        let (opened, previous_hook) = (opened.clone(), previous_hook.clone());
        std::panic::set_hook(Box::new(move |info| {
            if opened.load(Ordering::SeqCst) {
                previous_hook(info)
            } else {
                let payload = info.payload();
                let text =
                    payload.downcast_ref::<&str>().copied().or(payload.downcast_ref::<String>().map(|s| s.as_str()));
                eprintln!("{}", cannot_open(text.unwrap_or("the windowing library stopped")));
            }
        }));
    }
    let window_opened = opened.clone();
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        macroquad::Window::from_config(conf, async move {
            window_opened.store(true, Ordering::SeqCst);
            out.set(body.await);
        })
    }));
    let _ = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| previous_hook(info)));
    match ran {
        Ok(()) => result.take(),
        Err(_) if !opened.load(Ordering::SeqCst) => ExitCode::FAILURE,
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

type PanicHook = Box<dyn Fn(&std::panic::PanicHookInfo<'_>) + Sync + Send + 'static>;

#[cfg(test)]
mod tests {
    /// The chess game's window opens within a 1366 x 768 laptop screen with
    /// its taskbar (issue 35): 680 pixels high at most, the game screen's
    /// shape kept; a screenshot is the game screen's own size.
    #[test]
    fn the_player_s_window_fits_a_1366_by_768_screen() {
        cardtable_chess::install();
        let loaded = cardtable_runtime::load::load_files_in(cardtable_chess::builtin(), None)
            .unwrap_or_else(|_| panic!("loads"));
        let (w, h) = loaded.game.screen;
        let player = super::conf(&loaded.game, false, false, None).miniquad_conf;
        assert!(player.window_height <= 680 && player.window_width <= 1366, "{}", player.window_height);
        let shape = player.window_width as f32 / player.window_height as f32;
        assert!((shape - w / h).abs() < 0.01, "the game screen's shape: {shape}");
        let shot = super::conf(&loaded.game, true, false, None).miniquad_conf;
        assert_eq!((shot.window_width, shot.window_height), (w as i32, h as i32));
    }
}
