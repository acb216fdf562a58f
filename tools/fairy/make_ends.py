#!/usr/bin/env python3
"""Writes tests/vectors/ends.txt: seeded random games of chess and of each
variant of the gallery, played with pyffish's legal moves to their END as
Fairy-Stockfish judges it, the reference tests/suite/ends.rs holds the
cards to (the same ply, the same result).

    pip install pyffish==0.0.90
    python3 tools/fairy/make_ends.py                  # every folder of FOLDERS
    python3 tools/fairy/make_ends.py --games 6 --cap 300 --out tests/vectors/ends.txt
    python3 tools/fairy/make_ends.py content/variants/gothic   # only these folders' games again

Named folders: their games are played again and the other folders' blocks are
kept as the file (--out) has them, so the file is what a whole run writes.
    python3 tools/fairy/make_ends.py extinction horde  # these again, the others' games kept

pyffish is PyPI's Fairy-Stockfish as a Python module (version 0.0.90,
Fairy-Stockfish 230826); tools/fairy/variants.ini is loaded into it first
(load_variant_config), so a variant defined there is known too.

Each game: from the folder's start (Fairy-Stockfish's start FEN of the
variant the folder's `Variant Engine` table names; Chess960's, the folder's
own first game, as tests/fairy/fischerandom.perft's `start`), a move
chosen at each ply among pyffish.legal_moves (sorted) by
random.Random("VARIANT:GAME"), until the game ends, or --cap plies (then
`*`). The game ends as content/chess's Look For Game End ends it, at the
start of every Turn and without a claim, its checks in Show Result's order:

  - no legal move (Is Out Of Moves): pyffish.game_result, the value for the
    Side to move (negative: it lost; 0: a draw; positive: it won, as
    Antichess's stalemate); `checkmate` when it is in check
    (pyffish.gives_check), else `stalemate`;
  - insufficient material (Is Material Insufficient: neither Side can
    mate): pyffish.has_insufficient_material says it of each Side; the
    game ends when it says it of both;
  - threefold repetition (Is Position Repeated, timesSeenForDraw 3) and the
    fifty-move rule (fiftyMoveCountForDraw 100 plies): Fairy-Stockfish's
    optional ends, which a player may claim; the cards end the game at
    once, so pyffish.is_optional_game_end's True ends it here, its value
    the result. Its reason: `threefold repetition` when the position
    (board, Side to move, castling, as pyffish's FEN writes them) has come
    a third time, else `fifty-move rule` (Show Result names repetition
    first when both hold);
  - before all of these, pyffish.is_immediate_game_end (a variant's own
    end at once: King of the Hill's hill, Three-check's last check,
    Antichess's last Piece taken), as each variant's Look For Game End asks
    it first; its reason is the one the variant's cards write (IMMEDIATE).

Variants whose ends the cards do not follow are left out (LEFT_OUT, with
why; each variant's README says it under "Fairy-Stockfish's rules not
followed").

The output depends only on the arguments, the folders and pyffish's version.
"""
import argparse
import os
import random
import sys

import pyffish as sf

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

CHESS = "content/chess"
GALLERY = "content/variants"

# Variants whose ends Fairy-Stockfish judges by rules the cards (content/chess's
# Look For Game End, Show Result) do not have; their games are not in the file.
LEFT_OUT = {
    "shatranj": "a bare King loses (unless it bares the other at once), stalemate loses, the 70-move rule "
    "(Fairy-Stockfish's shatranj); the cards: insufficient material and stalemate draw, the fifty-move rule "
    "(game 5 of 6: Fairy-Stockfish 1-0 for a bare King at ply 281, the cards went on)",
    "shatar": "a bare King draws (Robado), and a mate given by some Pieces alone is no win (Fairy-Stockfish's "
    "shatarMateRule); the cards: chess's ends (games 2, 3, 4 of 6: a bare King drawn, a checkmate that "
    "Fairy-Stockfish draws)",
    "makruk": "Makruk's counting rules, and no fifty-move rule (Fairy-Stockfish's makruk); the cards: the "
    "fifty-move rule (its 6 games, played anyway, agreed: no count and no 100 quiet plies came)",
    "ai-wok": "Makruk's counting rules, and no fifty-move rule (Fairy-Stockfish's ai-wok); the cards: the "
    "fifty-move rule (its 6 games, played anyway, agreed)",
    "courier": "a bare King loses (unless it bares the other at once), stalemate loses (Fairy-Stockfish's "
    "courier, as shatranj); the cards: chess's ends",
    "asean": "ASEAN's counting rules (Fairy-Stockfish's asean); the cards: the fifty-move rule alone "
    "(its 6 games, played anyway, agreed)",
    "grand": "not yet here: tests/suite/ends.rs plays each game by clicks, and the window's Promotion choice "
    "opens on the last Rank alone (a promotion on Rank 8 or 9 cannot be clicked; content/variants/grand's "
    "README); its moves are proven by tests/fairy/grand.perft",
}


# A variant's own end at once (pyffish.is_immediate_game_end: a flag
# reached, the last check given, a Side gone extinct), asked before any
# other end as the variants' Look For Game End asks it first, and the
# reason its cards write (Show Flag Result, Show Checks Result, Show
# Scored Result with the Words row Extinction Reason).
IMMEDIATE = {
    "kingofthehill": "the King reached the hill",
    "3check": "check count",
    "5check": "check count",
    "antichess": "no pieces left",
    "extinction": "every piece of a kind lost",
    "horde": "every piece lost",
    "giveaway": "no pieces left",
    "kinglet": "every pawn lost",
    "threekings": "a king lost",
    "codrus": "the king lost",
    "losers": "only the king left",
    "breakthrough": "a piece reached the last rank",
    "suicide": "no pieces left",
    "racingkings": "a king reached the last rank",
    "jesonmor": "a knight held the centre",
}


# Variants played in fewer games than --games: the Boards of 9 by 9 and 10
# by 8 of issue 34's gallery, whose games of up to 300 plies cost the most
# through the cards (tests/suite/ends.rs); the first games of the seed, the
# same as a run of more would write first.
GAMES_OF = {name: 3 for name in ("gothic", "embassy", "janus", "centaur", "modern", "chancellor", "gardner")}


# Games set up from a position of their own (the block's `from` line: the
# driver's `setfen`, then the moves), for an end the random games from the
# start seldom reach: Racing Kings' draw at the flag; Suicide's stalemate, scored by the Pieces each Side has
# (fewer wins, as many draw, more lose). Numbered after the random games.
FROM_OF = {
    "suicide": [
        "7k/8/8/8/p7/P7/8/8 w - - 0 1",
        "8/8/8/8/p7/P7/8/8 w - - 0 1",
        "8/8/8/8/p7/P7/P7/8 w - - 0 1",
        "8/8/8/p7/P7/1p6/8/7k b - - 0 1",
    ],
    # Xiangqi's stalemate, a loss for the Side that cannot move (Fairy-Stockfish's
    # stalemateValue; content/variants/xiangqi's Out Of Moves table): Black's
    # General kept off e10 by the flying general and off f9 by the Chariot, and
    # White's the same way round.
    # And a perpetual check, which loses (perpetualCheckIllegal): a FEN and the
    # moves played from it before the random ones, White's Chariot checking
    # from f2 and e2 as Black's General steps between f10 and e10 (over at the
    # third time, ply 9: 0-1).
    "xiangqi": [
        "5k3/R8/9/9/9/9/9/9/9/4K4 b - - 0 1",
        "4k4/9/9/9/9/9/9/9/r8/5K3 w - - 0 1",
        ("5k3/9/9/9/9/9/9/9/R8/3K5 w - - 0 1", "a2f2 f10e10 f2e2 e10f10 e2f2 f10e10 f2e2 e10f10 e2f2"),
    ],
    # Black's Chariot checking White's General between c1 and d1 from the fourth
    # Rank (1-0 at ply 9).
    "minixiangqi": [
        ("4k2/7/7/r6/7/7/2K4 b - - 0 1", "a4c4 c1d1 c4d4 d1c1 d4c4 c1d1 c4d4 d1c1 d4c4"),
    ],
    # Racing Kings' end at the flag: White there first, Black to move may
    # follow (a draw) or not (1-0), or cannot (over at once).
    "racingkings": [
        "K7/6k1/8/8/8/8/8/8 b - - 0 1",
        "K7/7k/8/8/8/8/8/8 b - - 0 1",
        "1K6/5k2/8/8/8/8/8/8 b - - 0 1",
        "K7/8/8/8/8/6k1/8/8 b - - 0 1",
    ],
}


def variant_of(folder):
    """The Fairy-Stockfish variant its `Variant Engine` table names (chess's: chess)."""
    path = os.path.join(ROOT, folder, "tables", "Variant Engine.csv")
    if not os.path.exists(path):
        return "chess"
    rows = [line.strip().split(",") for line in open(path, encoding="utf-8") if line.strip()]
    return next(r[0] for r in rows[1:] if r[1] == "fairy-stockfish")


def start_of(variant):
    """The start FEN and whether it is Chess960's."""
    if variant == "fischerandom":
        # The folder's own first game (its generator seeded 0), as make_perft.py's file says it.
        text = open(os.path.join(ROOT, "tests/fairy/fischerandom.perft"), encoding="utf-8").read().splitlines()
        at = text.index("id start")
        return text[at + 1].split(" ", 1)[1], True
    # As pyffish's get_fen writes it: Breakthrough's startFen has no castling
    # nor en passant field (`w 0 1`), which get_fen writes (`w - - 0 1`).
    return sf.get_fen(variant, sf.start_fen(variant), []), False


def position_key(fen):
    # board, Side to move, castling: what Is Same Position compares (the Side by the parity).
    return " ".join(fen.split()[:3])


# Variants in which a repetition is lost by the Side that checked with every
# move meanwhile (Fairy-Stockfish's perpetualCheckIllegal): the cards' reason
# is `perpetual check`. Xiangqi's perpetual chase (its chasingRule) is no
# rule of the cards: a decisive repetition with no perpetual check is written
# `perpetual chase`, which the cards never say (tests/suite/ends.rs fails).
PERPETUAL_CHECK = {"xiangqi", "minixiangqi"}


def repetition_reason(variant, fen, moves, chess960, value):
    """The reason of a repetition's end: a draw's, or a perpetual check's or chase's."""
    if value == 0 or variant not in PERPETUAL_CHECK:
        return "threefold repetition"
    keys = [position_key(sf.get_fen(variant, fen, moves[:k], chess960)) for k in range(len(moves) + 1)]
    last = len(moves)
    same = [k for k in range(last - 2, -1, -2) if keys[k] == keys[last]]
    start = same[1]  # the third time back: the cycle's first position
    # The Side that has just moved checked at each even distance from the last;
    # value > 0: the Side to move won, so the one that has just moved lost.
    loser_parity = 0 if value > 0 else 1
    checks = all(sf.gives_check(variant, fen, moves[:k], chess960) for k in range(start + 1, last + 1) if (last - k) % 2 == loser_parity)
    return "perpetual check" if checks else "perpetual chase"


def play(variant, number, cap, setup=None):
    fen, chess960 = start_of(variant)
    first = []
    if isinstance(setup, tuple):
        setup, line = setup
        first = line.split()
    if setup is not None:
        fen = sf.get_fen(variant, setup, [], chess960)
    rng = random.Random(f"{variant}:{number}")
    moves = []
    seen = {position_key(fen): 1}
    while True:
        ended, value = sf.is_immediate_game_end(variant, fen, moves, chess960)
        if ended:
            if variant not in IMMEDIATE:
                sys.exit(f"{variant}: an immediate end of pyffish's with no reason in IMMEDIATE")
            return moves, result_for(variant, fen, moves, chess960, value), IMMEDIATE[variant]
        legal = sorted(sf.legal_moves(variant, fen, moves, chess960))
        if not legal:
            value = sf.game_result(variant, fen, moves, chess960)
            # Checkmate when the Side to move is in check, else stalemate; what
            # either scores is the variant's (Antichess: stalemate wins).
            mated = sf.gives_check(variant, fen, moves, chess960)
            return moves, result_for(variant, fen, moves, chess960, value), "checkmate" if mated else "stalemate"
        white, black = sf.has_insufficient_material(variant, fen, moves, chess960)
        if white and black:
            return moves, "1/2-1/2", "insufficient material"
        ended, value = sf.is_optional_game_end(variant, fen, moves, chess960)
        if ended:
            now = sf.get_fen(variant, fen, moves, chess960)
            reason = repetition_reason(variant, fen, moves, chess960, value) if seen[position_key(now)] >= 3 else "fifty-move rule"
            return moves, result_for(variant, fen, moves, chess960, value), reason
        if len(moves) >= cap:
            return moves, "*", ""
        if len(moves) < len(first):
            if first[len(moves)] not in legal:
                sys.exit(f"{variant}: {first[len(moves)]} is no legal move after {moves}")
            moves.append(first[len(moves)])
        else:
            moves.append(rng.choice(legal))
        key = position_key(sf.get_fen(variant, fen, moves, chess960))
        seen[key] = seen.get(key, 0) + 1


def result_for(variant, fen, moves, chess960, value):
    """PGN's result from a value for the Side to move (White is the first player)."""
    if value == 0:
        return "1/2-1/2"
    white_to_move = sf.get_fen(variant, fen, moves, chess960).split()[1] == "w"
    return "1-0" if (value > 0) == white_to_move else "0-1"


def kept_blocks(path):
    """The lines of each folder's games in a file this script wrote (a blank line before each block)."""
    blocks = {}
    if not os.path.exists(path):
        return blocks
    folder = None
    for line in open(path, encoding="utf-8").read().splitlines():
        if line.startswith("game "):
            folder = line.split()[1]
            blocks.setdefault(folder, []).append("")
        if folder is not None and line:
            blocks[folder].append(line)
    return blocks


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6, help="games a folder")
    parser.add_argument("--cap", type=int, default=300, help="plies a game at most (then `*`)")
    parser.add_argument("--out", default=os.path.join(ROOT, "tests/vectors/ends.txt"))
    parser.add_argument("--with-left-out", action="store_true", help="write LEFT_OUT's games too (to see them fail)")
    parser.add_argument("only", nargs="*", help="folders to play again (default: every one); the others' games are kept from --out")
    args = parser.parse_args()
    kept = kept_blocks(args.out) if args.only else {}
    sf.load_variant_config(open(os.path.join(ROOT, "tools/fairy/variants.ini"), encoding="utf-8").read())
    folders = [CHESS] + [f"{GALLERY}/{n}" for n in sorted(os.listdir(os.path.join(ROOT, GALLERY)))]
    out = [
        "# Made by tools/fairy/make_ends.py from pyffish %s (Fairy-Stockfish as a Python module); do not edit."
        % ".".join(map(str, sf.version())),
        f"# python3 tools/fairy/make_ends.py --games {args.games} --cap {args.cap}",
        "# A game a block: `game FOLDER VARIANT NUMBER`, `start` the folder's start FEN as pyffish writes it,",
        "# `moves` in UCI from there",
        "# (Chess960's castling: the King onto its Rook), `ends PLY` (the number of moves: the game",
        "# is over after the last, not before), `result` as PGN writes it (`*`: not over by the cap)",
        "# and `reason` in the cards' words (empty for `*`); `from`, a game set up from that FEN",
        "# (the driver's `setfen`) rather than the start. tests/suite/ends.rs plays them.",
        "# Left out (their ends are rules the cards do not have; tools/fairy/make_ends.py, LEFT_OUT):",
    ]
    out += [f"#   {name}: {why}" for name, why in sorted(LEFT_OUT.items())]
    summary = []
    for folder in folders:
        variant = variant_of(folder)
        if variant in LEFT_OUT and not args.with_left_out:
            summary.append(f"{folder}: left out")
            continue
        if args.only and folder not in args.only and variant not in args.only:
            if folder in kept:
                out += kept[folder]
                summary.append(f"{folder}: kept")
            continue
        tally = {}
        for number in range(GAMES_OF.get(variant, args.games)):
            moves, result, reason = play(variant, number, args.cap)
            start, _ = start_of(variant)
            out += ["", f"game {folder} {variant} {number}", f"start {start}", "moves " + " ".join(moves)]
            out += [f"ends {len(moves)}", f"result {result}", f"reason {reason}".rstrip()]
            tally[reason or "*"] = tally.get(reason or "*", 0) + 1
        for number, setup in enumerate(FROM_OF.get(variant, []), GAMES_OF.get(variant, args.games)):
            moves, result, reason = play(variant, number, args.cap, setup)
            start, _ = start_of(variant)
            out += ["", f"game {folder} {variant} {number}", f"start {start}", f"from {setup[0] if isinstance(setup, tuple) else setup}", "moves " + " ".join(moves)]
            out += [f"ends {len(moves)}", f"result {result}", f"reason {reason}".rstrip()]
            tally[reason or "*"] = tally.get(reason or "*", 0) + 1
        summary.append(f"{folder}: {tally}")
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print("\n".join(summary), file=sys.stderr)


if __name__ == "__main__":
    main()
