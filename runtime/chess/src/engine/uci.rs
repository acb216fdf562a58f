//! The built-in engine speaking UCI (`cardtable uci [FOLDER]`), so that a
//! chess GUI or a match runner can play the content's game, invented Kinds
//! included (their letters from Kinds, in FENs and promotions).
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `position startpos|fen FEN
//! [moves ...]` (startpos: the content's own starting position, as the cards
//! set it up), `go` with `movetime`, `depth`, `nodes`, `mate` (a mate in
//! that many moves looked for: as deep as it needs, no deeper),
//! `wtime`/`btime`/`winc`/`binc`/`movestogo`, `searchmoves` (only these
//! moves of the position, each said when it is not one of its legal
//! moves), `infinite`; `stop`, `quit`; `setoption name Noise value
//! CP` (each evaluation off by up to CP centipawns, as a Strength's
//! engineNoise; 0 by default) and `setoption name Seed value S` (which noise);
//! given [`Variants`], `setoption name UCI_Variant value NAME` (a combo of
//! their names, as Fairy-Stockfish's: the game becomes that variant's, its
//! rules and its start, said with `info string variant NAME startpos FEN`).
//! A search runs on a thread of its
//! own, so `isready` and `stop` are answered while it thinks; every `go` is
//! answered by one `bestmove` (`0000` when there is no legal move), and the
//! end of the input stops the search and ends once it has answered. A line
//! that is not UTF-8, or longer than a mebibyte, is skipped, and said with
//! `info string`.

use std::io::{BufRead, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use super::board::Board;
use super::held;
use super::rules::Rules;
use super::search::{Found, Limits, Searcher, MATE};
use super::squares::SquareSet;
use super::{with_rules, AnyRules};

type Out = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(out: &Out, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// A search under way: its stop flag and its thread (which gives the Searcher back).
struct Thinking {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<Searcher>,
}

/// Reads one variant's rules and starting position (a FEN its rules read)
/// by its name (Err: why it cannot be played, in words).
pub type LoadVariant = Box<dyn Fn(&str) -> Result<(AnyRules, String), String>>;

/// The games `UCI_Variant` chooses among: their names (the first, the game
/// the engine starts with, is the default) and how to read one.
pub struct Variants {
    pub names: Vec<String>,
    pub load: LoadVariant,
}

/// Speaks UCI until `quit` or the end of the input. `name` is the game's
/// name; `rules` its rules and `start` its starting position, a FEN they
/// read; `variants`, the games the option `UCI_Variant` offers (none: no
/// such option).
pub fn run(
    rules: AnyRules,
    start: String,
    name: &str,
    variants: Option<Variants>,
    input: impl BufRead,
    output: Box<dyn Write + Send>,
) {
    let mut uci = Uci {
        name: name.to_string(),
        variants,
        out: Arc::new(Mutex::new(output)),
        input,
        bytes: Vec::new(),
        number: 0,
        searcher: Some(Searcher::new(1 << 20)),
        thinking: None,
        noise: 0,
        seed: 0,
    };
    // The game played, and the variant it was chosen as (said once its board is set up).
    let mut game = (rules, start, None::<String>);
    loop {
        let (rules, start, chosen) = &game;
        // Chess960's castlings start where the start's Kings and Rooks stand.
        let fitted = rules.fitted(start);
        let next = with_rules!(fitted.as_ref().unwrap_or(rules), r => match Board::from_fen(r, start) {
            Ok(board) => {
                if let Some(chosen) = chosen {
                    say(&uci.out, &format!("info string variant {chosen} startpos {}", board.fen(r)));
                }
                uci.session(r.clone(), board)
            }
            Err(e) => {
                say(&uci.out, &format!("info string the starting position: {e}"));
                None
            }
        });
        match next {
            Some(chosen) => game = chosen,
            None => break,
        }
    }
    uci.finish();
}

/// The UCI conversation: what lasts whatever game is played (the input,
/// the output, the search's table, the options).
struct Uci<I> {
    name: String,
    variants: Option<Variants>,
    out: Out,
    input: I,
    bytes: Vec<u8>,
    /// The number of the last line read.
    number: u64,
    /// The search's table, here while no search runs.
    searcher: Option<Searcher>,
    thinking: Option<Thinking>,
    noise: i32,
    seed: u64,
}

impl<I: BufRead> Uci<I> {
    /// Stops the search under way, if one is, and takes its Searcher back.
    fn finish(&mut self) {
        if let Some(t) = self.thinking.take() {
            t.stop.store(true, Ordering::Relaxed);
            if let Ok(s) = t.handle.join() {
                self.searcher = Some(s);
            }
        }
        if self.searcher.is_none() {
            self.searcher = Some(Searcher::new(1 << 20));
        }
    }

    /// The next line of words, None at the end of the input (a line too
    /// long or not UTF-8 is said and skipped).
    fn next_line(&mut self) -> Option<String> {
        loop {
            self.number += 1;
            match read_line(&mut self.input, &mut self.bytes) {
                Line::End => return None,
                Line::TooLong => {
                    let number = self.number;
                    say(
                        &self.out,
                        &format!("info string line {number} is longer than {MAX_LINE} bytes; it was skipped"),
                    );
                    continue;
                }
                Line::Read => {}
            }
            match std::str::from_utf8(&self.bytes) {
                Ok(line) => return Some(line.to_string()),
                Err(_) => say(&self.out, &format!("info string line {} is not UTF-8; it was skipped", self.number)),
            }
        }
    }

    /// Plays one game (its rules and start on their bits) until `quit`, the
    /// end of the input (None), or `UCI_Variant` chooses another game: its
    /// rules, its start and its name.
    fn session<S: SquareSet>(
        &mut self,
        rules: Arc<Rules<S>>,
        start: Board<S>,
    ) -> Option<(AnyRules, String, Option<String>)> {
        let mut board = start;
        let mut history: Vec<u64> = Vec::new();
        // The rules of the position set up (Chess960's castlings fitted to it).
        let mut current = rules.clone();
        while let Some(line) = self.next_line() {
            let words: Vec<&str> = line.split_whitespace().collect();
            let Some(&verb) = words.first() else { continue };
            match verb {
                "uci" => {
                    let out = &self.out;
                    say(out, &format!("id name Cardtable built-in engine ({})", self.name));
                    say(out, "id author Cardtable");
                    say(out, "option name Noise type spin default 0 min 0 max 100000");
                    say(out, "option name Seed type spin default 0 min 0 max 1000000000");
                    if let Some(v) = self.variants.as_ref().filter(|v| !v.names.is_empty()) {
                        let vars: String = v.names.iter().map(|n| format!(" var {n}")).collect();
                        say(out, &format!("option name UCI_Variant type combo default {}{vars}", v.names[0]));
                    }
                    say(out, "uciok");
                }
                "isready" => say(&self.out, "readyok"),
                "ucinewgame" => {
                    self.finish();
                    if let Some(s) = self.searcher.as_mut() {
                        s.clear();
                    }
                    board = start;
                    history.clear();
                    current = rules.clone();
                }
                "position" => {
                    self.finish();
                    // Chess960's castlings start where a FEN's Kings and Rooks stand; startpos's where the start's do.
                    let moves_at = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
                    current = match words.get(1) {
                        Some(&"fen") => {
                            let fen = words[2..moves_at.max(2)].join(" ");
                            rules.fitted(&fen).map_or_else(|| rules.clone(), Arc::new)
                        }
                        _ => rules.clone(),
                    };
                    match position(&current, start, &words[1..]) {
                        Ok((b, h, mended)) => {
                            board = b;
                            history = h;
                            for m in mended {
                                say(&self.out, &format!("info string {m}"));
                            }
                        }
                        Err(e) => say(&self.out, &format!("info string {e}")),
                    }
                }
                "go" => self.go(&current, board, &history, &words[1..]),
                "setoption" if is_variant_option(&words[1..]) => {
                    self.finish();
                    let chosen =
                        words.iter().position(|w| *w == "value").map_or(String::new(), |at| words[at + 1..].join(" "));
                    let loaded = match self.variants.as_ref() {
                        Some(v) if v.names.contains(&chosen) => (v.load)(&chosen),
                        Some(v) => Err(format!("no variant `{chosen}`; UCI_Variant offers {}", v.names.join(", "))),
                        None => Err("this game has no variants".to_string()),
                    };
                    match loaded {
                        Ok((rules, start)) => {
                            if let Some(s) = self.searcher.as_mut() {
                                s.clear();
                            }
                            return Some((rules, start, Some(chosen)));
                        }
                        Err(e) => say(&self.out, &format!("info string {e}")),
                    }
                }
                "setoption" => match set_option(&words[1..]) {
                    Some(("noise", v)) => self.noise = v.min(100_000) as i32,
                    Some(("seed", v)) => self.seed = v,
                    _ => say(
                        &self.out,
                        &format!("info string no such option, or not a number: {}", words[1..].join(" ")),
                    ),
                },
                "stop" => self.finish(),
                "quit" => return None,
                _ => say(&self.out, &format!("info string unknown command `{verb}`")),
            }
        }
        None
    }

    /// `go ...`: a search of `board` on a thread of its own, which says
    /// `info` after each depth and `bestmove` at its end.
    fn go<S: SquareSet>(&mut self, rules: &Arc<Rules<S>>, board: Board<S>, history: &[u64], words: &[&str]) {
        self.finish();
        let (mut limits, infinite) = go_limits(words, board.side);
        (limits.noise, limits.seed) = (self.noise, self.seed);
        let (only, refused) = search_moves(rules, board, words);
        for text in refused {
            say(&self.out, &format!("info string searchmoves: `{text}` is not a legal move here"));
        }
        let stop = Arc::new(AtomicBool::new(false));
        let mut s = self.searcher.take().unwrap_or_default();
        s.stop = Some(stop.clone());
        s.only = only;
        let (r, o, h, st) = (rules.clone(), self.out.clone(), history.to_vec(), stop.clone());
        let (info_out, info_rules) = (self.out.clone(), rules.clone());
        s.on_depth = Some(Box::new(move |f: &Found| say(&info_out, &info(&info_rules, f))));
        let handle = std::thread::spawn(move || {
            let found = s.search(&r, &board, limits, &h);
            // `go infinite` answers only once it is stopped.
            while infinite && !st.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
            let best = found.best.map_or("0000".to_string(), |m| Board::uci(&r, m));
            say(&o, &format!("bestmove {best}"));
            s.on_depth = None;
            s.stop = None;
            s.only.clear();
            s
        });
        self.thinking = Some(Thinking { stop, handle });
    }
}

/// The longest line read: a longer one is skipped (a GUI's longest, a
/// `position ... moves` of a long game, is a few kilobytes).
const MAX_LINE: usize = 1 << 20;

/// What [`read_line`] read.
enum Line {
    /// A line, into the buffer (its newline too).
    Read,
    /// A line longer than [`MAX_LINE`], read to its end and dropped.
    TooLong,
    /// The end of the input (or a failure to read it).
    End,
}

/// Reads one line into `bytes`, holding at most [`MAX_LINE`] bytes of it.
fn read_line(input: &mut impl BufRead, bytes: &mut Vec<u8>) -> Line {
    bytes.clear();
    match input.by_ref().take(MAX_LINE as u64 + 1).read_until(b'\n', bytes) {
        Ok(0) | Err(_) => return Line::End,
        Ok(_) => {}
    }
    if bytes.last() == Some(&b'\n') || bytes.len() <= MAX_LINE {
        return Line::Read;
    }
    bytes.clear();
    loop {
        let Ok(buf) = input.fill_buf() else { return Line::End };
        if buf.is_empty() {
            return Line::TooLong;
        }
        match buf.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Line::TooLong;
            }
            None => {
                let n = buf.len();
                input.consume(n);
            }
        }
    }
}

/// A position set up: the board, the hashes of the positions before it,
/// and what was mended in its FEN to hold it.
type SetUp<S> = (Board<S>, Vec<u64>, Vec<String>);

/// `startpos|fen FEN [moves ...]`: the board, the hashes of the positions
/// before it, and what was mended in the FEN to hold it ([`held::hold`]: a
/// FEN the rules cannot hold is refused).
fn position<S: SquareSet>(rules: &Rules<S>, start: Board<S>, words: &[&str]) -> Result<SetUp<S>, String> {
    let moves_at = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
    let mut mended = Vec::new();
    let mut board = match words.first() {
        Some(&"startpos") => start,
        Some(&"fen") => {
            let held = held::hold(rules, &words[1..moves_at].join(" "))?;
            mended = held.mended;
            Board::from_fen(rules, &held.fen)?
        }
        _ => return Err("position takes startpos or fen FEN".into()),
    };
    let mut history = Vec::new();
    for text in words.iter().skip(moves_at + 1) {
        let m = board.parse_move(rules, text).ok_or(format!("`{text}` is not a legal move here"))?;
        history.push(board.hash);
        board = board.make(rules, m);
    }
    Ok((board, history, mended))
}

/// `name UCI_Variant value ...` (the name in any case).
fn is_variant_option(words: &[&str]) -> bool {
    words.first() == Some(&"name") && words.get(1).is_some_and(|n| n.eq_ignore_ascii_case("uci_variant"))
}

/// `name NAME value V`: the option's name in lower case and its value.
fn set_option(words: &[&str]) -> Option<(&'static str, u64)> {
    let value_at = words.iter().position(|w| *w == "value")?;
    let name = words.get(1..value_at)?.join(" ").to_ascii_lowercase();
    let value = words.get(value_at + 1)?.parse::<i64>().ok()?.max(0) as u64;
    match (words.first(), name.as_str()) {
        (Some(&"name"), "noise") => Some(("noise", value)),
        (Some(&"name"), "seed") => Some(("seed", value)),
        _ => None,
    }
}

/// The words of `go` that UCI names.
const GO_WORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// `go ... searchmoves M1 M2 ...`: the moves named, each legal on `board`,
/// and the words named that are not its legal moves. The moves run to the
/// next word of `go` or the end.
fn search_moves<S: SquareSet>(
    rules: &Rules<S>,
    mut board: Board<S>,
    words: &[&str],
) -> (Vec<super::board::Move>, Vec<String>) {
    let (mut only, mut refused) = (Vec::new(), Vec::new());
    let Some(at) = words.iter().position(|w| *w == "searchmoves") else { return (only, refused) };
    for text in words[at + 1..].iter().take_while(|w| !GO_WORDS.contains(w)) {
        match board.parse_move(rules, text) {
            Some(m) => only.push(m),
            None => refused.push(text.to_string()),
        }
    }
    (only, refused)
}

/// `go`'s words as the search's limits, and whether it is `infinite`.
fn go_limits(words: &[&str], side: u8) -> (Limits, bool) {
    let mut limits = Limits::default();
    let (mut time, mut inc, mut to_go, mut infinite) = (None, 0u64, 30u64, false);
    // The least of `depth` and `mate`'s depth.
    let mut depth = u32::MAX;
    let mut i = 0;
    while i < words.len() {
        let value = words.get(i + 1).and_then(|w| w.parse::<i64>().ok()).map(|v| v.max(0) as u64);
        match (words[i], value) {
            ("movetime", Some(ms)) => limits.time = Some(Duration::from_millis(ms.max(1))),
            ("depth", Some(d)) => depth = depth.min(d.clamp(1, 100) as u32),
            ("nodes", Some(n)) => limits.nodes = Some(n),
            // A mate in n moves is 2n - 1 plies deep: searched no deeper.
            ("mate", Some(n)) => depth = depth.min((2 * n.clamp(1, 50) - 1) as u32),
            ("wtime", Some(ms)) if side == 0 => time = Some(ms),
            ("btime", Some(ms)) if side == 1 => time = Some(ms),
            ("winc", Some(ms)) if side == 0 => inc = ms,
            ("binc", Some(ms)) if side == 1 => inc = ms,
            ("movestogo", Some(n)) => to_go = n.clamp(1, 50),
            ("infinite", _) => infinite = true,
            _ => {}
        }
        i += if value.is_some() { 2 } else { 1 };
    }
    if let (Some(t), None) = (time, limits.time) {
        // A share of the clock, never more than half of it, and a little
        // kept for the answer to travel.
        let ms = (t / to_go + inc * 3 / 4).min(t / 2).saturating_sub(10).max(5);
        limits.time = Some(Duration::from_millis(ms));
    }
    if depth != u32::MAX {
        limits.depth = depth;
    }
    if infinite {
        limits.time = None;
    }
    (limits, infinite)
}

fn info<S: SquareSet>(rules: &Rules<S>, f: &Found) -> String {
    let score = if f.score.abs() >= MATE - 200 {
        format!("mate {}", (MATE - f.score.abs() + 1) / 2 * f.score.signum())
    } else {
        format!("cp {}", f.score)
    };
    let ms = f.elapsed.as_millis().max(1) as u64;
    let pv: Vec<String> = f.pv.iter().map(|&m| Board::uci(rules, m)).collect();
    format!(
        "info depth {} score {score} nodes {} nps {} time {ms} pv {}",
        f.depth,
        f.nodes,
        f.nodes * 1000 / ms,
        pv.join(" ")
    )
}
