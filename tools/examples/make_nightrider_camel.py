#!/usr/bin/env python3
"""Makes content/examples/nightrider-camel/ from content/chess/: a copy of the
chess game with two invented Kinds, made by editing tables alone (and the
game's name in game.yaml, so that its saves are its own).

    python3 tools/examples/make_nightrider_camel.py

Run it again after content/chess changes: the folder is made anew (its
README.md, written by hand, is kept). tests/suite/variants.rs checks that every file
but the edited ones is the same as content/chess's.

The edits, row by row (the folder's README.md says why):
- tables/Kinds.csv: a row Nightrider (letter S, no art: a token) before the
  Knight; a row Camel (letter C, no art) at the end; their promotionWords
  (the Hint message).
- tables/Promotions.csv: the fourth place of the Promotion choice offers the
  Nightrider to both Sides, where chess offers the Knight.
- tables/Kinds.fr.csv: their promotionWords and their letters in the French
  Move List (Noctambule N, Chameau M).
- tables/Directions.csv: eight rows for the Nightrider (the Knight's eight
  leaps, repeated: steps 7), eight for the Camel (leaps of 1 and 3: steps 1).
- tables/Position.csv: b1 and b8 hold a Camel, g1 and g8 a Nightrider (the
  Knights' squares).
- game.yaml: the game is called Nightrider and Camel Chess.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from content_copy import make as make_copy, replace_once  # noqa: E402

DST = os.path.join("content", "examples", "nightrider-camel")

NIGHTRIDER = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
CAMEL = [(1, 3), (3, 1), (3, -1), (1, -3), (-1, -3), (-3, -1), (-3, 1), (-1, 3)]


def kinds(text: str, rel: str) -> str:
    text = replace_once(text, "\nKnight,", '\nNightrider,,,S,=S,550,", promote to nightrider",S,=S,false,false,false,false,false,false\nKnight,', rel)
    return text + ("" if text.endswith("\n") else "\n") + 'Camel,,,C,=C,250,", promote to camel",C,=C,false,false,false,false,false,false\n'


def kinds_fr(text: str, rel: str) -> str:
    text = replace_once(text, "\nKnight,", '\nNightrider,", promotion en noctambule",N,=N\nKnight,', rel)
    return text + ("" if text.endswith("\n") else "\n") + 'Camel,", promotion en chameau",M,=M\n'


def promotions(text: str, rel: str) -> str:
    return replace_once(text, "\nFourth,Knight,Knight", "\nFourth,Nightrider,Nightrider", rel)


def directions(text: str, rel: str) -> str:
    rows = [f"Nightrider {f} {r},Nightrider,{f},{r},7,7,true,true,0,false,0,0" for f, r in NIGHTRIDER]
    rows += [f"Camel {f} {r},Camel,{f},{r},1,1,true,true,0,false,0,0" for f, r in CAMEL]
    return text + ("" if text.endswith("\n") else "\n") + "\n".join(rows) + "\n"


def position(text: str, rel: str) -> str:
    for square, kind in [("b1", "Camel"), ("g1", "Nightrider"), ("b8", "Camel"), ("g8", "Nightrider")]:
        file, rank = square[0], square[1]
        fileno = "abcdefgh".index(file) + 1
        old = f"\n{square},{fileno},{rank},{file},Knight,"
        text = replace_once(text, old, f"\n{square},{fileno},{rank},{file},{kind},", rel)
    return text


def game(text: str, rel: str) -> str:
    return replace_once(text, "game: Chess\n", "game: Nightrider and Camel Chess\n", rel)


def main() -> None:
    make_copy(
        DST,
        {
            "tables/Kinds.csv": kinds,
            "tables/Kinds.fr.csv": kinds_fr,
            "tables/Promotions.csv": promotions,
            "tables/Directions.csv": directions,
            "tables/Position.csv": position,
            "game.yaml": game,
        },
    )


if __name__ == "__main__":
    main()
