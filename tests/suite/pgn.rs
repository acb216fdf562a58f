//! PGN through the chess library: `pgn` writes the game (the Seven Tag
//! Roster, the Move History's names, the result), `loadpgn` plays one from
//! its start through the cards, as a player clicks. The reference games
//! (tests/vectors/random_games.txt) go out as PGN and back in to the same
//! FEN: every 100th game in the default run; all 1000 with
//! `cargo test --release --test suite -- --ignored pgn::every_reference_game`.

use crate::common;

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;

/// One reference game: its number, its Moves' names, how it ended.
struct Game {
    number: usize,
    sans: Vec<String>,
    ending: String,
}

fn reference_games() -> Vec<Game> {
    let text = std::fs::read_to_string(common::root().join("tests/vectors/random_games.txt")).expect("vectors");
    let mut games: Vec<Game> = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("game ") {
            let number = rest.split_whitespace().next().and_then(|w| w.parse().ok()).expect("game N");
            games.push(Game { number, sans: Vec::new(), ending: String::new() });
        } else if let Some(rest) = line.strip_prefix("p ") {
            let san = rest.rsplit(" | ").next().expect("p LEGAL | UCI | SAN");
            games.last_mut().expect("a game").sans.push(san.to_string());
        } else if let Some(rest) = line.strip_prefix("end ") {
            games.last_mut().expect("a game").ending = rest.split_whitespace().next().unwrap_or("").to_string();
        }
    }
    games
}

fn field(answer: &Json, key: &str) -> String {
    match answer {
        Json::Obj(pairs) => match pairs.iter().find(|(k, _)| k == key) {
            Some((_, Json::Str(s))) => s.clone(),
            _ => panic!("no `{key}` in {answer}"),
        },
        _ => panic!("not an object: {answer}"),
    }
}

/// The moves of a PGN's movetext: move numbers, the reason's `{comment}` and the result left out.
fn movetext_sans(pgn: &str) -> Vec<String> {
    let body = pgn.split("\n\n").nth(1).unwrap_or("");
    let body = match (body.find('{'), body.find('}')) {
        (Some(open), Some(close)) if open < close => format!("{}{}", &body[..open], &body[close + 1..]),
        _ => body.to_string(),
    };
    body.split_whitespace()
        .filter(|w| !w.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(w))
        .map(str::to_string)
        .collect()
}

fn round_trip(game: &Game) -> Result<(), String> {
    let at = |what: String| format!("game {}: {what}", game.number);
    let mut words = Vec::new();
    for (i, san) in game.sans.iter().enumerate() {
        if i % 2 == 0 {
            words.push(format!("{}.", i / 2 + 1));
        }
        words.push(san.clone());
    }
    let mut first = common::chess_driver();
    let answer = first.command(&format!("loadpgn {}", words.join(" ")));
    if answer.to_string().contains("\"error\"") {
        return Err(at(format!("loadpgn: {answer}")));
    }
    let fen = field(&answer, "fen");
    let pgn = field(&first.command("pgn"), "pgn");
    if movetext_sans(&pgn) != game.sans {
        return Err(at(format!("PGN out names other moves:\n{pgn}")));
    }
    let white_mated_last = game.sans.len() % 2 == 1;
    let result = match game.ending.as_str() {
        "checkmate" if white_mated_last => "1-0",
        "checkmate" => "0-1",
        _ => "1/2-1/2",
    };
    if !pgn.contains(&format!("[Result \"{result}\"]\n")) || !pgn.trim_end().ends_with(result) {
        return Err(at(format!("a {} should be {result}:\n{pgn}", game.ending)));
    }
    let file = std::env::temp_dir().join(format!("cardtable-test-{}-pgn-{}.pgn", std::process::id(), game.number));
    std::fs::write(&file, &pgn).map_err(|e| e.to_string())?;
    let mut second = common::chess_driver();
    let back = second.command(&format!("loadpgn {}", file.display()));
    let _ = std::fs::remove_file(&file);
    if back.to_string().contains("\"error\"") {
        return Err(at(format!("loadpgn of its own PGN: {back}\n{pgn}")));
    }
    if field(&back, "fen") != fen || field(&second.command("fen"), "fen") != fen {
        return Err(at(format!("PGN out and in gives {back}, not {fen}")));
    }
    Ok(())
}

fn check_games(step: usize) {
    let games = reference_games();
    assert_eq!(games.len(), 1000);
    let failures: Vec<String> = games.iter().step_by(step).filter_map(|g| round_trip(g).err()).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_hundredth_reference_game_goes_out_as_pgn_and_back_to_the_same_fen() {
    check_games(100);
}

#[test]
#[ignore = "about 1000 games through the cards: cargo test --release --test suite pgn:: -- --ignored"]
fn every_reference_game_goes_out_as_pgn_and_back_to_the_same_fen() {
    check_games(1);
}

fn error_of(d: &mut Driver, line: &str) -> String {
    match d.command(line) {
        Json::Obj(pairs) => match pairs.iter().find(|(k, _)| k == "error") {
            Some((_, Json::Str(e))) => e.clone(),
            _ => panic!("`{line}` is not refused: {pairs:?}"),
        },
        other => panic!("{other}"),
    }
}

#[test]
fn a_move_the_cards_refuse_is_an_error_that_names_its_number() {
    let mut d = common::chess_driver();
    assert_eq!(error_of(&mut d, "loadpgn 1. e4 e5 2. Ke3"), "move 2. `Ke3`: not a legal move here");
    assert_eq!(
        error_of(&mut d, "loadpgn 1. e4 e5 2. Nf3 Nc6 3. Ne5 Nf6 4. Nc3 d6 5. Nh5"),
        "move 5. `Nh5`: not a legal move here"
    );
    assert_eq!(
        error_of(&mut d, "loadpgn [FEN \"4k3/8/8/8/8/8/4K3/R6R w - - 0 1\"] 1. Rd1"),
        "move 1. `Rd1`: names more than one legal move"
    );
    assert_eq!(error_of(&mut d, "loadpgn 1. f3 e5 2. g4 Qh4# 3. a3"), "move 3. `a3`: the game is over before it");
    assert_eq!(
        error_of(&mut d, "loadpgn [FEN \"8/8/8/8/8/8/8/8 x - - 0 1\"] 1. e4"),
        "the PGN's FEN: the side to move is w or b, not `x`"
    );
    assert!(error_of(&mut d, "loadpgn /no/such/file.pgn").starts_with("cannot read the PGN file `/no/such/file.pgn`"));
}

#[test]
fn comments_variations_and_a_set_up_position_are_read_and_written() {
    let mut d = common::chess_driver();
    let answer = d.command(
        "loadpgn [Event \"x\"] [FEN \"4k3/P7/8/8/8/8/8/4K3 b - - 3 40\"] 40... Kd7 {the king runs} 41. a8=Q (41. a8=N) $1 Ke6 ; a comment",
    );
    assert_eq!(field(&answer, "fen"), "Q7/8/4k3/8/8/8/8/4K3 w - - 1 42");
    let pgn = field(&d.command("pgn"), "pgn");
    assert!(pgn.contains("[SetUp \"1\"]\n[FEN \"4k3/P7/8/8/8/8/8/4K3 b - - 3 40\"]\n"), "{pgn}");
    assert!(pgn.ends_with("\n40... Kd7 41. a8=Q Ke6 *\n"), "{pgn}");
    for tag in ["Event", "Site", "Date", "Round", "White", "Black", "Result"] {
        assert!(pgn.contains(&format!("[{tag} \"")), "the Seven Tag Roster's {tag}: {pgn}");
    }
}

#[test]
fn a_resigned_game_is_lost_by_the_player() {
    let mut d = common::chess_driver();
    d.command("loadpgn 1. e4 e5");
    for button in ["Game", "Resign", "Resign"] {
        let answer = d.command(&format!("press {button}"));
        assert!(!answer.to_string().contains("error"), "{answer}");
    }
    let pgn = field(&d.command("pgn"), "pgn");
    assert!(
        pgn.contains("[Result \"0-1\"]") && pgn.ends_with("1. e4 e5 {resignation} 0-1\n"),
        "White, the Player, resigned: {pgn}"
    );
}

#[test]
fn the_windows_pgn_option_starts_from_the_pgns_last_position() {
    let file = std::env::temp_dir().join(format!("cardtable-test-{}-option.pgn", std::process::id()));
    std::fs::write(&file, "[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n").expect("write");
    let mut d = common::chess_driver();
    let path = file.display().to_string();
    let applied = cardtable_runtime::library::apply_option(&d.libraries, &mut d.world, "pgn", &path);
    let _ = std::fs::remove_file(&file);
    assert_eq!(applied, Ok(()));
    assert_eq!(field(&d.command("fen"), "fen"), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    let refused = cardtable_runtime::library::apply_option(&d.libraries, &mut d.world, "pgn", "/no/such.pgn");
    assert!(refused.is_err_and(|e| e.contains("cannot read the PGN file")));
}

/// A driver over the variant of content/examples/nightrider-camel (a
/// Nightrider `S` and a Camel `C` in Kinds), one Player playing both Sides.
fn variant_driver() -> Driver {
    common::two_players(common::load_game(&common::root().join("content/examples/nightrider-camel")))
}

/// The variant's own start (Camels on b1 and b8, Nightriders on g1 and g8).
const VARIANT_START: &str = "rcbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RCBQKBSR w KQkq - 0 1";

#[test]
fn a_variant_game_with_invented_pieces_loads_from_its_pgn_and_goes_out_and_back_to_the_same_fen() {
    // Worked by hand: the Nightrider rides g1-f3-e5 and takes on d7; the King
    // takes it back; the Camel leaps b1-c4, (1,3) from d7: check.
    let mut d = variant_driver();
    let answer = d.command("loadpgn 1. Sxd7 Kxd7 2. Cc4+ *");
    let fen = "rcbq1bsr/pppkpppp/8/8/2C5/8/PPPPPPPP/R1BQKB1R b KQ - 1 2";
    assert_eq!(field(&answer, "fen"), fen, "{answer}");
    let pgn = field(&d.command("pgn"), "pgn");
    // The variant's start is not chess's: the PGN names it, as a set-up position.
    assert!(pgn.contains(&format!("[SetUp \"1\"]\n[FEN \"{VARIANT_START}\"]\n")), "{pgn}");
    assert!(pgn.ends_with("\n1. Sxd7 Kxd7 2. Cc4+ *\n"), "{pgn}");
    let mut back = variant_driver();
    assert_eq!(field(&back.command(&format!("loadpgn {}", pgn.replace('\n', " "))), "fen"), fen);
    // The chess game's own PGN names no FEN: its start is the standard one.
    let mut chess = common::chess_driver();
    chess.command("loadpgn 1. Nf3");
    assert!(!field(&chess.command("pgn"), "pgn").contains("[FEN"));
}

#[test]
fn a_pawn_promoted_to_an_invented_kind_is_read_with_or_without_the_equals_sign() {
    // The Promotion choice's fourth button (named Knight) offers row 4 of
    // Kinds, the Nightrider; b8 to e8 is no Nightrider's line, so Ke7 is legal.
    for promotion in ["b8=S", "b8S"] {
        let mut d = variant_driver();
        let answer = d.command(&format!("loadpgn [FEN \"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\"] 1. {promotion} Ke7"));
        assert_eq!(field(&answer, "fen"), "1S6/4k3/8/8/8/8/8/4K3 w - - 1 2", "{promotion}: {answer}");
        assert!(field(&d.command("pgn"), "pgn").ends_with("\n1. b8=S Ke7 *\n"));
    }
    // The Camel is not among the four the Promotion choice offers.
    let mut d = variant_driver();
    assert_eq!(
        error_of(&mut d, "loadpgn [FEN \"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\"] 1. b8=C"),
        "move 1. `b8=C`: not a legal move here"
    );
}

/// The built-in engine plays the variant against itself for 60 plies (or to
/// its end); the game goes out as PGN and back into a fresh game, through
/// the cards, to the same FEN.
#[test]
fn an_engine_played_variant_game_goes_out_as_pgn_and_back_to_the_same_fen() {
    let mut d = variant_driver();
    for _ in 0..60 {
        if d.command("state").to_string().contains("Game Over") {
            break;
        }
        let best = d.command("enginebestmove depth 1 noise 0");
        let Json::Obj(pairs) = &best else { panic!("{best}") };
        let Some((_, Json::Str(m))) = pairs.iter().find(|(k, _)| k == "move") else { break };
        let m = m.clone();
        d.command(&format!("click {}", &m[0..2]));
        d.command(&format!("click {}", &m[2..4]));
        if m.len() > 4 {
            panic!("a promotion at depth 1 in 60 plies: {m} (play it through its button)");
        }
    }
    let fen = field(&d.command("fen"), "fen");
    let pgn = field(&d.command("pgn"), "pgn");
    let sans = movetext_sans(&pgn);
    assert!(sans.len() >= 20, "{pgn}");
    assert!(sans.iter().any(|s| s.starts_with('S')) && sans.iter().any(|s| s.starts_with('C')), "{pgn}");
    let mut back = variant_driver();
    let answer = back.command(&format!("loadpgn {}", pgn.replace('\n', " ")));
    assert_eq!(field(&answer, "fen"), fen, "{pgn}");
}

#[test]
fn the_windows_pgn_option_plays_a_variant_game_from_the_variants_start() {
    let file = std::env::temp_dir().join(format!("cardtable-test-{}-variant.pgn", std::process::id()));
    std::fs::write(&file, "[Event \"x\"]\n\n1. Sxd7 Kxd7 2. Cc4+ *\n").expect("write");
    let mut d = variant_driver();
    let applied =
        cardtable_runtime::library::apply_option(&d.libraries, &mut d.world, "pgn", &file.display().to_string());
    let _ = std::fs::remove_file(&file);
    assert_eq!(applied, Ok(()));
    assert_eq!(field(&d.command("fen"), "fen"), "rcbq1bsr/pppkpppp/8/8/2C5/8/PPPPPPPP/R1BQKB1R b KQ - 1 2");
}

/// Whether the Promotion choice's panel is shown (its UI Group and itself).
fn promotion_shown(d: &mut Driver) -> bool {
    common::ok(d, "get \"Promotion Panel\" shown").get("value") == &Json::Bool(true)
}

/// A White Pawn on a7 moved to a8: the Promotion choice opens.
fn open_the_promotion_choice(d: &mut Driver) {
    common::ok(d, "setfen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    common::ok(d, "click a7");
    common::ok(d, "click a8");
    assert_eq!(common::state(d), "Promotion");
    assert!(promotion_shown(d), "the Promotion choice is open");
}

/// Issue 38: a position set from outside closes the Promotion choice left
/// open (a `choice: true` UI Group), which would hide the Board and swallow
/// its clicks, and turns the Board's keys back on.
#[test]
fn setfen_and_loadpgn_close_the_promotion_choice_left_open() {
    let mut d = common::chess_driver();
    open_the_promotion_choice(&mut d);
    assert_eq!(
        common::ok(&mut d, "inputs").to_string(),
        r#"{"inputs":{"Default":false,"Move List":false,"Promotion Choice":true}}"#
    );
    common::ok(&mut d, "setfen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert!(!promotion_shown(&mut d), "setfen closes the Promotion choice");
    assert_eq!(common::state(&mut d), "Playing");
    assert_eq!(
        common::ok(&mut d, "inputs").to_string(),
        r#"{"inputs":{"Default":true,"Move List":false,"Promotion Choice":false}}"#
    );
    // The Board hears its clicks again: the Pawn promotes through a choice opened anew.
    open_the_promotion_choice(&mut d);
    common::ok(&mut d, "setfen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    common::ok(&mut d, "click a7");
    common::ok(&mut d, "click a8");
    common::ok(&mut d, "press Queen");
    assert_eq!(common::text(&mut d, "eval data('Position', 'a8', 'kind')"), "Queen");

    open_the_promotion_choice(&mut d);
    let answer = common::ok(&mut d, "loadpgn [FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 1\"] 1. a8=Q");
    assert_eq!(answer.get("moves"), &Json::Num(1.0), "{answer}");
    assert!(!promotion_shown(&mut d), "loadpgn closes the Promotion choice");
    assert_eq!(common::text(&mut d, "eval data('Position', 'a8', 'kind')"), "Queen");
}

/// Issue 38: a position set from outside closes an open menu too, but the
/// legend Threats mode shows stays: a mode the player chose is no question.
#[test]
fn setfen_closes_a_menu_and_keeps_the_threats_legend() {
    let mut d = common::chess_driver();
    common::ok(&mut d, "click Threats");
    common::ok(&mut d, "click Settings");
    let settings_shown = common::ok(&mut d, "get \"Settings Panel\" shown");
    assert_eq!(settings_shown.get("value"), &Json::Bool(true), "the Settings panel is open");
    common::ok(&mut d, "setfen 4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(common::ok(&mut d, "get \"Attacked Key\" shown").get("value"), &Json::Bool(true), "the legend stays");
    let settings_shown = common::ok(&mut d, "get \"Settings Panel\" shown");
    assert_eq!(settings_shown.get("value"), &Json::Bool(false), "setfen closes the Settings panel");
    common::ok(&mut d, "click a7");
    common::ok(&mut d, "click a8");
    assert_eq!(common::state(&mut d), "Promotion", "the Board hears its clicks");
}

/// Issue 38: New Game and a load close the Promotion choice too.
#[test]
fn a_new_game_and_a_load_close_the_promotion_choice_left_open() {
    let mut d = common::chess_driver();
    common::ok(&mut d, "save before");
    open_the_promotion_choice(&mut d);
    common::ok(&mut d, "load before");
    assert!(!promotion_shown(&mut d), "a load closes the Promotion choice");
    assert_eq!(common::state(&mut d), "Playing");

    open_the_promotion_choice(&mut d);
    common::ok(&mut d, "click New Game");
    common::ok(&mut d, "press Play");
    assert!(!promotion_shown(&mut d), "a new game closes the Promotion choice");
    assert_eq!(common::state(&mut d), "Playing");
}

/// Issue 38: `get NAME/TYPE STRUCTURE` finds the Data Structure `get NAME STRUCTURE` finds.
#[test]
fn get_finds_a_data_structure_by_name_and_type() {
    let mut d = common::chess_driver();
    let plain = common::ok(&mut d, "get e2 squareInfo");
    let typed = common::ok(&mut d, "get e2/Square squareInfo");
    assert_eq!(plain, typed);
    assert_eq!(common::text(&mut d, "get e2/Square squareInfo.name"), common::text(&mut d, "get e2 squareInfo.name"));
    assert_eq!(common::ok(&mut d, "get e2/Piece sprite.frame"), common::ok(&mut d, "get e2/Piece frame"));
    let wrong = d.command("get e2/Nothing squareInfo");
    assert!(wrong.is_error() && format!("{wrong}").contains("of the type `Nothing`"), "{wrong}");
}
