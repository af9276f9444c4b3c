"""Windmill against PySolFC's rules page, and the chained `fill` it needs (issue 36): an emptied
reserve takes the waste's top card at once, and a waste emptied so takes the stock's top card in
the same move."""

from __future__ import annotations

import pytest
from positions import build, notations, pile, refused

from patience import Game
from patience.core.tables import not_covered
from patience.ruleset import load_text
from patience.ruleset.loader import RulesetError
from patience.ruleset.registry import shipped_dir


def windmill(piles: dict[str, str]) -> Game:
    """A Windmill position; every card not named lies face down in the stock."""
    return build("windmill", piles, fill="s", fill_face_down=True)


def face_down(game: Game, label: str) -> int:
    return game.hidden[game.rules.pile_by_label[label]]


def test_windmill_deal_an_ace_in_the_centre_eight_reserves_a_turned_card_and_94_in_the_stock():
    game = Game.new("windmill", 1)
    assert pile(game, "a") == ["AC"]
    assert all(len(pile(game, str(n))) == 1 and face_down(game, str(n)) == 0 for n in range(1, 9))
    assert len(pile(game, "w")) == 1 and face_down(game, "w") == 0
    assert len(pile(game, "s")) == 94 and face_down(game, "s") == 94
    assert not any(pile(game, f"k{n}") for n in range(1, 5))


def test_windmill_an_emptied_reserve_takes_the_waste_top_and_an_emptied_waste_the_stock_top_in_one_move():
    game = windmill({"a": "AC", "1": "2H", "w": "9D"})
    stock_top, stock_size = pile(game, "s")[-1], len(pile(game, "s"))
    before = game.position()
    game.play("1a")
    assert pile(game, "a") == ["AC", "2H"]
    assert pile(game, "1") == ["9D"]  # the waste's last card, at once
    assert pile(game, "w") == [stock_top] and face_down(game, "w") == 0  # and the waste the stock's top, face up
    assert len(pile(game, "s")) == stock_size - 1 and face_down(game, "s") == stock_size - 1  # the stock stays down
    assert len(game.history) == 1  # all of it one move
    game.undo()
    assert game.position() == before


def test_windmill_a_waste_emptied_by_a_play_takes_the_stock_top():
    game = windmill({"a": "AC", "w": "2S"})
    stock_top, stock_size = pile(game, "s")[-1], len(pile(game, "s"))
    game.play("wa")
    assert pile(game, "w") == [stock_top] and face_down(game, "w") == 0  # turned face up as it fills
    assert face_down(game, "s") == len(pile(game, "s")) == stock_size - 1  # the stock's next card stays down


def test_windmill_once_stock_and_waste_are_out_an_emptied_reserve_stays_empty():
    # The stock is empty (every card not named lies on the centre; its order does not matter here).
    game = build("windmill", {"k1": "KS", "1": "QH", "2": "JC", "w": "3D", "s": ""}, fill="a")
    game.play("1k")
    assert pile(game, "1") == ["3D"] and pile(game, "w") == []  # the waste's last card; nothing refills the waste
    game.play("2k")
    assert pile(game, "2") == [] and not [m for m in notations(game) if m.endswith("2")]


def test_windmill_the_centre_builds_up_regardless_of_suit_round_the_corner_and_corners_down_from_kings():
    game = windmill({"a": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "1": "AD", "2": "KS", "3": "QH", "4": "5D"})
    game.play("1a")  # an ace on the king: round the corner
    refused(game, "4a", "5♦ cannot go on A♦")
    game.play("2k")  # a king starts a corner
    game.play("3k")  # down regardless of suit
    assert pile(game, "k1") == ["KS", "QH"]
    refused(game, "4k", "an empty pile in corners takes only K|5♦ cannot go on Q♥|no pile of k")


def test_windmill_cards_on_the_foundations_stay_and_reserves_play_only_to_the_foundations():
    game = windmill({"a": "AC 2C", "k1": "KS", "1": "QH", "2": "3D"})
    refused(game, "ak1", "cards never leave the centre")
    refused(game, "k1a", "cards never leave the corners")
    refused(game, "12", "cards from the reserves go only to")
    assert {"1k", "2a"} <= set(notations(game))


def test_a_fill_that_loops_is_refused_when_the_file_is_read():
    text = (shipped_dir() / "windmill.yaml").read_text(encoding="utf-8")
    looped = text.replace("fill: {from: stock}", "fill: {from: reserve-one}").replace(
        "  reserves:\n", "  reserve-one: {role: reserve, labels: [r], move: top, fill: {from: waste}}\n  reserves:\n")
    with pytest.raises(RulesetError, match="the fills loop back to waste"):
        load_text(looped, "looped.yaml")


def test_the_compiled_core_plays_chained_fills():
    assert not_covered(Game.new("windmill", 1).rules) is None  # tests/test_core_words.py walks it
    assert not_covered(Game.new("canfield", 1).rules) is None  # one fill, no chain


@pytest.mark.skipif(__import__("patience.core", fromlist=["_search"])._search is None, reason="the core is not built")
def test_a_fill_from_the_stock_leaves_its_next_card_face_down_in_the_core_too():
    """The engine keeps the stock's next card face down after a fill takes its top card; so does
    the core: a walk of Windmill with only the waste filled (from the stock) agrees with it."""
    from test_core_differential import walk_both

    text = (shipped_dir() / "windmill.yaml").read_text(encoding="utf-8")
    unchained = load_text(text.replace("    fill: {from: waste}", "    empty: any"), "w.yaml")
    assert not_covered(Game(unchained, 1).rules) is None
    assert walk_both(unchained, deals=(1, 2)) > 4
    from patience import core

    filled = 0
    for deal in range(1, 40):  # the dealt waste's one card played: the waste takes the stock's top
        game = Game(unchained, deal)
        position = core.position(game)
        waste = game.rules.waste_pile
        for move in [m for m in game.legal_moves() if m[0] == waste and len(game.piles[waste]) == 1]:
            game.push(move)
            position.push(move)
            assert position.piles() == game.piles and position.hidden_counts() == game.hidden
            assert game.hidden[game.rules.stock_pile] == len(game.piles[game.rules.stock_pile])
            game.pop()
            position.pop()
            assert position.piles() == game.piles and position.hidden_counts() == game.hidden
            filled += 1
    assert filled >= 3
