#!/usr/bin/env python3
"""Writes tests/fairy/VARIANT.perft: Fairy-Stockfish's perft of a variant, the
reference the cards' perft and the built-in engine's are checked against
(tests/suite/fairy.rs).

    python3 tools/fairy/make_perft.py                 # every variant of MANIFEST
    python3 tools/fairy/make_perft.py nocastle        # only these
    python3 tools/fairy/make_perft.py --seed 22 --positions 8 --engine /usr/games/fairy-stockfish

For each variant: its start position (`position startpos` under
`setoption name UCI_Variant value VARIANT`) and --positions more, each
reached from the start by a seeded random number of random legal plies
(each ply a choice among perft 1's moves; a walk that ends the game, with no
legal move or the fifty-move count at 100, is walked again, and a position
met before is skipped). Then, on an 8 by 8 Board, the positions of EXTRA (a
promotion for each Side).
For each position: its FEN as Fairy-Stockfish's `d`
writes it, `go perft N` for N = 1, 2, ... up to the first count past QUICK
leaves (the depth the quick test stops before), never past depth 6 nor a
count past 1,000,000 (the bounds of the driver's `perft`), and perft 1's
moves, sorted.

Only the standard library; talks UCI to Fairy-Stockfish (Debian's package
`fairy-stockfish`, in /usr/games). The output depends only on the seed, the
manifest and the engine: the same run writes the same files.
"""
import argparse
import os
import random
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Fairy-Stockfish's UCI_Variant name -> the content folder that plays it.
# A name not Fairy-Stockfish's own is defined in tools/fairy/variants.ini.
MANIFEST = [
    ("chess", "content/chess"),
    ("nocastle", "content/variants/nocastle"),
    ("board5x5", "content/examples/board-5x5"),
    ("board10x8", "content/examples/board-10x8"),
    ("grasshopper-qrbn", "content/examples/grasshopper"),
    ("xiangqi-pieces", "content/examples/xiangqi-pieces"),
    ("amazon", "content/variants/amazon"),
    ("almost", "content/variants/almost"),
    ("hoppelpoppel", "content/variants/hoppelpoppel"),
    ("knightmate", "content/variants/knightmate"),
    ("chigorin", "content/variants/chigorin"),
    ("shatranj", "content/variants/shatranj"),
    ("makruk", "content/variants/makruk"),
    ("ai-wok", "content/variants/ai-wok"),
    ("asean", "content/variants/asean"),
    ("shatar", "content/variants/shatar"),
    ("newzealand", "content/variants/newzealand"),
    ("capablanca", "content/variants/capablanca"),
    ("losalamos", "content/variants/losalamos"),
    ("fischerandom", "content/variants/fischerandom"),
    ("kingofthehill", "content/variants/kingofthehill"),
    # Check counting (content/README.md): FEN's `3+3` field.
    ("3check", "content/variants/3check"),
    ("5check", "content/variants/5check"),
    # Promotion zones (content/README.md): Grand Chess's Ranks 8 to 10.
    ("grand", "content/variants/grand"),
    # Boards of 10 by 8 made over capablanca (`extends: ../capablanca`).
    ("gothic", "content/variants/gothic"),
    ("embassy", "content/variants/embassy"),
    ("janus", "content/variants/janus"),
    ("centaur", "content/variants/centaur"),
    # 9 by 9: modern, and chancellor made over it.
    ("modern", "content/variants/modern"),
    ("chancellor", "content/variants/chancellor"),
    ("gardner", "content/variants/gardner"),
    # 12 by 8, no castling, no double step, a Pawn becomes a Fers.
    ("courier", "content/variants/courier"),
    # No royal Kind, extinction, obligatory capture, stalemate scored (content/README.md).
    ("antichess", "content/variants/antichess"),
    ("extinction", "content/variants/extinction"),
    ("horde", "content/variants/horde"),
    ("giveaway", "content/variants/giveaway"),
    # Issue 34's gallery grown: more of the same tables (extinction, obligatory capture, what no move scores).
    ("kinglet", "content/variants/kinglet"),
    ("threekings", "content/variants/threekings"),
    ("codrus", "content/variants/codrus"),
    ("losers", "content/variants/losers"),
    # A flag region (King of the Hill's) over antichess: Pawns alone, the last Rank wins.
    ("breakthrough", "content/variants/breakthrough"),
    # Antichess whose stalemate is scored by the Pieces left (Out Of Moves: `fewer`).
    ("suicide", "content/variants/suicide"),
    # Makruk whose King may not move away from check (the Royal In Check table).
    ("makpong", "content/variants/makpong"),
    # A flag region of the eighth Rank, Black's one Move to follow, no check given (May Give Check).
    ("racingkings", "content/variants/racingkings"),
    # Knights on 9 by 9 (modern's Board over antichess), the flag e5 kept a Move (flagMove).
    ("jesonmor", "content/variants/jesonmor"),
    # Regions (content/README.md): the palace, each Side's half, the flying general.
    ("xiangqi", "content/variants/xiangqi"),
    # Xiangqi on 7 by 7, made over xiangqi: no Advisor nor Elephant, no river
    # (a Soldier steps sideways from the start), the palace c1 to e3.
    ("minixiangqi", "content/variants/minixiangqi"),
]

# Positions every variant's file holds besides its start and the random
# ones (its Kings, Rooks and Pawns alone, which every variant of the
# manifest has): (id, FEN), each as Fairy-Stockfish's `d` writes it back.
# The random walks seldom reach a promotion; here both Sides' Pawns are one
# step from one, straight ahead and by a capture, with castling rights.
EXTRA = [
    ("promotions", "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1"),
]
# Where a variant's Pawns promote elsewhere (Makruk's on the sixth Rank, the
# third for Black), or its Board is another, its own: each Side's Pawns one
# step from the promotion Rank, straight ahead and by a capture of a Rook.
SIXTH_RANK = [("promotions", "4k3/8/r6r/1P4P1/1p4p1/R6R/8/4K3 w - - 0 1")]
# Capablanca's: its Kings on f, castling three Squares either way.
TEN_FILES = [("promotions", "r4k3r/1P6P1/10/10/10/10/1p6p1/R4K3R w KQkq - 0 1")]
# Embassy's and Janus's: their Kings on e, castling to b and to h or i.
TEN_FILES_E = [("promotions", "r3k4r/1P6P1/10/10/10/10/1p6p1/R3K4R w KQkq - 0 1")]
# The 9 by 9 Board's (modern, chancellor): promoted on the ninth Rank.
NINE_BY_NINE = [("promotions", "r3k3r/1P5P1/9/9/9/9/9/1p5p1/R3K3R w KQkq - 0 1")]
# Courier's 12 by 8: each Side's Pawns one step from a Fers, straight ahead and by a capture.
TWELVE_FILES = [("promotions", "r4k5r/1P8P1/12/12/12/12/1p8p1/R4K5R w - - 0 1")]
# Los Alamos's 6 by 6.
SIX_FILES = [("promotions", "r2k1r/1P3P/6/6/1p3p/R2K1R w - - 0 1")]
# Chess960's starting positions by Scharnagl's number (518: chess's own):
# the folder's first game under `cardtable drive` (its generator seeded 0
# draws 175, the file's `start`), chess's, the first and the last, and the
# next draws of the seed-0 generator (180, 79).
CHESS960_STARTS = [175, 518, 0, 959, 180, 79]


def chess960_start(n):
    """The FEN of Chess960's starting position number n (0 to 959), as
    Lay Out Chess960 Start lays it out, castling rights by the Rooks' Files."""
    rank = [None] * 8
    rank[2 * (n % 4) + 1] = "b"
    n //= 4
    rank[2 * (n % 4)] = "b"
    n //= 4

    def place(count, piece):
        empty = [f for f in range(8) if rank[f] is None]
        rank[empty[count]] = piece
        return empty[count]

    place(n % 6, "q")
    n //= 6
    first, second = [(a, b) for a in range(5) for b in range(a + 1, 5)][n]
    place(second, "n")
    place(first, "n")
    rooks = [place(0, "r"), place(0, "k"), place(0, "r")]
    files = "abcdefgh"
    rights = files[rooks[2]].upper() + files[rooks[0]].upper() + files[rooks[2]] + files[rooks[0]]
    black = "".join(rank)
    return f"{black}/pppppppp/8/8/8/8/PPPPPPPP/{black.upper()} w {rights} - 0 1"


# A variant whose games start from one of several positions: its starts,
# the first the folder's own (`start`), the others `start-N`; the random
# positions walk from one of them, chosen by the seed.
STARTS_OF = {"fischerandom": [chess960_start(n) for n in CHESS960_STARTS]}

# The 10 by 10 Board's: each Side's Pawns one step from its last Rank.
TEN_BY_TEN = [("promotions", "r4k3r/1P6P1/10/10/10/10/10/10/1p6p1/R4K3R w - - 0 1")]
# King of the Hill's: a King one or two plies from the hill (d4, e4, d5,
# e5), onto it by a capture, kept off a hill Square in check, and a game
# already won there (no legal move: its perft is 0).
HILL = [
    ("hill-step", "4k3/8/8/8/8/4K3/8/8 w - - 0 1"),
    ("hill-capture", "4k3/8/8/8/3p4/4K3/8/8 w - - 0 1"),
    ("hill-guarded", "4k3/8/8/3r4/8/4K3/8/8 w - - 0 1"),
    ("hill-black", "8/8/4k3/8/8/8/8/4K3 b - - 0 1"),
    ("hill-two-plies", "r1bq1b1r/ppp2ppp/2n1kn2/4p3/3P4/2N1KN2/PPP2PPP/R1BQ1B1R w - - 0 1"),
    ("hill-race", "4k3/8/8/8/8/8/3K4/8 w - - 0 1"),
    ("hill-won", "4k3/8/8/8/3K4/8/8/8 b - - 1 1"),
] + EXTRA
# Check counting's: the promotions (the checks field added by
# Fairy-Stockfish's `d`), and positions a check or two from the end (FEN's
# `1+1`: each Side has one check still to give; White's Bxf7+ or Qxf7 ends
# the game), and one that is over (`0+3`: White has given its last check,
# and no move is left).
CHECKS = EXTRA + [
    ("last-checks", "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 1+1 4 4"),
    ("black-last-check", "rnb1kbnr/pppp1ppp/8/4p3/4P2q/8/PPPPKPPP/RNBQ1BNR b kq - 2+1 2 3"),
    ("over", "rnbqkbnr/ppp2ppp/3p4/1B2p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 0+3 1 3"),
]
# Grand Chess's promotion zone (Ranks 8 to 10 for White, 3 to 1 for Black;
# optional but on the last; only to a Kind its Side has lost): a White Pawn
# on b9 when no Kind is lost (no move: it may not stay on the last Rank) and
# when the Queen is; a Pawn stepping into the zone, where it may stay, when
# the Queen is lost; a Black Pawn on b2 when a Rook, a Knight and a Bishop
# of White's and one Rook of Black's are lost.
GRAND = [
    ("zone-none-captured", "r8r/1Pbqkcabn1/p1pppppppp/10/10/10/10/PPPPPPPPP1/1NBQKCABNp/R8R w - - 0 1"),
    ("zone-queen-captured", "r8r/1P1qkcabn1/p1pppppppp/10/10/10/10/PPPPPPPPP1/1NB1KCABNp/R8R w - - 0 1"),
    ("zone-optional", "r8r/1nbqkcabn1/1ppppppppp/P9/10/10/10/1PPPPPPPPP/1NB1KCABN1/R8R w - - 0 1"),
    ("zone-black", "9r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1p1QKCABN1/R8R b - - 0 1"),
]
# Antichess's: a capture that must be made (by en passant too), the last
# Piece taken (the game then over: perft 2 is 0), a Pawn promoted to a
# King, a Side with no Piece (perft 0) and a Side with no move (perft 0).
ANTI = EXTRA + [
    ("must-capture", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2"),
    ("must-capture-en-passant", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b - e3 0 3"),
    ("last-capture", "8/8/8/3p4/4P3/8/8/8 w - - 0 1"),
    ("promote-to-king", "8/P7/8/8/8/8/7p/k7 w - - 0 1"),
    ("no-piece", "8/8/8/8/8/8/8/k7 w - - 0 1"),
    ("no-move", "8/8/8/8/p7/P7/8/8 w - - 0 1"),
]
# Extinction's: castling with a King that is no royal Piece (attacked,
# through an attacked Square), and a Side's last Queen taken (the game then
# over). A Side that lacks a Kind has gone extinct already: EXTRA's
# positions have no move.
EXTINCT = EXTRA + [
    ("castle-attacked", "rnbqkbnr/pppppppp/8/8/8/8/PPPPqPPP/RNBQK2R w KQkq - 0 1"),
    ("castle-through-attack", "rnbqk1nr/pppppppp/8/8/2b5/8/PPPP1PPP/RNBQK2R w KQkq - 0 1"),
    ("take-the-queen", "rnb1kbnr/pppppppp/8/8/1q6/P7/1PPPPPPP/RNBQKBNR w KQkq - 0 1"),
]
# Horde's (White has no King, a royal one for Black): a Pawn's double step
# from the first Rank, blocked, taken en passant on the second Rank, White's
# last Piece taken (the game then over), no White Piece (perft 0), and
# White's promotions.
HORDE = [
    ("rank-one", "4k3/8/8/8/8/8/8/P7 w - - 0 1"),
    ("rank-one-blocked", "4k3/8/8/8/8/p7/8/P7 w - - 0 1"),
    ("en-passant-rank-two", "4k3/8/8/8/8/1p6/8/P7 w - - 0 1"),
    ("last-piece", "4k3/8/8/8/8/8/1p6/P7 b - - 0 1"),
    ("no-white-piece", "4k3/8/8/8/8/8/8/8 w - - 0 1"),
    ("promotions", "4k3/P7/8/8/8/8/8/8 w - - 0 1"),
]
# Giveaway's: Antichess's, and castling by a King that is no royal Piece,
# attacked and through an attacked Square.
GIVE = ANTI + [p for p in EXTINCT if p[0].startswith("castle")]
# Kinglet's: the promotions, castling by a King that is no royal Piece,
# and a Side's last Pawn promoted (to a King, its only choice: that Side has
# then lost).
KINGLET = [p for p in EXTINCT if p[0] != "take-the-queen"] + [
    ("last-pawn-promoted", "4k3/P7/8/8/8/8/p7/4K3 w - - 0 1"),
]
# Three Kings': three Kings a Side; a King taken (the Side left with two has
# lost), Pawns one step from their promotions, and a King stepping into attack.
THREE_KINGS = [
    ("take-a-king", "k3k2k/8/8/8/8/8/4Q3/K3K2K w - - 0 1"),
    ("promotions", "kr3k1k/1P4P1/8/8/8/8/1p4p1/KR3K1K w - - 0 1"),
    ("into-attack", "k3k2k/8/8/8/8/8/3r4/K3K2K w - - 0 1"),
]
# Codrus's: Giveaway's, and a King given up (its Side has then won).
CODRUS = GIVE + [("give-the-king", "4k3/8/8/8/8/8/4q3/4K3 b - - 0 1")]
# Losers': a royal King and obligatory capture: a capture the King's safety
# forbids (a pinned Bishop: no capture is legal, so every move is), a
# capture that must be made, the last Piece but the King taken (that Side
# has then won), a checkmate and a stalemate (each a win for the Side with
# no move), and the promotions with castling.
LOSERS = EXTRA + [
    ("pinned-capture", "4k3/4r3/8/8/2p5/8/4B3/4K3 w - - 0 1"),
    ("must-capture", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"),
    ("last-piece", "4k3/8/8/8/8/8/3p4/4KN2 w - - 0 1"),
    ("mated", "4k3/8/8/8/8/8/5PPP/3r2K1 w - - 0 1"),
    ("stalemated", "7k/5Q2/6K1/8/8/8/p7/P7 b - - 0 1"),
]
# Breakthrough's: a Piece a step from its last Rank (by a step, by a
# capture), a game already won there (perft 0), and a Side with no Piece
# (no move: perft 0).
BREAKTHROUGH = [
    ("flag-step", "8/1P6/8/8/8/8/6p1/8 w - - 0 1"),
    ("flag-capture", "pp6/1P6/8/8/8/8/8/8 w - - 0 1"),
    ("flag-won", "1P6/8/8/8/8/8/6p1/8 b - - 0 1"),
    ("no-piece", "8/8/8/8/4p3/8/8/8 w - - 0 1"),
]
# Suicide's: Antichess's, and a Side with no move and fewer Pieces, as
# many, and more (perft 0: the score is tests/suite/gallery.rs's).
SUICIDE = ANTI + [
    ("stalemate-fewer", "7k/8/8/8/p7/P7/8/8 w - - 0 1"),
    ("stalemate-even", "8/8/8/8/p7/P7/8/8 w - - 0 1"),
    ("stalemate-more", "8/8/8/8/p7/P7/P7/8 w - - 0 1"),
]
# Makpong's: Makruk's promotions, and a King in check: taking the one
# Piece that checks it (its only move), held (mated: perft 0), the check
# blocked by another Piece (the only move), and a double check whose one
# checker it could take (mated: perft 0).
MAKPONG = SIXTH_RANK + [
    ("king-takes-checker", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"),
    ("king-held", "4k3/8/8/4r3/8/8/8/3RK3 w - - 0 1"),
    ("check-blocked", "4k3/8/8/4r3/8/8/3R4/4K3 w - - 0 1"),
    ("double-check", "4k3/8/8/8/8/5n2/4r3/4K3 w - - 0 1"),
]
# Racing Kings': White's King a step from the eighth Rank (Black then cannot
# follow: over), Black to move after White reached it (Black may follow:
# every move; then drawn or lost), Black unable to follow (perft 0), Black
# there first, and a Rook whose checking moves are none.
RACING = [
    ("white-reaches", "8/8/8/8/8/6k1/1K6/8 w - - 0 1"),
    ("white-reaches-last-step", "8/1K6/8/8/8/6k1/8/8 w - - 0 1"),
    ("black-follows", "K7/6k1/8/8/8/8/8/8 b - - 0 1"),
    ("black-cannot-follow", "K7/8/8/8/8/6k1/8/8 b - - 0 1"),
    ("black-first", "8/6k1/8/8/8/8/8/K7 b - - 0 1"),
    ("no-check", "8/8/8/8/8/8/k7/6RK w - - 0 1"),
]
# Jeson Mor's: a Knight a Move from e5 (White wins a Move after, unless it
# is taken), a Knight on e5 at its Side's Turn (won: perft 0), a Knight on
# e5 that the other Side may take, and a Side with no Knight (perft 0).
JESONMOR = [
    ("flag-step", "n8/9/9/9/9/9/3N5/9/9 w - - 0 1"),
    ("flag-held", "n8/9/9/9/4N4/9/9/9/9 w - - 0 1"),
    ("flag-attacked", "9/9/3n5/9/4N4/9/9/9/9 b - - 0 1"),
    ("no-piece", "9/9/9/9/9/9/9/9/4N4 b - - 0 1"),
]
EXTRA_OF = {
    "jesonmor": JESONMOR,
    "racingkings": RACING,
    "makpong": MAKPONG,
    "suicide": SUICIDE,
    "breakthrough": BREAKTHROUGH,
    "kinglet": KINGLET,
    "threekings": THREE_KINGS,
    "codrus": CODRUS,
    "losers": LOSERS,
    "grand": GRAND,
    "antichess": ANTI,
    "giveaway": GIVE,
    "horde": HORDE,
    "extinction": EXTINCT,
    "kingofthehill": HILL,
    "3check": CHECKS,
    "5check": CHECKS,
    "makruk": SIXTH_RANK,
    "ai-wok": SIXTH_RANK,
    "capablanca": TEN_FILES,
    "gothic": TEN_FILES,
    "centaur": TEN_FILES,
    "embassy": TEN_FILES_E,
    "janus": TEN_FILES_E,
    "modern": NINE_BY_NINE,
    "courier": TWELVE_FILES,
    "chancellor": NINE_BY_NINE,
    "losalamos": SIX_FILES,
    "board10x10": TEN_BY_TEN,
}

# Variants whose moves the built-in engine does not follow, and why:
# tests/suite/fairy.rs checks only the cards' there (the file's `engine
# unchecked` line).
ENGINE_UNCHECKED = {
    "jesonmor": "the built-in engine plays a game with one royal Kind, and this one has none (`check` says so)",
    "racingkings": "the built-in engine knows no flag and lets a move give check (it refuses a game with a May Give Check table)",
    "makpong": "the built-in engine lets a King in check move (it refuses a game with a Royal In Check table)",
    "suicide": "the built-in engine plays a game with one royal Kind, and this one has none (`check` says so)",
    "breakthrough": "the built-in engine plays a game with one royal Kind, and this one has none (`check` says so)",
    "kinglet": "the built-in engine plays a game with one royal Kind, and this one has none (`check` says so)",
    "threekings": "the built-in engine plays a game with one royal Kind, and this one has none (`check` says so)",
    "codrus": "the built-in engine plays a game with one royal Kind, and this one has none (`check` says so)",
    "losers": "the built-in engine knows no extinction, obligatory capture, nor a checkmate that wins (`check` names it)",
    "grand": "the built-in engine promotes on one Rank (it refuses a game with a Promotion Zones table)",
    "giveaway": "the built-in engine plays a game with one royal Kind, and this one has none (`check` says so)",
    "horde": "the built-in engine knows no double step from the first Rank, nor extinction (`check` names it)",
    "extinction": "the built-in engine plays a game with one royal Kind, and this one has none (`check` says so)",
    "antichess": "the built-in engine plays a game with one royal Kind, and this one has none (`check` says so)",
    "3check": "the built-in engine counts no checks (it plays on after the last)",
    "5check": "the built-in engine counts no checks (it plays on after the last)",
    "kingofthehill": "the built-in engine knows no hill (the cards' Look For Game End ends the game there)",
    "xiangqi": "the built-in engine knows no regions nor Royal Lines (it refuses a game that uses them; `check` says so)",
    "minixiangqi": "the built-in engine knows no regions nor Royal Lines (it refuses a game that uses them; `check` says so)",
}

# Variants whose content a test makes from content/chess (never a folder of
# the tree): (what plays it, where its file goes, its random positions). The
# 10 by 10 copy's file holds three positions: the start, one random, the
# promotions.
MADE_BY_TESTS = {
    "board10x10": ("tests/suite/board_sizes.rs's 10 by 10 copy of content/chess", "tests/vectors/board10x10.perft", 1),
}
SIZES_INI = os.path.join(ROOT, "tools", "fairy", "sizes.ini")

# Variants of tools/fairy/variants.ini, which Debian's Fairy-Stockfish 11.1
# does not know (it has no Grasshopper and no custom pieces): asked of
# pyffish (PyPI's Fairy-Stockfish, `pip install pyffish==0.0.90`), whose
# legal moves give the same counts, move by move.
INI = os.path.join(ROOT, "tools", "fairy", "variants.ini")
PYFFISH_VARIANTS = {"grasshopper-qrbn", "xiangqi-pieces"}
# pyffish answers a position's legal moves in some 3 ms, so its perft, counted
# from them, stops at depth 3 (some 1,000 calls a position).
PYFFISH_DEPTH = 3

# Leaves the cards' perft counts in about a second here (a debug build on
# this 2-core machine counts some 40,000 a second); tests/suite/fairy.rs checks the
# cards up to it by default and every depth with --ignored.
QUICK = 60_000
MOST_LEAVES = 1_000_000
MOST_DEPTH = 6
MOST_PLIES = 100


class Engine:
    """One Fairy-Stockfish process, spoken to line by line."""

    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.name = None
        self.most_depth = MOST_DEPTH
        for line in self.until("uciok"):
            if line.startswith("id name "):
                self.name = line[len("id name "):]
        # Our Boards of other sizes (SIZES_INI) beside Fairy-Stockfish's variants.
        self.send(f"setoption name VariantPath value {SIZES_INI}")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit(f"Fairy-Stockfish ended before answering `{prefix}`")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def variant(self, name):
        self.send(f"setoption name UCI_Variant value {name}")
        self.send("isready")
        self.until("readyok")

    def position(self, fen=None, moves=()):
        where = f"fen {fen}" if fen else "startpos"
        self.send(f"position {where}" + (" moves " + " ".join(moves) if moves else ""))

    def fen(self):
        self.send("d")
        for line in self.until("Checkers:"):
            if line.startswith("Fen: "):
                return line[len("Fen: "):]
        sys.exit("Fairy-Stockfish's `d` wrote no `Fen:` line")

    def perft(self, depth):
        """(leaves, the root's moves) of `go perft depth`."""
        self.send(f"go perft {depth}")
        moves = []
        for line in self.until("Nodes searched:"):
            if ": " in line and not line.startswith("Nodes searched"):
                moves.append(line.split(":")[0])
            elif line.startswith("Nodes searched:"):
                return int(line.split(":")[1]), moves

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=10)


class Pyffish:
    """pyffish (Fairy-Stockfish as a Python module) with the Engine's methods:
    perft is counted from its legal moves."""

    def __init__(self):
        import pyffish

        self.sf = pyffish
        with open(INI, encoding="utf-8") as f:
            pyffish.load_variant_config(f.read())
        self.name = f"{pyffish.info().split(' by ')[0]} (pyffish {'.'.join(map(str, pyffish.version()))})"
        self.most_depth = PYFFISH_DEPTH
        self.current = None
        self.start = None
        self.moves = []

    def variant(self, name):
        self.current = name

    def position(self, fen=None, moves=()):
        self.start = fen or self.sf.start_fen(self.current)
        self.moves = list(moves)

    def fen(self):
        return self.sf.get_fen(self.current, self.start, self.moves)

    def count(self, fen, depth):
        moves = self.sf.legal_moves(self.current, fen, [])
        if depth == 1:
            return len(moves)
        return sum(self.count(self.sf.get_fen(self.current, fen, [m]), depth - 1) for m in moves)

    def perft(self, depth):
        fen = self.fen()
        return self.count(fen, depth), self.sf.legal_moves(self.current, fen, [])

    def quit(self):
        pass


def describe(engine, fen):
    """The position's counts, depth 1 up (see the module's doc), and its moves."""
    engine.position(fen)
    counts = []
    moves = []
    for depth in range(1, engine.most_depth + 1):
        n, root = engine.perft(depth)
        if depth == 1:
            moves = sorted(root)
        if n > MOST_LEAVES:
            break
        counts.append(n)
        if n > QUICK or n == 0:
            break
    return counts, moves


def walk(engine, rng, start):
    """A position some random plies from the start, or None when the walk ended the game."""
    plies = rng.randint(1, MOST_PLIES)
    played = []
    for _ in range(plies):
        engine.position(start, played)
        _, moves = engine.perft(1)
        if not moves:
            return None
        played.append(rng.choice(sorted(moves)))
    engine.position(start, played)
    fen = engine.fen()
    _, moves = engine.perft(1)
    if not moves or int(fen.split()[-2]) >= 100:
        return None
    return fen, played


def on_eight_by_eight(fen):
    """Whether a FEN's Board is 8 by 8 (EXTRA's positions are)."""
    ranks = fen.split(" ")[0].split("/")
    width = lambda rank: sum(int(run) if run.isdigit() else 1 for run in re.findall(r"\d+|\D", rank))
    return len(ranks) == 8 and all(width(r) == 8 for r in ranks)


def write(engine, variant, content, seed, positions, command):
    engine.variant(variant)
    starts = []
    for fen in STARTS_OF.get(variant, [None]):
        engine.position(fen)
        starts.append(engine.fen())
    start = starts[0]
    rng = random.Random(f"{seed}:{variant}")
    found = [("start", start, [])] + [(f"start-{i}", fen, []) for i, fen in enumerate(starts[1:], 1)]
    seen = set(starts)
    first_random = len(found)
    while len(found) < positions + first_random:
        origin = starts[0] if len(starts) == 1 else rng.choice(starts)
        got = walk(engine, rng, origin)
        if got is None or got[0] in seen:
            continue
        seen.add(got[0])
        found.append((f"random-{len(found) - first_random + 1}", got[0], got[1], origin))
    for name, fen in EXTRA_OF.get(variant, EXTRA if on_eight_by_eight(start) else []):
        engine.position(fen)
        found.append((name, engine.fen(), []))
    checked_by = MADE_BY_TESTS[variant][0].split("'")[0] if variant in MADE_BY_TESTS else "tests/suite/fairy.rs"
    out = [
        f"# Fairy-Stockfish's perft of its variant `{variant}`, the reference for {content}",
        f"# ({checked_by}). Made by: {command}",
        f"# Engine: {engine.name}, UCI_Variant {variant}.",
        "# Each position: `id`, its `fen` as Fairy-Stockfish's `d` writes it, then",
        "# `perft DEPTH LEAVES` from depth 1 up to the first count past",
        f"# {QUICK} (never past depth {engine.most_depth} nor {MOST_LEAVES} leaves), then `moves`: perft 1's",
        "# moves, sorted. A random position's `line` is the moves that reach it from the start",
        "# (or from the FEN of its `from`, for a variant of several starts).",
        f"variant {variant}",
        f"content {content}",
    ]
    if variant in ENGINE_UNCHECKED:
        out.append(f"engine unchecked: {ENGINE_UNCHECKED[variant]}")
    for name, fen, played, *origin in found:
        counts, moves = describe(engine, fen)
        out.append("")
        out.append(f"id {name}")
        if played:
            if origin and origin[0] != start:
                out.append(f"from {origin[0]}")
            out.append("line " + " ".join(played))
        out.append(f"fen {fen}")
        out.extend(f"perft {d} {n}" for d, n in enumerate(counts, 1))
        out.append("moves " + " ".join(moves))
    path = os.path.join(ROOT, MADE_BY_TESTS[variant][1] if variant in MADE_BY_TESTS else f"tests/fairy/{variant}.perft")
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(out) + "\n")
    print(f"wrote {os.path.relpath(path, ROOT)}: {len(found)} positions")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variants", nargs="*", help="variants of the manifest (default: all)")
    ap.add_argument("--seed", type=int, default=22)
    ap.add_argument("--positions", type=int, default=8, help="random positions besides the start")
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    args = ap.parse_args()
    made = [(v, content, positions) for v, (content, _, positions) in MADE_BY_TESTS.items()]
    every = [(v, content, args.positions) for v, content in MANIFEST] + made
    known = [v for v, _, _ in every]
    unknown = [v for v in args.variants if v not in known]
    if unknown:
        sys.exit(f"not in the manifest: {', '.join(unknown)} (it has {', '.join(known)})")
    engines = {}
    try:
        for variant, content, positions in every:
            if args.variants and variant not in args.variants:
                continue
            kind = "pyffish" if variant in PYFFISH_VARIANTS else "uci"
            if kind not in engines:
                engines[kind] = Pyffish() if kind == "pyffish" else Engine(args.engine)
            command = f"python3 tools/fairy/make_perft.py --seed {args.seed} --positions {positions} {variant}"
            write(engines[kind], variant, content, args.seed, positions, command)
    finally:
        for engine in engines.values():
            engine.quit()


if __name__ == "__main__":
    main()
