//! What the window tells beside the game: faults and notices printed on
//! stderr and shown for a few seconds at the top (toasts), and the new
//! files' mistakes (`--watch`) in a red banner at the bottom until they are
//! fixed.

use super::art::Art;
use super::watch::Watch;
use macroquad::prelude::{draw_rectangle, draw_text_ex, measure_text, screen_height, screen_width, Color, Font};
use macroquad::prelude::{TextParams, WHITE};
use std::time::Instant;

/// How long a fault's message stays on screen.
pub const FAULT_SECONDS: f64 = 8.0;

/// Prints on stderr each fault after the first `printed`, each after `at`.
pub fn print_new_faults(faults: &[cardtable_runtime::world::Fault], printed: &mut usize, at: &str) {
    for fault in faults.get(*printed..).unwrap_or_default() {
        eprintln!("{at}fault: {fault}");
    }
    *printed = faults.len();
}

/// A message shown at the top of the window for a few seconds: a fault, or
/// a notice (a saved game that could not be read, moved aside).
pub struct Toast {
    pub text: String,
    pub at: Instant,
    pub notice: bool,
}

/// The newest toasts, at the top of the window, each wrapped to its width:
/// faults red, notices blue.
pub fn draw_toasts(art: &Art, toasts: &[Toast]) {
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
pub fn mistake_lines(art: &Art, watch: &Option<Watch>) -> Vec<String> {
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
pub fn banner_height(lines: &[String]) -> f32 {
    if lines.is_empty() {
        0.0
    } else {
        6.0 + BANNER_LINE * lines.len() as f32 + 16.0
    }
}

/// The mistakes' banner in red, in its strip at the bottom of the window.
pub fn draw_banner(art: &Art, lines: &[String]) {
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
