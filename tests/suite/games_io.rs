//! Games in and out of the window (issue 35, item 3), played with the
//! Computer on, as a player has it: `loadpgn` and `--pgn` go on from the
//! last position, the Computer to move when it is its turn; Undo and a New
//! Game after a set position go back to it; Copy PGN, Copy FEN and Paste
//! through the clipboard (the driver's stand-in, `clipboard`); Save game as
//! PGN into the documents folder (a temporary one).

use crate::common::{self, ok, state, wait_until};

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use cardtable_runtime::save::Store;
use std::rc::Rc;

/// The chess game with the Computer on (the default), the driver answering
/// for it (`engine manual`, `answer MOVE`), no slides.
fn against_the_computer() -> Driver {
    let mut d = Driver::with_system(common::load_game(&common::chess_dir()), Rc::new(Store::memory()), true);
    ok(&mut d, "engine manual");
    d
}

fn fen(d: &mut Driver) -> String {
    ok(d, "fen").get("fen").as_str().unwrap_or_default().to_string()
}

fn error_of(d: &mut Driver, line: &str) -> String {
    d.command(line).get("error").as_str().unwrap_or_else(|| panic!("`{line}` is not refused")).to_string()
}

/// The Computer answers `mv`, and its Move is made.
fn computer_plays(d: &mut Driver, mv: &str) {
    assert_eq!(state(d), "Computer's Turn");
    ok(d, &format!("answer {mv}"));
    assert!(wait_until(d, 0.1, 5.0, |d| state(d) == "Playing"), "the Computer's {mv} was not made");
}

/// FEN's first four fields: the Pieces, the Side to move, castling, en passant.
fn position(fen: &str) -> String {
    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

#[test]
fn loadpgn_with_the_computer_on_goes_on_from_the_last_position() {
    let mut d = against_the_computer();
    // The Player's Move last: the Computer is to move, and moves.
    let answer = ok(&mut d, "loadpgn 1. e4 e5 2. Nf3");
    assert_eq!(answer.get("moves").to_string(), "3", "{answer}");
    assert_eq!(fen(&mut d), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    computer_plays(&mut d, "b8c6");
    assert_eq!(fen(&mut d), "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    // The Computer's Move last: the Player is to move.
    ok(&mut d, "loadpgn 1. e4 e5");
    assert_eq!(state(&mut d), "Playing");
    assert_eq!(fen(&mut d), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
    // The Computer still plays its Side.
    ok(&mut d, "click g1");
    ok(&mut d, "click f3");
    computer_plays(&mut d, "g8f6");
    // A PGN the cards refuse changes nothing, and the game goes on.
    let before = fen(&mut d);
    assert_eq!(error_of(&mut d, "loadpgn 1. e4 e5 2. Ke3"), "move 2. `Ke3`: not a legal move here");
    assert_eq!(fen(&mut d), before);
    assert_eq!(state(&mut d), "Playing");
    // The Move History is the PGN's, each Move named.
    ok(&mut d, "loadpgn 1. d4 d5 2. c4 dxc4");
    let pgn = ok(&mut d, "pgn").get("pgn").as_str().unwrap_or_default().to_string();
    assert!(pgn.contains("1. d4 d5 2. c4 dxc4 *"), "{pgn}");
}

#[test]
fn pgn_option_with_the_computer_on_starts_the_window_game_and_drive() {
    let dir = common::TempDir::new("gamesio-pgn");
    let file = dir.path("game.pgn");
    std::fs::write(&file, "[Event \"?\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n").expect("write the PGN");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .arg("drive")
        .arg("--engine")
        .arg("builtin")
        .arg("--pgn")
        .arg(&file)
        .arg("--data-dir")
        .arg(dir.path("data"))
        .arg(common::chess_dir())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().expect("stdin").write_all(b"state\nfen\n")?;
            child.wait_with_output()
        })
        .expect("cardtable drive");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "drive --pgn exited {:?}: {stderr}", out.status);
    let answers: Vec<Json> =
        String::from_utf8_lossy(&out.stdout).lines().map(|l| common::parse_json(l).expect("JSON")).collect();
    assert_eq!(answers[0].get("state").as_str(), Some("Playing"), "{answers:?}");
    assert_eq!(
        answers[1].get("fen").as_str(),
        Some("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    );
}

#[test]
fn undo_and_a_new_game_after_a_set_position_go_back_to_it() {
    let mut d = against_the_computer();
    // Black (the Computer) to move, with an en passant capture and a fifty-move count.
    let set = "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 4 3";
    ok(&mut d, &format!("setfen {set}"));
    computer_plays(&mut d, "e4d3");
    assert_eq!(fen(&mut d), "rnbqkbnr/pppp1ppp/8/8/8/3p4/PPP1PPPP/RNBQKBNR w KQkq - 0 4");
    ok(&mut d, "click c2");
    ok(&mut d, "click d3");
    computer_plays(&mut d, "g8f6");
    // Undo takes back the Player's Turn: back to the Computer's reply.
    ok(&mut d, "press Undo");
    assert_eq!(fen(&mut d), "rnbqkbnr/pppp1ppp/8/8/8/3p4/PPP1PPPP/RNBQKBNR w KQkq - 0 4");
    // Once more: back to the position set, the Computer to move again.
    ok(&mut d, "press Undo");
    assert_eq!(fen(&mut d), set);
    assert_eq!(state(&mut d), "Computer's Turn");
    // A New Game starts from it too, its PGN naming it.
    ok(&mut d, "press New Game");
    ok(&mut d, "press Play");
    assert_eq!(position(&fen(&mut d)), position(set));
    assert_eq!(state(&mut d), "Computer's Turn");
    computer_plays(&mut d, "d7d5");
    let pgn = ok(&mut d, "pgn").get("pgn").as_str().unwrap_or_default().to_string();
    assert!(pgn.contains("[FEN \"rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3"), "{pgn}");
    assert!(pgn.contains("1... d5 *"), "{pgn}");
    // A PGN with a FEN tag: Undo goes back to its FEN, not chess's start.
    ok(&mut d, "loadpgn [FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"] 1. e4");
    computer_plays(&mut d, "e8d7");
    ok(&mut d, "press Undo");
    assert_eq!(fen(&mut d), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
}

/// The notices of an answer, joined.
fn notices(answer: &Json) -> String {
    answer.get("notices").as_array().iter().filter_map(|n| n.as_str()).collect::<Vec<_>>().join(" | ")
}

fn clipboard(d: &mut Driver) -> Option<String> {
    ok(d, "clipboard").get("clipboard").as_str().map(str::to_string)
}

#[test]
fn copy_and_paste_through_the_clipboard() {
    let mut d = against_the_computer();
    assert_eq!(clipboard(&mut d), None);
    ok(&mut d, "click e2");
    ok(&mut d, "click e4");
    computer_plays(&mut d, "e7e5");
    // Ctrl+C: the position as FEN.
    let answer = ok(&mut d, "key Ctrl+C");
    let now = fen(&mut d);
    assert_eq!(clipboard(&mut d).as_deref(), Some(now.as_str()));
    assert!(notices(&answer).contains("copied as FEN"), "{answer}");
    // The Game menu's Copy PGN: the game, its Seven Tag Roster filled in.
    ok(&mut d, "press Game");
    ok(&mut d, "press Copy PGN");
    let pgn = clipboard(&mut d).expect("a PGN on the clipboard");
    assert!(pgn.contains("[White \"Player\"]\n[Black \"Cardtable Computer (Club)\"]\n[Result \"*\"]"), "{pgn}");
    assert!(pgn.contains("1. e4 e5 *"), "{pgn}");
    let date = pgn.lines().find(|l| l.starts_with("[Date ")).unwrap_or_default();
    assert!(date.len() == "[Date \"2026.12.07\"]".len() && !date.contains('?'), "{date}");
    // Copy FEN from the menu too.
    ok(&mut d, "press Copy FEN");
    assert_eq!(clipboard(&mut d).as_deref(), Some(now.as_str()));
    ok(&mut d, "press Close");
    // Ctrl+V of a PGN: the game is set from it, the Computer to move.
    ok(&mut d, r#"clipboard [Event "x"]\n\n1. d4 d5 2. c4 *"#);
    let answer = ok(&mut d, "key Ctrl+V");
    assert!(notices(&answer).contains("The game was pasted: 3 moves."), "{answer}");
    assert_eq!(fen(&mut d), "rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq c3 0 2");
    computer_plays(&mut d, "e7e6");
    // What is neither a PGN nor a FEN, and a FEN the rules refuse: a notice, and nothing lost.
    let before = fen(&mut d);
    ok(&mut d, "clipboard hello world");
    let answer = ok(&mut d, "key Ctrl+V");
    assert!(notices(&answer).contains("`hello world` is neither a PGN nor a FEN"), "{answer}");
    ok(&mut d, "clipboard 4k3/4R3/8/8/8/8/8/4K3 w - - 0 1");
    let answer = ok(&mut d, "key Ctrl+V");
    assert!(notices(&answer).contains("the FEN cannot be played here"), "{answer}");
    ok(&mut d, "clipboard 1. e4 e5 2. Ke3");
    let answer = ok(&mut d, "key Ctrl+V");
    assert!(notices(&answer).contains("move 2. `Ke3`: not a legal move here"), "{answer}");
    assert_eq!(fen(&mut d), before);
    assert_eq!(state(&mut d), "Playing");
    // The Game menu's Paste, of a FEN: set up, the menu closed.
    ok(&mut d, "clipboard 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    ok(&mut d, "press Game");
    ok(&mut d, "press Paste");
    assert_eq!(fen(&mut d), "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert!(d.command("press Paste").is_error(), "the Game menu is closed after a paste");
}

#[test]
fn where_there_is_no_clipboard_a_copy_and_a_paste_are_a_notice_and_no_fault() {
    let mut d = against_the_computer();
    d.world.clipboard = Rc::new(cardtable_runtime::outside::NoClipboard);
    let answer = ok(&mut d, "key Ctrl+C");
    assert!(notices(&answer).contains("Nothing was copied: there is no clipboard here."), "{answer}");
    let answer = ok(&mut d, "key Ctrl+V");
    assert!(notices(&answer).contains("Nothing was pasted: there is no clipboard here."), "{answer}");
    assert_eq!(fen(&mut d), cardtable_chess::library::START);
}

#[test]
fn save_pgn_writes_the_game_into_the_documents_folder() {
    let dir = common::TempDir::new("gamesio-documents");
    let mut d = against_the_computer();
    // No documents folder yet: a notice.
    ok(&mut d, "press Game");
    let answer = ok(&mut d, "press Save PGN");
    assert!(notices(&answer).contains("there is no documents folder here"), "{answer}");
    ok(&mut d, &format!("documents {}", dir.path("Documents").display()));
    ok(&mut d, "press Close");
    ok(&mut d, "click e2");
    ok(&mut d, "click e4");
    computer_plays(&mut d, "e7e5");
    ok(&mut d, "press Game");
    let answer = ok(&mut d, "press Save PGN");
    assert!(notices(&answer).contains("The game was saved as PGN:"), "{answer}");
    // Resigned: the result the cards declare.
    ok(&mut d, "press Resign");
    ok(&mut d, "press Resign Confirm");
    ok(&mut d, "press Game");
    ok(&mut d, "press Save PGN");
    let mut files = dir.files("Documents");
    files.sort();
    assert_eq!(files.len(), 2, "{files:?}");
    let first = std::fs::read_to_string(dir.path("Documents").join(&files[0])).expect("the first PGN");
    let second = std::fs::read_to_string(dir.path("Documents").join(&files[1])).expect("the second PGN");
    let (first, second) = if first.contains("0-1") { (second, first) } else { (first, second) };
    for pgn in [&first, &second] {
        for tag in ["Event", "Site", "Date", "Round", "White", "Black", "Result"] {
            assert!(pgn.contains(&format!("[{tag} \"")), "{tag} in {pgn}");
        }
        assert!(pgn.contains("[White \"Player\"]\n[Black \"Cardtable Computer (Club)\"]"), "{pgn}");
        assert!(!pgn.contains("????"), "{pgn}");
    }
    assert!(first.contains("[Result \"*\"]") && first.contains("1. e4 e5 *"), "{first}");
    assert!(second.contains("[Result \"0-1\"]") && second.contains("{resignation} 0-1"), "{second}");
    assert!(files.iter().all(|f| f.starts_with("Cardtable ") && f.ends_with(".pgn")), "{files:?}");
}

/// The cards' own steps: `copy text: V` puts a text on the clipboard,
/// `paste into: $GLOBAL` reads it into a Text Global (content/README.md,
/// The clipboard).
#[test]
fn the_cards_copy_a_text_and_read_a_paste() {
    let copy = common::TempContent::chess("gamesio-steps");
    let keys = "logic/Copy And Paste Keys.yaml";
    copy.replace_once(
        keys,
        "      - call library: chess\n        function: copyFen",
        "      - copy text: \"'Moves: ' + dataCount('Move History')\"",
    );
    copy.replace_once(keys, "      - call library: chess\n        function: paste", "      - paste into: $status");
    let mut d = common::two_players(common::load_game(&copy.dir));
    ok(&mut d, "click e2");
    ok(&mut d, "click e4");
    ok(&mut d, "key Ctrl+C");
    assert_eq!(clipboard(&mut d).as_deref(), Some("Moves: 1"));
    ok(&mut d, "clipboard pasted words");
    ok(&mut d, "key Ctrl+V");
    assert_eq!(ok(&mut d, "global status").get("value").as_str(), Some("pasted words"));
    // No clipboard: the Global is emptied, and a notice says why.
    d.world.clipboard = Rc::new(cardtable_runtime::outside::NoClipboard);
    let answer = ok(&mut d, "key Ctrl+V");
    assert!(notices(&answer).contains("Nothing was pasted"), "{answer}");
    assert_eq!(ok(&mut d, "global status").get("value").as_str(), Some(""));
}

/// A White Piece's pixels at a Square of a 960 x 1100 screenshot (120 px
/// Squares from the top-left, White at the bottom), as tests/suite/window.rs
/// counts them: light, pale, apart from the Square's own corner colour.
fn white_pixels(rgba: &[u8], width: u32, file: u32, rank: u32) -> usize {
    let px = |x: u32, y: u32| {
        let i = ((y * width + x) * 4) as usize;
        [f32::from(rgba[i]), f32::from(rgba[i + 1]), f32::from(rgba[i + 2])]
    };
    let (cx, cy) = ((file - 1) * 120 + 60, (8 - rank) * 120 + 60);
    let mut square = [0.0f32; 3];
    for x in cx - 30..cx - 20 {
        for y in cy - 50..cy - 40 {
            let p = px(x, y);
            (0..3).for_each(|c| square[c] += p[c] / 100.0);
        }
    }
    let luma = |c: [f32; 3]| 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
    (cx - 20..cx + 20)
        .flat_map(|x| (cy - 20..cy + 20).map(move |y| (x, y)))
        .filter(|&(x, y)| {
            let c = px(x, y);
            let (max, min) = (c[0].max(c[1]).max(c[2]), c[0].min(c[1]).min(c[2]));
            let apart: f32 = (0..3).map(|i| (c[i] - square[i]).abs()).sum();
            luma(c) > 160.0 && (max - min) < 0.4 * max && luma(c) > luma(square) - 10.0 && apart > 50.0
        })
        .count()
}

/// The system clipboard in a real window (Xvfb), with real X keys
/// (xdotool) and the Computer on: Ctrl+C puts the position as FEN on the
/// CLIPBOARD selection, which `xclip -o` reads; a PGN put there by xclip,
/// then Ctrl+V, sets the game (its last position in the screenshot, the
/// window's `--keys 2` waiting for both keys).
#[test]
fn the_window_copies_a_fen_to_the_system_clipboard_and_pastes_a_pgn_from_it() {
    let Some(run) = common::display() else { return };
    if !common::xdotool() {
        return;
    }
    let found = |tool: &str| {
        std::env::var_os("PATH").is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(tool).is_file()))
    };
    if !found("xclip") {
        assert!(std::env::var_os("CI").is_none_or(|v| v.is_empty()), "no xclip here (apt-get install xclip)");
        eprintln!("\nwindow clipboard test SKIPPED: no xclip here (apt-get install xclip)");
        return;
    }
    let dir = common::TempDir::new("gamesio-window");
    let (png, err, copied) = (dir.path("pasted.png"), dir.path("window.stderr"), dir.path("copied.txt"));
    let bin = env!("CARGO_BIN_EXE_cardtable");
    let script = format!(
        "CARDTABLE_REPORT_INPUTS=1 timeout 120 '{bin}' '{content}' --engine builtin --data-dir '{data}' \
         --documents '{docs}' --screenshot '{png}' --keys 2 --frames 5 2>'{err}' & pid=$!\n\
         wid=$(timeout 60 xdotool search --sync --onlyvisible --name Chess | head -n 1)\n\
         timeout 60 xdotool windowfocus --sync \"$wid\"\n\
         xdotool key --window \"$wid\" ctrl+c\n\
         timeout 60 sh -c 'until xclip -o -selection clipboard >\"$0\" 2>/dev/null && [ -s \"$0\" ]; do sleep 0.1; done' '{copied}' \
           || {{ echo 'xclip never read a copy' >&2; kill $pid; exit 1; }}\n\
         printf '[Event \"pasted\"]\\n\\n1. e4 e5 2. Nf3 Nc6 *\\n' | xclip -selection clipboard -i\n\
         xdotool key --window \"$wid\" ctrl+v\n\
         wait $pid",
        content = common::chess_dir().display(),
        data = dir.path("data").display(),
        docs = dir.path("docs").display(),
        png = png.display(),
        err = err.display(),
        copied = copied.display(),
    );
    let mut all: Vec<String> = run.to_vec();
    all.extend(["sh".into(), "-c".into(), script]);
    let out = std::process::Command::new(&all[0]).args(&all[1..]).env("LC_ALL", "C").output().expect("the window runs");
    let said = std::fs::read_to_string(&err).unwrap_or_default();
    assert!(out.status.success(), "the window failed: {}{said}", String::from_utf8_lossy(&out.stderr));
    let copied = std::fs::read_to_string(&copied).unwrap_or_default();
    assert_eq!(copied, cardtable_chess::library::START, "xclip read the FEN Ctrl+C copied");
    assert!(said.contains("input: key Ctrl+C") && said.contains("input: key Ctrl+V"), "{said}");
    // The pasted game's last position: the Pawn on e4, the Knight on f3, e2 and g1 empty.
    let decoder = png::Decoder::new(std::fs::File::open(&png).expect("a screenshot"));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut rgba = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut rgba).expect("a frame");
    let white = |file, rank| white_pixels(&rgba, info.width, file, rank);
    assert!(white(5, 4) > 100 && white(6, 3) > 100, "e4 {} f3 {}", white(5, 4), white(6, 3));
    assert_eq!((white(5, 2), white(7, 1)), (0, 0), "e2 and g1 are empty");
    let _ = std::fs::copy(&png, std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("gamesio-pasted.png"));
}

#[test]
fn a_saved_game_from_a_set_position_goes_back_to_it_after_a_load() {
    let mut d = against_the_computer();
    let set = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 7";
    ok(&mut d, &format!("setfen {set}"));
    computer_plays(&mut d, "e8d7");
    ok(&mut d, "click e2");
    ok(&mut d, "click e4");
    computer_plays(&mut d, "d7d6");
    ok(&mut d, "save kept");
    ok(&mut d, "setfen 4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    ok(&mut d, "load kept");
    assert_eq!(fen(&mut d), "8/8/3k4/8/4P3/8/8/4K3 w - - 1 9");
    ok(&mut d, "press Undo");
    assert_eq!(fen(&mut d), "8/3k4/8/8/8/8/4P3/4K3 w - - 1 8");
    ok(&mut d, "press Undo");
    assert_eq!(fen(&mut d), set);
}
