//! The measures the window prints for the benchmarks
//! (tools/bench/first_frame.sh, tools/bench/frames_while_thinking.sh).

use std::time::{Duration, Instant};

/// Set (to anything) in the environment, the window prints on stderr the
/// time from the start of the process (`main`) to its first frame drawn and
/// presented, and the moments on the way: `first frame: 123.4 ms after the
/// start (content loaded 20.1, window open 80.3, ...)` (tools/bench/first_frame.sh).
pub const REPORT_FIRST_FRAME: &str = "CARDTABLE_REPORT_FIRST_FRAME";

/// Set (to anything), the window keeps each frame's times and prints them on
/// stderr as it exits after a --screenshot: the work of a frame (input, the
/// cards, drawing) and the time from one frame's start to the next, each
/// apart for the frames drawn while a code library's answer was awaited (the
/// Computer thinking) and the others (tools/bench/frames_while_thinking.sh).
pub const REPORT_FRAMES: &str = "CARDTABLE_REPORT_FRAMES";

/// Each frame's work and the time since the frame before, in milliseconds,
/// apart for the frames drawn while an answer was awaited (`REPORT_FRAMES`).
#[derive(Default)]
pub struct FrameTimes {
    /// work, start to start, presenting (macroquad's next_frame: the GPU's
    /// drawing of the frame's batches and the buffer swap)
    awaiting: (Vec<f64>, Vec<f64>, Vec<f64>),
    other: (Vec<f64>, Vec<f64>, Vec<f64>),
}

impl FrameTimes {
    pub fn add(&mut self, awaiting: bool, work: Duration, since_last: Duration, frame: u32) {
        // The first frame is the start's (loading the art; tools/bench/first_frame.sh).
        if frame == 0 {
            return;
        }
        let into = if awaiting { &mut self.awaiting } else { &mut self.other };
        into.0.push(work.as_secs_f64() * 1000.0);
        into.1.push(since_last.as_secs_f64() * 1000.0);
    }

    pub fn presented(&mut self, awaiting: bool, presenting: Duration, frame: u32) {
        if frame <= 1 {
            return;
        }
        let into = if awaiting { &mut self.awaiting } else { &mut self.other };
        into.2.push(presenting.as_secs_f64() * 1000.0);
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
        line("awaiting an answer, work", &self.awaiting.0);
        line("awaiting an answer, start to start", &self.awaiting.1);
        line("awaiting an answer, presenting", &self.awaiting.2);
        line("otherwise, work", &self.other.0);
        line("otherwise, start to start", &self.other.1);
        line("otherwise, presenting", &self.other.2);
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
