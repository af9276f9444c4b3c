"""A later win class (CZ-4's second class): a line that ends the game in it.

`solve` looks for the first class, the one that ends a game as soon as it holds (`Game.is_won`).
A later class is judged only once no move that changes anything is left (`Game.win_class`). To
search for class k, `solve_class` searches the same position under rules whose one way to win is
class k (`class_game`): every word is the same, so the compiled core and the keys serve
unchanged, and the bounds proved for the first class do not apply (their words are a `left`
win's). A position where class k holds ends that search; it is a win of the real game only where
the game is over there, so the line is replayed on the real game and, where moves are left,
finished by a short search (`FINISH` positions) for the game's end in class k; none found, and
the answer is `unknown`, never a wrong `solved`. `unsolvable` is sound as it stands: no position
where class k holds is reachable, so no game can end in it. Nothing names a game.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from weakref import WeakKeyDictionary

from ..engine.compiled import CompiledRules
from ..engine.game import Game
from ..engine.moves import Move
from ..i18n import _
from ..ruleset.model import Ruleset
from .search import SOLVED, UNKNOWN, SolveResult, replayed, solve, write_line

FINISH = 2_000  # positions searched after the line for the game's end in the class
GOES_ON = "the class holds but the game goes on"  # an `unknown` answer's reason

_DERIVED: WeakKeyDictionary[CompiledRules, dict[str, Ruleset]] = WeakKeyDictionary()  # per rules, per class


def class_ids(game: Game) -> list[str]:
    """The ids of the game's win classes, best first (one, ``won``, for a plain `win`)."""
    return [cond.id for cond in game.rules.win_conditions]


def class_game(game: Game, class_id: str) -> Game:
    """``game``'s position under rules whose one win is the class ``class_id`` (history dropped)."""
    ruleset = game.ruleset
    derived = _DERIVED.setdefault(game.rules, {})
    if class_id not in derived:
        win = ruleset.win
        chosen = [c for c in win.classes if c.id == class_id]
        derived[class_id] = ruleset.model_copy(update={"win": win.model_copy(update={"classes": chosen})})
    return Game.from_position(game.position(), derived[class_id])


def why_no_class(game: Game, class_id: str) -> str | None:
    """None when ``game`` has the win class ``class_id``; else why not, in one line."""
    ids = class_ids(game)
    if class_id in ids:
        return None
    if len(ids) == 1:
        return _("{game} has one way to win; --class is for games with win classes").format(game=game.ruleset.id)
    return _("{game} has no win class {given!r}; its classes: {classes}").format(
        game=game.ruleset.id, given=class_id, classes=", ".join(ids))


def solve_class(game: Game, class_id: str, timeout: float | None = 30.0, max_states: int | None = None,
                max_memory: int | None = None, avoid: Sequence[Game] = (), shorter: bool = True) -> SolveResult:
    """`solve` for the win class ``class_id`` (`class_ids`); the first class is `solve` itself. A
    `solved` line ends the game in that class. Raises ValueError for a class the game lacks
    (`why_no_class`)."""
    refused = why_no_class(game, class_id)
    if refused is not None:
        raise ValueError(refused)
    if class_id == class_ids(game)[0]:
        return solve(game, timeout=timeout, max_states=max_states, max_memory=max_memory, avoid=avoid,
                     shorter=shorter)
    start = time.monotonic()
    result = solve(class_game(game, class_id), timeout=timeout, max_states=max_states, max_memory=max_memory,
                   avoid=[class_game(other, class_id) for other in avoid], shorter=shorter)
    if result.status != SOLVED:
        return result
    tail = _finish(replayed(game, result.line), class_id)
    if tail is None:
        return SolveResult(UNKNOWN, states=result.states, seconds=time.monotonic() - start, reason=GOES_ON,
                           thoughtful=result.thoughtful, engine=result.engine, engine_reason=result.engine_reason)
    line = list(result.line) + tail
    result.line = line
    result.moves = write_line(game, line)
    result.seconds = time.monotonic() - start
    return result


def _finish(game: Game, class_id: str, limit: int = FINISH) -> list[Move] | None:
    """Moves from ``game`` to the game's end in ``class_id`` (none when it ends there), found by
    a depth-first search of at most ``limit`` positions; None when none is found."""
    seen = {game.canonical_key()}
    stack: list[tuple[Game, list[Move]]] = [(game, [])]
    while stack and len(seen) <= limit:
        here, line = stack.pop()
        if here.win_class() == class_id:
            return line
        for move in here.legal_moves():
            after = here.copy()
            after.push(move)
            key = after.canonical_key()
            if key not in seen:
                seen.add(key)
                stack.append((after, line + [move]))
    return None
