"""Hints that lead somewhere: a plan from the solver, kept while the player follows it.

A hint asked for afresh at every position can send the player round in circles: from one
position the solver's line starts with `26`, from the next with `62`. So a `Planner` keeps the
solver's whole line with the position before each of its moves, and answers later hints from
it while the game stands on one of those positions; only when the player leaves the line is a
new one searched. Two rules hold for every move suggested, from a plan or not: it never leads
to a position already played in this game (the positions on the line from the deal to here, so
never the undoing of the previous move), and when no winning line is found within the budget
the hint says so, once until a line is found again, and falls back to a move that makes progress
(`assist.ranked_moves`). A search that found no line is followed by the rollouts alone
(`search.rollout_win`, `HINT_ROLLOUT_STATES`): they win deals whose wins are narrow lines, as
two-deck Parada's. A fallback never moves again the cards the previous hint moved (unless
home), so hints do not carry a card from place to place. Where the once-a-game swap is left, a
search that found no line is tried again after the most promising swaps (`promising_swaps`), and
a fallback names a swap, or any move to a new position, before it says that no move would help.
Where the player's autoplay is on, a plan is the solver's line as played with it
(`with_autoplay`): the moves the player types, each followed by the safe cards autoplay sends
home, so that the game stays on the plan.

Nothing here names a game; the full-screen game and the line-mode prompt share this.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field, replace
from typing import TypeVar

from ..engine.assist import ELSEWHERE, SWAPS, autoplay, deals_read_the_order, home_counts, ranked_moves
from ..engine.game import Game
from ..engine.moves import DEAL, REMOVE, SLOT, SWAP, Move
from ..i18n import N_
from .bound import COPIES_LOST
from .buried import BURIED_LOST
from .search import SOLVED, UNKNOWN, UNSOLVABLE, rollout_win, solve
from .shorten import Layout, layout, moved, relabel

HINT_SECONDS, HINT_STATES = 2.0, 50_000  # a hint's search budget; past it, the fallback move
# A search that found no line within it is followed by the rollouts alone (`search.rollout_win`),
# in this many positions (counted as `search.ROLLOUT_PUSHES` pushes each: about half a second of the
# core) and as much again of the clock, both cut by AFTER_A_MISS as the search's are. Where wins are
# narrow (two-deck Parada) they find the lines `solve` finds with its share of rollouts at 30 s.
HINT_ROLLOUT_STATES = 200_000
# After a search that ran out of budget, the next ones get this share of it until one finds a line:
# in a deal the solver cannot win quickly, each hint would otherwise cost the whole budget again.
AFTER_A_MISS = 0.25
Budget = TypeVar("Budget", float, int)
SWAP_TRIALS = 2  # swaps searched after when the search from here found no line (`promising_swaps`)
SEARCHED_ALL = "searched all"  # `Hint.search`: every line from the deal was searched, none wins
# The solver's proofs that no line wins from here, whatever was played before (the bounds read the
# position alone), in the words a player reads (`solve` prints them too).
LOST_WORDS = {COPIES_LOST: N_("some card can never reach the foundations, whatever is played"),
              BURIED_LOST: N_("some card stays buried under the stock's deals, whatever is played")}


@dataclass(frozen=True)
class Hint:
    """What a hint suggests, and on what grounds.

    ``found``: ``plan`` (a move of a winning line), ``fallback`` (no line was found; ``move`` is
    the best move by simple merit, ``why`` names its merit) or ``none`` (no move leads anywhere
    new). ``search`` is why the last search ended without a line: ``timeout``, ``max states``,
    ``exhausted`` (no win that avoids the positions played), `SEARCHED_ALL` (none at all: nothing
    was played yet) or a proof that the position is lost (a key of `LOST_WORDS`); empty when the
    line came from a search or no search was made."""

    move: Move | None
    found: str
    why: str = ""
    search: str = ""
    budget_seconds: float | None = None
    budget_states: int | None = None
    announce: bool = True  # a fallback: the first since a line was last found, so say why there is none


@dataclass
class _Plan:
    moves: list[Move]
    keys: list[Hashable]  # keys[i]: the position before moves[i]; one more than moves (the won end)
    layouts: list[Layout]  # layouts[i]: the cards of each pile before moves[i], to rename piles
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
    again there does not search again), whether the last search ran out of budget (the next
    ones then search with `AFTER_A_MISS` of it, until one finds a line), the cards the previous
    hint moved, and whether the player was told that no line was found."""

    def __init__(self) -> None:
        self.plan: _Plan | None = None
        # (position, why the search ended, its budget: seconds, states)
        self._failed: tuple[Hashable, str, float | None, int | None] | None = None
        self.missed = False  # the last search ran out of budget
        self.last_cards: tuple[int, ...] = ()  # the cards the previous hint moved
        self.announced = False  # a fallback said why there is no line, and no line came since
        # The last hint and where it was given (position, the moves played to it).
        self._last: tuple[tuple[Hashable, tuple[Move, ...]], Hint] | None = None
        self.autoplay = False  # the player's autoplay, as the last hint was asked

    def hint(self, game: Game, seconds: float | None = HINT_SECONDS, states: int | None = HINT_STATES,
             autoplay: bool = False) -> Hint:
        """The move to suggest in ``game``'s position; a search within ``seconds`` and ``states``
        when the plan does not reach here. Asked again where nothing was played since, the same
        move (a hint that changed its mind when asked twice would be no help). ``autoplay``: the
        game sends safe cards home after each move (`assist.autoplay`), so a plan follows that."""
        self.autoplay = autoplay
        here = game.canonical_key()
        # The moves played, not only their count: the same position reached by another line has
        # other positions played, which a hint must not lead back to.
        at = (here, tuple(entry[0] for entry in game.history))
        if self._last is not None and self._last[0] == at:
            return replace(self._last[1], announce=False)
        found = self._hint(game, seconds, states)
        if found.found == "plan":
            self.announced = False
        elif found.found == "fallback":
            found = replace(found, announce=not self.announced)
            self.announced = True
        self.last_cards = moved_cards(game, found.move) if found.move is not None else ()
        self._last = (at, found)
        return found

    def _hint(self, game: Game, seconds: float | None, states: int | None) -> Hint:
        here = game.canonical_key()
        played = played_positions(game)
        move = self._from_plan(game, here, played)
        if move is not None:
            return Hint(move, "plan")
        if self._failed is not None and self._failed[0] == here:
            _here, search, seconds, states = self._failed
        else:
            if self.missed:
                seconds = None if seconds is None else seconds * AFTER_A_MISS
                states = None if states is None else max(1, int(states * AFTER_A_MISS))
            swaps = promising_swaps(game)[:SWAP_TRIALS]
            share = 0.5 if swaps else 1.0  # with swaps to try, half the budget for the search from here
            search = self._search(game, _part(seconds, share), _part(states, share))
            self.missed = search not in (SOLVED, UNSOLVABLE, SEARCHED_ALL, *LOST_WORDS)
            if search != SOLVED and self._search_after_swaps(game, swaps, _part(seconds, 1 - share),
                                                              _part(states, 1 - share)):
                search = SOLVED
            if search == SOLVED:
                move = self._from_plan(game, here, played)
                if move is not None:
                    return Hint(move, "plan")
                search = UNSOLVABLE  # the line found leads back at once: as good as none
            self._failed = (here, _ended(search), seconds, states)
        return self._fallback(game, played, _ended(search), seconds, states)

    def _from_plan(self, game: Game, here: Hashable, played: set[Hashable]) -> Move | None:
        """The plan's next move from here, unless the game left the line or the move would lead to
        a position already played. The game may stand there with interchangeable piles in another
        order (safe cards sent home to another foundation): the move is renamed to match."""
        plan = self.plan
        if plan is None or here not in plan.at:
            return None
        index = plan.at[here]
        where = relabel(game, plan.layouts[index], game)
        if where is None:
            return None
        move = moved(plan.moves[index], where)
        return None if self._lands_on(game.copy(), move) in played else move

    def _lands_on(self, work: Game, move: Move) -> Hashable:
        """The position ``work`` stands on after ``move`` and, with autoplay on, the safe cards it
        sends home (a hint must not lead there if it was played before); ``work`` is left as it was."""
        work.push(move)
        sent = autoplay(work) if self.autoplay else []
        key = work.canonical_key()
        for _move in range(len(sent) + 1):
            work.pop()
        return key

    def _search(self, game: Game, seconds: float | None, states: int | None) -> str:
        """Search a new plan from here, avoiding the positions played; the solver's status, or
        its reason when it ran out of budget."""
        self.plan = None
        earlier = line_positions(game)
        result = solve(game, timeout=seconds, max_states=states, avoid=earlier)
        if result.status == UNKNOWN and states is not None:
            rolled = rollout_win(game, seconds, states * HINT_ROLLOUT_STATES // HINT_STATES, earlier)
            if rolled.status == SOLVED:
                result = rolled
        if result.status != SOLVED:
            if result.status == UNSOLVABLE and result.reason not in LOST_WORDS:
                # With no position to avoid (the deal), an exhausted search proves the game lost,
                # where its one win class is the one searched (CZ-4's second is not).
                one_class = len(game.rules.win_conditions) == 1
                return SEARCHED_ALL if one_class and not earlier else UNSOLVABLE
            return result.reason
        self._keep(game, result.line)
        return SOLVED

    def _keep(self, game: Game, line: list[Move]) -> None:
        """Make ``line``, a win from ``game``'s position, the plan; with autoplay on, the line as
        played with it, when it still wins so (else the line itself: the game then leaves it
        where autoplay sends a card, and the next hint searches again)."""
        typed = with_autoplay(game, line) if self.autoplay else None
        moves = line if typed is None else typed
        work = game.copy()
        keys: list[Hashable] = [work.canonical_key()]
        layouts = [layout(work)]
        for move in moves:
            work.push(move)
            if typed is not None:
                autoplay(work)
            keys.append(work.canonical_key())
            layouts.append(layout(work))
        self.plan = _Plan(list(moves), keys, layouts)

    def _search_after_swaps(self, game: Game, swaps: list[Move], seconds: float | None, states: int | None) -> bool:
        """Where a once-a-game swap is left: search again after each of ``swaps`` (the most
        promising), the budget shared among them; the first win, swap first, becomes the plan.
        The search from here may try the swap itself, but among thousands of swaps it seldom gets
        far (Cromwell)."""
        if not swaps:
            return False
        avoid = [*line_positions(game), game]
        for swap in swaps:
            after = game.copy()
            after.push(swap)
            result = solve(after, timeout=_part(seconds, 1 / len(swaps)), max_states=_part(states, 1 / len(swaps)),
                           avoid=avoid)
            if result.status == SOLVED:
                self._keep(game, [swap, *result.line])
                return True
        return False

    def _fallback(self, game: Game, played: set[Hashable], search: str,
                  seconds: float | None = HINT_SECONDS, states: int | None = HINT_STATES) -> Hint:
        """The best move by simple merit that leads somewhere new and does not move again the
        cards the previous hint moved (unless home); then a swap, then any move to a new position;
        `none` only when no legal move leads anywhere new."""
        work = game.copy()
        foundations = game.rules.foundation_piles

        def new_position(move: Move) -> bool:
            return self._lands_on(work, move) not in played

        def walks(move: Move) -> bool:
            """Moves the previous hint's cards on again, not home: hints would carry them about."""
            return (move[1] not in foundations and move[1] != REMOVE
                    and bool(set(moved_cards(game, move)) & set(self.last_cards)))

        def found(move: Move, why: str) -> Hint:
            return Hint(move, "fallback", why, search, seconds, states)

        for move, why in ranked_moves(game):
            if not walks(move) and new_position(move):
                return found(move, why)
        for move in promising_swaps(game) or swaps_left(game):
            if new_position(move):
                return found(move, SWAPS)
        others = [move for move in game.legal_moves(actions=False) if move[1] != SWAP and not game.changes_nothing(move)]
        for move in others:
            if not walks(move) and new_position(move):
                return found(move, ELSEWHERE)
        for move in others:  # only the previous hint's cards can move on: better that than no move
            if new_position(move):
                return found(move, ELSEWHERE)
        return Hint(None, "none", "", search, seconds, states)


def with_autoplay(game: Game, line: list[Move]) -> list[Move] | None:
    """The moves a player types to follow ``line``, a win from ``game``'s position, while
    autoplay sends safe cards home after each; None when the line cannot be followed so to a win.

    A move of a card that autoplay has sent home already is dropped, as the safe-move proofs do
    (`prune.autoplay_rule`); a move to a foundation goes to a foundation that takes the card now,
    the one holding what the line's target holds first. Every move is checked as it is played,
    and the end must be a win, so a line that cannot be followed is never offered."""
    line_game, work = game.copy(), game.copy()
    rules = game.rules
    foundations = rules.foundation_piles
    # A one-card draw onto one waste, which autoplay takes from: a card it sent home leaves the
    # stock's order one short, so the line's deal of that card is dropped too.
    one_by_one = rules.waste_pile >= 0 and not deals_read_the_order(rules, rules.waste_pile)

    def home_already(card: int) -> bool:
        return home_counts(work)[card] > home_counts(line_game)[card]

    typed: list[Move] = []
    for move in line:
        src, dst, n = move
        step: Move | None = move
        if dst >= 0:
            cards = line_game.piles[src][-n:]
            if src in foundations:  # back from a foundation: from the one holding the cards now
                src = next((f for f in sorted(foundations, key=lambda f: f != src) if work.piles[f][-n:] == cards), -1)
                if src < 0:
                    return None
                step = (src, dst, n)
            if work.piles[src][-n:] != cards:
                if n != 1 or not home_already(cards[0]):
                    return None  # the cards are elsewhere, not home: the line no longer fits
                step = None  # autoplay sent the card home already
            elif dst in foundations:
                step = _home_for(line_game, work, (src, dst, n))
                if step is None:
                    return None  # no foundation takes the card here
        elif dst == DEAL and one_by_one and line_game.piles[src]:
            dealt = line_game.piles[src][-1]
            if work.piles[src][-1:] != [dealt]:
                if not home_already(dealt):
                    return None
                step = None
        line_game.push(move)
        if step is None:
            continue
        if work.why_illegal(step) is not None:
            return None
        work.push(step)
        typed.append(step)
        autoplay(work)  # nothing is safe to send in a won game
        if work.is_won():
            return typed
    return None


def _home_for(line_game: Game, work: Game, move: Move) -> Move | None:
    """``move``, to a foundation in ``line_game``, as played in ``work``: to the foundation that
    holds the same cards as the line's target, else the same top card, else any that takes it."""
    src, dst, n = move
    card = work.piles[src][-1]
    takes = [f for f in sorted(work.rules.foundation_piles)
             if work.lands_on(f, card) and work.why_illegal((src, f, n)) is None]
    if not takes:
        return None
    target = line_game.piles[dst]
    same = [f for f in takes if work.piles[f] == target]
    top = [f for f in takes if work.piles[f][-1:] == target[-1:]]
    best = dst if dst in same else (same or top or takes)[0]
    return src, best, n


def moved_cards(game: Game, move: Move) -> tuple[int, ...]:
    """The cards ``move`` takes from one pile to another in ``game``'s position (none for stock
    actions and the like; a swap's two cards)."""
    src, dst, n = move
    if dst >= 0:
        return tuple(game.piles[src][-n:]) if n else ()
    if dst == SWAP:
        (pa, ia), (pb, ib) = divmod(src, SLOT), divmod(n, SLOT)
        return game.piles[pa][ia], game.piles[pb][ib]
    return ()


def promising_swaps(game: Game) -> list[Move]:
    """The swaps that bring a card a foundation takes now to the top of its pile, the most cards
    then going home in a row first; none where no swap is left. (Thousands of swaps are legal in
    Cromwell; these few open the way home.)"""
    swaps = swaps_left(game)
    if not swaps:
        return []
    piles = game.piles
    foundations = game.rules.foundation_piles
    wanted = {card for pile in piles for card in pile if any(game.lands_on(f, card) for f in foundations)}
    scored = []
    for index, move in enumerate(swaps):
        (pa, ia), (pb, ib) = divmod(move[0], SLOT), divmod(move[2], SLOT)
        a, b = piles[pa], piles[pb]
        if not ((ia == len(a) - 1 and b[ib] in wanted) or (ib == len(b) - 1 and a[ia] in wanted)):
            continue
        game.push(move)
        scored.append((-_home_run(game), index, move))
        game.pop()
    scored.sort()
    return [move for _score, _index, move in scored]


def swaps_left(game: Game) -> list[Move]:
    """The swaps legal now: none once the swap is spent."""
    rules = game.rules
    return game.swap_moves() if rules.swap_index >= 0 and game.uses_left[rules.swap_index] else []


def _home_run(game: Game) -> int:
    """How many cards go to the foundations one after another from here (the game is left as it was)."""
    foundations = game.rules.foundation_piles
    sources = [p for p in game.rules.movable_piles if p not in foundations]
    pushed = 0
    while True:
        move = next(((p, f, 1) for p in sources if game.piles[p] for f in foundations
                     if game.lands_on(f, game.piles[p][-1]) and game.why_illegal((p, f, 1)) is None), None)
        if move is None:
            break
        game.push(move)
        pushed += 1
    for _move in range(pushed):
        game.pop()
    return pushed


def _part(budget: Budget | None, share: float) -> Budget | None:
    """A share of a budget (None: no limit); a count of states stays a whole number, at least 1."""
    if budget is None:
        return None
    return max(1, int(budget * share)) if isinstance(budget, int) else budget * share


def _ended(status_or_reason: str) -> str:
    """How the search ended, in the words `Hint.search` uses."""
    return "exhausted" if status_or_reason == UNSOLVABLE else status_or_reason
