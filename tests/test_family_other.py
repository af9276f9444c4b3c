"""Games of no larger family (Aces Up, Accordion) against their published rules: what may go
out or move by position, what is refused and why, golden deals and won games."""

from __future__ import annotations

import pytest
from positions import build, notations, pile, refused, stored_wins

from patience import Game, IllegalMove


# Aces Up --------------------------------------------------------------------------------------
def aces_up(piles: dict[str, str]) -> Game:
    """An Aces Up position; every card not named lies face down in the stock."""
    return build("aces-up", piles, fill="s", fill_face_down=True)


def test_aces_up_golden_deal_four_cards_and_a_stock_of_48():
    game = Game.new("aces-up", 1)
    assert [pile(game, n) for n in "1234"] == [["5C"], ["7S"], ["6C"], ["KH"]]
    assert len(pile(game, "s")) == 48 and not pile(game, "x")


def test_aces_up_a_card_goes_out_while_a_higher_one_of_its_suit_is_on_top_elsewhere():
    game = aces_up({"1": "5C", "2": "9C", "3": "KH", "4": "AH"})
    assert {"1+", "3+"} <= set(notations(game))  # 5♣ under 9♣; K♥ under A♥, aces high
    game.play("3+")
    assert pile(game, "x") == ["KH"]


def test_aces_up_refuses_a_card_with_no_higher_one_of_its_suit_on_top_and_never_an_ace():
    # 2♦ lies under 9♦ in its own pile: only other piles' top cards count.
    game = aces_up({"1": "9D 2D", "2": "KS", "3": "AH", "4": "QC"})
    for label in "1234":
        assert f"{label}+" not in notations(game)
    refused(game, "1+", "only while a higher card of its suit lies on top of another pile")
    refused(game, "3+", "only while a higher card of its suit")  # the ace of hearts: nothing ranks above it


def test_aces_up_a_top_card_moves_only_into_an_empty_pile():
    game = aces_up({"1": "5C", "2": "9D", "3": "KH", "4": ""})
    assert "14" in notations(game)
    with pytest.raises(IllegalMove):
        game.play("12")  # nothing is built on a card
    game.play("14")
    assert pile(game, "4") == ["5C"] and not pile(game, "1")


def test_aces_up_the_stock_deals_one_card_onto_each_pile_empty_ones_too():
    game = aces_up({"1": "5C", "2": "9D", "3": "KH", "4": ""})
    game.play("s")
    assert [len(pile(game, n)) for n in "1234"] == [2, 2, 2, 1]


def test_aces_up_won_when_only_the_four_aces_are_left():
    near = aces_up({"1": "AC", "2": "AD", "3": "AH KS", "4": "AS", "x": "| " + " ".join(
        f"{r}{s}" for s in "CDH" for r in "23456789TJQK") + " " + " ".join(f"{r}S" for r in "23456789TJQ")})
    assert near.status() != "won"
    near.play("3+")  # the king of spades under the ace of spades
    assert near.status() == "won"


# Accordion ------------------------------------------------------------------------------------
def accordion(piles: dict[str, str]) -> Game:
    """An Accordion position; every card not named lies in pile 52."""
    return build("accordion", piles, fill="52")


def test_accordion_golden_deal_52_single_cards_in_order():
    game = Game.new("accordion", 1)
    assert [pile(game, label) for label in ("01", "02", "03", "52")] == [["TC"], ["TD"], ["5D"], ["AH"]]
    assert all(len(pile(game, f"{n:02}")) == 1 for n in range(1, 53))


def test_accordion_a_pile_goes_one_or_three_to_the_left_on_the_same_rank_or_suit():
    game = accordion({"01": "5C", "02": "9H", "03": "KD", "04": "5S", "05": "7S"})
    moves = set(notations(game))
    assert {"0401", "0504"} <= moves  # 5♠ on 5♣ three back (same rank); 7♠ on 5♠ one back (same suit)
    assert "0402" not in moves and "0502" not in moves  # two back is not a reach, whatever matches
    game.play("0401")
    assert pile(game, "01") == ["5C", "5S"] and not pile(game, "04")


def test_accordion_counts_only_piles_with_cards_and_moves_the_whole_pile():
    game = accordion({"01": "QH", "02": "", "03": "", "04": "3C 9H", "05": "8D"})
    assert "0401" in notations(game)  # the gaps 02 and 03 do not count: 04 is next to 01
    refused(game, "0401v1", "moves only as a whole pile of 2 cards")
    game.play("0401")
    assert pile(game, "01") == ["QH", "3C", "9H"] and not pile(game, "04")


def test_accordion_refuses_other_places_and_cards_that_do_not_match_with_reasons():
    game = accordion({"01": "QH", "02": "2S", "03": "7C", "04": "8C", "05": "KD"})
    refused(game, "0402", "onto the pile 1 or 3 places before it, counting piles with cards; 02")  # two places back
    refused(game, "0304", "onto the pile 1 or 3 places before it")  # rightward
    refused(game, "0504", "cannot go on 8")  # K♦ on 8♣: neither rank nor suit
    refused(game, "0401", "cannot go on Q")  # 8♣ on Q♥, three back but no match


def test_accordion_won_when_one_pile_holds_every_card():
    game = build("accordion", {"02": "AS"}, fill="01")  # 51 cards on 01, the K♠ on top
    assert pile(game, "01")[-1] == "KS" and game.status() != "won"
    game.play("0201")  # A♠ on K♠, same suit
    assert len(pile(game, "01")) == 52 and game.status() == "won"


# The solver and the key -----------------------------------------------------------------------
@pytest.mark.parametrize("name", ["accordion", "aces-up"])
def test_the_solver_prunes_nothing_for_moves_by_position_or_discards_that_read_other_piles(name):
    """reach counts the piles with cards between two places, outranked reads every pile's top:
    the safe-move, stock-commuting and hop proofs assume neither (docs/solver.md)."""
    from patience.solver.hops import hop_group
    from patience.solver.prune import autoplay_rule, options_read_the_layout, stock_commutes

    rules = Game.new(name, 1).rules
    assert options_read_the_layout(rules)
    assert autoplay_rule(rules) is None and not stock_commutes(rules) and hop_group(rules) is None


def test_accordion_piles_keep_their_places_in_the_solver_key():
    """Places are what reach counts, so two rows in another order are different positions."""
    game = accordion({"01": "5C", "02": "9H", "03": "KD"})
    other = accordion({"01": "9H", "02": "5C", "03": "KD"})
    assert game.canonical_key() != other.canonical_key()


# Won games (replayed in test_stored_wins.py) ------------------------------------------------
def test_these_games_have_a_stored_winning_line():
    games = ["aces-up", "accordion"]
    assert {p.parent.name for p in stored_wins(games)} == set(games)
