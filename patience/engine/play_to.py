"""A deal step's `play_to`: a card that a group takes as it is dealt goes there (Citadel's
foundations). The procedure is part of the deal, so of G-1: docs/deals.md pins it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .takes import takes

if TYPE_CHECKING:
    from .compiled import Group
    from .state import State


def taker(game: State, group: Group, card: int) -> int:
    """The first pile of ``group`` that takes ``card`` now (-1: none), as a move's card would be
    judged (`takes.takes`), the stock as dealt so far."""
    return next((p for p in group.piles if takes(game, group, p, card)), -1)


def deal_onto(game: State, home: Group | None, card: int, pile: int) -> None:
    """Deal ``card`` onto ``pile``, or with ``home`` (a step's `play_to`) onto the first pile of
    that group that takes it now (`taker`): the card uses this pile's turn all the same."""
    target = taker(game, home, card) if home is not None else -1
    game.piles[target if target >= 0 else pile].append(card)
