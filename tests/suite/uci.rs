//! `cardtable uci [FOLDER]`: the built-in engine over UCI, through the
//! binary, as a chess GUI speaks to it: a line in, then the lines out read
//! until the one awaited (no sleeping: a search that never answers fails the
//! test by the reader's limit on lines, and the child is killed on drop).

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use common::TempContent;

/// `cardtable uci ARGS`, spoken to line by line (also `held::`).
pub(crate) struct Uci {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Uci {
    pub(crate) fn start(args: &[&str]) -> Uci {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardtable"))
            .arg("uci")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start cardtable uci");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Uci { child, stdin, stdout }
    }

    pub(crate) fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write to the engine");
        self.stdin.flush().unwrap();
    }

    /// The lines up to and with the first that starts with `prefix`.
    pub(crate) fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        for _ in 0..10_000 {
            let mut line = String::new();
            if self.stdout.read_line(&mut line).expect("read from the engine") == 0 {
                panic!("the engine ended before `{prefix}`: {lines:?}");
            }
            let line = line.trim_end().to_string();
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
        panic!("no `{prefix}` in 10000 lines")
    }

    fn bestmove(&mut self) -> String {
        let lines = self.until("bestmove");
        lines.last().unwrap().split_whitespace().nth(1).unwrap_or("").to_string()
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_built_in_engine_speaks_uci() {
    let mut e = Uci::start(&[]);
    e.send("uci");
    let hello = e.until("uciok");
    assert!(hello.iter().any(|l| l.starts_with("id name ")), "{hello:?}");
    e.send("isready");
    assert_eq!(e.until("readyok"), ["readyok"]);
    e.send("ucinewgame");

    // From the start, after 1. e4 e5: a legal reply, with info lines on the way.
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert!(lines.iter().any(|l| l.starts_with("info depth 3 score cp ")), "{lines:?}");
    let mv = lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
    assert!(mv.len() == 4 && !["e2e4", "e7e5"].contains(&mv.as_str()), "{mv}");

    // A mate in one, found within the time given.
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("go movetime 200");
    assert_eq!(e.bestmove(), "a1a8");
    // Black's, on the clock.
    e.send("position fen r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1");
    e.send("go wtime 1000 btime 1000 winc 10 binc 10");
    assert_eq!(e.bestmove(), "a8a1");

    // `go infinite` thinks until `stop`, answering `isready` meanwhile.
    e.send("position startpos");
    e.send("go infinite");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")), "{lines:?}");
    e.send("stop");
    let first = e.bestmove();
    assert_eq!(first.len(), 4, "{first}");

    // A position with no legal move: `0000`; an illegal move is said, not played.
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go depth 2");
    assert_eq!(e.bestmove(), "0000");
    e.send("position startpos moves e2e5");
    assert!(e.until("info string").last().unwrap().contains("e2e5"));
    e.send("quit");
    let status = e.child.wait().expect("the engine ends");
    assert!(status.success());
}

/// The score of the deepest `info` line before `bestmove`, and the move.
fn score_and_move(e: &mut Uci) -> (String, String) {
    let lines = e.until("bestmove");
    let score = lines
        .iter()
        .rev()
        .find_map(|l| l.split(" score ").nth(1).map(|s| s.split(" nodes").next().unwrap_or("").to_string()))
        .unwrap_or_default();
    (score, lines.last().unwrap().split_whitespace().nth(1).unwrap_or("").to_string())
}

/// `position ... moves ...` is the game's history: Black a Queen up, the
/// Kings shuffled (1. Ke2 Kf8 2. Ke1 Ke8 3. Ke2 Kf8 4. Kd1 Ke8), White's Ke2
/// brings a position back a third time, a draw, which the engine takes. A
/// position of the game seen only once before is not a draw yet: after
/// 2. ... Ke8, White is still lost.
#[test]
fn uci_sees_repetitions_in_the_games_moves() {
    let mut e = Uci::start(&[]);
    e.send("position fen q3k3/8/8/8/8/8/8/4K3 w - - 0 1 moves e1e2 e8f8 e2e1 f8e8");
    e.send("go depth 3");
    let (score, _) = score_and_move(&mut e);
    let cp: i32 = score.strip_prefix("cp ").and_then(|s| s.parse().ok()).unwrap_or(0);
    assert!(cp < -500, "a Queen down, nothing drawn yet: {score}");
    e.send("position fen q3k3/8/8/8/8/8/8/4K3 w - - 0 1 moves e1e2 e8f8 e2e1 f8e8 e1e2 e8f8 e2d1 f8e8");
    e.send("go depth 3");
    assert_eq!(score_and_move(&mut e), ("cp 0".to_string(), "d1e2".to_string()));
    e.send("quit");
}

#[test]
fn uci_plays_the_invented_kinds_of_a_content_folder() {
    let copy = TempContent::chess("uci-invented");
    let kinds = copy.read("tables/Kinds.csv");
    copy.write("tables/Kinds.csv", &format!("{kinds}Nightrider,4,10,S,=S,550,,S,=S,,,,,,\n"));
    let mut dirs = copy.read("tables/Directions.csv");
    for (f, r) in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)] {
        dirs.push_str(&format!("Nightrider {f} {r},Nightrider,{f},{r},7,7,true,true,0,false,0,0\n"));
    }
    copy.write("tables/Directions.csv", &dirs);
    let mut e = Uci::start(&[copy.dir.to_str().unwrap()]);
    e.send("uci");
    e.until("uciok");
    // The Nightrider on a1 takes the Queen on g4 across the Board.
    e.send("position fen 4k3/8/8/8/6q1/8/8/S3K3 w - - 0 1");
    e.send("go depth 3");
    assert_eq!(e.bestmove(), "a1g4");
    // And it is played by its letter in a line of moves.
    e.send("position fen 4k3/8/8/8/6q1/8/8/S3K3 w - - 0 1 moves a1g4 e8d7");
    e.send("go depth 2");
    let mv = e.bestmove();
    assert!(mv.len() == 4, "{mv}");
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

#[test]
fn uci_refuses_a_game_it_cannot_play_and_says_what_it_is() {
    // The language fixture has no Kinds nor Directions: no engine, exit 1.
    let out = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .args(["uci", "tests/fixtures/language"])
        .current_dir(common::root())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the built-in engine cannot play this game: the engine library needs a table"), "{err}");
    // --help says what it is; the top --help lists it.
    let help = Command::new(env!("CARGO_BIN_EXE_cardtable")).args(["uci", "--help"]).output().unwrap();
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("Speak UCI on stdin/stdout"));
    let top = Command::new(env!("CARGO_BIN_EXE_cardtable")).arg("--help").output().unwrap();
    assert!(String::from_utf8_lossy(&top.stdout).contains("uci "), "{}", String::from_utf8_lossy(&top.stdout));
}

/// `setoption name Noise value CP` is a Strength's engineNoise over UCI (a
/// match runner plays a Strength with it): listed by `uci`; with none, the
/// same move every time; with a great deal, seeded anew by `Seed`, the
/// moves from the start vary. An unknown option is said, not taken.
#[test]
fn uci_takes_a_strengths_noise_as_an_option() {
    let mut e = Uci::start(&[]);
    e.send("uci");
    let hello = e.until("uciok");
    assert!(hello.iter().any(|l| l.starts_with("option name Noise type spin")), "{hello:?}");
    let moves = |e: &mut Uci| -> std::collections::BTreeSet<String> {
        (0..8)
            .map(|seed| {
                e.send(&format!("setoption name Seed value {seed}"));
                e.send("position startpos");
                e.send("go depth 1");
                e.bestmove()
            })
            .collect()
    };
    assert_eq!(moves(&mut e).len(), 1, "no noise: one move");
    e.send("setoption name Noise value 5000");
    assert!(moves(&mut e).len() > 1, "noise: the moves vary");
    e.send("setoption name Bogus value 3");
    assert!(e.until("info string").last().unwrap().contains("Bogus"));
    e.send("quit");
}

/// A line that is not UTF-8 is skipped and said with `info string`; the
/// session goes on (it ended there, silently).
#[test]
fn uci_skips_a_line_that_is_not_utf8_and_goes_on() {
    let mut e = Uci::start(&[]);
    e.send("uci");
    e.until("uciok");
    e.stdin.write_all(b"position \xff\xfe startpos\n").unwrap();
    e.send("isready");
    let lines = e.until("readyok");
    assert_eq!(lines, ["info string line 2 is not UTF-8; it was skipped", "readyok"]);
    e.send("position startpos moves e2e4");
    e.send("go depth 1");
    assert_eq!(e.bestmove().len(), 4);
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

/// A line longer than a mebibyte (a GUI gone wrong) is skipped and said
/// with `info string`, not read whole nor said back; the session goes on.
#[test]
fn uci_skips_a_line_longer_than_a_mebibyte() {
    let mut e = Uci::start(&[]);
    e.stdin.write_all(&vec![b'x'; 3 << 20]).unwrap();
    e.send("");
    e.send("isready");
    let lines = e.until("readyok");
    assert_eq!(lines, ["info string line 1 is longer than 1048576 bytes; it was skipped", "readyok"]);
    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

/// The nodes of each `info` line of a search.
fn info_nodes(lines: &[String]) -> Vec<u64> {
    lines
        .iter()
        .filter_map(|l| l.split(" nodes ").nth(1))
        .filter_map(|rest| rest.split_whitespace().next()?.parse().ok())
        .collect()
}

/// `go nodes N` (0 too) and `go mate N` end by themselves, with no `stop`
/// (they searched on until told to stop): nodes at most N (and one more, the
/// node that saw the limit), a mate in one found, and from the start, where
/// there is none, a move after a search one ply deep.
#[test]
fn uci_go_nodes_and_go_mate_answer_by_themselves() {
    let mut e = Uci::start(&[]);
    e.send("position startpos");
    e.send("go nodes 0");
    let lines = e.until("bestmove");
    let mv = lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
    assert!(mv.len() == 4 && mv != "0000", "{lines:?}");
    e.send("go nodes 3000");
    let lines = e.until("bestmove");
    let nodes = info_nodes(&lines);
    assert!(!nodes.is_empty() && nodes.iter().all(|&n| n <= 3001), "{lines:?}");
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("go mate 1");
    assert_eq!(e.bestmove(), "a1a8");
    e.send("position startpos");
    e.send("go mate 1");
    let lines = e.until("bestmove");
    assert!(lines.iter().all(|l| !l.starts_with("info depth 2")), "no deeper than one ply: {lines:?}");
    assert_eq!(lines.last().unwrap().split_whitespace().nth(1).map(str::len), Some(4), "{lines:?}");
    e.send("quit");
}

/// `go ... searchmoves M ...` searches only those moves of the position: a
/// King move where a Rook mates, a2a3 or h2h3 from the start; a word that
/// is not a legal move is said and left out.
#[test]
fn uci_searchmoves_restricts_the_root_moves() {
    let mut e = Uci::start(&[]);
    e.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    e.send("go depth 3 searchmoves g1f1");
    assert_eq!(e.bestmove(), "g1f1");
    e.send("position startpos");
    e.send("go searchmoves a2a3 h2h3 depth 3");
    let best = e.bestmove();
    assert!(["a2a3", "h2h3"].contains(&best.as_str()), "{best}");
    e.send("go depth 2 searchmoves e2e5 b1c3");
    let lines = e.until("bestmove");
    assert!(lines.iter().any(|l| l == "info string searchmoves: `e2e5` is not a legal move here"), "{lines:?}");
    assert_eq!(lines.last().map(String::as_str), Some("bestmove b1c3"));
    e.send("quit");
}

/// The gallery's names, as content/variants holds them, after the folder's own.
fn gallery_after(own: &str, chess_too: bool) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(common::root().join("content/variants"))
        .expect("content/variants")
        .map(|e| e.expect("a folder entry").file_name().to_string_lossy().into_owned())
        .collect();
    if chess_too {
        names.push("chess".into());
    }
    names.retain(|n| n != own);
    names.sort();
    std::iter::once(own.to_string()).chain(names).collect()
}

/// `UCI_Variant` (as Fairy-Stockfish's: a combo of names) offers content/chess
/// and the gallery's variants; choosing one plays its rules from its start,
/// which it says as Fairy-Stockfish's `d` writes it (the vector file's
/// `start`): the Amazon on d1 leaps to e3, which chess's Queen cannot. An
/// unknown name is said and changes nothing.
#[test]
fn uci_variant_chooses_a_game_of_the_gallery() {
    let chess = common::chess_dir();
    let mut e = Uci::start(&[chess.to_str().unwrap()]);
    e.send("uci");
    let lines = e.until("uciok");
    let want: String = gallery_after("chess", false).iter().map(|n| format!(" var {n}")).collect();
    let option = format!("option name UCI_Variant type combo default chess{want}");
    assert!(lines.contains(&option), "{option} in {lines:?}");
    e.send("position startpos");
    e.send("go depth 1 searchmoves d1e3 e2e4");
    assert_eq!(e.bestmove(), "e2e4", "chess's Queen does not leap");
    e.send("setoption name UCI_Variant value amazon");
    e.send("isready");
    let lines = e.until("readyok");
    let start = std::fs::read_to_string(common::root().join("tests/fairy/amazon.perft")).unwrap();
    let fen = start.lines().skip_while(|l| *l != "id start").find_map(|l| l.strip_prefix("fen ")).unwrap().to_string();
    assert!(lines.contains(&format!("info string variant amazon startpos {fen}")), "{lines:?}");
    e.send("position startpos");
    e.send("go depth 1 searchmoves d1e3");
    assert_eq!(e.bestmove(), "d1e3", "the Amazon leaps");
    e.send("setoption name UCI_Variant value shogi");
    e.send("isready");
    let lines = e.until("readyok");
    assert!(
        lines.iter().any(|l| l.starts_with("info string no variant `shogi`; UCI_Variant offers chess, ")),
        "{lines:?}"
    );
    e.send("go depth 1 searchmoves d1e3");
    assert_eq!(e.bestmove(), "d1e3", "still amazon");
    e.send("quit");
    // From a variant's folder: itself first, then the others and chess.
    let mut e = Uci::start(&[common::root().join("content/variants/knightmate").to_str().unwrap()]);
    e.send("uci");
    let lines = e.until("uciok");
    let want: String = gallery_after("knightmate", true).iter().map(|n| format!(" var {n}")).collect();
    assert!(lines.contains(&format!("option name UCI_Variant type combo default knightmate{want}")), "{lines:?}");
    e.send("quit");
}

/// The Boards of 10 by 8 and of 5 by 5 over UCI, each a variant of the
/// other (a `variants` folder of the two, linked to content/examples, and
/// content/chess, which they are made over, beside it): the
/// engine names the Squares past h and past Rank 9 as Fairy-Stockfish does,
/// plays each from its start, and `UCI_Variant` swaps one Board for the
/// other (its bit sets of 128 Squares for those of 64) and back.
#[cfg(unix)]
#[test]
fn uci_plays_the_boards_of_other_sizes_and_swaps_them() {
    let gallery = tempfile::Builder::new().prefix("cardtable-test-uci-sizes-").tempdir().unwrap();
    let variants = gallery.path().join("variants");
    std::fs::create_dir(&variants).unwrap();
    for name in ["board-10x8", "board-5x5"] {
        std::os::unix::fs::symlink(common::root().join("content/examples").join(name), variants.join(name)).unwrap();
    }
    // Each is made over the chess game (`extends: ../../chess`, read from the folder as named, the link):
    // the chess game linked where that names it, beside `variants` as in content/ (and so offered too).
    std::os::unix::fs::symlink(common::chess_dir(), gallery.path().join("chess")).unwrap();
    let mut e = Uci::start(&[variants.join("board-10x8").to_str().unwrap()]);
    e.send("uci");
    let lines = e.until("uciok");
    let option = "option name UCI_Variant type combo default board-10x8 var board-10x8 var board-5x5 var chess";
    assert!(lines.iter().any(|l| l == option), "{lines:?}");
    e.send("position startpos moves i1j1");
    e.send("go depth 1 searchmoves j7j5 a7a6");
    assert_eq!(e.bestmove(), "j7j5", "a Move on the j-File");
    e.send("go depth 3");
    assert_ne!(e.bestmove(), "0000");
    e.send("setoption name UCI_Variant value board-5x5");
    e.send("isready");
    let lines = e.until("readyok");
    let gardner = "info string variant board-5x5 startpos rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1";
    assert!(lines.iter().any(|l| l == gardner), "{lines:?}");
    e.send("position startpos moves b2c3");
    let lines = e.until("info string");
    assert_eq!(lines.last().map(String::as_str), Some("info string `b2c3` is not a legal move here"));
    e.send("position startpos");
    e.send("go depth 3");
    let best = e.bestmove();
    assert!(best.len() == 4 && best.bytes().all(|b| b"abcde12345".contains(&b)), "{best}");
    e.send("position fen 1rnbqkbnr1/pppppppppp/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1 w - - 0 1");
    let lines = e.until("info string");
    assert!(lines.last().is_some_and(|l| l.contains("ranks, not 5")), "{lines:?}");
    e.send("setoption name UCI_Variant value board-10x8");
    e.send("isready");
    let lines = e.until("readyok");
    let wide =
        "info string variant board-10x8 startpos 1rnbqkbnr1/pppppppppp/10/10/10/10/PPPPPPPPPP/1RNBQKBNR1 w - - 0 1";
    assert!(lines.iter().any(|l| l == wide), "{lines:?}");
    e.send("position startpos moves a2a4 j7j5 a4a5 j5j4 a5a6 j4j3 a6b7 j3i2");
    e.send("go depth 1 searchmoves b7a8q b7c8q");
    let lines = e.until("bestmove");
    assert!(lines.iter().any(|l| l == "info string searchmoves: `b7a8q` is not a legal move here"), "{lines:?}");
    assert_eq!(lines.last().map(String::as_str), Some("bestmove b7c8q"), "the Pawn takes the Knight and promotes");
    e.send("quit");
}

/// Chess960 over UCI, as Fairy-Stockfish speaks it: a castling is the King
/// onto its Rook (g1h1, g8b8), read from the castling field's Rooks' Files
/// of `position fen`; `startpos` is the folder's first game (its generator
/// seeded 0), castlings named by Files.
#[test]
fn uci_plays_chess960_castlings_as_the_king_onto_its_rook() {
    let mut e = Uci::start(&[common::root().join("content/variants/fischerandom").to_str().unwrap()]);
    e.send("uci");
    e.until("uciok");
    e.send("position fen 1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1");
    e.send("go depth 1 searchmoves g1h1");
    assert_eq!(e.bestmove(), "g1h1", "castling without the King moving");
    e.send("position fen 1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1 moves g1h1");
    e.send("go depth 1 searchmoves g8b8");
    assert_eq!(e.bestmove(), "g8b8", "Black's O-O-O");
    e.send("setoption name UCI_Variant value fischerandom");
    e.send("isready");
    let lines = e.until("readyok");
    let start = std::fs::read_to_string(common::root().join("tests/fairy/fischerandom.perft")).unwrap();
    let fen = start.lines().skip_while(|l| *l != "id start").find_map(|l| l.strip_prefix("fen ")).unwrap().to_string();
    assert!(lines.contains(&format!("info string variant fischerandom startpos {fen}")), "{lines:?}");
    e.send("quit");
}
