"""Klondike, rule by rule (KL-1 .. KL-9 of shared/spec/games.md)."""

import pytest
from positions import build, dead_end, full_foundations_but, pile

from patience import Game, IllegalMove
from patience.engine.moves import DEAL, REDEAL
from patience.ruleset import load_text
from patience.ruleset.registry import shipped_dir


def tableau(game: Game) -> list[int]:
    return list(game.rules.group_by_id["tableau"].piles)


# KL-1 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("deal", [1, 2, 99, 123456])
def test_KL1_seven_columns_of_one_to_seven_with_only_the_top_face_up(deal):
    game = Game.new("klondike", deal)
    columns = tableau(game)
    assert [len(game.piles[p]) for p in columns] == [1, 2, 3, 4, 5, 6, 7]
    assert [game.hidden[p] for p in columns] == [0, 1, 2, 3, 4, 5, 6]
    stock = game.rules.stock_pile
    assert len(game.piles[stock]) == 24 and game.hidden[stock] == 24
    assert all(not game.piles[p] for p in game.rules.group_by_id["foundations"].piles)
    assert sorted(game.cards()) == list(range(52))


# KL-2 ---------------------------------------------------------------------------------------
def test_KL2_only_an_ace_starts_a_foundation_then_up_in_suit():
    game = build("klondike", {"1": "2H", "2": "AH", "3": "3H", "4": "2S"}, fill="s", fill_face_down=True)
    assert "an empty pile in foundations takes only A" in game.why_illegal((game.rules.pile_by_label["1"], game.rules.pile_by_label["h1"], 1))
    game.play("2h")
    assert pile(game, "h1") == ["AH"]
    with pytest.raises(IllegalMove, match="cannot go on A♥"):
        game.play("4h1")  # 2♠ on A♥: wrong suit
    with pytest.raises(IllegalMove, match="3♥ cannot go on A♥"):
        game.play("3h1")
    game.play("1h")
    game.play("3h")
    assert pile(game, "h1") == ["AH", "2H", "3H"]


# KL-3 ---------------------------------------------------------------------------------------
def test_KL3_build_down_in_alternating_colour():
    game = build("klondike", {"1": "6S", "2": "5H", "3": "5C", "4": "4H"}, fill="s", fill_face_down=True)
    with pytest.raises(IllegalMove, match="5♣ cannot go on 6♠ \\(tableau: down in alternating colours\\)"):
        game.play("31")
    with pytest.raises(IllegalMove, match="4♥ cannot go on 6♠"):
        game.play("41")
    game.play("21")
    assert pile(game, "1") == ["6S", "5H"]


def test_KL3_a_face_up_run_moves_whole_or_in_part():
    game = build("klondike", {"1": "KD | 9S 8H 7C", "2": "TH", "3": "9C", "4": "KC | 8C"}, fill="s", fill_face_down=True)
    assert game.play("12") == (game.rules.pile_by_label["1"], game.rules.pile_by_label["2"], 3)
    assert pile(game, "2") == ["TH", "9S", "8H", "7C"]
    game.undo()
    game.play("13")  # only 8♥ 7♣ land on 9♦
    assert pile(game, "3") == ["9C", "8H", "7C"] and pile(game, "1") == ["KD", "9S"]


def test_KL3_face_down_cards_and_broken_runs_do_not_move():
    game = build("klondike", {"1": "9S | 8H 8C", "2": "9C"}, fill="s", fill_face_down=True)
    one, two = game.rules.pile_by_label["1"], game.rules.pile_by_label["2"]
    assert "not a run" in game.why_illegal((one, two, 2))
    assert "2 face-up cards, not 3" in game.why_illegal((one, two, 3))


# KL-4 ---------------------------------------------------------------------------------------
def test_KL4_a_face_down_card_turns_up_at_once_and_not_as_a_move():
    game = build("klondike", {"1": "QD JC | 9H", "2": "TS"}, fill="s", fill_face_down=True)
    one = game.rules.pile_by_label["1"]
    assert game.hidden[one] == 2
    game.play("12")
    assert game.hidden[one] == 1 and pile(game, "1")[-1] == "JC"
    assert game.move_count == 1 and len(game.history) == 1
    game.undo()
    assert game.hidden[one] == 2 and pile(game, "1") == ["QD", "JC", "9H"]


# KL-5 ---------------------------------------------------------------------------------------
def test_KL5_an_empty_column_takes_only_a_king_or_a_run_from_a_king():
    game = build("klondike", {"1": "", "2": "QH", "3": "5D | KS QD JC", "4": "KH"}, fill="s", fill_face_down=True)
    with pytest.raises(IllegalMove, match="an empty pile in tableau takes only K, not Q♥"):
        game.play("21")
    game.play("31v3")
    assert pile(game, "1") == ["KS", "QD", "JC"] and pile(game, "3") == ["5D"]
    game.undo()
    move = game.play("31")
    assert move[2] == 3  # without a count: the run from the king, the fewest cards the column takes
    game.undo()
    assert game.notation(move) == "31"
    game.play("41")
    assert pile(game, "1") == ["KH"]


# KL-6 ---------------------------------------------------------------------------------------
def test_KL6_draw_one_turns_one_card_and_only_the_top_waste_card_plays():
    game = Game.new("klondike", 1)
    stock, waste = game.rules.stock_pile, game.rules.waste_pile
    top = game.piles[stock][-1]
    game.play("s")
    assert game.piles[waste] == [top] and game.hidden[waste] == 0 and len(game.piles[stock]) == 23


def test_KL6_draw_three_turns_three_and_only_the_top_one_plays():
    game = Game.new("klondike-3", 1)
    stock, waste = game.rules.stock_pile, game.rules.waste_pile
    three = game.piles[stock][-3:]
    game.play("s")
    assert game.piles[waste] == three[::-1]
    assert all(m[0] != waste or m[2] == 1 for m in game.legal_moves())
    assert game.movable_run(waste) == 1


def test_KL6_the_waste_turns_over_unshuffled_into_a_new_stock():
    game = Game.new("klondike-3", 1)
    stock = game.rules.stock_pile
    before = list(game.piles[stock])
    for _ in range(8):
        game.play("s")
    assert not game.piles[stock]
    assert game.legal_moves()[-1] == (stock, REDEAL, 0)
    game.play("s")
    assert game.piles[stock] == before and game.hidden[stock] == 24 and game.redeals_used == 1


def test_KL6_passes_are_unlimited_in_klondike():
    game = Game.new("klondike", 1)
    for _ in range(10 * 25):
        game.play("s")
    assert game.redeals_used == 10


def test_KL6_vegas_allows_three_passes_and_refuses_a_fourth():
    game = Game.new("klondike-vegas", 1)
    for _ in range(2):
        for _ in range(8):
            game.play("s")
        game.play("s")  # redeal
    for _ in range(8):
        game.play("s")
    assert game.redeals_used == 2
    with pytest.raises(IllegalMove, match="no redeals left: the stock goes round 3 times in all"):
        game.play("s")
    assert all(m[1] >= 0 for m in game.legal_moves())


# KL-7 ---------------------------------------------------------------------------------------
def test_KL7_a_foundation_card_may_come_back_in_klondike():
    game = build("klondike", {"h1": "AH 2H 3H", "1": "4S"}, fill="s", fill_face_down=True)
    game.play("h1")
    assert pile(game, "1") == ["4S", "3H"]
    game.undo()
    game.play("h11")
    assert pile(game, "h1") == ["AH", "2H"]


def test_KL7_the_traditional_rule_forbids_it_as_a_setting():
    text = (shipped_dir() / "klondike.yaml").read_text(encoding="utf-8")
    worry_back = "    move: top                                               # KL-7: worry-back allowed\n    to: [tableau]\n"
    assert worry_back in text
    traditional = load_text(text.replace(worry_back, ""))
    assert traditional.piles["foundations"].move == "none"
    game = build("klondike", {"h1": "AH 2H 3H", "1": "4S"}, fill="s", fill_face_down=True)
    game = Game.from_position(game.position(), traditional)
    with pytest.raises(IllegalMove, match="cards never leave the foundations"):
        game.play("h11")


# KL-8 ---------------------------------------------------------------------------------------
def test_KL8_scoring_follows_the_ruleset():
    game = build("klondike-3", {"w": "AH", "1": "9C | 8D", "2": "9S", "3": "KH | AS"}, fill="s", fill_face_down=True)
    game.play("wh")
    assert game.score == 10  # to a foundation
    game.play("12")
    assert game.score == 15  # a card turned face up
    game.play("3h")
    assert game.score == 30  # +10 to foundation, +5 K♥ turned up
    game.play("s")
    assert game.score == 30  # drawing scores nothing


def test_KL8_each_point_rule_and_the_floor_of_zero():
    game = build("klondike-3", {"w": "6H", "1": "7S", "h1": "AC 2C 3C", "2": "4H"}, fill="s", fill_face_down=True)
    game.play("w1")
    assert game.score == 5  # waste to tableau
    game.play("h2")  # 3♣ back from a foundation: -15, but never below 0
    assert game.score == 0
    game.undo()
    assert game.score == 5
    game.undo()
    assert game.score == 0


def test_KL8_a_redeal_in_draw_three_costs_twenty():
    game = build("klondike-3", {"h1": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC", "w": "KC QC JC"}, fill="s", fill_face_down=True)
    game.play("wh")
    game.play("wh")
    game.play("wh")
    assert game.score == 30
    while game.piles[game.rules.stock_pile]:
        game.play("s")
    game.play("s")  # the redeal
    assert game.score == 10 and game.redeals_used == 1
    game.undo()
    assert game.score == 30


# KL-9 ---------------------------------------------------------------------------------------
def test_KL9_won_when_all_52_cards_are_on_the_foundations():
    piles = full_foundations_but("KS")
    piles["1"] = "KS"
    game = build("klondike", piles, fill="s", fill_face_down=True)
    assert not game.is_won() and game.status() == "in progress"
    game.play("1h")
    assert game.is_won() and game.status() == "won"


def test_KL9_lost_when_no_move_is_left_and_undo_still_works():
    game = build("klondike", dead_end(), fill="w")  # every card is placed: the waste stays empty
    assert game.legal_moves() == []
    assert game.status() == "lost" and game.is_lost() and not game.is_won()
    game = build("klondike", dead_end(stock="4C"), fill="w")
    game.play("s")
    game.play("wh")
    assert game.status() == "lost"
    game.undo()
    assert game.status() == "in progress"


def test_KL9_lost_when_the_stock_goes_round_with_no_new_play():
    # Draws and redeals stay possible for ever, but nothing they bring ever plays.
    game = build("klondike", dead_end(stock="KH 7S"), fill="w")
    assert game.legal_moves() == [(game.rules.stock_pile, DEAL, 0)]
    assert game.status() == "lost"
    before = game.position()
    game.is_lost()
    assert game.position() == before  # looking ahead leaves the game as it was


def worry_back_position(second_top: str) -> Game:
    """Hearts home up to 5♥, 6♣ on column 1; column 2's top decides whether 5♥ coming back helps."""
    piles = {"h1": "AC 2C", "h2": "AD 2D 3D", "h3": "AH 2H 3H 4H 5H", "h4": "AS 2S 3S"}
    tops = ["6C", second_top, "8C", "8S", "TC", "TS", "QC"]
    placed = {c for p in piles.values() for c in p.split()} | set(tops)
    rest = [f"{r}{s}" for s in "CDHS" for r in "A23456789TJQK" if f"{r}{s}" not in placed]
    piles["1"] = " ".join(rest) + " | 6C"
    for label, top in zip("234567", tops[1:]):
        piles[label] = top
    return build("klondike", piles, fill="w")


def test_KL9_a_card_back_from_a_foundation_counts_only_when_it_opens_a_play():
    helpful = worry_back_position("4C")  # 5♥ back onto 6♣, then 4♣ onto 5♥
    assert [helpful.notation(m) for m in helpful.legal_moves()] == ["h31", "h22"]
    assert helpful.status() == "in progress"
    useless = worry_back_position("JS")  # 5♥ may come back, but nothing follows it
    assert [useless.notation(m) for m in useless.legal_moves()] == ["h31"]
    assert useless.status() == "lost"


def test_KL9_not_lost_while_the_stock_still_brings_a_play():
    piles = full_foundations_but("4C 4D 4H 4S")
    piles["1"] = "4D 4H 4S KC QC JC TC 9C 8C 7C 6C 5C | KD"
    piles["2"] = "QD JD TD 9D 8D 7D 6D 5D KH QH JH TH 9H 8H 7H 6H 5H KS QS JS TS 9S 8S 7S 6S | 5S"
    piles["s"] = "4C |"
    game = build("klondike", piles, fill="w")
    assert game.status() == "in progress"
    game.play("s")
    game.play("wh")
    assert game.status() == "in progress"
