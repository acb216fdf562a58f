//! `cardtable`: runs a game folder in a window, headless (`drive`), or checks it (`check`).

use cardtable::host::driver::Driver;
use cardtable::load::{load_files, Loaded};
use cardtable::source::diag::Severity;
use cardtable::source::files::Files;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::rc::Rc;

const USAGE: &str = "\
usage:
  cardtable [CONTENT] [--fen FEN] [--screenshot FILE.png] [--frames N] [--script FILE]
                      run the game in a window (CONTENT defaults to the built-in chess)
  cardtable drive [CONTENT]   play headless: driver commands on stdin, JSON on stdout
  cardtable check [CONTENT]   check a content folder and list every mistake
  cardtable new DIR           write the built-in chess game into DIR, to change";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("drive") => drive(content_dir(args.get(1))),
        Some("check") => check(content_dir(args.get(1))),
        Some("new") => match args.get(1) {
            Some(dir) => new_game(Path::new(dir)),
            None => {
                eprintln!("cardtable new: which folder?\n{USAGE}");
                ExitCode::from(2)
            }
        },
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

/// The content folder named, else the chess game built into the binary.
fn content_dir(arg: Option<&String>) -> Files {
    match arg {
        Some(a) => Files::Dir(PathBuf::from(a)),
        None => cardtable::load::builtin(),
    }
}

fn load_or_report(dir: &Files) -> Option<Loaded> {
    match load_files(dir.clone()) {
        Ok(loaded) => {
            for w in &loaded.warnings {
                eprintln!("{}: {w}", dir.display());
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

fn check(dir: Files) -> ExitCode {
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

fn drive(dir: Files) -> ExitCode {
    let Some(loaded) = load_or_report(&dir) else { return ExitCode::FAILURE };
    let mut driver = Driver::new(Rc::new(loaded.game));
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let answer = driver.command(&line);
        if writeln!(out, "{answer}").and_then(|_| out.flush()).is_err() {
            break;
        }
    }
    ExitCode::SUCCESS
}

/// `cardtable new DIR`: the built-in game written out as a folder to change.
fn new_game(dir: &Path) -> ExitCode {
    match cardtable::load::write_builtin(dir) {
        Ok(files) => {
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
                "wrote the built-in chess game to {} ({} files: {}).\nplay it: cardtable {0}\ncheck it after a change: cardtable check {0}",
                dir.display(),
                files.len(),
                top.join(", ")
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cardtable new: {e}");
            ExitCode::FAILURE
        }
    }
}
