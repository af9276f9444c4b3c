"""Compile a Ruleset once into flat tables and plain functions for the hot path.

Everything the move generator asks per move is a list index or a bytes lookup here: which
cards fit on a given top card, whether two cards form a built run, which groups a pile may
send to, points per card for a move between two groups.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..cards import DECK_SIZE, IS_RED, RANK, SUIT, SUIT_NAMES
from ..deals import suited_deck
from ..ruleset.labels import ambiguous_join
from ..ruleset.views import mixed_face_groups
from . import gates
from .gates import Gate
from .layout import (
    Lanes,
    RemoveRule,
    WinCondition,
    clear_lanes,
    close_up_lanes,
    compile_remove,
    compile_win,
    cover_lanes,
    uncovers,
    upright_cells,
)

if TYPE_CHECKING:
    from ..ruleset.model import Build, PileGroup, Ruleset

MOVE_NONE, MOVE_TOP, MOVE_RUN, MOVE_ANY, MOVE_ALONE, MOVE_PILE, MOVE_TOP_OR_RUN = 0, 1, 2, 3, 4, 5, 6
LIMIT_NONE, LIMIT_SUPERMOVE, LIMIT_SUM = 0, 1, 2
# How `Board.legal_moves` finds the cards that may leave a pile: `Board.movable_run`, the top card
# alone, a built run scanned inline (one list index per pile on the hot path), or the top card
# once a lane to the edge is clear (KK-2, a shape's covering), read inline too.
SCAN_CALL, SCAN_TOP, SCAN_RUN, SCAN_LANE_TOP = 0, 1, 2, 3
_MOVE_KINDS = {"none": MOVE_NONE, "top": MOVE_TOP, "run": MOVE_RUN, "any": MOVE_ANY, "alone": MOVE_ALONE,
               "pile": MOVE_PILE, "top-or-run": MOVE_TOP_OR_RUN}
# A swap's two places are pile * SLOT + index (index from the bottom): a move stays a 3-tuple.
SLOT = 1024
# card -> 1 if it has rank r, per rank 1..13 (`empty: base` looks its table up here)
RANK_TABLES: tuple[bytes, ...] = (b"",) + tuple(bytes(1 if RANK[c] == r else 0 for c in range(DECK_SIZE)) for r in range(1, 14))
FEW_STARTERS = 13  # below this many, `Board.legal_moves` looks an empty pile's takers up (Group.starters)
_LIMITS = {"none": LIMIT_NONE, "supermove": LIMIT_SUPERMOVE, "cells-plus-columns": LIMIT_SUM}


def rank_fits(rule: Build, below: int, above: int, base: int = 0) -> bool:
    """Whether rank ``above`` may lie on rank ``below`` under ``rule`` (ranks 1..13); ``base``:
    the base rank `wrap: base` counts from (0 while none is set: the corner everywhere)."""
    kind = rule.rank
    if kind == "none":
        return False
    if kind == "any":
        return True
    if kind == "same":
        return above == below
    wrap = rule.wrap
    if wrap == "base" and base:  # ranks counted from the base: it is the lowest, no corner
        below, above, wrap = (below - base) % 13 + 1, (above - base) % 13 + 1, False
    up = below + rule.step
    down = below - rule.step
    if wrap:
        up = (up - 1) % 13 + 1
        down = (down - 1) % 13 + 1
    if kind == "up":
        return above == up
    if kind == "down":
        return above == down
    return above in (up, down)  # up-or-down


def suit_fits(rule: Build, below: int, above: int) -> bool:
    """Whether card ``above`` may lie on card ``below`` as far as suits go."""
    kind = rule.suit
    if kind == "any":
        return True
    if kind == "same":
        return SUIT[above] == SUIT[below]
    if kind == "other":
        return SUIT[above] != SUIT[below]
    if kind == "same-colour":
        return IS_RED[above] == IS_RED[below]
    return IS_RED[above] != IS_RED[below]  # alternate-colour


def card_fits(rule: Build, below: int, above: int, base: int = 0) -> bool:
    if rule.closed_by and RANK[below] in rule.closed_by:  # a closing card takes nothing (Dead King Golf)
        return False
    if rule.match == "either":  # Accordion: the same rank or the same suit
        return rank_fits(rule, RANK[below], RANK[above], base) or suit_fits(rule, below, above)
    return rank_fits(rule, RANK[below], RANK[above], base) and suit_fits(rule, below, above)


def prefill_suits(prefill_suit: str) -> range:
    """The suits `prefill` takes per rank: all four (DY-1), or the one the ruleset names."""
    if prefill_suit in SUIT_NAMES:
        index = SUIT_NAMES.index(prefill_suit)
        return range(index, index + 1)
    return range(4)


def rank_from_piles(group: Group, rank_in: str, labels: list[str]) -> tuple[int, ...]:
    """`takes_when: {rank_in}`: per pile of ``group`` the pile it reads, -1 for none: the pile
    before it (`previous`; the first pile has none), or the pile labelled ``rank_in``, which
    itself reads none (lint P100 refuses a label no pile has)."""
    if rank_in == "previous":
        return tuple(p - 1 if p > group.piles.start else -1 for p in group.piles)
    named = labels.index(rank_in) if rank_in in labels else -1
    return tuple(named if named != p else -1 for p in group.piles)


def rank_bytes(ranks: list[int] | None) -> bytes | None:
    """card -> 1 if its rank is listed; None for no list."""
    if ranks is None:
        return None
    wanted = set(ranks)
    return bytes(1 if RANK[c] in wanted else 0 for c in range(DECK_SIZE))


WAY_GROUP = 1  # takes_when: {way: group}
WAY_PILE = 2  # takes_when: {way: pile}


@dataclass
class Group:
    """One pile group, compiled."""

    index: int
    id: str
    role: str
    piles: range
    spec: PileGroup
    fits_on: tuple[tuple[int, ...], ...]  # top card -> cards that may be placed on it
    run_ok: bytes  # run_ok[below * 52 + above]: the two cards form part of a built run
    empty_ok: bytes | None  # card -> 1 if an empty pile takes it; None: an empty pile takes nothing
    base_ok: bytes | None  # bottom card -> 1 if the pile may be built on (build.base); None: any
    move_kind: int
    run_limit: int
    max_cards: int  # 0: no limit
    turn_up: bool
    build_id: int = 0  # groups with equal build rules share an id: runs fit both alike
    targets: frozenset[int] = field(default_factory=frozenset)  # group indices it may send to
    takes_from: bytes = b""  # per pile: 1 if that pile's group may send cards to this group
    lanes: tuple[Lanes, ...] | None = None  # free: clear-lane (KK-2) or clear-end: per cell, its lanes
    # free: uncovered with turn_up: auto: per card of a shape, the cards it lies on (turned up when uncovered)
    uncovers: tuple[tuple[int, ...], ...] | None = None
    follows: tuple[int, bool] | None = None  # (group index, per suit): KK-4's start order
    starters: tuple[int, ...] = ()  # the cards an empty pile takes (none: empty_ok is None)
    base_empty: bool = False  # empty: base: empty_ok (any card) holds only until a pile is started
    base_from: int = -1  # base_of: the group whose base counts (-1: this one)
    base_offset: int = 0  # base_of: ranks from that base (Agnes Bernauer's columns: -1)
    unit: int = 0  # cards enter only this many at a time (Spider's foundations: 13); 0: any number
    # the condition word (engine/gates.py): takes_when's parts that read the position, and gives_when
    takes_gate: Gate = ()  # takes cards by moves only while it holds (`stock: empty`, `started`)
    gives_gate: Gate = ()  # cards leave by moves only while it holds
    # empty_from: the piles of each group an empty pile takes cards from, first to last; only the
    # first of them with a card gives (`takes.empty_source`); None: any group that sends here
    empty_from: tuple[range, ...] | None = None
    takes_by_place: bool = False  # takes_gate reads each pile's place (`cleared`): judged pile by pile
    # takes_when: {partners}: per pile of the ruleset, the one pile of this group it may feed (-1:
    # any), while `unless` (a gate; () never) does not hold; None: no such rule
    partner_of: tuple[int, ...] | None = None
    unless_gate: Gate = ()
    only_when_empty: bool = False  # takes_when: {pile: empty}: a pile takes cards by moves only while empty
    # takes_when: {suits}: per pile of the group, the one suit it takes (None: any suit)
    pile_suits: tuple[int, ...] | None = None
    # takes_when: {rank_in}: per pile of the group, the pile whose ranks a card played onto it
    # must match (-1: none, the group's first pile under `previous`); None: no such rule
    rank_from: tuple[int, ...] | None = None
    empty_one: bool = False  # empty_takes: one: an empty pile takes a single card, never a run (Martha)
    way: int = 0  # takes_when: {way}: WAY_GROUP, every pile goes the way the first to hold two cards went; WAY_PILE, each its own
    colour_by_rank: bool = False  # empty_colour: by-rank: a rank starts piles in one colour, the others in the other
    build_one: bool = False  # build_takes: one: a started pile takes a single card, never a run (Forty-Nine)
    reach: tuple[int, ...] = ()  # move: pile: how many started piles back a whole pile may move (Accordion)
    # empty_builds_on: left (Gaps): per cell the cell before it in its grid row (-1 at a row's
    # start, which takes what `empty` says), and per card the cards that build on it, as a table
    left_of: tuple[int, ...] | None = None
    builds_on: tuple[bytes, ...] = ()

    def takes_card(self, dst: int, card: int, piles: list[list[int]]) -> bool:
        """`takes_when`'s card rules for a card moved onto pile ``dst`` of this group: its suit
        (`suits`), on a started pile the way the group or the pile goes (`way`), and a rank already
        on the pile `rank_in` reads."""
        i = dst - self.piles.start
        if self.pile_suits is not None and SUIT[card] != self.pile_suits[i]:
            return False
        if self.way and piles[dst]:
            way = self.way_now(dst, piles)
            if way and (RANK[card] - RANK[piles[dst][-1]]) % 13 != way:
                return False
        if self.rank_from is not None and piles[dst] and self.rank_from[i] >= 0:
            rank = RANK[card]
            return any(RANK[c] == rank for c in piles[self.rank_from[i]])
        return True


    def feeds(self, src: int, dst: int, piles: list[list[int]]) -> bool:
        """`takes_when: {partners}`: whether a card from ``src`` may go to ``dst`` of this group:
        a partner pile feeds only the pile at its place, unless `unless` holds now."""
        wanted = self.partner_of[src] if self.partner_of is not None else -1
        return wanted < 0 or wanted == dst or (bool(self.unless_gate) and gates.holds(self.unless_gate, piles))

    def way_now(self, dst: int, piles: list[list[int]]) -> int:
        """`takes_when: {way}`: the way cards go on pile ``dst`` now, as a rank step mod 13 (1 up,
        12 down), or 0 while free: that of the group's first pile holding two cards (`group`), or
        of the pile's own first two (`pile`)."""
        for p in (self.piles if self.way == WAY_GROUP else (dst,)):
            pile = piles[p]
            if len(pile) >= 2:
                return (RANK[pile[1]] - RANK[pile[0]]) % 13
        return 0


def _compile_group(index: int, gid: str, spec: PileGroup, first_pile: int, base: int = 0) -> Group:
    rule = spec.build
    # Each (below, above) pair is judged once; both tables come from the same answers (start-up time).
    fits_on = tuple(
        tuple(above for above in range(DECK_SIZE) if card_fits(rule, below, above, base)) if rule.rank != "none" else ()
        for below in range(DECK_SIZE)
    )
    run_ok = bytearray(DECK_SIZE * DECK_SIZE)
    # `run` narrows what moves together: a pair must fit the build and the run rule (compiled
    # here once, so the hot path reads the same table either way).
    run_rule = _run_rule(rule, spec)
    for below, aboves in enumerate(fits_on):
        for above in aboves:
            if run_rule is None or card_fits(run_rule, below, above, base):
                run_ok[below * DECK_SIZE + above] = 1
    if spec.empty == "none":
        empty_ok = None
    elif spec.empty in ("any", "base"):  # base: any card until the group's first card sets the rank
        empty_ok = bytes([1] * DECK_SIZE)
    else:
        empty_ok = rank_bytes(spec.empty)
    return Group(
        index=index,
        id=gid,
        role=spec.role,
        piles=range(first_pile, first_pile + spec.count),
        spec=spec,
        fits_on=fits_on,
        run_ok=bytes(run_ok),
        empty_ok=empty_ok,
        base_ok=rank_bytes(rule.base),
        move_kind=_MOVE_KINDS[spec.move],
        run_limit=_LIMITS[spec.run_limit],
        max_cards=spec.max_cards or 0,
        turn_up=spec.turn_up == "auto",
        lanes=clear_lanes(spec, first_pile) or cover_lanes(spec, first_pile),  # KK-2, or a shape's covering
        uncovers=uncovers(spec, first_pile),
        base_empty=spec.empty == "base",
        starters=() if empty_ok is None else tuple(card for card in range(DECK_SIZE) if empty_ok[card]),
        unit=spec.unit or 0,
        empty_one=spec.empty_takes == "one",
        colour_by_rank=spec.empty_colour == "by-rank",
        build_one=spec.build_takes == "one",
        reach=tuple(spec.reach),
        left_of=_left_neighbours(spec, first_pile),
        builds_on=tuple(bytes(1 if a in set(aboves) else 0 for a in range(DECK_SIZE)) for aboves in fits_on)
        if spec.empty_builds_on else (),
    )


def _left_neighbours(spec: PileGroup, first_pile: int) -> tuple[int, ...] | None:
    """Per cell of a grid with `empty_builds_on: left`, the pile before it in its row (-1: none)."""
    if spec.empty_builds_on != "left" or spec.grid is None:
        return None
    cols = spec.grid.cols
    return tuple(-1 if i % cols == 0 else first_pile + i - 1 for i in range(spec.count))


def grid_rows(group: Group) -> list[tuple[int, ...]]:
    """The piles of a grid group, row by row."""
    assert group.spec.grid is not None
    cols = group.spec.grid.cols
    return [tuple(group.piles[i:i + cols]) for i in range(0, len(group.piles), cols)]


def row_run(piles: list[list[int]], row: tuple[int, ...], group: Group) -> int:
    """How many cells from the row's start hold one run: a card the empty first cell takes, then
    each card built on the one before (Gaps' cards in sequence)."""
    first = piles[row[0]]
    if len(first) != 1 or group.empty_ok is None or not group.empty_ok[first[0]]:
        return 0
    n = 1
    while n < len(row) and len(piles[row[n]]) == 1 and piles[row[n]][0] in group.fits_on[piles[row[n - 1]][0]]:
        n += 1
    return n


def _run_rule(rule: Build, spec: PileGroup) -> Build | None:
    """The build rule with `run`'s rank and suit put in, or None when the group has no `run`."""
    if spec.run is None:
        return None
    return rule.model_copy(update={"rank": spec.run.rank or rule.rank, "suit": spec.run.suit or rule.suit})


def _scan(group: Group) -> int:
    """How `Board.legal_moves` finds a pile's movable cards: inline for the two common kinds and
    a top card behind lanes (KK-2), through `Board.movable_run` for the other kinds."""
    if group.lanes is not None and group.move_kind == MOVE_TOP:
        return SCAN_LANE_TOP
    if group.lanes is None and group.move_kind == MOVE_TOP:
        return SCAN_TOP
    if group.lanes is None and group.move_kind == MOVE_RUN:
        return SCAN_RUN
    return SCAN_CALL


def carries(place: Group, source: Group, target: Group) -> bool:
    """Whether a pile of ``place`` may hold cards on their way from ``source`` to ``target``
    (FC-5's free places): they may enter it, and leave it for the target."""
    return place.move_kind != MOVE_NONE and place.index in source.targets and target.index in place.targets


class CompiledRules:
    """A ruleset turned into tables indexed by pile number."""

    def __init__(self, ruleset: Ruleset, bases: tuple[int, ...] = ()) -> None:
        self.ruleset = ruleset
        self.undo_counts_as_move = ruleset.undo_counts_as_move  # FC-7
        self.groups: list[Group] = []
        first = 0
        for i, (gid, spec) in enumerate(ruleset.piles.items()):
            self.groups.append(_compile_group(i, gid, spec, first, bases[i] if bases else 0))
            first += spec.count
        # `build.wrap: base`: these groups' tables depend on the base rank, so a game whose base is
        # dealt plays under a copy compiled for it (`for_base`); ``unbased`` is the copy with none.
        self.bases = bases
        self.wraps_at_base: tuple[int, ...] = tuple(
            i for i, spec in enumerate(ruleset.piles.values()) if spec.build.wrap == "base")
        self.unbased: CompiledRules = self
        self._based: dict[tuple[int, ...], CompiledRules] = {}
        self.pile_count = first
        self.group_by_id = {g.id: g for g in self.groups}
        all_groups = frozenset(range(len(self.groups)))
        builds: list = []
        for g in self.groups:
            if g.spec.build not in builds:
                builds.append(g.spec.build)
            g.build_id = builds.index(g.spec.build)
            g.targets = frozenset(self.group_by_id[t].index for t in g.spec.to) if g.spec.to is not None else all_groups

        # Per pile, the group's tables (one index instead of two on the hot path).
        self.group_of: list[Group] = [g for g in self.groups for _ in g.piles]
        self.labels: list[str] = [label for g in self.groups for label in g.spec.labels]
        self.pile_by_label: dict[str, int] = {label: p for p, label in enumerate(self.labels)}
        # A shared label may name the piles of several groups (KK's four foundation groups).
        self.group_by_shared_label: dict[str, list[Group]] = {}
        for g in self.groups:
            if g.spec.shared_label:
                self.group_by_shared_label.setdefault(g.spec.shared_label, []).append(g)
        for g in self.groups:
            g.takes_from = bytes(g.index in source.targets for source in self.group_of)
        self.scan: list[int] = [_scan(g) for g in self.group_of]
        # The groups a card may ever land in: `legal_moves` skips the rest (the carpets' 64 cells
        # take no card, and looking at each cost every listing).
        self.receiving_groups: tuple[Group, ...] = tuple(
            g for g in self.groups if g.empty_ok is not None or any(g.fits_on))
        # Per pile its lanes to the edge (None: always free), so the hot path finds them in one index.
        self.lanes_of: list[Lanes | None] = [g.lanes[p - g.piles.start] if g.lanes is not None else None
                                             for p, g in enumerate(self.group_of)]
        # Whole piles moving by position (`reach`) are listed apart (engine/reach.py), off the hot loop.
        self.movable_piles: tuple[int, ...] = tuple(
            p for g in self.groups if g.move_kind and g.move_kind != MOVE_PILE for p in g.piles)
        self.reach_groups: tuple[Group, ...] = tuple(g for g in self.groups if g.reach)
        self.cell_piles: tuple[int, ...] = tuple(p for g in self.groups if g.role == "cell" for p in g.piles)
        self.column_piles: tuple[int, ...] = tuple(p for g in self.groups if g.role == "tableau" for p in g.piles)
        self.is_column: list[bool] = [g.role == "tableau" for g in self.group_of]
        self.foundation_piles: frozenset[int] = frozenset(p for g in self.groups if g.role == "foundation" for p in g.piles)
        self.win_piles: tuple[int, ...] = tuple(p for gid in ruleset.win_groups() for p in self.group_by_id[gid].piles)
        self.win_pile_set: frozenset[int] = frozenset(self.win_piles)
        self.total_cards = DECK_SIZE * ruleset.decks
        # How many of each card the pack holds (several decks, or fewer suits repeated).
        copies = [0] * DECK_SIZE
        for card in suited_deck(ruleset.decks, ruleset.suits):
            copies[card] += 1
        self.copies: tuple[int, ...] = tuple(copies)
        self.units: bool = any(g.unit for g in self.groups)
        self.has_limits = any(g.run_limit for g in self.groups)
        # FC-5 counts an empty cell or column only if the cards moved through it could enter it and
        # go on to the target. Where every such place takes any card from every run-limited group
        # and passes it on anywhere (FreeCell), one count per listing does; else one per move.
        self.places_take_all: bool = all(
            place.empty_ok is not None and all(place.empty_ok) and carries(place, source, self.groups[target])
            for source in self.groups if source.run_limit
            for target in source.targets
            for place in self.groups if place.role in ("cell", "tableau")
        )

        # prefer (PA-3): card -> groups that want it first; None when no group prefers anything.
        preferred: list[list[int]] = [[] for _ in range(DECK_SIZE)]
        for g in self.groups:
            for card in range(DECK_SIZE):
                if RANK[card] in g.spec.prefer:
                    preferred[card].append(g.index)
        self.preferred_by: tuple[tuple[int, ...], ...] | None = (
            tuple(map(tuple, preferred)) if any(preferred) else None
        )

        # discard (PA-1): card -> 1 if it is put out when it comes face up, and where it goes.
        discard = ruleset.discard
        self.discard_ok: bytes | None = rank_bytes(discard.ranks) if discard else None
        self.discard_pile: int = self.group_by_id[discard.to].piles[0] if discard else -1

        # The swap action (CR-4): its label, the piles whose cards it exchanges, uses per game.
        swap = ruleset.actions.swap
        self.swap_label: str | None = swap.label if swap else None
        self.swap_piles: tuple[int, ...] = (
            tuple(p for gid in swap.within for p in self.group_by_id[gid].piles) if swap else ()
        )
        # Uses left at the start, one per action (-1: unlimited); part of every position.
        # Actions in a fixed order (swap, close-up); their uses left are part of every position.
        close = ruleset.actions.close_up
        shuffle = ruleset.actions.reshuffle
        actions = [(a.label, -1 if a.uses == "unlimited" else a.uses) for a in (swap, close, shuffle) if a is not None]
        self.action_labels: tuple[str, ...] = tuple(label for label, _ in actions)
        self.action_uses: tuple[int, ...] = tuple(uses for _, uses in actions)
        self.swap_index: int = 0 if swap else -1
        self.close_up_index: int = (1 if swap else 0) if close else -1
        # The reshuffle: gathers the piles of its groups and deals them out again, per_pile each.
        self.reshuffle_index: int = (bool(swap) + bool(close)) if shuffle else -1
        self.reshuffle_label: str | None = shuffle.label if shuffle else None
        self.reshuffle_piles: tuple[int, ...] = (
            tuple(p for gid in shuffle.groups for p in self.group_by_id[gid].piles) if shuffle else ()
        )
        self.reshuffle_per_pile: int = (shuffle.per_pile or 0) if shuffle else 0
        # `to`: the gathered cards go face down onto this pile (Puss in the Corner's stock), -1: dealt back
        self.reshuffle_to: int = self.group_by_id[shuffle.to].piles[0] if shuffle and shuffle.to else -1
        self.reshuffle_shuffles: bool = shuffle.shuffle if shuffle else True
        # keep: row-runs (Gaps): per grid row of the reshuffled groups, its cells in order
        self.reshuffle_rows: tuple[tuple[int, ...], ...] | None = (
            tuple(row for gid in shuffle.groups for row in grid_rows(self.group_by_id[gid]))
            if shuffle and shuffle.keep == "row-runs" else None
        )
        # win.row_runs: the rows that must each read as one run from their first cell
        self.win_rows: tuple[tuple[int, ...], ...] = tuple(
            row for gid in (ruleset.win.row_runs if ruleset.win else []) for row in grid_rows(self.group_by_id[gid]))
        self.has_gaps: bool = any(g.left_of is not None for g in self.groups)
        # fill (docs/design.md §6.4): per pile the pile that refills it at once when a move
        # empties it (-1: none), None when no group fills (`empty: base` reads RANK_TABLES).
        fill_from = [self.group_by_id[g.spec.fill.from_].piles[0] if g.spec.fill else -1 for g in self.group_of]
        self.fill_from: list[int] | None = fill_from if any(f >= 0 for f in fill_from) else None
        self.has_base: bool = any(g.base_empty for g in self.groups)
        self.sinks_at_deal: bool = any(step.bottom for step in ruleset.deal.steps)
        self.prefill_first: bool = any(g.spec.prefill_suit == "first" and g.spec.prefill for g in self.groups)
        # prefill_rank: first: the piles that take every card of the rank of the pack's first card
        self.prefill_rank_piles: range | None = next(
            (g.piles for g in self.groups if g.spec.prefill_rank == "first"), None)
        first_pile = {g.id: g.piles.start for g in self.groups}
        self.close_up_label: str | None = close.label if close else None
        self.close_up_lanes: Lanes = close_up_lanes(close, ruleset, first_pile) if close else ()
        self.refill_pile: int = first_pile[close.refill] if close and close.refill else -1
        self.remove_rules: tuple[RemoveRule, ...] = tuple(compile_remove(r, ruleset, first_pile) for r in ruleset.remove)
        self.win_conditions: list[WinCondition] = compile_win(ruleset, first_pile)
        # Geometry: an upright flag per pile (KK-1), and the cells a grid makes (never sorted in keys).
        self.upright: list[bool] = [u for g in self.groups for u in upright_cells(g.spec)]
        self.has_uncover: bool = any(g.uncovers is not None for g in self.groups)  # a shape's cards turn up
        # Groups whose deal lays a face-down card over a face-up one (engine/faces.py): keys add their faces.
        self.mixed_faces: frozenset[str] = mixed_face_groups(ruleset)
        piles_of = {g.id: g.piles for g in self.groups}
        for g in self.groups:
            if g.spec.base_of:  # docs/design.md §6.4: a base read from another group
                g.base_from = self.group_by_id[g.spec.base_of.group].index
                g.base_offset = g.spec.base_of.offset
            if g.spec.follows:
                g.follows = (self.group_by_id[g.spec.follows.group].index, g.spec.follows.per == "suit")
            g.takes_gate = gates.compile_gate(g.spec.takes_when, ruleset, piles_of)
            g.gives_gate = gates.compile_gate(g.spec.gives_when, ruleset, piles_of)
            if g.spec.empty_from:
                g.empty_from = tuple(piles_of[gid] for gid in g.spec.empty_from)
            g.takes_by_place = gates.reads_place(g.takes_gate)
            g.only_when_empty = g.spec.takes_when is not None and g.spec.takes_when.pile == "empty"
            if g.spec.takes_when is not None and g.spec.takes_when.suits is not None:
                g.pile_suits = tuple(g.spec.takes_when.suits[i % len(g.spec.takes_when.suits)] for i in range(len(g.piles)))
            if g.spec.takes_when is not None and g.spec.takes_when.rank_in is not None:
                g.rank_from = rank_from_piles(g, g.spec.takes_when.rank_in, self.labels)
            if g.spec.takes_when is not None and g.spec.takes_when.way is not None:
                g.way = WAY_GROUP if g.spec.takes_when.way == "group" else WAY_PILE
            if g.spec.takes_when is not None and g.spec.takes_when.partners is not None:
                # per pile of the ruleset, the one pile of g it may feed (-1: any), `unless` lifting it
                feeds = [-1] * len(self.labels)
                for i, label in enumerate(g.spec.takes_when.partners[:len(g.piles)]):
                    feeds[self.pile_by_label[label]] = g.piles[i]
                g.partner_of = tuple(feeds)
                g.unless_gate = gates.compile_gate(g.spec.takes_when.unless, ruleset, piles_of)
        # prefill (DY-1): (pile, card) placed before the shuffle; those cards are not shuffled.
        # A named suit (Black Hole's A♠) takes that suit's card of each listed rank instead.
        self.prefill: tuple[tuple[int, int], ...] = tuple(
            (g.piles[i], (rank - 1) * 4 + suit)
            for g in self.groups if g.spec.prefill_suit != "first"
            for i, (rank, suit) in enumerate((r, s) for r in g.spec.prefill for s in prefill_suits(g.spec.prefill_suit))
        )

        stock = ruleset.stock
        if stock is not None:
            self.stock_pile: int = self.group_by_id[stock.pile].piles[0]
            self.stock_targets: range = self.group_by_id[stock.to].piles
            self.draw: int = stock.draw
            self.redeals: int = -1 if stock.redeals == "unlimited" else stock.redeals
            self.stock_needs_filled: bool = stock.requires == "no-empty"
            # stock.when (engine/gates.py): the stock deals and is turned over only while it holds
            self.stock_gate: Gate = gates.compile_gate(stock.when, ruleset, piles_of)
            # A deal onto several piles: `draw` rounds of one card a pile (Algerian's two); the
            # stock's last cards, as many as `last_to` has piles, one onto each of them instead.
            self.stock_rounds: tuple[int, ...] = tuple(self.stock_targets) * stock.draw if len(self.stock_targets) > 1 else ()
            self.stock_last: tuple[int, ...] = tuple(self.group_by_id[stock.last_to].piles) if stock.last_to else ()
        else:
            self.stock_pile = -1
            self.stock_targets = range(0)
            self.draw = 0
            self.redeals = 0
            self.stock_needs_filled = False
            self.stock_gate = ()
            self.stock_rounds = ()
            self.stock_last = ()
        # Redeal turns the waste back: possible only when the stock deals onto a single pile.
        self.waste_pile: int = self.stock_targets[0] if len(self.stock_targets) == 1 else -1
        # The groups whose piles are interchangeable, so that a key may sort them: several piles,
        # not the stock or waste, no geometry (a grid's cells, a shape's cards, which cover one
        # another), and not dealt onto pile by pile by the stock (PA-5's stacks: the next deal
        # puts different cards on each).
        dealt_in_order = {self.group_of[p].index for p in self.stock_targets} if len(self.stock_targets) > 1 else set()
        dealt_in_order |= {self.group_of[p].index for p in self.stock_last}
        if shuffle is not None and not shuffle.shuffle:  # an ordered gather: which pile is first matters
            dealt_in_order |= {self.group_by_id[gid].index for gid in shuffle.groups if gid in self.group_by_id}
        read_by_place = {self.group_of[p].index for g in self.groups for p in (g.rank_from or ()) if p >= 0}
        # `partners` and `cleared` pair piles by place: both groups keep their order
        read_by_place |= {self.group_of[p].index for g in self.groups for p in (g.partner_of or ()) if p >= 0}
        read_by_place |= {g.index for g in self.groups if g.partner_of is not None}
        for g in self.groups:
            for term in g.takes_gate + g.gives_gate:
                if term.kind == gates.PLACE_EMPTY:
                    read_by_place |= {g.index, self.group_of[term.piles.start].index}
        # A grid's cells are read by place only where a rule reads them: lanes (KK-2), the cell
        # before (Gaps), neighbours (Monte Carlo), a close-up's order (CZ-3), rows in sequence (a
        # row_runs win). Elsewhere a grid is a picture of interchangeable piles (Royal Cotillion's reserve).
        close_up = ruleset.actions.close_up
        grid_read = {gid for r in ruleset.remove if r.adjacent for gid in r.from_}
        grid_read |= set(close_up.groups) if close_up is not None else set()
        grid_read |= set(ruleset.win.row_runs) if ruleset.win is not None else set()
        grid_read |= {gid for gid, spec in ruleset.piles.items()
                      if spec.free in ("clear-lane", "clear-end") or spec.empty_builds_on is not None}
        read_by_place |= {self.group_by_id[gid].index for gid in grid_read if gid in self.group_by_id}
        self.sortable_groups: frozenset[int] = frozenset(
            g.index for g in self.groups
            if g.spec.count > 1 and g.role not in ("stock", "waste") and g.spec.shape is None
            and g.index not in dealt_in_order and not g.reach  # `reach` counts places: order matters
            and g.pile_suits is None and g.rank_from is None  # `takes_when` reads a pile's place
            and g.index not in read_by_place  # ... and the place of the pile it reads
        )

        # The notation: a `-` between source and target where two labels run together ambiguously
        # (labels 1..13: `112`), and the longest label, which bounds how a text may split.
        alone = [self.labels[self.stock_pile]] if self.stock_pile >= 0 else []
        alone += [self.close_up_label] if self.close_up_label else []
        alone += [self.reshuffle_label] if self.reshuffle_label else []
        named = self.labels + list(self.group_by_shared_label)
        self.join_separator: str = "-" if ambiguous_join(named, alone) else ""
        self.longest_label: int = max(map(len, named))

        self._compile_scoring()

    def for_base(self, bases: tuple[int, ...]) -> CompiledRules:
        """These rules with the tables of the `wrap: base` groups compiled for ``bases`` (per
        group its base rank, 0: none), built once per bases and kept."""
        root = self.unbased
        if not any(bases):
            return root
        based = root._based.get(bases)
        if based is None:
            based = CompiledRules(root.ruleset, bases)
            based.unbased = root
            root._based[bases] = based
        return based

    def deal_piles(self, left: int) -> tuple[int, ...]:
        """Where a stock deal onto several piles puts its cards, in order, while the stock holds
        ``left`` cards: its last cards onto `last_to`'s piles, else `draw` rounds onto its targets;
        () for a deal onto one waste. The deal stops when the stock runs out."""
        if self.stock_last and left == len(self.stock_last):
            return self.stock_last
        return self.stock_rounds

    def _compile_scoring(self) -> None:
        n = len(self.groups)
        self.move_points: list[list[int]] = [[0] * n for _ in range(n)]
        self.turn_up_points = 0
        self.redeal_points = 0
        self.deal_points = 0
        self.score_start = 0
        # Points once per move, whatever its size (Spider: -1 a move); per group pair like move_points.
        self.per_move_points: list[list[int]] | None = None
        self.score_floor: int | None = None
        self.scored = self.ruleset.scoring is not None
        if not self.ruleset.scoring:
            return
        self.score_floor = self.ruleset.scoring.floor
        self.score_start = self.ruleset.scoring.start
        for rule in self.ruleset.scoring.rules:
            if rule.when == "turn_up":
                self.turn_up_points += rule.points
            elif rule.when == "redeal":
                self.redeal_points += rule.points
            elif rule.when == "deal":
                self.deal_points += rule.points
            else:
                if rule.per == "move" and self.per_move_points is None:
                    self.per_move_points = [[0] * n for _ in range(n)]
                table = self.per_move_points if rule.per == "move" else self.move_points
                assert table is not None
                sources = [self.group_by_id[rule.from_].index] if rule.from_ else range(n)
                targets = [self.group_by_id[rule.to].index] if rule.to else range(n)
                for s in sources:
                    for t in targets:
                        table[s][t] += rule.points
