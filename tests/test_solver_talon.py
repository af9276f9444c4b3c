"""The stock's turns found once per talon state (solver/talon.py): the search must list exactly
the children it lists when it turns the stock and lists the waste's moves after every turn."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import ROOT

from patience import Game
from patience.engine.moves import DEAL, REDEAL
from patience.ruleset import load_text
from patience.solver.prune import autoplay_rule
from patience.solver.search import _Tree
from patience.solver.talon import turns_are_fixed

TALON_GAMES = ["klondike", "klondike-3", "klondike-vegas", "kwadratura-kola"]


def listed(game: Game, by_talon: bool) -> list:
    tree = _Tree(game, autoplay_rule(game.rules))
    assert (tree.talon is not None) == turns_are_fixed(game.rules)
    if not by_talon:
        tree.talon = None  # the plain chain: turn, list the waste's moves, turn again
    return list(tree.children(None))


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(TALON_GAMES), st.integers(1, 10**6), st.randoms(use_true_random=False))
def test_the_same_children_in_the_same_order_as_turning_every_time(name, deal, rnd):
    game = Game.new(name, deal=deal)
    for _step in range(12):
        children = listed(game, by_talon=True)
        assert children == listed(game, by_talon=False)
        if not children:
            break
        for move in rnd.choice(children)[0]:
            game.push(move)


def test_which_shipped_games_find_their_turns_once():
    fixed = {name: turns_are_fixed(Game.new(name, 1).rules)
             for name in [*TALON_GAMES, "freecell", "cromwell", "parada", "parada-1", "dywan", "czternastki"]}
    assert fixed == {name: name in TALON_GAMES for name in fixed}


def test_not_when_the_waste_counts_toward_the_win():
    text = (ROOT / "rulesets" / "klondike-3.yaml").read_text(encoding="utf-8")
    assert "  all_cards_in: [foundations]" in text
    text = text.replace("  all_cards_in: [foundations]", "  all_cards_in: [foundations, waste]")
    game = Game.new(load_text(text), 1)
    assert not turns_are_fixed(game.rules)


@pytest.mark.parametrize("name, passes", [("klondike-3", None), ("klondike-vegas", 3)])
def test_a_chain_turns_through_the_stock_once_and_shows_every_third_card(name, passes):
    game = Game.new(name, deal=1)
    tree = _Tree(game, autoplay_rule(game.rules))
    assert tree.talon is not None
    stock = next(m for m in tree.game.legal_moves() if m[1] == DEAL)
    actions, tops = tree.talon.turns(tree.game, stock)
    assert tree.talon.turns(tree.game, stock) is tree.talon.turns(tree.game, stock)  # found once, kept
    # 24 cards, three at a time: 8 deals; unlimited passes come round to the start after a
    # redeal, which is not visited again; counted passes go on through the later passes.
    assert [a[1] for a in actions[:9]] == [DEAL] * 8 + [REDEAL]
    walk = tree.game.copy()
    shown = []
    for action in actions[:len(tops)]:
        walk.push(action)
        waste = walk.piles[walk.rules.waste_pile]
        shown.append(waste[-1] if waste else -1)
    assert list(tops) == shown
    dealt = game.piles[game.rules.stock_pile][::-1]  # the stock's top card is dealt first
    assert list(tops[:8]) == [dealt[i] for i in range(2, 24, 3)]
    if passes is None:
        assert len(actions) == 9 and len(tops) == 8
    else:  # every pass visited; the last ends with the stock empty and no redeal left
        assert [a[1] for a in actions].count(REDEAL) == passes - 1 and len(tops) == len(actions) == 8 * passes + passes - 1
