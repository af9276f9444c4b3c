"""Miss Milligan against PySolFC's rules page, and the rule condition it needs (issue 36):
`takes_when: {stock: empty, pile: empty}` opens the weaving reserve only once the stock is out,
and only while it is empty."""

from __future__ import annotations

import pytest
from positions import build, notations, pile, refused

from patience import Game
from patience.core.tables import not_covered
from patience.ruleset import load_text
from patience.ruleset.lint import lint_text
from patience.ruleset.loader import RulesetError
from patience.ruleset.registry import shipped_dir

TEXT = (shipped_dir() / "miss-milligan.yaml").read_text(encoding="utf-8")


def milligan(piles: dict[str, str], stock: bool) -> Game:
    """A position; every card not named lies face down in the stock, or (``stock`` False) on the
    foundations' first pile, out of the way, the stock empty."""
    return build("miss-milligan", piles, fill="s", fill_face_down=True) if stock else \
        build("miss-milligan", {**piles, "s": ""}, fill="h1")


def test_miss_milligan_deal_one_card_to_each_of_eight_columns_and_96_in_the_stock():
    game = Game.new("miss-milligan", 1)
    assert all(len(pile(game, str(n))) == 1 for n in range(1, 9)) and len(pile(game, "s")) == 96
    assert pile(game, "r") == []


def test_miss_milligan_the_reserve_is_closed_while_the_stock_has_cards():
    game = milligan({"1": "9S 8H", "2": "5C"}, stock=True)
    refused(game, "2r", "the reserve take cards only once the stock is empty")
    assert not [m for m in game.legal_moves() if m[1] == game.rules.pile_by_label["r"]]


def test_miss_milligan_once_the_stock_is_out_the_empty_reserve_takes_a_card_or_a_run_and_nothing_on_it():
    game = milligan({"1": "9S 8H 7C", "2": "5C", "3": "6D"}, stock=False)
    assert {"1r", "1rv2", "1rv3", "2r", "3r"} <= set(notations(game))  # any card, or a run of any length
    game.play("1rv2")  # 8♥ 7♣, a run in alternating colours
    assert pile(game, "r") == ["8H", "7C"] and pile(game, "1") == ["9S"]
    refused(game, "3r", "r takes cards only while it is empty")  # 6♦ would fit on 7♣, but nothing is built there
    assert not [m for m in game.legal_moves() if m[1] == game.rules.pile_by_label["r"]]
    game.play("r1v2")  # and the run goes back as it came
    assert pile(game, "1") == ["9S", "8H", "7C"]


def test_miss_milligan_only_a_king_or_a_run_from_one_into_an_empty_column_and_nothing_comes_back_home():
    game = milligan({"1": "QH", "2": "KS QH", "3": "", "h2": "AD 2D"}, stock=True)
    refused(game, "13", "an empty pile in tableau takes only K")
    game.play("23v2")
    refused(game, "h21", "cards never leave the foundations")


def test_a_condition_must_say_something_and_a_stock_condition_needs_a_stock():
    with pytest.raises(RulesetError, match="give a condition"):
        load_text(TEXT.replace("takes_when: {stock: empty, pile: empty}", "takes_when: {}"), "m.yaml")
    no_stock = TEXT.replace("stock: {pile: stock, to: tableau}", "").replace("  stock: {role: stock, labels: [s]}\n", "")
    no_stock = no_stock.replace("    - {to: stock, count: rest, face: down}", "    - {to: tableau, count: rest, face: up}")
    _, findings = lint_text(no_stock, "m.yaml")
    assert "P108" in {f.code for f in findings if "takes_when" in f.message}


def test_the_compiled_core_plays_takes_when():
    assert not_covered(Game.new("miss-milligan", 1).rules) is None  # tests/test_core_words.py walks it
