//! A UCI engine's process as the Stockfish Bridge keeps it: started in a
//! process group of its own (on Unix), so that it is ended whole, a wrapper
//! script and every process it started with it; and listed while it lives,
//! so that the binary, ended by a signal while its game cannot end in
//! order, still ends every engine ([`end_all`]).
//!
//! An engine is let go the same way however it is let go (New Game's newer
//! question it fails to stop for, another engine named, a garbage answer or
//! a timeout, the game's end): told `quit`, its input closed, given
//! [`GRACE`], then its whole group killed and its process waited for.

use std::io::Write;
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Stdio};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// How long an engine is given to end after `quit` before its group is killed.
pub const GRACE: Duration = Duration::from_millis(500);

/// The engine's input, shared with the list of live engines (a signal's
/// end tells it `quit` too); None once closed.
type Input = Arc<Mutex<Option<ChildStdin>>>;

/// An engine that lives: its process id (its group's, on Unix), and its input.
struct Live {
    pid: u32,
    input: Input,
}

/// Every engine started and not yet ended, in this process. Its lock is
/// held while a group is killed, and an engine's process is waited for
/// (reaped) only once it is off the list: a group killed from the list is
/// always one whose leader was not reaped, so its id names no other group.
static LIVE: Mutex<Vec<Live>> = Mutex::new(Vec::new());

fn live() -> MutexGuard<'static, Vec<Live>> {
    LIVE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A running engine. Dropped, it ends ([`EngineProcess::end`]).
pub struct EngineProcess {
    child: Child,
    input: Input,
}

impl EngineProcess {
    /// Starts the program at `path`, its input and output piped, its errors
    /// dropped, in a process group of its own; and its output, to read.
    pub fn start(path: &Path) -> std::io::Result<(EngineProcess, Option<ChildStdout>)> {
        let mut command = std::process::Command::new(path);
        command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            // Its own group: a terminal's Ctrl-C does not reach it before
            // Cardtable tells it `quit`, and the group is killed whole.
            command.process_group(0);
        }
        let mut list = live();
        let mut child = command.spawn()?;
        let input: Input = Arc::new(Mutex::new(child.stdin.take()));
        list.push(Live { pid: child.id(), input: input.clone() });
        drop(list);
        let stdout = child.stdout.take();
        Ok((EngineProcess { child, input }, stdout))
    }

    /// The engine's process id (and its group's).
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Writes one line to the engine.
    pub fn send(&self, line: &str) -> Result<(), String> {
        let mut input = self.input.lock().unwrap_or_else(PoisonError::into_inner);
        let stdin = input.as_mut().ok_or("the engine's input is closed")?;
        writeln!(stdin, "{line}").and_then(|_| stdin.flush()).map_err(|e| format!("the engine stopped ({e})"))
    }

    /// Ends the engine: `quit`, its input closed, [`GRACE`] for it to end,
    /// then its whole group killed (whatever of it is left: a wrapper's
    /// children, an engine that ignored `quit`), and its process waited for.
    fn end(&mut self) {
        ask_to_quit(&self.input);
        let until = Instant::now() + GRACE;
        while Instant::now() < until && !self.exited() {
            std::thread::sleep(Duration::from_millis(5));
        }
        let pid = self.child.id();
        {
            let mut list = live();
            kill_group(pid);
            list.retain(|l| l.pid != pid);
        }
        #[cfg(not(unix))]
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Whether the engine's process has ended, without waiting for it (so
    /// its id stays its own until [`EngineProcess::end`] waits for it).
    fn exited(&mut self) -> bool {
        #[cfg(target_os = "linux")]
        {
            // SAFETY: waitid writes only into `info`, a zeroed siginfo_t of
            // our own; WNOWAIT leaves the process to be waited for later.
            unsafe {
                let mut info: libc::siginfo_t = std::mem::zeroed();
                let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
                let r = libc::waitid(libc::P_PID, self.child.id() as libc::id_t, &mut info, flags);
                // Ended: si_pid is set; still running: it stays 0. An error: nothing to wait for.
                r != 0 || info.si_pid() != 0
            }
        }
        #[cfg(not(target_os = "linux"))]
        {
            matches!(self.child.try_wait(), Ok(Some(_)) | Err(_))
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.end();
    }
}

/// Tells an engine `quit`, and closes its input (an engine may end on that).
fn ask_to_quit(input: &Input) {
    let stdin = input.lock().unwrap_or_else(PoisonError::into_inner).take();
    if let Some(mut stdin) = stdin {
        let _ = writeln!(stdin, "quit").and_then(|_| stdin.flush());
    }
}

/// Kills the process group `pid` leads (every process of it), on Unix.
fn kill_group(pid: u32) {
    #[cfg(unix)]
    if let Ok(pid) = libc::pid_t::try_from(pid) {
        if pid > 0 {
            // SAFETY: kill takes plain integers and touches no memory of ours.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
    }
    #[cfg(not(unix))]
    let _ = pid;
}

/// Ends every engine still running, at once, from any thread: each told
/// `quit`, then, after [`GRACE`], each group killed. For the binary's end
/// by a signal, when the game cannot end in order (its thread is busy or
/// asleep); the engines' own threads wait for them afterwards, or the
/// process ends first.
pub fn end_all() {
    let list = live();
    if list.is_empty() {
        return;
    }
    for l in list.iter() {
        ask_to_quit(&l.input);
    }
    drop(list);
    std::thread::sleep(GRACE);
    let list = live();
    for l in list.iter() {
        kill_group(l.pid);
    }
}
