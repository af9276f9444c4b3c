"""What a move is, and the error for one the rules refuse.

A move is ``(source, target, count)`` with pile numbers. Stock actions use a negative target:
``(stock, DEAL, 0)`` turns or deals stock cards, ``(stock, REDEAL, 0)`` turns the waste back
into the stock, and the swap action is ``(place_a, SWAP, place_b)`` with a place written
``pile * SLOT + index`` (index from the bottom, 0 first), so every move stays a 3-tuple.
Why a move is refused is `checks.why_illegal`.
"""

from __future__ import annotations

from .compiled import SLOT

__all__ = ["CLOSE_UP", "DEAL", "REDEAL", "REMOVE", "RESHUFFLE", "SLOT", "SWAP", "AmbiguousMove", "IllegalMove", "Move",
           "RefusedMove"]

Move = tuple[int, int, int]
DEAL = -1
REDEAL = -2
SWAP = -3  # (pile_a * SLOT + index_a, SWAP, pile_b * SLOT + index_b): exchange two cards (CR-4)
REMOVE = -4  # (pile_a, REMOVE, pile_b), pile_a <= pile_b: their top cards go out as a set (CZ-2); one card: a == b
CLOSE_UP = -5  # (0, CLOSE_UP, 0): the close-up action (CZ-3)
RESHUFFLE = -6  # (0, RESHUFFLE, 0): gather, shuffle and deal again (actions.reshuffle)


class IllegalMove(ValueError):
    """A move the rules do not allow, or a notation that names no move; the game is unchanged."""


class AmbiguousMove(IllegalMove):
    """A notation that names several legal moves: readable, and legal, but not one move."""


class RefusedMove(IllegalMove):
    """A notation that names moves, every one of them refused by the rules (a label shared by
    several groups): readable, not a typo, and not legal."""
