"""The copies bound: a proof that a position is lost, counting the copies of each card.

The core's home bound (`Core._home_bound`, docs/solver.md) reads cards as faces: a copy placed
uses up no place. Where each card's places are counted by one other card (KK-3: a 3♣ lies only on
a 2♣, so no more 3♣s ever lie home than 2♣s; KK-4: no more fives of a suit than its aces), this
bound counts them: with the talon's cards at hand, a layout card of face f may go home only while
fewer copies of f are home or gone than the most copies of the face below it that could be home
(`_slots`). Which of two layout copies goes first may matter, so it searches those choices (a
few thousand positions at most, `LIMIT`); every other card that may go, goes at once.

It applies where `prune.home_bound` does (every card can only go home, the talon is at hand in
the relaxation) and, besides, every layout pile holds one card at most and each face's places are
counted by one face (`count_below`). Sound: take a winning line; the cards it sends home from the
layout leave in some order, and at each the count holds (each copy of f home lies on its own copy
of the face below, or started its own pile while fewer such piles were started than the leader's
of its suit), so that order is a line of the bound's game, which then clears the layout; a
layout it cannot clear has no win.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from ..engine.compiled import CompiledRules
from ..engine.game import Game
from .prune import home_bound

COPIES_LOST = "some card cannot reach home"  # the answer's reason, as the core's home bound says it
LIMIT = 20_000  # positions of the bound's own search before it gives up (no answer)
FREE = -1  # a face no other face counts: it may always go home (KK's aces and kings)

_BELOW: WeakKeyDictionary[CompiledRules, dict[int, int] | None] = WeakKeyDictionary()
_REACHED: WeakKeyDictionary[CompiledRules, set[tuple[int, int, int]]] = WeakKeyDictionary()


_APPLIES: WeakKeyDictionary[CompiledRules, bool] = WeakKeyDictionary()


def _applies(rules: CompiledRules) -> bool:
    if rules not in _APPLIES:
        _APPLIES[rules] = home_bound(rules)
    return _APPLIES[rules]


def count_below(rules: CompiledRules) -> dict[int, int] | None:
    """Per face, the one face whose copies home bound its own (FREE: none), or None when the win
    groups do not give every face one: a face that may lie on two faces, or both start a pile
    and lie on one, or start one of a group that `follows` a leader with several starters of
    its suit. Piles are read from their `empty` starters up, so a position whose win piles hold
    a card where no such pile could (a prefilled base) gets no answer (`copies_lost`). The heights a face may lie at are read from `empty` and `fits_on` within
    `max_cards`, so a 5 that `fits_on` a 4 in a pile of four at most is not counted by the 4."""
    if rules in _BELOW:
        return _BELOW[rules]
    below: dict[int, int] | None = {}
    lies: set[tuple[int, int, int]] = set()  # (group, card, height) the rules let a card lie at
    sources: dict[int, set[tuple[str, int]]] = {}
    win_groups = {rules.group_of[p].index for p in rules.win_piles}
    for g in rules.groups:
        if g.index not in win_groups:
            continue
        most = g.max_cards or rules.total_cards  # a pile holds the pack at most
        reached: set[tuple[int, int]] = set()
        todo = [(card, 1) for card in g.starters]
        for card in g.starters:
            if g.follows is None:
                sources.setdefault(card, set()).add(("free", -1))
            else:
                leader = rules.groups[g.follows[0]]
                if not g.follows[1]:
                    below = None
                    break
                lead = [c for c in leader.starters if c % 4 == card % 4]
                if len(lead) != 1:
                    below = None
                    break
                sources.setdefault(card, set()).add(("on", lead[0]))
        if below is None:
            break
        while todo:
            card, height = todo.pop()
            if (card, height) in reached:
                continue
            reached.add((card, height))
            lies.add((g.index, card, height))
            if height < most:
                for above in g.fits_on[card]:
                    sources.setdefault(above, set()).add(("on", card))
                    todo.append((above, height + 1))
    if below is not None:
        for card, found in sources.items():
            if len(found) != 1:
                below = None
                break
            kind, under = next(iter(found))
            below[card] = FREE if kind == "free" else under
    _BELOW[rules] = below
    _REACHED[rules] = lies
    return below


def copies_lost(game: Game, limit: int = LIMIT) -> bool:
    """True when the copies bound proves ``game``'s position lost; False when it cannot (it does
    not apply, the layout can be cleared, or its search passed ``limit`` positions)."""
    rules = game.rules
    below = count_below(rules) if _applies(rules) else None
    if below is None:
        return False
    talon = {rules.stock_pile, rules.waste_pile} - {-1}
    at_hand: dict[int, int] = {}  # per face: copies home or in the talon
    layout: dict[int, int] = {}  # pile: its one card
    for p, pile in enumerate(game.piles):
        if p in talon or p in rules.win_pile_set:
            for card in pile:
                at_hand[card] = at_hand.get(card, 0) + 1
        elif len(pile) > 1:
            return False
        elif pile:
            layout[p] = pile[0]
    home: dict[int, int] = {}
    lies = _REACHED[rules]
    for p in rules.win_piles:
        for height, card in enumerate(game.piles[p], 1):
            if (rules.group_of[p].index, card, height) not in lies:
                return False  # a pile the count did not foresee (a prefilled one): no answer
            home[card] = home.get(card, 0) + 1
    lanes = rules.lanes_of
    seen: set[frozenset[int]] = set()

    def slots(face: int, gone: dict[int, int], memo: dict[int, float]) -> float:
        """The most copies of ``face`` that could lie home with the cards at hand and gone."""
        if face in memo:
            return memo[face]
        memo[face] = float("inf")  # a cycle of faces counts for nothing
        under = below.get(face, FREE)
        have = at_hand.get(face, 0) + gone.get(face, 0)
        memo[face] = have if under == FREE else min(have, slots(under, gone, memo))
        return memo[face]

    def clears(present: set[int]) -> bool:
        while True:
            key = frozenset(present)
            if key in seen:
                return False
            seen.add(key)
            if len(seen) > limit:
                raise _GiveUp
            if not present:
                return True
            gone: dict[int, int] = {}
            for p, card in layout.items():
                if p not in present:
                    gone[card] = gone.get(card, 0) + 1
            memo: dict[int, float] = {}
            sure, contested = [], []
            for p in present:
                if lanes[p] is not None and not any(all(q not in present for q in lane) for lane in lanes[p]):
                    continue
                card = layout[p]
                under = below.get(card, FREE)
                room = float("inf") if under == FREE else slots(under, gone, memo)
                used = home.get(card, 0) + gone.get(card, 0)
                if used >= room:
                    continue
                rivals = sum(1 for q in present if q != p and layout[q] == card)
                (contested if rivals and used + 2 > room else sure).append(p)
            if sure:
                present = present - set(sure)  # taking them now loses no clearing (docs/solver.md)
                continue
            return any(clears(present - {p}) for p in contested)

    try:
        return not clears(set(layout))
    except _GiveUp:
        return False


class _GiveUp(Exception):
    """The bound's search passed its limit: no answer."""
