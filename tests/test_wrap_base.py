"""`build.wrap: base`: ranks counted round from a base rank (Canfield as Solvitaire plays it).

Blake and Gent's Canfield, the source of the published 71.3 %, builds the tableau down with the
ranks counted from the foundations' base: the corner turns everywhere except below the base, so
nothing goes on a card of the base rank (with an ace base, no king on an ace). Canfield as
PySolFC and the books play it turns the corner at every rank (`wrap: true`). The base is the one
`base_of` names, set by the deal; the game then plays under tables compiled for that base.
"""

from __future__ import annotations

import pytest
from positions import build, pile, refused

from patience import Game
from patience.cards import RANK
from patience.ruleset.describe import build_rule
from patience.ruleset.lint import lint_text
from patience.ruleset.registry import find_ruleset, find_ruleset_file

SOLVITAIRE = "canfield-solvitaire"


def position(base: str, piles: dict[str, str], game: str = SOLVITAIRE) -> Game:
    return build(game, {"h1": f"| {base}", "r": "| 5C", **piles}, fill="s", fill_face_down=True)


def test_nothing_goes_on_a_card_of_the_base_rank():
    game = position("7S", {"1": "| 7H", "2": "| 6C"})
    refused(game, "21", r"6♣ cannot go on 7♥")
    game = position("7S", {"1": "| 7H", "2": "| 6C"}, game="canfield")
    game.play("21")  # Canfield as the books play it: the corner turns at every rank


def test_with_an_ace_base_no_king_goes_on_an_ace_but_a_queen_on_a_king():
    game = position("AS", {"1": "| AH", "2": "| KC", "3": "| QD"})
    refused(game, "21", r"K♣ cannot go on A♥")
    game.play("32")


def test_elsewhere_the_corner_turns():
    game = position("2S", {"1": "| AS", "2": "| KH"})
    game.play("21")


def test_a_run_across_the_base_does_not_move_as_one():
    game = position("7S", {"1": "| 8D", "2": "| 7C 6H"})
    refused(game, "21v2", r"not a run")
    game = position("7S", {"1": "| 8D", "2": "| 7C 6H"}, game="canfield")
    game.play("21v2")
    assert pile(game, "1") == ["8D", "7C", "6H"]


def test_the_deal_sets_the_base_and_the_game_plays_under_its_tables():
    game = Game.new(SOLVITAIRE, 1)
    base = game.piles[game.rules.pile_by_label["h1"]][0]
    assert game.rules.bases and game.rules is not game.rules.unbased
    assert game.rules is Game.new(SOLVITAIRE, 1).rules  # compiled once per base, then kept
    tableau = game.rules.group_by_id["tableau"]
    canfield = Game.new("canfield", 1).rules.group_by_id["tableau"]
    below_base = {c for c in range(52) if RANK[c] % 13 + 1 == RANK[base]}
    assert len(below_base) == 4
    for card in range(52):
        if RANK[card] == RANK[base]:
            # nothing of the rank below the base fits on a card of the base rank, as it does in Canfield
            assert not below_base & set(tableau.fits_on[card]) and below_base & set(canfield.fits_on[card]), card
        else:  # elsewhere the tables are Canfield's
            assert tableau.fits_on[card] == canfield.fits_on[card], card


def test_undo_to_the_start_keeps_the_base():
    game = Game.new(SOLVITAIRE, 1)
    rules = game.rules
    game.play("s")
    game.undo()
    assert game.rules is rules and game.rules.bases


def test_the_rules_text_says_it():
    build_text = build_rule(find_ruleset(SOLVITAIRE).piles["tableau"].build)
    assert "counted round from the base" in build_text
    assert "counted round" not in build_rule(find_ruleset("canfield").piles["tableau"].build)


def _shipped() -> str:
    return find_ruleset_file(SOLVITAIRE).read_text(encoding="utf-8")


def test_lint_takes_the_shipped_ruleset():
    assert lint_text(_shipped(), f"{SOLVITAIRE}.yaml")[1] == []


def test_lint_refuses_wrap_base_with_no_base_to_count_from():
    changed = _shipped().replace("    base_of: {group: foundations}", "")
    _, findings = lint_text(changed, f"{SOLVITAIRE}.yaml")
    assert [(f.code, f.path) for f in findings] == [("P100", "piles.tableau.build.wrap")]
    assert "base_of" in findings[0].message


def test_lint_refuses_wrap_base_whose_base_the_deal_does_not_set():
    changed = _shipped().replace("{to: foundations, count: [1, 0, 0, 0], face: up}", "{to: tableau, count: 1, face: up}")
    changed = changed.replace("count: 13, face: top-up}", "count: 12, face: top-up}")
    _, findings = lint_text(changed, f"{SOLVITAIRE}.yaml")
    assert ("P100", "piles.tableau.build.wrap") in [(f.code, f.path) for f in findings]
    assert any("no deal step puts a card on foundations" in f.message for f in findings)


def test_base_of_with_wrap_base_alone_is_not_without_effect():
    # base_of serves `wrap: base` as it serves `empty: base`; with neither it is flagged (P201)
    assert "empty: any" in _shipped()
    changed = _shipped().replace("wrap: base}", "wrap: true}")
    _, findings = lint_text(changed, f"{SOLVITAIRE}.yaml")
    assert [(f.code, f.path) for f in findings] == [("P201", "piles.tableau.base_of")]


@pytest.mark.parametrize("wrap", ["base", "true", "false"])
def test_the_schema_takes_base_true_and_false(wrap):
    changed = _shipped().replace("wrap: base}", f"wrap: {wrap}}}")
    codes = [f.code for f in lint_text(changed, f"{SOLVITAIRE}.yaml")[1]]
    assert "P013" not in codes
    assert "P013" in [f.code for f in lint_text(changed.replace(f"wrap: {wrap}}}", "wrap: bottom}"), "a.yaml")[1]]


def test_deal_n_is_canfields_deal_n():
    # `deal.key: canfield`: the two readings compare deal by deal (docs/winnability.md)
    for deal in (1, 39, 200):
        assert Game.new(SOLVITAIRE, deal).piles == Game.new("canfield", deal).piles


def test_a_win_under_the_stricter_reading_is_a_win_under_canfields():
    # every move `wrap: base` allows, `wrap: true` allows too: a win replays move for move
    from patience.solver import solve

    for deal in range(1, 8):
        result = solve(Game.new(SOLVITAIRE, deal), timeout=10, max_states=50_000)
        if result.status == "solved":
            break
    else:
        pytest.fail("no deal of 1-7 solved within the budget")
    game = Game.new("canfield", deal)
    for move in result.moves:
        game.play(move)
    assert game.is_won()
