"""A later win class (CZ-4's second class, `solver.classes`): a line that ends the game in it,
replayed through the engine; `unsolvable` only where no such end is reachable."""

from __future__ import annotations

import pytest
from positions import build

from patience import Game
from patience.solver import solve
from patience.solver.classes import GOES_ON, class_game, class_ids, solve_class


def cz(piles: dict[str, str]) -> Game:
    return build("czternastki", piles, fill="x")


def ends_in(game: Game, moves: list[str]) -> str | None:
    replay = game.copy()
    for move in moves:
        replay.play(move)
    return replay.win_class()


def test_CZ4_a_second_class_win_is_found_and_ends_the_game_there():
    # Three 2s in the north arm (na1-nb1 and nb1-nc1 touch), one card alone in each other arm: a
    # pair goes, and the close-up brings the last cards next to the centre. No first class: 2♠ alone.
    game = cz({"na1": "2C", "nb1": "2D", "nc1": "2H", "eb2": "3C", "sa2": "4C", "wa1": "5C"})
    assert class_ids(game) == ["first", "second"]
    assert solve(game, timeout=10).status == "unsolvable"
    result = solve_class(game, "second", timeout=10)
    assert result.status == "solved" and result.moves[-1] == "c"  # finished by the close-up
    assert ends_in(game, result.moves) == "second"


def test_CZ4_a_class_that_holds_while_the_game_goes_on_is_no_win():
    # One card in each arm, but the close-up must refill the north arm with the 9♠: two cards
    # there, no pair, lost. The class search stops where the class holds; the finish finds no
    # end in it, so the answer is unknown, never solved (from a deal one card in each arm means
    # the four stock cards are out, one into each arm: an odd count needs an odd refill).
    game = cz({"na1": "2C", "ea1": "3C", "sa2": "4C", "wa1": "5C", "t": "9S |"})
    result = solve_class(game, "second", timeout=10)
    assert result.status == "unknown" and result.reason == GOES_ON and not result.moves


def test_CZ4_the_second_class_stays_unsolvable_when_the_last_pair_is_out_of_reach():
    # North holds 2♣ and 3♦ that never pair: two cards stay there whatever is played.
    game = cz({"na1": "2C", "nb1": "3D", "eb2": "3C", "sa2": "4C", "wa1": "5C"})
    assert solve_class(game, "second", timeout=10).status == "unsolvable"


@pytest.mark.parametrize("deal", [5, 10, 16])
def test_CZ4_whole_deals_without_a_second_class_win_agree_with_the_python_search(deal):
    game = Game.new("czternastki", deal)
    assert solve_class(game, "second", timeout=30).status == "unsolvable"
    assert solve(class_game(game, "second"), timeout=60, engine="python").status == "unsolvable"


def test_the_first_class_is_the_plain_solve_and_an_unknown_class_is_refused():
    game = cz({"na1": "7H", "nb2": "7S"})
    assert solve_class(game, "first", timeout=5).moves == solve(game, timeout=5).moves == ["na1+nb2"]
    with pytest.raises(ValueError, match="has no win class 'third'; its classes: first, second"):
        solve_class(game, "third")
    assert class_ids(Game.new("klondike", 1)) == ["won"]
    with pytest.raises(ValueError, match="klondike has one way to win"):
        solve_class(Game.new("klondike", 1), "second")
