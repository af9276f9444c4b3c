"""Shorter lines: a solver's winning line made into one a player can follow.

A search stops at its first win, and its line wanders: a card goes to a cell and back, a run
goes over one card at a time, a position comes round again. `shorten` takes any winning line of
any ruleset and makes it shorter by these steps, the first two repeated while they gain:

- **shortcuts**: from each position on the line, every legal move (then every pair of moves)
  is tried; one that reaches a later position of the line (the same up to the order of
  interchangeable piles) replaces the moves between. This cuts cycles (a position repeated),
  pairs undone at once, and several moves that one move does (single cards that equal a run
  move where the rules allow it);
- **home early**: each move onto a foundation goes as early as it may, so that a player
  following the line sees cards go home sooner;
- **pairs**: a card (or run) moved twice, first from A to B and later from B to C, goes from A
  to C once, at the first move or at the second (or not at all when C is A), where the moves
  between stay legal and the line comes to the same position;
- **other searches**: once a win is known and came quickly, `search.solve` searches the same
  position again with the interchangeable piles in other orders (`arrangements`): each search
  takes another way, and the shortest line after the steps above is kept.

Each line is checked before it is returned: it must replay to a win through `Game.play`, else
the line given is returned. Nothing here names a game.
"""

from __future__ import annotations

import math
from collections.abc import Hashable

from ..engine.game import Game
from ..engine.moves import DEAL, REDEAL, REMOVE, RESHUFFLE, SLOT, SWAP, IllegalMove, Move

# The most positions a shortening tries (about 150,000 a second on FreeCell): a count, not a
# clock, so that a line is shortened alike on every machine and under any load (the daily deal).
SHORTEN_WORK = 20_000


class Memo:
    """What the shortenings of one solve learn about positions, kept for the next: per exact
    position (`Game.key`), its legal moves, each with the `_print` of the position it leads to
    and, once asked, that position's canonical key. A line shortened again, or another line
    through the same positions, lists no position's moves twice (FreeCell deal 1: two in five of
    the listings were repeats). It changes no line: the moves come in `legal_moves`' order."""

    def __init__(self) -> None:
        self.after: dict[tuple, list[list]] = {}

    def successors(self, game: Game) -> list[list]:
        """[move, print of where it leads, canonical key there or None] per legal move of ``game``.
        A card move changes the cards of its two piles alone (`Board.push`; faces turned up are not
        in the print), unless the ruleset fills an emptied pile from another (`fill`): its print is
        worked out from those two piles, with no push (about half the time of a listing)."""
        key = (game.rules, game.key())
        found = self.after.get(key)
        if found is None:
            found = []
            piles = game.piles
            hashes = [hash(bytes(pile)) for pile in piles]
            whole = sum(hashes)
            alone = game.rules.fill_from is None
            for move in game.legal_moves():
                src, dst, n = move
                if dst >= 0 and n > 0 and alone:
                    source, target = piles[src], piles[dst]
                    printed = (whole - hashes[src] - hashes[dst] + hash(bytes(source[:-n]))
                               + hash(bytes(target) + bytes(source[-n:])))
                else:
                    game.push(move)
                    printed = _print(game)
                    game.pop()
                found.append([move, printed, None])
            self.after[key] = found
        return found


class Work:
    """A budget of positions tried, shared by the steps of one shortening or several."""

    def __init__(self, limit: int | None) -> None:
        self.left = limit

    def spend(self, count: int = 1) -> None:
        if self.left is not None:
            self.left -= count

    def out(self) -> bool:
        return self.left is not None and self.left <= 0


def shorten(game: Game, line: list[Move], avoid: frozenset[Hashable] = frozenset(),
            work: Work | int | None = SHORTEN_WORK, depth: int | None = None, home_early: bool = True,
            memo: Memo | None = None) -> list[Move]:
    """A line no longer than ``line`` that wins from ``game``'s position, passing through no
    position whose canonical key is in ``avoid``; ``line`` itself when it cannot be bettered in
    ``work`` (positions tried, `Work`; None: no limit) or a shorter one fails to replay to a win.
    ``depth``: the most moves a shortcut tries (1 is several times faster than 2); None: 2 where
    the game has a stock, whose deal and the move it allows may together reach a later position,
    else 1 (FreeCell 1-30 and Baker's Game 1-12: the same lines, a third less time). ``home_early``:
    then each move onto a foundation goes as early as it may (`_home_early`). ``memo``: a `Memo`
    shared with other shortenings of the same game (one of its own when None). ``game`` is left
    unchanged."""
    budget = work if isinstance(work, Work) else Work(work)
    memo = Memo() if memo is None else memo
    if depth is None:
        depth = 2 if game.rules.stock_pile >= 0 else 1
    best = list(line)
    for most in range(1, depth + 1):
        while not budget.out():
            shorter = _pairs(game, _shortcuts(game, best, budget, most, memo), avoid, budget)
            if len(shorter) >= len(best):
                break
            best = shorter
    if home_early:
        best = _home_early(game, best, avoid, budget)
    return best if best != line and len(best) <= len(line) and wins(game, best) else list(line)


def arrangements(game: Game, count: int) -> list[tuple[Game, list[int]]]:
    """Up to ``count`` copies of the game with the piles of each interchangeable group (those the
    canonical key sorts) in another order, each with, per pile of the copy, the game's pile it
    holds: the same position, which a search may win by another line. The orders are fixed
    (pile i takes pile (i * step + shift) mod the group's size), so every run tries the same."""
    rules = game.rules
    groups = [list(g.piles) for g in rules.groups if g.index in rules.sortable_groups and len(g.piles) > 1]
    if not groups:
        return []
    size = max(map(len, groups))
    steps = [step for step in range(1, size) if math.gcd(step, size) == 1] or [1]
    found = []
    for turn in range(1, count + 1):
        step, shift = steps[turn % len(steps)], turn // len(steps) + turn
        copy = game.copy()
        where = list(range(len(game.piles)))
        for piles in groups:
            size_here = len(piles)
            order = [piles[(i * step + shift) % size_here] for i in range(size_here)]
            if len(set(order)) < size_here:  # a step that shares a factor with this group's size
                order = piles[shift % size_here:] + piles[:shift % size_here]
            for to, src in zip(piles, order):
                copy.piles[to] = list(game.piles[src])
                copy.hidden[to] = game.hidden[src]
                where[to] = src
        copy.history = []
        copy.future = []
        found.append((copy, where))
    return found


def renamed(line: list[Move], where: list[int], game: Game) -> list[Move]:
    """The moves of ``line`` with their piles renamed by ``where`` (see `arrangements`). A
    reshuffle deals its piles by their numbers, whatever lay where before (a shuffled one sorts
    the cards it gathers first; an ordered one's piles are never renamed, `sortable_groups`), so
    after it those piles are themselves again: renaming them on would send the moves after it
    from the wrong piles."""
    out = []
    for move in line:
        out.append(moved(move, where))
        if move[1] == RESHUFFLE:
            where = list(where)
            for p in game.rules.reshuffle_piles:
                where[p] = p
    return out


def wins(game: Game, line: list[Move]) -> bool:
    """Whether ``line`` replays from ``game``'s position through `Game.play` (every move checked)
    to a win."""
    work = game.copy()
    try:
        for move in line:
            work.play(move)
    except IllegalMove:
        return False
    return work.is_won()


def _positions(game: Game, line: list[Move]) -> list[Game]:
    """A copy of the game at each position of the line, the start first and the end last."""
    work = game.copy()
    work.history = []
    found = [work.copy()]
    for move in line:
        work.push(move)
        work.history = []
        found.append(work.copy())
    return found


Layout = list[tuple[bytes, int]]


def layout(game: Game) -> Layout:
    """Each pile's cards and face-down count: what `relabel` compares."""
    return [(bytes(pile), hidden) for pile, hidden in zip(game.piles, game.hidden)]


def relabel(game: Game, was: Layout, now: Game) -> list[int] | None:
    """Per pile of the layout ``was``: the pile of ``now`` holding the same cards, piles moving
    only within a group the canonical key sorts; None when the two are not the same position."""
    rules = game.rules
    now_layout = layout(now)
    where = list(range(len(now_layout)))
    for group in rules.groups:
        piles = list(group.piles)
        if group.index not in rules.sortable_groups:
            if any(was[p] != now_layout[p] for p in piles):
                return None
            continue
        free = {p: now_layout[p] for p in piles}
        for p in piles:
            q = next((q for q, held in free.items() if held == was[p]), None)
            if q is None:
                return None
            where[p] = q
            del free[q]
    return where


def moved(move: Move, where: list[int]) -> Move:
    """``move`` with its piles renamed by ``where`` (see `relabel`)."""
    src, dst, n = move
    if dst >= 0:
        return where[src], where[dst], n
    if dst == SWAP:
        (pa, ia), (pb, ib) = divmod(src, SLOT), divmod(n, SLOT)
        return where[pa] * SLOT + ia, SWAP, where[pb] * SLOT + ib
    if dst == REMOVE:
        a, b = where[src], where[n]
        return min(a, b), REMOVE, max(a, b)
    return (where[src] if dst in (DEAL, REDEAL) else src), dst, n  # the close-up's and reshuffle's 0 is no pile


def _shortcuts(game: Game, line: list[Move], budget: Work, depth: int = 1, memo: Memo | None = None) -> list[Move]:
    """The shortest line through the line's positions where ``depth`` legal moves (one or two)
    may jump from a position to any later one: cycles, undone moves, moves that fewer moves do."""
    if not line:
        return line
    memo = Memo() if memo is None else memo
    positions = _positions(game, line)
    keys = [p.canonical_key() for p in positions]
    last = _Line(positions, keys)
    size = len(line)
    far = size + 1
    dist = [far] * (size + 1)
    step: list[tuple[int, tuple[Move, ...]] | None] = [None] * (size + 1)
    dist[0] = 0
    for i in range(size):
        if dist[i] == far:
            continue  # inside a cycle cut already
        here = positions[i]
        found = {(line[i],): last.index[keys[i + 1]]}
        if not budget.out():
            _jumps(here, last, i, depth, (), found, budget, memo)
        for moves, j in found.items():
            if j > i and dist[i] + len(moves) < dist[j]:
                dist[j] = dist[i] + len(moves)
                step[j] = (i, moves)
    if dist[size] >= size:
        return line
    path = []
    at = size
    while at:
        entry = step[at]
        assert entry is not None
        path.append(entry)
        at = entry[0]
    path.reverse()
    work = game.copy()
    out = []
    for i, moves in path:
        where = relabel(game, layout(positions[i]), work)
        if where is None:
            return line
        for move in moves:
            move = moved(move, where)
            if work.why_illegal(move) is not None:
                return line
            work.push(move)
            out.append(move)
    return out if work.is_won() else line


class _Line:
    """The positions of a line, found by position: `index` maps a canonical key to the latest
    index where the line stands there; `prints` maps the cheap print of each (`_print`) to the
    latest index with that print, looked at first, since most positions tried are on no line, or
    on it no further than the line's own moves go (`_jumps`)."""

    def __init__(self, positions: list[Game], keys: list[Hashable]) -> None:
        self.index = {key: index for index, key in enumerate(keys)}  # the latest: cycles are cut
        self.prints = {_print(p): index for index, p in enumerate(positions)}


def _print(game: Game) -> int:
    """A sum of the piles' hashes: equal for positions with equal canonical keys (the order of the
    piles aside), and cheap, with no sort (a filter only: `at` compares the keys)."""
    return sum(map(hash, map(bytes, game.piles)))


def _jumps(here: Game, last: _Line, i: int, depth: int, before: tuple[Move, ...],
           found: dict[tuple[Move, ...], int], budget: Work, memo: Memo) -> None:
    """Into ``found``: each line of ``depth`` moves or fewer from ``here`` (line position ``i``,
    after ``before``) that reaches a line position further than the line's own moves would.
    Positions are found by the prints and keys in ``memo``: a move is pushed only to find a key
    not known yet or to look a move further; where no move is left to look and the print is the
    line's no further on than the moves reach, its key is not needed."""
    moves_here = memo.successors(here)
    budget.spend(len(moves_here))
    prints, index = last.prints, last.index
    far = i + len(before) + 1  # a line position further than this is a shortcut
    for entry in moves_here:
        move = entry[0]
        moves = (*before, move)
        j = None
        latest = prints.get(entry[1])
        if latest is not None and (depth > 1 or latest > far):
            if entry[2] is None:
                here.push(move)
                entry[2] = here.canonical_key()
                here.pop()
            j = index.get(entry[2])
        if j is not None:
            if j > i + len(moves) and moves not in found:
                found[moves] = j
        elif depth > 1:
            here.push(move)
            _jumps(here, last, i, depth - 1, moves, found, budget, memo)
            here.pop()


def _home_early(game: Game, line: list[Move], avoid: frozenset[Hashable], budget: Work) -> list[Move]:
    """The line with each move onto a foundation played as early as it may: moved ahead of the
    moves before it one at a time while the two give the same position in either order. As long
    as before, but a player following it sees cards go home sooner (issue 34: 100 hinted FreeCell
    moves put 40 cards home), and what is home is out of the way."""
    foundations = game.rules.foundation_piles
    line = list(line)
    positions = _positions(game, line)
    for b in range(1, len(line)):
        if line[b][1] not in foundations or budget.out():
            continue
        at = b
        while at > 0 and not budget.out():
            budget.spend(2)
            here, earlier = line[at], line[at - 1]
            if earlier[1] in foundations or not _commute(positions[at - 1], earlier, here, positions[at + 1], avoid):
                break
            line[at - 1], line[at] = here, earlier
            work = positions[at - 1].copy()
            work.push(here)
            work.history = []
            positions[at] = work
            at -= 1
    return line


def _commute(start: Game, first: Move, second: Move, end: Game, avoid: frozenset[Hashable]) -> bool:
    """Whether ``second`` then ``first`` from ``start`` is legal and ends where ``first`` then
    ``second`` did (``end``), the same piles holding the same cards."""
    work = start.copy()
    for move in (second, first):
        if work.why_illegal(move) is not None:
            return False
        work.push(move)
        if avoid and work.canonical_key() in avoid:
            return False
    return layout(work) == layout(end)


def _cards_moved(game: Game, move: Move) -> tuple[int, ...] | None:
    src, dst, n = move
    return tuple(game.piles[src][-n:]) if dst >= 0 and n > 0 else None


def _pairs(game: Game, line: list[Move], avoid: frozenset[Hashable], budget: Work) -> list[Move]:
    """Each pair of moves of the same cards A→B, later B→C, made one move A→C (or none when C is
    A), where the line then still comes to the same position: see the module's text."""
    positions = _positions(game, line)
    taken = [_cards_moved(positions[i], move) for i, move in enumerate(line)]  # per move, once
    b = 0
    while b < len(line):
        if budget.out():
            break
        src, dst, n = line[b]
        cards = taken[b]
        a = _earlier_move_of(taken, line, b, cards) if cards is not None else None
        if a is not None:
            first = line[a]
            joined = (first[0], dst, n)
            middle = line[a + 1:b]
            trials = [middle] if dst == first[0] else [[joined, *middle], [*middle, joined]]
            for trial in trials:
                budget.spend(len(trial))
                tail = _fits(game, positions[a], trial, positions[b + 1], avoid)
                if tail is not None:
                    line = line[:a] + trial + renamed(line[b + 1:], tail, game)
                    positions = positions[:a + 1] + _positions(positions[a], line[a:])[1:]  # the same up to a
                    taken = taken[:a] + [_cards_moved(positions[i], line[i]) for i in range(a, len(line))]
                    b = a
                    break
        b += 1
    return line


def _earlier_move_of(moved: list[tuple[int, ...] | None], line: list[Move], b: int,
                     cards: tuple[int, ...]) -> int | None:
    """The move before ``b`` that put exactly ``cards`` where move ``b`` takes them from, when no
    move between touched them; None otherwise. ``moved``: the cards each move of the line moves
    (`_cards_moved`)."""
    src = line[b][0]
    for a in range(b - 1, -1, -1):
        taken = moved[a]
        if taken is None:
            if line[a][1] != SWAP:
                continue  # a stock action or a removal: cards elsewhere
            return None
        if any(card in cards for card in taken):
            return a if taken == cards and line[a][1] == src and line[a][0] != src else None
    return None


def _fits(game: Game, start: Game, moves: list[Move], end: Game, avoid: frozenset[Hashable]) -> list[int] | None:
    """The renaming of piles (`relabel`) from ``end`` to where ``moves`` lead from ``start``,
    when every move is legal, no position met is in ``avoid`` and they end at ``end``'s
    position; None otherwise."""
    work = start.copy()
    for move in moves:
        if work.why_illegal(move) is not None:
            return None
        work.push(move)
        if avoid and work.canonical_key() in avoid:
            return None
    if work.canonical_key() != end.canonical_key():
        return None
    return relabel(game, layout(end), work)
