"""Solver figures: solved / unsolvable / unknown counts, median and mean seconds, states per second.

    python benchmarks/solver.py [--deals A-B] [--timeout S] [--klondike A-B] [--klondike-timeout S]
                                [--polish A-B] [--polish-timeout S] [--jobs J | --workers W]
                                [--only PART ...] [--log FILE]

Parts (all by default), with issue 7's sizes as defaults: ``freecell`` (Microsoft deals 1-1000
at 10 s each; target: all solved, median <= 0.2 s), ``klondike-3`` (draw three, deals 1-200 at
60 s each; target: >= 95 % decided), and ``polish`` (every Polish game, deals 1-50 at 10 s each).

Two ways to use two cores: ``--jobs 2`` (the default) solves two deals at once, a process each;
``--jobs 1 --workers 2`` solves one deal at a time with its two searches in two processes
(`solve(workers=2)`), which gives every deal both cores for its whole budget. The second is how
issue 7's figures were taken; on the development machine it took about 3 minutes for FreeCell,
28 for Klondike (solver version 8; 33 with version 7) and 40 for the Polish games. ``--log
FILE`` keeps every deal's answer. ``--pure`` sets PATIENCE_PURE=1 (the Python search
everywhere), so that one run per setting gives before/after ratios. Each game's line names the
engine that answered (``compiled`` or ``python``, with the reason the compiled core does not
cover a game), the slowest deal, and how many solutions take a card back from a win pile.

Every answer a deal gets is also checked: a `solved` line is replayed through ``Game.play`` to a
win, or the script stops with an error. Performance only; no test depends on these figures.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import TextIO

try:
    from patience import Game
except ImportError:  # run from a source checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from patience import Game

from patience.solver.batch import solve_deals, summarize

POLISH = ("cromwell", "parada", "parada-1", "kwadratura-kola", "dywan", "czternastki")


def deal_range(text: str) -> range:
    first, _sep, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def check(game: str, result: dict) -> bool:
    """A solved answer must replay to a win with the engine's checks; True when it takes a card
    back out of a win pile on the way (issue 24 item 4)."""
    if result["status"] != "solved":
        return False
    replay = Game.new(game, deal=result["deal"])
    takes_back = False
    for word in result["moves"]:
        src, dst, _n = replay.play(word)
        takes_back = takes_back or (dst >= 0 and src in replay.rules.win_pile_set)
    if not replay.is_won():
        sys.exit(f"{game} deal {result['deal']}: the solution does not win")
    return takes_back


def run(game: str, deals: range, timeout: float, jobs: int, workers: int, log: TextIO | None) -> dict:
    started = time.monotonic()
    results = []
    taking_back = 0
    for result in solve_deals(game, deals, timeout, None, jobs, workers=workers, shorter=False):  # the search alone
        taking_back += check(game, result)
        results.append(result)
        if log is not None:
            fields = ("deal", "status", "reason", "states", "seconds")
            log.write(json.dumps({"game": game, **{k: result[k] for k in fields}}) + "\n")
            log.flush()
    summary = summarize(results)
    wall = time.monotonic() - started
    print(f"{game:16} deals {deals.start}-{deals.stop - 1} at {timeout:g} s: "
          f"{summary['solved']} solved, {summary['unsolvable']} unsolvable, {summary['unknown']} unknown; "
          f"median {summary['median_seconds'] * 1000:.1f} ms, mean {summary['mean_seconds'] * 1000:.1f} ms, "
          f"{summary['states_per_second']:.0f} states/s; wall {wall:.0f} s", flush=True)
    engines = sorted({(r["engine"], r["engine_reason"]) for r in results})
    slowest = max(results, key=lambda r: r["seconds"])
    print(f"{'':16} engine: {'; '.join(e + (f' ({why})' if why else '') for e, why in engines)}; "
          f"slowest deal {slowest['deal']} {slowest['seconds']:.3f} s; "
          f"{taking_back} solutions take a card back from a win pile", flush=True)
    unknown = [r["deal"] for r in results if r["status"] == "unknown"]
    if unknown:
        print(f"{'':16} unknown: {' '.join(map(str, unknown))}", flush=True)
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-1000", help="FreeCell deals A-B")
    parser.add_argument("--timeout", type=float, default=10.0, help="FreeCell seconds per deal")
    parser.add_argument("--klondike", default="1-200", help="Klondike draw-3 deals A-B")
    parser.add_argument("--klondike-timeout", type=float, default=60.0)
    parser.add_argument("--polish", default="1-50", help="deals A-B of each Polish game")
    parser.add_argument("--polish-timeout", type=float, default=10.0)
    parser.add_argument("--jobs", type=int, default=2, help="deals solved at once, a process each")
    parser.add_argument("--workers", type=int, default=1,
                        help="processes per deal (with --jobs 1): 2 runs depth-first beside best-first")
    parser.add_argument("--only", nargs="*", choices=("freecell", "klondike-3", "polish", "covered"))
    parser.add_argument("--covered", default="1-20", help="with --only covered: deals A-B of every game "
                        "the compiled core covers")
    parser.add_argument("--pure", action="store_true", help="PATIENCE_PURE=1: the Python search only")
    parser.add_argument("--log", type=argparse.FileType("a", encoding="utf-8"),
                        help="append each deal's answer to this file, one JSON object per line")
    args = parser.parse_args()
    parts = set(args.only or ("freecell", "klondike-3", "polish"))
    if args.pure:
        os.environ["PATIENCE_PURE"] = "1"  # worker processes inherit it
    if args.jobs > 1 and args.workers > 1:
        parser.error("--jobs and --workers: one of them must be 1")
    print(f"python {platform.python_version()}, {args.jobs} deal(s) at a time, {args.workers} process(es) each; "
          "the solver sees face-down cards")
    if "freecell" in parts:
        run("freecell", deal_range(args.deals), args.timeout, args.jobs, args.workers, args.log)
    if "klondike-3" in parts:
        run("klondike-3", deal_range(args.klondike), args.klondike_timeout, args.jobs, args.workers, args.log)
    if "polish" in parts:
        for game in POLISH:
            run(game, deal_range(args.polish), args.polish_timeout, args.jobs, args.workers, args.log)
    if "covered" in parts:
        from patience.core import not_covered
        from patience.ruleset.registry import shipped_rulesets

        for ruleset in shipped_rulesets():
            if not_covered(Game(ruleset).rules) is None:
                run(ruleset.id, deal_range(args.covered), args.polish_timeout, args.jobs, args.workers, args.log)


if __name__ == "__main__":
    main()
