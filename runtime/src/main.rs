//! `cardtable`: runs a game folder in a window, headless (`drive`), or checks it (`check`).

use cardtable::diag::Severity;
use cardtable::driver::Driver;
use cardtable::json::Json;
use cardtable::load::{load, Loaded};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::rc::Rc;

const USAGE: &str = "\
usage:
  cardtable [CONTENT] [--fen FEN] [--screenshot FILE.png] [--frames N] [--script FILE]
                      run the game in a window (CONTENT defaults to content/chess)
  cardtable drive [CONTENT]   play headless: driver commands on stdin, JSON on stdout
  cardtable check [CONTENT]   check a content folder and list every mistake";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("drive") => drive(content_dir(args.get(1))),
        Some("check") => check(content_dir(args.get(1))),
        Some("-h" | "--help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => match cardtable::window::Options::parse(&args) {
            Ok(opts) => {
                let Some(loaded) = load_or_report(&content_dir(opts.content.as_ref())) else {
                    return ExitCode::FAILURE;
                };
                cardtable::window::run(Rc::new(loaded.game), opts)
            }
            Err(msg) => {
                eprintln!("{msg}\n{USAGE}");
                ExitCode::from(2)
            }
        },
    }
}

/// The content folder named, else `content/chess` here, else the one beside the sources.
fn content_dir(arg: Option<&String>) -> PathBuf {
    if let Some(a) = arg {
        return PathBuf::from(a);
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

fn check(dir: PathBuf) -> ExitCode {
    match load_or_report(&dir) {
        Some(loaded) => {
            let g = &loaded.game;
            println!(
                "{}: `{}` is fine: {} tables, {} Data Structures, {} object types, {} Functions, {} Logic Components",
                dir.display(),
                g.name,
                g.tables.len(),
                g.structs.len(),
                g.types.len(),
                g.functions.len(),
                g.components.len()
            );
            ExitCode::SUCCESS
        }
        None => ExitCode::FAILURE,
    }
}

fn drive(dir: PathBuf) -> ExitCode {
    let Some(loaded) = load_or_report(&dir) else { return ExitCode::FAILURE };
    let mut driver = Driver::new(Rc::new(loaded.game));
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
