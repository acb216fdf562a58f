#!/usr/bin/env python3
"""Makes content/examples/board-10x8/ and content/examples/board-5x5/ from
content/chess/: copies of the chess game on a Board of another size, made by
editing tables (and the game's view: game.yaml's screen, the Board's place in
scene.yaml, the pixelsPerMeter of the two cards that draw in pixels).

    python3 tools/examples/make_board_sizes.py

Run it again after content/chess changes: each folder is made anew (its
README.md, written by hand, is kept). tests/suite/board_sizes.rs plays both.

The edits (each folder's README.md says why):
- tables/Board Size.csv: the Files' and Ranks' counts.
- tables/Position.csv: one row per Square, a1, b1, ... rank by rank, and the
  start position.
- tables/Castling.csv: no rows (no castling).
- tables/Sides.csv: the Pawn Ranks and promotion Ranks.
- tables/Directions.csv: 10x8: the sliders' steps 9 (the longest line less
  one); 5x5: the Pawn's first Move one Square.
- game.yaml: the game's name; its screen (the Board fills the screen's width
  above the strip of buttons, which keeps its 4.375 m).
- scene.yaml: the Board's middle.
- objects/Game Rules.yaml, objects/Walnut Board.yaml: pixelsPerMeter of
  Draw Threat Lines and Draw Plain Board, when it is not 32.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from content_copy import make as make_copy, replace_once  # noqa: E402

SQUARE_METERS = 3.75  # the chess cards' squareMeters, kept
BOARD_BOTTOM = 4.375  # the cards' boardBottom: the strip under the Board
SCREEN_WIDTH = 960

BOARDS = {
    "board-10x8": {
        "game": "Chess on a 10 by 8 Board",
        "files": 10,
        "ranks": 8,
        # Rank 1 from the a-File; Black's back Rank mirrors it; a Pawn on every File.
        "back": ["", "Rook", "Knight", "Bishop", "Queen", "King", "Bishop", "Knight", "Rook", ""],
        "pawn ranks": (2, 7),
        "promotion ranks": (8, 1),
        "slider steps": 9,
        "double step": True,
        # as wide as the Board at 32 px a meter: the window fits the screen
        "pixels per meter": 32,
    },
    "board-5x5": {
        "game": "Gardner Minichess",
        "files": 5,
        "ranks": 5,
        "back": ["Rook", "Knight", "Bishop", "Queen", "King"],
        "pawn ranks": (2, 4),
        "promotion ranks": (5, 1),
        "slider steps": 7,
        "double step": False,
        # the Board as wide as the chess game's (960 px)
        "pixels per meter": SCREEN_WIDTH / (5 * SQUARE_METERS),
    },
}


def number(x: float) -> str:
    return f"{x:g}"


def board_edits(b: dict) -> dict:
    """The edits that put the chess game on the Board `b` (one of BOARDS'
    shape; its "game" aside), file by file."""
    edits = {}

    def edit(rel: str, change) -> None:
        edits[rel] = change

    files, ranks = b["files"], b["ranks"]
    letters = "abcdefghijkl"[:files]

    edit("tables/Board Size.csv", lambda t, rel: f"name,count\nfile,{files}\nrank,{ranks}\n")

    def position(text: str, rel: str) -> str:
        rows = [text.splitlines()[0]]
        for rank in range(1, ranks + 1):
            for file in range(1, files + 1):
                kind, side = "", ""
                if rank in (1, ranks) and b["back"][file - 1]:
                    kind, side = b["back"][file - 1], "White" if rank == 1 else "Black"
                elif rank == 2:
                    kind, side = "Pawn", "White"
                elif rank == ranks - 1:
                    kind, side = "Pawn", "Black"
                letter = letters[file - 1]
                rows.append(f"{letter}{rank},{file},{rank},{letter},{kind},{side}")
        return "\n".join(rows) + "\n"

    edit("tables/Position.csv", position)
    edit("tables/Castling.csv", lambda t, rel: t.splitlines()[0] + "\n")

    def sides(text: str, rel: str) -> str:
        (wp, bp), (wq, bq) = b["pawn ranks"], b["promotion ranks"]
        text = replace_once(text, "\nWhite,1,2,Black,8,w", f"\nWhite,1,{wp},Black,{wq},w", rel)
        return replace_once(text, "\nBlack,-1,7,White,1,b", f"\nBlack,-1,{bp},White,{bq},b", rel)

    edit("tables/Sides.csv", sides)

    def directions(text: str, rel: str) -> str:
        steps = b["slider steps"]
        out = []
        for line in text.splitlines():
            cells = line.split(",")
            if cells[1] in ("Queen", "Rook", "Bishop") and cells[4:6] == ["7", "7"]:
                cells[4:6] = [str(steps), str(steps)]
            if cells[0] == "Pawn forward" and not b["double step"]:
                cells[5] = "1"
            out.append(",".join(cells))
        return "\n".join(out) + "\n"

    edit("tables/Directions.csv", directions)

    ppm = b["pixels per meter"]
    width = files * SQUARE_METERS
    height = ranks * SQUARE_METERS
    screen_w = round(width * ppm)
    screen_h = round((height + BOARD_BOTTOM) * ppm)

    def game(text: str, rel: str) -> str:
        text = replace_once(
            text, "screen: { width: 960, height: 1100 }", f"screen: {{ width: {screen_w}, height: {screen_h} }}", rel
        )
        return replace_once(text, "pixelsPerMeter: 32\n", f"pixelsPerMeter: {number(ppm)}\n", rel)

    edit("game.yaml", game)

    def scene(text: str, rel: str) -> str:
        return replace_once(
            text,
            "  - object: Walnut Board\n    name: Board\n    x: 15\n    y: 19.375\n",
            f"  - object: Walnut Board\n    name: Board\n    x: {number(width / 2)}\n    y: {number(BOARD_BOTTOM + height / 2)}\n",
            rel,
        )

    edit("scene.yaml", scene)
    if ppm != 32:
        edit(
            "objects/Game Rules.yaml",
            lambda t, rel: replace_once(t, "  Draw Threat Lines: {}\n", f"  Draw Threat Lines: {{ pixelsPerMeter: {number(ppm)} }}\n", rel),
        )
        edit(
            "objects/Walnut Board.yaml",
            lambda t, rel: replace_once(t, "  Draw Plain Board: {}\n", f"  Draw Plain Board: {{ pixelsPerMeter: {number(ppm)} }}\n", rel),
        )
    return edits


def make(name: str, b: dict) -> None:
    edits = board_edits(b)
    screen = edits["game.yaml"]
    edits["game.yaml"] = lambda t, rel: screen(replace_once(t, "game: Chess\n", f"game: {b['game']}\n", rel), rel)
    make_copy(os.path.join("content", "examples", name), edits)


def main() -> None:
    for name, b in BOARDS.items():
        make(name, b)


if __name__ == "__main__":
    main()
