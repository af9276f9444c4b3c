"""The carpets (Kwadratura Koła, Dywan) searched by the compiled core: its `solved` lines play
to wins through `Game.play`, and its answers agree with the Python search's wherever that one
decides. The positions are endings made from a deal by building the foundations up with cards
taken from wherever they lie (`ending`), so that small budgets decide them both ways."""

from __future__ import annotations

import pytest
from positions import carpet_ending, plays_to_win

from patience import core
from patience.engine.game import Game
from patience.solver import solve

pytestmark = pytest.mark.skipif(core._search is None, reason="the compiled core is not built (test_core checks it is)")

CARPETS = ("kwadratura-kola", "dywan")


def test_the_carpets_are_searched_by_the_compiled_core():
    for game_id in CARPETS:
        game = Game.new(game_id, 1)
        assert core.why_not(game.rules) is None
        assert solve(game, max_states=10).engine == "compiled"


@pytest.mark.parametrize("game_id, deal", [("kwadratura-kola", 13), ("dywan", 2)])
def test_the_core_wins_a_whole_deal_and_the_line_plays_through_game_play(game_id, deal):
    # Kwadratura Koła deal 13 is won within a few hundred positions, Dywan deal 2 within a few
    # thousand (the first Dywan deal any search here decided).
    game = Game.new(game_id, deal)
    result = solve(game, max_states=50_000)
    assert result.engine == "compiled" and result.status == "solved"
    assert plays_to_win(game.copy(), result.moves)


# (game, deal, cards left outside the foundations): endings of both answers at small budgets.
ENDINGS = [("kwadratura-kola", deal, left) for deal in (1, 2, 3) for left in (36, 44)] + [
    ("dywan", deal, left) for deal in (1, 2, 3) for left in (12, 20, 24)]


@pytest.mark.parametrize("game_id", CARPETS)
def test_core_answers_agree_with_the_python_search_and_its_wins_replay(game_id):
    answers: dict[tuple[str, str], int] = {}
    for _game, deal, left in (case for case in ENDINGS if case[0] == game_id):
        for seed in (deal * 100 + left, deal * 100 + left + 1):
            game = carpet_ending(game_id, deal, left, seed)
            compiled = solve(game, max_states=50_000)
            python = solve(game, max_states=1_000, engine="python")
            assert compiled.engine == "compiled" and python.engine == "python"
            if compiled.status == "solved":
                assert plays_to_win(game.copy(), compiled.moves), (deal, left, seed)
            if "unknown" not in (compiled.status, python.status):
                assert compiled.status == python.status, (deal, left, seed)
            answers[compiled.status, python.status] = answers.get((compiled.status, python.status), 0) + 1
    # Both answers were compared, and the core decides what the Python search decides.
    assert answers.get(("solved", "solved"), 0) >= 5 and answers.get(("unsolvable", "unsolvable"), 0) >= 1, answers
    assert not [pair for pair in answers if pair[1] != "unknown" and pair[0] == "unknown"], answers
