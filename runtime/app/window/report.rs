//! The measures the window prints for the benchmarks
//! (tools/bench/first_frame.sh, tools/bench/frames_while_thinking.sh), and
//! the lines a test that drives the window waits for (`REPORT_INPUTS`).

use std::time::{Duration, Instant};

/// Set (to anything) in the environment, the window prints on stderr the
/// time from the start of the process (`main`) to its first frame drawn and
/// presented, and the moments on the way: `first frame: 123.4 ms after the
/// start (content loaded 20.1, window open 80.3, ...)` (tools/bench/first_frame.sh).
pub const REPORT_FIRST_FRAME: &str = "CARDTABLE_REPORT_FIRST_FRAME";

/// Set (to anything), the window keeps each frame's times and prints them on
/// stderr as it exits after a --screenshot: the work of a frame (input, the
/// cards, drawing), the time from its start to the next frame's start, and
/// presenting it, each apart for four kinds of frame: drawn while a Move
/// slides (a tween runs) or not, and while a code library's answer was
/// awaited (the Computer thinking) or not (tools/bench/frames_while_thinking.sh).
pub const REPORT_FRAMES: &str = "CARDTABLE_REPORT_FRAMES";

/// Set (to anything), the window says on stderr, as each happens, what a
/// test that drives it with xdotool waits for before its next step
/// (tests/suite/window.rs), instead of pausing for a while and hoping:
/// - `input: idle`: the window has gone idle: nothing on screen changes
///   and, with `--watch`, no click or key came for the last
///   `CARDTABLE_IDLE_AFTER` seconds (five by default), so it sleeps between
///   its looks for changes; without `--watch` it sleeps until an event
///   comes. Said once each time it goes idle (a click or a key ends it);
/// - `input: click at X, Y`: a click taken and applied, at this point of
///   the game screen (`input: click on the debug view`, `input: click
///   outside the game screen`);
/// - `input: key NAME`: a key taken and pressed in the game;
/// - `input: debug view open`, `input: debug view closed`: F12 taken;
/// - `input: window W x H set to its least W2 x H2`: the window was made
///   smaller than the game's least size (game.yaml's `screen: { minScale }`)
///   and set its size back up;
/// - `input: under the mouse NAME/TYPE`: while the debug view is open, the
///   Object its box shows under the mouse, each time another is drawn
///   (`input: under the mouse nothing`).
///
/// A player's window says none of these.
pub const REPORT_INPUTS: &str = "CARDTABLE_REPORT_INPUTS";

/// The lines [`REPORT_INPUTS`] asks for, and what was said already.
pub struct InputReport {
    on: bool,
    /// Whether this idle stretch was said (a click or a key ends it).
    idle: bool,
    /// The Object last said to be under the mouse.
    under: Option<String>,
}

impl InputReport {
    /// Saying its lines when the environment asks for them.
    pub fn from_env() -> InputReport {
        InputReport { on: std::env::var_os(REPORT_INPUTS).is_some(), idle: false, under: None }
    }

    fn say(&self, line: std::fmt::Arguments) {
        if self.on {
            eprintln!("input: {line}");
        }
    }

    /// The window goes idle: said once until the next click or key.
    pub fn idle(&mut self) {
        if !self.idle {
            self.idle = true;
            self.say(format_args!("idle"));
        }
    }

    /// A click or a key was taken and applied (`what`): the window is played.
    pub fn taken(&mut self, what: std::fmt::Arguments) {
        self.idle = false;
        self.say(what);
    }

    /// The window, made smaller than the game's least size, set back up to it.
    pub fn kept_min_size(&mut self, was: (u32, u32), now: (u32, u32)) {
        self.say(format_args!("window {} x {} set to its least {} x {}", was.0, was.1, now.0, now.1));
    }

    /// The debug view opened or closed.
    pub fn debug_view(&mut self, open: bool) {
        self.under = None;
        self.say(format_args!("debug view {}", if open { "open" } else { "closed" }));
    }

    /// The Object the debug view shows under the mouse (its first line), said when it changes.
    pub fn under_the_mouse(&mut self, object: Option<&str>) {
        let object = object.unwrap_or("nothing");
        if self.under.as_deref() != Some(object) {
            self.say(format_args!("under the mouse {object}"));
            self.under = Some(object.to_string());
        }
    }
}

/// What a frame was drawn during, for [`FrameTimes`].
#[derive(Clone, Copy)]
pub struct Kind {
    /// A tween ran: something slid.
    pub sliding: bool,
    /// A code library's answer was awaited: the Computer thought.
    pub awaiting: bool,
}

impl Kind {
    fn index(self) -> usize {
        usize::from(self.sliding) * 2 + usize::from(self.awaiting)
    }
}

/// One kind of frame's times, in milliseconds: its work, start to start,
/// presenting (macroquad's next_frame: the GPU's drawing of the frame's
/// batches and the buffer swap).
#[derive(Default)]
struct Times {
    work: Vec<f64>,
    start_to_start: Vec<f64>,
    presenting: Vec<f64>,
}

/// Each frame's times, apart by [`Kind`] (`REPORT_FRAMES`).
#[derive(Default)]
pub struct FrameTimes {
    kinds: [Times; 4],
    /// The kind of the frame before: the time from its start to this one's is its.
    last: Option<Kind>,
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

impl FrameTimes {
    /// A frame begins, `since_last` after the one before began.
    pub fn started(&mut self, since_last: Duration) {
        if let Some(kind) = self.last.take() {
            self.kinds[kind.index()].start_to_start.push(ms(since_last));
        }
    }

    /// Frame `frame` drawn, of `kind`, its work taking `work`.
    pub fn drawn(&mut self, kind: Kind, work: Duration, frame: u32) {
        // The first frame is the start's (loading the art; tools/bench/first_frame.sh).
        if frame == 0 {
            return;
        }
        self.kinds[kind.index()].work.push(ms(work));
        self.last = Some(kind);
    }

    /// Frame `frame`, of `kind`, presented in `presenting`.
    pub fn presented(&mut self, kind: Kind, presenting: Duration, frame: u32) {
        if frame == 0 {
            return;
        }
        self.kinds[kind.index()].presenting.push(ms(presenting));
    }

    pub fn report(&self) {
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
        for (sliding, awaiting) in [(true, true), (true, false), (false, true), (false, false)] {
            let times = &self.kinds[Kind { sliding, awaiting }.index()];
            let what = format!(
                "{}, {}",
                if sliding { "sliding" } else { "still" },
                if awaiting { "awaiting an answer" } else { "otherwise" }
            );
            line(&format!("{what}, work"), &times.work);
            line(&format!("{what}, start to start"), &times.start_to_start);
            line(&format!("{what}, presenting"), &times.presenting);
        }
    }
}

/// Prints on stderr the time from the start of the process to the first
/// frame drawn and presented, and the moments on the way (`REPORT_FIRST_FRAME`).
pub fn first_frame() {
    let since = crate::STARTED.get().map_or(Duration::ZERO, Instant::elapsed);
    let marks = crate::MARKS.lock().map(|m| m.clone()).unwrap_or_default();
    let marks: Vec<String> =
        marks.iter().map(|(what, at)| format!("{what} {:.1}", at.as_secs_f64() * 1000.0)).collect();
    eprintln!("first frame: {:.1} ms after the start ({})", since.as_secs_f64() * 1000.0, marks.join(", "));
}
