"""Cruel and Perseverance against PySolFC's rules pages, and the gather-and-deal redeal they need
(issue 36): `reshuffle` with `shuffle: false` picks the piles up in order and deals them again,
four a pile, without shuffling."""

from __future__ import annotations

import pytest
from positions import build, notations, pile, refused

from patience import Game, IllegalMove
from patience.core.tables import not_covered
from patience.ruleset.lint import lint_text
from patience.ruleset.registry import shipped_dir

PILES = "abcdefgijklm"


def cruel(piles: dict[str, str], game: str = "cruel") -> Game:
    """A position; every card not named lies on the foundations' first pile, out of the way."""
    return build(game, piles, fill="h1")


def layout(game: Game) -> list[list[str]]:
    return [pile(game, label) for label in PILES]


def test_cruel_deal_the_aces_home_and_48_cards_face_up_in_twelve_piles_of_four():
    game = Game.new("cruel", 1)
    assert [pile(game, f"h{i}") for i in range(1, 5)] == [["AC"], ["AD"], ["AH"], ["AS"]]
    assert all(len(cards) == 4 for cards in layout(game)) and not any(game.hidden)


def test_cruel_one_card_at_a_time_down_in_suit_and_an_emptied_pile_stays_empty():
    game = cruel({"a": "9S 8S", "b": "TS", "c": "TH", "d": "9H"})
    refused(game, "ab", "8♠ cannot go on 10♠")  # one card at a time: 9♠ 8♠ do not go together
    refused(game, "abv2", "only the top card of a moves")
    refused(game, "ac", "8♠ cannot go on 10♥")
    game.play("dc")
    assert pile(game, "c") == ["TH", "9H"] and pile(game, "d") == []
    assert not [m for m in game.legal_moves() if m[1] == game.rules.pile_by_label["d"]]


def test_cruel_the_redeal_picks_the_piles_up_in_order_and_deals_them_in_fours_without_a_shuffle():
    piles = {"a": "KC QC JC TC", "b": "9C 8C", "c": "", "d": "7C 6C 5C 4C 3C", "e": "KD"}
    game = cruel(piles)
    before = game.position()
    game.play("rd")
    picked = "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C KD".split()  # a, b, c, d, e, each from the bottom up
    assert layout(game)[:3] == [picked[0:4], picked[4:8], picked[8:12]]
    assert layout(game)[3:] == [[]] * 9  # the piles after the last dealt to get none
    game.undo()
    assert game.position() == before


def test_cruel_a_redeal_with_no_move_since_would_give_the_same_layout_so_it_is_no_move_and_the_game_is_lost():
    game = cruel({"a": "KC QC JC", "b": "TC KD QD JD TD", "c": "KH QH JH 9H"})  # no card plays
    assert "rd" in notations(game)
    game.play("rd")  # the cards now lie in fours from pile a on
    assert "rd" not in notations(game)
    refused(game, "rd", "the redeal would deal every card back where it lies")
    assert game.status() == "lost"


def test_perseverance_a_redeal_with_no_move_since_spends_a_redeal_and_changes_nothing_else():
    game = cruel({"a": "KC QC JC TC"}, game="perseverance")
    dealt = layout(game)
    game.play("rd")  # as in PySolFC, a round is used even so
    assert layout(game) == dealt and game.uses_left[game.rules.reshuffle_index] == 1


def test_cruel_a_redeal_that_changes_the_layout_keeps_the_game_going():
    game = cruel({"a": "KC QC", "b": "KD QD JD TD", "c": "KH"})  # the redeal puts KD QD under KC QC
    assert game.status() == "in progress"


def test_perseverance_a_run_in_suit_moves_and_there_are_two_redeals():
    game = cruel({"a": "9S 8S 7S", "b": "TS", "c": "5D"}, game="perseverance")
    game.play("abv3")
    assert pile(game, "b") == ["TS", "9S", "8S", "7S"]
    game.play("rd")
    game.play("rd")
    with pytest.raises(IllegalMove, match="no reshuffles left"):
        game.play("rd")


def test_an_ordered_redeal_keeps_its_piles_apart_in_keys():
    """Which pile comes first decides where the cards go: swapped piles are another position."""
    one = cruel({"a": "KC", "b": "KD"})
    other = cruel({"a": "KD", "b": "KC"})
    assert one.canonical_key() != other.canonical_key()
    shuffled = build("la-belle-lucie", {"01": "KC", "02": "KD"}, fill="h1")
    swapped = build("la-belle-lucie", {"01": "KD", "02": "KC"}, fill="h1")
    assert shuffled.canonical_key() == swapped.canonical_key()  # a shuffling redeal: piles interchangeable


def test_an_unlimited_redeal_without_a_shuffle_needs_no_warning_but_a_shuffled_one_does():
    text = (shipped_dir() / "cruel.yaml").read_text(encoding="utf-8")
    assert lint_text(text, "cruel.yaml")[1] == []
    _, findings = lint_text(text.replace("shuffle: false, ", ""), "cruel.yaml")
    assert [f.code for f in findings] == ["P212"]


def test_the_compiled_core_plays_the_redeal():
    assert not_covered(Game.new("cruel", 1).rules) is None  # tests/test_core_words.py walks it
