//! `cardtable`: runs a game folder in a window, headless (`drive`), or checks it (`check`).

use cardtable::host::driver::Driver;
use cardtable::json::Json;
use cardtable::load::{load, Loaded};
use cardtable::save::Store;
use cardtable::source::diag::Severity;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::rc::Rc;

mod cli;
mod window;

fn main() -> ExitCode {
    match cli::parse(&cardtable::library::options()) {
        cli::Mode::Drive(game) => drive(content_dir(game.content.as_deref()), game.data_dir.as_deref()),
        cli::Mode::Check(game) => check(content_dir(game.content.as_deref()), game.data_dir.as_deref()),
        cli::Mode::Window(args, library) => window(args, &library),
    }
}

/// The window, or with `--screenshot` a few frames and a PNG.
fn window(args: cli::WindowArgs, library: &[(String, String)]) -> ExitCode {
    let opts = window::Options {
        screenshot: args.screenshot,
        frames: args.frames,
        script: args.script,
        library: library.to_vec(),
        data_dir: args.game.data_dir.clone(),
    };
    // Said before the game is loaded: without a display nothing else matters.
    if let Some(why) = window::no_display() {
        eprintln!("{why}");
        return ExitCode::FAILURE;
    }
    let Some(loaded) = load_or_report(&content_dir(args.game.content.as_deref())) else {
        return ExitCode::FAILURE;
    };
    window::run(Rc::new(loaded.game), opts)
}

/// The content folder named, else `content/chess` here, else the one beside the sources.
fn content_dir(arg: Option<&Path>) -> PathBuf {
    if let Some(a) = arg {
        return a.to_path_buf();
    }
    let here = Path::new("content/chess");
    if here.is_dir() {
        return here.to_path_buf();
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/chess")
}

fn load_or_report(dir: &Path) -> Option<Loaded> {
    match load(dir) {
        Ok(loaded) => {
            for w in &loaded.warnings {
                eprintln!("{}: {w}", dir.display());
            }
            Some(loaded)
        }
        Err(diags) => {
            let errors = diags.iter().filter(|d| d.severity == Severity::Error).count();
            for d in &diags {
                eprintln!("{}/{d}\n", dir.display());
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

fn check(dir: PathBuf, data_dir: Option<&Path>) -> ExitCode {
    let report = cardtable::host::check::check_with_data(&dir, data_dir);
    eprint!("{}", report.details());
    if report.is_fine() {
        println!("{}", report.verdict());
        ExitCode::SUCCESS
    } else {
        eprintln!("{}", report.verdict());
        ExitCode::FAILURE
    }
}

/// Headless; saves and Persistent Values in `data_dir` when given, else in memory.
fn drive(dir: PathBuf, data_dir: Option<&Path>) -> ExitCode {
    let Some(loaded) = load_or_report(&dir) else { return ExitCode::FAILURE };
    let game = Rc::new(loaded.game);
    let mut driver = match data_dir {
        Some(data) => Driver::with_store(game.clone(), Rc::new(Store::for_game(Some(data), &game.name))),
        None => Driver::new(game),
    };
    let mut input = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    // Bytes, not `lines()`: a line that is not UTF-8 is answered with an error
    // and the lines after it are still read.
    let mut bytes = Vec::new();
    for number in 1u64.. {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("cannot read standard input: {e}");
                return ExitCode::FAILURE;
            }
        }
        let answer = match std::str::from_utf8(&bytes) {
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
    ExitCode::SUCCESS
}
