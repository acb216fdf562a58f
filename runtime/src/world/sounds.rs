//! The sounds the cards played (`play sound`), kept until the host takes
//! them: the window plays them, the driver lists them (`sounds`). The World
//! itself plays nothing.

use crate::ids::SoundId;

/// The most sounds kept between two takes; one played past it is counted
/// (`dropped`), not kept, so a step never allocates.
pub const MOST_KEPT: usize = 64;

/// The sounds played since the host last took them, oldest first.
#[derive(Clone, Debug)]
pub struct SoundLog {
    played: Vec<SoundId>,
    /// How many were played past [`MOST_KEPT`] since the last take.
    dropped: u32,
    /// A muted log keeps nothing: a rehearsal (the search over the cards)
    /// plays what it tries in silence.
    muted: bool,
}

impl Default for SoundLog {
    fn default() -> Self {
        SoundLog { played: Vec::with_capacity(MOST_KEPT), dropped: 0, muted: false }
    }
}

impl SoundLog {
    /// A log that keeps nothing.
    pub fn muted() -> Self {
        SoundLog { played: Vec::new(), dropped: 0, muted: true }
    }

    /// A Play Sound step ran.
    pub fn play(&mut self, sound: SoundId) {
        if self.muted {
            return;
        }
        if self.played.len() < MOST_KEPT {
            self.played.push(sound);
        } else {
            self.dropped = self.dropped.saturating_add(1);
        }
    }

    /// The sounds played since the last take, oldest first, and how many
    /// more were not kept; the log is then empty.
    pub fn take(&mut self, into: &mut Vec<SoundId>) -> u32 {
        into.append(&mut self.played);
        std::mem::take(&mut self.dropped)
    }
}
