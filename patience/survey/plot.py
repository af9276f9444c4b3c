"""`patience survey report --plot`: the share of deals decided against the seconds a deal took,
and the lengths of the wins. matplotlib is imported only here (the survey extra), with the Agg
backend, which needs no display."""

from __future__ import annotations

from pathlib import Path

from ..files import replacing
from ..i18n import _
from ..solver.search import SOLVED, UNKNOWN
from .report import budget_text


def label_of(key: tuple) -> str:
    game, _rules, solver, timeout, max_states = key
    return _("{game} ({budget}, solver {solver})").format(game=game, budget=budget_text(timeout, max_states),
                                                          solver=solver)


def plot(groups: dict[tuple, list[dict]], out: Path, *, replace: bool = True) -> None:
    """Draw the two charts side by side into ``out`` (PNG, SVG or PDF by its suffix), atomically
    (files.replacing): FileExistsError when it exists and ``replace`` is False; a link or a
    device (/dev/full) in its place is refused, and a failed write says so."""
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
        decided.set_xlabel(_("seconds per deal"))
        decided.set_ylabel(_("share of deals decided"))
        decided.set_ylim(0, 1)
        decided.grid(True, which="both", alpha=0.3)
        decided.legend(fontsize="small")
        lengths.set_xlabel(_("moves in the win"))
        lengths.set_ylabel(_("deals"))
        if lengths.has_data():
            lengths.legend(fontsize="small")
        figure.tight_layout()
        with replacing(out, replace=replace) as temporary:  # the temporary name's suffix is not the format's
            figure.savefig(temporary, format=out.suffix.lstrip(".").lower() or "png")
    finally:
        pyplot.close(figure)
