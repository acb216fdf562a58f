#!/usr/bin/env python3
"""Positions from outside, held to the rules (issue 38, item 4): each case a
FEN given to `setfen`, and what the chess library must make of it: the FEN
it holds and each mend in words, or the words of its refusal.

For chess (content/chess) the verdict is python-chess's (PyPI `chess`,
pinned: chess==1.11.2, as make_vectors.py): `Board(fen).status()` says which
positions are impossible; of its flags, BAD_CASTLING_RIGHTS and
INVALID_EP_SQUARE are mended (the castling rights become
`Board.clean_castling_rights()`, an en passant Square that is not
`Board._valid_ep_square()` is dropped, and the FEN is `Board.fen(en_passant="fen")`,
the en passant Square kept where a double step made it, as the PGN
standard records it), and NO_WHITE_KING, NO_BLACK_KING, TOO_MANY_KINGS,
PAWNS_ON_BACKRANK and OPPOSITE_CHECK refuse the FEN. The words are the
chess library's (runtime/chess/src/engine/held.rs), written here by the same
rules in the same order. The variants' cases (makruk, capablanca,
fischerandom, nocastle, shatranj) are not python-chess's: it does not play
them; they are worked by hand from each folder's tables (HAND below).

Usage:
    pip install chess==1.11.2
    python3 tools/vectors/make_held.py > tests/vectors/held.txt
    python3 tools/vectors/make_held.py --check tests/vectors/held.txt

Format (tests/suite/held.rs reads it): `content FOLDER` starts the cases of
a content folder; each case is `in FEN`, then `out FEN` and a `mended
WORDS` line for each mend, in order, or `refused WORDS`; `status FLAG` lines
name python-chess's flags for the case (none: a position it calls valid).
"""

import sys

import chess

PINNED_CHESS = "1.11.2"

# The chess cases: inputs alone; python-chess gives the verdict.
CHESS = [
    # The issue's: castling rights whose Rooks are not there.
    "4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1",
    # Every right held (controls).
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    # The King off its Square, a Rook missing, another Piece or the other Side's on the Rook's Square.
    "r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1",
    "1r2k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2N w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/r3K2R w KQkq - 0 1",
    "r3k2R/8/8/8/8/8/8/R3K3 b KQkq - 0 1",
    "r2k3r/8/8/8/8/8/8/R3K2R w kq - 0 1",
    "4k3/8/8/8/8/8/8/R3K2R w Qk - 0 1",
    "rn2k2r/8/8/8/8/8/8/R3K1NR w KQkq - 5 20",
    # En passant Squares: made by a double step (kept, a capture or not), and not.
    "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
    "4k3/8/8/8/8/8/4P3/4K3 b - e3 0 1",
    "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1",
    "4k3/8/8/8/4P3/4N3/8/4K3 b - e3 0 1",
    "4k3/8/8/8/4P3/8/4B3/4K3 b - e3 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
    "4k3/8/8/8/4p3/8/8/4K3 b - e3 0 1",
    "4k3/8/8/4P3/8/8/8/4K3 w - e6 0 1",
    "4k3/8/8/8/8/8/8/4K3 b - c4 0 1",
    # Both mended.
    "4k3/8/8/8/4P3/8/8/R3K3 b KQkq e3 0 1",
    "r3k3/8/8/8/8/8/8/4K2R b KQq d3 0 1",
    # Pawns on a promotion Rank, or behind their own.
    "4k2P/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/p3K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
    "p3k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR b KQq - 0 1",
    # The side not to move in check.
    "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K1r1 b - - 0 1",
    "4k3/8/8/8/8/5n2/8/4K3 b - - 0 1",
    "4k3/3P4/8/8/8/8/8/4K3 w - - 0 1",
    "rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 1",
    "7k/8/8/8/8/8/1B6/K7 w - - 0 1",
    # The side to move in check, and mated: held.
    "4k3/8/8/8/8/8/8/4K1r1 w - - 0 1",
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    # Kings: none, or two.
    "8/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/8 b - - 0 1",
    "4k3/8/8/8/8/8/8/4K1K1 w - - 0 1",
    "4k1k1/8/8/8/8/8/8/4K3 w - - 0 1",
]

# The variants' cases, worked by hand from each folder's tables: (folder, in, out or None, words).
HAND = [
    # makruk: Pawns on the third Rank, promoted on the sixth (Sides); no double step; no castling.
    ("content/variants/makruk", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
     "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1", []),
    ("content/variants/makruk", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w KQkq - 0 1",
     "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
     [f"castling right {l} dropped: this game has no castling (its Castling table has no row)" for l in "KQkq"]),
    ("content/variants/makruk", "rnsmksnr/8/ppp1pppp/8/3p4/PPPPPPPP/8/RNSKMSNR w - d5 0 1",
     "rnsmksnr/8/ppp1pppp/8/3p4/PPPPPPPP/8/RNSKMSNR w - - 0 1",
     ["en passant square d5 dropped: no Pawn of this game takes a double step"]),
    ("content/variants/makruk", "4k3/8/4P3/8/8/8/8/4K3 w - - 0 1", None,
     ["refused: a White Pawn on e6, the Rank where White's Pawns are promoted"]),
    ("content/variants/makruk", "4k3/8/8/8/8/4p3/8/4K3 w - - 0 1", None,
     ["refused: a Black Pawn on e3, the Rank where Black's Pawns are promoted"]),
    ("content/variants/makruk", "4k3/8/8/8/8/8/8/4K2P w - - 0 1", None,
     ["refused: a White Pawn on h1, behind its Rank 3, where no Pawn stands"]),
    # Beyond its promotion Rank (chess's, where makruk's Pawns never come).
    ("content/variants/makruk", "3k3P/8/8/8/8/8/8/4K3 b - - 0 1", None,
     ["refused: a White Pawn on h8, beyond Rank 6, where White's Pawns are promoted"]),
    ("content/variants/makruk", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", None,
     ["refused: the side not to move (Black) is in check"]),
    # shatranj: no double step, no castling.
    ("content/variants/shatranj", "rnbkqbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBKQBNR b KQkq e3 0 1",
     "rnbkqbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBKQBNR b - - 0 1",
     [f"castling right {l} dropped: this game has no castling (its Castling table has no row)" for l in "KQkq"]
     + ["en passant square e3 dropped: no Pawn of this game takes a double step"]),
    # nocastle: chess without castling.
    ("content/variants/nocastle", "4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
     [f"castling right {l} dropped: this game has no castling (its Castling table has no row)" for l in "KQkq"]),
    # capablanca: 10 by 8, the King on f castling with Rooks on a and j.
    ("content/variants/capablanca", "r4k3r/10/10/10/10/10/10/R4K4 w KQkq - 0 1",
     "r4k3r/10/10/10/10/10/10/R4K4 w Qkq - 0 1", ["castling right K dropped: no White Rook on j1"]),
    ("content/variants/capablanca", "r3k4r/10/10/10/10/10/10/R4K3R w KQkq - 0 1",
     "r3k4r/10/10/10/10/10/10/R4K3R w KQ - 0 1",
     ["castling right k dropped: no Black King on f8", "castling right q dropped: no Black King on f8"]),
    ("content/variants/capablanca", "5k4/10/10/10/10/10/4P5/5K4 b - e3 0 1",
     "5k4/10/10/10/10/10/4P5/5K4 b - - 0 1",
     ["en passant square e3 dropped: no White Pawn on e4, where a double step over it ends"]),
    ("content/variants/capablanca", "5k4/10/10/10/10/10/10/P4K4 w - - 0 1", None,
     ["refused: a White Pawn on a1, behind its Rank 2, where no Pawn stands"]),
    # fischerandom: castlings by the Rooks' Files (Shredder-FEN) or as the outermost Rook (X-FEN).
    ("content/variants/fischerandom", "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1",
     "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1", []),
    ("content/variants/fischerandom", "4k3/8/8/8/8/8/8/R4KR1 w KQ - 0 1", "4k3/8/8/8/8/8/8/R4KR1 w GA - 0 1", []),
    ("content/variants/fischerandom", "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/2R3KR w HBhb - 0 1",
     "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/2R3KR w Hhb - 0 1", ["castling right B dropped: no White Rook on b1"]),
    ("content/variants/fischerandom", "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4K1 w HBhb - 0 1",
     "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4K1 w Bhb - 0 1",
     ["castling right H dropped: no White Rook on h1"]),
    ("content/variants/fischerandom", "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R5R w KQkq - 0 1", None,
     ["refused: White has no King"]),
    ("content/variants/fischerandom", "6kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w KQkq - 0 1",
     "6kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBh - 0 1",
     ["castling right q dropped: no Black Rook on that side of its King on Rank 8"]),
]

FLAGS = {
    chess.STATUS_NO_WHITE_KING: "STATUS_NO_WHITE_KING",
    chess.STATUS_NO_BLACK_KING: "STATUS_NO_BLACK_KING",
    chess.STATUS_TOO_MANY_KINGS: "STATUS_TOO_MANY_KINGS",
    chess.STATUS_PAWNS_ON_BACKRANK: "STATUS_PAWNS_ON_BACKRANK",
    chess.STATUS_OPPOSITE_CHECK: "STATUS_OPPOSITE_CHECK",
    chess.STATUS_BAD_CASTLING_RIGHTS: "STATUS_BAD_CASTLING_RIGHTS",
    chess.STATUS_INVALID_EP_SQUARE: "STATUS_INVALID_EP_SQUARE",
}
REFUSING = {
    chess.STATUS_NO_WHITE_KING,
    chess.STATUS_NO_BLACK_KING,
    chess.STATUS_TOO_MANY_KINGS,
    chess.STATUS_PAWNS_ON_BACKRANK,
    chess.STATUS_OPPOSITE_CHECK,
}
# Flags a content's rules may not share (more Pawns or Pieces than chess's start, checks no move could give).
NOT_TOLD = ~(sum(FLAGS) | chess.STATUS_TOO_MANY_CHECKERS | chess.STATUS_IMPOSSIBLE_CHECK)

SIDE = {chess.WHITE: "White", chess.BLACK: "Black"}


def names(mask):
    return [name for flag, name in FLAGS.items() if mask & flag]


def refusal(board):
    """The chess library's refusal of a position, in its order and words, or None."""
    for color in (chess.WHITE, chess.BLACK):
        kings = sorted(board.pieces(chess.KING, color))
        if not kings:
            return f"refused: {SIDE[color]} has no King"
        if len(kings) > 1:
            at = ", ".join(chess.square_name(sq) for sq in kings)
            return f"refused: {SIDE[color]} has {len(kings)} Kings ({at}), and a Side has one"
    for sq in sorted(board.pieces(chess.PAWN, chess.WHITE) | board.pieces(chess.PAWN, chess.BLACK)):
        color = board.color_at(sq)
        rank = chess.square_rank(sq) + 1
        who, at = SIDE[color], chess.square_name(sq)
        if rank == (8 if color == chess.WHITE else 1):
            return f"refused: a {who} Pawn on {at}, the Rank where {who}'s Pawns are promoted"
        if rank == (1 if color == chess.WHITE else 8):
            return f"refused: a {who} Pawn on {at}, behind its Rank {2 if color == chess.WHITE else 7}, where no Pawn stands"
    waiting = not board.turn
    king = board.king(waiting)
    if board.is_attacked_by(board.turn, king):
        return f"refused: the side not to move ({SIDE[waiting]}) is in check"
    return None


CORNERS = {"K": ("e1", "h1"), "Q": ("e1", "a1"), "k": ("e8", "h8"), "q": ("e8", "a8")}


def castling_words(board, field):
    """Each right of the field dropped, in the field's order, in the chess library's words."""
    words = []
    for i, letter in enumerate("" if field == "-" else field):
        if letter in field[:i]:
            continue
        color = chess.WHITE if letter.isupper() else chess.BLACK
        king_from, rook_from = CORNERS[letter]
        if board.piece_at(chess.parse_square(king_from)) != chess.Piece(chess.KING, color):
            words.append(f"castling right {letter} dropped: no {SIDE[color]} King on {king_from}")
        elif board.piece_at(chess.parse_square(rook_from)) != chess.Piece(chess.ROOK, color):
            words.append(f"castling right {letter} dropped: no {SIDE[color]} Rook on {rook_from}")
    return words


def ep_words(board, ep):
    """Why an en passant Square no double step made is dropped, in the chess library's words."""
    mover = not board.turn
    who = SIDE[mover]
    passed = 3 if mover == chess.WHITE else 6
    forward = 1 if mover == chess.WHITE else -1
    file, rank = chess.square_file(ep), chess.square_rank(ep) + 1
    name = chess.square_name(ep)
    if rank != passed:
        return f"en passant square {name} dropped: a {who} Pawn's double step passes over Rank {passed}, not Rank {rank}"
    landed, left = chess.square(file, rank - 1 + forward), chess.square(file, rank - 1 - forward)
    if board.piece_at(landed) != chess.Piece(chess.PAWN, mover):
        return f"en passant square {name} dropped: no {who} Pawn on {chess.square_name(landed)}, where a double step over it ends"
    if board.piece_at(ep) is not None:
        return f"en passant square {name} dropped: {name} is not empty"
    if board.piece_at(left) is not None:
        return f"en passant square {name} dropped: {chess.square_name(left)}, where the double step began, is not empty"
    raise AssertionError(f"python-chess calls e.p. {name} invalid, the library's rules do not: {board.fen()}")


def chess_case(fen):
    board = chess.Board(fen)
    status = board.status()
    if status & NOT_TOLD:
        raise SystemExit(f"{fen}: python-chess flags {status:#x}, which these cases do not tell")
    lines = [f"in {fen}"]
    refused = refusal(board)
    if bool(refused) != bool(status & sum(REFUSING)):
        raise SystemExit(f"{fen}: python-chess says {names(status)}, the library's rules {refused!r}")
    if refused:
        lines.append(f"refused {refused}")
    else:
        words = castling_words(board, fen.split()[2])
        if bool(words) != bool(status & chess.STATUS_BAD_CASTLING_RIGHTS):
            raise SystemExit(f"{fen}: python-chess says {names(status)}, the library drops {words}")
        board.castling_rights = board.clean_castling_rights()
        if board.ep_square is not None and board._valid_ep_square() != board.ep_square:
            words.append(ep_words(board, board.ep_square))
            board.ep_square = None
        lines.append(f"out {board.fen(en_passant='fen')}")
        lines.extend(f"mended {w}" for w in words)
    lines.extend(f"status {n}" for n in names(status))
    return lines


def make():
    if chess.__version__ != PINNED_CHESS:
        print(f"warning: python-chess {chess.__version__}, not {PINNED_CHESS}", file=sys.stderr)
    out = [
        "# Positions from outside held to the rules: made by tools/vectors/make_held.py, read by",
        "# tests/suite/held.rs. `in` is given to setfen; `out` is the FEN the library then holds,",
        "# each `mended` line a mend it tells, in order; or `refused` its refusal, the position unchanged.",
        f"# content/chess's cases: the verdicts (refused, or the mended FEN) are python-chess {PINNED_CHESS}'s",
        "# Board.status(), clean_castling_rights() and _valid_ep_square() (its flags on each `status` line);",
        "# the words are the library's. The variants' cases are worked by hand from their tables.",
        "",
        "content content/chess",
    ]
    for fen in CHESS:
        out.extend(chess_case(fen))
        out.append("")
    folder = None
    for f, fen, held, words in HAND:
        if f != folder:
            out.append(f"content {f}")
            folder = f
        out.append(f"in {fen}")
        if held is None:
            out.append(f"refused {words[0]}")
        else:
            out.append(f"out {held}")
            out.extend(f"mended {w}" for w in words)
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def main():
    text = make()
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        with open(sys.argv[2]) as f:
            if f.read() != text:
                raise SystemExit(f"{sys.argv[2]} is not what make_held.py makes")
        print(f"{sys.argv[2]}: agrees with python-chess {chess.__version__}")
    elif len(sys.argv) == 1:
        sys.stdout.write(text)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
