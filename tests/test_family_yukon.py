"""Yukon and its kin (issue 23, R1), each against its published rules.

Yukon and Russian Solitaire (Morehead and Mott-Smith, "The Complete Book of Solitaire and
Patience Games"; PySolFC), Alaska and Moosehide (PySolFC's rules). All four deal the whole deck
Klondike-fashion with five face-up cards on columns 2-7, move any face-up card with everything
above it, take only kings into empty columns and keep foundation cards home; they differ in what
a card goes on. For each: hand-built positions where named moves are legal and named moves are
refused with their reason, a golden deal (deal 1's cards pinned, G-1), and a won line found once
by `patience solve` (tests/data/<id>/). Russian Solitaire's deals 1-12 have no win at all (the
solver's answer, and a plain search without pruning agreed on deals 1, 3, 5 and 7), so its line
is for deal 40. The random-game properties run over every shipped ruleset in
tests/test_properties.py.
"""

from __future__ import annotations

import pytest
from positions import build, pile, refused, stored_wins

from patience import Game

FAMILY = ["yukon", "russian-solitaire", "alaska", "moosehide"]

GOLDEN_TOPS = {  # deal 1's top cards, columns 1-7
    "yukon": ["7H", "AD", "KH", "9D", "KC", "6C", "3C"],
    "russian-solitaire": ["4S", "4C", "JS", "8C", "8H", "2C", "6S"],
    "alaska": ["2S", "4H", "6H", "JH", "6S", "KD", "5S"],
    "moosehide": ["TS", "5S", "AD", "3H", "5D", "3D", "AC"],
}


def columns(game: Game) -> list[str]:
    return [game.rules.labels[p] for p in game.rules.group_by_id["tableau"].piles]


# What the four share ----------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", FAMILY)
def test_the_whole_deck_is_dealt_with_five_face_up_cards_on_columns_two_to_seven(game_id):
    game = Game.new(game_id, 1)
    labels = columns(game)
    assert [len(pile(game, c)) for c in labels] == [1, 6, 7, 8, 9, 10, 11]
    assert [game.hidden[game.rules.pile_by_label[c]] for c in labels] == [0, 1, 2, 3, 4, 5, 6]
    assert game.rules.stock_pile < 0 and sorted(game.cards()) == list(range(52))
    assert [pile(game, c)[-1] for c in labels] == GOLDEN_TOPS[game_id]


@pytest.mark.parametrize("game_id", FAMILY)
def test_only_a_king_goes_into_an_empty_column_carrying_what_lies_on_it(game_id):
    game = build(game_id, {"1": "", "2": "8C", "3": "KC 5H"}, fill="h1")
    refused(game, "21", "an empty pile in tableau takes only K, not 8♣")
    game.play("31")
    assert pile(game, "1") == ["KC", "5H"]


@pytest.mark.parametrize("game_id", FAMILY)
def test_face_down_cards_stay_and_foundation_cards_stay_home(game_id):
    game = build(game_id, {"1": "9S", "2": "8S | 2D", "3": "", "h1": "AC 2C 3C"}, fill="h4")
    refused(game, "21v2", "2 has 1 face-up card, not 2")
    refused(game, "h12", "cards never leave the foundations \\(h1\\)")


# Yukon ----------------------------------------------------------------------------------------
def test_yukon_any_face_up_card_moves_with_the_unordered_cards_above_it():
    game = build("yukon", {"1": "9S", "2": "8H 2C KD"}, fill="h1")
    game.play("21")  # 8♥ fits on 9♠; 2♣ and K♦ ride along though they are no run
    assert pile(game, "1") == ["9S", "8H", "2C", "KD"] and pile(game, "2") == []


def test_yukon_builds_down_in_alternating_colours():
    game = build("yukon", {"1": "9S", "2": "8C", "3": "9D"}, fill="h1")
    refused(game, "21", "8♣ cannot go on 9♠ \\(tableau: down in alternating colours\\)")
    game.play("23")


# Russian Solitaire ----------------------------------------------------------------------------
def test_russian_solitaire_builds_down_in_suit():
    game = build("russian-solitaire", {"1": "9S", "2": "8H 2C KD", "3": "8S 3D"}, fill="h1")
    refused(game, "21", "K♦ cannot go on 9♠ \\(tableau: down in suit\\)")  # 8♥ is no spade
    game.play("31")
    assert pile(game, "1") == ["9S", "8S", "3D"]


# Alaska ---------------------------------------------------------------------------------------
def test_alaska_builds_up_or_down_in_suit_without_wrapping():
    game = build("alaska", {"1": "AS", "2": "KS", "3": "7S", "4": "8S 2D", "5": "9S", "6": "8H"}, fill="h1")
    refused(game, "12", "A♠ cannot go on K♠ \\(tableau: up or down in suit\\)")
    refused(game, "21", "K♠ cannot go on A♠")
    refused(game, "65", "8♥ cannot go on 9♠")
    game.play("43")  # 8♠ up on 7♠
    game.play("35")  # 8♠ down on 9♠, with 2♦ on it
    assert pile(game, "5") == ["9S", "8S", "2D"] and pile(game, "3") == ["7S"]


# Moosehide ------------------------------------------------------------------------------------
def test_moosehide_builds_down_in_any_suit_but_its_own():
    game = build("moosehide", {"1": "9S", "2": "8S", "3": "8C 4H", "4": "9D", "5": "8D"}, fill="h1")
    refused(game, "21", "8♠ cannot go on 9♠ \\(tableau: down in another suit\\)")
    refused(game, "54", "8♦ cannot go on 9♦")
    game.play("31")  # 8♣ on 9♠: the same colour is allowed, only the same suit is not
    assert pile(game, "1") == ["9S", "8C", "4H"]


# Won games ------------------------------------------------------------------------------------
WON = stored_wins(FAMILY)


def test_every_game_has_a_won_line():
    assert sorted({path.parent.name for path in WON}) == sorted(FAMILY)
