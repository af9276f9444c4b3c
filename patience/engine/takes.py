"""Whether a pile takes a card: the pile's side of every move, judged in one place.

`takes` is the whole judgement of one card arriving on a pile as the position stands; its parts
are what the board's listing hoists out of its loops (`open_to` once a pile, `empty_takes` once
an empty pile), what `Board.lands_on` and the checked game's reasons read, and what a deal's
`play_to` asks card by card. What depends on the move rather than the pile (how many cards move
and from where: `unit`, `empty_takes: one`, runs, PA-3's preference) is the move's, in
`Board.legal_moves` and `checks.why_illegal`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import DECK_SIZE
from .actions import may_start
from .gates import holds as gate_holds
from .refill import base_table, colour_table

if TYPE_CHECKING:
    from .compiled import Group
    from .state import State

NOTHING = bytes(DECK_SIZE)  # the table of an empty pile that takes no card


def open_to(game: State, group: Group, pile: int) -> bool:
    """The rules that refuse every card to ``pile`` of ``group`` now: full (`max_cards`),
    `takes_when`'s gate shut (`stock: empty`, `started`: engine/gates.py), and on a started pile
    `takes_when: {pile: empty}` and `build.base` (a pile whose bottom card is no base is not
    built on)."""
    cards = game.piles[pile]
    if group.max_cards and len(cards) >= group.max_cards:
        return False
    if group.takes_gate and not gate_holds(group.takes_gate, game.piles, pile - group.piles.start):
        return False
    if cards:
        return not group.only_when_empty and (group.base_ok is None or bool(group.base_ok[cards[0]]))
    return True


def always_open(group: Group) -> bool:
    """Whether `open_to` holds for every pile of ``group`` whatever the position: none of its
    rules is set (the listing asks this once a group and `open_to` only where it is not)."""
    return not (group.max_cards or group.takes_gate or group.only_when_empty or group.base_ok is not None)


def empty_takes(game: State, group: Group, pile: int) -> bytes:
    """The cards the empty ``pile`` of ``group`` takes now, as a table (card -> 1): `empty`'s
    ranks (none for `empty: none`); under `empty: base` the base rank of the group's started
    piles, and under `empty_colour: by-rank` those in the colour their rank has there; under
    `empty_builds_on: left` the cards that build on the top card of the cell before
    it, and none while that cell is empty (a row's first cell reads `empty`)."""
    if group.empty_ok is None:
        return NOTHING
    if group.left_of is not None:
        left = group.left_of[pile - group.piles.start]
        if left >= 0:
            return group.builds_on[game.piles[left][-1]] if game.piles[left] else NOTHING
    table = base_table(game, group) if group.base_empty else group.empty_ok
    return colour_table(game, group, table) if group.colour_by_rank else table  # empty_colour: by-rank


def takes(game: State, group: Group, pile: int, card: int) -> bool:
    """Whether ``pile`` of ``group`` takes ``card`` as the lowest card arriving on it now:
    `open_to`; on a started pile the build on its top card, on an empty one `empty_takes` and
    KK-4's start order (`follows`); and `takes_when`'s suits and ranks (`Group.takes_card`)."""
    if not open_to(game, group, pile):
        return False
    cards = game.piles[pile]
    if cards:
        if card not in group.fits_on[cards[-1]]:
            return False
    elif not empty_takes(game, group, pile)[card] or (group.follows is not None and not may_start(game, group, card)):
        return False
    return group.takes_card(pile, card, game.piles)


def empty_source(game: State, group: Group) -> range | None:
    """`empty_from`: the piles an empty pile of ``group`` takes cards from now, those of the first
    listed group with a card on one of its piles; an empty range when none has one; None when the
    group has no `empty_from` (any group that sends cards here)."""
    if group.empty_from is None:
        return None
    piles = game.piles
    for source in group.empty_from:
        if any(piles[p] for p in source):
            return source
    return range(0)

