"""The generic solver: its answers are checked with the engine, never taken on trust."""

from __future__ import annotations

import pathlib

import pytest

from patience import Game
from patience.ruleset import load_text
from patience.solver import SolveResult, solve
from patience.solver.prune import autoplay_sound
from patience.solver.search import pack
from positions import build
from clirun import run

ROOT = pathlib.Path(__file__).resolve().parents[1]
REDS_HOME = {"h1": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "h2": "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"}


def replays_to_win(game_name: str, deal: int, result: SolveResult) -> bool:
    game = Game.new(game_name, deal=deal)
    for word in result.moves:
        assert not game.is_won()
        game.play(word)  # checked: an illegal move raises
    return game.is_won()


def tiny_ruleset():
    """FreeCell with two cells and no card back from a foundation: safe moves are provably safe."""
    text = (ROOT / "rulesets" / "freecell.yaml").read_text(encoding="utf-8")
    text = text.replace("id: freecell", "id: tiny-cells").replace("name: FreeCell", "name: Tiny Cells")
    text = text.replace("move: top                                               # FC-4: a foundation card may go to a cell\n"
                        "    to: [cells]", "move: none")
    text = text.replace('count: 4\n    labels: "a b c d"', 'count: 2\n    labels: "a b"')
    return load_text(text)


def tiny_position(columns: dict[str, str], cells: dict[str, str]) -> Game:
    """Reds home, spades and clubs to the 4; the rest as given, in the tiny ruleset."""
    piles = {**REDS_HOME, "h3": "AS 2S 3S 4S", **cells, **columns}
    text = build("freecell", piles, fill="h4").position()
    text = text.replace("game: freecell", "game: tiny-cells").replace("pile c: |\n", "").replace("pile d: |\n", "")
    return Game.from_position(text, tiny_ruleset())


STUCK = {"1": "5S 6C JS", "2": "5C 6S JC", "3": "7S 8C", "4": "7C 8S", "5": "9S TC", "6": "9C TS", "7": "QS KC", "8": "QC"}


def brute_force_winnable(game: Game, limit: int = 20_000) -> bool:
    """Every position reachable by any legal move, no pruning at all, exact keys."""
    seen = {game.key()}
    stack = [game.copy()]
    while stack:
        here = stack.pop()
        if here.is_won():
            return True
        for move in here.legal_moves():
            there = here.copy()
            there.push(move)
            if there.key() not in seen:
                seen.add(there.key())
                stack.append(there)
        assert len(seen) < limit, "the test position is too big to search without pruning"
    return False


@pytest.mark.parametrize("deal", [1, 2, 3, 8])
def test_freecell_solution_replays_to_a_win(deal):
    result = solve(Game.new("freecell", deal=deal), timeout=20)
    assert result.status == "solved", result
    assert replays_to_win("freecell", deal, result)
    assert result.states > 0 and result.reason == "win found" and result.thoughtful


@pytest.mark.parametrize("game_name, deal", [("klondike", 2), ("klondike-3", 1)])
def test_klondike_solution_replays_to_a_win(game_name, deal):
    result = solve(Game.new(game_name, deal=deal), timeout=30)
    assert result.status == "solved", result
    assert replays_to_win(game_name, deal, result)


def test_polish_game_solved_from_a_near_won_position():
    result = solve(Game.new("parada", deal=2), timeout=30)
    assert result.status == "solved", result
    assert replays_to_win("parada", 2, result)
    near = Game.new("parada", deal=2)
    for word in result.moves[:-15]:
        near.play(word)
    position = near.position()
    again = solve(near, timeout=10)
    assert again.status == "solved" and len(again.moves) <= 15 + 10
    for word in again.moves:
        near.play(word)
    assert near.is_won()
    assert Game.from_position(position).position() == position


def test_a_won_game_needs_no_move():
    game = build("freecell", {**REDS_HOME, "h3": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"}, fill="h4")
    assert game.is_won()
    result = solve(game)
    assert result.status == "solved" and result.moves == []


def test_unsolvable_only_after_an_exhaustive_search_with_sound_pruning():
    game = tiny_position(STUCK, {"a": "KS"})
    assert autoplay_sound(game.rules)
    result = solve(game, timeout=30)
    assert result.status == "unsolvable" and result.reason == "search exhausted"
    assert result.states > 1
    assert not brute_force_winnable(game)


def test_the_same_position_with_a_free_cell_more_is_solved():
    columns = dict(STUCK)
    columns["8"] = columns["8"] + " KS"
    game = tiny_position(columns, {})
    result = solve(game, timeout=30)
    assert result.status == "solved"
    for word in result.moves:
        game.play(word)
    assert game.is_won()


def test_unsolvable_when_worry_back_makes_safe_moves_unproven():
    # FreeCell lets a foundation card go back to a cell, so the solver searches again without
    # playing safe moves at once before it may say unsolvable.
    stuck = build("freecell", {
        **REDS_HOME, "h3": "AS 2S 3S 4S 5S", "a": "KS", "b": "KC", "c": "QS", "d": "QC",
        "1": "6S JC", "2": "6C JS", "3": "7S TC", "4": "7C TS", "5": "8S", "6": "8C", "7": "9S", "8": "9C",
    }, fill="h4")
    assert not autoplay_sound(stuck.rules)
    assert solve(stuck).status == "unsolvable"


def test_klondike_stock_cycle_searched_to_the_end():
    game = build("klondike", {
        **REDS_HOME, "h3": "AS 2S 3S 4S 5S", "s": "7S 7C 8S 8C QS KS KC |",
        "1": "6S | 9C", "2": "6C | 9S", "3": "TC", "4": "TS", "5": "JC", "6": "JS", "7": "QC",
    }, fill="h4")
    result = solve(game, timeout=30)
    assert result.status == "unsolvable"
    assert not brute_force_winnable(game)


def test_unknown_when_the_state_budget_is_hit():
    result = solve(Game.new("freecell", deal=1), max_states=3)
    assert result.status == "unknown" and result.reason == "max states" and result.moves == []


def test_unknown_when_the_time_is_up():
    result = solve(Game.new("kwadratura-kola", deal=1), timeout=0)
    assert result.status == "unknown" and result.reason == "timeout"


def test_the_game_is_left_unchanged():
    game = Game.new("freecell", deal=3)
    game.play(game.legal_moves()[0])
    before = (game.position(), game.key(), list(game.history), game.move_count)
    solve(game, timeout=20)
    assert (game.position(), game.key(), list(game.history), game.move_count) == before


def test_solving_starts_from_the_current_position():
    game = Game.new("freecell", deal=2)
    game.play(game.legal_moves()[0])
    result = solve(game, timeout=20)
    assert result.status == "solved"
    for word in result.moves:
        game.play(word)
    assert game.is_won()


def test_sound_autoplay_is_derived_from_the_rules():
    assert not autoplay_sound(Game.new("klondike").rules)  # worry-back
    assert not autoplay_sound(Game.new("parada").rules)  # `prefer`, full piles
    assert not autoplay_sound(Game.new("kwadratura-kola").rules)  # `follows`
    assert autoplay_sound(Game(tiny_ruleset()).rules)


def test_packed_key_follows_the_canonical_key():
    a = Game.new("freecell", deal=5)
    b = a.copy()
    a.play("1a")
    b.play("1b")
    assert a.key() != b.key()
    assert a.canonical_key() == b.canonical_key() and pack(a) == pack(b)
    b.play("2a")
    assert pack(a) != pack(b)


# ----------------------------------------------------------------- the command line
def run_cli(*args: str):
    return run("solve", *args)


def test_cli_solves_a_deal_and_its_moves_replay():
    out = run_cli("freecell", "--deal", "2")
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0].startswith("solved")
    assert "thoughtful" in lines[-1] and "face-down" in lines[-1]
    moves = lines[1].split(": ", 1)[1].split()
    game = Game.new("freecell", deal=2)
    for word in moves:
        game.play(word)
    assert game.is_won()


def test_cli_json_answer():
    import json

    out = run_cli("freecell", "--deal", "3", "--json")
    assert out.exit_code == 0
    data = json.loads(out.output)
    assert data["status"] == "solved" and data["thoughtful"] is True and data["deal"] == 3
    assert data["game"] == "freecell" and data["states"] > 0 and data["moves"]


def test_cli_unknown_is_an_answer_not_an_error():
    out = run_cli("klondike", "--deal", "1", "--max-states", "5")
    assert out.exit_code == 0
    assert out.output.startswith("unknown (the state limit was reached)")


@pytest.mark.parametrize("args, message", [
    (["nope", "--deal", "1"], "no game called"),
    (["freecell"], "--deal N or --deals A-B"),
    (["freecell", "--deal", "1", "--deals", "1-2"], "--deal N or --deals A-B"),
    (["freecell", "--deals", "5-1"], "1 <= A <= B"),
    (["freecell", "--deals", "x"], "such as 1-100"),
])
def test_cli_user_errors_are_one_line(args, message):
    out = run_cli(*args)
    assert out.exit_code == 1
    assert message in out.output and "Traceback" not in out.output
    assert len(out.output.strip().splitlines()) == 1


def test_cli_range_in_parallel_with_a_summary():
    out = run_cli("freecell", "--deals", "1-3", "--jobs", "2")
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert [line.split(":")[0] for line in lines[:3]] == ["deal 1", "deal 2", "deal 3"]
    assert "3 deals: 3 solved, 0 unsolvable, 0 unknown" in out.output
    assert "median" in out.output and "mean" in out.output


def test_cli_range_json_summary():
    import json

    out = run_cli("freecell", "--deals", "2-3", "--json", "--max-states", "2")
    data = json.loads(out.output)
    assert [r["deal"] for r in data["results"]] == [2, 3]
    summary = data["summary"]
    assert summary["deals"] == 2 and summary["unknown"] == 2 and summary["solved"] == 0


def test_cli_speaks_polish():
    out = run_cli("freecell", "--deal", "2", "--lang", "pl")
    assert out.exit_code == 0
    assert out.output.startswith("rozwiązane")
