//! `cardtable check`: a content folder loaded and checked, then started
//! headless as the driver and the window start it (the scene placed, every
//! Created Event run, with all they set off), so that a game that faults
//! before its first input is not called fine.

use crate::game::Game;
use crate::library::{Finding, Libraries};
use crate::program::{StepKind, Trees};
use crate::save;
use crate::source::diag::{Diagnostic, Severity};
use crate::source::files::Files;
use crate::source::read;
use crate::value::Type;
use crate::world::{Fault, World};
use std::path::{Path, PathBuf};

/// What `check` found in a folder.
pub struct CheckReport {
    /// The content: a folder, as it was named, or the built-in game.
    pub files: Files,
    /// Every mistake and warning of the load, in the loader's order.
    pub diagnostics: Vec<Diagnostic>,
    /// The game, when it loaded.
    pub game: Option<std::sync::Arc<Game>>,
    /// Every fault while the game started, before the first input, oldest first.
    pub faults: Vec<Fault>,
    /// The data folder looked at (`--data-dir`), if one was given.
    pub data_dir: Option<PathBuf>,
    /// Its files that the game cannot use (a values file or a saved game that
    /// cannot be read, or does not fit the content), each with why: the game
    /// moves such a file aside when it meets it.
    pub bad_files: Vec<(PathBuf, String)>,
    /// Its files the game reads only in part, each with what it would not
    /// use: a saved game made with other content (what a load drops, and
    /// tells the player), the values file (a kept value no `load value`
    /// step can read as its default's type, which answers the default).
    pub dropped: Vec<(PathBuf, Vec<String>)>,
    /// What the game's libraries found playing it from its start
    /// (`Resolved::check_play`: the chess library's engines against the
    /// cards), a line each.
    pub play: Vec<Finding>,
}

/// Loads the content `files`; if it loads, starts it headless (`World::new`
/// and `World::start`, as `Driver::new` does) and keeps every fault.
pub fn check_folder(files: Files) -> CheckReport {
    check_with_data(files, None)
}

/// [`check_folder`], and when `data_dir` is given, every file of that data
/// folder (`values.yaml`, `saves/*.yaml`) read, and each save fitted to the
/// game, as the game would: nothing there is changed or moved.
pub fn check_with_data(files: Files, data_dir: Option<&Path>) -> CheckReport {
    check_in(files, data_dir, None)
}

/// [`check_with_data`] in the language `lang`, and what each language lacks
/// or changes: `lang`'s, or with none every
/// language's, each with the mistakes in its own files; all in one load
/// (`load::load_for_check`), so that check takes about what a load takes.
pub fn check_in(files: Files, data_dir: Option<&Path>, lang: Option<&str>) -> CheckReport {
    check_with_options(files, data_dir, lang, &[])
}

/// [`check_in`], the code libraries' options (`--engine PATH`) applied to
/// the libraries before they play the game (one that cannot be applied is
/// told among what they found). With `data_dir`, the libraries keep what
/// they found there for the game's next start and for the next check (the
/// engines' check: its Persistent Value), once the folder's files are all
/// found good; nothing else in it is changed.
pub fn check_with_options(
    files: Files,
    data_dir: Option<&Path>,
    lang: Option<&str>,
    options: &[(String, String)],
) -> CheckReport {
    let mut reads = Vec::new();
    // Each language read in the one load, over the tables it makes.
    let langs = lang.map_or_else(|| crate::load::languages(&files), |l| vec![l.to_string()]);
    let (loaded, languages) = crate::load::load_for_check(files.clone(), lang, &langs);
    let (mut diagnostics, game, faults, world) = match loaded {
        Ok(loaded) => {
            let game = std::sync::Arc::new(loaded.game);
            reads = value_reads(&game, &loaded.trees);
            let mut world = World::new(game.clone());
            world.start();
            let faults = world.faults.clone();
            (loaded.warnings, Some(game), faults, Some(world))
        }
        Err(list) => (list, None, Vec::new(), None),
    };
    diagnostics.extend(languages);
    let (bad_files, dropped) = data_dir.map_or_else(Default::default, |d| data_files(d, game.as_ref(), &reads));
    let mut play = Vec::new();
    // Played on copies of a World that started without a fault.
    if let (Some(mut world), Some(game)) = (world.filter(|w| w.faults.is_empty()), game.as_ref()) {
        // The data folder's store, for what the libraries keep: opened only for a game that names a library
        // (which may keep what it found there, in values.yaml; the store takes the folder's `.lock`) and when
        // the folder's files are all good (opening it moves a bad one aside); else nothing there is touched.
        if let (Some(d), true, false) = (data_dir, bad_files.is_empty(), game.libraries.is_empty()) {
            world.store = std::rc::Rc::new(save::Store::for_game(Some(d), &game.name));
        }
        let libraries = Libraries::start(game);
        for (name, value) in options {
            if let Err(e) = libraries.apply_option(&mut world, name, value) {
                play.push(Finding { text: format!("--{name} {value}: {e}"), differs: false });
            }
        }
        play.extend(libraries.check_play(&world));
        world.store.flush();
    }
    let data_dir = data_dir.map(Path::to_path_buf);
    CheckReport { files, diagnostics, game, faults, data_dir, bad_files, dropped, play }
}

/// Each `load value` step: its key, the type it reads, its card.
type ValueRead = (String, Type, String);

/// Files, each with why it cannot be used; files, each with what of it is not used.
type DataFiles = (Vec<(PathBuf, String)>, Vec<(PathBuf, Vec<String>)>);

fn value_reads(game: &Game, trees: &Trees) -> Vec<ValueRead> {
    let mut reads = Vec::new();
    trees.each_step(|step| {
        if let StepKind::LoadValue { key, ty, .. } = &step.kind {
            let card = game.sites.get(step.site as usize).map(|s| game.card_name(s.card)).unwrap_or_default();
            reads.push((key.to_string(), *ty, card));
        }
    });
    reads
}

/// The files of a data folder the game cannot use, with why; and those it
/// reads only in part, with what it would not use.
fn data_files(dir: &Path, game: Option<&std::sync::Arc<Game>>, reads: &[ValueRead]) -> DataFiles {
    let mut out = Vec::new();
    let mut dropped = Vec::new();
    let values = dir.join(save::VALUES);
    match read::read(&values, read::VALUES) {
        Ok(bytes) => match save::read_values(&bytes) {
            Err(why) => out.push((values, why)),
            Ok(kept) => {
                let mut world = game.map(|g| World::new(g.clone()));
                let mut unread = Vec::new();
                for (key, ty, card) in reads {
                    let (Some(w), Some(value)) = (world.as_mut(), kept.get(key)) else { continue };
                    if let Err(why) = w.kept_as(value, *ty) {
                        unread.push(format!(
                            "the kept value `{key}` cannot be read as a {} ({why}): `load value` in {card} answers its default",
                            ty.name()
                        ));
                    }
                }
                if !unread.is_empty() {
                    dropped.push((values, unread));
                }
            }
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => out.push((values, e.to_string())),
    }
    let mut saves: Vec<PathBuf> = match std::fs::read_dir(dir.join(save::SAVES)) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| !p.is_dir() && p.extension().is_some_and(|x| x == "yaml"))
            .collect(),
        Err(_) => Vec::new(),
    };
    saves.sort();
    for path in save::leftovers(dir) {
        out.push((path, "a write cut short left it (the game removes it as it next opens the folder)".into()));
    }
    for path in saves {
        let read = read::read(&path, read::SAVE).map_err(|e| e.to_string()).and_then(|b| save::SaveFile::read(&b));
        let fits = read.and_then(|s| match game {
            Some(g) => World::from_save(g.clone(), &s).map(|(_, notes)| notes),
            None => Ok(Vec::new()),
        });
        match fits {
            Err(why) => out.push((path, why)),
            Ok(notes) if !notes.is_empty() => dropped.push((path, notes)),
            Ok(_) => {}
        }
    }
    (out, dropped)
}

impl CheckReport {
    /// How many mistakes (not warnings) the load found.
    pub fn errors(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.severity == Severity::Error).count()
    }

    /// The folder loads, starts without a fault, and its libraries found
    /// nothing that differs (every engine follows the cards).
    pub fn is_fine(&self) -> bool {
        self.game.is_some()
            && self.errors() == 0
            && self.faults.is_empty()
            && self.bad_files.is_empty()
            && !self.play.iter().any(|f| f.differs)
    }

    /// What the libraries found playing the game, a line each (`check`
    /// prints them after its verdict).
    pub fn play_lines(&self) -> String {
        self.play.iter().map(|f| format!("{}\n", f.text)).collect()
    }

    /// Every mistake, warning and fault, each with its place, one after the
    /// other (empty when there is none).
    pub fn details(&self) -> String {
        let dir = self.files.display();
        let mut out = String::new();
        for d in &self.diagnostics {
            out.push_str(&format!("{}\n\n", self.files.locate(d)));
        }
        if !self.faults.is_empty() {
            out.push_str(&format!(
                "{dir}: the game faults as it starts (the scene's Created Events, before any input):\n"
            ));
            for f in &self.faults {
                out.push_str(&format!("  {f}\n"));
            }
            out.push('\n');
        }
        if self.play.iter().any(|f| f.differs) {
            out.push_str(&format!("{dir}: what the game's libraries found playing it from its start:\n"));
            for f in &self.play {
                out.push_str(&format!("  {}\n", f.text));
            }
            out.push('\n');
        }
        if let (Some(data), false) = (&self.data_dir, self.dropped.is_empty()) {
            out.push_str(&format!(
                "{}: what the game would not use of these files (a saved game loads without it, and tells the player):\n",
                data.display()
            ));
            for (file, notes) in &self.dropped {
                for n in notes {
                    out.push_str(&format!("  {}: {n}\n", file.display()));
                }
            }
            out.push('\n');
        }
        if let (Some(data), false) = (&self.data_dir, self.bad_files.is_empty()) {
            out.push_str(&format!(
                "{}: files the game cannot use (it moves each aside, to NAME.bad-TIME, when it meets it; a `.new` a write \
                 cut short left, it removes):\n",
                data.display()
            ));
            for (file, why) in &self.bad_files {
                out.push_str(&format!("  {}: {why}\n", file.display()));
            }
            out.push('\n');
        }
        out
    }

    /// One line: fine, or how many mistakes or faults.
    pub fn verdict(&self) -> String {
        let dir = self.files.display();
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        match &self.game {
            None => format!("{dir} has {}; nothing was started.", plural(self.errors(), "mistake")),
            Some(g) if self.faults.is_empty() && self.errors() == 0 && !self.bad_files.is_empty() => format!(
                "{dir}: `{}` is fine, but {} of {} cannot be used.",
                g.name,
                plural(self.bad_files.len(), "file"),
                self.data_dir.as_deref().unwrap_or(Path::new("?")).display()
            ),
            Some(g) if !self.faults.is_empty() => format!(
                "{dir}: `{}` loads, but has {} as it starts.",
                g.name,
                plural(self.faults.len(), "fault")
            ),
            Some(g) if self.play.iter().any(|f| f.differs) => format!(
                "{dir}: `{}` loads and starts, but {} what its cards play.",
                g.name,
                match self.play.iter().filter(|f| f.differs).count() {
                    1 => "an engine does not follow".to_string(),
                    n => format!("{n} engines do not follow"),
                }
            ),
            Some(g) => format!(
                "{dir}: `{}` is fine: {} tables, {} Data Structures, {} object types, {} Functions, {} Logic Components; it starts without a fault",
                g.name,
                g.tables.len(),
                g.structs.len(),
                g.types.len(),
                g.functions.len(),
                g.components.len()
            ),
        }
    }
}
