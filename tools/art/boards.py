"""The four Board Finishes: 1920x1920 pictures of 8x8 squares of 240 px, a1
(bottom-left) dark, no labels, no border. All procedural (numpy), each from a
fixed seed.

  walnut      maple and walnut inlay (the original board.png, unchanged)
  tournament  a club tournament board: buff and green vinyl over cloth
  slate       grey-blue slate, light and dark stone
  marble      white marble and dark grey marble, veined
"""

from __future__ import annotations

import numpy as np
from PIL import Image

from artlib import ValueNoise, hex_rgb, smoothstep

FRAME = 240            # px per square
BOARD_SQUARES = 8
SEED = 20240611        # fixed seed for the walnut board's wood grain (unchanged)


# --------------------------------------------------------------------------
# Walnut: maple and walnut inlay (this code is unchanged from the first
# render_art.py, so board.png keeps its bytes)
# --------------------------------------------------------------------------

# Palette: (base, grain/late-wood colour, highlight).
LIGHT = dict(base=hex_rgb("#ECD3A6"), dark=hex_rgb("#D7B57F"), hi=hex_rgb("#F5E2BE"))  # maple/birch
DARK = dict(base=hex_rgb("#A26F47"), dark=hex_rgb("#7F5030"), hi=hex_rgb("#B58560"))   # walnut


def wood_square(noise: ValueNoise, rng: np.random.Generator, pal: dict, size: int,
                vertical: bool, is_dark: bool) -> np.ndarray:
    """One inlaid square of wood, float RGB array (size, size, 3)."""
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float64) + 0.5
    # grain direction: alternating along/across, with a small random tilt
    ang = (np.pi / 2 if vertical else 0.0) + rng.uniform(-0.05, 0.05)
    ca, sa = np.cos(ang), np.sin(ang)
    u = xx * ca + yy * sa            # along the grain
    v = -xx * sa + yy * ca           # across the grain
    ou, ov = rng.uniform(0, 4000, size=2)  # where in the "log" this piece was cut
    u = u + ou
    v = v + ov

    # growth rings seen edge-on: slowly wavering stripes across the grain
    ring_period = rng.uniform(20.0, 30.0) if not is_dark else rng.uniform(16.0, 24.0)
    warp = (noise.fbm(u / 560.0, v / 110.0, octaves=3) - 0.5) * 60.0
    warp += (noise.fbm(u / 140.0, v / 40.0 + 50.0, octaves=2) - 0.5) * 4.0
    t = (v + warp) / ring_period
    phase = t - np.floor(t)
    # late-wood: a narrow darker band in each ring, soft edges
    ring = np.exp(-((phase - 0.5) ** 2) / (2 * 0.09 ** 2))
    ring *= 0.55 + 0.45 * noise.fbm(u / 160.0, v / 12.0 + 200.0, octaves=2)

    # fine fibres / pores: very stretched high-frequency noise
    fib = noise.fbm(u / 70.0 + 500.0, v / 1.3, octaves=3) - 0.5
    pores = noise(u / 6.0 + 900.0, v / 0.9)
    pores = np.clip((pores - 0.80) / 0.2, 0, 1)

    # broad tone variation within the piece of wood
    tone = noise.fbm(u / 300.0 + 1300.0, v / 150.0, octaves=2) - 0.5

    ring_amt = 0.42 if not is_dark else 0.50
    w = ring_amt * ring + 0.35 * fib + 0.20 * pores
    w = np.clip(w, 0, 1)[..., None]

    base = pal["base"] * (1.0 + rng.uniform(-0.025, 0.025))  # each piece a touch different
    col = base * (1 - w) + pal["dark"] * w
    hi = np.clip(tone, 0, None)[..., None] * 0.5
    col = col * (1 - hi) + pal["hi"] * hi
    col = col * (1.0 + np.clip(tone, None, 0)[..., None] * 0.08)
    return col


def make_walnut_board(seed: int = SEED) -> Image.Image:
    rng = np.random.default_rng(seed)
    noise = ValueNoise(rng)
    n, s = BOARD_SQUARES, FRAME
    img = np.zeros((n * s, n * s, 3), dtype=np.float64)
    for row in range(n):          # row 0 = top of the image = rank 8
        for col in range(n):      # col 0 = file a
            rank = n - 1 - row    # 0-based rank; a1 is (col 0, rank 0)
            is_dark = (col + rank) % 2 == 0   # a1 dark
            pal = DARK if is_dark else LIGHT
            vertical = (col + row) % 4 in (0, 1)  # alternate grain direction
            sq = wood_square(noise, rng, pal, s, vertical, is_dark)
            img[row * s:(row + 1) * s, col * s:(col + 1) * s] = sq

    # a hair-thin, soft seam where two inlaid pieces meet (no border outside)
    idx = np.arange(n * s, dtype=np.float64)
    d = np.minimum(idx % s, s - 1 - (idx % s))  # distance to the nearest square edge
    shade = 1.0 - 0.07 * np.exp(-(d ** 2) / 0.8)
    # leave the image's outer edge alone: only seams between squares
    outer = (idx < 3) | (idx > n * s - 4)
    shade[outer] = 1.0
    img *= np.minimum(shade[:, None], shade[None, :])[..., None]

    # very light satin finish: a broad, soft sheen across the whole board
    yy, xx = np.mgrid[0:n * s, 0:n * s].astype(np.float64) / (n * s)
    sheen = np.exp(-(((xx - 0.35) ** 2) + ((yy - 0.3) ** 2)) / 0.35) * 0.035
    img = img * (1 + sheen[..., None])

    arr = np.clip(np.rint(img), 0, 255).astype(np.uint8)
    return Image.fromarray(arr, "RGB")


# --------------------------------------------------------------------------
# Shared by the other finishes
# --------------------------------------------------------------------------

def _is_dark(row: int, col: int) -> bool:
    rank = BOARD_SQUARES - 1 - row      # row 0 = the top of the image = rank 8
    return (col + rank) % 2 == 0        # a1 dark


def _seams(img: np.ndarray, depth: float, width: float = 0.8) -> np.ndarray:
    """A hair-thin soft seam between squares (none at the outer edge)."""
    n, s = BOARD_SQUARES, FRAME
    idx = np.arange(n * s, dtype=np.float64)
    d = np.minimum(idx % s, s - 1 - (idx % s))
    shade = 1.0 - depth * np.exp(-(d ** 2) / width)
    outer = (idx < 3) | (idx > n * s - 4)
    shade[outer] = 1.0
    return img * np.minimum(shade[:, None], shade[None, :])[..., None]


def _sheen(img: np.ndarray, amount: float) -> np.ndarray:
    n = img.shape[0]
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float64) / n
    sheen = np.exp(-(((xx - 0.35) ** 2) + ((yy - 0.3) ** 2)) / 0.35) * amount
    return img * (1 + sheen[..., None])


def _to_image(img: np.ndarray) -> Image.Image:
    return Image.fromarray(np.clip(np.rint(img), 0, 255).astype(np.uint8), "RGB")


# --------------------------------------------------------------------------
# Tournament: buff and green vinyl, one printed sheet over a woven backing
# --------------------------------------------------------------------------

TOURNAMENT_LIGHT = hex_rgb("#EEEAD2")   # buff
TOURNAMENT_DARK = hex_rgb("#4F7D4C")    # tournament green


def cloth_texture(noise: ValueNoise, w: int, h: int, ox: float = 0.0, oy: float = 0.0,
                  weave: float = 0.035, mottle: float = 0.05) -> np.ndarray:
    """A multiplier around 1: a fine plain weave seen through vinyl, and a
    soft mottling of the print."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float64)
    p = 3.0                                             # thread pitch, px
    tx = np.sin(np.pi * (xx + 0.5) / p) ** 2
    ty = np.sin(np.pi * (yy + 0.5) / p) ** 2
    over = ((np.floor(xx / p) + np.floor(yy / p)) % 2) == 0
    wv = np.where(over, tx, ty) - 0.5
    m = noise.fbm((xx + ox) / 180.0, (yy + oy) / 180.0, octaves=3) - 0.5
    return 1.0 + weave * wv + mottle * m


def make_tournament_board(seed: int = 1971) -> Image.Image:
    rng = np.random.default_rng(seed)
    noise = ValueNoise(rng)
    n, s = BOARD_SQUARES, FRAME
    tex = cloth_texture(noise, n * s, n * s)
    img = np.zeros((n * s, n * s, 3))
    for row in range(n):
        for col in range(n):
            base = TOURNAMENT_DARK if _is_dark(row, col) else TOURNAMENT_LIGHT
            img[row * s:(row + 1) * s, col * s:(col + 1) * s] = base
    img *= tex[..., None]
    img = _sheen(img, 0.03)
    return _to_image(img)


# --------------------------------------------------------------------------
# Slate: cleft grey-blue stone, each square its own tile
# --------------------------------------------------------------------------

SLATE_LIGHT = hex_rgb("#8C969F")
SLATE_DARK = hex_rgb("#49515B")


def slate_texture(noise: ValueNoise, rng: np.random.Generator, w: int, h: int,
                  angle: float | None = None) -> np.ndarray:
    """A multiplier around 1: the layers of cleft slate, soft and low."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float64) + 0.5
    ang = rng.uniform(-0.25, 0.25) if angle is None else angle
    ca, sa = np.cos(ang), np.sin(ang)
    u = xx * ca + yy * sa + rng.uniform(0, 5000)
    v = -xx * sa + yy * ca + rng.uniform(0, 5000)
    layers = noise.fbm(u / 420.0, v / 30.0, octaves=3) - 0.5
    ridges = np.abs(noise.fbm(u / 200.0 + 70, v / 11.0, octaves=2) - 0.5)
    cloud = noise.fbm(u / 160.0 + 500, v / 160.0, octaves=4) - 0.5
    spots = smoothstep(0.58, 0.75, noise.fbm(u / 50.0 + 40, v / 50.0 + 9, octaves=3))
    return 1.0 + 0.10 * layers - 0.10 * ridges + 0.08 * cloud + 0.035 * spots


def make_slate_board(seed: int = 1880) -> Image.Image:
    rng = np.random.default_rng(seed)
    noise = ValueNoise(rng)
    n, s = BOARD_SQUARES, FRAME
    img = np.zeros((n * s, n * s, 3))
    tint = np.array([0.99, 1.0, 1.015])
    for row in range(n):
        for col in range(n):
            base = SLATE_DARK if _is_dark(row, col) else SLATE_LIGHT
            base = base * (1.0 + rng.uniform(-0.025, 0.025)) * tint
            img[row * s:(row + 1) * s, col * s:(col + 1) * s] = \
                base * slate_texture(noise, rng, s, s)[..., None]
    img = _seams(img, 0.10)
    img = _sheen(img, 0.025)
    return _to_image(img)


# --------------------------------------------------------------------------
# Marble: white and dark grey, veined, each square its own cut
# --------------------------------------------------------------------------

MARBLE_LIGHT = dict(base=hex_rgb("#EDEBE6"), vein=hex_rgb("#8D9299"), vein2=hex_rgb("#C2C5C9"))
MARBLE_DARK = dict(base=hex_rgb("#57534F"), vein=hex_rgb("#DAD7D2"), vein2=hex_rgb("#86817B"))


def marble_texture(noise: ValueNoise, rng: np.random.Generator, pal: dict, w: int, h: int,
                   scale: float = 1.0) -> np.ndarray:
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float64) + 0.5
    ang = rng.uniform(0, np.pi)
    ca, sa = np.cos(ang), np.sin(ang)
    u = (xx * ca + yy * sa) / scale + rng.uniform(0, 5000)
    v = (-xx * sa + yy * ca) / scale + rng.uniform(0, 5000)
    turb = noise.fbm(u / 300.0, v / 300.0, octaves=3) - 0.5
    turb2 = noise.fbm(u / 150.0 + 60, v / 150.0, octaves=3) - 0.5
    w1 = u / 70.0 + v / 300.0 + turb * 2.6
    a1 = np.abs(np.sin(w1))
    fade = np.clip(0.25 + 1.6 * (noise.fbm(u / 260.0 + 40, v / 260.0, 2) - 0.3), 0, 1)
    sharp = (1 - smoothstep(0.0, 0.045, a1)) * fade
    soft = np.exp(-a1 / 0.22) * (0.25 + 0.5 * fade)
    w2 = (u * 0.4 - v) / 40.0 + turb2 * 2.2
    fine = (1 - smoothstep(0.0, 0.03, np.abs(np.sin(w2))))
    fine *= np.clip(1.8 * (noise.fbm(u / 180.0 + 90, v / 180.0, 2) - 0.45), 0, 1)
    cloud = noise.fbm(u / 140.0 + 200, v / 140.0, octaves=4) - 0.5
    col = pal["base"] * (1 + 0.08 * cloud)[..., None]
    haze = np.clip((noise.fbm(u / 90.0 + 300, v / 35.0, octaves=2) - 0.45) * 2.5, 0, 1)
    t = np.clip(0.45 * soft + 0.35 * haze, 0, 1)[..., None]
    col = col * (1 - t) + pal["vein2"] * t
    t = np.clip(0.8 * sharp, 0, 1)[..., None]
    col = col * (1 - t) + pal["vein"] * t
    t = np.clip(0.5 * fine, 0, 1)[..., None]
    col = col * (1 - t) + pal["vein2"] * t
    return col


def make_marble_board(seed: int = 1504) -> Image.Image:
    rng = np.random.default_rng(seed)
    noise = ValueNoise(rng)
    n, s = BOARD_SQUARES, FRAME
    img = np.zeros((n * s, n * s, 3))
    for row in range(n):
        for col in range(n):
            pal = MARBLE_DARK if _is_dark(row, col) else MARBLE_LIGHT
            img[row * s:(row + 1) * s, col * s:(col + 1) * s] = \
                marble_texture(noise, rng, pal, s, s) * (1.0 + rng.uniform(-0.02, 0.02))
    img = _seams(img, 0.12)
    img = _sheen(img, 0.05)
    return _to_image(img)


BOARDS = {
    "walnut": make_walnut_board,
    "tournament": make_tournament_board,
    "slate": make_slate_board,
    "marble": make_marble_board,
}
