"""Best-first and depth-first search taking turns, each with a transposition table on the
engine's canonical position key.

The solver sees face-down cards ("thoughtful" solving): it plans with knowledge a player lacks.
Answers are never wrong: `solved` carries moves that replay to a win; `unsolvable` is given only
after every reachable canonical position was expanded with pruning proven sound; otherwise,
when a budget runs out, `unknown`.
"""

from __future__ import annotations

import gc
import heapq
import itertools
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from weakref import WeakKeyDictionary

from .. import core
from ..core.tables import buried_cards_dead
from ..engine.assist import builders
from ..engine.compiled import CompiledRules
from ..engine.game import Game
from ..engine.moves import Move
from .beside import Helper, can_fork
from .bound import COPIES_LOST, copies_lost
from .buried import BURIED_LOST, buried_lost
from .heuristic import Heuristic
from .hops import Hops, hop_group
from .prune import CLOSED, SIMPLE, Autoplay, autoplay_rule, closures, home_bound, may_autoplay_from, stock_commutes
from .talon import STOCK_ACTIONS, TalonTurns, turns_are_fixed

SOLVED, UNSOLVABLE, UNKNOWN = "solved", "unsolvable", "unknown"
CHECK_EVERY = 128  # expansions between clock checks
PROGRESS_EVERY = 0.5  # seconds between progress reports
# Expansions per turn of a search, the turns each search takes in a round (best-first,
# depth-first), and the positions best-first expands alone before depth-first joins: most deals
# best-first wins it wins within them (FreeCell's median is about 600).
SLICE = 128
SHARES = (2, 1)
DEPTH_FIRST_AFTER = 2048
# Depth-first's runs (`_restarting`): run n expands RESTART_UNIT * luby(n) positions; runs after
# the first add a number below NOISE to each estimate.
RESTART_UNIT = 2000
NOISE = 64
# What a face-down card costs in depth-first's order (best-first: `heuristic.DOWN`, 3). Runs after
# the first add noise up to NOISE, which drowns small differences; with 20 a card turned up still
# counts, and turning cards up first won Klondike draw-3 deals that were unknown (docs/solver.md).
DEPTH_FIRST_DOWN = 20
# The best-first search's queues, popped in turn: (weight, empty pile, empty cell) gives the priority
# weight * estimate + depth, the estimate valuing an empty pile and an empty one-card cell so.
# Nearly A* alone left 2 of FreeCell 1-1000 unknown at 10 s but only 8 of Klondike draw-3 1-20
# solved; with the greedier queue: 3 (1 once scoring got faster) and 10 (docs/solver.md).
# A third queue (1, 4, 1) solved one more of nine hard FreeCell deals and was slower.
QUEUES: tuple[tuple[int, int, int], ...] = ((1, 2, 2), (5, 4, 1))
# The compiled core's memory when `solve` is given none: it stores about a million positions a
# second at 25-45 bytes each, so a long search would otherwise take gigabytes.
CORE_MEMORY = 2 << 30
# The first of `_solve_compiled`'s two phases, under unproven safe moves, gets this share of a
# timeout, less the rollouts' share. When it was exhausted the unpruned second phase gets the rest
# (only it may prove a deal lost); when the clock cut it, the rollouts do, unless
# `UNPRUNED_AFTER_A_CUT`. Half (solver 21) cost Parada 5 first-phase wins at 30 s that three
# quarters keep (docs/solver.md).
FIRST_PHASE_SHARE = 0.75
# The nested rollouts (`_rollout_phase`, `Core.rollouts`) get this share of a solve's clock and of
# its positions, after a first phase under unproven safe moves and before the unpruned one, or
# after the one phase under a proven rule (or none), at the end. They find wins the exhaustive
# searches miss where the branching is wide and the wins narrow: Parada deals 1-40 at 10 s, 15 won
# without them, 25 by them alone; Cromwell, where they play the swap, 8 of the 19 deals of 1-200
# left unknown at 30 s (docs/solver.md, "Nested rollouts"). 0: none (solver 26).
ROLLOUT_SHARE = 0.25
# After a first phase under unproven safe moves that the clock cut short, the unpruned search gets
# what is left of the clock when this is true (solvers 21-29); when false, the rollouts do. A search
# with no safe moves is not exhausted in the last quarter of a clock whose first half did not
# exhaust the one with them, so it could only win there, and the rollouts win more (Parada: no win
# of 1-200 at 30 s came after 22.5 s, in the unpruned quarter; docs/solver.md, "Solver 30").
UNPRUNED_AFTER_A_CUT = False
# Under a clock alone (no budget of positions), a search that has not ended within OPENING_STATES
# positions is followed by the rollouts for OPENING_ROLLOUTS of the clock, taken from their share,
# before its phases begin again: most wins the rollouts find, they find within seconds (Dywan deal
# 28 in 710 positions, 22.5 s into a 30-s solve before), and a quick win of the exhaustive search
# (FreeCell, Klondike) never waits for them. The opening's positions are searched again after, a
# few hundredths of a second (solver 31). 0: no opening (solver 30).
OPENING_STATES = 20_000
OPENING_ROLLOUTS = 0.1
# Where the first phase is the proof (a proven safe-move rule, or none), its opening search goes on
# to OPENING_PROOF_STATES: most lost deals are proven within a few hundred thousand positions, and
# each such proof waited a tenth of the clock for the rollouts, which never win a lost deal.
OPENING_PROOF_STATES = 200_000
# A rollout push is counted as this fraction of a position of a budget: the core pushes about ten
# times as many positions a second in playouts as it expands in its exhaustive searches.
ROLLOUT_PUSHES = 10
# The rollouts' first search is of level 1 (a few milliseconds), then of ROLLOUT_LEVEL with new seeds.
ROLLOUT_LEVEL = 2
# `_other_order_probe`: at most this many positions, and this share of a timeout, searched in the
# other stock order before the usual search (at most about 0.5-1 s at the core's rates). 250,000
# takes in Number Ten 10 and Diplomat 8 (80,011 and 79,603 positions that way), which 50,000 missed.
# Under unproven safe moves it is split in two: half with them, half with none (solver 26).
PROBE_STATES = 250_000
PROBE_SHARE = 0.1
# A win found within QUICK_WIN positions is searched again in ARRANGEMENTS other orders of the
# interchangeable piles, for a shorter line (`_short_line`); lines vary widely with the order
# (FreeCell deal 9: 118 to 368 moves), and the shortest found shorten best. 200,000 until solver
# 31, whose opening's rollouts win Klondike deal 17 first, with a line of 166 moves at about
# 250,000 positions, where the exhaustive search had won at 234,720 with 128: the searches take
# at most AGAIN_IN_ALL positions in all, so a win within a million gets them (Klondike 1-20, 2,157
# moves in all against 2,131, 17 in 140; 0.9 s more CPU over 16 wins; Cromwell 1-20 the same lines).
QUICK_WIN = 1_000_000
# Each of those searches within AGAIN_TIMES the positions the first took (at least AGAIN_FLOOR):
# an unlucky order costs little. FreeCell deal 65: 649 moves after 30,167 positions; another
# order wins in 88.
AGAIN_TIMES, AGAIN_FLOOR = 4, 20_000
# All of one shortening's searches together take at most AGAIN_IN_ALL positions: where a win takes
# tens of thousands (Cromwell), 15 orders at four times as many cost a million positions and
# seconds of waiting for a line or a hint; FreeCell's take 4,800 on average (deals 1-1000).
AGAIN_IN_ALL = 100_000
# 15 orders and 2 quick passes before: FreeCell 1-200 median 88 / max 101 either way, 17,607
# moves in all against 17,717 now, a deal's median CPU 0.060 s against 0.043 s (issue 34's whole
# `patience solve freecell --deal 1` within 0.15 s). Only one point along the line (0.5) saved
# another 0.01 s but made FreeCell 657's line 131 moves, not 109 (docs/solver.md, "Short lines").
ARRANGEMENTS = 6
QUICK_PASSES = 1
# Then the search again from these shares of the way along the best line: a new ending is kept
# where it is shorter (FreeCell deals 1, 5, 7, 12: 114, 110, 117, 111 moves became 102-106).
RESOLVE_AT = (0.25, 0.5, 0.75)


@dataclass
class SolveResult:
    status: str  # solved | unsolvable | unknown
    moves: list[str] = field(default_factory=list)  # notation, each written where it was played
    states: int = 0  # positions expanded by the search that answered (not `_short_line`'s)
    seconds: float = 0.0
    reason: str = ""  # why the answer: "win found", "search exhausted", "timeout", "max states"
    thoughtful: bool = False  # the solver saw face-down cards or an unseen stock (`sees_hidden`; never claimed unasked)
    engine: str = "python"  # which search answered: "compiled" (patience.core) or "python"
    engine_reason: str = ""  # why the Python search answered (`core.why_not`); "" for the compiled core
    # The moves as the engine's tuples, from the position solved (`moves` in notation); left out of
    # `public`, the plain dict that crosses processes and goes into JSON.
    line: list[Move] = field(default_factory=list, repr=False)

    def public(self) -> dict:
        """The answer as a plain dict, without `line`."""
        found = asdict(self)
        del found["line"]
        return found


class Packer:
    """`canonical_key()` as one bytes object (a fraction of the tuple's memory), same equality,
    compiled once per search because the search packs every child.

    Each pile is its cards, piles joined by 0xFE and groups by 0xFE 0xFF; counted redeals and
    action uses follow as text. A pile that may hold face-down cards during the search starts
    with their count (< 0xFE), so the layout of a key is fixed per Packer: compare keys of one
    Packer only. Only piles face down at the start, the stock and a close-up's refill pile may
    hold face-down cards later (a turn-up only lowers a count; `pop` restores one).

    A pile whose buried cards can never matter again (`tables.buried_cards_dead`, the compiled
    core's rule and proof: discard piles, Golf's waste, Black Hole's hole) is keyed by its top
    card alone, so every order of the same discards is one position. ``safe_moves``: the search
    plays safe moves, which read the cards home, so foundations are then keyed in full."""

    def __init__(self, root: Game, safe_moves: bool = False) -> None:
        rules = root.rules
        may_hide = {p for p in range(rules.pile_count) if root.hidden[p]} | {rules.stock_pile, rules.refill_pile}
        top_only = buried_cards_dead(rules, safe_moves, part_sums=True)
        self.top_only_piles = tuple(p for p, dead in enumerate(top_only) if dead)
        self.groups = tuple(
            (g.piles.start, g.piles.stop, g.index in rules.sortable_groups, any(p in may_hide for p in g.piles),
             tuple(top_only[p] for p in g.piles) if any(top_only[p] for p in g.piles) else None)
            for g in rules.groups)
        self.counters = (rules.stock_pile >= 0 and rules.redeals >= 0) or bool(root.uses_left)
        self.counter_bytes: dict[tuple[int, tuple[int, ...]], bytes] = {}  # few values, each written once
        self.last_piles: list[bytes] = []

    def __call__(self, game: Game) -> bytes:
        hidden = game.hidden
        packed = self.last_piles = list(map(bytes, game.piles))  # for `_snapshot` of the same position
        parts = []
        for start, stop, sortable, hiding, tops in self.groups:  # a group's piles are numbered in a row
            items = packed[start:stop]
            if tops is not None:  # below these tops nothing is read again: cut to the top card
                items = [pile[-1:] if top else pile for pile, top in zip(items, tops)]
            if hiding:  # each pile's face-down count before its cards (maps: the hot path)
                items = list(map(bytes.__add__, map(HIDDEN_BYTE.__getitem__, hidden[start:stop]), items))
            if sortable:
                items.sort()
            parts.append(b"\xfe".join(items))
        body = b"\xfe\xff".join(parts)
        if self.counters:
            counts = game.redeals_used, game.uses_left
            text = self.counter_bytes.get(counts)
            if text is None:
                text = self.counter_bytes[counts] = repr(counts).encode()
            body += text
        return body


HIDDEN_BYTE = tuple(bytes((h,)) for h in range(0xFE))


Snapshot = tuple[bytes, int, tuple[int, ...]]


def _snapshot(game: Game, piles_bytes: list[bytes] | None = None) -> Snapshot:
    """The position as one bytes object (pile sizes, face-down counts, then every pile's cards),
    with the redeals used and action uses: best-first keeps one per queued position, and one
    object takes several times less memory than a tuple of bytes per pile (docs/solver.md).
    ``piles_bytes``: the piles already turned into bytes (`Packer.last_piles`), when at hand."""
    piles = game.piles
    cards = bytes(itertools.chain.from_iterable(piles)) if piles_bytes is None else b"".join(piles_bytes)
    return bytes(map(len, piles)) + bytes(game.hidden) + cards, game.redeals_used, game.uses_left


def _restore(game: Game, snap: Snapshot) -> None:
    blob, redeals, uses = snap
    count = len(game.piles)
    at = 2 * count
    piles = []
    for size in blob[:count]:
        piles.append(list(blob[at:at + size]))
        at += size
    game.piles = piles
    game.hidden = list(blob[count:2 * count])
    game.redeals_used = redeals
    game.uses_left = uses
    game.history = []


Progress = Callable[[int, float], None]  # (positions expanded, seconds so far)


class _Budget:
    def __init__(self, timeout: float | None, max_states: int | None, progress: Progress | None = None) -> None:
        self.start = time.monotonic()
        self.deadline = None if timeout is None else self.start + timeout
        self.max_states = max_states
        self.progress = progress
        self.next_report = self.start + PROGRESS_EVERY

    def exceeded(self, states: int, elsewhere: int = 0) -> str | None:
        """Why to stop after ``states`` positions here and ``elsewhere`` in a helper, if at all."""
        if self.max_states is not None and states + elsewhere >= self.max_states:
            return "max states"
        if states % CHECK_EVERY:
            return None
        now = time.monotonic()
        if self.progress is not None and now >= self.next_report:
            self.next_report = now + PROGRESS_EVERY
            self.progress(states + elsewhere, now - self.start)
        if self.deadline is not None and now > self.deadline:
            return "timeout"
        return None


def solve(game: Game, timeout: float | None = 30.0, max_states: int | None = None,
          progress: Progress | None = None, workers: int = 1, avoid: Sequence[Game] = (),
          max_memory: int | None = None, engine: str = "auto", shorter: bool = True) -> SolveResult:
    """Solve from the game's current position; the game itself is left unchanged.

    ``progress``, when given, is called about every `PROGRESS_EVERY` seconds of a long search
    with the positions expanded and the seconds spent so far. ``workers=2`` runs depth-first in
    a second process where processes can be forked (`solver.beside`): faster on two cores, but
    which of two wins is found first may then change from run to run.

    ``avoid``: games standing at positions the line must not pass through (the hints' positions
    already played); they count as seen from the start. Positions inside an edge (a stock chain's
    turns, safe moves) are not checked against them. With ``avoid`` the search runs in one process,
    and `unsolvable` means no win that avoids them.

    Where the compiled core covers the ruleset (`core.why_not`) it searches, in one process
    (``workers`` aside), within ``max_memory`` bytes (its table and stacks; `unknown`, "max
    memory", beyond them; `CORE_MEMORY` when not given); else the Python search below, which
    has no memory limit. ``engine="python"`` asks for the Python search whatever the core covers:
    an answer that is the same on every machine, with the extension built or not (the daily deal).

    ``shorter``: a win is made shorter before it is written out (`shorten.shorten`), a line a
    player can follow; ``False`` gives the search's own line (benchmarks)."""
    start = time.monotonic()
    result = _answer(game, timeout, max_states, progress, workers, avoid, max_memory, engine)
    if result.status == SOLVED:
        _write_win(game, result, avoid, engine, max_memory, shorter)
        result.seconds = time.monotonic() - start
    return result


def _write_win(game: Game, result: SolveResult, avoid: Sequence[Game], engine: str, max_memory: int | None,
               shorter: bool = True) -> None:
    """A won ``result``'s line made shorter (with ``shorter``) and written out in notation."""
    if shorter:
        with _no_collector():
            result.line = _short_line(game, result, avoid, engine, max_memory)
    result.moves = write_line(game, result.line)


@contextmanager
def _no_collector() -> Iterator[None]:
    """Python's cycle collector paused, for the shortening: it makes many small lists and tuples
    (positions, moves, the `shorten.Memo`) and few cycles, and the collector's passes over them took
    about a ninth of a quick FreeCell solve's shortening (issue 34). Its work is bounded by counts
    of positions (`SHORTEN_WORK`, `QUICK_WIN`), and so is the memory. The collector runs again
    after, unless it was paused already (another thread's shortening, or the caller's choice)."""
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _answer(game: Game, timeout: float | None, max_states: int | None, progress: Progress | None, workers: int,
            avoid: Sequence[Game], max_memory: int | None, engine: str,
            checked: _Checked | None = None) -> SolveResult:
    """`solve`'s search, its win as the engine's moves only (`SolveResult.line`). ``checked``:
    what an earlier search of the same ruleset found out already (`_Checked`); None: find it out."""
    reason = checked.reason if checked is not None else core.why_not(game.rules) if engine != "python" else PYTHON_ASKED
    start = time.monotonic()
    # Lost before any search: some card cannot reach home (`bound`), or stays buried (`buried`).
    lost = COPIES_LOST if copies_lost(game) else BURIED_LOST if buried_lost(game) else None
    if lost is not None:
        result = SolveResult(UNSOLVABLE, reason=lost, engine="compiled" if reason is None else "python",
                             seconds=time.monotonic() - start)
        if reason is not None:
            result.engine_reason = reason
        result.thoughtful = sees_hidden(game)
        return result
    if timeout is not None:
        timeout = max(0.0, timeout - (time.monotonic() - start))  # the bound's time counts
    if reason is None:
        result = _solve_compiled(game, timeout, max_states, max_memory, progress, avoid, checked)
    else:
        result = _solve_python(game, timeout, max_states, progress, workers, avoid)
        result.engine_reason = reason
    result.thoughtful = sees_hidden(game)
    return result


def _short_line(game: Game, result: SolveResult, avoid: Sequence[Game], engine: str,
                max_memory: int | None) -> list[Move]:
    """The shortest line found for a win (`shorten`). When the compiled core won within `QUICK_WIN`
    positions (its searches are cheap): the best of several searches (`_Searcher.best_of`), then
    the search again from points along that line (`RESOLVE_AT`), a new ending kept where it is
    shorter; last, the line shortened thoroughly. Budgets in positions, not seconds: the same line
    on every machine."""
    from .shorten import SHORTEN_WORK, Work, shorten

    avoid_keys = frozenset(other.canonical_key() for other in avoid)
    if result.states > QUICK_WIN or result.engine != "compiled":
        return shorten(game, result.line, avoid_keys)  # more searches would cost more than they gain
    search = _Searcher(avoid, avoid_keys, engine, max_memory,
                       min(QUICK_WIN, max(AGAIN_FLOOR, AGAIN_TIMES * result.states)))
    best = search.best_of(game, result.line, ARRANGEMENTS, QUICK_PASSES)
    for share in RESOLVE_AT:
        at = int(len(best) * share)
        here = game.copy()
        for move in best[:at]:
            here.push(move)
        here.history = []
        found = search.answer(here)
        if found.status == SOLVED:
            ending = search.best_of(here, found.line, ARRANGEMENTS // 3, 1)
            if at + len(ending) < len(best):
                best = shorten(game, best[:at] + ending, avoid_keys, search.quick, depth=1, home_early=False,
                               memo=search.memo)
    best = shorten(game, best, avoid_keys, Work(SHORTEN_WORK // 2), memo=search.memo)
    _check_win(game, best)  # the searches' lines were not replayed (`_Checked`): this one is
    return best


class _Checked:
    """What the searches of one shortening (`_Searcher`) need not find out again, each being of the
    same ruleset: whether the compiled core covers it (`core.why_not`), its proven safe-move rule
    (`prune.autoplay_rule`), and that their lines need no replay in `_solve_compiled`, since
    `_short_line` replays the line it answers with (`_check_win`). About a tenth of a quick
    FreeCell solve's shortening (issue 34)."""

    def __init__(self, game: Game, engine: str) -> None:
        self.reason = core.why_not(game.rules) if engine != "python" else PYTHON_ASKED
        self.proven = autoplay_rule(game.rules)


class _Searcher:
    """The searches and quick shortenings of `_short_line`, with their common settings."""

    def __init__(self, avoid: Sequence[Game], avoid_keys: frozenset, engine: str, max_memory: int | None,
                 states: int) -> None:
        from .shorten import SHORTEN_WORK, Memo

        self.checked: _Checked | None = None  # made at the first search (`_Checked`)
        self.memo = Memo()  # every shortening here is of the same game: they share what they list
        self.avoid, self.avoid_keys, self.engine, self.max_memory = avoid, avoid_keys, engine, max_memory
        self.states = states  # the most positions each search may take
        self.left = AGAIN_IN_ALL  # the positions all of them may still take
        self.quick = SHORTEN_WORK // (4 * QUICK_PASSES)  # a quick pass's work

    def answer(self, game: Game) -> SolveResult:
        """A search from ``game`` within ``self.states`` positions and what is left of
        `AGAIN_IN_ALL`, its line not replayed (`_Checked`); `unknown` at once when none is left."""
        if self.left <= 0:
            return SolveResult(UNKNOWN, reason="max states")
        if self.checked is None:
            self.checked = _Checked(game, self.engine)
        found = _answer(game, None, min(self.states, self.left), None, 1, self.avoid, self.max_memory,
                        self.engine, self.checked)
        self.left -= max(1, found.states)
        return found

    def best_of(self, game: Game, line: list[Move], count: int, passes: int) -> list[Move]:
        """The shortest line from ``game``: ``line`` and the searches of ``count`` other orders of
        the interchangeable piles (each within ``self.states`` positions, while `AGAIN_IN_ALL`
        lasts), of which the ``passes`` shortest are shortened quickly."""
        from .shorten import arrangements, renamed, shorten

        found = [line]
        for other, where in arrangements(game, count):
            if self.left <= 0:
                break
            again = self.answer(other)
            if again.status == SOLVED:
                found.append(renamed(again.line, where, game))
        found.sort(key=len)  # the shortest found are most often the shortest shortened
        return min((shorten(game, one, self.avoid_keys, self.quick, depth=1, home_early=False, memo=self.memo)
                    for one in found[:passes]), key=len)


def write_line(game: Game, line: Sequence[Move]) -> list[str]:
    """Each move in notation, written where it is played; ``game`` is left unchanged."""
    replay = game.copy()
    words = []
    for move in line:
        words.append(replay.notation(move))
        replay.push(move)
    return words


def sees_hidden(game: Game) -> bool:
    """Whether the position hides anything from a player that the solver reads: a face-down
    card or a stock (its cards count as face down). Not so in FreeCell, where all is open."""
    return any(game.hidden)


PYTHON_ASKED = "the Python search was asked for"


def core_safe_tables(game: Game, rule: str | None) -> tuple[list[frozenset[int]] | None, tuple[int, ...]]:
    """The compiled core's safe-move tables under a proven rule (`prune.Autoplay`'s): per card the
    cards that must be home first, and the piles safe moves come from; (None, ()) for none."""
    if rule is None:
        return None, ()
    rules = game.rules
    cached = _SAFE_TABLES.get(rules)
    if cached is None or cached[0] != rule:
        needs = closures(game) if rule == CLOSED else builders(game)
        sources = tuple(p for p in rules.movable_piles
                        if p not in rules.foundation_piles and may_autoplay_from(rules, p))
        cached = _SAFE_TABLES[rules] = (rule, needs, sources)
    return cached[1], cached[2]


# Per compiled ruleset: (rule, safe needs, sources), computed once (closures take milliseconds).
_SAFE_TABLES: WeakKeyDictionary[CompiledRules, tuple[str, list[frozenset[int]], tuple[int, ...]]] = WeakKeyDictionary()


def _solve_compiled(game: Game, timeout: float | None, max_states: int | None, max_memory: int | None,
                    progress: Progress | None, avoid: Sequence[Game], checked: _Checked | None = None) -> SolveResult:
    """The compiled core's search, in `_solve_python`'s phases: under the proven safe-move rule
    when there is one; else first under SIMPLE's unproven safe moves (they find wins fastest),
    and, when that search is exhausted or has used its share of the time (`FIRST_PHASE_SHARE`),
    again with none, since only a search that lost no move may answer unsolvable. A first phase
    that ends unknown is followed by `_rollout_phase` in its share (`ROLLOUT_SHARE`) of the clock
    and of the positions, taken from the first phase's: before the unpruned phase, or at the end
    under a proven rule. Under a clock alone, `_opening` comes before all of them: a short
    search, then a short spell of rollouts, so that the wins either finds at once come at once. Its
    moves are replayed on a copy of the game to check them: a move the engine refuses is a bug in
    the core (with ``checked``, `_short_line` replays the line it answers with instead)."""
    start = time.monotonic()
    proven = autoplay_rule(game.rules) if checked is None else checked.proven
    # No pile SIMPLE's safe moves take from (Czternastki): that phase would be the second one again.
    first = proven or (SIMPLE if core_safe_tables(game, SIMPLE)[1] else None)
    unproven = proven is None and first is not None
    probe, probed = _other_order_probe(game, first, proven, timeout, max_states, max_memory, avoid)
    if probe is not None:
        status, moves, states, reason = probe
        if checked is None:
            _check_win(game, moves, status == SOLVED)
        return SolveResult(status, states=states, seconds=time.monotonic() - start, reason=reason, engine="compiled",
                           line=list(moves))
    begun = time.monotonic()
    if timeout is not None:
        timeout = max(0.0, timeout - (begun - start))
    budgeted = timeout is not None or max_states is not None  # rollouts end only on a win or a budget
    # Under unproven safe moves the rollouts come between the two phases; under a proven rule (or
    # none) after the one phase, which is the proof, in the last of the clock (solver 29).
    rolls = ROLLOUT_SHARE if budgeted else 0.0
    first_share = (FIRST_PHASE_SHARE if unproven else 1.0) - rolls
    first_timeout = None if timeout is None else timeout * first_share
    first_states = None if max_states is None else int(max_states * (1.0 - rolls))
    seeds = itertools.count(1)  # the rollouts' seeds, shared by the opening's and the later ones
    status, moves, states, reason = _opening(
        game, first, timeout if max_states is None and 0 < OPENING_ROLLOUTS < rolls else None, max_memory,
        progress, avoid, seeds, OPENING_STATES if unproven else OPENING_PROOF_STATES)
    if status == UNKNOWN:  # (else a win, or the first phase's search exhausted)
        status, moves, more, reason = _core_phase(game, first, first_timeout, first_states, max_memory, progress, avoid)
        states += more
    cut = first_timeout != timeout and status == UNKNOWN and reason == "timeout"
    unpruned_after_the_cut = cut and (UNPRUNED_AFTER_A_CUT or not rolls)
    if rolls and status == UNKNOWN:  # (an exhausted first phase goes on to the unpruned search)
        # Until their mark (the end, after a cut when no unpruned search follows); after a proof
        # phase that stopped early (its memory), their share only.
        mark = 1.0 if cut and not unpruned_after_the_cut else first_share + rolls
        until = None if timeout is None else timeout * mark - (time.monotonic() - begun)
        if until is not None and not unproven:
            until = min(until, timeout * rolls)
        rolled, line, more, why = _rollout_phase(
            game, None if until is None else max(0.0, until),
            None if max_states is None else max(0, max_states - states), avoid, progress, seeds=seeds)
        states += more
        if rolled == SOLVED:
            status, moves, reason = rolled, line, why
    states += probed
    if unproven and status != SOLVED and (status == UNSOLVABLE or unpruned_after_the_cut):
        status, moves, more, reason = _core_phase(
            game, None, None if timeout is None else max(0.0, timeout - (time.monotonic() - begun)),
            None if max_states is None else max(0, max_states - states), max_memory, progress, avoid)
        states += more
    if checked is None:
        _check_win(game, moves, status == SOLVED)
    return SolveResult(status, states=states, seconds=time.monotonic() - start, reason=reason, engine="compiled",
                       line=list(moves))


def replayed(game: Game, moves: Sequence[Move]) -> Game:
    """A copy of ``game`` after the line ``moves``; RuntimeError where the engine refuses one (a
    search whose line is refused has a bug). ``game`` is left unchanged."""
    replay = game.copy()
    for move in moves:
        refused = replay.why_illegal(move)
        if refused is not None:
            raise RuntimeError(f"the search played {move!r}, which the engine refuses: {refused}")
        replay.push(move)
    return replay


def _check_win(game: Game, moves: Sequence[Move], solved: bool = True) -> None:
    """Raise RuntimeError unless the engine allows every move of the line from ``game`` and, when
    ``solved``, it ends in a win: a core whose line is refused has a bug. ``game`` is left unchanged."""
    replay = replayed(game, moves)
    if solved and not replay.is_won():
        raise RuntimeError("the compiled core's solution does not win")


def _opening(game: Game, first: str | None, timeout: float | None, max_memory: int | None,
             progress: Progress | None, avoid: Sequence[Game],
             seeds: Iterator[int], positions: int = OPENING_STATES) -> tuple[str, list[Move], int, str]:
    """Under ``timeout`` (None: no opening, the phases as before): the first phase's search within
    ``positions`` (`OPENING_STATES`, or `OPENING_PROOF_STATES` where that search is the proof),
    then, unless it ended, the rollouts for `OPENING_ROLLOUTS` of the
    clock, drawing from ``seeds``. Its answer: `solved`, `unsolvable` (a proof only where ``first``
    is the proven rule or none; the caller judges), or `unknown` with the positions it took."""
    if timeout is None:
        return UNKNOWN, [], 0, ""
    status, moves, states, reason = _core_phase(game, first, timeout, positions, max_memory, progress, avoid)
    if status != UNKNOWN:
        return status, moves, states, reason
    status, moves, more, reason = _rollout_phase(game, timeout * OPENING_ROLLOUTS, None, avoid, progress, seeds=seeds)
    return status, moves, states + more, reason


def _other_order_probe(game: Game, first: str | None, proven: str | None, timeout: float | None,
                       max_states: int | None, max_memory: int | None,
                       avoid: Sequence[Game]) -> tuple[tuple[str, list[Move], int, str] | None, int]:
    """Where stock turns commute (`prune.stock_commutes`), a short search in the other order
    first: every move after every turn, at most `PROBE_STATES` positions. The order decides
    which deals a search meets early: Kwadratura Koła deal 149 is won in 7,306 positions this
    way and unknown after 30 s the other; Number Ten 10, which the Python search wins and the
    usual order does not, in 80,011. Under unproven safe moves half of it goes to a search with
    none: the two win different deals (Diplomat 8 and 10 with them, Eight x Eight 1 and 7, which
    the Python search wins, only without). Its answer when it has one (`unsolvable` only under
    proven safe moves or none), or None and the positions it searched; the solve then goes on as
    before. Only for a budget of time alone: a budget of positions (hints, the daily deal) is
    left whole to the usual order."""
    if timeout is None or max_states is not None or not stock_commutes(game.rules):
        return None, 0
    safe_rules = [first] if first == proven else [first, None]
    searched = 0
    for rule in safe_rules:
        status, moves, states, reason = _core_phase(game, rule, timeout * PROBE_SHARE / len(safe_rules),
                                                    PROBE_STATES // len(safe_rules), max_memory, None, avoid,
                                                    commutes=False)
        searched += states
        if status == SOLVED or (status == UNSOLVABLE and rule == proven):
            return (status, moves, searched, reason), searched
    return None, searched


def rollout_win(game: Game, timeout: float | None, max_states: int | None, avoid: Sequence[Game] = ()) -> SolveResult:
    """The rollouts alone from ``game`` (`_rollout_phase`), with a budget of their own: a hint's
    second try after a search that found no line (`hints`). `solved`, its line replayed and
    shortened as `solve` shortens it, or `unknown` (also where the core does not cover the
    ruleset). Never `unsolvable`."""
    start = time.monotonic()
    if (timeout is None and max_states is None) or core.why_not(game.rules) is not None:
        return SolveResult(UNKNOWN, reason="no rollouts here")
    status, moves, states, reason = _rollout_phase(game, timeout, max_states, avoid)
    result = SolveResult(status, states=states, reason=reason, engine="compiled", line=list(moves))
    if status == SOLVED:
        _check_win(game, moves)
        _write_win(game, result, avoid, "compiled", None)
    result.seconds = time.monotonic() - start
    return result


def _rollout_phase(game: Game, timeout: float | None, max_states: int | None, avoid: Sequence[Game],
                   progress: Progress | None = None, seeds: Iterator[int] | None = None) -> tuple[str, list[Move], int, str]:
    """Nested rollouts (`Core.rollouts`) from ``game``: one search of level 1 (seed 1), then
    searches of `ROLLOUT_LEVEL` with new seeds, until one wins or the budget is spent (positions
    counted as `ROLLOUT_PUSHES` pushes). ``seeds``: where a phase goes on from an earlier one's
    (`_opening`), the same count, so no search is run twice. Returns (status, moves, positions,
    reason); `solved` or `unknown`, never `unsolvable`. Seeded by their order alone: a budget of
    positions gives the same answer everywhere."""
    position = core.position(game)
    avoid_keys = _core_keys(avoid)
    deadline = None if timeout is None else time.monotonic() + timeout
    pushes_left = None if max_states is None else max_states * ROLLOUT_PUSHES
    pushed, reason = 0, "timeout" if timeout is not None else "max states"
    seeds = itertools.count(1) if seeds is None else seeds
    began = time.monotonic()

    def report(pushes: int, _seconds: float) -> None:  # the phase's positions and time so far
        assert progress is not None
        progress((pushed + pushes) // ROLLOUT_PUSHES, time.monotonic() - began)

    while (deadline is None or time.monotonic() < deadline) and (pushes_left is None or pushes_left > 0):
        seed = next(seeds)
        status, moves, pushes, reason, _best = position.rollouts(
            None if deadline is None else max(0.0, deadline - time.monotonic()), pushes_left,
            1 if seed == 1 else ROLLOUT_LEVEL, seed, avoid_keys, report if progress is not None else None,
            PROGRESS_EVERY)
        pushed += pushes
        if pushes_left is not None:
            pushes_left -= pushes
        if status == SOLVED:
            return status, moves, pushed // ROLLOUT_PUSHES, reason
    return UNKNOWN, [], pushed // ROLLOUT_PUSHES, reason


def _core_phase(game: Game, rule: str | None, timeout: float | None, max_states: int | None,
                max_memory: int | None, progress: Progress | None, avoid: Sequence[Game],
                commutes: bool | None = None) -> tuple[str, list[Move], int, str]:
    """One compiled search from ``game`` with ``rule``'s safe moves (None: none); ``commutes``
    False searches every move after a stock turn even where turns commute."""
    needs, sources = core_safe_tables(game, rule)
    commutes = stock_commutes(game.rules) if commutes is None else commutes
    bound = home_bound(game.rules)
    position = core.position(game, needs, sources, commutes, bound)
    avoid_keys = _core_keys(avoid, needs, sources, commutes, bound)
    memory = CORE_MEMORY if max_memory is None else max_memory
    return position.solve(timeout, max_states, memory, avoid_keys, progress, progress_every=PROGRESS_EVERY)


def _core_keys(games: Sequence[Game], *tables: object) -> list:
    """The compiled core's keys of ``games`` (positions a search must avoid), its tables built with
    ``tables`` (`core.position`'s arguments after the game) as the search's own."""
    return [core.position(other, *tables).key() for other in games]


def _solve_python(game: Game, timeout: float | None, max_states: int | None, progress: Progress | None,
                  workers: int, avoid: Sequence[Game]) -> SolveResult:
    """The Python search (the reference, and the fallback for rulesets the core does not cover)."""
    budget = _Budget(timeout, max_states, progress)
    work = game.copy()
    work.history = []
    search = _search_beside if workers > 1 and can_fork() and not avoid else _search
    proven = autoplay_rule(work.rules)
    if proven is not None:
        result = search(work, budget, proven, 0, avoid)
    else:
        # Unproven safe moves still find wins fastest; an exhausted search under them is redone
        # with no safe moves at all before the answer may be unsolvable.
        result = search(work, budget, SIMPLE, 0, avoid)
        if result.status == UNSOLVABLE:
            result = search(work, budget, None, result.states, avoid)
    result.seconds = time.monotonic() - budget.start
    return result


def _search(root: Game, budget: _Budget, autoplay: str | None, states: int, avoid: Sequence[Game] = ()) -> SolveResult:
    """Best-first and depth-first search, each over a table of its own, take turns (`SHARES`)
    until one wins or exhausts its positions: either answer is final. Each search is a
    generator that yields once per position expanded and returns its answer."""
    searches = [_best_first(_Tree(root, autoplay, avoid)), _restarting(root, autoplay, avoid=avoid)]
    schedule = [search for search, share in zip(searches, SHARES) for _turn in range(share)]
    while True:
        for search in schedule if states >= DEPTH_FIRST_AFTER else schedule[:1]:
            for _step in range(SLICE):
                answer = _step_or_answer(search, budget, states)
                if answer is not None:
                    return answer
                states += 1


def _step_or_answer(search: Iterator[None], budget: _Budget, states: int, elsewhere: int = 0) -> SolveResult | None:
    """Expand one position of ``search``, or give the answer that ends the solve: `unknown` when
    the budget is spent, the search's own when it ends. ``states`` are the positions expanded
    here so far, ``elsewhere`` those of a helper process."""
    reason = budget.exceeded(states, elsewhere)
    if reason:
        return SolveResult(UNKNOWN, states=states + elsewhere, reason=reason)
    try:
        next(search)
    except StopIteration as stop:
        result: SolveResult = stop.value
        result.states = states + elsewhere
        return result
    return None


def _search_beside(root: Game, budget: _Budget, autoplay: str | None, states: int,
                   _avoid: Sequence[Game] = ()) -> SolveResult:
    """`_search` with depth-first in a forked process (`beside.Helper`) instead of taking turns:
    best-first runs here alone, the helper joining after `DEPTH_FIRST_AFTER` positions as in
    `_search`, so quick wins pay for no process. The first answer is final; the budget counts
    both searches' positions."""
    best = _best_first(_Tree(root, autoplay))
    helper: Helper | None = None
    try:
        while True:
            if helper is None and states >= DEPTH_FIRST_AFTER:
                helper = Helper(_restarting, root, autoplay)
            answer = _step_or_answer(best, budget, states, helper.states if helper is not None else 0)
            if answer is not None:
                return answer
            states += 1
            if helper is not None and states % CHECK_EVERY == 0:
                answer = helper.poll()
                if answer is not None:
                    answer.states = states + helper.states
                    return answer
    finally:
        if helper is not None:
            helper.stop()


Child = tuple[tuple[Move, ...], Move | None, bool]  # (moves of the edge, its reversal, won)
WON_FIRST = -(1 << 30)  # depth-first: below every estimate, so a won child is tried first


class _Tree:
    """What both searches share: a working copy of the game, its safe moves, its position
    key and table, and `children`, which lists a position's unseen children."""

    def __init__(self, root: Game, autoplay: str | None, avoid: Sequence[Game] = ()) -> None:
        self.root = root
        game = self.game = root.copy()
        self.auto = Autoplay(game, autoplay) if autoplay else None
        self.start_moves: list[Move] = self.auto.run(game) if self.auto else []
        self.pack = Packer(game, safe_moves=self.auto is not None)
        self.seen = {self.pack(game), *map(self.pack, avoid)}
        rules = game.rules
        self.chained = rules.waste_pile >= 0
        self.stock_pile, self.counted = rules.stock_pile, rules.redeals >= 0
        # After the stock turned, only waste moves are new: any other move was tried before it.
        self.waste_only = (rules.waste_pile,) if self.chained and stock_commutes(rules) else None
        # Where a chain's turns follow from the talon alone, they are found once per talon state.
        self.talon = TalonTurns(game, self.waste_only) if self.waste_only and turns_are_fixed(rules) else None
        # With a one-card draw the waste's top may be a safe move (`prune.may_autoplay_from`).
        self.waste_autoplays = self.auto is not None and rules.waste_pile in self.auto.sources
        # A hop is played only with a move that uses the card it uncovers (`hops.hop_group`).
        hopping = hop_group(rules) if rules.stock_pile < 0 or self.talon is not None else None
        self.hops = Hops(game, hopping, self.talon) if hopping is not None else None

    def chain_position(self) -> tuple[int, int]:
        """Along a chain only the stock and waste change: its position is the stock's size, and
        the redeals used when they are counted (unlimited redeals come round to the same place)."""
        return len(self.game.piles[self.stock_pile]), self.game.redeals_used if self.counted else 0

    def children(self, reverse: Move | None) -> Iterator[Child]:
        """The children of the game's position not seen before (each is then marked seen), the
        game standing at each while the caller looks at it and back at the parent at the end.

        A stock that turns cards onto one waste is chained: each child is some stock actions,
        then one other move (a line of play is always such blocks), so positions that only
        turned the stock are not stored. The chain stops when its position repeats (the stock
        went round) or ends. A stock dealing onto several piles stays an ordinary move."""
        if self.talon is not None:
            yield from self._children_by_talon(reverse)
            return
        game, auto = self.game, self.auto
        chain: list[Move] = []
        chain_seen: set[tuple[int, int]] = set()
        while True:
            moves = game.legal_moves(sources=self.waste_only) if chain and self.waste_only else game.legal_moves()
            stock = next((m for m in moves if m[1] in STOCK_ACTIONS), None) if self.chained else None
            for move in moves:
                if self.chained and move[1] in STOCK_ACTIONS:
                    continue
                if game.changes_nothing(move) or (not chain and move == reverse):
                    continue  # both lead back to a position already seen
                if not chain and self.hops is not None and self.hops.is_hop(game, move):
                    yield from self._hop_children(move, stock)
                    continue
                game.push(move)
                yield from self._visit((*chain, move), move, not chain)
                game.pop()
            if stock is None:
                break
            chain_seen.add(self.chain_position())
            game.push(stock)
            chain.append(stock)
            if self.chain_position() in chain_seen:
                break
            if game.is_won():
                yield tuple(chain), None, True
                break
            extra = auto.run(game) if auto is not None else []
            if extra:
                # A safe move after the turn: played at once, it makes a child, and the chain
                # ends, since that child's search covers turning on (safe moves lose no win).
                yield from self._visit(tuple(chain), stock, False, extra)
                break
        for _stock in chain:
            game.pop()

    def _children_by_talon(self, reverse: Move | None) -> Iterator[Child]:
        """`children`, the same children in the same order, where the stock's turns are known from
        the talon (`talon.turns_are_fixed`): the chain's turns are pushed only as far as a card
        that may land somewhere, and waste moves are listed only there."""
        game, talon = self.game, self.talon
        assert talon is not None
        moves = game.legal_moves()
        stock = next((move for move in moves if move[1] in STOCK_ACTIONS), None)
        for move in moves:
            if move[1] in STOCK_ACTIONS or move == reverse or game.changes_nothing(move):
                continue  # the last two lead back to a position already seen
            if self.hops is not None and self.hops.is_hop(game, move):
                yield from self._hop_children(move, stock)
                continue
            game.push(move)
            yield from self._visit((move,), move, True)
            game.pop()
        if stock is None:
            return
        actions, tops = talon.turns(game, stock)
        pushed = 0
        for at, top in enumerate(tops):
            if top < 0 or not talon.may_land(game, top):
                continue
            while pushed <= at:
                game.push(actions[pushed])
                pushed += 1
            chain = actions[:pushed]
            extra = self.auto.run(game) if self.auto is not None and self.waste_autoplays else []
            if extra:  # as in `children`: that child's search covers turning on
                yield from self._visit(chain, chain[-1], False, extra)
                break
            for move in game.legal_moves(sources=self.waste_only):
                if move[1] in STOCK_ACTIONS or game.changes_nothing(move):
                    continue
                game.push(move)
                yield from self._visit((*chain, move), move, False)
                game.pop()
        for _action in range(pushed):
            game.pop()

    def _hop_children(self, hop: Move, stock: Move | None) -> Iterator[Child]:
        """The children of a hop and each move that uses the card it uncovers (`hops.Hops.uses`);
        the position after the hop alone is no child, and no pair is taken back as one move.
        ``stock``: the stock action here, if any."""
        assert self.hops is not None
        game = self.game
        if not self.hops.may_be_used(game, hop, stock):
            return
        game.push(hop)
        for after in self.hops.uses(game, hop):
            yield from self._visit((hop, *after), after[-1], False)
        game.pop()

    def _visit(self, edge: tuple[Move, ...], last: Move, may_reverse: bool,
               extra: list[Move] | None = None) -> Iterator[Child]:
        """The child after ``edge`` (pushed by the caller, ``last`` its last move), with the safe
        moves after it (played here, unless the caller played them as ``extra``), when not seen
        before; then pops those safe moves."""
        game = self.game
        if extra is None:
            extra = self.auto.run(game) if self.auto else []
        key = self.pack(game)
        if key not in self.seen:
            self.seen.add(key)
            # Reversible: a card move with no safe move after it (so the newest history entry
            # is its own) that turned nothing up.
            plain = may_reverse and last[1] >= 0 and not extra and not game.history[-1][1]
            yield (*edge, *extra), (last[1], last[0], last[2]) if plain else None, game.is_won()
        for _ in extra:
            game.pop()


def _best_first(tree: _Tree) -> Generator[None, None, SolveResult]:
    """Several priority queues (`QUEUES`) over one table, popped in turn; a position is
    expanded once, from whichever queue reaches it first."""
    game = tree.game
    scores = [(weight, Heuristic(game, free, cell)) for weight, free, cell in QUEUES]
    # Per node: parent index, the moves of its edge (one move plus safe moves after it).
    parents: list[int] = [-1]
    edges: list[tuple[Move, ...]] = [()]  # the root's safe moves are `tree.start_moves`
    if game.is_won():
        return _solved(tree, [])
    root_snap = _snapshot(game)
    queues: list[list[tuple[int, int, int, Snapshot, Move | None]]] = [
        [(weight * score(game), 0, 0, root_snap, None)] for weight, score in scores]
    features = scores[0][1].features
    expanded = bytearray(1)  # per node: 1 once expanded
    turn = 0
    while any(queues):
        turn += 1
        queue = queues[turn % len(queues)]
        if not queue:
            continue
        _prio, depth, node, snap, reverse = heapq.heappop(queue)
        if expanded[node]:
            continue
        expanded[node] = 1
        yield
        _restore(game, snap)
        for edge, back, won in tree.children(reverse):
            parents.append(node)
            edges.append(edge)
            expanded.append(0)
            child = len(parents) - 1
            if won:
                line: list[tuple[Move, ...]] = []
                while child >= 0:
                    line.append(edges[child])
                    child = parents[child]
                return _solved(tree, line[::-1])
            snap = _snapshot(game, tree.pack.last_piles)  # `children` packed this position last
            seen_here = features(game)
            for queue, (weight, score) in zip(queues, scores):
                heapq.heappush(queue, (weight * score.weigh(seen_here) + depth, depth + 1, child, snap, back))
    return SolveResult(UNSOLVABLE, reason="search exhausted")


def _restarting(root: Game, autoplay: str | None, unit: int = RESTART_UNIT,
                avoid: Sequence[Game] = ()) -> Generator[None, None, SolveResult]:
    """Depth-first search in runs: run n expands ``unit`` × luby(n) positions, then it is
    dropped with its table and run n + 1 starts again from the root, breaking ties its own way
    (`_Noise`). A run that goes wrong early seldom recovers; other runs win many of Klondike
    draw-3's hard deals (docs/solver.md). Each run is a whole depth-first search, so its answer
    is final, and the runs grow without end, so one of them ends the search."""
    run = 0
    while True:
        run += 1
        search = _depth_first(_Tree(root, autoplay, avoid), _Noise(run) if run > 1 else None)
        for _step in range(unit * luby(run)):
            try:
                next(search)
            except StopIteration as stop:
                result: SolveResult = stop.value
                return result
            yield


def luby(i: int) -> int:
    """The i-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ..."""
    while True:
        k = i.bit_length()
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


class _Noise:
    """Random numbers below `NOISE` from a seed, by xorshift: our own, so a run's order (and the
    daily deal) never changes with the Python version."""

    def __init__(self, seed: int) -> None:
        self.state = (seed * 0x9E3779B1 + 0x7F4A7C15) & 0xFFFFFFFF or 1

    def __call__(self) -> int:
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x % NOISE


def _depth_first(tree: _Tree, noise: _Noise | None = None) -> Generator[None, None, SolveResult]:
    """Depth-first, the children of each position tried best estimate (plus ``noise``) first.
    It commits to a line where best-first spreads over many alike positions: it wins some deals
    best-first does not (docs/solver.md). Children are marked seen when listed, so each is
    expanded once, by the frame that listed it."""
    game = tree.game
    if game.is_won():
        return _solved(tree, [])
    heuristic = Heuristic(game, down=DEPTH_FIRST_DOWN)
    estimate = heuristic if noise is None else (lambda position: heuristic(position) + noise())
    path: list[tuple[Move, ...]] = []  # the edges pushed from the root to here

    def listed(reverse: Move | None) -> list[tuple[int, tuple[Move, ...], Move | None, bool]]:
        found = [(WON_FIRST if won else estimate(game), edge, back, won) for edge, back, won in tree.children(reverse)]
        found.sort(key=lambda child: -child[0])  # the best last, to be popped first
        return found

    frames = [listed(None)]
    while frames:
        frame = frames[-1]
        if not frame:
            frames.pop()
            if path:
                for _move in path.pop():
                    game.pop()
            continue
        _estimate, edge, back, won = frame.pop()
        for move in edge:
            game.push(move)
        path.append(edge)
        if won:
            return _solved(tree, path)
        yield
        frames.append(listed(back))
    return SolveResult(UNSOLVABLE, reason="search exhausted")


def _solved(tree: _Tree, line: list[tuple[Move, ...]]) -> SolveResult:
    """The root's safe moves, then the moves of ``line``'s edges (`solve` writes them out)."""
    return SolveResult(SOLVED, reason="win found", line=[move for edge in (tree.start_moves, *line) for move in edge])
