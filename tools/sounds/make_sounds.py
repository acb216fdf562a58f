#!/usr/bin/env python3
"""Writes the chess game's sounds, content/chess/sounds/*.wav, from nothing
but arithmetic: small mono 16-bit WAVE files at 22,050 samples a second
(the window resamples them). Run it from the top of the checkout:

    python3 tools/sounds/make_sounds.py

The same bytes every run (the noise is seeded). The sounds are the
project's own, under its licence (MIT OR Apache-2.0), and named in
content/chess/art/CREDITS.md.
"""

import math
import os
import random
import struct
import sys

RATE = 22050
OUT = os.path.join("content", "chess", "sounds")


def silence(seconds):
    return [0.0] * int(seconds * RATE)


def knock(seconds=0.09, pitch=180.0, bright=0.5, seed=1):
    """A wooden knock: a short decaying low tone with a click of noise."""
    rng = random.Random(seed)
    n = int(seconds * RATE)
    out = []
    low = 0.0
    for i in range(n):
        t = i / RATE
        env = math.exp(-t * 55.0)
        tone = math.sin(2 * math.pi * pitch * t) * 0.7 + math.sin(2 * math.pi * pitch * 2.7 * t) * 0.25
        noise = rng.uniform(-1, 1)
        low += (noise - low) * bright  # a one-pole low-pass: the click's colour
        click = low * math.exp(-t * 400.0)
        out.append((tone * env * 0.8 + click * 0.9))
    return out


def tone(freq, seconds, decay=6.0, attack=0.005, partials=(1.0, 0.3, 0.12)):
    n = int(seconds * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / attack) * math.exp(-t * decay)
        v = sum(a * math.sin(2 * math.pi * freq * (k + 1) * t) for k, a in enumerate(partials))
        out.append(v * env * 0.5)
    return out


def mix(*parts):
    """Each (offset seconds, samples) laid over the others."""
    length = max(int(off * RATE) + len(s) for off, s in parts)
    out = [0.0] * length
    for off, s in parts:
        start = int(off * RATE)
        for i, v in enumerate(s):
            out[start + i] += v
    return out


def fade_out(samples, seconds=0.01):
    n = min(len(samples), int(seconds * RATE))
    for i in range(n):
        samples[-1 - i] *= i / n
    return samples


def write(name, samples, peak=0.7):
    samples = fade_out(list(samples))
    top = max(abs(v) for v in samples) or 1.0
    data = b"".join(struct.pack("<h", int(round(v / top * peak * 32767))) for v in samples)
    header = b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVE"
    header += b"fmt " + struct.pack("<IHHIIHH", 16, 1, 1, RATE, RATE * 2, 2, 16)
    header += b"data" + struct.pack("<I", len(data))
    path = os.path.join(OUT, name + ".wav")
    with open(path, "wb") as f:
        f.write(header + data)
    return len(header) + len(data)


def main():
    if not os.path.isdir(os.path.join("content", "chess")):
        sys.exit("run from the top of the checkout (content/chess/ not found)")
    os.makedirs(OUT, exist_ok=True)
    sounds = {
        # A Piece set down.
        "move": knock(0.10, 170.0, 0.35, seed=1),
        # A Piece taken: a brighter knock, then a second, lighter one.
        "capture": mix((0.0, knock(0.08, 230.0, 0.8, seed=2)), (0.055, [v * 0.6 for v in knock(0.09, 160.0, 0.5, seed=3)])),
        # Check: two short high tones.
        "check": mix((0.0, tone(880.0, 0.12, 18.0)), (0.09, tone(1175.0, 0.16, 14.0))),
        # Castling: two knocks, King and Rook.
        "castle": mix((0.0, knock(0.09, 170.0, 0.35, seed=4)), (0.11, knock(0.10, 150.0, 0.35, seed=5))),
        # Promotion: a rising triad.
        "promote": mix((0.0, tone(523.25, 0.14, 12.0)), (0.07, tone(659.25, 0.14, 12.0)), (0.14, tone(783.99, 0.22, 9.0))),
        # The game's end: a held chord.
        "game-end": mix((0.0, tone(392.0, 0.6, 4.0)), (0.0, tone(493.88, 0.6, 4.0)), (0.0, tone(587.33, 0.6, 4.0))),
        # Low time: a dry tick, twice.
        "low-time": mix((0.0, tone(1568.0, 0.05, 60.0, partials=(1.0,))), (0.16, tone(1568.0, 0.05, 60.0, partials=(1.0,)))),
    }
    total = 0
    for name, samples in sounds.items():
        size = write(name, samples)
        total += size
        print(f"{OUT}/{name}.wav: {size} bytes, {len(samples) / RATE:.2f} s")
    print(f"{len(sounds)} sounds, {total} bytes in all")


if __name__ == "__main__":
    main()
