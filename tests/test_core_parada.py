"""Parada in the compiled core (issue 33): the core's best-first search, in turns with its
depth-first runs, decides every Parada deal the Python search decides, the same way, and each
of its lines replays to a win through `Game.play`. Deal 2 of two-deck Parada is the deal the
core's depth-first search alone lost (docs/solver.md): the Python best-first wins it in 6,309
positions."""

from __future__ import annotations

import pytest

from patience import core
from patience.engine.game import Game
from patience.solver.search import solve

pytestmark = pytest.mark.skipif(core._search is None, reason="the compiled core is not built (test_core checks it is)")

PYTHON_STATES = 10_000  # the Python search wins each of these deals it wins within 8,460
CORE_STATES = 400_000  # about a second of the core


def replays_to_a_win(game_id: str, deal: int, moves: list[str]) -> bool:
    game = Game.new(game_id, deal)
    for word in moves:
        game.play(word)
    return game.is_won()


@pytest.mark.slow  # about 9 CPU-seconds, most of them the Python search's
@pytest.mark.parametrize("game_id, deals", [("parada-1", range(1, 11)), ("parada", range(2, 3))])
def test_PA_the_core_decides_every_deal_the_python_search_decides_and_its_lines_win(game_id, deals):
    decided = 0
    for deal in deals:
        compiled = solve(Game.new(game_id, deal), timeout=None, max_states=CORE_STATES)
        assert compiled.engine == "compiled"
        python = solve(Game.new(game_id, deal), timeout=None, max_states=PYTHON_STATES, engine="python")
        if python.status != "unknown":
            assert compiled.status == python.status, deal
            decided += 1
        if compiled.status == "solved":
            assert replays_to_a_win(game_id, deal, compiled.moves), deal
    assert decided >= len(deals) - 1  # the comparison compared answers (parada-1 4 is unknown to both)


def test_PA_two_deck_deal_2_is_won_by_the_core_with_best_first_turns_and_by_depth_first_alone():
    """Deal 2, which the core's depth-first search alone once lost: with best-first turns the core
    wins it in about 5,400 positions (the Python search in 6,309), and depth-first alone now wins
    it too (about 15,500), since a move between Parada's rows is no card taken back from the
    foundations and every other run tries equal estimates the other way."""
    position = core.position(Game.new("parada", 2))
    both = position.solve(None, 600_000)
    alone = position.solve(None, 600_000, best_first=0)
    assert (both[0], alone[0]) == ("solved", "solved")
    assert both[2] < 10_000
