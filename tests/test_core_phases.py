"""The compiled core searches in the Python search's phases (issue 33): where no safe-move rule is
proven, first with SIMPLE's unproven safe moves, which find wins fastest, then, when that search is
exhausted or has used its share of the time, with none, so an `unsolvable` never rests on an
unproven pruning and a win that the pruning bars is still found."""

from __future__ import annotations

import pytest

from patience import core
from patience.engine.game import Game
from patience.solver import search
from patience.solver.prune import SIMPLE, autoplay_rule
from patience.solver.search import solve

needs_core = pytest.mark.skipif(core._search is None, reason="the compiled core is not built")


@needs_core
@pytest.mark.parametrize("deal", [4, 5])
def test_CR_the_core_wins_cromwell_4_and_5_under_unproven_safe_moves(deal):
    """The Python search wins them in about 8,500 positions; the core without safe moves needed
    over a million (its depth-first alone 1.06 M and 1.37 M). 300,000 positions now suffice."""
    game = Game.new("cromwell", deal)
    assert autoplay_rule(game.rules) is None  # the safe moves here are the unproven phase's
    result = solve(game, timeout=None, max_states=300_000, shorter=False)
    assert result.engine == "compiled"
    assert result.status == "solved"
    replay = game.copy()
    for move in result.line:
        assert replay.why_illegal(move) is None, move
        replay.push(move)
    assert replay.is_won()


def phases(game_id: str, deal: int, monkeypatch: pytest.MonkeyPatch, simple_exhausts: bool = False,
           simple_stops: str | None = None, timeout: float | None = None, max_states: int | None = 400_000,
           budgets: list | None = None) -> tuple[str, list]:
    """The answer of `solve` on a deal, and each core phase's (rule, status) in order; with
    ``simple_exhausts`` the SIMPLE phase is made to answer unsolvable, as an unproven pruning may,
    and with ``simple_stops`` unknown for that reason. ``budgets`` gets each phase's (timeout,
    max_states)."""
    seen = []
    phase = search._core_phase

    def spy(game, rule, timeout, max_states, *rest, **options):
        if budgets is not None:
            budgets.append((timeout, max_states))
        if rule == SIMPLE and simple_exhausts:
            answer = ("unsolvable", [], 1, "search exhausted")
        elif rule == SIMPLE and simple_stops:
            answer = ("unknown", [], 1, simple_stops)
        else:
            answer = phase(game, rule, timeout, max_states, *rest, **options)
        seen.append((rule, answer[0]))
        return answer

    monkeypatch.setattr(search, "_core_phase", spy)
    result = solve(Game.new(game_id, deal), timeout=timeout, max_states=max_states, shorter=False)
    return result.status, seen


@needs_core
def test_CR_an_exhausted_search_under_unproven_safe_moves_is_no_answer(monkeypatch):
    """Unproven safe moves may lose a win. Where they exhaust the search (made so here), the
    search is redone with none, and its answer is the one given: deal 2 is won then."""
    status, seen = phases("cromwell", 2, monkeypatch, simple_exhausts=True)
    assert seen == [(SIMPLE, "unsolvable"), (None, "solved")]
    assert status == "solved"


@needs_core
def test_CR_the_unproven_phase_gets_its_share_of_the_time_and_the_unpruned_one_the_rest(monkeypatch, no_rollouts):
    """Unproven safe moves may bar every winning line; a search under them that runs out of its
    share of the time (made so here) leaves the rest to the search with none, which wins deal 2.
    (The rollouts' share between the two, tests/test_core_rollouts.py, is set aside here: they
    would win deal 2 first.)"""
    budgets: list = []
    status, seen = phases("cromwell", 2, monkeypatch, simple_stops="timeout", timeout=60, max_states=None,
                          budgets=budgets)
    assert seen == [(SIMPLE, "unknown"), (None, "solved")]
    assert status == "solved"
    first, second = (timeout for timeout, _states in budgets)
    assert 60 * search.FIRST_PHASE_SHARE - 1 < first <= 60 * search.FIRST_PHASE_SHARE
    assert 59 < second <= 60  # the rest of the clock: nearly all of it, as the first phase answered at once


@needs_core
def test_CR_a_budget_of_positions_is_not_split(monkeypatch, no_rollouts):
    """Between the two exhaustive phases only the clock is shared: a phase that used up the
    positions leaves none for another. (The rollouts' share of the positions, between the two, is
    set aside here: `test_core_rollouts`.)"""
    budgets: list = []
    status, seen = phases("cromwell", 2, monkeypatch, simple_stops="max states", timeout=None, max_states=1000,
                          budgets=budgets)
    assert status == "unknown"
    assert seen == [(SIMPLE, "unknown")] and budgets == [(None, 1000)]


@needs_core
def test_CR_a_win_under_unproven_safe_moves_ends_the_search(monkeypatch):
    """A win needs no proof of the pruning: its line is checked move by move in the engine."""
    status, seen = phases("cromwell", 5, monkeypatch)
    assert status == "solved"
    assert seen == [(SIMPLE, "solved")]


@needs_core
def test_CZ_no_pile_to_take_safe_moves_from_means_one_phase(monkeypatch):
    """Czternastki has no pile SIMPLE's safe moves take from: one search, with none (deal 5 is
    unsolvable)."""
    status, seen = phases("czternastki", 5, monkeypatch)
    assert status == "unsolvable"
    assert seen == [(None, "unsolvable")]


@needs_core
def test_a_search_whose_best_first_fills_the_memory_goes_on_depth_first_and_wins():
    """Best-first keeps every position it expands, so it fills ``max_memory`` first; its memory is
    then freed and depth-first's runs, whose tables are a run's own, get the rest of the clock.
    Klondike deal 3 in 100 kB: best-first stops at once, and depth-first wins in about a hundred
    positions. Stopping there instead (as before) leaves the deal unknown, "max memory"."""
    game = Game.new("klondike", 3)
    rule = autoplay_rule(game.rules)
    needs, sources = search.core_safe_tables(game, rule)
    position = core.position(game, needs, sources, search.stock_commutes(game.rules))
    status, moves, _states, reason = position.solve(20, None, 100_000)
    assert status == "solved" and reason == "win found"
    replay = game.copy()
    for move in moves:
        assert replay.why_illegal(move) is None, move
        replay.push(move)
    assert replay.is_won()
    assert position.solve(20, None, 100_000, depth_first_after_memory=False)[::3] == ("unknown", "max memory")


@needs_core
def test_KK5_a_short_search_in_the_other_stock_order_comes_first_under_a_clock(monkeypatch):
    """Kwadratura Koła deal 149: where stock turns commute the usual order lists only the waste's
    moves after a turn, and meets no win in 30 s; every move after every turn wins in 7,306
    positions. Under a clock the probe comes first and answers; its positions are counted."""
    game = Game.new("kwadratura-kola", 149)
    result = solve(game, timeout=60, shorter=False)
    assert result.status == "solved" and result.states == 7306
    orders: list = []
    real = search._core_phase

    def spy(game, rule, timeout, max_states, *rest, commutes=None):  # type: ignore[no-untyped-def]
        answer = real(game, rule, timeout, max_states, *rest, commutes=commutes)
        orders.append((commutes, max_states, answer[0]))
        return answer

    monkeypatch.setattr(search, "_core_phase", spy)
    usual = solve(Game.new("kwadratura-kola", 10), timeout=60, shorter=False)  # won by the usual order
    assert usual.status == "solved" and orders[0] == (False, search.PROBE_STATES, "unknown")
    assert orders[1][0] is None and usual.states > search.PROBE_STATES
    orders.clear()
    solve(Game.new("kwadratura-kola", 149), timeout=None, max_states=20_000, shorter=False)
    assert [commutes for commutes, _states, _status in orders] == [None]  # a budget of positions: no probe


def test_KK5_under_unproven_safe_moves_half_the_probe_plays_none(monkeypatch):
    """Eight x Eight's foundation cards may come back, so its safe moves are unproven: the probe
    in the other stock order searches half its positions with them and half with none. Deal 1,
    which the Python search wins, is won only without them (18,310 positions that way, none at
    250,000 with them), after the first half ran out. A proven rule's probe (Kwadratura Koła's)
    is one search of every position it may take."""
    calls: list = []
    real = search._core_phase

    def spy(game, rule, timeout, max_states, *rest, commutes=None):  # type: ignore[no-untyped-def]
        answer = real(game, rule, timeout, max_states, *rest, commutes=commutes)
        calls.append((rule, commutes, max_states, answer[0]))
        return answer

    monkeypatch.setattr(search, "_core_phase", spy)
    result = solve(Game.new("eight-x-eight", 1), timeout=120, shorter=False)
    assert result.status == "solved"
    half = search.PROBE_STATES // 2
    assert calls == [("simple", False, half, "unknown"), (None, False, half, "solved")]
    assert result.states == half + 18_310
    calls.clear()
    solve(Game.new("kwadratura-kola", 149), timeout=60, shorter=False)
    assert [(commutes, states) for _rule, commutes, states, _status in calls] == [(False, search.PROBE_STATES)]
