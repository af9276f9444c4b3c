"""The player's autoplay sends home only what the solver's safe moves would (`assist.is_safe`):
a card nothing outside the foundations could be built on, from a pile safe moves take from, that
starts no counted pile, and whose foundations now are alike with one for every copy. Sending a
card anywhere else costs wins (Kwadratura Koła deal 10 was lost so, following hints)."""

from __future__ import annotations

import random

import pytest
from positions import build

from patience import Game
from patience.engine.assist import autoplay, deals_read_the_order, safe_moves
from patience.engine.notation import parse_move
from patience.solver.bound import copies_lost
from patience.solver.prune import SIMPLE, Autoplay, may_autoplay_from

# KK carpet cells: a2, a4, a6, a8 lie sideways at the left edge and are free (KK-2).


def test_KK3_a_second_copy_goes_home_automatically_only_when_each_copy_has_a_pile_to_go_to():
    """Two decks: with one 2♣ out, the waste's 3♣ would take the only place the carpet's 3♣ has;
    with both 2♣s out, either copy has its own."""
    one_out = build("kwadratura-kola", {"o1": "| AC 2C", "o2": "| AC", "w": "| 3C", "a2": "| 3C"}, fill="s",
                    fill_face_down=True)
    assert one_out.why_illegal(parse_move(one_out, "wo")) is None  # legal: the player may still choose it
    assert safe_moves(one_out) == []
    both_out = build("kwadratura-kola", {"o1": "| AC 2C", "o2": "| AC 2C", "w": "| 3C", "a2": "| 3C"}, fill="s",
                     fill_face_down=True)
    sent = autoplay(both_out)
    assert len(sent) == 2 and both_out.piles[both_out.rules.pile_by_label["o1"]][-1:] == \
        both_out.piles[both_out.rules.pile_by_label["o2"]][-1:]


def test_KK4_fives_and_nines_are_left_to_the_player_aces_and_kings_go_home():
    """A 5 that starts a pile changes which 5s and 9s may start later (KK-4): never automatic."""
    game = build("kwadratura-kola", {"o1": "| AS 2S 3S 4S", "a2": "| 5S", "a4": "| KH"}, fill="s",
                 fill_face_down=True)
    five = parse_move(game, "a2o")
    assert game.why_illegal(five) is None
    assert [game.notation(m) for m in safe_moves(game)] == ["a4o"]


def test_KL_a_three_card_draw_keeps_its_waste_a_one_card_draw_sends_its_ace_home():
    """Taking a card out of a three-card draw changes which cards the later draws show."""
    for game_id, sent in (("klondike-3", False), ("klondike", True)):
        game = build(game_id, {"w": "| 5D AS"}, fill="s", fill_face_down=True)
        assert game.why_illegal(parse_move(game, "wh")) is None
        assert bool(safe_moves(game)) is sent, game_id


def test_KK4_autoplay_along_deal_10s_stock_turns_leaves_it_not_proved_lost():
    """Deal 10 is won by the solver. Turning its stock with the old autoplay after each turn, the
    35th turn sent the waste's 5♣ to start a fives pile (KK-4 counts those starts) and the copies
    bound proved the game lost; now no position along the same 40 turns is proved lost."""
    game = Game.new("kwadratura-kola", 10)
    autoplay(game)
    turns = 0
    while turns < 40 and game.why_illegal((game.rules.stock_pile, -1, 0)) is None:
        game.play((game.rules.stock_pile, -1, 0))
        autoplay(game)
        turns += 1
        assert not copies_lost(game), turns
    assert turns == 40  # past the 35th turn, where the old autoplay lost it


# One- and two-deck games whose walks send cards home (Parada's and Dywan's seldom do).
WALKED = ["kwadratura-kola", "cromwell", "klondike", "klondike-3", "freecell", "double-klondike", "forty-thieves",
          "bakers-game", "yukon", "sixty-thieves", "eight-off"]


@pytest.mark.parametrize("game_id", WALKED)
def test_the_players_autoplay_reaches_what_the_solvers_safe_moves_reach(game_id):
    """Along random walks: the player's autoplay and the solver's simple rule (`prune.Autoplay`,
    which the solver plays where it proves no rule, and proves where no card leaves a foundation)
    send the same cards home, up to which of alike piles holds them."""
    game = Game.new(game_id, 2)
    solver = Autoplay(game, SIMPLE)
    rnd = random.Random(7)
    sent = 0
    for _step in range(120):
        player, search = game.copy(), game.copy()
        sent += len(autoplay(player))
        solver.run(search)
        assert player.canonical_key() == search.canonical_key(), (game_id, _step)
        moves = [m for m in game.legal_moves(actions=False) if not game.changes_nothing(m)]
        if not moves:
            break
        home = [m for m in moves if m[1] in game.rules.foundation_piles]  # walks that reach safe cards
        game.push(rnd.choice(home if home and rnd.random() < 0.8 else moves))
    assert sent > 0  # the walk met safe cards: the two agreed on something


def test_a_column_the_stock_deals_one_card_onto_gives_its_safe_cards_to_autoplay():
    """Gypsy's stock deals one card onto every column: taking a card home from a column leaves
    the later deals as they were, so autoplay takes it (the solver's safe moves leave such piles
    to its search, `may_autoplay_from`); a three-card draw's waste is what later draws read."""
    gypsy = build("gypsy", {"1": "| 9C AS"}, fill="s", fill_face_down=True)
    column = gypsy.rules.pile_by_label["1"]
    assert not deals_read_the_order(gypsy.rules, column) and not may_autoplay_from(gypsy.rules, column)
    assert [gypsy.notation(m) for m in safe_moves(gypsy)] == ["1h"]
    klondike_3 = Game.new("klondike-3", 1)
    assert deals_read_the_order(klondike_3.rules, klondike_3.rules.waste_pile)
    klondike = Game.new("klondike", 1)
    assert not deals_read_the_order(klondike.rules, klondike.rules.waste_pile)
