#!/usr/bin/env bash
# The window's frame times while the Computer thinks and while its Move
# slides: opens the chess game under xvfb-run with a fresh data folder,
# starts a New Game at Expert (2 s a Move for Stockfish; the built-in engine
# with ENGINE=builtin), plays 1. e4 and draws FRAMES frames (at most 60 a
# second) while the Computer thinks and its Move slides (0.35 s). The window
# keeps each frame's times (CARDTABLE_REPORT_FRAMES) and prints them apart
# for four kinds of frame: while a Move slides or not, and while the
# answer was awaited (the Computer thinking) or not: the work of a frame,
# the time from one frame's start to the next (1/60 s when nothing is late)
# and presenting it. In chess the Computer never thinks while a Move
# slides; BUSY=1 runs a second Stockfish searching (one thread, `go
# infinite`) beside the window for the whole run, so that the slide's
# frames are measured with a search taking a core as the Computer's does.
# Each run prints the load average before it. Release build.
# Needs xvfb-run and Stockfish (apt-get install xvfb xauth libgl1-mesa-dri stockfish).
# Usage: tools/bench/frames_while_thinking.sh [FRAMES] [RUNS]
#   (ENGINE=builtin for the built-in engine; BUSY=1 for a search beside it;
#   BIN=path to measure another build of cardtable, say an older commit's,
#   in turn with this one)
set -euo pipefail
cd "$(dirname "$0")/../.."
frames="${1:-240}"
runs="${2:-1}"
bin="${BIN:-target/release/cardtable}"
if [ -z "${BIN:-}" ]; then cargo build --release --quiet; fi
data=$(mktemp -d)
busy_pid=
cleanup() {
  if [ -n "$busy_pid" ]; then kill "$busy_pid" 2>/dev/null || true; fi
  rm -rf "$data"
}
trap cleanup EXIT
engine=()
if [ "${ENGINE:-}" = builtin ]; then engine=(--engine builtin); fi
if [ -n "${BUSY:-}" ]; then
  # A search that lasts until it is killed: its input held open on fd 3.
  mkfifo "$data/busy"
  stockfish < "$data/busy" > /dev/null &
  busy_pid=$!
  exec 3> "$data/busy"
  printf 'uci\nsetoption name Threads value 1\nisready\nposition startpos\ngo infinite\n' >&3
  sleep 1
fi
printf 'press New Game\npress Expert\npress Play\nclick e2\nclick e4\n' > "$data/script"
for run in $(seq "$runs"); do
  rm -rf "$data/saves" "$data/values.yaml"
  echo "run $run: $(uptime | sed 's/.*load average/load average/')"
  CARDTABLE_REPORT_FRAMES=1 LC_ALL=C xvfb-run -a -s "-screen 0 1280x1200x24" \
    "$bin" content/chess --data-dir "$data" "${engine[@]}" \
    --script "$data/script" --frames "$frames" --screenshot "$data/shot.png" 2>&1 | grep '^frames'
done
