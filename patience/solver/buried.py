"""The deals bound: a proof that a position is lost because some card stays buried by the stock.

Where the stock deals onto layout piles that give cards only to the win piles (PA-5: eight
stacks, nothing built on them, nothing moved between them), a card on such a pile is free only
until the next deal covers it. The bound plays a *relaxation* of the game: the stock's deals in
their order, and before each deal every card that may leave goes at once. A card leaves when it
may be *placed*: it starts a pile that can be built on (an `empty` starter that `build.base`
allows), or lies on a card of its face already placed in that group (`fits_on`). Placing counts
faces, not copies, and reads no places, no `prefer` and no `max_cards`: each only takes away. A
card that an empty win pile takes but that cannot be built on there (PA-3: a 3 waiting in row 1)
leaves too, into the hand, which holds the cards lying alone in the win piles and always free.
Every step only adds placed faces and free cards, so the order within a step does not matter and
one greatest position is reached (a fixpoint); after the last deal, a card still on a layout pile
or in the hand means the position is lost.

Sound: take a winning line. At each of its deals, every card it has taken off a layout pile was
taken off by the relaxation too (induction: the line takes a card when all above it are gone and
the face below it is placed, and both hold in the relaxation, which never puts a card back), so
the relaxation ends with every card placed whenever the line wins. It applies, keyed on words
(`applies`), where that argument holds: the win is every card in the win piles, and a win group
that builds from a base must be `full`, so a card wins only in a pile built from its base; cards
enter the other piles only by the stock's deals (every moving group sends to win groups only,
one card at a time from the layout, a lone card between win piles), and the deals do not depend
on play (no redeal, no gate, no `requires`, no waste with room) and put cards on layout piles
only (a card dealt onto a win pile might lie there as it should). Removals, actions, fills and
gaps are left out. Parada's two decks: copies count as one face, so the bound is weaker there
than with one deck; measured in docs/solver.md.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from ..engine.compiled import MOVE_ALONE, MOVE_NONE, MOVE_TOP, CompiledRules
from ..engine.game import Game
from ..engine.moves import DEAL

BURIED_LOST = "some card stays buried"  # the answer's reason, in words for players in `hints.LOST_WORDS`

_APPLIES: WeakKeyDictionary[CompiledRules, bool] = WeakKeyDictionary()


def applies(rules: CompiledRules) -> bool:
    """Whether the deals bound is sound for ``rules`` (the module's conditions)."""
    if rules not in _APPLIES:
        _APPLIES[rules] = _applies(rules)
    return _APPLIES[rules]


def _applies(rules: CompiledRules) -> bool:
    conditions = rules.win_conditions
    if len(conditions) != 1 or conditions[0].left_count >= 0 or not conditions[0].piles:
        return False
    win = conditions[0]
    if (rules.remove_rules or rules.action_uses or rules.fill_from is not None or rules.reach_groups
            or rules.has_gaps or rules.units or rules.wraps_at_base):
        return False
    if rules.stock_pile >= 0 and (rules.redeals != 0 or rules.stock_gate or rules.stock_needs_filled
                                  or any(rules.group_of[p].max_cards for p in rules.stock_targets)):
        return False  # the deals would depend on play
    if any(p in rules.win_pile_set for p in (*rules.stock_targets, *rules.stock_last)):
        return False  # a card dealt onto a win pile could lie there as a base or on its card below
    win_groups = {rules.group_of[p].index for p in win.piles}
    full = set(win.full)
    for g in rules.groups:
        if g.index in win_groups:
            if any(p not in rules.win_pile_set for p in g.piles):
                return False
            if g.base_ok is not None and (g.max_cards <= 1 or any(p not in full for p in g.piles)):
                return False  # a card could win alone on a pile that is no base
            if g.move_kind not in (MOVE_NONE, MOVE_ALONE):
                return False
        elif g.move_kind not in (MOVE_NONE, MOVE_TOP):
            return False
        if g.move_kind != MOVE_NONE and not g.targets <= win_groups:
            return False
    return True


def buried_lost(game: Game) -> bool:
    """True when the deals bound proves ``game``'s position lost; False when it cannot (it does
    not apply, or every card may be placed in the relaxation)."""
    rules = game.rules
    if not applies(rules):
        return False
    win = rules.win_pile_set
    layout = [p for p in range(rules.pile_count) if p not in win and p != rules.stock_pile]
    stacks = {p: list(game.piles[p]) for p in layout}
    groups = [g for g in rules.groups if g.piles and g.piles[0] in win and (g.starters or any(g.fits_on))]
    # Per group: the cards that start a pile it builds on, and per card the cards it lies on.
    starts = {g.index: {c for c in g.starters if g.base_ok is None or g.base_ok[c]} for g in groups}
    parks = set().union(*(g.starters for g in groups)) if groups else set()
    lies_on: dict[int, list[set[int]]] = {g.index: [set() for _card in range(52)] for g in groups}
    for g in groups:
        for under, aboves in enumerate(g.fits_on):
            for card in aboves:
                lies_on[g.index][card].add(under)
    placed: dict[int, set[int]] = {g.index: set() for g in groups}
    hand: list[int] = []
    for p in win:
        pile = game.piles[p]
        g = rules.group_of[p]
        if not pile or g.index not in placed:
            continue
        if g.base_ok is None or (g.base_ok[pile[0]] and pile[0] in g.starters):
            placed[g.index].update(pile)
        elif len(pile) == 1:
            hand.append(pile[0])
        else:
            return False  # built on a card that is no base: not a position of these rules

    def place(card: int) -> bool:
        """Place ``card`` in every group that may take it now; whether one did."""
        done = False
        for g in groups:
            if card in starts[g.index] or not lies_on[g.index][card].isdisjoint(placed[g.index]):
                placed[g.index].add(card)
                done = True
        return done

    def settle() -> None:
        nonlocal hand
        moved = True
        while moved:
            moved = False
            waiting = [card for card in hand if not place(card)]
            moved = len(waiting) < len(hand)
            hand = waiting
            for pile in stacks.values():
                while pile:
                    if place(pile[-1]):
                        pile.pop()
                    elif pile[-1] in parks:
                        hand.append(pile.pop())
                    else:
                        break
                    moved = True

    settle()
    if rules.stock_pile >= 0:
        dealt = game.copy()
        dealt.history = []
        stock = rules.stock_pile
        while dealt.piles[stock] and dealt.why_illegal((stock, DEAL, 0)) is None:
            sizes = [len(dealt.piles[p]) for p in layout]
            dealt.push((stock, DEAL, 0))
            for p, size in zip(layout, sizes):
                stacks[p].extend(dealt.piles[p][size:])
            settle()
        if dealt.piles[stock]:
            return False  # a deal the engine refused: the relaxation's deals are not the game's
    return bool(hand) or any(stacks.values())
