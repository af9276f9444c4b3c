"""A pile whose cards leave only to fill other piles (Eagle Wing's trunk, found by a new author
writing it from the docs): dealt face down, with `move: alone`, its top card is taken by the
`fill` of an emptied wing. Lint once called such a pile stuck (P107, and P106 with `move: none`),
and the compiled core's safe moves took the trunk's top card home while cards lay under it,
which the engine refuses (`move: alone`)."""

from __future__ import annotations

import pytest

from patience import core
from patience.engine.game import Game
from patience.ruleset.lint import lint_text
from patience.ruleset.loader import load_text
from patience.ruleset.registry import shipped_dir
from patience.solver.search import solve

needs_core = pytest.mark.skipif(core._search is None, reason="the compiled core is not built")

SHIPPED = (shipped_dir() / "eagle-wing.yaml").read_text(encoding="utf-8")
TRUNK_MOVE = "    move: alone                                             # only its last card plays; the rest fill wings\n"
FILL = "    fill: {from: trunk}                                     # an emptied wing takes the trunk's top card at once\n"


def ruleset_text(trunk_move: str = "alone") -> str:
    """The shipped Eagle Wing, its trunk's `move` as given."""
    assert TRUNK_MOVE in SHIPPED and FILL in SHIPPED, "eagle-wing.yaml changed: update this test's anchors"
    return SHIPPED.replace(TRUNK_MOVE, f"    move: {trunk_move}\n")


@pytest.mark.parametrize("trunk_move", ["alone", "none"])
def test_a_pile_a_fill_takes_from_is_neither_stuck_nor_face_down_for_good(trunk_move):
    codes = [finding.code for finding in lint_text(ruleset_text(trunk_move), "trunk.yaml")[1]]
    assert "P107" not in codes and "P106" not in codes, codes


def test_a_truly_stuck_face_down_pile_is_still_refused():
    """Without the fill nothing takes the trunk's face-down top card: P107 stands."""
    text = ruleset_text().replace(FILL, "")
    codes = [finding.code for finding in lint_text(text, "trunk.yaml")[1]]
    assert "P107" in codes


def test_the_fill_takes_the_face_down_card_face_up_and_the_next_turns_up():
    game = Game(load_text(ruleset_text(), "eagle-wing.yaml"), 1)
    trunk = game.rules.pile_by_label["r"]
    assert len(game.piles[trunk]) == 13 and game.hidden[trunk] == 13
    assert game.why_illegal((trunk, game.rules.pile_by_label["1"], 1)) is not None  # cards lie under it
    emptying = next(m for m in game.legal_moves(actions=False)
                    if m[1] >= 0 and game.rules.group_of[m[0]].id == "wings" and len(game.piles[m[0]]) == 1)
    game.push(emptying)
    source = emptying[0]
    assert len(game.piles[source]) == 1 and game.hidden[source] == 0  # refilled, face up
    assert len(game.piles[trunk]) == 12 and game.hidden[trunk] == 11  # the next card turned up


@needs_core
@pytest.mark.parametrize("deal", [1, 3, 4])
def test_the_cores_safe_moves_leave_a_trunk_card_that_has_cards_under_it(deal):
    """The core once played the trunk's top card to a foundation while twelve cards lay under it;
    the engine refuses that (`move: alone`), so the line's replay raised RuntimeError."""
    game = Game(load_text(ruleset_text(), "eagle-wing.yaml"), deal)
    result = solve(game, timeout=None, max_states=200_000, shorter=False)
    assert result.engine == "compiled" and result.status == "solved"
    replay = game.copy()
    for move in result.line:
        assert replay.why_illegal(move) is None, move
        replay.push(move)
    assert replay.is_won()
