"""The condition word (`When`, docs/design.md §6.8) compiled: a gate a rule waits for.

A `When` is a set of parts, each read from the position, all of which must hold. Each part
compiles to one *term*: a kind and the piles it reads, of three kinds,

- ``ALL_EMPTY``: every pile listed is empty (`stock: empty` reads the stock pile),
- ``ANY_CARD``: some pile listed holds a card (`started: GROUP` reads the group's piles),
- ``PLACE_EMPTY``: the pile listed at the place of the pile the rule is about is empty
  (`cleared: GROUP`: the k-th pile of a group reads the k-th of GROUP),

so that the engine and the compiled core (`core/tables.py`'s ``gates``, `_search.pyx`'s
``_gate_holds``) judge every part by the same two loops, and a new part that reads piles this
way needs no new code in either: only an entry in ``PARTS`` below (its term and its reason), a
field of `ruleset.model.When`, and its words in `ruleset.describe.when_words`.

Where gates apply: `takes_when` (a group takes cards by moves only while its gate holds),
`gives_when` (cards leave a group's piles by moves only while it holds) and `stock.when` (the
stock deals and is turned over again only while it holds). The deal is not a move, so no gate
stops it. Nothing here changes the position, so undo needs nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..i18n import _

if TYPE_CHECKING:
    from ..ruleset.model import Ruleset, When

ALL_EMPTY = 0  # every pile of the term is empty
ANY_CARD = 1  # some pile of the term holds a card
PLACE_EMPTY = 2  # the term's pile at the place of the pile the rule is about is empty (`cleared`)


@dataclass(frozen=True)
class Term:
    """One part of a condition: its kind, the piles it reads (a range of pile numbers), and the
    part it came from (for the reason a move is refused)."""

    kind: int
    piles: range
    part: str
    value: str


Gate = tuple[Term, ...]  # every term must hold; () holds always


def _stock_term(value: str, ruleset: Ruleset, first: dict[str, range]) -> Term | None:
    """`stock: empty`: the stock pile holds no card (no stock: nothing to wait for)."""
    if ruleset.stock is None or ruleset.stock.pile not in first:
        return None
    return Term(ALL_EMPTY, first[ruleset.stock.pile], "stock", value)


def _started_term(value: str, ruleset: Ruleset, first: dict[str, range]) -> Term:
    """`started: GROUP`: a card lies on one of the group's piles."""
    return Term(ANY_CARD, first[value], "started", value)


def _cleared_term(value: str, ruleset: Ruleset, first: dict[str, range]) -> Term:
    """`cleared: GROUP`: the pile of the group at the place of the pile the rule is about (the
    k-th pile of the gated group reads the k-th of GROUP, round again when GROUP is shorter) is
    empty (Free Napoleon: cell a gives only once reserve x is empty, cell b once reserve y is)."""
    return Term(PLACE_EMPTY, first[value], "cleared", value)


# The parts of `When`: part name -> its term. One entry a part (see the module's text).
PARTS: dict[str, Callable[[str, Ruleset, dict[str, range]], Term | None]] = {
    "stock": _stock_term,
    "started": _started_term,
    "cleared": _cleared_term,
}


def compile_gate(when: When | None, ruleset: Ruleset, piles_of: dict[str, range]) -> Gate:
    """The terms of ``when`` (its parts in ``PARTS``; a `takes_when`'s card parts are the
    group's own, `compiled.Group.takes_card`). ``piles_of``: group id -> its piles."""
    if when is None:
        return ()
    terms = []
    for part, term_of in PARTS.items():
        value = getattr(when, part, None)
        if value is not None:
            term = term_of(value, ruleset, piles_of)
            if term is not None:
                terms.append(term)
    return tuple(terms)


def failing(gate: Gate, piles: Sequence[Sequence[int]], place: int = 0) -> Term | None:
    """The first term of ``gate`` that does not hold in ``piles``; None when the gate holds.
    ``place``: the place in its group of the pile the rule is about (`cleared` reads it)."""
    for term in gate:
        if term.kind == ALL_EMPTY:
            if any(piles[p] for p in term.piles):
                return term
        elif term.kind == PLACE_EMPTY:
            if piles[place_pile(term, place)]:
                return term
        elif not any(piles[p] for p in term.piles):
            return term
    return None


def place_pile(term: Term, place: int) -> int:
    """The pile a `PLACE_EMPTY` term reads for the pile at ``place`` in its own group."""
    return term.piles.start + place % len(term.piles)


def holds(gate: Gate, piles: Sequence[Sequence[int]], place: int = 0) -> bool:
    """Whether every term of ``gate`` holds (for the pile at ``place`` in its group)."""
    return not gate or failing(gate, piles, place) is None


def reads_place(gate: Gate) -> bool:
    """Whether ``gate`` reads the place of the pile it is about (`cleared`): then it is judged
    pile by pile, not once for the whole group."""
    return any(term.kind == PLACE_EMPTY for term in gate)


def waiting_for(ruleset: Ruleset, term: Term) -> str:
    """What a refused move waits for, in words: "once the stock is empty", "once a card lies on
    the foundations"."""
    if term.part == "stock":
        return _("once the stock is empty")
    from ..ruleset.describe import group_title  # the rules text imports the engine's tables

    if term.part == "started":
        return _("once a card lies on the {group}").format(group=group_title(ruleset, term.value))
    if term.part == "cleared":
        return _("once the pile beside it in the {group} is empty").format(group=group_title(ruleset, term.value))
    return _("once {part}: {value} holds").format(part=term.part, value=term.value)


def until_words(ruleset: Ruleset, gate: Gate) -> str:
    """Until when a rule that ``gate`` lifts stands: "until the stock is empty" (every term)."""
    from ..ruleset.describe import group_title

    words = []
    for term in gate:
        if term.part == "stock":
            words.append(_("until the stock is empty"))
        elif term.part == "started":
            words.append(_("until a card lies on the {group}").format(group=group_title(ruleset, term.value)))
        else:
            words.append(_("until the pile beside it in the {group} is empty").format(
                group=group_title(ruleset, term.value)))
    return _(" and ").join(words)


def takes_reason(ruleset: Ruleset, group_id: str, term: Term) -> str:
    """Why the group refuses a card by `takes_when`'s gate."""
    from ..ruleset.describe import group_title

    return _("the {group} take cards only {once}").format(group=group_title(ruleset, group_id),
                                                         once=waiting_for(ruleset, term))


def gives_reason(ruleset: Ruleset, group_id: str, term: Term) -> str:
    """Why no card leaves the group, by its `gives_when`."""
    from ..ruleset.describe import group_title

    return _("cards leave the {group} only {once}").format(group=group_title(ruleset, group_id),
                                                          once=waiting_for(ruleset, term))


def stock_reason(ruleset: Ruleset, term: Term) -> str:
    """Why the stock may not deal, by `stock.when`."""
    return _("the stock is dealt only {once}").format(once=waiting_for(ruleset, term))
