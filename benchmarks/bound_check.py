"""Check `unsolvable` answers given before any search against the core's search with no bound.

    python benchmarks/bound_check.py GAME DEAL... [--timeout S]

The home, copies and deals bounds (docs/solver.md) call a deal lost at its root, in 0 positions.
Where `benchmarks/unpruned.py` cannot finish (Kwadratura Koła deal 3: it gave up after 3,000,000
positions, 180 s), this is the larger budget issue 33 allows instead: each deal is searched again
by the compiled core with every bound off (the home bound with ``bound=False``; the copies and
deals bounds are Python's and not asked), under the proven safe moves only, for S seconds (10 by
default) on a pool of two processes. A `solved` would show a bound wrong: the script then exits
with status 1. `unsolvable` confirms the answer (the search exhausted every position); `unknown`
neither confirms nor refutes it.
"""

from __future__ import annotations

import argparse
import sys
from multiprocessing import Pool
from pathlib import Path

try:
    from patience import Game
except ImportError:  # run from a source checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from patience import Game

from patience import core
from patience.solver.prune import home_bound
from patience.solver.search import solve


def check(job: tuple[str, int, float]) -> tuple[int, str, str, str, int]:
    """(deal, the solver's answer at its root, its reason, the unbounded search's answer, positions)."""
    game_id, deal, timeout = job
    game = Game.new(game_id, deal=deal)
    claimed = solve(game, timeout=None, max_states=1)
    position = core.position(game, home_bound=home_bound(game.rules))
    status, _moves, states, _reason = position.solve(timeout=timeout, max_states=None, bound=False)
    return deal, claimed.status, claimed.reason, status, states


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("deals", nargs="+", type=int)
    parser.add_argument("--timeout", type=float, default=10.0)
    args = parser.parse_args()
    wins = confirmed = 0
    with Pool(2) as pool:
        for deal, claimed, reason, status, states in pool.imap(check, [(args.game, d, args.timeout) for d in args.deals]):
            print(f"{args.game} {deal}: at the root {claimed} ({reason}); with no bound {status}, {states:,} positions",
                  flush=True)
            wins += status == "solved" and claimed == "unsolvable"
            confirmed += status == "unsolvable" and claimed == "unsolvable"
    print(f"{len(args.deals)} deals: {confirmed} confirmed by an exhausted search, {wins} won against the bound")
    return 1 if wins else 0


if __name__ == "__main__":
    sys.exit(main())
