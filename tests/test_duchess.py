"""Duchess (rulesets/duchess.yaml) against PySolFC's "Dutchess" (rules/glenwood.html; the class
in pysollib/games/glenwood.py), and the two words it added beside the condition word: `move:
top-or-run` (a column gives its top card or its whole pile, "Whole piles of cards can be moved on
to another Tableau pile") and `empty_from: [reserve, waste]` ("Empty slots in the Tableau can be
filled by any available card in the Reserves or, if all the Reserves are empty, from the Waste")."""

from __future__ import annotations

from collections import Counter

import pytest
from positions import build, notations, refused

from patience import Game, core
from patience.cards import RANK
from patience.engine.checks import why_illegal
from patience.core.tables import not_covered
from patience.ruleset.lint import lint_text
from patience.ruleset.registry import shipped_dir

TEXT = (shipped_dir() / "duchess.yaml").read_text(encoding="utf-8")


def started(piles: dict[str, str]) -> Game:
    """A Duchess position with a 5♠ on the first foundation (the gates open), the other cards in
    the stock face down."""
    return build("duchess", {"h1": "| 5S", **piles}, fill="s", fill_face_down=True)


def test_a_column_gives_its_top_card_or_its_whole_run_and_nothing_between():
    game = started({"1": "| TS 9H 8C", "2": "| TC", "3": "| JH", "4": "| 9D"})
    at = game.rules.pile_by_label
    moves = game.legal_moves()
    assert (at["1"], at["4"], 1) in moves and (at["1"], at["3"], 3) in moves  # 8♣ on 9♦; the whole pile on J♥
    refused(game, "12v2", "only the top card of 1 or its whole run of 3 moves, not 2 cards")
    assert not [m for m in game.legal_moves() if m[0] == game.rules.pile_by_label["1"] and m[2] == 2]
    game.play("13")  # the count implied is the whole run: the top card does not land on J♥
    assert [len(game.piles[game.rules.pile_by_label[label]]) for label in "13"] == [0, 4]


def test_a_space_takes_a_fan_card_while_the_fans_have_cards_then_the_waste():
    game = started({"1": "", "2": "| 9H 8C", "a": "| 4C", "c": "| KD", "w": "| 2D"})
    into_space = sorted(m for m in notations(game) if m.endswith("1") and not m.startswith("h"))
    assert into_space == ["a1", "c1"]  # the player chooses the fan; no waste, no column
    refused(game, "w1", "takes cards only from the first of reserve, waste that has a card: now reserve, not w")
    out = started({"1": "", "2": "| 9H", "w": "| 2D"})  # every fan empty
    assert [m for m in notations(out) if m.endswith("1")] == ["w1"]
    refused(out, "21", "takes cards only from the first of reserve, waste that has a card: now waste, not 2")


def test_the_first_foundation_card_comes_from_a_fan_and_sets_the_base():
    game = Game.new("duchess", 1)
    first = notations(game)
    assert first and all(m[0] in "abcd" for m in first)  # only the fans move: no column, no stock
    to_home = [m for m in first if "h" in m]
    assert len(to_home) == 4  # each fan's top card may start the foundations, whatever its rank
    game.play(to_home[0])
    rules = game.rules
    base = RANK[game.piles[rules.pile_by_label["h1"]][0]]
    assert "s" in notations(game)  # the stock opened with the first foundation card
    second = rules.pile_by_label["h2"]
    judged = 0
    for label in "abcd":  # an empty foundation now takes the base rank only
        pile = game.piles[rules.pile_by_label[label]]
        if pile:
            reason = why_illegal(game, (rules.pile_by_label[label], second, 1))
            assert (reason is None) == (RANK[pile[-1]] == base), (label, reason)
            judged += 1
    assert judged >= 3


def test_the_core_plays_duchess_as_the_engine_on_walks_that_favour_spaces_and_whole_runs():
    pytest.importorskip("patience.core._search")
    from test_core_differential import walk_both

    game = Game.new("duchess", 1)
    assert not_covered(game.rules) is None
    columns = game.rules.group_by_id["tableau"].piles
    chosen: Counter = Counter()
    walk_both("duchess", deals=(1, 2, 3, 4), steps=200, chosen=chosen,
              favour=lambda m: m[1] in columns and (m[2] > 1 or m[1] < 0))
    assert sum(chosen.values()) >= 5  # whole runs moved between columns on the way
    position = core.position(Game.new("duchess", 2))
    assert position.legal_moves() == Game.new("duchess", 2).legal_moves()


def test_lint_on_the_new_words():
    no_space = TEXT.replace("    empty: any\n    empty_from", "    empty: none\n    empty_from")
    _, findings = lint_text(no_space, "duchess.yaml")
    assert [f.code for f in findings if "`empty_from` says" in f.message] == ["P201"]
    unknown = TEXT.replace("empty_from: [reserve, waste]", "empty_from: [reserves, waste]")
    _, findings = lint_text(unknown, "duchess.yaml")
    (wrong,) = [f for f in findings if f.code == "P101"]
    line = TEXT.splitlines().index([t for t in TEXT.splitlines() if "empty_from:" in t][0]) + 1
    assert wrong.line == line and "reserves" in wrong.message
    silent = TEXT.replace("empty_from: [reserve, waste]", "empty_from: [foundations, waste]")
    _, findings = lint_text(silent, "duchess.yaml")
    assert [f.code for f in findings if "sends no card" in f.message] == ["P201"]
