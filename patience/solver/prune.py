"""Pruning derived from the compiled rules: safe foundation moves played without branching.

`assist.is_safe` says a foundation move is safe when every card that could be built on the
card outside the foundations is home already. Playing such a move at once never loses a win
*under conditions this module checks on the ruleset* (`autoplay_sound`); when they do not hold
the solver still plays safe moves for speed, but then an exhausted search proves nothing and is
redone without them.
"""

from __future__ import annotations


from ..engine.assist import builders, card_is_safe, home_counts
from ..engine.compiled import MOVE_NONE, CompiledRules
from ..engine.game import Game
from ..engine.moves import Move


def autoplay_sound(rules: CompiledRules) -> bool:
    """Whether sending a safe card home at once can never lose a win in this ruleset.

    The argument: take any winning line; play the safe card home first and drop the line's moves
    of that card. The rest stays legal when (1) no card ever leaves a foundation (else the line
    might take the card below back out, or bring a builder back onto the card); (2) winning means
    exactly all cards on the foundations; (3) an emptier layout never allows less (no `prefer`,
    no `follows`, no removals, close-ups or swaps, whose options depend on which cards lie where);
    (4) the card could not have gone to another foundation instead: a foundation top takes one
    card value only, and an empty foundation group has a pile for every card it may start with.
    Waste cards are sent home only with a one-card draw (see `may_autoplay_from`).
    """
    foundations = [g for g in rules.groups if g.role == "foundation"]
    if not foundations or any(g.move_kind != MOVE_NONE for g in foundations):
        return False
    if rules.win_pile_set != rules.foundation_piles or len(rules.win_conditions) != 1 or rules.win_conditions[0].full:
        return False
    if rules.preferred_by is not None or any(g.follows is not None for g in rules.groups):
        return False
    if rules.remove_rules or rules.close_up_index >= 0 or rules.swap_index >= 0:
        return False
    decks = rules.total_cards // 52
    for g in foundations:
        if any(len(set(cards)) > 1 for cards in g.fits_on):
            return False
        if g.empty_ok is not None and sum(g.empty_ok) * decks > len(g.piles):
            return False
    return True


def may_autoplay_from(rules: CompiledRules, pile: int) -> bool:
    """Not from a pile the stock deals onto unless it is one waste drawn one card at a time:
    taking a card out of a three-card draw changes which cards the later draws show."""
    targets = rules.stock_targets
    return pile not in targets or (len(targets) == 1 and rules.draw == 1)


class Autoplay:
    """Plays safe foundation moves (unchecked pushes) until none is left."""

    def __init__(self, game: Game) -> None:
        rules = game.rules
        self.table = builders(game)
        self.rules = rules
        self.decks = game.ruleset.decks
        self.foundations = tuple(sorted(rules.foundation_piles))
        self.sources = tuple(p for p in rules.movable_piles
                             if p not in rules.foundation_piles and may_autoplay_from(rules, p))

    def run(self, game: Game) -> list[Move]:
        """Push every safe move in turn; returns them (the caller pops them to undo)."""
        played: list[Move] = []
        while True:
            step = self._find(game)
            if step is None:
                return played
            game.push(step)
            played.append(step)

    def _find(self, game: Game) -> Move | None:
        """A safe foundation move (`assist.is_safe`) whose card has one possible home."""
        piles = game.piles
        home = home_counts(game)
        for src in self.sources:
            pile = piles[src]
            if not pile or not card_is_safe(pile[-1], self.table, home, self.decks):
                continue
            card = pile[-1]
            # A cheap look at the foundation tops first; the engine's own check decides.
            targets = [f for f in self.foundations if game.lands_on(f, card)]
            if not targets or not game.movable_run(src):
                continue
            targets = [f for f in targets if game.why_illegal((src, f, 1)) is None]
            if targets and self._alike(game, targets):
                return (src, targets[0], 1)
        return None

    def _alike(self, game: Game, targets: list[int]) -> bool:
        """Every foundation the card could go to is like the first: same group, same top card."""
        group_of = self.rules.group_of
        piles = game.piles
        first = targets[0]
        top = piles[first][-1] if piles[first] else -1
        return all(group_of[f] is group_of[first] and (piles[f][-1] if piles[f] else -1) == top
                   for f in targets[1:])
