"""Calculation, against its published rules (Morehead and Mott-Smith's Hoyle, Parlett's Penguin Book
of Patience; the ruleset's header names them).

An ace, a two, a three and a four of any suits are put out first (`prefill_suit: first`: the first
card of each rank in the shuffled deck); the four foundations are built by ones, twos, threes and
fours regardless of suit, round the corner to thirteen cards; each stock card is played home or
onto a waste pile before the next is turned; a waste pile's top card goes home only. The solver
wins no deal within seconds, so the won game is a hand-built near-won position played out.
"""

from __future__ import annotations

import pytest
from positions import build, pile, refused

from patience import Game
from patience.cards import RANK
from patience.deals import shuffled_deck


def test_golden_deal_1():
    game = Game.new("calculation", 1)
    assert [pile(game, f"h{i}") for i in range(1, 5)] == [["AS"], ["2H"], ["3C"], ["4H"]]
    assert pile(game, "s")[-3:] == ["AH", "KD", "JD"] and len(pile(game, "s")) == 48
    assert game.ruleset.family == "calculation"


@pytest.mark.parametrize("deal", [1, 2, 3, 77, 1000])
def test_the_first_ace_two_three_and_four_of_the_shuffled_deck_start_the_foundations(deal):
    deck = shuffled_deck("patience", "calculation", deal, 1)
    game = Game.new("calculation", deal)
    for rank in range(1, 5):
        first = next(c for c in deck if RANK[c] == rank)
        assert game.piles[game.rules.pile_by_label[f"h{rank}"]] == [first]
    stock = game.piles[game.rules.stock_pile]
    assert sorted(game.cards()) == list(range(52)) and len(stock) == 48


def position(piles: dict[str, str]) -> Game:
    return build("calculation", piles, fill="s", fill_face_down=True)


def test_each_stock_card_is_played_before_the_next_is_turned():
    game = position({"h1": "AS", "h2": "2H", "h3": "3C", "h4": "4H", "t": "9C"})
    refused(game, "s", r"t holds at most 1 card")
    game.play("t3")  # any card onto any waste pile
    game.play("s")


def test_the_foundations_build_by_their_own_step_whatever_the_suit():
    game = position({"h1": "AS", "h2": "2H", "h3": "3C", "h4": "4H", "1": "4C", "2": "3D", "3": "6S", "4": "8D"})
    refused(game, "2-h2", r"3♦ cannot go on 2♥ \(twos: up by 2")
    game.play("1h2")  # 4♣ on 2♥: the twos go by two
    game.play("3h3")  # 6♠ on 3♣: the threes go by three
    game.play("4h4")  # 8♦ on 4♥: the fours go by four
    refused(game, "2h1", r"3♦ cannot go on A♠")


def test_a_waste_card_goes_home_only():
    game = position({"h1": "AS", "h2": "2H", "h3": "3C", "h4": "4H", "1": "9C", "2": "TD"})
    refused(game, "12", r"cards from the wastes go only to: ones, twos, threes, fours")
    refused(game, "1t", r"cards from the wastes go only to")


NEAR_WON = {  # every foundation one king short, the kings on the waste piles
    "h1": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC",
    "h2": "2D 4D 6D 8D TD QD AD 3D 5D 7D 9D JD",
    "h3": "3H 6H 9H QH 2H 5H 8H JH AH 4H 7H TH",
    "h4": "4S 8S QS 3S 7S JS 2S 6S TS AS 5S 9S",
    "1": "KC", "2": "KD", "3": "KH",
}


def test_a_near_won_game_is_won_by_sending_the_kings_home_round_the_corner():
    game = position(NEAR_WON)  # the fourth king is the stock's one card
    assert game.status() == "in progress"
    refused(game, "1h", r"could mean several moves: 1h1, 1h2, 1h3, 1h4")  # every foundation takes a king
    for move in ("1h1", "2h2", "3h3", "s"):
        assert not game.is_won()
        game.play(move)
    game.play("th")  # only the fours are left to take it
    assert game.is_won() and game.status() == "won"
    assert [len(pile(game, f"h{i}")) for i in range(1, 5)] == [13] * 4
