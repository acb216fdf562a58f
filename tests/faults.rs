//! Faults while playing: each one stops its Event, is reported with the card,
//! the Event and the step, and the game goes on.

use cardtable::host::driver::Driver;
use std::path::Path;
use std::rc::Rc;

fn driver() -> Driver {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/faults");
    let loaded = cardtable::load::load(&dir).unwrap_or_else(|e| panic!("the fixture loads: {e:?}"));
    Driver::new(Rc::new(loaded.game))
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
        cardtable::library::apply_option(&d.libraries, &mut d.world, "fen", fen),
        Err("`--fen` is an option of the chess library, which this game does not use (game.yaml: libraries)".into())
    );
    assert_eq!(
        cardtable::library::apply_option(&d.libraries, &mut d.world, "frobnicate", "x"),
        Err("no library has the option `--frobnicate`".into())
    );
    assert!(d.world.libraries.is_empty(), "no library made a state");
}
