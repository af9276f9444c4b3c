"""The compiled core's dead table (`Core._run`): the positions its depth-first runs prove to lead
to no win, kept from run to run within one search. Every position it holds is checked against a
search that prunes nothing: one proved dead (PROOF_ANY) has no winning line at all, one proved
dead by a run that keeps cards home (PROOF_KEEPING_HOME) has none that takes no card out of a win
pile. Small endings, many short runs (``first_run`` of a few positions, so that each run meets
the last ones' proofs), depth-first alone and with best-first: the test that catches a
component closed while it still reaches an open position, a waste-only stock turn closed before
its parent, or a proof kept from one search to the next."""

from __future__ import annotations

from collections import defaultdict, deque

import pytest
from hypothesis import event, given, reject, settings
from hypothesis import strategies as st
from positions import build, full_foundations_but
from test_solver import no_worry_back

from patience import core
from patience.core.tables import core_tables
from patience.engine.game import Game
from patience.solver.prune import autoplay_rule, stock_commutes
from patience.solver.search import core_safe_tables

pytestmark = pytest.mark.skipif(core._search is None, reason="the compiled core is not built (test_core checks it is)")

LIMIT = 20_000  # positions a brute-force search may meet before the example is too big


class TooBig(Exception):
    pass


def solver_core(game: Game) -> core.Core:
    """The core as `search._core_phase` builds it under the proven safe-move rule."""
    needs, sources = core_safe_tables(game, autoplay_rule(game.rules))
    return core.position(game, needs, sources, stock_commutes(game.rules))


def winnable_by_core_key(game: Game) -> dict[tuple[int, int], tuple[bool, bool]]:
    """Every position reachable from ``game`` by any legal move, by the core's key: whether some
    line wins, and whether some line wins that takes no card out of a win pile."""
    win_piles = set(core_tables(game.rules).win_piles)
    index = {game.canonical_key(): 0}
    games = [game.copy()]
    edges: list[list[tuple[int, bool]]] = []  # per position: (child, the move keeps cards home)
    todo = deque([0])
    while todo:
        here = games[todo.popleft()]
        out = []
        for move in here.legal_moves():
            there = here.copy()
            there.push(move)
            key = there.canonical_key()
            if key not in index:
                index[key] = len(games)
                games.append(there)
                todo.append(index[key])
                if len(games) >= LIMIT:
                    raise TooBig
            src, dst, _n = move
            out.append((index[key], not (dst >= 0 and src in win_piles)))
        edges.append(out)
    back: dict[int, list[tuple[int, bool]]] = defaultdict(list)
    for a, out in enumerate(edges):
        for b, home in out:
            back[b].append((a, home))
    wins = [i for i, g in enumerate(games) if g.is_won()]
    any_line = spread(wins, back, keeping_home=False)
    home_line = spread(wins, back, keeping_home=True)
    probe = solver_core(game)
    by_key: dict[tuple[int, int], tuple[bool, bool]] = {}
    for i, g in enumerate(games):
        probe.load(g.piles, g.hidden, g.redeals_used, g.uses_left)
        was = by_key.get(probe.key(), (False, False))
        by_key[probe.key()] = (was[0] or i in any_line, was[1] or i in home_line)
    return by_key


def spread(wins: list[int], back: dict[int, list[tuple[int, bool]]], keeping_home: bool) -> set[int]:
    """The positions with a line to a win (with ``keeping_home``: moves that keep cards home)."""
    reach = set(wins)
    todo = list(wins)
    while todo:
        b = todo.pop()
        for a, home in back[b]:
            if a not in reach and (home or not keeping_home):
                reach.add(a)
                todo.append(a)
    return reach


def assert_every_proof_holds(game: Game) -> None:
    """Searches with runs of a few positions each, depth-first alone and with best-first: each
    answers as the search that prunes nothing, and every position of its dead table is lost."""
    try:
        truth = winnable_by_core_key(game)
    except TooBig:
        reject()  # too big to search without pruning
    start = solver_core(game).key()
    assert start in truth
    for first_run, best_first in ((1, 0), (3, 0), (2, 1)):
        position = solver_core(game)
        dead: list = []
        status, _moves, _states, _reason = position.solve(None, None, None, (), None, first_run=first_run,
                                                          best_first=best_first, dead_out=dead)
        assert status == ("solved" if truth[start][0] else "unsolvable"), (first_run, best_first)
        event(f"{status}, {'some' if dead else 'no'} positions proved dead")
        for key, proof in dead:
            assert key in truth, "a dead position the game never reaches"
            wins, wins_keeping_home = truth[key]
            if proof == core._search.PROOF_ANY:
                assert not wins, ("proved dead, yet a line wins", first_run, best_first)
            else:
                assert proof == core._search.PROOF_KEEPING_HOME
                assert not wins_keeping_home, ("proved dead keeping cards home, yet such a line wins",
                                               first_run, best_first)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_klondike_endings_dead_positions_are_lost(data):
    """Draw three, no worry-back: stock turns commute, so a waste-only turn closes with its parent."""
    firsts = data.draw(st.lists(st.sampled_from("TJQK*"), min_size=4, max_size=4), label="first card out, per suit")
    foundations = full_foundations_but(" ".join(rank + suit for rank, suit in zip(firsts, "CDHS") if rank != "*"))
    held = {c for text in foundations.values() for c in text.split()}
    rest = data.draw(st.permutations([f"{r}{s}" for s in "CDHS" for r in "A23456789TJQK" if f"{r}{s}" not in held]),
                     label="cards")
    cut = data.draw(st.integers(0, len(rest)), label="stock size")
    piles = {**foundations, "s": " ".join(rest[:cut]) + " |"}
    columns = data.draw(st.integers(1, 7), label="columns")
    for i in range(columns):
        *down, up = rest[cut:][i::columns] or [""]
        piles[str(i + 1)] = " ".join(down) + " | " + up
    text = build("klondike-3", piles, fill="w").position().replace("game: klondike-3", "game: no-worry-back")
    game = Game.from_position(text, no_worry_back())
    assert stock_commutes(game.rules)
    assert_every_proof_holds(game)


def test_a_search_keeps_no_proof_from_the_last_one():
    """A search that avoids every position after the first move proves the start dead; the next
    search, avoiding nothing, must not meet that proof: the dead table is each search's own."""
    game = Game.new("freecell", 1)
    position = solver_core(game)
    start = len(position.safe_moves())  # the runs start after the start's safe moves
    firsts = []
    for move in position.legal_moves():
        position.push(move)
        after = position.safe_moves()
        firsts.append(position.key())
        for _ in range(1 + len(after)):
            position.pop()
    for _ in range(start):
        position.pop()
    assert position.key() == solver_core(game).key()
    dead: list = []
    status, *_ = position.solve(10, None, None, firsts, None, best_first=0, dead_out=dead)
    assert status == "unsolvable" and dead
    for best_first in (0, 2):
        status, moves, *_ = position.solve(10, None, None, (), None, best_first=best_first)
        assert status == "solved" and moves
