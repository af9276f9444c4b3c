"""The move notation: source label, target label, optional ``v`` and a hex count.

``38`` moves from pile 3 to pile 8 as many cards as it takes to land on 8's top card, or the
fewest an empty pile takes (one card into an empty FreeCell column); ``38v3`` moves exactly
three. A group's shared label (``h``) stands for whichever pile of the group fits. The stock's
label alone (``s``) deals or turns the stock. The swap action is its label and two places, each a
pile label and a card number counted from the bottom (1 = the bottom card): ``x03.1-17.3``.
This is the standard FreeCell notation that players and fc-solve use, generalised to any
labels a ruleset gives its piles.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..i18n import _
from .compiled import SLOT
from .moves import CLOSE_UP, DEAL, REDEAL, REMOVE, SWAP, IllegalMove, Move, why_illegal

if TYPE_CHECKING:
    from .game import Game

_COUNT = re.compile(r"^(?P<body>.+)v(?P<count>[0-9a-f]+)$")
_PLACES = re.compile(r"^[-,/]*(?P<a>[a-z0-9]{1,3})\.(?P<i>\d+)[-,/]+(?P<b>[a-z0-9]{1,3})\.(?P<j>\d+)$")


def implied_count(game: Game, src: int, dst: int) -> int:
    """The count a move without ``v`` carries: the fewest cards that land on the target's top
    card, or that an empty target takes (one card into a FreeCell column, a king's run into an
    empty Klondike column)."""
    if not game.piles[dst] and game.rules.group_of[dst].empty_ok is None:
        return 1
    source = game.piles[src]
    for n in range(1, game.movable_run(src) + 1):
        if game.lands_on(dst, source[-n]):
            return n
    return 1


def _splits(game: Game, body: str) -> list[tuple[str, str]]:
    rules = game.rules
    known = rules.pile_by_label.keys() | rules.group_by_shared_label.keys()
    return [(body[:i], body[i:]) for i in range(1, len(body)) if body[:i] in known and body[i:] in known]


def _piles_for(game: Game, label: str) -> list[int]:
    rules = game.rules
    if label in rules.pile_by_label:
        return [rules.pile_by_label[label]]
    return [p for group in rules.group_by_shared_label[label] for p in group.piles]


def _candidates(game: Game, src_label: str, dst_label: str, count: int | None) -> list[Move]:
    """Every move the labels could mean, legal first (in pile order)."""
    sources = _piles_for(game, src_label)
    targets = _piles_for(game, dst_label)
    legal: list[Move] = []
    illegal: list[Move] = []
    for src in sources:
        for dst in targets:
            n = count if count is not None else implied_count(game, src, dst)
            move = (src, dst, n)
            (legal if why_illegal(game, move) is None else illegal).append(move)
    return legal + illegal


def parse_move(game: Game, text: str) -> Move:
    """The move ``text`` names. Raises IllegalMove when it names none, or several legal ones.

    The move returned may still be illegal; ``Game.play`` then reports why.
    """
    rules = game.rules
    compact = "".join(text.split()).lower()
    label = rules.swap_label
    body = compact.replace("-", "").replace(">", "")
    if label and compact.startswith(label) and ("." in compact or not _splits(game, body)):
        spaced = "-".join(text.lower().split())  # spaces separate the two places too
        return _parse_swap(game, spaced[len(label):], text)
    if not body:
        raise IllegalMove(_("no move given"))
    if "+" in body:  # a set removal: its cells joined by `+` (`na1+nb2`; one card `d7+`)
        return _parse_removal(game, body, text)
    if rules.close_up_label and body == rules.close_up_label:
        return (0, CLOSE_UP, 0)
    if rules.stock_pile >= 0 and body == rules.labels[rules.stock_pile]:
        stock = rules.stock_pile
        return (stock, DEAL, 0) if game.piles[stock] else (stock, REDEAL, 0)
    readings: list[tuple[str, str, int | None]] = [(a, b, None) for a, b in _splits(game, body)]
    counted = _COUNT.match(body)
    if counted:
        given = int(counted["count"], 16)
        readings += [(a, b, given) for a, b in _splits(game, counted["body"])]
    if not readings:
        labels = " ".join(rules.labels)
        raise IllegalMove(_("{text!r} is not a move: write a source and a target label ({labels}), e.g. {example}").format(
            text=text.strip(), labels=labels, example=_example(game)))
    legal: list[Move] = []
    first_illegal: Move | None = None
    for src_label, dst_label, count in readings:
        for move in _candidates(game, src_label, dst_label, count):
            if why_illegal(game, move) is None:
                if move not in legal:
                    legal.append(move)
            elif first_illegal is None or (not _plausible(game, first_illegal) and _plausible(game, move)):
                first_illegal = move  # the reason shown: a pile the card would fit by rank and suit, if any
    if len(legal) == 1:
        return legal[0]
    if len(legal) > 1:
        if _all_same_group_targets(game, legal):
            return legal[0]  # e.g. "7h" with two foundations that take the card: any will do
        options = ", ".join(format_move(game, m, explicit=True) for m in legal)
        raise IllegalMove(_("{text!r} could mean several moves: {options}").format(text=text.strip(), options=options))
    assert first_illegal is not None
    return first_illegal


def _parse_swap(game: Game, places: str, text: str) -> Move:
    """``03.1-17.3`` after the swap's label: pile label, card number from the bottom, twice."""
    rules = game.rules
    example = f"{rules.swap_label}{rules.labels[rules.swap_piles[0]]}.1-{rules.labels[rules.swap_piles[-1]]}.2"
    found = _PLACES.match(places)
    if not found:
        raise IllegalMove(
            _("{text!r}: write a swap as {label}, then two places, each a pile and a card counted from the bottom "
              "(1 = bottom), e.g. {example}").format(text=text.strip(), label=rules.swap_label, example=example)
        )
    codes = []
    for pile_label, number in ((found["a"], found["i"]), (found["b"], found["j"])):
        if pile_label not in rules.pile_by_label:
            raise IllegalMove(_("{text!r}: there is no pile {label!r}").format(text=text.strip(), label=pile_label))
        if int(number) < 1:
            raise IllegalMove(_("{text!r}: cards are counted from 1, the bottom card").format(text=text.strip()))
        codes.append(rules.pile_by_label[pile_label] * SLOT + int(number) - 1)
    low, high = sorted(codes)
    return (low, SWAP, high)


def _plausible(game: Game, move: Move) -> bool:
    """The moving card fits the target's top card, or the empty target takes its rank: the
    refusal is then about something else (KK-4's start order), which is the reason to give."""
    src, dst, n = move
    source = game.piles[src]
    return 0 < n <= len(source) and game.lands_on(dst, source[-n])


def _parse_removal(game: Game, body: str, text: str) -> Move:
    """``na1+nb2`` (two cells, either order) or ``d7+`` (one card)."""
    rules = game.rules
    words = [w for w in body.split("+") if w]
    if not 1 <= len(words) <= 2:
        raise IllegalMove(_("{text!r}: write a removal as its cells joined by +, e.g. a1+b2, or one cell and +").format(
            text=text.strip()))
    piles = []
    for word in words:
        if word not in rules.pile_by_label:
            raise IllegalMove(_("{text!r}: there is no pile {label!r}").format(text=text.strip(), label=word))
        piles.append(rules.pile_by_label[word])
    low, high = min(piles), max(piles)
    return (low, REMOVE, high)


def _all_same_group_targets(game: Game, moves: list[Move]) -> bool:
    """Moves that differ only in which pile of one group receives the same cards."""
    first_src, _, first_n = moves[0]
    groups = {game.rules.group_of[m[1]].index for m in moves}
    return len(groups) == 1 and all(m[0] == first_src and m[2] == first_n for m in moves)


def _example(game: Game) -> str:
    moves = [m for m in game.legal_moves() if not game.changes_nothing(m)]
    return format_move(game, moves[0]) if moves else "the stock label"


def format_move(game: Game, move: Move, *, explicit: bool = False) -> str:
    """The notation of ``move`` in the current position (before it is played).

    A target's shared label (``7h``) is used where it names this very move; sources always get
    their own label (``h31``, not ``h1``, which reads like a pile). ``explicit``: pile labels only.
    """
    rules = game.rules
    src, dst, n = move
    if dst in (DEAL, REDEAL):
        return rules.labels[src]
    if dst == SWAP:
        (pa, ia), (pb, ib) = divmod(src, SLOT), divmod(n, SLOT)
        return f"{rules.swap_label}{rules.labels[pa]}.{ia + 1}-{rules.labels[pb]}.{ib + 1}"
    if dst == REMOVE:
        return rules.labels[src] + "+" + ("" if n == src else rules.labels[n])
    if dst == CLOSE_UP:
        return rules.close_up_label or ""
    src_label = rules.labels[src]
    dst_label = rules.labels[dst]
    if not explicit:
        target_shared = rules.group_of[dst].spec.shared_label
        if target_shared and _resolves_to(game, rules.labels[src], target_shared, move):
            dst_label = target_shared
    text = src_label + dst_label
    if n != implied_count(game, src, dst):
        text += f"v{n:x}"
    return text


def _resolves_to(game: Game, src_label: str, dst_label: str, move: Move) -> bool:
    legal = [m for m in _candidates(game, src_label, dst_label, move[2]) if why_illegal(game, m) is None]
    return bool(legal) and legal[0] == move and (len(legal) == 1 or _all_same_group_targets(game, legal))
