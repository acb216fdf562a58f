"""Buttons, panels and the "chosen" highlight for the Settings, in the four
finishes of the boards: 0 wood (walnut), 1 cloth (tournament green),
2 slate, 3 marble (dark grey, for the light words the game writes on them). Procedural (numpy), fixed seeds.

  buttons.png        4 frames of 360x96 in one row (1440x96)
  panels.png         4 frames of 720x720 in one row (2880x720)
  chosen.png         1 frame of 360x96: a gold ring to lay over a chosen button
  chosen-square.png  1 frame of 240x240: the same for a chosen square swatch
  focus-mark.png     1 frame of 240x240: a blue ring round the Square the keys focus
  promotion-focus.png  1 frame of 120x120: the same round the Promotion button the keys are on
"""

from __future__ import annotations

import numpy as np
from scipy import ndimage

from artlib import ValueNoise, downsample, hex_rgb, smoothstep, to_image
import boards

FINISHES = ["wood", "cloth", "slate", "marble"]
SS = 3
LIGHT_DIR = np.array([-0.45, 0.55, 0.70]) / np.linalg.norm([-0.45, 0.55, 0.70])


def _wood(noise, rng, w, h):
    """A walnut plank, grain along its length (0..255 RGB)."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float64) + 0.5
    u = xx + rng.uniform(0, 3000)
    v = yy + rng.uniform(0, 3000)
    warp = (noise.fbm(u / 500.0, v / 90.0, octaves=3) - 0.5) * 50.0
    t = (v + warp) / 17.0
    ph = t - np.floor(t)
    ring = np.exp(-((ph - 0.5) ** 2) / (2 * 0.1 ** 2)) * (0.55 + 0.45 * noise.fbm(u / 150.0, v / 12.0 + 200, 2))
    fib = noise.fbm(u / 60.0 + 500, v / 1.4, octaves=2) - 0.5
    tone = noise.fbm(u / 260.0 + 1300, v / 120.0, octaves=2) - 0.5
    base, dark, hi = hex_rgb("#7B5236"), hex_rgb("#4E301C"), hex_rgb("#966B4A")
    wgt = np.clip(0.5 * ring + 0.3 * fib, 0, 1)[..., None]
    col = base * (1 - wgt) + dark * wgt
    k = np.clip(tone, 0, None)[..., None] * 0.6
    return col * (1 - k) + hi * k


def _texture(finish, w, h, seed):
    rng = np.random.default_rng(seed)
    noise = ValueNoise(rng)
    if finish == "wood":
        return _wood(noise, rng, w, h)
    if finish == "cloth":
        base = hex_rgb("#3F6B42")
        return base * boards.cloth_texture(noise, w, h, weave=0.06, mottle=0.07)[..., None]
    if finish == "slate":
        base = hex_rgb("#4E5761")
        return base * boards.slate_texture(noise, rng, w, h, angle=0.05)[..., None]
    if finish == "marble":
        return boards.marble_texture(noise, rng, MARBLE_UI, w, h, scale=1.4)
    raise ValueError(finish)


# The marble of the buttons and panels: a dark grey marble, a little darker
# than the Board's dark squares (boards.MARBLE_DARK), with pale veins muted
# toward the stone, so that the light words written on every button and panel
# (#F7EBD3, and the option tints' #FFE08A and #9C948C) read on it as on the
# other three finishes
MARBLE_UI = dict(base=hex_rgb("#4A4642"), vein=hex_rgb("#B9B3AA"), vein2=hex_rgb("#66615B"))

# Colours of the trim: the engraved line, the very edge, and how much darker
# a panel's frame and field are than the finish itself
TRIM = {
    "wood": dict(line=hex_rgb("#D9B77E"), edge=hex_rgb("#2A170B"), frame=0.80, field=0.86),
    "cloth": dict(line=hex_rgb("#EEEAD2"), edge=hex_rgb("#1D3320"), frame=0.85, field=0.88),
    "slate": dict(line=hex_rgb("#A9B4BF"), edge=hex_rgb("#1E242A"), frame=0.85, field=0.88),
    "marble": dict(line=hex_rgb("#CFC9C0"), edge=hex_rgb("#1E1C1A"), frame=0.85, field=0.88),
}


def _rounded_rect_sdf(w, h, x0, y0, x1, y1, r):
    """Signed distance (px, negative inside) to a rounded rectangle, on a w x h grid."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float64) + 0.5
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    hx, hy = (x1 - x0) / 2 - r, (y1 - y0) / 2 - r
    qx = np.abs(xx - cx) - hx
    qy = np.abs(yy - cy) - hy
    return np.hypot(np.maximum(qx, 0), np.maximum(qy, 0)) + np.minimum(np.maximum(qx, qy), 0) - r


def _shade(height, col, ss):
    gy, gx = np.gradient(height, 1.0 / ss)
    n = np.stack([-gx, gy, np.ones_like(height)], axis=-1)     # screen y points down
    n /= np.linalg.norm(n, axis=-1, keepdims=True)
    d = np.clip(n @ LIGHT_DIR, 0, 1)
    flat = LIGHT_DIR[2]
    half = LIGHT_DIR + np.array([0, 0, 1.0])
    half /= np.linalg.norm(half)
    spec = np.clip(n @ half, 0, 1) ** 30 - np.clip(np.array([0, 0, 1.0]) @ half, 0, 1) ** 30
    light = 1.0 + 0.9 * (d - flat)
    return col * light[..., None] + 255 * 0.25 * np.clip(spec, 0, None)[..., None]


def _plate(finish, w, h, radius, seed, frame_w=0.0):
    """One button or panel: a rounded, bevelled plate of the finish, an engraved
    line inside its edge, a soft shadow; w x h, straight-alpha float RGBA."""
    ss = SS
    W, H = w * ss, h * ss
    m = 4.0                                              # margin for the shadow
    sd = _rounded_rect_sdf(W, H, m * ss, (m - 1) * ss, W - m * ss, H - (m + 1) * ss, radius * ss) / ss
    inside = sd <= 0
    tex = _texture(finish, w, h, seed)
    tex = np.repeat(np.repeat(tex, ss, axis=0), ss, axis=1)
    tr = TRIM[finish]
    depth = -sd                                          # px inside the edge
    bevel = 5.0
    hgt = bevel * np.sqrt(np.clip(1 - (1 - np.clip(depth / bevel, 0, 1)) ** 2, 0, 1))
    col = tex.copy()
    if frame_w > 0:
        # a panel: a raised frame, the field inside it sunk a little and shaded
        inner = depth - frame_w
        hgt = hgt - 3.0 * smoothstep(0.0, 4.0, inner)
        # the field a little darker than a button of the same finish, so
        # that buttons laid on it stand out
        col = np.where((inner > 0)[..., None], col * tr["field"], col * tr["frame"])
        shadow_in = np.exp(-np.clip(inner, 0, None) / 6.0) * (inner > 0)
        col = col * (1 - 0.25 * shadow_in)[..., None]
    # the engraved line: a dark groove with a light lip under it
    line_at = frame_w + 9.0 if frame_w > 0 else 8.0
    groove = np.exp(-((depth - line_at) / 0.7) ** 2)
    lip = np.exp(-((depth - line_at - 1.3) / 0.7) ** 2)
    col = col * (1 - 0.30 * groove)[..., None] + tr["line"] * (0.45 * lip)[..., None]
    col = _shade(hgt, col, ss)
    # a dark rim at the very edge
    rim = np.clip(1.2 - depth, 0, 1)
    col = col * (1 - rim[..., None]) + tr["edge"] * rim[..., None]
    # edge coverage (antialiased through the supersampling)
    a_plate = np.clip(0.5 - sd * ss, 0, 1)
    sh = ndimage.gaussian_filter(inside.astype(np.float64), 2.0 * ss)
    sh = ndimage.shift(sh, (1.5 * ss, 1.0 * ss), order=1) * 0.45
    out = np.zeros((H, W, 4))
    a = a_plate + sh * (1 - a_plate)
    out[..., :3] = np.clip(col, 0, 255) / 255.0 * (a_plate / np.maximum(a, 1e-9))[..., None]
    out[..., 3] = a
    return downsample(out, ss)


def make_buttons():
    frames = [_plate(f, 360, 96, 16.0, 300 + i) for i, f in enumerate(FINISHES)]
    return to_image(np.concatenate(frames, axis=1))


def make_panels():
    frames = [_plate(f, 720, 720, 28.0, 400 + i, frame_w=22.0) for i, f in enumerate(FINISHES)]
    return to_image(np.concatenate(frames, axis=1))


GOLD = ("#8A6418", "#D4AA3A", "#FFF0B8", "#FFD860")
BLUE = ("#0E3F7A", "#2F7FD8", "#D8ECFF", "#62B0FF")


def _ring(w, h, radius, colors=GOLD):
    """A ring along a plate's edge with a soft glow, transparent inside
    (colors: dark, middle, highlight and glow; gold unless given)."""
    ss = SS
    W, H = w * ss, h * ss
    m = 4.0
    sd = _rounded_rect_sdf(W, H, m * ss, (m - 1) * ss, W - m * ss, H - (m + 1) * ss, radius * ss) / ss
    # the ring covers the plate's outer 5 px, and 1.5 px outside it
    mid = -1.0
    half = 3.5
    d = np.abs(sd - mid)
    a_ring = np.clip((half - d) * ss + 0.5, 0, 1)
    # a rounded metal profile across the ring: bright in the middle of its top
    t = np.clip((sd - mid) / half, -1, 1)
    hgt = np.sqrt(np.clip(1 - t * t, 0, 1))
    gold_dark, gold, gold_hi = hex_rgb(colors[0]), hex_rgb(colors[1]), hex_rgb(colors[2])
    col = gold_dark + (gold - gold_dark) * hgt[..., None]
    yy = np.mgrid[0:H, 0:W][0] / H
    glint = np.clip(hgt - 0.75, 0, None) * 4 * (1.1 - yy)
    col = col + (gold_hi - col) * np.clip(glint, 0, 1)[..., None]
    glow = np.exp(-np.clip(d - half, 0, None) / 3.0) * 0.55 * (1 - a_ring)
    glow *= (sd > mid)                                   # the glow only outside
    out = np.zeros((H, W, 4))
    a = a_ring + glow * (1 - a_ring)
    glow_col = hex_rgb(colors[3])
    out[..., :3] = (col * a_ring[..., None] + glow_col * (glow * (1 - a_ring))[..., None]) \
        / np.maximum(a, 1e-9)[..., None] / 255.0
    out[..., 3] = a
    return to_image(downsample(out, ss))


def make_chosen():
    return _ring(360, 96, 16.0)


def make_chosen_square():
    return _ring(240, 240, 14.0)


def make_focus_mark():
    return _ring(240, 240, 14.0, BLUE)


def make_promotion_focus():
    return _ring(120, 120, 12.0, BLUE)
