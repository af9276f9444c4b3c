"""The compiled search core (docs/solver.md, "The compiled core"): the solver's hot path in C
for the rulesets it covers; the Python engine stays the reference and the fallback."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from ..engine.compiled import CompiledRules
from ..ruleset.views import deal_key
from .tables import CoreTables, core_tables, not_covered, shuffle_orders

if TYPE_CHECKING:
    from ..engine.game import Game

Core = Any  # _search.Core: a compiled class, no stubs

try:
    from . import _search
except ImportError:  # not built (a source checkout without a compiler): the Python search answers
    _search = None  # type: ignore[assignment]

PURE_REASON = "PATIENCE_PURE=1"
NOT_BUILT_REASON = "the compiled core is not built"


def available() -> bool:
    """Whether the extension is built and not turned off with PATIENCE_PURE=1."""
    return _search is not None and os.environ.get("PATIENCE_PURE") != "1"


def why_not(rules: CompiledRules) -> str | None:
    """None when the compiled core solves this ruleset; else why the Python search does."""
    if os.environ.get("PATIENCE_PURE") == "1":
        return PURE_REASON
    if _search is None:
        return NOT_BUILT_REASON
    return not_covered(rules)


def position(game: Game, safe_needs: list[frozenset[int]] | None = None, sources: tuple[int, ...] = (),
             stock_commutes: bool = False, home_bound: bool = False) -> Core:
    """The compiled core standing at ``game``'s position (a covered ruleset, the extension
    built). The rest: the solver's proven pruning (`tables.core_tables`)."""
    if _search is None:
        raise RuntimeError(NOT_BUILT_REASON)
    key = (safe_needs is not None, sources, stock_commutes, home_bound)
    cached = _TABLES.setdefault(game.rules, {})
    if key not in cached:
        cached[key] = core_tables(game.rules, safe_needs, sources, stock_commutes, home_bound)
    tables = cached[key]
    if tables is None:
        raise ValueError(not_covered(game.rules))
    orders = shuffle_orders(game.rules, deal_key(game.ruleset), game.deal_number or 0)
    return _search.Core(tables, game.piles, game.hidden, game.redeals_used, game.uses_left, game.shown, orders)


# Per compiled ruleset, its tables by safe-move rule: built once per process.
_TABLES: WeakKeyDictionary[CompiledRules, dict[tuple[bool, tuple[int, ...], bool, bool], CoreTables | None]] = WeakKeyDictionary()
