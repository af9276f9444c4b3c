"""What a survey's rows say: per game and budget, the answers, the winnable share with a 95 %
Wilson interval over the decided deals, the range the unknown deals could move it, and the
seconds a deal took at a few percentiles."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import asdict, dataclass

from ..i18n import _, number
from ..solver.search import SOLVED, UNKNOWN, UNSOLVABLE

Z95 = 1.959963984540054  # the standard normal's 97.5th percentile: two-sided 95 %
PERCENTILES = (50, 90, 99)


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a share ``successes / trials``; (0, 1) with no trials.
    Unlike the normal approximation it stays within [0, 1] and is sound near 0 % and 100 %,
    where most games' shares lie."""
    if trials == 0:
        return 0.0, 1.0
    share = successes / trials
    z2 = z * z
    centre = (share + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(share * (1 - share) / trials + z2 / (4 * trials * trials))
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(sorted_values: list[float], p: float) -> float:
    """The nearest-rank percentile: the smallest value with at least p % of the values at or
    below it (a value that was measured, never one between two)."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(p / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


@dataclass
class GameReport:
    """One game surveyed under one key (rules, solver, budget)."""

    game: str
    rules: str
    solver: str
    timeout: float
    max_states: int  # 0: no limit
    deals: int
    first: int
    last: int
    solved: int
    unsolvable: int
    unknown: int
    share: float | None  # solved / decided; None when no deal was decided
    interval: tuple[float, float] | None  # 95 % Wilson over the decided deals
    share_range: tuple[float, float]  # every unknown deal lost .. every unknown deal won
    seconds: dict[str, float]  # p50, p90, p99, max
    mean_length: float | None  # moves in a win
    machines: list[str]

    def as_json(self) -> dict:
        return asdict(self)


def budget_text(timeout: float, max_states: int | None) -> str:
    """``30 s a deal, at most 100,000 positions``; no limit on positions is 0 or None."""
    seconds = _("{seconds} s a deal").format(seconds=number(timeout, 1 if timeout % 1 else 0))
    if not max_states:
        return seconds
    return _("{seconds}, at most {states} positions").format(seconds=seconds, states=number(max_states))


def grouped(rows: Iterable[dict]) -> dict[tuple, list[dict]]:
    """The rows of each key (game, rules, solver, timeout, max_states), in key order; a deal
    found in several files counts once."""
    groups: dict[tuple, dict[int, dict]] = {}
    for row in rows:
        key = (row["ruleset"], row["rules"], row["solver"], row["timeout"], row["max_states"])
        groups.setdefault(key, {}).setdefault(row["deal"], row)
    return {key: list(groups[key].values()) for key in sorted(groups)}


def reports(groups: dict[tuple, list[dict]]) -> list[GameReport]:
    """One report per key of `grouped`."""
    return [_report(key, rows) for key, rows in groups.items()]


def _report(key: tuple, rows: list[dict]) -> GameReport:
    game, rules, solver, timeout, max_states = key
    count = {status: sum(row["status"] == status for row in rows) for status in (SOLVED, UNSOLVABLE, UNKNOWN)}
    decided = count[SOLVED] + count[UNSOLVABLE]
    seconds = sorted(row["seconds"] for row in rows)
    lengths = [row["length"] for row in rows if row["length"] is not None]
    times = {f"p{p}": percentile(seconds, p) for p in PERCENTILES}
    times["max"] = seconds[-1]
    deals = [row["deal"] for row in rows]
    return GameReport(
        game=game, rules=rules, solver=solver, timeout=timeout, max_states=max_states, deals=len(rows),
        first=min(deals), last=max(deals), solved=count[SOLVED], unsolvable=count[UNSOLVABLE],
        unknown=count[UNKNOWN], share=count[SOLVED] / decided if decided else None,
        interval=wilson(count[SOLVED], decided) if decided else None,
        share_range=(count[SOLVED] / len(rows), (count[SOLVED] + count[UNKNOWN]) / len(rows)),
        seconds=times, mean_length=sum(lengths) / len(lengths) if lengths else None,
        machines=sorted({row["machine"] for row in rows if row.get("machine")}))
