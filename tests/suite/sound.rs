//! Sound (issue 35, item 5), through the driver as a player plays: the
//! driver plays nothing, and its `sounds` command lists what the cards
//! played since it last asked. The chess game sounds a Move, a capture,
//! check, castling, promotion, the game's end and low time (Sound The
//! Game); the Sound setting off plays nothing and is kept on this device;
//! the Computer's search plays what it tries in silence. The loader's side
//! (a missing or unreadable sound) is in tests/broken/36x_*.broken and
//! below; the window's (no device, no library) in window.rs.

use crate::common;

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use cardtable_runtime::save::Store;
use common::{chess_dir, chess_driver, load_game, ok, promotion_button, state, TempContent};
use std::rc::Rc;

/// The sounds played since the last look.
fn sounds(d: &mut Driver) -> Vec<String> {
    let answer = ok(d, "sounds");
    assert_eq!(answer.get("dropped"), &Json::Num(0.0), "{answer}");
    answer.get("sounds").as_array().iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

/// Clicks each Move's two Squares; the sounds they played.
fn play(d: &mut Driver, moves: &[&str]) -> Vec<String> {
    for m in moves {
        let (from, to) = m.split_at(2);
        ok(d, &format!("click {from}"));
        ok(d, &format!("click {to}"));
    }
    sounds(d)
}

#[test]
fn each_kind_of_move_has_its_sound() {
    let mut d = chess_driver();
    assert!(sounds(&mut d).is_empty(), "the game's start sounds nothing");
    assert_eq!(play(&mut d, &["e2e4"]), ["move"]);
    assert_eq!(play(&mut d, &["d7d5", "e4d5"]), ["move", "capture"]);
    // Bb5+ gives Check: check wins over a plain Move.
    assert_eq!(play(&mut d, &["g8f6", "g1f3", "e7e6", "f1b5"]), ["move", "move", "move", "check"]);
    assert_eq!(play(&mut d, &["c7c6", "e1g1", "c6b5"]), ["move", "castle", "capture"]);
    // A capture that gives Check sounds check: Qxe6+.
    assert_eq!(play(&mut d, &["d1e2", "b8c6", "e2e6"]), ["move", "move", "check"]);
    let mut d = chess_driver();
    ok(&mut d, "setfen 8/P6k/8/8/8/8/8/K7 w - - 0 1");
    assert!(sounds(&mut d).is_empty(), "a position set sounds nothing");
    ok(&mut d, "click a7");
    ok(&mut d, "click a8");
    assert!(sounds(&mut d).is_empty(), "the Promotion choice is open: no Move yet");
    let rook = promotion_button(&mut d, "Rook");
    ok(&mut d, &format!("press {rook}"));
    assert_eq!(sounds(&mut d), ["promote"]);
}

#[test]
fn mate_sounds_the_end_once_and_undo_sounds_nothing() {
    let mut d = chess_driver();
    assert_eq!(play(&mut d, &["f2f3", "e7e5", "g2g4", "d8h4"]), ["move", "move", "move", "game-end"]);
    assert_eq!(state(&mut d), "Game Over");
    ok(&mut d, "press Undo");
    assert!(sounds(&mut d).is_empty(), "Undo sounds nothing");
    // The same mate again sounds its end again.
    assert_eq!(play(&mut d, &["g2g4", "d8h4"]), ["move", "game-end"]);
}

#[test]
fn resigning_sounds_the_end() {
    let mut d = chess_driver();
    play(&mut d, &["e2e4"]);
    ok(&mut d, "press Game");
    ok(&mut d, "press Resign");
    ok(&mut d, "press \"Resign Confirm\"");
    assert_eq!(state(&mut d), "Game Over");
    assert_eq!(sounds(&mut d), ["game-end"]);
}

#[test]
fn the_sound_setting_off_plays_nothing_and_is_kept() {
    let game = load_game(&chess_dir());
    let store = Rc::new(Store::memory());
    let mut d = Driver::with_parts_off(game.clone(), store.clone(), false, &["Make Computer Move"]);
    ok(&mut d, "press Settings");
    ok(&mut d, "press \"Sound Off\"");
    assert_eq!(ok(&mut d, "eval $soundOn").get("value"), &Json::Bool(false));
    ok(&mut d, "press Done");
    assert!(play(&mut d, &["e2e4", "d7d5", "e4d5"]).is_empty(), "the setting off: no sound");
    // Another start on this device: the setting is off still.
    let mut again = Driver::with_parts_off(game.clone(), store.clone(), false, &["Make Computer Move"]);
    assert_eq!(ok(&mut again, "eval $soundOn").get("value"), &Json::Bool(false));
    assert!(play(&mut again, &["f2f3", "e7e5", "g2g4", "d8h4"]).is_empty(), "not even the end");
    ok(&mut again, "press \"New Game\"");
    ok(&mut again, "press Play");
    ok(&mut again, "press Settings");
    ok(&mut again, "press \"Sound On\"");
    ok(&mut again, "press Done");
    assert_eq!(play(&mut again, &["e2e4"]), ["move"]);
    let mut third = Driver::with_parts_off(game, store, false, &["Make Computer Move"]);
    assert_eq!(ok(&mut third, "eval $soundOn").get("value"), &Json::Bool(true));
}

#[test]
fn low_time_sounds_once_on_the_players_clock_then_the_flag_ends_the_game() {
    let mut d = chess_driver();
    ok(&mut d, "press \"New Game\"");
    ok(&mut d, "press \"Time 1+0\"");
    ok(&mut d, "press Play");
    assert!(sounds(&mut d).is_empty());
    ok(&mut d, "wait 49");
    assert!(sounds(&mut d).is_empty(), "11 s left: not yet");
    ok(&mut d, "wait 2");
    assert_eq!(sounds(&mut d), ["low-time"], "10 s left");
    ok(&mut d, "wait 5");
    assert!(sounds(&mut d).is_empty(), "once");
    ok(&mut d, "wait 5");
    assert_eq!(state(&mut d), "Game Over", "White's flag fell");
    assert_eq!(sounds(&mut d), ["game-end"]);
    ok(&mut d, "wait 5");
    assert!(sounds(&mut d).is_empty(), "the end sounds once");
}

#[test]
fn the_computers_move_sounds() {
    let game = load_game(&chess_dir());
    let mut d = Driver::with_store(game, Rc::new(Store::memory()));
    ok(&mut d, "engine builtin");
    assert_eq!(play(&mut d, &["e2e4"]), ["move"]);
    assert!(common::wait_until(&mut d, 0.1, 60.0, |d| state(d) == "Playing"), "the Computer moved");
    let played = sounds(&mut d);
    assert_eq!(played.len(), 1, "its Move, one sound: {played:?}");
    assert!(["move", "capture", "check"].contains(&played[0].as_str()), "{played:?}");
}

#[test]
fn the_search_over_the_cards_is_silent() {
    // A game whose every Turn sounds, even the search's (Start The Turn: play: move calls it).
    let content = TempContent::chess("sound-search");
    content.replace_once(
        "logic/Start The Turn.yaml",
        "  - trigger: turnStarted\n",
        "  - play sound: move\n  - trigger: turnStarted\n",
    );
    let mut d = common::two_players(load_game(&content.path("")));
    sounds(&mut d);
    ok(&mut d, "bestmove depth 2");
    ok(&mut d, "perft 2");
    assert!(sounds(&mut d).is_empty(), "the search tries its Moves in silence");
    ok(&mut d, "play e2e4");
    assert_eq!(sounds(&mut d), ["move"], "a Move of the game sounds");
}

#[test]
fn a_game_without_sounds_loads_and_plays_none() {
    // (A sound missing, misspelt or unreadable: tests/broken/36x_*.broken.)
    let plain = TempContent::chess("no-sounds");
    for f in ["logic/Sound The Game.yaml", "logic/Sound The Move.yaml", "logic/Sound The End.yaml"] {
        plain.remove(f);
    }
    plain.replace_once("objects/Game Rules.yaml", "  Sound The Game: { lowTimeSeconds: 10 }\n", "");
    std::fs::remove_dir_all(plain.path("sounds")).unwrap();
    let mut d = common::two_players(load_game(&plain.path("")));
    assert!(d.world.game.sounds.is_empty());
    assert!(play(&mut d, &["e2e4", "d7d5", "e4d5"]).is_empty());
}

/// The window where ALSA's library is missing (a name that is not there,
/// `CARDTABLE_ALSA_LIBRARY`), and as the machine is (Xvfb has no audio
/// device): it starts, plays a Move, takes its screenshot and succeeds,
/// with at most one notice that it is silent and no fault.
#[test]
fn the_window_plays_on_in_silence_without_a_library_or_a_device() {
    let Some(run) = common::display() else { return };
    let dir = common::TempDir::new("sound-window");
    let script = dir.path("move.script");
    std::fs::write(&script, "click e2\nclick e4\n").unwrap();
    for missing in [true, false] {
        let png = dir.path(if missing { "no-library.png" } else { "as-it-is.png" });
        let data = dir.path(if missing { "data-1" } else { "data-2" });
        let mut all: Vec<String> = run.to_vec();
        all.push(env!("CARGO_BIN_EXE_cardtable").into());
        all.extend([
            chess_dir().to_string_lossy().into_owned(),
            "--screenshot".into(),
            png.to_string_lossy().into_owned(),
            "--frames".into(),
            "3".into(),
            "--script".into(),
            script.to_string_lossy().into_owned(),
            "--data-dir".into(),
            data.to_string_lossy().into_owned(),
        ]);
        let mut command = std::process::Command::new(&all[0]);
        command.args(&all[1..]).env("LC_ALL", "C");
        if missing {
            command.env("CARDTABLE_ALSA_LIBRARY", "libasound-not-here.so.9");
        }
        let out = command.output().expect("the window runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "the window failed:\n{stderr}");
        assert!(png.is_file(), "its screenshot");
        assert!(!stderr.contains("fault") && !stderr.contains("panicked"), "{stderr}");
        let told = stderr.matches("notice: Sound is off: ").count();
        if missing {
            assert_eq!(told, 1, "told once:\n{stderr}");
            assert!(
                stderr.contains("notice: Sound is off: ALSA's library (libasound-not-here.so.9) is not on this computer; the game plays in silence."),
                "{stderr}"
            );
        } else {
            assert!(told <= 1, "at most once (none where a device plays):\n{stderr}");
        }
    }
}

/// The window plays through ALSA, into its `file:` device (a raw file of
/// what was written, `CARDTABLE_ALSA_DEVICE`): a Move's sound is in the
/// file, at its loudness (the sounds peak at 0.7 of full scale) and at
/// least as long as it is; with the Sound setting off, nothing sounds.
#[test]
fn the_window_writes_a_moves_sound_to_the_device() {
    let Some(run) = common::display() else { return };
    if !std::path::Path::new("/usr/lib/x86_64-linux-gnu/libasound.so.2").exists()
        && !std::path::Path::new("/lib/x86_64-linux-gnu/libasound.so.2").exists()
    {
        let why = "no libasound.so.2 here (apt-get install libasound2)";
        assert!(std::env::var_os("CI").is_none_or(|v| v.is_empty()), "the sound test cannot run under CI: {why}");
        eprintln!("\nsound window test SKIPPED: {why}");
        return;
    }
    let dir = common::TempDir::new("sound-device");
    for (label, script) in [
        ("on", "click e2\nclick e4\n"),
        ("off", "click Settings\npress \"Sound Off\"\npress Done\nclick e2\nclick e4\n"),
    ] {
        let script_file = dir.path(&format!("{label}.script"));
        std::fs::write(&script_file, script).unwrap();
        let raw = dir.path(&format!("{label}.raw"));
        let args = [
            chess_dir().to_string_lossy().into_owned(),
            "--screenshot".into(),
            dir.path(&format!("{label}.png")).to_string_lossy().into_owned(),
            "--frames".into(),
            "3".into(),
            "--script".into(),
            script_file.to_string_lossy().into_owned(),
            "--data-dir".into(),
            dir.path(&format!("data-{label}")).to_string_lossy().into_owned(),
        ];
        let mut all: Vec<String> = run.to_vec();
        all.push(env!("CARGO_BIN_EXE_cardtable").into());
        all.extend(args);
        let out = std::process::Command::new(&all[0])
            .args(&all[1..])
            .env("LC_ALL", "C")
            .env("CARDTABLE_ALSA_DEVICE", format!("file:'{}',raw", raw.display()))
            .output()
            .expect("the window runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "the window failed:\n{stderr}");
        assert!(!stderr.contains("Sound is off"), "the device opened:\n{stderr}");
        let bytes = std::fs::read(&raw).unwrap_or_default();
        let samples: Vec<i16> = bytes.chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect();
        let peak = samples.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
        if label == "on" {
            // move.wav: 0.10 s, 2,205 samples at 22,050 a second, 4,410 at the device's 44,100.
            assert!(samples.len() >= 4_400, "the whole Move's sound: {} samples", samples.len());
            assert!((22_000..=23_000).contains(&peak), "its peak, 0.7 of full scale: {peak}");
        } else {
            assert_eq!(peak, 0, "the setting off: silence ({} samples written)", samples.len());
        }
    }
}
