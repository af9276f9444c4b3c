"""`patience survey report --plot`: the share of deals decided against the seconds a deal took,
and the lengths of the wins. matplotlib is imported only here (the survey extra), with the Agg
backend, which needs no display."""

from __future__ import annotations

from pathlib import Path

from ..solver.search import SOLVED, UNKNOWN


def label_of(key: tuple) -> str:
    game, _rules, solver, timeout, max_states = key
    budget = f"{timeout:g} s" + (f", {max_states:,} positions" if max_states else "")
    return f"{game} ({budget}, solver {solver})"


def plot(groups: dict[tuple, list[dict]], out: Path) -> None:
    """Draw the two charts side by side into ``out`` (PNG, SVG or PDF by its suffix)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure, (decided, lengths) = pyplot.subplots(1, 2, figsize=(12, 4.5))
    try:
        for key, rows in groups.items():
            # A deal is decided (won or proved unsolvable) at the seconds it took; unknown deals never are.
            times = sorted(row["seconds"] for row in rows if row["status"] != UNKNOWN)
            shares = [(i + 1) / len(rows) for i in range(len(times))]
            decided.step(times, shares, where="post", label=label_of(key))
            wins = [row["length"] for row in rows if row["status"] == SOLVED and row["length"] is not None]
            if wins:
                lengths.hist(wins, bins=30, alpha=0.5, label=label_of(key))
        decided.set_xscale("log")
        decided.set_xlabel("seconds per deal")
        decided.set_ylabel("share of deals decided")
        decided.set_ylim(0, 1)
        decided.grid(True, which="both", alpha=0.3)
        decided.legend(fontsize="small")
        lengths.set_xlabel("moves in the win")
        lengths.set_ylabel("deals")
        if lengths.has_data():
            lengths.legend(fontsize="small")
        figure.tight_layout()
        figure.savefig(out)
    finally:
        pyplot.close(figure)
