"""Per-card faces (deal steps whose faces alternate: Martha, Alternations).

A pile is still read as today: its bottom ``hidden[p]`` cards cannot move, the cards above
them are face up. ``shown[p]`` is a bit mask of the cards *inside* that bottom part that lie
face up (bit i: the card at index i, counted from the bottom), so ``hidden[p]`` is the place
above the pile's highest face-down card. Only the deal sets bits, and the bottom part only
shrinks in play (nothing moves from under a face-down card, nothing goes under one), so its
cards and faces stay as dealt: bits at or above ``hidden[p]`` mean nothing and are never
cleared. When a face-down top card turns up, the face-up cards right under it join the cards
that move, down to the next face-down card.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

from ..cards import parse_card
from ..ruleset.views import card_down

if TYPE_CHECKING:
    from .state import State

__all__ = ["barred", "card_down", "face_down", "faces_key", "is_down", "lay_down", "read_pile", "turned_below"]

_card = lru_cache(maxsize=1024)(parse_card)  # a position repeats the same few words; errors are not cached


def lay_down(game: State, pile: int, at: int) -> None:
    """The card at index ``at`` of ``pile`` was dealt face down: the face-up cards between the
    pile's bottom part and it lie under a face-down card now."""
    h = game.hidden[pile]
    if at > h:
        game.shown[pile] |= ((1 << at) - 1) & ~((1 << h) - 1)
    game.hidden[pile] = at + 1


def turned_below(shown: int, h: int) -> int:
    """The new bottom part after the face-down card at ``h`` (the top) turned up: the face-up
    cards right under it leave the bottom part too."""
    while h and shown >> (h - 1) & 1:
        h -= 1
    return h


def is_down(game: State, pile: int, i: int) -> bool:
    """Whether card ``i`` of ``pile`` lies face down."""
    return i < game.hidden[pile] and not game.shown[pile] >> i & 1


def faces_key(game: State, pile: int) -> int:
    """The face-up cards of the pile's bottom part, for keys (0 for a pile without any)."""
    return game.shown[pile] & ((1 << game.hidden[pile]) - 1)


def face_down(game: State, pile: int) -> int:
    """How many cards of the pile lie face down."""
    return game.hidden[pile] - bin(faces_key(game, pile)).count("1")


def barred(words: list[str], down: Iterable[bool]) -> list[str]:
    """``words`` (a pile's cards, bottom up) in the position format: a `|` wherever the faces
    change, starting face down (``down``: each card face down or not), so a pile that ends face
    down ends with a `|` (engine/position.py, the rules tests' expected piles)."""
    parts: list[str] = []
    is_down_now = True
    for word, d in zip(words, down):
        if d != is_down_now:
            parts.append("|")
            is_down_now = d
        parts.append(word)
    if is_down_now:
        parts.append("|")
    return parts


def read_pile(text: str) -> tuple[list[int], list[bool]]:
    """A pile written as `barred` writes it, read back: its cards bottom up, and each card face
    down or not. The cards before the first `|` lie face down and each further `|` turns the cards
    after it over (``4D | 9S | 2C | KH``: 4D down, 9S up, 2C down, KH up); text without a `|`
    is all face down. `cards.CardError` for a word that is no card. The one reader of the
    format: positions (engine/position.py), the rules tests' piles and the tests' own."""
    cards: list[int] = []
    down: list[bool] = []
    for i, part in enumerate(text.split("|")):
        words = [_card(word) for word in part.split()]
        cards += words
        down += [i % 2 == 0] * len(words)
    return cards, down
