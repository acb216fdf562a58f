#!/usr/bin/env python3
"""Checks tests/search/win_in_one.txt's chess lines against python-chess:
each line's WINS must be exactly the mates in one of its FEN. Exits 1 on a
difference. Usage: python3 tools/play/check_win_in_one.py [FILE]"""
import os
import sys

import chess

path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', '..', 'tests', 'search', 'win_in_one.txt')
bad = 0
for line in open(path):
    if line.startswith('#') or not line.strip():
        continue
    game, setup, wins = [p.strip() for p in line.split('|')]
    if game != 'chess':
        continue
    board = chess.Board(setup.removeprefix('setfen '))
    mates = set()
    for m in board.legal_moves:
        board.push(m)
        if board.is_checkmate():
            mates.add(m.uci())
        board.pop()
    if mates != set(wins.split()):
        print(f"{setup}: the file says {sorted(wins.split())}, python-chess {sorted(mates)}")
        bad += 1
print("fine" if not bad else f"{bad} lines differ")
sys.exit(1 if bad else 0)
