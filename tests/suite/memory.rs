//! Memory: game.yaml's `limits:` bound what the cards may make (a Text's
//! length, the Texts made while playing, the tables' cells, the Objects,
//! the depth of calls), each bound passed a fault that names the card and
//! the step while the game goes on. So the real binary's `drive` and
//! `check` of content whose cards grow without end (tests/fixtures/memory:
//! a Text doubled in a Repeat, in a recursion, through a table's cell and
//! through a text's holes; rows, Texts and Objects made for ever; calls
//! for ever) end normally under a ceiling of memory, `CEILING_KB`. The
//! same faults on each path (the interpreter, the machine code, the tree
//! walker) are language cases (tests/language.cases, under the language
//! fixture's smaller limits).

use crate::common::{self, parse_json, TempContent, TempDir};

use cardtable_runtime::json::Json;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The ceiling of memory, 1 GB, in kB as /proc/PID/status counts.
const CEILING_KB: u64 = 1_000_000;

fn fixture() -> PathBuf {
    common::root().join("tests/fixtures/memory")
}

/// A copy of the fixture whose Game Start runs every way of growing.
fn growing() -> TempContent {
    let copy = TempContent::of(&fixture(), "memory-grow");
    copy.replace_once("game.yaml", "grow: { type: Boolean, value: false", "grow: { type: Boolean, value: true");
    copy
}

/// One of the process's memory lines of /proc/PID/status (`VmHWM`, the
/// most it held in memory; `VmPeak`, the most it mapped), in kB.
fn status_kb(pid: u32, key: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("read /proc/PID/status");
    let line = status.lines().find(|l| l.starts_with(&format!("{key}:"))).unwrap_or_else(|| panic!("no {key}"));
    line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{line}"))
}

/// The real `cardtable drive` of `content`, fed `commands` one at a time,
/// each answer read before the next; then, while the process still runs,
/// its peak memory (`VmHWM`, kB); then its input ends and it must end
/// normally. The answers and the peak.
fn drive_measured(content: &Path, commands: &[&str]) -> (Vec<Json>, u64) {
    let data = TempDir::new("memory-data");
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .arg("drive")
        .arg("--data-dir")
        .arg(&data.dir)
        .arg(content)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start cardtable drive");
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut answers = Vec::new();
    for command in commands {
        writeln!(input, "{command}").expect("write a command");
        input.flush().expect("flush the command");
        let mut line = String::new();
        output.read_line(&mut line).expect("read an answer");
        assert!(!line.is_empty(), "drive ended before answering `{command}`");
        answers.push(parse_json(line.trim_end()).unwrap_or_else(|e| panic!("not JSON ({e}): {line}")));
    }
    let peak = status_kb(child.id(), "VmHWM");
    drop(input);
    let out = child.wait_with_output().expect("cardtable drive ends");
    assert!(out.status.success(), "drive exited {:?}:\n{}", out.status, String::from_utf8_lossy(&out.stderr));
    (answers, peak)
}

/// The fault or error an answer carries.
fn error_of(answer: &Json) -> String {
    answer.get("error").as_str().unwrap_or_else(|| panic!("an error: {answer}")).to_string()
}

/// What each card of the fixture faults with, under the defaults, as the
/// driver's `call` answers it and as Game Start's handlers keep it.
const TEXT: &str = "a Text would be longer than 1048576 bytes (game.yaml's `limits: text`)";
const CELLS: &str = "a row of `Log` would take the tables past 1000000 cells (game.yaml's `limits: cells`)";
const TEXTS: &str = "the Texts made while playing would take more than 268435456 bytes (game.yaml's `limits: texts`)";

#[test]
fn every_way_of_growing_at_game_start_is_a_fault_and_drive_stays_under_the_ceiling() {
    let copy = growing();
    let (answers, peak) = drive_measured(&copy.dir, &["faults", "eval 1 + 1", "table Log"]);
    eprintln!("drive, every way of growing at Game Start: VmHWM {peak} kB");
    let faults: Vec<String> =
        answers[0].get("faults").as_array().iter().map(|f| f.as_str().unwrap_or_default().to_string()).collect();
    let expected = [
        format!("Double Text, step 3 (logic/Double Text.yaml:12): {TEXT}"),
        format!("Double Deep, step 1 (logic/Double Deep.yaml:7): {TEXT}"),
        format!("Double Cell, step 4 (logic/Double Cell.yaml:13): {TEXT}"),
        format!("Read Twice (growTemplate), step 2 (logic/Read Twice.yaml:8): {TEXT}"),
        format!("Add Rows, step 3 (logic/Add Rows.yaml:8): {CELLS}"),
        "Grow (growObjects), step 2 (logic/Grow.yaml:46): there would be more than 100000 Objects (game.yaml's `limits: objects`)".to_string(),
        format!("Make Texts, step 4 (logic/Make Texts.yaml:10): {TEXTS}"),
        "Call Deep, step 1 (logic/Call Deep.yaml:7): Events and calls nested more than 200 deep".to_string(),
    ];
    assert_eq!(faults, expected);
    // The game goes on.
    assert_eq!(answers[1].get("value").to_string(), "2");
    assert!(peak < CEILING_KB, "drive held {peak} kB at its peak, more than {CEILING_KB}");
}

#[test]
fn every_growing_card_called_is_a_fault_and_drive_stays_under_the_ceiling() {
    let commands = [
        "call Double Text times=20",
        "call Double Text times=64",
        "call Double Deep s='x'",
        "call Double Cell",
        "call Call Deep s='x'",
        "call Add Rows",
        "call Make Texts",
        "eval 1 + 1",
    ];
    let (answers, peak) = drive_measured(&fixture(), &commands);
    eprintln!("drive, every growing card called: VmHWM {peak} kB");
    // A Text of 1 MiB is within the bound; one of 2 MiB is past it.
    assert_eq!(answers[0].get("value").as_str().map(str::len), Some(1 << 20));
    let errors: Vec<String> = answers[1..7].iter().map(error_of).collect();
    let expected = [
        format!("Double Text, step 3 (logic/Double Text.yaml:12): {TEXT}"),
        format!("Double Deep, step 1 (logic/Double Deep.yaml:7): {TEXT}"),
        format!("Double Cell, step 4 (logic/Double Cell.yaml:13): {TEXT}"),
        "Call Deep, step 1 (logic/Call Deep.yaml:7): Events and calls nested more than 200 deep".to_string(),
        format!("Add Rows, step 3 (logic/Add Rows.yaml:8): {CELLS}"),
        format!("Make Texts, step 4 (logic/Make Texts.yaml:10): {TEXTS}"),
    ];
    for (error, expected) in errors.iter().zip(expected) {
        assert!(error.contains(&expected), "{error}\nshould hold\n{expected}");
    }
    assert_eq!(answers[7].get("value").to_string(), "2");
    assert!(peak < CEILING_KB, "drive held {peak} kB at its peak, more than {CEILING_KB}");
}

#[test]
fn check_of_every_way_of_growing_ends_normally_under_a_memory_limit() {
    // `check` runs Game Start and ends: it is held to the ceiling by the
    // system (`ulimit -v`, the address space, which is more than the
    // memory held), and must end with its report, not be killed.
    let copy = growing();
    let script = format!("ulimit -v {CEILING_KB}; exec \"$0\" check \"$1\"");
    let out = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_cardtable"))
        .arg(&copy.dir)
        .output()
        .expect("run cardtable check");
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.code().is_some(), "check was killed ({:?}):\n{said}", out.status);
    for fault in ["limits: text", "limits: cells", "limits: texts", "limits: objects", "nested more than 200 deep"] {
        assert!(said.contains(fault), "check should report `{fault}`:\n{said}");
    }
}

#[test]
fn the_fixture_checks_clean_and_a_limit_is_a_whole_number_up_to_its_default() {
    let copy = TempContent::of(&fixture(), "memory-limits");
    let load = |copy: &TempContent| common::load::load(&copy.dir).map(|_| ()).map_err(|list| format!("{list:?}"));
    assert_eq!(load(&copy), Ok(()));
    copy.append("game.yaml", "limits: { text: 64, texts: 100000, cells: 1000, objects: 10, depth: 20, steps: 1000 }\n");
    assert_eq!(load(&copy), Ok(()));
    for (bad, why) in [
        ("depth: 201", "`limits: depth` must be a whole number from 1 to 200, found `201`"),
        ("text: 0", "`limits: text` must be a whole number from 1 to 1048576, found `0`"),
        ("cells: lots", "`limits: cells` must be a whole number from 1 to 1000000, found `lots`"),
        ("rows: 5", "unknown field `rows` in `limits`"),
    ] {
        let copy = TempContent::of(&fixture(), "memory-limits");
        copy.append("game.yaml", &format!("limits: {{ {bad} }}\n"));
        let err = load(&copy).expect_err(bad);
        assert!(err.contains(why), "{bad}: {err}");
    }
}

#[test]
fn a_game_may_set_lower_limits_and_each_is_the_fault_then() {
    // The driver in this process, on a copy whose game.yaml sets lower
    // bounds: each card stops at the game's own, the recursion on the
    // interpreter and then in its machine code (made after a few runs).
    let copy = TempContent::of(&fixture(), "memory-lower");
    copy.append("game.yaml", "limits: { depth: 20, text: 64, cells: 100, steps: 1000 }\n");
    let mut d = cardtable_runtime::host::driver::Driver::new(common::load_game(&copy.dir));
    let mut error = |command: &str| error_of(&d.command(command));
    for _ in 0..3 {
        assert_eq!(
            error("call Call Deep s='x'"),
            "Call Deep, step 1 (logic/Call Deep.yaml:7): Events and calls nested more than 20 deep"
        );
    }
    assert_eq!(
        error("call Double Text times=7"),
        "Double Text, step 3 (logic/Double Text.yaml:12): a Text would be longer than 64 bytes (game.yaml's `limits: text`)"
    );
    assert_eq!(
        error("call Add Rows"),
        "Add Rows, step 3 (logic/Add Rows.yaml:8): a row of `Log` would take the tables past 100 cells (game.yaml's `limits: cells`)"
    );
    assert!(error("call Make Texts").contains("stopped after too many steps for one input"));
    assert_eq!(d.command("call Double Text times=6").get("value").as_str().map(str::len), Some(64));
}

/// A step's bytes cost steps too (a Text made: a step for every 64 of its
/// bytes; the kept values written by `save value`: more, as YAML is slower
/// to make), so that the step budget bounds an input's time however large
/// its Texts: a While that makes the same Text of 64 KiB again and again
/// (no new Text kept, so `texts` never stops it), or keeps it with `save
/// value`, stops with the step budget's fault after a few turns of a
/// budget of 100,000 steps, not after 100,000 turns.
#[test]
fn a_text_made_or_kept_again_and_again_costs_its_bytes_in_steps() {
    let copy = TempContent::of(&fixture(), "memory-bytes");
    copy.append("game.yaml", "limits: { steps: 100000 }\n");
    let mut d = cardtable_runtime::host::driver::Driver::new(common::load_game(&copy.dir));
    let hint = "stopped after too many steps for one input (Texts of many bytes made or kept again and again?)";
    assert_eq!(
        error_of(&d.command("call Remake Text doublings=16")),
        format!("Remake Text, step 5 (logic/Remake Text.yaml:16): {hint}")
    );
    assert_eq!(
        error_of(&d.command("call Keep Text doublings=16")),
        format!("Keep Text, step 4 (logic/Keep Text.yaml:14): {hint}")
    );
    // The game goes on, and a Text of 32 bytes is made as before.
    assert_eq!(d.command("call Double Text times=5").get("value").as_str().map(str::len), Some(32));
    assert_eq!(d.command("eval 1 + 1").get("value").to_string(), "2");
}
