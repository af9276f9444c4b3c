"""The Canfield family, each game against its published rules (Morehead and Mott-Smith's Hoyle,
Parlett's Penguin Book of Patience; each ruleset's header names its source).

Canfield and Storehouse: a reserve of thirteen whose top card refills a tableau space at once
(`fill`), foundations that turn the corner from king to ace; Canfield's base rank is set by the
card the deal puts on the first foundation (`empty: base`), Storehouse's by its twos (`prefill`).
Per game: hand-built positions where named moves must be legal and named moves must be refused
(the reason checked), a golden deal (deal 1's first cards) and a won game replayed (a solver's
line stored under tests/data/<id>/).
"""

from __future__ import annotations

import pytest
from positions import build, dealt, pile, refused, stored_wins

from patience import Game

FAMILY = ["canfield", "storehouse"]


def face_up(game: Game, label: str) -> list[str]:
    p = game.rules.pile_by_label[label]
    return pile(game, label)[game.hidden[p]:]


# The deals -----------------------------------------------------------------------------------------
GOLDEN = {  # deal 1: these cards, bottom to top; changing a shuffle or a deal step breaks them
    "canfield": {"r": "9D JS 3D AD 8D 3S 2H 2D 9C QD 3H QS 5C", "h1": "7S", "1": "TH", "2": "KD", "3": "JD", "4": "AH"},
    "storehouse": {"r": "3C QD 3D QH 6D TC 6S 5D 7D TH 8C 6C TS", "h1": "2C", "h4": "2S", "1": "4S", "2": "KC"},
}


@pytest.mark.parametrize("name", FAMILY)
def test_golden_deal_1(name):
    game = Game.new(name, 1)
    assert dealt(game, GOLDEN[name]) == GOLDEN[name]
    assert face_up(game, "r") == [pile(game, "r")[-1]]  # only the reserve's top card shows
    assert game.ruleset.family == "canfield"


def test_golden_deals_cover_the_family():
    assert sorted(GOLDEN) == sorted(FAMILY)


def test_canfield_deals_one_foundation_card_and_the_stock_turns_three():
    game = Game.new("canfield", 2)
    assert [len(game.piles[p]) for p in game.rules.group_by_id["foundations"].piles] == [1, 0, 0, 0]
    game.play("s")
    assert len(pile(game, "w")) == 3


# Canfield: the base rank ---------------------------------------------------------------------------
def canfield(piles: dict[str, str]) -> Game:
    return build("canfield", piles, fill="s", fill_face_down=True)


def test_canfield_a_foundation_starts_only_with_the_base_rank_the_deal_set():
    game = canfield({"h1": "7S", "1": "7H", "2": "8C", "3": "2D", "4": "5S", "r": "| 9D"})
    refused(game, "2h2", r"an empty pile in foundations takes only 7, not 8♣")
    refused(game, "3h2", r"takes only 7, not 2♦")
    game.play("1h2")  # 7♥ starts the second foundation
    assert pile(game, "h2") == ["7H"]


def test_canfield_without_a_started_foundation_any_card_sets_the_base():
    game = canfield({"1": "5D", "2": "9C", "3": "2D", "4": "5S", "r": "| 9D"})
    game.play("2h1")  # no foundation has a card: the first one played sets the base, 9
    refused(game, "1h2", r"takes only 9, not 5♦")


def test_canfield_foundations_turn_the_corner_and_hold_thirteen():
    game = canfield({"h1": "7S 8S 9S TS JS QS KS", "1": "AS", "2": "8C", "3": "2D", "4": "5H", "r": "| 9D"})
    game.play("1h1")  # A♠ on K♠: the foundation goes round the corner
    refused(game, "3h1", r"2♦ cannot go on A♠")


def test_canfield_tableau_builds_down_in_alternating_colours_round_the_corner():
    game = canfield({"h1": "7S", "1": "AH", "2": "KS", "3": "KD", "4": "5H", "r": "| 9D"})
    game.play("21")  # K♠ on A♥: K and A follow each other
    refused(game, "31", r"K♦ cannot go on K♠ \(tableau: down in alternating colours")


# Canfield and Storehouse: spaces refilled from the reserve at once ----------------------------------
def test_canfield_a_space_takes_the_reserve_top_at_once_and_undo_puts_it_back():
    game = canfield({"h1": "7S", "1": "TH", "2": "JS", "3": "6D", "4": "AH", "r": "9D QD | 5C"})
    before, reserve = game.key(), game.rules.pile_by_label["r"]
    game.play("12")  # 10♥ on J♠ empties column 1
    assert pile(game, "1") == ["5C"] and pile(game, "2") == ["JS", "TH"]
    assert face_up(game, "r") == ["QD"] and game.hidden[reserve] == 1  # the next reserve card turned up
    game.undo()
    assert game.key() == before and pile(game, "r") == ["9D", "QD", "5C"] and game.hidden[reserve] == 2
    game.redo()
    assert pile(game, "1") == ["5C"]


def test_canfield_a_whole_run_moved_off_a_column_is_replaced_from_the_reserve():
    game = canfield({"h1": "7S", "1": "TH 9C", "2": "JS", "3": "6D", "4": "AH", "r": "| 5C"})
    game.play("12v2")
    assert pile(game, "1") == ["5C"] and pile(game, "r") == []


def test_canfield_once_the_reserve_is_out_a_space_takes_any_card():
    game = canfield({"h1": "7S", "1": "TH", "2": "JS", "3": "6D", "4": "AH", "w": "3C", "r": ""})
    game.play("12")
    assert pile(game, "1") == []  # nothing left to refill it
    game.play("w1")  # any card fills it now, here the waste's 3♣
    assert pile(game, "1") == ["3C"]


def test_canfield_the_reserve_is_not_built_on():
    game = canfield({"h1": "7S", "1": "4H", "2": "JS", "3": "6D", "4": "AH", "r": "| 5C"})
    refused(game, "1r", r"4♥ cannot go on 5♣ \(reserve: nothing is built here\)")


def storehouse(piles: dict[str, str]) -> Game:
    return build("storehouse", piles, fill="s", fill_face_down=True)


def test_storehouse_builds_down_in_suit_moving_the_top_card_or_the_whole_pile():
    # PySolFC's Canfield_SS_RowStack: one card, or every card of the pile
    game = storehouse({"h1": "2C", "h2": "2D", "h3": "2H", "h4": "2S",
                       "1": "TH 9H", "2": "JH", "3": "8H", "4": "8S", "r": "| 5C 6C"})
    refused(game, "32", r"8♥ cannot go on J♥ \(tableau: down in suit")
    refused(game, "41", r"8♠ cannot go on 9♥")
    game.play("31")  # 8♥ on 9♥; column 3 is refilled from the reserve
    assert pile(game, "1") == ["TH", "9H", "8H"] and pile(game, "3") == ["6C"]
    game.play("12v3")  # the whole pile onto J♥; column 1 is refilled too
    assert pile(game, "2") == ["JH", "TH", "9H", "8H"] and pile(game, "1") == ["5C"]


def test_storehouse_foundations_start_at_two_and_turn_the_corner():
    game = storehouse({"h1": "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "h2": "2D", "h3": "2H", "h4": "2S",
                       "1": "AC", "2": "AD", "3": "3S", "4": "KH", "r": "| 5H"})
    refused(game, "2h2", r"A♦ cannot go on 2♦")
    game.play("1h1")  # A♣ on K♣: the thirteenth card
    assert len(pile(game, "h1")) == 13 and pile(game, "1") == ["5H"]  # and the reserve refilled column 1
    game.play("3h4")


def test_storehouse_goes_through_the_stock_three_times():
    game = storehouse({"h1": "2C", "h2": "2D", "h3": "2H", "h4": "2S", "1": "4S", "2": "KC", "3": "8D",
                       "4": "JH", "r": "| 5H"})
    for _ in range(3):
        while pile(game, "s"):
            game.play("s")
        if _ < 2:
            game.play("s")  # the waste turned back into the stock
    refused(game, "s", r"no redeals left: the stock goes round 3 times in all")


# Won games -----------------------------------------------------------------------------------------
def test_every_game_of_the_family_has_a_stored_win():
    assert {p.parent.name for p in stored_wins(FAMILY)} == set(FAMILY)


# The solver ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["canfield", "storehouse", "la-belle-lucie"])
def test_the_solver_prunes_nothing_whose_proof_these_words_break(name):
    """empty: base reads a group's other piles, fill moves a third pile's card, the reshuffle reads
    every fan: the safe-move, stock-commuting and hop proofs assume none of that (docs/solver.md)."""
    from patience.solver.hops import hop_group
    from patience.solver.prune import autoplay_rule, options_read_the_layout, stock_commutes

    rules = Game.new(name, 1).rules
    assert options_read_the_layout(rules)
    assert autoplay_rule(rules) is None and not stock_commutes(rules) and hop_group(rules) is None
