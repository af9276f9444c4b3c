"""A position's estimated distance to a win, from generic features of the compiled rules.

Lower is better. Features: cards not yet in the win piles, face-down cards, cards lying on a
card they do not fit (each must move again), and empty places that take cards (room to work).
"""

from __future__ import annotations

from ..engine.game import Game

# Weights of the features, tuned on FreeCell deals 1-60 and Klondike draw-3 deals 1-20
# (a feature "how deep the next foundation cards lie" was tried and did not help).
OUT, DOWN, DISORDER, FREE = 4, 3, 2, 2


class Heuristic:
    def __init__(self, game: Game) -> None:
        rules = game.rules
        self.rules = rules
        self.win_piles = rules.win_piles
        self.layout = tuple(p for p in range(rules.pile_count)
                            if p not in rules.win_pile_set and p != rules.stock_pile)
        # Places whose emptiness is worth something: an empty pile there takes cards.
        self.rooms = tuple(p for p in self.layout if rules.group_of[p].empty_ok is not None
                           and rules.group_of[p].role not in ("waste", "discard"))

    def __call__(self, game: Game) -> int:
        piles = game.piles
        hidden = game.hidden
        group_of = self.rules.group_of
        out = self.rules.total_cards - sum(len(piles[p]) for p in self.win_piles)
        down = 0
        disorder = 0
        for p in self.layout:
            pile = piles[p]
            if len(pile) < 2:
                continue
            down += hidden[p]
            run_ok = group_of[p].run_ok
            for i in range(max(hidden[p], 1), len(pile)):
                if not run_ok[pile[i - 1] * 52 + pile[i]]:
                    disorder += 1
        free = sum(1 for p in self.rooms if not piles[p])
        return OUT * out + DOWN * down + DISORDER * disorder - FREE * free
