//! A sound of the content (`sounds/NAME.wav`): a RIFF WAVE file of 16-bit
//! PCM samples, mono or stereo. The loader checks each one with [`read`]
//! (a file it cannot play is a mistake); the window decodes it with the
//! same function to play it. Nothing else of WAVE is read: a compressed or
//! floating-point file is refused, saying why.

/// The rates a sound may have, in samples a second.
pub const RATES: std::ops::RangeInclusive<u32> = 8_000..=96_000;

/// The longest a sound may be, in seconds: a sound of a game is a short cue.
pub const MOST_SECONDS: f64 = 30.0;

/// A sound decoded: its rate, its channels (1 or 2) and its samples, the
/// channels interleaved.
#[derive(Clone, Debug, PartialEq)]
pub struct Wav {
    pub rate: u32,
    pub channels: u16,
    pub samples: Vec<i16>,
}

impl Wav {
    /// How long it plays, in seconds.
    pub fn seconds(&self) -> f64 {
        self.samples.len() as f64 / f64::from(self.channels) / f64::from(self.rate)
    }
}

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

/// The sound a WAVE file's bytes hold, or why it cannot be played, in words
/// ("is not a WAVE file", "is 8-bit; a sound must be 16-bit PCM").
pub fn read(bytes: &[u8]) -> Result<Wav, String> {
    if bytes.len() < 12 || &bytes[..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
        return Err("is not a WAVE file (RIFF ... WAVE)".into());
    }
    let mut at = 12;
    let mut format: Option<(u16, u16, u32, u16)> = None;
    while at + 8 <= bytes.len() {
        let id = &bytes[at..at + 4];
        let len = u32_at(bytes, at + 4).unwrap_or(0) as usize;
        let body = at + 8;
        let end = body.checked_add(len).filter(|&e| e <= bytes.len());
        if id == b"fmt " {
            let Some(end) = end.filter(|_| len >= 16) else { return Err("has a broken `fmt ` chunk".into()) };
            let chunk = &bytes[body..end];
            let (Some(tag), Some(channels), Some(rate), Some(bits)) =
                (u16_at(chunk, 0), u16_at(chunk, 2), u32_at(chunk, 4), u16_at(chunk, 14))
            else {
                return Err("has a broken `fmt ` chunk".into());
            };
            // WAVE_FORMAT_EXTENSIBLE (0xFFFE) names its format in a GUID whose first two bytes are the tag.
            let tag = if tag == 0xFFFE { u16_at(chunk, 24).unwrap_or(0) } else { tag };
            format = Some((tag, channels, rate, bits));
        } else if id == b"data" {
            let Some((tag, channels, rate, bits)) = format else {
                return Err("has its `data` before its `fmt ` chunk".into());
            };
            if tag != 1 {
                return Err(format!("is of WAVE format {tag}; a sound must be PCM (format 1)"));
            }
            if bits != 16 {
                return Err(format!("is {bits}-bit; a sound must be 16-bit PCM"));
            }
            if !(1..=2).contains(&channels) {
                return Err(format!("has {channels} channels; a sound has 1 or 2"));
            }
            if !RATES.contains(&rate) {
                return Err(format!(
                    "plays {rate} samples a second; a sound plays {} to {}",
                    RATES.start(),
                    RATES.end()
                ));
            }
            // A data chunk that says it is longer than the file is read to the file's end.
            let end = end.unwrap_or(bytes.len());
            let data = &bytes[body..end];
            let frames = data.len() / 2 / usize::from(channels);
            if frames as f64 / f64::from(rate) > MOST_SECONDS {
                return Err(format!("plays longer than {MOST_SECONDS} seconds, the most a sound may"));
            }
            let samples = data[..frames * 2 * usize::from(channels)]
                .chunks_exact(2)
                .map(|s| i16::from_le_bytes([s[0], s[1]]))
                .collect();
            return Ok(Wav { rate, channels, samples });
        }
        // Chunks are padded to an even length.
        match end {
            Some(e) => at = e + (len & 1),
            None => break,
        }
    }
    Err(if format.is_some() { "has no `data` chunk".into() } else { "has no `fmt ` chunk".into() })
}

/// A WAVE file of 16-bit mono samples at `rate`, as [`read`] reads it
/// (for tests and the tools).
pub fn write_mono(rate: u32, samples: &[i16]) -> Vec<u8> {
    let data = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + samples.len() * 2);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&rate.to_le_bytes());
    out.extend_from_slice(&(rate * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_it_writes_and_refuses_the_rest() {
        let bytes = write_mono(22_050, &[0, 1000, -1000, i16::MAX]);
        let wav = read(&bytes).unwrap();
        assert_eq!((wav.rate, wav.channels, wav.samples.as_slice()), (22_050, 1, &[0, 1000, -1000, i16::MAX][..]));
        assert!(read(b"not a sound").unwrap_err().contains("not a WAVE"));
        let mut eight = bytes.clone();
        eight[34] = 8;
        assert!(read(&eight).unwrap_err().contains("8-bit"));
        let mut slow = bytes.clone();
        slow[24..28].copy_from_slice(&100u32.to_le_bytes());
        assert!(read(&slow).unwrap_err().contains("samples a second"));
        // Cut anywhere, it never panics.
        for n in 0..bytes.len() {
            let _ = read(&bytes[..n]);
        }
    }
}
