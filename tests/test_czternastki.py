"""Czternastki (Fourteens), rule by rule (CZ-1 .. CZ-4 of shared/spec/games.md)."""

import pytest
from positions import build, notations, pile

from patience import Game, IllegalMove
from patience.engine.moves import CLOSE_UP, REMOVE

ARMS = "nesw"


def cz(piles: dict[str, str], **header: int) -> Game:
    """A position; every card not named lies on the discard pile x, out of play."""
    return build("czternastki", piles, fill="x", **header)


def lane(game: Game, arm: str, number: int) -> list[str]:
    """The cards of one lane from the centre outward ('' for an empty place)."""
    return ["".join(pile(game, f"{arm}{c}{number}")) for c in "abcdef"]


# CZ-1 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("deal", [1, 2, 31337])
def test_CZ1_one_deck_four_arms_of_two_lanes_of_six_four_in_the_stock(deal):
    game = Game.new("czternastki", deal)
    for gid, arm in zip(("north", "east", "south", "west"), ARMS):
        group = game.rules.group_by_id[gid]
        assert [game.rules.labels[p] for p in group.piles] == [f"{arm}{c}{r}" for r in (1, 2) for c in "abcdef"]
        assert all(len(game.piles[p]) == 1 and not game.hidden[p] for p in group.piles)
    stock = game.rules.pile_by_label["t"]
    assert len(game.piles[stock]) == 4 and game.hidden[stock] == 4
    assert sorted(game.cards()) == list(range(52))


def test_CZ1_position_a_of_every_lane_faces_the_centre():
    game = Game.new("czternastki", 1)
    firsts = {game.rules.labels[lane[0]] for lane in game.rules.close_up_lanes}
    assert firsts == {f"{arm}a{n}" for arm in ARMS for n in (1, 2)}
    assert len(game.rules.close_up_lanes) == 8


# CZ-2 ---------------------------------------------------------------------------------------
def test_CZ2_two_equal_ranks_touching_by_a_side_or_a_corner_are_removed():
    game = cz({"na1": "7H", "nb1": "7S", "ec1": "QD", "ed2": "QC", "sa1": "3C", "sa2": "3D"})
    moves = notations(game)
    assert {"na1+nb1", "ec1+ed2", "sa1+sa2"} <= set(moves)
    game.play("ed2+ec1")  # either order
    assert not pile(game, "ec1") and not pile(game, "ed2")
    assert pile(game, "x")[-2:] == ["QD", "QC"]
    game.undo()
    assert pile(game, "ec1") == ["QD"] and pile(game, "ed2") == ["QC"]


def test_CZ2_a_place_emptied_by_a_removal_is_said_to_hold_no_card():
    """A pair named with an empty place: "nc2 is empty", not "nc2 has no face-up card", which
    read as if a face-down card lay there (seen in a Polish game in a terminal)."""
    game = cz({"na1": "7H", "nb1": "7S", "nb2": "9C", "na2": "9D"})
    game.play("na1+nb1")
    with pytest.raises(IllegalMove, match="na1 is empty: there is no card there to remove"):
        game.play("na1+na2")


def test_CZ2_cards_that_do_not_touch_are_refused():
    game = cz({"na1": "7H", "nc1": "7S", "ne2": "7C"})
    assert not [m for m in game.legal_moves() if m[1] == REMOVE]
    with pytest.raises(IllegalMove, match="na1 and nc1 do not touch"):
        game.play("na1+nc1")


def test_CZ2_a_pair_from_two_groups_is_refused_even_next_to_the_centre():
    game = cz({"na1": "7H", "ea1": "7S", "wa2": "7D", "sa1": "7C"})
    assert not [m for m in game.legal_moves() if m[1] == REMOVE]
    with pytest.raises(IllegalMove, match="different groups"):
        game.play("na1+ea1")


def test_CZ2_different_ranks_or_a_single_card_are_refused():
    game = cz({"na1": "7H", "nb1": "8H"})
    with pytest.raises(IllegalMove, match="not of the same rank"):
        game.play("na1+nb1")
    with pytest.raises(IllegalMove, match="cannot be removed alone"):
        game.play("na1+")
    with pytest.raises(IllegalMove, match="nc1 is empty: there is no card there to remove"):
        game.play("na1+nc1")


def test_CZ2_a_pair_written_as_a_move_is_refused_with_the_way_to_write_it():
    game = cz({"na1": "7H", "nb1": "7S", "nc1": "8C", "nd1": "9C"})
    before = game.position()
    for typed in ("na1nb1", "na1 nb1"):
        with pytest.raises(IllegalMove, match=r"never leave .*; to remove the two as a pair, join their cells with \+: na1\+nb1$"):
            game.play(typed)
    with pytest.raises(IllegalMove, match="never leave [^;]*$"):  # no pair there: the move's reason alone
        game.play("nc1nd1")
    assert game.position() == before


def test_CZ2_removing_is_never_forced():
    game = cz({"na1": "7H", "nb1": "7S", "nd1": "KD", "t": "2C |"})
    assert game.status() == "in progress"
    game.play("c")  # closing up first is allowed while a pair waits
    assert "na1+nb1" in notations(game)


# CZ-3 ---------------------------------------------------------------------------------------
def test_CZ3_close_up_slides_every_lane_toward_the_centre_keeping_order_then_refills():
    game = cz({
        "nb1": "2C", "nd1": "3C", "nf1": "4C",           # north lane 1: _ 2 _ 3 _ 4
        "na2": "5C", "nb2": "6C", "nc2": "7C", "nd2": "8C", "ne2": "9C", "nf2": "TC",   # full
        "ef1": "JC",                                      # east lane 1: only the last place
        "sa1": "QC", "sc2": "KC",
        "t": "2D 3D 4D 5D |",                             # 5D is the top: dealt first
    })
    game.play("c")
    assert lane(game, "n", 1) == ["2C", "3C", "4C", "5D", "4D", "3D"]
    assert lane(game, "n", 2) == ["5C", "6C", "7C", "8C", "9C", "TC"]
    assert lane(game, "e", 1) == ["JC", "2D", "", "", "", ""]
    assert lane(game, "e", 2) == [""] * 6
    assert lane(game, "s", 1) == ["QC", "", "", "", "", ""]
    assert lane(game, "s", 2) == ["KC", "", "", "", "", ""]
    assert pile(game, "t") == []
    game.undo()
    assert lane(game, "n", 1) == ["", "2C", "", "3C", "", "4C"] and pile(game, "t") == ["2D", "3D", "4D", "5D"]
    assert game.hidden[game.rules.pile_by_label["t"]] == 4


def test_CZ3_close_up_without_a_stock_only_slides():
    game = cz({"nc1": "2C", "wf2": "3C"})
    game.play("c")
    assert lane(game, "n", 1) == ["2C", "", "", "", "", ""] and lane(game, "w", 2) == ["3C", "", "", "", "", ""]


def test_CZ3_a_close_up_that_changes_nothing_is_neither_listed_nor_allowed():
    game = cz({"na1": "2C", "nb1": "3C", "ea2": "4C"})
    assert (0, CLOSE_UP, 0) not in game.legal_moves()
    with pytest.raises(IllegalMove, match="change nothing"):
        game.play("c")


def test_CZ3_at_the_deal_the_close_up_is_refused_because_no_place_is_empty_not_for_want_of_cards():
    """Every place holds a card and the stock its four: the reason is the full layout, not the
    "nothing left to fill one" said where gaps lie at the lanes' ends and the stock is spent."""
    game = Game.new("czternastki", 3)
    assert len(pile(game, "t")) == 4
    with pytest.raises(IllegalMove, match="^closing up would change nothing: every place holds a card$"):
        game.play("c")
    spent = cz({"na1": "2C", "nb1": "3C", "ea2": "4C"})
    with pytest.raises(IllegalMove, match="no gap lies inside a lane and nothing is left to fill one"):
        spent.play("c")


def test_CZ3_close_up_is_a_numbered_move_and_round_trips_in_positions():
    game = cz({"nb1": "2C", "nc1": "2D", "t": "5D |"})
    assert "c" in notations(game)
    again = Game.from_position(game.position())
    assert again.key() == game.key()


# CZ-4 ---------------------------------------------------------------------------------------
def test_CZ4_first_class_no_card_left():
    game = cz({"na1": "7H", "nb2": "7S"})
    assert game.status() == "in progress" and game.win_class() is None
    game.play("na1+nb2")
    assert game.status() == "won" and game.win_class() == "first"


def test_CZ4_second_class_one_card_per_group_next_to_the_centre():
    game = cz({"na1": "2C", "eb2": "3C", "sa2": "4C", "wa1": "5C"})
    assert game.status() == "in progress"  # the east card is not yet next to the centre
    assert game.win_class() is None
    game.play("c")
    assert game.status() == "won" and game.win_class() == "second"
    assert not game.is_won()  # the first class does not hold
    assert not game.is_lost()


def test_CZ4_second_class_needs_exactly_one_card_in_every_group():
    game = cz({"na1": "2C", "nb1": "3C", "sa2": "4C", "wa1": "5C"})
    assert game.status() == "lost" and game.win_class() is None
    game = cz({"na1": "2C", "sa2": "4C", "wa1": "5C"})
    assert game.status() == "lost"


def test_CZ4_the_game_is_not_over_while_the_stock_can_refill():
    game = cz({"na1": "2C", "ea1": "3C", "sa2": "4C", "wa1": "5C", "t": "9S |"})
    assert game.status() == "in progress"
    game.play("c")
    assert pile(game, "nb1") == ["9S"]
    assert game.status() == "lost"


def test_CZ4_lost_when_no_pair_and_no_close_up_remain():
    game = cz({"na1": "2C", "nb1": "3C", "ea1": "4C", "eb1": "5C"})
    assert game.legal_moves() == []
    assert game.status() == "lost" and game.is_lost()


# G-2, G-3 at the prompt ---------------------------------------------------------------------
def _session(game: Game):
    from patience.session.session import Session, Settings

    return Session(game, Settings(), now=lambda: 1000.0)


def test_G2_removals_and_the_close_up_are_listed_numbered_and_played_by_number():
    s = _session(cz({"na1": "7H", "nb2": "7S", "nd1": "KD", "t": "2C |"}))
    reply = s.handle("moves")
    text = "\n".join(reply.lines)
    assert "na1+nb2" in text and "remove 7♥ 7♠" in text and "c " in text
    s.handle("1")
    assert not pile(s.game, "na1") and not pile(s.game, "nb2")


def test_G3_the_end_message_names_the_win_class():
    s = _session(cz({"na1": "2C", "eb2": "3C", "sa2": "4C", "wa1": "5C"}))
    reply = s.handle("c")
    assert any("second class" in line for line in reply.lines)
    s = _session(cz({"na1": "7H", "nb2": "7S"}))
    reply = s.handle("na1+nb2")
    assert any("first class" in line for line in reply.lines)
