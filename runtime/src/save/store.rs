//! Where a game's saves and Persistent Values go: in memory, or a folder
//! (`values.yaml`, `saves/SLOT.yaml`), each file written atomically (a new
//! file beside it, synced, renamed over the old, the folder synced) by the
//! folder's writer thread (`writer.rs`: the frame never waits on the disk),
//! and a file that cannot be read moved aside with a timestamped name.

use super::writer::{Flusher, Job, Writer};
use super::{check_key, read_versioned, SaveFile, FORMAT};
use crate::source::read;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;
use std::time::SystemTime;

/// The Persistent Values' file, in the store.
pub const VALUES: &str = "values.yaml";
/// The folder of the saved games, in the store.
pub const SAVES: &str = "saves";
/// The lock file of a data folder: the one process that holds its lock
/// writes the folder (an advisory lock of the system's, let go when the
/// process ends, however it ends).
pub const LOCK: &str = ".lock";
/// What a file being written is called until it is whole (`saves/auto.yaml.new`).
pub const NEW: &str = ".new";

/// A Persistent Value, typed: `{type: Text, value: White}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", content = "value")]
pub enum Kept {
    Number(f64),
    Text(String),
    Boolean(bool),
    /// `#RRGGBBAA`
    Color(String),
}

/// `values.yaml`.
#[derive(Serialize, Deserialize)]
struct ValuesFile {
    format: u32,
    values: BTreeMap<String, Kept>,
    /// Written last: a file cut short lacks it.
    complete: bool,
}

/// Where a game keeps what outlives a World: its saved games and its
/// Persistent Values. Shared (an `Rc`) by a World and its snapshots: a save
/// is on the computer, not in a snapshot. Every method takes `&self`.
pub struct Store {
    place: Place,
    /// The Persistent Values, read when the store was opened.
    values: RefCell<BTreeMap<String, Kept>>,
    /// What the player should be told about the store's files (a file moved
    /// aside as it was opened), until a World takes them.
    notices: RefCell<Vec<String>>,
    /// Why nothing is kept, when another process holds the data folder's
    /// lock: the notice, also for the host to print.
    not_kept: Option<String>,
}

enum Place {
    /// Files by name, in memory.
    Memory(RefCell<BTreeMap<String, MemFile>>),
    /// A folder, and its writer (shared by the store's duplicates: one
    /// thread writes each file of the folder).
    Folder(PathBuf, Rc<Writer>),
}

/// A file of a store in memory.
#[derive(Clone)]
enum MemFile {
    Bytes(Vec<u8>),
    /// A save kept as it was made: in memory, a save after every Turn costs
    /// no text written and read again (its bytes are made if asked for).
    Save(Arc<SaveFile>),
}

impl Store {
    /// A store in memory: nothing outlives the process. The driver's default.
    pub fn memory() -> Store {
        Store {
            place: Place::Memory(RefCell::new(BTreeMap::new())),
            values: RefCell::new(BTreeMap::new()),
            notices: RefCell::new(Vec::new()),
            not_kept: None,
        }
    }

    /// A store in a folder (made now, with its lock file). The folder is
    /// this process's to write while the store (or a duplicate) lives: its
    /// lock is taken, the files a write cut short left (`*.yaml.new`) are
    /// removed, and its Persistent Values are read; a values file that
    /// cannot be read is moved aside, and the notice says so.
    ///
    /// When another process holds the lock (a second window on the same
    /// data folder), this store keeps nothing: it is in memory, starting
    /// from the folder's Persistent Values (read, never changed), and its
    /// notice ([`Store::not_kept`]) says so, as a browser does with a
    /// profile in use. When no lock can be had at all (a folder that cannot
    /// be written, a file system without locks), the folder is used as it
    /// is, and a write that fails is told as it fails.
    pub fn folder(dir: PathBuf) -> Store {
        let lock = match take_lock(&dir) {
            Ok(lock) => Some(lock),
            Err(std::fs::TryLockError::WouldBlock) => return Store::kept_by_another(dir),
            Err(std::fs::TryLockError::Error(_)) => None,
        };
        if lock.is_some() {
            remove_leftovers(&dir);
        }
        let writer = Rc::new(Writer::new(dir.clone(), lock));
        let store = Store { place: Place::Folder(dir, writer), ..Store::memory() };
        store.read_values();
        store
    }

    /// The store of a process whose data folder another process writes: in
    /// memory, with the folder's Persistent Values as they are now.
    fn kept_by_another(dir: PathBuf) -> Store {
        let mut store = Store::memory();
        if let Ok(values) =
            read::read(&dir.join(VALUES), read::VALUES).map_err(|e| e.to_string()).and_then(|b| read_values(&b))
        {
            *store.values.borrow_mut() = values;
        }
        let notice = format!(
            "Another Cardtable is using the data folder {} (its saved games and settings): this one keeps nothing \
             there; its saves and settings last until it closes.",
            dir.display()
        );
        store.notices.borrow_mut().push(notice.clone());
        store.not_kept = Some(notice);
        store
    }

    /// When another process holds the data folder: why nothing is kept, in
    /// words (also among the notices), for the host to print.
    pub fn not_kept(&self) -> Option<&str> {
        self.not_kept.as_deref()
    }

    /// The store of a game: `dir` when given (`--data-dir`), else the
    /// platform's data folder for the game (`$XDG_DATA_HOME/cardtable/GAME`
    /// on Linux). When the platform has none, the store is in memory, and
    /// the notice says that nothing will be kept.
    pub fn for_game(dir: Option<&Path>, game: &str) -> Store {
        match dir.map(Path::to_path_buf).or_else(|| platform_dir(game)) {
            Some(dir) => Store::folder(dir),
            None => {
                let store = Store::memory();
                store.notices.borrow_mut().push(
                    "This computer has no folder for a game's data (no home folder?): nothing will be kept after \
                     the game closes."
                        .into(),
                );
                store
            }
        }
    }

    /// A store of its own that holds what this one holds now: in memory, a
    /// copy of its files and values; in a folder, the same folder. (A copy
    /// of a World checked against the World, as the cards fuzzer makes one,
    /// must not see the other's saves.)
    pub fn duplicate(&self) -> Store {
        let place = match &self.place {
            Place::Memory(files) => Place::Memory(RefCell::new(files.borrow().clone())),
            Place::Folder(dir, writer) => Place::Folder(dir.clone(), writer.clone()),
        };
        Store {
            place,
            values: RefCell::new(self.values.borrow().clone()),
            notices: RefCell::new(Vec::new()),
            not_kept: self.not_kept.clone(),
        }
    }

    /// The folder, for a store in one.
    pub fn dir(&self) -> Option<&Path> {
        match &self.place {
            Place::Memory(_) => None,
            Place::Folder(dir, _) => Some(dir),
        }
    }

    /// What the player should be told about the store's files, once: a
    /// file moved aside as it was opened, a write of the writer's thread
    /// that failed since last asked.
    pub fn take_notices(&self) -> Vec<String> {
        let mut notices = std::mem::take(&mut *self.notices.borrow_mut());
        if let Place::Folder(_, writer) = &self.place {
            notices.extend(writer.take_failures());
        }
        notices
    }

    /// Waits until every file handed to the folder's writer is written (or
    /// has failed: [`Store::take_notices`] tells it). At once in memory.
    pub fn flush(&self) {
        if let Place::Folder(_, writer) = &self.place {
            writer.flush();
        }
    }

    /// A handle that waits for this folder's writer from any thread (None
    /// in memory): the binary's end by a signal flushes through it when the
    /// game's own thread cannot end in order.
    pub fn flusher(&self) -> Option<Flusher> {
        match &self.place {
            Place::Memory(_) => None,
            Place::Folder(_, writer) => Some(writer.flusher()),
        }
    }

    /// Waits until the save of `slot` handed over last is on the disk
    /// (written, synced, renamed over the old), at once in memory; Err says
    /// why it could not be written (then not told again as a notice). Only
    /// the driver's `save` waits so: the frame never does.
    pub fn wait_for_slot(&self, slot: &str) -> Result<(), String> {
        match &self.place {
            Place::Memory(_) => Ok(()),
            Place::Folder(_, writer) => writer.settle(&Store::slot_file(slot)),
        }
    }

    /// Whether the folder's writer has files still to write.
    pub fn writing(&self) -> bool {
        match &self.place {
            Place::Memory(_) => false,
            Place::Folder(_, writer) => writer.busy(),
        }
    }

    /// Tests only: the folder's writer.
    #[cfg(test)]
    fn writer(&self) -> &Writer {
        match &self.place {
            Place::Folder(_, writer) => writer,
            Place::Memory(_) => panic!("a store in memory has no writer"),
        }
    }

    /// The newest of a file handed to the folder's writer and not yet on
    /// the disk, if any.
    fn latest(&self, name: &str) -> Option<Job> {
        match &self.place {
            Place::Memory(_) => None,
            Place::Folder(_, writer) => writer.latest(name),
        }
    }

    /// The file of a save slot (a slot that passed `check_slot`).
    pub fn slot_file(slot: &str) -> String {
        format!("{SAVES}/{slot}.yaml")
    }

    /// A slot's bytes; None when it holds no save.
    pub fn read_slot(&self, slot: &str) -> io::Result<Option<Vec<u8>>> {
        self.read(&Store::slot_file(slot))
    }

    pub fn write_slot(&self, slot: &str, bytes: &[u8]) -> io::Result<()> {
        self.write(&Store::slot_file(slot), bytes)
    }

    /// Whether a slot holds a save (a file, read or not; or one handed to
    /// the writer).
    pub fn has_slot(&self, slot: &str) -> bool {
        let name = Store::slot_file(slot);
        match &self.place {
            Place::Memory(files) => files.borrow().contains_key(&name),
            Place::Folder(dir, writer) => match writer.latest(&name) {
                Some(Job::Remove) => false,
                Some(_) => true,
                None => dir.join(&name).is_file(),
            },
        }
    }

    /// Forgets a slot's save; whether there was one. In a folder the file is
    /// removed by the writer, after any write of it handed over before (a
    /// write still waiting is dropped); Err (only when there is no writer
    /// thread) says why it could not be.
    pub fn forget_slot(&self, slot: &str) -> Result<bool, String> {
        let name = Store::slot_file(slot);
        match &self.place {
            Place::Memory(files) => Ok(files.borrow_mut().remove(&name).is_some()),
            Place::Folder(..) => {
                let had = self.has_slot(slot);
                self.hand_over(&name, Job::Remove).map(|()| had)
            }
        }
    }

    /// Gives a job to the folder's writer. Err: the notice, when it was done
    /// at once (no writer thread) and failed.
    fn hand_over(&self, name: &str, job: Job) -> Result<(), String> {
        match &self.place {
            Place::Memory(_) => Ok(()),
            Place::Folder(_, writer) => writer.put(name, job),
        }
    }

    /// Moves a file of the store (`saves/auto.yaml`) aside, to a name of its
    /// own with the time (`saves/auto.yaml.bad-20250102T030405`); that name.
    /// In a folder, what the writer has of it is written first: it is the
    /// file that is moved.
    pub fn move_aside(&self, name: &str) -> io::Result<String> {
        self.flush();
        let taken = |n: &str| match &self.place {
            Place::Memory(files) => files.borrow().contains_key(n),
            Place::Folder(dir, _) => dir.join(n).exists(),
        };
        let to = bad_name(name, &stamp(SystemTime::now()), taken);
        match &self.place {
            Place::Memory(files) => {
                let mut files = files.borrow_mut();
                let bytes = files.remove(name).ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))?;
                files.insert(to.clone(), bytes);
            }
            Place::Folder(dir, _) => {
                let from = dir.join(name);
                std::fs::rename(&from, dir.join(&to))?;
                if let Some(parent) = from.parent() {
                    sync_dir(parent);
                }
            }
        }
        Ok(to)
    }

    /// A Persistent Value, if one is kept under `key`.
    pub fn value(&self, key: &str) -> Option<Kept> {
        self.values.borrow().get(key).cloned()
    }

    /// Keeps a Persistent Value, and writes the values' file (in a folder,
    /// through the writer). Err says why it could not be written (the value
    /// is kept in memory all the same, but for one that would make the file
    /// larger than a values file may be read: that one is not kept, so that
    /// the file is never one the next start moves aside); a failure of the
    /// writer's thread is told later, in [`Store::take_notices`].
    /// Ok: the size of the values' file written, in bytes.
    pub fn set_value(&self, key: &str, value: Kept) -> Result<usize, String> {
        check_key(key)?;
        let text = {
            let mut values = self.values.borrow_mut();
            let before = values.insert(key.to_string(), value);
            let file = ValuesFile { format: FORMAT, values: values.clone(), complete: true };
            let text =
                serde_yaml::to_string(&file).map_err(|e| format!("the values could not be written as YAML: {e}"))?;
            if text.len() as u64 > read::VALUES.bytes {
                match before {
                    Some(old) => values.insert(key.to_string(), old),
                    None => values.remove(key),
                };
                return Err(format!(
                    "the value `{key}` was not kept: with it the kept values would be {} bytes, more than the {} \
                     {} may be",
                    text.len(),
                    read::VALUES.bytes,
                    read::VALUES.what
                ));
            }
            text
        };
        let size = text.len();
        match &self.place {
            Place::Memory(_) => self.write(VALUES, text.as_bytes()).map_err(|e| self.io_failure(VALUES, &e)),
            Place::Folder(..) => self.hand_over(VALUES, Job::Bytes(text.into_bytes().into())),
        }
        .map(|()| size)
    }

    /// A file of the store, as the player should read its name in a notice.
    pub fn shown(&self, name: &str) -> String {
        match &self.place {
            Place::Memory(_) => name.to_string(),
            Place::Folder(dir, _) => dir.join(name).display().to_string(),
        }
    }

    /// An error of the file system about a file, in words.
    pub fn io_failure(&self, name: &str, e: &io::Error) -> String {
        format!("{}: {e}", self.shown(name))
    }

    /// A file's bytes; None when there is no such file. In a folder, what
    /// the writer has of it and has not written yet, else the file.
    pub fn read(&self, name: &str) -> io::Result<Option<Vec<u8>>> {
        match self.latest(name) {
            None => {}
            Some(Job::Remove) => return Ok(None),
            Some(Job::Bytes(bytes)) => return Ok(Some(bytes.to_vec())),
            Some(Job::Save(save)) => {
                return save.to_yaml().map(|text| Some(text.into_bytes())).map_err(io::Error::other)
            }
        }
        match &self.place {
            Place::Memory(files) => match files.borrow().get(name) {
                None => Ok(None),
                Some(MemFile::Bytes(bytes)) => Ok(Some(bytes.clone())),
                Some(MemFile::Save(save)) => {
                    save.to_yaml().map(|text| Some(text.into_bytes())).map_err(io::Error::other)
                }
            },
            Place::Folder(dir, _) => match read::read(&dir.join(name), limit_of(name)) {
                Ok(bytes) => Ok(Some(bytes)),
                Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
                Err(e) => Err(e),
            },
        }
    }

    /// Writes a file whole, atomically: a reader (or a crash) sees the old
    /// file or the new one, never a part. In a folder the writer's thread
    /// writes it (reads see it at once); Err only when there is no thread
    /// and the write failed.
    pub fn write(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        match &self.place {
            Place::Memory(files) => {
                files.borrow_mut().insert(name.to_string(), MemFile::Bytes(bytes.to_vec()));
                Ok(())
            }
            Place::Folder(..) => self.hand_over(name, Job::Bytes(bytes.into())).map_err(io::Error::other),
        }
    }

    /// Keeps a save in a slot: in memory, as it is; in a folder, handed to
    /// the writer, whose thread makes its text and writes its file
    /// atomically (the save is read back from memory until then). Err only
    /// when there is no writer thread and the save was written at once and
    /// failed: the notice, in words (a failure of the thread is told later,
    /// in [`Store::take_notices`]).
    pub fn put_save(&self, slot: &str, save: SaveFile) -> Result<(), String> {
        match &self.place {
            Place::Memory(files) => {
                files.borrow_mut().insert(Store::slot_file(slot), MemFile::Save(Arc::new(save)));
                Ok(())
            }
            Place::Folder(..) => self.hand_over(&Store::slot_file(slot), Job::Save(Arc::new(save))),
        }
    }

    /// The save a slot holds: None when it holds none; Err says why its
    /// file cannot be read as a save.
    pub fn get_save(&self, slot: &str) -> Result<Option<Arc<SaveFile>>, String> {
        if let Place::Memory(files) = &self.place {
            if let Some(MemFile::Save(save)) = files.borrow().get(&Store::slot_file(slot)) {
                return Ok(Some(save.clone()));
            }
        }
        if let Some(Job::Save(save)) = self.latest(&Store::slot_file(slot)) {
            return Ok(Some(save));
        }
        match self.read_slot(slot) {
            Ok(None) => Ok(None),
            Ok(Some(bytes)) => SaveFile::read(&bytes).map(|s| Some(Arc::new(s))),
            Err(e) => Err(self.io_failure(&Store::slot_file(slot), &e)),
        }
    }

    /// Reads `values.yaml` into memory; one that cannot be read is moved aside.
    fn read_values(&self) {
        let bytes = match self.read(VALUES) {
            Ok(None) => return,
            Ok(Some(bytes)) => Ok(bytes),
            Err(e) => Err(self.io_failure(VALUES, &e)),
        };
        match bytes.and_then(|b| read_values(&b)) {
            Ok(values) => *self.values.borrow_mut() = values,
            Err(why) => {
                let notice = match self.move_aside(VALUES) {
                    Ok(to) => format!(
                        "The settings kept on this computer could not be read ({why}); the file was moved aside to {} \
                         and the game starts with none.",
                        self.shown(&to)
                    ),
                    Err(e) => format!(
                        "The settings kept on this computer could not be read ({why}), nor moved aside ({}); the game \
                         starts with none.",
                        self.io_failure(VALUES, &e)
                    ),
                };
                self.notices.borrow_mut().push(notice);
            }
        }
    }
}

/// The most bytes a file of the store may have: a file larger is not read.
pub fn limit_of(name: &str) -> read::Limit {
    if name == VALUES {
        read::VALUES
    } else {
        read::SAVE
    }
}

/// The values of a `values.yaml`'s bytes; Err says why they cannot be read.
pub fn read_values(bytes: &[u8]) -> Result<BTreeMap<String, Kept>, String> {
    let value = read_versioned(bytes, "values file")?;
    // A value that is not of its `type` (or of no type) is named.
    if let Some(values) = value.get("values").and_then(|v| v.as_mapping()) {
        for (key, kept) in values {
            if let Err(e) = serde_yaml::from_value::<Kept>(kept.clone()) {
                let key = key.as_str().map_or_else(|| format!("{key:?}"), str::to_string);
                return Err(format!("the value `{key}` cannot be read ({e})"));
            }
        }
    }
    let file: ValuesFile = serde_yaml::from_value(value).map_err(|e| {
        let text = e.to_string();
        if text.contains("missing field") {
            format!("the values file is cut short or incomplete ({text})")
        } else {
            format!("the values file cannot be read ({text})")
        }
    })?;
    if !file.complete {
        return Err("the values file is not marked complete".into());
    }
    for (key, kept) in &file.values {
        check_key(key)?;
        if let Kept::Color(c) = kept {
            if crate::value::parse_color(c).is_none() {
                return Err(format!("the value `{key}` is not a color: `{c}`"));
            }
        }
    }
    Ok(file.values)
}

/// The platform's data folder for a game: `$XDG_DATA_HOME/cardtable/GAME`
/// (`~/.local/share/cardtable/GAME`) on Linux, the Application Support or
/// AppData folder elsewhere. The game's name is made a folder's name.
pub fn platform_dir(game: &str) -> Option<PathBuf> {
    let dirs = directories::ProjectDirs::from("", "", "cardtable")?;
    Some(dirs.data_dir().join(folder_name(game)))
}

/// A game's name as its data folder's name: letters, digits, spaces, `-`
/// and `_` (anything else is `_`), never empty. Two games share a folder
/// when these are equal (ignoring case, on a system that does).
pub fn folder_name(game: &str) -> String {
    let safe: String =
        game.chars().map(|c| if c.is_alphanumeric() || matches!(c, ' ' | '-' | '_') { c } else { '_' }).collect();
    let safe = safe.trim();
    if safe.is_empty() { "game" } else { safe }.to_string()
}

/// The name a bad file is moved aside to: `NAME.bad-STAMP`, or
/// `NAME.bad-STAMP-2`, ... when that is taken.
pub fn bad_name(name: &str, stamp: &str, taken: impl Fn(&str) -> bool) -> String {
    let first = format!("{name}.bad-{stamp}");
    if !taken(&first) {
        return first;
    }
    (2..).map(|n| format!("{first}-{n}")).find(|n| !taken(n)).unwrap_or(first)
}

/// A moment as `YYYYmmddTHHMMSS`, in UTC.
pub fn stamp(at: SystemTime) -> String {
    let secs = at.duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rest) = (secs / 86_400, secs % 86_400);
    // Days since 1970-01-01 to a civil date (Howard Hinnant's days_from_civil, inverted).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}{month:02}{day:02}T{:02}{:02}{:02}", rest / 3600, rest % 3600 / 60, rest % 60)
}

/// Takes the lock of the data folder `dir` (made if need be) without
/// waiting: the open lock file, held as long as it is open.
fn take_lock(dir: &Path) -> Result<std::fs::File, std::fs::TryLockError> {
    std::fs::create_dir_all(dir).map_err(std::fs::TryLockError::Error)?;
    let mut options = std::fs::OpenOptions::new();
    options.create(true).truncate(false).write(true);
    // Not waiting: a FIFO named `.lock` fails to open instead of holding the game.
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
    let file = options.open(dir.join(LOCK)).map_err(std::fs::TryLockError::Error)?;
    file.try_lock()?;
    Ok(file)
}

/// The files a write cut short (the process killed) left in a data folder
/// (`values.yaml.new`, `saves/SLOT.yaml.new`), which `check --data-dir` lists.
pub fn leftovers(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for folder in [dir.to_path_buf(), dir.join(SAVES)] {
        let Ok(entries) = std::fs::read_dir(&folder) else { continue };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let is_new = name.to_str().is_some_and(|n| n.ends_with(&format!(".yaml{NEW}")));
            if is_new && entry.file_type().is_ok_and(|t| !t.is_dir()) {
                out.push(entry.path());
            }
        }
    }
    out.sort();
    out
}

/// Removes the [`leftovers`]: no write of them is running, as this process
/// holds the folder's lock. One that cannot be removed stays (and is listed).
fn remove_leftovers(dir: &Path) {
    for path in leftovers(dir) {
        let _ = std::fs::remove_file(path);
    }
}

/// Writes `path` whole: a new file beside it, synced, renamed over the old
/// one, the folder synced. Its folder is made if need be.
pub(super) fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path.parent().ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "a file with no folder"))?;
    std::fs::create_dir_all(dir)?;
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(NEW);
    let new = dir.join(name);
    // A file made new, never one that is there opened: a FIFO put in its
    // place would hold the write (and the process's end) until read.
    match std::fs::remove_file(&new) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    let file = std::fs::OpenOptions::new().write(true).create_new(true).open(&new)?;
    let written = write_sync_rename(file, bytes, &new, path);
    if written.is_err() {
        // A write that cannot complete (the disk full, over a quota, over
        // the file-size limit: EFBIG, SIGXFSZ being ignored) leaves no part
        // behind: the old file stays whole, and the space is given back.
        let _ = std::fs::remove_file(&new);
    }
    written?;
    sync_dir(dir);
    Ok(())
}

/// The steps of [`write_atomic`] after the new file is made: its bytes,
/// synced, then renamed over the old one.
fn write_sync_rename(mut file: std::fs::File, bytes: &[u8], new: &Path, path: &Path) -> io::Result<()> {
    file.write_all(bytes)?;
    file.sync_all()?;
    drop(file);
    std::fs::rename(new, path)
}

/// Ignores SIGXFSZ, the signal that kills a process writing a file past its
/// file-size limit (`ulimit -f`), on Unix: the write fails with EFBIG
/// instead, which the store turns into a notice (the last good save kept),
/// as it does a full disk. The binary calls it as it starts.
pub fn ignore_file_size_signal() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to SIG_IGN installs no handler:
    // nothing runs when the signal comes, so nothing can be unsafe in it.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// Makes a folder's entries (a rename, a removal) durable, where the
/// platform can (on Unix, by syncing the folder).
pub(super) fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn stamps_are_utc_calendar_times() {
        let at = |s: u64| stamp(SystemTime::UNIX_EPOCH + Duration::from_secs(s));
        assert_eq!(at(0), "19700101T000000");
        assert_eq!(at(951_782_400), "20000229T000000");
        assert_eq!(at(1_735_787_045), "20250102T030405");
        assert_eq!(at(4_107_542_399), "21000228T235959");
        assert_eq!(at(4_102_444_799), "20991231T235959");
    }

    #[test]
    fn a_bad_name_is_never_taken() {
        assert_eq!(bad_name("values.yaml", "X", |_| false), "values.yaml.bad-X");
        let taken = ["values.yaml.bad-X", "values.yaml.bad-X-2"];
        assert_eq!(bad_name("values.yaml", "X", |n| taken.contains(&n)), "values.yaml.bad-X-3");
    }

    #[test]
    fn values_are_typed_and_kept_in_memory() {
        let store = Store::memory();
        assert_eq!(store.value("side"), None);
        store.set_value("side", Kept::Text("Black".into())).unwrap();
        store.set_value("volume", Kept::Number(0.5)).unwrap();
        assert_eq!(store.value("side"), Some(Kept::Text("Black".into())));
        let copy = store.duplicate();
        copy.set_value("side", Kept::Text("White".into())).unwrap();
        copy.write_slot("auto", b"copy").unwrap();
        assert_eq!(store.value("side"), Some(Kept::Text("Black".into())), "the copy is its own");
        assert!(!store.has_slot("auto") && copy.has_slot("auto"));
        let bytes = store.read(VALUES).unwrap().unwrap();
        let back = read_values(&bytes).unwrap();
        assert_eq!(back.get("volume"), Some(&Kept::Number(0.5)));
        // A value that would make the file too large to read back is not kept.
        let large = Kept::Text("x".repeat(read::VALUES.bytes as usize));
        let refused = store.set_value("side", large).unwrap_err();
        assert!(refused.starts_with("the value `side` was not kept: with it the kept values would be "), "{refused}");
        assert_eq!(store.value("side"), Some(Kept::Text("Black".into())), "the value before stays");
        assert!(store.set_value("new", Kept::Text("x".repeat(read::VALUES.bytes as usize))).is_err());
        assert_eq!(store.value("new"), None);
        assert!(String::from_utf8(bytes).unwrap().contains("type: Text"));
    }

    /// A folder of its own in the temporary folder, emptied.
    fn temp_dir(label: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cardtable-store-{}-{label}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    /// A save whose game's name tells it from another.
    fn a_save(name: &str) -> SaveFile {
        let text = format!(
            "format: 1\ngame: {name}\nfingerprint: {{tables: {{}}, structures: {{}}}}\nworld:\n  time: 0\n  state: Playing\n  \
             globals: {{}}\n  groups: {{}}\n  tables: {{}}\n  scene: 0\n  objects: []\ncomplete: true\n"
        );
        SaveFile::read(text.as_bytes()).unwrap()
    }

    fn game_on_disk(dir: &Path, slot: &str) -> Option<String> {
        let bytes = std::fs::read(dir.join(Store::slot_file(slot))).ok()?;
        Some(SaveFile::read(&bytes).unwrap().game)
    }

    #[test]
    fn a_save_to_a_folder_is_written_by_the_writer_and_read_back_before_it_is() {
        let dir = temp_dir("pending");
        let store = Store::folder(dir.clone());
        store.writer().hold(true);
        store.put_save("auto", a_save("First")).unwrap();
        store.put_save("auto", a_save("Second")).unwrap();
        store.set_value("side", Kept::Text("Black".into())).unwrap();
        // Handed over, not written: the frame did not wait on the disk.
        assert_eq!(game_on_disk(&dir, "auto"), None);
        assert!(!dir.join(VALUES).exists());
        assert!(store.writing());
        // Read-your-writes: the newest save, as a save and as bytes.
        assert!(store.has_slot("auto") && !store.has_slot("other"));
        assert_eq!(store.get_save("auto").unwrap().unwrap().game, "Second");
        let bytes = store.read_slot("auto").unwrap().unwrap();
        assert_eq!(SaveFile::read(&bytes).unwrap().game, "Second");
        store.writer().hold(false);
        store.flush();
        assert!(!store.writing());
        // The second replaced the first before it was started: one write of the slot, one of the values.
        assert_eq!(store.writer().jobs_done(), 2);
        assert_eq!(game_on_disk(&dir, "auto").as_deref(), Some("Second"));
        assert_eq!(read_values(&std::fs::read(dir.join(VALUES)).unwrap()).unwrap()["side"], Kept::Text("Black".into()));
        assert!(store.take_notices().is_empty());
        // Once written, the file is what is read.
        assert_eq!(store.get_save("auto").unwrap().unwrap().game, "Second");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_forget_after_a_save_leaves_no_file() {
        let dir = temp_dir("forget");
        let store = Store::folder(dir.clone());
        store.put_save("auto", a_save("Old")).unwrap();
        store.flush();
        assert_eq!(game_on_disk(&dir, "auto").as_deref(), Some("Old"));
        store.writer().hold(true);
        store.put_save("auto", a_save("New")).unwrap();
        assert!(store.forget_slot("auto").unwrap(), "there was one");
        assert!(!store.has_slot("auto"), "forgotten at once");
        assert_eq!(store.get_save("auto").unwrap(), None);
        assert_eq!(store.read_slot("auto").unwrap(), None);
        assert!(!store.forget_slot("auto").unwrap(), "none left");
        store.writer().hold(false);
        store.flush();
        assert!(!dir.join("saves/auto.yaml").exists());
        assert!(store.take_notices().is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_write_that_fails_is_told_later_and_the_next_one_is_tried() {
        let dir = temp_dir("fails");
        std::fs::create_dir_all(&dir).unwrap();
        // The saves' folder is a file: no save can be written in it.
        std::fs::write(dir.join(SAVES), b"in the way").unwrap();
        let store = Store::folder(dir.clone());
        store.put_save("auto", a_save("One")).unwrap();
        store.flush();
        let notices = store.take_notices();
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert!(notices[0].starts_with("The game could not be saved ("), "{}", notices[0]);
        assert!(notices[0].contains(&dir.join("saves/auto.yaml").display().to_string()), "{}", notices[0]);
        store.put_save("auto", a_save("Two")).unwrap();
        store.flush();
        assert!(store.take_notices().is_empty(), "told once, not at every Turn");
        // Another file's failure is told.
        std::fs::create_dir_all(dir.join(VALUES)).unwrap();
        store.set_value("side", Kept::Text("Black".into())).unwrap();
        store.flush();
        let notices = store.take_notices();
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert!(notices[0].starts_with("A setting could not be kept on this computer ("), "{}", notices[0]);
        // The folder comes back: the next save is written.
        std::fs::remove_file(dir.join(SAVES)).unwrap();
        store.put_save("auto", a_save("Three")).unwrap();
        store.flush();
        assert_eq!(game_on_disk(&dir, "auto").as_deref(), Some("Three"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn when_the_writers_thread_is_gone_the_store_writes_itself() {
        let dir = temp_dir("dead");
        let store = Store::folder(dir.clone());
        store.writer().hold(true);
        store.put_save("auto", a_save("Waiting")).unwrap();
        // The thread dies with a save waiting, and the lock poisoned: no panic reaches the store.
        store.writer().kill();
        assert_eq!(store.get_save("auto").unwrap().unwrap().game, "Waiting");
        // A new save is written at once, after the one that waited.
        store.put_save("auto", a_save("Now")).unwrap();
        assert_eq!(game_on_disk(&dir, "auto").as_deref(), Some("Now"));
        store.set_value("side", Kept::Text("Black".into())).unwrap();
        assert!(dir.join(VALUES).exists());
        assert!(store.forget_slot("auto").unwrap());
        assert!(!dir.join("saves/auto.yaml").exists());
        store.flush();
        assert!(!store.writing());
        assert!(store.take_notices().is_empty());
        // A failure is said at once.
        std::fs::remove_dir_all(dir.join(SAVES)).unwrap();
        std::fs::write(dir.join(SAVES), b"in the way").unwrap();
        let why = store.put_save("auto", a_save("Fails")).err().unwrap_or_default();
        assert!(why.starts_with("The game could not be saved ("), "{why}");
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_store_dropped_writes_what_waits() {
        let dir = temp_dir("drop");
        let store = Store::folder(dir.clone());
        store.writer().hold(true);
        for n in 0..50 {
            store.put_save("auto", a_save(&format!("Game{n}"))).unwrap();
        }
        drop(store);
        assert_eq!(game_on_disk(&dir, "auto").as_deref(), Some("Game49"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_second_store_on_a_folder_keeps_nothing_until_the_first_lets_it_go() {
        let dir = temp_dir("lock");
        let first = Store::folder(dir.clone());
        first.set_value("side", Kept::Text("Black".into())).unwrap();
        first.put_save("auto", a_save("First")).unwrap();
        first.flush();
        assert_eq!(first.not_kept(), None);
        assert!(first.take_notices().is_empty());
        // A second store on the folder (another window): in memory, the folder's values seen, nothing written.
        let second = Store::folder(dir.clone());
        let why = second.not_kept().expect("the folder is the first's").to_string();
        assert!(why.starts_with("Another Cardtable is using the data folder "), "{why}");
        assert_eq!(second.take_notices(), [why]);
        assert!(second.dir().is_none());
        assert_eq!(second.value("side"), Some(Kept::Text("Black".into())));
        second.set_value("side", Kept::Text("White".into())).unwrap();
        second.put_save("auto", a_save("Second")).unwrap();
        assert_eq!(second.get_save("auto").unwrap().unwrap().game, "Second", "kept while it plays");
        let duplicate = second.duplicate();
        assert!(duplicate.not_kept().is_some());
        drop((second, duplicate));
        assert_eq!(game_on_disk(&dir, "auto").as_deref(), Some("First"));
        assert_eq!(read_values(&std::fs::read(dir.join(VALUES)).unwrap()).unwrap()["side"], Kept::Text("Black".into()));
        // Once the first is gone, the next store has the folder.
        drop(first);
        let third = Store::folder(dir.clone());
        assert_eq!(third.not_kept(), None);
        assert!(third.dir().is_some());
        drop(third);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn what_a_write_cut_short_left_is_removed_by_the_store_that_takes_the_folder() {
        let dir = temp_dir("leftovers");
        std::fs::create_dir_all(dir.join(SAVES)).unwrap();
        for name in ["values.yaml.new", "saves/auto.yaml.new", "saves/other.yaml.new", "saves/keep.new", "saves/a.yaml"]
        {
            std::fs::write(dir.join(name), b"half").unwrap();
        }
        let want: Vec<PathBuf> =
            ["saves/auto.yaml.new", "saves/other.yaml.new", "values.yaml.new"].iter().map(|n| dir.join(n)).collect();
        assert_eq!(leftovers(&dir), want);
        let first = Store::folder(dir.clone());
        assert!(leftovers(&dir).is_empty());
        assert!(dir.join("saves/keep.new").exists() && dir.join("saves/a.yaml").exists(), "not the store's");
        // A second store does not touch the folder: it is the first's, and a `.new` may be its write.
        std::fs::write(dir.join("saves/auto.yaml.new"), b"being written").unwrap();
        let second = Store::folder(dir.clone());
        assert!(second.not_kept().is_some());
        assert_eq!(leftovers(&dir).len(), 1);
        drop((first, second));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_as_the_lock_file_does_not_hold_the_store() {
        let dir = temp_dir("fifo-lock");
        std::fs::create_dir_all(&dir).unwrap();
        let made = std::process::Command::new("mkfifo").arg(dir.join(LOCK)).status().unwrap();
        assert!(made.success());
        // No lock to be had: the folder is used as it is.
        let store = Store::folder(dir.clone());
        assert_eq!(store.not_kept(), None);
        store.put_save("auto", a_save("Unlocked")).unwrap();
        store.flush();
        assert_eq!(game_on_disk(&dir, "auto").as_deref(), Some("Unlocked"));
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_where_a_file_is_written_first_does_not_hold_the_writer() {
        let dir = temp_dir("fifo-new");
        let store = Store::folder(dir.clone());
        // Put there after the store took the folder (so not removed as a leftover).
        std::fs::create_dir_all(dir.join(SAVES)).unwrap();
        let made = std::process::Command::new("mkfifo").arg(dir.join("saves/auto.yaml.new")).status().unwrap();
        assert!(made.success());
        store.put_save("auto", a_save("Through")).unwrap();
        store.flush();
        assert!(store.take_notices().is_empty());
        assert_eq!(game_on_disk(&dir, "auto").as_deref(), Some("Through"));
        assert!(leftovers(&dir).is_empty());
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_folder_store_writes_atomically_and_moves_bad_values_aside() {
        let dir = std::env::temp_dir().join(format!("cardtable-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::folder(dir.clone());
        store.write_slot("auto", b"one").unwrap();
        store.write_slot("auto", b"two").unwrap();
        store.flush();
        assert_eq!(std::fs::read(dir.join("saves/auto.yaml")).unwrap(), b"two");
        assert!(!dir.join("saves/auto.yaml.new").exists());
        assert!(store.has_slot("auto") && !store.has_slot("other"));
        assert!(store.forget_slot("auto").unwrap());
        assert!(!store.forget_slot("auto").unwrap());
        store.flush();
        assert!(!dir.join("saves/auto.yaml").exists());
        std::fs::write(dir.join(VALUES), b"\x00\x01 not yaml").unwrap();
        drop(store);
        let reopened = Store::folder(dir.clone());
        let notices = reopened.take_notices();
        assert_eq!(notices.len(), 1, "{notices:?}");
        assert!(notices[0].contains("moved aside to"), "{}", notices[0]);
        assert!(!dir.join(VALUES).exists());
        let aside: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.starts_with("values.yaml.bad-"))
            .collect();
        assert_eq!(aside.len(), 1, "{aside:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
