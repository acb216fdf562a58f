//! Keys for the buttons through the driver, as a player presses them: the
//! chess game's game.yaml binds N, F, U and Ctrl+Z, H, T and M to the
//! buttons under the Board (`press NAME: [KEY]`), and Escape to the button
//! that closes each panel; Tab walks the buttons a click could press, and
//! Enter presses the one walked to. A key presses its button as a click
//! does, and nothing when the button is off or held out by an open menu.

use crate::common;

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use common::{chess_driver, ok, text};

/// The button a key pressed (`null` when it pressed none).
fn key(d: &mut Driver, k: &str) -> Json {
    ok(d, &format!("key {k}")).get("pressed").clone()
}

fn pressed(name: &str) -> Json {
    Json::Str(name.into())
}

/// Whether a UI Group is shown.
fn shown(d: &mut Driver, group: &str) -> bool {
    let all = ok(d, "objects");
    all.get("objects")
        .as_array()
        .iter()
        .any(|o| o.get("group").as_str() == Some(group) && o.get("shown") == &Json::Bool(true))
}

fn fen(d: &mut Driver) -> String {
    ok(d, "fen").get("fen").as_str().expect("a FEN").to_string()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn each_letter_presses_its_button_and_escape_closes_each_panel() {
    let mut d = chess_driver();
    assert_eq!(key(&mut d, "N"), pressed("New Game"));
    assert!(shown(&mut d, "New Game Panel"));
    assert_eq!(key(&mut d, "F"), Json::Null, "the open panel holds the Flip button out");
    assert_eq!(key(&mut d, "Escape"), pressed("Cancel New Game"));
    assert!(!shown(&mut d, "New Game Panel"));
    assert_eq!(key(&mut d, "F"), pressed("Flip"));
    assert_eq!(ok(&mut d, "get \"Game Rules\" boardState.isFlipped").get("value"), &Json::Bool(true));
    assert_eq!(key(&mut d, "T"), pressed("Threats"));
    assert_eq!(ok(&mut d, "get \"Game Rules\" boardState.isShowingThreats").get("value"), &Json::Bool(true));
    assert_eq!(key(&mut d, "M"), pressed("Game"));
    assert!(shown(&mut d, "Game Menu Panel"));
    ok(&mut d, "press \"How To Play\"");
    assert!(shown(&mut d, "How To Play Panel"));
    assert_eq!(key(&mut d, "Escape"), pressed("Done How To Play"), "Escape closes How to play too");
    assert!(!shown(&mut d, "How To Play Panel"));
    assert_eq!(key(&mut d, "M"), pressed("Game"));
    assert_eq!(key(&mut d, "Escape"), pressed("Close"));
    assert!(!shown(&mut d, "Game Menu Panel"));
    ok(&mut d, "press Settings");
    assert_eq!(key(&mut d, "Escape"), pressed("Done"));
    assert!(!shown(&mut d, "Settings Panel"));
    ok(&mut d, "press Game");
    ok(&mut d, "press Resign");
    assert!(shown(&mut d, "Resign Question"));
    assert_eq!(key(&mut d, "Escape"), pressed("Cancel Resign"));
    assert!(!shown(&mut d, "Resign Question"));
    assert_eq!(common::state(&mut d), "Playing", "the game goes on");
    // With no panel open, Escape presses nothing, and still clears a selection (the Command Cancel).
    ok(&mut d, "click e2");
    assert_eq!(key(&mut d, "Escape"), Json::Null);
    assert_eq!(text(&mut d, "get \"Game Rules\" boardState.selected"), "");
}

#[test]
fn u_and_ctrl_z_undo_and_a_button_turned_off_is_pressed_by_no_key() {
    let mut d = chess_driver();
    assert_eq!(key(&mut d, "U"), Json::Null, "Undo is off before any Move");
    assert_eq!(key(&mut d, "Ctrl+Z"), Json::Null);
    for c in ["click e2", "click e4", "click e7", "click e5", "click g1", "click f3", "click b8", "click c6"] {
        ok(&mut d, c);
    }
    assert_eq!(key(&mut d, "Z"), Json::Null, "Z alone is not Ctrl+Z");
    // Undo takes back the Player's last Turn: a Move of each Side.
    assert_eq!(key(&mut d, "Ctrl+Z"), pressed("Undo"));
    assert_eq!(fen(&mut d), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
    assert_eq!(key(&mut d, "U"), pressed("Undo"));
    assert_eq!(fen(&mut d), START);
    assert_eq!(key(&mut d, "H"), pressed("Hint"));
    assert_eq!(common::state(&mut d), "Finding A Hint");
}

#[test]
fn tab_walks_the_buttons_a_click_could_press_and_enter_presses_the_one_walked_to() {
    let mut d = chess_driver();
    // New game, Flip board, then Hint (Undo is off, Retry hidden), Settings, Game, Threats; and round again.
    let mut walked = Vec::new();
    for _ in 0..7 {
        ok(&mut d, "key Tab");
        let at = d.world.button_focus.map(|id| d.world.syms.text(d.world.objects[id.0 as usize].name).to_string());
        walked.push(at.unwrap_or_default());
    }
    assert_eq!(walked, ["New Game", "Flip", "Hint", "Settings", "Game", "Threats", "New Game"]);
    ok(&mut d, "key Tab");
    assert_eq!(key(&mut d, "Enter"), pressed("Flip"));
    assert_eq!(ok(&mut d, "get \"Game Rules\" boardState.isFlipped").get("value"), &Json::Bool(true));
    // In an open menu, Tab walks its buttons only.
    ok(&mut d, "press Game");
    ok(&mut d, "key Tab");
    let at = d.world.button_focus.expect("a button walked to");
    assert!(d.world.in_open_menu(&d.world.objects[at.0 as usize]), "a button of the Game menu");
    // Another key lets the walked-to button go: Enter presses the focused Square again.
    ok(&mut d, "key Escape");
    ok(&mut d, "key Tab");
    ok(&mut d, "key Left");
    assert_eq!(d.world.button_focus, None);
    let enter = ok(&mut d, "key Enter");
    assert_eq!(enter.get("commands").as_array(), [Json::Str("Press Square".into())]);
}

/// The Focus Mark a key showed is kept in the save; a game brought back
/// in a new process hides it until the next key (Hide Focus On Resume).
#[test]
fn a_resumed_game_shows_no_focus_ring_before_a_key() {
    let data = common::TempDir::new("focus-resumed");
    let content = common::chess_dir();
    let off = "off \"Make Computer Move\"\n";
    let (first, _) =
        common::drive_in(&data.dir, &content, &format!("{off}key Left\nclick e2\nclick e4\nobjects \"Focus Mark\"\n"));
    let visible = |j: &Json| j.get("objects").as_array()[0].get("visible").clone();
    assert_eq!(visible(&first[4]), Json::Bool(true), "the first key showed it");
    let (again, _) = common::drive_in(
        &data.dir,
        &content,
        &format!("{off}fen\nobjects \"Focus Mark\"\nkey Right\nobjects \"Focus Mark\"\n"),
    );
    assert_eq!(
        again[1].get("fen").as_str(),
        Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
        "the game came back"
    );
    assert_eq!(visible(&again[2]), Json::Bool(false), "no ring before a key");
    assert_eq!(visible(&again[4]), Json::Bool(true), "the next key shows it");
}

/// The Game button follows the Board Finish, as the other buttons do.
#[test]
fn the_game_button_follows_the_board_finish() {
    let mut d = chess_driver();
    let frame = |d: &mut Driver, b: &str| ok(d, &format!("get {b} sprite.frame")).get("value").to_string();
    for finish in ["Tournament", "Slate", "Marble", "Walnut"] {
        for c in ["press Settings", &format!("press {finish}"), "press Done"] {
            ok(&mut d, c);
        }
        let flip = frame(&mut d, "Flip");
        assert_eq!(frame(&mut d, "Game"), flip, "{finish}: the Game button shows the Flip button's frame");
    }
    assert_ne!(frame(&mut d, "Game"), "2", "back to walnut");
}

/// Whether `text` names `key` as a word of its own (`U` in "U or Ctrl+Z", not in "Undo").
fn names(text: &str, key: &str) -> bool {
    text.match_indices(key).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + key.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '+') && !after.is_some_and(|c| c.is_alphanumeric())
    })
}

/// A key's name as the French How to play writes it.
fn in_french(key: &str) -> String {
    let named = [
        ("Left", "Gauche"),
        ("Right", "Droite"),
        ("Up", "Haut"),
        ("Down", "Bas"),
        ("Home", "Début"),
        ("End", "Fin"),
        ("Enter", "Entrée"),
        ("Space", "Espace"),
        ("Escape", "Échap"),
    ];
    named.iter().find(|(en, _)| *en == key).map_or(key.to_string(), |(_, fr)| fr.to_string())
}

#[test]
fn how_to_play_names_every_key_the_game_binds_in_english_and_in_french() {
    use cardtable_runtime::source::files::Files;
    for lang in [None, Some("fr")] {
        let loaded =
            common::load::load_files_in(Files::Dir(common::chess_dir()), lang).unwrap_or_else(|e| panic!("{e:?}"));
        let game = std::sync::Arc::new(loaded.game);
        let mut keys: Vec<String> = Vec::new();
        for context in &game.inputs {
            let bound = context.bindings.iter().map(|(k, _)| *k).chain(context.presses.iter().map(|(k, _)| *k));
            keys.extend(bound.map(|k| k.name()));
        }
        // Keys of the window itself, not of the content: Tab walks the buttons, F11, F12.
        keys.extend(["Tab", "F11", "F12"].map(String::from));
        assert!(keys.len() > 20, "the chess game binds many keys: {keys:?}");
        let mut d = Driver::new(game);
        let words = text(&mut d, "eval data('Words', 'How To Play Text', 'text')");
        let missing: Vec<String> = keys
            .iter()
            .map(|k| if lang.is_some() { in_french(k) } else { k.clone() })
            .filter(|k| !names(&words, k))
            .collect();
        assert!(missing.is_empty(), "How to play ({lang:?}) does not name {missing:?}:\n{words}");
    }
    assert!(names("U or Ctrl+Z", "U") && !names("Undo", "U") && !names("Ctrl+Z", "Z"));
}
