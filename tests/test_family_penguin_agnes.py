"""Penguin and Agnes Bernauer against their published rules (Parlett's Penguin Book of Patience,
PySolFC; each ruleset's header names its source).

Both read a base rank from another group: a column space takes only the rank one below the
foundations' base (`empty: base` with `base_of: {group: foundations, offset: -1}`). Per game:
hand-built positions where named moves must be legal and named moves must be refused (the reason
checked), a golden deal (deal 1's first cards) and a won game replayed (a solver's line stored under
tests/data/<id>/).
"""

from __future__ import annotations

import pytest
from positions import build, dealt, pile, refused, stored_wins

from patience import Game
from patience.cards import RANK
from patience.deals import patience_shuffle
from patience.ruleset.lint import lint_text
from patience.ruleset.registry import find_ruleset_file

FAMILY = ["agnes-bernauer", "penguin"]


# The deals -----------------------------------------------------------------------------------------
GOLDEN = {  # deal 1: these cards, bottom to top; changing a shuffle or a deal step breaks them
    "agnes-bernauer": {"h1": "4D", "r1": "7C", "r2": "QH", "r7": "4H", "1": "7D", "2": "TH 8S",
                       "7": "4S QD AS 9D 9H TD AH"},
    "penguin": {"h1": "8H", "h2": "8S", "h3": "8D", "h4": "", "1": "8C 3S TC AH KS TS 6D",
                "2": "7D 2C AS AD 3C 6C 4S", "7": "2H AC 3H 7S 4C 9D QS"},  # the beak 8♣ at column 1's bottom
}


@pytest.mark.parametrize("name", FAMILY)
def test_golden_deal_1(name):
    game = Game.new(name, 1)
    assert dealt(game, GOLDEN[name]) == GOLDEN[name]


def test_golden_deals_cover_the_family():
    assert sorted(GOLDEN) == sorted(FAMILY)


def test_agnes_deals_all_face_up_and_sixteen_to_the_stock():
    game = Game.new("agnes-bernauer", 3)
    assert family_of("agnes-bernauer") == "klondike"
    tableau = game.rules.group_by_id["tableau"].piles
    assert [len(game.piles[p]) for p in tableau] == [1, 2, 3, 4, 5, 6, 7]
    assert all(game.hidden[p] == 0 for p in tableau)
    assert len(pile(game, "s")) == 16
    assert [len(pile(game, f"r{i}")) for i in range(1, 8)] == [1] * 7


def family_of(name: str) -> str:
    return Game.new(name, 1).ruleset.family


# Penguin: the beak and the deal ----------------------------------------------------------------------
def parlett_penguin_deal(number: int) -> tuple[list[list[int]], list[int]]:
    """The deal as Parlett's rules say it, from the shuffled pack: the first card, the beak, to
    the first column; as the other three of its rank turn up they go home, one foundation each;
    every other card goes to the next place, seven columns dealt in rows."""
    pack = patience_shuffle("penguin", number)
    beak, columns, homes = pack[0], [[pack[0]]], []
    columns += [[] for _ in range(6)]
    place = 1
    for card in pack[1:]:
        if RANK[card] == RANK[beak]:
            homes.append(card)
        else:
            columns[place % 7].append(card)
            place += 1
    return columns, homes


def test_penguin_deals_card_by_card_as_the_rules_say():
    late = 0  # deals where a card of the beak's rank is the pack's last: it goes home all the same
    for number in range(1, 201):
        game = Game.new("penguin", number)
        columns, homes = parlett_penguin_deal(number)
        assert [game.piles[p] for p in game.rules.group_by_id["tableau"].piles] == columns, number
        assert [game.piles[p] for p in game.rules.group_by_id["foundations"].piles] == [[c] for c in homes] + [[]], number
        assert all(game.hidden[p] == 0 for p in range(len(game.piles))), number
        assert not any(game.piles[p] for p in game.rules.group_by_id["cells"].piles), number
        late += RANK[patience_shuffle("penguin", number)[-1]] == RANK[columns[0][0]]
    assert late > 0  # the deals above include the case


def test_penguin_a_space_takes_only_the_rank_below_the_beak_or_a_run_from_it():
    game = build("penguin", {"h1": "8S", "h2": "8H", "h3": "8D", "1": "", "2": "9C 7D 6D", "3": "9H",
                             "4": "7C", "a": "KS"}, fill="7")
    refused(game, "31", r"takes only 7, not 9♥")
    refused(game, "a1", r"takes only 7, not K♠")
    game.play("21v2")  # 7♦ 6♦: a run starting with a 7
    assert pile(game, "1") == ["7D", "6D"]


def test_penguin_columns_build_down_in_suit_turning_the_corner_and_runs_move_whole():
    game = build("penguin", {"h1": "5S", "h2": "5H", "h3": "5D", "1": "AH", "2": "KH QH JH TH", "3": "KD",
                             "4": "TC", "5": "9H"}, fill="7")
    refused(game, "31", r"K♦ cannot go on A♥")
    game.play("21v4")  # a run of four moves whole, with no free cell needed; K♥ on A♥
    assert pile(game, "1") == ["AH", "KH", "QH", "JH", "TH"]
    refused(game, "54", r"9♥ cannot go on 10♣")


def test_penguin_foundations_start_at_the_base_and_turn_the_corner_to_thirteen():
    game = build("penguin", {"h1": "QS KS", "h2": "QH", "h3": "QD", "1": "AS", "2": "KC", "3": "QC"}, fill="7")
    refused(game, "2h4", r"takes only Q, not K♣")
    game.play("1h1")  # A♠ on K♠
    game.play("3h4")  # the beak's last fellow, Q♣
    assert pile(game, "h1") == ["QS", "KS", "AS"] and pile(game, "h4") == ["QC"]


def test_penguin_cells_hold_one_card_each():
    game = build("penguin", {"h1": "5S", "h2": "5H", "h3": "5D", "1": "9C 8C", "a": "2D"}, fill="7")
    refused(game, "1a", r".")
    game.play("1b")
    refused(game, "1bv1", r".")
    refused(game, "1cv2", r".")


# Agnes Bernauer: the base rank and the spaces ------------------------------------------------------
def agnes(piles: dict[str, str]) -> Game:
    return build("agnes-bernauer", piles, fill="s", fill_face_down=True)


def test_agnes_a_space_takes_only_the_rank_below_the_foundations_base():
    game = agnes({"h1": "8S", "1": "9H", "2": "TS", "3": "7D", "4": "8C", "r1": "7C"})
    game.play("12")  # 9♥ on 10♠ empties column 1
    refused(game, "41", r"an empty pile in tableau takes only 7, not 8♣")
    game.play("31")  # 7♦: one rank below the base 8
    assert pile(game, "1") == ["7D"]


def test_agnes_a_space_below_an_ace_base_takes_a_king_round_the_corner():
    game = agnes({"h1": "AS", "1": "2H", "2": "KC", "3": "QD", "r1": "5C"})
    refused(game, "31", r"2♥|takes only")  # column 1 is not empty: Q♦ on 2♥ is no build
    game = agnes({"h1": "AS", "1": "", "2": "KC", "3": "QD", "r1": "5C"})
    refused(game, "31", r"an empty pile in tableau takes only K, not Q♦")
    game.play("21")
    assert pile(game, "1") == ["KC"]


def test_agnes_a_run_starting_with_the_rank_below_the_base_fills_a_space():
    game = agnes({"h1": "5S", "1": "", "2": "9C 4H 3C", "3": "8D 4D 3S", "r1": "JC"})
    game.play("21v2")  # 4♥ 3♣: the run starts with a 4
    assert pile(game, "1") == ["4H", "3C"]
    refused(game, "r11", r"J♣ cannot go on 3♣")


def test_agnes_foundations_start_at_the_base_and_turn_the_corner():
    game = agnes({"h1": "QS KS", "1": "AS", "2": "QH", "3": "KH", "r1": "2S"})
    refused(game, "3h2", r"an empty pile in foundations takes only Q, not K♥")
    game.play("1h1")  # A♠ on K♠: round the corner
    game.play("r1h1")  # then the reserve's 2♠
    game.play("2h2")  # Q♥ starts another foundation
    assert pile(game, "h1") == ["QS", "KS", "AS", "2S"] and pile(game, "h2") == ["QH"]


def test_agnes_tableau_builds_down_in_alternating_colours_with_a_king_on_an_ace():
    game = agnes({"h1": "5S", "1": "AH", "2": "KS", "3": "KD", "4": "9C", "r1": "8C"})
    game.play("21")  # K♠ on A♥
    refused(game, "31", r"K♦ cannot go on K♠ \(tableau: down in alternating colours")
    refused(game, "r14", r"8♣ cannot go on 9♣")


def test_agnes_nothing_is_built_on_the_reserve_and_an_empty_reserve_pile_waits_for_the_stock():
    game = agnes({"h1": "5S", "1": "9H", "2": "TS", "r1": "TC", "r2": ""})
    refused(game, "1r1", r"9♥ cannot go on 10♣ \(reserve: nothing is built here\)")
    refused(game, "1r2", r"nothing goes into an empty pile in reserve")


def test_agnes_the_stock_deals_one_card_onto_each_reserve_pile_the_last_two_onto_the_first_two():
    game = Game.new("agnes-bernauer", 1)
    reserve = [f"r{i}" for i in range(1, 8)]
    game.play("s")
    game.play("s")
    assert [len(pile(game, r)) for r in reserve] == [3] * 7 and len(pile(game, "s")) == 2
    game.play("s")
    assert [len(pile(game, r)) for r in reserve] == [4, 4, 3, 3, 3, 3, 3] and pile(game, "s") == []
    refused(game, "s", r".")  # no redeal


def test_base_of_without_empty_base_is_flagged_P201():
    shipped = find_ruleset_file("agnes-bernauer").read_text(encoding="utf-8")
    _, clean = lint_text(shipped, "agnes.yaml")
    assert clean == []
    changed = shipped.replace("empty: base                                             # a space", "empty: any # a space")
    _, findings = lint_text(changed, "agnes.yaml")
    assert [(f.code, f.path) for f in findings] == [("P201", "piles.tableau.base_of")]


def test_base_of_must_name_a_group():
    shipped = find_ruleset_file("agnes-bernauer").read_text(encoding="utf-8")
    _, findings = lint_text(shipped.replace("base_of: {group: foundations", "base_of: {group: nowhere"), "a.yaml")
    assert [f.code for f in findings] == ["P101"] and "no pile group 'nowhere'" in findings[0].message


# Won games -----------------------------------------------------------------------------------------
def test_every_game_of_the_family_has_a_stored_win():
    assert {p.parent.name for p in stored_wins(FAMILY)} == set(FAMILY)
