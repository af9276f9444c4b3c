"""The checked game: why a move is illegal, in words, or None when it is legal.

Built on the board (`.board`): the same tables and tests its listing reads (`movable_run`,
`takes.empty_takes`, `run_fits`, `run_limit`), so a listed move is never refused and a refused move
never listed. The rule words' own reasons (a removal, the close-up, the reshuffle, a reach, the
stock) live with those words, below the board, and are asked from here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import RANK, RANK_NAMES, SUIT, card_str
from ..i18n import _, alternatives, ngettext
from ..ruleset.describe import SUIT_WORDS, build_rule, group_title
from . import gates
from .actions import follows_reason, why_close_up_illegal, why_remove_illegal
from .compiled import LIMIT_NONE, MOVE_ALONE, MOVE_NONE, MOVE_TOP, MOVE_TOP_OR_RUN, SLOT, WAY_GROUP
from .cover import covered_reason
from .faces import faces_key
from .moves import CLOSE_UP, REDEAL, REMOVE, RESHUFFLE, SWAP, Move
from .reach import why_reach_illegal
from .refill import base_rank, base_table, why_reshuffle_illegal
from .stock import why_stock_illegal
from .takes import empty_source, empty_takes

if TYPE_CHECKING:
    from .board import Board
    from .compiled import Group


def why_illegal(game: Board, move: Move) -> str | None:
    """None when ``move`` is legal in ``game``; otherwise a one-line reason."""
    rules = game.rules
    try:
        src, dst, n = move
    except (TypeError, ValueError):
        return _("not a move: {move!r}").format(move=move)
    if dst == SWAP:
        return why_swap_illegal(game, src, n)
    if dst == RESHUFFLE:
        return why_reshuffle_illegal(game)
    if dst in (REMOVE, CLOSE_UP):
        return why_remove_illegal(game, src, n) if dst == REMOVE else why_close_up_illegal(game)
    if not (0 <= src < rules.pile_count) or dst >= rules.pile_count or dst < REDEAL:
        return _("no such pile in {move!r}").format(move=move)
    if dst < 0:
        return why_stock_illegal(game, src, dst)
    label_s, label_d = rules.labels[src], rules.labels[dst]
    if src == dst:
        return _("{label} cannot move onto itself").format(label=label_s)
    source_group, target_group = rules.group_of[src], rules.group_of[dst]
    source = game.piles[src]
    if source_group.reach:  # Accordion: a whole pile by position (engine/reach.py)
        return why_reach_illegal(game, src, dst, n)
    if source_group.move_kind == MOVE_NONE:
        return _("cards never leave the {group} ({label})").format(group=group_title(game.ruleset, source_group.id), label=label_s)
    if not source:
        return _("{label} is empty").format(label=label_s)
    refused = gates.failing(source_group.gives_gate, game.piles, src - source_group.piles.start)
    if refused is not None:
        return gates.gives_reason(game.ruleset, source_group.id, refused)
    face_up = len(source) - game.hidden[src]
    if n < 1 or n > face_up:
        if faces_key(game, src):  # faces alternate: the face-up cards under a face-down one stay
            return ngettext("{label} has {count} card above its face-down ones, not {n}",
                            "{label} has {count} cards above its face-down ones, not {n}",
                            face_up).format(label=label_s, count=face_up, n=n)
        return ngettext("{label} has {count} face-up card, not {n}", "{label} has {count} face-up cards, not {n}",
                        face_up).format(label=label_s, count=face_up, n=n)
    if n > 1 and source_group.move_kind == MOVE_TOP:
        return _("only the top card of {label} moves").format(label=label_s)
    if source_group.move_kind == MOVE_ALONE and len(source) > 1:
        return _("{label} has cards built on it: only a card lying alone leaves the {group}").format(
            label=label_s, group=group_title(game.ruleset, source_group.id))
    if source_group.lanes is not None and not game.is_free(src):
        if source_group.spec.shape is not None:
            return covered_reason(game, src)
        if source_group.spec.free == "clear-end":
            return _("{label} is not free: a card touches each short end of it").format(label=label_s)
        return _("{label} is not free: neither short end of the card faces a clear lane to the edge").format(
            label=label_s)
    if n > game.movable_run(src):
        return _("the top {n} cards of {label} are not a run that moves together").format(n=n, label=label_s)
    if source_group.move_kind == MOVE_TOP_OR_RUN and 1 < n < game.movable_run(src):
        return _("only the top card of {label} or its whole run of {run} moves, not {n} cards").format(
            label=label_s, run=game.movable_run(src), n=n)
    if target_group.index not in source_group.targets:
        allowed = ", ".join(group_title(game.ruleset, rules.groups[i].id) for i in sorted(source_group.targets))
        return _("cards from the {group} go only to: {allowed}").format(group=group_title(game.ruleset, source_group.id), allowed=allowed)
    refused = gates.failing(target_group.takes_gate, game.piles, dst - target_group.piles.start)
    if refused is not None:
        return gates.takes_reason(game.ruleset, target_group.id, refused)
    if not target_group.feeds(src, dst, game.piles):
        partner = rules.labels[target_group.partner_of[src]]
        unless = target_group.unless_gate
        if unless:
            return _("a card from {source} goes only to {partner}, the pile at its place, {until}").format(
                source=label_s, partner=partner, until=gates.until_words(game.ruleset, unless))
        return _("a card from {source} goes only to {partner}, the pile at its place").format(source=label_s,
                                                                                          partner=partner)
    if target_group.only_when_empty and game.piles[dst]:
        return _("{label} takes cards only while it is empty: nothing is built on it").format(label=label_d)
    if target_group.unit and n != target_group.unit:
        return _("cards go to the {group} only {unit} at a time, as one run that moves together (v{count})").format(
            group=group_title(game.ruleset, target_group.id), unit=target_group.unit, count=f"{target_group.unit:x}")
    moving = source[-n]
    target = game.piles[dst]
    if target and n > 1 and target_group.build_one:
        return _("a started pile of the {group} takes one card at a time, not a run of {n} ({label}); a run "
                 "goes only into an empty pile").format(group=group_title(game.ruleset, target_group.id), n=n,
                                                        label=label_d)
    if not target_group.takes_card(dst, moving, game.piles):
        return takes_card_reason(game, target_group, dst, moving)
    max_cards = target_group.max_cards
    if max_cards and len(target) + n > max_cards:
        return ngettext("{label} holds at most {n} card", "{label} holds at most {n} cards", max_cards).format(
            label=label_d, n=max_cards)
    if not target:
        if n > 1 and target_group.empty_one:
            return _("an empty pile of the {group} takes one card at a time, not a run of {n} ({label})").format(
                group=group_title(game.ruleset, target_group.id), n=n, label=label_d)
        if target_group.empty_ok is None:
            return _("nothing goes into an empty pile in {group} ({label})").format(group=group_title(game.ruleset, target_group.id), label=label_d)
        feeds = empty_source(game, target_group)
        if feeds is not None and src not in feeds:
            return _("an empty pile of the {group} takes cards only from the first of {groups} that has a card: "
                     "now {now}, not {label}").format(
                group=group_title(game.ruleset, target_group.id), label=label_s,
                groups=", ".join(group_title(game.ruleset, gid) for gid in target_group.spec.empty_from or ()),
                now=group_title(game.ruleset, rules.group_of[feeds.start].id) if feeds else _("none"))
        left = target_group.left_of[dst - target_group.piles.start] if target_group.left_of is not None else -1
        if not empty_takes(game, target_group, dst)[moving]:
            if left >= 0:  # a gap reads the cell before it
                if not game.piles[left]:
                    return _("{label} takes nothing while the cell before it ({left}) is empty").format(
                        label=label_d, left=game.rules.labels[left])
                return _("{label} takes only a card that builds on {before} before it, not {card}").format(
                    label=label_d, before=card_str(game.piles[left][-1]), card=card_str(moving))
            if target_group.colour_by_rank and target_group.empty_ok[moving] and (
                    not target_group.base_empty or base_table(game, target_group)[moving]):
                bottom = next(game.piles[p][0] for p in target_group.piles if game.piles[p])
                return _("{card} cannot start a pile of the {group}: its colour goes with its rank, and {bottom} "
                         "started one (a card of that rank in that colour, any other rank in the other colour)").format(
                    card=card_str(moving), group=group_title(game.ruleset, target_group.id), bottom=card_str(bottom))
            return empty_pile_reason(game, target_group, moving)
        if target_group.follows is not None and not game.may_start(target_group, moving):
            return follows_reason(game, target_group, moving)
        preferred = _preferred_place(game, moving, target_group.index)
        if preferred is not None:
            group_id, label = preferred
            return _("{a_rank} goes to {group} first: {label} is empty").format(
                a_rank=_a(RANK_NAMES[RANK[moving]]), group=group_title(game.ruleset, group_id), label=label)
        if n == len(source) and source_group.index != target_group.index and rules.preferred_by is not None \
                and source_group.index in rules.preferred_by[moving]:
            return _("{a_rank} stays in {group}, where it belongs: it already has a place there ({label})").format(
                a_rank=_a(RANK_NAMES[RANK[moving]]), group=group_title(game.ruleset, source_group.id), label=label_s)
    elif target_group.base_ok is not None and not target_group.base_ok[target[0]]:
        bases = alternatives(list(_rank_names(target_group.spec.build.base or [])))
        return _("nothing is built on {label}: {group} is built on {a_rank} only, and {label} starts with {card}").format(
            label=label_d, group=group_title(game.ruleset, target_group.id), a_rank=_a(bases), card=card_str(target[0]))
    elif moving not in target_group.fits_on[target[-1]]:
        return _("{card} cannot go on {top} ({group}: {rule})").format(
            card=card_str(moving), top=card_str(target[-1]), group=group_title(game.ruleset, target_group.id),
            rule=build_rule(target_group.spec.build))
    if n > 1 and not game.run_fits(src, n, target_group):
        broken = game.run_break(src, n, target_group)
        return _("{n} cards cannot go to {group} together: {card} does not go on {below} there ({group}: {rule})").format(
            n=n, group=group_title(game.ruleset, target_group.id), card=card_str(source[broken]), below=card_str(source[broken - 1]),
            rule=build_rule(target_group.spec.build))
    if n > 1 and source_group.run_limit != LIMIT_NONE:
        limit = game.run_limit(src, dst, n)
        if limit is not None and n > limit:
            return ngettext("only {limit} card can move at once here (free cells and empty columns), not {n}",
                            "only {limit} cards can move at once here (free cells and empty columns), not {n}",
                            limit).format(limit=limit, n=n)
    return None


def takes_card_reason(game: Board, group: Group, dst: int, card: int) -> str:
    """Why `takes_when`'s card rules refuse ``card`` on pile ``dst``: its suit, or its rank."""
    i = dst - group.piles.start
    label = game.rules.labels[dst]
    if group.pile_suits is not None and SUIT[card] != group.pile_suits[i]:
        return _("{label} takes only {suit}, not {card}").format(
            label=label, suit=_(SUIT_WORDS[group.pile_suits[i]]), card=card_str(card))
    way = group.way_now(dst, game.piles) if group.way and game.piles[dst] else 0
    if way and (RANK[card] - RANK[game.piles[dst][-1]]) % 13 != way:
        went = _("up") if way == 1 else _("down")
        if group.way == WAY_GROUP:
            return _("the {group} are built {way} now, the way the first to hold two cards went: {card} does not "
                     "go on {top}").format(group=group_title(game.ruleset, group.id), way=went, card=card_str(card),
                                           top=card_str(game.piles[dst][-1]))
        return _("{label} is built {way} now, the way its first two cards went: {card} does not go on {top}").format(
            label=label, way=went, card=card_str(card), top=card_str(game.piles[dst][-1]))
    read = game.rules.labels[group.rank_from[i]] if group.rank_from is not None else ""
    return _("{label} takes only a rank already on {read}, and no {rank} lies there").format(
        label=label, read=read, rank=RANK_NAMES[RANK[card]])


def _preferred_place(game: Board, card: int, target_group: int) -> tuple[str, str] | None:
    """PA-3: another group that wants ``card`` first and has an empty pile: (its id, that pile's label).
    A card lying alone in a group that wants it already has its place there (see `why_illegal`)."""
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


def why_swap_illegal(game: Board, a: int, b: int) -> str | None:
    """The swap action (CR-4): two different face-up cards of its groups, while uses are left."""
    rules = game.rules
    label = rules.swap_label
    if label is None:
        return _("this game has no swap")
    if not game.uses_left[rules.swap_index]:
        return (_("the swap is used up: it may be made only once a game") if rules.action_uses[rules.swap_index] == 1
                else _("no swaps left"))
    places = []
    for code in (a, b):
        if not isinstance(code, int) or code < 0:
            return _("not a place: {code!r}").format(code=code)
        pile, index = divmod(code, SLOT)
        if pile not in rules.swap_piles:
            where = ", ".join(rules.ruleset.actions.swap.within) if rules.ruleset.actions.swap else ""
            name = rules.labels[pile] if pile < rules.pile_count else str(pile)
            return _("the swap exchanges cards of the {groups} only, not of {name}").format(groups=where, name=name)
        cards = game.piles[pile]
        if index >= len(cards):
            return ngettext("{label} has {n} card, no card {index}", "{label} has {n} cards, no card {index}",
                            len(cards)).format(label=rules.labels[pile], n=len(cards), index=index + 1)
        if index < game.hidden[pile]:
            return _("card {index} of {label} is face down").format(index=index + 1, label=rules.labels[pile])
        places.append((pile, index))
    if a == b:
        return _("a card cannot be swapped with itself")
    card_a = game.piles[places[0][0]][places[0][1]]
    card_b = game.piles[places[1][0]][places[1][1]]
    if card_a == card_b:
        return _("both cards are {card}: swapping them changes nothing").format(card=card_str(card_a))
    if game.swap_changes_nothing((a, SWAP, b)):
        return _("swapping {first} and {second} only turns {a} and {b} into each other").format(
            first=card_str(card_a), second=card_str(card_b), a=rules.labels[places[0][0]], b=rules.labels[places[1][0]])
    return None


def _a(word: str) -> str:
    """``a 3``, ``an 8``, ``an A``."""
    return (_("an {rank}") if word[:1] in ("A", "8") else _("a {rank}")).format(rank=word)


def _rank_names(ranks: list[int]) -> list[str]:
    return [RANK_NAMES[r] for r in ranks]


class EmptyRankRefusal(str):
    """A refusal by an empty pile that takes only other ranks. Its kind is its type, so a caller
    that gathers refusals (a label shared by several groups) tells it from others without reading
    its words."""


def empty_pile_reason(game: Board, group: Group, card: int) -> EmptyRankRefusal:
    """Why an empty pile of ``group`` refuses ``card``: it takes only other ranks."""
    return EmptyRankRefusal(_("an empty pile in {group} takes only {ranks}, not {card}").format(
        group=group_title(game.ruleset, group.id), ranks=empty_ranks(game, group), card=card_str(card)))


def empty_ranks(game: Board, group: Group) -> str:
    """The ranks an empty pile of ``group`` takes, for a message: ``A``, ``5 or 9``."""
    empty = group.spec.empty
    if empty == "base":  # the group's base rank, set by its first card
        empty = [base_rank(game, group) or 0]
    return alternatives(_rank_names(empty if isinstance(empty, list) else []))
