"""The whole-ruleset checks: each reads the models generically and adds findings to a context."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ...cards import SUIT_NAMES
from ...i18n import _, ngettext
from ..labels import ambiguous_join
from ..loader import _Positions
from ..model import (
    MAX_PILES,
    DealStep,
    Left,
    PileGroup,
    Ruleset,
    group_prefilled,
    prefilled_cards,
    reference_problems,
    step_cards,
)
from ..shape import covered_by
from ..views import card_down, mixed_face_groups
from .codes import CHECKS, KeyPath, LintFinding

ALL_RANKS = frozenset(range(1, 14))


@dataclass
class _Context:
    """One ruleset being checked, and what the checks learn about it on the way."""

    ruleset: Ruleset
    pos: _Positions
    filename: str
    findings: list[LintFinding] = field(default_factory=list)
    sound: bool = True  # names and counts agree (no P101/P102/...): the whole-game checks can trust them

    def add(self, code: str, path: KeyPath, message: str) -> None:
        line, col = self.pos.nearest(path)
        dotted = ".".join(str(p) for p in path)
        self.findings.append(LintFinding(self.filename, line, col, CHECKS[code].severity, code, message, dotted))

    @property
    def groups(self) -> dict[str, PileGroup]:
        return self.ruleset.piles

    def stock_ok(self) -> bool:
        stock = self.ruleset.stock
        return stock is not None and stock.pile in self.groups and stock.to in self.groups


# ------------------------------------------------------------------ what the deal does
def dealt_per_pile(ruleset: Ruleset) -> dict[str, list[int]]:
    """Cards each pile of each group gets at the deal (`rest` counted as what is left)."""
    counts = {gid: [0] * g.count for gid, g in ruleset.piles.items()}
    left = 52 * ruleset.decks - prefilled_cards(ruleset)
    fixed = sum(step_cards(step, ruleset.piles[step.to]) for step in ruleset.deal.steps if step.to in counts)
    for step in ruleset.deal.steps:
        piles = counts.get(step.to)
        if piles is None:
            continue
        if step.count == "rest":
            piles[0] += max(left - fixed, 0)
        elif isinstance(step.count, int):
            for i in range(len(piles)):
                piles[i] += step.count
        else:
            for i, n in enumerate(step.count[: len(piles)]):
                piles[i] += n
    for gid, group in ruleset.piles.items():  # prefill (DY-1): one card per pile before the deal
        for i in range(min(group_prefilled(group), group.count)):
            counts[gid][i] += 1
    return counts


def _targets(gid: str, group: PileGroup, groups: dict[str, PileGroup]) -> set[str]:
    """The groups cards of ``gid`` may move to (its own other piles included)."""
    if group.move == "none":
        return set()
    return {t for t in (group.to if group.to is not None else groups) if t in groups}


def gone_ranks(ruleset: Ruleset) -> frozenset[int]:
    """Ranks put out the moment they come face up (PA-1): they reach no group but the discard's."""
    return frozenset(ruleset.discard.ranks) if ruleset.discard else frozenset()


def _takes_something(group: PileGroup, gone: frozenset[int] = frozenset()) -> bool:
    """Whether an empty pile of the group takes some card still in play."""
    if group.empty in ("any", "base"):  # base: any rank may be the one the deal or first card sets
        return len(gone) < len(ALL_RANKS)
    return isinstance(group.empty, list) and bool(set(group.empty) - gone)


def fed_by_rules(ruleset: Ruleset, dealt: set[str]) -> set[str]:
    """Groups that get cards by a rule rather than a move: the stock's target, a discard pile.

    A new key that sends cards somewhere by itself belongs here, or lint calls its target
    unreachable (P105).
    """
    fed: set[str] = set()
    stock = ruleset.stock
    if stock is not None and stock.pile in dealt:
        fed.add(stock.to)
        if stock.last_to is not None:  # the stock's last cards (Algerian's columns)
            fed.add(stock.last_to)
    if ruleset.discard:
        fed.add(ruleset.discard.to)
    for rule in ruleset.remove:  # set removal sends cards to its `to` (CZ-2)
        if any(g in dealt for g in rule.from_):
            fed.add(rule.to)
    return {gid for gid in fed if gid in ruleset.piles}


def fill_sources(ruleset: Ruleset) -> set[str]:
    """Groups a `fill` takes top cards from (Canfield's reserve, Eagle Wing's trunk)."""
    return {group.fill.from_ for group in ruleset.piles.values() if group.fill is not None}


def drawn_by_rules(ruleset: Ruleset) -> set[str]:
    """Groups whose cards leave by a rule rather than a move: sets removed, a close-up's refill,
    a `fill`'s source (Eagle Wing's trunk: its cards leave only to fill an emptied wing)."""
    drawn = {g for rule in ruleset.remove for g in rule.from_} | fill_sources(ruleset)
    close = ruleset.actions.close_up
    if close is not None and close.refill:
        drawn.add(close.refill)
    return drawn


def _takes_any_of(group: PileGroup, ranks: frozenset[int]) -> bool:
    """Whether an empty pile of the group takes one of ``ranks``."""
    if group.empty in ("any", "base"):
        return bool(ranks)
    return isinstance(group.empty, list) and bool(set(group.empty) & ranks)


def skipped_to(ruleset: Ruleset) -> set[str]:
    """Groups a deal step's `skip` sends cards to (Frog's foundations)."""
    return {step.skip.to for step in ruleset.deal.steps if step.skip is not None and step.skip.to is not None}


def holders(ctx: _Context) -> set[str]:
    """Groups that can ever hold a card: dealt to, fed by the stock, or reached by moves.

    Discarded ranks reach no group but the discard's, and those its pile may send them on to (a
    pile of put-out aces that plays to the foundations): ``carriers`` holds the groups they reach."""
    dealt = dealt_per_pile(ctx.ruleset)
    have = {gid for gid, counts in dealt.items() if sum(counts)}
    have |= skipped_to(ctx.ruleset)
    have |= fed_by_rules(ctx.ruleset, have)
    gone = gone_ranks(ctx.ruleset)
    discard = ctx.ruleset.discard
    carriers = {discard.to} if discard is not None and discard.to in ctx.groups else set()
    grown = True
    while grown:  # a fixpoint: each round adds the groups the holders can send cards to
        grown = False
        for gid in list(have):
            for target in _targets(gid, ctx.groups[gid], ctx.groups):
                group = ctx.groups[target]
                if target not in have and _takes_something(group, gone):
                    have.add(target)
                    grown = True
                if gid in carriers and target not in carriers and _takes_any_of(group, gone):
                    have.add(target)
                    carriers.add(target)
                    grown = True
    return have


# ------------------------------------------------------------------ the checks
def check_references(ctx: _Context) -> None:
    problems = reference_problems(ctx.ruleset)
    ctx.sound = not problems
    for problem in problems:
        ctx.add(KIND_CODES.get(problem.kind, "P100"), problem.path, problem.message)


# The model's kinds of whole-ruleset problem, as lint codes.
KIND_CODES = {"undefined": "P101", "label": "P111", "deal": "P102", "id": "P013", "nowin": "P109", "stock": "P108"}


def check_deal(ctx: _Context) -> None:
    steps = ctx.ruleset.deal.steps
    rest = [i for i, s in enumerate(steps) if s.count == "rest"]
    for i, step in enumerate(steps):
        if rest and i > rest[0] and step.count != "rest" and _cards_of(ctx, step) > 0:
            continue  # reported by the model's card accounting (P102)
        if step.count != "rest" and step.to in ctx.groups and _cards_of(ctx, step) == 0:
            ctx.add("P205", ("deal", "steps", i, "count"), _("this step deals no cards"))
    dealt = dealt_per_pile(ctx.ruleset)
    total = sum(len(g.labels) for g in ctx.groups.values())
    if total > MAX_PILES:
        ctx.add("P114", ("piles",), _("{total} piles in all; a ruleset may have at most {most}").format(
            total=total, most=MAX_PILES))
    for gid, group in ctx.groups.items():
        most = max(dealt[gid], default=0)
        if group.max_cards is not None and most > group.max_cards:
            ctx.add("P115", ("piles", gid, "max_cards"),
                    _("the deal puts {n} cards on a pile of {group}, which holds at most {most}").format(
                        n=most, group=gid, most=group.max_cards))


def _cards_of(ctx: _Context, step: DealStep) -> int:
    group = ctx.groups.get(step.to)
    return 0 if group is None else step_cards(step, group)


def check_faces(ctx: _Context) -> None:
    """Per pile, is the top card face up after the deal, and are there face-down cards?"""
    stock = ctx.ruleset.stock
    top_down: dict[str, list[bool]] = {gid: [False] * g.count for gid, g in ctx.groups.items()}
    hidden: dict[str, bool] = {gid: False for gid in ctx.groups}
    down_step: dict[str, int] = {}  # the step that left a pile's top card face down
    rest = sum(dealt_per_pile(ctx.ruleset)[s.to][0] for s in ctx.ruleset.deal.steps if s.count == "rest" and s.to in ctx.groups)
    for i, step in enumerate(ctx.ruleset.deal.steps):
        group = ctx.groups.get(step.to)
        if group is None or (stock is not None and step.to == stock.pile):
            continue  # the stock is face down by nature; drawing turns its cards up
        counts = [step.count] * group.count if isinstance(step.count, int) else (
            [rest] if step.count == "rest" else list(step.count))
        if isinstance(step.face, list) and not _face_list_ok(ctx, i, step):
            continue
        for p, n in enumerate(counts[: group.count]):
            if n:
                top_down[step.to][p] = card_down(step, n - 1, n)
                if top_down[step.to][p]:
                    down_step[step.to] = i
                if any(card_down(step, k, n) for k in range(n)):
                    hidden[step.to] = True
    check_mixed_faces(ctx)
    filling = fill_sources(ctx.ruleset)
    for gid, group in ctx.groups.items():
        where = ("deal", "steps", down_step.get(gid, 0), "face")
        if group.shape is not None and group.free == "uncovered" and group.turn_up == "auto":
            # a covered card of a shape turns up once the cards on it are gone (TriPeaks)
            lying_on = covered_by(group.shape)
            top_down[gid] = [down and not lying_on[p] for p, down in enumerate(top_down[gid])]
        if any(top_down[gid]):
            if group.role == "stock":
                continue  # reported as a stock without `stock:` (P108)
            if gid in filling:
                continue  # a `fill` takes its face-down top card, and the card under it turns up
            ctx.add("P107", where, _("piles of {group} end the deal with a face-down top card; nothing can move it "
                    "or turn it up (deal the top card face up: `face: top-up`)").format(group=gid))
        elif hidden[gid] and group.turn_up == "never":
            ctx.add("P107", ("piles", gid, "turn_up"),
                    _("{group} gets face-down cards but `turn_up: never` keeps them down; use `turn_up: auto`").format(
                        group=gid))


def _face_list_ok(ctx: _Context, i: int, step: DealStep) -> bool:
    """P118: a list of faces gives one face per card a pile gets from a step of one count."""
    assert isinstance(step.face, list)
    if not isinstance(step.count, int):
        ctx.add("P118", ("deal", "steps", i, "face"), _(
            "a list of faces needs one count for every pile (`count: {n}`), not `{count}`").format(
            n=len(step.face), count=step.count if step.count == "rest" else "a list"))
        return False
    if len(step.face) != step.count:
        ctx.add("P118", ("deal", "steps", i, "face"), _(
            "the step deals {count} cards a pile but lists {n} faces; give one face per card, bottom first").format(
            count=step.count, n=len(step.face)))
        return False
    if step.play_to is not None or step.skip is not None:
        ctx.add("P118", ("deal", "steps", i, "face"), _(
            "a list of faces cannot go with `play_to` or `skip`, which leave a pile short of its count; "
            "deal one face per step instead"))
        return False
    return True


def check_mixed_faces(ctx: _Context) -> None:
    """P118: a group whose deal lays face-down cards over face-up ones (engine/faces.py) only
    where no rule turns its cards over or sends them out by their faces."""
    rs = ctx.ruleset
    mixed = mixed_face_groups(rs)
    if not mixed:
        return
    refill = fill_sources(rs)
    reshuffle = rs.actions.reshuffle
    close_up = rs.actions.close_up
    dealt = dealt_per_pile(rs)
    for gid in sorted(mixed):
        group = rs.piles[gid]
        # the last step that lays face-down cards there (one of `rest` or a list of counts counts too)
        steps = [i for i, s in enumerate(rs.deal.steps) if s.to == gid]
        step = max((i for i in steps if isinstance(rs.deal.steps[i].count, int)
                    and any(card_down(rs.deal.steps[i], k, rs.deal.steps[i].count) for k in range(rs.deal.steps[i].count))),
                   default=steps[-1] if steps else 0)
        why = None
        if group.turn_up == "never":
            why = _("`turn_up: never` would keep its face-down cards down for good")
        elif group.shape is not None:
            why = _("a shape's cards turn up when uncovered, not as a pile's top card")
        elif rs.discard is not None:
            why = _("`discard` sends cards out as they come face up, and a card under a face-down one is face up "
                    "but not free")
        elif gid in refill:
            why = _("a `fill` takes its top card, and its face-up cards under face-down ones would be taken out of turn")
        elif reshuffle is not None and (reshuffle.to == gid or gid in reshuffle.groups):
            why = _("a reshuffle deals its cards again face up or turns them face down, losing the faces")
        elif close_up is not None and gid in close_up.groups:
            why = _("a close-up slides its cards along lanes")
        elif max(dealt.get(gid, [0])) > 64:
            why = _("a pile of more than 64 cards under a face-down one is more than the engine keeps faces for")
        if why is not None:
            ctx.add("P118", ("deal", "steps", step, "face"), _(
                "the deal lays face-down cards over face-up ones on {group}, but {why}").format(group=gid, why=why))


def check_stock(ctx: _Context) -> None:
    stock = ctx.ruleset.stock
    dealt = dealt_per_pile(ctx.ruleset)
    if stock is None:
        drawn = drawn_by_rules(ctx.ruleset)
        for gid, group in ctx.groups.items():
            if group.role == "stock" and any(dealt[gid]) and gid not in drawn:
                ctx.add("P108", ("piles", gid, "role"),
                        _("{group} is a stock but there is no `stock:` section, so its cards can never be drawn").format(
                            group=gid))
        for i, rule in enumerate(ctx.ruleset.scoring.rules if ctx.ruleset.scoring else []):
            if rule.when == "redeal":
                ctx.add("P108", ("scoring", "rules", i, "when"), _("a redeal score, but there is no stock to redeal"))
        return
    if not ctx.stock_ok():
        return  # undefined groups are reported as P101
    target = ctx.groups[stock.to]
    if stock.to == stock.pile:
        ctx.add("P108", ("stock", "to"), _("the stock cannot deal onto itself; name the waste or the piles it feeds"))
    if stock.redeals != 0 and target.count > 1:
        ctx.add("P108", ("stock", "redeals"), _("redeals gather a single waste pile, but {group} has {n} piles; "
                "use `redeals: 0` or deal onto one pile").format(group=stock.to, n=target.count))
    if stock.last_to == stock.pile:
        ctx.add("P108", ("stock", "last_to"), _("the stock cannot deal its last cards onto itself; name the piles "
                "they go to"))
    if ctx.groups[stock.pile].role != "stock":
        ctx.add("P207", ("stock", "pile"), _("{group} holds the stock but its role is {role}").format(
            group=stock.pile, role=ctx.groups[stock.pile].role))
    elif not sum(dealt[stock.pile]) and ctx.sound:
        ctx.add("P207", ("stock", "pile"), _("the deal puts no cards in the stock"))
    for i, rule in enumerate(ctx.ruleset.scoring.rules if ctx.ruleset.scoring else []):
        if rule.when == "redeal" and stock.redeals == 0:
            ctx.add("P206", ("scoring", "rules", i), _("scores redeals, but `redeals: 0` allows none"))


def _capacity(group: PileGroup, decks: int) -> float:
    """Most cards one pile can come to hold by moves (not counting the deal)."""
    starts = ALL_RANKS if group.empty in ("any", "base") else frozenset(group.empty) if isinstance(group.empty, list) else frozenset()
    rule = group.build
    if not starts:
        return 0
    if rule.rank == "none":
        cap: float = 1
    elif rule.rank in ("up", "down") and not rule.wrap:
        up = rule.rank == "up"
        cap = max(((13 - r) if up else (r - 1)) // rule.step + 1 for r in starts)
    elif rule.rank == "same":
        cap = decks if rule.suit == "same" else 4 * decks
    else:
        cap = math.inf
    return min(cap, group.max_cards or math.inf)


def check_win(ctx: _Context) -> None:
    win = ctx.ruleset.win
    if win is not None and not win.classes and not win.all_cards_in:
        ctx.add("P109", ("win", "all_cards_in"), _("an empty list is never met: cards always lie somewhere"))
        return
    names = [g for g in ctx.ruleset.win_groups() if g in ctx.groups]
    listed = win.all_cards_in if win else []
    at: tuple = ("win", "all_cards_in")
    if win is not None and win.classes:  # the first class ends the game; it is the one checked here
        listed, at = win.classes[0].all_cards_in, ("win", "classes", 0, "all_cards_in")
    for i, gid in enumerate(listed):
        if gid in listed[:i]:
            ctx.add("P202", at + (i,), _("{name} is listed twice").format(name=gid))
    if not names or not ctx.sound:
        return
    total = 52 * ctx.ruleset.decks
    room = _room(ctx, names)
    if room < total:
        ctx.add("P104", at if win else ("piles",),
                _("the win needs all {total} cards in {groups}, which can hold at most {room} "
                  "(check count, empty, build and max_cards)").format(
                    total=total, groups=", ".join(sorted(set(names))), room=int(room)))
    for gid, group in ctx.groups.items():
        if group.role == "foundation" and gid not in names:
            ctx.add("P203", ("piles", gid, "role"), _("foundation {group} is not part of the win").format(group=gid))


def _room(ctx: _Context, gids: Iterable[str]) -> float:
    """Most cards the groups can ever hold together: an upper bound, from their piles' rules."""
    dealt = dealt_per_pile(ctx.ruleset)
    have = {gid for gid, counts in dealt.items() if sum(counts)}
    fed = fed_by_rules(ctx.ruleset, have)
    room = 0.0
    for gid in set(gids):
        group = ctx.groups[gid]
        discarded = _discarded_cards(ctx.ruleset, gid, have)
        if discarded is not None:
            room += min(group.count * (group.max_cards or math.inf), discarded)
        elif sum(dealt[gid]) or gid in fed:  # the deal and rules ignore `empty` and `build`
            room += group.count * (group.max_cards or math.inf)
        else:
            room += group.count * _capacity(group, ctx.ruleset.decks)
    return room


def _discarded_cards(ruleset: Ruleset, gid: str, dealt: set[str]) -> int | None:
    """How many cards the group can hold when only the `discard` fills it (PA-1's aces): no deal
    step, stock, removal or move brings it others. None for any other group."""
    discard, stock, group = ruleset.discard, ruleset.stock, ruleset.piles[gid]
    if discard is None or gid != discard.to or gid in dealt or (stock is not None and stock.to == gid):
        return None
    if any(rule.to == gid for rule in ruleset.remove) or _takes_something(group) or group.build.rank != "none":
        return None
    return 4 * ruleset.decks * len(set(discard.ranks))


def _conditions(ruleset: Ruleset) -> list[tuple[KeyPath, list[str], list[str], Left | None]]:
    """Every win condition, where it is written, and its (all_cards_in, full, left)."""
    win = ruleset.win
    if win is None:
        return [(("piles",), ruleset.win_groups(), [], None)]
    if not win.classes:
        return [(("win",), win.all_cards_in, win.full, None)]
    return [(("win", "classes", k), c.all_cards_in, c.full, c.left) for k, c in enumerate(win.classes)]


def check_win_counts(ctx: _Context) -> None:
    """A `left` count no position can have: more cards than its groups can ever hold (P109)."""
    if not ctx.sound:
        return
    total = 52 * ctx.ruleset.decks
    have = holders(ctx)
    for at, all_in, _full, left in _conditions(ctx.ruleset):
        if left is None or left.count == 0:
            continue
        where = at + ("left", "count")
        parts = [left.in_] if left.per == "all" else [[gid] for gid in left.in_]
        for part in parts:
            if not set(part) & have:
                continue  # no card reaches them at all: P105 says so
            room = min(_room(ctx, part), total)
            elsewhere = all_in and not set(part) & set(all_in)  # every card lies in all_cards_in
            if left.count > room or elsewhere:
                held = 0 if elsewhere else int(room)
                ctx.add("P109", where, ngettext(
                        "the win needs exactly {count} card in {groups}, which can never hold more than {held}{why}; "
                        "lower `count` or name other groups",
                        "the win needs exactly {count} cards in {groups}, which can never hold more than {held}{why}; "
                        "lower `count` or name other groups", left.count).format(
                        count=left.count, groups=", ".join(part), held=held,
                        why=_(" (every card must lie in {groups})").format(groups=", ".join(all_in)) if elsewhere else ""))
                break


def holds_at_deal(ruleset: Ruleset) -> bool:
    """Whether the first win condition surely holds once the cards are dealt (before any move).

    Only what the deal settles for certain counts: a `discard` may move cards of the piles it
    takes from, so a condition that depends on their counts is never said to hold.
    """
    if ruleset.win and ruleset.win.row_runs:
        return False  # an order within rows (Gaps) depends on the shuffle, never sure at the deal
    _at, all_in, full, left = _conditions(ruleset)[0]
    dealt = dealt_per_pile(ruleset)
    occupied = {gid for gid, counts in dealt.items() if sum(counts)}
    unsure: set[str] = set()
    if ruleset.discard is not None:
        occupied.add(ruleset.discard.to)
        unsure = set(occupied)
    if skipped_to(ruleset):  # how many cards a `skip` sends away depends on the shuffle
        occupied |= skipped_to(ruleset)
        unsure |= occupied
    if all_in and not occupied <= set(all_in):
        return False
    for gid in full:
        if gid in unsure or any(n and n != ruleset.piles[gid].max_cards for n in dealt[gid]):
            return False
    if left is not None:
        if set(left.in_) & unsure:
            return False
        parts = [left.in_] if left.per == "all" else [[gid] for gid in left.in_]
        if any(sum(sum(dealt[gid]) for gid in part) != left.count for part in parts):
            return False
    return True


def check_win_at_deal(ctx: _Context) -> None:
    """A game won before its first move (P113): a Clock-like file that wins with the layout as dealt."""
    if ctx.sound and holds_at_deal(ctx.ruleset):
        at, all_in, _full, _left = _conditions(ctx.ruleset)[0]
        if at != ("piles",):
            at += ("all_cards_in",) if all_in else ("left",)
        ctx.add("P113", at, _("the win already holds when the cards are dealt, so every game is won before the "
                "first move; deal some cards outside the win's groups, or change the win"))


def check_flow(ctx: _Context) -> None:
    """Groups no card reaches (worse when the win needs cards there), and groups cards cannot leave."""
    if not ctx.sound:
        return  # a wrong name or count would make every conclusion here wrong too
    have = holders(ctx)
    needed = _needed_by_win(ctx, have)
    drawn = drawn_by_rules(ctx.ruleset)
    stock = ctx.ruleset.stock
    wins = set(ctx.ruleset.win_groups())
    gone = gone_ranks(ctx.ruleset)
    for gid, group in ctx.groups.items():
        if (stock is not None and gid == stock.pile) or (stock is None and group.role == "stock"):
            continue  # the stock is filled by the deal and refilled by redeals (P207, P108)
        if gid not in have:
            if not _takes_something(group):
                why = _("an empty pile takes nothing (`empty: none`)")
            elif not _takes_something(group, gone):
                why = _("an empty pile takes only ranks that `discard` puts out")
            else:
                why = _("no group that holds cards may send them here (`move`, `to`)")
            message = _("no card can ever reach {group}: the deal puts none there and {why}").format(group=gid, why=why)
            if gid in needed:
                message += _("; the win needs cards there, so no game can be won")
            ctx.add("P105", ("piles", gid), message)
        elif wins and gid not in wins and gid not in drawn and not (_targets(gid, group, ctx.groups) - {gid}):
            why = "`move: none`" if group.move == "none" else _("its `to` names no other group")
            ctx.add("P106", ("piles", gid, "move" if group.move == "none" else "to"),
                    _("cards in {group} can never leave it ({why}), so they never reach the win groups").format(
                        group=gid, why=why))


def _needed_by_win(ctx: _Context, have: set[str]) -> set[str]:
    """Groups some win condition cannot hold without: a `left` count in them, or all_cards_in
    groups whose other (reachable) groups cannot hold every card."""
    needed: set[str] = set()
    total = 52 * ctx.ruleset.decks
    for _at, all_in, _full, left in _conditions(ctx.ruleset):
        for gid in all_in:
            if gid in ctx.groups and _room(ctx, [g for g in all_in if g != gid and g in have]) < total:
                needed.add(gid)
        if left is not None and left.count:
            reachable = [g for g in left.in_ if g in have]
            if left.per == "group" or not reachable:
                needed |= set(left.in_)
    return needed


def _never_empty(ruleset: Ruleset, gid: str) -> bool:
    """Every pile of the group is dealt a card and no play ever takes its last card: its cards
    never leave (`move: none`, no removal, close-up or reshuffle), it feeds no refill, it is not
    the stock, nor a waste turned back into the stock (Golf's waste). Prefilled groups and the win
    groups are left out: their `empty` also says what their piles are built from."""
    from ..flow import ever_emptied, refilled_from, reshuffled

    group, stock = ruleset.piles[gid], ruleset.stock
    if group_prefilled(group) or gid in ruleset.win_groups():  # their `empty` names the piles' bases (bound.py)
        return False
    steps = [step for step in ruleset.deal.steps if step.to == gid]
    if any(step.skip is not None or step.play_to is not None for step in steps):
        return False
    if not all(dealt_per_pile(ruleset)[gid]) or group.count == 0:
        return False
    if stock is not None and (stock.pile == gid or (stock.to == gid and stock.redeals != 0)):
        return False
    if any(refilled_from(ruleset, other) == gid for other in ruleset.piles):
        return False
    return not ever_emptied(ruleset, gid) and not reshuffled(ruleset, gid)


def check_no_effect(ctx: _Context) -> None:
    for gid, group in ctx.groups.items():
        rule, at = group.build, ("piles", gid)
        if rule.rank in ("none", "same", "any") and (rule.step != 1 or rule.wrap):
            ctx.add("P201", at + ("build",), _("`step` and `wrap` mean nothing with `rank: {rank}`").format(rank=rule.rank))
        if rule.rank == "none" and rule.suit != "any":
            ctx.add("P201", at + ("build", "suit"), _("`suit` means nothing when nothing is built (`rank: none`)"))
        if rule.rank == "none" and rule.closed_by:
            ctx.add("P201", at + ("build", "closed_by"),
                    _("`closed_by` means nothing when nothing is built (`rank: none`)"))
        if "empty" in group.model_fields_set and group.empty != "none" and _never_empty(ctx.ruleset, gid):
            ctx.add("P201", at + ("empty",), _("`empty` means nothing here: the deal puts a card on every pile of "
                                               "{group} and none is ever emptied; leave `empty` out").format(group=gid))
        if group.run_limit != "none" and group.move not in ("run", "any", "top-or-run"):
            ctx.add("P201", at + ("run_limit",), _("`run_limit` limits runs, but `move: {move}` moves none").format(
                move=group.move))
        if group.to is not None and group.move == "none":
            ctx.add("P201", at + ("to",), _("`to` says where cards go, but `move: none` lets none leave"))
        if group.grid is None:  # each setting said apart: one fixed would otherwise bring up the other
            for key, set_here in (("orient", group.orient != "upright"), ("free", group.free in ("clear-lane", "clear-end"))):
                if set_here:
                    ctx.add("P201", at + (key,), _("`{key}` describes grid cells, but this group has no `grid`").format(key=key))
        sharing = sum(g.count for g in ctx.groups.values() if g.shared_label == group.shared_label)
        if group.shared_label and sharing == 1:  # several one-pile groups may share one (KK's foundations)
            ctx.add("P201", at + ("shared_label",), _("a shared label for a single pile; its own label does the same"))
        for i, target in enumerate(group.to or []):
            if target in (group.to or [])[:i]:
                ctx.add("P202", at + ("to", i), _("{name} is listed twice").format(name=target))
        if isinstance(group.empty, list):
            if not group.empty:
                ctx.add("P202", at + ("empty",), _("an empty list of ranks takes nothing; write `empty: none`"))
            elif len(set(group.empty)) < len(group.empty):
                ctx.add("P202", at + ("empty",), _("a rank is listed twice"))


def check_scoring(ctx: _Context) -> None:
    for i, rule in enumerate(ctx.ruleset.scoring.rules if ctx.ruleset.scoring else []):
        source = ctx.groups.get(rule.from_) if rule.from_ else None
        if rule.when == "move" and source is not None and rule.to in ctx.groups:
            if rule.to not in _targets(rule.from_ or "", source, ctx.groups):
                ctx.add("P206", ("scoring", "rules", i), _("cards never move from {source} to {target}").format(
                    source=rule.from_, target=rule.to))


def check_label_joins(ctx: _Context) -> None:
    """P211: a move written as two labels side by side must read one way (ruleset/labels.py)."""
    owner = {label: gid for gid, group in ctx.groups.items() for label in group.labels}
    owner.update({g.shared_label: gid for gid, g in ctx.groups.items() if g.shared_label})
    stock = ctx.groups.get(ctx.ruleset.stock.pile) if ctx.ruleset.stock else None
    alone = ([stock.labels[0]] if stock and stock.labels else []) + (
        [ctx.ruleset.actions.close_up.label] if ctx.ruleset.actions.close_up else []) + (
        [ctx.ruleset.actions.reshuffle.label] if ctx.ruleset.actions.reshuffle else [])
    found = ambiguous_join(owner, alone)
    if found:
        text, reading, other = found
        ctx.add("P211", ("piles", owner[reading.split()[0]], "labels"), _(
            "{text!r} reads both as {reading!r} and as {other!r}, so moves are written with a `-` between the labels "
            "({example}); to write them without it, rename the labels so that none begins another (`01`..`13`, or "
            "letters for one group)").format(text=text, reading=reading, other=other,
                                            example=reading.replace(" ", "-", 1)))


def check_refills(ctx: _Context) -> None:
    """The deal and refill words (docs/design.md §6.4) where they can do nothing, and P212: a
    reshuffle without a limit keeps every game in progress."""
    for gid, group in ctx.groups.items():
        at: KeyPath = ("piles", gid)
        wraps_at_base = group.build.wrap == "base"
        if group.base_of is not None and group.empty != "base" and not wraps_at_base:
            ctx.add("P201", at + ("base_of",), _("`base_of` says whose base rank `empty: base` or `wrap: base` reads, "
                    "but {group} has neither").format(group=gid))
        if wraps_at_base and group.base_of is None and group.empty != "base":
            ctx.add("P100", at + ("build", "wrap"), _("`wrap: base` counts ranks from a base, but {group} has none; "
                    "add `base_of: {{group: ...}}` naming the group whose base counts").format(group=gid))
        if wraps_at_base:
            source = group.base_of.group if group.base_of is not None else gid
            if not any(step.to == source and (step.count == "rest" or (any(step.count) if isinstance(step.count, list)
                                                                         else step.count > 0))
                       for step in ctx.ruleset.deal.steps) and not ctx.groups[source].prefill \
                    and not ctx.groups[source].prefill_rank:
                ctx.add("P100", at + ("build", "wrap"), _("`wrap: base` reads the base the deal sets, but no deal step "
                        "puts a card on {source}; deal its first card there, or write `wrap: true`").format(source=source))
        if group.empty == "base" and group.count == 1 and group.base_of is None:
            ctx.add("P201", at + ("empty",), _("`empty: base` reads the group's other piles, but {group} has one pile; "
                    "write `empty: any`").format(group=gid))
        if group.fill is not None and group.move == "none":
            ctx.add("P201", at + ("fill",), _("`fill` refills a pile that a move empties, but `move: none` lets no "
                    "card leave {group}").format(group=gid))
        if group.takes_when is not None and group.takes_when.stock == "empty" and ctx.ruleset.stock is None:
            ctx.add("P108", at + ("takes_when", "stock"), _("`takes_when` waits for the stock to be empty, but the game "
                    "has no `stock:`, so {group} would take cards from the start").format(group=gid))
        _check_gates(ctx, gid, group)
        if group.takes_when is not None:
            _check_card_rules(ctx, gid, group)
        if group.empty_colour is not None and group.empty == "none":
            ctx.add("P201", at + ("empty_colour",), _("`empty_colour` says which colour starts a pile, but `empty: "
                    "none` lets no card into an empty pile of {group}").format(group=gid))
        way = group.takes_when.way if group.takes_when is not None else None
        if way is not None and group.build.rank != "up-or-down":
            ctx.add("P201", at + ("takes_when", "way"), _("`way` keeps piles going up or down, but {group} is built "
                    "`rank: {rank}`; write `build: {{rank: up-or-down}}`").format(group=gid, rank=group.build.rank))
        elif way is not None and (group.unit is not None or any(
                g.move in ("run", "any", "pile") and gid in _targets(sid, g, ctx.groups)
                for sid, g in ctx.groups.items())):
            ctx.add("P100", at + ("takes_when", "way"), _("`way` judges each card against the one it lands on, but "
                    "runs reach {group} (a group sending to it moves runs, or `unit`), whose cards could turn the "
                    "other way; let only top cards reach it (`move: top`)").format(group=gid))
        if group.prefill_suit != "each" and not group.prefill:
            ctx.add("P201", at + ("prefill_suit",), _("`prefill_suit` says which cards `prefill` takes, but there is "
                    "no `prefill`"))
    shuffle = ctx.ruleset.actions.reshuffle
    if shuffle is not None and shuffle.uses == "unlimited" and shuffle.shuffle:  # an ordered redeal repeats itself
        ctx.add("P212", ("actions", "reshuffle", "uses"), _("a reshuffle that may always be made again keeps every "
                "game in progress: no game is ever lost; give `uses` a number"))


def _dealt_to(ctx: _Context, gid: str) -> bool:
    """Whether the deal puts a card on group ``gid`` (a step or `prefill`)."""
    return bool(ctx.groups[gid].prefill) or any(
        step.to == gid and (step.count == "rest" or (any(step.count) if isinstance(step.count, list) else step.count > 0))
        for step in ctx.ruleset.deal.steps)


def _check_gates(ctx: _Context, gid: str, group: PileGroup) -> None:
    """The condition word (engine/gates.py) on a group: `gives_when` on a group no card leaves,
    or waiting for a stock the game lacks; `takes_when: {started}` naming the group itself when
    the deal puts no card there (it would never take one). Unknown groups are P101 (the model)."""
    at: KeyPath = ("piles", gid)
    gives = group.gives_when
    if gives is not None and group.move == "none":
        ctx.add("P201", at + ("gives_when",), _("`gives_when` says when cards may leave {group}, but `move: none` "
                "lets none leave").format(group=gid))
    if gives is not None and gives.stock == "empty" and ctx.ruleset.stock is None:
        ctx.add("P108", at + ("gives_when", "stock"), _("`gives_when` waits for the stock to be empty, but the game "
                "has no `stock:`, so cards would leave {group} from the start").format(group=gid))
    if group.empty_from and group.empty == "none":
        ctx.add("P201", at + ("empty_from",), _("`empty_from` says where an empty pile of {group} takes cards from, "
                "but `empty: none` lets it take none").format(group=gid))
    for i, source in enumerate(group.empty_from or []):
        if source in ctx.groups and gid not in _targets(source, ctx.groups[source], ctx.groups):
            ctx.add("P201", at + ("empty_from", i), _("{source} sends no card to {group} (its `move` or `to`), so "
                    "its place in `empty_from` only keeps the groups after it from filling a space").format(
                    source=source, group=gid))
    for key, when in (("takes_when", group.takes_when), ("gives_when", gives)):
        cleared = when.cleared if when is not None else None
        if cleared is None or cleared not in ctx.groups:
            continue
        if cleared == gid:
            ctx.add("P100", at + (key, "cleared"), _("`cleared` reads the pile beside each pile in another group, "
                    "but names {group} itself, so a pile would wait for itself to be empty; name the group beside "
                    "it").format(group=gid))
        elif ctx.groups[cleared].count != group.count:
            ctx.add("P201", at + (key, "cleared"), _("`cleared` pairs each pile of {group} ({n}) with the pile at "
                    "its place in {other} ({m}), but the counts differ, so places are counted round again").format(
                    group=gid, n=group.count, other=cleared, m=ctx.groups[cleared].count))
    partners = group.takes_when.partners if group.takes_when is not None else None
    if partners is not None:
        labels = {label for g in ctx.groups.values() for label in g.labels}
        at_p = at + ("takes_when", "partners")
        if len(partners) != group.count:
            ctx.add("P100", at_p, _("`partners` gives one pile a pile of {group}, which has {n}, but lists {m}").format(
                group=gid, n=group.count, m=len(partners)))
        for i, label in enumerate(partners):
            if label not in labels:
                ctx.add("P100", at_p + (i,), _("`partners` names {label!r}, which no pile has; give a pile's label "
                        "for each pile of {group}").format(label=label, group=gid))
            elif label in group.labels:
                ctx.add("P100", at_p + (i,), _("`partners` names {label!r}, a pile of {group} itself; name the "
                        "piles of another group that feed it").format(label=label, group=gid))
    if group.takes_when is not None and group.takes_when.unless is not None and partners is None:
        ctx.add("P201", at + ("takes_when", "unless"), _("`unless` lifts `partners`, but {group}'s `takes_when` has "
                "no `partners`").format(group=gid))
    takes = group.takes_when
    if takes is not None and takes.started == gid and not _dealt_to(ctx, gid):
        ctx.add("P100", at + ("takes_when", "started"), _("{group} takes cards only once a card lies on it, but the "
                "deal puts none there, so it never takes one; name another group").format(group=gid))


def check_stock_when(ctx: _Context) -> None:
    """`stock.when` (engine/gates.py): waiting for the stock itself to be empty means no deal; a
    group named by `started` that no card can reach before the stock deals keeps it shut."""
    stock = ctx.ruleset.stock
    if stock is None or stock.when is None:
        return
    if stock.when.stock == "empty":
        ctx.add("P100", ("stock", "when", "stock"), _("the stock would deal only once it is empty, so it never deals; "
                "leave out `stock: empty` here"))
    if stock.when.cleared is not None:
        ctx.add("P100", ("stock", "when", "cleared"), _("`cleared` reads the pile beside the pile a rule is about, "
                "but the stock is no pile of a group with places; use `started` or `stock`"))
    if stock.when.started is not None and stock.when.started == stock.pile:
        ctx.add("P100", ("stock", "when", "started"), _("the stock cannot wait for a card to lie on itself; name "
                "the group whose first card opens it"))


def _check_card_rules(ctx: _Context, gid: str, group: PileGroup) -> None:
    """`takes_when`'s card rules: one suit a pile, a suit the pack has; `rank_in` names a pile
    and has one to read."""
    at: KeyPath = ("piles", gid, "takes_when")
    when = group.takes_when
    assert when is not None
    if when.suits is not None:
        if len(when.suits) != group.count:
            piles = ngettext("{n} pile", "{n} piles", group.count).format(n=group.count)
            suits = ngettext("{n} suit", "{n} suits", len(when.suits)).format(n=len(when.suits))
            ctx.add("P100", at + ("suits",), _("`suits` gives one suit a pile, but {group} has {piles} and the list "
                    "{suits}").format(group=gid, piles=piles, suits=suits))
        pack = set(ctx.ruleset.suits) if ctx.ruleset.suits is not None else set(range(4))
        for suit in sorted(set(when.suits) - pack):
            ctx.add("P100", at + ("suits",), _("{group} takes only {suit}, but the pack has no card of that suit; name "
                    "suits from the pack's `suits`").format(group=gid, suit=SUIT_NAMES[suit]))
    if when.rank_in is None:
        return
    labels = {label for g in ctx.groups.values() for label in g.labels}
    if when.rank_in != "previous" and when.rank_in not in labels:
        ctx.add("P100", at + ("rank_in",), _("`rank_in` names {label!r}, which no pile has; write `previous` or a "
                "pile's label").format(label=when.rank_in))
    elif group.count == 1 and (when.rank_in == "previous" or when.rank_in in group.labels):
        ctx.add("P201", at + ("rank_in",), _("`rank_in` reads another pile, but {group} has one pile and "
                "nothing before it: the rule never holds; name a pile of another group").format(group=gid))


def check_runs_and_units(ctx: _Context) -> None:
    """The words for runs, the stock and scoring (docs/design.md §6.3): P116, a `unit` no run can
    bring; P117, a pack of fewer suits where a deal needs all four; P201, `run` or `per` that
    change nothing."""
    ruleset = ctx.ruleset
    for gid, group in ctx.groups.items():
        at: KeyPath = ("piles", gid)
        if group.run is not None and group.move not in ("run", "top-or-run"):
            ctx.add("P201", at + ("run",), _("`run` says which runs move together, but `move: {move}` moves no built "
                    "run").format(move=group.move))
        elif group.run is not None and (group.run.rank or group.build.rank) == group.build.rank and (
                group.run.suit or group.build.suit) == group.build.suit:
            ctx.add("P201", at + ("run",), _("`run` is the same as `build` here, so it narrows nothing"))
        _check_empty_takes(ctx, gid, group)
        _check_build_takes(ctx, gid, group)
        if group.unit is None:
            continue
        if group.max_cards is not None and group.max_cards < group.unit:
            ctx.add("P116", at + ("unit",), _("{group} takes {unit} cards at a time but holds at most {most}").format(
                group=gid, unit=group.unit, most=group.max_cards))
        elif not any(g.move in ("run", "any", "top-or-run") and gid in _targets(sid, g, ctx.groups)
                     for sid, g in ctx.groups.items() if sid != gid):
            ctx.add("P116", at + ("unit",), _("{group} takes {unit} cards at a time, but no group that sends cards "
                    "to it moves runs (`move: run`, `any` or `top-or-run`)").format(group=gid, unit=group.unit))
    if ruleset.suits is not None and len(ruleset.suits) < 4:
        if ruleset.deal.shuffle == "microsoft":
            ctx.add("P117", ("suits",), _("the microsoft shuffle deals all four suits; use `shuffle: patience` for a "
                    "pack of fewer suits"))
        for gid, group in ctx.groups.items():
            if group.prefill and group.prefill_suit in SUIT_NAMES and SUIT_NAMES.index(group.prefill_suit) not in ruleset.suits:
                ctx.add("P117", ("piles", gid, "prefill_suit"), _("`prefill_suit` names {suit}, which the pack "
                        "does not have").format(suit=group.prefill_suit))
            if group.prefill and group.prefill_suit == "each":
                ctx.add("P117", ("piles", gid, "prefill"), _("`prefill` takes one card of each of the four suits, "
                        "but the pack has {n} suit(s)").format(n=len(ruleset.suits)))
    for i, rule in enumerate(ruleset.scoring.rules if ruleset.scoring else []):
        if rule.per == "move" and rule.when != "move":
            ctx.add("P201", ("scoring", "rules", i, "per"), _("`per` counts cards or moves of a card move, but this "
                    "rule scores a {event}").format(event=rule.when))


def _check_build_takes(ctx: _Context, gid: str, group: PileGroup) -> None:
    """`build_takes: one` (Forty-Nine): P119 beside `unit` (cards enter only as runs); P201 where no
    run could land on a started pile anyway."""
    if group.build_takes != "one":
        return
    at: KeyPath = ("piles", gid, "build_takes")
    if group.unit is not None:
        ctx.add("P119", at, _("{group} takes cards only {unit} at a time, as a run, so its started piles cannot "
                "take one card only; take out `unit` or `build_takes: one`").format(group=gid, unit=group.unit))
    elif group.build.rank == "none" or group.max_cards == 1:
        ctx.add("P201", at, _("no run lands on a started pile of {group} anyway ({why})").format(
            group=gid, why="`build.rank: none`" if group.build.rank == "none" else "`max_cards: 1`"))
    elif not any(g.move in ("run", "any", "top-or-run") and gid in _targets(sid, g, ctx.groups) for sid, g in ctx.groups.items()):
        ctx.add("P201", at, _("no group that sends cards to {group} moves runs (`move: run`, `any` or `top-or-run`), so its "
                "started piles take one card anyway").format(group=gid))


def _check_empty_takes(ctx: _Context, gid: str, group: PileGroup) -> None:
    """`empty_takes: one` (Martha): P201 where no run could enter a space anyway; P119 beside
    `unit` (cards enter only as runs) or a run limit (which counts spaces as carrying runs)."""
    if group.empty_takes != "one":
        return
    at: KeyPath = ("piles", gid, "empty_takes")
    if group.unit is not None:
        ctx.add("P119", at, _("{group} takes cards only {unit} at a time, as a run, so its spaces cannot take one "
                "card only").format(group=gid, unit=group.unit))
    elif any(g.run_limit != "none" for g in ctx.groups.values()):
        ctx.add("P119", at, _("a run limit counts an empty pile as carrying a run on its way, which a space that "
                "takes one card cannot; give `run_limit: none` or take out `empty_takes: one`"))
    elif group.empty == "none" or group.max_cards == 1:
        ctx.add("P201", at, _("no run goes into an empty pile of {group} anyway ({why})").format(
            group=gid, why="`empty: none`" if group.empty == "none" else "`max_cards: 1`"))
    elif not any(g.move in ("run", "any", "top-or-run") and gid in _targets(sid, g, ctx.groups) for sid, g in ctx.groups.items()):
        ctx.add("P201", at, _("no group that sends cards to {group} moves runs (`move: run`, `any` or `top-or-run`), so its "
                "spaces take one card anyway").format(group=gid))


def check_position_words(ctx: _Context) -> None:
    """The words for discards and moves by position (docs/design.md §6.5) where they do nothing."""
    for gid, group in ctx.groups.items():
        build = group.build
        if build.match == "either" and (build.rank in ("none", "any") or build.suit == "any"):
            ctx.add("P201", ("piles", gid, "build", "match"), _("`match: either` lets a card fit by its rank or by "
                    "its suit, but this build sets only one of them (or lets any card through)"))
    for i, rule in enumerate(ctx.ruleset.remove):
        if rule.aces != "low" and not rule.outranked:
            ctx.add("P201", ("remove", i, "aces"), _("`aces` says how `outranked` ranks aces, but this rule has "
                    "no `outranked`"))


ALL_CHECKS: list[Callable[[_Context], None]] = [
    check_references, check_deal, check_faces, check_stock, check_win, check_win_counts, check_win_at_deal, check_flow,
    check_no_effect, check_scoring, check_label_joins, check_refills, check_runs_and_units, check_position_words,
    check_stock_when,
]
