//! The `cardtable` command line (clap): the window, `drive`, `check`, `trace`, `uci` and `new`.
//!
//! Where a new option goes:
//! - one that every mode takes (the game folder, `--data-dir`, `--lang`):
//!   a field of [`GameArgs`];
//! - one of the window's alone (`--screenshot`, `--watch`): a field of
//!   [`WindowArgs`];
//! - one that a code library brings (the chess library's `--fen`, the
//!   Stockfish Bridge's `--engine`): registered by the library itself (`options` in
//!   `cardtable_runtime::library`), and handed to [`parse`]. These are added to the
//!   window's command at run time and come back as (name, value) pairs.

use clap::{Arg, ArgAction, Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use std::ffi::OsString;
use std::path::PathBuf;

/// Runs a game folder: in a window (no command), headless (`drive`), or checks it (`check`).
#[derive(Parser, Debug)]
#[command(name = "cardtable", version, propagate_version = true, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    mode: Option<Sub>,
    /// Without a subcommand: the window.
    #[command(flatten)]
    window: WindowArgs,
}

#[derive(Subcommand, Debug)]
enum Sub {
    /// Play headless: one driver command a line on stdin, one JSON answer a line
    /// on stdout (`help` lists the commands)
    Drive(GameArgs),
    /// Check a game folder and list every mistake with its file, line and column
    Check(GameArgs),
    /// Play a script of driver commands headless and print what each ran, as indented text: each Event,
    /// Logic Component and Function card entered, step, condition, table cell and field written, and fault
    Trace(TraceArgs),
    /// Speak UCI on stdin/stdout with the built-in chess engine (the engine library), for a chess GUI or a
    /// match runner: the game's Kinds, invented ones included, as the content defines them
    Uci(GameArgs),
    /// Write the built-in chess game into a new or empty folder, a starting point to change
    New {
        /// The folder to write (new, or empty)
        #[arg(value_name = "DIR")]
        dir: PathBuf,
        /// Write only a game.yaml that extends GAME (a folder, or a built-in game's name: `chess`); the
        /// folder then holds only the files that differ (content/README.md, "A game made over another")
        #[arg(long, value_name = "GAME")]
        extends: Option<String>,
    },
}

/// What every mode takes.
#[derive(Args, Debug, Clone, Default)]
pub struct GameArgs {
    /// The game folder [default: the chess game built into cardtable]
    #[arg(value_name = "CONTENT")]
    pub content: Option<PathBuf>,
    /// Where the game keeps its saved games and settings (values.yaml, saves/) [default: the window: the
    /// platform's data folder (~/.local/share/cardtable/GAME on Linux); drive: in memory, nothing kept;
    /// check: none is looked at]
    #[arg(long, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Where a game saved as PGN (the Game menu's Save PGN) is written [default: the window: the platform's
    /// documents folder (~/Documents on Linux); drive: none until its `documents DIR` command]
    #[arg(long, value_name = "DIR")]
    pub documents: Option<PathBuf>,
    /// Play as a system that asks for less motion does: the cards read `$prefersReducedMotion` as true
    #[arg(long)]
    pub reduced_motion: bool,
    /// Switch a Logic Component off on every Object from the start (repeatable): a game without one of its
    /// parts, such as the chess game without its Computer (`--off "Make Computer Move"`: one Player plays both Sides)
    #[arg(long, value_name = "COMPONENT")]
    pub off: Vec<String>,
    /// The language of the game's words: each table's translation tables/T.LANG.csv where there is
    /// one [default: the window: the system's (LC_ALL, LC_MESSAGES, LANG); drive: the words as written;
    /// check: every language there is, each checked]
    #[arg(long, value_name = "LANG")]
    pub lang: Option<String>,
    /// Seed the game's random numbers (the cards' `random(n)`) with N, so that each run draws the same
    /// [default: the window: the time; drive and trace: 0]
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

/// `trace`'s own options: the script, and what each command's trace keeps
/// (the driver's `trace` options, docs/driver.md).
#[derive(Args, Debug, Clone)]
pub struct TraceArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The driver commands to play and trace, one a line (as `cardtable drive` reads them)
    #[arg(long, value_name = "FILE")]
    pub script: PathBuf,
    /// The most entries each command's trace shows [default: 10000]
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Only what runs inside this Function or Logic Component (and what it calls and sends)
    #[arg(long, value_name = "NAME")]
    pub card: Option<String>,
    /// Only the writes and reads of this table ("who writes Targets?")
    #[arg(long, value_name = "NAME")]
    pub table: Option<String>,
    /// Only this many levels deep (below --card's card, when given)
    #[arg(long, value_name = "N")]
    pub depth: Option<u16>,
}

impl TraceArgs {
    /// The options as the driver's `trace` takes them before its command.
    pub fn driver_options(&self) -> String {
        let mut words = Vec::new();
        if let Some(n) = self.limit {
            words.push(format!("limit={n}"));
        }
        if let Some(card) = &self.card {
            words.push(format!("card=\"{card}\""));
        }
        if let Some(table) = &self.table {
            words.push(format!("table=\"{table}\""));
        }
        if let Some(n) = self.depth {
            words.push(format!("depth={n}"));
        }
        words.join(" ")
    }
}

/// The window's own options.
#[derive(Args, Debug, Clone)]
pub struct WindowArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Play the --script, draw --frames frames, write the game screen to this PNG and exit
    #[arg(long, value_name = "FILE.png")]
    pub screenshot: Option<PathBuf>,
    /// How many frames to draw before the screenshot
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub frames: u32,
    /// Driver commands to play before the first frame, one a line (as `cardtable drive` reads them)
    #[arg(long, value_name = "FILE")]
    pub script: Option<PathBuf>,
    /// With --screenshot: wait for N keys pressed in the window (the content binds them) before the --frames
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub keys: u32,
    /// The window's size when it opens, WIDTHxHEIGHT in pixels (a --screenshot is taken at it);
    /// a window wider than the game screen's shape shows room beside it (the cards' screenBeside())
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub window_size: Option<(u32, u32)>,
    /// Read the content folder again when a file in it is saved; the game goes on where it was
    #[arg(long)]
    pub watch: bool,
    /// Open the debug view from the start (F12 opens and closes it): the last input's trace, and the
    /// Object under the mouse with its Logic Components and variables, in a panel on the right
    #[arg(long)]
    pub debug: bool,
}

/// `--window-size WxH`: a width and a height, each 100 to 8192 pixels.
fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let why = || format!("`{text}` is no window size: write WIDTHxHEIGHT, each 100 to 8192 pixels (1600x900)");
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(why)?;
    let read = |n: &str| n.trim().parse::<u32>().ok().filter(|n| (100..=8192).contains(n));
    Ok((read(w).ok_or_else(why)?, read(h).ok_or_else(why)?))
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Mode {
    /// The window, with the values of the library options given, as (long name, value).
    Window(WindowArgs, Vec<(String, String)>),
    /// `drive`, with the values of the library options given, as the window's.
    Drive(GameArgs, Vec<(String, String)>),
    /// `check`, with the values of the library options given (`--engine PATH`: the engine checked).
    Check(GameArgs, Vec<(String, String)>),
    /// `trace`, with the values of the library options given, as `drive`'s.
    Trace(TraceArgs, Vec<(String, String)>),
    Uci(GameArgs),
    New(PathBuf, Option<String>),
}

/// The whole command, with each library option appended as `--NAME VALUE`
/// to the window's command and to `drive`'s, `check`'s and `trace`'s.
///
/// Panics when a library option's name is taken: two libraries (or a library
/// and the engine) may not claim the same option.
pub fn command(library_options: &[(&'static str, &'static str, &'static str)]) -> clap::Command {
    let mut cmd = Cli::command();
    for &(long, value_name, help) in library_options {
        assert!(
            cmd.get_arguments().all(|a| a.get_id() != long && a.get_long() != Some(long)),
            "the library option --{long} is already an option of cardtable"
        );
        let arg = Arg::new(long)
            .long(long)
            .value_name(value_name)
            .help(help)
            .action(ArgAction::Set)
            .help_heading("Library options");
        cmd = cmd
            .arg(arg.clone())
            .mut_subcommand("drive", |drive| drive.arg(arg.clone()))
            .mut_subcommand("check", |check| check.arg(arg.clone()))
            .mut_subcommand("trace", |trace| trace.arg(arg));
    }
    cmd
}

/// The library options given in `matches`, as (long name, value).
fn library_values(
    matches: &clap::ArgMatches,
    library_options: &[(&'static str, &'static str, &'static str)],
) -> Vec<(String, String)> {
    library_options
        .iter()
        .filter_map(|&(long, _, _)| matches.get_one::<String>(long).map(|v| (long.to_string(), v.clone())))
        .collect()
}

/// Reads the command line; on a mistake, or for --help and --version, prints
/// what clap prints and exits (2 for a mistake, with the usage).
pub fn parse(library_options: &[(&'static str, &'static str, &'static str)]) -> Mode {
    try_parse_from(std::env::args_os(), library_options).unwrap_or_else(|e| e.exit())
}

/// [`parse`] over given arguments (the program's name first), answering clap's error.
pub fn try_parse_from<I, T>(
    args: I,
    library_options: &[(&'static str, &'static str, &'static str)],
) -> Result<Mode, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let mut cmd = command(library_options);
    let matches = cmd.try_get_matches_from_mut(args)?;
    let cli = Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut cmd))?;
    Ok(match cli.mode {
        Some(Sub::Drive(game)) => {
            let values = matches.subcommand_matches("drive").map(|m| library_values(m, library_options));
            Mode::Drive(game, values.unwrap_or_default())
        }
        Some(Sub::Check(game)) => {
            let values = matches.subcommand_matches("check").map(|m| library_values(m, library_options));
            Mode::Check(game, values.unwrap_or_default())
        }
        Some(Sub::Trace(args)) => {
            let values = matches.subcommand_matches("trace").map(|m| library_values(m, library_options));
            Mode::Trace(args, values.unwrap_or_default())
        }
        Some(Sub::Uci(game)) => Mode::Uci(game),
        Some(Sub::New { dir, extends }) => Mode::New(dir, extends),
        None => Mode::Window(cli.window, library_values(&matches, library_options)),
    })
}

/// Refuses the command line as clap refuses a mistake in it: `error:` and
/// `message`, the usage of the subcommand `sub` (None: the window's), exit
/// status 2. For what only the loaded game can tell (`--off` naming no
/// Logic Component).
pub fn refuse(sub: Option<&str>, message: String) -> ! {
    let mut cmd = command(&cardtable_runtime::library::options());
    cmd.build();
    let cmd = match sub.and_then(|s| cmd.find_subcommand_mut(s)) {
        Some(sub) => sub.clone(),
        None => cmd,
    };
    let mut cmd = cmd;
    cmd.error(clap::error::ErrorKind::InvalidValue, message).exit()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The library options, the chess crate's libraries handed in as `main` hands them.
    fn options() -> Vec<(&'static str, &'static str, &'static str)> {
        cardtable_chess::install();
        cardtable_runtime::library::options()
    }

    #[test]
    fn the_command_is_well_formed() {
        command(&options()).debug_assert();
    }

    #[test]
    fn library_options_come_back_as_pairs_wherever_they_stand() {
        let fen = "8/8/8/8/8/8/8/8 w - - 0 1";
        for args in [
            vec!["cardtable", "--fen", fen, "content/chess", "--frames", "2"],
            vec!["cardtable", "--frames", "2", "content/chess", "--fen", fen],
        ] {
            let Ok(Mode::Window(w, values)) = try_parse_from(&args, &options()) else { panic!("{args:?}") };
            assert_eq!(values, [("fen".to_string(), fen.to_string())]);
            assert_eq!((w.frames, w.game.content), (2, Some(PathBuf::from("content/chess"))));
        }
        let Ok(Mode::Window(w, values)) = try_parse_from(["cardtable"], &options()) else { panic!() };
        assert!(values.is_empty());
        assert_eq!((w.frames, w.screenshot, w.game.content), (3, None, None));
    }

    #[test]
    fn drive_takes_the_library_options_as_the_window_does() {
        let opts = options();
        let Ok(Mode::Drive(d, values)) =
            try_parse_from(["cardtable", "drive", "--engine", "builtin", "content/chess"], &opts)
        else {
            panic!()
        };
        assert_eq!(values, [("engine".to_string(), "builtin".to_string())]);
        assert_eq!(d.content, Some(PathBuf::from("content/chess")));
    }

    #[test]
    fn every_mode_takes_a_data_folder() {
        let opts = options();
        let data = Some(PathBuf::from("/tmp/d"));
        let Ok(Mode::Window(w, _)) = try_parse_from(["cardtable", "--data-dir", "/tmp/d"], &opts) else { panic!() };
        assert_eq!(w.game.data_dir, data);
        let Ok(Mode::Drive(d, _)) = try_parse_from(["cardtable", "drive", "--data-dir", "/tmp/d", "x"], &opts) else {
            panic!()
        };
        assert_eq!((d.data_dir, d.content), (data.clone(), Some(PathBuf::from("x"))));
        let Ok(Mode::Check(c, _)) = try_parse_from(["cardtable", "check", "x", "--data-dir", "/tmp/d"], &opts) else {
            panic!()
        };
        assert_eq!(c.data_dir, data);
    }
}
