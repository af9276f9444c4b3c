"""The compiled rules flattened into the plain arrays the compiled core (`_search.pyx`) reads,
and the reason a ruleset lies outside what the core plays.

The core covers the vocabulary of most families: card moves of the top card, a built run or
any face-up card with those above it (`move: any`), `unit` moves, FC-5's run limits (counting,
per move, the free places that carry the run), empty piles that take the base rank once a pile
is started (`empty: base`, `base_of`), face-down cards turned up automatically, an emptied pile
filled from another (`fill`), a top card free only behind a clear lane (KK-2's `free:
clear-lane`), piles started only after those of another group (KK-4's `follows`), a stock
onto one waste or one card onto each of several piles (or no stock), Parada's words (PA-3's
`prefer` as a bit mask of groups per card, PA-4's `move: alone`, PA-1's `discard` at each
stock deal, PA-6's full piles), and one win class: every card home (with its full piles
complete), or a `left` count (exactly N cards in each part of its piles, as Golf's cleared
columns with the stock not counted; `left_part`, `left_count`).
A left win has no win piles, so no run is restricted to keep cards home, and no safe moves are
played (the proofs in prune.py need every card home); the estimate counts the cards still to go
from the left piles and the disorder in them. Everything else falls back to the Python search,
with `not_covered`'s one-line reason.

The core searches best-first and depth-first in turns (docs/solver.md, "Best-first in the
core"). Its key reads cards by face, 0-51, as the engine stores them, so the copies of a card in
a two-deck pack are one card to it: positions that differ only in which copy lies where are one
position, for every ruleset, since every table here is indexed by face.

Of the player's actions and removals the core plays CR-4's swap, CZ-3's close-up, one `remove`
rule (over a shape's cards once uncovered, `_is_free`; TriPeaks' cards turn up when uncovered)
and the reshuffle (dealt back, onto one pile, or keeping row runs; a shuffled one in the orders
of `shuffle_orders`, per deal), with each counted action's uses left in the key
(`_action_tables`); and `takes_when`, `gives_when` and `stock.when` (`_gate_tables`), chained fills, `empty_builds_on: left`, `win.row_runs` and
`reach`, so that no shipped ruleset falls back (tests/test_core_words.py). Of several win classes only the first ends a search, in the core as in the
engine (`Board.is_won`); the later ones (CZ-4's second class) are judged when no move is left.

The key of a pile whose buried cards can never matter again (Golf's waste, Black Hole's hole)
reads its top card alone (`buried_cards_dead`, with its proof): without it every order of the
same plays onto such a pile was a new position, and the search proved few deals unsolvable. The
Python search's `Packer` keys piles by the same rule (one definition, here).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..cards import DECK_SIZE, RANK
from ..deals import reshuffle_order
from ..engine.compiled import (
    MOVE_ALONE,
    MOVE_ANY,
    MOVE_NONE,
    MOVE_PILE,
    MOVE_TOP,
    MOVE_TOP_OR_RUN,
    SCAN_LANE_TOP,
    SCAN_RUN,
    SCAN_TOP,
    CompiledRules,
    carries,
)
from ..engine.assist import follower_starters
from ..engine.gates import Gate

MOST_COPIES = 8  # copies of one card the core's move listing keeps room for
MOST_CARDS = 256  # cards in the pack the core's fixed buffers (a run in flight) hold
MOST_GROUPS = 64  # `prefer`'s groups are bits of one 64-bit word
MOST_DEALT_OUT = 23  # a stock deal with `discard` records which cards went out in 23 bits
MOST_SWAP_PILES = 128  # the core writes a swap's place as pile * 256 + index in 16 bits
MOST_FILLS = 6  # links of a chain of fills (`refill.push_fill`) the core's undo record holds


def not_covered(rules: CompiledRules) -> str | None:
    """None when the compiled core plays this ruleset exactly as the engine does; else the first
    feature it lacks, in a few words."""
    if rules.swap_piles and max(rules.swap_piles) >= MOST_SWAP_PILES:
        return f"a swap among piles numbered {MOST_SWAP_PILES} or more"  # a place is pile * 256 + index in 16 bits
    if any(len(lane) > MOST_CARDS for lane in rules.close_up_lanes):
        return f"a close-up lane of more than {MOST_CARDS} places"
    reason = _remove_not_covered(rules)
    if reason is not None:
        return reason
    if rules.preferred_by is not None and len(rules.groups) > MOST_GROUPS:
        return f"prefer with more than {MOST_GROUPS} pile groups"
    if rules.discard_ok is not None and rules.stock_pile >= 0:
        targets = rules.stock_targets
        if rules.group_of[targets[0]].max_cards or rules.discard_pile in targets:
            return "discard onto a stock target with room"  # `_deal_each`'s full targets: not mirrored
        if (rules.draw if len(targets) == 1 else len(targets)) > MOST_DEALT_OUT:
            return f"discard with more than {MOST_DEALT_OUT} cards a deal"
        if len(rules.stock_rounds) > len(targets) or rules.stock_last:
            return "discard with a stock dealt in rounds"  # `_deal_out` deals one round onto its targets
    if rules.fill_from is not None and max(_fill_chain(rules.fill_from, p) for p in range(rules.pile_count)) > MOST_FILLS:
        return f"a chain of more than {MOST_FILLS} fills"  # four undo bits a link in 32 bits
    for gid in rules.mixed_faces:
        if any(step.to == gid and not isinstance(step.count, int) for step in rules.ruleset.deal.steps):
            # the core keys a pile's faces by its face-down count alone, which tells them apart
            # only where every pile of the group was dealt the same faces (engine/faces.py)
            return "faces that alternate differently from pile to pile"
    for g in rules.groups:
        if g.uncovers is not None and rules.fill_from is not None and _may_lie_face_down(rules, g.id):
            return "a shape's uncovering beside fill"  # the core uncovers only a pile left empty
        if g.lanes is not None and g.move_kind not in (MOVE_NONE, MOVE_TOP):
            return "lanes under more than a top card"  # the core reads lanes for a top card alone
        if g.base_offset <= -13:
            return "base_of"  # the core's rank arithmetic turns the corner once
        if g.move_kind == MOVE_PILE and not g.reach:
            return "move: pile without reach"  # only `reach` lists whole piles (engine/reach.py)
    if rules.stock_pile >= 0 and rules.group_of[rules.stock_targets[0]].max_cards and rules.waste_pile < 0:
        return "a stock deal that reads its target"  # several piles with room: not mirrored
    # Only the first win class ends a search (`Board.is_won`); the later ones are judged once no
    # move is left (CZ-4), which the search never asks.
    win = rules.win_conditions
    if bool(win[0].piles) == (win[0].left_count >= 0):
        return "a win other than all cards home or cards left"
    if win[0].full and win[0].left_count >= 0:
        return "a win of cards left with full piles"
    parts = win[0].left_groups
    if sum(map(len, parts)) != len(set().union(*parts)):
        return "a win with a pile in two parts"  # the core counts each pile in one part
    if rules.total_cards > MOST_CARDS:
        return f"more than {MOST_CARDS} cards"
    if max(rules.copies) > MOST_COPIES:
        return f"more than {MOST_COPIES} copies of a card"
    if any(rules.scan[p] not in (SCAN_TOP, SCAN_RUN, SCAN_LANE_TOP)
           and rules.group_of[p].move_kind not in (MOVE_ANY, MOVE_ALONE, MOVE_TOP_OR_RUN)
           for p in rules.movable_piles):
        return "a pile scanned by the engine's general path"
    return None


def _fill_chain(fill_from: list[int], pile: int) -> int:
    """How many piles an emptied ``pile`` may refill in a row: it from its fill pile, that one,
    emptied, from its own, and so on (the loader refuses a loop)."""
    links = 0
    while fill_from[pile] >= 0:
        pile = fill_from[pile]
        links += 1
    return links


def _per_pile(rules: CompiledRules, field: str) -> tuple[int, ...]:
    """A `Group` field held per pile of its group (``pile_suits``, ``rank_from``, ``left_of``)
    spread over every pile of the ruleset: -1 for a pile whose group has none."""
    out = []
    for p, g in enumerate(rules.group_of):
        values = getattr(g, field)
        out.append(values[p - g.piles.start] if values is not None else -1)
    return tuple(out)


def _may_lie_face_down(rules: CompiledRules, group: str) -> bool:
    """Whether a face-down card can lie in ``group``: dealt face down, or dealt by the stock.
    A shape whose cards all lie face up (Pyramid, Giza) has nothing to turn up, so the core,
    which plays no uncovering, plays it as the engine does (`cover.turn_up_uncovered` finds no card)."""
    if any(step.to == group and step.face != "up" for step in rules.ruleset.deal.steps):
        return True
    return any(rules.group_of[p].id == group for p in rules.stock_targets)


def _remove_not_covered(rules: CompiledRules) -> str | None:
    """The remove rules the core does not play: several rules (the engine lists each set once
    over all of them). Sets from piles with lanes (a shape's covering, Pyramid's and Giza's) are
    played: the listing offers a pile only when `_is_free` says so, as `actions._offered` does."""
    removing = rules.remove_rules
    if not removing:
        return None
    if len(removing) > 1:
        return "more than one remove rule"
    return None


@dataclass(frozen=True, eq=False, repr=False)
class CoreTables:
    """Per group and per pile arrays (bytes and tuples of ints), indexed as `_search.pyx` reads them.
    No generated ``__eq__``, ``__hash__`` or ``__repr__``: nothing compares or prints tables, and
    writing those methods for some 150 fields took about 5 ms of every solving command's start."""

    pile_count: int
    capacity: int  # the most cards one pile may hold: the whole pack
    total_cards: int
    pile_group: tuple[int, ...]
    group_first: tuple[int, ...]
    group_stop: tuple[int, ...]
    move_kind: tuple[int, ...]
    run_limit: tuple[int, ...]
    max_cards: tuple[int, ...]
    # `takes_when`'s card rules per pile: the one suit it takes (-1: any), the pile whose ranks a
    # card played onto it must match (-1: none); Group.takes_card
    pile_suit: tuple[int, ...]
    rank_from: tuple[int, ...]
    turn_up: tuple[int, ...]
    sortable: tuple[int, ...]
    build_id: tuple[int, ...]
    fits: bytes  # group * 2704 + below * 52 + above
    run_ok: bytes  # the same layout
    empty_ok: bytes  # group * 52 + card
    takes_empty: tuple[int, ...]  # per group: 1 if an empty pile takes some card
    base_ok: bytes  # group * 52 + bottom card
    has_base_ok: tuple[int, ...]
    # `empty: base`: per group 1 when its empty piles take only the base rank once a pile is
    # started (`refill.base_table`); per card its rank, to compare with the base.
    base_empty: tuple[int, ...]
    base_from: tuple[int, ...]  # per group: the group whose started piles set the base (`base_of`; else itself)
    base_offset: tuple[int, ...]  # per group: ranks from that base (Agnes Bernauer's columns: -1)
    rank: bytes
    fill_from: tuple[int, ...]  # per pile: the pile whose top card fills it when emptied (-1: none)
    takes_from: bytes  # group * pile_count + source pile
    starters: tuple[tuple[int, ...], ...]
    movable: tuple[int, ...]
    is_column: bytes
    cell_piles: tuple[int, ...]
    column_piles: tuple[int, ...]
    has_limits: int
    # FC-5 where some free places take only some cards: per move, the places that carry it count.
    places_take_all: int
    carries: bytes  # place group * G * G + source group * G + target group: `compiled.carries`
    stock: int
    waste: int  # the one pile the stock deals onto, -1 when it deals one card onto each of several
    stock_targets: tuple[int, ...]
    stock_rounds: tuple[int, ...]  # a deal onto several piles, card by card (`CompiledRules.deal_piles`)
    stock_last: tuple[int, ...]  # the stock's last cards, one onto each (`stock.last_to`)
    stock_needs_filled: int  # the stock deals only when none of its targets is empty
    stock_room: int  # the waste's max_cards: the stock deals onto it only while it has room (0: no limit)
    unit: tuple[int, ...]  # per group: cards enter only this many at a time (0: any number)
    empty_one: tuple[int, ...]  # per group: `empty_takes: one`, a space takes a single card
    build_one: tuple[int, ...]  # per group: `build_takes: one`, a started pile takes a single card
    way: tuple[int, ...]  # per group: `takes_when: {way}`, 0 none, 1 the group's way, 2 each pile's (`Group.way_now`)
    colour_by_rank: tuple[int, ...]  # per group: `empty_colour: by-rank` (`refill.colour_table`)
    draw: int
    redeals: int  # -1: unlimited
    win_piles: tuple[int, ...]  # every card in these wins (none for a left win)
    # Per pile 1 when only its top card can ever matter (`buried_cards_dead`): the key reads no more.
    top_only: tuple[int, ...]
    left_count: int  # a left win: exactly this many cards in each part (-1: not a left win)
    left_part: tuple[int, ...]  # per pile: its part of the left win (-1: none)
    left_parts: int
    # ---- the actions and removals (CR-4, CZ-2, CZ-3); `uses` are part of every position's key
    actions: int  # how many actions count uses (`CompiledRules.action_uses`)
    swap_action: int  # its index among them, -1: no swap
    swap_piles: tuple[int, ...]
    close_action: int  # -1: no close-up
    close_lanes: tuple[tuple[int, ...], ...]  # each from the place cards slide toward
    refill: int  # the pile the close-up fills gaps from (-1: none)
    remove_piles: tuple[int, ...]  # the one remove rule's piles, in pile order (none: no rule)
    remove_pair: bytes  # below * 52 + above: two top cards make a set
    remove_single: bytes  # per card: it goes out alone
    remove_near: bytes  # pile * pile_count + pile: they touch (empty: any two piles may pair)
    remove_beats: bytes  # card * 52 + card: the second, on top elsewhere, lets the first go (empty: none)
    remove_to: int
    # The heuristic's piles (solver/heuristic.py): where disorder lies, empty rooms, empty cells.
    stacks: tuple[int, ...]
    rooms: tuple[int, ...]
    cells: tuple[int, ...]
    # Safe moves (solver/prune.py), when a rule is proven: per card the cards that must all be home.
    autoplay: int  # 0: none
    safe_needs: tuple[tuple[int, ...], ...]
    foundations: tuple[int, ...]
    autoplay_sources: tuple[int, ...]
    decks: int
    stock_commutes: int  # after a stock turn the search lists only waste moves (prune.stock_commutes)
    # PA-3's `prefer`: per card the groups (bits) that take it into an empty pile first; all 0: none.
    prefer_mask: tuple[int, ...]
    # PA-1's `discard`: per card 1 when a stock deal puts it out; the pile it goes to (-1: none).
    discard_ok: bytes
    discard_pile: int
    full_piles: tuple[int, ...]  # PA-6's `win.full`: each empty or holding its group's max_cards
    # KK-2 (`free: clear-lane`, `layout.clear_lanes`; a shape's `cover_lanes` alike): per pile its
    # lanes (indices into lane_stop; none: always free); per lane the end of its cells in
    # lane_cells, each lane starting where the one before it stops. Cells run from the pile out,
    # so a blocked lane is found at its first cell most often.
    lane_first: tuple[int, ...]  # per pile: its first lane (lanes of pile p: lane_first[p]..lane_first[p + 1])
    lane_stop: tuple[int, ...]
    lane_cells: tuple[int, ...]
    # A shape's uncovering (`layout.uncovers`, TriPeaks): per pile (P + 1) its first entry in
    # uncover_list, the piles it lies on, whose face-down card turns up once it is gone and they are free.
    uncover_first: tuple[int, ...]
    uncover_list: tuple[int, ...]
    # KK-4 (`follows`): per group the group it follows (-1: none) and whether it counts per suit.
    follows: tuple[int, ...]
    follows_per_suit: tuple[int, ...]
    # Cards safe moves leave to the search (`assist.follower_starters`, autoplay_rule (5)).
    not_autoplayed: bytes
    # The reshuffle (`actions.reshuffle`, `refill.push_reshuffle`): its action index (-1: none),
    # the piles it gathers in order, the cards dealt back onto each (the last takes the rest),
    # whether it shuffles (by `shuffle_orders`, per deal) and the uses it starts with (-1: unlimited).
    shuffle_action: int
    shuffle_piles: tuple[int, ...]
    shuffle_per_pile: int
    shuffle_mixes: int
    shuffle_uses: int
    # `takes_when` per group: takes cards by moves only while empty.
    only_when_empty: tuple[int, ...]
    # The condition word (engine/gates.py, `_gate_tables`): gate i's terms are
    # term_*[gate_first[i]:gate_first[i + 1]], each of a kind (gates.ALL_EMPTY, gates.ANY_CARD)
    # over the piles term_start..term_stop; per group its `takes_when` and `gives_when` gate, and
    # the stock's `stock.when` (-1: none, always open).
    gate_first: tuple[int, ...]
    term_kind: tuple[int, ...]
    term_start: tuple[int, ...]
    term_stop: tuple[int, ...]
    # `empty_from` (`takes.empty_source`): per group (G + 1) its listed groups are
    # empty_from_list[empty_from_first[g]:empty_from_first[g + 1]], first to last (none: any group)
    empty_from_first: tuple[int, ...]
    empty_from_list: tuple[int, ...]
    takes_gate: tuple[int, ...]
    gives_gate: tuple[int, ...]
    takes_by_place: tuple[int, ...]  # per group: its takes_gate reads each pile's place (`cleared`)
    # `takes_when: {partners}`: group * pile_count + source pile -> the one pile of the group it may
    # feed (-1: any), and per group the gate `unless` that lifts it (-1: none)
    partner_of: tuple[int, ...]
    unless_gate: tuple[int, ...]
    stock_gate: int
    # A reshuffle onto one pile (`to`, Puss in the Corner's stock; -1: dealt back), and one that
    # keeps each grid row's run (`keep: row-runs`, Gaps: its rows, each cells in order; (): none).
    shuffle_to: int
    shuffle_rows: tuple[tuple[int, ...], ...]
    # `empty_builds_on: left` (Gaps): per pile the cell before it in its row (-1: none, or a
    # row's first cell, which takes what `empty` says); `win.row_runs`: the rows, cells in order.
    left_of: tuple[int, ...]
    win_rows: tuple[tuple[int, ...], ...]
    # `reach` (Accordion): per group how many started piles back a whole pile may move (()), in order.
    reach: tuple[tuple[int, ...], ...]
    # the solver's proof (`prune.home_bound`) that `Core._home_bound`'s relaxation may say lost
    home_bound: int = 0


def buried_cards_dead(rules: CompiledRules, safe_moves: bool, part_sums: bool = False) -> list[bool]:
    """Per pile: whether the cards below its top can never matter again, so the key may read its
    top card alone (Golf's waste, Black Hole's hole: the cards played on them never leave, only
    the top takes cards). One rule for both searches: the compiled core's key (`top_only`) and
    the Python search's `Packer`, which plays more words than the core covers (`not_covered`).

    Proof: nothing ever takes a card from the pile (no group moves from it, no redeal turns it
    over, it fills no pile), so its buried cards stay buried. Every other read of the pile sees
    its top card or whether it is empty: the moves onto it (`fits` on the top), an empty pile's
    rules, run limits and the stock's "no empty target". Excluded are the reads of more: a room
    limit (`max_cards`, its size), `base_ok`, `empty: base` and `empty_colour` (its bottom card),
    `takes_when: {way}` (its first two cards), a left win's
    parts (their sizes one by one), the safe moves' count of cards home (a foundation while safe
    moves are on) and the estimate's disorder (its stacks). Two positions that differ only below
    such tops have the same moves, the same moves after each move and, as follows, the same win,
    so one key for both loses no answer.

    The Python engine's further words, each a taking or a read of more than the top, or neither:
    a remove rule takes the free top cards of its piles (excluded) and puts the set on its
    discard pile, which only receives (`beats` reads the tops of its own piles); `discard` puts a
    card out onto its pile, which only receives; a swap exchanges cards anywhere in its piles, a
    close-up slides the cards of its lanes and takes from its refill pile, a reshuffle gathers
    its piles (all excluded); `follows` counts a group's and its leader's started piles by their
    bottom card's suit (both groups excluded); a shape's uncovering and lanes turn up or read
    cards of their own piles (excluded); a win's full piles and row runs read sizes (excluded);
    `prefer` and `empty_builds_on` read only whether a pile is empty or its top card; `reach`
    moves whole piles, so its groups move and are excluded already. Only the first win class
    ends a search (`is_won`), so the win below is `win_conditions[0]`.

    The win. Every pile not so keyed is keyed in full (its size too, as `Packer` keys it) and
    the pack's size is fixed, so the key implies the sum of the top-only piles' sizes, not each
    one. An "every card home" win reads only the sum of its piles' sizes: it may count such
    piles when it counts every one of them (the win piles' sum = the top-only piles' sum + the
    other win piles' sizes, both implied), or none (Golf's waste). Were it to count some and not
    others, cards could pass from one side to the other unseen by the key, so then the counted
    ones are keyed in full. The estimate's cards to go read the same sum (and only order the
    search); no run limit or restricted run reads a pile no group moves from. A sortable group
    shares one salt, so its piles are keyed top-only all or none (a top-only pile's key looks
    like a one-card pile's).

    ``part_sums``: a left win's parts are read by their sums alone, as the win reads them (both
    searches' estimates count a part's cards to go by its sum; the core's disorder reads no
    top-only pile, `core_tables` leaves them out of its stacks, and an estimate only orders the
    search). Then a part is the every-card-home win's case again: it
    may hold top-only piles when it holds every one of them, or none; else those it holds are
    keyed in full (Aces Up's discard pile is its one part: its size is implied)."""
    cond = rules.win_conditions[0]
    left = set().union(*cond.left_groups)
    counted = set(cond.piles)
    reads_bottom = {g.base_from if g.base_from >= 0 else g.index for g in rules.groups if g.base_empty}
    # `empty_colour: by-rank` reads a started pile's bottom card, `way` its first two
    reads_bottom |= {g.index for g in rules.groups if g.colour_by_rank or g.way}
    fill_sources = set(rules.fill_from or ())
    dead = []
    for p, g in enumerate(rules.group_of):
        dead.append(not g.move_kind and p != rules.stock_pile and p not in fill_sources
                    and not (p == rules.waste_pile and rules.redeals != 0)
                    and not g.max_cards and g.base_ok is None and g.index not in reads_bottom
                    and (part_sums or p not in left) and not (safe_moves and p in rules.foundation_piles))
    for p in _taken_or_read_by_python_words(rules):
        dead[p] = False
    # A sum the win reads over some top-only piles and not others would not see cards pass
    # between them: those it reads are keyed in full. (Fewer top-only piles never split a sum.)
    for summed in [counted] + ([set(part) for part in cond.left_groups] if part_sums else []):
        if any(dead[p] for p in range(len(dead)) if p not in summed):
            dead = [d and p not in summed for p, d in enumerate(dead)]
    for group in rules.groups:
        if group.index in rules.sortable_groups and not all(dead[p] for p in group.piles):
            for p in group.piles:
                dead[p] = False
    return dead


def _taken_or_read_by_python_words(rules: CompiledRules) -> set[int]:
    """The piles the words outside the core's cover take cards from or read below the top
    (`buried_cards_dead`'s proof, second paragraph), and those of `follows` and lanes, which the
    core plays (their piles move or read bottom cards, so none would be top-only anyway)."""
    piles: set[int] = set(rules.swap_piles) | set(rules.reshuffle_piles)
    piles.update(p for lane in rules.close_up_lanes for p in lane)
    if rules.refill_pile >= 0:
        piles.add(rules.refill_pile)
    for rule in rules.remove_rules:
        piles |= rule.piles
    for g in rules.groups:
        if g.follows is not None:
            piles.update(g.piles)
            piles.update(rules.groups[g.follows[0]].piles)
        if g.uncovers is not None or g.lanes is not None:
            piles.update(g.piles)
    cond = rules.win_conditions[0]
    piles.update(cond.full)
    piles.update(p for row in rules.win_rows for p in row)
    return piles


def core_tables(rules: CompiledRules, safe_needs: list[frozenset[int]] | None = None,
                autoplay_sources: tuple[int, ...] = (), stock_commutes: bool = False,
                home_bound: bool = False) -> CoreTables | None:
    """The tables for ``rules``, or None when `not_covered` gives a reason. ``safe_needs``: per
    card the cards that must be home before it is safe (the solver's proven rule), None for no
    safe moves; ``autoplay_sources``: the piles safe moves may take from; ``stock_commutes``:
    the solver's proof that a stock turn commutes with every other move off the talon;
    ``home_bound``: its proof that `Core._home_bound` may be asked (`prune.home_bound`)."""
    if not_covered(rules) is not None:
        return None
    groups = rules.groups
    square = DECK_SIZE * DECK_SIZE
    fits = bytearray(len(groups) * square)
    for g in groups:
        for below, aboves in enumerate(g.fits_on):
            for above in aboves:
                fits[g.index * square + below * DECK_SIZE + above] = 1
    stock = rules.stock_pile
    cond = rules.win_conditions[0]
    left_part = [-1] * rules.pile_count
    for part, piles in enumerate(cond.left_groups):
        for p in piles:
            left_part[p] = part
    win = set(cond.piles)  # a left win has none
    layout = [p for p in range(rules.pile_count) if p not in win and p != stock]
    # Where disorder lies: the layout, or for a left win the piles to clear (the waste a left win
    # builds on is no column to put in order).
    stacks = [p for p in (layout if cond.left_count < 0 else sorted(set().union(*cond.left_groups)))
              if rules.group_of[p].max_cards != 1]
    if cond.left_count >= 0:
        safe_needs, autoplay_sources = None, ()  # prune.autoplay_rule's proofs need every card home
    top_only = buried_cards_dead(rules, safe_needs is not None, part_sums=True)
    stacks = [p for p in stacks if not top_only[p]]
    rooms = [p for p in layout if rules.group_of[p].empty_ok is not None
             and rules.group_of[p].role not in ("waste", "discard")]
    starters_left = follower_starters(rules)  # KK-4's fives and nines
    return CoreTables(
        pile_count=rules.pile_count,
        capacity=rules.total_cards,
        total_cards=rules.total_cards,
        pile_group=tuple(g.index for g in rules.group_of),
        group_first=tuple(g.piles.start for g in groups),
        group_stop=tuple(g.piles.stop for g in groups),
        move_kind=tuple(g.move_kind for g in groups),
        run_limit=tuple(g.run_limit for g in groups),
        max_cards=tuple(g.max_cards for g in groups),
        pile_suit=_per_pile(rules, "pile_suits"),
        rank_from=_per_pile(rules, "rank_from"),
        turn_up=tuple(int(g.turn_up) for g in groups),
        sortable=tuple(int(g.index in rules.sortable_groups) for g in groups),
        build_id=tuple(g.build_id for g in groups),
        fits=bytes(fits),
        run_ok=b"".join(g.run_ok for g in groups),
        empty_ok=b"".join(g.empty_ok or bytes(DECK_SIZE) for g in groups),
        takes_empty=tuple(int(g.empty_ok is not None) for g in groups),
        base_ok=b"".join(g.base_ok or bytes(DECK_SIZE) for g in groups),
        has_base_ok=tuple(int(g.base_ok is not None) for g in groups),
        base_empty=tuple(int(g.base_empty) for g in groups),
        base_from=tuple(g.base_from if g.base_from >= 0 else g.index for g in groups),
        base_offset=tuple(g.base_offset for g in groups),
        rank=bytes(RANK),
        fill_from=tuple(rules.fill_from) if rules.fill_from is not None else (-1,) * rules.pile_count,
        takes_from=b"".join(g.takes_from for g in groups),
        starters=tuple(g.starters for g in groups),
        movable=rules.movable_piles,
        is_column=bytes(rules.is_column),
        cell_piles=rules.cell_piles,
        column_piles=rules.column_piles,
        has_limits=int(rules.has_limits),
        places_take_all=int(rules.places_take_all),
        carries=bytes(carries(place, source, target) for place in groups for source in groups for target in groups),
        stock=stock,
        waste=rules.waste_pile,
        stock_targets=tuple(rules.stock_targets),
        stock_rounds=rules.stock_rounds,
        stock_last=rules.stock_last,
        stock_needs_filled=int(rules.stock_needs_filled),
        stock_room=rules.group_of[rules.stock_targets[0]].max_cards if rules.stock_pile >= 0 else 0,
        unit=tuple(g.unit for g in groups),
        empty_one=tuple(int(g.empty_one) for g in groups),
        build_one=tuple(int(g.build_one) for g in groups),
        way=tuple(g.way for g in groups),
        colour_by_rank=tuple(int(g.colour_by_rank) for g in groups),
        draw=rules.draw,
        redeals=rules.redeals,
        win_piles=cond.piles,
        top_only=tuple(map(int, top_only)),
        left_count=cond.left_count,
        left_part=tuple(left_part),
        left_parts=len(cond.left_groups),
        **_action_tables(rules),
        stacks=tuple(stacks),
        rooms=tuple(p for p in rooms if rules.group_of[p].max_cards != 1),
        cells=tuple(p for p in rooms if rules.group_of[p].max_cards == 1),
        autoplay=int(safe_needs is not None),
        safe_needs=tuple(tuple(sorted(cards)) for cards in safe_needs) if safe_needs is not None else (),
        foundations=tuple(sorted(rules.foundation_piles)),
        autoplay_sources=autoplay_sources,
        decks=rules.total_cards // DECK_SIZE,
        stock_commutes=int(stock_commutes),
        prefer_mask=tuple(sum(1 << g for g in rules.preferred_by[card]) if rules.preferred_by else 0
                          for card in range(DECK_SIZE)),
        discard_ok=rules.discard_ok if rules.discard_ok is not None and stock >= 0 else bytes(DECK_SIZE),
        discard_pile=rules.discard_pile if rules.discard_ok is not None and stock >= 0 else -1,
        full_piles=cond.full,
        **_lane_tables(rules),
        follows=tuple(g.follows[0] if g.follows is not None else -1 for g in groups),
        follows_per_suit=tuple(int(g.follows is not None and g.follows[1]) for g in groups),
        not_autoplayed=bytes(int(card in starters_left) for card in range(DECK_SIZE)),
        shuffle_action=rules.reshuffle_index,
        shuffle_piles=rules.reshuffle_piles,
        shuffle_per_pile=rules.reshuffle_per_pile,
        shuffle_mixes=int(rules.reshuffle_shuffles),
        shuffle_uses=rules.action_uses[rules.reshuffle_index] if rules.reshuffle_index >= 0 else 0,
        only_when_empty=tuple(int(g.only_when_empty) for g in groups),
        **_gate_tables(rules),
        empty_from_first=tuple(sum(len(g.spec.empty_from or ()) for g in groups[:i]) for i in range(len(groups) + 1)),
        empty_from_list=tuple(rules.group_by_id[gid].index for g in groups for gid in g.spec.empty_from or ()),
        shuffle_to=rules.reshuffle_to,
        shuffle_rows=rules.reshuffle_rows or (),
        left_of=_per_pile(rules, "left_of"),
        win_rows=rules.win_rows,
        reach=tuple(g.reach for g in groups),
        home_bound=int(home_bound),
    )


def shuffle_orders(rules: CompiledRules, key: str, number: int) -> bytes:
    """The reshuffle's orders for one deal (`deals.reshuffle_order`): for each round the engine
    seeds (1..uses; 0 alone when unlimited) and each count of cards n (0..the pack), where the
    i-th card dealt comes from among the gathered cards sorted, at ``(round * (total + 1) + n) *
    total + i``; empty when the ruleset does not shuffle. Deals are fixed by (key, number), so
    these are too: the core deals exactly what `push_reshuffle` deals, with no Python call."""
    if rules.reshuffle_index < 0 or not rules.reshuffle_shuffles:
        return b""
    return _orders(key, number, rules.action_uses[rules.reshuffle_index], rules.total_cards)


@lru_cache(maxsize=64)
def _orders(key: str, number: int, uses: int, total: int) -> bytes:
    out = bytearray()
    for round_ in (range(1, uses + 1) if uses > 0 else (0,)):
        for count in range(total + 1):
            out += bytes(reshuffle_order(count, key, number, round_)) + bytes(total - count)
    return bytes(out)


def _action_tables(rules: CompiledRules) -> dict[str, object]:
    """The `CoreTables` fields of the swap, the close-up and the one remove rule."""
    rule = rules.remove_rules[0] if rules.remove_rules else None
    near = b""
    if rule is not None and rule.near is not None:
        grid = bytearray(rules.pile_count * rules.pile_count)
        for a, close in rule.near.items():
            for b in close:
                grid[a * rules.pile_count + b] = 1
        near = bytes(grid)
    return {
        "actions": len(rules.action_uses),
        "swap_action": rules.swap_index,
        "swap_piles": tuple(rules.swap_piles),
        "close_action": rules.close_up_index,
        "close_lanes": tuple(rules.close_up_lanes),
        "refill": rules.refill_pile,
        "remove_piles": rule.in_order if rule is not None else (),
        "remove_pair": rule.pair_ok if rule is not None else bytes(DECK_SIZE * DECK_SIZE),
        "remove_single": rule.single_ok if rule is not None else bytes(DECK_SIZE),
        "remove_near": near,
        "remove_beats": (rule.beats or b"") if rule is not None else b"",
        "remove_to": rule.to_pile if rule is not None else -1,
    }


def _gate_tables(rules: CompiledRules) -> dict[str, object]:
    """`CoreTables`' gates (engine/gates.py): each group's `takes_when` and `gives_when` and the
    stock's `when`, as numbered gates of terms; an empty gate (always open) is -1."""
    found: list[Gate] = []
    first, kind, start, stop = [0], [], [], []

    def number(gate: Gate) -> int:
        if not gate:
            return -1
        for term in gate:
            kind.append(term.kind)
            start.append(term.piles.start)
            stop.append(term.piles.stop)
        first.append(len(kind))
        found.append(gate)
        return len(found) - 1

    takes = tuple(number(g.takes_gate) for g in rules.groups)
    gives = tuple(number(g.gives_gate) for g in rules.groups)
    stock = number(rules.stock_gate)
    unless = tuple(number(g.unless_gate) for g in rules.groups)
    partner_of = tuple(dst for g in rules.groups for dst in (g.partner_of or (-1,) * rules.pile_count))
    return {"gate_first": tuple(first), "term_kind": tuple(kind), "term_start": tuple(start),
            "term_stop": tuple(stop), "takes_gate": takes, "gives_gate": gives, "stock_gate": stock,
            "takes_by_place": tuple(int(g.takes_by_place) for g in rules.groups),
            "unless_gate": unless, "partner_of": partner_of}


def _lane_tables(rules: CompiledRules) -> dict[str, tuple[int, ...]]:
    """`CoreTables`' lane arrays from the engine's lanes (`rules.lanes_of`), and a shape's
    uncovering from `Group.uncovers`, computed once."""
    first, stops, cells = [], [], []
    for p in range(rules.pile_count):
        first.append(len(stops))
        for lane in rules.lanes_of[p] or ():
            cells.extend(sorted(lane, key=lambda q: abs(q - p)))  # from the pile out
            stops.append(len(cells))
    first.append(len(stops))
    under_first, under = [], []
    for p in range(rules.pile_count):
        under_first.append(len(under))
        group = rules.group_of[p]
        if group.uncovers is not None:
            under.extend(group.uncovers[p - group.piles.start])
    under_first.append(len(under))
    return {"lane_first": tuple(first), "lane_stop": tuple(stops), "lane_cells": tuple(cells),
            "uncover_first": tuple(under_first), "uncover_list": tuple(under)}
