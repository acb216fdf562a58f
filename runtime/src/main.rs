//! `cardtable`: runs a game folder in a window, headless (`drive`), or checks it (`check`).

use cardtable::host::driver::Driver;
use cardtable::load::{load, Loaded};
use cardtable::source::diag::Severity;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::rc::Rc;

/// The usage; the code libraries' options (`--fen FEN`) come from their registry.
fn usage() -> String {
    let library: String =
        cardtable::library::options().iter().map(|(name, value, _)| format!(" [--{name} {value}]")).collect();
    format!(
        "\
usage:
  cardtable [CONTENT]{library} [--screenshot FILE.png] [--frames N] [--script FILE]
                      run the game in a window (CONTENT defaults to content/chess)
  cardtable drive [CONTENT]   play headless: driver commands on stdin, JSON on stdout
  cardtable check [CONTENT]   check a content folder and list every mistake"
    )
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("drive") => drive(content_dir(args.get(1))),
        Some("check") => check(content_dir(args.get(1))),
        Some("-h" | "--help") => {
            println!("{}", usage());
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
                eprintln!("{msg}\n{}", usage());
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
