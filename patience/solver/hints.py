"""Hints that lead somewhere: a plan from the solver, kept while the player follows it.

A hint asked for afresh at every position can send the player round in circles: from one
position the solver's line starts with `26`, from the next with `62`. So a `Planner` keeps the
solver's whole line with the position before each of its moves, and answers later hints from
it while the game stands on one of those positions; only when the player leaves the line is a
new one searched. Two rules hold for every move suggested, from a plan or not: it never leads
to a position already played in this game (the positions on the line from the deal to here, so
never the undoing of the previous move), and when no winning line is found within the budget
the hint says so and falls back to a move that makes progress (`assist.ranked_moves`).

Nothing here names a game; the full-screen game and the line-mode prompt share this.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field

from ..engine.assist import ranked_moves
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.notation import parse_move
from .search import SOLVED, UNSOLVABLE, solve

HINT_SECONDS, HINT_STATES = 2.0, 50_000  # a hint's search budget; past it, the fallback move
# After a search that ran out of budget, the next ones get this share of it until one finds a line:
# in a deal the solver cannot win quickly, each hint would otherwise cost the whole budget again.
AFTER_A_MISS = 0.25


@dataclass(frozen=True)
class Hint:
    """What a hint suggests, and on what grounds.

    ``found``: ``plan`` (a move of a winning line), ``fallback`` (no line was found; ``move`` is
    the best move by simple merit, ``why`` names its merit) or ``none`` (no move leads anywhere
    new). ``search`` is why the last search ended without a line: ``timeout``, ``max states`` or
    ``exhausted``; empty when the line came from a search or no search was made."""

    move: Move | None
    found: str
    why: str = ""
    search: str = ""
    budget_seconds: float | None = None
    budget_states: int | None = None


@dataclass
class _Plan:
    moves: list[Move]
    keys: list[Hashable]  # keys[i]: the position before moves[i]; one more than moves (the won end)
    at: dict[Hashable, int] = field(default_factory=dict)  # position -> its index in the line

    def __post_init__(self) -> None:
        for index, key in enumerate(self.keys[:-1]):
            self.at.setdefault(key, index)


def _back_along_the_line(game: Game) -> Iterator[Game]:
    """One copy of the game, standing in turn at each position played before the current one,
    the newest first (the history is the line of play, undos having taken moves off it)."""
    work = game.copy()
    while work.history:
        work.pop()
        yield work


def line_positions(game: Game) -> list[Game]:
    """The game at each position played before the current one, from the deal on: copies, the
    oldest first."""
    earlier = [work.copy() for work in _back_along_the_line(game)]
    earlier.reverse()
    return earlier


def played_positions(game: Game) -> set[Hashable]:
    """The canonical keys of the positions on the line of play, the current one included."""
    return {game.canonical_key()} | {work.canonical_key() for work in _back_along_the_line(game)}


class Planner:
    """The hints of one game: a kept plan, the last position where no line was found (asking
    again there does not search again), and whether the last search ran out of budget (the next
    ones then search with `AFTER_A_MISS` of it, until one finds a line)."""

    def __init__(self) -> None:
        self.plan: _Plan | None = None
        # (position, why the search ended, its budget: seconds, states)
        self._failed: tuple[Hashable, str, float | None, int | None] | None = None
        self.missed = False  # the last search ran out of budget

    def hint(self, game: Game, seconds: float | None = HINT_SECONDS, states: int | None = HINT_STATES) -> Hint:
        """The move to suggest in ``game``'s position; a search within ``seconds`` and ``states``
        when the plan does not reach here."""
        here = game.canonical_key()
        played = played_positions(game)
        move = self._from_plan(here, played)
        if move is not None:
            return Hint(move, "plan")
        if self._failed is not None and self._failed[0] == here:
            _here, search, seconds, states = self._failed
        else:
            if self.missed:
                seconds = None if seconds is None else seconds * AFTER_A_MISS
                states = None if states is None else max(1, int(states * AFTER_A_MISS))
            search = self._search(game, seconds, states)
            self.missed = search not in (SOLVED, UNSOLVABLE)
            if search == SOLVED:
                move = self._from_plan(here, played)
                if move is not None:
                    return Hint(move, "plan")
                search = UNSOLVABLE  # the line found leads back at once: as good as none
            self._failed = (here, _ended(search), seconds, states)
        return self._fallback(game, played, _ended(search), seconds, states)

    def _from_plan(self, here: Hashable, played: set[Hashable]) -> Move | None:
        """The plan's next move from here, unless the game left the line or the move would lead to
        a position already played."""
        plan = self.plan
        if plan is None or here not in plan.at:
            return None
        index = plan.at[here]
        return plan.moves[index] if plan.keys[index + 1] not in played else None

    def _search(self, game: Game, seconds: float | None, states: int | None) -> str:
        """Search a new plan from here, avoiding the positions played; the solver's status, or
        its reason when it ran out of budget."""
        self.plan = None
        result = solve(game, timeout=seconds, max_states=states, avoid=line_positions(game))
        if result.status != SOLVED:
            return result.status if result.status == UNSOLVABLE else result.reason
        work = game.copy()
        moves: list[Move] = []
        keys: list[Hashable] = [work.canonical_key()]
        for text in result.moves:
            move = parse_move(work, text)
            work.push(move)
            moves.append(move)
            keys.append(work.canonical_key())
        self.plan = _Plan(moves, keys)
        return SOLVED

    def _fallback(self, game: Game, played: set[Hashable], search: str,
                  seconds: float | None = HINT_SECONDS, states: int | None = HINT_STATES) -> Hint:
        """The best move by simple merit that leads somewhere new."""
        work = game.copy()

        def new_position(move: Move) -> bool:
            work.push(move)
            key = work.canonical_key()
            work.pop()
            return key not in played

        for move, why in ranked_moves(game):
            if new_position(move):
                return Hint(move, "fallback", why, search, seconds, states)
        return Hint(None, "none", "", search, seconds, states)


def _ended(status_or_reason: str) -> str:
    """How the search ended, in the words `Hint.search` uses."""
    return "exhausted" if status_or_reason == UNSOLVABLE else status_or_reason
