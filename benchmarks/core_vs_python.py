"""The compiled core against the Python search, deal by deal (issue 33 deliver 2): every deal the
Python search decides, the core must decide the same way.

    python benchmarks/core_vs_python.py [--deals A-B] [--timeout S] [--states N] [--games ID ...]

Every shipped ruleset the core covers (or those named), deals A-B, each searched twice at the same
budget (seconds, and with ``--states`` also positions, the same on a loaded machine): by the Python search (``engine="python"``) and by the core. Printed: a line per game
(decided by each, positions per CPU-second of each), and a row for every deal where the Python
search decides and the core does not, or the two disagree. Every `solved` line of either search
is replayed through ``Game.play`` to a win. Exit status 1 on a disagreement (one says solved, the
other unsolvable) or a line that does not win; a deal the core leaves unknown is reported, not an
error, since a budget is seconds on a shared machine. Note the load (``uptime``) with the figures.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

try:
    from patience import Game
except ImportError:  # run from a source checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from patience import Game

from patience.core import not_covered
from patience.ruleset.registry import find_ruleset, shipped_rulesets
from patience.solver.search import UNKNOWN, SolveResult, solve


def deal_range(text: str) -> range:
    first, _sep, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def timed(game_id: str, deal: int, timeout: float, engine: str, states: int | None = None) -> tuple[SolveResult, float]:
    """One search and the CPU seconds it took."""
    game = Game(find_ruleset(game_id), deal)
    started = time.process_time()
    result = solve(game, timeout=timeout, max_states=states, engine=engine, shorter=False)
    return result, time.process_time() - started


def wins(game_id: str, deal: int, result: SolveResult) -> bool:
    """Whether a solved line replays through `Game.play` to a win (True for other answers)."""
    if result.status != "solved":
        return True
    replay = Game(find_ruleset(game_id), deal)
    for word in result.moves:
        replay.play(word)
    return replay.is_won()


def compare(game_id: str, deals: range, timeout: float, states_cap: int | None = None) -> tuple[int, int]:
    """Prints the game's line and its rows; returns (disagreements, deals the core decided less)."""
    decided = {"python": 0, "compiled": 0}
    states = {"python": 0, "compiled": 0}
    cpu = {"python": 0.0, "compiled": 0.0}
    bad = fewer = 0
    for deal in deals:
        answers = {}
        for engine in ("python", "auto"):
            result, seconds = timed(game_id, deal, timeout, engine, states_cap)
            name = "python" if engine == "python" else "compiled"
            if result.engine != name:
                sys.exit(f"{game_id}: asked for the {name} search, the {result.engine} search answered")
            if not wins(game_id, deal, result):
                print(f"  {game_id} {deal}: the {name} search's line does not win")
                bad += 1
            answers[name] = result
            decided[name] += result.status != UNKNOWN
            states[name] += result.states
            cpu[name] += seconds
        py, co = answers["python"], answers["compiled"]
        if py.status != UNKNOWN and co.status != UNKNOWN and py.status != co.status:
            print(f"  {game_id} {deal}: DISAGREE python {py.status} ({py.states} positions), "
                  f"core {co.status} ({co.states})")
            bad += 1
        elif py.status != UNKNOWN and co.status == UNKNOWN:
            print(f"  {game_id} {deal}: python {py.status} in {py.states} positions, core unknown "
                  f"({co.states} positions, {co.reason})")
            fewer += 1
    rate = {name: states[name] / cpu[name] / 1000 if cpu[name] else 0.0 for name in cpu}
    cap = f" and {states_cap} positions" if states_cap else ""
    print(f"{game_id:26} deals {deals.start}-{deals.stop - 1} at {timeout:g} s{cap}: decided python "
          f"{decided['python']}, core {decided['compiled']}; positions per CPU-second python "
          f"{rate['python']:.1f} k, core {rate['compiled']:.0f} k", flush=True)
    return bad, fewer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-50")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per deal and search")
    parser.add_argument("--states", type=int, help="also at most this many positions per deal and search")
    parser.add_argument("--games", nargs="*", help="ruleset ids (default: every one the core covers)")
    args = parser.parse_args()
    covered = [rs.id for rs in shipped_rulesets() if not_covered(Game(rs).rules) is None]
    games = args.games or covered
    uncovered = [g for g in games if g not in covered]
    if uncovered:
        parser.error(f"the compiled core does not cover {', '.join(uncovered)}")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {len(games)} rulesets")
    bad = fewer = 0
    for game_id in games:
        b, f = compare(game_id, deal_range(args.deals), args.timeout, args.states)
        bad += b
        fewer += f
    print(f"disagreements {bad}; deals the Python search decides and the core leaves unknown {fewer}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
