"""Move rules the engine applies to every ruleset alike (issue 22, items 2-4), on made-up rulesets
(tests/data/rulesets): several cards land on a pile of another group only as a run built under
that pile's rule; the supermove counts only free places that can carry the cards; a stock turn
stops at the target's `max_cards`."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import build, made_up, pile
from test_properties import unlisted_allowed_moves

from patience import Game, IllegalMove
from patience.engine.moves import DEAL
from patience.ruleset import load_file, load_text


# ------------------------------------------------------------------- item 2: runs onto a pile
def scorpion(**piles: str) -> Game:
    return build(made_up("scorpion-like"), piles, fill="s", fill_face_down=True)


def test_cards_that_are_no_run_never_land_on_a_foundation_together():
    game = scorpion(**{"1": "KH 7C TS 9S", "2": "8D"})
    by = game.rules.pile_by_label
    move = (by["1"], by["f1"], 4)
    assert game.why_illegal(move) == (
        "4 cards cannot go to foundations together: 7♣ does not go on K♥ there (foundations: down in suit)")
    assert move not in game.legal_moves()
    with pytest.raises(IllegalMove, match="7♣ does not go on K♥"):
        game.play("1f1v4")


def test_a_card_fitting_the_foundation_does_not_carry_a_card_that_does_not():
    game = scorpion(**{"f1": "KH", "2": "QH 2C"})
    by = game.rules.pile_by_label
    assert "2♣ does not go on Q♥" in game.why_illegal((by["2"], by["f1"], 2))
    assert (by["2"], by["f1"], 2) not in game.legal_moves()


def test_a_run_built_under_the_foundation_rule_lands_in_one_move():
    game = scorpion(**{"f1": "KH", "2": "QH JH TH"})
    game.play("2fv3")
    assert pile(game, "f1") == ["KH", "QH", "JH", "TH"]


def test_within_its_own_group_any_face_up_card_still_carries_the_cards_above_it():
    """Yukon's rule (`move: any`): only the lowest card must fit; the rest ride along."""
    game = scorpion(**{"1": "KH 7C TS 9S", "2": "9D", "3": "", "4": "8S 3D 5C", "5": "2H", "6": "4H", "7": "6H"})
    by = game.rules.pile_by_label
    assert (by["1"], by["3"], 4) in game.legal_moves()  # the king into the empty column, with the rest
    game.play("4-1v3")  # 8♠ onto 9♠, with 3♦ 5♣ on it
    assert pile(game, "1") == ["KH", "7C", "TS", "9S", "8S", "3D", "5C"]


# ------------------------------------------------------------------- item 3: the supermove
def eight_off(cells: str, **piles: str) -> Game:
    """Cells filled from ``cells`` (a card per cell, a..), a card on each column not given, and
    column 8 holding every other card."""
    labels = "a b c d e f g i".split()
    laid = dict(zip(labels, cells.split()), **{"4": "9H", "5": "9C", "6": "9D", "7": "JS"})
    return build(made_up("eight-off-like"), {**laid, **piles}, fill="8")


FULL_CELLS = "AC 2C 3C 4C 5C 6C 7C 8C"


def test_an_empty_column_that_takes_only_kings_does_not_count_for_the_supermove():
    game = eight_off(FULL_CELLS, **{"1": "", "2": "TD 7S 6S", "3": "KH 8S"})
    by = game.rules.pile_by_label
    assert game.run_limit(by["2"], by["3"], 2) == 1
    with pytest.raises(IllegalMove, match="only 1 card can move at once"):
        game.play("23v2")
    assert (by["2"], by["3"], 2) not in game.legal_moves()
    assert (by["2"], by["3"], 1) not in game.legal_moves()  # 6♠ does not go on 8♠ either


def test_a_free_cell_still_counts_for_the_supermove():
    game = eight_off("AC 2C 3C 4C 5C 6C 7C", **{"1": "", "2": "TD 7S 6S", "3": "KH 8S"})
    by = game.rules.pile_by_label
    assert game.run_limit(by["2"], by["3"], 2) == 2
    assert (by["2"], by["3"], 2) in game.legal_moves()
    game.play("23")
    assert pile(game, "3") == ["KH", "8S", "7S", "6S"]


def test_an_empty_kings_column_does_count_where_it_takes_the_cards():
    """Columns that take any card (FreeCell's rule) in the same layout: the empty column doubles."""
    text = open(made_up("eight-off-like"), encoding="utf-8").read().replace("empty: [K]", "empty: any")
    ruleset = load_text(text, "eight-off-any.yaml")
    game = eight_off(FULL_CELLS, **{"1": "", "2": "TD 7S 6S", "3": "KH 8S"})
    game = Game.from_position(game.position(), ruleset)
    by = game.rules.pile_by_label
    assert game.run_limit(by["2"], by["3"], 2) == 2
    assert (by["2"], by["3"], 2) in game.legal_moves()


# ------------------------------------------------------------------- item 4: stock and max_cards
def test_a_stock_turn_puts_no_more_cards_on_the_waste_than_it_holds():
    game = Game.new(made_up("one-card-waste"), 1)
    stock = game.rules.stock_pile
    before, stock_size = game.position(), len(game.piles[stock])
    game.play("s")  # draw three, but the waste holds one
    assert len(pile(game, "w")) == 1 and len(game.piles[stock]) == stock_size - 1
    assert game.why_illegal((stock, DEAL, 0)) == "w holds at most 1 card"
    assert (stock, DEAL, 0) not in game.legal_moves()
    game.undo()
    assert game.position() == before


SMALL_STACKS = """
id: small-stacks
name: Small Stacks
deal:
  steps:
    - {to: stacks, count: [2, 0, 1], face: up}
    - {to: stock, count: rest, face: down}
piles:
  stock: {role: stock, labels: [s]}
  stacks: {role: reserve, count: 3, labels: "1 2 3", move: top, max_cards: 2}
  foundations: {role: foundation, labels: [h], build: {rank: any, suit: any}, empty: any}
stock: {pile: stock, to: stacks}
"""


def test_a_deal_onto_several_piles_skips_the_full_ones_and_stops_when_all_are_full():
    game = Game(load_text(SMALL_STACKS, "small-stacks.yaml"), 1)
    stock = game.rules.stock_pile
    before = game.position()
    top_two = game.piles[stock][-2:]
    game.play("s")
    assert [len(pile(game, label)) for label in "123"] == [2, 1, 2]  # one card, onto the only room
    assert game.piles[game.rules.pile_by_label["2"]] == [top_two[1]]
    game.play("s")
    assert [len(pile(game, label)) for label in "123"] == [2, 2, 2]
    assert game.why_illegal((stock, DEAL, 0)) == "stacks holds at most 2 cards"
    assert (stock, DEAL, 0) not in game.legal_moves()
    game.undo()
    game.undo()
    assert game.position() == before


# ------------------------------------------------------------------- the listing agrees with the rules
@pytest.mark.parametrize("name", ["spider-like", "thirteen-columns", "scorpion-like", "eight-off-like",
                                  "one-card-waste"])
@settings(max_examples=8, deadline=None)
@given(deal=st.integers(1, 10_000), seed=st.integers(0, 2**32 - 1), length=st.integers(0, 80))
def test_made_up_rulesets_list_exactly_the_moves_the_rules_allow(name, deal, seed, length):
    """G-2 on the made-up rulesets: every listed move is legal, and every move `why_illegal`
    allows is listed (or stood in for by the same cards into another empty pile of the group)."""
    game = Game(load_file(made_up(name)), deal)
    rng = random.Random(seed)
    for step in range(length + 1):
        moves = game.legal_moves()
        assert all(game.why_illegal(m) is None for m in moves)
        if step % 10 == 0 or not moves:
            assert unlisted_allowed_moves(game, moves) == [], game.position()
        if not moves:
            break
        game.play(rng.choice(moves))


# ------------------------------------------------------------------- issue 36: lost while a move is left
def test_a_one_card_hand_played_to_an_empty_pile_frees_the_stock_so_the_game_is_not_lost():
    """Calculation, deal 1: after `s` the hand holds a card that fits no foundation, but `t1`
    puts it on an empty waste pile and the next card can be turned."""
    game = Game.new("calculation", 1)
    game.play("s")
    by = game.rules.pile_by_label
    assert game.is_legal((by["t"], by["1"], 1))
    assert game.status() == "in progress" and not game.is_lost()


def test_a_game_of_sir_tommys_shape_is_not_lost_at_move_0():
    game = Game.new(made_up("sir-tommy-like"), 1)
    assert game.status() == "in progress"
    game.play("s")
    assert game.status() == "in progress"

