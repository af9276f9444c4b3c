"""Games of no larger family (Aces Up, Accordion) against their published rules: what may go
out or move by position, what is refused and why, golden deals and won games."""

from __future__ import annotations

import pytest
from positions import DATA, build, notations, pile, replays_to_win, solution_words

from patience import Game, IllegalMove


# Aces Up --------------------------------------------------------------------------------------
def aces_up(piles: dict[str, str]) -> Game:
    """An Aces Up position; every card not named lies face down in the stock."""
    return build("aces-up", piles, fill="s", fill_face_down=True)


def test_aces_up_golden_deal_four_cards_and_a_stock_of_48():
    game = Game.new("aces-up", 1)
    assert [pile(game, n) for n in "1234"] == [["5C"], ["7S"], ["6C"], ["KH"]]
    assert len(pile(game, "s")) == 48 and not pile(game, "x")


def test_aces_up_a_card_goes_out_while_a_higher_one_of_its_suit_is_on_top_elsewhere():
    game = aces_up({"1": "5C", "2": "9C", "3": "KH", "4": "AH"})
    assert {"1+", "3+"} <= set(notations(game))  # 5♣ under 9♣; K♥ under A♥, aces high
    game.play("3+")
    assert pile(game, "x") == ["KH"]


def test_aces_up_refuses_a_card_with_no_higher_one_of_its_suit_on_top_and_never_an_ace():
    # 2♦ lies under 9♦ in its own pile: only other piles' top cards count.
    game = aces_up({"1": "9D 2D", "2": "KS", "3": "AH", "4": "QC"})
    for label in "1234":
        assert f"{label}+" not in notations(game)
    with pytest.raises(IllegalMove, match="only while a higher card of its suit lies on top of another pile"):
        game.play("1+")
    with pytest.raises(IllegalMove, match="only while a higher card of its suit"):
        game.play("3+")  # the ace of hearts: nothing ranks above it


def test_aces_up_a_top_card_moves_only_into_an_empty_pile():
    game = aces_up({"1": "5C", "2": "9D", "3": "KH", "4": ""})
    assert "14" in notations(game)
    with pytest.raises(IllegalMove):
        game.play("12")  # nothing is built on a card
    game.play("14")
    assert pile(game, "4") == ["5C"] and not pile(game, "1")


def test_aces_up_the_stock_deals_one_card_onto_each_pile_empty_ones_too():
    game = aces_up({"1": "5C", "2": "9D", "3": "KH", "4": ""})
    game.play("s")
    assert [len(pile(game, n)) for n in "1234"] == [2, 2, 2, 1]


def test_aces_up_won_when_only_the_four_aces_are_left():
    near = aces_up({"1": "AC", "2": "AD", "3": "AH KS", "4": "AS", "x": "| " + " ".join(
        f"{r}{s}" for s in "CDH" for r in "23456789TJQK") + " " + " ".join(f"{r}S" for r in "23456789TJQ")})
    assert near.status() != "won"
    near.play("3+")  # the king of spades under the ace of spades
    assert near.status() == "won"


def test_aces_up_deal_1_won_by_the_stored_line():
    assert replays_to_win("aces-up", 1, solution_words(DATA / "aces-up" / "deal-1.txt"))
