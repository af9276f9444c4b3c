"""The Forty Thieves family, each game against its published rules (Morehead and Mott-Smith, Parlett,
PySolFC's rules pages; each ruleset's header names its source).

Forty Thieves, Josephine, Lucas, Limited, Maria, Indian, Number Ten, Rank and File, Red and Black
and Gypsy: hand-built positions where the named moves must be legal and the named moves must be
refused (the reason checked), a golden deal (the first cards of deal 1, so deals never change) and
a won game replayed (a solver's line stored under tests/data/<id>/, or a hand-built near-won
position played out). The random-game properties run over these rulesets in test_properties.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from positions import build, notations, pile, refused

from patience import Game

DATA = Path(__file__).parent / "data"
FAMILY = ["forty-thieves", "josephine", "lucas", "limited", "maria", "indian", "number-ten",
          "rank-and-file", "red-and-black", "gypsy"]


def game_at(name: str, piles: dict[str, str]) -> Game:
    """A position of ``name``; every card not named lies on foundation h8, out of the way (its top
    card, a king, takes nothing)."""
    return build(name, piles, fill="h8")


# Forty Thieves ------------------------------------------------------------------------------
def test_forty_thieves_builds_down_in_suit_and_refuses_another_suit_or_rank():
    game = game_at("forty-thieves", {"1": "9S", "2": "8S", "3": "8H", "4": "7S"})
    refused(game, "31", r"8♥ cannot go on 9♠ \(tableau: down in suit\)")
    refused(game, "41", r"7♠ cannot go on 9♠")
    game.play("21")
    game.play("41")
    assert pile(game, "1") == ["9S", "8S", "7S"]


def test_forty_thieves_moves_one_card_at_a_time_never_a_run():
    game = game_at("forty-thieves", {"1": "9S 8S", "2": "TS", "3": ""})
    refused(game, "12v2", "only the top card of 1 moves")
    refused(game, "13v2", "only the top card of 1 moves")
    assert "13" in notations(game) and "13v2" not in notations(game)


def test_forty_thieves_any_card_fills_a_space_from_columns_or_waste():
    game = game_at("forty-thieves", {"1": "5D", "2": "", "3": "", "w": "QC", "s": "KD |"})
    game.play("12")
    game.play("w3")
    assert pile(game, "2") == ["5D"] and pile(game, "3") == ["QC"]


def test_forty_thieves_foundations_take_an_ace_then_up_in_suit_and_never_give_back():
    game = game_at("forty-thieves", {"1": "AH", "2": "2H", "3": "2D", "4": "3H"})
    refused(game, "2h", "takes only A")
    game.play("1h")
    refused(game, "3h", r"2♦ cannot go on A♥")
    game.play("2h")
    game.play("4h")
    assert pile(game, "h1") == ["AH", "2H", "3H"]
    refused(game, "h11", "cards never leave the foundations")


def test_forty_thieves_stock_turns_one_card_at_a_time_and_goes_round_once():
    game = game_at("forty-thieves", {"s": "7C 3D |", "1": "4C"})
    game.play("s")
    assert pile(game, "w") == ["3D"]
    refused(game, "w1", r"3♦ cannot go on 4♣")
    game.play("s")
    assert pile(game, "w") == ["3D", "7C"] and pile(game, "s") == []
    refused(game, "s", "no redeals left")
    refused(game, "w1", r"7♣ cannot go on 4♣")


def test_forty_thieves_only_the_top_waste_card_plays():
    game = game_at("forty-thieves", {"w": "6H 9C", "1": "7H", "2": "TC"})
    refused(game, "w1", r"9♣ cannot go on 7♥")
    game.play("w2")
    game.play("w1")
    assert pile(game, "w") == []


def test_forty_thieves_is_also_found_as_napoleon_at_st_helena():
    assert Game.new("napoleon-at-st-helena", 1).ruleset.id == "forty-thieves"


# Josephine ----------------------------------------------------------------------------------
def test_josephine_moves_a_run_in_suit_whole_or_its_upper_part():
    game = game_at("josephine", {"1": "TS 9S 8S", "2": "JS", "3": "9H", "4": ""})
    game.play("12v3")
    assert pile(game, "2") == ["JS", "TS", "9S", "8S"]
    game.play("24v2")
    assert pile(game, "4") == ["9S", "8S"] and pile(game, "2") == ["JS", "TS"]


def test_josephine_refuses_a_run_that_is_not_in_suit_and_an_off_suit_build():
    game = game_at("josephine", {"1": "9H 8S", "2": "TH", "3": "9D"})
    refused(game, "12v2", "the top 2 cards of 1 are not a run that moves together")  # 9♥ 8♠: no run in suit
    refused(game, "32", r"9♦ cannot go on 10♥ \(tableau: down in suit\)")


def test_josephine_deals_the_forty_thieves_cards():
    assert Game.new("josephine", 5).piles == Game.new("forty-thieves", 5).piles


# Lucas ----------------------------------------------------------------------------------------
def test_lucas_puts_all_eight_aces_out_and_deals_thirteen_columns_of_three():
    game = Game.new("lucas", 3)
    assert [pile(game, f"h{i}") for i in range(1, 9)] == [["AC"], ["AD"], ["AH"], ["AS"]] * 2
    assert [len(pile(game, f"{i:02}")) for i in range(1, 14)] == [3] * 13
    assert len(pile(game, "s")) == 104 - 8 - 39 and not any(game.hidden[p] for p in range(len(game.piles)) if p != game.rules.stock_pile)


def test_lucas_one_card_at_a_time_in_suit_on_two_digit_columns():
    game = game_at("lucas", {"h1": "AC", "01": "9S 8S", "02": "TS", "03": "2C", "13": "8D"})
    refused(game, "0102v2", "only the top card of 01 moves")
    refused(game, "1302", r"8♦ cannot go on 8♠|8♦ cannot go on 10♠")
    game.play("03h")
    game.play("0112")
    assert pile(game, "12") == ["8S"] and pile(game, "h1") == ["AC", "2C"]


# Limited --------------------------------------------------------------------------------------
def test_limited_deals_twelve_columns_of_three_face_up():
    game = Game.new("limited", 2)
    assert [len(pile(game, f"{i:02}")) for i in range(1, 13)] == [3] * 12
    assert len(pile(game, "s")) == 68 and not any(pile(game, f"h{i}") for i in range(1, 9))


def test_limited_builds_down_in_suit_one_card_at_a_time():
    game = game_at("limited", {"01": "5C 6C", "02": "7C", "03": "6D", "04": "7D 6D"})
    refused(game, "0402v2", "only the top card of 04 moves")
    refused(game, "0302", r"6♦ cannot go on 7♣")
    game.play("0102")
    game.play("0102")  # the 5♣ follows onto the 6♣
    assert pile(game, "02") == ["7C", "6C", "5C"] and pile(game, "01") == []


# Maria -------------------------------------------------------------------------------------------
def test_maria_deals_nine_columns_of_four_and_builds_in_alternating_colours():
    game = Game.new("maria", 1)
    assert [len(pile(game, str(i))) for i in range(1, 10)] == [4] * 9
    game = game_at("maria", {"1": "9S", "2": "8H", "3": "8C", "4": "7D 6C"})
    refused(game, "31", r"8♣ cannot go on 9♠ \(tableau: down in alternating colours\)")
    game.play("21")
    refused(game, "41v2", "only the top card of 4 moves")


# Indian ----------------------------------------------------------------------------------------
def test_indian_builds_down_in_any_suit_but_the_cards_own():
    game = game_at("indian", {"1": "7H", "2": "7C", "3": "6C", "4": "6S"})
    refused(game, "32", r"6♣ cannot go on 7♣ \(tableau: down in another suit\)")
    game.play("42")  # a black 6 on a black 7 of another suit: colour does not matter
    game.play("31")
    assert pile(game, "1") == ["7H", "6C"] and pile(game, "2") == ["7C", "6S"]


def test_indian_deals_one_card_down_and_two_up_and_an_uncovered_card_turns_up():
    game = Game.new("indian", 1)
    columns = game.rules.group_by_id["tableau"].piles
    assert all(len(game.piles[p]) == 3 and game.hidden[p] == 1 for p in columns)
    game = game_at("indian", {"1": "KH | 9D", "2": "TS"})
    game.play("12")
    assert game.hidden[game.rules.pile_by_label["1"]] == 0 and pile(game, "1") == ["KH"]


# Number Ten and Rank and File ---------------------------------------------------------------------
@pytest.mark.parametrize("name, down, up", [("number-ten", 2, 2), ("rank-and-file", 3, 1)])
def test_deals_ten_columns_of_four_with_the_given_cards_face_down(name, down, up):
    game = Game.new(name, 1)
    columns = game.rules.group_by_id["tableau"].piles
    assert all(len(game.piles[p]) == down + up and game.hidden[p] == down for p in columns)
    assert len(pile(game, "s")) == 64


@pytest.mark.parametrize("name", ["number-ten", "rank-and-file"])
def test_runs_in_alternating_colours_move_as_a_unit_and_others_are_refused(name):
    game = game_at(name, {"1": "AD | 9H 8S 7D", "2": "TC", "3": "TS", "4": "9C 8D 7S"})
    refused(game, "43v3", r"9♣ cannot go on 10♠ \(tableau: down in alternating colours\)")
    game = game_at(name, {"1": "AD | 9H 8S 7D", "2": "TC", "3": "9D 9S"})
    game.play("12v3")
    assert pile(game, "2") == ["TC", "9H", "8S", "7D"]
    assert pile(game, "1") == ["AD"] and game.hidden[game.rules.pile_by_label["1"]] == 0
    refused(game, "32v2", "the top 2 cards of 3 are not a run that moves together")  # 9♦ 9♠


# Red and Black ----------------------------------------------------------------------------------
def test_red_and_black_puts_the_eight_aces_out_and_deals_one_card_to_each_column():
    game = Game.new("red-and-black", 1)
    assert [pile(game, f"h{i}") for i in range(1, 9)] == [["AC"], ["AD"], ["AH"], ["AS"]] * 2
    assert [len(pile(game, str(i))) for i in range(1, 9)] == [1] * 8 and len(pile(game, "s")) == 88


def test_red_and_black_foundations_build_up_in_alternating_colours_not_in_suit():
    game = game_at("red-and-black", {"h1": "AS", "1": "2S", "2": "2H", "3": "3C", "4": "3D"})
    refused(game, "1h1", r"2♠ cannot go on A♠ \(foundations: up in alternating colours\)")
    game.play("2h1")
    refused(game, "4h1", r"3♦ cannot go on 2♥")
    game.play("3h1")
    assert pile(game, "h1") == ["AS", "2H", "3C"]


def test_red_and_black_moves_runs_in_alternating_colours_onto_columns():
    game = game_at("red-and-black", {"1": "9H 8S", "2": "TC", "3": "TH"})
    refused(game, "13v2", r"9♥ cannot go on 10♥")
    game.play("12v2")
    assert pile(game, "2") == ["TC", "9H", "8S"]


# Gypsy -------------------------------------------------------------------------------------------
def test_gypsy_deals_eight_columns_two_down_one_up_and_80_in_the_stock():
    game = Game.new("gypsy", 1)
    columns = game.rules.group_by_id["tableau"].piles
    assert all(len(game.piles[p]) == 3 and game.hidden[p] == 2 for p in columns)
    assert len(pile(game, "s")) == 80 and game.rules.waste_pile < 0


def test_gypsy_stock_deals_one_card_onto_every_column_including_empty_ones():
    stock = "2C 3C 4C 5C 6C 7C 8C 9C"
    game = game_at("gypsy", {"s": f"{stock} |", "1": "KD", "2": ""})
    game.play("s")
    tops = [pile(game, str(i))[-1] for i in range(1, 9)]
    assert sorted(tops) == sorted(stock.split()) and pile(game, "2") and pile(game, "s") == []
    refused(game, "s", "this stock is never turned over again")  # no redeal


def test_gypsy_moves_runs_in_alternating_colours_and_refuses_same_colour():
    game = game_at("gypsy", {"1": "8S 7H 6S", "2": "9D", "3": "9C", "4": "7D", "5": "KH QD | 5D"})
    refused(game, "13v3", r"8♠ cannot go on 9♣ \(tableau: down in alternating colours\)")
    game.play("12v3")
    assert pile(game, "2") == ["9D", "8S", "7H", "6S"]
    refused(game, "42", r"7♦ cannot go on 6♠")
    game.play("52")  # the 5♦ goes, and the queen under it turns up
    assert game.hidden[game.rules.pile_by_label["5"]] == 1 and pile(game, "5") == ["KH", "QD"]


def test_gypsy_a_foundation_card_may_come_back_onto_a_column():
    game = game_at("gypsy", {"h1": "AS 2S 3S", "1": "4D", "2": "4H"})
    game.play("h1")
    assert pile(game, "1") == ["4D", "3S"] and pile(game, "h1") == ["AS", "2S"]


# Every game of the family -------------------------------------------------------------------------
GOLDEN = {  # deal 1: the cards of columns (bottom first) and the stock's next three (top last)
    "forty-thieves": {"1": "9C 5S 9S TH", "2": "5C JC 6S 8S", "s": "AH AS 4D"},
    "josephine": {"1": "9C 5S 9S TH", "2": "5C JC 6S 8S", "s": "AH AS 4D"},
    "lucas": {"01": "2D TS KC", "02": "4H QS JS", "s": "6D 8H JH"},
    "limited": {"01": "QH 6S 2C", "02": "3S 4C AS", "s": "6H 8D 7S"},
    "maria": {"1": "8C 2S 6S KC", "2": "2D 4H JH 7H", "s": "QD AS JD"},
    "indian": {"1": "4H JS 8C", "2": "AS 9D KD", "s": "8D 3C TD"},
    "number-ten": {"1": "QH AS 3S 7H", "2": "QC JD TC 9H", "s": "4C 2D QD"},
    "rank-and-file": {"1": "3S 5D TC 5D", "2": "3S JH 4C 2S", "s": "AD 2S 6S"},
    "red-and-black": {"1": "9D", "2": "4H", "s": "2C TS 6D"},
    "gypsy": {"1": "8H 3S KC", "2": "7D JS 5H", "s": "QD TC JS"},
}


@pytest.mark.parametrize("name", FAMILY)
def test_golden_deal_1(name):
    game = Game.new(name, 1)
    for label, cards in GOLDEN[name].items():
        got = pile(game, label)
        assert " ".join(got[-3:] if label == "s" else got) == cards, f"{name} deal 1, pile {label}"
    assert sorted(game.cards()) == sorted(list(range(52)) * 2)  # every card of both decks, once


def test_golden_deals_cover_the_whole_family():
    assert sorted(GOLDEN) == sorted(FAMILY)
    for name in FAMILY:
        assert Game.new(name, 1).ruleset.family == "forty-thieves"


def near_won(name: str, layout: dict[str, str]) -> Game:
    """The foundations hold every card but those in ``layout`` (kings and queens, taken off the top
    of the foundations, h1..h4 and h5..h8 each one deck's clubs, diamonds, hearts, spades; in Red
    and Black clubs with diamonds and hearts with spades, alternating); nothing else lies anywhere."""
    alternate = Game.new(name, 1).ruleset.piles["foundations"].build.suit == "alternate-colour"
    pairs = [("C", "D"), ("D", "C"), ("H", "S"), ("S", "H")] * 2  # Red and Black's colours alternate
    foundations = [[rank + (pair[i % 2] if alternate else pair[0]) for i, rank in enumerate("A23456789TJQK")]
                   for pair in pairs]
    left = sorted((w for text in layout.values() for w in text.split()), key=lambda w: "QK".find(w[0]), reverse=True)
    for word in left:  # kings first, so that a queen is on top when its turn comes
        next(f for f in foundations if f and f[-1] == word).pop()
    piles = {**layout, **{f"h{i + 1}": " ".join(f) for i, f in enumerate(foundations)}}
    lines = [f"game: {name}"] + [f"pile {label}: {piles.get(label, '') if '|' in piles.get(label, '') else '| ' + piles.get(label, '')}"
                                 for label in Game.new(name, 1).rules.labels]
    return Game.from_position("\n".join(lines) + "\n", name)


@pytest.mark.parametrize("name", [n for n in FAMILY if not any((DATA / n).glob("deal-*.txt"))])
def test_a_near_won_position_is_won_by_its_last_moves(name):
    """Games the solver cannot win quickly: kings and queens left in the layout, won by hand."""
    rules = Game.new(name, 1).rules
    one, two, three = (rules.labels[p] for p in rules.group_by_id["tableau"].piles[:3])
    game = near_won(name, {one: "KH QS", two: "KS", three: "QH"})
    refused(game, f"{two}h", r"K♠ cannot go on")  # the queen first
    for move in [f"{one}h", f"{three}h", f"{one}h", f"{two}h"]:
        assert not game.is_won()
        game.play(move)
    assert game.is_won() and game.status() == "won"

