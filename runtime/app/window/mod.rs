//! The window (macroquad): a thin layer over the same World the driver uses.
//! It draws the World's draw list scaled to fit the window, keeping the game
//! screen's shape, and turns clicks back into game-screen points.

mod watch;

use watch::{Watch, SETTLE};
use cardtable::game::{Align, Game};
use cardtable::host::driver::Driver;
use cardtable::ids::ImageId;
use cardtable::present::{draw_list, wrap_in_box, DrawItem, DrawKind, LINE_SPACING};
use cardtable::save::Store;
use macroquad::prelude::*;
use std::borrow::Cow;
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

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
    /// has started (`cardtable::library::options` lists them).
    pub library: Vec<(String, String)>,
    /// Where the game keeps its saves and settings (`--data-dir`); else the
    /// platform's data folder for the game.
    pub data_dir: Option<PathBuf>,
    /// The system asks for less motion (`--reduced-motion`): `$prefersReducedMotion`.
    pub reduced_motion: bool,
    /// Logic Components switched off from the start (`--off COMPONENT`).
    pub off: Vec<String>,
    /// Read the content folder again when a file in it changes (`--watch`).
    pub watch: bool,
}

/// While watching, how often an idle window looks for changes: each look
/// draws a frame (the watcher's thread cannot wake a window blocked waiting
/// for input on X11), and a click waits for the look to end. Ten a second
/// while the player plays (a click or a key in the last [`PLAYING`]), so
/// that a click waits at most a tenth of a second; four a second once the
/// window is left alone (the player is in an editor): each look draws a
/// whole frame, as costly as a frame of play (under Xvfb's software
/// renderer, a debug build, 20 s idle: 24 to 32% of a core at ten a second,
/// 14% at four; the clear and the swap alone are half of a frame's cost, so
/// a frame kept in a texture would save less). A change waits no longer
/// for it (0.37 to 0.46 s from a file written to `reloaded`, against 0.52
/// to 0.53 s at ten a second): its settling is counted from when it was
/// made, not from when it was seen, and a window that has seen one looks
/// again as soon as it has settled. Only with `--watch`.
const WATCH_POLL: Duration = Duration::from_millis(100);
/// How often a window left alone looks for changes (see [`WATCH_POLL`]).
const WATCH_POLL_IDLE: Duration = Duration::from_millis(250);
/// How long after the last click or key a window counts as played.
const PLAYING: Duration = Duration::from_secs(5);
/// Set to a number of seconds in the environment, the window counts as
/// played for that long after a click or a key instead of [`PLAYING`]: the
/// window tests leave it alone for a fraction of a second, not five.
const IDLE_AFTER: &str = "CARDTABLE_IDLE_AFTER";

/// How long an idle window waits before it looks again, the last click or
/// key at `played`, a window counting as played for `playing`: see [`next_look`].
fn next_look_of(watch: &Watch, played: Instant, playing: Duration) -> Duration {
    next_look(watch.waiting(), played.elapsed(), playing)
}

/// How long an idle window waits before it looks for changes again, given
/// how long ago a change waiting to settle came (if one is) and how long
/// ago the last click or key was: until the change has settled (a
/// millisecond at the least), at most [`WATCH_POLL`]; else [`WATCH_POLL`]
/// while the window is played (for `playing` after a click or a key:
/// [`PLAYING`]), [`WATCH_POLL_IDLE`] once it is left alone.
fn next_look(change: Option<Duration>, since_played: Duration, playing: Duration) -> Duration {
    match change {
        Some(ago) => SETTLE.saturating_sub(ago).clamp(Duration::from_millis(1), WATCH_POLL),
        None if since_played < playing => WATCH_POLL,
        None => WATCH_POLL_IDLE,
    }
}

/// A frame at most every 1/60 s: the window never spins a core.
const FRAME: Duration = Duration::from_micros(16_667);
/// How long a fault's message stays on screen.
const FAULT_SECONDS: f64 = 8.0;

/// Set (to anything) in the environment, the window prints on stderr the
/// time from the start of the process (`main`) to its first frame drawn and
/// presented, and the moments on the way: `first frame: 123.4 ms after the
/// start (content loaded 20.1, window open 80.3, ...)` (tools/bench/first_frame.sh).
const REPORT_FIRST_FRAME: &str = "CARDTABLE_REPORT_FIRST_FRAME";

/// Set (to anything), the window keeps each frame's times and prints them on
/// stderr as it exits after a --screenshot: the work of a frame (input, the
/// cards, drawing) and the time from one frame's start to the next, each
/// apart for the frames drawn while a code library's answer was awaited (the
/// Computer thinking) and the others (tools/bench/frames_while_thinking.sh).
const REPORT_FRAMES: &str = "CARDTABLE_REPORT_FRAMES";

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

/// Runs the window until it is closed, or with `--screenshot` until the PNG is
/// written. Where no window can be opened, says so in one sentence on stderr
/// and answers failure, with no panic text.
pub fn run(game: Rc<Game>, opts: Options) -> ExitCode {
    if let Some(why) = no_display() {
        eprintln!("{why}");
        return ExitCode::FAILURE;
    }
    let (w, h) = game.screen;
    // A screenshot is taken at the game screen's own size; a player gets a
    // window that fits a common desktop, and may resize it.
    let scale = if opts.screenshot.is_some() { 1.0 } else { 0.8 };
    let conf = macroquad::conf::Conf {
        miniquad_conf: miniquad::conf::Conf {
            window_title: format!("{} — Cardtable", game.name),
            window_width: (w * scale) as i32,
            window_height: (h * scale) as i32,
            high_dpi: false,
            window_resizable: opts.screenshot.is_none(),
            // Multisampled: the lines of Draw Events (an arrow's head) keep smooth edges at any size.
            sample_count: 4,
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
    };
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
            out.set(window_loop(game, opts).await);
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

struct Art {
    /// Each picture of the game, by ImageId: None until it is first needed
    /// (when it is first drawn, or after the first frame: `later`), then
    /// the texture, or None inside when it cannot be read.
    images: Vec<Option<Option<Texture2D>>>,
    /// The object types' own pictures, loaded a few a frame once the first
    /// frame is on screen (those it draws are loaded for it): a panel opened
    /// later finds its picture loaded, and the first frame waits for none
    /// it does not draw.
    later: Vec<ImageId>,
    /// Pictures being decoded on a thread of their own while the window
    /// does something else (the fonts); `need` takes them.
    decoding: Option<std::thread::JoinHandle<Decoded>>,
    regular: Option<Font>,
    bold: Option<Font>,
}

/// Pictures decoded, each with its id (None: one that could not be).
type Decoded = Vec<(ImageId, Option<Image>)>;

/// The game's art, its fonts loaded; its pictures are loaded when needed.
/// `first` are the pictures of the first frame: decoded on other threads
/// while the fonts load.
fn load_art(game: &Game, first: Vec<ImageId>) -> Art {
    let mut later: Vec<ImageId> = game.types.iter().filter_map(|t| t.sprite.as_ref()).map(|s| s.image).collect();
    later.sort_by_key(|im| im.index());
    later.dedup();
    later.reverse();
    let mut art = Art { images: vec![None; game.images.len()], later, decoding: None, regular: None, bold: None };
    let files: Vec<(ImageId, Vec<u8>)> =
        art.unread(game, first).into_iter().map(|(im, b)| (im, b.into_owned())).collect();
    let ids: Vec<ImageId> = files.iter().map(|(im, _)| *im).collect();
    art.decoding = std::thread::Builder::new()
        .name("cardtable-art".into())
        .spawn(move || {
            let decoded = decode_all(files.iter().map(|(_, bytes)| bytes.as_slice()).collect());
            files.iter().map(|(im, _)| *im).zip(decoded).collect()
        })
        .ok();
    if art.decoding.is_none() {
        // No thread to be had: the first frame loads them itself.
        for im in ids {
            art.images[im.index()] = None;
        }
    }
    let font = |p: &Option<PathBuf>| {
        p.as_ref().and_then(|p| game.files.read(p).ok()).and_then(|b| load_ttf_font_from_bytes(&b).ok())
    };
    art.regular = font(&game.fonts.regular);
    art.bold = font(&game.fonts.bold);
    art
}

impl Art {
    /// The files of the pictures of `wanted` not loaded nor being loaded,
    /// each once; from now on they count as being loaded (a file that
    /// cannot be read, as loaded and unreadable).
    fn unread<'g>(
        &mut self,
        game: &'g Game,
        wanted: impl IntoIterator<Item = ImageId>,
    ) -> Vec<(ImageId, Cow<'g, [u8]>)> {
        let mut files = Vec::new();
        for image in wanted {
            let Some(slot @ None) = self.images.get_mut(image.index()) else { continue };
            *slot = Some(None);
            if let Some(bytes) = game.images.get(image.index()).and_then(|im| game.files.read(&im.path).ok()) {
                files.push((image, bytes));
            }
        }
        files
    }

    /// Makes each decoded picture a texture.
    fn install(&mut self, decoded: impl IntoIterator<Item = (ImageId, Option<Image>)>) {
        for (image, picture) in decoded {
            let texture = picture.map(|picture| {
                let tex = Texture2D::from_image(&picture);
                tex.set_filter(FilterMode::Linear);
                tex
            });
            if let Some(slot) = self.images.get_mut(image.index()) {
                *slot = Some(texture);
            }
        }
    }

    /// Loads the pictures of `wanted` not loaded yet: their PNGs are decoded
    /// side by side, a thread a core (a board's takes tens of
    /// milliseconds), then each is made a texture.
    fn need(&mut self, game: &Game, wanted: impl IntoIterator<Item = ImageId>) {
        if let Some(decoding) = self.decoding.take() {
            // A decoder that panicked leaves its pictures unread, as a bad file is.
            let decoded = decoding.join().unwrap_or_default();
            self.install(decoded);
        }
        let files = self.unread(game, wanted);
        let decoded = decode_all(files.iter().map(|(_, bytes)| &**bytes).collect());
        self.install(files.iter().map(|(im, _)| *im).zip(decoded));
    }

    /// Loads a few of the pictures kept for after the first frame (as many
    /// as there are cores); whether any are left.
    fn load_later(&mut self, game: &Game) -> bool {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let some: Vec<ImageId> = (0..cores).map_while(|_| self.later.pop()).collect();
        self.need(game, some);
        !self.later.is_empty()
    }
}

/// The pictures a draw list draws.
fn sprites(items: &[DrawItem]) -> impl Iterator<Item = ImageId> + '_ {
    items.iter().filter_map(|item| match item.kind {
        DrawKind::Sprite { image, .. } => Some(image),
        DrawKind::Text { .. } | DrawKind::Line { .. } => None,
    })
}

/// PNG files decoded to pictures (None: one that is not a PNG the decoder
/// reads), on as many threads as there are cores, the largest first.
fn decode_all(files: Vec<&[u8]>) -> Vec<Option<Image>> {
    let decode = |bytes: &[u8]| Image::from_file_with_format(bytes, Some(ImageFormat::Png)).ok();
    let cores = std::thread::available_parallelism().map_or(1, usize::from).min(files.len());
    if cores <= 1 {
        return files.into_iter().map(decode).collect();
    }
    let mut order: Vec<usize> = (0..files.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(files[i].len()));
    let mut out: Vec<Option<Image>> = (0..files.len()).map(|_| None).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..cores)
            .map(|t| {
                let mine: Vec<usize> = order.iter().copied().skip(t).step_by(cores).collect();
                let files = &files;
                scope.spawn(move || mine.into_iter().map(|i| (i, decode(files[i]))).collect::<Vec<_>>())
            })
            .collect();
        for handle in handles {
            // A decoder that panicked leaves its pictures unread (None), as a bad file is.
            for (i, picture) in handle.join().unwrap_or_default() {
                out[i] = picture;
            }
        }
    });
    out
}

/// Flushes the store when the window loop ends however it ends (the window
/// closed, the screenshot written, an early return): the saves and
/// settings still being written reach the disk, and a write that failed is
/// printed.
struct FlushOnExit(Rc<Store>);

impl Drop for FlushOnExit {
    fn drop(&mut self) {
        self.0.flush();
        for notice in self.0.take_notices() {
            eprintln!("notice: {notice}");
        }
    }
}

async fn window_loop(game: Rc<Game>, opts: Options) -> ExitCode {
    crate::mark("window open");
    let store = Rc::new(Store::for_game(opts.data_dir.as_deref(), &game.name));
    let _flush = FlushOnExit(store.clone());
    let off: Vec<&str> = opts.off.iter().map(String::as_str).collect();
    let mut driver = Driver::with_parts_off(game.clone(), store, opts.reduced_motion, &off);
    crate::mark("game started (a save loaded)");
    let mut game = game;
    let mut watch = match (&game.files, opts.watch) {
        (cardtable::source::files::Files::Dir(dir), true) => match Watch::start(dir) {
            Ok(w) => Some(w),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        },
        _ => None,
    };
    let report_first_frame = std::env::var_os(REPORT_FIRST_FRAME).is_some();
    let mut frame_times = std::env::var_os(REPORT_FRAMES).map(|_| FrameTimes::default());
    // Every fault reaches the terminal as it happens (the window also shows it
    // for a few seconds); a screenshot of a game that faulted fails.
    let mut faults_printed = 0;
    print_new_faults(&driver.world.faults, &mut faults_printed, "");
    // Notices too (a saved game that could not be read, moved aside), shown as faults are.
    let mut notices_seen = 0;
    for (name, value) in &opts.library {
        let applied = driver.apply_start_option(name, value);
        print_new_faults(&driver.world.faults, &mut faults_printed, &format!("--{name}: "));
        if let Err(e) = applied {
            eprintln!("--{name}: {e}");
            return ExitCode::FAILURE;
        }
    }
    if let Some(script) = &opts.script {
        match cardtable::source::read::read_text(script, cardtable::source::read::SCRIPT) {
            Ok(text) => {
                for (number, line) in text.lines().enumerate() {
                    let line = line.trim();
                    if line.is_empty() || line.starts_with('#') {
                        continue;
                    }
                    let answer = driver.command(line);
                    let at = format!("{}:{}: `{line}`: ", script.display(), number + 1);
                    if answer.is_error() {
                        eprintln!("{at}{answer}");
                    }
                    print_new_faults(&driver.world.faults, &mut faults_printed, &at);
                }
            }
            Err(e) => {
                eprintln!("cannot read the script {}: {e}", script.display());
                return ExitCode::FAILURE;
            }
        }
    }
    // The first frame's pictures are decoded while the fonts load.
    let mut items: Vec<DrawItem> = Vec::new();
    draw_list(&mut driver.world, &mut items);
    let mut art = load_art(&game, sprites(&items).collect());
    crate::mark("fonts loaded");
    let mut frame = 0u32;
    let mut keys_pressed = 0u32;
    let input_subscriber = macroquad::input::utils::register_input_subscriber();
    let mut inputs = Inputs(Vec::new());
    let mut faults_seen = driver.world.faults.len();
    let mut toasts: Vec<Toast> = Vec::new();
    // The game's clock moves by each frame's real time (at most a quarter of
    // a second: a window held still does not jump), while a timer or a tween runs.
    let mut last_frame = Instant::now();
    // The last click or key (`--watch` looks for changes more often while the window is played).
    let mut played = Instant::now();
    let playing = std::env::var(IDLE_AFTER)
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .unwrap_or(PLAYING);
    loop {
        let started = Instant::now();
        let since_last = started.duration_since(last_frame);
        let elapsed = since_last.as_secs_f64().min(0.25);
        last_frame = started;
        let awaiting = driver.libraries.awaiting();
        // The cards' calls into code libraries go out, and answers come in
        // (an engine's Move), never waiting.
        driver.libraries.pump(&mut driver.world);
        if driver.world.clock_running() {
            driver.world.advance(elapsed);
        }
        // Clicks land where the last frame drew: the banner it showed kept its room.
        let view = View::fit(&game, banner_height(&mistake_lines(&art, &watch)));
        // Every click and key since the last frame, in order, each click at
        // the point its press was made (two clicks in one frame are two, each
        // where it was): macroquad's state of the mouse keeps only the last
        // point and one press, and a frame may come long after its input (a
        // window idle and watching sleeps a quarter of a second).
        macroquad::input::utils::repeat_all_miniquad_input(&mut inputs, input_subscriber);
        for input in inputs.0.drain(..) {
            match input {
                Input::Click(mx, my) => {
                    played = started;
                    let dpi = miniquad::window::dpi_scale();
                    if let Some((x, y)) = view.to_game(mx / dpi, my / dpi) {
                        driver.world.click_at(x, y);
                    }
                }
                Input::Key(code) => {
                    if let Some(key) = key_of(code) {
                        driver.world.press_key(key);
                        keys_pressed += 1;
                        played = started;
                    }
                }
            }
        }
        if let Some(w) = watch.as_mut() {
            match w.settled(Instant::now()).then(|| driver.reload_content()) {
                None => {}
                Some(Ok(_)) => {
                    w.mistakes.clear();
                    game = driver.world.game.clone();
                    draw_list(&mut driver.world, &mut items);
                    art = load_art(&game, sprites(&items).collect());
                    eprintln!("reloaded {}", game.files.display());
                }
                Some(Err(mistakes)) => {
                    for m in &mistakes {
                        eprintln!("{m}");
                    }
                    eprintln!("not reloaded: the game goes on with the content it had");
                    w.mistakes = mistakes;
                }
            }
        }
        print_new_faults(&driver.world.faults, &mut faults_printed, "");
        // A save the store's writer could not write is told as the other notices are.
        driver.world.take_store_notices();
        for fault in &driver.world.faults[faults_seen..] {
            let text = format!("{}, step {}: {}", fault.card, fault.step, fault.message);
            toasts.push(Toast { text, at: Instant::now(), notice: false });
        }
        faults_seen = driver.world.faults.len();
        for notice in driver.world.notices.get(notices_seen..).unwrap_or_default() {
            eprintln!("notice: {notice}");
            toasts.push(Toast { text: notice.clone(), at: Instant::now(), notice: true });
        }
        notices_seen = driver.world.notices.len();
        toasts.retain(|t| t.at.elapsed().as_secs_f64() < FAULT_SECONDS);

        let [r, g, b, a] = cardtable::present::rgba(game.background, 1.0);
        clear_background(Color::new(r, g, b, a));
        draw_list(&mut driver.world, &mut items);
        art.need(&game, sprites(&items));
        // The mistakes' banner takes a strip of its own under the game screen,
        // which shrinks to fit above it: it hides nothing of the game.
        let banner = mistake_lines(&art, &watch);
        let view = View::fit(&game, banner_height(&banner));
        for item in &items {
            draw_item(&art, &view, item);
        }
        draw_toasts(&art, &toasts);
        draw_banner(&art, &banner);
        if frame == 0 {
            crate::mark("first frame drawn");
        }

        if let Some(times) = frame_times.as_mut() {
            times.add(awaiting, started.elapsed(), since_last, frame);
        }
        if let Some(path) = &opts.screenshot {
            if keys_pressed >= opts.keys && frame + 1 >= opts.frames.max(1) {
                get_screen_data().export_png(&path.to_string_lossy());
                if let Some(times) = &frame_times {
                    times.report();
                }
                let faults = driver.world.faults.len();
                if faults > 0 {
                    eprintln!(
                        "the game faulted {faults} time{} (above); the screenshot is written to {}",
                        if faults == 1 { "" } else { "s" },
                        path.display()
                    );
                    return ExitCode::FAILURE;
                }
                return ExitCode::SUCCESS;
            }
        }
        if keys_pressed >= opts.keys {
            frame += 1;
        }
        // Idle, the loop sleeps until input comes; it asks for frames only while
        // something on screen is still changing, a timer or a tween runs, or a save is being written
        // (a write that fails is told on the frame after).
        let first_report = report_first_frame && frame == 1;
        // After the first frame, the pictures not drawn yet are loaded a few a frame.
        let loading = frame > 1 && art.load_later(&game);
        // A screenshot's frames come one after the other; while it waits for
        // its keys (`--keys`), the window idles as a player's does.
        let counting = opts.screenshot.is_some() && keys_pressed >= opts.keys;
        if counting
            || !toasts.is_empty()
            || driver.world.store.writing()
            || first_report
            || loading
            || (frame == 1 && !art.later.is_empty())
            || driver.world.clock_running()
            || driver.libraries.awaiting()
        {
            miniquad::window::schedule_update();
        } else if let Some(w) = &watch {
            // Idle and watching: a change is looked for four to ten times a
            // second (see WATCH_POLL).
            std::thread::sleep(next_look_of(w, played, playing));
            miniquad::window::schedule_update();
        }
        if !first_report {
            if let Some(rest) = FRAME.checked_sub(started.elapsed()) {
                std::thread::sleep(rest);
            }
        }
        let presenting = Instant::now();
        next_frame().await;
        if let Some(times) = frame_times.as_mut() {
            times.presented(awaiting, presenting.elapsed(), frame);
        }
        if first_report {
            // The first frame has been drawn and presented (its buffers swapped).
            let since = crate::STARTED.get().map_or(Duration::ZERO, Instant::elapsed);
            let marks = crate::MARKS.lock().map(|m| m.clone()).unwrap_or_default();
            let marks: Vec<String> =
                marks.iter().map(|(what, at)| format!("{what} {:.1}", at.as_secs_f64() * 1000.0)).collect();
            eprintln!("first frame: {:.1} ms after the start ({})", since.as_secs_f64() * 1000.0, marks.join(", "));
        }
    }
}

/// Each frame's work and the time since the frame before, in milliseconds,
/// apart for the frames drawn while an answer was awaited (`REPORT_FRAMES`).
#[derive(Default)]
struct FrameTimes {
    /// work, start to start, presenting (macroquad's next_frame: the GPU's
    /// drawing of the frame's batches and the buffer swap)
    awaiting: (Vec<f64>, Vec<f64>, Vec<f64>),
    other: (Vec<f64>, Vec<f64>, Vec<f64>),
}

impl FrameTimes {
    fn add(&mut self, awaiting: bool, work: Duration, since_last: Duration, frame: u32) {
        // The first frame is the start's (loading the art; tools/bench/first_frame.sh).
        if frame == 0 {
            return;
        }
        let into = if awaiting { &mut self.awaiting } else { &mut self.other };
        into.0.push(work.as_secs_f64() * 1000.0);
        into.1.push(since_last.as_secs_f64() * 1000.0);
    }

    fn presented(&mut self, awaiting: bool, presenting: Duration, frame: u32) {
        if frame <= 1 {
            return;
        }
        let into = if awaiting { &mut self.awaiting } else { &mut self.other };
        into.2.push(presenting.as_secs_f64() * 1000.0);
    }

    fn report(&self) {
        fn line(what: &str, times: &[f64]) {
            let mut t = times.to_vec();
            t.sort_by(f64::total_cmp);
            if t.is_empty() {
                eprintln!("frames {what}: none");
                return;
            }
            let at = |q: f64| t[((t.len() - 1) as f64 * q).round() as usize];
            eprintln!(
                "frames {what}: {} frames, median {:.2} ms, 99th {:.2} ms, most {:.2} ms",
                t.len(),
                at(0.5),
                at(0.99),
                t[t.len() - 1]
            );
        }
        line("awaiting an answer, work", &self.awaiting.0);
        line("awaiting an answer, start to start", &self.awaiting.1);
        line("awaiting an answer, presenting", &self.awaiting.2);
        line("otherwise, work", &self.other.0);
        line("otherwise, start to start", &self.other.1);
        line("otherwise, presenting", &self.other.2);
    }
}

/// A click or a key of the player.
enum Input {
    /// The left button went down at this point of the window (physical pixels).
    Click(f32, f32),
    Key(KeyCode),
}

/// The clicks and keys since the last frame, in order (a key held down and
/// repeating counts once).
struct Inputs(Vec<Input>);

impl miniquad::EventHandler for Inputs {
    fn update(&mut self) {}
    fn draw(&mut self) {}
    fn key_down_event(&mut self, code: KeyCode, _mods: miniquad::KeyMods, repeat: bool) {
        if !repeat {
            self.0.push(Input::Key(code));
        }
    }
    fn mouse_button_down_event(&mut self, button: MouseButton, x: f32, y: f32) {
        if button == MouseButton::Left {
            self.0.push(Input::Click(x, y));
        }
    }
}

/// A key of the keyboard as the content names it (game.yaml's `inputs:`);
/// None for a key the content cannot bind.
fn key_of(code: KeyCode) -> Option<cardtable::game::Key> {
    let name = match code {
        KeyCode::Left => "Left",
        KeyCode::Right => "Right",
        KeyCode::Up => "Up",
        KeyCode::Down => "Down",
        KeyCode::Home => "Home",
        KeyCode::End => "End",
        KeyCode::Enter | KeyCode::KpEnter => "Enter",
        KeyCode::Space => "Space",
        KeyCode::Escape => "Escape",
        KeyCode::A => "A",
        KeyCode::B => "B",
        KeyCode::C => "C",
        KeyCode::D => "D",
        KeyCode::E => "E",
        KeyCode::F => "F",
        KeyCode::G => "G",
        KeyCode::H => "H",
        KeyCode::I => "I",
        KeyCode::J => "J",
        KeyCode::K => "K",
        KeyCode::L => "L",
        KeyCode::M => "M",
        KeyCode::N => "N",
        KeyCode::O => "O",
        KeyCode::P => "P",
        KeyCode::Q => "Q",
        KeyCode::R => "R",
        KeyCode::S => "S",
        KeyCode::T => "T",
        KeyCode::U => "U",
        KeyCode::V => "V",
        KeyCode::W => "W",
        KeyCode::X => "X",
        KeyCode::Y => "Y",
        KeyCode::Z => "Z",
        _ => return None,
    };
    cardtable::game::Key::parse(name)
}

/// Prints on stderr each fault after the first `printed`, each after `at`.
fn print_new_faults(faults: &[cardtable::world::Fault], printed: &mut usize, at: &str) {
    for fault in faults.get(*printed..).unwrap_or_default() {
        eprintln!("{at}fault: {fault}");
    }
    *printed = faults.len();
}

/// Where the game screen sits in the window: scaled to fit, centred, shape kept.
struct View {
    scale: f32,
    left: f32,
    top: f32,
    w: f32,
    h: f32,
}

impl View {
    /// The game screen fitted into the window but for a strip `bottom` pixels high at its bottom.
    fn fit(game: &Game, bottom: f32) -> View {
        let (w, h) = game.screen;
        let room = (screen_height() - bottom).max(1.0);
        let scale = (screen_width() / w).min(room / h).max(0.01);
        View { scale, left: (screen_width() - w * scale) / 2.0, top: (room - h * scale) / 2.0, w, h }
    }

    /// A window point to a game-screen point (pixels from the bottom-left), if it is on the game screen.
    fn to_game(&self, mx: f32, my: f32) -> Option<(f32, f32)> {
        let x = (mx - self.left) / self.scale;
        let y = self.h - (my - self.top) / self.scale;
        (x >= 0.0 && x <= self.w && y >= 0.0 && y <= self.h).then_some((x, y))
    }
}

fn draw_item(art: &Art, view: &View, item: &DrawItem) {
    let [r, g, b, a] = item.color;
    let color = Color::new(r, g, b, a);
    let (x, y, w, h) = item.rect;
    let (sx, sy) = (view.left + x * view.scale, view.top + y * view.scale);
    match &item.kind {
        DrawKind::Sprite { image, frame, frames } => {
            let Some(Some(Some(tex))) = art.images.get(image.index()) else { return };
            let fw = tex.width() / *frames as f32;
            draw_texture_ex(
                tex,
                sx,
                sy,
                color,
                DrawTextureParams {
                    dest_size: Some(vec2(w * view.scale, h * view.scale)),
                    source: Some(Rect::new(fw * *frame as f32, 0.0, fw, tex.height())),
                    ..Default::default()
                },
            );
        }
        DrawKind::Text { text, size, bold, align, wrap: Some((w, h)) } => {
            // Wrapped in its box, centred on the anchor; the lines from its top.
            let font = if *bold { art.bold.as_ref().or(art.regular.as_ref()) } else { art.regular.as_ref() };
            let (w, h) = (w * view.scale, h * view.scale);
            let measure = |t: &str, s: f32| measure_text(t, font, s.round().max(1.0) as u16, 1.0).width;
            let (lines, size) = wrap_in_box(text, size * view.scale, (w, h), measure);
            let font_size = size.round().max(1.0) as u16;
            let line = size * LINE_SPACING;
            let top = sy - h / 2.0;
            for (i, text) in lines.iter().enumerate() {
                let width = measure_text(text, font, font_size, 1.0).width;
                let left = match align {
                    Align::Left => sx - w / 2.0,
                    Align::Center => sx - width / 2.0,
                    Align::Right => sx + w / 2.0 - width,
                };
                // Each line's baseline about four fifths of its size below the line's top.
                let baseline = top + line * i as f32 + size * 0.95;
                draw_text_ex(text, left, baseline, TextParams { font, font_size, color, ..Default::default() });
            }
        }
        DrawKind::Line { width } => {
            // A Draw Event's line, scaled with the game screen; the window's
            // multisampling smooths its edges.
            let (ex, ey) = (view.left + w * view.scale, view.top + h * view.scale);
            draw_line(sx, sy, ex, ey, (width * view.scale).max(0.5), color);
        }
        DrawKind::Text { text, size, bold, align, wrap: None } => {
            let font = if *bold { art.bold.as_ref().or(art.regular.as_ref()) } else { art.regular.as_ref() };
            let font_size = (size * view.scale).round().max(1.0) as u16;
            let dims = measure_text(text, font, font_size, 1.0);
            let left = match align {
                Align::Left => sx,
                Align::Center => sx - dims.width / 2.0,
                Align::Right => sx - dims.width,
            };
            // Centred on the anchor vertically by the font's capital height,
            // not by this text's own ink: a word with a descender (Strong,
            // Ivory & gold) then stands on the same baseline as one without.
            let cap_height = measure_text("H", font, font_size, 1.0).offset_y;
            let baseline = sy + cap_height / 2.0;
            draw_text_ex(text, left, baseline, TextParams { font, font_size, color, ..Default::default() });
        }
    }
}

/// A message shown at the top of the window for a few seconds: a fault, or
/// a notice (a saved game that could not be read, moved aside).
struct Toast {
    text: String,
    at: Instant,
    notice: bool,
}

/// The newest toasts, at the top of the window, each wrapped to its width:
/// faults red, notices blue.
fn draw_toasts(art: &Art, toasts: &[Toast]) {
    let (size, line) = (15u16, 20.0);
    let width = screen_width() - 32.0;
    let mut y = 8.0;
    for toast in toasts.iter().rev().take(3) {
        let lines = wrap(&toast.text, art.regular.as_ref(), size, width);
        let height = 6.0 + line * lines.len() as f32;
        let color = if toast.notice { Color::new(0.08, 0.18, 0.42, 0.9) } else { Color::new(0.45, 0.05, 0.05, 0.85) };
        draw_rectangle(8.0, y, screen_width() - 16.0, height, color);
        for (i, text) in lines.iter().enumerate() {
            let params = TextParams { font: art.regular.as_ref(), font_size: size, color: WHITE, ..Default::default() };
            draw_text_ex(text, 16.0, y + 18.0 + line * i as f32, params);
        }
        y += height + 4.0;
    }
}

/// The lines of the new files' mistakes' banner (`--watch`), until the
/// files are fixed; none when there are none.
fn mistake_lines(art: &Art, watch: &Option<Watch>) -> Vec<String> {
    let Some(mistakes) = watch.as_ref().map(|w| &w.mistakes).filter(|m| !m.is_empty()) else { return Vec::new() };
    let width = screen_width() - 32.0;
    let mut lines = vec!["The content was not reloaded; the game goes on with the content it had:".to_string()];
    for m in mistakes.iter().take(4) {
        lines.extend(wrap(m, art.regular.as_ref(), BANNER_SIZE, width));
    }
    if mistakes.len() > 4 {
        lines.push(format!("... and {} more (the terminal lists them all)", mistakes.len() - 4));
    }
    lines
}

/// The banner's text size and line height.
const BANNER_SIZE: u16 = 15;
const BANNER_LINE: f32 = 20.0;

/// The height of the strip the banner takes at the bottom of the window, its margins in it.
fn banner_height(lines: &[String]) -> f32 {
    if lines.is_empty() {
        0.0
    } else {
        6.0 + BANNER_LINE * lines.len() as f32 + 16.0
    }
}

/// The mistakes' banner in red, in its strip at the bottom of the window.
fn draw_banner(art: &Art, lines: &[String]) {
    if lines.is_empty() {
        return;
    }
    let height = banner_height(lines) - 16.0;
    let y = screen_height() - height - 8.0;
    draw_rectangle(8.0, y, screen_width() - 16.0, height, Color::new(0.45, 0.05, 0.05, 0.9));
    for (i, text) in lines.iter().enumerate() {
        let params =
            TextParams { font: art.regular.as_ref(), font_size: BANNER_SIZE, color: WHITE, ..Default::default() };
        draw_text_ex(text, 16.0, y + 18.0 + BANNER_LINE * i as f32, params);
    }
}

/// A text broken into lines no wider than `width` (at spaces; a word wider
/// than that stands alone).
fn wrap(text: &str, font: Option<&Font>, size: u16, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        let candidate = if current.is_empty() { word.to_string() } else { format!("{current} {word}") };
        if !current.is_empty() && measure_text(&candidate, font, size, 1.0).width > width {
            lines.push(std::mem::replace(&mut current, word.to_string()));
        } else {
            current = candidate;
        }
    }
    if !current.is_empty() || lines.is_empty() {
        lines.push(current);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn an_idle_window_looks_for_changes_less_often_once_left_alone() {
        assert_eq!(next_look(None, ms(0), PLAYING), WATCH_POLL);
        assert_eq!(next_look(None, PLAYING - ms(1), PLAYING), WATCH_POLL);
        assert_eq!(next_look(None, PLAYING, PLAYING), WATCH_POLL_IDLE);
        assert_eq!(next_look(None, ms(100), ms(100)), WATCH_POLL_IDLE, "idle sooner when told");
        assert!(WATCH_POLL_IDLE > WATCH_POLL && WATCH_POLL_IDLE <= SETTLE + ms(50), "{WATCH_POLL_IDLE:?}");
    }

    #[test]
    fn a_window_that_saw_a_change_looks_again_when_it_has_settled() {
        // Seen at once: it waits the whole settling, no more than a look.
        assert_eq!(next_look(Some(ms(0)), PLAYING * 2, PLAYING), WATCH_POLL.min(SETTLE));
        // Seen late (the window was left alone): only what is left of the settling.
        assert_eq!(next_look(Some(SETTLE - ms(30)), PLAYING * 2, PLAYING), ms(30));
        // Settled already (a change that came as the frame looked): at once.
        assert_eq!(next_look(Some(SETTLE + ms(5)), PLAYING * 2, PLAYING), ms(1));
    }
}
