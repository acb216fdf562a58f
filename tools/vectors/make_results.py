#!/usr/bin/env python3
"""Games and how each ended (the result is the cards'): for each game, its
start (a FEN, or `start`), its moves (UCI, then SAN), and python-chess's
verdict on the last position: `Board.outcome(claim_draw=True)`'s result
(`1-0`, `0-1`, `1/2-1/2`, `*` for no outcome) and termination, written as the
chess cards' reason words (Show Result: checkmate, stalemate, insufficient
material, threefold repetition, fifty-move rule) and PGN's Termination
(`normal` for an end, `unterminated` for a game that goes on).

The book's rules end a game as soon as a position has come three times or
the fifty-move count reaches 100, where python-chess only lets a player
claim it (and `claim_draw=True` also counts a claim by a move not yet
made): so each game is checked to end on its last move and not before
(`Board.is_repetition(3)`, `Board.is_fifty_moves()` for those two), and
every position before the last has no outcome.

Usage:
    pip install chess==1.11.2
    python3 tools/vectors/make_results.py > tests/vectors/results.txt
    python3 tools/vectors/make_results.py --check tests/vectors/results.txt

Format (tests/suite/results.rs reads it), a block a game:

    game NAME
    fen start | fen FEN
    uci MOVE ...          (empty: no move; the set position is judged)
    san MOVE ...
    result 1-0 | 0-1 | 1/2-1/2 | *
    reason WORDS          (empty while the game goes on)
    termination normal | unterminated
"""
import sys

import chess

# (name, start FEN or None, moves in SAN)
GAMES = [
    ("fools mate, Black mates", None, "f3 e5 g4 Qh4#"),
    ("scholars mate, White mates", None, "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#"),
    ("back rank mate by White", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "Ra8#"),
    ("back rank mate by Black", "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", "Ra1#"),
    ("mate by a promotion", "k7/7P/K7/8/8/8/8/8 w - - 0 1", "h8=Q#"),
    ("stalemate by a Queen", "k7/8/8/1Q6/8/8/8/7K w - - 0 1", "Qb6"),
    ("Loyd's ten-move stalemate", None,
     "e3 a5 Qh5 Ra6 Qxa5 h5 h4 Rah6 Qxc7 f6 Qxd7+ Kf7 Qxb7 Qd3 Qxb8 Qh7 Qxc8 Kg6 Qe6"),
    ("insufficient material, King takes the last Queen", "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", "Kxe2"),
    ("insufficient material, King and Knight", "4k3/8/8/8/8/8/3q4/2N1K3 w - - 0 1", "Kxd2"),
    ("insufficient material, set up", "8/8/8/8/8/8/8/k1K5 w - - 0 1", ""),
    ("threefold repetition of the start", None, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8"),
    ("threefold repetition by the Kings", None, "e4 e5 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7"),
    ("fifty-move rule by White", "4k3/8/8/8/8/8/R7/4K3 w - - 99 80", "Ra3"),
    ("fifty-move rule by Black", "4k3/r7/8/8/8/8/8/4K3 b - - 99 80", "Ra3"),
    ("a game going on", None, "e4 e5 Nf3"),
    ("a check that is no mate", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "Ra8+"),
]

REASONS = {
    chess.Termination.CHECKMATE: "checkmate",
    chess.Termination.STALEMATE: "stalemate",
    chess.Termination.INSUFFICIENT_MATERIAL: "insufficient material",
    chess.Termination.THREEFOLD_REPETITION: "threefold repetition",
    chess.Termination.FIFTY_MOVES: "fifty-move rule",
}


def ended_by_the_book(board):
    """Whether the book's rules end the game here (no claim needed)."""
    return board.outcome() is not None or board.is_repetition(3) or board.is_fifty_moves()


def verdict(name, fen, sans):
    board = chess.Board(fen) if fen else chess.Board()
    ucis = []
    for i, san in enumerate(sans):
        if ended_by_the_book(board):
            sys.exit(f"{name}: the game is over before move {i + 1} ({san})")
        move = board.parse_san(san)
        if board.san(move) != san:
            sys.exit(f"{name}: `{san}` is written `{board.san(move)}`")
        ucis.append(move.uci())
        board.push(move)
    outcome = board.outcome(claim_draw=True)
    if outcome is None:
        return ucis, "*", "", "unterminated"
    kind = outcome.termination
    if kind == chess.Termination.THREEFOLD_REPETITION and not board.is_repetition(3):
        sys.exit(f"{name}: a repetition a player could claim, not one the book's rules see")
    if kind == chess.Termination.FIFTY_MOVES and not board.is_fifty_moves():
        sys.exit(f"{name}: a fifty-move draw a player could claim, not one the book's rules see")
    if kind not in REASONS:
        sys.exit(f"{name}: {kind}, which the chess cards do not end a game by")
    return ucis, outcome.result(), REASONS[kind], "normal"


def make():
    out = [
        "# Made by tools/vectors/make_results.py from python-chess "
        f"{chess.__version__}'s Board.outcome(claim_draw=True); do not edit.",
    ]
    for name, fen, moves in GAMES:
        sans = moves.split()
        ucis, result, reason, termination = verdict(name, fen, sans)
        out += [
            "",
            f"game {name}",
            f"fen {fen or 'start'}",
            ("uci " + " ".join(ucis)).rstrip(),
            ("san " + " ".join(sans)).rstrip(),
            f"result {result}",
            f"reason {reason}".rstrip(),
            f"termination {termination}",
        ]
    return "\n".join(out) + "\n"


def main():
    text = make()
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        with open(sys.argv[2], encoding="utf-8") as f:
            if f.read() != text:
                sys.exit(f"{sys.argv[2]} is not what make_results.py makes")
        print(f"{sys.argv[2]}: as made", file=sys.stderr)
        return
    if len(sys.argv) != 1:
        sys.exit(__doc__)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
