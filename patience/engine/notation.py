"""The move notation: source label, target label, optional ``v`` and a hex count.

``38`` moves from pile 3 to pile 8 as many cards as it takes to land on 8's top card, or the
fewest an empty pile takes (one card into an empty FreeCell column); ``38v3`` moves exactly
three. A group's shared label (``h``) stands for whichever pile of the group fits. The stock's
label alone (``s``) deals or turns the stock. The swap action is its label and two places, each a
pile label and a card number counted from the bottom (1 = the bottom card): ``x03.1-17.3``.
This is the standard FreeCell notation that players and fc-solve use, generalised to any
labels a ruleset gives its piles: a source and a target may be separated by spaces, ``-`` or ``>``
(``1-12``), and are printed so where the ruleset's labels run together ambiguously (labels 1..13).
Every move prints as a text that reads back as exactly that move.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import RANK, SUIT, card_str
from ..i18n import _, alternatives, ngettext
from ..ruleset.describe import all_labels_text, group_title
from ..ruleset.labels import HEX_DIGITS
from .checks import EmptyRankRefusal, empty_ranks, why_illegal
from .compiled import MOVE_TOP_OR_RUN, SLOT
from .moves import CLOSE_UP, DEAL, REDEAL, REMOVE, RESHUFFLE, SWAP, AmbiguousMove, IllegalMove, Move, RefusedMove

if TYPE_CHECKING:
    from .board import Board

# Between a source and a target label: any run of spaces, `-` or `>` (`1-12`, `1 12`, `1>12`).
_SEPARATORS = re.compile(r"[\s>-]+")
_PLACES = re.compile(r"^[-,/]*(?P<a>[a-z0-9]{1,3})\.(?P<i>\d+)[-,/]+(?P<b>[a-z0-9]{1,3})\.(?P<j>\d+)$")
_SHOWN = 40  # characters of a refused text echoed in the reason
_CARD_DIGITS = 6  # digits of a swap's card number read at most: far more cards than any pile holds

Reading = tuple[str, str, "int | None"]  # source label, target label, count (None: implied)


class _TooMany(Exception):
    """A count longer than any pile: refused before it is turned into a number."""


def implied_count(game: Board, src: int, dst: int) -> int:
    """The count a move without ``v`` carries: the fewest cards that land on the target's top
    card, or that an empty target takes (one card into a FreeCell column, a king's run into an
    empty Klondike column). A group that takes cards only `unit` at a time implies that count:
    four is the only one that can land."""
    unit = game.rules.group_of[dst].unit
    if unit:
        return unit
    if not game.piles[dst] and game.rules.group_of[dst].empty_ok is None:
        return 1
    source = game.piles[src]
    if game.rules.group_of[src].reach:  # `move: pile`: only the whole pile ever moves
        return len(source) or 1
    run = game.movable_run(src)
    whole_only = game.rules.group_of[src].move_kind == MOVE_TOP_OR_RUN  # the top card or the whole run
    for n in range(1, run + 1):
        if (not whole_only or n in (1, run)) and game.lands_on(dst, source[-n]):
            return n
    return 1


def _shown(text: str) -> str:
    """The refused text as a reason repeats it: stripped, and cut short when long."""
    text = text.strip()
    return text if len(text) <= _SHOWN else text[:_SHOWN] + "…"


def _known(game: Board, label: str) -> bool:
    rules = game.rules
    return label in rules.pile_by_label or label in rules.group_by_shared_label


def _splits(game: Board, body: str) -> list[tuple[str, str]]:
    """The ways ``body`` is a source label followed by a target label. Labels are short, so only
    a text of at most two labels' length can split: constant time, whatever its length."""
    longest = game.rules.longest_label
    if len(body) > 2 * longest:
        return []
    return [(body[:i], body[i:]) for i in range(1, min(len(body), longest + 1))
            if _known(game, body[:i]) and _known(game, body[i:])]


def _count_split(word: str) -> tuple[str, str] | None:
    """``word`` as text, ``v``, hex digits (``38v3``): (text, digits); None when it is not."""
    body, v, digits = word.rpartition("v")
    if not v or not body or not digits or not all(c in HEX_DIGITS for c in digits):
        return None
    return body, digits


def _count(game: Board, digits: str) -> int:
    """The hex count; one longer than any pile could hold is refused before it becomes a number
    (never one of 100,000 digits)."""
    digits = digits.lstrip("0") or "0"
    if len(digits) > len(f"{game.rules.total_cards:x}"):
        raise _TooMany
    return int(digits, 16)


def _readings(game: Board, words: list[str]) -> list[Reading]:
    """Every (source, target, count) the words may mean. Two words are a source and a target
    (`1 12`, `1-12v3`); when they are not, or there are more or fewer, the words run together
    and every split into two labels is a reading (`38`, `h31`, `38v3`)."""
    if len(words) == 2 and _known(game, words[0]):
        separated: list[Reading] = [(words[0], words[1], None)] if _known(game, words[1]) else []
        counted = _count_split(words[1])
        if counted and _known(game, counted[0]):
            separated.append((words[0], counted[0], _count(game, counted[1])))
        if separated:
            return separated
    body = "".join(words)
    readings: list[Reading] = [(a, b, None) for a, b in _splits(game, body)]
    counted = _count_split(body)
    if counted:
        pairs = _splits(game, counted[0])
        if pairs:
            given = _count(game, counted[1])
            readings += [(a, b, given) for a, b in pairs]
    return readings


def _piles_for(game: Board, label: str) -> list[int]:
    rules = game.rules
    if label in rules.pile_by_label:
        return [rules.pile_by_label[label]]
    return [p for group in rules.group_by_shared_label[label] for p in group.piles]


def _candidates(game: Board, src_label: str, dst_label: str, count: int | None) -> list[Move]:
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


def parse_move(game: Board, text: str) -> Move:
    """The move ``text`` names. Raises IllegalMove, with a one-line reason, when it names none
    or several legal ones; never anything else, for any text, in time linear in its length.

    The move returned may still be illegal; ``Game.play`` then reports why.
    """
    if not isinstance(text, str):
        raise IllegalMove(_("not a move: {move!r}").format(move=_shown(repr(text))))
    rules = game.rules
    words = [w for w in _SEPARATORS.split(text.lower()) if w]
    compact = "".join(words)
    if not compact:
        raise IllegalMove(_("no move given"))
    label = rules.swap_label
    try:
        if label and compact.startswith(label) and ("." in compact or not _readings(game, words)):
            return _parse_swap(game, "-".join(words)[len(label):], text)
        if "+" in compact:  # a set removal: its cells joined by `+` (`na1+nb2`; one card `d7+`)
            return _parse_removal(game, compact, text)
        if rules.close_up_label and compact == rules.close_up_label:
            return (0, CLOSE_UP, 0)
        if rules.reshuffle_label and compact == rules.reshuffle_label:
            return (0, RESHUFFLE, 0)
        readings = _readings(game, words)
        if rules.stock_pile >= 0 and compact == rules.labels[rules.stock_pile] and len(words) == 1:
            stock = rules.stock_pile
            return (stock, DEAL, 0) if game.piles[stock] else (stock, REDEAL, 0)
    except _TooMany:
        raise IllegalMove(_("{text!r}: no pile holds that many cards; the game has {total}").format(
            text=_shown(text), total=rules.total_cards)) from None
    if not readings and _known(game, compact):
        raise IllegalMove(_lone_label(game, text))
    if not readings:
        raise IllegalMove(not_a_move(game, text))
    legal: list[Move] = []
    illegal: list[Move] = []
    first_illegal: Move | None = None
    for src_label, dst_label, count in readings:
        for move in _candidates(game, src_label, dst_label, count):
            if why_illegal(game, move) is None:
                if move not in legal:
                    legal.append(move)
            else:
                illegal.append(move)
                if first_illegal is None or (not _plausible(game, first_illegal) and _plausible(game, move)):
                    first_illegal = move  # the reason shown: a pile the card would fit by rank and suit, if any
    if len(legal) == 1:
        return legal[0]
    if len(legal) > 1:
        if _all_same_group_targets(game, legal):
            return legal[0]  # e.g. "7h" with two foundations that take the card: any will do
        options = ", ".join(format_move(game, m, explicit=True) for m in legal)
        raise AmbiguousMove(_("{text!r} could mean several moves: {options}").format(text=_shown(text), options=options))
    assert first_illegal is not None
    if len(readings) == 1 and not _plausible(game, first_illegal):
        _refuse_across_groups(game, readings[0][1], illegal)
    return first_illegal


def explained(game: Board, text: str, reason: str) -> str:
    """``reason``, the refusal of the move ``text`` names, with the way to write a removal where
    the two cells it names may be removed as a pair (Czternastki's `ne1ne2`, Fourteen Out's `ca`)."""
    words = [w for w in _SEPARATORS.split(text.lower()) if w]
    pile_by_label = game.rules.pile_by_label
    for src_label, dst_label, count in _readings(game, words):
        if count is not None or src_label == dst_label or src_label not in pile_by_label \
                or dst_label not in pile_by_label:
            continue
        low, high = sorted((pile_by_label[src_label], pile_by_label[dst_label]))
        if why_illegal(game, (low, REMOVE, high)) is None:
            return _("{reason}; to remove the two as a pair, join their cells with +: {removal}").format(
                reason=reason, removal=f"{src_label}+{dst_label}")
    return reason


def _refuse_across_groups(game: Board, label: str, moves: list[Move]) -> None:
    """A shared label over several groups that all refuse the card (Calculation's `h`): one
    group's reason alone would read as if that were the only place, so every group's is given,
    once each. Where several groups' empty piles refuse it by rank, one short clause names the
    ranks they would take (Kwadratura Koła's `o`: "an empty one takes only A (aces), 5 (fives),
    9 (nines) or K (kings)"), and a group's other piles add their own reason."""
    rules = game.rules
    if label not in rules.group_by_shared_label:
        return
    source = game.piles[moves[0][0]]
    card = card_str(source[-1]) if source else ""
    moving = source[-1] if source else -1
    groups: set[int] = set()
    bases: dict[int, tuple[str, str]] = {}  # a group whose empty piles refuse the card by rank
    others: dict[int, str] = {}  # a group's other reason, from its pile nearest the card

    def nearness(move: Move) -> tuple[int, int]:  # the card's own suit first, then the nearest rank
        target = game.piles[move[1]]
        if not target or moving < 0:
            return (2, 0)
        return (SUIT[target[-1]] != SUIT[moving], abs(RANK[target[-1]] - RANK[moving]))

    for move in sorted(moves, key=nearness):  # (stable: the first pile of a group among equals)
        group = rules.group_of[move[1]]
        groups.add(group.index)
        empty = not game.piles[move[1]]
        if (group.index in bases if empty else group.index in others):
            continue
        reason = why_illegal(game, move) or ""
        if empty and move[0] == moves[0][0] and moving >= 0 and isinstance(reason, EmptyRankRefusal):
            short = _("{ranks} ({group})").format(ranks=empty_ranks(game, group), group=group_title(game.ruleset, group.id))
            bases[group.index] = (short, reason)
        else:
            others.setdefault(group.index, reason)
    if len(groups) < 2:
        return
    in_group_order = [others[g] for g in sorted(others)]
    if len(bases) > 1:
        clause = _("an empty one takes only {bases}").format(bases=alternatives([short for short, _r in bases.values()]))
        raise RefusedMove(_("no pile of {label} takes {card}: {reasons}").format(
            label=label, card=card, reasons="; ".join(dict.fromkeys([clause, *in_group_order]))))
    distinct = list(dict.fromkeys([*(reason for _s, reason in bases.values()), *in_group_order]))
    if len(distinct) == 1:  # an empty source: the same reason from every group
        raise RefusedMove(distinct[0])
    raise RefusedMove(_("no pile of {label} takes it: {reasons}").format(label=label, reasons="; ".join(distinct)))


def _parse_swap(game: Board, places: str, text: str) -> Move:
    """``03.1-17.3`` after the swap's label: pile label, card number from the bottom, twice."""
    rules = game.rules
    example = f"{rules.swap_label}{rules.labels[rules.swap_piles[0]]}.1-{rules.labels[rules.swap_piles[-1]]}.2"
    found = _PLACES.match(places)
    if not found:
        raise IllegalMove(
            _("{text!r}: write a swap as {label}, then two places, each a pile and a card counted from the bottom "
              "(1 = bottom), e.g. {example}").format(text=_shown(text), label=rules.swap_label, example=example)
        )
    codes = []
    for pile_label, number in ((found["a"], found["i"]), (found["b"], found["j"])):
        if pile_label not in rules.pile_by_label:
            raise IllegalMove(_("{text!r}: there is no pile {label!r}").format(text=_shown(text), label=pile_label))
        digits = number.lstrip("0")  # `\d` takes any decimal digit (`٣`), which int() reads too
        if not digits:
            raise IllegalMove(_("{text!r}: cards are counted from 1, the bottom card").format(text=_shown(text)))
        pile = rules.pile_by_label[pile_label]
        index = int(digits) - 1 if len(digits) <= _CARD_DIGITS else SLOT
        if index >= SLOT:  # past any pile's top; as a place it would name another pile
            size = len(game.piles[pile])
            raise IllegalMove(ngettext("{label} has {n} card, no card {index}", "{label} has {n} cards, no card {index}",
                                       size).format(label=pile_label, n=size, index=_shown(digits)))
        codes.append(pile * SLOT + index)
    low, high = sorted(codes)
    return (low, SWAP, high)


def _plausible(game: Board, move: Move) -> bool:
    """The moving card fits the target's top card, or the empty target takes its rank: the
    refusal is then about something else (KK-4's start order), which is the reason to give."""
    src, dst, n = move
    source = game.piles[src]
    return 0 < n <= len(source) and game.lands_on(dst, source[-n])


def _parse_removal(game: Board, body: str, text: str) -> Move:
    """``na1+nb2`` (two cells, either order) or ``d7+`` (one card)."""
    rules = game.rules
    words = [w for w in body.split("+") if w]
    if not 1 <= len(words) <= 2:
        raise IllegalMove(_("{text!r}: write a removal as its cells joined by +, e.g. a1+b2, or one cell and +").format(
            text=_shown(text)))
    piles = []
    for word in words:
        if word not in rules.pile_by_label:
            raise IllegalMove(_("{text!r}: there is no pile {label!r}").format(text=_shown(text), label=_shown(word)))
        piles.append(rules.pile_by_label[word])
    low, high = min(piles), max(piles)
    return (low, REMOVE, high)


def _all_same_group_targets(game: Board, moves: list[Move]) -> bool:
    """Moves that differ only in which pile of one group receives the same cards."""
    first_src, _, first_n = moves[0]
    groups = {game.rules.group_of[m[1]].index for m in moves}
    return len(groups) == 1 and all(m[0] == first_src and m[2] == first_n for m in moves)


def _lone_label(game: Board, text: str) -> str:
    """Why one pile's label alone is no move (Czternastki's talon `t`, which only the close-up
    deals from): what a move looks like, and the words that are moves alone."""
    rules = game.rules
    alone = [label for label in (rules.labels[rules.stock_pile] if rules.stock_pile >= 0 else "",
                                 rules.close_up_label, rules.reshuffle_label) if label]
    example = _example(game, alone)
    reason = _("{text!r} names one pile, not a move: a move is like {example}").format(
        text=_shown(text), example=example)
    others = [word for word in alone if word != example]
    if others:
        reason += _(", or {words} alone").format(words=alternatives(others))
    return reason


def not_a_move(game: Board, text: str) -> str:
    """Why ``text`` is no move: how a move is written, with the game's labels in few words."""
    labels = all_labels_text(game.ruleset)  # Kwadratura Koła: "s w a1…h8 o1…o32", not 98 labels
    return _("{text!r} is not a move: write a source and a target label ({labels}), e.g. {example}").format(
        text=_shown(text), labels=labels, example=_example(game))


def _example(game: Board, alone: Sequence[str] = ()) -> str:
    """A legal move to show, a card move before a word that is a move alone (`s`)."""
    words = [format_move(game, m) for m in game.legal_moves() if not game.changes_nothing(m)]
    cards = [word for word in words if word not in alone]
    return (cards or words or [_("the stock label")])[0]


def format_move(game: Board, move: Move, *, explicit: bool = False) -> str:
    """The notation of ``move`` in the current position (before it is played): a text that
    `parse_move` reads back as exactly this move.

    The shortest of these that does: the target's shared label (``7h``) before its own label
    (``7h2``), and no count before a count (``38`` before ``38v3``). Sources always get their own
    label (``h31``, not ``h1``, which reads like a pile). The two labels are joined by ``-``
    where the ruleset's labels run together ambiguously (``1-12``), or where this one text
    would read otherwise. ``explicit``: pile labels only, with the count wherever it is not the
    implied one (for a list of choices; not read back).
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
    if dst == RESHUFFLE:
        return rules.reshuffle_label or ""
    src_label = rules.labels[src]
    count = f"v{n:x}"
    if explicit:
        return src_label + (rules.join_separator or "") + rules.labels[dst] + (
            count if n != implied_count(game, src, dst) else "")
    shared = rules.group_of[dst].spec.shared_label
    targets = (shared, rules.labels[dst]) if shared else (rules.labels[dst],)
    for separator in dict.fromkeys((rules.join_separator, "-")):
        for suffix in ("", count):
            for target in targets:
                text = src_label + separator + target + suffix
                if _reads_as(game, text, move):
                    return text
    return format_move(game, move, explicit=True)  # not a legal move here: nothing reads back as it


def _reads_as(game: Board, text: str, move: Move) -> bool:
    try:
        return parse_move(game, text) == move
    except IllegalMove:
        return False
