//! The sounds the cards play (`play sound`), played through ALSA on a
//! thread of their own. ALSA's library (libasound.so.2) is opened at run
//! time (`dlopen`, libc's, already in the tree), never linked: the binary
//! starts on a machine without it, and without an audio device (Xvfb, a
//! server), where the game plays in silence and one notice on stderr says
//! why. macroquad's own audio (quad-snd) links libasound at build time and
//! panics on its thread where no device opens (ARCHITECTURE.md).
//!
//! Each frame, [`Sounds::frame`] takes the sounds the World played and
//! hands them to the thread, which mixes them (mono, 16-bit, [`RATE`]) and
//! writes them to the device; idle, it waits on its channel, writing
//! nothing.

use cardtable_runtime::game::Game;
use cardtable_runtime::ids::SoundId;
use cardtable_runtime::source::wav;
use cardtable_runtime::world::World;
use std::ffi::{c_char, c_int, c_long, c_uint, c_ulong, c_void, CStr};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::Arc;

/// The rate the sounds are played at; each is resampled to it when the window starts.
const RATE: u32 = 44_100;
/// Frames mixed and written at a time (about 12 ms).
const CHUNK: usize = 512;
/// The most sounds heard at once; one more waits for none, it is left out.
const VOICES: usize = 8;
/// The most sounds a frame hands over: a game loaded Move by Move plays its last few.
const A_FRAME: usize = 4;
/// Names another library than ALSA's to open (a test: one that is not there).
pub const LIBRARY_VAR: &str = "CARDTABLE_ALSA_LIBRARY";
/// Names another ALSA device than `default` (a test: `null`, or a `file:`
/// device that writes what is played into a file).
pub const DEVICE_VAR: &str = "CARDTABLE_ALSA_DEVICE";

/// The window's sounds: the thread that plays them, while it can.
pub struct Sounds {
    to_thread: Option<Sender<usize>>,
    /// The thread's word: the device opened (None), or why it cannot play
    /// (told on stderr, once).
    from_thread: Option<Receiver<Option<String>>>,
    /// Whether the device opened.
    heard: bool,
    thread: Option<std::thread::JoinHandle<()>>,
    taken: Vec<SoundId>,
}

impl Sounds {
    /// A game without sounds starts no thread; else the thread opens the
    /// device, each sound decoded and resampled.
    pub fn start(game: &Game) -> Sounds {
        let mut sounds =
            Sounds { to_thread: None, from_thread: None, heard: false, thread: None, taken: Vec::with_capacity(64) };
        if game.sounds.is_empty() {
            return sounds;
        }
        let decoded: Vec<Arc<[i16]>> = game
            .sounds
            .iter()
            .map(|s| {
                let bytes = game.files.read(&s.path).unwrap_or_default();
                wav::read(&bytes).map(|w| resampled(&w)).unwrap_or_default().into()
            })
            .collect();
        let (to_thread, rx) = mpsc::channel();
        let (tx, from_thread) = mpsc::channel();
        let library = std::env::var(LIBRARY_VAR).ok();
        let device = std::env::var(DEVICE_VAR).unwrap_or_else(|_| "default".into());
        let spawned = std::thread::Builder::new().name("sound".into()).spawn(move || {
            if let Err(why) = play_on(library.as_deref(), &device, &decoded, &rx, &tx) {
                let _ = tx.send(Some(why));
            }
        });
        match spawned {
            Ok(thread) => {
                sounds.thread = Some(thread);
                sounds.to_thread = Some(to_thread);
                sounds.from_thread = Some(from_thread);
            }
            Err(e) => tell(&format!("no thread for it: {e}")),
        }
        sounds
    }

    /// The sounds the World played since the last frame, handed to the
    /// thread (never more than [`A_FRAME`], the last ones); and why it
    /// stopped, once, if it did.
    pub fn frame(&mut self, world: &mut World) {
        self.taken.clear();
        world.sounds.take(&mut self.taken);
        if let Some(from) = &self.from_thread {
            match from.try_recv() {
                Ok(word) => self.heard_from(word),
                Err(TryRecvError::Disconnected) => self.stop(),
                Err(TryRecvError::Empty) => {}
            }
        }
        let Some(to) = &self.to_thread else { return };
        let skip = self.taken.len().saturating_sub(A_FRAME);
        for sound in &self.taken[skip..] {
            if to.send(sound.index()).is_err() {
                break;
            }
        }
    }

    /// As a screenshot's window ends: the thread's word, if it has not
    /// come yet (opening a device takes milliseconds; at most a few seconds
    /// are waited), so that a window that ran only a few frames tells why
    /// it was silent too; and, where the device opened, every sound handed
    /// over played to its end (its channel closed, the thread joined).
    pub fn settle(&mut self) {
        if !self.heard {
            if let Some(from) = &self.from_thread {
                if let Ok(word) = from.recv_timeout(std::time::Duration::from_secs(5)) {
                    self.heard_from(word);
                }
            }
        }
        if self.heard {
            self.to_thread = None;
            if let Some(thread) = self.thread.take() {
                let _ = thread.join();
            }
        }
    }

    fn heard_from(&mut self, word: Option<String>) {
        match word {
            None => self.heard = true,
            Some(why) => {
                tell(&why);
                self.stop();
            }
        }
    }

    fn stop(&mut self) {
        self.to_thread = None;
        self.from_thread = None;
    }
}

/// The one notice: the game goes on in silence.
fn tell(why: &str) {
    eprintln!("notice: Sound is off: {why}; the game plays in silence.");
}

/// A sound as the thread plays it: mono, at [`RATE`] (linear steps between samples).
fn resampled(w: &wav::Wav) -> Vec<i16> {
    let channels = usize::from(w.channels.max(1));
    let mono: Vec<f32> = w
        .samples
        .chunks_exact(channels)
        .map(|f| f.iter().map(|&s| f32::from(s)).sum::<f32>() / channels as f32)
        .collect();
    if mono.is_empty() {
        return Vec::new();
    }
    let step = f64::from(w.rate) / f64::from(RATE);
    let frames = (mono.len() as f64 / step) as usize;
    (0..frames)
        .map(|i| {
            let at = i as f64 * step;
            let k = at as usize;
            let t = (at - k as f64) as f32;
            let a = mono[k.min(mono.len() - 1)];
            let b = mono[(k + 1).min(mono.len() - 1)];
            (a + (b - a) * t) as i16
        })
        .collect()
}

/// The thread: the device opened, then every sound asked for mixed and
/// written until the window ends (its channel closes). Why it cannot play,
/// in words.
fn play_on(
    library: Option<&str>,
    device: &str,
    sounds: &[Arc<[i16]>],
    asks: &Receiver<usize>,
    word: &Sender<Option<String>>,
) -> Result<(), String> {
    let alsa = Alsa::open(library)?;
    let pcm = alsa.open_device(device)?;
    let _ = word.send(None);
    let played = mix_and_write(&alsa, pcm, sounds, asks);
    // SAFETY: opened above, closed once, no longer used.
    unsafe { (alsa.close)(pcm) };
    played
}

/// Every sound asked for mixed and written, until the channel closes.
fn mix_and_write(alsa: &Alsa, pcm: Pcm, sounds: &[Arc<[i16]>], asks: &Receiver<usize>) -> Result<(), String> {
    let mut voices: Vec<(usize, usize)> = Vec::with_capacity(VOICES);
    let mut mixed = [0i32; CHUNK];
    let mut out = [0i16; CHUNK];
    // The window let go of the channel: the sounds playing play to their end.
    let mut closed = false;
    loop {
        if voices.is_empty() {
            // Nothing plays: what was written plays out, then the thread waits.
            alsa.drain_and_prepare(pcm);
            if closed {
                return Ok(());
            }
            match asks.recv() {
                Ok(sound) => voices.push((sound, 0)),
                Err(_) => return Ok(()),
            }
        }
        while !closed {
            match asks.try_recv() {
                Ok(sound) if voices.len() < VOICES => voices.push((sound, 0)),
                Ok(_) => {}
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => closed = true,
            }
        }
        mixed.fill(0);
        for (sound, at) in &mut voices {
            let samples = sounds.get(*sound).map_or(&[][..], |s| &s[..]);
            let rest = samples.get(*at..).unwrap_or_default();
            let n = rest.len().min(CHUNK);
            for (m, s) in mixed.iter_mut().zip(&rest[..n]) {
                *m += i32::from(*s);
            }
            *at += n;
        }
        voices.retain(|(sound, at)| sounds.get(*sound).is_some_and(|s| *at < s.len()));
        for (o, m) in out.iter_mut().zip(&mixed) {
            *o = (*m).clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        }
        alsa.write(pcm, &out)?;
    }
}

type Pcm = *mut c_void;
type ErrorHandler = unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char);
type SetHandlerFn = unsafe extern "C" fn(Option<ErrorHandler>) -> c_int;
type OpenFn = unsafe extern "C" fn(*mut Pcm, *const c_char, c_int, c_int) -> c_int;
type SetParamsFn = unsafe extern "C" fn(Pcm, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
type WriteiFn = unsafe extern "C" fn(Pcm, *const c_void, c_ulong) -> c_long;
type RecoverFn = unsafe extern "C" fn(Pcm, c_int, c_int) -> c_int;
type PcmFn = unsafe extern "C" fn(Pcm) -> c_int;
type StrerrorFn = unsafe extern "C" fn(c_int) -> *const c_char;

/// The few functions of libasound the thread calls, found by `dlsym`.
struct Alsa {
    open: OpenFn,
    set_params: SetParamsFn,
    writei: WriteiFn,
    recover: RecoverFn,
    drain: PcmFn,
    prepare: PcmFn,
    close: PcmFn,
    strerror: StrerrorFn,
}

/// ALSA's library prints its own complaints on stderr (no card, no
/// server): they are kept quiet, the notice says it once. ALSA calls this
/// with more arguments (a format's), which a C function may leave unread.
unsafe extern "C" fn quiet(_: *const c_char, _: c_int, _: *const c_char, _: c_int, _: *const c_char) {}

/// SND_PCM_STREAM_PLAYBACK, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED.
const PLAYBACK: c_int = 0;
const S16_LE: c_int = 2;
const RW_INTERLEAVED: c_int = 3;
/// How far ahead of the ear the device may be, in microseconds.
const LATENCY_US: c_uint = 60_000;

impl Alsa {
    /// libasound opened (or `library`, a test's), each function found.
    fn open(library: Option<&str>) -> Result<Alsa, String> {
        let names: Vec<String> = match library {
            Some(name) => vec![name.to_string()],
            None => vec!["libasound.so.2".into(), "libasound.so".into()],
        };
        let mut handle: *mut c_void = std::ptr::null_mut();
        for name in &names {
            let Ok(c) = std::ffi::CString::new(name.as_str()) else { continue };
            // SAFETY: dlopen with a NUL-terminated name; a null answer is checked.
            handle = unsafe { libc::dlopen(c.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
            if !handle.is_null() {
                break;
            }
        }
        if handle.is_null() {
            return Err(format!("ALSA's library ({}) is not on this computer", names.join(" or ")));
        }
        let find = |name: &CStr| -> Result<*mut c_void, String> {
            // SAFETY: the handle is open (never closed) and the name NUL-terminated.
            let f = unsafe { libc::dlsym(handle, name.as_ptr()) };
            if f.is_null() {
                Err(format!("ALSA's library has no {}", name.to_string_lossy()))
            } else {
                Ok(f)
            }
        };
        // SAFETY: each symbol is the libasound function of that name, whose C
        // signature (alsa/pcm.h, alsa/error.h) is the type it is made here.
        unsafe {
            let set_handler = std::mem::transmute::<*mut c_void, SetHandlerFn>(find(c"snd_lib_error_set_handler")?);
            set_handler(Some(quiet));
            Ok(Alsa {
                open: std::mem::transmute::<*mut c_void, OpenFn>(find(c"snd_pcm_open")?),
                set_params: std::mem::transmute::<*mut c_void, SetParamsFn>(find(c"snd_pcm_set_params")?),
                writei: std::mem::transmute::<*mut c_void, WriteiFn>(find(c"snd_pcm_writei")?),
                recover: std::mem::transmute::<*mut c_void, RecoverFn>(find(c"snd_pcm_recover")?),
                drain: std::mem::transmute::<*mut c_void, PcmFn>(find(c"snd_pcm_drain")?),
                prepare: std::mem::transmute::<*mut c_void, PcmFn>(find(c"snd_pcm_prepare")?),
                close: std::mem::transmute::<*mut c_void, PcmFn>(find(c"snd_pcm_close")?),
                strerror: std::mem::transmute::<*mut c_void, StrerrorFn>(find(c"snd_strerror")?),
            })
        }
    }

    fn error(&self, code: c_int) -> String {
        // SAFETY: snd_strerror answers a static NUL-terminated text (or null).
        let text = unsafe { (self.strerror)(code) };
        if text.is_null() {
            format!("error {code}")
        } else {
            // SAFETY: not null, NUL-terminated, static.
            unsafe { CStr::from_ptr(text) }.to_string_lossy().into_owned()
        }
    }

    /// The device (`default`), opened for 16-bit mono at [`RATE`].
    fn open_device(&self, device: &str) -> Result<Pcm, String> {
        let name = std::ffi::CString::new(device).map_err(|_| format!("no audio device `{device}`"))?;
        let mut pcm: Pcm = std::ptr::null_mut();
        // SAFETY: `pcm` is a place for the handle; the name is NUL-terminated.
        let r = unsafe { (self.open)(&mut pcm, name.as_ptr(), PLAYBACK, 0) };
        if r < 0 || pcm.is_null() {
            return Err(format!("no audio device ({})", self.error(r)));
        }
        // SAFETY: `pcm` was opened above.
        let r = unsafe { (self.set_params)(pcm, S16_LE, RW_INTERLEAVED, 1, RATE, 1, LATENCY_US) };
        if r < 0 {
            // SAFETY: opened above, closed once.
            unsafe { (self.close)(pcm) };
            return Err(format!("the audio device takes no 16-bit sound at {RATE} Hz ({})", self.error(r)));
        }
        Ok(pcm)
    }

    /// Every frame of `out` written, an underrun recovered from.
    fn write(&self, pcm: Pcm, out: &[i16]) -> Result<(), String> {
        let mut at = 0;
        while at < out.len() {
            let rest = &out[at..];
            // SAFETY: `rest` holds rest.len() mono 16-bit frames; `pcm` is open.
            let n = unsafe { (self.writei)(pcm, rest.as_ptr().cast(), rest.len() as c_ulong) };
            if n >= 0 {
                at += n as usize;
                continue;
            }
            // SAFETY: `pcm` is open; the error is the one writei answered.
            let r = unsafe { (self.recover)(pcm, n as c_int, 1) };
            if r < 0 {
                return Err(format!("the audio device stopped ({})", self.error(r)));
            }
        }
        Ok(())
    }

    fn drain_and_prepare(&self, pcm: Pcm) {
        // SAFETY: `pcm` is open.
        unsafe {
            (self.drain)(pcm);
            (self.prepare)(pcm);
        }
    }
}
