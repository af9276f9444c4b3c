"""The words for runs, the stock and scoring (docs/design.md §6.3), apart from the games that use
them (tests/test_family_spider.py): packs of fewer suits, what lint refuses, the running total."""

from __future__ import annotations

from pathlib import Path

import pytest
from clirun import run

from patience import Game
from patience.cards import full_deck
from patience.deals import DealError, shuffled_deck, suited_deck
from patience.ruleset.lint import lint_text
from patience.ruleset.registry import find_ruleset
from patience.stats.carry import MARKS_NAME, read_marks, running_total, start_again
from patience.stats.record import GameRecord

SPIDER = Path(__file__).resolve().parents[1] / "rulesets" / "spider.yaml"


def test_a_four_suit_pack_is_the_full_deck_and_deals_as_before():
    assert suited_deck(2) == suited_deck(2, [0, 1, 2, 3]) == full_deck(2)
    assert shuffled_deck("patience", "klondike", 1) == shuffled_deck("patience", "klondike", 1, 1, [0, 1, 2, 3])


def test_a_pack_of_one_or_two_suits_repeats_them_in_every_deck():
    spades = suited_deck(2, [3])
    assert len(spades) == 104 and {c % 4 for c in spades} == {3}
    two = suited_deck(2, [2, 3])
    assert all(two.count(c) == 4 for c in set(two)) and {c % 4 for c in two} == {2, 3}


def test_the_microsoft_shuffle_refuses_a_pack_of_fewer_suits():
    with pytest.raises(DealError, match="four suits"):
        shuffled_deck("microsoft", "x", 1, 1, [3])


def lint_spider(old: str, new: str) -> list[tuple[str, str]]:
    text = SPIDER.read_text(encoding="utf-8")
    assert old in text
    _, findings = lint_text(text.replace(old, new, 1), "spider.yaml")
    return [(f.code, f.message) for f in findings]


@pytest.mark.parametrize(("suits", "reason"), [
    ("[S, S]", "each suit once"), ("[C, D, H]", "one, two or four suits"), ("[X]", "not a suit: 'X'"),
])
def test_lint_refuses_a_pack_of_repeated_three_or_unknown_suits(suits, reason):
    findings = lint_spider("decks: 2 ", f"suits: {suits}\ndecks: 2 ")
    assert any(reason in message for _, message in findings), findings


def test_lint_refuses_a_unit_that_no_pile_can_hold_or_no_run_can_bring():
    assert ("P116", "foundations takes 13 cards at a time but holds at most 12") in lint_spider(
        "max_cards: 13", "max_cards: 12")
    findings = lint_spider("    move: run\n", "    move: top\n")
    assert any(code == "P116" and "no group that sends cards to it moves runs" in m for code, m in findings), findings


def test_lint_warns_of_a_run_rule_that_narrows_nothing_or_moves_nothing():
    same = lint_spider("run: {suit: same}", "run: {suit: any}")
    assert ("P201", "`run` is the same as `build` here, so it narrows nothing") in same
    top = lint_spider("    move: run\n", "    move: top\n")
    assert ("P201", "`run` says which runs move together, but `move: top` moves no built run") in top


def test_lint_warns_of_per_move_on_an_event_that_is_no_move():
    findings = lint_spider("{when: deal, points: -1}", "{when: deal, points: -1, per: move}")
    assert [code for code, _ in findings] == ["P201"]


def test_the_start_value_is_the_score_of_a_new_game_and_of_a_position_without_a_score():
    assert Game.new("spider", 3).score == 500
    game = Game.new("klondike-vegas", 3)
    text = "\n".join(line for line in game.position().splitlines() if not line.startswith("score:"))
    assert Game.from_position(text + "\n", find_ruleset("klondike-vegas")).score == -52


def record(score: int | None, ended: str) -> GameRecord:
    return GameRecord(uid=ended, ruleset="klondike-vegas", deal=1, result="lost", moves=1, undos=0, seconds=1.0,
                      started_at=ended, ended_at=ended, player="", score=score)


def test_the_running_total_adds_the_scores_since_the_reset():
    games = [record(-52, "2026-01-01T10:00:00+0100"), record(13, "2026-01-02T10:00:00+0100"),
             record(None, "2026-01-03T10:00:00+0100"), record(-22, "2026-01-04T10:00:00+0100")]
    assert running_total(games, None) == -61
    assert running_total(games, "2026-01-01T12:00:00+0100") == -9
    assert running_total(games, "2026-01-05T00:00:00+0100") == 0


def test_reset_marks_survive_a_damaged_file(tmp_path):
    (tmp_path / MARKS_NAME).write_text("{not json", encoding="utf-8")
    assert read_marks(tmp_path) == {}
    start_again(tmp_path, "klondike-vegas", "2026-01-01T10:00:00+0100")
    assert read_marks(tmp_path) == {"klondike-vegas": "2026-01-01T10:00:00+0100"}


def test_stats_reset_total_only_for_a_game_whose_score_carries(tmp_path):
    env = {"PATIENCE_DATA": str(tmp_path)}
    refused = run("stats", "klondike", "--reset-total", env=env)
    assert refused.exit_code == 1 and "klondike keeps no running total" in refused.output
    assert "Traceback" not in refused.output
    done = run("stats", "vegas", "--reset-total", env=env)
    assert done.exit_code == 0 and "the running total of klondike-vegas starts again at 0" in done.output
    assert "klondike-vegas" in read_marks(tmp_path)
