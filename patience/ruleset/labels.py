"""Whether a ruleset's pile labels can be written one after the other in a move.

A move is its source label, then its target label (`38`, `1a`), then maybe `v` and a hex count
(`38v3`). That reads back one way only when no other pair of labels, and no pair followed by a
count, spells the same text: with labels `1`..`13`, `112` is both 1 to 12 and 11 to 2. Lint warns
where that happens (P211) and the engine then writes a `-` between the two labels (`1-12`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise

HEX_DIGITS = frozenset("0123456789abcdef")


def label_place(label: str) -> tuple[str, int]:
    """A label as (the fixed part, the part that counts): its number (``h10``: ``("h", 10)``), or
    else its last letter (``b``: ``("", 98)``)."""
    head = label.rstrip("0123456789")
    return (head, int(label[len(head):])) if head != label else (label[:-1], ord(label[-1]))


def runs_on(labels: Sequence[str]) -> bool:
    """Whether the labels count up one by one (``o25``..``o32``, ``a``..``h``, ``01``..``26``), so
    that "first…last" names every one of them."""
    places = [label_place(label) for label in labels]
    return all(b == (a[0], a[1] + 1) for a, b in pairwise(places))


def ambiguous_join(labels: Iterable[str], alone: Iterable[str] = ()) -> tuple[str, str, str] | None:
    """Two readings of one text, as ``(text, reading, other reading)`` with the labels of each
    reading separated by a space (``("112", "1 12", "11 2")``); None when every text made of a
    source label, a target label and maybe a count reads one way. ``alone`` are the labels that
    are a whole move by themselves (the stock's, an action's)."""
    known = sorted(set(labels))
    single = set(alone)
    readings: dict[str, str] = {}
    for a in known:
        for b in known:
            text, reading = a + b, f"{a} {b}"
            if text in single:
                return text, reading, text
            other = readings.setdefault(text, reading)
            if other != reading:
                return text, other, reading
    for text, reading in readings.items():
        # The same text as another pair followed by a count: `a`+`bv3` against `ab` `v3`.
        for at in range(2, len(text) - 1):
            if text[at] == "v" and all(c in HEX_DIGITS for c in text[at + 1:]) and text[:at] in readings:
                return text, reading, f"{readings[text[:at]]} v{text[at + 1:]}"
    return None
