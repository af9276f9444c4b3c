"""Two shares of the clock for `solve()`'s first phase, deal by deal, in turns on the same cores.

    python benchmarks/phase_share.py [GAME ...] [--deals A-B] [--timeout S] [--shares OLD NEW]
                                     [--setting NAME] [--out FILE]

Where a ruleset has no proven safe-move rule, `solve()` first searches under SIMPLE's unproven safe
moves, for `FIRST_PHASE_SHARE` of the timeout, then unpruned for the rest (docs/solver.md, solvers
21 and 22). This solves each deal twice, once with each share (by default 1.0, the rule before
solver 21: the unpruned search only once the first phase is exhausted, and the current share), the
two runs of a deal queued one after
the other on a pool of two processes so that both see the same load. With no game named, every
shipped ruleset the rule touches. Printed: the games whose counts differ, the totals, and every
deal answered differently. Rows go to FILE as JSON lines (appended), to report on again with
``--report FILE``. Note the load (``uptime``) with the figures.

``--setting ROLLOUT_SHARE --shares 0 0.25`` compares the nested rollouts' share of the clock instead
(none, as before solver 27, against the current share): it is taken from the same first phases,
so with no game named the same rulesets. ``--setting OPENING_ROLLOUTS --shares 0 0.1`` compares
no opening (solver 30) with the opening's spell of rollouts (solver 31); the rows' seconds show
when each answer came. ``--setting OPENING_PROOF_STATES --shares 20000 200000`` compares the
opening's search where it is the proof (positions, not a share).
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

try:
    from patience import Game
except ImportError:  # run from a source checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from patience import Game

from patience.ruleset.registry import shipped_rulesets
from patience.solver import search
from patience.solver.prune import SIMPLE, autoplay_rule


def touched() -> list[str]:
    """The shipped rulesets whose first phase runs under unproven safe moves."""
    found = []
    for ruleset in shipped_rulesets():
        game = Game.new(ruleset.id, deal=1)
        if autoplay_rule(game.rules) is None and search.core_safe_tables(game, SIMPLE)[1]:
            found.append(ruleset.id)
    return found


def one(job: tuple[str, float, float, str, int]) -> dict:
    setting, share, timeout, game_id, deal = job
    setattr(search, setting, int(share) if setting.endswith("_STATES") else share)
    cpu = time.process_time()
    result = search.solve(Game.new(game_id, deal=deal), timeout=timeout, max_memory=3 << 30)
    return {"share": share, "game": game_id, "deal": deal, "status": result.status, "reason": result.reason,
            "seconds": round(result.seconds, 2), "cpu": round(time.process_time() - cpu, 2), "states": result.states}


def report(rows: list[dict], old: float, new: float) -> None:
    by_deal: dict[tuple[str, int], dict[float, dict]] = collections.defaultdict(dict)
    for row in rows:
        by_deal[(row["game"], row["deal"])][row["share"]] = row
    counts: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    changed = []
    for (game_id, deal), answers in sorted(by_deal.items()):
        if old not in answers or new not in answers:
            continue
        for share, row in answers.items():
            counts[game_id][(share, row["status"])] += 1
            counts[game_id][(share, "cpu")] += row["cpu"]
        if answers[old]["status"] != answers[new]["status"]:
            changed.append((game_id, deal, answers[old]["status"], answers[old]["seconds"],
                            answers[new]["status"], answers[new]["seconds"]))
    totals: collections.Counter = collections.Counter()
    for game_id, count in sorted(counts.items()):
        for key, value in count.items():
            totals[key] += value
        line = {share: f"{count[(share, 'solved')]} won / {count[(share, 'unsolvable')]} unsolvable"
                for share in (old, new)}
        if line[old] != line[new]:
            print(f"{game_id:24} share {old}: {line[old]:28} share {new}: {line[new]}")
    for share in (old, new):
        won_after = sorted(answers[share]["seconds"] for answers in by_deal.values()
                           if old in answers and new in answers and answers[share]["status"] == "solved")
        median = statistics.median(won_after) if won_after else 0.0
        print(f"share {share}: {totals[(share, 'solved')]} won, {totals[(share, 'unsolvable')]} unsolvable, "
              f"{totals[(share, 'unknown')]} unknown, {totals[(share, 'cpu')]:.0f} s CPU; "
              f"wins after {median:.2f} s (median), {sum(won_after):.0f} s in all")
    for game_id, deal, was, was_s, now, now_s in changed:
        print(f"  {game_id} {deal}: {was} ({was_s} s) -> {now} ({now_s} s)")


def deal_list(text: str) -> list[int]:
    """Deals "A-B", or a comma-separated list of deals and ranges ("5,7,11-13")."""
    deals = []
    for part in text.split(","):
        first, _sep, last = part.partition("-")
        deals.extend(range(int(first), int(last or first) + 1))
    return deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*")
    parser.add_argument("--deals", default="1-20", help="A-B, or a list such as 5,7,11-13")
    parser.add_argument("--timeout", type=float, default=6.0)
    parser.add_argument("--shares", type=float, nargs=2, default=None,
                        help="the old and the new value (default: 1.0 and FIRST_PHASE_SHARE; 0 and ROLLOUT_SHARE)")
    parser.add_argument("--setting", default="FIRST_PHASE_SHARE", choices=(
        "FIRST_PHASE_SHARE", "ROLLOUT_SHARE", "UNPRUNED_AFTER_A_CUT", "OPENING_ROLLOUTS", "OPENING_PROOF_STATES"))
    parser.add_argument("--out", default="phase_share.jsonl")
    parser.add_argument("--report", metavar="FILE", help="only report on rows written before")
    args = parser.parse_args()
    rollouts = args.setting == "ROLLOUT_SHARE"
    old, new = args.shares or ((0.0, search.ROLLOUT_SHARE) if rollouts else (1.0, search.FIRST_PHASE_SHARE))
    if args.report:
        report([json.loads(line) for line in Path(args.report).read_text().splitlines()], old, new)
        return
    deals = deal_list(args.deals)
    jobs = [(args.setting, share, args.timeout, game_id, deal) for game_id in (args.games or touched()) for deal in deals
            for share in (old, new)]
    rows = []
    with Pool(2, maxtasksperchild=20) as pool, open(args.out, "a") as out:
        for row in pool.imap_unordered(one, jobs):
            rows.append(row)
            out.write(json.dumps(row) + "\n")
            out.flush()
    report(rows, old, new)


if __name__ == "__main__":
    main()
