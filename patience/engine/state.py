"""The state of one game: its compiled rules, the piles, face-down counts, redeals, action uses
and score, and the undo records of the moves pushed so far.

The bottom of the engine's stack above the compiled tables (docs/engine.md, "How the engine is
stacked"): plain data that the rule words (`.cover`, `.actions`, `.refill`, `.reach`, `.stock`)
read and change, and that `Board` lists moves on and pushes and pops.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Self

from .compiled import CompiledRules
from .moves import Move

if TYPE_CHECKING:
    from ..ruleset.model import Ruleset

# One undo record: the move, what it did beyond the move itself, the score before it.
# For card moves ``extra`` is 1 when a face-down card turned up (-n when that made the bottom part
# n cards shorter: face-up cards lay under it, engine/faces.py); for deals, the number of cards
# dealt, or (with `discard`) the pile each card went to, in order; for a swap, 1 when a use was
# counted (an unlimited action counts none); for a removal, the pile the cards went to; for a
# close-up, actions.CloseUpRecord.
UndoRecord = tuple[Move, "int | tuple[int, ...]", int]


def compile_rules(ruleset: Ruleset) -> CompiledRules:
    """The ruleset's compiled tables, built once per ruleset object."""
    cached = getattr(ruleset, "_compiled", None)
    if cached is None:
        cached = CompiledRules(ruleset)
        object.__setattr__(ruleset, "_compiled", cached)  # rulesets are frozen; compile once
    return cached


class State:
    """Where the cards of one game lie, with no cards dealt yet (`Board` deals them)."""

    def __init__(self, ruleset: Ruleset, deal: int | None = None) -> None:
        self.rules: CompiledRules = compile_rules(ruleset)
        self.ruleset = ruleset
        self.deal_number = deal
        self.piles: list[list[int]] = [[] for _ in range(self.rules.pile_count)]
        self.hidden: list[int] = [0] * self.rules.pile_count  # the bottom part that cannot move: face down
        self.shown: list[int] = [0] * self.rules.pile_count  # face-up cards inside it, by bit (engine/faces.py)
        self.redeals_used = 0
        self.score = self.rules.score_start
        self.history: list[UndoRecord] = []
        self.uses_left: tuple[int, ...] = self.rules.action_uses  # per action; -1: unlimited

    def spend_use(self, action: int) -> int:
        """Count one use of an action that has a limit: 1 if one was counted (and must be given
        back on undo), 0 for an unlimited action."""
        uses = self.uses_left
        if uses[action] <= 0:
            return 0
        self.uses_left = uses[:action] + (uses[action] - 1,) + uses[action + 1:]
        return 1

    def give_back_use(self, action: int) -> None:
        """Undo `spend_use`."""
        uses = self.uses_left
        self.uses_left = uses[:action] + (uses[action] + 1,) + uses[action + 1:]

    def cards(self) -> Iterable[int]:
        for pile in self.piles:
            yield from pile

    def copy(self) -> Self:
        """An independent state in the same position (history included)."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.piles = [p[:] for p in self.piles]
        other.hidden = self.hidden[:]
        other.shown = self.shown[:]
        other.history = self.history[:]
        return other
