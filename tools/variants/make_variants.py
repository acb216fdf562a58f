#!/usr/bin/env python3
"""Makes the gallery of variants, content/variants/NAME/, from content/chess/:
each a copy of the chess game with named edits of its tables (and the game's
name in game.yaml, so that its saves are its own). NAME is the variant's
UCI_Variant name in Fairy-Stockfish, the reference its perft is checked
against (tools/fairy/make_perft.py, tests/fairy.rs).

    python3 tools/variants/make_variants.py            # every variant
    python3 tools/variants/make_variants.py nocastle   # only these

Run it again after content/chess changes: each folder is made anew (its
README.md, written by hand with the variant's rules and what it does not
follow of Fairy-Stockfish's, is kept). tests/gallery.rs checks that every
file but the edited ones is the same as content/chess's.

A new variant is an entry of VARIANTS: its name, its game.yaml name, and
its edits, one function per file, each edit a replacement that must match
exactly once (a stale edit stops the script, naming the file).
"""
import os
import shutil
import sys
from dataclasses import dataclass, field
from typing import Callable, Dict, List

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SRC = os.path.join(ROOT, "content", "chess")
GALLERY = os.path.join(ROOT, "content", "variants")

Edit = Callable[[str, str], str]


def replace_once(text: str, old: str, new: str, path: str) -> str:
    if text.count(old) != 1:
        sys.exit(f"{path}: expected `{old}` once, found it {text.count(old)} times")
    return text.replace(old, new)


def header_only(text: str, rel: str) -> str:
    """A table with its header and no row."""
    return text.split("\n", 1)[0] + "\n"


def replacing(old: str, new: str) -> Edit:
    return lambda text, rel: replace_once(text, old, new, rel)


def replace_line_starting(text: str, start: str, new: str, rel: str) -> str:
    """The one line that starts with `start`, replaced whole by `new`."""
    lines = text.split("\n")
    hits = [i for i, line in enumerate(lines) if line.startswith(start)]
    if len(hits) != 1:
        sys.exit(f"{rel}: expected one line starting `{start}`, found {len(hits)}")
    old = lines[hits[0]]
    # The paragraph may end the quoted cell: keep its closing quote.
    lines[hits[0]] = new + ('"' if old.endswith('"') else "")
    return "\n".join(lines)


def replacing_line(start: str, new: str) -> Edit:
    return lambda text, rel: replace_line_starting(text, start, new, rel)


@dataclass
class Variant:
    name: str  # Fairy-Stockfish's UCI_Variant name, and the folder's
    title: str  # game.yaml's `game`
    edits: Dict[str, Edit] = field(default_factory=dict)  # file (from the folder) -> edit


CASTLING_EN = (
    "Castling: the king moves two squares towards a rook and the rook jumps to its other side. Neither may have "
    "moved, the squares between must be empty, and the king may not be in check, cross an attacked square or land on one."
)

VARIANTS: List[Variant] = [
    # Chess without castling: Castling has no row, so Try Castling never
    # marks a Square and a FEN's castling field is `-`; How to play says so.
    Variant(
        "nocastle",
        "No Castling Chess",
        {
            "tables/Castling.csv": header_only,
            "tables/Words.csv": replacing(CASTLING_EN, "No castling: in this variant the king never castles."),
            "tables/Words.fr.csv": replacing_line(
                "Roque", "Pas de roque\u00a0: dans cette variante, le roi ne roque jamais."
            ),
        },
    ),
]


def game_name(title: str) -> Edit:
    return replacing("game: Chess\n", f"game: {title}\n")


def make(v: Variant) -> None:
    dst = os.path.join(GALLERY, v.name)
    readme = os.path.join(dst, "README.md")
    kept = None
    if os.path.exists(readme):
        with open(readme, encoding="utf-8") as f:
            kept = f.read()
    if os.path.exists(dst):
        shutil.rmtree(dst)
    shutil.copytree(SRC, dst, ignore=shutil.ignore_patterns("README.md"))
    edits = dict(v.edits)
    edits["game.yaml"] = game_name(v.title)
    for rel, change in edits.items():
        path = os.path.join(dst, rel)
        with open(path, encoding="utf-8", newline="") as f:
            text = change(f.read(), rel)
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
    if kept is not None:
        with open(readme, "w", encoding="utf-8") as f:
            f.write(kept)
    else:
        print(f"{os.path.relpath(readme, ROOT)}: none yet; write one (the rules, and what differs from Fairy-Stockfish)")
    print(f"wrote {os.path.relpath(dst, ROOT)}")


def main(names: List[str]) -> None:
    known = {v.name: v for v in VARIANTS}
    unknown = [n for n in names if n not in known]
    if unknown:
        sys.exit(f"no variant {', '.join(unknown)}; the variants are {', '.join(known)}")
    for v in VARIANTS:
        if not names or v.name in names:
            make(v)


if __name__ == "__main__":
    main(sys.argv[1:])
