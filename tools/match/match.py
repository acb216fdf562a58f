#!/usr/bin/env python3
"""A match between two UCI engines, driven by python-chess (not part of
`cargo test`): the built-in engine (`cardtable uci content/chess`) at a
Strength of content/chess/tables/Strengths.csv, against Stockfish limited by
UCI_Elo, or against the built-in engine at another Strength.

A Strength of the built-in engine is played over UCI as the Stockfish Bridge
plays it in the game: its engineDepth as `go depth`, its engineNoise as the
option Noise (a new Seed each game), its thinkingSeconds as `go movetime`
(or --movetime, the same for both sides, when given).

The games start from the openings below (each a few moves of a usual line),
each played twice, the engines' colours swapped; a game ends as python-chess
adjudicates it (checkmate, stalemate, insufficient material, threefold
repetition, the fifty-move rule) or as a draw at --max-plies.

    python3 tools/match/match.py                      # Expert vs Stockfish UCI_Elo 1350, 40 games, 0.2 s a Move
    python3 tools/match/match.py --opponent Gentle --games 20
    python3 tools/match/match.py --games 4 --max-plies 60   # a quick look

It prints each game as it ends and the score (points of the built-in engine
at --strength: a win 1, a draw 1/2), and writes the games as PGN with --pgn.
Build first: `cargo build --release`.
"""

import argparse
import csv
import os
import sys
import time

import chess
import chess.engine
import chess.pgn

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Twenty openings, as UCI moves from the start: each played once with each colour.
OPENINGS = [
    ("Ruy Lopez", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6"),
    ("Italian", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5"),
    ("Two Knights", "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6"),
    ("Scotch", "e2e4 e7e5 g1f3 b8c6 d2d4 e5d4"),
    ("Petrov", "e2e4 e7e5 g1f3 g8f6"),
    ("Sicilian Najdorf", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6"),
    ("Sicilian Alapin", "e2e4 c7c5 c2c3"),
    ("French", "e2e4 e7e6 d2d4 d7d5"),
    ("Caro-Kann", "e2e4 c7c6 d2d4 d7d5"),
    ("Scandinavian", "e2e4 d7d5 e4d5 d8d5"),
    ("Pirc", "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6"),
    ("Alekhine", "e2e4 g8f6"),
    ("Queen's Gambit Declined", "d2d4 d7d5 c2c4 e7e6"),
    ("Slav", "d2d4 d7d5 c2c4 c7c6"),
    ("Queen's Gambit Accepted", "d2d4 d7d5 c2c4 d5c4"),
    ("King's Indian", "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7"),
    ("Nimzo-Indian", "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4"),
    ("London", "d2d4 d7d5 c1f4"),
    ("English", "c2c4 e7e5"),
    ("Reti", "g1f3 d7d5 c2c4"),
]


def strengths():
    path = os.path.join(ROOT, "content", "chess", "tables", "Strengths.csv")
    with open(path, newline="") as f:
        return {row["name"]: row for row in csv.DictReader(f)}


class Player:
    """An engine of the match: its process, and how it is asked for a Move."""

    def __init__(self, name, command, options, limit, seed_each_game=False):
        self.name = name
        self.engine = chess.engine.SimpleEngine.popen_uci(command)
        self.engine.configure(options)
        self.limit = limit
        self.seed_each_game = seed_each_game

    def new_game(self, number):
        if self.seed_each_game:
            self.engine.configure({"Seed": number})

    def play(self, board, game):
        return self.engine.play(board, self.limit, game=game).move

    def close(self):
        try:
            self.engine.quit()
        except Exception:
            pass


def builtin(binary, strength, movetime):
    row = strengths()[strength]
    depth = int(float(row["engineDepth"]))
    noise = int(float(row["engineNoise"]))
    seconds = movetime if movetime else float(row["thinkingSeconds"])
    limit = chess.engine.Limit(time=seconds, depth=depth)
    name = f"built-in {strength} (depth {depth}, noise {noise}, {seconds} s)"
    return Player(name, [binary, "uci", os.path.join(ROOT, "content", "chess")], {"Noise": noise}, limit, True)


def stockfish(path, elo, movetime):
    options = {"UCI_LimitStrength": True, "UCI_Elo": elo, "Threads": 1, "Hash": 16}
    return Player(f"Stockfish UCI_Elo {elo} ({movetime} s)", [path], options, chess.engine.Limit(time=movetime))


def play_game(white, black, opening, max_plies, number):
    board = chess.Board()
    for uci in opening.split():
        board.push_uci(uci)
    white.new_game(number)
    black.new_game(number)
    game = object()
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            result, why = outcome.result(), outcome.termination.name.lower()
            break
        if board.ply() >= max_plies:
            result, why = "1/2-1/2", f"{max_plies} plies"
            break
        mover = white if board.turn == chess.WHITE else black
        move = mover.play(board, game)
        if move is None or move not in board.legal_moves:
            # An engine that answers no legal Move loses the game.
            result = "0-1" if board.turn == chess.WHITE else "1-0"
            why = f"{mover.name} answered {move}"
            break
        board.push(move)
    pgn = chess.pgn.Game.from_board(board)
    pgn.headers["White"], pgn.headers["Black"] = white.name, black.name
    pgn.headers["Result"] = result
    pgn.headers["Termination"] = why
    return result, why, board.ply(), pgn


def load_average():
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--strength", default="Expert", help="the built-in engine's Strength (a row of Strengths.csv)")
    p.add_argument("--opponent", default="stockfish", help="`stockfish`, or another Strength of the built-in engine")
    p.add_argument("--elo", type=int, default=1350, help="Stockfish's UCI_Elo (UCI_LimitStrength true)")
    p.add_argument("--movetime", type=float, default=None,
                   help="seconds a Move for both sides (default: 0.2 against Stockfish, each Strength's thinkingSeconds otherwise)")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--max-plies", type=int, default=300, help="a game still going after so many plies is a draw")
    p.add_argument("--binary", default=os.path.join(ROOT, "target", "release", "cardtable"))
    p.add_argument("--stockfish", default="/usr/games/stockfish")
    p.add_argument("--pgn", default=None, help="write the games to this PGN file")
    args = p.parse_args()

    if args.opponent == "stockfish":
        movetime = args.movetime if args.movetime else 0.2
        hero = builtin(args.binary, args.strength, movetime)
        rival = stockfish(args.stockfish, args.elo, movetime)
    else:
        hero = builtin(args.binary, args.strength, args.movetime)
        rival = builtin(args.binary, args.opponent, args.movetime)
    print(f"{hero.name} against {rival.name}, {args.games} games; load average {load_average()}", flush=True)
    started = time.time()
    points, wins, draws, losses = 0.0, 0, 0, 0
    out = open(args.pgn, "w") if args.pgn else None
    try:
        for g in range(args.games):
            name, opening = OPENINGS[(g // 2) % len(OPENINGS)]
            hero_white = g % 2 == 0
            white, black = (hero, rival) if hero_white else (rival, hero)
            result, why, plies, pgn = play_game(white, black, opening, args.max_plies, g + 1)
            mine = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
            if not hero_white:
                mine = 1.0 - mine
            points += mine
            wins += mine == 1.0
            draws += mine == 0.5
            losses += mine == 0.0
            colour = "White" if hero_white else "Black"
            print(f"game {g + 1:>3}: {name:<24} {args.strength} as {colour}: {result:<7} ({why}, {plies} plies)"
                  f"   score {points:g}/{g + 1}", flush=True)
            if out:
                pgn.headers["Event"] = f"match game {g + 1}, {name}"
                print(pgn, file=out, end="\n\n", flush=True)
    finally:
        hero.close()
        rival.close()
        if out:
            out.close()
    n = max(args.games, 1)
    print(f"\n{hero.name}: {points:g}/{args.games} ({100 * points / n:.1f}%): "
          f"{wins} won, {draws} drawn, {losses} lost, in {time.time() - started:.0f} s; load average {load_average()}")


if __name__ == "__main__":
    sys.exit(main())
