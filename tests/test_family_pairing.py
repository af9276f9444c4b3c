"""The pairing family (Monte Carlo, Fourteen Out) against their published rules: sets of free
cards go out together; what pairs, what must touch, what is refused and why."""

from __future__ import annotations

import pytest
from positions import build, notations, pile, refused, stored_wins

from patience import Game, IllegalMove
from patience.engine.moves import CLOSE_UP, REMOVE


# Monte Carlo ----------------------------------------------------------------------------------
def monte(piles: dict[str, str]) -> Game:
    """A Monte Carlo position; every card not named lies out of play on x."""
    return build("monte-carlo", piles, fill="x")


def test_monte_carlo_golden_deal_five_rows_of_five_and_27_in_the_stock():
    game = Game.new("monte-carlo", 1)
    assert [pile(game, c) for c in ("a1", "b1", "c1", "d1", "e1")] == [["5S"], ["4S"], ["KD"], ["KS"], ["AH"]]
    assert len(game.piles[game.rules.pile_by_label["t"]]) == 27


def test_monte_carlo_pairs_of_a_rank_touching_by_a_side_or_a_corner_go_out():
    game = monte({"a1": "7H", "b2": "7S", "c1": "QD", "d1": "QC"})
    assert {"a1+b2", "c1+d1"} <= set(notations(game))
    game.play("b2+a1")
    assert not pile(game, "a1") and not pile(game, "b2") and pile(game, "x")[-2:] == ["7H", "7S"]


def test_monte_carlo_refuses_cards_that_do_not_touch_or_differ_in_rank():
    game = monte({"a1": "7H", "c1": "7S", "a2": "8D", "c3": "8C", "e5": "9C", "d5": "TC"})
    assert not [m for m in game.legal_moves() if m[1] == REMOVE]
    refused(game, "a1+c1", "a1 and c1 do not touch")
    refused(game, "d5+e5", "not of the same rank")


def test_monte_carlo_closes_up_in_reading_order_and_refills_from_the_stock():
    game = monte({"a1": "7H", "c1": "QD", "a2": "2S", "t": "KC 3D |"})
    game.play("c")
    assert [pile(game, c) for c in ("a1", "b1", "c1", "d1", "e1")] == [["7H"], ["QD"], ["2S"], ["3D"], ["KC"]]
    assert not pile(game, "t")
    game.undo()
    assert pile(game, "c1") == ["QD"] and pile(game, "t") == ["KC", "3D"]


def test_monte_carlo_close_up_refused_when_it_changes_nothing():
    game = monte({"a1": "7H", "b1": "QD"})
    assert not [m for m in game.legal_moves() if m[1] == CLOSE_UP]
    refused(game, "c", "change nothing")


# Fourteen Out ---------------------------------------------------------------------------------
def fourteen(piles: dict[str, str]) -> Game:
    return build("fourteen-out", piles, fill="x")


def test_fourteen_out_golden_deal_four_piles_of_five_then_eight_of_four():
    game = Game.new("fourteen-out", 1)
    assert pile(game, "a") == ["4S", "2C", "7S", "TH", "AH"]
    assert [len(pile(game, label)) for label in "abcdefghijkl"] == [5] * 4 + [4] * 8


@pytest.mark.parametrize("first, second", [("AH", "KS"), ("2C", "QD"), ("3D", "JC"), ("4S", "TH"), ("7C", "7D")])
def test_fourteen_out_two_top_cards_adding_up_to_14_go_out(first, second):
    game = fourteen({"a": first, "k": second})
    assert notations(game) == ["a+k"]
    game.play("k+a")
    assert not pile(game, "a") and not pile(game, "k")


def test_fourteen_out_refuses_other_sums_single_cards_and_cards_under_the_top():
    game = fourteen({"a": "6H KC", "b": "8S 9D"})  # 6+8 lies under the tops: no move
    assert notations(game) == []
    refused(game, "a+b", "do not add up to 14")
    refused(game, "a+", "cannot be removed alone")
    with pytest.raises(IllegalMove):
        game.play("ab")  # cards never move from pile to pile
    assert game.status() == "lost"


# Won games (replayed in test_stored_wins.py) ------------------------------------------------
def test_these_games_have_a_stored_winning_line():
    games = ["monte-carlo", "fourteen-out"]
    assert {p.parent.name for p in stored_wins(games)} == set(games)
