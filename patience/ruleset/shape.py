"""Overlapping layouts drawn as a picture: `shape` (Pyramid, TriPeaks, Giza).

A shape is a list of rows, top row first; each card is written ``[]`` and stands where it is drawn,
so a card one character to the side of another lies half a card over. A card of one row lies on
the cards of the row above that it overlaps, so it covers them: with ``free: uncovered`` a card is
free once every card covering it is gone. Nothing here knows a game; a new layout is a new picture.
"""

from __future__ import annotations

from typing import NamedTuple

from ..i18n import _

CARD = "[]"
MAX_ROWS = 9  # labels keep the row number to one digit
MAX_PER_ROW = 26  # one letter per place in a row
PLACE_LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Place(NamedTuple):
    row: int  # 0 = the top row
    index: int  # 0 = the leftmost card of its row
    x: int  # the column of the card's left edge in the picture, in half-card steps


def places(rows: list[str]) -> list[Place]:
    """Every card of the picture, row by row, left to right. ValueError with a reason for a
    picture that is not made of ``[]`` and spaces, or too big for labels."""
    if not rows:
        raise ValueError(_("a shape needs at least one row"))
    if len(rows) > MAX_ROWS:
        raise ValueError(_("a shape has at most {n} rows").format(n=MAX_ROWS))
    found: list[Place] = []
    for r, text in enumerate(rows):
        x = 0
        index = 0
        while x < len(text):
            if text.startswith(CARD, x):
                found.append(Place(r, index, x))
                index += 1
                x += len(CARD)
            elif text[x] == " ":
                x += 1
            else:
                raise ValueError(_("row {row} of the shape: write each card as [] and nothing but spaces "
                                   "between them, not {char!r}").format(row=r + 1, char=text[x]))
        if index == 0:
            raise ValueError(_("row {row} of the shape has no card").format(row=r + 1))
        if index > MAX_PER_ROW:
            raise ValueError(_("row {row} of the shape has {n} cards; at most {most}").format(
                row=r + 1, n=index, most=MAX_PER_ROW))
    return found


def labels(rows: list[str]) -> list[str]:
    """``<place letter><row number>``, row by row: the top card of a pyramid is ``a1``, the row
    below it ``a2 b2``."""
    return [f"{PLACE_LETTERS[p.index]}{p.row + 1}" for p in places(rows)]


def covered_by(rows: list[str]) -> list[tuple[int, ...]]:
    """Per card (in `places` order), the cards of the next row down that overlap it: they lie on
    it. A card is two characters wide, so two cards overlap when their left edges are at most one
    character apart."""
    found = places(rows)
    return [
        tuple(j for j, other in enumerate(found) if other.row == place.row + 1 and abs(other.x - place.x) <= 1)
        for place in found
    ]
