#!/usr/bin/env python3
"""Perft counts of tic-tac-toe and Breakthrough, from their rules alone
(not from the cards), for tests/suite/play.rs: writes tests/play/perft.txt,
one line a count: `GAME DEPTH NODES`.

Tic-tac-toe: 3x3, White first; a move puts the mover's stone on an empty
Cell; a game ends when a Side has three in a row, column or diagonal, or
the Board is full. An ended game has no moves.

Breakthrough: 8x8, White on ranks 1-2, Black on 7-8, White first. A stone
steps one rank forward, straight onto an empty Cell, or diagonally onto an
empty Cell or a stone of the other Side (taking it). A Side wins when a
stone reaches the far rank or the other Side has no stone; an ended game
has no moves.

Usage: python3 tools/play/reference_perft.py [OUT]"""
import os
import sys

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def ttt_moves(board, over):
    return [] if over else [i for i in range(9) if board[i] is None]


def ttt_perft(board, side, over, depth):
    moves = ttt_moves(board, over)
    if depth == 0:
        return 1
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        board[m] = side
        won = any(all(board[i] == side for i in line) for line in LINES)
        full = all(c is not None for c in board)
        total += ttt_perft(board, 1 - side, won or full, depth - 1)
        board[m] = None
    return total


def bt_start():
    board = {}
    for f in range(8):
        for r in (0, 1):
            board[(f, r)] = 0
        for r in (6, 7):
            board[(f, r)] = 1
    return board


def bt_moves(board, side, over):
    if over:
        return []
    forward = 1 if side == 0 else -1
    out = []
    for (f, r), s in board.items():
        if s != side:
            continue
        nr = r + forward
        if not 0 <= nr < 8:
            continue
        for df in (-1, 0, 1):
            nf = f + df
            if not 0 <= nf < 8:
                continue
            there = board.get((nf, nr))
            if df == 0 and there is None:
                out.append(((f, r), (nf, nr)))
            elif df != 0 and there != side:
                out.append(((f, r), (nf, nr)))
    return out


def bt_perft(board, side, over, depth):
    moves = bt_moves(board, side, over)
    if depth == 0:
        return 1
    if depth == 1:
        return len(moves)
    total = 0
    goal = 7 if side == 0 else 0
    for a, b in moves:
        taken = board.get(b)
        del board[a]
        board[b] = side
        won = b[1] == goal or not any(s == 1 - side for s in board.values())
        total += bt_perft(board, 1 - side, won, depth - 1)
        board[a] = side
        if taken is None:
            del board[b]
        else:
            board[b] = taken
    return total


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', '..', 'tests', 'play', 'perft.txt')
    lines = ["# GAME DEPTH NODES: made by tools/play/reference_perft.py from the rules alone"]
    for depth in range(1, 10):
        lines.append(f"tic-tac-toe {depth} {ttt_perft([None] * 9, 0, False, depth)}")
    for depth in range(1, 5):
        lines.append(f"breakthrough {depth} {bt_perft(bt_start(), 0, False, depth)}")
    with open(out, 'w') as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == '__main__':
    main()
