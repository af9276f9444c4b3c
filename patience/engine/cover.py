"""Which cards are free to play: grid lanes (KK-2) and overlapping layouts (`shape` with `free:
uncovered`), where a card lies under the cards drawn half over it in the row below and is free
once they are gone (Pyramid, TriPeaks, Giza).

`is_free` reads both as lanes (`layout.clear_lanes`, `layout.cover_lanes`); the rest is what only
a shape needs: a face-down card turning up when it is uncovered (TriPeaks), and the reason given
for a covered card. The board calls in here only for groups that have lanes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _

if TYPE_CHECKING:
    from .state import State


def is_free(game: State, pile: int) -> bool:
    """KK-2: a grid card is free when one of its short ends faces an all-empty lane to the edge."""
    group = game.rules.group_of[pile]
    if group.lanes is None:
        return True
    piles = game.piles
    for lane in group.lanes[pile - group.piles.start]:
        for q in lane:
            if piles[q]:
                break
        else:
            return True
    return False


def turn_up_uncovered(game: State, pile: int) -> tuple[int, ...]:
    """After ``pile`` has been emptied: turn up the face-down top card of every pile it lay on
    that no card covers now (with `turn_up: auto`). The piles turned, for the undo record."""
    group = game.rules.group_of[pile]
    if group.uncovers is None or game.piles[pile]:
        return ()
    hidden = game.hidden
    turned = []
    for under in group.uncovers[pile - group.piles.start]:
        cards = len(game.piles[under])
        if cards and hidden[under] == cards and is_free(game, under):
            hidden[under] = cards - 1
            turned.append(under)
    return tuple(turned)


def hide_again(game: State, turned: tuple[int, ...]) -> None:
    """Undo `turn_up_uncovered`."""
    for under in turned:
        game.hidden[under] += 1


def covered_reason(game: State, pile: int) -> str:
    """Why a shape's card may not be played: the cards that still lie on it."""
    group = game.rules.group_of[pile]
    assert group.lanes is not None
    labels = game.rules.labels
    over = [labels[q] for lane in group.lanes[pile - group.piles.start] for q in lane if game.piles[q]]
    return _("{label} is not free: {cards} still lie on it").format(label=labels[pile], cards=", ".join(over))
