//! The reference vectors: every game of `tests/vectors/random_games.txt`
//! (made by tools/vectors/make_vectors.py from python-chess, with the endings
//! the book's rules give; see tools/vectors/README.md) replayed through the
//! chess content as a player plays it.
//!
//! At each position of a game:
//! - the game is still on (Game State Playing): it did not end earlier;
//! - the cards' Legal Moves (the driver's `moves`, through game.yaml's
//!   `play:`: List Moves, Find Legal Moves on every Piece of the Side to move) are exactly
//!   the vector's set, each promotion once per Kind;
//! - the Move is played with clicks: its Square `from` (whose marks, the
//!   Targets table, must be exactly the vector's Squares from there), then
//!   `to`, then for a promotion the panel's button (`press Queen` ...);
//! - the Move History's last row, once the Move is fully made (the check mark
//!   is written as the next Turn starts), is named as the vector's SAN, + and
//!   # included.
//!
//! After the last Move the game is over (Game State Game Over), and the status
//! line's words (the Words table's rows) say the vector's ending. The Game
//! menu's Move List is then read page by page, Earlier and Later pressed as a player presses them, and each line
//! must be the vector's SAN (`N. SAN` for White's, `SAN` for Black's).
//!
//! A game stops at its first disagreement, which is reported with the game,
//! the ply, the FEN and what each side said; the other games go on, and the
//! test fails at the end with a summary. The games run on two threads, each
//! with its own game (a World is not Send).
//!
//! `cargo test` replays every fourth game (1, 5, 9 ...: 250 games, every
//! ending among them, as many as when issue 33 asked for its seven
//! minutes); the whole thousand is `#[ignore]`d, for its time:
//! `cargo test --release --test suite vectors:: -- --ignored` (README).
//! `CARDTABLE_VECTORS=1-50` replays only those games (a range or one number),
//! in either test.

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use cardtable_runtime::game::Game;
use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::ids::{ColumnId, TableId};
use cardtable_runtime::json::Json;
use cardtable_runtime::value::Value;

/// One position: the legal moves (grouped, as in the file), the move played, its SAN.
#[derive(Debug)]
struct Ply {
    legal: String,
    uci: String,
    san: String,
}

#[derive(Debug)]
struct VectorGame {
    number: usize,
    /// The line of its `game` header in the file.
    line: usize,
    plies: Vec<Ply>,
    ending: String,
}

/// Reads the vectors file; Err names the line that is not in the format.
fn parse(text: &str) -> Result<Vec<VectorGame>, String> {
    let mut games: Vec<VectorGame> = Vec::new();
    let mut open = false;
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let at = |e: &str| format!("random_games.txt:{n}: {e}");
        if let Some(rest) = line.strip_prefix("game ") {
            if open {
                return Err(at("a game starts before the last one ended"));
            }
            let number =
                rest.split_whitespace().next().and_then(|w| w.parse().ok()).ok_or(at("expected `game N ...`"))?;
            games.push(VectorGame { number, line: n, plies: Vec::new(), ending: String::new() });
            open = true;
        } else if let Some(rest) = line.strip_prefix("p ") {
            let game = games.last_mut().filter(|_| open).ok_or(at("a position outside a game"))?;
            let parts: Vec<&str> = rest.split(" | ").collect();
            let [legal, uci, san] = parts[..] else { return Err(at("expected `p LEGAL | UCI | SAN`")) };
            game.plies.push(Ply { legal: legal.to_string(), uci: uci.to_string(), san: san.to_string() });
        } else if let Some(rest) = line.strip_prefix("end ") {
            let game = games.last_mut().filter(|_| open).ok_or(at("an end outside a game"))?;
            let w: Vec<&str> = rest.split_whitespace().collect();
            let [kind, plies] = w[..] else { return Err(at("expected `end KIND PLIES`")) };
            if plies.parse::<usize>().ok() != Some(game.plies.len()) {
                return Err(at(&format!("the end says {plies} plies; the game has {}", game.plies.len())));
            }
            game.ending = kind.to_string();
            open = false;
        } else {
            return Err(at("expected a `game`, `p` or `end` line"));
        }
    }
    if open {
        return Err("random_games.txt: the last game has no `end` line".into());
    }
    Ok(games)
}

/// Expands the grouped legal moves: `e2e3e4 g1f3h3` is e2e3 e2e4 g1f3 g1h3; a
/// promotion letter follows its destination unless a rank digit follows it.
fn expand(legal: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for group in legal.split_whitespace() {
        let b = group.as_bytes();
        if b.len() < 4 || !group.is_ascii() {
            return Err(format!("`{group}` is not a group of moves"));
        }
        let origin = &group[..2];
        let mut i = 2;
        while i < b.len() {
            if i + 2 > b.len() {
                return Err(format!("`{group}` ends in the middle of a square"));
            }
            let mut m = format!("{origin}{}", &group[i..i + 2]);
            i += 2;
            if i < b.len() && b"qrbn".contains(&b[i]) && (i + 1 == b.len() || !b[i + 1].is_ascii_digit()) {
                m.push(b[i] as char);
                i += 1;
            }
            out.push(m);
        }
    }
    Ok(out)
}

/// The ending each status line's words say, from the Words table's rows.
const ENDINGS: [(&str, &str); 6] = [
    ("Win By Checkmate", "checkmate"),
    ("Loss By Checkmate", "checkmate"),
    ("Draw By Stalemate", "stalemate"),
    ("Draw By Insufficient Material", "insufficient"),
    ("Draw By Threefold Repetition", "repetition"),
    ("Draw By Fifty Move Rule", "fifty"),
];

/// What one thread needs to read the World directly (fast, no JSON).
struct Reader {
    history: TableId,
    history_cols: Vec<ColumnId>,
    targets: TableId,
    reachable: ColumnId,
    status: usize,
    playing: u16,
    promotion: u16,
    game_over: u16,
    /// (the words, the ending)
    endings: Vec<(String, &'static str)>,
}

impl Reader {
    fn new(game: &Game, driver: &mut Driver) -> Result<Reader, String> {
        let table = |name: &str| game.names.tables.get(name).copied().ok_or(format!("no table `{name}`"));
        let column = |t: TableId, name: &str| {
            game.tables[t.index()]
                .columns
                .iter()
                .position(|c| c.name == name)
                .map(|i| ColumnId(i as u16))
                .ok_or(format!("no column `{name}`"))
        };
        let state = |name: &str| {
            game.states.iter().position(|s| s == name).map(|i| i as u16).ok_or(format!("no state `{name}`"))
        };
        let history = table("Move History")?;
        let history_cols = ["letter", "fromFile", "fromRank", "capture", "square", "promotion", "checkMark"]
            .iter()
            .map(|c| column(history, c))
            .collect::<Result<_, _>>()?;
        let targets = table("Targets")?;
        let mut endings = Vec::new();
        for (row, ending) in ENDINGS {
            let answer = driver.command(&format!("eval data('Words', '{row}', 'text')"));
            let words = answer.get("value").as_str().ok_or(format!("the Words table's {row}: {answer}"))?;
            endings.push((words.to_string(), ending));
        }
        Ok(Reader {
            history,
            history_cols,
            targets,
            reachable: column(targets, "reachable")?,
            status: game.names.globals.get("status").ok_or("no Global `status`")?.index(),
            playing: state("Playing")?,
            promotion: state("Promotion")?,
            game_over: state("Game Over")?,
            endings,
        })
    }

    fn text(driver: &Driver, v: Value) -> String {
        match v {
            Value::Text(s) => driver.world.syms.text(s).to_string(),
            Value::Num(n) => n.to_string(),
            _ => String::new(),
        }
    }

    /// The names of every Move of the Move History.
    fn history_len(&self, driver: &Driver) -> usize {
        driver.world.tables[self.history.index()].row_count()
    }

    /// The last Move's name: letter + fromFile + fromRank + capture + square + promotion + checkMark.
    fn last_san(&self, driver: &Driver) -> Option<String> {
        let t = &driver.world.tables[self.history.index()];
        let r = t.row_count().checked_sub(1)?;
        Some(self.history_cols.iter().map(|&c| Self::text(driver, t.cell(r, c))).collect())
    }

    fn status(&self, driver: &Driver) -> String {
        Self::text(driver, driver.world.globals[self.status])
    }

    fn state(&self, driver: &Driver) -> String {
        driver.world.game.states.get(driver.world.state as usize).cloned().unwrap_or_default()
    }

    /// The Squares the Targets table marks reachable.
    fn targets(&self, driver: &Driver) -> BTreeSet<String> {
        let t = &driver.world.tables[self.targets.index()];
        (0..t.row_count())
            .filter(|&r| t.cell(r, self.reachable) == Value::Bool(true))
            .map(|r| driver.world.syms.text(t.rows()[r]).to_string())
            .collect()
    }

    /// The driver's `moves`: List Moves (game.yaml's `play:`) on a rehearsal copy.
    fn legal(&self, driver: &mut Driver) -> Result<BTreeSet<String>, String> {
        let answer = driver.command("moves");
        if let Some(e) = answer.get("error").as_str() {
            return Err(e.to_string());
        }
        Ok(answer.get("moves").as_array().iter().filter_map(|m| m.as_str().map(str::to_string)).collect())
    }
}

/// The Game menu's Move List, page by page from the first, against the
/// vector's SAN: each line a full Move, White's placement `N. SAN`, Black's
/// `SAN`, nothing past the last Move (Move Pages A.125, Show Recorded Move
/// A.137, with Earlier and Later pressed as a player presses them).
fn move_list(driver: &mut Driver, g: &VectorGame) -> Result<(), String> {
    let button_on = |driver: &mut Driver, name: &str| {
        let answer = driver.command(&format!("objects {name}"));
        answer.get("objects").as_array().first().map(|o| o.get("buttonOn").clone()) == Some(Json::Bool(true))
    };
    let line = |driver: &mut Driver, name: String| {
        let answer = driver.command(&format!("objects \"{name}\""));
        let o = answer.get("objects").as_array().first().cloned().unwrap_or(Json::Null);
        (o.get("shown") == &Json::Bool(true)).then(|| o.get("text").as_str().unwrap_or("").to_string())
    };
    ask(driver, "press Game")?;
    while button_on(driver, "Earlier") {
        ask(driver, "press Earlier")?;
    }
    let mut first = 0;
    loop {
        for k in 0..12 {
            let full = first + k;
            for (side, ply) in [("White", 2 * full), ("Black", 2 * full + 1)] {
                let want = g.plies.get(ply).map(|p| match side {
                    "White" => format!("{}. {}", full + 1, p.san),
                    _ => p.san.clone(),
                });
                let got = line(driver, format!("{side} Move {k}"));
                if got != want {
                    return Err(format!("the Move List's line {k} on the page from full Move {}: {side} shows {got:?}, the vector says {want:?}", first + 1));
                }
            }
        }
        if !button_on(driver, "Later") {
            break;
        }
        ask(driver, "press Later")?;
        first += 12;
    }
    if 2 * (first + 12) < g.plies.len() {
        return Err(format!("Later is off on the page from full Move {}, before the last Move", first + 1));
    }
    Ok(())
}

/// A driver command whose answer must be neither an error nor bring faults.
fn ask(driver: &mut Driver, command: &str) -> Result<(), String> {
    let answer = driver.command(command);
    if answer.is_error() || !answer.get("faults").as_array().is_empty() {
        return Err(format!("`{command}` answered {answer}"));
    }
    Ok(())
}

fn fen(driver: &mut Driver) -> String {
    driver.command("fen").get("fen").as_str().unwrap_or("?").to_string()
}

fn list(set: &BTreeSet<String>) -> String {
    if set.is_empty() {
        "none".into()
    } else {
        set.iter().cloned().collect::<Vec<_>>().join(" ")
    }
}

/// How one game went.
struct Outcome {
    number: usize,
    /// positions (p lines) whose legal set agreed
    agreed: usize,
    /// The first disagreement, if any.
    problem: Option<String>,
}

/// Replays one game; stops at its first disagreement.
fn replay(game: &std::sync::Arc<Game>, g: &VectorGame) -> Outcome {
    let mut agreed = 0;
    let problem = replay_inner(game, g, &mut agreed).err();
    Outcome { number: g.number, agreed, problem }
}

fn replay_inner(game: &std::sync::Arc<Game>, g: &VectorGame, agreed: &mut usize) -> Result<(), String> {
    // The reference games play both Sides: the Computer is off.
    let mut driver = common::two_players(game.clone());
    let reader = Reader::new(game, &mut driver).map_err(|e| format!("game {}: {e}", g.number))?;
    for (i, ply) in g.plies.iter().enumerate() {
        let n = i + 1;
        let here = |driver: &mut Driver, what: String| {
            format!("game {} (line {}), ply {n} ({}): {what}\n    FEN {}", g.number, g.line + n, ply.san, fen(driver))
        };
        let state = reader.state(&driver);
        if driver.world.state != reader.playing {
            let status = reader.status(&driver);
            return Err(here(&mut driver, format!("the game is over already (state {state}, status `{status}`)")));
        }
        // The Legal Moves, all of them.
        let want: BTreeSet<String> = expand(&ply.legal).map_err(|e| here(&mut driver, e))?.into_iter().collect();
        let got = reader.legal(&mut driver).map_err(|e| here(&mut driver, format!("the cards faulted: {e}")))?;
        if got != want {
            let missing: BTreeSet<String> = want.difference(&got).cloned().collect();
            let extra: BTreeSet<String> = got.difference(&want).cloned().collect();
            return Err(here(
                &mut driver,
                format!(
                    "the Legal Moves differ: the cards lack {}, and have more {}\n    vector: {}\n    cards:  {}",
                    list(&missing),
                    list(&extra),
                    list(&want),
                    list(&got)
                ),
            ));
        }
        *agreed += 1;
        // The Move, as a player makes it.
        let (from, to, promo) = (&ply.uci[0..2], &ply.uci[2..4], ply.uci.get(4..5));
        let before = reader.history_len(&driver);
        ask(&mut driver, &format!("click {from}")).map_err(|e| here(&mut driver, e))?;
        let marked = reader.targets(&driver);
        let want_marked: BTreeSet<String> =
            want.iter().filter(|m| &m[0..2] == from).map(|m| m[2..4].to_string()).collect();
        if marked != want_marked {
            return Err(here(
                &mut driver,
                format!(
                    "a click on {from} marks {}, the vector's Moves from there go to {}",
                    list(&marked),
                    list(&want_marked)
                ),
            ));
        }
        ask(&mut driver, &format!("click {to}")).map_err(|e| here(&mut driver, e))?;
        if let Some(letter) = promo {
            if driver.world.state != reader.promotion {
                let state = reader.state(&driver);
                return Err(here(
                    &mut driver,
                    format!("{} should open the Promotion choice; the state is {state}", ply.uci),
                ));
            }
            let button = match letter {
                "q" => "Queen",
                "r" => "Rook",
                "b" => "Bishop",
                _ => "Knight",
            };
            ask(&mut driver, &format!("press {button}")).map_err(|e| here(&mut driver, e))?;
        } else if driver.world.state == reader.promotion {
            return Err(here(&mut driver, format!("{} opened the Promotion choice", ply.uci)));
        }
        let after = reader.history_len(&driver);
        if after != before + 1 {
            return Err(here(
                &mut driver,
                format!("{} left {after} Moves in the Move History, not {}", ply.uci, before + 1),
            ));
        }
        let san = reader.last_san(&driver).unwrap_or_default();
        if san != ply.san {
            return Err(here(
                &mut driver,
                format!("{} is named `{san}` in the Move History; the vector says `{}`", ply.uci, ply.san),
            ));
        }
    }
    // The end.
    let n = g.plies.len();
    let status = reader.status(&driver);
    let state = reader.state(&driver);
    let at_end = |driver: &mut Driver, what: String| {
        format!("game {} (line {}), after its last ply {n}: {what}\n    FEN {}", g.number, g.line + n + 1, fen(driver))
    };
    if driver.world.state != reader.game_over {
        return Err(at_end(
            &mut driver,
            format!("the vector ends by {}, but the game goes on (state {state}, status `{status}`)", g.ending),
        ));
    }
    let ending = reader.endings.iter().find(|(words, _)| *words == status).map(|(_, e)| *e);
    match ending {
        Some(e) if e == g.ending => move_list(&mut driver, g).map_err(|what| at_end(&mut driver, what)),
        Some(e) => {
            Err(at_end(&mut driver, format!("the vector ends by {}, the game by {e} (status `{status}`)", g.ending)))
        }
        None => Err(at_end(
            &mut driver,
            format!("the vector ends by {}; the status `{status}` is no ending's words", g.ending),
        )),
    }
}

fn vectors_file() -> std::path::PathBuf {
    common::root().join("tests/vectors/random_games.txt")
}

/// `CARDTABLE_VECTORS=1-50` or `=7`: the game numbers to replay (when it is
/// not set, the games `keep` keeps).
fn selected(games: &[VectorGame], keep: fn(usize) -> bool) -> Vec<usize> {
    let filter = std::env::var("CARDTABLE_VECTORS").ok();
    let range = filter.as_deref().and_then(|f| match f.split_once('-') {
        Some((a, b)) => Some((a.trim().parse().ok()?, b.trim().parse().ok()?)),
        None => f.trim().parse().ok().map(|n| (n, n)),
    });
    games
        .iter()
        .enumerate()
        .filter(|(_, g)| match range {
            Some((a, b)) => g.number >= a && g.number <= b,
            None => keep(g.number),
        })
        .map(|(i, _)| i)
        .collect()
}

/// Every fourth game: what `cargo test` replays in its budget.
fn every_fourth(number: usize) -> bool {
    number % 4 == 1
}

#[test]
fn every_fourth_reference_game_replays_as_the_vectors_say() {
    replay_all(every_fourth);
}

#[test]
fn every_ending_of_the_vectors_is_among_the_fourth_games() {
    let text = std::fs::read_to_string(vectors_file()).expect("tests/vectors/random_games.txt");
    let games = parse(&text).unwrap_or_else(|e| panic!("{e}"));
    let all: BTreeSet<&str> = games.iter().map(|g| g.ending.as_str()).collect();
    let kept: BTreeSet<&str> = games.iter().filter(|g| every_fourth(g.number)).map(|g| g.ending.as_str()).collect();
    assert_eq!(kept, all, "the default replay must meet every ending the vectors hold");
}

/// All thousand games (several minutes on two cores).
#[test]
#[ignore]
fn every_reference_game_replays_as_the_vectors_say() {
    replay_all(|_| true);
}

fn replay_all(keep: fn(usize) -> bool) {
    let text = std::fs::read_to_string(vectors_file()).expect("tests/vectors/random_games.txt");
    let games = parse(&text).unwrap_or_else(|e| panic!("{e}"));
    let picked = selected(&games, keep);
    assert!(!picked.is_empty(), "CARDTABLE_VECTORS selects no game");
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let outcomes: Mutex<Vec<Outcome>> = Mutex::new(Vec::new());
    let dir = common::chess_dir();
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                let game = load(&dir);
                loop {
                    let k = next.fetch_add(1, Ordering::SeqCst);
                    let Some(&i) = picked.get(k) else { break };
                    let outcome = replay(&game, &games[i]);
                    if let Some(p) = &outcome.problem {
                        println!("DISAGREE {p}");
                    }
                    outcomes.lock().unwrap().push(outcome);
                }
            });
        }
    });
    let took = started.elapsed();
    let mut outcomes = outcomes.into_inner().unwrap();
    outcomes.sort_by_key(|o| o.number);
    let positions: usize = picked.iter().map(|&i| games[i].plies.len()).sum();
    let agreed: usize = outcomes.iter().map(|o| o.agreed).sum();
    let bad: Vec<&Outcome> = outcomes.iter().filter(|o| o.problem.is_some()).collect();
    let summary = format!(
        "{} of {} games replayed as the vectors say; {agreed} of {positions} positions' Legal Moves agreed; {:.1} s on 2 threads",
        outcomes.len() - bad.len(),
        outcomes.len(),
        took.as_secs_f64()
    );
    println!("{summary}");
    assert_eq!(outcomes.len(), picked.len(), "every game ran");
    if !bad.is_empty() {
        let list: Vec<&str> = bad.iter().filter_map(|o| o.problem.as_deref()).collect();
        panic!("{summary}\n{} game(s) disagree:\n{}", bad.len(), list.join("\n"));
    }
}

fn load(dir: &Path) -> std::sync::Arc<Game> {
    common::load_game(dir)
}

// The reader of the file itself.

#[test]
fn groups_expand_as_the_format_says() {
    assert_eq!(expand("e2e3e4 g1f3h3").unwrap(), ["e2e3", "e2e4", "g1f3", "g1h3"]);
    assert_eq!(expand("e7e8be8ne8qe8r").unwrap(), ["e7e8b", "e7e8n", "e7e8q", "e7e8r"]);
    // b is a promotion only when no rank digit follows it
    assert_eq!(expand("b7a8b8").unwrap(), ["b7a8", "b7b8"]);
    assert_eq!(expand("b7a8bb8q").unwrap(), ["b7a8b", "b7b8q"]);
    assert_eq!(expand("a7a8nb8").unwrap(), ["a7a8n", "a7b8"]);
    assert!(expand("e2e").is_err());
}

#[test]
fn the_vectors_file_reads_whole() {
    let text = std::fs::read_to_string(vectors_file()).expect("tests/vectors/random_games.txt");
    let games = parse(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(games.len(), 1000);
    assert!(games.iter().enumerate().all(|(i, g)| g.number == i + 1));
    let positions: usize = games.iter().map(|g| g.plies.len()).sum();
    assert_eq!(positions, 188_016, "the file's header says 188016 positions");
    let mut endings = std::collections::BTreeMap::new();
    for g in &games {
        *endings.entry(g.ending.as_str()).or_insert(0) += 1;
        for p in &g.plies {
            let legal = expand(&p.legal).unwrap();
            assert!(legal.contains(&p.uci), "game {}: {} is not among its legal moves", g.number, p.uci);
        }
    }
    let want: std::collections::BTreeMap<&str, i32> =
        [("checkmate", 46), ("stalemate", 63), ("insufficient", 804), ("repetition", 31), ("fifty", 56)]
            .into_iter()
            .collect();
    assert_eq!(endings, want, "the endings the header counts");
}

#[test]
fn the_reader_reports_a_line_out_of_format() {
    assert!(parse("game 1 seed 1 policy x\np e2e4 | e2e4\nend checkmate 1\n").unwrap_err().contains(":2:"));
    assert!(parse("game 1 seed 1 policy x\np e2e4 | e2e4 | e4\nend checkmate 2\n").unwrap_err().contains("2 plies"));
    assert!(parse("game 1 seed 1 policy x\np e2e4 | e2e4 | e4\n").is_err());
    assert_eq!(parse("# c\ngame 3 seed 3 policy x\np e2e3e4 | e2e4 | e4\nend fifty 1\n").unwrap()[0].number, 3);
}

#[test]
fn a_wrong_vector_is_reported_with_its_game_ply_and_fen() {
    let game = load(&common::chess_dir());
    // the right first Move, then a SAN the cards do not write
    let g = &parse(
        "game 9 seed 9 policy x\n\
         p a2a3a4 b1a3c3 b2b3b4 c2c3c4 d2d3d4 e2e3e4 f2f3f4 g1f3h3 g2g3g4 h2h3h4 | e2e4 | e4\n\
         p a7a5a6 b7b5b6 b8a6c6 c7c5c6 d7d5d6 e7e5e6 f7f5f6 g7g5g6 g8f6h6 h7h5h6 | e7e5 | e5+\n\
         end checkmate 2\n",
    )
    .unwrap()[0];
    let out = replay(&game, g);
    let p = out.problem.expect("a disagreement");
    assert!(p.contains("game 9"), "{p}");
    assert!(p.contains("ply 2"), "{p}");
    assert!(p.contains("named `e5`"), "{p}");
    assert!(p.contains("FEN rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"), "{p}");
    assert_eq!(out.agreed, 2);
    // a legal set with a Move too many
    let g = &parse("game 4 seed 4 policy x\np a2a3a4a5 b1a3c3 b2b3b4 c2c3c4 d2d3d4 e2e3e4 f2f3f4 g1f3h3 g2g3g4 h2h3h4 | e2e4 | e4\nend fifty 1\n")
        .unwrap()[0];
    let p = replay(&game, g).problem.expect("a disagreement");
    assert!(p.contains("the cards lack a2a5"), "{p}");
    // an ending the game does not reach
    let g = &parse("game 5 seed 5 policy x\np a2a3a4 b1a3c3 b2b3b4 c2c3c4 d2d3d4 e2e3e4 f2f3f4 g1f3h3 g2g3g4 h2h3h4 | e2e4 | e4\nend fifty 1\n")
        .unwrap()[0];
    let p = replay(&game, g).problem.expect("a disagreement");
    assert!(p.contains("the game goes on"), "{p}");
}
