"""The Beleaguered Castle family, each game against its published rules (Morehead and Mott-Smith,
Parlett, PySolFC's rules pages; each ruleset's header names its source).

Streets and Alleys, Beleaguered Castle, Fortress, Flower Garden, King Albert and Raglan: one deck,
every card face up, no stock. Flower Garden, King Albert and Raglan join the family (PySolFC calls
them "Raglan type") because their reserves are loose cards that only give cards out, never free
cells that take cards back. Per game: hand-built positions where named moves must be legal and
named moves must be refused (the reason checked), a golden deal (deal 1's first cards) and a won
game replayed (a solver's line stored under tests/data/<id>/, or a near-won position played out).
"""

from __future__ import annotations

import pytest
from positions import build, dealt, pile, refused, stored_wins

from patience import Game
from patience.cards import RANK
from patience.deals import patience_shuffle

FAMILY = ["streets-and-alleys", "beleaguered-castle", "citadel", "exiled-kings", "fortress", "flower-garden", "king-albert", "raglan"]


def game_at(name: str, piles: dict[str, str]) -> Game:
    """A position of ``name``; every card not named lies on foundation h4, out of the way."""
    return build(name, piles, fill="h4")


def counts(game: Game, group: str) -> list[int]:
    return [len(game.piles[p]) for p in game.rules.group_by_id[group].piles]


# The deals -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("deal", [1, 2, 99])
def test_the_deals_lay_every_card_face_up_as_the_books_say(deal):
    shapes = {
        "streets-and-alleys": ("tableau", [7, 7, 7, 7, 6, 6, 6, 6]),
        "beleaguered-castle": ("tableau", [6] * 8),
        "fortress": ("tableau", [6, 6] + [5] * 8),
        "flower-garden": ("beds", [6] * 6),
        "king-albert": ("tableau", list(range(1, 10))),
        "raglan": ("tableau", [1, 2, 3, 4, 5, 6, 7, 7, 7]),
    }
    for name, (group, shape) in shapes.items():
        game = Game.new(name, deal)
        assert counts(game, group) == shape, name
        assert not any(game.hidden) and game.rules.stock_pile < 0, name
        assert sorted(game.cards()) == list(range(52)), name


@pytest.mark.parametrize("name, reserve", [("flower-garden", 16), ("king-albert", 7), ("raglan", 6)])
def test_the_reserve_holds_single_loose_cards(name, reserve):
    game = Game.new(name, 1)
    group = "bouquet" if name == "flower-garden" else "reserve"
    assert counts(game, group) == [1] * reserve


@pytest.mark.parametrize("name", ["beleaguered-castle", "raglan"])
def test_the_four_aces_are_out_before_the_deal(name):
    game = Game.new(name, 7)
    assert [pile(game, f"h{i}") for i in range(1, 5)] == [["AC"], ["AD"], ["AH"], ["AS"]]


@pytest.mark.parametrize("name", ["streets-and-alleys", "fortress", "flower-garden", "king-albert"])
def test_the_foundations_start_empty_and_take_an_ace_first(name):
    game = Game.new(name, 7)
    assert not any(pile(game, f"h{i}") for i in range(1, 5))
    first = game.rules.labels[game.rules.group_by_id[FIRST_GROUP[name]].piles[0]]
    game = game_at(name, {first: "2H", "h1": ""})
    refused(game, f"{first}h1", "takes only A")


FIRST_GROUP = {"streets-and-alleys": "tableau", "fortress": "tableau", "flower-garden": "beds",
               "king-albert": "tableau"}


# Streets and Alleys, Beleaguered Castle: down regardless of suit, one card at a time ---------------
@pytest.mark.parametrize("name", ["streets-and-alleys", "beleaguered-castle"])
def test_rows_build_down_regardless_of_suit(name):
    game = game_at(name, {"1": "9S", "2": "8S", "3": "8H", "4": "TH", "5": "9D"})
    refused(game, "41", r"10♥ cannot go on 9♠ \(tableau: down\)")
    refused(game, "51", r"9♦ cannot go on 9♠")
    game.play("31")  # a red eight on a black nine
    refused(game, "21", r"8♠ cannot go on 8♥")
    assert pile(game, "1") == ["9S", "8H"]


@pytest.mark.parametrize("name", ["streets-and-alleys", "beleaguered-castle"])
def test_one_card_at_a_time_and_any_card_into_a_space(name):
    game = game_at(name, {"1": "9S 8H", "2": "TD", "3": ""})
    refused(game, "12v2", "only the top card of 1 moves")
    refused(game, "13v2", "only the top card of 1 moves")
    game.play("13")
    game.play("12")
    assert pile(game, "2") == ["TD", "9S"] and pile(game, "3") == ["8H"] and pile(game, "1") == []


def test_beleaguered_castle_foundations_build_up_in_suit_and_keep_their_cards():
    game = game_at("beleaguered-castle", {"h1": "AC", "1": "2C", "2": "2D", "3": ""})
    refused(game, "2h1", r"2♦ cannot go on A♣ \(foundations: up in suit\)")
    game.play("1h")
    refused(game, "h13", "cards never leave the foundations")
    assert pile(game, "h1") == ["AC", "2C"]


# Fortress: up or down in suit ------------------------------------------------------------------------
def test_fortress_builds_up_or_down_in_suit_one_card_at_a_time():
    game = game_at("fortress", {"1": "9S", "2": "TS", "3": "8S", "4": "8H", "5": "9H", "6": "7H 6H"})
    refused(game, "41", r"8♥ cannot go on 9♠ \(tableau: up or down in suit\)")
    game.play("21")  # up: 10♠ on 9♠
    refused(game, "31", r"8♠ cannot go on 10♠")
    game.play("45")  # down: 8♥ on 9♥
    refused(game, "65v2", "only the top card of 6 moves")
    assert pile(game, "1") == ["9S", "TS"] and pile(game, "5") == ["9H", "8H"]


# Flower Garden: the bouquet gives, never takes -------------------------------------------------------
def test_flower_garden_any_bouquet_card_plays_to_a_bed_or_a_foundation():
    game = game_at("flower-garden", {"1": "9S", "a": "8C", "c": "AH", "q": "KD", "2": ""})
    game.play("a1")  # beds build down regardless of suit
    game.play("ch")
    game.play("q2")  # any card into an empty bed
    assert pile(game, "1") == ["9S", "8C"] and pile(game, "h1") == ["AH"] and pile(game, "2") == ["KD"]


def test_flower_garden_nothing_goes_into_the_bouquet_and_beds_move_one_card():
    game = game_at("flower-garden", {"1": "6S", "a": "", "b": "7H"})
    refused(game, "1a", r"nothing goes into an empty pile in bouquet \(a\)")
    refused(game, "1b", r"6♠ cannot go on 7♥ \(bouquet: nothing is built here\)")
    game = game_at("flower-garden", {"1": "TS", "2": "9D 8H", "3": "9C", "4": "TD"})
    refused(game, "24v2", "only the top card of 2 moves")
    game.play("31")
    game.play("21")
    assert pile(game, "1") == ["TS", "9C", "8H"]


# King Albert and Raglan: alternating colours, a reserve that is never refilled -----------------------
@pytest.mark.parametrize("name", ["king-albert", "raglan"])
def test_columns_build_down_in_alternating_colours_one_card_at_a_time(name):
    game = game_at(name, {"1": "9S", "2": "8C", "3": "8D 7C", "a": "8H"})
    refused(game, "21", r"8♣ cannot go on 9♠ \(tableau: down in alternating colours\)")
    refused(game, "31v2", "only the top card of 3 moves")
    game.play("a1")  # a reserve card plays onto a column
    game.play("31")
    assert pile(game, "1") == ["9S", "8H", "7C"] and pile(game, "3") == ["8D"]


@pytest.mark.parametrize("name", ["king-albert", "raglan"])
def test_nothing_goes_onto_the_reserve_or_into_an_empty_place_of_it(name):
    game = game_at(name, {"1": "6C", "a": "", "b": "7H"})
    refused(game, "1a", r"nothing goes into an empty pile in reserve \(a\)")
    refused(game, "1b", r"6♣ cannot go on 7♥ \(reserve: nothing is built here\)")
    game = game_at(name, {"a": "AS", "1": ""})
    game.play("ah")  # a reserve card plays to a foundation too
    assert pile(game, "a") == []


# Citadel: cards that fit go home as dealt ---------------------------------------------------------
def pysolfc_citadel_deal(number: int) -> tuple[list[list[int]], list[list[int]]]:
    """Citadel's deal as PySolFC's rules and class say it, from the shuffled pack: the aces out
    first (the rest keep their order), then each card in turn to the next of the eight rows, six
    times round, unless a foundation takes it (the next of its suit), when it goes home and that
    row gets no card this turn."""
    pack = [c for c in patience_shuffle("citadel", number) if RANK[c] != 1]
    homes = [[c] for c in range(4)]  # A♣ A♦ A♥ A♠: cards 0-3 in card order
    rows: list[list[int]] = [[] for _ in range(8)]
    for turn, card in enumerate(pack):
        home = homes[card % 4]
        if RANK[card] == RANK[home[-1]] + 1:
            home.append(card)
        else:
            rows[turn % 8].append(card)
    return rows, homes


def test_citadel_deals_card_by_card_as_pysolfc_does():
    shorter = 0  # deals where some row got fewer than six
    for number in range(1, 201):
        game = Game.new("citadel", number)
        rows, homes = pysolfc_citadel_deal(number)
        assert [game.piles[p] for p in game.rules.group_by_id["tableau"].piles] == rows, number
        assert [game.piles[p] for p in game.rules.group_by_id["foundations"].piles] == homes, number
        assert not any(game.hidden), number
        shorter += any(len(r) < 6 for r in rows)
    assert shorter > 150  # most deals play some card home


def test_exiled_kings_deals_as_citadel_and_takes_only_kings_into_spaces():
    for number in (1, 2, 35):
        assert Game.new("exiled-kings", number).piles == Game.new("citadel", number).piles
    game = game_at("exiled-kings", {"1": "", "2": "| 5D", "3": "| KC"})
    refused(game, "21", r"an empty pile in tableau takes only K, not 5♦")
    game.play("31")


def test_citadel_plays_on_like_beleaguered_castle():
    game = game_at("citadel", {"h1": "AC 2C", "1": "9S", "2": "TH", "3": "3C", "4": "", "5": "KD 4S"})
    game.play("12")  # down regardless of suit
    game.play("3h")
    refused(game, "54v2", r"only the top card")  # one card at a time
    game.play("54")  # any card into a space
    assert pile(game, "2") == ["TH", "9S"] and pile(game, "4") == ["4S"]


# Every game of the family -------------------------------------------------------------------------
GOLDEN = {  # deal 1: the named piles, bottom card first
    "streets-and-alleys": {"1": "2H 5C 6S QS 2D TS 3H", "8": "JC KC 5H 2C 4D 5S"},
    "beleaguered-castle": {"1": "2S 2C 2H 7C 2D 9D", "8": "5S KH 5H 3H 5C 4H"},
    "citadel": {"h1": "AC 2C", "h4": "AS 2S", "1": "QS 4S 7S 4C TH 5D", "8": "KS 5S KC QD JD"},
    "exiled-kings": {"h1": "AC 2C", "h4": "AS 2S", "1": "QS 4S 7S 4C TH 5D", "8": "KS 5S KC QD JD"},  # Citadel's deals
    "fortress": {"1": "KS 7C 3S 7S 5H QH", "0": "KH 9D 5S 4D 2D"},
    "flower-garden": {"1": "7H 6S KC 2S 8C 2H", "a": "7C", "q": "TH"},
    "king-albert": {"1": "7D", "9": "JS 5C 4H QC 6D 5D QS 6H 7S", "a": "TS", "g": "8H"},
    "raglan": {"1": "3C", "9": "4S QC 2D JH 5H 3H 7D", "a": "2S", "f": "9S"},
}


@pytest.mark.parametrize("name", FAMILY)
def test_golden_deal_1(name):
    game = Game.new(name, 1)
    assert dealt(game, GOLDEN[name]) == GOLDEN[name]
    assert game.ruleset.family == "beleaguered-castle"


def test_golden_deals_cover_the_whole_family():
    assert sorted(GOLDEN) == sorted(FAMILY)


def test_every_game_of_the_family_has_a_stored_win_or_a_near_won_test():
    stored = {p.parent.name for p in stored_wins(FAMILY)}
    assert stored | set(NEAR_WON) == set(FAMILY)


NEAR_WON = {  # games the solver does not win within seconds: the last moves of a hand-built ending
    "raglan": ({"1": "KH QS", "2": "KS", "a": "QH"}, ["1h", "ah", "1h", "2h"]),
}


@pytest.mark.parametrize("name", sorted(NEAR_WON))
def test_a_near_won_position_is_won_by_its_last_moves(name):
    layout, moves = NEAR_WON[name]
    foundations = {"C": "h1", "D": "h2", "H": "h3", "S": "h4"}
    left = {w for text in layout.values() for w in text.split()}
    piles = dict(layout)
    for suit, label in foundations.items():
        piles[label] = " ".join(r + suit for r in "A23456789TJQK" if r + suit not in left)
    lines = [f"game: {name}"] + [f"pile {label}: | {piles.get(label, '')}" for label in Game.new(name, 1).rules.labels]
    game = Game.from_position("\n".join(lines) + "\n", name)
    refused(game, "2h", r"K♠ cannot go on")  # its queen first
    for move in moves:
        assert not game.is_won()
        game.play(move)
    assert game.is_won()
