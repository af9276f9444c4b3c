"""Example moves for the rules text, made from the game's own labels and deal.

An example has to be a move the game accepts: `na1+nb2` in Czternastki, not `a1+b2`, whose cells
do not exist there. tests/test_describe.py plays each example the rules text gives in a dealt
position where it is legal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .views import group_prefilled

if TYPE_CHECKING:
    from .model import Remove, Ruleset


def dealt_cards(ruleset: Ruleset, gid: str, index: int) -> int:
    """Cards the deal puts on pile ``index`` of a group (prefilled ones included; `rest` as 0)."""
    group = ruleset.piles[gid]
    cards = 1 if index < group_prefilled(group) else 0
    for step in ruleset.deal.steps:
        if step.to == gid and step.count != "rest":
            cards += step.count if isinstance(step.count, int) else step.count[index]
    return cards


def swap_example(ruleset: Ruleset) -> str | None:
    """The bottom card of the first pile swapped with a buried card of the last: ``x01.1-26.3``."""
    swap = ruleset.actions.swap
    if swap is None:
        return None
    first, last = ruleset.piles[swap.within[0]], ruleset.piles[swap.within[-1]]
    depth = max(1, min(3, dealt_cards(ruleset, swap.within[-1], last.count - 1)))
    return f"{swap.label}{first.labels[0]}.1-{last.labels[-1]}.{depth}"


def _two_cells(ruleset: Ruleset, rule: Remove) -> tuple[str, str]:
    """Two cells a set may come from: touching as the rule asks (by a corner when it may), else
    the first two piles of its groups."""
    group = ruleset.piles[rule.from_[0]]
    grid = group.grid
    if rule.adjacent and grid is not None and grid.rows * grid.cols > 1:
        if rule.adjacent == 8 and grid.rows > 1 and grid.cols > 1:
            other = grid.cols + 1  # one down and one right: the corner
        else:
            other = 1  # the next cell: to the right, or below in a grid of one column
        return group.labels[0], group.labels[other]
    if group.shape is not None and len(group.labels) > 1:
        return group.labels[-2], group.labels[-1]  # the last row of a shape lies open: nothing covers it
    labels = [label for gid in rule.from_ for label in ruleset.piles[gid].labels]
    return labels[0], labels[1] if len(labels) > 1 else labels[0]


def removal_examples(ruleset: Ruleset, rule: Remove) -> list[str]:
    """``na1+nb2`` for a pair, ``na1+`` for one card, as the rule allows."""
    first, second = _two_cells(ruleset, rule)
    examples = []
    if 2 in rule.cards:
        examples.append(f"{first}+{second}")
    if 1 in rule.cards:
        # in a shape, the last card drawn: nothing covers it
        examples.append(f"{second if ruleset.piles[rule.from_[0]].shape is not None else first}+")
    return examples
