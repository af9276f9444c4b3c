"""Moves and the reasons a move is refused.

A move is ``(source, target, count)`` with pile numbers. Stock actions use a negative target:
``(stock, DEAL, 0)`` turns or deals stock cards, ``(stock, REDEAL, 0)`` turns the waste back
into the stock, and the swap action is ``(place_a, SWAP, place_b)`` with a place written
``pile * SLOT + index`` (index from the bottom, 0 first), so every move stays a 3-tuple.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import RANK, RANK_NAMES, card_str
from .compiled import LIMIT_NONE, MOVE_ALONE, MOVE_NONE, MOVE_TOP, SLOT, describe_build

if TYPE_CHECKING:
    from .game import Game

Move = tuple[int, int, int]
DEAL = -1
REDEAL = -2
SWAP = -3  # (pile_a * SLOT + index_a, SWAP, pile_b * SLOT + index_b): exchange two cards (CR-4)


class IllegalMove(ValueError):
    """A move the rules do not allow, or a notation that names no move; the game is unchanged."""


def why_illegal(game: Game, move: Move) -> str | None:
    """None when ``move`` is legal in ``game``; otherwise a one-line reason."""
    rules = game.rules
    try:
        src, dst, n = move
    except (TypeError, ValueError):
        return f"not a move: {move!r}"
    if dst == SWAP:
        return why_swap_illegal(game, src, n)
    if not (0 <= src < rules.pile_count) or dst >= rules.pile_count or dst < REDEAL:
        return f"no such pile in {move!r}"
    if dst < 0:
        return why_stock_illegal(game, src, dst)
    label_s, label_d = rules.labels[src], rules.labels[dst]
    if src == dst:
        return f"{label_s} cannot move onto itself"
    source_group, target_group = rules.group_of[src], rules.group_of[dst]
    source = game.piles[src]
    if source_group.move_kind == MOVE_NONE:
        return f"cards never leave the {source_group.id} ({label_s})"
    if not source:
        return f"{label_s} is empty"
    face_up = len(source) - game.hidden[src]
    if n < 1 or n > face_up:
        return f"{label_s} has {face_up} face-up card{'s' if face_up != 1 else ''}, not {n}"
    if n > 1 and source_group.move_kind == MOVE_TOP:
        return f"only the top card of {label_s} moves"
    if source_group.move_kind == MOVE_ALONE and len(source) > 1:
        return f"{label_s} has cards built on it: only a card lying alone leaves the {source_group.id}"
    if n > game.movable_run(src):
        return f"the top {n} cards of {label_s} are not a run that moves together"
    if target_group.index not in source_group.targets:
        allowed = ", ".join(rules.groups[i].id for i in sorted(source_group.targets))
        return f"cards from the {source_group.id} go only to: {allowed}"
    moving = source[-n]
    target = game.piles[dst]
    max_cards = target_group.max_cards
    if max_cards and len(target) + n > max_cards:
        return f"{label_d} holds at most {max_cards} card{'s' if max_cards != 1 else ''}"
    if not target:
        if target_group.empty_ok is None:
            return f"nothing goes into an empty pile in {target_group.id} ({label_d})"
        if not target_group.empty_ok[moving]:
            empty = target_group.spec.empty
            ranks = " ".join(_rank_names(empty if isinstance(empty, list) else []))
            return f"an empty pile in {target_group.id} takes only {ranks}, not {card_str(moving)}"
        preferred = _preferred_place(game, moving, target_group.index)
        if preferred is not None:
            group_id, label = preferred
            return f"{_a(RANK_NAMES[RANK[moving]])} goes to {group_id} first: {label} is empty"
    elif target_group.base_ok is not None and not target_group.base_ok[target[0]]:
        bases = " or ".join(_rank_names(target_group.spec.build.base or []))
        return (
            f"nothing is built on {label_d}: {target_group.id} is built on {_a(bases)} only, "
            f"and {label_d} starts with {card_str(target[0])}"
        )
    elif moving not in target_group.fits_on[target[-1]]:
        return (
            f"{card_str(moving)} cannot go on {card_str(target[-1])} "
            f"({target_group.id}: {describe_build(target_group.spec.build)})"
        )
    if n > 1 and not game._run_fits(src, n, target_group):
        return (
            f"{n} cards cannot go to {target_group.id} at once, only one by one "
            f"({target_group.id}: {describe_build(target_group.spec.build)})"
        )
    if n > 1 and source_group.run_limit != LIMIT_NONE:
        limit = game.run_limit(src, dst)
        if limit is not None and n > limit:
            return f"only {limit} card{'s' if limit != 1 else ''} can move at once here (free cells and empty columns), not {n}"
    return None


def _preferred_place(game: Game, card: int, target_group: int) -> tuple[str, str] | None:
    """PA-3: another group that wants ``card`` first and has an empty pile: (its id, that pile's label)."""
    rules = game.rules
    if rules.preferred_by is None:
        return None
    for gi in rules.preferred_by[card]:
        if gi == target_group:
            continue
        group = rules.groups[gi]
        for p in group.piles:
            if not game.piles[p]:
                return group.id, rules.labels[p]
    return None


def why_swap_illegal(game: Game, a: int, b: int) -> str | None:
    """The swap action (CR-4): two different face-up cards of its groups, while uses are left."""
    rules = game.rules
    label = rules.swap_label
    if label is None:
        return "this game has no swap"
    if not game.uses_left[0]:
        return "the swap is used up: it may be made only once a game" if rules.action_uses[0] == 1 else "no swaps left"
    places = []
    for code in (a, b):
        if not isinstance(code, int) or code < 0:
            return f"not a place: {code!r}"
        pile, index = divmod(code, SLOT)
        if pile not in rules.swap_piles:
            where = ", ".join(rules.ruleset.actions.swap.within) if rules.ruleset.actions.swap else ""
            name = rules.labels[pile] if pile < rules.pile_count else str(pile)
            return f"the swap exchanges cards of the {where} only, not of {name}"
        cards = game.piles[pile]
        if index >= len(cards):
            return f"{rules.labels[pile]} has {len(cards)} card{'s' if len(cards) != 1 else ''}, no card {index + 1}"
        if index < game.hidden[pile]:
            return f"card {index + 1} of {rules.labels[pile]} is face down"
        places.append((pile, index))
    if a == b:
        return "a card cannot be swapped with itself"
    card_a = game.piles[places[0][0]][places[0][1]]
    card_b = game.piles[places[1][0]][places[1][1]]
    if card_a == card_b:
        return f"both cards are {card_str(card_a)}: swapping them changes nothing"
    if game.swap_changes_nothing((a, SWAP, b)):
        return (
            f"swapping {card_str(card_a)} and {card_str(card_b)} only turns "
            f"{rules.labels[places[0][0]]} and {rules.labels[places[1][0]]} into each other"
        )
    return None


def why_stock_illegal(game: Game, src: int, dst: int) -> str | None:
    rules = game.rules
    if src != rules.stock_pile:
        return "only the stock deals"
    stock = game.piles[src]
    if dst == DEAL:
        return None if stock else "the stock is empty"
    if stock:
        return "the stock is not empty yet"
    if rules.waste_pile < 0:
        return "this stock is never turned over again"
    if not game.piles[rules.waste_pile]:
        return "the stock and the waste are both empty"
    if 0 <= rules.redeals <= game.redeals_used:
        passes = rules.redeals + 1
        return f"no redeals left: the stock goes round {passes} time{'s' if passes != 1 else ''} in all"
    return None


def _a(word: str) -> str:
    """``a 3``, ``an 8``, ``an A``."""
    return ("an " if word[:1] in ("A", "8") else "a ") + word


def _rank_names(ranks: list[int]) -> list[str]:
    return [RANK_NAMES[r] for r in ranks]
