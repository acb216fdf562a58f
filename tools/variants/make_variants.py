#!/usr/bin/env python3
"""Makes the gallery of variants, content/variants/NAME/, from content/chess/:
each a copy of the chess game with named edits of its tables (and the game's
name in game.yaml, so that its saves are its own). NAME is the variant's
UCI_Variant name in Fairy-Stockfish, the reference its perft is checked
against (tools/fairy/make_perft.py, tests/suite/fairy.rs).

    python3 tools/variants/make_variants.py            # every variant
    python3 tools/variants/make_variants.py nocastle   # only these

Run it again after content/chess changes: each folder is made anew (its
README.md, written by hand with the variant's rules and what it does not
follow of Fairy-Stockfish's, is kept). tests/suite/gallery.rs checks that every
file but the edited ones is the same as content/chess's.

A new variant is an entry of VARIANTS: its name, its game.yaml name, and
its edits, one function per file, each edit a replacement that must match
exactly once (a stale edit stops the script, naming the file).
"""
import os
import re
import sys
from dataclasses import dataclass, field
from typing import Dict, List, Optional

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from content_copy import Edit, make as make_copy, replace_once  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples"))
from make_board_sizes import board_edits  # noqa: E402

GALLERY = os.path.join("content", "variants")


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


def chain(*edits: Edit) -> Edit:
    """The edits one after another, on one file."""

    def run(text: str, rel: str) -> str:
        for e in edits:
            text = e(text, rel)
        return text

    return run


def appending(rows: List[str]) -> Edit:
    """Rows added at the table's end."""
    return lambda text, rel: text + ("" if text.endswith("\n") else "\n") + "\n".join(rows) + "\n"


# A Directions row's cells: name, kind, fileStep, rankStep, steps,
# firstMoveSteps, canMove, canCapture, and the hoppers' jumpsOver,
# landsJustBeyond, blockedAtFile, blockedAtRank, which a plain rider or
# leaper has as NO_HOPS says.
DIRECTIONS_COLUMNS = 12
NO_HOPS = ",0,false,0,0"


def renaming_directions(old: str, new: str, can_move: str = "true", can_capture: str = "true") -> Edit:
    """Every Directions row of the Kind `old` (named `old ...`) made the
    Kind `new`'s (named `new ...`), moving and capturing as told."""

    def run(text: str, rel: str) -> str:
        lines = text.split("\n")
        hits = 0
        for i, line in enumerate(lines):
            cells = line.split(",")
            if len(cells) == DIRECTIONS_COLUMNS and cells[1] == old and cells[0].startswith(old + " "):
                cells[0] = new + cells[0][len(old) :]
                cells[1], cells[6], cells[7] = new, can_move, can_capture
                lines[i] = ",".join(cells)
                hits += 1
        if hits == 0:
            sys.exit(f"{rel}: no Directions row of `{old}`")
        return "\n".join(lines)

    return run


def leaps(kind: str, can_move: str = "true", can_capture: str = "true", steps: int = 1) -> List[str]:
    """A Directions row for each of the Knight's eight leaps, of `kind`."""
    return [
        f"{kind} {f} {r},{kind},{f},{r},{steps},{steps},{can_move},{can_capture}{NO_HOPS}"
        for f, r in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
    ]


def placing(kinds: Dict[str, str]) -> Edit:
    """Position: each named Square holds that Kind (of the Side it holds already)."""

    def run(text: str, rel: str) -> str:
        for square, kind in kinds.items():
            lines = text.split("\n")
            hits = [i for i, line in enumerate(lines) if line.startswith(square + ",")]
            if len(hits) != 1:
                sys.exit(f"{rel}: expected one row {square}, found {len(hits)}")
            cells = lines[hits[0]].split(",")
            cells[4] = kind
            lines[hits[0]] = ",".join(cells)
            text = "\n".join(lines)
        return text

    return run


def steps_of(kind: str, names: List[str], vectors: List[tuple], can_move: str = "true", can_capture: str = "true") -> List[str]:
    """A Directions row of one step for each named (fileStep, rankStep), of
    `kind`; a rankStep is forward for the Side that moves (Sides' forward)."""
    return [
        f"{kind} {n},{kind},{f},{r},1,1,{can_move},{can_capture}{NO_HOPS}" for n, (f, r) in zip(names, vectors)
    ]


DIAGONALS = ["up right", "down right", "down left", "up left"]
DIAGONAL_STEPS = [(1, 1), (1, -1), (-1, -1), (-1, 1)]


def ferz(kind: str) -> List[str]:
    """The Ferz's (the Met's) four steps: one Square diagonally."""
    return steps_of(kind, DIAGONALS, DIAGONAL_STEPS)


def alfil(kind: str) -> List[str]:
    """The Alfil's four leaps: two Squares diagonally, over whatever stands between."""
    return steps_of(kind, DIAGONALS, [(2 * f, 2 * r) for f, r in DIAGONAL_STEPS])


def khon(kind: str) -> List[str]:
    """The Khon's (the Silver General's) five steps: the Ferz's four, and one
    Square forward."""
    return ferz(kind) + steps_of(kind, ["forward"], [(0, 1)])


def placing_fen(placement: str, kinds: Dict[str, str]) -> Edit:
    """Position as a FEN's placement (of any size: `10` is ten empty
    Squares) says, each letter the Kind that `kinds` names (upper case
    White's, lower case Black's); every other Square empty."""

    def run(text: str, rel: str) -> str:
        board: Dict[str, tuple] = {}
        rows = placement.split("/")
        for r, row in enumerate(rows):
            f = 0
            for run_ in re.findall(r"\d+|\D", row):
                if run_.isdigit():
                    f += int(run_)
                    continue
                if run_.lower() not in kinds:
                    sys.exit(f"{rel}: no Kind for the letter {run_} of {placement}")
                side = "White" if run_.isupper() else "Black"
                board["abcdefghijkl"[f] + str(len(rows) - r)] = (kinds[run_.lower()], side)
                f += 1
        lines = text.split("\n")
        for i, line in enumerate(lines[1:], 1):
            cells = line.split(",")
            if len(cells) == 6:
                cells[4], cells[5] = board.pop(cells[0], ("", ""))
                lines[i] = ",".join(cells)
        if board:
            sys.exit(f"{rel}: no row for {', '.join(board)}")
        return "\n".join(lines)

    return run


@dataclass
class Variant:
    name: str  # Fairy-Stockfish's UCI_Variant name, and the folder's
    title: str  # game.yaml's `game`
    edits: Dict[str, Edit] = field(default_factory=dict)  # file (from the folder) -> edit
    # A Board of another size (make_board_sizes.py's BOARDS shape): its
    # edits are made first, then the variant's.
    board: Optional[dict] = None
    # Files chess has not, by path in the folder, and their text.
    new_files: Dict[str, str] = field(default_factory=dict)


CASTLING_EN = (
    "Castling: the king moves two squares towards a rook and the rook jumps to its other side. Neither may have "
    "moved, the squares between must be empty, and the king may not be in check, cross an attacked square or land on one."
)

# The Chancellor (a Rook and a Knight in one): its Kinds row, its French
# words (Ch: C is the French Knight's, the Cavalier's).
CHANCELLOR = 'Chancellor,,,C,=C,850,", promote to chancellor",C,=C,false,false,false,false,false,false'
CHANCELLOR_FR = 'Chancellor,", promotion en chancelier",Ch,=Ch'
CHANCELLOR_EN_WORDS = "Chancellor: a rook and a knight in one: along ranks and files, or a knight's L."
CHANCELLOR_FR_WORDS = (
    "Chancelier\u00a0: une tour et un cavalier à la fois\u00a0: le long des rangées et des colonnes, ou le L du cavalier."
)

# How to play's paragraph on the pieces, by its first words (English, French).
PIECES_EN = "King: one square any way."
PIECES_FR = "Roi\u00a0: une case"
# Its sentence on the Queen.
QUEEN_EN = "Queen: any number of squares along a rank, a file or a diagonal."
QUEEN_FR = "Dame\u00a0: autant de cases qu’elle veut le long d’une rangée, d’une colonne ou d’une diagonale."


def rays(kind: str, names: List[str], steps: List[tuple], can_move: str, can_capture: str, length: int) -> List[str]:
    return [
        f"{kind} {n},{kind},{f},{r},{length},{length},{can_move},{can_capture}{NO_HOPS}"
        for n, (f, r) in zip(names, steps)
    ]


def rook_rays(kind: str, can_move: str = "true", can_capture: str = "true", length: int = 7) -> List[str]:
    """A Directions row for each of the Rook's four lines, of `kind`, each
    `length` steps long (the longest line less one)."""
    names = ["up", "right", "down", "left"]
    return rays(kind, names, [(0, 1), (1, 0), (0, -1), (-1, 0)], can_move, can_capture, length)


def bishop_rays(kind: str, can_move: str = "true", can_capture: str = "true", length: int = 7) -> List[str]:
    """A Directions row for each of the Bishop's four lines, of `kind`."""
    names = ["up right", "down right", "down left", "up left"]
    return rays(kind, names, [(1, 1), (1, -1), (-1, -1), (-1, 1)], can_move, can_capture, length)


def deleting_directions(kind: str) -> Edit:
    """Every Directions row of `kind` left out."""

    def run(text: str, rel: str) -> str:
        lines = text.split("\n")
        kept = [line for line in lines if not (len(line.split(",")) == DIRECTIONS_COLUMNS and line.split(",")[1] == kind)]
        if len(kept) == len(lines):
            sys.exit(f"{rel}: no Directions row of `{kind}`")
        return "\n".join(kept)

    return run


EXTRA_PLACES = ["Fifth", "Sixth"]


def promotion_places(n: int) -> Dict[str, Edit]:
    """The Promotion choice with n places (1 to 6; chess has 4): the scene's
    buttons, tiles and keyboard outline 120 px apart, centred (chess's four
    stand from -180), a button (a Promotion Knight whose Promotion Choice's
    place is 5, 6) and a tile for each place past the fourth (with fewer
    places, no button nor tile past them), the panel 120 px wider a place
    (as wide as three at least), and the outline's first place where the
    first button stands."""
    first = -60 * (n - 1)

    def scene(text: str, rel: str) -> str:
        for i, name in enumerate(["Queen", "Rook", "Bishop", "Knight"]):
            old_x, new_x = -180 + 120 * i, first + 120 * i
            for placed in [name, f"{name} Tile"]:
                head = f"    name: {placed}\n    group: Promotion\n    anchor: middle center\n"
                text = replace_once(text, f"{head}    x: {old_x}\n", f"{head}    x: {new_x}\n", rel)
        focus = "    name: Promotion Focus\n    group: Promotion\n    anchor: middle center\n"
        text = replace_once(text, f"{focus}    x: -180\n", f"{focus}    x: {first}\n", rel)
        buttons, tiles = "", ""
        last_tile = "  - object: Promotion Tile\n    name: Knight Tile\n    group: Promotion\n    anchor: middle center\n"
        last_tile += f"    x: {first + 360}\n    y: 115\n"
        for i, name in enumerate(EXTRA_PLACES[: max(0, n - 4)]):
            x = first + 120 * (4 + i)
            buttons += (
                f"  - object: Promotion Knight\n    name: {name}\n    group: Promotion\n    anchor: middle center\n"
                f"    x: {x}\n    y: 115\n    fields: {{ promotionChoice.place: {5 + i} }}\n"
            )
            tiles += f"  - object: Promotion Tile\n    name: {name} Tile\n    group: Promotion\n    anchor: middle center\n"
            tiles += f"    x: {x}\n    y: 115\n"
        text = replace_once(text, "  - object: Promotion Cancel\n", buttons + "  - object: Promotion Cancel\n", rel)
        text = replace_once(text, last_tile, last_tile + tiles, rel)
        # Fewer than four places: the buttons past them, and their tiles, are not placed at all.
        for i, name in list(enumerate(["Queen", "Rook", "Bishop", "Knight"]))[n:]:
            x = first + 120 * i
            for kind, placed in [(f"Promotion {name}", name), ("Promotion Tile", f"{name} Tile")]:
                block = f"  - object: {kind}\n    name: {placed}\n    group: Promotion\n    anchor: middle center\n"
                text = replace_once(text, f"{block}    x: {x}\n    y: 115\n", "", rel)
        return text

    return {
        "scene.yaml": scene,
        # At least as wide as three places, for the Cancel button under them.
        "objects/Promotion Panel.yaml": replacing("size: [540, 290]", f"size: [{540 + 120 * max(n - 4, -1)}, 290]"),
        "objects/Promotion Focus.yaml": replacing("  Choose With Keys: {}", f"  Choose With Keys: {{ firstPieceX: {first} }}"),
    }


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
    # The Queen is an Amazon (a Queen and a Knight in one), which the Pawn
    # becomes in her place: a new Kind (no art: a token A) in her row of
    # Kinds, and the Promotion choice's first place offers it.
    Variant(
        "amazon",
        "Amazon Chess",
        {
            "tables/Kinds.csv": replacing_line(
                "Queen,", 'Amazon,,,A,=A,1200,", promote to amazon",A,=A,false,false,false,false,false,false'
            ),
            "tables/Kinds.fr.csv": replacing_line("Queen,", 'Amazon,", promotion en amazone",A,=A'),
            "tables/Promotions.csv": replacing("First,Queen,Queen", "First,Amazon,Amazon"),
            "tables/Directions.csv": chain(renaming_directions("Queen", "Amazon"), appending(leaps("Amazon"))),
            "tables/Position.csv": placing({"d1": "Amazon", "d8": "Amazon"}),
            "tables/Words.csv": chain(
                replacing(QUEEN_EN, "Amazon: a queen and a knight in one: any number of squares along a rank, a file "
                          "or a diagonal, or a knight's L."),
                replacing_line("Promotion:", "Promotion: a pawn that reaches the last rank becomes an amazon, "
                               "rook, bishop or knight, as you choose."),
            ),
            "tables/Words.fr.csv": chain(
                replacing(QUEEN_FR, "Amazone\u00a0: une dame et un cavalier à la fois\u00a0: autant de cases "
                          "qu’elle veut le long d’une rangée, d’une colonne ou d’une diagonale, ou le L du cavalier."),
                replacing_line("Promotion\u00a0:", "Promotion\u00a0: un pion qui atteint la dernière rangée devient "
                               "une amazone, une tour, un fou ou un cavalier, à votre choix."),
            ),
        },
    ),
    # The Queen is a Chancellor (a Rook and a Knight in one), which the Pawn
    # becomes in her place: a new Kind (a token C) in her row of Kinds, and
    # the Promotion choice's first place.
    Variant(
        "almost",
        "Almost Chess",
        {
            "tables/Kinds.csv": replacing_line("Queen,", CHANCELLOR),
            "tables/Kinds.fr.csv": replacing_line("Queen,", CHANCELLOR_FR),
            "tables/Promotions.csv": replacing("First,Queen,Queen", "First,Chancellor,Chancellor"),
            "tables/Directions.csv": chain(
                deleting_directions("Queen"),
                appending(rook_rays("Chancellor") + leaps("Chancellor")),
            ),
            "tables/Position.csv": placing({"d1": "Chancellor", "d8": "Chancellor"}),
            "tables/Words.csv": chain(
                replacing(QUEEN_EN, CHANCELLOR_EN_WORDS),
                replacing_line("Promotion:", "Promotion: a pawn that reaches the last rank becomes a chancellor, "
                               "rook, bishop or knight, as you choose."),
            ),
            "tables/Words.fr.csv": chain(
                replacing(QUEEN_FR, CHANCELLOR_FR_WORDS),
                replacing_line("Promotion\u00a0:", "Promotion\u00a0: un pion qui atteint la dernière rangée devient "
                               "un chancelier, une tour, un fou ou un cavalier, à votre choix."),
            ),
        },
    ),
    # Knights move as Knights and take as Bishops (Knibis); Bishops move as
    # Bishops and take as Knights (Biskni). Both keep their art and letters
    # (N, B); their names change, and they are neither `minor` nor
    # `oneShade` (a Biskni takes as a Knight: it leaves its shade), so Is
    # Material Insufficient does not take them for chess's.
    Variant(
        "hoppelpoppel",
        "Hoppel-Poppel",
        {
            "tables/Kinds.csv": chain(
                replacing_line("Bishop,", 'Biskni,3,9,B,=B,330,", promote to biskni",B,=B,false,false,false,false,false,false'),
                replacing_line("Knight,", 'Knibis,4,10,N,=N,320,", promote to knibis",N,=N,false,false,false,false,false,false'),
            ),
            "tables/Kinds.fr.csv": chain(
                replacing_line("Bishop,", 'Biskni,", promotion en foucav",F,=F'),
                replacing_line("Knight,", 'Knibis,", promotion en cavfou",C,=C'),
            ),
            "tables/Promotions.csv": chain(
                replacing("Third,Bishop,Bishop", "Third,Biskni,Biskni"),
                replacing("Fourth,Knight,Knight", "Fourth,Knibis,Knibis"),
            ),
            "tables/Directions.csv": chain(
                renaming_directions("Bishop", "Biskni", "true", "false"),
                renaming_directions("Knight", "Knibis", "true", "false"),
                appending(bishop_rays("Knibis", "false", "true") + leaps("Biskni", "false", "true")),
            ),
            "tables/Position.csv": placing(
                {"b1": "Knibis", "g1": "Knibis", "b8": "Knibis", "g8": "Knibis",
                 "c1": "Biskni", "f1": "Biskni", "c8": "Biskni", "f8": "Biskni"}
            ),
            "tables/Words.csv": chain(
                replacing_line(PIECES_EN, "King: one square any way. Queen: any number of squares along a rank, a file "
                               "or a diagonal. Rook: along ranks and files. Bishop (biskni): moves along diagonals, "
                               "but takes with a knight's L. Knight (knibis): moves with an L, two squares one way "
                               "and one to the side, jumping over any piece, but takes along diagonals. Pawn: one "
                               "square forward, or two from its first square; it takes one square diagonally forward."),
            ),
            "tables/Words.fr.csv": chain(
                replacing_line(PIECES_FR, "Roi\u00a0: une case dans n’importe quelle direction. Dame\u00a0: autant "
                               "de cases qu’elle veut le long d’une rangée, d’une colonne ou d’une diagonale. "
                               "Tour\u00a0: le long des rangées et des colonnes. Fou (foucav)\u00a0: se déplace le "
                               "long des diagonales, mais prend par le L du cavalier. Cavalier (cavfou)\u00a0: se "
                               "déplace par un L, deux cases dans un sens et une sur le côté, en sautant par-dessus "
                               "les pièces, mais prend le long des diagonales. Pion\u00a0: une case en avant, ou deux "
                               "depuis sa case de départ\u00a0; il prend en diagonale, une case en avant."),
            ),
        },
    ),
    # White has a Chancellor and four Knights, Black a Queen and four
    # Bishops; a Pawn of either Side becomes a Queen, a Chancellor, a Rook, a
    # Bishop or a Knight (Fairy-Stockfish 11.1's rule): Promotions has five
    # places, so the Promotion choice has a fifth button (and tile) and its
    # panel is wider.
    Variant(
        "chigorin",
        "Chigorin Chess",
        {
            "tables/Kinds.csv": appending([CHANCELLOR]),
            "tables/Kinds.fr.csv": appending([CHANCELLOR_FR]),
            "tables/Promotions.csv": lambda text, rel: text.split("\n", 1)[0]
            + "\n"
            + "".join(
                f"{place},{kind},{kind}\n"
                for place, kind in zip(
                    ["First", "Second", "Third", "Fourth", "Fifth"], ["Queen", "Chancellor", "Rook", "Bishop", "Knight"]
                )
            ),
            "tables/Directions.csv": appending(rook_rays("Chancellor") + leaps("Chancellor")),
            "tables/Position.csv": placing(
                {"c1": "Knight", "d1": "Chancellor", "f1": "Knight", "b8": "Bishop", "g8": "Bishop"}
            ),
            **promotion_places(5),
            "tables/Words.csv": chain(
                replacing(QUEEN_EN, QUEEN_EN + " " + CHANCELLOR_EN_WORDS + " White has a chancellor and four knights, "
                          "Black a queen and four bishops."),
                replacing_line("Promotion:", "Promotion: a pawn that reaches the last rank becomes a queen, "
                               "chancellor, rook, bishop or knight, as you choose."),
            ),
            "tables/Words.fr.csv": chain(
                replacing(QUEEN_FR, QUEEN_FR + " " + CHANCELLOR_FR_WORDS + " Les Blancs ont un chancelier et quatre "
                          "cavaliers, les Noirs une dame et quatre fous."),
                replacing_line("Promotion\u00a0:", "Promotion\u00a0: un pion qui atteint la dernière rangée devient "
                               "une dame, un chancelier, une tour, un fou ou un cavalier, à votre choix."),
            ),
        },
    ),
    # The royal Piece moves as a Knight (Kinds' `royal` on the King, drawn
    # with the Knight's art, its Directions the eight leaps); the Knights are
    # Manns (a token M), which move as a King but are not royal. The King
    # castles as in chess.
    Variant(
        "knightmate",
        "Knightmate",
        {
            "tables/Kinds.csv": chain(
                replacing_line("King,", "King,4,10,K,,0,,K,,true,false,false,false,false,false"),
                replacing_line("Knight,", 'Mann,,,M,=M,330,", promote to mann",M,=M,false,false,false,false,false,false'),
            ),
            "tables/Kinds.fr.csv": replacing_line("Knight,", 'Mann,", promotion en homme",H,=H'),
            "tables/Promotions.csv": replacing("Fourth,Knight,Knight", "Fourth,Mann,Mann"),
            "tables/Directions.csv": chain(
                renaming_directions("King", "Mann"),
                deleting_directions("Knight"),
                appending(leaps("King")),
            ),
            "tables/Position.csv": placing({"b1": "Mann", "g1": "Mann", "b8": "Mann", "g8": "Mann"}),
            "tables/Words.csv": chain(
                replacing_line(PIECES_EN, "King: a knight's L, two squares one way and one to the side, jumping over "
                               "any piece; it is the piece to checkmate. Mann: one square any way, as a king in "
                               "chess, but it may be taken. Queen: any number of squares along a rank, a file or a "
                               "diagonal. Rook: along ranks and files. Bishop: along diagonals. Pawn: one square "
                               "forward, or two from its first square; it takes one square diagonally forward."),
                replacing_line("Promotion:", "Promotion: a pawn that reaches the last rank becomes a queen, rook, "
                               "bishop or mann, as you choose."),
            ),
            "tables/Words.fr.csv": chain(
                replacing_line(PIECES_FR, "Roi\u00a0: le L du cavalier, deux cases dans un sens et une sur le côté, "
                               "en sautant par-dessus les pièces\u00a0; c’est lui qu’il faut mater. Homme\u00a0: "
                               "une case dans n’importe quelle direction, comme le roi des échecs, mais il peut être "
                               "pris. Dame\u00a0: autant de cases qu’elle veut le long d’une rangée, d’une colonne ou "
                               "d’une diagonale. Tour\u00a0: le long des rangées et des colonnes. Fou\u00a0: le long "
                               "des diagonales. Pion\u00a0: une case en avant, ou deux depuis sa case de "
                               "départ\u00a0; il prend en diagonale, une case en avant."),
                replacing_line("Promotion\u00a0:", "Promotion\u00a0: un pion qui atteint la dernière rangée devient "
                               "une dame, une tour, un fou ou un homme, à votre choix."),
            ),
        },
    ),
]


# The old games of the Ferz and the Alfil, and of the Met and the Khon: no
# castling, no Pawn's double step (so no en passant), one Kind to promote to.
NO_CASTLING_EN = "No castling: in this variant the king never castles."
NO_CASTLING_FR = "Pas de roque\u00a0: dans cette variante, le roi ne roque jamais."
NO_EN_PASSANT_EN = "No en passant: a pawn never moves two squares, so none is taken in passing."
NO_EN_PASSANT_FR = (
    "Pas de prise en passant\u00a0: un pion n’avance jamais de deux cases, aucun n’est donc pris en passant."
)
SINGLE_STEP_PAWN = replacing("Pawn forward,Pawn,0,1,1,2,", "Pawn forward,Pawn,0,1,1,1,")
ROOK_KNIGHT_EN = (
    "Rook: along ranks and files. Knight: an L, two squares one way and one to the side, jumping over any piece."
)
ROOK_KNIGHT_FR = (
    "Tour\u00a0: le long des rangées et des colonnes. Cavalier\u00a0: un L, deux cases dans un sens et une sur le "
    "côté, en sautant par-dessus les pièces."
)
MET_EN = "Met: one square diagonally."
MET_FR = "Met (conseiller)\u00a0: une case en diagonale."
KHON_EN = "Khon: one square diagonally, or one straight forward."
KHON_FR = "Khon (noble)\u00a0: une case en diagonale, ou une tout droit en avant."
# Makruk's Pawns stand on the third Rank and become a Met on the sixth.
THIRD_RANK_PAWNS = chain(
    replacing("White,1,2,Black,8,w", "White,1,3,Black,6,w"),
    replacing("Black,-1,7,White,1,b", "Black,-1,6,White,3,b"),
)
MAKRUK_PAWN_EN = "Pawn: one square forward; it takes one square diagonally forward. The pawns start on the third rank."
MAKRUK_PAWN_FR = (
    "Pion\u00a0: une case en avant\u00a0; il prend en diagonale, une case en avant. Les pions partent de la "
    "troisième rangée."
)
MET_ROW = 'Met,,,M,=M,200,", promote to met",M,=M,false,false,false,false,false,false'
MET_FR_ROW = 'Met,", promotion en met",M,=M'
KHON_ROW = 'Khon,,,S,=S,300,", promote to khon",S,=S,false,false,false,false,false,false'
KHON_FR_ROW = 'Khon,", promotion en khon",K,=K'
THAI_KINDS = {"k": "King", "m": "Met", "s": "Khon", "n": "Knight", "r": "Rook", "p": "Pawn"}


def old_game(words_en: str, words_fr: str, promotion_en: str, promotion_fr: str) -> Dict[str, Edit]:
    """How to play's words of a game with no castling and no en passant: its
    pieces, and what a Pawn becomes."""
    return {
        "tables/Castling.csv": header_only,
        "tables/Words.csv": chain(
            replacing_line(PIECES_EN, words_en),
            replacing(CASTLING_EN, NO_CASTLING_EN),
            replacing_line("En passant:", NO_EN_PASSANT_EN),
            replacing_line("Promotion:", promotion_en),
        ),
        "tables/Words.fr.csv": chain(
            replacing_line(PIECES_FR, words_fr),
            replacing_line("Roque", NO_CASTLING_FR),
            replacing_line("Prise en passant", NO_EN_PASSANT_FR),
            replacing_line("Promotion\u00a0:", promotion_fr),
        ),
    }


OLD_GAMES: List[Variant] = [
    # The Persian game: the Ferz (one Square diagonally) where the Queen
    # stands, the Alfil (a leap of two Squares diagonally) where the Bishops
    # stand, both Kings on the d-file; a Pawn becomes a Ferz.
    Variant(
        "shatranj",
        "Shatranj",
        {
            "tables/Kinds.csv": chain(
                replacing_line("Queen,", 'Ferz,,,Q,=Q,200,", promote to ferz",F,=F,false,false,false,false,false,false'),
                replacing_line("Bishop,", 'Alfil,,,B,=B,150,", promote to alfil",A,=A,false,false,false,false,false,false'),
            ),
            "tables/Kinds.fr.csv": chain(
                replacing_line("Queen,", 'Ferz,", promotion en vizir",V,=V'),
                replacing_line("Bishop,", 'Alfil,", promotion en alfil",A,=A'),
            ),
            "tables/Promotions.csv": lambda text, rel: text.split("\n", 1)[0] + "\nFirst,Ferz,Ferz\n",
            **promotion_places(1),
            "tables/Directions.csv": chain(
                deleting_directions("Queen"),
                deleting_directions("Bishop"),
                SINGLE_STEP_PAWN,
                appending(ferz("Ferz") + alfil("Alfil")),
            ),
            "tables/Position.csv": placing_fen(
                "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR",
                {"k": "King", "q": "Ferz", "b": "Alfil", "n": "Knight", "r": "Rook", "p": "Pawn"},
            ),
            **old_game(
                "King: one square any way. Ferz: one square diagonally. Alfil: two squares diagonally, jumping "
                "over the square between. " + ROOK_KNIGHT_EN + " Pawn: one square forward; it takes one square "
                "diagonally forward.",
                "Roi\u00a0: une case dans n’importe quelle direction. Vizir (ferz)\u00a0: une case en diagonale. "
                "Alfil\u00a0: deux cases en diagonale, en sautant par-dessus la case entre les deux. " + ROOK_KNIGHT_FR
                + " Pion\u00a0: une case en avant\u00a0; il prend en diagonale, une case en avant.",
                "Promotion: a pawn that reaches the last rank becomes a ferz.",
                "Promotion\u00a0: un pion qui atteint la dernière rangée devient un vizir.",
            ),
        },
    ),
    # Thai chess: the Met (a Ferz) and the Khon (a Ferz that may also step
    # straight forward); the Pawns start on the third Rank and become a Met
    # on the sixth; the White King on d1 faces the Black King on e8.
    Variant(
        "makruk",
        "Makruk",
        {
            "tables/Kinds.csv": chain(replacing_line("Queen,", MET_ROW), replacing_line("Bishop,", KHON_ROW)),
            "tables/Kinds.fr.csv": chain(replacing_line("Queen,", MET_FR_ROW), replacing_line("Bishop,", KHON_FR_ROW)),
            "tables/Promotions.csv": lambda text, rel: text.split("\n", 1)[0] + "\nFirst,Met,Met\n",
            **promotion_places(1),
            "tables/Directions.csv": chain(
                deleting_directions("Queen"),
                deleting_directions("Bishop"),
                SINGLE_STEP_PAWN,
                appending(ferz("Met") + khon("Khon")),
            ),
            "tables/Sides.csv": THIRD_RANK_PAWNS,
            "tables/Position.csv": placing_fen("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR", THAI_KINDS),
            **old_game(
                "King: one square any way. " + MET_EN + " " + KHON_EN + " " + ROOK_KNIGHT_EN + " " + MAKRUK_PAWN_EN,
                "Roi\u00a0: une case dans n’importe quelle direction. " + MET_FR + " " + KHON_FR + " "
                + ROOK_KNIGHT_FR + " " + MAKRUK_PAWN_FR,
                "Promotion: a pawn that reaches the sixth rank (the third, for Black) becomes a met.",
                "Promotion\u00a0: un pion qui atteint la sixième rangée (la troisième pour les Noirs) devient un met.",
            ),
        },
    ),
    # Makruk with the Ai-wok (a Rook, a Knight and a Met in one) in the
    # Met's place, which the Pawn becomes on the sixth Rank.
    Variant(
        "ai-wok",
        "Ai-wok",
        {
            "tables/Kinds.csv": chain(
                replacing_line("Queen,", 'Ai-wok,,,A,=A,1050,", promote to ai-wok",A,=A,false,false,false,false,false,false'),
                replacing_line("Bishop,", KHON_ROW),
            ),
            "tables/Kinds.fr.csv": chain(
                replacing_line("Queen,", 'Ai-wok,", promotion en ai-wok",A,=A'), replacing_line("Bishop,", KHON_FR_ROW)
            ),
            "tables/Promotions.csv": lambda text, rel: text.split("\n", 1)[0] + "\nFirst,Ai-wok,Ai-wok\n",
            **promotion_places(1),
            "tables/Directions.csv": chain(
                deleting_directions("Queen"),
                deleting_directions("Bishop"),
                SINGLE_STEP_PAWN,
                appending(rook_rays("Ai-wok") + leaps("Ai-wok") + ferz("Ai-wok") + khon("Khon")),
            ),
            "tables/Sides.csv": THIRD_RANK_PAWNS,
            "tables/Position.csv": placing_fen(
                "rnsaksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKASNR", {**THAI_KINDS, "a": "Ai-wok"}
            ),
            **old_game(
                "King: one square any way. Ai-wok: a rook, a knight and a met in one: along ranks and files, a "
                "knight's L, or one square diagonally. " + KHON_EN + " " + ROOK_KNIGHT_EN + " " + MAKRUK_PAWN_EN,
                "Roi\u00a0: une case dans n’importe quelle direction. Ai-wok\u00a0: une tour, un cavalier et un met "
                "à la fois\u00a0: le long des rangées et des colonnes, le L du cavalier, ou une case en diagonale. "
                + KHON_FR + " " + ROOK_KNIGHT_FR + " " + MAKRUK_PAWN_FR,
                "Promotion: a pawn that reaches the sixth rank (the third, for Black) becomes an ai-wok.",
                "Promotion\u00a0: un pion qui atteint la sixième rangée (la troisième pour les Noirs) devient un "
                "ai-wok.",
            ),
        },
    ),
    # The rules the ASEAN chess federations agreed on: Makruk's pieces in
    # chess's places (the Khon a Bishop's letter B, the Met a Queen's Q), the
    # Pawns on the third Rank, promoted on the last to a Rook, a Knight, a
    # Khon or a Met.
    Variant(
        "asean",
        "ASEAN Chess",
        {
            "tables/Kinds.csv": chain(
                replacing_line("Queen,", 'Met,,,Q,=Q,200,", promote to met",M,=M,false,false,false,false,false,false'),
                replacing_line("Bishop,", 'Khon,,,B,=B,300,", promote to khon",S,=S,false,false,false,false,false,false'),
            ),
            "tables/Kinds.fr.csv": chain(replacing_line("Queen,", MET_FR_ROW), replacing_line("Bishop,", KHON_FR_ROW)),
            "tables/Promotions.csv": chain(
                replacing("First,Queen,Queen", "First,Met,Met"), replacing("Third,Bishop,Bishop", "Third,Khon,Khon")
            ),
            "tables/Directions.csv": chain(
                deleting_directions("Queen"),
                deleting_directions("Bishop"),
                SINGLE_STEP_PAWN,
                appending(ferz("Met") + khon("Khon")),
            ),
            "tables/Sides.csv": chain(
                replacing("White,1,2,Black,8,w", "White,1,3,Black,8,w"),
                replacing("Black,-1,7,White,1,b", "Black,-1,6,White,1,b"),
            ),
            "tables/Position.csv": placing_fen(
                "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR",
                {"k": "King", "q": "Met", "b": "Khon", "n": "Knight", "r": "Rook", "p": "Pawn"},
            ),
            **old_game(
                "King: one square any way. " + MET_EN + " " + KHON_EN + " " + ROOK_KNIGHT_EN + " " + MAKRUK_PAWN_EN,
                "Roi\u00a0: une case dans n’importe quelle direction. " + MET_FR + " " + KHON_FR + " "
                + ROOK_KNIGHT_FR + " " + MAKRUK_PAWN_FR,
                "Promotion: a pawn that reaches the last rank becomes a met, rook, khon or knight, as you choose.",
                "Promotion\u00a0: un pion qui atteint la dernière rangée devient un met, une tour, un khon ou un "
                "cavalier, à votre choix.",
            ),
        },
    ),
]
VARIANTS += OLD_GAMES


MORE: List[Variant] = [
    # Mongolian chess: the Bers (a Rook and a Ferz in one) where the Queen
    # stands; the d-Pawns start on the fourth and fifth Ranks; a Pawn steps
    # one Square and becomes a Bers.
    Variant(
        "shatar",
        "Shatar",
        {
            "tables/Kinds.csv": replacing_line(
                "Queen,", 'Bers,,,J,=J,800,", promote to bers",J,=J,false,false,false,false,false,false'
            ),
            "tables/Kinds.fr.csv": replacing_line("Queen,", 'Bers,", promotion en bers",B,=B'),
            "tables/Promotions.csv": lambda text, rel: text.split("\n", 1)[0] + "\nFirst,Bers,Bers\n",
            **promotion_places(1),
            "tables/Directions.csv": chain(
                deleting_directions("Queen"), SINGLE_STEP_PAWN, appending(rook_rays("Bers") + ferz("Bers"))
            ),
            "tables/Position.csv": placing_fen(
                "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR",
                {"k": "King", "j": "Bers", "b": "Bishop", "n": "Knight", "r": "Rook", "p": "Pawn"},
            ),
            **old_game(
                "King: one square any way. Bers: a rook and a ferz in one: along ranks and files, or one square "
                "diagonally. Bishop: along diagonals. " + ROOK_KNIGHT_EN + " Pawn: one square forward; it takes "
                "one square diagonally forward. The d-pawns start on the fourth and fifth ranks.",
                "Roi\u00a0: une case dans n’importe quelle direction. Bers\u00a0: une tour et un vizir à la "
                "fois\u00a0: le long des rangées et des colonnes, ou une case en diagonale. Fou\u00a0: le long des "
                "diagonales. " + ROOK_KNIGHT_FR + " Pion\u00a0: une case en avant\u00a0; il prend en diagonale, une "
                "case en avant. Les pions d partent des quatrième et cinquième rangées.",
                "Promotion: a pawn that reaches the last rank becomes a bers.",
                "Promotion\u00a0: un pion qui atteint la dernière rangée devient un bers.",
            ),
        },
    ),
    # Rooks move as Rooks and take as Knights; Knights move as Knights and
    # take as Rooks. Renamed Kiwi Rook and Kiwi Knight (letters R and N,
    # chess's art kept), so that nothing that counts Knights by name (Is
    # Material Insufficient) takes them for chess's.
    Variant(
        "newzealand",
        "New Zealand Chess",
        {
            "tables/Kinds.csv": chain(
                replacing_line(
                    "Rook,", 'Kiwi Rook,2,8,R,=R,500,", promote to kiwi rook",R,=R,false,false,false,false,false,false'
                ),
                replacing_line(
                    "Knight,", 'Kiwi Knight,4,10,N,=N,320,", promote to kiwi knight",N,=N,false,false,false,false,false,false'
                ),
            ),
            "tables/Kinds.fr.csv": chain(
                replacing_line("Rook,", 'Kiwi Rook,", promotion en tour kiwi",T,=T'),
                replacing_line("Knight,", 'Kiwi Knight,", promotion en cavalier kiwi",C,=C'),
            ),
            "tables/Promotions.csv": chain(
                replacing("Second,Rook,Rook", "Second,Kiwi Rook,Kiwi Rook"),
                replacing("Fourth,Knight,Knight", "Fourth,Kiwi Knight,Kiwi Knight"),
            ),
            "tables/Directions.csv": chain(
                renaming_directions("Rook", "Kiwi Rook", "true", "false"),
                renaming_directions("Knight", "Kiwi Knight", "true", "false"),
                appending(leaps("Kiwi Rook", "false", "true") + rook_rays("Kiwi Knight", "false", "true")),
            ),
            "tables/Position.csv": placing(
                {"a1": "Kiwi Rook", "h1": "Kiwi Rook", "a8": "Kiwi Rook", "h8": "Kiwi Rook",
                 "b1": "Kiwi Knight", "g1": "Kiwi Knight", "b8": "Kiwi Knight", "g8": "Kiwi Knight"}
            ),
            "tables/Words.csv": replacing_line(
                PIECES_EN, "King: one square any way. Queen: any number of squares along a rank, a file or a "
                "diagonal. Rook (kiwi rook): moves along ranks and files, but takes with a knight's L. Bishop: "
                "along diagonals. Knight (kiwi knight): moves with an L, two squares one way and one to the side, "
                "jumping over any piece, but takes along ranks and files. Pawn: one square forward, or two from its "
                "first square; it takes one square diagonally forward."
            ),
            "tables/Words.fr.csv": replacing_line(
                PIECES_FR, "Roi\u00a0: une case dans n’importe quelle direction. Dame\u00a0: autant de cases "
                "qu’elle veut le long d’une rangée, d’une colonne ou d’une diagonale. Tour (tour kiwi)\u00a0: se "
                "déplace le long des rangées et des colonnes, mais prend par le L du cavalier. Fou\u00a0: le long "
                "des diagonales. Cavalier (cavalier kiwi)\u00a0: se déplace par un L, deux cases dans un sens et une "
                "sur le côté, en sautant par-dessus les pièces, mais prend le long des rangées et des colonnes. "
                "Pion\u00a0: une case en avant, ou deux depuis sa case de départ\u00a0; il prend en diagonale, une "
                "case en avant."
            ),
        },
    ),
]
VARIANTS += MORE


# Every variant's Variant Engine table (a file chess has not): Fairy-Stockfish
# knows the game by the folder's name, so the Computer and the Hint ask it.
VARIANT_ENGINE_SCHEMA = """table: Variant Engine
description: "The UCI engine that knows this game as one of its variants, one row: the row's name is the game's UCI_Variant there (Fairy-Stockfish's name for it), program the program the Stockfish Bridge looks for, on PATH and in /usr/games. The Computer and the Hint ask it, told setoption name UCI_Variant value NAME before each position, where the chess game asks Stockfish; where it is not found, the built-in engine answers. Each answer must be one of the cards' Legal Moves, as Stockfish's must."
columns:
  program: { type: Text, description: "the program that plays the variant, looked for on PATH and in /usr/games (a name, no folder): fairy-stockfish" }
"""


def variant_engine(name: str) -> Dict[str, str]:
    """The Variant Engine table's two files for the variant `name`."""
    return {
        "tables/Variant Engine.csv": f"name,program\n{name},fairy-stockfish\n",
        "tables/Variant Engine.yaml": VARIANT_ENGINE_SCHEMA,
    }


# Capablanca's Board: 10 Files by 8 Ranks, drawn at chess's scale (the
# window 1200 px wide), sliders 9 steps long (the longest line less one).
TEN_BY_EIGHT = {
    "files": 10,
    "ranks": 8,
    "back": ["Rook", "Knight", "Archbishop", "Bishop", "Queen", "King", "Bishop", "Chancellor", "Knight", "Rook"],
    "pawn ranks": (2, 7),
    "promotion ranks": (8, 1),
    "slider steps": 9,
    "double step": True,
    "pixels per meter": 32,
}
ARCHBISHOP = 'Archbishop,,,A,=A,825,", promote to archbishop",A,=A,false,false,false,false,false,false'
ARCHBISHOP_FR = 'Archbishop,", promotion en archevêque",A,=A'
SIX_PROMOTIONS = ["Queen", "Chancellor", "Archbishop", "Rook", "Bishop", "Knight"]
PLACES = ["First", "Second", "Third", "Fourth", "Fifth", "Sixth"]
# The King on f castles three Squares towards a Rook in a corner: f1 to i1
# with j1 to h1, f1 to c1 with a1 to d1 (rookPasses, the book's third
# empty Square, i1 or b1; Is Castling Way Clear looks at the rest).
CAPABLANCA_CASTLING = """name,kingFrom,kingTo,rookFrom,rookTo,rookPasses,isAllowed,notation
White King Side,f1,i1,j1,h1,i1,true,O-O
White Queen Side,f1,c1,a1,d1,b1,true,O-O-O
Black King Side,f8,i8,j8,h8,i8,true,O-O
Black Queen Side,f8,c8,a8,d8,b8,true,O-O-O
"""

BIG_BOARDS: List[Variant] = [
    # Capablanca chess: 10 by 8, the Archbishop (Bishop + Knight) and the
    # Chancellor (Rook + Knight) beside chess's pieces, the King on f
    # castling three Squares, a Pawn promoted to any of six Kinds.
    Variant(
        "capablanca",
        "Capablanca Chess",
        {
            "tables/Kinds.csv": appending([ARCHBISHOP, CHANCELLOR]),
            "tables/Kinds.fr.csv": appending([ARCHBISHOP_FR, CHANCELLOR_FR]),
            "tables/Promotions.csv": lambda text, rel: text.split("\n", 1)[0]
            + "\n"
            + "".join(f"{place},{kind},{kind}\n" for place, kind in zip(PLACES, SIX_PROMOTIONS)),
            "tables/Directions.csv": appending(
                bishop_rays("Archbishop", length=9) + leaps("Archbishop")
                + rook_rays("Chancellor", length=9) + leaps("Chancellor")
            ),
            "tables/Castling.csv": lambda text, rel: CAPABLANCA_CASTLING,
            "tables/Position.csv": placing_fen(
                "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR",
                {"k": "King", "q": "Queen", "c": "Chancellor", "a": "Archbishop", "b": "Bishop", "n": "Knight",
                 "r": "Rook", "p": "Pawn"},
            ),
            **promotion_places(6),
            "tables/Words.csv": chain(
                replacing(QUEEN_EN, QUEEN_EN + " Archbishop: a bishop and a knight in one: along diagonals, or a "
                          "knight's L. " + CHANCELLOR_EN_WORDS + " The board is ten files wide."),
                replacing(CASTLING_EN, "Castling: the king moves three squares towards a rook (f1 to i1 or c1) and "
                          "the rook jumps to its other side. Neither may have moved, the squares between must be empty, "
                          "and the king may not be in check, cross an attacked square or land on one."),
                replacing_line("Promotion:", "Promotion: a pawn that reaches the last rank becomes a queen, "
                               "chancellor, archbishop, rook, bishop or knight, as you choose."),
            ),
            "tables/Words.fr.csv": chain(
                replacing(QUEEN_FR, QUEEN_FR + " Archevêque\u00a0: un fou et un cavalier à la fois\u00a0: le long "
                          "des diagonales, ou le L du cavalier. " + CHANCELLOR_FR_WORDS + " L’échiquier a dix "
                          "colonnes."),
                replacing_line("Roque", "Roque\u00a0: le roi se déplace de trois cases vers une tour (de f1 à i1 ou "
                               "c1), et la tour passe de l’autre côté du roi. Ni l’un ni l’autre ne doit avoir bougé, "
                               "les cases entre eux doivent être vides, et le roi ne doit pas être en échec, ni "
                               "traverser une case attaquée, ni s’arrêter sur l’une d’elles."),
                replacing_line("Promotion\u00a0:", "Promotion\u00a0: un pion qui atteint la dernière rangée devient "
                               "une dame, un chancelier, un archevêque, une tour, un fou ou un cavalier, à votre choix."),
            ),
        },
        board=TEN_BY_EIGHT,
    ),
]

# Los Alamos chess's Board: 6 by 6, the Board as wide as chess's (960 px).
SIX_BY_SIX = {
    "files": 6,
    "ranks": 6,
    "back": ["Rook", "Knight", "Queen", "King", "Knight", "Rook"],
    "pawn ranks": (2, 5),
    "promotion ranks": (6, 1),
    "slider steps": 5,
    "double step": False,
    "pixels per meter": 960 / (6 * 3.75),
}
BIG_BOARDS.append(
    # Los Alamos chess, the first game a computer played (MANIAC I, 1956):
    # 6 by 6, no Bishops, no double step, no castling; a Pawn becomes a
    # Queen, a Rook or a Knight.
    Variant(
        "losalamos",
        "Los Alamos Chess",
        {
            "tables/Promotions.csv": lambda text, rel: text.split("\n", 1)[0]
            + "\nFirst,Queen,Queen\nSecond,Rook,Rook\nThird,Knight,Knight\n",
            "tables/Position.csv": placing_fen(
                "rnqknr/pppppp/6/6/PPPPPP/RNQKNR",
                {"k": "King", "q": "Queen", "n": "Knight", "r": "Rook", "p": "Pawn"},
            ),
            **promotion_places(3),
            **old_game(
                "King: one square any way. Queen: any number of squares along a rank, a file or a diagonal. "
                + ROOK_KNIGHT_EN + " There are no bishops. Pawn: one square forward; it takes one square diagonally "
                "forward.",
                "Roi\u00a0: une case dans n’importe quelle direction. Dame\u00a0: autant de cases qu’elle veut le "
                "long d’une rangée, d’une colonne ou d’une diagonale. " + ROOK_KNIGHT_FR + " Il n’y a pas de "
                "fous. Pion\u00a0: une case en avant\u00a0; il prend en diagonale, une case en avant.",
                "Promotion: a pawn that reaches the last rank becomes a queen, rook or knight, as you choose.",
                "Promotion\u00a0: un pion qui atteint la dernière rangée devient une dame, une tour ou un cavalier, "
                "à votre choix.",
            ),
        },
        board=SIX_BY_SIX,
    )
)
VARIANTS += BIG_BOARDS


# Chess960 (Fischer Random Chess): the back ranks drawn at each new game.
CHESS960_START_TABLE = """table: Chess960 Start
description: "Which of the 960 starting positions of Chess960 this game began from, one row, Start: Choose Chess960 Start draws it (random) when the Board is made, and Go Back To The Start lays it out again when Moves are taken back. A saved game keeps it."
columns:
  number: { type: Number, default: 518, description: "the starting position's number, 0 to 959, in Scharnagl's numbering (518: chess's own, RNBQKBNR) (empty: 518)" }
"""
CHESS960_START_ROWS = "name,number\nStart,518\n"

CHOOSE_CHESS960_START = """component: Choose Chess960 Start
book: not in the book (Chess960, a variant of the gallery; content/variants/fischerandom/README.md)
description: >
  Draws the game's starting position when the Board is made (Created, which
  runs before Lay Out The Board makes the Pieces, at every new game and
  Restart Game): one of Chess960's 960 (random(960)), kept in the Chess960
  Start table, and laid out (Lay Out Chess960 Start). A saved game brought
  back replaces it with its own.
events:
  - when: Created
    steps:
      - set data cell: Chess960 Start
        row: '"Start"'
        column: '"number"'
        value: random(960)
      - call: Lay Out Chess960 Start
        with:
          number: data('Chess960 Start', 'Start', 'number')
"""

LAY_OUT_CHESS960_START = """function: Lay Out Chess960 Start
book: not in the book (Chess960, a variant of the gallery; content/variants/fischerandom/README.md)
description: >
  Lays out one of Chess960's 960 starting positions on the first and last
  Ranks, by its number in Scharnagl's numbering (518 is chess's own): the
  number's remainder by 4 places one Bishop on a light Square (b, d, f or h),
  the next remainder by 4 the other on a dark Square (a, c, e or g), the next
  by 6 the Queen on one of the six Squares left, what is left (0 to 9) the
  two Knights on two of the five left, and the last three Squares take a
  Rook, the King and a Rook, so the King stands between the Rooks. Black's
  last Rank mirrors White's first. Then each castling's King and Rook start
  from their Squares (the Castling table's kingFrom and rookFrom; the King
  side's Rook is the one on the King's right). number: 0 to 959.
parameters:
  number: Number
steps:
  - declare: n
    value: number
  - declare: knights
    value: 0
  - declare: first
    value: 0
  - declare: second
    value: 0
  - declare: lastRank
    value: dataCount('Position') - data('Board Size', 'file', 'count')
  - repeat: data('Board Size', 'file', 'count')
    steps:
      - set data cell: Position
        row: local.index
        column: '"kind"'
        value: "''"
  - set data cell: Position
    row: 2 * (n % 4) + 1
    column: '"kind"'
    value: "'Bishop'"
  - set: n
    value: floor(n / 4)
  - set data cell: Position
    row: 2 * (n % 4)
    column: '"kind"'
    value: "'Bishop'"
  - set: n
    value: floor(n / 4)
  - call: Place On Empty Square
    with:
      count: n % 6
      kind: "'Queen'"
  - set: knights
    value: floor(n / 6)
  # the ten ways to seat two Knights on five Squares, in order: 01 02 03 04 12 13 14 23 24 34
  - if: knights < 4
    then:
      - set: second
        value: knights + 1
    else:
      - if: knights < 7
        then:
          - set: first
            value: 1
          - set: second
            value: knights - 2
        else:
          - if: knights < 9
            then:
              - set: first
                value: 2
              - set: second
                value: knights - 4
            else:
              - set: first
                value: 3
              - set: second
                value: 4
  # the later Knight first, so the earlier one counts the same empty Squares
  - call: Place On Empty Square
    with:
      count: second
      kind: "'Knight'"
  - call: Place On Empty Square
    with:
      count: first
      kind: "'Knight'"
  - call: Place On Empty Square
    action name: queenRook
    with:
      count: 0
      kind: "'Rook'"
  - call: Place On Empty Square
    action name: king
    with:
      count: 0
      kind: "'King'"
  - call: Place On Empty Square
    action name: kingRook
    with:
      count: 0
      kind: "'Rook'"
  - repeat: data('Board Size', 'file', 'count')
    steps:
      - set data cell: Position
        row: lastRank + local.index
        column: '"kind"'
        value: data('Position', local.index, 'kind')
  - set data cell: Castling
    row: '"White King Side"'
    column: '"kingFrom"'
    value: dataRow('Position', king.value)
  - set data cell: Castling
    row: '"White King Side"'
    column: '"rookFrom"'
    value: dataRow('Position', kingRook.value)
  - set data cell: Castling
    row: '"White Queen Side"'
    column: '"kingFrom"'
    value: dataRow('Position', king.value)
  - set data cell: Castling
    row: '"White Queen Side"'
    column: '"rookFrom"'
    value: dataRow('Position', queenRook.value)
  - set data cell: Castling
    row: '"Black King Side"'
    column: '"kingFrom"'
    value: dataRow('Position', lastRank + king.value)
  - set data cell: Castling
    row: '"Black King Side"'
    column: '"rookFrom"'
    value: dataRow('Position', lastRank + kingRook.value)
  - set data cell: Castling
    row: '"Black Queen Side"'
    column: '"kingFrom"'
    value: dataRow('Position', lastRank + king.value)
  - set data cell: Castling
    row: '"Black Queen Side"'
    column: '"rookFrom"'
    value: dataRow('Position', lastRank + queenRook.value)
"""

PLACE_ON_EMPTY_SQUARE = """function: Place On Empty Square
book: not in the book (Chess960, a variant of the gallery; content/variants/fischerandom/README.md)
description: >
  Puts a Piece of one Kind on an empty Square of the first Rank, counted
  among the empty ones from the a-File, and answers that Square's File,
  from 0 (a); -1 when there are not so many empty Squares. The Piece's Side
  is the Square's already (White on the first Rank). count: which empty
  Square, from 0. kind: the Kind to put there.
parameters:
  count: Number
  kind: Text
returns: Number
steps:
  - declare: seen
    value: 0
  - declare: found
    value: -1
  - repeat: data('Board Size', 'file', 'count')
    steps:
      - if: found == -1 && data('Position', local.index, 'kind') == ""
        then:
          - if: seen == count
            then:
              - set data cell: Position
                row: local.index
                column: '"kind"'
                value: kind
              - set: found
                value: local.index
            else:
              - set: seen
                operator: +=
                value: 1
  - return: found
"""

# The PGN of a Chess960 game says so: a reader then takes its FEN's castling
# letters (HAha) and its O-O as Chess960's (lichess, Fairy-Stockfish's PGN).
PGN_TAGS_TABLE = """table: PGN Tags
description: "The tags this game's PGN adds after the Seven Tag Roster, a row each: the row's name is the tag, value its value. Variant Chess960 tells a PGN reader to read the castlings and the FEN as Chess960's. The chess library writes them; the tags it writes itself (Event, Site, Date, Round, White, Black, Result, SetUp, FEN) cannot be rows here."
columns:
  value: { type: Text, description: "the tag's value, one line: Chess960" }
"""

FISCHERANDOM_FILES = {
    "tables/PGN Tags.yaml": PGN_TAGS_TABLE,
    "tables/PGN Tags.csv": "name,value\nVariant,Chess960\n",
    "tables/Chess960 Start.yaml": CHESS960_START_TABLE,
    "tables/Chess960 Start.csv": CHESS960_START_ROWS,
    "logic/Choose Chess960 Start.yaml": CHOOSE_CHESS960_START,
    "logic/Lay Out Chess960 Start.yaml": LAY_OUT_CHESS960_START,
    "logic/Place On Empty Square.yaml": PLACE_ON_EMPTY_SQUARE,
}

CASTLING960_EN = (
    "Castling: click the king, then the rook it castles with. The king lands where it lands in chess (g1 or c1, g8 or "
    "c8) and the rook beside it on the inside (f or d). Neither may have moved, every square between the king and its "
    "square and between the rook and its square must be empty but for the two of them, and the king may not be in "
    "check, cross an attacked square or land on one."
)

CASTLING960_FR = (
    "Roque\u00a0: cliquez sur le roi, puis sur la tour avec laquelle il roque. Le roi arrive où il arrive aux échecs "
    "(g1 ou c1, g8 ou c8), et la tour à côté de lui, vers l’intérieur (colonne f ou d). Ni l’un ni l’autre ne doit "
    "avoir bougé, les cases entre le roi et sa case d’arrivée et entre la tour et la sienne doivent être vides, "
    "hormis eux deux, et le roi ne doit pas être en échec, ni traverser une case attaquée, ni s’arrêter sur l’une "
    "d’elles."
)

FISCHERANDOM = Variant(
    "fischerandom",
    "Chess960",
    new_files=FISCHERANDOM_FILES,
    edits={
        "objects/Walnut Board.yaml": replacing(
            "logic:\n  Lay Out The Board:\n", "logic:\n  Choose Chess960 Start: {}\n  Lay Out The Board:\n"
        ),
        # Taking Moves back lays out the game's own start again, not chess's.
        "logic/Go Back To The Start.yaml": replacing(
            "  - reset table: Castling\n",
            "  - reset table: Castling\n"
            "  # not in the book: Chess960's start, as the game began (Choose Chess960 Start)\n"
            "  - call: Lay Out Chess960 Start\n"
            "    with:\n"
            "      number: data('Chess960 Start', 'Start', 'number')\n",
        ),
        # A castling is the King's Move onto its own Rook's Square (as
        # Fairy-Stockfish writes it, e1h1): the King's landing Square may be
        # its own, or the Rook's, or one an ordinary King's Move reaches.
        "logic/Try Castling.yaml": chain(
            replacing(
                "  - if: data('Position', kingTo, 'kind') == \"\" && data('Position', rookTo, 'kind') == \"\" "
                "&& data('Position', rookPasses, 'kind') == \"\"\n    then:\n",
                "  # Chess960: the ways are Is Castling Way Clear's, on any Files; the castling Rook is lifted\n"
                "  # off the Board while the King's Squares are looked at, as it will have left its Square\n"
                "  - declare: rookFrom\n"
                "    type: Text\n"
                "    value: data('Castling', row, 'rookFrom')\n"
                "  - declare: rookSide\n"
                "    type: Text\n"
                "    value: data('Position', rookFrom, 'side')\n"
                "  - declare: rookKind\n"
                "    type: Text\n"
                "    value: data('Position', rookFrom, 'kind')\n"
                "  - if: rookKind != \"\"\n    then:\n"
                "      - set data cell: Position\n"
                "        row: rookFrom\n"
                "        column: '\"kind\"'\n"
                "        value: \"''\"\n"
                "      - set data cell: Position\n"
                "        row: rookFrom\n"
                "        column: '\"side\"'\n"
                "        value: \"''\"\n",
            ),
            replacing(
                "      - call: Is Square Attacked\n"
                "        action name: crossLook\n"
                "        with:\n"
                "          square: rookTo\n"
                "          bySide: enemy\n"
                "      - set: attacks\n"
                "        operator: +=\n"
                "        value: crossLook.attackers\n",
                "",
            ),
            replacing(
                "      - if: attacks == 0\n"
                "        then:\n"
                "          - set data cell: Targets\n"
                "            row: kingTo\n",
                "      - set data cell: Position\n"
                "        row: rookFrom\n"
                "        column: '\"kind\"'\n"
                "        value: rookKind\n"
                "      - set data cell: Position\n"
                "        row: rookFrom\n"
                "        column: '\"side\"'\n"
                "        value: rookSide\n"
                "      - if: attacks == 0\n"
                "        then:\n"
                "          - set data cell: Targets\n"
                "            row: rookFrom\n",
            ),
        ),
        # The Squares the King crosses are all looked at here, rookTo too (in
        # Chess960 the King need not cross it).
        "logic/Is Castling Way Clear.yaml": replacing(
            "square != kingFrom && square != rookTo && square != kingTo", "square != kingFrom && square != kingTo"
        ),
        # The castling is the King's Move onto its Rook: both are lifted, then
        # put down on their Squares (either may land where the other stood),
        # and Make Move moves nothing more.
        "logic/Update Castling.yaml": chain(
            replacing(
                "  to: Text\nsteps:\n",
                "  to: Text\nreturns: Boolean\nsteps:\n  - declare: castled\n    type: Boolean\n"
                "  - declare: side\n    type: Text\n    value: data('Position', from, 'side')\n"
                "  - declare: rookKind\n    type: Text\n    value: data('Position', to, 'kind')\n",
            ),
            replacing(
                "data('Castling', castling, 'kingFrom') == from && data('Castling', castling, 'kingTo') == to\n"
                "        then:\n"
                "          - call: Move Piece\n"
                "            with:\n"
                "              from: data('Castling', castling, 'rookFrom')\n"
                "              to: data('Castling', castling, 'rookTo')\n",
                "data('Castling', castling, 'kingFrom') == from && data('Castling', castling, 'rookFrom') == to "
                "&& data('Position', to, 'side') == data('Position', from, 'side')\n"
                "        then:\n"
                "          - set data cell: Position\n"
                "            row: from\n"
                "            column: '\"kind\"'\n"
                "            value: \"''\"\n"
                "          - set data cell: Position\n"
                "            row: from\n"
                "            column: '\"side\"'\n"
                "            value: \"''\"\n"
                "          - set data cell: Position\n"
                "            row: to\n"
                "            column: '\"kind\"'\n"
                "            value: \"''\"\n"
                "          - set data cell: Position\n"
                "            row: to\n"
                "            column: '\"side\"'\n"
                "            value: \"''\"\n"
                "          - set data cell: Position\n"
                "            row: data('Castling', castling, 'rookTo')\n"
                "            column: '\"kind\"'\n"
                "            value: rookKind\n"
                "          - set data cell: Position\n"
                "            row: data('Castling', castling, 'rookTo')\n"
                "            column: '\"side\"'\n"
                "            value: side\n"
                "          - set data cell: Position\n"
                "            row: data('Castling', castling, 'kingTo')\n"
                "            column: '\"kind\"'\n"
                "            value: kind\n"
                "          - set data cell: Position\n"
                "            row: data('Castling', castling, 'kingTo')\n"
                "            column: '\"side\"'\n"
                "            value: side\n"
                "          - set: castled\n"
                "            value: true\n",
            ),
            lambda text, rel: text.rstrip("\n") + "\n  - return: castled\n",
        ),
        "logic/Make Move.yaml": chain(
            replacing(
                "|| data('Position', to, 'kind') != \"\"\n",
                "|| (data('Position', to, 'kind') != \"\" && data('Position', to, 'side') != data('Position', from, 'side'))\n",
            ),
            # Update Castling after Update En Passant, which reads the Piece on `from` (a castling lifts it)
            replacing("  - call: Update Castling\n    with:\n      from: from\n      to: to\n", ""),
            replacing(
                "  - call: Move Piece\n    with:\n      from: from\n      to: to\n",
                "  - call: Update Castling\n    action name: castlingLook\n    with:\n      from: from\n      to: to\n"
                "  - if: castlingLook.value == false\n    then:\n      - call: Move Piece\n        with:\n"
                "          from: from\n          to: to\n",
            ),
        ),
        "logic/Name The Move.yaml": replacing(
            "data('Castling', castling, 'kingFrom') == from && data('Castling', castling, 'kingTo') == to\n"
            "        then:\n",
            "data('Castling', castling, 'kingFrom') == from && data('Castling', castling, 'rookFrom') == to "
                "&& data('Position', to, 'side') == data('Position', from, 'side')\n"
            "        then:\n"
            "          - set data cell: Move History\n"
            "            row: row\n"
            "            column: '\"capture\"'\n"
            "            value: \"''\"\n",
        ),
        "logic/Plan The Slide.yaml": replacing(
            "data('Castling', local.index, 'kingFrom') == from && data('Castling', local.index, 'kingTo') == to\n"
            "        then:\n",
            "data('Castling', local.index, 'kingFrom') == from && data('Castling', local.index, 'rookFrom') == to "
            "&& data('Position', to, 'side') == data('Position', from, 'side')\n"
            "        then:\n"
            "          - set data cell: Slides\n"
            "            row: '\"Piece\"'\n"
            "            column: \"'to'\"\n"
            "            value: data('Castling', local.index, 'kingTo')\n",
        ),
        # The Computer's Move lands its Kind on the Move's last Square (a promotion's); a King's
        # Move does not: its castling's last Square is its Rook's, where the Rook may stand still.
        "logic/Make Computer Move.yaml": replacing(
            "          - set data cell: Position\n"
            "            row: self.makeComputerMoveData.toSquare\n"
            "            column: '\"kind\"'\n"
            "            value: self.makeComputerMoveData.landingKind\n",
            "          - if: data('Kinds', self.makeComputerMoveData.landingKind, 'royal') == false\n"
            "            then:\n"
            "              - set data cell: Position\n"
            "                row: self.makeComputerMoveData.toSquare\n"
            "                column: '\"kind\"'\n"
            "                value: self.makeComputerMoveData.landingKind\n",
        ),
        "tables/Words.csv": replacing(CASTLING_EN, CASTLING960_EN),
        "tables/Words.fr.csv": replacing_line("Roque", CASTLING960_FR),
        # Chess960's FEN names each castling by its Rook's File (HAha), as
        # Fairy-Stockfish writes it: the chess library reads and writes the
        # rows that say so, and sets kingFrom and rookFrom from a FEN.
        "tables/Castling.yaml": replacing(
            "  notation: {",
            "  fenByFile: { type: Boolean, default: false, description: \"yes: a FEN names this castling by its "
            "Rook's File (H, A, h, a: Shredder-FEN, as Fairy-Stockfish writes Chess960), and a FEN set up "
            "(setfen, --fen) moves kingFrom and rookFrom to its King's and that Rook's Squares; no: by K, Q, k or "
            "q, its Rook in a corner (empty: false)\" }\n  notation: {",
        ),
        "tables/Castling.csv": lambda text, rel: "\n".join(
            line + (",fenByFile" if i == 0 else ",true") if line else line for i, line in enumerate(text.split("\n"))
        ),
    },
)
VARIANTS.append(FISCHERANDOM)


def game_name(title: str) -> Edit:
    return replacing("game: Chess\n", f"game: {title}\n")


def make(v: Variant) -> None:
    edits = board_edits(v.board) if v.board else {}
    for rel, change in list(v.edits.items()) + [("game.yaml", game_name(v.title))]:
        edits[rel] = chain(edits[rel], change) if rel in edits else change
    make_copy(os.path.join(GALLERY, v.name), edits, {**variant_engine(v.name), **v.new_files})


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
