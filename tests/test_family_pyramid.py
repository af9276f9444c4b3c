"""The pyramid family (Pyramid, Giza) against their published rules: the shape's covering (a card
is free once the two cards of the row below that overlap it are gone), thirteens and lone kings
out, passes through the stock; what is refused and why."""

from __future__ import annotations

import pytest
from positions import build, notations, pile, refused

from patience import Game, IllegalMove
from patience.render.board import render
from patience.ruleset import load_text


def pyramid(piles: dict[str, str]) -> Game:
    """A Pyramid position; every card not named lies out of play on x."""
    return build("pyramid", piles, fill="x")


def covering(game: Game, label: str) -> set[str]:
    """The labels of the cards that lie on ``label`` (the shape's covering relation)."""
    rules = game.rules
    pile_number = rules.pile_by_label[label]
    group = rules.group_of[pile_number]
    assert group.lanes is not None
    return {rules.labels[q] for lane in group.lanes[pile_number - group.piles.start] for q in lane}


# Pyramid --------------------------------------------------------------------------------------
def test_pyramid_golden_deal_seven_rows_apex_first():
    game = Game.new("pyramid", 1)
    assert [pile(game, c) for c in ("a1", "a2", "b2", "a3", "b3", "c3")] == [["AC"], ["8S"], ["7S"], ["JD"], ["6H"], ["6D"]]
    shape = game.rules.group_by_id["pyramid"]
    assert [game.rules.labels[p] for p in shape.piles][-7:] == ["a7", "b7", "c7", "d7", "e7", "f7", "g7"]
    assert len(pile(game, "s")) == 24


@pytest.mark.parametrize("label, over", [("a1", {"a2", "b2"}), ("d4", {"d5", "e5"}), ("f6", {"f7", "g7"}), ("c7", set())])
def test_pyramid_each_card_lies_under_the_two_of_the_next_row_that_overlap_it(label, over):
    assert covering(Game.new("pyramid", 1), label) == over


def test_pyramid_a_thirteen_of_two_free_cards_and_a_lone_king_go_out():
    game = pyramid({"a6": "QD", "a7": "6H", "b7": "7C", "g7": "KS", "w": "AS"})
    assert set(notations(game)) >= {"a7+b7", "g7+"}
    game.play("g7+")
    game.play("a7+b7")
    game.play("a6+w")  # the waste's top is free too: Q + A
    assert pile(game, "x")[-5:] == ["KS", "6H", "7C", "QD", "AS"]


def test_pyramid_refuses_a_covered_card_with_the_cards_on_it():
    game = pyramid({"a6": "KD", "a7": "6H", "b7": "7C"})
    assert "a6+" not in notations(game)
    refused(game, "a6+", "a6 is not free: a7, b7 still lie on it")
    game.play("a7+b7")
    game.play("a6+")  # uncovered now
    game.undo()
    game.undo()
    refused(game, "a6+", "a6 is not free: a7, b7")


def test_pyramid_refuses_other_sums_and_a_card_alone_that_is_no_king():
    game = pyramid({"a7": "6H", "g7": "AS"})
    refused(game, "a7+g7", "do not add up to 13")
    refused(game, "a7+", "cannot be removed alone")
    with pytest.raises(IllegalMove):
        game.play("a7w")  # cards only go out in sets: nothing is built


def test_pyramid_three_passes_through_the_stock():
    game = pyramid({"a7": "6H", "s": "2C 3D |"})
    for _pass in range(2):
        game.play("s")
        game.play("s")
        game.play("s")  # the stock is empty: this turns the waste back
    game.play("s")
    game.play("s")
    assert game.redeals_used == 2
    refused(game, "s", "no redeals left: the stock goes round 3 times")


def test_pyramid_won_once_the_pyramid_is_gone_whatever_the_stock_holds():
    game = pyramid({"a6": "QD", "a7": "6H", "b7": "7C", "w": "AS", "s": "2C 3D |"})
    for move in ("a7+b7", "a6+w"):
        assert game.status() == "in progress"
        game.play(move)
    assert game.status() == "won" and len(pile(game, "s")) == 2


def test_pyramid_is_drawn_as_a_pyramid_with_free_cards_marked():
    board = render(Game.new("pyramid", 1), ascii=True).splitlines()
    apex = next(i for i, line in enumerate(board) if line.strip() == "AC")
    base = board[apex + 12]
    assert board[apex - 1].strip() == "a1" and board[apex + 11].split() == ["a7", "b7", "c7", "d7", "e7", "f7", "g7"]
    assert base.count("*") == 7 and "*" not in board[apex]  # only the base is free at the deal
    assert board[apex].index("AC") > base.index("9H") + 12  # the apex stands over the middle of the base


# Giza -----------------------------------------------------------------------------------------
def test_giza_golden_deal_pyramid_and_eight_open_piles_of_three():
    game = Game.new("giza", 1)
    assert [pile(game, c) for c in ("a1", "a2", "b2")] == [["8H"], ["5D"], ["AC"]]
    assert [len(pile(game, str(n))) for n in range(1, 9)] == [3] * 8
    assert pile(game, "1")[-1] == "TS" and not game.hidden[game.rules.pile_by_label["1"]]
    assert game.rules.stock_pile < 0  # no stock


def test_giza_reserve_tops_pair_with_the_pyramid_and_each_other_the_cards_under_them_wait():
    game = build("giza", {"a7": "AS", "1": "5C QD", "2": "8D"}, fill="x")
    assert notations(game) == ["a7+1"]
    refused(game, "1+2", "do not add up to 13")  # Q + 8: the 5 under the queen is not in play yet
    game.play("a7+1")
    assert game.status() == "in progress"
    game.play("1+2")
    assert game.status() == "won"


def test_shape_pictures_that_are_not_cards_and_spaces_are_refused_with_a_reason():
    bad = """
id: bad-shape
name: Bad shape
deal: {steps: [{to: rows, count: 1}, {to: out, count: rest}]}
piles:
  rows: {role: tableau, shape: ["[] x"], free: uncovered}
  out: {role: foundation, labels: [x]}
"""
    with pytest.raises(Exception, match=r"write each card as \[\]"):
        load_text(bad)
