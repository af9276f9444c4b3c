"""Best-first search with a transposition table on the engine's canonical position key.

The solver sees face-down cards ("thoughtful" solving): it plans with knowledge a player lacks.
Answers are never wrong: `solved` carries moves that replay to a win; `unsolvable` is given only
after every reachable canonical position was expanded with pruning proven sound; otherwise,
when a budget runs out, `unknown`.
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass, field

from ..engine.game import Game
from ..engine.moves import DEAL, REDEAL, Move
from .heuristic import Heuristic
from .prune import Autoplay, autoplay_sound

STOCK_ACTIONS = (DEAL, REDEAL)
SOLVED, UNSOLVABLE, UNKNOWN = "solved", "unsolvable", "unknown"
CHECK_EVERY = 128  # expansions between clock checks
SCORE_WEIGHT = 2  # priority = SCORE_WEIGHT * heuristic + depth: weighted A*, leaning greedy


@dataclass
class SolveResult:
    status: str  # solved | unsolvable | unknown
    moves: list[str] = field(default_factory=list)  # notation, each written where it was played
    states: int = 0  # positions expanded
    seconds: float = 0.0
    reason: str = ""  # why the answer: "win found", "search exhausted", "timeout", "max states"
    thoughtful: bool = True  # the solver saw the face-down cards


def pack(game: Game) -> bytes:
    """`canonical_key()` as one bytes object (a fraction of the tuple's memory), same equality.
    Each pile is [hidden count][cards][0xFE]; cards are < 52 and counts < 0xFE, so it is
    unambiguous; groups end with 0xFF; redeals and action uses follow as text."""
    parts, redeals, uses = game.canonical_key()
    body = b"\xff".join(b"".join(bytes((h,)) + cards + b"\xfe" for cards, h in group) for group in parts)
    return body + repr((redeals, uses)).encode()


def _snapshot(game: Game) -> tuple:
    return (tuple(map(bytes, game.piles)), tuple(game.hidden), game.redeals_used, game.uses_left)


def _restore(game: Game, snap: tuple) -> None:
    piles, hidden, redeals, uses = snap
    game.piles = [list(p) for p in piles]
    game.hidden = list(hidden)
    game.redeals_used = redeals
    game.uses_left = uses
    game.history = []


class _Budget:
    def __init__(self, timeout: float | None, max_states: int | None) -> None:
        self.start = time.monotonic()
        self.deadline = None if timeout is None else self.start + timeout
        self.max_states = max_states

    def exceeded(self, states: int) -> str | None:
        if self.max_states is not None and states >= self.max_states:
            return "max states"
        if self.deadline is not None and states % CHECK_EVERY == 0 and time.monotonic() > self.deadline:
            return "timeout"
        return None


def solve(game: Game, timeout: float | None = 10.0, max_states: int | None = None) -> SolveResult:
    """Solve from the game's current position; the game itself is left unchanged."""
    budget = _Budget(timeout, max_states)
    work = game.copy()
    work.history = []
    sound = autoplay_sound(work.rules)
    # With unproven autoplay an exhausted search is redone without it (exact, slower).
    result = _search(work, budget, autoplay=True, states=0)
    if result.status == UNSOLVABLE and not sound:
        result = _search(work, budget, autoplay=False, states=result.states)
    result.seconds = time.monotonic() - budget.start
    return result


def _search(root: Game, budget: _Budget, autoplay: bool, states: int) -> SolveResult:
    game = root.copy()
    auto = Autoplay(game) if autoplay else None
    score = Heuristic(game)
    start_moves: list[Move] = auto.run(game) if auto else []
    # Per node: parent index, the moves of its edge (one move plus safe moves after it).
    parents: list[int] = [-1]
    edges: list[tuple[Move, ...]] = [tuple(start_moves)]
    if game.is_won():
        return _solved(root, parents, edges, 0, states)
    seen = {pack(game)}
    chained = game.rules.waste_pile >= 0
    heap: list[tuple[int, int, int, tuple, Move | None]] = [(score(game), 0, 0, _snapshot(game), None)]
    while heap:
        reason = budget.exceeded(states)
        if reason:
            return SolveResult(UNKNOWN, states=states, reason=reason)
        _prio, depth, node, snap, reverse = heapq.heappop(heap)
        states += 1
        _restore(game, snap)
        # A stock that turns cards onto one waste is chained: each child is some stock actions,
        # then one other move (a line of play is always such blocks), so positions that only
        # turned the stock are not stored. The chain stops when its position repeats (the stock
        # went round) or ends. A stock dealing onto several piles stays an ordinary move.
        chain: list[Move] = []
        chain_seen: set[bytes] = set()
        while True:
            moves = game.legal_moves()
            for move in moves:
                if chained and move[1] in STOCK_ACTIONS:
                    continue
                if game.changes_nothing(move) or (not chain and move == reverse):
                    continue  # both lead back to a position already seen
                game.push(move)
                turned = game.history[-1][1]
                extra = auto.run(game) if auto else []
                key = pack(game)
                if key not in seen:
                    seen.add(key)
                    parents.append(node)
                    edges.append((*chain, move, *extra))
                    child = len(parents) - 1
                    if game.is_won():
                        return _solved(root, parents, edges, child, states)
                    plain = move[1] >= 0 and not turned and not extra and not chain
                    back = (move[1], move[0], move[2]) if plain else None
                    heapq.heappush(heap, (SCORE_WEIGHT * score(game) + depth, depth + 1, child, _snapshot(game), back))
                for _ in range(len(extra) + 1):
                    game.pop()
            stock = next((m for m in moves if m[1] in STOCK_ACTIONS), None) if chained else None
            if stock is None:
                break
            chain_seen.add(pack(game))
            game.push(stock)
            chain.append(stock)
            if pack(game) in chain_seen:
                break
            if game.is_won():
                parents.append(node)
                edges.append(tuple(chain))
                return _solved(root, parents, edges, len(parents) - 1, states)
    return SolveResult(UNSOLVABLE, states=states, reason="search exhausted")


def _solved(root: Game, parents: list[int], edges: list[tuple[Move, ...]], node: int, states: int) -> SolveResult:
    """The moves from the root to ``node``, each written in notation where it is played."""
    chain: list[Move] = []
    while node >= 0:
        chain[:0] = edges[node]
        node = parents[node]
    replay = root.copy()
    words = []
    for move in chain:
        words.append(replay.notation(move))
        replay.push(move)
    return SolveResult(SOLVED, moves=words, states=states, reason="win found")
