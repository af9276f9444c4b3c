"""Check a survey's answers from outside the survey: every win replayed, some deals solved again.

    python benchmarks/survey_recheck.py FILE... [--resolve N] [--ruleset PATH...]

Two checks, per game and key of each results file (docs/winnability.md):

- **Every win is replayed.** The stored line of a `solved` row is played move by move on a fresh
  deal through the engine's own checks (`Game.play` parses the notation and refuses an illegal
  move); the deal must end won. A survey that stored a wrong line, or a line for another deal or
  other rules, fails here. This needs no search and runs over every row.
- **Some deals are solved again, one by one** (`--resolve N`: N deals spread over each key's range),
  with `solve_deal` and the row's own budget, as `patience solve --deal` would (by the solver
  installed now, which the line names when it is not the rows' version). The two answers may
  differ only where one of them is `unknown` (a time budget on a loaded machine decides more or
  fewer deals); `solved` against `unsolvable` is a contradiction, and the script exits 1.

Rows of a ruleset that is not shipped (a variant surveyed from a file) are checked when its file is
given with --ruleset; otherwise they are counted as skipped.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

try:
    import patience  # noqa: F401
except ImportError:  # run from a source checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from patience.session.catalogue import rules_digest
from patience.engine import Game, IllegalMove
from patience.ruleset import Ruleset
from patience.ruleset.registry import load_path, shipped_rulesets
from patience.solver.batch import solve_deal
from patience.solver.daily import SOLVER_VERSION
from patience.survey import SurveyFile


def replay_fails(ruleset: Ruleset, deal: int, moves: str) -> str | None:
    """None when the line wins the deal; else what went wrong, in a few words."""
    game = Game(ruleset, deal)
    for number, text in enumerate(moves.split(), 1):
        try:
            game.play(text)
        except IllegalMove as refused:
            return f"move {number} ({text}) refused: {refused}"
    return None if game.win_class() is not None else f"not won after {len(moves.split())} moves"


def spread(deals: list[int], count: int) -> list[int]:
    """``count`` deals at even steps through ``deals`` (all of them when there are fewer)."""
    if count >= len(deals):
        return deals
    step = len(deals) / count
    return [deals[int(i * step)] for i in range(count)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path, help="survey results files")
    parser.add_argument("--resolve", type=int, default=0, metavar="N", help="deals per key to solve again")
    parser.add_argument("--ruleset", type=Path, action="append", default=[], help="a variant's ruleset file")
    args = parser.parse_args()

    rulesets: dict[str, Ruleset] = {r.id: r for r in shipped_rulesets()}
    sources: dict[str, str] = {r.id: r.id for r in rulesets.values()}
    for path in args.ruleset:
        variant = load_path(path)
        rulesets[variant.id], sources[variant.id] = variant, str(path.resolve())

    keys: dict[tuple, list[dict]] = defaultdict(list)
    for path in args.files:
        with SurveyFile(path, readonly=True) as results:
            for row in results.rows():
                keys[(row["ruleset"], row["rules"], row["solver"], row["timeout"], row["max_states"])].append(row)

    contradictions = 0
    for (game_id, rules, solver, timeout, max_states), rows in sorted(keys.items()):
        ruleset = rulesets.get(game_id)
        positions = f", {max_states:,} positions" if max_states else ""
        label = f"{game_id} (solver {solver}, {timeout:g} s{positions})"
        if ruleset is None or rules_digest(ruleset) != rules:
            print(f"{label}: {len(rows)} rows skipped (rules not at hand)")
            continue
        wins = [row for row in rows if row["status"] == "solved"]
        failed = [(row["deal"], why) for row in wins if (why := replay_fails(ruleset, row["deal"], row["moves"] or ""))]
        line = f"{label}: {len(wins) - len(failed)} of {len(wins)} wins replay to a win"
        for deal, why in failed[:5]:
            line += f"\n  deal {deal}: {why}"
        contradictions += len(failed)
        if args.resolve:
            if solver != SOLVER_VERSION:
                line += f"; solved again by solver {SOLVER_VERSION}, not {solver}"
            by_deal = {row["deal"]: row for row in rows}
            pairs: Counter[tuple[str, str]] = Counter()
            for deal in spread(sorted(by_deal), args.resolve):
                again = solve_deal((sources[game_id], deal, timeout, max_states or None, 1, None, None))
                pairs[(by_deal[deal]["status"], again["status"])] += 1
            clash = pairs[("solved", "unsolvable")] + pairs[("unsolvable", "solved")]
            contradictions += clash
            agree = sum(n for (a, b), n in pairs.items() if a == b)
            line += (f"; solved again one by one: {agree} of {sum(pairs.values())} the same, "
                     f"{clash} contradicting")
            differ = ", ".join(f"{a} then {b}: {n}" for (a, b), n in sorted(pairs.items()) if a != b)
            if differ:
                line += f" ({differ})"
        print(line, flush=True)
    print("contradictions:", contradictions)
    return 1 if contradictions else 0


if __name__ == "__main__":
    sys.exit(main())
