"""The deal: a fresh state's cards laid out by the ruleset's deal steps, with the deal's own
words: cards put out before it (`prefill`, `prefill_suit: first`), kings sunk under their piles
(`bottom`) and face-up cards of a discarded rank sent out after it (PA-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import RANK
from ..i18n import _
from ..ruleset.views import dealt_deck
from .faces import card_down, lay_down
from .play_to import deal_onto
from .skip import deal_skipping

if TYPE_CHECKING:
    from ..ruleset.model import DealStep
    from .state import State


def deal_cards(game: State, number: int) -> None:
    """Deal ``number`` of the ruleset onto the empty piles: the prefilled cards, then the deal
    steps in order, then (PA-1) the face-up cards of a discarded rank out to the discard pile."""
    rs = game.ruleset
    deck = dealt_deck(rs, number)
    if game.rules.prefill:  # DY-1: these cards are taken out first; the rest keep the shuffled order
        for pile, card in game.rules.prefill:
            deck.remove(card)
            game.piles[pile].append(card)
    if game.rules.prefill_first:  # one card per rank, the first of it in the shuffled deck
        deal_first_of_rank(game, deck)
    if game.rules.prefill_rank_piles is not None:  # every card of the first card's rank
        deal_rank_of_first(game, deck, game.rules.prefill_rank_piles)
    position = 0
    for step in rs.deal.steps:
        piles = list(game.rules.group_by_id[step.to].piles)
        if step.count == "rest":
            wanted = [len(deck) - position]
        elif isinstance(step.count, int):
            wanted = [step.count] * len(piles)
        else:
            wanted = list(step.count)
        if sum(wanted) > len(deck) - position:
            raise ValueError(_("the deal wants {wanted} more cards than the {left} left").format(
                wanted=sum(wanted), left=len(deck) - position))
        order: list[int] = []
        if step.order == "piles":
            for i, n in enumerate(wanted):
                order += [i] * n
        else:
            left = wanted[:]
            while any(left):
                for i in range(len(left)):
                    if left[i]:
                        order.append(i)
                        left[i] -= 1
        home = game.rules.group_by_id[step.play_to] if step.play_to else None
        before = [len(game.piles[p]) for p in piles]
        if step.skip is not None:  # Frog's aces, Nestor's ranks: some cards go elsewhere (skip.py)
            deck, position = deal_skipping(game, step, piles, order, deck[position:], home=home), 0
        else:
            # "rest" onto a stock: the next card in the deck ends on top (is drawn first).
            cards = deck[position:position + len(order)]
            position += len(order)
            if step.count == "rest":
                cards.reverse()
            for i, card in zip(order, cards):
                # Citadel: a card the group takes goes there as dealt, and this pile's turn passes
                deal_onto(game, home, card, piles[i])
        _face(game, step, piles, [len(game.piles[p]) - b for p, b in zip(piles, before)])
        if step.bottom:  # Baker's Dozen: kings under the other cards of their pile
            sink(game, game.rules.group_by_id[step.to].piles, step.bottom)
    if position != len(deck):
        raise ValueError(_("the deal places {placed} of {total} cards; add a step with `count: rest` for the others").format(
            placed=position, total=len(deck)))
    if game.rules.discard_ok is not None:
        discard_face_up(game)


def _face(game: State, step: DealStep, piles: list[int], wanted: list[int]) -> None:
    """The step's `face`, card by card: a face-down card makes the pile's bottom part reach it
    (engine/faces.py), with any face-up cards under it kept face up."""
    for i, pile in enumerate(piles):
        dealt = wanted[i]
        first = len(game.piles[pile]) - dealt
        for k in range(dealt):
            if card_down(step, k, dealt):
                lay_down(game, pile, first + k)


def discard_face_up(game: State) -> None:
    """PA-1: every face-up card of a discarded rank leaves its pile for the discard pile."""
    rules = game.rules
    ok = rules.discard_ok
    assert ok is not None
    out = game.piles[rules.discard_pile]
    for p, pile in enumerate(game.piles):
        if p == rules.discard_pile:
            continue
        up = pile[game.hidden[p]:]
        if any(ok[c] for c in up):
            out.extend(c for c in up if ok[c])
            pile[game.hidden[p]:] = [c for c in up if not ok[c]]


def deal_first_of_rank(game: State, deck: list[int]) -> None:
    """`prefill_suit: first`: for each listed rank, the first card of that rank in the shuffled
    deck goes onto the group's next pile (Calculation's A, 2, 3, 4); the rest keep their order."""
    for group in game.rules.groups:
        spec = group.spec
        if spec.prefill_suit != "first":
            continue
        for pile, rank in zip(group.piles, spec.prefill):
            card = next(c for c in deck if RANK[c] == rank)
            deck.remove(card)
            game.piles[pile].append(card)


def deal_rank_of_first(game: State, deck: list[int], piles: range) -> None:
    """`prefill_rank: first`: every card of the rank of the shuffled deck's first card goes onto
    the group's piles, one a pile, in suit order (♣ ♦ ♥ ♠) deck by deck (Free Napoleon's base
    cards); the rest keep their order."""
    rank = RANK[deck[0]]
    cards = [c for c in deck if RANK[c] == rank]
    for c in cards:
        deck.remove(c)
    copy: dict[int, int] = {}
    keyed = []
    for c in sorted(cards):  # a card's first copy in the first deck, its second in the second
        keyed.append((copy.get(c, 0), c))
        copy[c] = copy.get(c, 0) + 1
    for pile, (_copy, card) in zip(piles, sorted(keyed)):
        game.piles[pile].append(card)


def sink(game: State, piles: range, ranks: list[int]) -> None:
    """A deal step's `bottom`: cards of these ranks go under the others in each pile, each part
    keeping its order (Baker's Dozen's kings). Face-down counts stay: they count places."""
    wanted = set(ranks)
    for p in piles:
        cards = game.piles[p]
        low = [c for c in cards if RANK[c] in wanted]
        if low:
            cards[:] = low + [c for c in cards if RANK[c] not in wanted]
