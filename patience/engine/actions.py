"""Moves beyond "a card onto a pile": set removal (CZ-2), the close-up action (CZ-3), the
start-order rule (KK-4) and win classes (CZ-4), read from compiled tables, on the state.

Kept out of the board so that it stays one sitting; the board calls in here only for rulesets
that use these keywords, so Klondike's hot path does not change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import RANK, RANK_NAMES, SUIT, SUIT_SYMBOLS, card_str
from ..i18n import _
from ..ruleset.describe import group_title
from .compiled import row_run
from .cover import covered_reason, is_free
from .layout import RemoveRule, WinCondition
from .moves import CLOSE_UP, REMOVE, Move

if TYPE_CHECKING:
    from .compiled import Group
    from .state import State

# A close-up's undo record: the lane piles before it, the cards taken from the refill pile, the
# refill pile's face-down count before, and 1 when a use was counted.
CloseUpRecord = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int, int]


# ------------------------------------------------------------------ start order
def started(game: State, group: Group, suit: int | None) -> int:
    """Non-empty piles of ``group`` (whose bottom card has ``suit``, when given)."""
    piles = game.piles
    return sum(1 for p in group.piles if piles[p] and (suit is None or SUIT[piles[p][0]] == suit))


def may_start(game: State, group: Group, card: int) -> bool:
    """KK-4: a pile of ``group`` may start only while it has fewer started piles than the group it follows."""
    assert group.follows is not None
    leader, per_suit = group.follows
    suit = SUIT[card] if per_suit else None
    return started(game, group, suit) < started(game, game.rules.groups[leader], suit)


def follows_reason(game: State, group: Group, card: int) -> str:
    assert group.follows is not None
    leader = game.rules.groups[group.follows[0]]
    rank = RANK_NAMES[RANK[card]]
    if group.follows[1]:
        return _("a {rank} of {suit} starts a pile in {group} only after one more {leader} pile of {suit} "
                 "has been started").format(rank=rank, suit=SUIT_SYMBOLS[SUIT[card]], group=group_title(game.ruleset, group.id), leader=group_title(game.ruleset, leader.id))
    return _("a pile in {group} starts only after one more pile in {leader} has been started").format(
        group=group_title(game.ruleset, group.id), leader=group_title(game.ruleset, leader.id))


# ------------------------------------------------------------------ set removal
def _offered(game: State, rule: RemoveRule) -> list[int]:
    """Piles of the rule whose top card is free and face up, in pile order."""
    piles, hidden = game.piles, game.hidden
    return [p for p in rule.in_order if piles[p] and hidden[p] < len(piles[p]) and is_free(game, p)]


def _takes(rule: RemoveRule, piles: list[list[int]], a: int, b: int) -> bool:
    """Whether ``rule`` takes the top cards of ``a`` and ``b`` as a set (a == b: one card),
    the piles' freedom aside."""
    if a == b:
        return bool(rule.single_ok[piles[a][-1]])
    return bool(rule.pair_ok[piles[a][-1] * 52 + piles[b][-1]]) and (rule.near is None or b in rule.near.get(a, ()))


def _outranked(game: State, rule: RemoveRule, a: int) -> bool:
    """`outranked`: a higher card of the top card's suit lies on top of another open pile."""
    beats, piles = rule.beats, game.piles
    if beats is None:
        return False
    row = piles[a][-1] * 52
    return any(p != a and beats[row + piles[p][-1]] for p in _offered(game, rule))


def _rule_for(game: State, a: int, b: int) -> RemoveRule | None:
    """The first remove rule that takes the top cards of ``a`` and ``b`` (a == b: one card)."""
    for rule in game.rules.remove_rules:
        if a in rule.piles and b in rule.piles and (_takes(rule, game.piles, a, b)
                                                    or a == b and _outranked(game, rule, a)):
            return rule
    return None


def removal_moves(game: State) -> list[Move]:
    """Every set the remove rules allow now, pile order, each once (a <= b)."""
    moves: list[Move] = []
    piles = game.piles
    for rule in game.rules.remove_rules:
        open_piles = _offered(game, rule)
        for i, a in enumerate(open_piles):
            if _takes(rule, piles, a, a) or _outranked(game, rule, a):
                moves.append((a, REMOVE, a))
            if 2 in rule.sizes:  # a cheap skip: pair_ok says no to every pair then
                moves.extend((a, REMOVE, b) for b in _partners(rule, piles, a, open_piles[i + 1:]))
    if len(game.rules.remove_rules) > 1:
        moves = list(dict.fromkeys(moves))
    return moves


def _partners(rule: RemoveRule, piles: list[list[int]], a: int, later: list[int]) -> list[int]:
    """The piles of ``later`` whose top card makes a pair with ``a``'s, in order: `_takes` for
    each, inline, since this runs for every pair of open piles of every listing (CZ-2's 48)."""
    row = piles[a][-1] * 52
    pair_ok = rule.pair_ok
    if rule.near is not None:
        close = rule.near.get(a, ())
        later = [b for b in later if b in close]
    return [b for b in later if pair_ok[row + piles[b][-1]]]


def why_remove_illegal(game: State, a: int, b: int) -> str | None:
    rules = game.rules
    if not rules.remove_rules:
        return _("this game removes no cards")
    labels = rules.labels
    for p in (a, b):
        if not isinstance(p, int) or not 0 <= p < rules.pile_count:
            return _("no such pile: {pile!r}").format(pile=p)
        if not any(p in r.piles for r in rules.remove_rules):
            groups = ", ".join(dict.fromkeys(g for r in rules.remove_rules for g in r.spec.from_))
            return _("cards are removed only from the {groups}, not from {label}").format(groups=groups, label=labels[p])
        if not game.piles[p]:
            return _("{label} is empty: there is no card there to remove").format(label=labels[p])
        if game.hidden[p] == len(game.piles[p]):
            return _("{label} has no face-up card").format(label=labels[p])
        if not is_free(game, p):
            if rules.group_of[p].spec.shape is not None:
                return covered_reason(game, p)
            return _("{label} is not free").format(label=labels[p])
    if _rule_for(game, a, b) is not None:
        return None
    card_a, card_b = game.piles[a][-1], game.piles[b][-1]
    if a == b:
        if any(r.beats is not None and a in r.piles for r in rules.remove_rules):
            return _("{card} goes out only while a higher card of its suit lies on top of another pile").format(
                card=card_str(card_a))
        return _("{card} cannot be removed alone").format(card=card_str(card_a))
    for rule in rules.remove_rules:
        if a in rule.piles and b in rule.piles and rule.pair_ok[card_a * 52 + card_b] and rule.near is not None:
            if rules.group_of[a] is not rules.group_of[b]:
                return _("{a} and {b} lie in different groups, which never touch").format(a=labels[a], b=labels[b])
            return _("{a} and {b} do not touch").format(a=labels[a], b=labels[b])
    spec = rules.remove_rules[0].spec
    if spec.same:
        return _("{card_a} and {card_b} are not of the same rank").format(card_a=card_str(card_a), card_b=card_str(card_b))
    return _("{card_a} and {card_b} do not add up to {sum}").format(
        card_a=card_str(card_a), card_b=card_str(card_b), sum=spec.sum)


def push_remove(game: State, a: int, b: int) -> int:
    """Take the set out; returns the pile it went to (the undo record)."""
    rule = _rule_for(game, a, b)
    assert rule is not None
    piles = game.piles
    out = piles[rule.to_pile]
    if a == b:
        out.append(piles[a].pop())
    else:
        out.append(piles[a].pop())
        out.append(piles[b].pop())
    return rule.to_pile


def pop_remove(game: State, a: int, b: int, to_pile: int) -> None:
    piles = game.piles
    out = piles[to_pile]
    if a != b:
        piles[b].append(out.pop())
    piles[a].append(out.pop())


# ------------------------------------------------------------------ close-up
def close_up_changes(game: State) -> bool:
    """CZ-3/CZ-4: closing up would move a card inward or bring one in from the refill pile."""
    piles = game.piles
    refill = game.rules.refill_pile
    can_fill = refill >= 0 and bool(piles[refill])
    for lane in game.rules.close_up_lanes:
        gap = False
        for p in lane:
            if not piles[p]:
                if can_fill:
                    return True
                gap = True
            elif gap:
                return True
    return False


def why_close_up_illegal(game: State) -> str | None:
    rules = game.rules
    if rules.close_up_index < 0:
        return _("this game has no close-up")
    if not game.uses_left[rules.close_up_index]:
        return _("the close-up is used up")
    if not close_up_changes(game):
        if all(game.piles[p] for lane in rules.close_up_lanes for p in lane):  # the deal: no gap yet
            return _("closing up would change nothing: every place holds a card")
        return _("closing up would change nothing: no gap lies inside a lane and nothing is left to fill one")
    return None


def push_close_up(game: State) -> CloseUpRecord:
    rules = game.rules
    piles = game.piles
    lanes = rules.close_up_lanes
    before = tuple(tuple(piles[p]) for lane in lanes for p in lane)
    for lane in lanes:  # slide: non-empty cells keep their order, toward the lane's first cell
        full = [piles[p] for p in lane if piles[p]]
        for i, p in enumerate(lane):
            piles[p] = full[i] if i < len(full) else []
    taken: list[int] = []
    refill = rules.refill_pile
    hidden_before = game.hidden[refill] if refill >= 0 else 0
    if refill >= 0:
        source = piles[refill]
        for lane in lanes:  # group by group, lane by lane, inner place first
            for p in lane:
                if not source:
                    break
                if not piles[p]:
                    card = source.pop()
                    piles[p].append(card)
                    taken.append(card)
        game.hidden[refill] = min(hidden_before, len(source))
    return before, tuple(taken), hidden_before, game.spend_use(rules.close_up_index)


def pop_close_up(game: State, record: CloseUpRecord) -> None:
    before, taken, hidden_before, counted = record
    rules = game.rules
    piles = game.piles
    cells = [p for lane in rules.close_up_lanes for p in lane]
    for p, cards in zip(cells, before):
        piles[p] = list(cards)
    if rules.refill_pile >= 0:
        piles[rules.refill_pile].extend(reversed(taken))
        game.hidden[rules.refill_pile] = hidden_before
    if counted:
        game.give_back_use(rules.close_up_index)


def close_up_move(game: State) -> Move | None:
    """The close-up, when it is allowed now (the same checks that explain a refusal)."""
    return None if why_close_up_illegal(game) else (0, CLOSE_UP, 0)


# ------------------------------------------------------------------ win classes
def holds(game: State, cond: WinCondition) -> bool:
    """Every card in the condition's piles, its full piles full, exactly `left` cards left."""
    piles = game.piles
    # map, not a generator: the search asks this of every position it reaches
    if cond.piles and sum(map(len, map(piles.__getitem__, cond.piles))) != game.rules.total_cards:
        return False
    group_of = game.rules.group_of
    if not all(not piles[p] or len(piles[p]) == group_of[p].max_cards for p in cond.full):
        return False
    if rules_rows := game.rules.win_rows:  # win.row_runs (Gaps): each row one run from its start
        for row in rules_rows:
            group = group_of[row[0]]
            if sum(1 for p in row if piles[p]) != row_run(piles, row, group):
                return False
    if cond.left_count >= 0:
        return all(sum(len(piles[p]) for p in part) == cond.left_count for part in cond.left_groups)
    return True


def later_class(game: State) -> WinCondition | None:
    """The best class after the first that holds now (judged only once no move is left)."""
    for cond in game.rules.win_conditions[1:]:
        if holds(game, cond):
            return cond
    return None

