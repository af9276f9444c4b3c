"""The daily deal and winnable deals: deal numbers the solver has won, chosen the same way
on every machine.

The day's deal of a game is recomputed, not stored anywhere shared:

1. the first candidate is ``int.from_bytes(sha256(f"patience daily {game_id} {date}"), "big")
   % RANDOM_DEALS + 1`` (the date ISO, ``2026-11-30``; the text UTF-8);
2. each candidate is solved with a budget of ``DAILY_STATES`` positions and no time limit, so a
   slow machine and a fast one give the same answer; the first one solved is the day's deal;
3. a candidate not solved moves on to the next number (after ``RANDOM_DEALS`` comes 1), at most
   ``DAILY_CANDIDATES`` candidates in all.

The answer depends on the solver, so ``SOLVER_VERSION`` (part of the cache key) is raised when
the search changes which deals it wins within the budget.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from datetime import date as Date
from pathlib import Path
from typing import TYPE_CHECKING

from ..deals import RANDOM_DEALS
from ..engine.game import Game
from ..files import read_user_file, write_atomic
from ..i18n import _
from .search import SOLVED, SolveResult, solve

if TYPE_CHECKING:
    from ..ruleset.model import Ruleset

DAILY_STATES = 3_000  # positions per candidate: a few seconds at most on a laptop
DAILY_CANDIDATES = 10  # candidates tried before giving up on a game and a day
SOLVER_VERSION = "32"  # raise when the solver may now win other deals within the budget (10: the core's best-first; 11: its tie order and cards taken back; 12: depth-first marks a child when listed, and reverses ties only in runs 2, 6, 10, ..., which wins Cromwell 3 and 8; 13: best-first's estimate and priority where the layout has one-card cells, FreeCell and the like; 14: the core's home bound, which proves deals lost where every card can only go home, as Kwadratura Koła's; 15: the copies bound before any search, solver/bound.py; 16: best-first's memory counted at its size, so a search goes on to about twice the positions within max_memory; 17: the deals bound before any search, solver/buried.py; 18: a swap waits, as a batch queued behind its position in best-first and after the other children in depth-first, which wins most Cromwell deals; 19: depth-first lists a position's swaps only once its next child's estimate is SWAP_COST worse than its own, so each Cromwell position costs a few dozen children, not 5,300; 20: the listing of moves leaves the swaps out where the searches list them later, the same positions in about half the CPU, so a timed search reaches further; 21: the unpruned search gets half the clock where the first phase's safe moves are unproven, which wins deals those safe moves bar; 22: a quarter, which keeps Parada's later first-phase wins; 23: a grid whose cells no rule reads is a group of interchangeable piles, keyed sorted as any other (Royal Cotillion's reserve); 24: when best-first fills max_memory, depth-first's runs go on alone until the clock instead of stopping there; 25: under a clock, where stock turns commute, a search of at most 250,000 positions in the other order first, which wins Kwadratura Koła 149, Number Ten 10 and Diplomat 8; 26: under unproven safe moves that search gives half its positions to a search with none, which wins Eight x Eight 1 and 7, where the Python search won deal 1 and the core did not; 27: nested rollouts, a quarter of the clock and of the positions after the first phase, which win Parada deals the exhaustive searches leave unknown; 28: the rollouts play the swap where they are stuck, one that brings a card a foundation takes to the top of a pile, which wins Cromwell deals; 29: under a proven rule (or none) the rollouts take the last quarter, after the proof, which wins Kwadratura Koła deals; 30: after a first phase under unproven safe moves that the clock cut, the rollouts take the rest of the clock in place of the unpruned search, which could not be exhausted in it, and win more Parada deals; 31: under a clock alone, an opening of at most 20,000 positions and then a tenth of the clock of rollouts before the phases, so that the rollouts' quick wins, Dywan's, Parada's and Cromwell's, come in seconds, not after the first phase; 32: where the first phase is the proof, the opening searches up to 200,000 positions before any rollout, so that such proofs (FreeCell 11982, most of Czternastki's) do not wait a tenth of the clock)
CACHE_FILE = "daily.json"
CACHE_FORMAT = "patience-daily-cache"
CACHE_KEEP = 200  # newest entries kept; older days are recomputed if ever asked for
MAX_CACHE_BYTES = 4_000_000  # CACHE_KEEP entries of a few kB each; a larger file is not ours

Progress = Callable[[int, int, float], None]  # (deal being checked, positions so far, seconds)
Verify = Callable[[int], SolveResult]  # a deal number's solver answer


class NoWinnableDeal(Exception):
    """No candidate was solved within the budget; the message says so in one line."""


@dataclass(frozen=True)
class Winnable:
    """A deal the solver won, and how many candidates before it were passed over."""

    deal: int
    result: SolveResult
    skipped: int


def first_candidate(game_id: str, day: Date) -> int:
    """The day's first candidate deal number: a function of the game id and the date only."""
    digest = hashlib.sha256(f"patience daily {game_id} {day.isoformat()}".encode()).digest()  # str.encode is UTF-8
    return int.from_bytes(digest, "big") % RANDOM_DEALS + 1


def daily_candidates(game_id: str, day: Date, count: int = DAILY_CANDIDATES) -> list[int]:
    """The candidates in the order they are tried, wrapping from ``RANDOM_DEALS`` to 1."""
    first = first_candidate(game_id, day)
    return [(first - 1 + i) % RANDOM_DEALS + 1 for i in range(count)]


def solver_verify(ruleset: Ruleset, max_states: int, progress: Progress | None = None) -> Verify:
    """Solve a deal of ``ruleset`` with a state budget only, by the Python search: the same answer
    on any machine."""

    def verify(deal: int) -> SolveResult:
        report = None if progress is None else (lambda states, seconds: progress(deal, states, seconds))
        # The Python search, never the compiled core: the day's deal must not depend on whether a
        # machine built the extension (the two win different deals within one position budget).
        return solve(Game(ruleset, deal), timeout=None, max_states=max_states, progress=report, engine="python")

    return verify


def _budgets(max_states: int | None, tries: int | None) -> tuple[int, int]:
    """Positions per candidate and candidates tried: the daily deal's unless given (read at
    call time, so tests may lower them)."""
    return max_states or DAILY_STATES, tries or DAILY_CANDIDATES


def first_winnable(candidates: list[int], verify: Verify, *, game_id: str, max_states: int) -> Winnable:
    """The first candidate ``verify`` solves; `NoWinnableDeal` when none is."""
    for skipped, deal in enumerate(candidates):
        result = verify(deal)
        if result.status == SOLVED:
            return Winnable(deal, result, skipped)
    raise NoWinnableDeal(_(
        "the solver could not verify any of the {count} deals of {game} from deal {first} on within {states} "
        "positions each; it finds some games far harder than others, so try another game"
    ).format(count=len(candidates), game=game_id, first=candidates[0], states=max_states))


def winnable_from(ruleset: Ruleset, start: int, *, max_states: int | None = None, tries: int | None = None,
                  progress: Progress | None = None, verify: Verify | None = None) -> Winnable:
    """The first deal from ``start`` on (``start``, ``start + 1``, ...) that the solver wins;
    the budgets are the daily deal's unless given."""
    states, count = _budgets(max_states, tries)
    check = verify or solver_verify(ruleset, states, progress)
    return first_winnable(list(range(start, start + count)), check, game_id=ruleset.id, max_states=states)


# ---------------------------------------------------------------------- the daily deal, cached


def _fingerprint(ruleset: Ruleset) -> str:
    """A short hash of the rules themselves: an edited ruleset of the same id is checked again."""
    return hashlib.sha256(ruleset.model_dump_json().encode("utf-8")).hexdigest()[:16]


def cache_key(ruleset: Ruleset, day: Date, max_states: int, tries: int) -> str:
    return f"{ruleset.id} {day.isoformat()} states={max_states} tries={tries} solver={SOLVER_VERSION} rules={_fingerprint(ruleset)}"


def _read_cache(path: Path) -> dict[str, dict]:
    """The cached answers; a missing, unreadable or damaged file is an empty cache."""
    try:
        data = json.loads(read_user_file(path, MAX_CACHE_BYTES).decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return {}
    if not isinstance(data, dict) or data.get("format") != CACHE_FORMAT or not isinstance(data.get("entries"), dict):
        return {}
    return {k: v for k, v in data["entries"].items() if isinstance(v, dict)}


def _from_entry(entry: dict) -> Winnable | None:
    """A cached answer, or None when the entry is not one this version wrote."""
    try:
        result = SolveResult(**entry["result"])
        winnable = Winnable(int(entry["deal"]), result, int(entry["skipped"]))
    except (KeyError, TypeError, ValueError):
        return None
    if result.status != SOLVED or not all(isinstance(m, str) for m in result.moves):
        return None
    return winnable


def _write_cache(path: Path, entries: dict[str, dict]) -> None:
    """Write atomically; the cache only saves time, so a failure to write is ignored."""
    kept = dict(list(entries.items())[-CACHE_KEEP:])
    with suppress(OSError):
        write_atomic(path, json.dumps({"format": CACHE_FORMAT, "entries": kept}, ensure_ascii=False))


def daily_deal(ruleset: Ruleset, day: Date, *, cache_dir: Path | None = None, max_states: int | None = None,
               tries: int | None = None, progress: Progress | None = None,
               verify: Verify | None = None) -> Winnable:
    """The day's deal of ``ruleset``, from the cache in ``cache_dir`` when it was checked before."""
    max_states, tries = _budgets(max_states, tries)
    path = cache_dir / CACHE_FILE if cache_dir is not None else None
    key = cache_key(ruleset, day, max_states, tries)
    entries = _read_cache(path) if path is not None else {}
    cached = _from_entry(entries[key]) if key in entries else None
    if cached is not None:
        return cached
    check = verify or solver_verify(ruleset, max_states, progress)
    found = first_winnable(daily_candidates(ruleset.id, day, tries), check, game_id=ruleset.id, max_states=max_states)
    if path is not None:
        entries.pop(key, None)
        entries[key] = {"deal": found.deal, "skipped": found.skipped, "result": found.result.public()}
        _write_cache(path, entries)
    return found
