"""A deal step's `play_to`: a card that a group takes as it is dealt goes there (Citadel's
foundations). The procedure is part of the deal, so of G-1: docs/deals.md pins it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .refill import base_table

if TYPE_CHECKING:
    from .compiled import Group
    from .state import State


def taker(game: State, group: Group, card: int) -> int:
    """The first pile of ``group`` whose rules take ``card`` now (-1: none): on a card, its build
    (and `build.base`); empty, its `empty` rule as play would read it; never past `max_cards`;
    and its `takes_when` as a move reads it (`Group.takes_when_ok`)."""
    stock = game.rules.stock_pile
    stock_out = stock < 0 or not game.piles[stock]
    for p in group.piles:
        pile = game.piles[p]
        if group.max_cards and len(pile) >= group.max_cards:
            continue
        if not group.takes_when_ok(p, card, game.piles, stock_out):
            continue
        if pile:
            if (group.base_ok is None or group.base_ok[pile[0]]) and card in group.fits_on[pile[-1]]:
                return p
        elif group.empty_ok is not None and (base_table(game, group) if group.base_empty else group.empty_ok)[card]:
            return p
    return -1


def deal_onto(game: State, home: Group | None, card: int, pile: int) -> None:
    """Deal ``card`` onto ``pile``, or with ``home`` (a step's `play_to`) onto the first pile of
    that group that takes it now (`taker`): the card uses this pile's turn all the same."""
    target = taker(game, home, card) if home is not None else -1
    game.piles[target if target >= 0 else pile].append(card)
