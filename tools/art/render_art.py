#!/usr/bin/env python3
"""Regenerate Cardtable's chess art deterministically.

Writes into content/chess/art/ (relative to the repository root); every
picture is made here from numbers (numpy, scipy, Pillow), with fixed seeds:

  board-walnut.png, board-tournament.png, board-slate.png, board-marble.png
                  the four Board Finishes, 1920x1920, 8x8 squares of 240 px,
                  a1 (bottom-left) dark (boards.py)
  board.png       the same bytes as board-walnut.png (what the content uses)
  pieces-walnut.png, pieces-ivory.png, pieces-marble.png
                  the three Piece Sets, 14 frames of 240x240 in one row
                  (3360x240): K Q R B N P White, then Black (pieces.py),
                  then the light and the dark token
  pieces.png      the same bytes as pieces-walnut.png (the default set)
  pieces-token.png  2 frames of 240x240: a light and a dark round token (also
                    frames 12 and 13 of each pieces-*.png)
  buttons.png, panels.png, chosen.png, chosen-square.png
                  the Settings' buttons and panels in four finishes, and the
                  "chosen" highlight (ui.py)
  focus-mark.png, promotion-focus.png
                  the keyboard's focus: a blue ring round a Square (240x240)
                  and round a Promotion button (120x120) (ui.py)
  square.png      240x240 opaque white (tinted at run time)
  move-marks.png  2 frames of 240x240 (480x240): a move dot and a capture ring
  threat-marks.png  2 frames of 240x240: Threats mode's red outline of an
                  attacked Piece's Square, and the outline with a ring inside
                  it (unprotected) (--only threats)
  pin-marks.png   1 frame of 240x240: the amber bar under a pinned Piece's foot
  legend-keys.png 3 frames of 48x48: the legend's Attacked, Unprotected, Pinned

Usage (from anywhere):
  python3 tools/art/render_art.py [--out DIR] [--only boards|pieces|ui|marks ...]
                                  [--preview DIR] [--ss N]

The fonts in content/chess/art/fonts/ are plain copies of Debian's
fonts-dejavu-core files and are not made by this script.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np                      # noqa: E402
from PIL import Image                   # noqa: E402

import boards                           # noqa: E402
import pieces                           # noqa: E402
import ui                               # noqa: E402
from artlib import DEFAULT_OUT, REPO_ROOT, fill_transparent_rgb, save_png  # noqa: E402

FRAME = 240
PIECE_SETS = ["walnut", "ivory", "marble"]


# --------------------------------------------------------------------------
# Square and move marks (unchanged)
# --------------------------------------------------------------------------

def make_square() -> Image.Image:
    return Image.new("RGBA", (FRAME, FRAME), (255, 255, 255, 255))


MARK_RGB = (20, 85, 30)
MARK_ALPHA = 0.45


def make_move_marks() -> Image.Image:
    s = FRAME
    yy, xx = np.mgrid[0:s, 0:s].astype(np.float64) + 0.5
    d = np.hypot(xx - s / 2, yy - s / 2)
    # coverage ~ clamp(edge distance + 0.5): a one-pixel analytic antialias ramp
    dot_r = 0.30 * s / 2
    dot = np.clip(dot_r - d + 0.5, 0, 1)
    ring_out = 0.96 * s / 2
    ring_in = ring_out - 0.09 * s
    ring = np.clip(ring_out - d + 0.5, 0, 1) * np.clip(d - ring_in + 0.5, 0, 1)
    sheet = np.zeros((s, 2 * s, 4), dtype=np.uint8)
    sheet[..., 0:3] = MARK_RGB  # colour everywhere, so filtering gives no dark fringe
    sheet[:, :s, 3] = np.rint(dot * MARK_ALPHA * 255)
    sheet[:, s:, 3] = np.rint(ring * MARK_ALPHA * 255)
    return Image.fromarray(sheet, "RGBA")


# --------------------------------------------------------------------------
# Threats mode's marks (Chapter 9): Threat Mark, Pin Mark, Legend Key
# --------------------------------------------------------------------------

THREAT_RGB = (216, 40, 36)
PIN_RGB = (240, 160, 32)


def _outline(s, inset, width, radius):
    """Coverage of a rounded-square outline, `inset` from the frame's edge."""
    yy, xx = np.mgrid[0:s, 0:s].astype(np.float64) + 0.5
    half = s / 2 - inset
    qx = np.abs(xx - s / 2) - (half - radius)
    qy = np.abs(yy - s / 2) - (half - radius)
    d = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0)) + np.minimum(np.maximum(qx, qy), 0) - radius
    return np.clip(0.5 - d, 0, 1) * np.clip(d + width + 0.5, 0, 1)


def _ring_cov(s, radius, width):
    yy, xx = np.mgrid[0:s, 0:s].astype(np.float64) + 0.5
    d = np.hypot(xx - s / 2, yy - s / 2)
    return np.clip(radius - d + 0.5, 0, 1) * np.clip(d - (radius - width) + 0.5, 0, 1)


def _bar_cov(s, y0, y1, x0, x1):
    yy, xx = np.mgrid[0:s, 0:s].astype(np.float64) + 0.5
    r = (y1 - y0) / 2
    cy = (y0 + y1) / 2
    dx = np.maximum(np.maximum(x0 + r - xx, xx - (x1 - r)), 0)
    d = np.hypot(dx, yy - cy) - r
    return np.clip(0.5 - d, 0, 1)


def _sheet(covs, rgbs, alpha=1.0):
    s = covs[0].shape[0]
    sheet = np.zeros((s, s * len(covs), 4), dtype=np.uint8)
    for i, (cov, rgb) in enumerate(zip(covs, rgbs)):
        sheet[:, i * s:(i + 1) * s, 0:3] = rgb
        sheet[:, i * s:(i + 1) * s, 3] = np.rint(cov * alpha * 255)
    return Image.fromarray(sheet, "RGBA")


def make_threat_marks() -> Image.Image:
    s = FRAME
    outline = _outline(s, 0.03 * s, 0.055 * s, 0.10 * s)
    ring = np.maximum(outline, _ring_cov(s, 0.40 * s, 0.04 * s))
    return _sheet([outline, ring], [THREAT_RGB, THREAT_RGB], 0.95)


def make_pin_marks() -> Image.Image:
    s = FRAME
    return _sheet([_bar_cov(s, 0.84 * s, 0.91 * s, 0.22 * s, 0.78 * s)], [PIN_RGB], 0.95)


def make_legend_keys() -> Image.Image:
    s = 48
    square = _outline(s, 4, 20, 5)  # filled: the width reaches the middle
    ring = np.maximum(_outline(s, 4, 4, 6), _ring_cov(s, 13, 4))
    bar = _bar_cov(s, 30, 38, 6, 42)
    return _sheet([square, ring, bar], [THREAT_RGB, THREAT_RGB, PIN_RGB])


# --------------------------------------------------------------------------
# Preview (not part of the content)
# --------------------------------------------------------------------------

START = ["rnbqkbnr", "pppppppp", "", "", "", "", "PPPPPPPP", "RNBQKBNR"]
FRAME_OF = {s: i for i, s in enumerate("KQRBNPkqrbnp")}


def start_position(board: Image.Image, sheet: Image.Image, sq: int = 120) -> Image.Image:
    """The start position at the game's scale: 960x960, a1 bottom-left."""
    b = board.convert("RGBA").resize((8 * sq, 8 * sq), Image.LANCZOS)
    small = sheet.resize((12 * sq, sq), Image.LANCZOS)
    for row, line in enumerate(START):
        for col, sym in enumerate(line):
            i = FRAME_OF[sym]
            b.alpha_composite(small.crop((i * sq, 0, (i + 1) * sq, sq)), (col * sq, row * sq))
    return b


def write_previews(out_dir: str, art_dir: str) -> None:
    os.makedirs(out_dir, exist_ok=True)
    sets = {s: Image.open(os.path.join(art_dir, f"pieces-{s}.png")) for s in PIECE_SETS}
    for finish in boards.BOARDS:
        board = Image.open(os.path.join(art_dir, f"board-{finish}.png"))
        sheet = Image.new("RGBA", (960 * len(sets), 960))
        for i, s in enumerate(PIECE_SETS):
            sheet.paste(start_position(board, sets[s]), (960 * i, 0))
        path = os.path.join(out_dir, f"start-{finish}.png")
        sheet.save(path)
        print(f"wrote preview {path}")


# --------------------------------------------------------------------------

def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=DEFAULT_OUT, help="output folder (default: content/chess/art)")
    ap.add_argument("--only", action="append", choices=["boards", "pieces", "ui", "marks", "threats"],
                    help="make only these (may be repeated; default: everything)")
    ap.add_argument("--preview", metavar="DIR",
                    help="also write start-position contact sheets (each finish with each set) here")
    ap.add_argument("--ss", type=int, default=3, help="supersampling of the pieces (default 3)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    only = set(args.only or ["boards", "pieces", "ui", "marks", "threats"])
    t0 = time.time()

    if "boards" in only:
        for name, make in boards.BOARDS.items():
            save_png(make(), os.path.join(args.out, f"board-{name}.png"))
        shutil.copyfile(os.path.join(args.out, "board-walnut.png"), os.path.join(args.out, "board.png"))
        print("copied board-walnut.png to board.png")

    if "pieces" in only:
        geoms = pieces.geometries(args.ss)
        token = fill_transparent_rgb(pieces.make_token(), (0, 0, 0))
        for name in PIECE_SETS:
            img = fill_transparent_rgb(pieces.make_set(name, geoms), (0, 0, 0))
            # frames 12 and 13 of every set: the light and the dark token, which
            # shows a Kind with no art (the Tokens table's frame)
            img = Image.fromarray(np.concatenate([np.asarray(img), np.asarray(token)], axis=1))
            save_png(img, os.path.join(args.out, f"pieces-{name}.png"))
        shutil.copyfile(os.path.join(args.out, "pieces-walnut.png"), os.path.join(args.out, "pieces.png"))
        print("copied pieces-walnut.png to pieces.png")
        save_png(token, os.path.join(args.out, "pieces-token.png"))

    if "ui" in only:
        save_png(fill_transparent_rgb(ui.make_buttons(), (0, 0, 0)), os.path.join(args.out, "buttons.png"))
        save_png(fill_transparent_rgb(ui.make_panels(), (0, 0, 0)), os.path.join(args.out, "panels.png"))
        save_png(fill_transparent_rgb(ui.make_chosen(), (255, 216, 96)), os.path.join(args.out, "chosen.png"))
        save_png(fill_transparent_rgb(ui.make_chosen_square(), (255, 216, 96)),
                 os.path.join(args.out, "chosen-square.png"))
        save_png(fill_transparent_rgb(ui.make_focus_mark(), (98, 176, 255)), os.path.join(args.out, "focus-mark.png"))
        save_png(fill_transparent_rgb(ui.make_promotion_focus(), (98, 176, 255)),
                 os.path.join(args.out, "promotion-focus.png"))

    if "marks" in only:
        save_png(make_square(), os.path.join(args.out, "square.png"))
        save_png(make_move_marks(), os.path.join(args.out, "move-marks.png"))

    if "threats" in only:
        save_png(make_threat_marks(), os.path.join(args.out, "threat-marks.png"))
        save_png(make_pin_marks(), os.path.join(args.out, "pin-marks.png"))
        save_png(make_legend_keys(), os.path.join(args.out, "legend-keys.png"))

    if args.preview:
        write_previews(args.preview, args.out)
    print(f"done in {time.time() - t0:.0f} s ({os.path.relpath(args.out, REPO_ROOT)})")


if __name__ == "__main__":
    main()
