#!/usr/bin/env bash
# Counts the instructions of Kiwipete's legal moves through the cards, in
# native Rust and in Rhai, with callgrind: unlike seconds, the same for the
# same binary whatever else the machine is doing. Prints each per run and
# the ratios. Needs valgrind. Usage: tools/bench/instructions.sh [RUNS]
#
# The bench checks the three agree before it profiles, and those checks
# call the same functions, so callgrind counts them too: each figure is the
# difference between 2*RUNS calls and RUNS calls, divided by RUNS, which
# leaves the checks out. The cards' machine code is made during those
# checks (a card is compiled once it has run 8 times: `code/native.rs`), and
# Cranelift's own count moves by some hundred thousand from run to run, so
# its instructions (everything under `native::compile`) are left out of
# both counts.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-5}"
bench=$(cargo bench -p cardtable-bench --bench cards --no-run --message-format=json 2>/dev/null \
  | grep -o '"executable":"[^"]*cards-[^"]*"' | tail -1 | cut -d'"' -f4 || true)
[ -x "$bench" ] || { echo "the bench binary was not built" >&2; exit 1; }
total() {
  local out
  out=$(mktemp)
  CARDS_BENCH_PROFILE="$2" valgrind --tool=callgrind --callgrind-out-file="$out" \
    --toggle-collect="$1" "$bench" >/dev/null 2>&1
  local all compiling
  all=$(grep '^summary:' "$out" | awk '{ print $2 }')
  # The largest inclusive count callgrind gives the function: all it ran.
  compiling=$(callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null \
    | grep -v '=>' | grep 'cardtable_runtime::code::native::compile' \
    | awk '{ gsub(",", "", $1); if ($1 + 0 > max) max = $1 + 0 } END { print max + 0 }')
  echo $((all - ${compiling:-0}))
  rm -f "$out"
}
count() {
  local once twice
  once=$(total "$1" "$runs")
  twice=$(total "$1" $((2 * runs)))
  echo $(((twice - once) / runs))
}
cards=$(count 'cardtable_chess::library::Chess::legal_moves')
native=$(count '*native::Board::legal_moves')
rhai=$(count '*peer::Peer::legal_moves')
echo "instructions for one Kiwipete legal moves (48 moves), callgrind, $runs more runs each:"
printf '  cards   %12d\n  native  %12d\n  rhai    %12d\n' "$cards" "$native" "$rhai"
awk -v c="$cards" -v n="$native" -v r="$rhai" 'BEGIN { printf "  cards/native %.1f   rhai/cards %.1f\n", c / n, r / c }'
