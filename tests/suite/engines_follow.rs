//! `cardtable check` proves whether each engine follows the cards: the
//! built-in engine and the UCI engine the game would ask (Stockfish here)
//! against the cards' legal moves and game ends, at the start and along
//! seeded playouts (runtime/chess/src/follow.rs). A copy whose cards let a
//! King step into check, and one whose cards end the game when a King
//! reaches the centre, are named at their first differing position, which
//! the driver then confirms; a UCI engine that hangs is ended, one that is
//! missing is told, and content/chess follows. Where the engine does not
//! follow the cards, the Computer is the search over the cards: the
//! King-into-check copy's Computer plays alpha-beta's move over its cards,
//! and a notice names the engine and its first differing move.

use crate::common;

use cardtable_runtime::json::Json;
use cardtable_runtime::library::Finding;
use cardtable_runtime::source::files::Files;
use common::{ok, TempContent};
use std::process::{Command, Output, Stdio};

/// What `check` found playing the game (in process, as the binary's `check`).
fn play(dir: &std::path::Path) -> Vec<Finding> {
    common::load::check_with_data(Files::Dir(dir.to_path_buf()), None).play
}

/// The FEN and the move a differing finding names: `..., at FEN: MOVE is ...`.
fn fen_and_move(f: &Finding) -> (String, String) {
    let at = f.text.split(", at ").nth(1).unwrap_or_else(|| panic!("no position in `{}`", f.text));
    let (fen, rest) = at.split_once(": ").unwrap();
    (fen.to_string(), rest.split(' ').next().unwrap().to_string())
}

/// The two engines' findings, the built-in's first; each must differ.
fn both_differ(found: &[Finding]) -> [&Finding; 2] {
    let built_in =
        found.iter().find(|f| f.text.starts_with("the built-in engine")).expect("the built-in engine's line");
    let uci = found.iter().find(|f| f.text.starts_with("the UCI engine")).expect("the UCI engine's line");
    for f in [built_in, uci] {
        assert!(f.differs, "{found:#?}");
    }
    [built_in, uci]
}

fn check_binary(dir: &std::path::Path, path: Option<&std::path::Path>, pid_file: Option<&std::path::Path>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_cardtable"));
    command.arg("check").arg(dir).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    if let Some(p) = path {
        let old = std::env::var_os("PATH").unwrap_or_default();
        let mut paths = vec![p.to_path_buf()];
        paths.extend(std::env::split_paths(&old));
        command.env("PATH", std::env::join_paths(paths).unwrap());
    }
    if let Some(f) = pid_file {
        command.env("CARDTABLE_TEST_PID_FILE", f);
    }
    command.output().expect("run cardtable check")
}

/// content/chess: each engine agrees with the cards, a line each on stdout.
#[test]
fn the_engines_follow_the_chess_cards() {
    let out = check_binary(&common::chess_dir(), None, None);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    for engine in ["the built-in engine", "the UCI engine"] {
        assert!(
            stdout.lines().any(|l| l.starts_with(engine) && l.contains(" follows the cards: the same legal moves")),
            "{stdout}"
        );
    }
}

/// Drop Move If Unsafe with one word changed (`from == kingSquare` made
/// `to == kingSquare`: a King's move is tried with the King's own Square
/// looked at, not where it lands) lets a King step into check: both engines
/// are named at the same position and move, a King's step the cards allow
/// and the engines do not, and the driver's `moves` and `enginemoves` say so.
#[test]
fn a_king_that_may_step_into_check_is_named_at_its_first_move_for_both_engines() {
    let copy = TempContent::chess("king-into-check");
    copy.replace_once("logic/Drop Move If Unsafe.yaml", "  - if: from == kingSquare", "  - if: to == kingSquare");
    let found = play(&copy.dir);
    let [built_in, uci] = both_differ(&found);
    let (fen, m) = fen_and_move(built_in);
    assert_eq!(fen_and_move(uci), (fen.clone(), m.clone()), "{found:#?}");
    assert!(
        built_in.text.contains(&format!("{m} is a legal move of the cards, not of the built-in engine")),
        "{found:#?}"
    );

    let mut d = common::two_players(common::load_game(&copy.dir));
    ok(&mut d, &format!("setfen {fen}"));
    let king = &m[..2];
    let kind = ok(&mut d, &format!("eval data('Position', '{king}', 'kind')"));
    assert_eq!(kind.get("value").as_str(), Some("King"), "the move is a King's: {m}");
    assert!(common::move_set(&mut d, "moves").contains(&m), "the cards let {m} be played at {fen}");
    assert!(!common::move_set(&mut d, "enginemoves").contains(&m), "the built-in engine does not");
}

/// The same copy played against its Computer, the built-in engine asked
/// (`engine builtin`, whatever is installed): the bridge's check at the first
/// question finds the engine does not follow the cards, so the search over
/// the cards answers (a notice names the engine, the position and its first
/// differing move, a King's step), never Computer Unavailable; its move is
/// the one `bestmove` finds at the Strength's row of Search Strengths (Club:
/// depth 2, 1000 nodes), made on the Board. Then a second turn.
#[test]
fn the_king_into_check_copy_s_computer_plays_by_the_cards() {
    let copy = TempContent::chess("king-into-check-computer");
    copy.replace_once("logic/Drop Move If Unsafe.yaml", "  - if: from == kingSquare", "  - if: to == kingSquare");
    let game = common::load_game(&copy.dir);
    let mut d = cardtable_runtime::host::driver::Driver::with_store(
        game,
        std::rc::Rc::new(cardtable_runtime::save::Store::memory()),
    );
    ok(&mut d, "engine builtin");
    for (from, to) in [("e2", "e4"), ("d2", "d4")] {
        ok(&mut d, &format!("click {from}"));
        ok(&mut d, &format!("click {to}"));
        assert_eq!(common::state(&mut d), "Computer's Turn");
        let expected = ok(&mut d, "bestmove depth 2 nodes 1000").get("move").as_str().unwrap().to_string();
        let listed = common::move_set(&mut d, "moves");
        assert!(common::wait_until(&mut d, 1.0, 30.0, |d| common::state(d) != "Computer's Turn"));
        assert_eq!(common::state(&mut d), "Playing", "{}", ok(&mut d, "notices"));
        let chosen = ["from", "to", "landingKind"]
            .map(|c| common::text(&mut d, &format!("eval data('Chosen Moves', 'Computer', '{c}')")));
        assert_eq!(format!("{}{}", chosen[0], chosen[1]), expected[..4], "the Computer plays the search's move");
        assert!(listed.contains(&expected), "{expected} is one of the cards' moves");
        let landed = common::text(&mut d, &format!("eval data('Position', '{}', 'side')", chosen[1]));
        assert_eq!(landed, "Black", "the move is made on the Board");
    }
    let notices: Vec<String> =
        ok(&mut d, "notices").get("notices").as_array().iter().filter_map(|n| n.as_str().map(str::to_string)).collect();
    let told: Vec<&String> = notices.iter().filter(|n| n.starts_with("The Computer plays by the search")).collect();
    assert_eq!(told.len(), 1, "told once: {notices:?}");
    let why = told[0];
    assert!(why.contains("the built-in engine differs from the cards"), "{why}");
    let finding = Finding {
        text: why.trim_start_matches("The Computer plays by the search over the cards: ").into(),
        differs: true,
    };
    let (fen, m) = fen_and_move(&finding);
    assert!(why.contains(&format!("{m} is a legal move of the cards, not of the built-in engine")), "{why}");
    // The move it names is a King's the cards allow there and the engine does not.
    let mut two = common::two_players(common::load_game(&copy.dir));
    ok(&mut two, &format!("setfen {fen}"));
    assert_eq!(common::text(&mut two, &format!("eval data('Position', '{}', 'kind')", &m[..2])), "King");
    assert!(common::move_set(&mut two, "moves").contains(&m));
    assert!(!common::move_set(&mut two, "enginemoves").contains(&m));
}

/// Look For Game End that also ends the game when a King stands on d4, e4,
/// d5 or e5 (the copy's White King starts on e3, its castlings not
/// allowed): both engines play on where the cards end the game, named at
/// that position, where the driver's Game State is Game Over and
/// `enginemoves` lists moves.
#[test]
fn a_game_end_the_engines_do_not_know_is_named() {
    let copy = TempContent::chess("king-in-the-centre");
    let ends = "      - if: outOfMoves.value == true || material.value == true || repetition.value == true || \
                self.boardState.fiftyMoveCount >= @self.fiftyMoveCountForDraw";
    let centre: String =
        ["d4", "e4", "d5", "e5"].iter().map(|sq| format!(" || data('Position', '{sq}', 'kind') == 'King'")).collect();
    copy.replace_once("logic/Look For Game End.yaml", ends, &format!("{ends}{centre}"));
    copy.replace_once("tables/Position.csv", "e1,5,1,e,King,White", "e1,5,1,e,,");
    copy.replace_once("tables/Position.csv", "e3,5,3,e,,", "e3,5,3,e,King,White");
    copy.replace_once(
        "tables/Castling.csv",
        "White King Side,e1,g1,h1,f1,g1,true",
        "White King Side,e1,g1,h1,f1,g1,false",
    );
    copy.replace_once(
        "tables/Castling.csv",
        "White Queen Side,e1,c1,a1,d1,b1,true",
        "White Queen Side,e1,c1,a1,d1,b1,false",
    );
    let found = play(&copy.dir);
    let [built_in, uci] = both_differ(&found);
    let (fen, _) = fen_and_move(built_in);
    assert_eq!(fen_and_move(uci).0, fen, "{found:#?}");
    for f in [built_in, uci] {
        assert!(f.text.contains(": the cards end the game there, where it plays on ("), "{found:#?}");
    }

    let mut d = common::two_players(common::load_game(&copy.dir));
    ok(&mut d, &format!("setfen {fen}"));
    assert_eq!(common::state(&mut d), "Game Over", "the cards end the game at {fen}");
    assert!(!common::move_set(&mut d, "enginemoves").is_empty(), "the built-in engine has moves at {fen}");
}

/// A UCI engine that never answers `go perft 1` and ignores `quit` (the
/// fake deaf.sh, found on PATH as `stockfish`) is given 5 s, then ended
/// whole: check says it could not be asked, goes on with the built-in
/// engine, and no process of it outlives check. A Variant Engine's program
/// that is nowhere is told as not found. Neither is the content's fault.
#[test]
fn a_hanging_engine_is_ended_and_a_missing_one_is_told() {
    let dir = common::TempDir::new("hanging-stockfish");
    let engines = common::root().join("tests/fixtures/engines");
    std::fs::copy(engines.join("uci.sh"), dir.path("uci.sh")).unwrap();
    std::fs::copy(engines.join("deaf.sh"), dir.path("stockfish")).unwrap();
    let pid_file = dir.path("pid");
    let out = check_binary(&common::chess_dir(), Some(&dir.path("")), Some(&pid_file));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    let hung = stdout.lines().find(|l| l.starts_with("the UCI engine")).unwrap_or_else(|| panic!("{stdout}"));
    assert!(hung.contains("could not be asked (the engine said no `Nodes` or `bestmove` in 5 s)"), "{stdout}");
    assert!(hung.ends_with("it was ended, not checked"), "{stdout}");
    assert!(stdout.contains("the built-in engine follows the cards"), "{stdout}");
    let pid: u32 = std::fs::read_to_string(&pid_file).expect("the engine ran").trim().parse().unwrap();
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let state = stat.rsplit(')').next().and_then(|rest| rest.split_whitespace().next()).unwrap_or("gone");
    assert!(state == "gone" || state == "Z", "the engine {pid} outlived check ({state})");

    let copy = TempContent::of(&common::root().join("content/variants/nocastle"), "missing-engine");
    copy.replace_once("tables/Variant Engine.csv", "nocastle,fairy-stockfish", "nocastle,no-such-engine");
    let found = play(&copy.dir);
    let missing = found.iter().find(|f| f.text.contains("`no-such-engine`")).unwrap_or_else(|| panic!("{found:#?}"));
    assert!(missing.text.starts_with("the UCI engine `no-such-engine` is not found"), "{found:#?}");
    assert!(found.iter().all(|f| !f.differs), "{found:#?}");
}

/// A UCI engine that searches where it is asked `go perft 1` (the fake
/// illegal.sh, `bestmove` at once) is not waited for: check says it answers
/// with a search, and goes on with the built-in engine.
#[test]
fn an_engine_that_searches_for_perft_is_told_at_once() {
    let dir = common::TempDir::new("searching-stockfish");
    let engines = common::root().join("tests/fixtures/engines");
    std::fs::copy(engines.join("uci.sh"), dir.path("uci.sh")).unwrap();
    std::fs::copy(engines.join("illegal.sh"), dir.path("stockfish")).unwrap();
    let out = check_binary(&common::chess_dir(), Some(&dir.path("")), None);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    let told = stdout.lines().find(|l| l.starts_with("the UCI engine")).unwrap_or_else(|| panic!("{stdout}"));
    assert!(
        told.contains("could not be asked (it answers `go perft 1` with a search (`bestmove`), not with its moves)"),
        "{stdout}"
    );
    assert!(stdout.contains("the built-in engine follows the cards"), "{stdout}");
}

/// The king-into-check copy (Drop Move If Unsafe's `from == kingSquare`
/// made `to == kingSquare`).
fn king_into_check(label: &str) -> TempContent {
    let copy = TempContent::chess(label);
    copy.replace_once("logic/Drop Move If Unsafe.yaml", "  - if: from == kingSquare", "  - if: to == kingSquare");
    copy
}

/// One start of `cardtable drive --data-dir DATA --engine ENGINE CONTENT`
/// (its saved game removed first, so each start plays from the start):
/// White plays e2e4, the Computer (Black) answers; then the answers of
/// `state`, `engine`, `notices` and the Computer's Chosen Move, and the
/// moves the cards allowed after e2e4.
fn one_start(data: &std::path::Path, content: &std::path::Path, engine: &str) -> [Json; 5] {
    let _ = std::fs::remove_dir_all(data.join("saves"));
    let waits = "wait 1\n".repeat(30);
    let input = format!(
        "click e2\nclick e4\nmoves\n{waits}state\nengine\nnotices\neval data('Chosen Moves', 'Computer', 'from') + \
         data('Chosen Moves', 'Computer', 'to')\n"
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .args(["drive", "--data-dir"])
        .arg(data)
        .args(["--engine", engine])
        .arg(content)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start cardtable drive");
    use std::io::Write;
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    let answers: Vec<Json> = stdout.lines().map(|l| common::parse_json(l).unwrap()).collect();
    let n = answers.len();
    assert_eq!(n, 3 + 30 + 4, "{stdout}");
    [answers[n - 4].clone(), answers[n - 3].clone(), answers[n - 2].clone(), answers[n - 1].clone(), answers[2].clone()]
}

/// The notice that the search over the cards plays, if one was given.
fn search_notice(notices: &Json) -> Option<String> {
    notices
        .get("notices")
        .as_array()
        .iter()
        .filter_map(|n| n.as_str())
        .find(|n| n.starts_with("The Computer plays by the search over the cards: "))
        .map(str::to_string)
}

/// The check at the game's first question is kept in the data folder, by
/// the key of the content's rules and the engines: the next start reads it
/// there (the driver's `engine` says `checked.from`: `play`, then `cache`)
/// and tells the same notice, and the Computer plays by the cards both
/// times; another engine (`--engine PATH`) makes another key; a card changed (the book's Drop Move If Unsafe put back) makes
/// another key, so the check is played again, and finds that the built-in
/// engine follows the cards now.
#[test]
fn the_engines_check_is_kept_by_the_content_s_hash_and_played_again_when_a_card_or_the_engine_changes() {
    let copy = king_into_check("engines-checked-kept");
    let data = common::TempDir::new("engines-checked-data");
    let mut keys = Vec::new();
    let mut told = Vec::new();
    for (start, from) in [(1, "play"), (2, "cache")] {
        let [state, engine, notices, chosen, moves] = one_start(&data.path(""), &copy.dir, "builtin");
        assert_eq!(state.get("state").as_str(), Some("Playing"), "start {start}: {notices}");
        let checked = engine.get("checked");
        assert_eq!(checked.get("from").as_str(), Some(from), "start {start}: {engine}");
        keys.push(checked.get("key").as_str().expect("a key").to_string());
        let why = search_notice(&notices).unwrap_or_else(|| panic!("start {start}: {notices}"));
        assert!(why.contains("the built-in engine differs from the cards"), "{why}");
        assert!(why.contains("is a legal move of the cards, not of the built-in engine"), "{why}");
        told.push(why);
        let chosen = chosen.get("value").as_str().unwrap_or_default().to_string();
        let listed = common::strings(moves.get("moves"));
        assert!(listed.iter().any(|m| m.starts_with(&chosen)), "start {start}: {chosen} is the cards' move");
    }
    assert_eq!(keys[0], keys[1]);
    assert_eq!(told[0], told[1], "the kept check tells what the played one told");
    let values = std::fs::read_to_string(data.path("values.yaml")).unwrap();
    assert!(values.contains("stockfishBridge: engines checked") && values.contains(&keys[0]), "{values}");

    // Another engine (Stockfish under a name of its own): another key, the check played again.
    let bin = common::TempDir::new("engines-checked-bin");
    let mine = bin.path("another-engine");
    std::os::unix::fs::symlink(common::stockfish(), &mine).unwrap();
    let [_, engine, _, _, _] = one_start(&data.path(""), &copy.dir, &mine.to_string_lossy());
    assert_eq!(engine.get("checked").get("from").as_str(), Some("play"), "another engine: {engine}");
    assert_ne!(engine.get("checked").get("key").as_str(), Some(keys[0].as_str()));

    copy.replace_once("logic/Drop Move If Unsafe.yaml", "  - if: to == kingSquare", "  - if: from == kingSquare");
    let [state, engine, notices, _, _] = one_start(&data.path(""), &copy.dir, "builtin");
    assert_eq!(state.get("state").as_str(), Some("Playing"), "{notices}");
    let checked = engine.get("checked");
    assert_eq!(checked.get("from").as_str(), Some("play"), "a card changed: {engine}");
    assert_ne!(checked.get("key").as_str(), Some(keys[0].as_str()));
    let findings = checked.get("findings").as_array();
    assert!(
        findings.iter().any(|f| f.get("text").as_str().is_some_and(|t| t.starts_with("the built-in engine follows"))),
        "{engine}"
    );
    assert_eq!(search_notice(&notices), None, "the built-in engine plays: {notices}");
}

/// `--engine PATH` is the engine checked: Stockfish under another name (a
/// link in a folder of the test's own, on no PATH) plays the
/// king-into-check copy; the check names that program at the first
/// position it differs, a King's step, and the Computer plays by the cards.
#[test]
fn the_engine_named_by_engine_path_is_the_one_checked() {
    let copy = king_into_check("engine-path-checked");
    let data = common::TempDir::new("engine-path-data");
    let bin = common::TempDir::new("engine-path-bin");
    let mine = bin.path("my-engine");
    std::os::unix::fs::symlink(common::stockfish(), &mine).unwrap();
    let [state, engine, notices, chosen, moves] = one_start(&data.path(""), &copy.dir, &mine.to_string_lossy());
    assert_eq!(state.get("state").as_str(), Some("Playing"), "{notices}");
    assert_eq!(engine.get("checked").get("from").as_str(), Some("play"), "{engine}");
    let why = search_notice(&notices).unwrap_or_else(|| panic!("{notices}"));
    let named = format!("the UCI engine {} differs from the cards", mine.display());
    assert!(why.contains(&named), "{why}");
    let finding = Finding {
        text: why.trim_start_matches("The Computer plays by the search over the cards: ").into(),
        differs: true,
    };
    let (fen, m) = fen_and_move(&finding);
    let mut two = common::two_players(common::load_game(&copy.dir));
    ok(&mut two, &format!("setfen {fen}"));
    assert_eq!(common::text(&mut two, &format!("eval data('Position', '{}', 'kind')", &m[..2])), "King", "{why}");
    let chosen = chosen.get("value").as_str().unwrap_or_default().to_string();
    assert!(common::strings(moves.get("moves")).iter().any(|m| m.starts_with(&chosen)), "{chosen}");
}

/// `cardtable check --data-dir DATA`: the engines' check is played and
/// kept in DATA, the next check reads it there (and says so) with the same
/// lines, and `drive` with the same data folder and engine reads it too at
/// the game's first question (`checked.from`: `cache`): one cache for
/// check, the driver and the window. `check --engine PATH` checks that
/// program (Stockfish under a name of its own), named where it differs,
/// under another key.
#[test]
fn check_keeps_the_engines_check_where_the_game_reads_it_and_takes_engine_path() {
    let copy = king_into_check("check-kept");
    let data = common::TempDir::new("check-kept-data");
    let check = |engine: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_cardtable"))
            .arg("check")
            .arg(&copy.dir)
            .arg("--data-dir")
            .arg(data.path(""))
            .args(["--engine", engine])
            .stdin(Stdio::null())
            .output()
            .expect("run cardtable check");
        // The engine differs from the cards: check does not call the folder fine, and lists what it found
        // among the mistakes, on stderr, each line indented.
        assert!(!out.status.success());
        let text = String::from_utf8_lossy(&out.stderr);
        text.lines().map(str::trim).collect::<Vec<_>>().join("\n")
    };
    let played = check("builtin");
    let read = check("builtin");
    let kept = |s: &str| {
        s.lines().filter(|l| !l.starts_with("the engines' check was")).map(str::to_string).collect::<Vec<_>>()
    };
    let all = format!("{played}{read}");
    assert!(played.contains("the engines' check was played, and kept in the data folder"), "{all}");
    assert!(read.contains("the engines' check was read from the data folder"), "{all}");
    assert_eq!(kept(&played), kept(&read), "the kept check tells what the played one told");
    assert!(played.contains("the built-in engine differs from the cards"), "{all}");
    let key = |s: &str| s.split("(key ").nth(1).and_then(|k| k.split(')').next()).map(str::to_string);
    assert_eq!(key(&played), key(&read));

    let [_, engine, notices, _, _] = one_start(&data.path(""), &copy.dir, "builtin");
    assert_eq!(engine.get("checked").get("from").as_str(), Some("cache"), "{engine}");
    assert_eq!(engine.get("checked").get("key").as_str().map(str::to_string), key(&played));
    assert!(search_notice(&notices).is_some_and(|n| n.contains("the built-in engine differs")), "{notices}");

    let bin = common::TempDir::new("check-kept-bin");
    let mine = bin.path("my-checked-engine");
    std::os::unix::fs::symlink(common::stockfish(), &mine).unwrap();
    let other = check(&mine.to_string_lossy());
    assert!(other.contains("the engines' check was played, and kept"), "{other}");
    assert_ne!(key(&other), key(&played));
    assert!(other.contains(&format!("the UCI engine {} differs from the cards", mine.display())), "{other}");
}

/// The engines' check waits for a hanging engine (deaf.sh: the handshake,
/// never `go perft 1`) without holding the driver: each command is answered
/// while it is on its way (`engine`: `checked.from` is `checking`; the
/// Computer's Turn goes on), and the question's timers wait with it, so the
/// Computer is not Unavailable at its answerWait's 5.7 s (Club: 0.7 s and
/// spareSeconds 5): the check ends the engine after its 5 s and tells it.
#[test]
fn the_computer_waits_for_the_engines_check_and_its_timers_with_it() {
    let mut d = cardtable_runtime::host::driver::Driver::with_store(
        common::load_game(&common::chess_dir()),
        std::rc::Rc::new(cardtable_runtime::save::Store::memory()),
    );
    let deaf = common::root().join("tests/fixtures/engines/deaf.sh");
    ok(&mut d, &format!("engine {}", deaf.display()));
    ok(&mut d, "click e2");
    ok(&mut d, "click e4");
    assert_eq!(common::state(&mut d), "Computer's Turn");
    let notices = ok(&mut d, "notices").to_string();
    assert!(
        notices.contains("The Computer waits while Cardtable checks that its engines follow the cards"),
        "{notices}"
    );
    ok(&mut d, "wait 0.5");
    let engine = ok(&mut d, "engine");
    assert_eq!(engine.get("checked").get("from").as_str(), Some("checking"), "{engine}");
    ok(&mut d, "wait 6");
    assert_eq!(common::state(&mut d), "Computer's Turn", "{}", ok(&mut d, "notices"));
    let engine = ok(&mut d, "engine");
    assert_eq!(engine.get("checked").get("from").as_str(), Some("play"), "{engine}");
    let told = engine.get("checked").get("findings").to_string();
    assert!(told.contains("could not be asked (the engine said no `Nodes` or `bestmove` in 5 s)"), "{told}");
}
