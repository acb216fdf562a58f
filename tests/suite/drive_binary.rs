//! The real `cardtable drive`: commands on standard input, one JSON object a
//! line on standard output, errors as {"error": ...}, never a crash.

use crate::common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use cardtable_runtime::json::Json;

fn drive(args: &[&str], input: &str) -> Output {
    drive_bytes(args, input.as_bytes())
}

fn drive_bytes(args: &[&str], input: &[u8]) -> Output {
    // The chess game (no folder, or a copy of it): the Player plays both
    // Sides, the Computer off (tests/suite/computer.rs plays against it). A test
    // fixture has no such Logic Component, and `--off` naming none is refused.
    let chess = !args.first().is_some_and(|a| a.starts_with("tests/fixtures/"));
    let off: &[&str] = if chess { &["--off", "Make Computer Move"] } else { &[] };
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .arg("drive")
        .args(off)
        .args(args)
        .current_dir(common::root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start cardtable drive");
    if let Err(e) = child.stdin.take().unwrap().write_all(input) {
        // A driver that refuses its command line may exit before it reads a
        // line: what it says is in its status and stderr.
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "write the commands: {e}");
    }
    child.wait_with_output().expect("cardtable drive ends")
}

fn keys(j: &Json) -> Vec<&str> {
    match j {
        Json::Obj(pairs) => pairs.iter().map(|(k, _)| k.as_str()).collect(),
        _ => Vec::new(),
    }
}

#[test]
fn the_json_reader_is_strict() {
    assert_eq!(
        common::parse_json(r#"{"a":[1,-2.5,true,null],"b":"x\"\n\u00e9"}"#).unwrap().get("b").as_str(),
        Some("x\"\né")
    );
    for bad in [r#"{"a":1"#, r#"{"a" 1}"#, r#"{a:1}"#, r#"{"a":1} x"#, r#"["a",]"#, "tru", ""] {
        assert!(common::parse_json(bad).is_err(), "`{bad}` should not read");
    }
}

#[test]
fn drive_answers_each_command_with_one_json_line() {
    let input = "\
# a comment line, and a blank line: neither is answered

click e2
table Targets
frobnicate
eval 1 +
eval data('Position', 'e2', 'kind')
click e4
global status
get \"Game Rules\" boardState
objects \"Status Line\"
click nowhere
faults
";
    let out = drive(&[], input);
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 output");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "drive exited {:?}; stderr:\n{stderr}", out.status);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 11, "one line per command:\n{stdout}");
    let answers: Vec<Json> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| common::parse_json(l).unwrap_or_else(|e| panic!("line {}: not JSON ({e}): {l}", i + 1)))
        .collect();
    for (i, a) in answers.iter().enumerate() {
        assert!(matches!(a, Json::Obj(_)), "line {}: not a JSON object: {}", i + 1, lines[i]);
    }

    assert_eq!(keys(&answers[0]), ["clicked"]);
    assert_eq!(answers[0].get("clicked").as_str(), Some("e2"));

    assert_eq!(keys(&answers[1]), ["table", "rows"]);
    let rows = answers[1].get("rows").as_array();
    assert_eq!(rows.len(), 64, "Targets has a row per Square once a Piece is selected");
    let reachable: Vec<&str> = rows
        .iter()
        .filter(|r| r.get("reachable") == &Json::Bool(true))
        .filter_map(|r| r.get("name").as_str())
        .collect();
    assert_eq!(reachable, ["e3", "e4"]);
    assert!(rows.iter().all(|r| keys(r) == ["name", "reachable"]), "each row has its name and cells");

    assert_eq!(keys(&answers[2]), ["error"], "an unknown command is an error: {}", lines[2]);
    assert!(answers[2].get("error").as_str().unwrap().contains("frobnicate"), "{}", lines[2]);

    assert_eq!(keys(&answers[3]), ["error"], "an expression that does not parse is an error: {}", lines[3]);
    assert!(answers[3].get("error").as_str().unwrap().starts_with("column 4:"), "{}", lines[3]);

    assert_eq!(answers[4], Json::obj(vec![("value", Json::Str("Pawn".into()))]));
    assert_eq!(answers[5].get("clicked").as_str(), Some("e4"));
    assert_eq!(
        answers[6],
        Json::obj(vec![("global", Json::Str("status".into())), ("value", Json::Str("Your move".into()))])
    );

    assert_eq!(
        keys(&answers[7]),
        [
            "sideToMove",
            "selected",
            "lastFrom",
            "lastTo",
            "checkSquare",
            "enPassantSquare",
            "promotionSquare",
            "fiftyMoveCount",
            "playerSide",
            "inspected",
            "isFlipped",
            "pieceSet",
            "boardFinish",
            "isShowingThreats",
            "strength",
            "chosenSide",
            "chosenStrength",
            "firstShownMove",
            "movesPerPage",
            "timeControl",
            "chosenTimeControl",
            "turnStartedAt",
            "computerSeconds"
        ]
    );
    assert_eq!(answers[7].get("sideToMove").as_str(), Some("Black"));
    assert_eq!(answers[7].get("selected").as_str(), Some(""));
    assert_eq!(answers[7].get("lastFrom").as_str(), Some("e2"));
    assert_eq!(answers[7].get("lastTo").as_str(), Some("e4"));
    assert_eq!(answers[7].get("checkSquare").as_str(), Some(""));
    // the Pawn's two-Square Move leaves e3 to be taken en passant (Update En Passant)
    assert_eq!(answers[7].get("enPassantSquare").as_str(), Some("e3"));
    assert_eq!(answers[7].get("promotionSquare").as_str(), Some(""));
    // a Pawn Move starts the fifty-move count over
    assert_eq!(answers[7].get("fiftyMoveCount"), &Json::Num(0.0));
    assert_eq!(answers[7].get("playerSide").as_str(), Some("White"));
    assert_eq!(answers[7].get("inspected").as_str(), Some(""));

    let status_line = &answers[8].get("objects").as_array()[0];
    assert_eq!(status_line.get("type").as_str(), Some("Status Line"));
    assert_eq!(status_line.get("text").as_str(), Some("Your move"));

    assert_eq!(keys(&answers[9]), ["error"], "{}", lines[9]);
    assert_eq!(answers[10], Json::obj(vec![("faults", Json::Arr(vec![]))]));
}

#[test]
fn drive_survives_garbage() {
    let input = "click\nget\nget Nobody x\ncall\ncall Find King side=\ncall Find King nope='x'\ntable\nwait -1\n\
                 restore never\neval )\neval data('Nope', 0, 'x')\nkey Enter\nobjects Nobody\n\u{1F600}\n";
    let out = drive(&[], input);
    assert!(out.status.success(), "stderr:\n{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), input.lines().count(), "{stdout}");
    for line in lines {
        let j = common::parse_json(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
        assert!(matches!(j, Json::Obj(_)), "{line}");
    }
}

#[test]
fn a_line_that_is_not_utf8_is_an_error_and_the_next_lines_are_read() {
    let out = drive_bytes(&[], b"help\n\xff\xfe\nstate\n");
    assert!(out.status.success(), "stderr:\n{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 output");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "one answer per line, the bad one too:\n{stdout}");
    let answers: Vec<Json> =
        lines.iter().map(|l| common::parse_json(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}"))).collect();
    assert_eq!(keys(&answers[0])[0], "help", "the first answer is help's: {}", lines[0]);
    assert_eq!(keys(&answers[1]), ["error"], "{}", lines[1]);
    let error = answers[1].get("error").as_str().unwrap();
    assert!(error.contains("line 2") && error.contains("not UTF-8"), "says which line and why: {error}");
    assert_eq!(keys(&answers[2]), ["state"], "the line after it is still run: {}", lines[2]);
}

#[test]
fn drive_refuses_a_broken_folder() {
    let copy = common::TempContent::chess("drive-broken");
    copy.replace_once("tables/Sides.csv", "Black,-1,7,White,1", "Black,-1,7,1");
    let dir = copy.dir.to_str().unwrap().to_string();
    let out = drive(&[&dir], "click e2\n");
    assert!(!out.status.success());
    assert!(out.stdout.is_empty(), "no answers from a game that did not load");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("tables/Sides.csv:3:1: error: this row has 5 cells; the header has 6"), "{stderr}");
}

#[test]
fn help_lists_the_commands_of_the_games_libraries_and_no_other() {
    // The chess game names the chess and engine libraries in its game.yaml: their commands follow the driver's own.
    let out = drive(&[], "help\n");
    let help = common::parse_json(String::from_utf8_lossy(&out.stdout).trim()).expect("JSON");
    let text = help.get("help").as_str().unwrap_or_default().to_string();
    assert!(
        text.ends_with(
            "| restore N | drop N | save SLOT | load SLOT | wait SECONDS \
             | trace [limit=N] [card=NAME] [table=NAME] [depth=N] COMMAND | seed N | moves | perft N | playout SEED [PLIES] \
             | play MOVE | bestmove [depth N] [nodes N] [movetime MS] [seed N] | off COMPONENT | clipboard [TEXT] \
             | documents [DIR] | fen | setfen FEN | pgn \
             | loadpgn FILE-OR-PGN | enginemoves | engineperft N | enginebestmove [MS] [depth N] [movetime MS] [noise CP] [seed S] \
             | engine [PATH|builtin|manual] | answer MOVE"
        ),
        "{text}"
    );
    // The driver's own, each with what it does.
    let own = help.get("driver commands").as_array();
    assert_eq!(own[1].get("command").as_str(), Some("click NAME"), "{help}");
    assert!(own.iter().all(|c| !c.get("does").as_str().unwrap_or_default().is_empty()), "{help}");
    assert_eq!(own.len() + 9, text.split(" | ").count(), "{help}");
    let commands = help.get("library commands").as_array();
    assert_eq!(commands.len(), 9, "{help}");
    assert_eq!(commands[4].get("library").as_str(), Some("engine"));
    assert_eq!(commands[8].get("library").as_str(), Some("stockfishBridge"));
    assert_eq!(commands[1].get("command").as_str(), Some("setfen FEN"));
    assert_eq!(commands[1].get("library").as_str(), Some("chess"));

    // The language fixture names no library: no chess command, and a clear error for one.
    let input = "help\nfen\nsetfen 8/8/8/8/8/8/8/8 w - - 0 1\nperft 1\nfrobnicate\n";
    let out = drive(&["tests/fixtures/language"], input);
    assert!(out.status.success(), "stderr:\n{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<Json> = stdout.lines().map(|l| common::parse_json(l).expect("JSON")).collect();
    assert_eq!(answers.len(), 5, "{stdout}");
    let text = answers[0].get("help").as_str().unwrap_or_default();
    assert!(
        text.ends_with(
            "| snapshot N | restore N | drop N | save SLOT | load SLOT | wait SECONDS \
             | trace [limit=N] [card=NAME] [table=NAME] [depth=N] COMMAND | seed N | off COMPONENT | clipboard [TEXT] \
             | documents [DIR]"
        ),
        "{text}"
    );
    for word in ["fen", "setfen", "moves", "perft", "pgn", "loadpgn", "playout", "play", "bestmove"] {
        assert!(!text.split(" | ").any(|c| c.split_whitespace().next() == Some(word)), "`{word}` in {text}");
    }
    assert_eq!(answers[0].get("library commands").as_array().len(), 0);
    // `perft` is the driver's own, for a game with `play:`.
    assert!(
        answers[3].get("error").as_str().unwrap_or_default().contains("game.yaml has no `play:`"),
        "{}",
        answers[3]
    );
    for (answer, verb) in answers[1..3].iter().zip(["fen", "setfen"]) {
        assert_eq!(
            answer.get("error").as_str(),
            Some(
                format!(
                    "`{verb}` is a command of the chess library, which this game does not use (game.yaml: libraries)"
                )
                .as_str()
            ),
        );
    }
    assert!(answers[4].get("error").as_str().unwrap_or_default().starts_with("unknown command `frobnicate`"));
}

/// `key KEY` is offered (help lists it) and presses a key as the window
/// does; an unknown key is an error that lists the keys.
#[test]
fn key_is_offered_and_presses_a_key() {
    let out = drive(&[], "help\nkey Escape\nkey F13\nwait 1\ninputs\n");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<Json> = stdout.lines().map(|l| common::parse_json(l).unwrap()).collect();
    let help = answers[0].get("help").as_str().unwrap();
    assert!(help.contains("key KEY") && help.contains("wait SECONDS"), "help lists key and wait: {help}");
    assert_eq!(answers[1].get("key").as_str(), Some("Escape"), "{}", answers[1]);
    assert_eq!(answers[1].get("commands").as_array().len(), 1, "Escape is the Command Cancel: {}", answers[1]);
    let error = answers[2].get("error").as_str().unwrap_or_else(|| panic!("an error: {}", answers[2]));
    assert!(error.contains("unknown key `F13`") && error.contains("Escape"), "{error}");
    assert_eq!(answers[3].get("waited"), &Json::Num(1.0), "{}", answers[3]);
    assert_eq!(answers[4].get("inputs").get("Default"), &Json::Bool(true), "{}", answers[4]);
}

/// `wait SECONDS` moves the game's clock (help lists it), refuses what is no
/// time; `--reduced-motion` sets `$prefersReducedMotion` before the game
/// starts, and it stays after a Restart and a load.
#[test]
fn wait_moves_the_clock_and_reduced_motion_is_the_systems() {
    let input = "help\nwait 0.5\nwait -1\nwait soon\nwait 3601\nglobal beats\nglobal prefersReducedMotion\n";
    let out = drive(&["tests/fixtures/clock"], input);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<Json> = stdout.lines().map(|l| common::parse_json(l).unwrap()).collect();
    assert_eq!(answers.len(), 7, "{stdout}");
    assert!(answers[0].get("help").as_str().unwrap().contains("| wait SECONDS"), "{}", answers[0]);
    assert_eq!(answers[1].get("waited"), &Json::Num(0.5), "{}", answers[1]);
    for answer in &answers[2..5] {
        let error = answer.get("error").as_str().unwrap_or_else(|| panic!("an error: {answer}"));
        assert!(error.starts_with("`wait` takes a number of seconds from 0 to 3600"), "{error}");
    }
    assert_eq!(answers[5].get("value"), &Json::Num(1.0), "{}", answers[5]);
    assert_eq!(answers[6].get("value"), &Json::Bool(false), "{}", answers[6]);

    // A game saved where the system asked for nothing, loaded where it asks for less motion.
    let data = common::TempDir::new("reduced-motion");
    let data_arg = data.dir.to_string_lossy().to_string();
    let out = drive(&["tests/fixtures/clock", "--data-dir", &data_arg], "save s\n");
    assert!(String::from_utf8_lossy(&out.stdout).contains("saved"), "{}", String::from_utf8_lossy(&out.stdout));
    let input = "global reducedAtStart\nglobal prefersReducedMotion\nload s\nglobal prefersReducedMotion\n";
    let out = drive(&["tests/fixtures/clock", "--reduced-motion", "--data-dir", &data_arg], input);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<Json> = stdout.lines().map(|l| common::parse_json(l).unwrap()).collect();
    assert_eq!(answers.len(), 4, "{stdout}");
    assert_eq!(answers[2].get("loaded").as_str(), Some("s"), "{}", answers[2]);
    for i in [0, 1, 3] {
        assert_eq!(answers[i].get("value"), &Json::Bool(true), "{}", answers[i]);
    }
}

/// `objects` shows what is shown (a grouped Object's `group` and `shown`, a
/// sprite's `image` and `scaleX`/`scaleY` once changed, the Logic Components
/// switched `off`), and `press` refuses a button that an open menu holds.
#[test]
fn objects_and_press_show_menus_switches_and_looks() {
    let input = "objects Picture\nobjects \"Large Option\"\npress Options\npress Switch\npress Large\n\
                 objects Picture\nobjects \"Large Option\"\npress Close\npress Switch\nobjects Board\n";
    let out = drive(&["tests/fixtures/panels"], input);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 10, "{stdout}");
    let answers: Vec<Json> =
        lines.iter().map(|l| common::parse_json(l).unwrap_or_else(|e| panic!("{l}: {e}"))).collect();
    let first = |a: &Json| a.get("objects").as_array().first().cloned().unwrap_or(Json::Null);
    assert_eq!(keys(&first(&answers[0])), ["name", "type", "x", "y", "frame", "alpha", "tint", "visible"]);
    assert_eq!(first(&answers[1]).get("shown"), &Json::Bool(false), "{}", lines[1]);
    assert_eq!(first(&answers[1]).get("group").as_str(), Some("Options"));
    assert_eq!(answers[2].to_string(), r#"{"pressed":"Options"}"#);
    let refused = answers[3].get("error").as_str().unwrap_or_default();
    assert!(refused.contains("the open menu (Options), which holds the game"), "{}", lines[3]);
    let picture = first(&answers[5]);
    assert_eq!(picture.get("image").as_str(), Some("art/look-large.png"), "{}", lines[5]);
    assert_eq!((picture.get("scaleX"), picture.get("scaleY")), (&Json::Num(1.5), &Json::Num(1.5)));
    assert_eq!(first(&answers[6]).get("shown"), &Json::Bool(true), "{}", lines[6]);
    assert_eq!(first(&answers[9]).get("off").to_string(), r#"["Board Click"]"#, "{}", lines[9]);
}

/// `$prefersReducedMotion` is the system's: a Restart Game begins the World
/// again with it as the system said, not as the game starts.
#[test]
fn reduced_motion_stays_over_a_restart() {
    use cardtable_runtime::host::driver::Driver;
    let dir = common::root().join("tests/fixtures/clock");
    let game = std::sync::Arc::new(common::load::load(&dir).expect("the clock fixture loads").game);
    let store = std::rc::Rc::new(cardtable_runtime::save::Store::memory());
    let mut driver = Driver::with_system(game, store, true);
    driver.command("wait 0.5");
    driver.world.restart();
    assert_eq!(driver.command("global prefersReducedMotion").get("value"), &Json::Bool(true));
    assert_eq!(driver.command("global reducedAtStart").get("value"), &Json::Bool(true));
    assert_eq!(driver.command("global beats").get("value"), &Json::Num(0.0), "the World began again");
}

/// Every argument of the driver is bounded, and a command past a bound is
/// an error that names it, answered at once: no command grows the memory
/// without end (snapshots), blocks for hours (`bestmove`), or is
/// acknowledged and then fails on the disk (a slot's name too long in bytes).
#[test]
fn drive_bounds_each_argument_and_names_the_bound() {
    let data = common::TempDir::new("drive-bounds");
    let data_arg = data.dir.to_string_lossy().to_string();
    let mut input: String = (1..=64).map(|n| format!("snapshot s{n}\n")).collect();
    let (long, longest) = ("𝐀".repeat(64), "𝐀".repeat(50));
    input.push_str(&format!(
        "snapshot s65\nsnapshot s64\ndrop s1\nsnapshot s65\ndrop s1\nrestore s1\nrestore s65\nsnapshot {}\n\
         save {long}\nsave {longest}\nenginebestmove 99999999999999\nenginebestmove movetime 10001\nenginebestmove depth 100\n\
         enginebestmove depth 1\n",
        "x".repeat(65)
    ));
    let out = drive(&["--data-dir", &data_arg], &input);
    let saved = data.path("saves").join(format!("{longest}.yaml")).is_file();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<Json> = stdout.lines().map(|l| common::parse_json(l).unwrap()).collect();
    assert_eq!(answers.len(), 64 + 14, "{stdout}");
    assert!(answers[..64].iter().all(|a| !a.is_error()), "{stdout}");
    let error =
        |i: usize| answers[64 + i].get("error").as_str().unwrap_or_else(|| panic!("an error: {}", answers[64 + i]));
    let fine = |i: usize| assert!(!answers[64 + i].is_error(), "{}", answers[64 + i]);
    assert!(error(0).starts_with("64 snapshots are kept already, the most the driver keeps: `drop N`"), "{}", error(0));
    fine(1); // an old name taken again
    assert_eq!(answers[66].get("dropped").as_str(), Some("s1"));
    fine(3);
    assert_eq!(error(4), "no snapshot named `s1`");
    assert_eq!(error(5), "no snapshot named `s1`");
    assert_eq!(answers[70].get("restored").as_str(), Some("s65"));
    assert!(error(7).starts_with("a snapshot's name is 1 to 64 characters"), "{}", error(7));
    assert!(error(8).contains("at most 200 bytes in UTF-8"), "{}", error(8));
    assert_eq!(answers[73].get("saved").as_str(), Some(longest.as_str()), "{}", answers[73]);
    assert!(saved, "the 200-byte slot's file is on the disk");
    assert_eq!(error(10), "`enginebestmove` thinks at most 10000 ms, found 99999999999999");
    assert_eq!(error(11), "`enginebestmove` thinks at most 10000 ms, found 10001");
    assert_eq!(error(12), "`depth` is 1 to 64, found 100");
    fine(13);
    assert!(String::from_utf8_lossy(&out.stderr).is_empty(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// A line longer than a mebibyte is answered with an error that names the
/// bound and is not kept whole (nor run); the lines after it are read.
#[test]
fn drive_refuses_a_line_longer_than_its_bound() {
    let mut input = format!("eval '{}'\n", "a".repeat(3 << 20)).into_bytes();
    input.extend(format!("eval '{}'\nstate\n", "b".repeat(1000)).bytes());
    let out = drive_bytes(&[], &input);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<Json> = stdout.lines().map(|l| common::parse_json(l).unwrap()).collect();
    assert_eq!(answers.len(), 3, "{}", &stdout[..stdout.len().min(500)]);
    assert_eq!(
        answers[0].get("error").as_str(),
        Some("line 1 is longer than 1048576 bytes, the most a line takes; it was not run")
    );
    assert_eq!(answers[1].get("value").as_str().map(str::len), Some(1000), "the next line is read");
    assert_eq!(answers[2].get("state").as_str(), Some("Playing"));
}

/// `--seed N` seeds the cards' `random(n)` before the game starts: Chess960
/// (content/variants/fischerandom) draws the same start with it as with
/// the driver's `seed N` and a new game, and 0 without it.
#[test]
fn seed_on_the_command_line_is_the_drivers_seed_before_the_start() {
    let folder = "content/variants/fischerandom";
    let fen_of = |out: Output| {
        let stdout = String::from_utf8(out.stdout).unwrap();
        let last = stdout.lines().last().map(|l| common::parse_json(l).unwrap()).expect("an answer");
        last.get("fen").as_str().expect("a fen").to_string()
    };
    let seeded = fen_of(drive(&[folder, "--seed", "5"], "fen\n"));
    assert_eq!(seeded, "nqrkbbnr/pppppppp/8/8/8/8/PPPPPPPP/NQRKBBNR w HChc - 0 1");
    assert_eq!(fen_of(drive(&[folder], "seed 5\npress New Game\npress Play\nfen\n")), seeded);
    assert_eq!(fen_of(drive(&[folder], "fen\n")), "nrnkqrbb/pppppppp/8/8/8/8/PPPPPPPP/NRNKQRBB w FBfb - 0 1");
    let refused = drive(&[folder, "--seed", "five"], "fen\n");
    assert!(!refused.status.success(), "--seed takes a whole number");
}
