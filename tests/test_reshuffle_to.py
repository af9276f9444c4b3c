"""A redeal that turns piles other than the waste back into the stock (issue 36, Puss in the
Corner): `actions.reshuffle.to` gathers the groups' cards onto one pile, face down, the first
card picked up on top, only while that pile (and the stock's one waste) is empty."""

from __future__ import annotations

import pytest

from patience.engine.game import Game
from patience.engine.moves import RESHUFFLE
from patience.ruleset import RulesetError, load_text

REDEAL = (0, RESHUFFLE, 0)


def out_of_stock(deal: int = 1) -> Game:
    """Puss in the Corner with every stock card turned and laid on the corners in turn."""
    game = Game.new("puss-in-the-corner", deal)
    corner = 0
    while game.piles[game.rules.stock_pile]:
        game.play("s")
        game.play(f"t{corner % 4 + 1}")
        corner += 1
    return game


def test_the_corners_go_back_into_the_stock_in_order_face_down_and_come_back_on_undo():
    game = out_of_stock()
    rules = game.rules
    corners = [list(game.piles[p]) for p in rules.group_by_id["corners"].piles]
    before = ([list(p) for p in game.piles], list(game.hidden))
    assert game.is_legal(REDEAL)
    game.play("rd")
    stock = game.piles[rules.stock_pile]
    gathered = [c for pile in corners for c in pile]
    assert stock == gathered[::-1] and game.hidden[rules.stock_pile] == len(stock) == 48
    assert not any(game.piles[p] for p in rules.group_by_id["corners"].piles)
    game.play("s")
    assert game.piles[rules.waste_pile] == [gathered[0]]  # the first pile's bottom card first
    game.undo()
    game.undo()
    assert ([list(p) for p in game.piles], list(game.hidden)) == before


def test_the_redeal_waits_for_an_empty_stock_and_hand_and_comes_once():
    game = Game.new("puss-in-the-corner", 1)
    assert "s still holds cards" in (game.why_illegal(REDEAL) or "")
    while game.piles[game.rules.stock_pile]:
        game.play("s")
        if game.piles[game.rules.stock_pile]:
            game.play("t1")
    assert "play the card on t first" in (game.why_illegal(REDEAL) or "")
    game.play("t2")
    game.play("rd")
    assert "no reshuffles left" in (game.why_illegal(REDEAL) or "")


def test_a_game_that_can_only_redeal_is_not_lost():
    game = out_of_stock(2)
    assert REDEAL in game.legal_moves() and not game.is_lost()


BASE = """
id: gather
name: Gather
deal:
  steps:
    - {to: stock, count: rest}
piles:
  stock: {role: stock, labels: [s]}
  waste: {role: waste, labels: [w], move: top}
  heaps: {role: tableau, count: 2, labels: "1 2", build: {rank: any}, empty: any, move: top}
  home: {role: foundation, count: 4, labels: "h1 h2 h3 h4", build: {rank: up, suit: same}, empty: [A]}
stock: {pile: stock, to: waste}
actions:
  reshuffle: RESHUFFLE
"""


@pytest.mark.parametrize("action, message", [
    ("{label: rd, groups: [heaps]}", "`per_pile` a pile, or onto the pile `to` names"),
    ("{label: rd, groups: [heaps], to: heaps, uses: 1}", "another group"),
    ("{label: rd, groups: [waste], to: home, uses: 1}", "onto one pile; home has 4"),
    ("{label: rd, groups: [heaps], to: nowhere, uses: 1}", "no pile group 'nowhere'"),
])
def test_a_redeal_onto_a_pile_that_cannot_work_is_refused_in_one_line(action, message):
    with pytest.raises(RulesetError, match=message):
        load_text(BASE.replace("RESHUFFLE", action), "gather.yaml")


def test_a_shuffled_redeal_onto_the_stock_is_fixed_by_the_deal():
    ruleset = load_text(BASE.replace("RESHUFFLE", "{label: rd, groups: [heaps, waste], to: stock, uses: 2}"),
                        "gather.yaml")
    stocks = []
    for _ in range(2):
        game = Game(ruleset, 5)
        while game.piles[game.rules.stock_pile]:
            game.play("s")
        game.play("rd")
        stocks.append(list(game.piles[game.rules.stock_pile]))
    assert stocks[0] == stocks[1] and len(stocks[0]) == 52
