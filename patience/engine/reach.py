"""Moves by position (`move: pile` with `reach`, docs/design.md §6.5): a whole pile moves onto
the pile so many places before it in its group, counting only piles with cards, when its top
card fits the target's top card (Accordion: one or three to the left, same rank or same suit).

Kept apart from `Board.legal_moves`' card loop: these moves read the order of the group's
started piles, which no other move does, and games without `reach` never come here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import card_str
from ..i18n import _, alternatives
from ..ruleset.describe import build_rule, group_title
from .moves import Move

if TYPE_CHECKING:
    from .state import State


def reach_moves(game: State, sources: tuple[int, ...] | None = None) -> list[Move]:
    """Every whole-pile move `reach` allows now, by source pile and then by distance."""
    piles = game.piles
    moves: list[Move] = []
    for group in game.rules.reach_groups:
        started = [p for p in group.piles if piles[p]]
        fits_on = group.fits_on
        for i, src in enumerate(started):
            if sources is not None and src not in sources:
                continue
            top = piles[src][-1]
            for back in group.reach:
                if back <= i and top in fits_on[piles[started[i - back]][-1]]:
                    moves.append((src, started[i - back], len(piles[src])))
    return moves


def _places_back(game: State, src: int, dst: int) -> int:
    """How many started piles lie from ``dst`` up to ``src`` (0: ``dst`` is not before it)."""
    piles = game.piles
    return sum(1 for p in range(dst, src) if piles[p])


def why_reach_illegal(game: State, src: int, dst: int, n: int) -> str | None:
    """The reason a whole-pile move from ``src`` to ``dst`` is refused, or None."""
    rules = game.rules
    group = rules.group_of[src]
    labels = rules.labels
    source, target = game.piles[src], game.piles[dst]
    if not source:
        return _("{label} is empty").format(label=labels[src])
    if rules.group_of[dst] is not group:
        return _("piles of the {group} move only onto piles of the {group}").format(group=group_title(game.ruleset, group.id))
    if n != len(source):
        return _("{label} moves only as a whole pile of {count} cards").format(label=labels[src], count=len(source))
    places = alternatives([str(back) for back in group.reach])
    if not target or dst > src or _places_back(game, src, dst) not in group.reach:
        return _("{label} moves only onto the pile {places} places before it, counting piles with cards; "
                 "{target} is not one").format(label=labels[src], places=places, target=labels[dst])
    if source[-1] not in group.fits_on[target[-1]]:
        return _("{card} cannot go on {top} ({group}: {rule})").format(
            card=card_str(source[-1]), top=card_str(target[-1]), group=group_title(game.ruleset, group.id), rule=build_rule(group.spec.build))
    return None
