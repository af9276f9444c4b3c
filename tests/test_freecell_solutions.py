"""Whole FreeCell games: known winning lines for Microsoft deals, replayed move by move.

The solutions in tests/data/freecell/deal-<N>.txt were made by tests/data/freecell/make_solutions.py
(a test-data generator, not the project's solver). Each is written in the standard notation
(FC rules in docs: columns 1-8, cells a-d, h for the foundations, `v` + hex count when needed).
"""

from __future__ import annotations

import pathlib
import re

import pytest
from click.testing import CliRunner
from positions import solution_words

from patience import Game
from patience.cli import main
from patience.engine.moves import IllegalMove

DATA = pathlib.Path(__file__).parent / "data" / "freecell"
SOLUTIONS = sorted(DATA.glob("deal-*.txt"), key=lambda p: int(re.search(r"\d+", p.name)[0]))


def deal_of(path: pathlib.Path) -> int:
    return int(re.fullmatch(r"deal-(\d+)\.txt", path.name)[1])


def replay_cli(deal: int, path: pathlib.Path):
    return CliRunner().invoke(main, ["replay", "freecell", "--deal", str(deal), str(path)])


def last_line(text: str) -> str:
    return text.strip().splitlines()[-1]


solutions = pytest.mark.parametrize("path", SOLUTIONS, ids=[p.stem for p in SOLUTIONS])


def test_FC6_there_are_enough_solutions():
    assert len(SOLUTIONS) >= 12
    assert {1, 2, 3, 4, 5, 617, 1000, 25904} <= {deal_of(p) for p in SOLUTIONS}


@solutions
def test_FC6_microsoft_deal_played_to_win(path):
    game = Game.new("freecell", deal=deal_of(path))
    words = solution_words(path)
    for number, word in enumerate(words, 1):
        assert not game.is_won(), f"won before move {number}"
        game.play(word)
    assert game.is_won()
    assert game.status() == "won"
    assert game.move_count == len(words)
    assert sum(len(game.piles[p]) for p in game.rules.foundation_piles) == 52


@solutions
def test_FC6_microsoft_deal_replayed_by_cli_to_win(path):
    result = replay_cli(deal_of(path), path)
    assert result.exit_code == 0, result.output
    assert last_line(result.output) == "won"


@solutions
def test_FC5_runs_moved_within_supermove_limit(path):
    """Every run a solution moves fits (free cells + 1) x 2^(empty columns), target not counted."""
    game = Game.new("freecell", deal=deal_of(path))
    rules = game.rules
    for word in solution_words(path):
        free = sum(1 for p in rules.cell_piles if not game.piles[p])
        empty = sum(1 for p in rules.column_piles if not game.piles[p])
        src, dst, n = game.play(word)
        if n > 1:
            to_empty = dst in rules.column_piles and len(game.piles[dst]) == n
            assert src in rules.column_piles and dst in rules.column_piles, word
            assert n <= (free + 1) * 2 ** (empty - to_empty), word
            assert ("v" in word) == to_empty, word  # a count is written only into an empty column


def test_FC5_run_counts_into_empty_columns_are_written_with_v():
    words = [w for path in SOLUTIONS for w in solution_words(path)]
    assert any(re.fullmatch(r"[1-8][1-8]v[2-9a-f]", w) for w in words)


@solutions
def test_FC7_solution_cut_short_is_in_progress(path, tmp_path):
    words = solution_words(path)
    short = tmp_path / "short.txt"
    short.write_text(" ".join(words[: len(words) // 2]) + "\n", encoding="utf-8")
    result = replay_cli(deal_of(path), short)
    assert result.exit_code == 0, result.output
    assert last_line(result.output) == "in progress"


def _broken(path, tmp_path, number: int, bad: str):
    words = solution_words(path)
    words[number - 1] = bad
    broken = tmp_path / "broken.txt"
    broken.write_text(" ".join(words) + "\n", encoding="utf-8")
    return replay_cli(deal_of(path), broken)


def _position_before(path, number: int) -> Game:
    game = Game.new("freecell", deal=deal_of(path))
    for word in solution_words(path)[: number - 1]:
        game.play(word)
    return game


def _first_illegal(game: Game, labels: list[str], reason: str) -> str:
    for a in labels:
        for b in labels:
            if a == b:
                continue
            try:
                game.copy().play(a + b)
            except IllegalMove as err:
                if reason in str(err):
                    return a + b
    raise AssertionError(f"no move refused with {reason!r}")


def _assert_refused(result, number: int, word: str, reason: str):
    assert result.exit_code == 1
    message = result.stderr if result.stderr else result.output
    assert f"move {number} ({word})" in message
    assert reason in message
    assert "won" not in result.stdout.split()


@pytest.mark.parametrize("path", SOLUTIONS[:3], ids=[p.stem for p in SOLUTIONS[:3]])
def test_FC3_illegal_build_stops_replay_with_move_number_and_reason(path, tmp_path):
    number = 9
    word = _first_illegal(_position_before(path, number), list("12345678"), "cannot go on")
    _assert_refused(_broken(path, tmp_path, number, word), number, word, "cannot go on")


def test_FC4_full_cell_stops_replay_with_move_number_and_reason(tmp_path):
    path = DATA / "deal-1.txt"
    number = next(i for i, w in enumerate(solution_words(path), 1) if i > 1 and w[1:] in "abcd" and len(w) == 2)
    game = _position_before(path, number)
    full = [label for label, p in zip("abcd", game.rules.cell_piles) if game.piles[p]]
    assert full, "no occupied cell at that point"
    word = _first_illegal(game, list("12345678") + full, "holds at most 1 card")
    _assert_refused(_broken(path, tmp_path, number, word), number, word, "holds at most 1 card")


@solutions
def test_FC5_too_long_run_stops_replay_with_move_number_and_reason(path, tmp_path):
    """Find a run move the colours allow but the free cells do not; put it into the solution."""
    game = Game.new("freecell", deal=deal_of(path))
    for number, next_word in enumerate(solution_words(path), 1):
        try:
            word = _first_illegal(game, list("12345678"), "can move at once")
        except AssertionError:
            game.play(next_word)
            continue
        _assert_refused(_broken(path, tmp_path, number, word), number, word, "can move at once")
        return
    pytest.skip("no over-long run in this game")
