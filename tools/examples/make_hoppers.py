#!/usr/bin/env python3
"""Makes two examples of pieces that jump over Pieces or are blocked on
their way, from content/chess/, by editing tables alone (and the game's name
in game.yaml, so that its saves are their own):

- content/examples/grasshopper/: Fairy-Stockfish's variant `grasshopper`
  (a Grasshopper, `gQ` in Betza's notation: along a Queen's line it jumps
  over the first Piece met and lands just beyond it), but that a Pawn is
  promoted to a Queen, Rook, Bishop or Knight only (the Promotion choice has
  four places); the reference is tools/fairy/variants.ini's
  `grasshopper-qrbn`.
- content/examples/xiangqi-pieces/: chess with Xiangqi's Cannon (`mRcpR`:
  moves as a Rook, captures by jumping one Piece), Horse (`nN`: a Knight's
  leap blocked by a Piece on the Square next to it on the long side) and
  Elephant (`nA`: two Squares diagonally, blocked by a Piece on the middle
  one), on the Knights', Bishops' and b3/g3 (b6/g6) Squares; the reference
  is tools/fairy/variants.ini's `xiangqi-pieces`.

    python3 tools/examples/make_hoppers.py

Run it again after content/chess changes: each folder is made anew (its
README.md, written by hand, is kept). tests/suite/hoppers.rs checks that every file
but the edited ones is the same as content/chess's; tests/suite/fairy.rs checks
their moves and perft against Fairy-Stockfish's (tests/fairy/*.perft).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from content_copy import make as make_copy, replace_once  # noqa: E402

QUEEN_LINES = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
ROOK_LINES = [(0, 1), (1, 0), (0, -1), (-1, 0)]
KNIGHT_LEAPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
ELEPHANT_LEAPS = [(2, 2), (2, -2), (-2, -2), (-2, 2)]


def sign(n: int) -> int:
    return (n > 0) - (n < 0)


def horse_way(f: int, r: int) -> tuple:
    """The Square a Horse's leap is blocked at: one step along its long side."""
    return (sign(f), 0) if abs(f) > abs(r) else (0, sign(r))


def append(text: str, rows) -> str:
    return text + ("" if text.endswith("\n") else "\n") + "\n".join(rows) + "\n"


def direction(name, kind, f, r, steps, can_move, can_capture, jumps=0, just_beyond=False, way=(0, 0)):
    """A Directions row: name,kind,fileStep,rankStep,steps,firstMoveSteps,canMove,canCapture,
    jumpsOver,landsJustBeyond,blockedAtFile,blockedAtRank."""
    yes = lambda b: "true" if b else "false"
    return (
        f"{name},{kind},{f},{r},{steps},{steps},{yes(can_move)},{yes(can_capture)},"
        f"{jumps},{yes(just_beyond)},{way[0]},{way[1]}"
    )


def placed(text: str, rel: str, pieces) -> str:
    """Position.csv with each (square, kind, side) set; kind '' empties it."""
    for square, kind, side in pieces:
        file, rank = square[0], square[1:]
        fileno = "abcdefgh".index(file) + 1
        lines = text.split("\n")
        hits = [i for i, l in enumerate(lines) if l.startswith(f"{square},{fileno},{rank},{file},")]
        if len(hits) != 1:
            sys.exit(f"{rel}: expected one row {square}, found {len(hits)}")
        lines[hits[0]] = f"{square},{fileno},{rank},{file},{kind},{side}"
        text = "\n".join(lines)
    return text


def grasshopper_edits():
    def kinds(text, rel):
        return append(text, ['Grasshopper,,,G,=G,250,", promote to grasshopper",G,=G,false,false,false,false,false,false'])

    def kinds_fr(text, rel):
        return append(text, ['Grasshopper,", promotion en sauterelle",S,=S'])

    def directions(text, rel):
        # Fairy-Stockfish's grasshopper has no double step.
        text = replace_once(text, "\nPawn forward,Pawn,0,1,1,2,", "\nPawn forward,Pawn,0,1,1,1,", rel)
        return append(
            text,
            [direction(f"Grasshopper {f} {r}", "Grasshopper", f, r, 7, True, True, jumps=1, just_beyond=True)
             for f, r in QUEEN_LINES],
        )

    def position(text, rel):
        pieces = []
        for file in "abcdefgh":
            pieces += [(f"{file}2", "Grasshopper", "White"), (f"{file}3", "Pawn", "White")]
            pieces += [(f"{file}7", "Grasshopper", "Black"), (f"{file}6", "Pawn", "Black")]
        return placed(text, rel, pieces)

    def game(text, rel):
        return replace_once(text, "game: Chess\n", "game: Grasshopper Chess\n", rel)

    return {
        "tables/Kinds.csv": kinds,
        "tables/Kinds.fr.csv": kinds_fr,
        "tables/Directions.csv": directions,
        "tables/Position.csv": position,
        "game.yaml": game,
    }


def xiangqi_edits():
    def kinds(text, rel):
        return append(
            text,
            [
                'Cannon,,,C,=C,450,", promote to cannon",C,=C,false,false,false,false,false,false',
                'Horse,,,H,=H,300,", promote to horse",H,=H,false,false,false,false,false,false',
                'Elephant,,,E,=E,200,", promote to elephant",E,=E,false,false,false,false,false,false',
            ],
        )

    def kinds_fr(text, rel):
        return append(
            text,
            [
                'Cannon,", promotion en canon",K,=K',
                'Horse,", promotion en cheval",H,=H',
                'Elephant,", promotion en éléphant",E,=E',
            ],
        )

    def directions(text, rel):
        rows = [direction(f"Cannon move {f} {r}", "Cannon", f, r, 7, True, False) for f, r in ROOK_LINES]
        rows += [direction(f"Cannon capture {f} {r}", "Cannon", f, r, 7, False, True, jumps=1) for f, r in ROOK_LINES]
        rows += [direction(f"Horse {f} {r}", "Horse", f, r, 1, True, True, way=horse_way(f, r)) for f, r in KNIGHT_LEAPS]
        rows += [
            direction(f"Elephant {f} {r}", "Elephant", f, r, 1, True, True, way=(sign(f), sign(r)))
            for f, r in ELEPHANT_LEAPS
        ]
        return append(text, rows)

    def position(text, rel):
        pieces = []
        for rank, side in (("1", "White"), ("8", "Black")):
            pieces += [(f"b{rank}", "Horse", side), (f"g{rank}", "Horse", side)]
            pieces += [(f"c{rank}", "Elephant", side), (f"f{rank}", "Elephant", side)]
        pieces += [("b3", "Cannon", "White"), ("g3", "Cannon", "White")]
        pieces += [("b6", "Cannon", "Black"), ("g6", "Cannon", "Black")]
        return placed(text, rel, pieces)

    def game(text, rel):
        return replace_once(text, "game: Chess\n", "game: Xiangqi Pieces Chess\n", rel)

    return {
        "tables/Kinds.csv": kinds,
        "tables/Kinds.fr.csv": kinds_fr,
        "tables/Directions.csv": directions,
        "tables/Position.csv": position,
        "game.yaml": game,
    }


EXAMPLES = {"grasshopper": grasshopper_edits, "xiangqi-pieces": xiangqi_edits}


def main() -> None:
    for name, edits in EXAMPLES.items():
        make_copy(os.path.join("content", "examples", name), edits())


if __name__ == "__main__":
    main()
