"""The deals bound (`solver.buried`, PA-5): a card that the stock's deals bury under cards that
cannot leave before it is lost, and `solve` says `unsolvable` before any search. It must never
call a winnable position lost: checked on every position of won lines, and against the core's
search (which has no such bound) on shuffled Parada endings."""

from __future__ import annotations

import random

import pytest

from patience import core
from patience.engine.game import Game
from patience.engine.moves import DEAL
from patience.solver import solve
from patience.solver.buried import BURIED_LOST, applies, buried_lost

pytestmark = pytest.mark.skipif(core._search is None, reason="the compiled core is not built (test_core checks it is)")


def test_the_bound_applies_by_words_not_games():
    # PA-5: stacks that take cards only from the stock and give them only to the parade.
    for game_id in ("parada", "parada-1"):
        assert applies(Game.new(game_id, 1).rules), game_id
    # Redeals (KK-5, DY-3) change what the deals bury; layouts that build; a left win; removals.
    for game_id in ("kwadratura-kola", "dywan", "klondike", "freecell", "spider", "golf", "czternastki", "cromwell"):
        assert not applies(Game.new(game_id, 1).rules), game_id
        assert not buried_lost(Game.new(game_id, 1)), game_id


@pytest.mark.parametrize("change", [
    {"redeals": 1},  # a redeal turns the stacks' order over: what the deals bury depends on play
    {"to": "row1"},  # cards dealt onto the win piles might lie there as they should
])
def test_parada_with_deals_that_break_the_argument_is_not_bounded(change):
    parada = Game.new("parada", 1).ruleset
    variant = parada.model_copy(update={"stock": parada.stock.model_copy(update=change)})
    assert applies(Game.new("parada", 1).rules) and not applies(Game(variant, 1).rules)


def test_a_card_buried_by_the_deals_is_lost_at_once():
    # Parada one-deck deal 4: unknown after 200,000 positions of search before this bound.
    game = Game.new("parada-1", 4)
    assert buried_lost(game)
    result = solve(game, max_states=10)
    assert result.status == "unsolvable" and result.states == 0 and result.reason == BURIED_LOST


@pytest.mark.parametrize("game_id, deal", [("parada-1", 2), ("parada-1", 3), ("parada-1", 5), ("parada", 2), ("parada", 3)])
def test_no_position_of_a_won_line_is_called_lost(game_id, deal):
    # Every position a winning line passes is winnable: the bound must leave each alone.
    game = Game.new(game_id, deal)
    result = solve(game, max_states=200_000, shorter=False)
    assert result.status == "solved"
    assert not buried_lost(game)
    for move in result.line:
        game.push(move)
        assert not buried_lost(game), game.move_count


def shuffled_ending(deal: int, seed: int, deals_left: int) -> Game:
    """Parada one-deck ``deal`` played along a winning line until ``deals_left`` deals are left in
    the stock, then the cards of the stacks and the stock shuffled among themselves (each pile
    keeps its size): some such endings are won, some lost."""
    game = Game.new("parada-1", deal)
    rules = game.rules
    stock = rules.stock_pile
    for move in solve(game, max_states=200_000, shorter=False).line:
        if len(game.piles[stock]) <= 8 * deals_left:
            break
        game.push(move)
    rnd = random.Random(seed)
    layout = [p for p in range(rules.pile_count) if p not in rules.win_pile_set]
    cards = [c for p in layout for c in game.piles[p]]
    rnd.shuffle(cards)
    for p in layout:
        size = len(game.piles[p])
        game.piles[p], cards = cards[:size], cards[size:]
    game.hidden[stock] = len(game.piles[stock])
    game.history = []
    return game


def test_a_position_the_bound_calls_lost_is_lost():
    # Shuffled endings of deal 2 with 0, 1 and 2 deals left: the core's search (no such bound)
    # decides each, and says unsolvable wherever the bound says lost (measured: the bound called
    # 10 lost, all 8 others were won), so the check can fail both ways.
    seen = {"lost": 0, "won": 0}
    for deals_left in (0, 1, 2):
        for seed in range(6):
            game = shuffled_ending(2, seed, deals_left)
            answer = core.position(game).solve(timeout=60, max_states=2_000_000)[0]
            assert answer in ("solved", "unsolvable"), (deals_left, seed, answer)
            if buried_lost(game):
                assert answer == "unsolvable", (deals_left, seed, answer)
                seen["lost"] += 1
            seen["won"] += answer == "solved"
    assert seen["lost"] and seen["won"], seen
