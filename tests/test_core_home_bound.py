"""The home bound (`prune.home_bound`, `Core._home_bound`) and the copies bound
(`solver.bound.copies_lost`): a position whose cards cannot all
reach the foundations even with the whole talon at hand is lost, and the core says `unsolvable`
at once. It must never call a winnable position lost: checked against the Python search (which
has no such bound) on Kwadratura Koła endings, and on whole deals the core wins."""

from __future__ import annotations

import pytest
from positions import carpet_ending

from patience import core
from patience.cards import make_card
from patience.engine.game import Game
from patience.solver import solve
from patience.solver.bound import COPIES_LOST, FREE, copies_lost, count_below
from patience.solver.prune import home_bound

pytestmark = pytest.mark.skipif(core._search is None, reason="the compiled core is not built (test_core checks it is)")


def bound(game: Game) -> bool:
    return core.position(game, home_bound=home_bound(game.rules)).home_bound()


def test_the_bound_applies_by_words_not_games():
    # KK-5: carpet and waste cards go only to the foundations, which never give back: it holds.
    assert home_bound(Game.new("kwadratura-kola", 1).rules)
    # DY-2: Dywan's carpet cards may also go onto the waste; layouts that build; a left win.
    for game_id in ("dywan", "klondike", "freecell", "golf", "cromwell", "parada"):
        assert not home_bound(Game.new(game_id, 1).rules), game_id
        assert not bound(Game.new(game_id, 1)), game_id


def test_a_card_walled_in_by_cards_that_need_it_is_lost():
    # Kwadratura Koła deal 2 (KK-2, KK-3): the bound proves it lost before any move.
    game = Game.new("kwadratura-kola", 2)
    assert bound(game)
    result = solve(game, max_states=10)
    assert result.status == "unsolvable" and result.states == 0 and result.engine == "compiled"


def test_a_won_deal_is_never_bound():
    # Deals the core wins (10 and 13) and an ending where every card is free (KK-2: the carpet gone).
    for deal in (10, 13):
        game = Game.new("kwadratura-kola", deal)
        assert not bound(game)
        assert solve(game, max_states=2_000_000).status == "solved"


def test_the_bound_needs_the_walled_card():
    # Take Kwadratura Koła deal 2 and put every carpet card into the stock instead (KK-1's deal
    # otherwise): nothing is walled in any more, the talon holds every card, so it is not bound.
    game = Game.new("kwadratura-kola", 2)
    stock = game.rules.stock_pile
    for p in range(game.rules.pile_count):
        if game.rules.lanes_of[p] is not None:
            game.piles[stock] += game.piles[p]
            game.piles[p] = []
    game.hidden[stock] = len(game.piles[stock])
    assert not bound(game)


@pytest.mark.parametrize("deal", [2, 13])
def test_a_bound_position_is_lost_by_the_search_without_the_bound(deal):
    # Wherever the bound says lost, the core's search without it (`bound=False`) wins nothing and,
    # exhausting the positions, says unsolvable. (Seen on deals 1-50 and these endings: the
    # bound fired on none the search wins.)
    seen = {"bound": 0, "won": 0}
    for left in (8, 16, 24, 32, 40):
        for seed in range(3):
            game = carpet_ending("kwadratura-kola", deal, left, seed, walls=True)
            position = core.position(game, home_bound=home_bound(game.rules))
            answer = position.solve(timeout=60, max_states=400_000, bound=False)[0]
            if position.home_bound():
                seen["bound"] += 1
                assert answer == "unsolvable", (deal, left, seed, answer)
                assert solve(game, max_states=10).status == "unsolvable"
            elif answer == "solved":
                seen["won"] += 1
    # Deal 2 is lost from the start (15 bound of 15); deal 13, won, gives both kinds (5 and 6).
    assert seen["bound"] and (deal == 2 or seen["won"]), seen


# ---- the copies bound (solver/bound.py): copies counted, before any search


def test_each_face_is_counted_by_the_face_below_it():
    # KK-3: 3♣ lies only on 2♣, 6♣ only on 5♣; KK-4: a five starts a pile only while fewer fives
    # than aces of its suit are out, a nine than fives; aces and kings count for nothing.
    below = count_below(Game.new("kwadratura-kola", 1).rules)
    assert below is not None
    assert below[make_card(3, 0)] == make_card(2, 0) and below[make_card(6, 1)] == make_card(5, 1)
    assert below[make_card(5, 2)] == make_card(1, 2) and below[make_card(9, 3)] == make_card(5, 3)
    assert below[make_card(1, 0)] == FREE and below[make_card(13, 0)] == FREE
    # A five fits on a four in the aces' piles (build up in suit) but never lies there: four cards at most.
    assert below[make_card(5, 0)] != make_card(4, 0)
    # DY-2: Dywan's carpet cards may go onto the waste: no answer.
    assert not copies_lost(Game.new("dywan", 1))


def test_two_copies_one_place_below_is_lost():
    # Kwadratura Koła deal 3: the faces' bound finds every card a place, the count does not.
    game = Game.new("kwadratura-kola", 3)
    assert not bound(game) and copies_lost(game)
    result = solve(game, max_states=10)
    assert result.status == "unsolvable" and result.states == 0 and result.reason == COPIES_LOST


@pytest.mark.parametrize("deal", [13, 17])
def test_a_position_the_copies_bound_calls_lost_is_lost(deal):
    # Walled endings of won deals: wherever the copies bound says lost, the core's search with no
    # bound exhausts it as unsolvable; some it says lost the faces' bound does not, and endings it
    # leaves alone are won (deal 13: 3 and 5 of 12; deal 17: 12 and 0).
    seen = {"only copies": 0, "won": 0}
    for left in (16, 24, 32, 40):
        for seed in range(3):
            game = carpet_ending("kwadratura-kola", deal, left, seed, walls=True)
            position = core.position(game, home_bound=home_bound(game.rules))
            answer = position.solve(timeout=60, max_states=400_000, bound=False)[0]
            if copies_lost(game):
                assert answer == "unsolvable", (deal, left, seed, answer)
                seen["only copies"] += not position.home_bound()
            elif answer == "solved":
                seen["won"] += 1
    assert seen["only copies"] and (deal == 17 or seen["won"]), seen
