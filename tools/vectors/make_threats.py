#!/usr/bin/env python3
"""Writes tests/vectors/threats.txt: the Threats table (Chapter 9) of positions
taken from the reference games (tests/vectors/random_games.txt) and the perft
positions, as python-chess computes it.

  pip install chess==1.11.2
  python3 tools/vectors/make_threats.py --out tests/vectors/threats.txt

Definitions (issue 13, and the book's Chapter 9):
- attacked: an enemy Piece can legally capture it (en passant included, for
  the Side to move only, as en passant exists only on the next Move); the
  King of the Side to move when it is in Check. The Side not to move's
  captures are its legal moves on the same Board with the Turn given to it
  (no en passant).
- unprotected: attacked, not a King, and no capture of it (each legal
  capture, each promotion) can be answered by a legal capture of the
  capturing Piece on the Square it moved to.
- pinned: pinned to its own King by an enemy Queen, Rook or Bishop, with the
  pinner's Square (python-chess's is_pinned, the pinner found along the line).
"""
import argparse
import sys

import chess

PERFT = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
]


def captures_of(board, square):
    """The legal capture moves of the Piece on square, and the board each is made on."""
    piece = board.piece_at(square)
    mover = not piece.color
    b = board.copy(stack=False)
    if b.turn != mover:
        b.turn = mover
        b.ep_square = None
    out = []
    for m in b.legal_moves:
        taken = m.to_square
        if b.is_en_passant(m):
            taken = m.to_square + (-8 if mover == chess.WHITE else 8)
        if taken == square:
            out.append(m)
    return b, out


def can_recapture(b, move):
    after = b.copy(stack=False)
    after.push(move)
    return any(m.to_square == move.to_square for m in after.legal_moves)


def pinner_of(board, square):
    piece = board.piece_at(square)
    if piece.piece_type == chess.KING or not board.is_pinned(piece.color, square):
        return None
    king = board.king(piece.color)
    df = (chess.square_file(square) > chess.square_file(king)) - (chess.square_file(square) < chess.square_file(king))
    dr = (chess.square_rank(square) > chess.square_rank(king)) - (chess.square_rank(square) < chess.square_rank(king))
    f, r = chess.square_file(square) + df, chess.square_rank(square) + dr
    while 0 <= f < 8 and 0 <= r < 8:
        s = chess.square(f, r)
        p = board.piece_at(s)
        if p is not None:
            assert p.color != piece.color, board.fen()
            return s
        f, r = f + df, r + dr
    raise AssertionError(f"no pinner for {chess.square_name(square)} in {board.fen()}")


def threats(board):
    rows = []
    for sq in chess.SQUARES:
        p = board.piece_at(sq)
        if p is None:
            continue
        if p.piece_type == chess.KING:
            attacked = p.color == board.turn and board.is_check()
            unprotected = False
        else:
            b, caps = captures_of(board, sq)
            attacked = bool(caps)
            unprotected = attacked and not any(can_recapture(b, m) for m in caps)
        pin = pinner_of(board, sq)
        if attacked or pin is not None:
            rows.append(
                chess.square_name(sq)
                + ("A" if attacked else "")
                + ("U" if unprotected else "")
                + ("" if pin is None else "P" + chess.square_name(pin))
            )
    return rows


DIRS = {
    chess.KING: ([(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)], 1),
    chess.QUEEN: ([(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)], 7),
    chess.ROOK: ([(0, 1), (1, 0), (0, -1), (-1, 0)], 7),
    chess.BISHOP: ([(1, 1), (1, -1), (-1, -1), (-1, 1)], 7),
    chess.KNIGHT: ([(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)], 1),
}


def arrows(board, focus):
    """The arrows of the Piece on focus (issue 13): along each direction it
    captures along, to the farthest Square it reaches (E: an enemy Piece
    stands there, O: anything else); from each enemy Piece that can capture
    it (A; a King: every enemy Piece that attacks it), and from each enemy
    Pawn that can take it en passant, to the en passant Square."""
    piece = board.piece_at(focus)
    out = []
    if piece.piece_type == chess.PAWN:
        fwd = 1 if piece.color == chess.WHITE else -1
        dirs, steps = [(1, fwd), (-1, fwd)], 1
    else:
        dirs, steps = DIRS[piece.piece_type]
    f0, r0 = chess.square_file(focus), chess.square_rank(focus)
    for df, dr in dirs:
        f, r, last = f0, r0, None
        for _ in range(steps):
            f, r = f + df, r + dr
            if not (0 <= f < 8 and 0 <= r < 8):
                break
            last = chess.square(f, r)
            if board.piece_at(last) is not None:
                break
        if last is not None:
            p = board.piece_at(last)
            kind = "E" if p is not None and p.color != piece.color else "O"
            out.append(f"{chess.square_name(focus)}>{chess.square_name(last)}{kind}")
    if piece.piece_type == chess.KING:
        for a in board.attackers(not piece.color, focus):
            out.append(f"{chess.square_name(a)}>{chess.square_name(focus)}A")
    else:
        b, caps = captures_of(board, focus)
        for m in caps:
            out.append(f"{chess.square_name(m.from_square)}>{chess.square_name(m.to_square)}A")
    return sorted(set(out))


def game_positions(path):
    """Yields (game number, ply, FEN) for every position of the reference games."""
    board = None
    game = 0
    ply = 0
    with open(path) as f:
        for line in f:
            if line.startswith("game "):
                game = int(line.split()[1])
                board = chess.Board()
                ply = 0
            elif line.startswith("p "):
                yield game, ply, board.fen()
                uci = line.split(" | ")[1].strip()
                board.push_uci(uci)
                ply += 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", default="tests/vectors/random_games.txt")
    ap.add_argument("--out", default="-")
    ap.add_argument("--arrows-out", default=None, help="also write the Arrows vectors here")
    ap.add_argument("--arrows", type=int, default=150, help="positions for the Arrows vectors")
    ap.add_argument("--count", type=int, default=600, help="positions from the games")
    ap.add_argument("--en-passant", type=int, default=60, help="more positions where en passant is legal")
    a = ap.parse_args()
    picked = []
    # One position from each of the first `count` games, at a ply that moves
    # through the game (10 to 69, or the game's last position when shorter):
    # openings, middlegames full of Captures, and endings.
    want = {}
    for g in range(1, a.count + 1):
        want[g] = 10 + (g * 37) % 60
    last = {}
    # En passant is rare in one position per game: the first positions of the
    # games where the Side to move may take en passant, one per game.
    ep_games = set()
    ep_picked = []
    for game, ply, fen in game_positions(a.games):
        if len(ep_picked) < a.en_passant and game not in ep_games and chess.Board(fen).has_legal_en_passant():
            ep_games.add(game)
            ep_picked.append(fen)
        if game not in want:
            continue
        last[game] = fen
        if ply == want[game]:
            picked.append(fen)
            del want[game]
    for g in sorted(want):
        picked.append(last[g])
    out = sys.stdout if a.out == "-" else open(a.out, "w")
    out.write("# Threats vectors (issue 13, Chapter 9): made by tools/vectors/make_threats.py\n")
    out.write(f"# python-chess {chess.__version__}\n")
    out.write("# a line: FEN | the Squares with a mark, each its name then A (attacked), U (unprotected),\n")
    out.write("#   P and the pinner's Square (pinned); every other Square has no mark\n")
    n = 0
    for fen in PERFT + picked + ep_picked:
        board = chess.Board(fen)
        out.write(f"{fen} | {' '.join(threats(board))}\n")
        n += 1
    print(f"{n} positions", file=sys.stderr)
    if a.arrows_out:
        # The Arrows of one Piece in each position: the perft positions, the
        # en passant ones (their passed Pawn, so the en passant arrows show),
        # and every fourth of the others; an attacked Piece when there is one.
        chosen = PERFT + ep_picked + picked[::4]
        with open(a.arrows_out, "w") as aout:
            aout.write("# Arrows vectors (issue 13, Chapter 10): made by tools/vectors/make_threats.py\n")
            aout.write(f"# python-chess {chess.__version__}\n")
            aout.write("# a line: FEN | the inspected Square | its arrows, each FROM>TO and E (its own, to an enemy\n")
            aout.write("#   Piece), O (its own, to any other Square) or A (from an enemy Piece that can capture it)\n")
            for i, fen in enumerate(chosen[: a.arrows]):
                board = chess.Board(fen)
                squares = sorted(board.piece_map())
                if fen in ep_picked:
                    focus = board.ep_square + (-8 if board.turn == chess.WHITE else 8)
                else:
                    attacked = [sq for sq in squares if captures_of(board, sq)[1] and board.piece_at(sq).piece_type != chess.KING]
                    pool = attacked or squares
                    focus = pool[(i * 7) % len(pool)]
                aout.write(f"{fen} | {chess.square_name(focus)} | {' '.join(arrows(board, focus))}\n")


if __name__ == "__main__":
    main()
