#!/usr/bin/env python3
"""perft(3) from the start through the cards beside python-chess's, side by
side in one run: each round times python-chess's perft(3) (the leaves
counted at depth 1, as the chess library counts them) and then asks
`cardtable drive content/chess` for `perft 3` (its own seconds, the cards'
legal moves and the library's make and take back). Prints each round, the
medians and their ratio. Seconds move with the machine's load; the ratio of
two things timed a moment apart moves less.

Usage: tools/bench/perft_vs_python.py [ROUNDS] [DEPTH]  (needs python-chess and
a release build: cargo build --release; BIN=path times another build's
cardtable, an older commit's, with this checkout's content)"""
import json, os, statistics, subprocess, sys, time
import chess

rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 7
depth = int(sys.argv[2]) if len(sys.argv) > 2 else 3
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def perft(board, d):
    moves = list(board.legal_moves)
    if d <= 1:
        return len(moves) if d == 1 else 1
    total = 0
    for m in moves:
        board.push(m)
        total += perft(board, d - 1)
        board.pop()
    return total


exe = os.environ.get("BIN") or os.path.join(root, "target", "release", "cardtable")
drive = subprocess.Popen([exe, "drive", os.path.join(root, "content", "chess"), "--data-dir", os.environ.get("TMPDIR", "/tmp") + "/perft-bench"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def ask(line):
    drive.stdin.write(line + "\n")
    drive.stdin.flush()
    return json.loads(drive.stdout.readline())


ask(f"perft {depth}")  # warm up both
perft(chess.Board(), depth)
py, cards = [], []
for i in range(rounds):
    board = chess.Board()
    t = time.perf_counter()
    n = perft(board, depth)
    py.append(time.perf_counter() - t)
    answer = ask(f"perft {depth}")
    assert answer["nodes"] == n, (answer, n)
    cards.append(answer["seconds"])
    print(f"round {i + 1}: python-chess {py[-1] * 1000:.1f} ms, cards {cards[-1] * 1000:.1f} ms ({n} leaves), ratio {cards[-1] / py[-1]:.1f}")
drive.stdin.close()
drive.wait()
mp, mc = statistics.median(py), statistics.median(cards)
ratio = statistics.median(c / p for c, p in zip(cards, py))
print(f"perft({depth}) from the start, medians of {rounds}: python-chess {mp * 1000:.1f} ms, cards {mc * 1000:.1f} ms, cards/python-chess {mc / mp:.1f} (the median of the rounds' ratios {ratio:.1f})")
print(f"load average {os.getloadavg()[0]:.2f}; python-chess {chess.__version__}")
