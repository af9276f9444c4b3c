"""The compiled core searches in the Python search's phases (issue 33): where no safe-move rule is
proven, first with SIMPLE's unproven safe moves, which find wins fastest, then, only when that
search is exhausted, with none, so an `unsolvable` never rests on an unproven pruning."""

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


def phases(game_id: str, deal: int, monkeypatch: pytest.MonkeyPatch, simple_exhausts: bool = False) -> tuple[str, list]:
    """The answer of `solve` on a deal, and each core phase's (rule, status) in order; with
    ``simple_exhausts`` the SIMPLE phase is made to answer unsolvable, as an unproven pruning may."""
    seen = []
    phase = search._core_phase

    def spy(game, rule, *rest):
        answer = ("unsolvable", [], 1, "search exhausted") if simple_exhausts and rule == SIMPLE else phase(game, rule, *rest)
        seen.append((rule, answer[0]))
        return answer

    monkeypatch.setattr(search, "_core_phase", spy)
    result = solve(Game.new(game_id, deal), timeout=None, max_states=400_000, shorter=False)
    return result.status, seen


@needs_core
def test_CR_an_exhausted_search_under_unproven_safe_moves_is_no_answer(monkeypatch):
    """Unproven safe moves may lose a win. Where they exhaust the search (made so here), the
    search is redone with none, and its answer is the one given: deal 2 is won then."""
    status, seen = phases("cromwell", 2, monkeypatch, simple_exhausts=True)
    assert seen == [(SIMPLE, "unsolvable"), (None, "solved")]
    assert status == "solved"


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
