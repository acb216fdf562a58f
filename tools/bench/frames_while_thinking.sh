#!/usr/bin/env bash
# The window's frame times while the Computer thinks: opens the chess game
# under xvfb-run with a fresh data folder, starts a New Game at Expert (2 s a
# Move for Stockfish; the built-in engine with ENGINE=builtin), plays 1. e4
# and draws FRAMES frames (at most 60 a second) while the Computer thinks
# and its Move slides. The window keeps each frame's times
# (CARDTABLE_REPORT_FRAMES) and prints them apart for the frames drawn while
# the answer was awaited: the work of a frame, and the time from one
# frame's start to the next (1/60 s when nothing is late). Release build.
# Needs xvfb-run and Stockfish (apt-get install xvfb xauth libgl1-mesa-dri stockfish).
# Usage: tools/bench/frames_while_thinking.sh [FRAMES]   (ENGINE=builtin for the built-in engine)
set -euo pipefail
cd "$(dirname "$0")/../.."
frames="${1:-240}"
cargo build --release --quiet
data=$(mktemp -d)
trap 'rm -rf "$data"' EXIT
engine=()
if [ "${ENGINE:-}" = builtin ]; then engine=(--engine builtin); fi
printf 'press New Game\npress Expert\npress Play\nclick e2\nclick e4\n' > "$data/script"
CARDTABLE_REPORT_FRAMES=1 LC_ALL=C xvfb-run -a -s "-screen 0 1280x1200x24" \
  target/release/cardtable content/chess --data-dir "$data" "${engine[@]}" \
  --script "$data/script" --frames "$frames" --screenshot "$data/shot.png" 2>&1 | grep '^frames'
