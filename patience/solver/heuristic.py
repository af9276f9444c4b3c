"""A position's estimated distance to a win, from generic features of the compiled rules.

Lower is better. Features: cards not yet in the win piles, face-down cards, cards lying above a
card they do not fit (each must move again), and empty places that take cards (room to work).
"""

from __future__ import annotations

from ..engine.game import Game

# Weights of the features, tuned on FreeCell deals 1-400 and Klondike draw-3 deals 1-20.
# Counting every card above a column's lowest break solved FreeCell 400/400 within 30,000
# positions where counting the breaks themselves left 3 of 200 unknown. Tried without gain:
# how deep the next foundation cards lie; counting a face-down card as a break (Klondike 1-20
# left the same 10 deals unknown). DOWN is best-first's; depth-first passes its own
# (`search.DEPTH_FIRST_DOWN`).
OUT, DOWN, DISORDER = 4, 3, 2


class Heuristic:
    """`features` is computed once per position; `__call__` weighs it with ``free`` and ``cell``,
    what an empty pile and an empty one-card cell are worth; ``down`` is what a face-down card
    costs."""

    def __init__(self, game: Game, free: int = 2, cell: int = 2, down: int = DOWN) -> None:
        rules = game.rules
        self.free_weight, self.cell_weight, self.down_weight = free, cell, down
        self.rules = rules
        self.win_piles = rules.win_piles
        self.layout = tuple(p for p in range(rules.pile_count)
                            if p not in rules.win_pile_set and p != rules.stock_pile)
        # Places whose emptiness is worth something: an empty pile there takes cards.
        rooms = [p for p in self.layout if rules.group_of[p].empty_ok is not None
                 and rules.group_of[p].role not in ("waste", "discard")]
        # An empty pile that takes a whole run is worth more than a one-card cell.
        self.cells = tuple(p for p in rooms if rules.group_of[p].max_cards == 1)
        self.rooms = tuple(p for p in rooms if rules.group_of[p].max_cards != 1)
        # The piles that may hold two cards or more, with their build tables: where disorder lies.
        self.stacks = tuple((p, rules.group_of[p].run_ok) for p in self.layout if rules.group_of[p].max_cards != 1)

    def __call__(self, game: Game) -> int:
        return self.weigh(self.features(game))

    def weigh(self, features: tuple[int, int, int]) -> int:
        base, free, cells = features
        return base - self.free_weight * free - self.cell_weight * cells

    def features(self, game: Game) -> tuple[int, int, int]:
        """(the weighted cards still to place, empty piles, empty cells)."""
        piles = game.piles
        hidden = game.hidden
        at = piles.__getitem__
        out = self.rules.total_cards - sum(map(len, map(at, self.win_piles)))
        down = 0
        disorder = 0
        for p, run_ok in self.stacks:
            pile = piles[p]
            size = len(pile)
            if size < 2:
                continue
            down += hidden[p]
            start = hidden[p] or 1
            below = pile[start - 1]
            for i in range(start, size):
                above = pile[i]
                if not run_ok[below * 52 + above]:
                    disorder += size - i  # every card above the lowest break must move again
                    break
                below = above
        free = list(map(at, self.rooms)).count([])
        cells = list(map(at, self.cells)).count([])
        return OUT * out + self.down_weight * down + DISORDER * disorder, free, cells
