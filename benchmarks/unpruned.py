"""Check the solver's `unsolvable` answers with a search that prunes nothing.

    python benchmarks/unpruned.py LOG [--limit N]
    python benchmarks/unpruned.py --game GAME --deals A-B [--limit N]

LOG is a file written by ``benchmarks/solver.py --log``: every deal it calls unsolvable is
searched again here. The search tries every legal move of the engine (stock turns, removals and
swaps too) from every position, depth first, with no safe moves, no stock chaining and no
ordering; its only table holds canonical keys (interchangeable piles folded), packed to bytes as
the solver packs them (`Packer`, tested to follow `Game.canonical_key`). So it shares the engine
and the key with the solver, and none of the solver's pruning.
The tests' `brute_force_winnable` is the same idea kept apart on purpose: it copies games and
compares the engine's own keys, sharing not even the solver's key packing; this one plays and
takes back moves, fast enough for whole deals.

Each deal ends `no win` (every position searched), `WIN` or `gave up` after ``--limit`` positions
(default 3,000,000, about 300 MB; some Klondike deals need more). A `WIN` for a deal of the log
means the solver was wrong, and the script exits with status 1; when none has a win but some gave
up, with status 2 (not all checked). With ``--deals`` it only tells.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

try:
    from patience import Game
except ImportError:  # run from a source checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from patience import Game

from solver import deal_range  # benchmarks/solver.py, beside this script

from patience.solver.search import Packer


def search_everything(game: Game, limit: int) -> tuple[str, int]:
    """Depth first over every legal move; ("no win" | "WIN" | "gave up", positions seen)."""
    pack = Packer(game)  # the canonical key as bytes: the same equality, less memory
    seen = {pack(game)}
    if game.is_won():
        return "WIN", 1
    pending = [iter(game.legal_moves())]  # per depth: the moves not yet tried
    while pending:
        move = next(pending[-1], None)
        if move is None:
            pending.pop()
            if pending:
                game.pop()
            continue
        game.push(move)
        key = pack(game)
        if key in seen:
            game.pop()
            continue
        seen.add(key)
        if game.is_won():
            return "WIN", len(seen)
        if len(seen) >= limit:
            return "gave up", len(seen)
        pending.append(iter(game.legal_moves()))
    return "no win", len(seen)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("log", nargs="?", help="a --log file of benchmarks/solver.py")
    parser.add_argument("--game", help="a game, with --deals, instead of a log")
    parser.add_argument("--deals", type=deal_range, help="A-B, with --game")
    parser.add_argument("--limit", type=int, default=3_000_000, help="positions before giving up")
    args = parser.parse_args()
    if args.log:
        rows = [json.loads(line) for line in Path(args.log).read_text(encoding="utf-8").splitlines() if line]
        deals = [(row["game"], row["deal"]) for row in rows if row["status"] == "unsolvable"]
    elif args.game and args.deals:
        deals = [(args.game, deal) for deal in args.deals]
    else:
        parser.error("give a log file, or --game and --deals")
    answers: Counter[str] = Counter()
    for game_id, deal in deals:
        start = time.perf_counter()
        answer, positions = search_everything(Game.new(game_id, deal=deal), args.limit)
        answers[answer] += 1
        print(f"{game_id} {deal}: {answer}, {positions:,} positions, {time.perf_counter() - start:.1f} s", flush=True)
    print(f"{len(deals)} deals: {answers['no win']} no win, {answers['WIN']} WIN, {answers['gave up']} gave up")
    if not args.log:
        return 0
    return 1 if answers["WIN"] else 2 if answers["gave up"] else 0


if __name__ == "__main__":
    sys.exit(main())
