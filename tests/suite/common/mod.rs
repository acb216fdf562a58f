//! Helpers shared by the integration tests: where the chess content is, and
//! throw-away copies of it that a test may change.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::rc::Rc;

use cardtable_runtime::game::Game;
use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;

/// The runtime's loader, with the chess crate's libraries handed to the
/// runtime first, as the binary hands them at its start: a test loads
/// through these, never through `cardtable_runtime::load` itself.
pub mod load {
    use cardtable_runtime::load::Loaded;
    use cardtable_runtime::source::diag::Diagnostic;
    use cardtable_runtime::source::files::Files;
    use std::path::Path;

    pub use cardtable_chess::builtin;
    pub use cardtable_runtime::load::tables_reference;

    pub fn load(root: &Path) -> Result<Loaded, Vec<Diagnostic>> {
        cardtable_chess::install();
        cardtable_runtime::load::load(root)
    }

    pub fn load_files(files: Files) -> Result<Loaded, Vec<Diagnostic>> {
        cardtable_chess::install();
        cardtable_runtime::load::load_files(files)
    }

    pub fn load_files_in(files: Files, lang: Option<&str>) -> Result<Loaded, Vec<Diagnostic>> {
        cardtable_chess::install();
        cardtable_runtime::load::load_files_in(files, lang)
    }

    /// `cardtable check` of a folder (`host::check::check_with_data`).
    pub fn check_with_data(files: Files, data_dir: Option<&Path>) -> cardtable_runtime::host::check::CheckReport {
        cardtable_chess::install();
        cardtable_runtime::host::check::check_with_data(files, data_dir)
    }
}

/// The top of the checkout (the `cardtable` package).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The chess game of the book, as committed.
pub fn chess_dir() -> PathBuf {
    root().join("content/chess")
}

/// Every file under `dir`, as paths relative to it, `/`-separated.
pub fn files(dir: &Path) -> BTreeSet<String> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeSet<String>) {
        for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("read {}: {e}", dir.display())) {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let rel = path.strip_prefix(root).expect("under the root");
                out.insert(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(dir, dir, &mut out);
    out
}

/// Asserts that the folder `dir` is a game made over another (its game.yaml's
/// first line `extends: BASE`, then `game: TITLE` and, for a Board of another
/// size, its `screen:` and `pixelsPerMeter:` alone) that holds only what it
/// changes of content/chess: its README.md, game.yaml, each file of `edited`
/// (files of chess's) whole or, for a table, as its changes
/// (`tables/T.changes.csv`), and the files `own` that chess has not; none of
/// them a copy of chess's.
pub fn assert_holds_only_its_changes(dir: &Path, base: &str, title: &str, edited: &[&str], own: &[&str]) {
    let chess = chess_dir();
    let name = dir.strip_prefix(root()).unwrap_or(dir).display().to_string();
    let held = files(dir);
    for f in &held {
        let changes_of = f.strip_suffix(".changes.csv").map(|t| format!("{t}.csv"));
        let allowed = f == "README.md"
            || f == "game.yaml"
            || own.contains(&f.as_str())
            || edited.contains(&f.as_str())
            || changes_of.as_deref().is_some_and(|t| edited.contains(&t));
        assert!(allowed, "{name} holds {f}, which is not one of the files it changes");
        if let Ok(original) = std::fs::read(chess.join(f)) {
            assert_ne!(original, std::fs::read(dir.join(f)).expect("read"), "{name}: {f} is a copy of chess's");
        }
        if let Ok(original) = std::fs::read(dir.join(base).join(f)) {
            assert_ne!(original, std::fs::read(dir.join(f)).expect("read"), "{name}: {f} is a copy of its base's");
        }
    }
    for f in edited {
        let changes = f.strip_suffix(".csv").map(|t| format!("{t}.changes.csv"));
        let there = held.contains(*f) || changes.is_some_and(|c| held.contains(&c));
        assert!(there, "{name} changes {f}: it holds it, or its changes");
    }
    let game = std::fs::read_to_string(dir.join("game.yaml")).expect("game.yaml");
    let extends = format!("extends: {base}");
    assert_eq!(game.lines().next(), Some(extends.as_str()), "{name}: game.yaml extends its base");
    assert!(game.lines().any(|l| l == format!("game: {title}")), "{name}: game.yaml names it: {game}");
    assert!(
        game.lines()
            .skip(1)
            .all(|l| l.starts_with("game: ") || l.starts_with("screen: ") || l.starts_with("pixelsPerMeter: ")),
        "{name}: game.yaml changes its name and screen alone: {game}"
    );
}

/// How the table `table` of the game `game` differs from the game `base`'s,
/// as each driver reads it (`table TABLE`): each row of the base's it changes,
/// `NAME: column value, ...` (the cells that differ), each it removes,
/// `-NAME`, then each it adds, `+NAME: column value, ...` (every cell), in
/// the table's order. The rows both hold must be in the same order, the
/// added after them.
pub fn changed_rows(base: &mut Driver, game: &mut Driver, table: &str) -> Vec<String> {
    fn rows(d: &mut Driver, table: &str) -> Vec<(String, Vec<(String, String)>)> {
        let answer = ok(d, &format!("table {table}"));
        answer
            .get("rows")
            .as_array()
            .iter()
            .map(|row| {
                let Json::Obj(pairs) = row else { panic!("a row of {table}: {row}") };
                let cells = pairs
                    .iter()
                    .skip(1)
                    .map(|(c, v)| (c.clone(), v.as_str().map_or_else(|| v.to_string(), str::to_string)))
                    .collect();
                (row.get("name").as_str().expect("a row's name").to_string(), cells)
            })
            .collect()
    }
    let (theirs, ours) = (rows(base, table), rows(game, table));
    let named = |rows: &[(String, Vec<(String, String)>)], name: &str| rows.iter().any(|(n, _)| n == name);
    let kept: Vec<&String> = ours.iter().map(|(n, _)| n).filter(|n| named(&theirs, n)).collect();
    let kept_in_order: Vec<&String> = theirs.iter().map(|(n, _)| n).filter(|n| named(&ours, n)).collect();
    assert_eq!(kept, kept_in_order, "{table}: the base's rows in the base's order");
    let mut out = Vec::new();
    for (name, cells) in &theirs {
        match ours.iter().find(|(n, _)| n == name) {
            None => out.push(format!("-{name}")),
            Some((_, mine)) => {
                assert_eq!(mine.len(), cells.len(), "{table}: as many columns");
                let differ: Vec<String> =
                    cells.iter().zip(mine).filter(|(a, b)| a != b).map(|(_, (c, v))| format!("{c} {v}")).collect();
                if !differ.is_empty() {
                    out.push(format!("{name}: {}", differ.join(", ")));
                }
            }
        }
    }
    let first_added = ours.iter().position(|(n, _)| !named(&theirs, n)).unwrap_or(ours.len());
    for (i, (name, cells)) in ours.iter().enumerate() {
        if !named(&theirs, name) {
            assert!(
                i >= first_added && ours[i..].iter().all(|(n, _)| !named(&theirs, n)),
                "{table}: {name} added last"
            );
            let all: Vec<String> = cells.iter().map(|(c, v)| format!("{c} {v}")).collect();
            out.push(format!("+{name}: {}", all.join(", ")));
        }
    }
    out
}

/// Loads a content folder, panicking with every mistake when it does not load.
/// A folder of the repository's content/ (which no test writes: they write
/// copies) is loaded once a test process and its Game shared by every test
/// and thread, so that its cards are read, checked and made machine code
/// once, not in every test (the Game is `Sync`: its machine code is made
/// once, by whichever thread first runs a card often enough).
pub fn load_game(dir: &Path) -> std::sync::Arc<Game> {
    static LOADED: std::sync::Mutex<Vec<(PathBuf, std::sync::Arc<Game>)>> = std::sync::Mutex::new(Vec::new());
    let committed = dir.starts_with(root().join("content"));
    if !committed {
        return load_now(dir);
    }
    // Held while loading: two tests asking for the same folder load it once.
    let mut loaded = LOADED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((_, game)) = loaded.iter().find(|(d, _)| d == dir) {
        return game.clone();
    }
    let game = load_now(dir);
    loaded.push((dir.to_path_buf(), game.clone()));
    game
}

fn load_now(dir: &Path) -> std::sync::Arc<Game> {
    match load::load(dir) {
        Ok(loaded) => std::sync::Arc::new(loaded.game),
        Err(diags) => {
            let all: Vec<String> = diags.iter().map(|d| d.to_string()).collect();
            panic!("{} does not load:\n{}", dir.display(), all.join("\n"))
        }
    }
}

/// A fresh Driver over the committed chess content, the Player playing both
/// Sides: the Computer (Make Computer Move) is off (tests/suite/computer.rs plays
/// against it).
pub fn chess_driver() -> Driver {
    two_players(load_game(&chess_dir()))
}

/// A fresh Driver over a chess game (or tic-tac-toe, Breakthrough: any game
/// whose Computer is a Logic Component named Make Computer Move), the
/// Player playing both Sides (the Computer off from the start; its Saved
/// games and Persistent Values in memory).
pub fn two_players(game: std::sync::Arc<Game>) -> Driver {
    Driver::with_parts_off(game, Rc::new(cardtable_runtime::save::Store::memory()), false, &["Make Computer Move"])
}

/// A driver command that must answer with no error; its answer.
pub fn run(driver: &mut Driver, command: &str) -> Json {
    let answer = driver.command(command);
    assert!(!answer.is_error(), "`{command}` answered {answer}");
    answer
}

/// A driver command that must answer with no error and make no card fault.
pub fn ok(driver: &mut Driver, command: &str) -> Json {
    let answer = run(driver, command);
    assert!(answer.get("faults").as_array().is_empty(), "`{command}` made the cards fault: {answer}");
    answer
}

/// The text `value` of a command's answer (`global`, `get`, `eval`).
pub fn text(driver: &mut Driver, command: &str) -> String {
    ok(driver, command).get("value").as_str().unwrap_or_else(|| panic!("`{command}` answered no text")).to_string()
}

/// The strings of a JSON array (a `moves` answer's moves).
pub fn strings(j: &Json) -> BTreeSet<String> {
    j.as_array().iter().filter_map(|m| m.as_str()).map(str::to_string).collect()
}

/// The moves a command answers (`moves`: the cards' Legal Moves; `enginemoves`:
/// the built-in engine's).
pub fn move_set(driver: &mut Driver, command: &str) -> BTreeSet<String> {
    strings(run(driver, command).get("moves"))
}

/// The names of the visible objects of type `kind` among those an `objects`
/// command answers, sorted.
pub fn visible(driver: &mut Driver, command: &str, kind: &str) -> Vec<String> {
    let mut out: Vec<String> = ok(driver, command)
        .get("objects")
        .as_array()
        .iter()
        .filter(|o| o.get("type").as_str() == Some(kind) && o.get("visible") == &Json::Bool(true))
        .map(|o| o.get("name").as_str().unwrap().to_string())
        .collect();
    out.sort();
    out
}

/// The Promotion button that offers `kind`, as the cards set it (Show
/// Promotion Choice: the Promotions table's Kind for the Side to move at the
/// button's place; `Fifth` is chigorin's fifth button, `Sixth` capablanca's sixth).
pub fn promotion_button(driver: &mut Driver, kind: &str) -> &'static str {
    ["Queen", "Rook", "Bishop", "Knight", "Fifth", "Sixth"]
        .into_iter()
        .find(|b| run(driver, &format!("get {b} promotionChoice.kind")).get("value").as_str() == Some(kind))
        .unwrap_or_else(|| panic!("no Promotion button offers {kind}"))
}

/// A copy of a content folder in the system's temp folder, removed when dropped.
pub struct TempContent {
    pub dir: PathBuf,
    _held: tempfile::TempDir,
}

impl TempContent {
    /// Copies `content/chess` into a new folder whose name holds `label`, so
    /// a left-over folder says which test made it; tempfile makes the name
    /// unique, so parallel tests never share one.
    pub fn chess(label: &str) -> TempContent {
        TempContent::of(&chess_dir(), label)
    }

    /// Copies a content folder, as [`TempContent::chess`] copies the chess
    /// one. A folder made over another (`extends: ../../chess`) is copied
    /// alone, its `extends:` then naming the base where it is (an absolute path).
    pub fn of(from: &Path, label: &str) -> TempContent {
        let held = temp_folder("test", label);
        copy_dir(from, held.path()).unwrap_or_else(|e| panic!("copy {}: {e}", from.display()));
        let game = held.path().join("game.yaml");
        if let Ok(text) = std::fs::read_to_string(&game) {
            let mut lines: Vec<String> = text.lines().map(String::from).collect();
            for line in &mut lines {
                if let Some(base) = line.strip_prefix("extends: ").filter(|b| b.starts_with('.')) {
                    *line = format!("extends: {}", from.join(base).display());
                }
            }
            std::fs::write(&game, lines.join("\n") + "\n").expect("write game.yaml");
        }
        TempContent { dir: held.path().to_path_buf(), _held: held }
    }

    /// A folder `v` made over a copy of content/chess beside it, `chess`
    /// (`extends: EXTENDS`, which names it as `../chess`, or anything
    /// else), in a new folder of the temp folder: `dir` is `v`, whose
    /// game.yaml is the `extends:` line and `game: Variant`, and
    /// `path("../chess/...")` a file of the base.
    pub fn variant_of_chess(label: &str, extends: &str) -> TempContent {
        let held = temp_folder("test", label);
        copy_dir(&chess_dir(), &held.path().join("chess")).unwrap_or_else(|e| panic!("copy chess: {e}"));
        let dir = held.path().join("v");
        std::fs::create_dir_all(&dir).expect("make v");
        std::fs::write(dir.join("game.yaml"), format!("extends: {extends}\ngame: Variant\n")).expect("game.yaml");
        TempContent { dir, _held: held }
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.join(rel)
    }

    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.path(rel)).unwrap_or_else(|e| panic!("read {rel}: {e}"))
    }

    pub fn write(&self, rel: &str, text: &str) {
        write_own(&self.path(rel), text.as_bytes())
    }

    /// Adds `text` at the end of the file.
    pub fn append(&self, rel: &str, text: &str) {
        let old = self.read(rel);
        self.write(rel, &format!("{old}{text}"));
    }

    /// Replaces the one occurrence of `from` in the file by `to`; panics when
    /// `from` is not there exactly once (a stale test, not a finding).
    /// Removes the file (a table's changes, say, before its whole table is written).
    pub fn remove(&self, rel: &str) {
        std::fs::remove_file(self.path(rel)).unwrap_or_else(|e| panic!("remove {rel}: {e}"))
    }

    pub fn replace_once(&self, rel: &str, from: &str, to: &str) {
        let text = self.read(rel);
        let count = text.matches(from).count();
        assert_eq!(count, 1, "{rel}: `{from}` should occur exactly once, found {count} times");
        self.write(rel, &text.replacen(from, to, 1));
    }
}

/// A new empty folder in the system's temp folder, named
/// `cardtable-KIND-LABEL-` and tempfile's random letters (a label's
/// characters other than letters and digits written `_`); removed when dropped.
fn temp_folder(kind: &str, label: &str) -> tempfile::TempDir {
    let safe: String = label.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    tempfile::Builder::new().prefix(&format!("cardtable-{kind}-{safe}-")).tempdir().expect("make a temp folder")
}

/// Copies a folder, but that its pictures and fonts (`LINKED`) are links
/// to the originals: a test writes text files, and ten megabytes of art
/// copied for each of some 250 copies made the tests wait on the disk.
/// [`TempContent`]'s writes replace a link by a file of its own first; a
/// test that writes into a copy otherwise must do the same.
pub fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        let linked = Path::new(&entry.file_name())
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| LINKED.contains(&e.to_ascii_lowercase().as_str()));
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else if linked && cfg!(unix) {
            link(&std::fs::canonicalize(entry.path())?, &target)?;
        } else {
            std::fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

/// The files [`copy_dir`] links rather than copies.
const LINKED: &[&str] = &["png", "ttf", "otf", "wav", "ogg"];

#[cfg(unix)]
fn link(original: &Path, link: &Path) -> std::io::Result<()> {
    std::os::unix::fs::symlink(original, link)
}

#[cfg(not(unix))]
fn link(original: &Path, link: &Path) -> std::io::Result<()> {
    std::fs::copy(original, link).map(|_| ())
}

/// Writes `bytes` to `path`, a link [`copy_dir`] made replaced by a file of
/// its own first, so that the original is never written through it.
pub fn write_own(path: &Path, bytes: &[u8]) {
    if path.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink()) {
        std::fs::remove_file(path).unwrap_or_else(|e| panic!("unlink {}: {e}", path.display()));
    }
    std::fs::write(path, bytes).unwrap_or_else(|e| panic!("write {}: {e}", path.display()))
}

/// Reads one JSON value (the whole text must be it) into the engine's Json,
/// strictly (serde_json): the driver's answers are checked with it.
pub fn parse_json(text: &str) -> Result<Json, String> {
    serde_json::from_str(text).map(json_of).map_err(|e| e.to_string())
}

/// serde_json's value as the engine's Json, an object's keys in the order
/// they were written (serde_json's `preserve_order`).
fn json_of(value: serde_json::Value) -> Json {
    use serde_json::Value;
    match value {
        Value::Null => Json::Null,
        Value::Bool(b) => Json::Bool(b),
        Value::Number(n) => Json::Num(n.as_f64().expect("a JSON number reads as an f64")),
        Value::String(s) => Json::Str(s),
        Value::Array(items) => Json::Arr(items.into_iter().map(json_of).collect()),
        Value::Object(pairs) => Json::Obj(pairs.into_iter().map(|(k, v)| (k, json_of(v))).collect()),
    }
}

/// Stockfish, as the Stockfish Bridge finds it (PATH, or where Debian installs it).
pub fn stockfish() -> PathBuf {
    let on_path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).map(|d| d.join("stockfish")).collect::<Vec<_>>())
        .unwrap_or_default();
    on_path
        .into_iter()
        .chain([PathBuf::from("/usr/games/stockfish")])
        .find(|p| p.is_file())
        .expect("Stockfish is installed (apt-get install stockfish; .ci/run installs it)")
}

/// A fake UCI engine of tests/fixtures/engines (crash.sh, silent.sh ...).
pub fn fake_engine(name: &str) -> String {
    root().join("tests/fixtures/engines").join(name).to_string_lossy().into_owned()
}

/// The Game State (`state`).
pub fn state(d: &mut Driver) -> String {
    ok(d, "state").get("state").as_str().unwrap_or_default().to_string()
}

/// Waits in steps of `step` seconds of the game's clock until `done`, at
/// most `most` seconds; whether it came.
pub fn wait_until(d: &mut Driver, step: f64, most: f64, mut done: impl FnMut(&mut Driver) -> bool) -> bool {
    let mut waited = 0.0;
    while waited < most {
        if done(d) {
            return true;
        }
        ok(d, &format!("wait {step}"));
        waited += step;
    }
    done(d)
}

/// How to start the binary with a display: directly, under xvfb-run, or not at all.
pub fn launcher() -> Option<Vec<String>> {
    if std::env::var_os("DISPLAY").is_some() {
        return Some(vec![]);
    }
    let found = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).any(|d| d.join("xvfb-run").is_file()))
        .unwrap_or(false);
    found.then(|| ["xvfb-run", "-a", "-s", "-screen 0 1280x1200x24"].map(String::from).to_vec())
}

/// [`launcher`], or where there is no display to be had: under CI (the
/// environment variable CI set, as .ci/run has it, which installs Xvfb) the test
/// fails; elsewhere it is skipped, and says so.
pub fn display() -> Option<Vec<String>> {
    if let Some(run) = launcher() {
        return Some(run);
    }
    let why = "no DISPLAY and no xvfb-run here (apt-get install xvfb xauth libgl1-mesa-dri)";
    if std::env::var_os("CI").is_some_and(|v| !v.is_empty()) {
        panic!("the window test cannot run under CI: {why}");
    }
    // Written past the test harness's capture, so that it shows in a passing run.
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "\nwindow test SKIPPED: {why}");
    None
}

/// Whether `xdotool` is here (it sends real X key events to the window); under
/// CI (which installs it, .ci/run) its absence fails the test, elsewhere the
/// test is skipped and says so.
pub fn xdotool() -> bool {
    let found = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).any(|d| d.join("xdotool").is_file()))
        .unwrap_or(false);
    if !found {
        let why = "no xdotool here (apt-get install xdotool)";
        if std::env::var_os("CI").is_some_and(|v| !v.is_empty()) {
            panic!("the window's key test cannot run under CI: {why}");
        }
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "\nwindow key test SKIPPED: {why}");
    }
    found
}

/// An empty folder of its own, removed when dropped.
pub struct TempDir {
    pub dir: PathBuf,
    _held: tempfile::TempDir,
}

impl TempDir {
    pub fn new(label: &str) -> TempDir {
        let held = temp_folder("dir", label);
        TempDir { dir: held.path().to_path_buf(), _held: held }
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.join(rel)
    }

    /// The names of the files in a folder of it, sorted.
    pub fn files(&self, rel: &str) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(self.path(rel))
            .map(|entries| entries.filter_map(|e| e.ok()?.file_name().into_string().ok()).collect())
            .unwrap_or_default();
        names.sort();
        names
    }
}

/// The real `cardtable drive --data-dir DATA CONTENT`, fed `input`: one
/// answer a command, each checked to be JSON, and what it printed on stderr
/// (the notices of the end of its input: a save written as it ended that
/// failed; another process holding the folder).
pub fn drive_in(data: &Path, content: &Path, input: &str) -> (Vec<Json>, String) {
    let out = drive_output("true", data, content, input);
    let stdout = String::from_utf8(out.stdout).expect("UTF-8 output");
    assert!(out.status.success(), "drive exited {:?}:\n{}", out.status, String::from_utf8_lossy(&out.stderr));
    let answers = stdout.lines().map(|l| parse_json(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}"))).collect();
    (answers, String::from_utf8_lossy(&out.stderr).into_owned())
}

/// `cardtable drive --data-dir DATA CONTENT` started by `sh -c 'PREFIX;
/// exec "$0" "$@"'` (a `ulimit`, say), fed `input`: its output, however
/// it ended.
pub fn drive_output(prefix: &str, data: &Path, content: &Path, input: &str) -> std::process::Output {
    // The chess game: the Player plays both Sides, the Computer off
    // (tests/suite/computer.rs plays against it). The saves fixture has no
    // Computer, and `--off` naming no Logic Component is refused.
    let chess = content.join("logic/Make Computer Move.yaml").is_file();
    let off: &[&str] = if chess { &["--off", "Make Computer Move"] } else { &[] };
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("{prefix}; exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_cardtable"))
        .arg("drive")
        .args(off)
        .arg("--data-dir")
        .arg(data)
        .arg(content)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start cardtable drive");
    child.stdin.take().unwrap().write_all(input.as_bytes()).expect("write the commands");
    child.wait_with_output().expect("cardtable drive ends")
}
