"""Geometry compiled once: grid cells, their lanes and neighbours, orientation, set removal,
close-up lanes and win classes, as plain tuples indexed by pile number.

Nothing here knows a game: a grid is rows × cols cells (KK's carpet, each arm of CZ's cross,
Monte Carlo's 5 × 5, Gaps' 4 × 13), and every rule reads only those tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import DECK_SIZE, RANK, SUIT
from ..ruleset.shape import covered_by

if TYPE_CHECKING:
    from ..ruleset.model import CloseUp, Left, PileGroup, Remove, Ruleset

Lanes = tuple[tuple[int, ...], ...]


def grid_cells(spec: PileGroup) -> list[tuple[int, int]]:
    """(row, col) of each pile of a grid group, in pile order (row by row)."""
    assert spec.grid is not None
    return [(r, c) for r in range(spec.grid.rows) for c in range(spec.grid.cols)]


def upright_cells(spec: PileGroup) -> list[bool]:
    """KK-1: ``checker`` lays (r, c) upright when r + c is even, sideways when odd."""
    if spec.grid is None or spec.orient == "upright":
        return [True] * spec.count
    return [(r + c) % 2 == 0 for r, c in grid_cells(spec)]


def clear_lanes(spec: PileGroup, first: int) -> tuple[Lanes, ...] | None:
    """KK-2: per cell, the lanes from it to the edge along its short sides (each a tuple of piles);
    the card is free when one of them is all empty. An edge cell has an empty lane: always free.
    `free: clear-end` (Crazy Quilt) is the same with each lane cut to its first cell: a short end
    is clear when the cell it touches is empty. None when the group is neither."""
    if spec.grid is None or spec.free not in ("clear-lane", "clear-end"):
        return None
    reach = 1 if spec.free == "clear-end" else None  # cells of a lane read, from the card out
    rows, cols = spec.grid.rows, spec.grid.cols
    upright = upright_cells(spec)

    def pile(r: int, c: int) -> int:
        return first + r * cols + c

    result = []
    for i, (r, c) in enumerate(grid_cells(spec)):
        if upright[i]:  # short ends up and down, each lane from the card outwards
            lanes = (tuple(pile(k, c) for k in reversed(range(r))), tuple(pile(k, c) for k in range(r + 1, rows)))
        else:  # short ends left and right
            lanes = (tuple(pile(r, k) for k in reversed(range(c))), tuple(pile(r, k) for k in range(c + 1, cols)))
        result.append(tuple(lane[:reach] for lane in lanes))
    return tuple(result)


def cover_lanes(spec: PileGroup, first: int) -> tuple[Lanes, ...] | None:
    """`free: uncovered`: per card of a shape, one lane, the cards lying on it; the card is free
    when all of them are gone (`is_free` reads it as it reads KK-2's lanes). None otherwise."""
    if spec.shape is None or spec.free != "uncovered":
        return None
    return tuple((tuple(first + j for j in over),) for over in covered_by(spec.shape))


def uncovers(spec: PileGroup, first: int) -> tuple[tuple[int, ...], ...] | None:
    """`free: uncovered` with `turn_up: auto`: per card of a shape, the cards it lies on, whose
    face-down card may turn up once it is gone. None otherwise."""
    if spec.shape is None or spec.free != "uncovered" or spec.turn_up != "auto":
        return None
    over = covered_by(spec.shape)
    return tuple(tuple(first + i for i, above in enumerate(over) if j in above) for j in range(len(over)))


def neighbours(spec: PileGroup, first: int, kind: int) -> dict[int, frozenset[int]]:
    """Cells touching each cell: by a side (4) or by a side or a corner (8), within this grid."""
    assert spec.grid is not None
    rows, cols = spec.grid.rows, spec.grid.cols
    found = {}
    for r in range(rows):
        for c in range(cols):
            near = set()
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if (dr or dc) and (kind == 8 or not (dr and dc)) and 0 <= r + dr < rows and 0 <= c + dc < cols:
                        near.add(first + (r + dr) * cols + c + dc)
            found[first + r * cols + c] = frozenset(near)
    return found


@dataclass(frozen=True)
class RemoveRule:
    """One `remove` entry, compiled."""

    spec: Remove
    piles: frozenset[int]  # piles whose free top cards it may take
    in_order: tuple[int, ...]  # the same piles sorted: move listing walks them in pile order
    sizes: tuple[int, ...]  # 1 and/or 2 cards
    pair_ok: bytes  # pair_ok[a * 52 + b]: the two cards make a set
    single_ok: bytes  # single_ok[a]: the card alone makes a set
    near: dict[int, frozenset[int]] | None  # pile -> neighbouring piles; None: anywhere
    to_pile: int
    # outranked (Aces Up): beats[a * 52 + b] = 1 when b, on top of another pile, lets a go out.
    beats: bytes | None = None


def compile_remove(spec: Remove, ruleset: Ruleset, first_pile: dict[str, int]) -> RemoveRule:
    piles: set[int] = set()
    near: dict[int, frozenset[int]] | None = {} if spec.adjacent else None
    for gid in spec.from_:
        group = ruleset.piles[gid]
        start = first_pile[gid]
        piles.update(range(start, start + group.count))
        if near is not None and group.grid is not None:
            near.update(neighbours(group, start, spec.adjacent))

    def pair(a: int, b: int) -> bool:
        return RANK[a] == RANK[b] if spec.same else RANK[a] + RANK[b] == spec.sum

    return RemoveRule(
        spec=spec,
        piles=frozenset(piles),
        in_order=tuple(sorted(piles)),
        sizes=tuple(sorted(set(spec.cards))),
        pair_ok=bytes(1 if 2 in spec.cards and pair(a, b) else 0 for a in range(DECK_SIZE) for b in range(DECK_SIZE)),
        single_ok=bytes(1 if 1 in spec.cards and spec.sum == RANK[a] else 0 for a in range(DECK_SIZE)),
        near=near,
        to_pile=first_pile[spec.to],
        beats=outranks_table(spec.aces == "high") if spec.outranked else None,
    )


def outranks_table(aces_high: bool) -> bytes:
    """Per pair of cards, whether the second is higher in the first's suit (A above K when high)."""
    def height(card: int) -> int:
        return 14 if aces_high and RANK[card] == 1 else RANK[card]

    return bytes(1 if SUIT[a] == SUIT[b] and height(b) > height(a) else 0
                 for a in range(DECK_SIZE) for b in range(DECK_SIZE))


def close_up_lanes(spec: CloseUp, ruleset: Ruleset, first_pile: dict[str, int]) -> Lanes:
    """CZ-3: every lane of the groups, group by group, each from the end cards slide toward."""
    lanes: list[tuple[int, ...]] = []
    for gid in spec.groups:
        grid = ruleset.piles[gid].grid
        assert grid is not None
        start = first_pile[gid]
        rows, cols = grid.rows, grid.cols
        if spec.lanes == "rows":
            group_lanes = [tuple(start + r * cols + c for c in range(cols)) for r in range(rows)]
        elif spec.lanes == "cols":
            group_lanes = [tuple(start + r * cols + c for r in range(rows)) for c in range(cols)]
        else:
            group_lanes = [tuple(range(start, start + rows * cols))]
        if spec.toward == "last":
            group_lanes = [lane[::-1] for lane in group_lanes]
        lanes += group_lanes
    return tuple(lanes)


@dataclass(frozen=True)
class WinCondition:
    """A win class compiled: every card in ``piles`` (when given), full piles, cards left."""

    id: str
    piles: tuple[int, ...]
    full: tuple[int, ...]
    left_count: int  # -1: no `left`
    left_groups: tuple[tuple[int, ...], ...]  # per: group -> one entry per group; all -> one entry


def compile_win(ruleset: Ruleset, first_pile: dict[str, int]) -> list[WinCondition]:
    """The win classes, best first; a plain `win` (or none) is one class with id ``won``."""

    def piles_of(groups: list[str]) -> tuple[int, ...]:
        return tuple(p for gid in groups for p in range(first_pile[gid], first_pile[gid] + ruleset.piles[gid].count))

    def left(spec: Left | None) -> tuple[int, tuple[tuple[int, ...], ...]]:
        if spec is None:
            return -1, ()
        if spec.per == "group":
            return spec.count, tuple(piles_of([gid]) for gid in spec.in_)
        return spec.count, (piles_of(spec.in_),)

    win = ruleset.win
    if win is None or not win.classes:
        full = win.full if win else []
        return [WinCondition("won", piles_of(ruleset.win_groups()), piles_of(full), -1, ())]
    result = []
    for wc in win.classes:
        count, groups = left(wc.left)
        result.append(WinCondition(wc.id, piles_of(wc.all_cards_in), piles_of(wc.full), count, groups))
    return result
