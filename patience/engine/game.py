"""The game: the façade that composes the engine's layers (docs/engine.md, "How the engine is stacked").

`Board` below it holds the rules-driven core: the state, legal moves, ``push``/``pop`` without
checks, keys, won. `Game` adds what a player uses: ``play``/``undo``/``redo`` checked by
`checks.why_illegal` and counted, moves in notation (`.notation`), lost detection
(`.outcome`), and positions as text (`.position`). A move is a plain tuple
``(source, target, count)`` of pile numbers (see :mod:`.moves`).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Self

from ..i18n import _
from ..ruleset.registry import find_ruleset
from .actions import later_class
from .board import Board
from .checks import why_illegal
from .moves import IllegalMove, Move
from .notation import explained, format_move, parse_move
from .outcome import IN_PROGRESS, LOST, WON, progress_possible
from .position import read_position, write_position

if TYPE_CHECKING:
    from ..ruleset.model import Ruleset


class Game(Board):
    """One game of one ruleset, from one deal."""

    def __init__(self, ruleset: Ruleset, deal: int | None = None) -> None:
        self.future: list[Move] = []  # moves undone, for redo
        self.move_count = 0  # plays and redos; undos too where the ruleset says so (FC-7), else minus one
        super().__init__(ruleset, deal)

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(cls, game: str | Ruleset, deal: int = 1) -> Game:
        """Start ``deal`` of a ruleset given by name, path or object."""
        ruleset = find_ruleset(game) if isinstance(game, str) else game
        return cls(ruleset, deal)

    # ----------------------------------------------------------------- checked moves
    def why_illegal(self, move: Move) -> str | None:
        """None when ``move`` is legal here; otherwise the reason, in words."""
        return why_illegal(self, move)

    def is_legal(self, move: Move) -> bool:
        return why_illegal(self, move) is None

    def play(self, move: Move | str) -> Move:
        """Play a move (a tuple or its notation). Raises IllegalMove and changes nothing if illegal."""
        text = move if isinstance(move, str) else None
        if text is not None:
            move = parse_move(self, text)
        reason = why_illegal(self, move)
        if reason is not None:
            raise IllegalMove(reason if text is None else explained(self, text, reason))
        self.push(move)
        if self.future and self.future[-1] == move:
            self.future.pop()
        else:
            self.future.clear()
        self.move_count += 1
        return move

    def undo(self) -> Move:
        if not self.history:
            raise IllegalMove(_("nothing to undo"))
        move = self.pop()
        self.future.append(move)
        self.move_count += 1 if self.rules.undo_counts_as_move else -1
        return move

    def redo(self) -> Move:
        if not self.future:
            raise IllegalMove(_("nothing to redo"))
        move = self.future.pop()
        self.push(move)
        self.move_count += 1
        return move

    def notation(self, move: Move) -> str:
        return format_move(self, move)

    # ----------------------------------------------------------------- outcome
    def is_lost(self) -> bool:
        """KL-9: not won, and no move that changes anything is left, whatever the stock brings;
        with win classes (CZ-4), and no later class holds then either."""
        if self.is_won() or progress_possible(self):
            return False
        return later_class(self) is None

    def status(self) -> str:
        """`WON`, `LOST` or `IN_PROGRESS` (engine.outcome's constants)."""
        if self.is_won():
            return WON
        if progress_possible(self):
            return IN_PROGRESS
        return WON if later_class(self) is not None else LOST

    def win_class(self) -> str | None:
        """The id of the win class reached (CZ-4: ``first``, ``second``), or None while not won.
        A game with a plain `win` has one class, ``won``."""
        if self.is_won():
            return self.rules.win_conditions[0].id
        if len(self.rules.win_conditions) > 1 and not progress_possible(self):
            later = later_class(self)
            return later.id if later is not None else None
        return None

    # ----------------------------------------------------------------- positions and copies
    def position(self) -> str:
        return write_position(self)

    @classmethod
    def from_position(cls, text: str, ruleset: Ruleset | str | os.PathLike[str] | None = None) -> Game:
        """The game ``position()`` wrote. Its ruleset: ``ruleset`` (a Ruleset, name or path) when
        given, else the file the text names, else its game by name (see `.position`)."""
        return read_position(text, ruleset, cls)

    def copy(self) -> Self:
        """An independent game in the same position (history included)."""
        other = super().copy()
        other.future = self.future[:]
        return other
