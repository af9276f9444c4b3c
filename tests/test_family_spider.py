"""The Spider family (issue 23, V1), each game against its published rules.

Spider in four, two and one suits, Spiderette, Will o' the Wisp and Simple Simon (David Parlett,
"The Penguin Book of Patience"; Morehead and Mott-Smith), Scorpion and Wasp (the same books);
Spider's points are Microsoft Spider's (500 to start, -1 a move, +100 a suit). Klondike Vegas's
scoring is checked here too, as the other user of `scoring.start`. For each game: hand-built
positions where named moves are legal and named moves are refused with their reason, a golden
deal (deal 1's face-up cards pinned, so deals never change, G-1), and a won game: a line found
once by `patience solve` replayed from tests/data/<id>/, or a near-won position played out where
the solver finds no win quickly. The random-game properties run in tests/test_properties.py.
"""

from __future__ import annotations

from collections import Counter

import pytest
from positions import DATA, build, pile, plays_to_win, solution_words, stored_wins

from patience import Game, IllegalMove
from patience.cards import card_str
from patience.engine.moves import DEAL

SUITS = "CDHS"
RANKS = "KQJT98765432A"


def suit_run(suit: str, ranks: str = RANKS) -> str:
    """King down to ace (or the ranks given) of one suit, as position words: ``KS QS ... AS``."""
    return " ".join(rank + suit for rank in ranks)


def move(game: Game, source: str, target: str, count: int = 1) -> tuple[int, int, int]:
    labels = game.rules.pile_by_label
    return labels[source], labels[target], count


def refused(game: Game, source: str, target: str, count: int = 1) -> str:
    reason = game.why_illegal(move(game, source, target, count))
    assert reason is not None, f"{source}->{target} x{count} should be refused"
    return reason


def column_tops(game: Game) -> str:
    return " ".join(card_str(game.piles[p][-1], ascii=True) for p in game.rules.group_by_id["tableau"].piles)


def deal_from_stock(game: Game) -> None:
    game.play((game.rules.stock_pile, DEAL, 0))


# Spider (four suits) ------------------------------------------------------------------------
def test_spider_builds_down_regardless_of_suit_but_moves_only_one_suit_runs():
    game = build("spider", {"1": "9S 8H", "2": "TD", "3": "9H 8H", "4": "TC", "5": "9C"}, fill="s",
                 fill_face_down=True)
    assert game.why_illegal(move(game, "1", "5")) is None  # 8♥ on 9♣: building ignores suit
    assert refused(game, "1", "4").startswith("8♥ cannot go on 10♣")  # but goes one rank down
    # 9♠ 8♥ are built down, but in two suits: they do not move together.
    assert refused(game, "1", "2", 2) == "the top 2 cards of 1 are not a run that moves together"
    # 9♥ 8♥, one suit, move together onto the 10♣.
    game.play(move(game, "3", "4", 2))
    assert pile(game, "4") == ["TC", "9H", "8H"]


def test_spider_a_whole_suit_goes_off_only_as_thirteen_cards():
    game = build("spider", {"1": "KH " + suit_run("S"), "2": "9D"}, fill="s", fill_face_down=True)
    assert refused(game, "1", "f1", 12) == "cards go to the foundations only 13 at a time, as one run that moves together (vd)"
    assert refused(game, "1", "f1") == "cards go to the foundations only 13 at a time, as one run that moves together (vd)"
    assert (game.rules.pile_by_label["1"], game.rules.pile_by_label["f1"], 13) in game.legal_moves()
    assert game.notation(move(game, "1", "f1", 13)) == "1f"  # thirteen is the only count: no `vd` needed
    game.play("1f")
    assert pile(game, "f1") == suit_run("S").split() and pile(game, "1") == ["KH"]
    # A foundation's cards stay there.
    assert refused(game, "f1", "2") == "cards never leave the foundations (f1)"


def test_spider_no_run_of_two_suits_goes_off():
    run = suit_run("S", "KQJT98765432") + " AH"
    game = build("spider", {"1": run}, fill="s", fill_face_down=True)
    assert refused(game, "1", "f1", 13) == "the top 13 cards of 1 are not a run that moves together"


def test_spider_any_card_or_run_goes_into_an_empty_column():
    game = build("spider", {"1": "KD 5C 4C", "2": ""}, fill="s", fill_face_down=True)
    game.play(move(game, "1", "2", 2))
    assert pile(game, "2") == ["5C", "4C"]


def test_spider_the_stock_deals_one_card_onto_each_column_only_when_none_is_empty():
    game = build("spider", {"1": "", **{label: rank + "D" for label, rank in zip("234567890", "23456789T")}}, fill="s", fill_face_down=True)
    with pytest.raises(IllegalMove, match="the stock is dealt only when no pile it deals onto is empty: fill 1 first"):
        deal_from_stock(game)
    game = Game.new("spider", 1)
    before = [len(game.piles[p]) for p in game.rules.group_by_id["tableau"].piles]
    deal_from_stock(game)
    after = [len(game.piles[p]) for p in game.rules.group_by_id["tableau"].piles]
    assert [b + 1 for b in before] == after and len(game.piles[game.rules.stock_pile]) == 40


def test_spider_scores_500_less_one_a_move_and_100_a_suit():
    game = build("spider", {"1": "KH " + suit_run("S", "KQJT98765432"), "2": "AS", "3": "9D"},
                 fill="s", fill_face_down=True, score=500)
    assert Game.new("spider", 1).score == 500  # the start value
    game.play(move(game, "2", "1"))
    assert game.score == 499  # -1 a move
    game.play(move(game, "1", "f1", 13))
    assert game.score == 599  # +100 for the suit, no charge for sending it off
    game.undo()
    game.undo()
    assert game.score == 500
    game = Game.new("spider", 1)
    deal_from_stock(game)
    assert game.score == 499  # a deal costs a point like a move


def test_spider_golden_deal():
    game = Game.new("spider", 1)
    assert column_tops(game) == "7S KC AS 3D JH 9H QC KH 5H 5C"
    assert [len(game.piles[p]) for p in game.rules.group_by_id["tableau"].piles] == [6] * 4 + [5] * 6
    assert all(game.hidden[p] == len(game.piles[p]) - 1 for p in game.rules.group_by_id["tableau"].piles)
    assert len(game.piles[game.rules.stock_pile]) == 50


def spider_near_won(game_id: str, home: list[str]) -> Game:
    """Every suit home but one spade suit, which lies in three columns: 7..K, 2..6 and the ace."""
    foundations = {f"f{i}": suit_run(s) for i, s in enumerate(home, 1)}
    piles = {**foundations, "1": suit_run("S", "KQJT987"), "2": suit_run("S", "65432"), "3": "AS"}
    return build(game_id, piles, fill="s")


def win_near_won(game: Game) -> None:
    assert not game.is_won()
    game.play(move(game, "3", "2"))
    game.play(move(game, "2", "1", 6))
    game.play(move(game, "1", "f8" if "f8" in game.rules.pile_by_label else "f4", 13))
    assert game.is_won() and game.status() == "won"


def test_spider_a_near_won_position_is_won_by_the_last_suit():
    win_near_won(spider_near_won("spider", list("CCDDHHS")))


# Spider, two suits and one suit ---------------------------------------------------------------
def test_spider_2_and_spider_1_packs_hold_their_suits_only():
    two = Counter(card_str(c, ascii=True) for c in Game.new("spider-2", 1).cards())
    one = Counter(card_str(c, ascii=True) for c in Game.new("spider-1", 1).cards())
    assert sum(two.values()) == sum(one.values()) == 104
    assert {card[-1] for card in two} == {"H", "S"} and set(two.values()) == {4}
    assert {card[-1] for card in one} == {"S"} and set(one.values()) == {8}


def test_spider_2_golden_deal_and_spider_1_golden_deal():
    assert column_tops(Game.new("spider-2", 1)) == "AH 2H 5S TH QS 3H QS QH 6H 5H"
    assert column_tops(Game.new("spider-1", 1)) == "8S 8S KS 3S 2S TS QS 7S QS 5S"


def test_spider_2_moves_only_runs_of_one_suit():
    game = build("spider-2", {"1": "9S 8H", "2": "TH", "3": "9H 8H"}, fill="s", fill_face_down=True)
    assert refused(game, "1", "2", 2) == "the top 2 cards of 1 are not a run that moves together"
    game.play(move(game, "3", "2", 2))
    assert pile(game, "2") == ["TH", "9H", "8H"]


def test_spider_2_a_near_won_position_is_won():
    win_near_won(spider_near_won("spider-2", list("HHHHSSS")))


def test_spider_1_solver_line_wins_deal_1():
    game = Game.new("spider-1", 1)
    assert plays_to_win(game, solution_words(DATA / "spider-1" / "deal-1.txt"))
    assert game.score == 500 - (game.move_count - 8) + 800  # every move but the eight suits costs 1


# Spiderette and Will o' the Wisp ----------------------------------------------------------------
def test_spiderette_deals_klondikes_triangle_and_the_stock_deals_seven_then_three():
    game = Game.new("spiderette", 1)
    columns = game.rules.group_by_id["tableau"].piles
    assert [len(game.piles[p]) for p in columns] == [1, 2, 3, 4, 5, 6, 7]
    assert column_tops(game) == "QS TD 2C 8H KD 4H QD"
    for _ in range(3):
        deal_from_stock(game)
    assert len(game.piles[game.rules.stock_pile]) == 3
    deal_from_stock(game)  # the last three cards go onto the first three columns
    assert [len(game.piles[p]) for p in columns] == [5, 6, 7, 7, 8, 9, 10]


def test_spiderette_refuses_a_deal_while_a_column_is_empty_and_a_short_suit_going_off():
    others = {label: rank + "C" for label, rank in zip("34567", "34567")}
    game = build("spiderette", {"1": "", "2": suit_run("H", "KQJT98765432"), **others}, fill="s", fill_face_down=True)
    with pytest.raises(IllegalMove, match="fill 1 first"):
        deal_from_stock(game)
    assert refused(game, "2", "f1", 12) == "cards go to the foundations only 13 at a time, as one run that moves together (vd)"


def test_spiderette_a_near_won_position_is_won():
    win_near_won(spider_near_won("spiderette", list("CDH")))


def test_will_o_the_wisp_deals_seven_piles_of_three_and_keeps_31_in_the_stock():
    game = Game.new("will-o-the-wisp", 1)
    columns = game.rules.group_by_id["tableau"].piles
    assert [len(game.piles[p]) for p in columns] == [3] * 7 and [game.hidden[p] for p in columns] == [2] * 7
    assert column_tops(game) == "4C KH 5D 7D TC 9H TS"
    assert len(game.piles[game.rules.stock_pile]) == 31


def test_will_o_the_wisp_builds_down_in_any_suit_and_moves_one_suit_runs():
    game = build("will-o-the-wisp", {"1": "9C 8D", "2": "TH", "3": "9D"}, fill="s", fill_face_down=True)
    assert refused(game, "1", "2", 2) == "the top 2 cards of 1 are not a run that moves together"
    game.play(move(game, "3", "2"))  # 9♦ on 10♥: suit does not matter when building
    assert pile(game, "2") == ["TH", "9D"]


def test_will_o_the_wisp_a_near_won_position_is_won():
    win_near_won(spider_near_won("will-o-the-wisp", list("CDH")))


# Scorpion and Wasp ------------------------------------------------------------------------------
def test_scorpion_deals_three_face_down_in_the_first_four_columns():
    game = Game.new("scorpion", 1)
    columns = game.rules.group_by_id["tableau"].piles
    assert [len(game.piles[p]) for p in columns] == [7] * 7
    assert [game.hidden[p] for p in columns] == [3, 3, 3, 3, 0, 0, 0]
    assert column_tops(game) == "8C AC 4D QH 8S 2S 5C"
    assert len(game.piles[game.rules.stock_pile]) == 3


def test_scorpion_any_face_up_card_moves_with_the_cards_on_it_onto_the_next_card_of_its_suit():
    game = build("scorpion", {"1": "8H 3C KD", "2": "9H", "3": "9S"}, fill="s", fill_face_down=True)
    assert refused(game, "1", "3", 3).startswith("8♥ cannot go on 9♠ (tableau: down in suit)")
    game.play(move(game, "1", "2", 3))  # 8♥ with 3♣ K♦ on it: not a run, but it moves
    assert pile(game, "2") == ["9H", "8H", "3C", "KD"]


def test_scorpion_only_a_king_goes_into_an_empty_column_wasp_any_card():
    piles = {"1": "", "2": "KD 5C 4C", "3": "QS JS"}
    scorpion = build("scorpion", piles, fill="s", fill_face_down=True)
    assert refused(scorpion, "3", "1", 2) == "an empty pile in tableau takes only K, not Q♠"
    scorpion.play(move(scorpion, "2", "1", 3))  # a king with the cards on it
    wasp = build("wasp", piles, fill="s", fill_face_down=True)
    wasp.play(move(wasp, "3", "1", 2))
    assert pile(wasp, "1") == ["QS", "JS"]


def test_scorpion_the_stock_deals_its_three_cards_onto_the_first_three_columns():
    game = Game.new("scorpion", 1)
    before = [len(game.piles[p]) for p in game.rules.group_by_id["tableau"].piles]
    deal_from_stock(game)
    after = [len(game.piles[p]) for p in game.rules.group_by_id["tableau"].piles]
    assert [a - b for a, b in zip(after, before)] == [1, 1, 1, 0, 0, 0, 0]
    with pytest.raises(IllegalMove, match="the stock is empty"):
        deal_from_stock(game)


def test_wasp_golden_deal():
    assert column_tops(Game.new("wasp", 1)) == "6D 2C KD 8D QH 9D 7C"


# Simple Simon -----------------------------------------------------------------------------------
def test_simple_simon_deals_all_52_face_up_with_no_stock():
    game = Game.new("simple-simon", 1)
    columns = game.rules.group_by_id["tableau"].piles
    assert [len(game.piles[p]) for p in columns] == [8, 8, 8, 7, 6, 5, 4, 3, 2, 1]
    assert not any(game.hidden) and game.rules.stock_pile < 0
    assert column_tops(game) == "KD QS 7H TD 5D TS 4C 8S JH 5S"


def test_simple_simon_builds_in_any_suit_moves_one_suit_runs_and_fills_spaces_with_anything():
    game = build("simple-simon", {"1": "9S 8H", "2": "TC", "3": "", "4": "9C 8C"}, fill="5")
    assert refused(game, "1", "2", 2) == "the top 2 cards of 1 are not a run that moves together"
    game.play(move(game, "4", "2", 2))
    game.play(move(game, "1", "3"))  # any card into a space
    assert pile(game, "2") == ["TC", "9C", "8C"] and pile(game, "3") == ["8H"]


# Won lines from the solver --------------------------------------------------------------------
WON = stored_wins(["spider-1", "simple-simon", "scorpion", "wasp"])


def test_every_solvable_game_has_a_won_line():
    assert sorted({path.parent.name for path in WON}) == ["scorpion", "simple-simon", "spider-1", "wasp"]


# Klondike Vegas: the other game that starts from a score ----------------------------------------
def test_vegas_starts_at_minus_52_pays_5_a_card_home_and_takes_5_back():
    assert Game.new("klondike-vegas", 1).score == -52
    game = build("klondike-vegas", {"w": "AH", "1": "9C | 8D", "2": "9S", "3": "3H", "h2": "AC 2C"},
                 fill="s", fill_face_down=True, score=-52)
    game.play("wh")
    assert game.score == -47  # +5 a card home
    game.play("12")
    assert game.score == -47  # turning a card up pays nothing in Vegas
    game.play(move(game, "h2", "3"))
    assert game.score == -52  # a card taken back returns its 5
