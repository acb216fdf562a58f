//! The window (macroquad): a thin layer over the same World the driver uses.
//! It draws the World's draw list scaled to fit the window, keeping the game
//! screen's shape, and turns clicks back into game-screen points.

use crate::game::{Align, Game};
use crate::host::driver::Driver;
use crate::present::{draw_list, DrawItem, DrawKind};
use macroquad::prelude::*;
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;
use std::time::{Duration, Instant};

#[derive(Default, Debug)]
pub struct Options {
    pub content: Option<String>,
    pub screenshot: Option<PathBuf>,
    pub frames: u32,
    pub script: Option<PathBuf>,
    /// A position to start from, through the chess library.
    pub fen: Option<String>,
}

impl Options {
    pub fn parse(args: &[String]) -> Result<Options, String> {
        let mut o = Options { frames: 3, ..Options::default() };
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let mut value = |name: &str| it.next().cloned().ok_or(format!("{name} needs a value"));
            match a.as_str() {
                "--screenshot" => o.screenshot = Some(PathBuf::from(value("--screenshot")?)),
                "--frames" => {
                    o.frames = value("--frames")?.parse().map_err(|_| "--frames takes a whole number".to_string())?
                }
                "--script" => o.script = Some(PathBuf::from(value("--script")?)),
                "--fen" => o.fen = Some(value("--fen")?),
                flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
                path if o.content.is_none() => o.content = Some(path.to_string()),
                extra => return Err(format!("unexpected argument {extra}")),
            }
        }
        Ok(o)
    }
}

/// A frame at most every 1/60 s: the window never spins a core.
const FRAME: Duration = Duration::from_micros(16_667);
/// How long a fault's message stays on screen.
const FAULT_SECONDS: f64 = 8.0;

pub fn run(game: Rc<Game>, opts: Options) -> ExitCode {
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
    macroquad::Window::from_config(conf, async move {
        out.set(window_loop(game, opts).await);
    });
    result.take()
}

struct Art {
    images: Vec<Option<Texture2D>>,
    regular: Option<Font>,
    bold: Option<Font>,
}

fn load_art(game: &Game) -> Art {
    let images = game
        .images
        .iter()
        .map(|im| {
            let bytes = game.files.read(&im.path).ok()?;
            let tex = Texture2D::from_file_with_format(&bytes, Some(ImageFormat::Png));
            tex.set_filter(FilterMode::Linear);
            Some(tex)
        })
        .collect();
    let font = |p: &Option<PathBuf>| {
        p.as_ref().and_then(|p| game.files.read(p).ok()).and_then(|b| load_ttf_font_from_bytes(&b).ok())
    };
    Art { images, regular: font(&game.fonts.regular), bold: font(&game.fonts.bold) }
}

async fn window_loop(game: Rc<Game>, opts: Options) -> ExitCode {
    let art = load_art(&game);
    let mut driver = Driver::new(game.clone());
    if let Some(fen) = &opts.fen {
        let answer = driver.command(&format!("setfen {fen}"));
        if answer.is_error() {
            eprintln!("--fen: {answer}");
            return ExitCode::FAILURE;
        }
    }
    if let Some(script) = &opts.script {
        match std::fs::read_to_string(script) {
            Ok(text) => {
                for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
                    let answer = driver.command(line);
                    if answer.is_error() {
                        eprintln!("{}: `{line}`: {answer}", script.display());
                    }
                }
            }
            Err(e) => {
                eprintln!("cannot read the script {}: {e}", script.display());
                return ExitCode::FAILURE;
            }
        }
    }
    let mut items: Vec<DrawItem> = Vec::new();
    let mut frame = 0u32;
    let mut faults_seen = driver.world.faults.len();
    let mut toasts: Vec<(String, Instant)> = Vec::new();
    loop {
        let started = Instant::now();
        let view = View::fit(&game);
        if is_mouse_button_pressed(MouseButton::Left) {
            let (mx, my) = mouse_position();
            if let Some((x, y)) = view.to_game(mx, my) {
                driver.world.click_at(x, y);
            }
        }
        for fault in &driver.world.faults[faults_seen..] {
            eprintln!("fault: {fault}");
            toasts.push((format!("{}, step {}: {}", fault.card, fault.step, fault.message), Instant::now()));
        }
        faults_seen = driver.world.faults.len();
        toasts.retain(|(_, at)| at.elapsed().as_secs_f64() < FAULT_SECONDS);

        let [r, g, b, a] = crate::present::rgba(game.background, 1.0);
        clear_background(Color::new(r, g, b, a));
        draw_list(&mut driver.world, &mut items);
        for item in &items {
            draw_item(&art, &view, item);
        }
        draw_toasts(&art, &toasts);

        if let Some(path) = &opts.screenshot {
            if frame + 1 >= opts.frames.max(1) {
                get_screen_data().export_png(&path.to_string_lossy());
                return ExitCode::SUCCESS;
            }
        }
        frame += 1;
        // Idle, the loop sleeps until input comes; it asks for frames only while
        // something on screen is still changing.
        if opts.screenshot.is_some() || !toasts.is_empty() {
            miniquad::window::schedule_update();
        }
        if let Some(rest) = FRAME.checked_sub(started.elapsed()) {
            std::thread::sleep(rest);
        }
        next_frame().await;
    }
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
    fn fit(game: &Game) -> View {
        let (w, h) = game.screen;
        let scale = (screen_width() / w).min(screen_height() / h).max(0.01);
        View { scale, left: (screen_width() - w * scale) / 2.0, top: (screen_height() - h * scale) / 2.0, w, h }
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
            let Some(Some(tex)) = art.images.get(image.index()) else { return };
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
        DrawKind::Text { text, size, bold, align } => {
            let font = if *bold { art.bold.as_ref().or(art.regular.as_ref()) } else { art.regular.as_ref() };
            let font_size = (size * view.scale).round().max(1.0) as u16;
            let dims = measure_text(text, font, font_size, 1.0);
            let left = match align {
                Align::Left => sx,
                Align::Center => sx - dims.width / 2.0,
                Align::Right => sx - dims.width,
            };
            // Centred on the anchor vertically: the baseline sits below the middle.
            let baseline = sy + dims.offset_y - dims.height / 2.0;
            draw_text_ex(text, left, baseline, TextParams { font, font_size, color, ..Default::default() });
        }
    }
}

/// Faults while playing, shown at the top of the window for a few seconds.
fn draw_toasts(art: &Art, toasts: &[(String, Instant)]) {
    for (i, (text, _)) in toasts.iter().rev().take(3).enumerate() {
        let y = 8.0 + i as f32 * 30.0;
        draw_rectangle(8.0, y, screen_width() - 16.0, 26.0, Color::new(0.45, 0.05, 0.05, 0.85));
        draw_text_ex(
            text,
            16.0,
            y + 18.0,
            TextParams { font: art.regular.as_ref(), font_size: 15, color: WHITE, ..Default::default() },
        );
    }
}
