//! Each variant proven by its END: the seeded random games of
//! tests/vectors/ends.txt (tools/fairy/make_ends.py, from pyffish's legal
//! moves and its judgement of the end) are played through the cards by
//! clicks, the Computer off, from the folder's start; after every move but
//! the last the result is `*`, and after the last it is the file's (the
//! ply, the result, the reason), or `*` still for a game the file's cap
//! cut. A game with a `from` line is set up from that FEN first (Suicide's
//! stalemates, scored by the Pieces left). Chess and each variant of the
//! gallery whose ends the cards follow
//! (the script's LEFT_OUT says which do not, and why).
//! `cargo test` plays the games numbered 0, 2, 4 of each folder (every
//! folder and every reason among them, about half the plies: issue 33's
//! seven minutes for a clean `cargo test`); all of them, some 80 s of CPU
//! in a debug build, with `cargo test --test suite ends:: -- --ignored`.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::common;

use cardtable_runtime::host::driver::Driver;

/// One game of tests/vectors/ends.txt.
#[derive(Default, Clone)]
struct Game {
    folder: String,
    name: String,
    /// Its number among its folder's games (the `game` line's last word).
    number: usize,
    start: String,
    /// The position it is set up from (`setfen`), where it is not the start.
    from: Option<String>,
    moves: Vec<String>,
    ends: usize,
    result: String,
    reason: String,
}

fn games() -> Vec<Game> {
    let text = std::fs::read_to_string(common::root().join("tests/vectors/ends.txt")).expect("ends.txt");
    let mut games: Vec<Game> = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        if key == "game" {
            let folder = value.split(' ').next().expect("a folder").to_string();
            let number = value.rsplit(' ').next().and_then(|n| n.parse().ok()).expect("a game's number");
            games.push(Game { folder, name: value.to_string(), number, ..Game::default() });
            continue;
        }
        let g = games.last_mut().expect("a game first");
        match key {
            "start" => g.start = value.to_string(),
            "from" => g.from = Some(value.to_string()),
            "moves" => g.moves = value.split_whitespace().map(str::to_string).collect(),
            "ends" => g.ends = value.parse().expect("a ply"),
            "result" => g.result = value.to_string(),
            "reason" => g.reason = value.to_string(),
            other => panic!("ends.txt: unknown line `{other}`"),
        }
    }
    for g in &games {
        assert_eq!(g.moves.len(), g.ends, "{}: `ends` is not the number of moves", g.name);
    }
    games
}

/// `result`'s answer: the result and the reason.
fn result(d: &mut Driver) -> (String, String) {
    let answer = common::run(d, "result");
    let text = |k: &str| answer.get(k).as_str().unwrap_or_else(|| panic!("no `{k}` in {answer}")).to_string();
    (text("result"), text("reason"))
}

/// A move in UCI form as its two Squares and its promotion's letter: a
/// Square is a File's letter and a Rank's number of one digit or two
/// (Xiangqi's `b3b10`).
fn split_uci(uci: &str) -> Option<(&str, &str, Option<char>)> {
    let second = 1 + uci.get(1..)?.find(|c: char| c.is_ascii_alphabetic())?;
    let (from, rest) = uci.split_at(second);
    let end = 1 + rest.get(1..)?.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len() - 1);
    let (to, promotion) = rest.split_at(end);
    let mut promotion = promotion.chars();
    let p = promotion.next();
    (from.len() >= 2 && to.len() >= 2 && promotion.next().is_none()).then_some((from, to, p))
}

/// Plays one game by clicks; the first disagreement with the file, if any.
fn play(g: &Game) -> Result<(), String> {
    let game = common::load_game(&common::root().join(&g.folder));
    let letters = cardtable_chess::library::kind_letters(&game).map_err(|e| format!("{}: {e:?}", g.name))?;
    let mut d = common::two_players(game);
    let fen = common::run(&mut d, "fen").get("fen").as_str().unwrap_or_default().to_string();
    if fen != g.start {
        return Err(format!("{}: the folder starts at {fen}, the file at {}", g.name, g.start));
    }
    if let Some(from) = &g.from {
        let set = common::run(&mut d, &format!("setfen {from}"));
        if set.get("fen").as_str() != Some(from.as_str()) {
            return Err(format!("{}: setfen {from} answers {set}", g.name));
        }
    }
    for (ply, uci) in g.moves.iter().enumerate() {
        let now = result(&mut d);
        if now.0 != "*" {
            return Err(format!(
                "{}: over before ply {} ({now:?}), Fairy-Stockfish ends it after ply {} ({} {}); at {}",
                g.name,
                ply + 1,
                g.ends,
                g.result,
                g.reason,
                common::run(&mut d, "fen")
            ));
        }
        let at = |what: String| format!("{} ply {} `{uci}`: {what}", g.name, ply + 1);
        let (from, to, promotion) = split_uci(uci).ok_or_else(|| at("not a move in UCI form".into()))?;
        for square in [from, to] {
            let answer = d.command(&format!("click {square}"));
            if answer.is_error() {
                return Err(at(format!("click {square}: {answer}")));
            }
        }
        if let Some(p) = promotion {
            let (kind, _) = letters.iter().find(|(_, l)| *l == p).ok_or_else(|| at(format!("no Kind `{p}`")))?;
            let button = common::promotion_button(&mut d, kind);
            common::ok(&mut d, &format!("press {button}"));
        }
        let moved = common::run(&mut d, "table Move History").get("rows").as_array().len();
        if moved != ply + 1 {
            return Err(at(format!("not played ({moved} moves recorded)")));
        }
    }
    let got = result(&mut d);
    if got != (g.result.clone(), g.reason.clone()) {
        return Err(format!(
            "{}: after ply {} the cards say {got:?}, Fairy-Stockfish {} {:?}; at {}",
            g.name,
            g.ends,
            g.result,
            g.reason,
            common::run(&mut d, "fen")
        ));
    }
    let over = common::state(&mut d) == "Game Over";
    if over != (g.result != "*") {
        return Err(format!("{}: the Game State is {} for {}", g.name, common::state(&mut d), g.result));
    }
    Ok(())
}

/// Plays the games on two threads (each its own Driver); every failure told at once.
fn play_all(chosen: Vec<Game>) {
    let next = AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                while let Some(g) = chosen.get(next.fetch_add(1, Ordering::SeqCst)) {
                    if let Err(e) = play(g) {
                        failures.lock().expect("not poisoned").push(e);
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().expect("not poisoned");
    assert!(failures.is_empty(), "{} of {} games differ:\n{}", failures.len(), chosen.len(), failures.join("\n"));
}

/// The games `cargo test` plays: those numbered 0, 2, 4 of each folder, and
/// every game set up from a position of its own (`from`: a ply or none).
fn even(g: &Game) -> bool {
    g.number.is_multiple_of(2) || g.from.is_some()
}

#[test]
fn every_even_game_ends_where_fairy_stockfish_ends_it() {
    play_all(games().into_iter().filter(even).collect());
}

/// All of them (about twice the time).
#[test]
#[ignore]
fn every_game_ends_where_fairy_stockfish_ends_it() {
    play_all(games());
}

#[test]
fn the_file_holds_chess_and_the_gallery_and_every_kind_of_end() {
    let games = games();
    let mut folders: Vec<String> = vec!["content/chess".into()];
    let gallery = common::root().join("content/variants");
    let left_out = std::fs::read_to_string(common::root().join("tools/fairy/make_ends.py")).expect("make_ends.py");
    for entry in std::fs::read_dir(&gallery).expect("content/variants") {
        let name = entry.expect("an entry").file_name().to_string_lossy().to_string();
        // A variant left out is named in the script's LEFT_OUT and the file's header.
        if left_out.contains(&format!("    \"{name}\": ")) {
            continue;
        }
        folders.push(format!("content/variants/{name}"));
    }
    for folder in &folders {
        assert!(games.iter().any(|g| &g.folder == folder && even(g)), "no even game of {folder} in ends.txt");
    }
    for reason in ["checkmate", "stalemate", "insufficient material", "threefold repetition", ""] {
        assert!(games.iter().any(|g| g.reason == reason), "no game ends by {reason:?}");
    }
    // What `cargo test` plays meets every reason the file holds.
    for g in &games {
        assert!(games.iter().any(|e| even(e) && e.reason == g.reason), "no even game ends by {:?}", g.reason);
    }
}
