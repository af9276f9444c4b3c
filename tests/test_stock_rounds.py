"""The stock's deal in rounds and its last cards elsewhere (issue 36, Algerian): `draw` cards
onto each pile of a larger group, one round of one card a pile after another, and `last_to`:
when the stock holds as many cards as that group has piles, one onto each of them instead. The
engine and the compiled core deal and take back alike."""

from __future__ import annotations

import pytest

from patience import core
from patience.engine.game import Game
from patience.engine.moves import DEAL
from patience.ruleset import RulesetError, load_text


def deals(game: Game) -> list[tuple[int, int, int]]:
    return [m for m in game.legal_moves() if m[1] == DEAL]


def test_algerian_deals_two_rounds_onto_the_reserves_then_its_last_eight_onto_the_columns():
    game = Game.new("algerian", 1)
    rules = game.rules
    reserves = list(rules.group_by_id["reserves"].piles)
    columns = list(rules.group_by_id["columns"].piles)
    stock = game.piles[rules.stock_pile]
    for left in (44, 32, 20, 8):
        coming = stock[::-1][:12]  # the top card is dealt first
        game.push(deals(game)[0])
        assert len(stock) == left
        # round one: one card onto each reserve pile, then round two
        assert [game.piles[p][-2] for p in reserves] == coming[:6]
        assert [game.piles[p][-1] for p in reserves] == coming[6:]
        assert all(len(game.piles[p]) == 1 for p in columns)
    coming = stock[::-1]
    game.push(deals(game)[0])
    assert not stock and [game.piles[p][-1] for p in columns] == coming
    assert all(len(game.piles[p]) == 14 for p in reserves) and not deals(game)
    while game.history:
        game.pop()
    assert game.piles == Game.new("algerian", 1).piles


@pytest.mark.skipif(core._search is None, reason="the compiled core is not built")
def test_the_core_deals_in_rounds_and_the_last_cards_as_the_engine_does_and_takes_them_back():
    game = Game.new("algerian", 2)
    position = core.position(game)
    keys = [position.key()]
    for _ in range(5):
        move = deals(game)[0]
        assert position.legal_moves() == game.legal_moves()
        game.push(move)
        position.push(move)
        assert position.piles() == game.piles and position.hidden_counts() == game.hidden
        keys.append(position.key())
    assert position.legal_moves() == game.legal_moves()
    for key in reversed(keys[:-1]):
        game.pop()
        position.pop()
        assert position.piles() == game.piles and position.key() == key


def test_the_rules_text_says_the_rounds_and_the_last_deal():
    from patience.ruleset.describe import rules_text
    text = rules_text(Game.new("algerian").ruleset, "en")
    assert "2 cards onto each pile of the reserve" in text
    assert "it deals them one onto each pile of the tableau instead" in text


def test_a_last_to_group_that_does_not_exist_is_refused_in_one_line():
    text = (Game.new("algerian").ruleset.model_dump_json())
    with pytest.raises(RulesetError, match="no pile group 'nowhere'"):
        load_text(text.replace('"last_to":"columns"', '"last_to":"nowhere"'), "algerian.yaml")
