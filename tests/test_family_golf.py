"""The golf family (Golf, All in a Row, TriPeaks, Black Hole, Binary Star) against their published
rules: cards go to one pile a rank up or down whatever the suit; what wraps, what is free, what is
refused and why."""

from __future__ import annotations

from collections import Counter

import pytest
from positions import build, notations, pile, refused, stored_wins

from patience import Game
from patience.cards import card_str, parse_card
from patience.render.board import render
from patience.deals import suited_deck


# Golf -----------------------------------------------------------------------------------------
def golf(piles: dict[str, str]) -> Game:
    """A Golf position; every card not named lies face down in the stock."""
    return build("golf", piles, fill="s", fill_face_down=True)


def test_golf_golden_deal_seven_columns_of_five_and_a_waste_card():
    game = Game.new("golf", 1)
    assert pile(game, "1") == ["3C", "7S", "3H", "9C", "AD"] and pile(game, "w") == ["9S"]
    assert all(len(pile(game, str(n))) == 5 for n in range(1, 8)) and len(pile(game, "s")) == 16


@pytest.mark.parametrize("top, waste", [("8D", "9S"), ("TC", "9S"), ("QH", "KD"), ("2S", "AC")])
def test_golf_a_column_top_one_rank_up_or_down_goes_on_the_waste_whatever_its_suit(top, waste):
    game = golf({"1": top, "w": waste})
    assert "1w" in notations(game)


def test_golf_refuses_other_ranks_no_wrap_and_moves_between_columns():
    game = golf({"1": "KD", "2": "QC", "3": "5H 8S", "w": "AS"})
    refused(game, "1w", "cannot go on A")  # no wrap from ace to king
    refused(game, "21", "go only to: waste")
    refused(game, "3w", "cannot go on A")  # only the top card of a column, 8S, is in play


def test_golf_the_stock_goes_round_once_and_the_win_needs_only_the_columns_cleared():
    game = golf({"1": "8C", "w": "7D"})
    game.play("1w")
    assert game.status() == "won" and len(pile(game, "s")) > 0
    empty = build("golf", {"1": "8C", "w": "2D", "s": "3H |"}, fill="7")
    empty.play("s")
    assert "s" not in notations(empty)  # one pass: nothing to turn back


def test_golf_one_way_to_win_is_not_named_as_a_class_in_the_rules_or_the_end_message():
    """A win class is named only to tell it from another (CZ-4's first and second): Golf's one
    `classes` entry, id `won`, once read "Won (won)" and, in Polish, "Wygrana wygrana"."""
    from patience.ruleset.describe import rules_text
    from patience.session.session import Session, Settings

    ruleset = Game.new("golf", 1).ruleset
    english, polish = rules_text(ruleset, "en"), rules_text(ruleset, "pl")
    assert "- You win when exactly 0 cards are left in: tableau." in english and "Won (" not in english
    assert "- Wygrywasz, gdy dokładnie 0 kart zostaje w: kolumny." in polish and "Wygrana wygrana" not in polish
    session = Session(golf({"1": "8C", "w": "7D"}), Settings(autoplay=False))
    lines = session.handle("1w").lines
    assert any(line.startswith("You won deal") for line in lines) and not any("Won (" in line for line in lines)


# All in a Row ---------------------------------------------------------------------------------
def row(piles: dict[str, str]) -> Game:
    return build("all-in-a-row", piles, fill="01")


def test_all_in_a_row_golden_deal_thirteen_columns_of_four():
    game = Game.new("all-in-a-row", 1)
    assert pile(game, "01") == ["8C", "8S", "5H", "AH"]
    assert [len(pile(game, f"{n:02}")) for n in range(1, 14)] == [4] * 13 and not pile(game, "f")


def test_all_in_a_row_any_top_card_starts_the_foundation_then_a_rank_either_way_turning_the_corner():
    game = row({"02": "7H", "03": "KS", "04": "5D", "05": "AS"})
    assert {"02f", "03f", "04f"} <= set(notations(game))  # any top card starts it
    game.play("03f")
    game.play("05f")  # an ace on a king: the corner turns
    assert pile(game, "f") == ["KS", "AS"]
    refused(game, "02f", "cannot go on A")
    refused(game, "0204", "go only to: foundation")


# TriPeaks -------------------------------------------------------------------------------------
def peaks(piles: dict[str, str]) -> Game:
    return build("tripeaks", piles, fill="s", fill_face_down=True)


def test_tripeaks_golden_deal_eighteen_down_ten_up_and_a_waste_card():
    game = Game.new("tripeaks", 1)
    shape = game.rules.group_by_id["peaks"]
    assert [game.hidden[p] for p in shape.piles] == [1] * 18 + [0] * 10
    assert pile(game, "a4") == ["6D"] and pile(game, "a1") == ["2H"] and pile(game, "w") == ["9D"]
    assert len(pile(game, "s")) == 23


def test_tripeaks_a_covered_card_turns_up_once_free_and_goes_down_again_on_undo():
    game = peaks({"a1": "TS |", "a2": "8H", "b2": "9D", "w": "7C"})
    a1 = game.rules.pile_by_label["a1"]
    assert notations(game)[:1] == ["a2w"] and "b2w" not in notations(game)
    refused(game, "b2w", "cannot go on 7")
    game.play("a2w")
    assert game.hidden[a1] == 1  # b2 still lies on it
    game.play("b2w")
    assert game.hidden[a1] == 0 and "a1w" in notations(game)
    game.undo()
    assert game.hidden[a1] == 1 and pile(game, "b2") == ["9D"]
    game.play("b2w")
    game.play("a1w")
    assert game.status() == "won"


def test_tripeaks_refuses_a_face_up_card_that_is_covered_and_wraps_king_to_ace():
    game = peaks({"a1": "QS", "a2": "KH", "b2": "4C", "w": "AD"})
    refused(game, "a1w", "a1 is not free: a2, b2 still lie on it")
    game.play("a2w")  # a king on an ace: the ranks turn the corner
    refused(game, "b2a2", "go only to: waste")


def test_tripeaks_is_drawn_as_three_peaks_with_backs_over_an_open_base():
    board = render(Game.new("tripeaks", 1), ascii=True).splitlines()
    tops = next(i for i, line in enumerate(board) if line.split() == ["a1", "b1", "c1"])
    assert len(board[tops + 1].split()) == 3 and "*" not in board[tops + 1]
    assert board[tops + 7].count("*") == 10  # the open base: ten free cards


# Black Hole -----------------------------------------------------------------------------------
def hole(piles: dict[str, str]) -> Game:
    """A Black Hole position; every card not named lies in fan 17."""
    return build("black-hole", piles, fill="17")


@pytest.mark.parametrize("deal", [1, 2, 7])
def test_black_hole_the_ace_of_spades_alone_starts_the_hole_whatever_the_shuffle(deal):
    game = Game.new("black-hole", deal)
    assert pile(game, "h") == ["AS"]
    assert [len(pile(game, f"{n:02}")) for n in range(1, 18)] == [3] * 17
    assert "AS" not in {card for n in range(1, 18) for card in pile(game, f"{n:02}")}


def test_black_hole_golden_deal_seventeen_fans_of_three():
    game = Game.new("black-hole", 1)
    assert pile(game, "01") == ["7H", "2C", "JC"] and pile(game, "17") == ["AC", "6H", "9H"]


def test_black_hole_a_rank_up_or_down_any_suit_goes_in_turning_the_corner():
    game = hole({"h": "AS", "01": "2D", "02": "KH", "03": "QC", "04": "3C"})
    assert {"01h", "02h"} <= set(notations(game))  # 2 above the ace, K below it (the corner)
    game.play("02h")
    game.play("03h")
    assert pile(game, "h") == ["AS", "KH", "QC"]


def test_black_hole_refuses_other_ranks_and_moves_between_fans():
    game = hole({"h": "AS", "01": "3D", "02": "9C 2H"})
    refused(game, "01h", "cannot go on A")
    refused(game, "0102", "go only to: hole")
    game.play("02h")  # only the top card of a fan plays: 2H, then 9C is free but does not fit
    refused(game, "02h", "cannot go on 2")


# Binary Star ----------------------------------------------------------------------------------
def stars(piles: dict[str, str]) -> Game:
    """A Binary Star position; every card not named lies in fan 17."""
    return build("binary-star", piles, fill="17")


@pytest.mark.parametrize("deal", [1, 2, 7])
def test_binary_star_one_ace_of_spades_and_one_king_of_hearts_start_the_holes(deal):
    game = Game.new("binary-star", deal)
    assert pile(game, "a") == ["AS"] and pile(game, "k") == ["KH"]
    fans = [card for n in range(1, 18) for card in pile(game, f"{n:02}")]
    assert len(fans) == 102 and all(len(pile(game, f"{n:02}")) == 6 for n in range(1, 18))
    # two decks: the second ace of spades and king of hearts are dealt like any other card
    assert fans.count("AS") == 1 and fans.count("KH") == 1


def test_binary_star_golden_deal_seventeen_fans_of_six():
    game = Game.new("binary-star", 1)
    assert pile(game, "01") == ["QS", "7H", "QD", "JH", "2H", "9H"]
    assert pile(game, "17") == ["QD", "TH", "5S", "8H", "2H", "KH"]


def test_binary_star_a_fan_top_goes_into_either_hole_a_rank_either_way_turning_the_corner():
    game = stars({"a": "AS", "k": "KH", "01": "2D", "02": "QC", "03": "KS"})
    moves = set(notations(game))
    assert {"01a", "02k", "03a"} <= moves  # 2 above the ace, Q below the king, K below the ace
    assert "01k" not in moves and "02a" not in moves
    game.play("03a")  # the king of spades on the ace: now the ace's hole wants Q or A
    game.play("02a")
    assert pile(game, "a") == ["AS", "KS", "QC"]


def test_binary_star_refuses_a_card_that_fits_neither_hole_and_moves_between_fans():
    game = stars({"a": "AS", "k": "KH", "01": "5D", "02": "9C 2H"})
    refused(game, "01a", "cannot go on A")
    refused(game, "01k", "cannot go on K")
    refused(game, "0102", "go only to: ace-hole, king-hole")
    game.play("02a")  # only the top card of a fan plays: 2H, then 9C is free but fits no hole
    refused(game, "02a", "cannot go on 2")


def test_binary_star_is_won_however_the_cards_are_shared_between_the_holes():
    # all but one card home, 61 in the ace's hole and 42 in the king's: the last 2 of clubs decides
    rest = Counter(suited_deck(2)) - Counter(parse_card(c) for c in ["AS", "KH", "3H", "2C"])
    cards = [card_str(c, ascii=True) for c in sorted(rest.elements())]
    game = stars({"a": " ".join(["AS", *cards[:59], "3H"]), "k": " ".join(["KH", *cards[59:]]), "01": "2C"})
    assert game.status() != "won" and notations(game) == ["01a"]
    game.play("01a")
    assert game.status() == "won"


# Won games (replayed in test_stored_wins.py) ------------------------------------------------
def test_these_games_have_a_stored_winning_line():
    games = ["golf", "all-in-a-row", "black-hole", "binary-star"]
    assert {p.parent.name for p in stored_wins(games)} == set(games)
