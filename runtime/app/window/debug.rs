//! The debug view (issue 23, "See why"): F12, or `--debug` at start, opens
//! a panel in a strip of its own on the right of the window. It shows the
//! last player input's trace (a click, a key the content binds, a button),
//! the lines `cardtable trace` prints for it, scrollable with the mouse
//! wheel and PageUp/PageDown; and, in a box above it, the Object under the
//! mouse: its name and type, its Logic Components, its Data Structures'
//! fields and its Shared Variables. While it is open, each input is run
//! traced (`Driver::trace_input`, the driver's `trace`); while it is closed,
//! nothing is traced and nothing of it is drawn.

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::host::trace::{object_text, text, value_text};
use cardtable_runtime::ids::ObjectId;
use cardtable_runtime::json::Json;
use cardtable_runtime::present::{DrawItem, DrawKind};
use cardtable_runtime::world::{Named, Trace, TraceFilter, World};
use macroquad::miniquad;
use macroquad::prelude::{draw_rectangle, draw_text_ex, measure_text, screen_height, screen_width, Color};
use macroquad::prelude::{KeyCode, TextParams};
use std::time::Duration;

/// The key that opens and closes the view: no content can bind it (a
/// content binds the arrows, Home, End, Enter, Space, Escape and the
/// letters: `cardtable_runtime::game::Key`), so the game never sees it.
pub const KEY: KeyCode = KeyCode::F12;

/// The width of the panel's strip, in the window's pixels.
pub const WIDTH: f32 = 440.0;

/// The most entries a trace the view shows keeps: as many as `cardtable
/// trace` keeps unless told (a click of the chess game runs some
/// thousands); the trace's last line counts those left out.
pub const LIMIT: usize = cardtable_runtime::host::trace::DEFAULT_LIMIT;

/// How often an open view looks at the mouse while nothing else asks for
/// frames (the window wakes for clicks and keys, not for the mouse moving).
pub const LOOK: Duration = Duration::from_millis(50);

/// The text's size (the window's built-in monospaced font) and line height.
const SIZE: u16 = 16;
const LINE: f32 = 18.0;
const PAD: f32 = 10.0;
/// The title over the trace.
const TRACE_TITLE: &str = "The last input's trace:";
/// The trace's scroll bar's width, at the panel's right edge.
const BAR: f32 = 8.0;

const BACKGROUND: Color = Color::new(0.09, 0.10, 0.12, 1.0);
const BOX: Color = Color::new(0.16, 0.18, 0.22, 1.0);
const INK: Color = Color::new(0.90, 0.91, 0.93, 1.0);
const HEADING: Color = Color::new(0.98, 0.80, 0.38, 1.0);
const QUIET: Color = Color::new(0.62, 0.65, 0.70, 1.0);

/// The view's state, from frame to frame.
pub struct Debug {
    pub open: bool,
    /// The last input's lines: what it was, then its trace as `cardtable
    /// trace` prints it.
    lines: Vec<String>,
    /// Those lines broken to the panel's width (`wrapped_at` characters).
    wrapped: Vec<String>,
    wrapped_at: usize,
    /// How many wrapped lines down the trace is scrolled.
    scroll: usize,
    /// How many wrapped lines the last frame showed (a page).
    page: usize,
    /// The Object box's lines as the last frame showed them, unbroken.
    object: Vec<String>,
    /// Where the last frame drew the trace's scroll bar: its top and bottom.
    bar: (f32, f32),
    /// The window's width before it was made wider for the panel (a
    /// player's window; a screenshot's keeps the game screen's size, the
    /// game shrinking); None while it was not.
    from: Option<f32>,
}

/// What a trace the view shows keeps: every entry, up to [`LIMIT`].
pub fn filter() -> TraceFilter {
    TraceFilter { limit: LIMIT, card: None, table: None, depth: None }
}

/// The lines of one traced input: `header` (what the input was), then its
/// trace indented one level, then its answer when it has one: for a
/// driver command, the lines `cardtable trace` prints for it.
pub fn input_lines(world: &World, header: &str, trace: &Trace, answer: Option<&Json>) -> Vec<String> {
    let mut lines = vec![header.to_string()];
    lines.extend(text(world, trace, 1).lines().map(String::from));
    match answer {
        Some(answer) => lines.push(format!("  answer: {answer}")),
        None if lines.len() == 1 => lines.push("  nothing ran".into()),
        None => {}
    }
    lines
}

/// Whether a line of a `--script` is a player's input, which an open view
/// traces as it traces a click in the window.
pub fn is_input(line: &str) -> bool {
    matches!(line.split_whitespace().next(), Some("click" | "press" | "key"))
}

/// The Objects at a point of the game screen (pixels from its
/// bottom-left), the one drawn on top first: those whose picture holds the
/// point, from the top of the draw list down, then those whose box holds
/// it (an Object with a box and no picture).
pub fn objects_at(world: &World, items: &[DrawItem], x: f32, y: f32) -> Vec<ObjectId> {
    let top = world.game.screen.1 - y;
    let mut out: Vec<ObjectId> = Vec::new();
    for item in items.iter().rev() {
        let (ix, iy, w, h) = item.rect;
        let holds =
            matches!(item.kind, DrawKind::Sprite { .. }) && x >= ix && x <= ix + w && top >= iy && top <= iy + h;
        if holds && !out.contains(&item.object) {
            out.push(item.object);
        }
    }
    for id in world.hits(x, y) {
        if !out.contains(&id) {
            out.push(id);
        }
    }
    out
}

/// What the view tells of an Object: `NAME/TYPE`, its Logic Components
/// (those switched off said so), each field of its Data Structures
/// (`slot.field = value`, values as a trace shows them) and each Shared
/// Variable of its Components (`Component: name = value`).
pub fn object_lines(world: &World, id: ObjectId) -> Vec<String> {
    let game = &world.game;
    let Some(o) = world.objects.get(id.0 as usize) else { return Vec::new() };
    let Some(t) = game.types.get(o.ty.0 as usize) else { return Vec::new() };
    let mut lines = vec![object_text(world, Named { id, name: o.name })];
    let off = |c| world.host_off.contains(&c) || world.disabled.contains(&(id, c));
    let components: Vec<String> = t
        .attachments
        .iter()
        .filter_map(|a| {
            let c = game.components.get(a.component.index())?;
            Some(if off(a.component) { format!("{} (off)", c.name) } else { c.name.clone() })
        })
        .collect();
    if components.is_empty() {
        lines.push("no Logic Components".into());
    } else {
        lines.push(format!("Logic Components: {}", components.join(", ")));
    }
    for &s in &t.structs {
        let (Some(def), Some(Some(offset))) = (game.structs.get(s.index()), t.struct_offset.get(s.index())) else {
            continue;
        };
        for (i, f) in def.fields.iter().enumerate() {
            let value = if f.is_object_name {
                format!("{:?}", world.syms.text(o.name))
            } else {
                o.fields.get(*offset as usize + i).map_or("?".into(), |v| value_text(world, *v))
            };
            lines.push(format!("{}.{} = {value}", def.slot, f.name));
        }
    }
    for a in &t.attachments {
        let Some(c) = game.components.get(a.component.index()) else { continue };
        for (d, v) in c.shared.iter().zip(&a.shared) {
            lines.push(format!("{}: {} = {}", c.name, d.name, value_text(world, *v)));
        }
    }
    lines
}

/// The box's lines: what [`object_lines`] tells of the Object on top
/// (`under`'s first), and the others there by name.
fn under_lines(world: &World, under: &[ObjectId]) -> Vec<String> {
    let Some(&id) = under.first() else { return vec!["no Object under the mouse".into()] };
    let mut lines = object_lines(world, id);
    let others: Vec<String> = under[1..]
        .iter()
        .filter_map(|&o| world.objects.get(o.0 as usize).map(|ob| Named { id: o, name: ob.name }))
        .map(|n| object_text(world, n))
        .collect();
    if !others.is_empty() {
        lines.push(format!("under it: {}", others.join(", ")));
    }
    lines
}

/// A line broken into pieces of at most `cols` characters, after a space
/// where one stands in the piece's second half, else anywhere; each piece
/// after the first indented four more than the line.
fn wrap(line: &str, cols: usize, out: &mut Vec<String>) {
    let chars: Vec<char> = line.chars().collect();
    let own = chars.iter().take_while(|c| **c == ' ').count();
    let indent = if own + 4 + 10 > cols { 0 } else { own + 4 };
    let (mut at, mut room, mut first) = (0, cols, true);
    while chars.len() - at > room {
        let piece = &chars[at..at + room];
        let fits = piece.iter().rposition(|c| *c == ' ').filter(|&i| i >= room / 2 && i > own).map(|i| i + 1);
        let take = fits.unwrap_or(room);
        let pad = if first { 0 } else { indent };
        out.push(" ".repeat(pad) + piece[..take].iter().collect::<String>().trim_end());
        (at, room, first) = (at + take, cols - indent, false);
    }
    let pad = if first { 0 } else { indent };
    out.push(" ".repeat(pad) + &chars[at..].iter().collect::<String>());
}

impl Debug {
    /// The view, open from the start with `--debug` (its window was opened
    /// wider for it when `widened`).
    pub fn new(open: bool, widened: bool) -> Debug {
        let from = widened.then(|| screen_width() - WIDTH);
        Debug {
            open,
            lines: Vec::new(),
            wrapped: Vec::new(),
            wrapped_at: 0,
            scroll: 0,
            page: 1,
            object: Vec::new(),
            bar: (0.0, 0.0),
            from,
        }
    }

    /// The width the panel takes on the right of the window (none while closed).
    pub fn strip(&self) -> f32 {
        if self.open {
            WIDTH
        } else {
            0.0
        }
    }

    /// What the panel shows, as text, its lines unbroken: the Object
    /// box's lines (as the last frame drew them), then the last input's
    /// trace under a line of its own (`The last input's trace:`).
    pub fn text(&self) -> String {
        let mut out = String::new();
        for line in self.object.iter().chain(std::iter::once(&TRACE_TITLE.to_string())).chain(&self.lines) {
            out.push_str(line);
            out.push('\n');
        }
        out
    }

    /// The Object box's first line as the last frame drew it: `NAME/TYPE`
    /// of the Object under the mouse.
    pub fn object_line(&self) -> Option<&str> {
        self.object.first().map(String::as_str)
    }

    /// Shows an input's lines from their top.
    pub fn show(&mut self, lines: Vec<String>) {
        self.lines = lines;
        self.wrapped_at = 0;
        self.scroll = 0;
    }

    /// Runs a player's input: traced while the view is open, its lines
    /// shown; while it is closed, as it is run without the view.
    pub fn run(&mut self, driver: &mut Driver, header: impl FnOnce() -> String, input: impl Fn(&mut World)) {
        if !self.open {
            input(&mut driver.world);
            return;
        }
        match driver.trace_input(filter(), &input) {
            Ok(trace) => self.show(input_lines(&driver.world, &header(), &trace, None)),
            Err(why) => {
                input(&mut driver.world);
                self.show(vec![header(), format!("  not traced: {why}")]);
            }
        }
    }

    /// Opens or closes the view. A player's window grows by the panel's
    /// width as it opens and gives back what it grew as it closes, so that
    /// the game keeps its size; a screenshot's window keeps its own. (A
    /// window manager may refuse: then the game shrinks beside the panel.)
    pub fn toggle(&mut self, screenshot: bool) {
        self.open = !self.open;
        if screenshot {
            return;
        }
        let (w, h) = (screen_width(), screen_height());
        if self.open {
            miniquad::window::set_window_size((w + WIDTH) as u32, h as u32);
            self.from = Some(w);
        } else if let Some(from) = self.from.take().filter(|from| w > *from) {
            miniquad::window::set_window_size((w - WIDTH).max(from) as u32, h as u32);
        }
    }

    /// Scrolls the trace by `lines` (up when negative), within it.
    pub fn scroll_by(&mut self, lines: i64) {
        let most = self.wrapped.len().saturating_sub(self.page) as i64;
        self.scroll = (self.scroll as i64 + lines).clamp(0, most.max(0)) as usize;
    }

    /// A click at a point of the window (logical pixels) on the trace's
    /// scroll bar, at the panel's right edge: the trace scrolled there.
    /// False for a click anywhere else, which the game takes.
    pub fn click(&mut self, x: f32, y: f32) -> bool {
        let (top, bottom) = self.bar;
        if !self.open || x < screen_width() - BAR - PAD || y < top || y > bottom || bottom <= top {
            return false;
        }
        let most = self.wrapped.len().saturating_sub(self.page);
        self.scroll = (((y - top) / (bottom - top)) * most as f32).round() as usize;
        self.scroll_by(0);
        true
    }

    /// PageUp and PageDown while the view is open; false for other keys.
    pub fn page_key(&mut self, code: KeyCode) -> bool {
        let page = self.page.saturating_sub(2).max(1) as i64;
        match code {
            KeyCode::PageUp => self.scroll_by(-page),
            KeyCode::PageDown => self.scroll_by(page),
            _ => return false,
        }
        true
    }

    /// The panel, in its strip on the right: the Object under the mouse
    /// (`under`, the top one first) in its box, then the last input's trace.
    pub fn draw(&mut self, world: &World, under: &[ObjectId]) {
        let left = screen_width() - WIDTH;
        let height = screen_height();
        draw_rectangle(left, 0.0, WIDTH, height, BACKGROUND);
        let char_width = measure_text("M", None, SIZE, 1.0).width.max(1.0);
        let cols = ((WIDTH - 2.0 * PAD - BAR) / char_width).floor().max(20.0) as usize;
        let x = left + PAD;
        let mut y = PAD;
        let say = |text: &str, y: &mut f32, color: Color| {
            draw_text_ex(
                text,
                x,
                *y + LINE - 4.0,
                TextParams { font: None, font_size: SIZE, color, ..Default::default() },
            );
            *y += LINE;
        };
        say(&format!("Debug view ({KEY:?} closes)"), &mut y, HEADING);
        y += 4.0;

        // The Object under the mouse, in its box of at most two fifths of the panel.
        self.object = under_lines(world, under);
        let mut object = Vec::new();
        for line in &self.object {
            wrap(line, cols - 1, &mut object);
        }
        let most = ((height * 0.4 / LINE).floor() as usize).max(6);
        if object.len() > most {
            let more = object.len() - (most - 1);
            object.truncate(most - 1);
            object.push(format!("... and {more} more lines"));
        }
        let box_height = LINE * object.len() as f32 + 8.0;
        draw_rectangle(left + PAD / 2.0, y, WIDTH - PAD, box_height, BOX);
        y += 4.0;
        for (i, line) in object.iter().enumerate() {
            say(line, &mut y, if i == 0 { HEADING } else { INK });
        }
        y += 12.0;

        // The last input's trace, scrolled.
        if self.wrapped_at != cols {
            self.wrapped.clear();
            for line in &self.lines {
                wrap(line, cols, &mut self.wrapped);
            }
            self.wrapped_at = cols;
        }
        say(TRACE_TITLE, &mut y, HEADING);
        if self.lines.is_empty() {
            for line in ["No input yet: click, press a key the", "game binds, or a button."] {
                say(line, &mut y, QUIET);
            }
            return;
        }
        let footer = height - LINE - PAD;
        self.page = (((footer - y) / LINE).floor().max(1.0)) as usize;
        self.scroll_by(0);
        let end = (self.scroll + self.page).min(self.wrapped.len());
        // The scroll bar: the whole trace, and where the lines shown stand in it.
        let (top, bottom) = (y, footer - 4.0);
        self.bar = (top, bottom);
        let bar_x = screen_width() - BAR - 4.0;
        draw_rectangle(bar_x, top, BAR, bottom - top, BOX);
        let all = self.wrapped.len().max(1) as f32;
        let thumb = ((bottom - top) * self.page as f32 / all).clamp(12.0, bottom - top);
        let at = top + (bottom - top - thumb) * self.scroll as f32 / (all - self.page as f32).max(1.0);
        draw_rectangle(bar_x, at, BAR, thumb, QUIET);
        for line in &self.wrapped[self.scroll..end] {
            say(line, &mut y, INK);
        }
        let mut y = footer;
        let place = format!("lines {}-{} of {}: wheel, PgUp, PgDn, bar", self.scroll + 1, end, self.wrapped.len());
        say(&place, &mut y, QUIET);
    }
}

#[cfg(test)]
mod tests {
    use super::{filter, input_lines, object_lines, objects_at, under_lines, wrap};
    use cardtable_runtime::host::driver::Driver;
    use std::rc::Rc;

    /// The built-in chess game, the Computer off, from the GUIDE's pinned
    /// Bishop (White's Bishop on e2 between its King and Black's Rook).
    fn pinned() -> Driver {
        let loaded = cardtable_runtime::load::load_files_in(cardtable_chess::builtin(), None)
            .unwrap_or_else(|_| panic!("loads"));
        let store = Rc::new(cardtable_runtime::save::Store::memory());
        let game = std::sync::Arc::new(loaded.game);
        let mut driver = Driver::with_parts_off(game, store, false, &["Make Computer Move"]);
        driver = driver.with_trees(Rc::new(loaded.trees));
        let set = driver.command("setfen 4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
        assert!(!set.is_error(), "{set}");
        driver
    }

    /// A click the window traces (at e2's point, through `World::click_at`)
    /// shows the lines `cardtable trace` prints for `click e2`, but for the
    /// command's answer, which a click in the window has not; and it leaves
    /// the World the driver's traced click leaves.
    #[test]
    fn a_click_traced_in_the_window_shows_the_lines_of_cardtable_trace() {
        let mut window = pinned();
        let e2 = window.world.object_named("e2").find(|id| {
            let t = &window.world.game.types[window.world.objects[id.0 as usize].ty.0 as usize];
            t.hit_box.is_some()
        });
        let (x, y) = window.world.screen_point(e2.expect("e2's Square"));
        let trace = window.trace_input(filter(), |w| w.click_at(x, y)).expect("the window's driver has the trees");
        let shown = input_lines(&window.world, "click e2", &trace, None);
        let mut driver = pinned();
        let printed = driver.trace_text("click e2", "click e2");
        let printed: Vec<&str> = printed.lines().collect();
        assert_eq!(printed.last().copied(), Some("  answer: {\"clicked\":\"e2\"}"));
        assert!(shown.len() > 100, "a click of the chess game runs thousands of steps: {shown:?}");
        assert_eq!(shown, printed[..printed.len() - 1], "the window's lines are `cardtable trace`'s");
        assert_eq!(window.command("fen"), driver.command("fen"));
        assert_eq!(window.command("table Targets"), driver.command("table Targets"));
        assert!(window.world.faults.is_empty(), "{:?}", window.world.faults);
    }

    /// The Object under the mouse: on e2, the Bishop (drawn on top) with
    /// its Logic Components and fields, and the Square under it.
    #[test]
    fn the_object_under_the_mouse_is_the_one_drawn_on_top() {
        let mut driver = pinned();
        let mut items = Vec::new();
        cardtable_runtime::present::draw_list(&mut driver.world, &mut items);
        let world = &driver.world;
        let piece = world
            .object_named("e2")
            .find(|id| world.game.types[world.objects[id.0 as usize].ty.0 as usize].name == "Piece");
        let (x, y) = world.screen_point(piece.expect("e2's Piece"));
        let under = objects_at(world, &items, x, y);
        assert_eq!(under.first(), piece.as_ref(), "the Piece is drawn over its Square");
        let lines = object_lines(world, under[0]);
        assert_eq!(lines[0], "e2/Piece");
        assert!(lines[1].starts_with("Logic Components: ") && lines[1].contains("Show Piece"), "{lines:?}");
        assert!(lines.contains(&"squareInfo.name = \"e2\"".to_string()), "{lines:?}");
        let shown = under_lines(world, &under);
        assert!(shown.last().is_some_and(|l| l.starts_with("under it: ") && l.contains("e2/Square")), "{shown:?}");
        assert_eq!(under_lines(world, &[]), ["no Object under the mouse"]);
    }

    /// The key opens the view and closes it; a screenshot's window keeps
    /// its size, and the view's strip comes and goes with it.
    #[test]
    fn the_key_opens_and_closes_the_view() {
        let mut view = super::Debug::new(false, false);
        assert_eq!(view.strip(), 0.0);
        view.toggle(true);
        assert!(view.open);
        assert_eq!(view.strip(), super::WIDTH);
        view.toggle(true);
        assert!(!view.open);
        assert_eq!(view.strip(), 0.0);
    }

    /// A long line breaks at the panel's width, each piece after the first
    /// indented four more than the line; a short one stands as it is.
    #[test]
    fn a_long_line_wraps_under_its_indent() {
        let mut out = Vec::new();
        wrap("  abcdefghijklmnopqrstuvwxyz0123456789", 20, &mut out);
        assert_eq!(out, ["  abcdefghijklmnopqr", "      stuvwxyz012345", "      6789"]);
        out.clear();
        wrap("  set x = 1 (logic/Some Card.yaml:12)", 20, &mut out);
        assert_eq!(out, ["  set x = 1", "      (logic/Some", "      Card.yaml:12)"]);
        out.clear();
        wrap("short", 20, &mut out);
        assert_eq!(out, ["short"]);
    }
}
