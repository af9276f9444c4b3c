"""What a ruleset's parts can tell beyond their fields, without pydantic.

The pydantic models (model.py) and the plain objects the ruleset cache gives back (plain.py) both
take these methods, so the engine reads a ruleset the same way whichever it holds, and a command
that plays a cached ruleset never imports pydantic (issue 34: a fast start).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..deals import shuffled_deck

if TYPE_CHECKING:
    from .model import DealStep, Left, PileGroup, Ruleset

COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"


class GridView:
    if TYPE_CHECKING:  # the fields, for type checkers only: pydantic must not see them as its own
        prefix: str
        rows: int
        cols: int

    def labels(self) -> list[str]:
        """``<prefix><column letter><row number>``, row by row: ``a1 b1 ... h1 a2 ...``."""
        return [f"{self.prefix}{COLUMN_LETTERS[c]}{r + 1}" for r in range(self.rows) for c in range(self.cols)]


class WinClassView:
    if TYPE_CHECKING:
        name: str
        names: dict[str, str]

    def display_name(self, lang: str = "en") -> str:
        return self.names.get(lang, self.name)


class WinView:
    if TYPE_CHECKING:
        classes: list[Any]
        all_cards_in: list[str]
        full: list[str]

    def named(self, class_id: str | None) -> Any:
        """The win class of that id (CZ-4's `first`, `second`), or None."""
        return next((c for c in self.classes if c.id == class_id), None)

    def main(self) -> tuple[list[str], list[str], Left | None]:
        """The condition that ends the game when it holds: (all_cards_in, full, left)."""
        if self.classes:
            first = self.classes[0]
            return first.all_cards_in, first.full, first.left
        return self.all_cards_in, self.full, None


class RulesetView:
    """A ruleset, pydantic's or the cache's: ``isinstance(x, RulesetView)`` asks "is x a ruleset"."""

    if TYPE_CHECKING:
        name: str
        names: dict[str, str]
        win: Any
        piles: dict[str, Any]

    def display_name(self, lang: str = "en") -> str:
        return self.names.get(lang, self.name)

    def win_groups(self) -> list[str]:
        if self.win:
            return list(self.win.main()[0])
        return [gid for gid, g in self.piles.items() if g.role == "foundation"]


# Mixins by model class name, for plain.py.
VIEWS: dict[str, type] = {"Grid": GridView, "WinClass": WinClassView, "Win": WinView, "Ruleset": RulesetView}


def deal_key(ruleset: Ruleset) -> str:
    """The key that, with a deal number, fixes a deal's cards (G-1): the ruleset's `deal.key`,
    else its id. Rulesets with the same key deal the same cards for a number (docs/deals.md); the
    deal, a reshuffle's rounds and the compiled core's copy of them all read it here."""
    return ruleset.deal.key or ruleset.id


def dealt_deck(ruleset: Ruleset, number: int) -> list[int]:
    """The whole pack of deal ``number`` in dealing order, before `prefill` takes its cards out:
    the ruleset's shuffle, seeded by its `deal_key` and the number."""
    return shuffled_deck(ruleset.deal.shuffle, deal_key(ruleset), number, ruleset.decks, ruleset.suits)


def step_cards(step: DealStep, group: PileGroup) -> int:
    """Cards a deal step places on its group (0 for `rest`, which takes whatever is left)."""
    if step.count == "rest":
        return 0
    return step.count * group.count if isinstance(step.count, int) else sum(step.count)


def card_down(step: DealStep, k: int, dealt: int) -> bool:
    """Whether the k-th card (0: the lowest) of the ``dealt`` a step puts on a pile lies face down."""
    face = step.face
    if isinstance(face, list):
        return k < len(face) and face[k] == "down"
    return face == "down" or (face == "top-up" and k < dealt - 1)


def mixed_face_groups(ruleset: Ruleset) -> frozenset[str]:
    """The groups (the stock aside) where the deal puts a face-down card over a face-up one, so
    that faces alternate in a pile (Martha, Alternations; engine/faces.py)."""
    stock = ruleset.stock.pile if ruleset.stock is not None else None
    up_seen: dict[str, list[bool]] = {gid: [False] * g.count for gid, g in ruleset.piles.items()}
    mixed = set()
    for step in ruleset.deal.steps:
        seen = up_seen.get(step.to)
        if seen is None or step.to == stock or step.count == "rest":
            continue
        counts = [step.count] * len(seen) if isinstance(step.count, int) else list(step.count)
        for p, n in enumerate(counts[: len(seen)]):
            for k in range(n):
                if not card_down(step, k, n):
                    seen[p] = True
                elif seen[p]:
                    mixed.add(step.to)
    return frozenset(mixed)


def group_prefilled(group: PileGroup) -> int:
    """Cards `prefill` puts on a group: one per suit and listed rank (DY-1), or one per rank; every
    card of a rank (`prefill_rank`), one a pile."""
    if group.prefill_rank is not None:  # every card of one rank, one a pile
        return group.count
    return len(group.prefill) * (4 if group.prefill_suit == "each" else 1)


def prefilled_cards(ruleset: Ruleset) -> int:
    """Cards taken out of the pack before the shuffle (DY-1): one per suit and listed rank."""
    return sum(group_prefilled(g) for g in ruleset.piles.values())


def source_file(ruleset: Any) -> Path | None:
    """The file ``ruleset`` was read from, or None for one made from text or in code."""
    return getattr(ruleset, "_source_file", None)
