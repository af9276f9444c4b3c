"""Parada (Royal Parade), rule by rule (PA-1 .. PA-6 of shared/spec/games.md); also `parada-1`."""

import pytest
from positions import build, notations, pile

from patience import Game, IllegalMove
from patience.cards import RANK
from patience.engine.moves import DEAL, REDEAL


def pa(piles: dict[str, str], game: str = "parada") -> Game:
    """A Parada position; every card not named lies on the discard pile x, out of play."""
    return build(game, piles, fill="x")


def group_piles(game: Game, gid: str) -> range:
    return game.rules.group_by_id[gid].piles


# PA-1 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("deal", range(1, 13))
def test_PA1_two_decks_24_in_the_parade_80_in_the_stock_aces_out_at_once(deal):
    game = Game.new("parada", deal)
    parade = [p for gid in ("row1", "row2", "row3") for p in group_piles(game, gid)]
    assert all(len(game.piles[p]) <= 1 for p in parade)
    out = pile(game, "x")
    assert all(card.startswith("A") for card in out)
    assert sum(len(game.piles[p]) for p in parade) + len(out) == 24  # an ace leaves its place empty
    assert not any(RANK[c] == 1 for p in parade for c in game.piles[p])
    assert len(game.piles[game.rules.stock_pile]) == 80 and game.hidden[game.rules.stock_pile] == 80
    assert all(not game.piles[p] for p in group_piles(game, "aux"))
    assert sorted(game.cards()) == sorted(list(range(52)) * 2)


def test_PA1_a_dealt_parade_ace_leaves_its_place_empty():
    for deal in range(1, 40):
        game = Game.new("parada", deal)
        if game.piles[game.rules.pile_by_label["x"]]:
            break
    parade = [p for gid in ("row1", "row2", "row3") for p in group_piles(game, gid)]
    assert sum(1 for p in parade if not game.piles[p]) == len(game.piles[game.rules.pile_by_label["x"]]) > 0


def test_PA1_aces_from_the_stock_are_put_out_with_the_deal_and_undone_with_it():
    # stock top last: the deal takes AH, 5C, AS, 9D, ... in that order onto stacks 1, 2, 3, ...
    game = pa({"s": "7C 6C 5D 4D 9D AS 5C AH |"})
    before = game.position()
    out_before = len(pile(game, "x"))
    game.play("s")
    assert [pile(game, str(i)) for i in range(1, 9)] == [[], ["5C"], [], ["9D"], ["4D"], ["5D"], ["6C"], ["7C"]]
    assert pile(game, "x")[out_before:] == ["AH", "AS"]
    game.undo()
    assert game.position() == before


def test_PA1_the_one_deck_variant_deals_24_and_28():
    game = Game.new("parada-1", 3)
    assert game.ruleset.decks == 1
    assert len(game.piles[game.rules.stock_pile]) == 28
    assert sorted(game.cards()) == list(range(52))
    assert Game.new("parada-1", 3).position() == game.position()


# PA-2 ---------------------------------------------------------------------------------------
def test_PA2_base_piles_are_built_up_by_three_in_suit_then_complete():
    game = pa({"a1": "2H", "b1": "5H", "b2": "8H", "b3": "JH", "c1": "4S", "c2": "7S", "1": "KS 3C", "2": "6C"})
    game.play("b1a1")
    game.play("b2a1")
    game.play("b3a1")
    assert pile(game, "a1") == ["2H", "5H", "8H", "JH"]
    game.play("c2c1")
    assert pile(game, "c1") == ["4S", "7S"]


def test_PA2_wrong_suit_or_wrong_step_is_refused():
    game = pa({"a1": "2H", "b1": "5D", "b2": "3H", "b3": "8H", "b4": "3S", "c2": "6H"})
    with pytest.raises(IllegalMove, match="5♦ cannot go on 2♥ \\(row1: up by 3 in suit\\)"):
        game.play("b1a1")
    with pytest.raises(IllegalMove, match="8♥ cannot go on 2♥"):
        game.play("b3a1")
    with pytest.raises(IllegalMove, match="6♥ cannot go on 3♠"):
        game.play("c2b4")


def test_PA2_a_base_card_in_a_wrong_row_is_not_built_on():
    game = pa({"a1": "3H", "a2": "4C", "b1": "6H", "c1": "7C", "b2": "2D", "c2": "5D"})
    with pytest.raises(IllegalMove, match="nothing is built on a1: row1 is built on a 2 only, and a1 starts with 3♥"):
        game.play("b1a1")
    with pytest.raises(IllegalMove, match="nothing is built on a2"):
        game.play("c1a2")
    with pytest.raises(IllegalMove, match="nothing is built on b2: row2 is built on a 3 only"):
        game.play("c2b2")
    assert notations(game) == [m for m in notations(game) if m not in ("b1a1", "c1a2", "c2b2")]


def test_PA2_nothing_is_built_on_a_non_base_card_lying_in_a_row():
    game = pa({"a1": "5H", "b1": "8H"})
    with pytest.raises(IllegalMove, match="nothing is built on a1"):
        game.play("b1a1")


def test_PA2_a_complete_pile_takes_nothing_more():
    game = pa({"c1": "4D 7D TD KD", "a1": "KD"})
    assert game.why_illegal((game.rules.pile_by_label["a1"], game.rules.pile_by_label["c1"], 1)) == 'c1 holds at most 4 cards'


# PA-3 ---------------------------------------------------------------------------------------
def full_rows(except_: set[str]) -> dict[str, str]:
    """Every parade place holds a non-base card (Ks, Qs, Js), except the labels given."""
    fillers = iter(["KC", "KD", "KH", "KS", "QC", "QD", "QH", "QS"] * 2 + ["JC", "JD", "JH", "JS"] * 2)
    return {f"{r}{i}": next(fillers) for r in "abc" for i in range(1, 9) if f"{r}{i}" not in except_}


def test_PA3_a_base_card_goes_to_an_empty_place_of_its_own_row():
    piles = full_rows({"b4", "c2", "a3"})
    piles.update({"c2": "3S", "a3": "4H"})  # a 3 parked in row 3, a 4 in row 1; b4 is empty
    game = pa(piles)
    game.play("c2b4")
    assert pile(game, "b4") == ["3S"]


def test_PA3_a_base_card_into_a_wrong_row_while_its_own_row_has_an_empty_place_is_refused():
    piles = full_rows({"b4", "c2", "a5"})
    piles["a5"] = "3S"
    game = pa(piles)
    with pytest.raises(IllegalMove, match="a 3 goes to row2 first: b4 is empty"):
        game.play("a5c2")
    assert "a5c2" not in notations(game) and "a5b4" in notations(game)


def test_PA3_only_when_its_own_row_has_no_empty_place_may_a_base_card_wait_in_another_row():
    piles = full_rows({"a2", "b5", "c7"})
    piles["c7"] = "2D"  # a 2 dealt into row 3; row 1 has an empty place a2, row 2 one at b5
    game = pa(piles)
    with pytest.raises(IllegalMove, match="a 2 goes to row1 first: a2 is empty"):
        game.play("c7b5")
    game.play("c7a2")
    game = pa(full_rows({"b3", "c8"}) | {"c8": "2D"})  # row 1 is full: the 2 may wait in row 2
    game.play("c8b3")
    assert pile(game, "b3") == ["2D"]


def test_PA3_a_base_card_lying_alone_in_its_own_row_has_a_place_there_and_does_not_wait_elsewhere():
    """Issue 36: a 2 alone in row 1 must not move to an empty place of row 2 (`a1b1`): its own
    row has a place for it, the one it lies in."""
    piles = full_rows({"a1", "b1", "c1"})
    piles["a1"] = "2S"  # row 1 has no empty place but the 2's own
    game = pa(piles)
    with pytest.raises(IllegalMove, match="a 2 stays in row1, where it belongs: it already has a place there \\(a1\\)"):
        game.play("a1b1")
    assert not {"a1b1", "a1c1"} & set(notations(game))
    game = pa(full_rows({"a1", "b1"}) | {"a1": "3S"})  # a 3 alone in row 1 is in a wrong row: it may go home
    assert "a1b1" in notations(game)


def test_PA3_a_base_card_from_an_auxiliary_stack_follows_the_same_rule():
    piles = full_rows({"a6", "c1"})
    piles["1"] = "9C 4H"
    game = pa(piles)
    with pytest.raises(IllegalMove, match="a 4 goes to row3 first: c1 is empty"):
        game.play("1a6")
    game.play("1c1")
    assert pile(game, "c1") == ["4H"] and pile(game, "1") == ["9C"]


def test_PA3_nothing_but_a_2_3_or_4_enters_an_empty_place():
    game = pa({"a2": "5H", "b1": "KS", "1": "9C", "2": "4D 5D"})
    for move in ("a2a1", "b1a1", "1a1", "2b2"):
        with pytest.raises(IllegalMove, match="an empty pile in row[123] takes only 2, 3 or 4, not"):
            game.play(move)
    with pytest.raises(IllegalMove, match="only the top card of 2 moves"):
        game.play("2c1v2")  # the 4♦ under the 5♦ is not free
    assert notations(game) == []  # stock empty: nothing at all


def test_PA3_an_empty_place_of_another_row_is_refused_in_the_numbered_list_too():
    piles = full_rows({"a1", "b1", "c1"})
    piles["b1"] = "4C"  # a 4 parked in row 2 while row 3 has an empty place c1
    game = pa(piles)
    listed = notations(game)
    assert "b1c1" in listed and "b1a1" not in listed


# PA-4 ---------------------------------------------------------------------------------------
def test_PA4_a_lone_parade_card_and_the_top_of_a_stack_are_free():
    game = pa({"a1": "2H", "c5": "5H", "b1": "3C", "1": "KD 6C"})
    assert "c5a1" in notations(game) and "1b1" in notations(game)
    game.play("c5a1")
    game.play("1b1")
    assert pile(game, "a1") == ["2H", "5H"] and pile(game, "b1") == ["3C", "6C"] and pile(game, "1") == ["KD"]


def test_PA4_a_pile_with_cards_built_on_it_is_not_free():
    game = pa({"a1": "2H 5H", "a2": "2H", "b1": "3S", "b2": "4S"})
    with pytest.raises(IllegalMove, match="a1 has cards built on it: only a card lying alone leaves the row1"):
        game.play("a1a2")  # its 5♥ could go on the other 2♥, but it is part of a pile
    assert not any(game.rules.labels[m[0]] == "a1" for m in game.legal_moves())


def test_PA4_a_free_card_goes_only_onto_a_base_pile_in_its_own_row():
    game = pa({"b1": "3D", "c1": "3D", "a1": "6D"})  # one 3♦ in row 2, the other parked in row 3
    with pytest.raises(IllegalMove, match="nothing is built on c1"):
        game.play("a1c1")
    game.play("a1b1")


def test_PA4_the_auxiliary_stacks_take_nothing_but_stock_deals():
    game = pa({"1": "2H", "2": "5H", "a1": "5D", "3": "", "b1": "3S"})
    for move in ("21", "a11", "b13", "13"):
        with pytest.raises(IllegalMove, match="cards from the (aux|row1|row2) go only to: row1, row2, row3"):
            game.play(move)
    aux = set(group_piles(game, "aux"))
    assert not any(m[1] in aux for m in game.legal_moves())


# PA-5 ---------------------------------------------------------------------------------------
def test_PA5_the_player_deals_eight_stock_cards_one_onto_each_stack_onto_the_earlier_cards():
    game = pa({"s": "KC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC |", "1": "KH", "5": "KD"})
    stock = game.rules.stock_pile
    assert (stock, DEAL, 0) in game.legal_moves() and game.notation((stock, DEAL, 0)) == "s"
    game.play("s")
    assert [pile(game, str(i))[-1] for i in range(1, 9)] == ["QC", "JC", "TC", "9C", "8C", "7C", "6C", "5C"]
    assert pile(game, "1") == ["KH", "QC"] and pile(game, "5") == ["KD", "8C"]
    assert game.hidden[stock] == 4 and not any(game.hidden[p] for p in group_piles(game, "aux"))


def test_PA5_the_last_deal_may_have_fewer_than_eight_and_there_is_no_redeal():
    game = pa({"s": "2C 3C 4C |"})
    game.play("s")
    assert [pile(game, str(i)) for i in range(1, 9)] == [["4C"], ["3C"], ["2C"], [], [], [], [], []]
    stock = game.rules.stock_pile
    assert game.why_illegal((stock, DEAL, 0)) == "the stock is empty"
    assert game.why_illegal((stock, REDEAL, 0)) == 'this stock is never turned over again'
    assert not any(m[1] < 0 for m in game.legal_moves())


def test_PA5_the_stock_deals_only_on_request():
    game = Game.new("parada", 1)
    stock = len(game.piles[game.rules.stock_pile])
    game.play(next(m for m in game.legal_moves() if m[1] >= 0))
    assert len(game.piles[game.rules.stock_pile]) == stock


def test_PA5_a_deal_into_an_emptied_stack():
    game = pa({"s": "9S |", "1": "4H"})
    game.play("1c1")
    game.play("s")
    assert pile(game, "1") == ["9S"]


# PA-6 ---------------------------------------------------------------------------------------
def complete_parade(decks: int = 2) -> dict[str, str]:
    """Every base pile complete; for one deck, 12 of the 24 places."""
    piles: dict[str, str] = {}
    for row, chain in (("a", "258J"), ("b", "369Q"), ("c", "47TK")):
        places = iter(range(1, 9))
        for _ in range(decks):
            for suit in "CDHS":
                piles[f"{row}{next(places)}"] = " ".join(r + suit for r in chain)
    return piles


def test_PA6_won_when_all_24_piles_are_complete():
    piles = complete_parade()
    piles["c8"] = "4S 7S TS"
    piles["3"] = "KS"
    game = pa(piles)
    assert game.status() == "in progress"
    game.play("3c8")
    assert game.status() == "won" and game.is_won()


def test_PA6_one_deck_won_with_twelve_complete_piles_and_twelve_empty_places():
    piles = complete_parade(decks=1)
    piles["a4"] = "2S 5S 8S"
    piles["b7"] = "JS"  # every card in the parade, but not every pile complete: not won
    game = pa(piles, game="parada-1")
    assert not game.is_won() and game.status() == "in progress"
    game.play("b7a4")
    assert game.status() == "won"


def test_PA6_lost_when_the_stock_is_empty_and_no_move_is_left():
    game = pa({"a1": "2H", "b1": "KS", "1": "9C"})
    assert all(game.changes_nothing(m) for m in game.legal_moves())  # 2♥ to another place of row 1
    assert game.status() == "lost"


def test_PA6_not_lost_while_the_stock_has_cards():
    game = pa({"a1": "2H", "s": "5H |"})
    assert game.status() == "in progress"  # the stock brings 5♥, which goes on 2♥
    game.play("s")
    assert game.status() == "in progress"
    game.play("1a1")
    game.undo()
    game.undo()
    game = pa({"a1": "2H", "s": "5D |"})
    assert game.status() == "lost"  # dealing 5♦ changes nothing that could be played


def test_PA6_base_cards_waiting_back_and_forth_do_not_keep_a_game_going():
    piles = full_rows({"c8"}) | {"a1": "3C"}  # a 3 waits in row 1, row 2 is full; c8 is empty
    game = pa(piles)
    assert "a1c8" in notations(game)  # legal: row 2 has no empty place ...
    assert game.status() == "lost"  # ... but it could only go back and forth
    game = pa(full_rows({"c8"}) | {"a1": "3C", "1": "2C"})
    assert game.status() == "in progress"  # the 2♣ on stack 1 may wait in c8 (row 1 is full): a real move


@pytest.mark.parametrize("game", ["parada", "parada-1"])
def test_PA5_the_text_says_the_last_deal_may_be_shorter_only_where_it_is(game):
    play = Game.new(game, 1)
    stock = play.rules.stock_pile
    sizes = []
    while play.piles[stock]:
        before = len(play.piles[stock])
        play.play("s")
        sizes.append(before - len(play.piles[stock]))
    shorter = sizes[-1] < 8
    assert shorter == (game == "parada-1")
    for language, words in (("en", "may be shorter"), ("pl", "może być krótszy")):
        assert (words in play.ruleset.rules[language]) == shorter, language
