"""The Fan family (V2's games), each against its published rules (Morehead and Mott-Smith's Hoyle,
Parlett's Penguin Book of Patience, PySolFC's Fan family; each ruleset's header names its source).

Fan, La Belle Lucie, Trefoil, Baker's Dozen and Bristol: one deck in open piles of three or four,
one card at a time, few or no spaces. La Belle Lucie and Trefoil gather, shuffle and deal the fans
again twice (`actions.reshuffle`); Baker's Dozen and Bristol sink their kings under the other
cards of their piles at the deal (a deal step's `bottom`). Per game: hand-built positions where
named moves must be legal and named moves must be refused (the reason checked), a golden deal
(deal 1's first cards) and a won game replayed (a solver's line stored under tests/data/<id>/).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from positions import build, dealt, pile, refused, solution_words, stored_wins

from patience import Game
from patience.cards import RANK
from patience.deals import reshuffled, shuffled_deck

DATA = Path(__file__).parent / "data"
FAMILY = ["fan", "la-belle-lucie", "trefoil", "bakers-dozen", "bristol"]


def at(name: str, piles: dict[str, str]) -> Game:
    """A position of ``name``; every card not named lies on foundation h4, out of the way."""
    return build(name, piles, fill="h4")


# The deals -----------------------------------------------------------------------------------------
GOLDEN = {  # deal 1: these cards, bottom to top; changing a shuffle or a deal step breaks them
    "fan": {"01": "AD 8H 3H", "02": "6S AH TD", "18": "QC"},
    "la-belle-lucie": {"01": "JS 2S KS", "02": "4H 5D 6C", "18": "3S"},
    "trefoil": {"01": "2D 3H 5S", "16": "5D 4C 2C", "h1": "AC", "h4": "AS"},
    "bakers-dozen": {"a": "TS 4C 8D 6H", "b": "KS 4H 4S 3H", "n": "QD 5D 3C 7H"},
    "bristol": {"1": "6H 3C QH", "2": "AS 9C TH", "a": "AD", "b": "7S", "c": "6S"},
}


@pytest.mark.parametrize("name", FAMILY)
def test_golden_deal_1(name):
    game = Game.new(name, 1)
    assert dealt(game, GOLDEN[name]) == GOLDEN[name]
    assert game.ruleset.family == "fan" and not any(game.hidden[p] for p in game.rules.column_piles)


def test_golden_deals_cover_the_family():
    assert sorted(GOLDEN) == sorted(FAMILY)


@pytest.mark.parametrize("name, group", [("bakers-dozen", "tableau"), ("bristol", "fans")])
@pytest.mark.parametrize("deal", [1, 2, 3, 50])
def test_kings_lie_under_the_other_cards_of_their_pile(name, group, deal):
    game = Game.new(name, deal)
    for p in game.rules.group_by_id[group].piles:
        ranks = [RANK[c] for c in game.piles[p]]
        kings = ranks.count(13)
        assert ranks[:kings] == [13] * kings, (deal, game.rules.labels[p], ranks)
    assert sorted(game.cards()) == list(range(52))


def test_sinking_the_kings_keeps_every_other_card_in_its_dealt_order():
    """Deal 1 of Baker's Dozen as the shuffle gives it, row by row, then each king under its column."""
    deck = shuffled_deck("patience", "bakers-dozen", 1, 1)
    game = Game.new("bakers-dozen", 1)
    for i, p in enumerate(game.rules.group_by_id["tableau"].piles):
        dealt = deck[i::13]  # rows of 13: column i takes every 13th card
        kings = [c for c in dealt if RANK[c] == 13]
        assert game.piles[p] == kings + [c for c in dealt if RANK[c] != 13]
    assert pile(game, "c") == ["KD", "AD", "TC", "3D"]  # its king was dealt second


# Hand-built positions ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["fan", "la-belle-lucie"])
def test_fans_build_down_in_suit_one_card_at_a_time(name):
    game = at(name, {"01": "9H", "02": "TH", "03": "9S", "04": "AD", "05": "8H 7H", "h2": ""})
    refused(game, "05-02v2", r"only the top card of 05 moves")
    refused(game, "0302", r"9♠ cannot go on 10♥ \(fans: down in suit\)")
    game.play("04h")  # an ace home
    game.play("0102")  # 9♥ on 10♥
    assert pile(game, "02") == ["TH", "9H"]


def test_fan_a_space_takes_only_a_king():
    game = at("fan", {"01": "5H", "02": "QS", "03": "KC", "h3": "AH 2H 3H 4H"})
    game.play("01h")  # 5♥ home empties fan 01
    refused(game, "0201", r"an empty pile in fans takes only K, not Q♠")
    game.play("0301")


@pytest.mark.parametrize("name, first, second", [("la-belle-lucie", "01", "02"), ("trefoil", "01", "02"),
                                                 ("bakers-dozen", "a", "b"), ("bristol", "1", "2")])
def test_an_emptied_pile_stays_empty(name, first, second):
    game = at(name, {first: "5H", second: "KC", "h3": "AH 2H 3H 4H"})
    game.play(f"{first}h")
    refused(game, f"{second}{first}", r"nothing goes into an empty pile")


def test_bakers_dozen_and_bristol_build_down_whatever_the_suit():
    game = at("bakers-dozen", {"a": "9H", "b": "TS", "c": "9C", "d": "JD"})
    game.play("ab")  # 9♥ on 10♠
    refused(game, "cd", r"9♣ cannot go on J♦ \(tableau: down\)")
    game = at("bristol", {"1": "9H", "2": "TS", "a": "9C", "b": "5D", "3": "8D"})
    game.play("a2")  # a reserve card onto a fan
    refused(game, "b1", r"5♦ cannot go on 9♥")
    refused(game, "3b", r"8♦ cannot go on 5♦ \(reserve: nothing is built here\)")


def test_bristol_deals_one_card_onto_each_reserve_pile_once_through():
    game = Game.new("bristol", 1)
    tops = [pile(game, "s")[-1 - i] for i in range(3)]
    game.play("s")
    assert [pile(game, label)[-1] for label in "abc"] == tops
    while pile(game, "s"):
        game.play("s")
    assert sum(len(pile(game, label)) for label in "abc") <= 3 + 25
    refused(game, "s", r"the stock is empty|never turned over")


# The reshuffle (La Belle Lucie, Trefoil) -----------------------------------------------------------
STUCK = {  # thirteen cards in five fans and no card move: no top goes home or onto another top
    "01": "2C 5D", "02": "3C 2D 5C", "03": "4C 2H 5S", "04": "4D 3D 4S 5H", "05": "3H",
    "h1": "AC", "h2": "AD", "h3": "AH",
}


def stuck(**header: object) -> Game:
    return build("la-belle-lucie", STUCK, fill="h4", deal=7, **header)


def test_lucie_with_no_card_move_left_is_not_lost_while_a_reshuffle_is():
    game = stuck()
    assert [game.notation(m) for m in game.legal_moves()] == ["rs"]
    assert game.status() == "in progress"


def test_lucie_with_no_reshuffle_left_and_no_move_is_lost():
    game = stuck(uses="rs 0")
    assert game.legal_moves() == [] and game.status() == "lost"
    refused(game, "rs", r"no reshuffles left: the cards may be gathered and dealt again 2 times")


def test_the_reshuffle_deals_the_fans_cards_again_in_threes_fixed_by_the_deal_and_undo_is_exact():
    game = stuck()
    fans = game.rules.group_by_id["fans"].piles
    cards = sorted(c for p in fans for c in game.piles[p])
    before, home = game.key(), pile(game, "h1")
    game.play("rs")
    assert [len(game.piles[p]) for p in fans] == [3, 3, 3, 3, 1] + [0] * 13
    dealt = [c for p in fans for c in game.piles[p]]
    assert dealt == reshuffled(cards, "la-belle-lucie", 7, 1)  # the deal number and the first use fix it
    assert game.uses_left == (1,) and pile(game, "h1") == home and not any(game.hidden)
    again = stuck()
    again.play("rs")
    assert again.key() == game.key()  # the same position and deal: the same cards
    game.undo()
    assert game.key() == before and game.uses_left == (2,)
    game.redo()
    assert [c for p in fans for c in game.piles[p]] == dealt


def test_the_second_reshuffle_is_another_shuffle_and_a_third_is_refused():
    game = stuck()
    game.play("rs")
    first = game.key()
    game.play("rs")
    assert game.key() != first and game.uses_left == (0,)
    refused(game, "rs", r"no reshuffles left")


def test_trefoil_reshuffles_the_fans_only():
    game = Game.new("trefoil", 1)
    aces = [pile(game, f"h{i}") for i in range(1, 5)]
    game.play("rs")
    assert [pile(game, f"h{i}") for i in range(1, 5)] == aces
    assert [len(game.piles[p]) for p in game.rules.group_by_id["fans"].piles] == [3] * 16


# Won games -----------------------------------------------------------------------------------------
def test_every_game_of_the_family_has_a_stored_win():
    assert {p.parent.name for p in stored_wins(FAMILY)} == set(FAMILY)


def test_the_stored_lucie_and_trefoil_wins_use_the_reshuffle():
    for name in ("la-belle-lucie", "trefoil"):
        words = [w for path in (DATA / name).glob("deal-*.txt") for w in solution_words(path)]
        assert "rs" in words, name
