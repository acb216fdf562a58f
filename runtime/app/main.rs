//! `cardtable`: runs a game folder in a window, headless (`drive`), checks it
//! (`check`), traces a script of driver commands (`trace`), or plays it over
//! UCI with the built-in engine (`uci`).

use cardtable_runtime::host::driver::Driver;
use cardtable_runtime::json::Json;
use cardtable_runtime::load::{load_files_in, Loaded};
use cardtable_runtime::save::Store;
use cardtable_runtime::source::diag::Severity;
use cardtable_runtime::source::files::Files;
use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::rc::Rc;
use std::sync::OnceLock;
use std::time::Instant;

mod cli;
mod signals;
mod window;

/// When `main` began: the window reports the time to its first frame from
/// it (`CARDTABLE_REPORT_FIRST_FRAME`).
static STARTED: OnceLock<Instant> = OnceLock::new();

/// The moments on the way to the first frame, since `main` began, each with
/// what was done by then (`CARDTABLE_REPORT_FIRST_FRAME` prints them).
static MARKS: std::sync::Mutex<Vec<(&'static str, std::time::Duration)>> = std::sync::Mutex::new(Vec::new());

/// Notes that `what` is done, for the report of the first frame.
fn mark(what: &'static str) {
    let since = STARTED.get().map_or(std::time::Duration::ZERO, Instant::elapsed);
    if let Ok(mut marks) = MARKS.lock() {
        marks.push((what, since));
    }
}

fn main() -> ExitCode {
    STARTED.get_or_init(Instant::now);
    // A save over the file-size limit (`ulimit -f`) would kill the process
    // with SIGXFSZ, the game lost with no word: ignored, the write fails
    // (EFBIG) and is a notice, the last good save kept.
    cardtable_runtime::save::ignore_file_size_signal();
    // The runtime knows no game: the code libraries that know chess are handed in.
    cardtable_chess::install();
    match cli::parse(&cardtable_runtime::library::options()) {
        cli::Mode::Drive(game, library) => {
            // SIGTERM, SIGINT, SIGHUP end the game in order (before any thread starts).
            signals::watch();
            drive(content_dir(game.content.as_deref()), &game, &library)
        }
        cli::Mode::Check(game, library) => check(content_dir(game.content.as_deref()), &game, &library),
        cli::Mode::Trace(args, library) => {
            signals::watch();
            trace(content_dir(args.game.content.as_deref()), &args, &library)
        }
        cli::Mode::Window(args, library) => {
            signals::watch();
            let code = window(args, &library);
            // Ended by a signal: the process ends by it, the game ended in order.
            signals::end_as_asked();
            code
        }
        cli::Mode::Uci(game) => uci(content_dir(game.content.as_deref()), &game.off),
        cli::Mode::New(dir, None) => new_game(&dir),
        cli::Mode::New(dir, Some(base)) => new_extending(&dir, &base),
    }
}

/// The built-in engine speaking UCI, from the game's starting position as the cards set it up.
fn uci(dir: Files, off: &[String]) -> ExitCode {
    use cardtable_chess::engine::{uci, Engine};
    let Some(loaded) = load_or_report(&dir, None) else { return ExitCode::FAILURE };
    refuse_unknown_off(&loaded.game, off, Some("uci"));
    let game = std::sync::Arc::new(loaded.game);
    let engine = match Engine::new(&game) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("{}: the built-in engine cannot play this game: {e}", dir.display());
            return ExitCode::FAILURE;
        }
    };
    let rules = match engine.rules() {
        Ok(r) => r.clone(),
        Err(e) => {
            eprintln!("{}: the built-in engine cannot play this game: {e}", dir.display());
            return ExitCode::FAILURE;
        }
    };
    let driver = Driver::new(game.clone());
    let start = match engine.fen(&driver.world) {
        Ok(fen) => fen,
        Err(e) => {
            eprintln!("{}: the starting position: {e}", dir.display());
            return ExitCode::FAILURE;
        }
    };
    let variants = match &dir {
        Files::Dir(path) => Some(uci_variants(path)),
        _ => None,
    };
    uci::run(rules, start, &game.name, variants, std::io::stdin().lock(), Box::new(std::io::stdout()));
    ExitCode::SUCCESS
}

/// The games `UCI_Variant` offers, by their folders' names: the folder
/// itself first, then the gallery's: for a folder of a `variants` folder
/// (content/variants/amazon), that folder's other games and the chess game
/// beside it (content/chess); for another (content/chess), the games of the
/// `variants` folder beside it (content/variants/*).
fn uci_variants(folder: &Path) -> cardtable_chess::engine::uci::Variants {
    let name_of = |p: &Path| p.file_name().map(|n| n.to_string_lossy().into_owned());
    let is_game = |p: &Path| p.join("game.yaml").is_file();
    let parent = folder.parent().unwrap_or(Path::new("."));
    let in_gallery = name_of(parent).as_deref() == Some("variants");
    let gallery = if in_gallery { parent.to_path_buf() } else { parent.join("variants") };
    let mut others: Vec<PathBuf> = std::fs::read_dir(&gallery)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| is_game(p)).collect())
        .unwrap_or_default();
    if in_gallery {
        others.push(parent.parent().unwrap_or(Path::new(".")).join("chess"));
    }
    others.retain(|p| is_game(p));
    others.sort_by_key(|p| name_of(p));
    let mut games: Vec<(String, PathBuf)> = Vec::new();
    for p in std::iter::once(folder.to_path_buf()).chain(others) {
        if let Some(n) = name_of(&p) {
            if !games.iter().any(|(g, _)| *g == n) {
                games.push((n, p));
            }
        }
    }
    let names = games.iter().map(|(n, _)| n.clone()).collect();
    let load = Box::new(move |name: &str| {
        let (_, path) = games.iter().find(|(n, _)| n == name).ok_or(format!("no variant `{name}`"))?;
        let loaded = load_files_in(Files::Dir(path.clone()), None)
            .map_err(|_| format!("{} does not load (cardtable check {0} says why)", path.display()))?;
        let game = std::sync::Arc::new(loaded.game);
        let cannot = |e: String| format!("{}: the built-in engine cannot play this game: {e}", path.display());
        let engine = cardtable_chess::engine::Engine::new(&game).map_err(|e| cannot(e.to_string()))?;
        let rules = engine.rules().map_err(cannot)?.clone();
        let driver = Driver::new(game.clone());
        let start = engine.fen(&driver.world).map_err(|e| format!("{}: the starting position: {e}", path.display()))?;
        Ok((rules, start))
    });
    cardtable_chess::engine::uci::Variants { names, load }
}

/// The window, or with `--screenshot` a few frames and a PNG.
fn window(args: cli::WindowArgs, library: &[(String, String)]) -> ExitCode {
    let mut opts = window::Options {
        screenshot: args.screenshot,
        frames: args.frames,
        script: args.script,
        keys: args.keys,
        library: library.to_vec(),
        data_dir: args.game.data_dir.clone(),
        documents: args.game.documents.clone(),
        reduced_motion: args.game.reduced_motion,
        seed: args.game.seed,
        watch: args.watch,
        off: args.game.off.clone(),
        trees: None,
        debug: args.debug,
        size: args.window_size,
    };
    if args.watch && args.game.content.is_none() {
        eprintln!(
            "--watch needs a content folder to watch (the built-in game never changes): cardtable --watch FOLDER"
        );
        return ExitCode::FAILURE;
    }
    // Said before the game is loaded: without a display nothing else matters.
    if let Some(why) = window::no_display() {
        eprintln!("{why}");
        return ExitCode::FAILURE;
    }
    let files = content_dir(args.game.content.as_deref());
    let lang =
        args.game.lang.clone().or_else(|| cardtable_runtime::load::system_language(&files, |k| std::env::var(k).ok()));
    let Some(loaded) = load_or_report(&files, lang.as_deref()) else {
        return ExitCode::FAILURE;
    };
    refuse_unknown_off(&loaded.game, &opts.off, None);
    mark("content loaded");
    opts.trees = Some(Rc::new(loaded.trees));
    window::run(std::sync::Arc::new(loaded.game), opts)
}

/// Each `--off COMPONENT` names a Logic Component of the game, or the
/// command line is refused with the usage (exit status 2), naming the game's
/// Logic Components and the one each could have meant.
fn refuse_unknown_off(game: &cardtable_runtime::game::Game, off: &[String], sub: Option<&str>) {
    let names: Vec<&str> = off.iter().map(String::as_str).collect();
    if let Some(why) = cardtable_runtime::host::driver::unknown_components(game, &names) {
        cli::refuse(sub, format!("--off: {why}"));
    }
}

/// The content folder named, else the chess game built into the binary.
fn content_dir(arg: Option<&Path>) -> Files {
    match arg {
        Some(a) => Files::Dir(a.to_path_buf()),
        None => cardtable_chess::builtin(),
    }
}

fn load_or_report(dir: &Files, lang: Option<&str>) -> Option<Loaded> {
    match load_files_in(dir.clone(), lang) {
        Ok(loaded) => {
            for w in &loaded.warnings {
                eprintln!("{}", dir.locate(w));
            }
            Some(loaded)
        }
        Err(diags) => {
            let errors = diags.iter().filter(|d| d.severity == Severity::Error).count();
            for d in &diags {
                eprintln!("{}\n", dir.locate(d));
            }
            eprintln!(
                "{} has {errors} mistake{}; nothing was started.",
                dir.display(),
                if errors == 1 { "" } else { "s" }
            );
            None
        }
    }
}

/// `check`: the library options (`--engine PATH`) applied before the
/// libraries play the game; the engines' check kept in `--data-dir`.
fn check(dir: Files, args: &cli::GameArgs, library: &[(String, String)]) -> ExitCode {
    let report = cardtable_runtime::host::check::check_with_options(
        dir,
        args.data_dir.as_deref(),
        args.lang.as_deref(),
        library,
    );
    if let Some(game) = &report.game {
        refuse_unknown_off(game, &args.off, Some("check"));
    }
    eprint!("{}", report.details());
    if report.is_fine() {
        println!("{}", report.verdict());
        print!("{}", report.play_lines());
        ExitCode::SUCCESS
    } else {
        eprintln!("{}", report.verdict());
        ExitCode::FAILURE
    }
}

/// The longest line `drive` reads, in bytes (a PGN on one line takes a few
/// thousand): a longer one is answered with an error, not kept whole.
const LINE: usize = 1 << 20;

/// Reads and drops the rest of a line, through its line break.
fn skip_line(input: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        match buf.iter().position(|&b| b == b'\n') {
            Some(at) => {
                input.consume(at + 1);
                return Ok(());
            }
            None => {
                let n = buf.len();
                input.consume(n);
            }
        }
    }
}

/// What `drive`'s reader of standard input hands its game's thread.
enum Input {
    /// A line (at most [`LINE`] bytes of it kept), and whether it was longer.
    Line(Vec<u8>, bool),
    /// The input ended.
    End,
    Failed(std::io::Error),
    /// A signal asks the process to end (`signals`).
    Signal,
}

/// Reads standard input line by line into `tx` (on a thread of its own,
/// so that a signal ends `drive` while it waits for a line).
fn read_input(tx: std::sync::mpsc::SyncSender<Input>) {
    let mut input = std::io::stdin().lock();
    loop {
        // Bytes, not `lines()`: a line that is not UTF-8 is answered with an
        // error and the lines after it are still read.
        let mut bytes = Vec::new();
        // At most LINE bytes of a line are kept; the rest of a longer one is skipped.
        let read = (&mut input).take(LINE as u64 + 1).read_until(b'\n', &mut bytes);
        let long = bytes.len() > LINE && !bytes.ends_with(b"\n");
        let read = match read.and_then(|n| if long { skip_line(&mut input).map(|_| n) } else { Ok(n) }) {
            Ok(0) => Input::End,
            Ok(_) => Input::Line(bytes, long),
            Err(e) => Input::Failed(e),
        };
        let last = !matches!(read, Input::Line(..));
        if tx.send(read).is_err() || last {
            return;
        }
    }
}

/// Headless; saves and Persistent Values in `--data-dir` when given, else in
/// memory; the code libraries' options (`--engine PATH`, `--fen FEN`)
/// applied as the window applies them. SIGTERM, SIGINT or SIGHUP end it as
/// the end of its input does (`signals`), even while it waits for a line.
fn drive(dir: Files, args: &cli::GameArgs, library: &[(String, String)]) -> ExitCode {
    let mut driver = match headless(dir, args, library, "drive") {
        Ok(driver) => driver,
        Err(code) => return code,
    };
    signals::keep_flushed(driver.world.store.flusher());
    // One line read ahead at most.
    let (tx, lines) = std::sync::mpsc::sync_channel::<Input>(1);
    let wake = tx.clone();
    signals::on_signal(Box::new(move || {
        let _ = wake.try_send(Input::Signal);
    }));
    if let Err(e) = std::thread::Builder::new().name("stdin".into()).spawn(move || read_input(tx)) {
        eprintln!("cannot read standard input: {e}");
        return ExitCode::FAILURE;
    }
    let mut out = std::io::stdout().lock();
    let mut number = 0u64;
    while signals::asked().is_none() {
        // Looked at often, so that a signal that came while no line was awaited is not missed.
        let read = match lines.recv_timeout(std::time::Duration::from_millis(100)) {
            Ok(read) => read,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => continue,
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
        };
        let (bytes, long) = match read {
            Input::Line(bytes, long) => (bytes, long),
            Input::End | Input::Signal => break,
            Input::Failed(e) => {
                eprintln!("cannot read standard input: {e}");
                return ExitCode::FAILURE;
            }
        };
        number += 1;
        let answer = match std::str::from_utf8(&bytes) {
            _ if long => {
                Json::error(format!("line {number} is longer than {LINE} bytes, the most a line takes; it was not run"))
            }
            Ok(line) if line.trim().is_empty() || line.trim_start().starts_with('#') => continue,
            Ok(line) => driver.command(line),
            Err(e) => Json::error(format!(
                "line {number} is not UTF-8 (byte {} of it is not valid); it was not run",
                e.valid_up_to() + 1
            )),
        };
        if writeln!(out, "{answer}").and_then(|_| out.flush()).is_err() {
            break;
        }
    }
    if signals::asked().is_some() && !signals::begin_end() {
        // The signals' thread ends the game (this thread was too slow to): it ends the process.
        loop {
            std::thread::park();
        }
    }
    // The saves and settings still being written reach the disk before the process ends.
    for notice in driver.finish() {
        eprintln!("notice: {notice}");
    }
    // The engines told `quit` and ended whole, the store's writer done and its folder's lock let go.
    drop(driver);
    signals::end_as_asked();
    ExitCode::SUCCESS
}

/// `cardtable trace [FOLDER] --script FILE`: each command of the script
/// played headless as `drive` plays it, printed, and under it what it ran
/// (the driver's `trace`, as indented text), then its answer.
fn trace(dir: Files, args: &cli::TraceArgs, library: &[(String, String)]) -> ExitCode {
    let mut driver = match headless(dir, &args.game, library, "trace") {
        Ok(driver) => driver,
        Err(code) => return code,
    };
    let text = match cardtable_runtime::source::read::read_text(&args.script, cardtable_runtime::source::read::SCRIPT) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("cannot read the script {}: {e}", args.script.display());
            return ExitCode::FAILURE;
        }
    };
    let options = args.driver_options();
    signals::keep_flushed(driver.world.store.flusher());
    let mut out = std::io::stdout().lock();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        // A signal ends the script between two commands, as `drive` ends.
        if signals::asked().is_some() {
            break;
        }
        let shown = driver.trace_text(&format!("{options} {line}"), line);
        if write!(out, "{shown}").and_then(|_| out.flush()).is_err() {
            break;
        }
    }
    if signals::asked().is_some() && !signals::begin_end() {
        // The signals' thread ends the game (this thread was too slow to): it ends the process.
        loop {
            std::thread::park();
        }
    }
    for notice in driver.finish() {
        eprintln!("notice: {notice}");
    }
    drop(driver);
    signals::end_as_asked();
    ExitCode::SUCCESS
}

/// The game of `dir` started headless for `sub` (`drive`, `trace`): its
/// store, its Logic Components switched off, the code libraries' options
/// applied; the cards' trees kept for `trace`. Err: the exit code, the
/// reason already printed.
fn headless(dir: Files, args: &cli::GameArgs, library: &[(String, String)], sub: &str) -> Result<Driver, ExitCode> {
    let Some(loaded) = load_or_report(&dir, args.lang.as_deref()) else { return Err(ExitCode::FAILURE) };
    refuse_unknown_off(&loaded.game, &args.off, Some(sub));
    let game = std::sync::Arc::new(loaded.game);
    let trees = Rc::new(loaded.trees);
    let store = match args.data_dir.as_deref() {
        Some(data) => Store::for_game(Some(data), &game.name),
        None => Store::memory(),
    };
    // Another process writes that folder: said on stderr too (the first answer carries it as a notice).
    if let Some(why) = store.not_kept() {
        eprintln!("notice: {why}");
    }
    let off: Vec<&str> = args.off.iter().map(String::as_str).collect();
    let seed = args.seed.unwrap_or(cardtable_runtime::world::Random::DEFAULT_SEED);
    let mut driver = Driver::with_seed(game, Rc::new(store), args.reduced_motion, &off, seed).with_trees(trees);
    driver.world.documents = args.documents.clone();
    for (name, value) in library {
        let faults = driver.world.faults.len();
        let applied = driver.apply_start_option(name, value);
        for fault in &driver.world.faults[faults..] {
            eprintln!("--{name}: {fault}");
        }
        if let Err(e) = applied {
            eprintln!("--{name}: {e}");
            return Err(ExitCode::FAILURE);
        }
    }
    Ok(driver)
}

/// `cardtable new DIR`: the built-in game written out as a folder to change.
/// `new DIR --extends GAME`: a folder of one game.yaml, made over GAME.
fn new_extending(dir: &Path, base: &str) -> ExitCode {
    match cardtable_runtime::load::write_extending(dir, base) {
        Ok((extends, name)) => {
            println!(
                "wrote {}/game.yaml: `extends: {extends}`, `game: {name}`.\nput in it only the files that differ from the base's (a table's rows changed: tables/T.changes.csv).\nplay it: cardtable {0}\ncheck it after a change: cardtable check {0}",
                dir.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cardtable new: {e}");
            ExitCode::FAILURE
        }
    }
}

fn new_game(dir: &Path) -> ExitCode {
    match cardtable_runtime::load::write_copy(&cardtable_chess::builtin(), dir) {
        Ok((files, name)) => {
            let mut top: Vec<String> = Vec::new();
            for f in &files {
                let mut parts = f.iter();
                let first = parts.next().map(|p| p.to_string_lossy().to_string()).unwrap_or_default();
                let name = if parts.next().is_some() { format!("{first}/") } else { first };
                if !top.contains(&name) {
                    top.push(name);
                }
            }
            println!(
                "wrote the built-in chess game to {} ({} files: {}).\nit is a game of its own, `{}` (game.yaml's `game`): its saved games and settings are kept apart from the built-in game's.\nplay it: cardtable {0}\ncheck it after a change: cardtable check {0}",
                dir.display(),
                files.len(),
                top.join(", "),
                name
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cardtable new: {e}");
            ExitCode::FAILURE
        }
    }
}
