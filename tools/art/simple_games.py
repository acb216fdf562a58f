"""Art for the small games of content/examples/ (Breakthrough, the template):
flat shapes drawn with Pillow at 4x and filtered down, no randomness, so the
same Pillow gives the same bytes.

  cells.png   2 frames of 160x160: a light and a dark square
  stones.png  2 frames of 160x160: a white and a black stone, lit from the top left
  marks.png   2 frames of 160x160: a ring (the selected stone) and a dot (a move)
  button.png  1 frame of 240x64: a rounded button
  tiles.png   3 frames of 160x160 (the template): an empty Cell, one with a
              white stone, one with a black stone

Run from the repository root: python3 tools/art/simple_games.py
(writes content/examples/breakthrough/art/ and content/examples/template/art/;
--out DIR writes into DIR instead).
"""

from __future__ import annotations

import argparse
import os

from PIL import Image, ImageDraw

SS = 4
CELL = 160


def strip(frames: list[Image.Image]) -> Image.Image:
    w, h = frames[0].size
    out = Image.new("RGBA", (w * len(frames), h), (0, 0, 0, 0))
    for i, f in enumerate(frames):
        out.paste(f, (i * w, 0))
    return out


def canvas(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img)


def down(img: Image.Image) -> Image.Image:
    return img.resize((img.width // SS, img.height // SS), Image.LANCZOS)


def cell(fill: str, edge: str) -> Image.Image:
    img, d = canvas(CELL, CELL)
    s = CELL * SS
    d.rectangle([0, 0, s - 1, s - 1], fill=fill)
    d.rectangle([0, 0, s - 1, s - 1], outline=edge, width=2 * SS)
    return down(img)


def stone(body: str, light: str, rim: str) -> Image.Image:
    img, d = canvas(CELL, CELL)
    s = CELL * SS
    m = int(s * 0.14)
    d.ellipse([m, m + 3 * SS, s - m, s - m + 3 * SS], fill=(0, 0, 0, 90))  # shadow
    d.ellipse([m, m, s - m, s - m], fill=rim)
    r = 5 * SS
    d.ellipse([m + r, m + r, s - m - r, s - m - r], fill=body)
    hl = int(s * 0.3)
    d.ellipse([hl, hl, hl + int(s * 0.16), hl + int(s * 0.12)], fill=light)
    return down(img)


def ring(color: str) -> Image.Image:
    img, d = canvas(CELL, CELL)
    s = CELL * SS
    m = 6 * SS
    d.rounded_rectangle([m, m, s - m, s - m], radius=14 * SS, outline=color, width=9 * SS)
    return down(img)


def dot(color: str) -> Image.Image:
    img, d = canvas(CELL, CELL)
    s = CELL * SS
    r = int(s * 0.16)
    d.ellipse([s // 2 - r, s // 2 - r, s // 2 + r, s // 2 + r], fill=color)
    return down(img)


def button() -> Image.Image:
    img, d = canvas(240, 64)
    d.rounded_rectangle([0, 0, 240 * SS - 1, 64 * SS - 1], radius=16 * SS, fill="#4A6B8A", outline="#9CB8D3", width=3 * SS)
    return down(img)


def tile(stone_img: Image.Image | None) -> Image.Image:
    base = cell("#E8D9B5", "#9C7A54")
    if stone_img is not None:
        base.alpha_composite(stone_img)
    return base


def write(out: str, template: bool) -> None:
    os.makedirs(out, exist_ok=True)
    if template:
        white = stone("#F4F1EA", "#FFFFFF", "#B9B2A4")
        black = stone("#2A2A2E", "#6A6A74", "#0E0E10")
        strip([tile(None), tile(white), tile(black)]).save(os.path.join(out, "tiles.png"), optimize=True)
        return
    files = {
        "cells.png": strip([cell("#E8D9B5", "#D9C79F"), cell("#9C7A54", "#8C6A46")]),
        "stones.png": strip([stone("#F4F1EA", "#FFFFFF", "#B9B2A4"), stone("#2A2A2E", "#6A6A74", "#0E0E10")]),
        "marks.png": strip([ring("#F2C94CE0"), dot("#2E7D5BB0")]),
        "button.png": button(),
    }
    for name, img in files.items():
        img.save(os.path.join(out, name), optimize=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", help="one folder to write into, instead of the examples' art/ folders")
    args = p.parse_args()
    outs = [(args.out, False), (args.out, True)] if args.out else [
        ("content/examples/breakthrough/art", False),
        ("content/examples/template/art", True),
    ]
    for out, template in outs:
        write(out, template)
        print("wrote", out)


if __name__ == "__main__":
    main()
