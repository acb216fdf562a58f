//! `reload`: the content folder read again while playing (the driver's
//! equivalent of the window's `--watch`). The game goes on where it was
//! through the save format; a mistake in the new files is answered with its
//! file, line and column, and the game goes on with the content it had.

use crate::common;

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use common::{ok, text, TempContent};

/// The squares of the visible Move Marks.
fn marks(driver: &mut Driver) -> Vec<String> {
    common::visible(driver, "objects \"Move Mark\"", "Move Mark")
}

fn move_history(driver: &mut Driver) -> Vec<String> {
    let answer = ok(driver, "table \"Move History\"");
    let rows = answer.get("rows").as_array();
    rows.iter()
        .map(|r| format!("{}{}", r.get("from").as_str().unwrap_or("?"), r.get("to").as_str().unwrap_or("?")))
        .collect()
}

/// 1. a4 a5 2. Ra3 h6: the White Rook on a3, White to move.
fn play_to_the_rook(d: &mut Driver) {
    for (from, to) in [("a2", "a4"), ("a7", "a5"), ("a1", "a3"), ("h7", "h6")] {
        ok(d, &format!("click {from}"));
        ok(d, &format!("click {to}"));
    }
}

const DIAGONAL_ROOK: &str =
    "Rook up right 1,Rook,1,1,1,1,true,true,0,false,0,0\nRook down right 1,Rook,1,-1,1,1,true,true,0,false,0,0\n\
Rook down left 1,Rook,-1,-1,1,1,true,true,0,false,0,0\nRook up left 1,Rook,-1,1,1,1,true,true,0,false,0,0\n";

#[test]
fn a_directions_change_is_picked_up_mid_game_and_the_game_goes_on() {
    let copy = TempContent::chess("reload-rook");
    let mut d = common::two_players(common::load_game(&copy.dir));
    play_to_the_rook(&mut d);
    let history = move_history(&mut d);
    assert_eq!(history, ["a2a4", "a7a5", "a1a3", "h7h6"]);
    ok(&mut d, "click a3");
    assert!(!marks(&mut d).contains(&"b4".to_string()), "a Rook of the book does not step diagonally");
    ok(&mut d, "click a3");

    let fen = ok(&mut d, "fen").to_string();
    copy.append("tables/Directions.csv", DIAGONAL_ROOK);
    let answer = ok(&mut d, "reload");
    assert_eq!(answer.get("started again"), &Json::Bool(false), "{answer}");

    // Kept: the position, the Move History, the Turn.
    assert_eq!(move_history(&mut d), history);
    assert_eq!(text(&mut d, "eval data('Position', 'a3', 'kind')"), "Rook");
    assert_eq!(text(&mut d, "eval data('Position', 'a1', 'kind')"), "");
    assert_eq!(text(&mut d, "get \"Game Rules\" boardState.sideToMove"), "White");
    assert_eq!(ok(&mut d, "fen").to_string(), fen, "the chess library reads the same position");
    // New: the Rook also steps one square diagonally (b4; b2 holds a White Pawn).
    ok(&mut d, "click a3");
    let now = marks(&mut d);
    assert!(now.contains(&"b4".to_string()) && now.contains(&"h3".to_string()), "the Rook's moves now: {now:?}");
    assert!(!now.contains(&"c5".to_string()), "one step only: {now:?}");
    ok(&mut d, "click b4");
    assert_eq!(text(&mut d, "eval data('Position', 'b4', 'kind')"), "Rook");
    assert_eq!(text(&mut d, "get \"Game Rules\" boardState.sideToMove"), "Black");
    assert_eq!(move_history(&mut d).len(), 5);
}

#[test]
fn a_broken_edit_is_reported_with_its_place_and_the_game_goes_on_until_it_is_fixed() {
    let copy = TempContent::chess("reload-broken");
    let mut d = common::two_players(common::load_game(&copy.dir));
    play_to_the_rook(&mut d);
    let good = copy.read("tables/Directions.csv");

    // An unknown column in the CSV.
    copy.write("tables/Directions.csv", &good.replacen("canCapture", "canCapture,reach", 1));
    let answer = d.command("reload");
    assert!(answer.is_error(), "{answer}");
    let mistakes: Vec<&str> = answer.get("mistakes").as_array().iter().filter_map(Json::as_str).collect();
    assert!(
        mistakes.iter().any(|m| m.starts_with(&format!("{}/tables/Directions.csv:1:", copy.dir.display()))),
        "the mistake names the file, line and column: {answer}"
    );
    // Bad YAML in a card.
    copy.write("tables/Directions.csv", &good);
    let card = copy.read("logic/Make Move.yaml");
    copy.write("logic/Make Move.yaml", &format!("{card}\n  - this: [is not closed\n"));
    let answer = d.command("reload");
    assert!(answer.is_error(), "{answer}");
    let mistakes: Vec<&str> = answer.get("mistakes").as_array().iter().filter_map(Json::as_str).collect();
    let place = format!("{}/logic/Make Move.yaml:", copy.dir.display());
    assert!(
        mistakes
            .iter()
            .any(|m| m.starts_with(&place) && m[place.len()..].split(':').take(2).all(|n| n.parse::<u32>().is_ok())),
        "the mistake names the file, line and column: {answer}"
    );

    // The game goes on with the content it had: a Rook of the book.
    assert_eq!(move_history(&mut d).len(), 4);
    ok(&mut d, "click a3");
    assert!(!marks(&mut d).contains(&"b4".to_string()));
    ok(&mut d, "click a3");
    ok(&mut d, "click b2");
    ok(&mut d, "click b3");
    assert_eq!(text(&mut d, "get \"Game Rules\" boardState.sideToMove"), "Black");

    // Fixed (and the Rook changed), it loads.
    copy.write("logic/Make Move.yaml", &card);
    copy.write("tables/Directions.csv", &format!("{good}{DIAGONAL_ROOK}"));
    ok(&mut d, "reload");
    assert_eq!(move_history(&mut d).len(), 5);
    ok(&mut d, "click h6");
    ok(&mut d, "click h5");
    ok(&mut d, "click a3");
    assert!(marks(&mut d).contains(&"b4".to_string()));
}

#[test]
fn a_table_given_a_new_column_keeps_its_rows_and_the_new_column_starts_empty() {
    let copy = TempContent::chess("reload-columns");
    let mut d = common::two_players(common::load_game(&copy.dir));
    play_to_the_rook(&mut d);
    copy.replace_once(
        "tables/Move History.yaml",
        "columns:\n",
        "columns:\n  note: { type: Text, default: '', description: \"a player's note on the Move; empty: none\" }\n",
    );
    let header = copy.read("tables/Move History.csv");
    copy.write("tables/Move History.csv", &header.replacen('\n', ",note\n", 1));
    let answer = ok(&mut d, "reload");
    assert_eq!(answer.get("started again"), &Json::Bool(false), "{answer}");
    assert_eq!(move_history(&mut d), ["a2a4", "a7a5", "a1a3", "h7h6"], "the Moves played are kept");
    assert_eq!(text(&mut d, "eval data('Move History', 3, 'note')"), "", "the new column starts as its default");
    assert_eq!(text(&mut d, "eval data('Position', 'a3', 'kind')"), "Rook");
    // The game goes on, and its PGN still replays to the same position.
    ok(&mut d, "click a3");
    ok(&mut d, "click b3");
    let fen = ok(&mut d, "fen").to_string();
    let pgn = ok(&mut d, "pgn").get("pgn").as_str().unwrap_or_default().to_string();
    let mut again = common::two_players(common::load_game(&copy.dir));
    ok(&mut again, &format!("loadpgn {}", pgn.replace('\n', " ")));
    assert_eq!(ok(&mut again, "fen").to_string(), fen);
}

#[test]
fn a_new_starting_position_mid_game_is_the_next_game_s_so_the_moves_and_the_board_agree() {
    let copy = TempContent::chess("reload-position");
    let mut d = common::two_players(common::load_game(&copy.dir));
    // Before any Move, an edit of the position is simply taken.
    copy.replace_once("tables/Position.csv", "g1,7,1,g,Knight,White\n", "g1,7,1,g,,\n");
    let answer = ok(&mut d, "reload");
    assert_eq!(answer.get("started again"), &Json::Bool(false), "{answer}");
    assert_eq!(text(&mut d, "eval data('Position', 'g1', 'kind')"), "");
    play_to_the_rook(&mut d);
    let fen = ok(&mut d, "fen").to_string();
    // Mid-game, the Board and the Moves played stay together.
    copy.replace_once("tables/Position.csv", "b1,2,1,b,Knight,White\n", "b1,2,1,b,,\n");
    let answer = ok(&mut d, "reload");
    assert_eq!(answer.get("started again"), &Json::Bool(false), "{answer}");
    assert!(answer.get("not kept").to_string().contains("Position"), "the answer says so: {answer}");
    assert!(ok(&mut d, "notices").to_string().contains("Position"), "and so does a notice");
    assert_eq!(ok(&mut d, "fen").to_string(), fen, "the position is the game's");
    assert_eq!(move_history(&mut d), ["a2a4", "a7a5", "a1a3", "h7h6"]);
    let pgn = ok(&mut d, "pgn").get("pgn").as_str().unwrap_or_default().to_string();
    let mut again = common::two_players(common::load_game(&copy.dir));
    ok(&mut again, &format!("loadpgn {}", pgn.replace('\n', " ")));
    assert_eq!(ok(&mut again, "fen").to_string(), fen, "the game's PGN replays to its position");
}

#[test]
fn a_data_structure_with_a_new_field_keeps_the_others_and_starts_the_new_one_from_its_default() {
    let copy = TempContent::chess("reload-structure");
    let mut d = common::two_players(common::load_game(&copy.dir));
    play_to_the_rook(&mut d);
    ok(&mut d, "click a3");
    copy.replace_once(
        "structures/Board State.yaml",
        "fields:\n",
        "fields:\n  note: { type: Text, default: a note, description: \"a field added while playing\" }\n",
    );
    let answer = ok(&mut d, "reload");
    assert_eq!(answer.get("started again"), &Json::Bool(false), "{answer}");
    assert!(answer.get("not kept").to_string().contains("Board State"), "{answer}");
    assert_eq!(text(&mut d, "get \"Game Rules\" boardState.note"), "a note");
    assert_eq!(text(&mut d, "get \"Game Rules\" boardState.sideToMove"), "White");
    assert_eq!(text(&mut d, "get \"Game Rules\" boardState.selected"), "a3", "the selection is kept");
    ok(&mut d, "click h3");
    assert_eq!(text(&mut d, "eval data('Position', 'h3', 'kind')"), "Rook");
}

#[test]
fn a_snapshot_taken_before_a_reload_brings_back_the_content_it_had() {
    let copy = TempContent::chess("reload-snapshot");
    let mut d = common::two_players(common::load_game(&copy.dir));
    play_to_the_rook(&mut d);
    let moves_before = ok(&mut d, "moves").to_string();
    let engine_before = ok(&mut d, "enginemoves").to_string();
    ok(&mut d, "snapshot before");
    copy.append("tables/Directions.csv", DIAGONAL_ROOK);
    ok(&mut d, "reload");
    assert!(ok(&mut d, "moves").to_string().contains("a3b4"), "the new Rook's step is a legal move");
    assert!(ok(&mut d, "enginemoves").to_string().contains("a3b4"), "the engine reads the new Directions");
    ok(&mut d, "restore before");
    assert_eq!(ok(&mut d, "moves").to_string(), moves_before, "the old content's moves, through its own library");
    assert_eq!(ok(&mut d, "enginemoves").to_string(), engine_before, "the engine reads the old Directions again");
    ok(&mut d, "click a3");
    assert!(!marks(&mut d).contains(&"b4".to_string()));
}

#[test]
fn a_scene_that_places_other_objects_starts_the_game_again_and_says_so() {
    let copy = TempContent::chess("reload-scene");
    let mut d = common::two_players(common::load_game(&copy.dir));
    play_to_the_rook(&mut d);
    let scene = copy.read("scene.yaml");
    copy.write(
        "scene.yaml",
        &format!("{scene}\n  - object: Walnut Board\n    name: Second Board\n    x: 15\n    y: 19.375\n"),
    );
    let answer = d.command("reload");
    if answer.is_error() {
        // The duplicated entry is a mistake of its own: the test's premise does not hold.
        panic!("the edited scene does not load: {answer}");
    }
    assert_eq!(answer.get("started again"), &Json::Bool(true), "{answer}");
    assert!(answer.get("not kept").to_string().contains("started again"));
    assert!(move_history(&mut d).is_empty());
    assert_eq!(text(&mut d, "eval data('Position', 'a1', 'kind')"), "Rook");
}

/// `--watch` in a real window (X11: under xvfb-run where there is no display).
#[cfg(unix)]
mod watch_window {
    use super::common::{self, TempContent};
    use std::os::unix::process::CommandExt;
    use std::process::{Child, Command, ExitStatus};
    use std::time::{Duration, Instant};

    /// How long the `--watch` window test may take in all, from the window's
    /// start to its exit (it takes about two seconds; a real process under
    /// Xvfb, so a bound of real time, a minute, for a loaded machine): each
    /// wait ends as soon as what it waits for comes; past the bound the
    /// window is killed and the test fails, saying what it was waiting for.
    const WATCH_BOUND: Duration = Duration::from_secs(60);

    /// A process the test started in a process group of its own (the window,
    /// xvfb-run and its Xvfb; or xdotool), killed with its group if the test
    /// ends before it does: a failed assertion leaves no window behind.
    struct Bounded {
        child: Child,
        what: &'static str,
    }

    impl Bounded {
        fn spawn(command: &mut Command, what: &'static str) -> Bounded {
            let child = command.process_group(0).spawn().unwrap_or_else(|e| panic!("{what} does not start: {e}"));
            Bounded { child, what }
        }

        /// Waits, looking every 20 ms, until `done` holds, by `deadline`; while
        /// waiting, the process must still run unless `done` is its exit. Past
        /// the deadline the process is killed and the test fails with `told`.
        fn wait_until(
            &mut self,
            deadline: Instant,
            waiting_for: &str,
            told: &dyn Fn() -> String,
            mut done: impl FnMut(&mut Child) -> bool,
        ) {
            loop {
                if done(&mut self.child) {
                    return;
                }
                if let Ok(Some(status)) = self.child.try_wait() {
                    panic!("{} ended ({status}) while the test waited for {waiting_for}:\n{}", self.what, told());
                }
                if Instant::now() >= deadline {
                    self.kill();
                    panic!("{} killed after {WATCH_BOUND:?}: it never came to {waiting_for}:\n{}", self.what, told());
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        }

        /// Waits by `deadline` for the process to end; its exit status.
        fn wait_for_exit(&mut self, deadline: Instant, told: &dyn Fn() -> String) -> ExitStatus {
            let mut status = None;
            self.wait_until(deadline, "its exit", told, |child| {
                status = child.try_wait().ok().flatten();
                status.is_some()
            });
            status.expect("it ended")
        }

        /// Kills the process's group (by its id, the process's own).
        fn kill(&mut self) {
            let group = format!("-{}", self.child.id());
            let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
            let _ = self.child.wait();
        }
    }

    impl Drop for Bounded {
        fn drop(&mut self) {
            if !matches!(self.child.try_wait(), Ok(Some(_))) {
                self.kill();
            }
        }
    }

    /// `--watch` itself, in a real window (under xvfb-run where there is no
    /// display; under CI a test that cannot have one fails, elsewhere it is
    /// skipped and says so): a broken edit made while the window runs is read
    /// (after the folder settles) and reported, the window goes on, and the
    /// screenshot shows the mistakes' red banner at the bottom. Each step waits
    /// for what the window tells on stderr, no longer: that it watches its
    /// folder (a change is seen from then on), the edit, its `not reloaded`,
    /// then a key (xdotool) for the screenshot, which the window waits for
    /// (`--keys 1`). The window counts as left alone after a tenth of a second
    /// (CARDTABLE_IDLE_AFTER), so that it looks four times a second; all of it
    /// within [`WATCH_BOUND`].
    #[test]
    fn watch_reads_a_broken_edit_in_the_window_and_shows_it() {
        let Some(run) = common::display() else { return };
        if !common::xdotool() {
            return;
        }
        let copy = TempContent::chess("watch");
        let [png, data, err, display] = ["png", "data", "stderr", "display"].map(|e| copy.dir.with_extension(e));
        let quoted = |p: &std::path::Path| format!("'{}'", p.display());
        // The display the window runs on, for xdotool: xvfb-run's, or the one the test was given.
        let script = format!(
            "printf '%s\\n%s\\n' \"$DISPLAY\" \"$XAUTHORITY\" >{}\n\
             exec {} {} --watch --off 'Make Computer Move' --data-dir {} --screenshot {} --keys 1 --frames 3 2>{}",
            quoted(&display),
            quoted(std::path::Path::new(env!("CARGO_BIN_EXE_cardtable"))),
            quoted(&copy.dir),
            quoted(&data),
            quoted(&png),
            quoted(&err),
        );
        let mut all: Vec<String> = run.to_vec();
        all.extend(["sh".into(), "-c".into(), script]);
        let deadline = Instant::now() + WATCH_BOUND;
        let mut window = Bounded::spawn(
            Command::new(&all[0]).args(&all[1..]).env("LC_ALL", "C").env("CARDTABLE_IDLE_AFTER", "0.1"),
            "the window",
        );
        let stderr = || std::fs::read_to_string(&err).unwrap_or_default();
        window.wait_until(deadline, "watching its folder", &stderr, |_| stderr().contains("watching "));
        let good = copy.read("tables/Directions.csv");
        copy.write("tables/Directions.csv", &good.replacen("canCapture", "canCapture,reach", 1));
        window.wait_until(deadline, "`not reloaded`", &stderr, |_| stderr().contains("not reloaded"));
        // The banner is drawn on the frame that read the edit; a key, and the screenshot follows it.
        let shown = std::fs::read_to_string(&display).unwrap_or_default();
        let mut lines = shown.lines();
        let mut xdotool = Command::new("xdotool");
        for (name, value) in ["DISPLAY", "XAUTHORITY"].into_iter().zip([lines.next(), lines.next()]) {
            if let Some(value) = value.filter(|v| !v.is_empty()) {
                xdotool.env(name, value);
            }
        }
        xdotool.args([
            "search",
            "--sync",
            "--onlyvisible",
            "--name",
            "Chess",
            "windowfocus",
            "--sync",
            "%1",
            "key",
            "Escape",
        ]);
        let mut key = Bounded::spawn(&mut xdotool, "xdotool");
        let sent = key.wait_for_exit(deadline, &stderr);
        assert!(sent.success(), "xdotool could not press a key in the window ({sent})");
        let status = window.wait_for_exit(deadline, &stderr);
        let err_text = stderr();
        assert!(status.success(), "the window failed ({status}):\n{err_text}");
        assert!(err_text.contains("tables/Directions.csv:1:") && err_text.contains("not reloaded"), "{err_text}");
        let decoder = png::Decoder::new(std::fs::File::open(&png).unwrap());
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        // The banner's red, just above the bottom edge, at the left.
        let at = (((info.height - 12) * info.width + 12) * 4) as usize;
        let [r, g, b] = [buf[at], buf[at + 1], buf[at + 2]];
        assert!(r > 100 && g < 60 && b < 60, "the banner is red at the bottom: {r} {g} {b}");
        for file in [&png, &err, &display] {
            let _ = std::fs::remove_file(file);
        }
        let _ = std::fs::remove_dir_all(&data);
    }
    /// A window watching `path` (`--watch`, the Computer off), under the
    /// display, its stderr in a file, its process id known (for the
    /// SIGTERM that ends it), once it says it watches.
    struct Watching {
        window: Bounded,
        err: std::path::PathBuf,
        pid: std::path::PathBuf,
        data: std::path::PathBuf,
        deadline: Instant,
    }

    impl Watching {
        fn start(run: &[String], path: &std::path::Path, beside: &std::path::Path) -> Watching {
            let [err, pid, data] = ["stderr", "pid", "data"].map(|e| beside.with_extension(e));
            let quoted = |p: &std::path::Path| format!("'{}'", p.display());
            let script = format!(
                "echo $$ >{}\nexec {} {} --watch --off 'Make Computer Move' --data-dir {} 2>{}",
                quoted(&pid),
                quoted(std::path::Path::new(env!("CARGO_BIN_EXE_cardtable"))),
                quoted(path),
                quoted(&data),
                quoted(&err),
            );
            let mut all: Vec<String> = run.to_vec();
            all.extend(["sh".into(), "-c".into(), script]);
            let mut window = Bounded::spawn(
                Command::new(&all[0]).args(&all[1..]).env("LC_ALL", "C").env("CARDTABLE_IDLE_AFTER", "0.1"),
                "the window",
            );
            let deadline = Instant::now() + WATCH_BOUND;
            let told = || std::fs::read_to_string(&err).unwrap_or_default();
            window.wait_until(deadline, "watching its folder", &told, |_| told().contains("watching "));
            Watching { window, err, pid, data, deadline }
        }

        fn stderr(&self) -> String {
            std::fs::read_to_string(&self.err).unwrap_or_default()
        }

        /// How many times the window said it read the folder again
        /// (`reloaded ...`) and that it could not (`not reloaded`).
        fn counts(&self) -> (usize, usize) {
            let text = self.stderr();
            let reloaded = text.lines().filter(|l| l.starts_with("reloaded ")).count();
            let not = text.lines().filter(|l| l.starts_with("not reloaded")).count();
            (reloaded, not)
        }

        /// Waits until the window has said `reloaded` `reloaded` times and
        /// `not reloaded` `not` times, at least.
        fn wait_for(&mut self, reloaded: usize, not: usize) {
            let err = self.err.clone();
            let told = move || std::fs::read_to_string(&err).unwrap_or_default();
            let what = format!("{reloaded} `reloaded` and {not} `not reloaded`");
            let counts = |t: &str| {
                let r = t.lines().filter(|l| l.starts_with("reloaded ")).count();
                let n = t.lines().filter(|l| l.starts_with("not reloaded")).count();
                (r, n)
            };
            self.window.wait_until(self.deadline, &what, &told, |_| {
                let (r, n) = counts(&told());
                r >= reloaded && n >= not
            });
        }

        /// Ends the window with SIGTERM, and waits for it.
        fn end(mut self) {
            let pid = std::fs::read_to_string(&self.pid).unwrap_or_default();
            let _ = Command::new("kill").args(["-TERM", pid.trim()]).status();
            let err = self.err.clone();
            let told = move || std::fs::read_to_string(&err).unwrap_or_default();
            self.window.wait_for_exit(self.deadline, &told);
            for f in [&self.err, &self.pid] {
                let _ = std::fs::remove_file(f);
            }
            let _ = std::fs::remove_dir_all(&self.data);
        }
    }

    /// Breaks a content folder's Directions table (an unknown column).
    fn break_directions(dir: &std::path::Path) {
        let file = dir.join("tables/Directions.csv");
        let good = std::fs::read_to_string(&file).unwrap();
        std::fs::write(&file, good.replacen("canCapture", "canCapture,reach", 1)).unwrap();
    }

    /// `--watch LINK`, then `ln -sfn B LINK`: the link re-pointed is seen
    /// (B's broken table read, `not reloaded`), and an edit in B (its table
    /// mended) is read again; the old folder A is no longer watched.
    #[test]
    fn watch_follows_a_link_re_pointed() {
        let Some(run) = common::display() else { return };
        let (a, b) = (TempContent::chess("watch-link-a"), TempContent::chess("watch-link-b"));
        let good = b.read("tables/Directions.csv");
        break_directions(&b.dir);
        let link = a.dir.with_extension("link");
        std::os::unix::fs::symlink(&a.dir, &link).unwrap();
        let mut w = Watching::start(&run, &link, &link);
        let ln = Command::new("ln").arg("-sfn").arg(&b.dir).arg(&link).status().unwrap();
        assert!(ln.success());
        w.wait_for(0, 1);
        assert!(w.stderr().contains("tables/Directions.csv:1:"), "B's table was read:\n{}", w.stderr());
        b.write("tables/Directions.csv", &good);
        w.wait_for(1, 1);
        assert_eq!(w.counts(), (1, 1), "{}", w.stderr());
        w.end();
        let _ = std::fs::remove_file(&link);
    }

    /// The watched folder replaced by a file, then the file by a folder:
    /// the folder gone is said (`not reloaded`), the new folder is read
    /// again and watched (an edit in it is read).
    #[test]
    fn watch_follows_a_file_replaced_by_a_folder() {
        let Some(run) = common::display() else { return };
        let (a, b) = (TempContent::chess("watch-file-a"), TempContent::chess("watch-file-b"));
        let path = a.dir.with_extension("game");
        common::copy_dir(&a.dir, &path).unwrap();
        let mut w = Watching::start(&run, &path, &path);
        std::fs::remove_dir_all(&path).unwrap();
        std::fs::write(&path, "not a folder\n").unwrap();
        w.wait_for(0, 1);
        // The new folder made beside it, then moved into the file's place at once.
        let made = path.with_extension("new");
        common::copy_dir(&b.dir, &made).unwrap();
        std::fs::remove_file(&path).unwrap();
        std::fs::rename(&made, &path).unwrap();
        w.wait_for(1, 1);
        break_directions(&path);
        w.wait_for(1, 2);
        w.end();
        let _ = std::fs::remove_dir_all(&path);
    }

    /// The watched folder replaced by a link to another folder: the other
    /// folder is read (its broken table), and its edits from then on.
    #[test]
    fn watch_follows_a_folder_replaced_by_a_link() {
        let Some(run) = common::display() else { return };
        let (a, b) = (TempContent::chess("watch-tolink-a"), TempContent::chess("watch-tolink-b"));
        let good = b.read("tables/Directions.csv");
        break_directions(&b.dir);
        let path = a.dir.with_extension("game");
        common::copy_dir(&a.dir, &path).unwrap();
        let mut w = Watching::start(&run, &path, &path);
        std::fs::remove_dir_all(&path).unwrap();
        std::os::unix::fs::symlink(&b.dir, &path).unwrap();
        w.wait_for(0, 1);
        assert!(w.stderr().contains("tables/Directions.csv:1:"), "B's table was read:\n{}", w.stderr());
        b.write("tables/Directions.csv", &good);
        w.wait_for(1, 1);
        w.end();
        let _ = std::fs::remove_file(&path);
    }
}

/// A Logic Component switched off (`--off`, here the Computer: the Player
/// plays both Sides) stays off after a reload that numbers the components
/// otherwise (a new card, first in the alphabet, comes before every other),
/// and no other component is switched off in its place: the game still
/// ends in a checkmate (Look For Game End), and no Computer answers.
#[test]
fn a_component_switched_off_stays_off_when_a_reload_renumbers_the_components() {
    let copy = TempContent::chess("reload-off");
    let mut d = common::two_players(common::load_game(&copy.dir));
    ok(&mut d, "click f2");
    ok(&mut d, "click f3");
    copy.write(
        "logic/Aaa Added Card.yaml",
        "component: Aaa Added Card\ndescription: A card added while playing, heard by no Object.\nevents:\n  - when: positionChanged\n    steps:\n      - set: $status\n        value: $status\n",
    );
    let answer = ok(&mut d, "reload");
    assert_eq!(answer.get("started again"), &Json::Bool(false), "{answer}");
    for (from, to) in [("e7", "e5"), ("g2", "g4")] {
        ok(&mut d, &format!("click {from}"));
        ok(&mut d, &format!("click {to}"));
        // Still two players: no Computer thinking for either Side.
        assert_eq!(ok(&mut d, "state").get("state").as_str(), Some("Playing"));
    }
    ok(&mut d, "click d8");
    ok(&mut d, "click h4");
    assert_eq!(move_history(&mut d), ["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(ok(&mut d, "state").get("state").as_str(), Some("Game Over"), "the mate is seen");
    assert!(ok(&mut d, "faults").get("faults").as_array().is_empty());
}
