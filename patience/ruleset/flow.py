"""How cards come to a pile group and leave it, read from the ruleset's settings.

The rules text says from these whether an emptied pile stays empty and whether cards leave a
group. The engine compiles the very same settings (`stock.to`, `remove`, `actions`), and
tests/test_describe.py checks the words against what the engine plays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .model import Ruleset



def stock_fills(ruleset: Ruleset, gid: str) -> bool:
    """The stock deals onto this group's piles, emptied ones too (a waste, PA-5's stacks)."""
    return ruleset.stock is not None and ruleset.stock.to == gid


def closes_up(ruleset: Ruleset, gid: str) -> bool:
    """The close-up action slides this group's cards along its lanes (CZ-3)."""
    close = ruleset.actions.close_up
    return close is not None and gid in close.groups


def removed_from(ruleset: Ruleset, gid: str) -> bool:
    """A `remove` rule takes sets of cards out of this group (CZ-2)."""
    return any(gid in rule.from_ for rule in ruleset.remove)


def reshuffled(ruleset: Ruleset, gid: str) -> bool:
    """The reshuffle action gathers this group's cards and deals them out again."""
    shuffle = ruleset.actions.reshuffle
    return shuffle is not None and gid in shuffle.groups


def refilled_from(ruleset: Ruleset, gid: str) -> str | None:
    """The group whose top card refills a pile of this group that a move empties (`fill`)."""
    fill = ruleset.piles[gid].fill
    return fill.from_ if fill is not None else None


def swapped(ruleset: Ruleset, gid: str) -> bool:
    swap = ruleset.actions.swap
    return swap is not None and gid in swap.within


def ever_emptied(ruleset: Ruleset, gid: str) -> bool:
    """Some play takes every card off one of its piles (a swap only exchanges cards)."""
    return ruleset.piles[gid].move != "none" or removed_from(ruleset, gid) or closes_up(ruleset, gid)


def cross_arms(ruleset: Ruleset) -> list[str]:
    """Four grid groups of one shape that close up along their rows: the arms of a cross around
    an empty centre, each lane's closing-up end next to it (CZ-1). Empty when there is no cross."""
    close = ruleset.actions.close_up
    if close is None or len(close.groups) != 4 or close.lanes != "rows":
        return []
    grids = [ruleset.piles[gid].grid if gid in ruleset.piles else None for gid in close.groups]
    if any(grid is None for grid in grids) or len({(g.rows, g.cols) for g in grids if g is not None}) != 1:
        return []
    return list(close.groups)
