#!/usr/bin/env python3
"""Writes tests/vectors/kingofthehill-games.txt: games of King of the Hill
that end with a King on the hill, and a win in one, each judged by
Fairy-Stockfish (UCI_Variant kingofthehill), the reference
tests/suite/hill.rs plays them against through the cards.

    python3 tools/fairy/make_hill_games.py [--seed 7] [--games 4] [--engine /usr/games/fairy-stockfish]

A game: its moves (`uci`), each one of Fairy-Stockfish's legal moves (its
`go perft 1`), up to a position where it lists none, the side to move is not
in check (Checkers empty) and its `go depth 1` scores `mate 0`: the side
that just moved has won, not by checkmate, at its flag. `result` is 1-0
when that side is White (FEN's `w`), 0-1 when Black. The hand-chosen lines
of LINES first, then --games random games (each move drawn by a seeded
generator among the legal moves; a game that ends otherwise, or runs past
MOST_PLIES, is drawn again). `computer`: a position where one move wins at
once, with Fairy-Stockfish's `bestmove` at depth DEPTH.

Only the standard library; the same run writes the same file.
"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_perft import Engine, ROOT  # noqa: E402

VARIANT = "kingofthehill"
# Kings walking to the hill: White's to d4 (1-0), Black's to d5 (0-1).
LINES = [
    ("white-to-d4", "e2e3 e7e6 e1e2 e8e7 e2d3 e7d6 d3d4"),
    ("black-to-d5", "a2a3 e7e5 a3a4 e8e7 a4a5 e7d6 a5a6 d6d5"),
    # A King reaching the hill by a capture.
    ("capture-on-e4", "e2e4 d7d5 e1e2 d5e4 e2e3 a7a6 e3e4"),
]
COMPUTER = [("win-in-one", "4k3/8/8/8/8/4K3/8/4r3 w - - 0 1")]
DEPTH = 8
MOST_PLIES = 300


def ended_at_flag(engine, moves):
    """'1-0' or '0-1' when the game after `moves` is over by a flag, else None."""
    engine.position(None, moves)
    engine.send("d")
    lines = engine.until("Checkers:")
    fen = next(l for l in lines if l.startswith("Fen: "))[5:]
    in_check = lines[-1].strip() != "Checkers:"
    _, legal = engine.perft(1)
    if legal or in_check:
        return None
    engine.send("go depth 1")
    score = [l for l in engine.until("bestmove") if " score " in l]
    if not score or "score mate 0" not in score[-1]:
        return None
    return "0-1" if fen.split()[1] == "w" else "1-0"


def legal_line(engine, moves):
    for i in range(len(moves)):
        engine.position(None, moves[:i])
        _, legal = engine.perft(1)
        if moves[i] not in legal:
            sys.exit(f"{moves[i]} is not legal after {' '.join(moves[:i])}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    args = ap.parse_args()
    engine = Engine(args.engine)
    engine.variant(VARIANT)
    out = [
        "# King of the Hill's games, judged by Fairy-Stockfish (tests/suite/hill.rs).",
        f"# Made by: python3 tools/fairy/make_hill_games.py --seed {args.seed} --games {args.games}",
        f"# Engine: {engine.name}, UCI_Variant {VARIANT}.",
        "# `game NAME`, its `uci` moves from the start, its `result` (the side that",
        "# reached the hill wins); `computer NAME`, a `fen` and Fairy-Stockfish's",
        f"# `bestmove` there at depth {DEPTH}.",
    ]
    for name, line in LINES:
        moves = line.split()
        legal_line(engine, moves)
        result = ended_at_flag(engine, moves)
        if result is None:
            sys.exit(f"{name}: the game is not over at the hill")
        out += ["", f"game {name}", f"uci {line}", f"result {result}"]
    rng = random.Random(f"{args.seed}:{VARIANT}")
    found = 0
    while found < args.games:
        moves = []
        while len(moves) < MOST_PLIES:
            engine.position(None, moves)
            _, legal = engine.perft(1)
            if not legal:
                break
            moves.append(rng.choice(sorted(legal)))
        result = ended_at_flag(engine, moves)
        if result is None:
            continue
        found += 1
        out += ["", f"game random-{found}", "uci " + " ".join(moves), f"result {result}"]
    for name, fen in COMPUTER:
        engine.position(fen)
        engine.send(f"go depth {DEPTH}")
        best = engine.until("bestmove")[-1].split()[1]
        out += ["", f"computer {name}", f"fen {fen}", f"bestmove {best}"]
    engine.quit()
    path = os.path.join(ROOT, "tests", "vectors", "kingofthehill-games.txt")
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(out) + "\n")
    print(f"wrote {os.path.relpath(path, ROOT)}: {len(LINES) + found} games")


if __name__ == "__main__":
    main()
