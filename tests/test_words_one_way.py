"""Words of the round-3 games (issue 36, 37): `build_takes: one` (Forty-Nine: a started pile takes one
card at a time while whole runs go into spaces). Each word: the engine's judgement and its reason,
the word's absence changing it, the compiled core beside the engine, and lint."""

from __future__ import annotations

import pytest
from test_core_differential import walk_both

from patience import core
from patience.engine.game import Game
from patience.engine.position import read_position
from patience.ruleset import load_text
from patience.ruleset.lint import lint_text
from patience.ruleset.registry import find_ruleset_file

needs_core = pytest.mark.skipif(core._search is None, reason="the compiled core is not built")


def shipped_text(game_id: str) -> str:
    return find_ruleset_file(game_id).read_text(encoding="utf-8")


def game_from(ruleset, lines: str, fill: str = "s") -> Game:
    """A game of ``ruleset`` whose named piles hold ``lines`` and whose other cards lie face down on ``fill``."""
    from patience.rulestest.model import Scenario
    from patience.rulestest.start import position_text
    piles = {k.strip(): v.strip() for k, v in (line.split(":", 1) for line in lines.strip().splitlines())}
    text = position_text(ruleset, Scenario(name="t", piles=piles, fill=fill, fill_down=True))
    return Game.from_position(text, ruleset)


# ---------------------------------------------------------------- build_takes: one (Forty-Nine)

def forty_nine(text: str | None = None):
    return load_text(text or shipped_text("forty-nine"), "forty-nine.yaml")


def test_forty_nine_a_started_column_takes_one_card_and_says_why_not_a_run():
    ruleset = forty_nine()
    game = game_from(ruleset, "1: | 9H 8S 7D\n2: | TC\n3: ")
    one, two, three = (game.rules.pile_by_label[x] for x in "123")
    moves = set(game.legal_moves())
    assert (one, two, 1) not in moves  # 7♦ does not go on 10♣
    assert (one, two, 3) not in moves and (one, three, 3) in moves and (one, three, 2) in moves
    assert "one card at a time" in game.why_illegal((one, two, 3))
    game = game_from(ruleset, "1: | 9H 8S 7D\n2: | 9D\n3: | 8C")
    one, two, three = (game.rules.pile_by_label[x] for x in "123")
    assert (one, three, 1) in game.legal_moves() and (one, two, 2) not in game.legal_moves()
    assert "one card at a time" in game.why_illegal((one, two, 2))


def test_without_the_word_the_run_lands_on_a_card():
    ruleset = forty_nine(shipped_text("forty-nine").replace("id: forty-nine", "id: forty-nine-runs")
                         .replace("    build_takes: one", "    build_takes: run"))
    game = game_from(ruleset, "1: | 9H 8S 7D\n2: | TC")
    one, two = game.rules.pile_by_label["1"], game.rules.pile_by_label["2"]
    assert (one, two, 3) in game.legal_moves() and game.why_illegal((one, two, 3)) is None


@needs_core
def test_the_core_lists_forty_nines_runs_as_the_engine_does():
    assert walk_both("forty-nine", steps=200) > 10
    # a run that fits a card (8♠ 7♦ on 9♦) and a space: the run goes only into the space
    game = game_from(forty_nine(), "1: | 9H 8S 7D\n2: | 9D\n3: \n4: | 8C")
    moves = game.legal_moves()
    assert core.position(game).legal_moves() == moves
    one, two, three = (game.rules.pile_by_label[x] for x in "123")
    assert (one, three, 3) in moves and (one, two, 2) not in moves


@pytest.mark.parametrize("change, code", [
    ("    build_takes: one", "    build_takes: one\n    unit: 2"),  # cards that enter only as runs: P119
    ("    move: run ", "    move: top "),  # no run moves anywhere: P201
])
def test_build_takes_lint(change, code):
    source = shipped_text("forty-nine").replace("id: forty-nine", "id: forty-nine-broken")
    assert change in source
    _, findings = lint_text(source.replace(change, code), "forty-nine-broken.yaml")
    expected = "P119" if "unit" in code else "P201"
    found = [f for f in findings if f.code == expected]
    assert found and "build_takes" in found[0].message + str(found[0]), findings
    _, clean = lint_text(shipped_text("forty-nine"), "forty-nine.yaml")
    assert not clean
