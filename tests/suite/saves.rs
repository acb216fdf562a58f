//! Saved games and Persistent Values: a World saved and brought back equal
//! (in the same process and in a new one, through the real `cardtable
//! drive --data-dir`), the deferred load and its Events, Persistent Values
//! across processes, every kind of bad file moved aside with a notice while
//! the game plays on, `cardtable check --data-dir`, a chess game saved after
//! a castle, an en passant and a promotion, and the kill test: a process
//! saving in a loop, killed at random moments, never leaves a slot that is
//! not a whole save.
//!
//! The small game `tests/fixtures/saves/` has a table that grows, Objects
//! made while playing, a Data Structure with an Object field, Globals of
//! each type, Game States and a UI Group; its cards save, load, and keep
//! values, and it hears `load:succeeded` and `load:failed`.

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::rc::Rc;

use cardtable_runtime::game::Game;
use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use cardtable_runtime::save::{SaveFile, Store};
use cardtable_runtime::world::World;
use common::{TempContent, TempDir};

fn fixture() -> PathBuf {
    common::root().join("tests/fixtures/saves")
}

/// The real `cardtable drive --data-dir DATA CONTENT`, fed `input`: one
/// answer a command, each checked to be JSON.
fn drive(data: &Path, content: &Path, input: &str) -> Vec<Json> {
    common::drive_in(data, content, input).0
}

/// The fixture game's `$count` in the save a slot's file holds.
fn count_in_file(data: &TempDir, slot: &str) -> f64 {
    let bytes = std::fs::read(data.path(&format!("saves/{slot}.yaml"))).expect("the slot's file");
    let save = SaveFile::read(&bytes).expect("a whole save");
    match save.world.globals["count"] {
        cardtable_runtime::save::Cell::Number(n) => n,
        ref other => panic!("count is {other:?}"),
    }
}

/// What the driver shows of a World: every table, Global and Object, the
/// Game State, the Keeper's Keeper State.
const VIEW: &str = "table Log\nglobal count\nglobal word\nglobal flag\nglobal shade\nglobal loads\nobjects\nstate\n\
                    get keeper keeperState\n";

fn view(driver: &mut Driver) -> Vec<String> {
    VIEW.lines().map(|c| driver.command(c).to_string()).collect()
}

fn fixture_game() -> std::sync::Arc<Game> {
    common::load_game(&fixture())
}

/// Plays the fixture game a little: three Bumps (rows, Tokens, the Keeper's
/// Object field), and Change Everything (Game State, UI Group, each Global's
/// type, the content's own row).
const PLAY: &str = "call Bump\ncall Bump\ncall Bump\ncall Change Everything\n";

fn play(driver: &mut Driver) {
    for line in PLAY.lines() {
        let answer = driver.command(line);
        assert!(!answer.is_error() && answer.get("faults").as_array().is_empty(), "{line}: {answer}");
    }
}

#[test]
fn a_saved_world_loads_equal_in_the_same_process() {
    let game = fixture_game();
    let store = Rc::new(Store::memory());
    let mut first = Driver::with_store(game.clone(), store.clone());
    play(&mut first);
    let before = view(&mut first);
    let groups = first.world.groups.clone();
    assert_eq!(first.command("save auto").to_string(), r#"{"saved":"auto"}"#);
    let saved = first.world.to_save();
    // The text reads back as the same save.
    let text = saved.to_yaml().unwrap();
    assert_eq!(SaveFile::read(text.as_bytes()).unwrap(), saved);
    assert!(text.contains("word: '3'"), "a Text that looks like a number stays a Text:\n{text}");

    // A fresh game over the same store: nothing played, then the load.
    let mut second = Driver::with_store(game.clone(), store);
    assert_ne!(view(&mut second), before);
    assert_eq!(second.command("load auto").to_string(), r#"{"loaded":"auto"}"#);
    // load:succeeded ran after the load: the Loader's word, one load heard.
    let after = view(&mut second);
    for (b, a) in before.iter().zip(&after) {
        if b.contains("\"word\"") {
            assert_eq!(a, r#"{"global":"word","value":"loaded"}"#);
        } else if b.contains("\"loads\"") {
            assert_eq!(a, r#"{"global":"loads","value":1}"#);
        } else {
            assert_eq!(a, b);
        }
    }
    assert_eq!(second.world.groups, groups);
    assert!(after.iter().any(|l| l.contains(r#""made":{"object":"token3"}"#)), "{after:?}");
    // Saved again, the World is the same save, but for what its listener changed.
    let mut again = second.world.to_save();
    again.world.globals.insert("word".into(), saved.world.globals["word"].clone());
    again.world.globals.insert("loads".into(), saved.world.globals["loads"].clone());
    assert_eq!(again, saved);
}

#[test]
fn a_world_built_from_a_save_is_the_world_saved() {
    let game = fixture_game();
    let mut driver = Driver::new(game.clone());
    play(&mut driver);
    let saved = driver.world.to_save();
    let (world, dropped) = World::from_save(game, &saved).expect("the save fits");
    assert_eq!(dropped, Vec::<String>::new());
    assert_eq!(world.to_save(), saved);
    assert_eq!(world.objects.len(), driver.world.objects.len());
    for (a, b) in world.objects.iter().zip(&driver.world.objects) {
        assert_eq!(
            (a.ty, a.x, a.y, &a.fields, a.tint, a.visible, a.group),
            (b.ty, b.x, b.y, &b.fields, b.tint, b.visible, b.group)
        );
    }
    assert_eq!(world.globals, driver.world.globals);
    assert_eq!((world.state, &world.groups, world.time), (driver.world.state, &driver.world.groups, driver.world.time));
    // Each Object hears its Events again: a Bump after the load makes the fourth Token.
    let mut loaded = Driver::new(world.game.clone());
    loaded.world = world;
    assert!(!loaded.command("call Bump").is_error());
    assert_eq!(loaded.command("global count").to_string(), r#"{"global":"count","value":4}"#);
    assert!(loaded.command("objects token4").to_string().contains("token4"));
}

#[test]
fn a_load_waits_for_the_input_that_asked_and_then_its_event_runs() {
    let game = fixture_game();
    let mut driver = Driver::new(game);
    // No save yet: the load fails, after the call, and load:failed runs.
    assert_eq!(driver.command("call Load Auto").to_string(), r#"{"value":true}"#);
    assert_eq!(driver.command("global word").to_string(), r#"{"global":"word","value":"failed"}"#);
    assert_eq!(driver.command("global count").to_string(), r#"{"global":"count","value":1000}"#);
    assert_eq!(driver.command("call Has Auto").to_string(), r#"{"value":false}"#);

    driver.command("call Bump");
    assert_eq!(driver.command("call Save Auto").to_string(), r#"{"value":true}"#);
    assert_eq!(driver.command("call Has Auto").to_string(), r#"{"value":true}"#);
    driver.command("call Bump");
    // The card sets $count to 1000 after asking: the load comes after it, so the saved count shows.
    assert_eq!(driver.command("call Load Auto").to_string(), r#"{"value":true}"#);
    assert_eq!(driver.command("global count").to_string(), r#"{"global":"count","value":1001}"#);
    assert_eq!(driver.command("global word").to_string(), r#"{"global":"word","value":"loaded"}"#);

    // A button's handler asks for the load; the load (and the Loader) come after the handler's last step.
    driver.command("call Change Everything");
    assert_eq!(driver.command("press button").to_string(), r#"{"pressed":"button"}"#);
    assert_eq!(driver.command("global word").to_string(), r#"{"global":"word","value":"loaded"}"#);
    assert_eq!(driver.command("state").to_string(), r#"{"state":"Playing"}"#);

    driver.command("call Forget Auto");
    assert_eq!(driver.command("call Has Auto").to_string(), r#"{"value":false}"#);
    let answer = driver.command("load auto");
    assert_eq!(answer.get("error").as_str(), Some("no game was loaded: the slot `auto` holds no saved game"));
    assert_eq!(driver.command("global word").to_string(), r#"{"global":"word","value":"failed"}"#);
    assert!(driver.world.faults.is_empty(), "{:?}", driver.world.faults);
}

#[test]
fn save_and_load_are_driver_commands_listed_in_help() {
    let mut driver = Driver::new(fixture_game());
    let help = driver.command("help").get("help").as_str().unwrap_or_default().to_string();
    for command in ["save SLOT", "load SLOT", "notices"] {
        assert!(help.contains(command), "{help}");
    }
    let bad = driver.command("save ../up");
    assert!(bad.get("error").as_str().unwrap_or_default().contains("cannot name a save slot"), "{bad}");
    assert_eq!(driver.command("notices").to_string(), r#"{"notices":[]}"#);
}

#[test]
fn a_world_comes_back_in_a_new_process() {
    let data = TempDir::new("new-process");
    let first = drive(&data.dir, &fixture(), &format!("{PLAY}save auto\n{VIEW}"));
    assert_eq!(first[4].to_string(), r#"{"saved":"auto"}"#);
    assert_eq!(data.files("saves"), ["auto.yaml"]);
    let second = drive(&data.dir, &fixture(), &format!("load auto\n{VIEW}"));
    assert_eq!(second[0].to_string(), r#"{"loaded":"auto"}"#);
    let (before, after) = (&first[5..], &second[1..]);
    assert_eq!(before.len(), after.len());
    for (b, a) in before.iter().zip(after) {
        match b.get("global").as_str() {
            Some("word") => assert_eq!(a.get("value").as_str(), Some("loaded")),
            Some("loads") => assert_eq!(a.get("value").to_string(), "1"),
            _ => assert_eq!(a.to_string(), b.to_string()),
        }
    }
}

/// A save into a folder is written by the store's writer thread, not by
/// the command that saved: a load right after it, in the same process,
/// brings back that save (not the file's older one), and so does `has
/// saved game`.
#[test]
fn a_save_into_a_folder_then_a_load_at_once_brings_back_the_new_game() {
    let data = TempDir::new("save-then-load");
    let answers = drive(
        &data.dir,
        &fixture(),
        "call Bump\nsave auto\ncall Bump\ncall Bump\nsave auto\ncall Bump\ncall Has Auto\nload auto\nglobal count\n",
    );
    assert_eq!(answers[6].to_string(), r#"{"value":true}"#);
    assert_eq!(answers[7].to_string(), r#"{"loaded":"auto"}"#);
    assert_eq!(answers[8].to_string(), r#"{"global":"count","value":3}"#, "the second save, not the first");
    assert_eq!(count_in_file(&data, "auto"), 3.0);
    // And in a new process, as it was left.
    let again = drive(&data.dir, &fixture(), "load auto\nglobal count\n");
    assert_eq!(again[1].to_string(), r#"{"global":"count","value":3}"#);
}

/// Many saves in a row, faster than the disk: the process ends with the
/// last of them on the disk, whole, and no file left half made.
#[test]
fn many_saves_in_a_row_leave_the_last_on_the_disk_after_the_process_ends() {
    let data = TempDir::new("many-saves");
    let input = "call Bump\nsave auto\n".repeat(300);
    let (answers, told) = common::drive_in(&data.dir, &fixture(), &input);
    assert_eq!(answers.len(), 600);
    assert!(answers.iter().all(|a| !a.is_error() && a.get("notices").as_array().is_empty()), "{answers:?}");
    assert_eq!(count_in_file(&data, "auto"), 300.0);
    assert_eq!(data.files("saves"), ["auto.yaml"]);
    assert!(!told.contains("notice"), "{told}");
}

/// `forget saved game` right after a save (the write perhaps still to
/// come): no file is left, in the same process nor after it.
#[test]
fn a_forget_after_a_save_leaves_no_file() {
    let data = TempDir::new("forget-after-save");
    let first = drive(&data.dir, &fixture(), "call Bump\nsave auto\n");
    assert_eq!(first[1].to_string(), r#"{"saved":"auto"}"#);
    assert_eq!(data.files("saves"), ["auto.yaml"]);
    let second = drive(&data.dir, &fixture(), "call Bump\nsave auto\ncall Forget Auto\ncall Has Auto\nload auto\n");
    assert_eq!(second[3].to_string(), r#"{"value":false}"#);
    assert_eq!(second[4].get("error").as_str(), Some("no game was loaded: the slot `auto` holds no saved game"));
    assert!(data.files("saves").is_empty(), "{:?}", data.files("saves"));
}

/// A save that cannot be written (its folder is a file) is told to the
/// player, once, and the game plays on: a save of the cards' steps as a
/// notice on the next command, the driver's `save` in its answer (which
/// waits for the disk); so is a setting that cannot be kept. The same at
/// the end of a process's input, on stderr.
#[test]
fn a_save_that_cannot_be_written_is_told_and_the_game_plays_on() {
    let data = TempDir::new("cannot-write");
    std::fs::write(data.path("saves"), "a file where the saves' folder goes").unwrap();
    let store = Rc::new(Store::for_game(Some(&data.dir), "Saves"));
    let mut driver = Driver::with_store(fixture_game(), store.clone());
    assert_eq!(driver.command("call Bump").to_string(), r#"{"called":"Bump"}"#);
    // A save of the cards' steps is handed to the writer: its failure is a notice on the next command.
    assert_eq!(driver.command("call Save Auto").to_string(), r#"{"value":true}"#);
    store.flush();
    let next = driver.command("call Bump");
    let notices = next.get("notices");
    let notice = notices.as_array().first().and_then(Json::as_str).unwrap_or_default();
    assert!(notice.starts_with("The game could not be saved ("), "{next}");
    assert!(notice.contains(&data.path("saves/auto.yaml").display().to_string()), "{notice}");
    assert_eq!(driver.command("global count").to_string(), r#"{"global":"count","value":2}"#, "plays on");
    assert_eq!(driver.command("call Save Auto").to_string(), r#"{"value":true}"#);
    store.flush();
    assert_eq!(driver.command("call Bump").to_string(), r#"{"called":"Bump"}"#, "the same failure is told once");
    // The driver's save waits for the writer: it answers that it failed, each time, and nothing else tells it.
    for _ in 0..2 {
        let answer = driver.command("save auto");
        let error = answer.get("error").as_str().unwrap_or_default();
        assert!(error.starts_with("the game was not saved: The game could not be saved ("), "{answer}");
        assert!(error.contains(&data.path("saves/auto.yaml").display().to_string()), "{error}");
        assert!(answer.get("notices").as_array().is_empty(), "told in the answer: {answer}");
    }
    assert_eq!(driver.command("call Bump").to_string(), r#"{"called":"Bump"}"#, "not told again");
    // A setting that cannot be written: its own notice; the value is kept for this game all the same.
    std::fs::create_dir_all(data.path("values.yaml")).unwrap();
    assert_eq!(driver.command("call Keep Side side='Black'").to_string(), r#"{"value":true}"#);
    store.flush();
    let next = driver.command("call Kept Side");
    assert_eq!(next.get("value").as_str(), Some("Black"));
    let notice = next.get("notices").as_array().first().and_then(Json::as_str).unwrap_or_default().to_string();
    assert!(notice.starts_with("A setting could not be kept on this computer ("), "{next}");
    assert!(driver.world.faults.is_empty(), "{:?}", driver.world.faults);

    // In a process (this one has let the data folder go): the last save fails as the input ends, and stderr says so.
    drop(driver);
    drop(store);
    let (answers, told) = common::drive_in(&data.dir, &fixture(), "call Bump\ncall Save Auto\n");
    assert_eq!(answers[1].to_string(), r#"{"value":true}"#);
    assert!(told.contains("notice: The game could not be saved ("), "{told}");
}

#[test]
fn persistent_values_are_kept_across_processes() {
    let data = TempDir::new("values");
    let first = drive(&data.dir, &fixture(), "call Kept Side\ncall Keep Side side='Black'\ncall Kept Side\n");
    let answers: Vec<String> = first.iter().map(Json::to_string).collect();
    assert_eq!(answers, [r#"{"value":"White"}"#, r#"{"value":true}"#, r#"{"value":"Black"}"#]);
    let values = std::fs::read_to_string(data.path("values.yaml")).unwrap();
    assert!(values.contains("playerSide:\n    type: Text\n    value: Black"), "{values}");
    let second = drive(&data.dir, &fixture(), "call Kept Side\n");
    assert_eq!(second[0].to_string(), r#"{"value":"Black"}"#);
    // Without --data-dir nothing is kept: the driver's store is in memory.
    let mut driver = Driver::new(fixture_game());
    assert_eq!(driver.command("call Kept Side").to_string(), r#"{"value":"White"}"#);
}

/// A save of the fixture game, as written to a file.
fn a_save_text() -> String {
    let mut driver = Driver::new(fixture_game());
    play(&mut driver);
    driver.world.to_save().to_yaml().unwrap()
}

/// Puts `bytes` in the slot auto of a fresh data folder, then plays: a load,
/// a Bump, a save. Answers the folder, the answers and the Driver.
fn with_bad_save(label: &str, content: &Path, bytes: &[u8]) -> (TempDir, Vec<Json>) {
    let data = TempDir::new(label);
    std::fs::create_dir_all(data.path("saves")).unwrap();
    std::fs::write(data.path("saves/auto.yaml"), bytes).unwrap();
    let answers = drive(&data.dir, content, "load auto\nglobal word\ncall Bump\nglobal count\n");
    (data, answers)
}

/// The bad file is moved aside (its bytes kept), the player is told, the
/// load fails (load:failed ran) and the game plays on.
fn moved_aside_and_plays_on(label: &str, data: &TempDir, answers: &[Json], bytes: &[u8], why: &str) {
    let error = answers[0].get("error").as_str().unwrap_or_default();
    assert!(error.starts_with("no game was loaded: ") && error.contains(why), "{label}: {}", answers[0]);
    let notices = answers[0].get("notices");
    let notice = notices.as_array().first().and_then(Json::as_str).unwrap_or_default();
    assert!(notice.starts_with("The saved game `auto` could not be loaded: "), "{label}: {notice}");
    assert!(notice.contains("The file was moved aside to ") && notice.contains(why), "{label}: {notice}");
    let files = data.files("saves");
    assert_eq!(files.len(), 1, "{label}: {files:?}");
    assert!(files[0].starts_with("auto.yaml.bad-"), "{label}: {files:?}");
    assert!(notice.contains(&files[0]), "{label}: the notice names the file: {notice}");
    assert_eq!(std::fs::read(data.path(&format!("saves/{}", files[0]))).unwrap(), bytes, "{label}: its bytes kept");
    assert_eq!(answers[1].to_string(), r#"{"global":"word","value":"failed"}"#, "{label}");
    assert_eq!(answers[2].to_string(), r#"{"called":"Bump"}"#, "{label}");
    assert_eq!(answers[3].to_string(), r#"{"global":"count","value":1}"#, "{label}");
}

#[test]
fn a_save_that_cannot_be_read_is_moved_aside_and_the_game_plays_on() {
    let good = a_save_text();
    let cut = &good.as_bytes()[..good.len() / 2];
    let other_format = good.replacen("format: 1\n", "format: 2\n", 1);
    // Cut just after a key, whose value then reads as nothing.
    let at_key = &good.as_bytes()[..good.find("\n    x:").expect("an Object's x") + "\n    x:".len()];
    let cases: [(&str, &[u8], &str); 6] = [
        ("cut after a key", at_key, "the save is cut short or incomplete"),
        ("empty", b"", "the file is empty"),
        ("truncated", cut, "the save is cut short or incomplete"),
        ("garbage", b"\x00\x9f\x92\x96 garbage \xff", "the file is not text"),
        ("yaml garbage", b"{[}: :", "the file is not YAML"),
        ("other format", other_format.as_bytes(), "the save is of format 2, and this engine reads format 1"),
    ];
    for (label, bytes, why) in cases {
        let (data, answers) = with_bad_save(label.replace(' ', "-").as_str(), &fixture(), bytes);
        moved_aside_and_plays_on(label, &data, &answers, bytes, why);
    }
}

/// `has saved game` answers no for a slot whose file cannot be read (it
/// is moved aside, as a load would, and the player is told), and for a
/// save of content that changed; yes again once a good save is made.
#[test]
fn has_saved_game_answers_no_for_a_file_that_cannot_be_read() {
    let good = a_save_text();
    let other_game = good.replace("game: Saves", "game: Chess");
    let cases: [(&str, &[u8], &str); 3] = [
        ("empty", b"", "the file is empty"),
        ("truncated", &good.as_bytes()[..good.len() / 2], "the save is cut short or incomplete"),
        ("other game", other_game.as_bytes(), "it is a save of the game `Chess`"),
    ];
    for (label, bytes, why) in cases {
        let data = TempDir::new(&format!("has-{}", label.replace(' ', "-")));
        std::fs::create_dir_all(data.path("saves")).unwrap();
        std::fs::write(data.path("saves/auto.yaml"), bytes).unwrap();
        let answers =
            drive(&data.dir, &fixture(), "call Has Auto\ncall Has Auto\ncall Bump\nsave auto\ncall Has Auto\n");
        assert_eq!(answers[0].get("value").to_string(), "false", "{label}: {}", answers[0]);
        let notice =
            answers[0].get("notices").as_array().first().and_then(Json::as_str).unwrap_or_default().to_string();
        assert!(notice.starts_with("The saved game `auto` could not be loaded: "), "{label}: {notice}");
        assert!(notice.contains(why) && notice.contains("moved aside to"), "{label}: {notice}");
        assert_eq!(answers[1].to_string(), r#"{"value":false}"#, "{label}: moved aside, told once");
        assert_eq!(answers[4].to_string(), r#"{"value":true}"#, "{label}");
        let files = data.files("saves");
        assert_eq!(files.len(), 2, "{label}: {files:?}");
        assert_eq!(files[0], "auto.yaml");
        assert!(files[1].starts_with("auto.yaml.bad-"), "{label}: {files:?}");
        assert_eq!(std::fs::read(data.path(&format!("saves/{}", files[1]))).unwrap(), bytes, "{label}: kept");
    }
    // The chess game opened over a broken save starts fresh (Continue The Game, A.103, finds no game to
    // load) and saves its own at the next Turn.
    let data = TempDir::new("has-chess");
    std::fs::create_dir_all(data.path("saves")).unwrap();
    std::fs::write(data.path("saves/auto.yaml"), "format: 1\ngame: Chess\n").unwrap();
    let answers = drive(&data.dir, &common::chess_dir(), "fen\nclick e2\nclick e4\nfaults\n");
    assert_eq!(answers[0].get("fen").as_str(), Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    let notice = answers[0].get("notices").as_array().first().and_then(Json::as_str).unwrap_or_default().to_string();
    assert!(notice.contains("cut short or incomplete") && notice.contains("moved aside"), "{notice}");
    assert_eq!(answers[3].to_string(), r#"{"faults":[]}"#);
    let saved = SaveFile::read(&std::fs::read(data.path("saves/auto.yaml")).unwrap()).expect("a new save");
    assert_eq!(saved.game, "Chess");
}

/// A save of content that changed since loads what still fits, and says
/// what it drops: a column gone from a table the cards write (its values
/// dropped, the rows kept), a Global the cards write that changed its type
/// (the content's value). What no card writes is the content's, whatever
/// the save held: a Global's new value in game.yaml, a Data Structure
/// field's new default. What the cards write is the save's: a field whose
/// default changed, the content's own row of a written table.
#[test]
fn a_save_of_content_that_changed_loads_what_fits_and_says_what_it_dropped() {
    let content = TempContent::of(&fixture(), "changed");
    content.replace_once(
        "game.yaml",
        "globals:\n",
        "globals:\n  title: { type: Text, value: First title }\n  level: { type: Number, value: 0 }\n",
    );
    content.replace_once(
        "structures/Keeper State.yaml",
        "fields:\n",
        "fields:\n  limit: { type: Number, default: 5 }\n",
    );
    content.write("logic/Set Level.yaml", "function: Set Level\nsteps:\n  - set: $level\n    value: 3\n");
    let data = TempDir::new("changed");
    let first =
        drive(&data.dir, &content.dir, "call Bump\ncall Bump\ncall Set Level\ncall Change Everything\nsave auto\n");
    assert!(first.iter().all(|a| !a.is_error()), "{first:?}");
    let saved = std::fs::read_to_string(data.path("saves/auto.yaml")).unwrap();
    assert!(saved.contains("level: 3") && !saved.contains("title") && !saved.contains("limit"), "{saved}");

    // The tint column is gone (and the step that set it).
    content.replace_once("tables/Log.yaml", "  tint: { type: Color, default: '#FFFFFF' }\n", "");
    content.replace_once(
        "tables/Log.csv",
        "name,what,n,done,tint\nfirst,the content's row,0,true,#102030",
        "name,what,n,done\nfirst,the new content's row,0,true",
    );
    let tint_step = "  - set data cell: Log\n    row: \"'first'\"\n    column: \"'tint'\"\n    value: '#ABCDEF80'\n";
    content.replace_once("logic/Change Everything.yaml", tint_step, "");
    content.replace_once(
        "game.yaml",
        "title: { type: Text, value: First title }",
        "title: { type: Text, value: Second title }",
    );
    content.replace_once("game.yaml", "level: { type: Number, value: 0 }", "level: { type: Text, value: low }");
    content.write("logic/Set Level.yaml", "function: Set Level\nsteps:\n  - set: $level\n    value: \"'high'\"\n");
    content.replace_once(
        "structures/Keeper State.yaml",
        "limit: { type: Number, default: 5 }",
        "limit: { type: Number, default: 7 }",
    );
    content.replace_once(
        "structures/Keeper State.yaml",
        "total: { type: Number, default: 0 }",
        "total: { type: Number, default: 100 }",
    );

    let answers = drive(
        &data.dir,
        &content.dir,
        "load auto\ntable Log\nglobal title\nglobal level\nget keeper keeperState\ncall Bump\nglobal count\nnotices\n",
    );
    assert_eq!(answers[0].get("loaded").as_str(), Some("auto"), "{}", answers[0]);
    let notices: Vec<&str> = answers[0].get("notices").as_array().iter().filter_map(Json::as_str).collect();
    assert_eq!(
        notices,
        [
            "The saved game `auto` was loaded, but the game's content changed since: the table `Log` has no column \
             `tint` any more: its saved values were dropped.",
            "The saved game `auto` was loaded, but the game's content changed since: the Global `$level` is a Text \
             now: its saved value was dropped.",
        ]
    );
    assert_eq!(
        answers[1].to_string(),
        r#"{"table":"Log","rows":[{"name":"first","what":"the content's row","n":0,"done":false},{"name":"r1","what":"bump 1","n":1.5,"done":false},{"name":"r2","what":"bump 2","n":3,"done":false}]}"#,
        "the rows play wrote, without their tint"
    );
    assert_eq!(answers[2].to_string(), r#"{"global":"title","value":"Second title"}"#, "no card writes it");
    assert_eq!(answers[3].to_string(), r#"{"global":"level","value":"low"}"#, "dropped: the content's");
    assert_eq!(
        answers[4].to_string(),
        r#"{"limit":7,"made":{"object":"token2"},"total":2,"note":"true"}"#,
        "limit is the content's, total the save's"
    );
    assert_eq!(answers[6].to_string(), r#"{"global":"count","value":3}"#, "the game goes on");
    assert_eq!(answers[7].get("notices").as_array().len(), 2, "told once: {}", answers[7]);
    assert_eq!(data.files("saves"), ["auto.yaml"], "nothing moved aside");
}

/// The chess game saved, then a Kind added to the copy's Kinds.csv (a table
/// no card writes): the next run has the new Kind, the saved position, and
/// nothing to tell (before, the save brought back the old Kinds).
#[test]
fn a_kind_added_after_a_save_is_in_the_game_the_save_brings_back() {
    let copy = TempContent::chess("camel");
    let data = TempDir::new("camel");
    let first = drive(&data.dir, &copy.dir, "click e2\nclick e4\n");
    assert!(first.iter().all(|a| !a.is_error() && a.get("faults").as_array().is_empty()), "{first:?}");
    assert!(data.path("saves/auto.yaml").exists(), "the Turn saved the game");
    copy.append("tables/Kinds.csv", "Camel,,,C,=C,250,\", promote to camel\",C,=C,,,,,,\n");
    let answers = drive(&data.dir, &copy.dir, "table Kinds\nnotices\neval data('Position', 'e4', 'kind')\nfaults\n");
    let kinds: Vec<&str> = answers[0].get("rows").as_array().iter().filter_map(|r| r.get("name").as_str()).collect();
    assert_eq!(kinds, ["King", "Queen", "Rook", "Bishop", "Knight", "Pawn", "Camel"]);
    assert_eq!(answers[1].to_string(), r#"{"notices":[]}"#);
    assert_eq!(answers[2].to_string(), r#"{"value":"Pawn"}"#, "the saved game came back");
    assert_eq!(answers[3].to_string(), r#"{"faults":[]}"#);
}

#[test]
fn a_values_file_that_cannot_be_read_is_moved_aside_as_the_game_starts() {
    for (label, bytes) in [("garbage", &b"\xff\xfe\x00values"[..]), ("other-format", b"format: 7\nvalues: {}\n")] {
        let data = TempDir::new(label);
        std::fs::write(data.path("values.yaml"), bytes).unwrap();
        let answers = drive(&data.dir, &fixture(), "call Kept Side\ncall Keep Side side='Black'\ncall Kept Side\n");
        // The first answer carries the notice made as the game started.
        let notice = answers[0].get("notices").as_array().first().and_then(Json::as_str).unwrap_or_default();
        assert!(notice.starts_with("The settings kept on this computer could not be read ("), "{label}: {notice}");
        assert!(notice.contains("moved aside to") && notice.contains("the game starts with none"), "{notice}");
        assert_eq!(answers[0].get("value").as_str(), Some("White"), "{label}: the default");
        assert_eq!(answers[2].get("value").as_str(), Some("Black"), "{label}: kept again");
        assert!(answers[1].get("notices").as_array().is_empty(), "{label}: told once");
        // Beside the data folder's lock file.
        let files: Vec<String> = data.files("").into_iter().filter(|f| f != cardtable_runtime::save::LOCK).collect();
        assert_eq!(files.len(), 2, "{files:?}");
        assert_eq!(files[0], "values.yaml");
        assert!(files[1].starts_with("values.yaml.bad-"), "{files:?}");
        assert_eq!(std::fs::read(data.path(&files[1])).unwrap(), bytes);
    }
}

#[test]
fn check_with_a_data_folder_reports_the_files_the_game_cannot_use() {
    let data = TempDir::new("check");
    let check = |data: &Path| {
        Command::new(env!("CARGO_BIN_EXE_cardtable"))
            .arg("check")
            .arg(fixture())
            .arg("--data-dir")
            .arg(data)
            .output()
            .expect("run cardtable check")
    };
    std::fs::create_dir_all(data.path("saves")).unwrap();
    std::fs::write(data.path("saves/auto.yaml"), a_save_text()).unwrap();
    let out = check(&data.dir);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));

    std::fs::write(data.path("saves/broken.yaml"), "format: 1\ngame: Saves\n").unwrap();
    std::fs::write(data.path("saves/other.yaml"), a_save_text().replace("game: Saves", "game: Chess")).unwrap();
    std::fs::write(data.path("values.yaml"), "not: values").unwrap();
    let out = check(&data.dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    for expected in [
        "saves/broken.yaml: the save is cut short or incomplete",
        "saves/other.yaml: it is a save of the game `Chess`, not of `Saves`",
        "values.yaml: the file is not a Cardtable values file (it has no `format`)",
        "`Saves` is fine, but 3 files of",
    ] {
        assert!(stderr.contains(expected), "`{expected}` in:\n{stderr}");
    }
    assert!(!stderr.contains("auto.yaml"), "{stderr}");
    // check only looks: every file is where it was.
    assert_eq!(data.files("saves"), ["auto.yaml", "broken.yaml", "other.yaml"]);
    assert_eq!(data.files(""), ["saves", "values.yaml"]);
}

/// What the chess game's play writes, found at load: the tables its cards
/// write and those its libraries write from outside (the chess library's
/// setfen, the Stockfish Bridge's answers), never Kinds, Directions, Words
/// or Strengths; and only those are in a save.
#[test]
fn the_tables_play_writes_are_found_at_load_libraries_included() {
    use cardtable_runtime::game::Written;
    let game = common::load_game(&common::chess_dir());
    let name = |t: usize| game.tables[t].name.as_str();
    let written: Vec<&str> = (0..game.tables.len()).filter(|&t| game.written.tables[t]).map(name).collect();
    assert_eq!(
        written,
        [
            "Arrows",
            "Castling",
            "Chosen Moves",
            "Clock History",
            "Clocks",
            "Move History",
            "Moves",
            "Position History",
            "Position",
            "Seen Positions",
            "Slides",
            "Starting Turn",
            "Targets",
            "Threats"
        ]
    );
    // Each library says what it writes, by the names it resolved.
    let by_library = |lib: &str| {
        let mut w = Written::none(&game);
        let resolved = cardtable_runtime::library::find(lib).unwrap().resolve(&game).unwrap_or_else(|e| panic!("{e}"));
        resolved.writes(&mut w);
        (0..game.tables.len()).filter(|&t| w.tables[t]).map(name).collect::<Vec<_>>()
    };
    assert_eq!(
        by_library("chess"),
        ["Castling", "Move History", "Position History", "Position", "Starting Turn", "Targets"]
    );
    assert_eq!(by_library("stockfishBridge"), ["Chosen Moves"]);
    assert_eq!(by_library("engine"), Vec::<&str>::new());
    let board = game.names.structs["Board State"];
    let side = game.structs[board.index()].fields.iter().position(|f| f.name == "sideToMove").unwrap();
    assert!(game.written.field(board, side));
    let mut driver = common::two_players(game.clone());
    assert!(!driver.command("click e2").is_error());
    let saved = driver.world.to_save();
    assert_eq!(saved.world.tables.keys().map(String::as_str).collect::<Vec<_>>().len(), written.len());
    assert!(!saved.world.tables.contains_key("Kinds") && !saved.fingerprint.tables.contains_key("Kinds"));

    // A table only a library writes (no card sets Chosen Moves here) is saved all the same.
    let copy = TempContent::chess("library-writes");
    let forget = copy.read("logic/Forget The Hint.yaml");
    let steps = &forget[forget.find("steps:\n").unwrap()..];
    copy.replace_once("logic/Forget The Hint.yaml", steps, "steps:\n  - set: $status\n    value: $status\n");
    let game = common::load_game(&copy.dir);
    let chosen = game.names.tables["Chosen Moves"];
    assert!(game.written.table(chosen), "the Stockfish Bridge writes it");
    assert!(common::two_players(game).world.to_save().world.tables.contains_key("Chosen Moves"));
}

/// A Kind renamed after a save (Kinds.csv and Position.csv): the saved rows
/// that name the old name (Position's `kind`, refers to: Kinds) do not fit;
/// each starts as the content's row of its name (b1: the renamed Kind), or is
/// dropped when the content has none (Position History's), and the player is
/// told; the game plays on without a fault.
#[test]
fn a_kind_renamed_after_a_save_drops_the_saved_rows_that_name_it() {
    let copy = TempContent::chess("renamed");
    copy.append("tables/Kinds.csv", "Berolina,,,O,=O,300,\", promote to berolina\",O,=O,,,,,,\n");
    // A Kind with Pieces needs a Direction (the load refuses one without).
    copy.append("tables/Directions.csv", "Berolina up,Berolina,0,1,1,1,true,true,0,false,0,0\n");
    copy.replace_once("tables/Position.csv", "b1,2,1,b,Knight,White", "b1,2,1,b,Berolina,White");
    let data = TempDir::new("renamed");
    let first = drive(&data.dir, &copy.dir, "click e2\nclick e4\neval data('Position', 'b1', 'kind')\n");
    assert!(first.iter().all(|a| !a.is_error() && a.get("faults").as_array().is_empty()), "{first:?}");
    assert_eq!(first[2].to_string(), r#"{"value":"Berolina"}"#);
    copy.replace_once(
        "tables/Kinds.csv",
        "Berolina,,,O,=O,300,\", promote to berolina\"",
        "Camel,,,O,=O,300,\", promote to camel\"",
    );
    copy.replace_once("tables/Position.csv", "b1,2,1,b,Berolina,White", "b1,2,1,b,Camel,White");
    copy.replace_once("tables/Directions.csv", "Berolina up,Berolina,", "Camel up,Camel,");
    let answers = drive(
        &data.dir,
        &copy.dir,
        "notices\neval data('Position', 'b1', 'kind')\neval data('Position', 'e4', 'kind')\nclick e7\nclick e5\nfaults\n",
    );
    let notices: Vec<&str> = answers[0].get("notices").as_array().iter().filter_map(Json::as_str).collect();
    assert!(
        notices.iter().any(|n| {
            n.contains(
            "in the table `Position`, the row `b1` names `Berolina` (`kind`), which is no row of the table `Kinds`: it \
             starts as the content's row of its name, or is dropped where the content has none"
        )
        }),
        "{notices:?}"
    );
    assert_eq!(answers[1].to_string(), r#"{"value":"Camel"}"#, "b1 as the content starts it");
    assert_eq!(answers[2].to_string(), r#"{"value":"Pawn"}"#, "the rest of the saved game is kept");
    assert_eq!(answers[5].to_string(), r#"{"faults":[]}"#);
}

/// A save written before saves held only what play writes holds every
/// table and Global (format 1 still): it loads as it was meant, its content
/// tables and Globals ignored (the content's are the game's), with nothing
/// to tell.
#[test]
fn an_older_save_with_every_table_loads_and_its_content_tables_are_ignored() {
    use cardtable_runtime::save::{Cell, SavedRow};
    let copy = TempContent::chess("older-save");
    copy.append("tables/Kinds.csv", "Camel,,,C,=C,250,\", promote to camel\",C,=C,,,,,,\n");
    let game = common::load_game(&copy.dir);
    let mut driver = common::two_players(game.clone());
    for command in ["click e2", "click e4"] {
        assert!(!driver.command(command).is_error(), "{command}");
    }
    let mut older = driver.world.to_save();
    // As the engine wrote it before: Kinds as it was then (no Camel, a King worth 1), an unwritten Global.
    let cells = |value: f64| {
        let text = |t: &str| Cell::Text(t.into());
        [("White", Cell::Number(0.0)), ("Black", Cell::Number(6.0)), ("letter", text("K"))]
            .into_iter()
            .chain([("promotionMark", text("")), ("value", Cell::Number(value)), ("promotionWords", text(""))])
            .chain([("shownLetter", text("K")), ("shownPromotionMark", text(""))])
            .map(|(c, v)| (c.to_string(), v))
            .collect()
    };
    older.world.tables.insert("Kinds".into(), vec![SavedRow { name: "King".into(), cells: cells(1.0) }.into()]);
    let kinds = game.tables[game.names.tables["Kinds"].index()].columns.iter();
    older.fingerprint.tables.insert("Kinds".into(), kinds.map(|c| (c.name.clone(), c.ty.name().to_string())).collect());
    older.world.globals.insert("prefersReducedMotion".into(), Cell::Boolean(true));
    let text = older.to_yaml().unwrap();
    let back = SaveFile::read(text.as_bytes()).expect("an older save reads");
    let (world, dropped) = World::from_save(game.clone(), &back).expect("an older save loads");
    assert_eq!(dropped, Vec::<String>::new());
    let mut loaded = common::two_players(game);
    loaded.world = world;
    let rows = loaded.command("table Kinds");
    let names: Vec<&str> = rows.get("rows").as_array().iter().filter_map(|r| r.get("name").as_str()).collect();
    assert_eq!(names, ["King", "Queen", "Rook", "Bishop", "Knight", "Pawn", "Camel"], "the content's Kinds");
    assert_eq!(loaded.command("eval data('Kinds', 'King', 'value')").to_string(), r#"{"value":0}"#);
    assert_eq!(
        loaded.command("global prefersReducedMotion").to_string(),
        r#"{"global":"prefersReducedMotion","value":false}"#
    );
    assert_eq!(loaded.command("eval data('Position', 'e4', 'kind')").to_string(), r#"{"value":"Pawn"}"#);
}

/// `check --data-dir` says what a load would drop of each save made with
/// other content, and which kept value no `load value` can read as its
/// default's type; the game is still fine, and nothing is moved.
#[test]
fn check_with_a_data_folder_says_what_the_game_would_not_use() {
    let content = TempContent::of(&fixture(), "check-drops");
    let data = TempDir::new("check-drops");
    std::fs::create_dir_all(data.path("saves")).unwrap();
    std::fs::write(data.path("saves/auto.yaml"), a_save_text()).unwrap();
    std::fs::write(
        data.path("values.yaml"),
        "format: 1\nvalues:\n  playerSide: { type: Color, value: '#FF0000FF' }\ncomplete: true\n",
    )
    .unwrap();
    content.replace_once("tables/Log.yaml", "  tint: { type: Color, default: '#FFFFFF' }\n", "");
    content.replace_once(
        "tables/Log.csv",
        "name,what,n,done,tint\nfirst,the content's row,0,true,#102030",
        "name,what,n,done\nfirst,the content's row,0,true",
    );
    let tint_step = "  - set data cell: Log\n    row: \"'first'\"\n    column: \"'tint'\"\n    value: '#ABCDEF80'\n";
    content.replace_once("logic/Change Everything.yaml", tint_step, "");
    let out = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .arg("check")
        .arg(&content.dir)
        .arg("--data-dir")
        .arg(&data.dir)
        .output()
        .expect("run cardtable check");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    for expected in [
        "what the game would not use of these files",
        "saves/auto.yaml: the table `Log` has no column `tint` any more: its saved values were dropped",
        "values.yaml: the kept value `playerSide` cannot be read as a Text (expected a Text, found a Color): `load \
         value` in Kept Side answers its default",
    ] {
        assert!(stderr.contains(expected), "`{expected}` in:\n{stderr}");
    }
    assert_eq!(data.files("saves"), ["auto.yaml"]);
}

/// The chess game of the book played from the start to a castle each, an en
/// passant and a promotion: 1.e4 a6 2.e5 d5 3.exd6 Nf6 4.dxc7 e6 5.Nf3 Be7
/// 6.Bc4 O-O 7.O-O a5 8.cxb8=Q.
const CHESS_GAME: &str = "click e2\nclick e4\nclick a7\nclick a6\nclick e4\nclick e5\nclick d7\nclick d5\n\
click e5\nclick d6\nclick g8\nclick f6\nclick d6\nclick c7\nclick e7\nclick e6\nclick g1\nclick f3\n\
click f8\nclick e7\nclick f1\nclick c4\nclick e8\nclick g8\nclick e1\nclick g1\nclick a6\nclick a5\n\
click c7\nclick b8\npress Queen\n";

#[test]
fn a_chess_game_saved_mid_way_comes_back_in_a_new_process() {
    let data = TempDir::new("chess");
    let first = drive(&data.dir, &common::chess_dir(), &format!("{CHESS_GAME}fen\ntable Move History\nsave auto\n"));
    let n = first.len();
    for a in &first[..n - 3] {
        assert!(!a.is_error() && a.get("faults").as_array().is_empty(), "{a}");
    }
    let (fen, history) = (&first[n - 3], &first[n - 2]);
    assert_eq!(fen.get("fen").as_str(), Some("rQbq1rk1/1p2bppp/4pn2/p7/2B5/5N2/PPPP1PPP/RNBQ1RK1 b - - 0 8"));
    let names: Vec<String> = history
        .get("rows")
        .as_array()
        .iter()
        .map(|r| {
            ["letter", "fromFile", "capture", "square", "promotion"]
                .iter()
                .map(|c| r.get(c).as_str().unwrap_or_default().to_string())
                .collect()
        })
        .collect();
    assert_eq!(names[4], "exd6", "the en passant");
    assert_eq!((names[11].as_str(), names[12].as_str()), ("O-O", "O-O"), "the castles");
    assert_eq!(names[14], "cxb8=Q", "the promotion");
    assert_eq!(first[n - 1].to_string(), r#"{"saved":"auto"}"#);

    let second =
        drive(&data.dir, &common::chess_dir(), "fen\nload auto\nfen\ntable Move History\nclick a8\nclick b8\nfen\n");
    // The content's Continue The Game (A.103) brought the game back as it opened; the driver's load does again.
    assert_eq!(second[0].to_string(), fen.to_string());
    assert_eq!(second[1].to_string(), r#"{"loaded":"auto"}"#);
    assert_eq!(second[2].to_string(), fen.to_string());
    assert_eq!(second[3].to_string(), history.to_string());
    // The game goes on from there: Black's Rook takes the new Queen.
    assert_eq!(second[6].get("fen").as_str(), Some("1rbq1rk1/1p2bppp/4pn2/p7/2B5/5N2/PPPP1PPP/RNBQ1RK1 w - - 0 9"));
}

#[test]
fn the_chess_librarys_state_comes_back_with_the_game() {
    // The move number of a position set up lives in the chess library's state, not in the tables.
    let data = TempDir::new("chess-state");
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 3 12";
    // A slot of its own: the content saves the slot "auto" itself at every Turn (Save The Game, A.108).
    let first = drive(&data.dir, &common::chess_dir(), &format!("setfen {fen}\nfen\nsave kept\n"));
    assert_eq!(first[1].get("fen").as_str(), Some(fen));
    let second = drive(&data.dir, &common::chess_dir(), "setfen 4k3/8/8/8/8/8/8/4K3 b - - 0 40\nload kept\nfen\n");
    assert_eq!(second[1].to_string(), r#"{"loaded":"kept"}"#);
    assert_eq!(second[2].get("fen").as_str(), Some(fen));
    let text = std::fs::read_to_string(data.path("saves/kept.yaml")).unwrap();
    assert!(text.contains("libraries:\n    chess:\n      firstMove: 12\n      blackFirst: false"), "{text}");
}

/// The chess library's two states are saved in the form they have always had
/// (`chess`: the move number, camelCase; `chess start`: the FEN set up), and
/// a save with them written in that form by hand loads: the FEN's move
/// number and the PGN's FEN tag are the hand-written ones.
#[test]
fn the_chess_librarys_states_keep_their_saved_form() {
    let data = TempDir::new("chess-states");
    let fen = "4k3/8/8/8/8/8/8/4K2R b K - 3 12";
    drive(&data.dir, &common::chess_dir(), &format!("setfen {fen}\nsave kept\n"));
    let text = std::fs::read_to_string(data.path("saves/kept.yaml")).unwrap();
    let form = |n: u32| {
        format!(
            "  libraries:\n    chess:\n      firstMove: {n}\n      blackFirst: true\n    chess start:\n      fen: \
             4k3/8/8/8/8/8/8/4K2R b K - 3 {n}\n  inputs:\n"
        )
    };
    assert!(text.contains(&form(12)), "{text}");
    std::fs::write(data.path("saves/by hand.yaml"), text.replace(&form(12), &form(30))).unwrap();
    let answers = drive(&data.dir, &common::chess_dir(), "load by hand\nfen\npgn\nnotices\n");
    assert_eq!(answers[0].to_string(), r#"{"loaded":"by hand"}"#);
    assert_eq!(answers[1].get("fen").as_str(), Some("4k3/8/8/8/8/8/8/4K2R b K - 3 30"));
    let pgn = answers[2].get("pgn").as_str().unwrap_or_default();
    assert!(pgn.contains("[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 3 30\"]"), "{pgn}");
    assert_eq!(answers[3].to_string(), r#"{"notices":[]}"#);
}

/// A tiny random number generator (xorshift), seeded from the clock: the
/// kill test's moments.
struct Rng(u64);

impl Rng {
    fn new() -> Rng {
        let seed =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64);
        Rng(seed | 1)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// `rounds` times: a `cardtable drive --data-dir` that loads the slot auto,
/// then bumps and saves it again and again, killed at a random moment; the
/// slot must then read as a whole save that fits the game, holding a count
/// no smaller than the one read the time before (an old save or a newer one)
/// nor than the last one whose save was answered `{"saved":"auto"}` (the
/// driver answers once the save is on the disk).
fn kill_while_saving(rounds: usize) {
    use std::io::BufRead;
    let data = TempDir::new("kill");
    let game = fixture_game();
    let mut rng = Rng::new();
    let mut last = 0.0;
    let mut written = 0;
    let mut answered_rounds = 0;
    for round in 0..rounds {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardtable"))
            .arg("drive")
            .arg("--data-dir")
            .arg(&data.dir)
            .arg(fixture())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start cardtable drive");
        let mut stdin = child.stdin.take().unwrap();
        let feeder = std::thread::spawn(move || {
            let _ = stdin.write_all(b"load auto\n");
            while stdin.write_all(b"call Bump\nglobal count\nsave auto\n").is_ok() {}
        });
        // The count of the last save answered: every answer printed before the kill is read, even after it.
        let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        let reader = std::thread::spawn(move || {
            let (mut count, mut answered) = (0.0, 0.0);
            for line in stdout.lines().map_while(Result::ok) {
                if let Some(n) = line.strip_prefix(r#"{"global":"count","value":"#).and_then(|r| r.strip_suffix('}')) {
                    count = n.parse().unwrap_or(count);
                } else if line == r#"{"saved":"auto"}"# {
                    answered = count;
                }
            }
            answered
        });
        std::thread::sleep(std::time::Duration::from_micros(rng.below(40_000)));
        child.kill().expect("kill the child");
        child.wait().expect("the child ends");
        feeder.join().expect("the feeder ends");
        let answered = reader.join().expect("the reader ends");
        answered_rounds += usize::from(answered > 0.0);
        let Ok(bytes) = std::fs::read(data.path("saves/auto.yaml")) else {
            assert_eq!(last, 0.0, "round {round}: the slot is gone");
            assert_eq!(answered, 0.0, "round {round}: a save was answered, and the slot is empty");
            continue;
        };
        let save = SaveFile::read(&bytes).unwrap_or_else(|e| panic!("round {round}: not a whole save: {e}"));
        let (world, _) = World::from_save(game.clone(), &save).unwrap_or_else(|e| panic!("round {round}: {e}"));
        let count = match world.globals[game.names.globals["count"].index()] {
            cardtable_runtime::value::Value::Num(n) => n,
            other => panic!("round {round}: count is {other:?}"),
        };
        assert!(count >= last, "round {round}: the count went back from {last} to {count}");
        assert!(count >= answered, "round {round}: the save of count {answered} was answered, the disk holds {count}");
        written += usize::from(count > last);
        last = count;
        let leftovers: Vec<String> =
            data.files("saves").into_iter().filter(|f| !f.ends_with(".yaml") && !f.ends_with(".new")).collect();
        assert!(leftovers.is_empty(), "round {round}: {leftovers:?}");
    }
    assert!(written > 0 || rounds < 10, "no save was ever written in {rounds} rounds");
    assert!(answered_rounds > 0 || rounds < 10, "no save was ever answered in {rounds} rounds");
    eprintln!(
        "{rounds} rounds: a newer save on the disk in {written}, a save answered before the kill in {answered_rounds}"
    );
}

#[test]
fn a_process_killed_while_saving_leaves_a_whole_save_a_few_times() {
    kill_while_saving(25);
}

/// The kill test a thousand times (some two minutes):
/// `cargo test --test suite -- --ignored saves::a_process_killed_while_saving`.
#[test]
#[ignore]
fn a_process_killed_while_saving_leaves_a_whole_save_a_thousand_times() {
    kill_while_saving(1000);
}

/// The time to save the chess game after a Move, and to load that save, as
/// medians of 41 runs each (printed): into memory, and into a folder, where
/// the save is made and handed to the store's writer (the frame's part),
/// and the whole write (synced to the disk) is timed apart. `cargo test
/// --release --test suite -- --ignored --nocapture saves::measure`.
#[test]
#[ignore]
fn measure_saving_and_loading_a_chess_game() {
    use std::time::Instant;
    let data = TempDir::new("measure");
    let game = common::load_game(&common::chess_dir());
    for (label, store) in [("memory", Store::memory()), ("folder", Store::folder(data.dir.clone()))] {
        let store = Rc::new(store);
        let mut driver = Driver::with_parts_off(game.clone(), store.clone(), false, &["Make Computer Move"]);
        for line in CHESS_GAME.lines() {
            assert!(!driver.command(line).is_error(), "{line}");
        }
        let median = |mut times: Vec<f64>| {
            times.sort_by(f64::total_cmp);
            times[times.len() / 2]
        };
        let mut saves = Vec::new();
        let mut writes = Vec::new();
        let mut loads = Vec::new();
        for _ in 0..41 {
            // A Move and its answer, then the save (as the book's Save The Game does at each Turn).
            let snapshot = driver.world.clone();
            driver.command("click a8");
            driver.command("click b8");
            store.flush();
            let started = Instant::now();
            driver.world.save_game("auto").expect("saved");
            saves.push(started.elapsed().as_secs_f64() * 1000.0);
            store.flush();
            writes.push(started.elapsed().as_secs_f64() * 1000.0);
            driver.world = snapshot;
            let started = Instant::now();
            driver.world.load_game("auto").expect("loaded");
            loads.push(started.elapsed().as_secs_f64() * 1000.0);
        }
        let size = driver.world.to_save().to_yaml().unwrap().len();
        println!(
            "{label}: save after a Move {:.2} ms (the whole write {:.2} ms), load {:.2} ms (median of 41; the save is \
             {} KB)",
            median(saves),
            median(writes),
            median(loads),
            size / 1024
        );
        assert!(store.take_notices().is_empty());
    }
}

#[test]
fn a_librarys_saved_state_waits_until_its_library_asks_for_it() {
    use cardtable_chess::library::ChessState;
    use cardtable_runtime::library::{state, state_mut};
    use cardtable_runtime::world::SavedLibraryState;
    let saved = |text: &str| -> Box<dyn cardtable_runtime::world::LibraryState> {
        Box::new(SavedLibraryState { key: "chess".into(), saved: serde_yaml::from_str(text).unwrap() })
    };
    let other = || -> Box<dyn cardtable_runtime::world::LibraryState> {
        Box::new(SavedLibraryState { key: "another".into(), saved: serde_yaml::from_str("{a: 1}").unwrap() })
    };
    let mut driver = common::chess_driver();
    driver.world.libraries = vec![other(), saved("{firstMove: 12, blackFirst: true}")];
    let want = ChessState { first_move: 12, black_first: true };
    // Read without being claimed, then claimed in its place; the other library's stays as it was.
    assert_eq!(state::<ChessState>(&driver.world), Some(want.clone()));
    assert!(driver.command("fen").get("fen").as_str().unwrap().ends_with(" 0 12"));
    assert_eq!(*state_mut::<ChessState>(&mut driver.world), want);
    assert_eq!(driver.world.libraries.len(), 2);
    assert_eq!(driver.world.libraries[0].key(), "another");
    assert!(driver.world.libraries[1].as_any().is::<ChessState>());
    // Saved again, each is under its library's name.
    let save = driver.world.to_save();
    assert_eq!(save.world.libraries.keys().collect::<Vec<_>>(), ["another", "chess"]);

    // A saved state that cannot be read: the default, and the player is told.
    driver.world.libraries = vec![saved("{firstMove: many}")];
    assert_eq!(state::<ChessState>(&driver.world), None);
    assert_eq!(*state_mut::<ChessState>(&mut driver.world), ChessState::default());
    let notice = driver.world.notices.last().cloned().unwrap_or_default();
    assert!(notice.starts_with("The chess library's part of the saved game could not be read"), "{notice}");
}

/// What the panels' steps change on an Object (the picture Set Sprite shows,
/// the scale, the Logic Components switched off) is saved and comes back.
#[test]
fn a_save_carries_pictures_scales_and_switched_off_components() {
    let game = common::load_game(&common::root().join("tests/fixtures/panels"));
    let store = Rc::new(Store::memory());
    let mut d = Driver::with_store(game.clone(), store.clone());
    for line in ["press Options", "press Large", "press Close", "press Switch"] {
        assert!(d.command(line).get("error").as_str().is_none(), "{line}");
    }
    let shown = |d: &mut Driver| (d.command("objects Picture").to_string(), d.command("objects Board").to_string());
    let before = shown(&mut d);
    assert!(
        before.0.contains(r#""image":"art/look-large.png""#) && before.0.contains(r#""scaleX":1.5"#),
        "{}",
        before.0
    );
    assert!(before.1.contains(r#""off":["Board Click"]"#), "{}", before.1);
    assert!(d.command("save auto").get("error").as_str().is_none());

    let mut fresh = Driver::with_store(game, store);
    assert_ne!(shown(&mut fresh), before, "a new game starts plain");
    let loaded = fresh.command("load auto");
    assert!(loaded.get("error").as_str().is_none(), "{loaded}");
    assert_eq!(shown(&mut fresh), before);
}

/// The driver's answer to `get "Game Rules" boardState`, the chess Board State.
fn board_state(answer: &Json, field: &str) -> String {
    answer.get(field).to_string()
}

/// Every Setting and New Game choice is kept on this computer (Persistent
/// Values) and used again in a new process: the Board Finish, the Piece Set
/// and the Strength (Settings, A.109), the Side (New Game, A.41, which turns
/// the Board over for Black).
#[test]
fn the_chess_settings_are_kept_across_a_process_restart() {
    let data = TempDir::new("chess-settings");
    let first = drive(
        &data.dir,
        &common::chess_dir(),
        "press Settings\npress Marble\npress \"Ivory & gold\"\npress \"Strong Setting\"\npress Done\n\
         press \"New Game\"\npress Black\npress Play\n",
    );
    assert!(first.iter().all(|a| !a.is_error() && a.get("faults").as_array().is_empty()), "{first:?}");
    let values = std::fs::read_to_string(data.path("values.yaml")).unwrap();
    for kept in ["boardFinish", "pieceSet", "strength", "playerSide"] {
        assert!(values.contains(&format!("{kept}:")), "{kept} is kept: {values}");
    }
    let second =
        drive(&data.dir, &common::chess_dir(), "get \"Game Rules\" boardState\nobjects Board\nobjects e2\nfen\n");
    let state = &second[0];
    assert_eq!(board_state(state, "boardFinish"), r#""Marble""#);
    assert_eq!(board_state(state, "pieceSet"), r#""Ivory & gold""#);
    assert_eq!(board_state(state, "strength"), r#""Strong""#);
    assert_eq!(board_state(state, "playerSide"), r#""Black""#);
    assert_eq!(board_state(state, "isFlipped"), "true");
    assert_eq!(second[1].get("objects").as_array()[0].get("image").as_str(), Some("art/board-marble.png"));
    // The Piece on e2 (the Focus Mark, named after its Square, may be there too).
    let e2 = second[2].get("objects").as_array().iter().find(|o| o.get("type").as_str() == Some("Piece")).unwrap();
    assert_eq!(e2.get("image").as_str(), Some("art/pieces-ivory.png"));
    assert_eq!((e2.get("x").to_string(), e2.get("y").to_string()), ("13.125".into(), "28.75".into()), "turned over");
    assert_eq!(second[3].get("fen").as_str(), Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
}

/// A game that ended comes back ended (Save The Game saves it as it ends,
/// A.108; Continue The Game does not say "gameContinues", A.103): the same
/// position, the Game State Game Over, the result in the status line, and
/// the Board answers no click.
#[test]
fn a_finished_chess_game_is_continued_as_finished() {
    let data = TempDir::new("chess-finished");
    let mate = "click f2\nclick f3\nclick e7\nclick e5\nclick g2\nclick g4\nclick d8\nclick h4\n";
    let first = drive(&data.dir, &common::chess_dir(), &format!("{mate}state\nfen\nglobal status\n"));
    let n = first.len();
    assert_eq!(first[n - 3].get("state").as_str(), Some("Game Over"), "{:?}", first[n - 3]);
    let second =
        drive(&data.dir, &common::chess_dir(), "state\nfen\nglobal status\nclick e2\nget \"Game Rules\" boardState\n");
    assert_eq!(second[0].to_string(), first[n - 3].to_string());
    assert_eq!(second[1].to_string(), first[n - 2].to_string());
    assert_eq!(second[2].to_string(), first[n - 1].to_string());
    assert_eq!(board_state(&second[4], "selected"), r#""""#, "the Board answers no click");
}

/// A game the Player resigned comes back as it ended (Resign, A.133, says
/// "positionChanged" once the game is over, and Save The Game, A.108, saves
/// it then): the position, Game Over, "You lose · Resignation", the Board
/// deaf, and the Game menu's Resign button off.
#[test]
fn a_resigned_chess_game_is_continued_as_finished() {
    let data = TempDir::new("chess-resigned");
    let first = drive(
        &data.dir,
        &common::chess_dir(),
        "click e2\nclick e4\nclick e7\nclick e5\npress Game\npress Resign\npress \"Resign Confirm\"\nstate\nfen\nglobal status\n",
    );
    let n = first.len();
    assert!(first.iter().all(|a| !a.is_error()), "{first:?}");
    assert_eq!(first[n - 3].get("state").as_str(), Some("Game Over"), "{:?}", first[n - 3]);
    assert_eq!(first[n - 1].get("value").as_str(), Some("You lose · Resignation"));
    let second = drive(
        &data.dir,
        &common::chess_dir(),
        "state\nfen\nglobal status\nclick g1\nget \"Game Rules\" boardState\npress Game\nobjects Resign\npress Resign\n",
    );
    assert_eq!(second[0].to_string(), first[n - 3].to_string());
    assert_eq!(second[1].to_string(), first[n - 2].to_string());
    assert_eq!(second[2].to_string(), first[n - 1].to_string());
    assert_eq!(board_state(&second[4], "selected"), r#""""#, "the Board answers no click");
    let resign = &second[6].get("objects").as_array()[0];
    assert_eq!(resign.get("buttonOn"), &Json::Bool(false), "the Resign button is off: {resign}");
    assert!(second[7].is_error(), "the Resign button refuses a press: {}", second[7]);
}

/// A game in progress comes back with its Move History and Game State, the
/// Board the way round it was drawn (saved after the flip, A.108), and plays on.
#[test]
fn a_chess_game_in_progress_comes_back_turned_over_and_plays_on() {
    let data = TempDir::new("chess-progress");
    let first = drive(
        &data.dir,
        &common::chess_dir(),
        "click e2\nclick e4\nclick c7\nclick c5\npress Flip\nfen\ntable \"Move History\"\n",
    );
    let n = first.len();
    let second = drive(
        &data.dir,
        &common::chess_dir(),
        "fen\ntable \"Move History\"\nstate\nget \"Game Rules\" boardState\nclick g1\nclick f3\nfen\n",
    );
    assert_eq!(second[0].to_string(), first[n - 2].to_string());
    assert_eq!(second[1].to_string(), first[n - 1].to_string());
    assert_eq!(second[2].get("state").as_str(), Some("Playing"));
    assert_eq!(board_state(&second[3], "isFlipped"), "true");
    assert_eq!(second[6].get("fen").as_str(), Some("rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"));
}

/// A kept Strength (or Side, Board Finish, Piece Set) that the tables do not
/// have leaves Board State's own (A.41, A.112, A.113: Has Row).
#[test]
fn kept_chess_choices_the_tables_lack_leave_board_states_own() {
    let data = TempDir::new("chess-unknown-values");
    std::fs::create_dir_all(&data.dir).unwrap();
    std::fs::write(
        data.path("values.yaml"),
        "format: 1\nvalues:\n  strength: { type: Text, value: Godlike }\n  playerSide: { type: Text, value: Purple }\n  \
         boardFinish: { type: Text, value: Glass }\n  pieceSet: { type: Text, value: Lego }\ncomplete: true\n",
    )
    .unwrap();
    let answers = drive(&data.dir, &common::chess_dir(), "get \"Game Rules\" boardState\nfaults\nnotices\n");
    let state = &answers[0];
    assert_eq!(board_state(state, "strength"), r#""Club""#);
    assert_eq!(board_state(state, "playerSide"), r#""White""#);
    assert_eq!(board_state(state, "boardFinish"), r#""Walnut""#);
    assert_eq!(board_state(state, "pieceSet"), r#""Carved walnut""#);
    assert_eq!(answers[1].to_string(), r#"{"faults":[]}"#);
    assert_eq!(answers[2].to_string(), r#"{"notices":[]}"#, "the file itself is fine");
}

/// Which Input Contexts are on is kept by a save, by name, and brought back
/// by it alone (`World::from_save`: no card runs to turn them again): the
/// chess game saved with its Promotion choice open has its Promotion Choice
/// keys on and the Board's off. A save made before the engine had Input
/// Contexts (no `inputs:`) loads with them as a game starts; a save that
/// names a context the content lacks loads without it, and says so.
#[test]
fn the_input_contexts_on_come_back_with_a_save() {
    let game = common::load_game(&common::chess_dir());
    let mut driver = Driver::new(game.clone());
    for command in ["setfen 8/1P5k/8/8/8/8/6PP/6K1 w - - 0 1", "click b7", "click b8"] {
        let answer = driver.command(command);
        assert!(!answer.is_error() && answer.get("faults").as_array().is_empty(), "{command}: {answer}");
    }
    assert_eq!(
        driver.world.inputs_on,
        [false, false, true],
        "Default off, Move List off (no room beside the Board), Promotion Choice on"
    );
    let saved = driver.world.to_save();
    let text = saved.to_yaml().unwrap();
    assert!(text.contains("inputs:") && text.contains("Promotion Choice: true"), "{text}");
    let back = SaveFile::read(text.as_bytes()).expect("the save reads back");
    let (world, _) = World::from_save(game.clone(), &back).expect("the save fits");
    assert_eq!(world.inputs_on, [false, false, true]);

    let mut older = saved.clone();
    older.world.inputs.clear();
    let older_text = older.to_yaml().unwrap();
    assert!(!older_text.contains("inputs:"), "{older_text}");
    let (world, _) =
        World::from_save(game.clone(), &SaveFile::read(older_text.as_bytes()).unwrap()).expect("an older save fits");
    assert_eq!(world.inputs_on, [true, false, false], "as a game starts");

    let mut gone = saved;
    gone.world.inputs.insert("Menu Keys".into(), true);
    let (world, dropped) = World::from_save(game, &gone).expect("loads without a context the content lacks");
    assert_eq!(dropped, ["the Input Context `Menu Keys` is gone"]);
    assert_eq!(world.inputs_on, [false, false, true]);
}

/// A game saved mid-slide (tests/fixtures/clock: two tweens, the Mover's
/// timer landing, the Game Rules' timers beat and landed, the variant Land
/// At Once chosen) and loaded in a new process goes on where it was: the
/// Mover lands on its target when the clock reaches the slide's end.
#[test]
fn timers_tweens_and_variants_are_saved_across_processes() {
    let data = TempDir::new("clock");
    let clock = common::root().join("tests/fixtures/clock");
    let first = drive(&data.dir, &clock, "press Slide\nwait 0.5\nsave mid\n");
    assert_eq!(first[2].to_string(), r#"{"saved":"mid"}"#);
    let text = std::fs::read_to_string(data.path("saves/mid.yaml")).unwrap();
    for part in ["  timers:\n", "name: landing", "name: landed", "name: beat", "  tweens:\n", "ease: Sine In Out"] {
        assert!(text.contains(part), "the save holds `{part}`:\n{text}");
    }
    assert!(text.contains("mode: Land At Once"), "{text}");
    let second = drive(
        &data.dir,
        &clock,
        "load mid\nobjects Mover\nwait 0.49\nglobal landed\nwait 0.01\nglobal landed\nobjects Mover\nglobal beats\npress Flip\nglobal flips\n",
    );
    let answers: Vec<String> = second.iter().map(Json::to_string).collect();
    assert_eq!(answers[0], r#"{"loaded":"mid"}"#);
    let at = |a: &Json| {
        let o = a.get("objects").as_array().first().cloned().unwrap_or(Json::Null);
        (o.get("x").to_string(), o.get("y").to_string())
    };
    assert_eq!(at(&second[1]), ("5".into(), "2".into()), "{}", answers[1]);
    assert_eq!(answers[3], r#"{"global":"landed","value":0}"#);
    assert_eq!(answers[5], r#"{"global":"landed","value":1}"#);
    assert_eq!(at(&second[6]), ("10".into(), "4".into()), "{}", answers[6]);
    assert_eq!(answers[7], r#"{"global":"beats","value":2}"#);
    // Landing chose Stay Hidden again: a flip now changes nothing.
    assert_eq!(answers[9], r#"{"global":"flips","value":"S"}"#);
    // Loaded again, mid-slide, the variant chosen then (Land At Once) runs.
    let third = drive(
        &data.dir,
        &clock,
        "load mid
press Flip
global flips
",
    );
    assert_eq!(third[2].to_string(), r#"{"global":"flips","value":"L"}"#);
}

/// One hand edit of a save (`tests/saves/*.edit`, YAML): a game played and
/// saved in a slot, the save's text edited as a person would, then loaded
/// in a new process, with every notice the load gives and the answers after.
/// Its keys:
/// - `game`: `chess` (content/chess) or `saves` (tests/fixtures/saves);
/// - `play`: the driver's commands before the save (the slot `edit`);
/// - `edit`: each `{ replace: TEXT, with: TEXT }`, the first of the save's
///   texts replaced (it must be there);
/// - `keep objects`: only the first N Objects kept (the lines of the rest deleted);
/// - `cut after`: the file's text cut after the first place this text is;
/// - `values`: values.yaml's text, written before the load;
/// - `then`: the commands after `load edit` (then `faults`, which must be empty);
/// - `notices`: the notices of the load's answer, each whole (`FILE`: the
///   save's file as shown), but that of a file moved aside;
/// - `refused`: the load is refused, its error holding this; the file is moved aside;
/// - `answers`: a text each answer to `then` holds, in order.
struct HandEdit {
    game: String,
    play: Vec<String>,
    edit: Vec<(String, String)>,
    keep_objects: Option<usize>,
    cut_after: Option<String>,
    values: Option<String>,
    then: Vec<String>,
    notices: Vec<String>,
    refused: Option<String>,
    answers: Vec<String>,
}

impl HandEdit {
    fn read(text: &str) -> Result<HandEdit, String> {
        let doc: serde_yaml::Mapping = serde_yaml::from_str(text).map_err(|e| e.to_string())?;
        let known =
            ["game", "play", "edit", "keep objects", "cut after", "values", "then", "notices", "refused", "answers"];
        for key in doc.keys() {
            let key = key.as_str().unwrap_or_default();
            if !known.contains(&key) {
                return Err(format!("no key `{key}`; the keys: {}", known.join(", ")));
            }
        }
        let text = |key: &str| doc.get(key).map(|v| v.as_str().map(String::from).ok_or(format!("`{key}` is a text")));
        let texts = |key: &str| -> Result<Vec<String>, String> {
            match doc.get(key) {
                None => Ok(Vec::new()),
                Some(v) => v
                    .as_sequence()
                    .ok_or(format!("`{key}` is a list"))?
                    .iter()
                    .map(|t| t.as_str().map(String::from).ok_or(format!("`{key}` holds texts")))
                    .collect(),
            }
        };
        let mut edit = Vec::new();
        for e in doc.get("edit").and_then(|v| v.as_sequence()).into_iter().flatten() {
            let part = |k: &str| e.get(k).and_then(|v| v.as_str()).map(String::from).ok_or(format!("an edit's `{k}`"));
            edit.push((part("replace")?, part("with")?));
        }
        Ok(HandEdit {
            game: text("game").ok_or("`game`")??,
            play: texts("play")?,
            edit,
            keep_objects: doc.get("keep objects").and_then(|v| v.as_u64()).map(|n| n as usize),
            cut_after: text("cut after").transpose()?,
            values: text("values").transpose()?,
            then: texts("then")?,
            notices: texts("notices")?,
            refused: text("refused").transpose()?,
            answers: texts("answers")?,
        })
    }
}

/// Every hand edit of `tests/saves/`, each through the real binary as a
/// player's edited file would be loaded: what does not fit is mended or
/// dropped with a notice that says what, a save that cannot be played is
/// moved aside, and the game goes on without a fault.
#[test]
fn hand_edits_of_saves_are_mended_or_moved_aside_with_their_words() {
    let dir = common::root().join("tests/saves");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/saves")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "edit"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "{files:?}");
    let mut failed = Vec::new();
    for file in &files {
        let label = file.file_stem().unwrap().to_string_lossy().to_string();
        let case = HandEdit::read(&std::fs::read_to_string(file).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        if let Err(why) = std::panic::catch_unwind(|| run_hand_edit(&label, &case)) {
            let why =
                why.downcast_ref::<String>().cloned().or_else(|| why.downcast_ref::<&str>().map(|s| s.to_string()));
            failed.push(format!("{label}: {}", why.unwrap_or_default()));
        }
    }
    assert!(failed.is_empty(), "{} of {} hand edits failed:\n{}", failed.len(), files.len(), failed.join("\n\n"));
}

fn run_hand_edit(label: &str, case: &HandEdit) {
    let content = match case.game.as_str() {
        "chess" => common::chess_dir(),
        "saves" => fixture(),
        other => panic!("no game `{other}`"),
    };
    let data = TempDir::new(&format!("edit-{label}"));
    let first = drive(&data.dir, &content, &format!("{}\nsave edit\n", case.play.join("\n")));
    assert!(first.iter().all(|a| !a.is_error() && a.get("faults").as_array().is_empty()), "{first:?}");
    let slot = data.path("saves/edit.yaml");
    let mut text = std::fs::read_to_string(&slot).expect("the save");
    for (replace, with) in &case.edit {
        assert!(text.contains(replace.as_str()), "the save holds no `{replace}`:\n{text}");
        text = text.replacen(replace.as_str(), with, 1);
    }
    if let Some(keep) = case.keep_objects {
        let mut save: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
        let objects = save["world"]["objects"].as_sequence_mut().expect("objects");
        objects.truncate(keep);
        text = serde_yaml::to_string(&save).unwrap();
    }
    if let Some(cut) = &case.cut_after {
        let at = text.find(cut.as_str()).unwrap_or_else(|| panic!("the save holds no `{cut}`:\n{text}"));
        text.truncate(at + cut.len());
    }
    std::fs::write(&slot, &text).unwrap();
    if let Some(values) = &case.values {
        std::fs::write(data.path("values.yaml"), values).unwrap();
    }
    let input = format!("load edit\n{}\nfaults\n", case.then.join("\n"));
    let (answers, stderr) = common::drive_in(&data.dir, &content, &input);
    let notices: Vec<String> =
        answers[0].get("notices").as_array().iter().filter_map(|n| n.as_str()).map(String::from).collect();
    let shown = slot.display().to_string();
    let files = data.files("saves");
    match &case.refused {
        Some(why) => {
            let error = answers[0].get("error").as_str().unwrap_or_default();
            assert!(error.starts_with("no game was loaded: ") && error.contains(why.as_str()), "{}", answers[0]);
            let aside = files.iter().find(|f| f.starts_with("edit.yaml.bad-")).unwrap_or_else(|| panic!("{files:?}"));
            let said = format!(
                "The saved game `edit` could not be loaded: {why}. The file was moved aside to {}, and the game goes on \
                 without it.",
                data.path(&format!("saves/{aside}")).display()
            );
            assert!(
                notices
                    .iter()
                    .any(|n| n.contains(why.as_str()) && n.ends_with(&said[said.find(". The file").unwrap()..])),
                "{notices:?}\nwanted: {said}"
            );
            assert_eq!(std::fs::read_to_string(data.path(&format!("saves/{aside}"))).unwrap(), text, "its bytes kept");
        }
        None => {
            assert_eq!(answers[0].get("loaded").as_str(), Some("edit"), "{}\n{stderr}", answers[0]);
            assert!(files.contains(&"edit.yaml".to_string()), "{files:?}");
        }
    }
    let want: Vec<String> = case.notices.iter().map(|n| n.replace("FILE", &shown)).collect();
    if case.refused.is_none() || !want.is_empty() {
        let told: Vec<&String> = notices.iter().filter(|n| !n.contains("could not be loaded")).collect();
        // A notice listed ending in `...` is the start of the one told (which names a file moved aside).
        let same = told.len() == want.len()
            && told.iter().zip(&want).all(|(t, w)| match w.strip_suffix("...") {
                Some(start) => t.starts_with(start),
                None => *t == w,
            });
        assert!(same, "the notices: {told:#?}\nwanted: {want:#?}");
    }
    for (i, part) in case.answers.iter().enumerate() {
        let answer = answers[1 + i].to_string();
        assert!(answer.contains(part.as_str()), "answer {} to `{}`: {answer} lacks {part}", i + 1, case.then[i]);
    }
    let faults = answers.last().unwrap().to_string();
    assert_eq!(faults, r#"{"faults":[]}"#, "the game goes on");
}

/// A save shares the rows of the last save that did not change since
/// (`World::to_save`): after Moves, a capture, Undo (rows taken away), a
/// Move other than the one taken back (rows of the same names, other
/// cells: Seen Positions, Move History) and a King's Move (Castling's cells
/// changed in place), each save is the one a World that never saved makes
/// (a rehearsal's copy, which keeps no rows), row for row and text for text.
#[test]
fn a_save_that_shares_unchanged_rows_is_the_save_made_whole() {
    let mut d = common::two_players(common::load_game(&common::chess_dir()));
    let whole = |d: &Driver| cardtable_runtime::play::rehearsal(&d.world).to_save();
    for line in ["e2e4", "d7d5", "e4d5", "undo", "e4e5", "c8f5", "e1e2", "b8c6"] {
        let answer = if line == "undo" {
            d.command("press Undo")
        } else {
            d.command(&format!("click {}", &line[0..2]));
            d.command(&format!("click {}", &line[2..4]))
        };
        assert!(!answer.is_error(), "{line}: {answer}");
        let shared = d.world.to_save();
        assert_eq!(shared, whole(&d), "after {line}");
        assert_eq!(shared.to_yaml().unwrap(), whole(&d).to_yaml().unwrap(), "after {line}, as a file");
    }
    let fen = d.command("fen");
    assert!(
        fen.get("fen")
            .as_str()
            .is_some_and(|f| f.starts_with("r2qkbnr/ppp1pppp/2n5/3pPb2/8/8/PPPPKPPP/RNBQ1BNR w kq ")),
        "{fen}"
    );
}
