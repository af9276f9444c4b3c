"""Klondike's kin (issue 23, R1), each against its published rules.

Double Klondike and Gargantua (two decks, nine columns; Morehead and Mott-Smith, PySolFC),
Thoughtful (PySolFC's Saratoga: Klondike by threes with the tableau face up), Westcliff and
Easthaven (PySolFC's rules pages, after Eastcliff; not shipped yet, see EASTHAVEN), and Whitehead (Morehead and Mott-Smith;
PySolFC), which uses V1's `run` word. For each: hand-built positions where named
moves are legal and named moves are refused with their reason, a golden deal (deal 1's cards
pinned, G-1), and a won game replayed: a line found once by `patience solve` in
tests/data/<id>/, or, where the solver finds none quickly, a hand-made ending won move by move.
The random-game properties run over every shipped ruleset in tests/test_properties.py.
"""

from __future__ import annotations

import pytest
from positions import build, pile, plays_to_win, refused, stored_wins

from patience import Game, IllegalMove

EASTHAVEN = "easthaven"


def columns(game: Game) -> list[str]:
    return [game.rules.labels[p] for p in game.rules.group_by_id["tableau"].piles]


def sizes(game: Game) -> list[int]:
    return [len(pile(game, label)) for label in columns(game)]


def face_down(game: Game) -> list[int]:
    return [game.hidden[game.rules.pile_by_label[label]] for label in columns(game)]


def tops(game: Game) -> list[str]:
    return [pile(game, label)[-1] for label in columns(game)]


def turns(game: Game, times: int) -> int:
    """Turn the stock ``times`` times; how many turns were allowed before the first refusal."""
    for done in range(times):
        try:
            game.play("s")
        except IllegalMove:
            return done
    return times


# Double Klondike and Gargantua ----------------------------------------------------------------
@pytest.mark.parametrize("game_id", ["double-klondike", "gargantua"])
def test_double_klondike_deals_nine_columns_from_two_decks(game_id):
    game = Game.new(game_id, 1)
    assert sizes(game) == list(range(1, 10)) and face_down(game) == list(range(9))
    assert len(pile(game, "s")) == 59 and len(game.rules.group_by_id["foundations"].piles) == 8
    assert sorted(game.cards()) == sorted(list(range(52)) * 2)
    assert tops(game) == ["QS", "KS", "6D", "QH", "KS", "8C", "QH", "4H", "5C"]  # golden deal 1


def test_gargantua_deals_the_same_cards_as_double_klondike():
    for deal in (1, 2, 3):
        assert Game.new("gargantua", deal).piles == Game.new("double-klondike", deal).piles


def test_double_klondike_each_suit_has_two_foundations():
    game = build("double-klondike", {"1": "AS", "2": "AS", "3": "2S", "4": "2H"}, fill="s", fill_face_down=True)
    game.play("1h")
    game.play("2h")  # the second ace of spades starts a foundation of its own
    assert pile(game, "h1") == ["AS"] and pile(game, "h2") == ["AS"]
    refused(game, "4h1", "2♥ cannot go on A♠")
    game.play("3h")


def test_double_klondike_only_a_king_goes_into_an_empty_column():
    game = build("double-klondike", {"1": "", "2": "QD", "3": "KC QH"}, fill="s", fill_face_down=True)
    refused(game, "21", "takes only K, not Q♦")
    game.play("31v2")
    assert pile(game, "1") == ["KC", "QH"]


def test_double_klondike_goes_round_the_stock_as_often_as_you_like_gargantua_twice():
    position = {"1": "9S", "s": "3C 4C |"}
    assert turns(build("double-klondike", position, fill="h8"), 9) == 9  # 3 passes and more
    game = build("gargantua", position, fill="h8")
    assert turns(game, 9) == 5  # turn, turn, redeal, turn, turn
    refused(game, "s", "no redeals left: the stock goes round 2 times in all")


# Thoughtful -------------------------------------------------------------------------------------
def test_saratoga_deals_klondikes_cards_all_face_up():
    for deal in (1, 2):
        game, klondike = Game.new("saratoga", deal), Game.new("klondike", deal)
        assert game.piles == klondike.piles
        assert face_down(game) == [0] * 7 and sum(face_down(klondike)) == 21
    assert tops(Game.new("saratoga", 1)) == ["TH", "QH", "AS", "8S", "7C", "QD", "8D"]  # golden


def test_saratoga_turns_three_cards_and_only_the_top_one_plays():
    game = build("saratoga", {"1": "9S", "2": "9C", "s": "7C 8D 8H 2D |"}, fill="h4")
    game.play("s")
    assert pile(game, "w") == ["2D", "8H", "8D"]
    refused(game, "w1v2", "only the top card of w moves")
    game.play("w2")  # 8♦ on 9♣; now 8♥ is on top
    game.play("w1")
    assert pile(game, "1") == ["9S", "8H"] and pile(game, "w") == ["2D"]


def test_saratoga_moves_runs_and_only_kings_fill_columns():
    game = build("saratoga", {"1": "", "2": "QD JC", "3": "KS"}, fill="h4")
    refused(game, "21v2", "takes only K, not Q♦")
    game.play("23v2")
    assert pile(game, "3") == ["KS", "QD", "JC"]


# Westcliff --------------------------------------------------------------------------------------
def test_westcliff_deals_ten_columns_of_three_with_the_top_card_up():
    game = Game.new("westcliff", 1)
    assert columns(game) == list("1234567890")
    assert sizes(game) == [3] * 10 and face_down(game) == [2] * 10 and len(pile(game, "s")) == 22
    assert tops(game) == ["AC", "QD", "9C", "TH", "4H", "5D", "TC", "8C", "6C", "QH"]  # golden deal 1


def test_westcliff_any_card_or_run_fills_an_empty_column():
    game = build("westcliff", {"1": "9S", "2": "", "3": "KD 8H 7C", "w": "5D"}, fill="h4")
    game.play("31v2")
    game.play("w2")
    assert pile(game, "1") == ["9S", "8H", "7C"] and pile(game, "2") == ["5D"]


def test_westcliff_foundation_cards_stay_and_the_stock_goes_round_once():
    game = build("westcliff", {"1": "", "h1": "AC 2C", "s": "3C 4C |"}, fill="h4")
    refused(game, "h11", "cards never leave the foundations \\(h1\\)")
    assert turns(game, 3) == 2
    refused(game, "s", "no redeals left: the stock goes round 1 time in all")


# Easthaven --------------------------------------------------------------------------------------
def test_easthaven_deals_seven_columns_of_three_with_the_top_card_up():
    game = Game.new(EASTHAVEN, 1)
    assert sizes(game) == [3] * 7 and face_down(game) == [2] * 7 and len(pile(game, "s")) == 31
    assert tops(game) == ["4D", "4H", "AS", "8S", "8H", "4C", "QH"]  # golden deal 1


def test_easthaven_the_stock_deals_a_card_onto_every_column_as_far_as_it_goes_once():
    game = build(EASTHAVEN, {"1": "9S", "2": "", "s": "3C 4C 5C 6C 7S 8S 9H 3H |"}, fill="h4")
    game.play("s")  # the stock's top card (3♥) goes onto column 1, the next onto 2 (empty), ...
    assert [pile(game, label)[-1] for label in "1234567"] == ["3H", "9H", "8S", "7S", "6C", "5C", "4C"]
    game.play("s")  # one card left: column 1 only
    assert pile(game, "1") == ["9S", "3H", "3C"] and pile(game, "s") == []
    refused(game, "s", "this stock is never turned over again")


def test_easthaven_any_card_fills_a_column_and_foundation_cards_may_come_back():
    game = build(EASTHAVEN, {"1": "", "2": "9D", "h1": "AC 2C 3C 4C 5C 6C 7C 8C"}, fill="h4")
    game.play("21")
    game.play("h11")  # 8♣ back onto 9♦
    assert pile(game, "1") == ["9D", "8C"]
    refused(game, "h11", "7♣ cannot go on 8♣")


def test_easthaven_empty_columns_are_not_alike():
    # The stock deals onto the columns from the left, so what lies where matters: moving 5♣ into
    # column 2 instead of column 1 changes which card the next deal puts on it.
    game = build(EASTHAVEN, {"1": "", "2": "", "3": "9D 8S", "4": "5C"}, fill="h4")
    first, second = (game.rules.labels.index(label) for label in "12")
    assert game.is_legal((game.rules.labels.index("4"), first, 1))
    assert game.is_legal((game.rules.labels.index("4"), second, 1))


def test_easthaven_every_empty_column_is_listed():
    game = build(EASTHAVEN, {"1": "", "2": "", "3": "9D 8S", "4": "5C"}, fill="h4")
    assert "42" in [game.notation(m) for m in game.legal_moves()]


def test_easthaven_a_whole_column_into_an_empty_one_changes_something():
    game = build(EASTHAVEN, {"1": "", "3": "9D 8S", "4": "5C"}, fill="h4")
    move = (game.rules.labels.index("4"), game.rules.labels.index("1"), 1)
    before = game.canonical_key()
    game.push(move)
    moved = game.canonical_key() != before
    game.pop()
    assert moved and not game.changes_nothing(move)


# Whitehead ------------------------------------------------------------------------------------
def test_whitehead_deals_klondikes_cards_all_face_up():
    game = Game.new("whitehead", 1)
    assert game.piles == Game.new("klondike", 1).piles and face_down(game) == [0] * 7
    assert tops(game) == ["TH", "QH", "AS", "8S", "7C", "QD", "8D"]  # golden deal 1


def test_whitehead_builds_in_colour_but_moves_only_one_suit_runs():
    game = build("whitehead", {"1": "9D", "2": "8C 7C", "3": "8H 7D", "4": "", "5": "TS", "6": "9S", "7": "9C"},
                 fill="h1")
    refused(game, "31v2", "the top 2 cards of 3 are not a run that moves together")  # 8♥ 7♦ is built (red on red) but in two suits
    refused(game, "31", "7♦ cannot go on 9♦ \\(tableau: down in the same colour\\)")
    game.play("26v2")  # 8♣ 7♣ is one suit: it moves as a unit onto 9♠
    game.play("75")  # 9♣ on 10♠: black on black
    game.play("34")  # any card into an empty column
    assert pile(game, "6") == ["9S", "8C", "7C"] and pile(game, "5") == ["TS", "9C"] and pile(game, "4") == ["7D"]


def test_whitehead_goes_through_the_stock_once_and_keeps_foundation_cards():
    game = build("whitehead", {"1": "", "h1": "AC 2C", "s": "3C 4C |"}, fill="h4")
    refused(game, "h11", "cards never leave the foundations \\(h1\\)")
    assert turns(game, 3) == 2


# Won games --------------------------------------------------------------------------------------
GAMES = ["saratoga", "westcliff", "easthaven", "double-klondike", "gargantua", "whitehead"]
WON = stored_wins(GAMES)


def test_every_game_has_a_won_line():
    assert sorted({path.parent.name for path in WON}) == sorted(GAMES)


@pytest.mark.parametrize("game_id", ["double-klondike", "gargantua"])
def test_double_klondike_a_hand_made_ending_is_won(game_id):
    # Clubs and diamonds home twice, spades to the jack, hearts to the queen. Column 1 holds a
    # face-down K♥ under Q♠, column 2 a K♠; the stock the other Q♠, K♥, K♠ (K♠ on top).
    suits = {"h1": "C", "h2": "C", "h3": "D", "h4": "D", "h5": "S", "h6": "S", "h7": "H", "h8": "H"}
    last = {"C": "K", "D": "K", "S": "J", "H": "Q"}
    ranks = "A23456789TJQK"
    home = {label: " ".join(r + s for r in ranks[:ranks.index(last[s]) + 1]) for label, s in suits.items()}
    game = build(game_id, {**home, "1": "KH | QS", "2": "KS"}, fill="s", fill_face_down=True)
    assert pile(game, "s") == ["QS", "KH", "KS"]
    game.play("1h")  # Q♠ home turns the K♥ under it up
    assert face_down(game)[0] == 0
    game.play("s")
    game.play("wh")  # the stock's K♠ on the first spade foundation
    refused(game, "2h6", "K♠ cannot go on J♠")
    assert plays_to_win(game, ["1h", "s", "wh", "s", "wh", "2h"])
