"""FreeCell's kin (issue 23, R1), each against its published rules.

Baker's Game (Martin Gardner, Scientific American, June 1968), Eight Off and Seahaven Towers
(Morehead and Mott-Smith; PySolFC: Baker's Game with kings only), Fore Cell (the FreeCell FAQ),
Relaxed FreeCell, Challenge and Super Challenge FreeCell, and Thomas Warfield's Double FreeCell
(PySolFC's rules pages). For each: hand-built positions where named moves are legal and named
moves are refused with their reason, a golden deal (deal 1's cards pinned, so deals never
change, G-1), and a won game replayed from tests/data/<id>/ (lines found once by `patience
solve`). The random-game properties run over every shipped ruleset in tests/test_properties.py.
"""

from __future__ import annotations

import pytest
from positions import build, pile, refused, stored_wins

from patience import Game, IllegalMove


def columns(game: Game) -> list[str]:
    return [game.rules.labels[p] for p in game.rules.group_by_id["tableau"].piles]


def cells(game: Game) -> list[str]:
    return [game.rules.labels[p] for p in game.rules.group_by_id["cells"].piles]


def sizes(game: Game) -> list[int]:
    return [len(pile(game, label)) for label in columns(game)]


def row(game: Game, depth: int) -> list[str]:
    """The card ``depth`` places from the bottom of each column (0: the bottom card)."""
    return [pile(game, label)[depth] for label in columns(game)]


# Cells full of diamonds that nothing else wants, so only the named moves matter.
DIAMOND_CELLS = {"a": "9D", "b": "TD", "c": "JD", "d": "QD"}


# Baker's Game ---------------------------------------------------------------------------------
def test_bakers_game_builds_down_in_suit_not_in_alternating_colours():
    game = build("bakers-game", {"1": "9S", "2": "8S", "3": "8H"}, fill="h1")
    refused(game, "31", "8♥ cannot go on 9♠ \\(tableau: down in suit\\)")
    game.play("21")
    assert pile(game, "1") == ["9S", "8S"]


def test_bakers_game_any_card_goes_into_an_empty_column():
    game = build("bakers-game", {"1": "KD 7C", "2": ""}, fill="h1")
    game.play("12")
    assert pile(game, "2") == ["7C"]


def test_bakers_game_a_run_moves_only_as_far_as_single_moves_would_carry_it():
    # Three cells taken and no empty column: (1 + 1) × 2^0 = 2 cards at once, not 3.
    full = {str(i): "5H" if i == 8 else f"{r}H" for i, r in zip(range(3, 9), "6789TJ")}
    game = build("bakers-game", {"1": "KH 9S 8S 7S", "2": "TS", **full, "a": "QC", "b": "2C", "c": "3C"},
                 fill="h1")
    refused(game, "12", "only 2 cards can move at once here .*not 3")
    game = build("bakers-game", {"1": "KH 9S 8S 7S", "2": "TS", **full, "a": "QC", "b": "2C"}, fill="h1")
    game.play("12")  # two cells free: (2 + 1) × 2^0 = 3
    assert pile(game, "2") == ["TS", "9S", "8S", "7S"]


def test_bakers_game_deals_the_microsoft_freecell_deals():
    game = Game.new("bakers-game", 1)
    assert row(game, 0) == ["JD", "2D", "9H", "JC", "5D", "7H", "7C", "5H"]  # FC-6's deal #1
    assert sizes(game) == [7, 7, 7, 7, 6, 6, 6, 6]
    assert Game.new("freecell", 1).position().split("\n", 1)[1] == game.position().split("\n", 1)[1]


# Eight Off ------------------------------------------------------------------------------------
def test_eight_off_deals_six_rows_and_four_cards_into_every_second_cell():
    game = Game.new("eight-off", 1)
    assert sizes(game) == [6] * 8 and not any(game.hidden)
    assert cells(game) == ["a", "b", "c", "d", "e", "f", "g", "i"]
    assert [len(pile(game, c)) for c in cells(game)] == [1, 0, 1, 0, 1, 0, 1, 0]
    assert row(game, 0) == ["9H", "KC", "6C", "KH", "QD", "3H", "7H", "3C"]  # golden deal 1
    assert [pile(game, c) for c in "aceg"] == [["3D"], ["AS"], ["JS"], ["JH"]]


def test_eight_off_an_empty_column_takes_only_a_king():
    game = build("eight-off", {"1": "QS JS", "2": "", "3": "KH"}, fill="h1")
    refused(game, "12", "an empty pile in tableau takes only K, not J♠")
    game.play("32")
    assert pile(game, "2") == ["KH"]


def test_eight_off_builds_down_in_suit():
    game = build("eight-off", {"1": "TC", "2": "9C", "3": "9H"}, fill="h1")
    refused(game, "31", "9♥ cannot go on 10♣")
    game.play("21")


def test_eight_off_a_kings_only_empty_column_carries_nothing_of_a_run():
    # Every cell taken; the empty column takes only kings, so Q♠ J♠ cannot pass through it.
    taken = {c: card for c, card in zip("abcdefgi", "2D 3D 4D 5D 6D 7D 8D 9D".split())}
    game = build("eight-off", {"1": "QS JS", "2": "", "3": "KS", **taken}, fill="h1")
    refused(game, "13", "only 1 card can move at once here")
    del taken["i"]  # one cell free: (1 + 1) × 2^0 = 2
    game = build("eight-off", {"1": "QS JS", "2": "", "3": "KS", **taken}, fill="h1")
    game.play("13")
    assert pile(game, "3") == ["KS", "QS", "JS"]


def test_eight_off_eight_cells_carry_a_long_run():
    # Four cells free: (4 + 1) × 2^0 = 5 cards move at once.
    taken = {c: card for c, card in zip("abcd", "2D 3D 4D 5D".split())}
    game = build("eight-off", {"1": "QS JS TS 9S 8S", "3": "KS", **taken}, fill="h1")
    game.play("13")
    assert pile(game, "3") == ["KS", "QS", "JS", "TS", "9S", "8S"]


# Seahaven Towers -----------------------------------------------------------------------------
def test_seahaven_towers_deals_ten_columns_of_five_and_the_two_middle_cells():
    game = Game.new("seahaven-towers", 1)
    assert columns(game) == list("1234567890") and sizes(game) == [5] * 10
    assert [pile(game, c) for c in "abcd"] == [[], ["8D"], ["9S"], []]
    assert row(game, 0) == ["7S", "5D", "6S", "5S", "4S", "AD", "2D", "5C", "4C", "3C"]  # golden


def test_seahaven_towers_kings_only_into_an_empty_column_and_building_in_suit():
    game = build("seahaven-towers", {"1": "QS", "2": "JS", "0": "", "3": "KH", "4": "JH"}, fill="h1")
    refused(game, "20", "takes only K, not J♠")
    refused(game, "41", "J♥ cannot go on Q♠ \\(tableau: down in suit\\)")
    game.play("21")
    game.play("30")
    game.play("0a")  # the tenth column is labelled 0
    assert pile(game, "a") == ["KH"]


# Fore Cell ------------------------------------------------------------------------------------
def test_fore_cell_starts_with_every_cell_full():
    game = Game.new("fore-cell", 1)
    assert sizes(game) == [6] * 8
    assert [pile(game, c) for c in "abcd"] == [["9C"], ["4H"], ["6C"], ["8S"]]  # golden deal 1
    assert row(game, 0) == ["JS", "QD", "8C", "3S", "5H", "JC", "8D", "7H"]
    refused(game, "1a", "a holds at most 1 card")


def test_fore_cell_builds_in_alternating_colours_and_only_kings_fill_columns():
    game = build("fore-cell", {"1": "9S", "2": "8H", "3": "8C", "4": "", "5": "KD"}, fill="h1")
    refused(game, "31", "8♣ cannot go on 9♠")
    refused(game, "34", "takes only K, not 8♣")
    game.play("21")
    game.play("54")


# Relaxed FreeCell -----------------------------------------------------------------------------
RUN_OF_SIX = {"1": "QC JH TC 9H 8C 7H", "2": "KD", **{str(i): f"{r}S" for i, r in zip(range(3, 9), "234567")},
              **DIAMOND_CELLS}


def test_relaxed_freecell_moves_a_run_of_any_length_where_freecell_would_not():
    with pytest.raises(IllegalMove, match="only 1 card can move at once here"):
        build("freecell", RUN_OF_SIX, fill="h1").play("12")
    game = build("relaxed-freecell", RUN_OF_SIX, fill="h1")
    game.play("12")
    assert pile(game, "2") == ["KD", "QC", "JH", "TC", "9H", "8C", "7H"]


def test_relaxed_freecell_still_moves_only_runs_built_in_alternating_colours():
    game = build("relaxed-freecell", {"1": "QC JH TH", "2": "KD", "3": "KS"}, fill="h1")
    refused(game, "12v3", "the top 3 cards of 1 are not a run that moves together")
    game.play("1a")
    refused(game, "13v2", "Q♣ cannot go on K♠ \\(tableau: down in alternating colours\\)")
    game.play("12")
    assert pile(game, "2") == ["KD", "QC", "JH"]


def test_relaxed_freecell_deals_the_microsoft_deals():
    assert row(Game.new("relaxed-freecell", 1), 0) == ["JD", "2D", "9H", "JC", "5D", "7H", "7C", "5H"]


# Challenge FreeCell and Super Challenge FreeCell -----------------------------------------------
ACES_AND_TWOS = ["AC", "AD", "AH", "AS", "2C", "2D", "2H", "2S"]


@pytest.mark.parametrize("game_id", ["challenge-freecell", "super-challenge-freecell"])
@pytest.mark.parametrize("deal", [1, 2, 77])
def test_challenge_freecell_puts_the_aces_and_twos_at_the_bottom_of_the_columns(game_id, deal):
    game = Game.new(game_id, deal)
    assert row(game, 0) == ACES_AND_TWOS
    assert sizes(game) == [7, 7, 7, 7, 6, 6, 6, 6] and not any(game.hidden)
    assert sorted(game.cards()) == list(range(52))
    others = [c for label in columns(game) for c in pile(game, label)[1:]]
    assert not any(c[0] in "A2" for c in others)


def test_challenge_freecell_golden_deal():
    assert row(Game.new("challenge-freecell", 1), 1) == ["TD", "QH", "QD", "9D", "8C", "6H", "JD", "6C"]
    assert row(Game.new("super-challenge-freecell", 1), 1) == ["KC", "KS", "7H", "KD", "7C", "4D", "JC", "4C"]


def test_challenge_freecell_any_card_into_an_empty_column_super_challenge_kings_only():
    position = {"1": "KD 7C", "2": "", "3": "KS"}
    build("challenge-freecell", position, fill="h1").play("12")
    game = build("super-challenge-freecell", position, fill="h1")
    refused(game, "12", "takes only K, not 7♣")
    game.play("32")


# Double FreeCell ------------------------------------------------------------------------------
def test_double_freecell_starts_the_foundations_with_one_ace_per_suit():
    game = Game.new("double-freecell", 1)
    assert [pile(game, f"h{i}") for i in range(1, 5)] == [["AC"], ["AD"], ["AH"], ["AS"]]
    assert columns(game) == list("1234567890") and sizes(game) == [10] * 10
    assert cells(game) == list("abcdef")
    assert sorted(game.cards()) == sorted(list(range(52)) * 2)
    assert row(game, 0) == ["5C", "9S", "4D", "8S", "6S", "KS", "8H", "KH", "6H", "2H"]  # golden


def test_double_freecell_foundations_go_on_from_king_to_ace_up_to_26_cards():
    clubs = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"
    game = build("double-freecell", {"h1": clubs, "1": "AC", "2": "AD", "3": "2C"}, fill="h4")
    refused(game, "2h1", "A♦ cannot go on K♣")
    game.play("1h")  # the second ace of clubs follows the king
    game.play("3h")
    assert pile(game, "h1")[-3:] == ["KC", "AC", "2C"]


def test_double_freecell_a_full_foundation_takes_no_27th_card():
    clubs = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"
    game = build("double-freecell", {"h1": f"{clubs} {clubs}", "1": "AD"}, fill="h4")
    refused(game, "1h1", "holds at most 26 cards")


# Won games ------------------------------------------------------------------------------------
GAMES = ["bakers-game", "eight-off", "seahaven-towers", "fore-cell", "relaxed-freecell", "challenge-freecell",
         "super-challenge-freecell", "double-freecell"]
WON = stored_wins(GAMES)


def test_every_game_has_a_won_line():
    assert sorted({path.parent.name for path in WON}) == sorted(GAMES)
