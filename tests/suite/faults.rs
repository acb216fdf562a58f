//! Faults while playing: each one stops its Event, is reported with the card,
//! the Event and the step, and the game goes on.

use crate::common;

use cardtable_runtime::host::driver::Driver;
use std::path::Path;

fn driver() -> Driver {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/faults");
    let loaded = common::load::load(&dir).unwrap_or_else(|e| panic!("the fixture loads: {e:?}"));
    Driver::new(std::sync::Arc::new(loaded.game))
}

/// Clicks the button, and answers the one fault it reported.
fn fault_of(d: &mut Driver, button: &str) -> String {
    let answer = d.command(&format!("click \"{button}\""));
    let faults = answer.get("faults").as_array();
    assert_eq!(faults.len(), 1, "one fault for `{button}`: {answer}");
    faults[0].as_str().unwrap_or_default().to_string()
}

fn count(d: &mut Driver) -> String {
    d.command("global count").get("value").to_string()
}

#[test]
fn each_fault_names_card_event_and_step_and_the_game_goes_on() {
    let mut d = driver();
    let cases = [
        ("missing row", "Make A Fault (Mouse Pressed), step 3 (logic/Make A Fault.yaml:10): the table `Things` has no row `ball`"),
        ("text as number", "Make A Fault (Mouse Pressed), step 5 (logic/Make A Fault.yaml:14): `*` needs two Numbers, found a Text and a Number"),
        ("divide by zero", "Make A Fault (Mouse Pressed), step 7 (logic/Make A Fault.yaml:18): division by zero"),
        ("endless while", "Make A Fault (Mouse Pressed), step 9 (logic/Make A Fault.yaml:22): stopped after too many steps for one input (a While that never ends?)"),
        ("deep calls", "Recurse, step 1 (logic/Recurse.yaml:6): Events and calls nested more than 200 deep"),
        ("deep events", "Make A Fault (again), step 1 (logic/Make A Fault.yaml:41): Events and calls nested more than 200 deep"),
    ];
    for (button, expected) in cases {
        assert_eq!(fault_of(&mut d, button), expected);
        // The faulted Event stopped before its last step: nothing was counted.
        assert_eq!(count(&mut d), "0", "after `{button}`");
    }
    // The game goes on: a click that does nothing wrong runs to its end.
    let answer = d.command("click count");
    assert!(answer.get("faults").as_array().is_empty(), "{answer}");
    assert_eq!(count(&mut d), "1");
    // Every fault is kept, oldest first.
    assert_eq!(d.command("faults").get("faults").as_array().len(), cases.len());
}

#[test]
fn a_fault_in_the_driver_is_an_error_answer() {
    let mut d = driver();
    for (command, expected) in [
        ("eval data('Things', 'ball', 'size')", "the table `Things` has no row `ball`"),
        ("eval 1 / 0", "division by zero"),
        ("eval nothing", "unknown name `nothing`"),
        ("eval 1 +", "expected a value"),
        ("call Recurse depth=0", "nested more than 200 deep"),
        ("frobnicate", "unknown command `frobnicate`"),
        ("get nobody boardState", "no Object named `nobody`"),
        ("table Nope", "no table named `Nope`"),
    ] {
        let answer = d.command(command);
        let message = answer.get("error").as_str().unwrap_or_else(|| panic!("`{command}` answers an error: {answer}"));
        assert!(message.contains(expected), "`{command}`: {message}");
    }
    assert_eq!(d.command("eval data('Things', 'box', 'size') * 2").get("value").to_string(), "6");
}

/// Runs `f` on a fresh driver in a thread of its own, and answers what it
/// answers; a run that has not ended after a minute fails the test (a
/// guard that was reset would make an endless loop endless).
fn within_a_minute<T: Send + 'static>(f: impl FnOnce(&mut Driver) -> T + Send + 'static) -> T {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut d = driver();
        let _ = send.send(f(&mut d));
    });
    match receive.recv_timeout(std::time::Duration::from_secs(60)) {
        Ok(answer) => answer,
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => panic!("still running after a minute"),
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => panic!("the driver panicked"),
    }
}

#[test]
fn reading_a_text_with_holes_leaves_the_depth_as_it_was() {
    // One read of `clicked {$count} times` inside a click, and the click goes on to its end.
    let (answer, count, text) = within_a_minute(|d| {
        let answer = d.command("click \"read text once\"").to_string();
        let text = d.command("objects read text once").get("objects").to_string();
        (answer, count(d), text)
    });
    assert_eq!(answer, r#"{"clicked":"read text once"}"#);
    assert_eq!(count, "1");
    assert!(text.contains(r#""text":"clicked 1 times""#), "{text}");
}

#[test]
fn reading_a_text_with_holes_in_an_endless_while_ends_in_the_step_budget() {
    // The Label's text is a template with a hole (`clicked {$count} times`):
    // reading it inside the click must not give the click a fresh budget.
    let (fault, count, stack) = within_a_minute(|d| {
        d.world.step_budget = 200_000;
        let fault = fault_of(d, "read text");
        (fault, count(d), d.world.stack_len())
    });
    assert_eq!(
        fault,
        "Read Text (Mouse Pressed), step 3 (logic/Read Text.yaml:11): stopped after too many steps for one input (a While that never ends?)"
    );
    assert_eq!(count, "0");
    assert_eq!(stack, 0);
}

#[test]
fn a_text_that_shows_itself_is_too_deep_not_a_crash() {
    // The Echo's text is `({self.text.text})`: each read reads it again.
    let (clicked, shown, after) = within_a_minute(|d| {
        let clicked = fault_of(d, "echo");
        let shown = d.command("objects echo");
        let after = d.command("click count");
        (clicked, shown.to_string(), after.to_string())
    });
    assert_eq!(
        clicked,
        "Read Text (Mouse Pressed), step 1 (logic/Read Text.yaml:6): Events and calls nested more than 200 deep"
    );
    // Read from outside (the driver, the window), the hole faults and shows nothing.
    assert!(shown.contains(r#""text":"()""#), "{shown}");
    assert!(shown.contains("nested more than 200 deep"), "{shown}");
    // And the game goes on.
    assert!(after.contains(r#"{"clicked":"count"}"#), "{after}");
}

#[test]
fn a_game_that_names_no_library_has_no_chess() {
    // The fixture's game.yaml names no library: the chess library's commands
    // and its `--fen` answer why they are not there.
    let mut d = driver();
    assert_eq!(
        d.command("fen").get("error").as_str(),
        Some("`fen` is a command of the chess library, which this game does not use (game.yaml: libraries)")
    );
    let fen = "8/8/8/8/8/8/8/8 w - - 0 1";
    assert_eq!(
        cardtable_runtime::library::apply_option(&d.libraries, &mut d.world, "fen", fen),
        Err("`--fen` is an option of the chess library, which this game does not use (game.yaml: libraries)".into())
    );
    assert_eq!(
        cardtable_runtime::library::apply_option(&d.libraries, &mut d.world, "frobnicate", "x"),
        Err("no library has the option `--frobnicate`".into())
    );
    assert!(d.world.libraries.is_empty(), "no library made a state");
}

// A loaded `Game`'s fields are public, so code outside the engine may change
// it before it plays: give a Function more parameters than its code has
// locals, move a code to another Function, widen an answer or a structure.
// The register machine reads its frame unchecked; it checks at each call
// that the Function and its code agree, and faults (it never panics, never
// reads or writes past a frame) when they do not.

use cardtable_runtime::game::{FieldDef, Game, Param};
use cardtable_runtime::program::Returns;
use cardtable_runtime::value::{Type, Value};

fn language() -> Game {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/language");
    common::load::load(&dir).unwrap_or_else(|e| panic!("the fixture loads: {e:?}")).game
}

fn function(game: &Game, name: &str) -> usize {
    game.names.functions.get(name).unwrap_or_else(|| panic!("no Function `{name}`")).index()
}

/// The driver's error for `command` on the changed game.
fn error_of(game: Game, command: &str) -> String {
    let answer = Driver::new(std::sync::Arc::new(game)).command(command);
    answer.get("error").as_str().unwrap_or_else(|| panic!("`{command}` answers an error: {answer}")).to_string()
}

#[test]
fn a_function_with_more_parameters_than_its_code_has_locals_faults() {
    let mut game = language();
    let divide = function(&game, "Divide");
    // More parameters than the whole frame: the last would be written past it.
    let frame = game.functions[divide].code.frame().len();
    game.functions[divide].params = (0..=frame)
        .map(|i| Param { name: format!("p{i}"), ty: Type::Number, default: Some(Value::Num(1.0)), requires: None })
        .collect();
    let error = error_of(game, "call Divide");
    assert!(error.contains("`Divide` has more parameters than its code has locals"), "{error}");
}

#[test]
fn a_call_of_a_function_whose_code_was_swapped_for_a_smaller_one_faults() {
    let mut game = language();
    let (divide, factorial) = (function(&game, "Divide"), function(&game, "Factorial"));
    // Divide now runs Factorial's code, whose call of Factorial (one
    // argument) finds an empty code: no frame for its parameter.
    let code = std::mem::take(&mut game.functions[factorial].code);
    assert!(code.locals() >= 2, "Factorial's code holds Divide's two parameters");
    game.functions[divide].code = code;
    let error = error_of(game, "call Divide a=3 b=1");
    assert!(error.contains("`Factorial` has more parameters than its code has locals"), "{error}");
}

#[test]
fn a_call_of_a_function_that_is_no_longer_in_the_game_faults() {
    let mut game = language();
    let (divide, factorial) = (function(&game, "Divide"), function(&game, "Factorial"));
    assert!(divide < factorial, "the Functions are in file order");
    game.functions[divide].code = game.functions[factorial].code.clone();
    game.functions.truncate(factorial);
    let error = error_of(game, "call Divide a=3 b=1");
    assert!(error.contains("a call of a Function that is not in the game"), "{error}");
}

#[test]
fn an_answer_wider_than_its_callers_locals_faults() {
    let mut game = language();
    let factorial = function(&game, "Factorial");
    let comparison = *game.names.structs.get("Comparison").expect("the Comparison structure");
    let width = game.structs[comparison.index()].fields.len();
    let code = &game.functions[factorial].code;
    let answer = code.ops().iter().find_map(|op| match *op {
        cardtable_runtime::code::Op::Call { answer, .. } => Some(answer as usize),
        _ => None,
    });
    assert!(answer.is_some_and(|a| a + width > code.frame().len()), "the answer would land past the frame");
    // Factorial calls itself and keeps the answer in one local; now it says
    // it answers six.
    game.functions[factorial].returns = Returns::Struct(comparison);
    let error = error_of(game, "call Factorial n=2");
    assert!(error.contains("the answer of `Factorial` does not fit its caller's locals"), "{error}");
}

#[test]
fn a_structure_wider_than_its_return_faults() {
    let mut game = language();
    let stats = *game.names.structs.get("Stats").expect("the Stats structure");
    // Full Stats returns all four fields; now the structure has five.
    game.structs[stats.index()].fields.push(FieldDef {
        name: "extra".into(),
        ty: Type::Number,
        default: Value::Num(0.0),
        is_object_name: false,
    });
    let error = error_of(game, "call Full Stats a=7");
    assert!(error.contains("a Return's values do not fit its structure"), "{error}");
}

/// Restart Game in Game Start (or in a scene Object's Created) would start
/// the game again for ever: it is a fault, and the game starts once.
#[test]
fn restart_game_while_the_game_starts_is_a_fault_not_a_loop() {
    let copy = common::TempContent::of(&common::root().join("tests/fixtures/panels"), "restart-at-start");
    copy.replace_once(
        "logic/Rules.yaml",
        "      - set: $createdWhenStarted\n",
        "      - restart game: true\n      - set: $createdWhenStarted\n",
    );
    let loaded = common::load::load(&copy.dir).unwrap_or_else(|e| panic!("the copy loads: {e:?}"));
    let mut d = Driver::new(std::sync::Arc::new(loaded.game));
    let faults = d.command("faults").get("faults").to_string();
    assert!(
        faults.contains("Rules (Game Start), step 2 (logic/Rules.yaml:14): Restart Game while the game starts"),
        "{faults}"
    );
    assert_eq!(d.command("global started").get("value").to_string(), "1");
    // The step stopped the handler; the game plays on.
    assert_eq!(d.command("global createdWhenStarted").get("value").to_string(), "-1");
    assert_eq!(d.command("click Board").to_string(), r#"{"clicked":"Board"}"#);
    assert_eq!(d.command("global boardClicks").get("value").to_string(), "1");
}

/// A click that restarts the game reaches no Object of the new World: the
/// button under the Restart button (a second Switch, made after it) is not
/// pressed in the World that begins again.
#[test]
fn a_restart_ends_the_click_that_asked_for_it() {
    let copy = common::TempContent::of(&common::root().join("tests/fixtures/panels"), "restart-click");
    copy.replace_once(
        "scene.yaml",
        "  - { object: Panel,",
        "  - { object: Switch Button, name: Under, anchor: bottom right, x: -80, y: 40 }\n  - { object: Panel,",
    );
    let loaded = common::load::load(&copy.dir).unwrap_or_else(|e| panic!("the copy loads: {e:?}"));
    let mut d = Driver::new(std::sync::Arc::new(loaded.game));
    d.command("click Board");
    assert_eq!(d.world.restarts, 0);
    assert_eq!(d.command("press Restart").to_string(), r#"{"pressed":"Restart"}"#);
    assert_eq!(d.world.restarts, 1);
    assert_eq!(d.command("global boardClicks").get("value").to_string(), "0");
    assert_eq!(d.command("table Log").get("rows").as_array().len(), 1, "Game Start ran once in the new World");
    let board = d.command("objects Board").to_string();
    assert!(!board.contains("off"), "the button under Restart was pressed in the new World: {board}");
}

/// The steps of the clock fault on what a card gives them while playing (a
/// time below 0, a repeating timer of 0 seconds, a tween of a negative
/// duration, a variant chosen for an Object without the card), and the game
/// goes on; a timer that starts itself again at 0 seconds each time it rings
/// rings once a tick, not for ever.
#[test]
fn the_clocks_steps_fault_and_the_game_goes_on() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/clock");
    let loaded = common::load::load(&dir).unwrap_or_else(|e| panic!("the fixture loads: {e:?}"));
    let mut d = Driver::new(std::sync::Arc::new(loaded.game));
    let cases = [
        ("negative", "Make Clock Fault (Mouse Pressed), step 2 (logic/Make Clock Fault.yaml:11): the timer `soon` needs a time in seconds from 0 up, found -1"),
        ("zero", "Make Clock Fault (Mouse Pressed), step 4 (logic/Make Clock Fault.yaml:16): the timer `soon` needs a time in seconds above 0 (a timer that repeats), found 0"),
        ("tween", "Make Clock Fault (Mouse Pressed), step 6 (logic/Make Clock Fault.yaml:20): a tween needs a target and a duration from 0 up, found 1 and -1"),
        ("variant", "Make Clock Fault (Mouse Pressed), step 9 (logic/Make Clock Fault.yaml:29): the Object `` (Mover) has no Logic Component `Make Clock Fault`"),
    ];
    for (button, expected) in cases {
        assert_eq!(fault_of(&mut d, button), expected);
    }
    assert!(d.world.timers.iter().all(|t| d.world.syms.text(t.name) != "soon"), "no timer soon was started");
    assert!(d.world.tweens.is_empty(), "no tween was started");
    let answer = d.command("click echo");
    assert!(answer.get("faults").as_array().is_empty(), "{answer}");
    d.command("wait 0.1");
    assert_eq!(d.command("global echoes").get("value").to_string(), "6", "once in each of 6 ticks");
    // The beat of the Game Rules goes on.
    d.command("wait 0.4");
    assert_eq!(d.command("global beats").get("value").to_string(), "1");
}
