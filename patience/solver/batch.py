"""Solving a range of deals, in parallel processes when asked (spawn-safe: the worker is a
top-level function that loads the ruleset itself)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from ..engine.game import Game
from ..i18n import _
from ..ruleset.registry import find_ruleset
from .beside import deaf_to_ctrl_c, ignore_ctrl_c
from .search import SOLVED, UNKNOWN, UNSOLVABLE, solve

if TYPE_CHECKING:
    from multiprocessing.pool import AsyncResult, Pool

Progress = Callable[[int, int, float], None]  # (deal, positions expanded, seconds so far)


# game, deal, timeout, max_states, workers, max_memory, win class (None: the first, `solve`)
Task = tuple[str, int, float | None, int | None, int, int | None, str | None]


def solve_deal(task: Task, progress: Progress | None = None, shorter: bool = True) -> dict:
    """One deal, as a plain dict (it crosses a process boundary); max_memory bounds the compiled
    core's table, in bytes (None: its default). ``shorter``: a win is shortened for a player
    (`search.solve`); a survey or a range that prints no moves has no use for it, and on a quick
    deal it costs far more than the search."""
    game_name, deal, timeout, max_states, workers, max_memory, win_class = task
    report = None if progress is None else (lambda states, seconds: progress(deal, states, seconds))
    game = Game(find_ruleset(game_name), deal)
    if win_class is not None:  # a later class (CZ-4): `classes.solve_class`, in this process
        from .classes import solve_class

        return {"deal": deal, "win_class": win_class, **solve_class(
            game, win_class, timeout=timeout, max_states=max_states, max_memory=max_memory, shorter=shorter).public()}
    result = solve(game, timeout=timeout, max_states=max_states, progress=report,
                   workers=workers, max_memory=max_memory, shorter=shorter)
    return {"deal": deal, **result.public()}


def solve_deals(game_name: str, deals: range, timeout: float | None, max_states: int | None,
                jobs: int = 1, progress: Progress | None = None, workers: int = 1,
                max_memory: int | None = None, shorter: bool = True, win_class: str | None = None) -> Iterator[dict]:
    """Each deal's answer, in deal order, as it comes, ``jobs`` deals at a time or one deal at a
    time with ``workers`` processes each (`solve`); not both, since a pool's processes may not
    fork helpers. ``progress`` is reported only when the deals are solved in this process.
    ``win_class``: search for that win class (`classes.solve_class`) instead of the first.

    Ctrl-C (KeyboardInterrupt) reaches only this process's code: the pool's workers ignore it
    and are terminated as it passes through."""
    tasks = ((game_name, deal, timeout, max_states, workers, max_memory, win_class) for deal in deals)  # a range may be huge
    if jobs <= 1 or len(deals) <= 1:
        for task in tasks:
            yield solve_deal(task, progress, shorter)
        return
    if workers > 1:
        raise ValueError(_("ask for several jobs or several workers, not both"))
    import multiprocessing  # only for several jobs: its import costs every start

    with deaf_to_ctrl_c():
        pool = multiprocessing.get_context("spawn").Pool(jobs, initializer=ignore_ctrl_c)
    with pool:
        yield from _in_order(pool, tasks, ahead=2 * jobs, shorter=shorter)


def _in_order(pool: Pool, tasks: Iterable[tuple], ahead: int, shorter: bool = True) -> Iterator[dict]:
    """The answers in task order, with at most ``ahead`` tasks handed to the pool at a time
    (`Pool.imap` would queue a whole range at once, however long)."""
    pending: deque[AsyncResult] = deque()
    for task in tasks:
        pending.append(pool.apply_async(solve_deal, (task,), {"shorter": shorter}))
        if len(pending) >= ahead:
            yield pending.popleft().get()
    while pending:
        yield pending.popleft().get()


def summarize(results: list[dict]) -> dict:
    """Counts of each answer, median and mean seconds, states per second."""
    import statistics  # here: 4 ms of every `patience solve` start (issue 34)

    seconds = [r["seconds"] for r in results]
    states = sum(r["states"] for r in results)
    total = sum(seconds)
    return {
        "deals": len(results),
        SOLVED: sum(r["status"] == SOLVED for r in results),
        UNSOLVABLE: sum(r["status"] == UNSOLVABLE for r in results),
        UNKNOWN: sum(r["status"] == UNKNOWN for r in results),
        "median_seconds": statistics.median(seconds) if seconds else 0.0,
        "mean_seconds": statistics.fmean(seconds) if seconds else 0.0,
        "states_per_second": states / total if total else 0.0,
    }
