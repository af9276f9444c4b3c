"""A deal step's `skip`: cards not left where they fall (Frog's aces, Nestor's repeated ranks,
Penguin's beak). The procedure is part of the deal, so of G-1: docs/deals.md pins it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import RANK
from ..i18n import _
from .play_to import deal_onto

if TYPE_CHECKING:
    from .compiled import Group
    from .state import State


def deal_skipping(game: State, step: Any, piles: list[int], order: list[int], pool: list[int], *,
                  home: Group | None = None) -> list[int]:
    """Deal ``order`` (pile indexes, one a card) from the pack ``pool`` under ``step.skip``.
    Gives the pack as the next steps see it: the cards put aside on top of what is left, in the
    order put aside. Once the places are full, a pack that holds only cards the step skips goes
    to ``skip.to`` as well (Penguin, whose step is the deal's last: a fellow of the beak's rank
    that is the pack's last card goes home like the others); a pack that holds any other card is
    left whole for the next steps (Frog's stock). The pack decides, not the step's place in the
    deal, which lint sees to (`model._skip_problems`). With ``home`` (`play_to`) a card not
    skipped that a pile of that group takes goes there and uses the turn (Citadel as Solitaire
    Forever deals it: an ace home is replaced, a 2 home is not)."""
    skip = step.skip
    ranks = frozenset(skip.ranks)
    to = list(game.rules.group_by_id[skip.to].piles) if skip.to else []
    aside: list[int] = []
    first_rank = 0
    sent = 0
    next_card = 0
    for i in order:
        pile = game.piles[piles[i]]
        while True:
            if next_card < len(pool):
                card = pool[next_card]
                next_card += 1
                if skip.same_rank == "first" and not first_rank:  # Penguin's beak: the first card stays
                    first_rank = RANK[card]
                    pile.append(card)
                    break
                if not _skipped(card, pile, ranks, skip.same_rank, first_rank):
                    deal_onto(game, home, card, piles[i])
                    break
                if to:
                    _send(game, to, sent, card, skip.to)
                    sent += 1
                else:
                    aside.append(card)
                continue
            card = _from_aside(game, piles, order, i, aside, ranks, skip.same_rank, first_rank)
            pile.append(card)
            break
    by_rank = skip.same_rank if skip.same_rank == "first" else None  # `pile` names no card once places are full
    left = pool[next_card:]
    if to and all(_skipped(card, [], ranks, by_rank, first_rank) for card in left):
        for card in left:
            _send(game, to, sent, card, skip.to)
            sent += 1
        left = []
    return aside + left


def _send(game: State, to: list[int], sent: int, card: int, group: str) -> None:
    """A skipped card onto the next pile of ``to`` (every one onto it when it has one pile)."""
    if sent >= len(to) and len(to) > 1:
        raise ValueError(_("more cards skipped than {group} has piles").format(group=group))
    game.piles[to[min(sent, len(to) - 1)]].append(card)


def _skipped(card: int, pile: list[int], ranks: frozenset[int], same_rank: str | None, first_rank: int) -> bool:
    rank = RANK[card]
    if rank in ranks:
        return True
    if same_rank == "pile":
        return any(RANK[c] == rank for c in pile)
    return same_rank == "first" and rank == first_rank


def _from_aside(game: State, piles: list[int], order: list[int], i: int, aside: list[int], ranks: frozenset[int],
                same_rank: str | None, first_rank: int) -> int:
    """The pack is out: the first card put aside that fits the pile. When none does (only
    `same_rank: pile` can leave one so), a card of an earlier pile of the step whose rank this
    pile lacks comes here, and the first card put aside that fits that pile takes its place:
    earlier piles first, each from its bottom card."""
    pile = game.piles[piles[i]]
    for j, card in enumerate(aside):
        if not _skipped(card, pile, ranks, same_rank, first_rank):
            return aside.pop(j)
    if same_rank == "pile" and not ranks:
        here = {RANK[c] for c in pile}
        for q in dict.fromkeys(order[: order.index(i)]):
            other = game.piles[piles[q]]
            for x, moved in enumerate(other):
                if RANK[moved] in here:
                    continue
                rest = [c for k, c in enumerate(other) if k != x]
                for j, card in enumerate(aside):
                    if not any(RANK[c] == RANK[card] for c in rest):
                        other[x] = aside.pop(j)
                        return moved
    raise ValueError(_("the deal cannot finish: every card left is skipped"))
