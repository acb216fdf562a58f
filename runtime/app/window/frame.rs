//! The window's loop: the game started (its store, its driver, the
//! watcher, the library options and the script), then frame after frame
//! its named steps: the game's clock and libraries, the input, the folder's
//! changes, the messages, the drawing, the screenshot, and the wait for the
//! next frame.

use super::art::{load_art, sprites, Art};
use super::canvas::Canvas;
use super::debug::{self, Debug};
use super::input::{key_of, Input, Inputs};
use super::messages::{banner_height, draw_banner, draw_toasts, mistake_lines, print_new_faults, Toast, FAULT_SECONDS};
use super::pace::{next_look_of, FRAME};
use super::report::{self, FrameTimes, Kind, REPORT_FIRST_FRAME, REPORT_FRAMES};
use super::view::View;
use super::watch::Watch;
use super::Options;
use cardtable_runtime::game::Game;
use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::present::{draw_list, DrawItem};
use cardtable_runtime::save::Store;
use macroquad::miniquad;
use macroquad::prelude::{get_screen_data, mouse_position, next_frame, screen_height, screen_width};
use std::path::Path;
use std::process::ExitCode;
use std::rc::Rc;
use std::time::{Duration, Instant};

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

/// Runs the game in the open window until it is closed, or with
/// `--screenshot` until the PNG is written; its exit code.
pub async fn window_loop(game: std::sync::Arc<Game>, opts: Options) -> ExitCode {
    crate::mark("window open");
    let store = Rc::new(Store::for_game(opts.data_dir.as_deref(), &game.name));
    // Declared before the window, so dropped after it: the driver ends first.
    let _flush = FlushOnExit(store.clone());
    // A signal that comes while the window sleeps is ended by the signals' thread, which flushes too.
    crate::signals::keep_flushed(store.flusher());
    let mut window = match Window::start(game, opts, store) {
        Ok(window) => window,
        Err(code) => return code,
    };
    loop {
        if let Some(code) = window.frame().await {
            return code;
        }
    }
}

/// The game in the window, and what each frame keeps for the next.
struct Window {
    opts: Options,
    game: std::sync::Arc<Game>,
    driver: Driver,
    watch: Option<Watch>,
    art: Art,
    items: Vec<DrawItem>,
    /// The game screen as the last frame drew it, redrawn where it changed.
    canvas: Canvas,
    frame: u32,
    keys_pressed: u32,
    input_subscriber: usize,
    inputs: Inputs,
    /// The faults printed on stderr, the faults and the notices shown as toasts.
    faults_printed: usize,
    faults_seen: usize,
    notices_seen: usize,
    toasts: Vec<Toast>,
    /// When the last frame began: the game's clock moves by each frame's real time.
    last_frame: Instant,
    /// Whether a frame began already (the first waits for none).
    drawn_one: bool,
    /// The last click or key (`--watch` looks for changes more often while the window is played).
    played: Instant,
    playing: Duration,
    report_first_frame: bool,
    frame_times: Option<FrameTimes>,
    /// The debug view (F12, `--debug`): open or closed, and what it shows.
    debug: Debug,
    /// F11 made the window fill the screen.
    fullscreen: bool,
    /// The lines a test waits for (`CARDTABLE_REPORT_INPUTS`): idle, each input taken.
    reports: report::InputReport,
    /// The sounds the cards play, on a thread of their own while a device plays them.
    sounds: super::sound::Sounds,
    /// The window size last found under the least size and set back up
    /// (`keep_min_size`): asked once a size, so a window manager that
    /// refuses is not asked every frame.
    min_size_asked: Option<(u32, u32)>,
}

/// The system clipboard, miniquad's: the window's (X11's CLIPBOARD
/// selection, served while the window runs).
struct SystemClipboard;

impl cardtable_runtime::outside::Clipboard for SystemClipboard {
    fn get(&self) -> Result<String, String> {
        macroquad::miniquad::window::clipboard_get().ok_or_else(|| "the clipboard holds no text".to_string())
    }
    fn set(&self, text: &str) -> Result<(), String> {
        macroquad::miniquad::window::clipboard_set(text);
        Ok(())
    }
}

impl Window {
    /// The game started in the window: its driver over `store`, the folder
    /// watched (`--watch`), the library options applied and the script
    /// played, the first frame's art loaded. Where one of these fails, it is
    /// said on stderr and the answer is the exit code.
    fn start(game: std::sync::Arc<Game>, opts: Options, store: Rc<Store>) -> Result<Window, ExitCode> {
        let off: Vec<&str> = opts.off.iter().map(String::as_str).collect();
        let seed = opts.seed.unwrap_or_else(|| {
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
            now.map_or(0, |d| d.as_nanos() as u64)
        });
        let mut driver = Driver::with_seed(game.clone(), store, opts.reduced_motion, &off, seed);
        // The system clipboard, and the folder a game saved as PGN goes to.
        driver.world.clipboard = Rc::new(SystemClipboard);
        driver.world.documents = opts.documents.clone().or_else(cardtable_runtime::outside::platform_documents);
        if let Some(trees) = &opts.trees {
            driver = driver.with_trees(trees.clone());
        }
        crate::mark("game started (a save loaded)");
        let watch = start_watch(&game, opts.watch)?;
        let report_first_frame = std::env::var_os(REPORT_FIRST_FRAME).is_some();
        let frame_times = std::env::var_os(REPORT_FRAMES).map(|_| FrameTimes::default());
        // Every fault reaches the terminal as it happens (the window also shows it
        // for a few seconds); a screenshot of a game that faulted fails.
        let mut faults_printed = 0;
        print_new_faults(&driver.world.faults, &mut faults_printed, "");
        apply_library_options(&mut driver, &opts.library, &mut faults_printed)?;
        // `--debug` opens the view from the start: a player's window was opened wider for it.
        let mut debug = Debug::new(opts.debug, opts.debug && opts.screenshot.is_none());
        if let Some(script) = &opts.script {
            run_script(&mut driver, script, &mut faults_printed, &mut debug)?;
        }
        // The first frame's pictures are decoded while the fonts load.
        let mut items: Vec<DrawItem> = Vec::new();
        draw_list(&mut driver.world, &mut items);
        let art = load_art(&game, sprites(&items).collect());
        crate::mark("fonts loaded");
        let faults_seen = driver.world.faults.len();
        let game_for_sounds = game.clone();
        Ok(Window {
            opts,
            game,
            watch,
            art,
            items,
            canvas: Canvas::new(),
            frame: 0,
            keys_pressed: 0,
            input_subscriber: macroquad::input::utils::register_input_subscriber(),
            inputs: Inputs(Vec::new()),
            faults_printed,
            faults_seen,
            // Notices too (a saved game that could not be read, moved aside), shown as faults are.
            notices_seen: 0,
            toasts: Vec::new(),
            last_frame: Instant::now(),
            drawn_one: false,
            played: Instant::now(),
            playing: super::pace::playing(),
            report_first_frame,
            frame_times,
            debug,
            fullscreen: false,
            reports: report::InputReport::from_env(),
            sounds: super::sound::Sounds::start(&game_for_sounds),
            min_size_asked: None,
            driver,
        })
    }

    /// One frame, its steps in order; the exit code once the window is done
    /// (the screenshot written).
    async fn frame(&mut self) -> Option<ExitCode> {
        crate::signals::asleep(false);
        // SIGTERM, SIGINT or SIGHUP: the window ends as when it is closed
        // (the engines ended, the store flushed), then the process by the signal.
        if crate::signals::asked().is_some() {
            if crate::signals::begin_end() {
                return Some(ExitCode::FAILURE);
            }
            // The signals' thread ends the game and the process.
            loop {
                std::thread::park();
            }
        }
        // At most a frame every 1/60 s, counted from one frame's start to the
        // next: the wait comes after the last frame was presented, not
        // before (a wait before it added the presenting's time to each frame).
        if let Some(rest) = FRAME.checked_sub(self.last_frame.elapsed()).filter(|_| self.drawn_one) {
            std::thread::sleep(rest);
        }
        self.drawn_one = true;
        let started = Instant::now();
        let since_last = started.duration_since(self.last_frame);
        self.last_frame = started;
        if let Some(times) = self.frame_times.as_mut() {
            times.started(since_last);
        }
        let awaiting = self.driver.libraries.awaiting();
        let slid = !self.driver.world.tweens.is_empty();
        self.run_the_game(since_last);
        // A frame that moved a tween, or drew one's end, is a slide's.
        let kind = Kind { sliding: slid || !self.driver.world.tweens.is_empty(), awaiting };
        self.take_input(started);
        self.sounds.frame(&mut self.driver.world);
        self.look_for_changes();
        self.take_messages();
        self.draw();
        if self.frame == 0 {
            crate::mark("first frame drawn");
        }
        let drawn = self.frame;
        if let Some(times) = self.frame_times.as_mut() {
            times.drawn(kind, started.elapsed(), drawn);
        }
        if let Some(code) = self.take_screenshot() {
            self.sounds.settle();
            return Some(code);
        }
        if self.keys_pressed >= self.opts.keys {
            self.frame += 1;
        }
        let first_report = self.report_first_frame && self.frame == 1;
        self.wait_for_the_next_frame(started, first_report);
        let presenting = Instant::now();
        next_frame().await;
        if let Some(times) = self.frame_times.as_mut() {
            times.presented(kind, presenting.elapsed(), drawn);
        }
        if first_report {
            // The first frame has been drawn and presented (its buffers swapped).
            super::report::first_frame();
        }
        None
    }

    /// The cards' calls into code libraries go out, and answers come in;
    /// the game's clock moves by the frame's real time (at most a quarter
    /// of a second: a window held still does not jump), while a timer or a
    /// tween runs.
    fn run_the_game(&mut self, since_last: Duration) {
        let elapsed = since_last.as_secs_f64().min(0.25);
        // The cards' calls into code libraries go out, and answers come in
        // (an engine's Move), never waiting.
        self.driver.libraries.pump(&mut self.driver.world);
        if self.driver.world.clock_running() {
            self.driver.world.advance(elapsed);
        }
    }

    /// Every click and key since the last frame, in order, each click at
    /// the point its press was made (two clicks in one frame are two, each
    /// where it was): macroquad's state of the mouse keeps only the last
    /// point and one press, and a frame may come long after its input (a
    /// window idle and watching sleeps a quarter of a second).
    fn take_input(&mut self, started: Instant) {
        // Clicks land where the last frame drew: the banner and the debug view it showed kept their room.
        let view = self.view();
        macroquad::input::utils::repeat_all_miniquad_input(&mut self.inputs, self.input_subscriber);
        let mut inputs = std::mem::take(&mut self.inputs.0);
        for input in inputs.drain(..) {
            match input {
                Input::Click(mx, my) => {
                    self.played = started;
                    let dpi = miniquad::window::dpi_scale();
                    if self.debug.click(mx / dpi, my / dpi) {
                        self.reports.taken(format_args!("click on the debug view"));
                        continue;
                    }
                    if let Some((x, y)) = view.to_game(mx / dpi, my / dpi) {
                        // Traced while the debug view is open; else `World::click_at` as it is.
                        let header = || format!("click at {x:.0}, {y:.0}");
                        self.debug.run(&mut self.driver, header, |w| w.mouse_down(x, y, None));
                        self.reports.taken(format_args!("click at {x:.0}, {y:.0}"));
                    } else {
                        self.reports.taken(format_args!("click outside the game screen"));
                    }
                }
                Input::Moved(mx, my) | Input::Released(mx, my) => {
                    let dpi = miniquad::window::dpi_scale();
                    // A drag let go off the game screen ends there, over no Object.
                    let (x, y) = view.to_game_anywhere(mx / dpi, my / dpi);
                    let world = &mut self.driver.world;
                    if let Input::Released(..) = input {
                        let dragged = world.dragging;
                        world.mouse_up(x, y, None);
                        if dragged {
                            self.played = started;
                            self.reports.taken(format_args!("release at {x:.0}, {y:.0}"));
                        }
                    } else if world.dragging {
                        world.mouse_move(x, y, None);
                        self.played = started;
                        self.reports.taken(format_args!("drag at {x:.0}, {y:.0}"));
                    } else {
                        world.pointer = (x, y);
                    }
                }
                Input::Key(miniquad::KeyCode::F11, _) => {
                    // F11 makes the window fill the screen, and again brings it back.
                    self.fullscreen = !self.fullscreen;
                    miniquad::window::set_fullscreen(self.fullscreen);
                    self.reports.taken(format_args!("fullscreen {}", self.fullscreen));
                }
                Input::Key(debug::KEY, _) => {
                    self.debug.toggle(self.opts.screenshot.is_some());
                    self.reports.debug_view(self.debug.open);
                }
                Input::Key(code, _) if self.debug.open && self.debug.page_key(code) => {}
                Input::Key(code, mods) => {
                    if let Some(key) = key_of(code, mods) {
                        let header = || format!("key {}", key.name());
                        self.debug.run(&mut self.driver, header, |w| {
                            w.press_key(key);
                        });
                        self.keys_pressed += 1;
                        self.played = started;
                        self.reports.taken(format_args!("key {}", key.name()));
                    }
                }
                Input::Wheel(turn) if self.debug.open => self.debug.scroll_by((-3.0 * turn).round() as i64),
                Input::Wheel(_) => {}
            }
        }
        // The list's room is kept for the next frame's input.
        self.inputs.0 = inputs;
    }

    /// Where the game screen is drawn in the window: the room the mistakes'
    /// banner and the debug view take is kept from it.
    fn view(&self) -> View {
        View::fit(&self.game, banner_height(&mistake_lines(&self.art, &self.watch)), self.debug.strip())
    }

    /// While watching, the folder read again once it has settled after a
    /// change: the new content taken, or its mistakes printed and kept for
    /// the banner.
    fn look_for_changes(&mut self) {
        let Some(w) = self.watch.as_mut() else { return };
        match w.settled(Instant::now()).then(|| self.driver.reload_content()) {
            None => {}
            Some(Ok(_)) => {
                w.mistakes.clear();
                self.game = self.driver.world.game.clone();
                draw_list(&mut self.driver.world, &mut self.items);
                self.art = load_art(&self.game, sprites(&self.items).collect());
                // Its sounds as they are now (the last thread ends as its channel closes).
                self.sounds = super::sound::Sounds::start(&self.game);
                self.canvas.forget();
                eprintln!("reloaded {}", self.game.files.display());
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

    /// The new faults printed, and each new fault and notice made a toast;
    /// the toasts shown long enough go.
    fn take_messages(&mut self) {
        let driver = &mut self.driver;
        print_new_faults(&driver.world.faults, &mut self.faults_printed, "");
        // A save the store's writer could not write is told as the other notices are.
        driver.world.take_store_notices();
        for fault in &driver.world.faults[self.faults_seen..] {
            let text = format!("{}, step {}: {}", fault.card, fault.step, fault.message);
            self.toasts.push(Toast { text, at: Instant::now(), notice: false });
        }
        self.faults_seen = driver.world.faults.len();
        for notice in driver.world.notices.get(self.notices_seen..).unwrap_or_default() {
            eprintln!("notice: {notice}");
            self.toasts.push(Toast { text: notice.clone(), at: Instant::now(), notice: true });
        }
        self.notices_seen = driver.world.notices.len();
        self.toasts.retain(|t| t.at.elapsed().as_secs_f64() < FAULT_SECONDS);
    }

    /// The game's background, its draw list, the debug view when it is
    /// open, the toasts and the banner.
    fn draw(&mut self) {
        self.keep_min_size();
        // The mistakes' banner takes a strip of its own under the game screen,
        // which shrinks to fit above it: it hides nothing of the game.
        let banner = mistake_lines(&self.art, &self.watch);
        let view = View::fit(&self.game, banner_height(&banner), self.debug.strip());
        // The cards hear Screen Resized when the room beside the game screen changed.
        self.driver.world.set_beside(view.beside);
        draw_list(&mut self.driver.world, &mut self.items);
        self.art.need(&self.game, sprites(&self.items));
        let size = (screen_width().max(1.0) as u32, screen_height().max(1.0) as u32);
        let background = cardtable_runtime::present::rgba(self.game.background, 1.0);
        self.canvas.draw(&self.art, &view, &self.items, background, size);
        if self.debug.open {
            let (mx, my) = mouse_position();
            let under = match view.to_game(mx, my) {
                Some((x, y)) => debug::objects_at(&self.driver.world, &self.items, x, y),
                None => Vec::new(),
            };
            self.debug.draw(&self.driver.world, &under);
            self.reports.under_the_mouse(self.debug.object_line().filter(|_| !under.is_empty()));
        }
        draw_toasts(&self.art, &self.toasts);
        draw_banner(&self.art, &banner);
    }

    /// A player's window made smaller than the game's least size (game.yaml's
    /// `screen: { minScale }`, `setup::min_size`) is set back up to it, once
    /// for each size it was made: the smallest words stay readable.
    fn keep_min_size(&mut self) {
        let Some((w, h)) = super::setup::min_size(&self.game) else { return };
        if self.opts.screenshot.is_some() || self.fullscreen {
            return;
        }
        let now = (screen_width().max(0.0) as u32, screen_height().max(0.0) as u32);
        let want = (now.0.max(w + self.debug.strip() as u32), now.1.max(h));
        if want != now && self.min_size_asked != Some(now) {
            self.min_size_asked = Some(now);
            macroquad::miniquad::window::set_window_size(want.0, want.1);
            self.reports.kept_min_size(now, want);
        }
    }

    /// With `--screenshot`, once its keys are pressed and its frames drawn:
    /// the PNG written, and the exit code (failure when the game faulted).
    fn take_screenshot(&self) -> Option<ExitCode> {
        let path = self.opts.screenshot.as_ref()?;
        if self.keys_pressed < self.opts.keys || self.frame + 1 < self.opts.frames.max(1) {
            return None;
        }
        get_screen_data().export_png(&path.to_string_lossy());
        // What the debug view shows, on stdout: the trace as `cardtable trace` prints it.
        if self.debug.open {
            print!("{}", self.debug.text());
        }
        if let Some(times) = &self.frame_times {
            times.report();
        }
        let faults = self.driver.world.faults.len();
        if faults > 0 {
            eprintln!(
                "the game faulted {faults} time{} (above); the screenshot is written to {}",
                if faults == 1 { "" } else { "s" },
                path.display()
            );
            return Some(ExitCode::FAILURE);
        }
        Some(ExitCode::SUCCESS)
    }

    /// Idle, the loop sleeps until input comes; it asks for frames only while
    /// something on screen is still changing, a timer or a tween runs, or a save is being written
    /// (a write that fails is told on the frame after). Never more than a
    /// frame every 1/60 s: the next frame waits for the rest of it as it begins.
    fn wait_for_the_next_frame(&mut self, started: Instant, first_report: bool) {
        let driver = &self.driver;
        // After the first frame, the pictures not drawn yet are loaded a few a frame.
        let loading = self.frame > 1 && self.art.load_later(&self.game);
        // A screenshot's frames come one after the other. While it waits for
        // its keys (`--keys`) it idles as a player's window does only when it
        // watches its folder (whose looks wake it): miniquad's blocking loop,
        // after the events that came during a frame, waits for one event
        // more, so keys sent all at once while a frame was busy would wait
        // for a key that never comes.
        let counting = self.opts.screenshot.is_some() && (self.keys_pressed >= self.opts.keys || self.watch.is_none());
        if counting
            || !self.toasts.is_empty()
            || driver.world.store.writing()
            || first_report
            || loading
            || (self.frame == 1 && !self.art.later.is_empty())
            || driver.world.clock_running()
            || driver.libraries.awaiting()
        {
            miniquad::window::schedule_update();
        } else if self.debug.open {
            // The debug view follows the mouse, which does not wake the window: it looks.
            std::thread::sleep(debug::LOOK.saturating_sub(started.elapsed()));
            miniquad::window::schedule_update();
        } else if let Some(w) = &self.watch {
            // Idle and watching: a change is looked for four to ten times a
            // second (see WATCH_POLL); left alone, four.
            if self.played.elapsed() >= self.playing {
                self.reports.idle();
            }
            std::thread::sleep(next_look_of(w, self.played, self.playing));
            miniquad::window::schedule_update();
        } else {
            // Nothing to draw: miniquad sleeps until an event comes (a
            // signal meanwhile is ended by the signals' thread: nothing wakes this one).
            self.reports.idle();
            crate::signals::asleep(true);
        }
    }
}

/// The content folder watched, with `--watch` (the built-in game is never
/// watched); said on stderr once it is (`watching FOLDER: ...`): a change
/// made from then on is read (the `--watch` test waits for it).
fn start_watch(game: &Game, watch: bool) -> Result<Option<Watch>, ExitCode> {
    let folders = game.files.folders();
    match (folders.split_first(), watch) {
        (Some((dir, bases)), true) => match Watch::start(dir).and_then(|mut w| w.also(bases).map(|()| w)) {
            Ok(w) => {
                for base in bases {
                    eprintln!("watching {}, the base it is made over", base.display());
                }
                eprintln!("watching {}: a file saved in it is read again", dir.display());
                Ok(Some(w))
            }
            Err(e) => {
                eprintln!("{e}");
                Err(ExitCode::FAILURE)
            }
        },
        _ => Ok(None),
    }
}

/// The code libraries' options given on the command line (`--fen FEN`),
/// applied in their order; the faults they make printed.
fn apply_library_options(
    driver: &mut Driver,
    library: &[(String, String)],
    faults_printed: &mut usize,
) -> Result<(), ExitCode> {
    for (name, value) in library {
        let applied = driver.apply_start_option(name, value);
        print_new_faults(&driver.world.faults, faults_printed, &format!("--{name}: "));
        if let Err(e) = applied {
            eprintln!("--{name}: {e}");
            return Err(ExitCode::FAILURE);
        }
    }
    Ok(())
}

/// The `--script` file's driver commands, run before the first frame; an
/// error or a fault printed with its line. While the debug view is open,
/// each of the player's inputs (`click`, `press`, `key`) is traced as the
/// driver's `trace` traces it, and the view shows the last one's.
fn run_script(
    driver: &mut Driver,
    script: &Path,
    faults_printed: &mut usize,
    view: &mut Debug,
) -> Result<(), ExitCode> {
    match cardtable_runtime::source::read::read_text(script, cardtable_runtime::source::read::SCRIPT) {
        Ok(text) => {
            for (number, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let answer = match view.open && debug::is_input(line) {
                    false => driver.command(line),
                    true => match driver.traced(debug::filter(), line) {
                        Ok((answer, trace)) => {
                            view.show(debug::input_lines(&driver.world, line, &trace, Some(&answer)));
                            answer
                        }
                        Err(why) => cardtable_runtime::json::Json::error(why),
                    },
                };
                let at = format!("{}:{}: `{line}`: ", script.display(), number + 1);
                if answer.is_error() {
                    eprintln!("{at}{answer}");
                }
                print_new_faults(&driver.world.faults, faults_printed, &at);
            }
            Ok(())
        }
        Err(e) => {
            eprintln!("cannot read the script {}: {e}", script.display());
            Err(ExitCode::FAILURE)
        }
    }
}
