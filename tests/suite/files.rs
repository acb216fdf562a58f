//! Files that are not what they seem, through the real binary: a named pipe
//! (FIFO) or a link to `/dev/zero` where a file of the data folder, of the
//! content or a PGN should be, a file far too large, YAML nested deeper than
//! any parser should follow. Each is refused in words that name the file
//! (content: in `check`'s list; a save or the kept values: moved aside with
//! a notice), and nothing hangs: a test that hung before simply finishes now.
//!
//! And one data folder, one writer: a second process on a data folder that
//! another uses plays without keeping anything, and says so. A save that
//! cannot be written, over the file-size limit (`ulimit -f`) or on a full
//! disk (a small tmpfs), is a notice: the last good save stays, no `.new`.

#![cfg(unix)] // named pipes and links to devices

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use cardtable_runtime::json::Json;
use common::{TempContent, TempDir};

/// The small game of tests/suite/saves.rs: it saves, loads and keeps values.
fn fixture() -> PathBuf {
    common::root().join("tests/fixtures/saves")
}

/// An empty data folder of its own with its `saves/` folder, removed when dropped.
fn data_folder(label: &str) -> TempDir {
    let dir = TempDir::new(label);
    std::fs::create_dir_all(dir.path("saves")).expect("make the saves folder");
    dir
}

/// A named pipe at `path`, made by the `mkfifo` program.
fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().expect("run mkfifo");
    assert!(status.success(), "mkfifo {}", path.display());
}

/// `cardtable check CONTENT [--data-dir DATA]`.
fn check(content: &Path, data: Option<&Path>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_cardtable"));
    command.arg("check").arg(content);
    if let Some(data) = data {
        command.arg("--data-dir").arg(data);
    }
    command.output().expect("run cardtable check")
}

/// The notices of an answer.
fn notices(answer: &Json) -> Vec<String> {
    answer.get("notices").as_array().iter().filter_map(|n| n.as_str().map(str::to_string)).collect()
}

/// The kept values are moved aside with a notice that says why, and the game
/// starts with none and keeps a new value.
fn values_moved_aside(data: &TempDir, why: &str) {
    let shown = data.path("values.yaml").display().to_string();
    moved_aside_saying(data, &format!("{shown}: {why}"));
}

/// [`values_moved_aside`], the notice holding `words`.
fn moved_aside_saying(data: &TempDir, words: &str) {
    let (answers, _) =
        common::drive_in(&data.dir, &fixture(), "call Kept Side\ncall Keep Side side='Black'\ncall Kept Side\n");
    let notices = notices(&answers[0]);
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(notices[0].starts_with("The settings kept on this computer could not be read ("), "{}", notices[0]);
    assert!(notices[0].contains(words), "{}", notices[0]);
    assert!(notices[0].contains("moved aside to"), "{}", notices[0]);
    assert_eq!(answers[0].get("value").as_str(), Some("White"), "the default");
    assert_eq!(answers[2].get("value").as_str(), Some("Black"), "kept again");
    let files = data.files("");
    assert!(files.contains(&"values.yaml".to_string()), "{files:?}");
    assert!(files.iter().any(|f| f.starts_with("values.yaml.bad-")), "{files:?}");
}

#[test]
fn a_fifo_as_the_kept_values_is_moved_aside_by_drive_and_listed_by_check() {
    let data = data_folder("fifo-values");
    mkfifo(&data.path("values.yaml"));
    let out = check(&fixture(), Some(&data.dir));
    assert!(!out.status.success());
    let told = String::from_utf8_lossy(&out.stderr);
    let line = format!("  {}: it is a named pipe (FIFO), not a regular file\n", data.path("values.yaml").display());
    assert!(told.contains(&line), "{told}");
    assert!(data.files("").contains(&"values.yaml".to_string()), "check moves nothing");
    values_moved_aside(&data, "it is a named pipe (FIFO), not a regular file");
}

#[test]
fn a_link_to_dev_zero_as_the_kept_values_is_refused() {
    let data = data_folder("zero-values");
    std::os::unix::fs::symlink("/dev/zero", data.path("values.yaml")).unwrap();
    values_moved_aside(&data, "it is a device, not a regular file");
}

/// 400,000 `[`: the YAML parser took minutes on this (its time grows with
/// the square of the depth), and now it is never asked.
#[test]
fn kept_values_nested_too_deep_are_refused_before_they_are_parsed() {
    let data = data_folder("deep-values");
    std::fs::write(data.path("values.yaml"), format!("format: 1\nvalues: {}\n", "[".repeat(400_000))).unwrap();
    moved_aside_saying(
        &data,
        "(the file is not a values file (line 2, column 137: `[` and `{` nest more than 128 deep))",
    );
    let bad = data.files("").into_iter().find(|f| f.starts_with("values.yaml.bad-")).unwrap();
    assert_eq!(std::fs::metadata(data.path(&bad)).unwrap().len(), 400_019, "its bytes kept");
}

#[test]
fn a_fifo_or_a_deep_nest_as_a_save_slot_is_moved_aside_by_load() {
    let deep = format!("format: 1\ngame: Saves\nworld: {}\n", "{a: ".repeat(300_000));
    let cases: [(&str, Option<&str>, &str); 3] = [
        ("fifo", None, "it is a named pipe (FIFO), not a regular file"),
        ("deep", Some(&deep), "the file is not a save (line 3, column 520: `[` and `{` nest more than 128 deep)"),
        ("zero", Some("/dev/zero"), "it is a device, not a regular file"),
    ];
    for (label, bytes, why) in cases {
        let data = data_folder(label);
        let slot = data.path("saves/s1.yaml");
        match bytes {
            None => mkfifo(&slot),
            Some("/dev/zero") => std::os::unix::fs::symlink("/dev/zero", &slot).unwrap(),
            Some(text) => std::fs::write(&slot, text).unwrap(),
        }
        let (answers, _) = common::drive_in(&data.dir, &fixture(), "load s1\ncall Bump\nglobal count\n");
        let error = answers[0].get("error").as_str().unwrap_or_default();
        assert!(error.starts_with("no game was loaded: ") && error.contains(why), "{label}: {}", answers[0]);
        let notices = notices(&answers[0]);
        assert!(
            notices.len() == 1 && notices[0].starts_with("The saved game `s1` could not be loaded: "),
            "{notices:?}"
        );
        assert!(notices[0].contains("moved aside to"), "{label}: {notices:?}");
        assert_eq!(answers[2].to_string(), r#"{"global":"count","value":1}"#, "{label}: plays on");
        let files = data.files("saves");
        assert!(files.iter().any(|f| f.starts_with("s1.yaml.bad-")), "{label}: {files:?}");
    }
}

/// `check` of a content folder whose table's rows are a FIFO, or far too
/// large: the mistake names the file, and nothing hangs or takes gigabytes.
#[test]
fn check_refuses_a_fifo_table_and_a_table_too_large_naming_the_file() {
    let content = TempContent::of(&fixture(), "fifo-table");
    std::fs::remove_file(content.path("tables/Log.csv")).unwrap();
    mkfifo(&content.path("tables/Log.csv"));
    let out = check(&content.dir, None);
    assert!(!out.status.success());
    let told = String::from_utf8_lossy(&out.stderr);
    let mistake = format!(
        "{}: error: cannot read the table's rows: it is a named pipe (FIFO), not a regular file\n",
        content.path("tables/Log.csv").display()
    );
    assert!(told.contains(&mistake), "{told}");

    // 17 MB of good rows: more than a table may be.
    let large = TempContent::chess("large-table");
    let mut file = std::fs::OpenOptions::new().append(true).open(large.path("tables/Words.csv")).unwrap();
    let mut size = large.read("tables/Words.csv").len();
    for n in 0.. {
        if size > 17 << 20 {
            break;
        }
        let row = format!("Extra Word {n},a text long enough to make the table grow quickly, row {n}\n");
        file.write_all(row.as_bytes()).unwrap();
        size += row.len();
    }
    drop(file);
    let size = std::fs::metadata(large.path("tables/Words.csv")).unwrap().len();
    assert!(size > 16 << 20, "{size}");
    let out = check(&large.dir, None);
    assert!(!out.status.success());
    let told = String::from_utf8_lossy(&out.stderr);
    let mistake = format!("{}: error: cannot read the table's rows: it is ", large.path("tables/Words.csv").display());
    assert!(told.contains(&mistake), "{told}");
    assert!(told.contains("MB, more than a table's rows may be (16 MB)"), "{told}");
}

#[test]
fn loadpgn_refuses_a_device_and_a_fifo() {
    let dir = data_folder("pgn");
    std::os::unix::fs::symlink("/dev/zero", dir.path("zero.pgn")).unwrap();
    mkfifo(&dir.path("fifo.pgn"));
    let input = format!(
        "loadpgn /dev/zero\nloadpgn {}\nloadpgn {}\nfen\n",
        dir.path("zero.pgn").display(),
        dir.path("fifo.pgn").display()
    );
    let (answers, _) = common::drive_in(&dir.dir, &common::chess_dir(), &input);
    assert_eq!(
        answers[0].get("error").as_str(),
        Some("cannot read the PGN file `/dev/zero`: it is a device, not a regular file")
    );
    let error = answers[1].get("error").as_str().unwrap_or_default();
    assert!(error.ends_with("zero.pgn`: it is a device, not a regular file"), "{error}");
    let error = answers[2].get("error").as_str().unwrap_or_default();
    assert!(error.ends_with("fifo.pgn`: it is a named pipe (FIFO), not a regular file"), "{error}");
    assert_eq!(answers[3].get("fen").as_str(), Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
}

/// Two `drive` processes on one data folder: the first keeps it; the
/// second says (in its first answer and on stderr) that it keeps nothing,
/// plays with the first's settings, and its own settings and saves never
/// reach the folder. Before, the second's setting overwrote the first's.
#[test]
fn a_second_process_on_a_data_folder_keeps_nothing_and_says_so() {
    use std::io::{BufRead, BufReader};
    let data = data_folder("two");
    let mut first = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .args(["drive", "--data-dir"])
        .arg(&data.dir)
        .arg(fixture())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the first drive");
    let mut to_first = first.stdin.take().unwrap();
    let mut from_first = BufReader::new(first.stdout.take().unwrap());
    let mut answer = |line: &str| {
        writeln!(to_first, "{line}").unwrap();
        let mut text = String::new();
        from_first.read_line(&mut text).unwrap();
        common::parse_json(text.trim()).unwrap()
    };
    assert_eq!(answer("call Keep Side side='Black'").to_string(), r#"{"value":true}"#);
    // The driver's save answers once its file is written; the setting, handed to the writer before it, is too.
    assert_eq!(answer("call Bump").to_string(), r#"{"called":"Bump"}"#);
    assert_eq!(answer("save auto").to_string(), r#"{"saved":"auto"}"#);

    let (second, stderr) =
        common::drive_in(&data.dir, &fixture(), "call Kept Side\ncall Keep Side side='White'\ncall Kept Side\ncall Bump\ncall Bump\nsave auto\nload auto\nglobal count\n");
    let why = format!("Another Cardtable is using the data folder {}", data.dir.display());
    assert!(notices(&second[0]).iter().any(|n| n.starts_with(&why)), "{}", second[0]);
    assert!(stderr.contains(&format!("notice: {why}")), "{stderr}");
    assert_eq!(second[0].get("value").as_str(), Some("Black"), "the first's setting, seen");
    assert_eq!(second[2].get("value").as_str(), Some("White"), "its own, while it plays");
    assert_eq!(second[5].to_string(), r#"{"saved":"auto"}"#);
    assert_eq!(second[7].to_string(), r#"{"global":"count","value":2}"#, "its own save, in memory");

    // `check` only reads: it needs no lock, and finds the folder fine while the first holds it.
    let checked = check(&fixture(), Some(&data.dir));
    assert!(checked.status.success(), "{}", String::from_utf8_lossy(&checked.stderr));

    // The first plays on, its files as it left them.
    assert_eq!(answer("call Kept Side").get("value").as_str(), Some("Black"));
    drop(to_first);
    assert!(first.wait().unwrap().success());
    let (third, _) = common::drive_in(&data.dir, &fixture(), "call Kept Side\nload auto\nglobal count\n");
    assert_eq!(third[0].to_string(), r#"{"value":"Black"}"#, "the first's setting survived");
    assert_eq!(third[2].to_string(), r#"{"global":"count","value":1}"#, "the first's save survived");
}

/// A `*.yaml.new` a killed write left is listed by `check --data-dir` (which
/// touches nothing, and needs no lock), and removed as the game opens the folder.
#[test]
fn a_leftover_new_file_is_listed_by_check_and_removed_at_start() {
    let data = data_folder("leftover");
    std::fs::write(data.path("saves/auto.yaml.new"), "format: 1\ngame: Sa").unwrap();
    std::fs::write(data.path("values.yaml.new"), "").unwrap();
    let out = check(&fixture(), Some(&data.dir));
    assert!(!out.status.success());
    let told = String::from_utf8_lossy(&out.stderr);
    for name in ["saves/auto.yaml.new", "values.yaml.new"] {
        let line = format!(
            "  {}: a write cut short left it (the game removes it as it next opens the folder)\n",
            data.path(name).display()
        );
        assert!(told.contains(&line), "{told}");
    }
    assert!(data.path("saves/auto.yaml.new").exists(), "check moves nothing");
    let (answers, _) = common::drive_in(&data.dir, &fixture(), "state\n");
    assert!(notices(&answers[0]).is_empty(), "{}", answers[0]);
    assert!(data.files("saves").is_empty(), "{:?}", data.files("saves"));
    assert!(!data.path("values.yaml.new").exists());
    assert!(check(&fixture(), Some(&data.dir)).status.success());
}

/// A PNG whose header says it is 100,000 pixels on a side (40 GB once
/// decoded, in a file of 33 bytes): `check` refuses it where a sprite names
/// it, and only warns of one no sprite names.
#[test]
fn a_picture_too_large_to_decode_is_a_mistake_where_it_is_named() {
    let content = TempContent::chess("huge-png");
    let mut png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR".to_vec();
    png.extend(100_000u32.to_be_bytes());
    png.extend(100_000u32.to_be_bytes());
    png.extend([8, 6, 0, 0, 0, 0, 0, 0, 0]);
    common::write_own(&content.path("art/square.png"), &png);
    common::write_own(&content.path("art/huge-too.png"), &png);
    let out = check(&content.dir, None);
    assert!(!out.status.success());
    let told = String::from_utf8_lossy(&out.stderr);
    let mistake = format!(
        "{}/objects/Square.yaml:6:10: error: the picture `art/square.png` is 100000 x 100000 pixels; a picture may be at \
         most 8192 pixels on a side",
        content.dir.display()
    );
    assert!(told.contains(&mistake), "{told}");
    let errors = told.matches("error: the picture `art/square.png` is 100000 x 100000 pixels").count();
    assert_eq!(
        errors, 7,
        "Square, Promotion Tile, Hint Message, Move List Panel, Listed White and Black Move, Browsing Note: {told}"
    );
    let warning = format!("{}/art/huge-too.png: warning: this picture is 100000 x 100000", content.dir.display());
    assert!(told.contains(&warning), "{told}");
}

/// Four moves of the chess game: its save grows past the one made at its start.
const FOUR_MOVES: &str = "click e2\nclick e4\nclick e7\nclick e5\nclick g1\nclick f3\nclick b8\nclick c6\n";

/// The bytes of the chess game's save at its start (`save kept`, in a data
/// folder of its own), and of every file the run wrote (the content saves
/// the slot `auto` itself as it starts).
fn size_of_a_save_at_the_start() -> (u64, u64) {
    let data = data_folder("save-size");
    let (answers, _) = common::drive_in(&data.dir, &common::chess_dir(), "save kept\n");
    assert_eq!(answers[0].to_string(), r#"{"saved":"kept"}"#);
    let size = |rel: &str| std::fs::metadata(data.path(rel)).map_or(0, |m| m.len());
    let all = data.files("saves").iter().map(|f| size(&format!("saves/{f}"))).sum::<u64>() + size("values.yaml");
    (size("saves/kept.yaml"), all)
}

/// The save at the start written, four moves played (each Turn's save of
/// the slot `auto` fails), the slot saved again (which fails), then loaded
/// and saved once more: the process ends normally, the saves that failed
/// are told (the driver's `save` in its answer, the Turn's as a notice),
/// the first save is still there and loads, and no `.new` file is left.
fn a_save_that_cannot_be_written_is_told(data: &Path, prefix: &str, reason: &str) {
    let input = format!("save kept\n{FOUR_MOVES}save kept\nload kept\nfen\n");
    let out = common::drive_output(prefix, data, &common::chess_dir(), &input);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "drive exited {:?} (SIGXFSZ must not end it):\n{stderr}", out.status);
    let answers: Vec<Json> = String::from_utf8(out.stdout)
        .expect("UTF-8 output")
        .lines()
        .map(|l| common::parse_json(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    assert_eq!(answers.len(), 12, "{answers:?}");
    assert_eq!(answers[0].to_string(), r#"{"saved":"kept"}"#);
    // The Turns' failure is told on a command after it: a move's, the save's, or (when
    // the writer's thread was slower than the moves) the load's, since the save of
    // `kept` waits for the jobs handed over before it. (The fen's answer may tell the
    // loaded game's own save failing again, on a disk still full.)
    let told: Vec<String> = answers[1..11].iter().flat_map(notices).collect();
    assert_eq!(
        told.len(),
        1,
        "the Turns' failed saves, told once: {told:?} in {}",
        answers.iter().map(Json::to_string).collect::<Vec<_>>().join("\n")
    );
    assert!(told[0].starts_with("The game could not be saved ("), "{told:?}");
    assert!(told[0].contains("saves/auto.yaml") && told[0].contains(reason), "{told:?}");
    let error = answers[9].get("error").as_str().unwrap_or_default();
    assert!(error.starts_with("the game was not saved: The game could not be saved ("), "{}", answers[9]);
    assert!(error.contains("saves/kept.yaml") && error.contains(reason), "{error}");
    assert_eq!(answers[10].get("loaded").as_str(), Some("kept"), "the last good save stays");
    assert_eq!(answers[11].get("fen").as_str(), Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    let saves = std::fs::read_dir(data.join("saves"))
        .expect("the saves folder")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect::<Vec<_>>();
    // The slot `auto` holds the save of a Turn that could still be written.
    assert!(
        saves.iter().all(|f| ["kept.yaml", "auto.yaml"].contains(&f.as_str())),
        "no `.new` file is left: {saves:?}"
    );
    assert!(!data.join("values.yaml.new").exists());
}

/// Under a file-size limit (`ulimit -f`) smaller than a save: SIGXFSZ is
/// ignored, the write fails (EFBIG), and that is a notice.
#[test]
fn a_save_over_the_file_size_limit_is_a_notice_and_the_last_good_save_stays() {
    let (start, _) = size_of_a_save_at_the_start();
    let data = data_folder("file-size-limit");
    // `sh`'s `ulimit -f` counts blocks of 512 bytes: room for the first save, not the one after four moves.
    let blocks = start / 512 + 4;
    a_save_that_cannot_be_written_is_told(&data.dir, &format!("ulimit -f {blocks}"), "File too large");
}

/// A tmpfs mounted on a folder, unmounted when dropped.
struct Mounted(PathBuf);

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

/// On a full disk (a small tmpfs, mounted when the tests run as root, as
/// under CI; skipped, and said, otherwise): the write fails (ENOSPC), and
/// that is a notice; the partial files are removed, and the space with them.
#[test]
fn a_save_on_a_full_disk_is_a_notice_and_leaves_no_partial_file() {
    let root = Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.trim_ascii() == b"0");
    if !root {
        let _ = writeln!(std::io::stderr(), "\nfull-disk test SKIPPED: mounting a tmpfs needs root");
        return;
    }
    let (_, all) = size_of_a_save_at_the_start();
    let data = TempDir::new("full-disk");
    // Room for the first saves and 64 KiB: not for the save after four moves beside them.
    let size = format!("size={}", all + 65536);
    let mounted = Command::new("mount").args(["-t", "tmpfs", "-o", &size, "tmpfs"]).arg(&data.dir).status();
    if !mounted.is_ok_and(|s| s.success()) {
        let _ = writeln!(std::io::stderr(), "\nfull-disk test SKIPPED: a tmpfs could not be mounted here");
        return;
    }
    let _mount = Mounted(data.dir.clone());
    a_save_that_cannot_be_written_is_told(&data.dir, "true", "No space left on device");
}
