"""The compiled search core (issue 24): built, chosen where it covers a ruleset, falling back to
the Python search with a reason where it does not, and answering as the Python search does."""

from __future__ import annotations

import importlib
import json
import os

import pytest
from clirun import run
from positions import STUCK, tiny_position

from patience import core
from patience.engine.game import Game
from patience.engine.moves import SWAP
from patience.ruleset.registry import find_ruleset
from patience.solver.prune import Autoplay, autoplay_rule
from patience.solver.search import solve

needs_core = pytest.mark.skipif(core._search is None, reason="the compiled core is not built")


def test_the_extension_is_built():
    """CI builds it with `pip install -e .`: a missing build fails here, unless PATIENCE_PURE=1."""
    if os.environ.get("PATIENCE_PURE") == "1":
        pytest.skip("PATIENCE_PURE=1: the Python search is asked for")
    importlib.import_module("patience.core._search")
    assert core.available()


def test_pure_forces_the_python_search_with_its_reason(monkeypatch):
    monkeypatch.setenv("PATIENCE_PURE", "1")
    game = Game.new("freecell", 1)
    assert not core.available() and core.why_not(game.rules) == "PATIENCE_PURE=1"
    result = solve(game, max_states=30)
    assert (result.engine, result.engine_reason) == ("python", "PATIENCE_PURE=1")


def test_without_the_extension_the_python_search_answers(monkeypatch):
    monkeypatch.delenv("PATIENCE_PURE", raising=False)
    monkeypatch.setattr(core, "_search", None)
    game = Game.new("freecell", 3)
    assert not core.available() and core.why_not(game.rules) == "the compiled core is not built"
    result = solve(game, timeout=30)
    assert result.status == "solved" and result.engine == "python"


@needs_core
def test_a_covered_ruleset_is_solved_by_the_compiled_core():
    game = Game.new("freecell", 1)
    assert core.why_not(game.rules) is None
    result = solve(game, timeout=30)
    assert (result.status, result.engine, result.engine_reason) == ("solved", "compiled", "")
    assert plays_to_win(Game.new("freecell", 1), result.moves)
    assert game.history == [] and game.piles == Game.new("freecell", 1).piles  # the game is left as it was


def two_remove_rules(tmp_path) -> str:
    """Fourteen Out with a second remove rule (pairs of 13 too): a ruleset the core does not
    play (the engine lists each set once over all rules), written to a file; its path."""
    import re

    from patience.ruleset.registry import shipped_dir

    text = (shipped_dir() / "fourteen-out.yaml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^aliases:.*\n", "", text).replace("id: fourteen-out", "id: fourteen-or-thirteen")
    text = re.sub(r"(?m)^name:.*$", "name: Fourteen or Thirteen", text)
    text = re.sub(r"(?m)^(  - \{sum: 14, cards: 2, from: \[piles\], to: out\}).*$",
                  r"\1\n  - {sum: 13, cards: 2, from: [piles], to: out}", text)
    path = tmp_path / "fourteen-or-thirteen.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_not_covered_gives_its_reason(tmp_path):
    from patience.ruleset.loader import load_text

    path = two_remove_rules(tmp_path)
    ruleset = load_text(open(path, encoding="utf-8").read(), path)
    assert core.not_covered(Game(ruleset).rules) == "more than one remove rule"
    assert core.not_covered(Game.new("freecell").rules) is None
    assert core.not_covered(Game.new("golf").rules) is None  # a `left` win: the columns cleared


def test_solve_json_says_which_engine_and_why_python(tmp_path):
    out = run("solve", two_remove_rules(tmp_path), "--deal", "1", "--max-states", "40", "--json")
    payload = json.loads(out.output)
    assert (payload["engine"], payload["engine_reason"]) == ("python", "more than one remove rule")
    out = run("solve", "freecell", "--deal", "3", "--json")
    payload = json.loads(out.output)
    expected = ("compiled", "") if core.available() else ("python", core.why_not(Game.new("freecell").rules))
    assert (payload["status"], payload["engine"], payload["engine_reason"]) == ("solved", *expected)


def plays_to_win(game: Game, moves: list[str]) -> bool:
    for text in moves:
        game.play(text)
    return game.is_won()


def both_answers(game_id: str, deal: int, states: int, monkeypatch) -> tuple[str, str]:
    """The compiled core's answer (its solution replayed with `Game.play`) and the Python search's."""
    compiled = solve(Game.new(game_id, deal), timeout=20, max_states=states)
    assert compiled.engine == "compiled"
    if compiled.status == "solved":
        assert plays_to_win(Game.new(game_id, deal), compiled.moves)
    with monkeypatch.context() as patch:
        patch.setenv("PATIENCE_PURE", "1")
        python = solve(Game.new(game_id, deal), timeout=20, max_states=states)
    assert python.engine == "python"
    return compiled.status, python.status


@needs_core
@pytest.mark.parametrize("game_id, deals", [
    ("freecell", range(1, 21)), ("klondike", range(1, 5)), ("klondike-3", range(1, 5)),
    ("bakers-game", range(1, 4)), ("fortress", range(1, 4)), ("fan", range(1, 4)), ("raglan", range(1, 4)),
    ("streets-and-alleys", range(1, 4)), ("westcliff", range(1, 4)),
    # FC-5 counted per move through places that take only some cards
    ("eight-off", range(1, 4)), ("seahaven-towers", range(1, 4)), ("fore-cell", range(1, 4)),
    # move: any, every face-up card with those above it
    ("yukon", range(1, 4)), ("alaska", range(1, 4)), ("russian-solitaire", range(1, 4)),
    ("canfield", range(2, 3)),  # empty: base and fill (the Python search needs 1.5 s for 4000 positions)
    ("canfield-solvitaire", range(2, 3)),  # wrap: base, the tables compiled for the dealt base
    ("agnes-bernauer", range(3, 5)),  # base_of: the columns' base one rank below the foundations' (deal 3: 4,622 positions in the core under SIMPLE, 3,733 without)
    # a stock dealing one card onto each column, unit moves home
    ("scorpion", range(2, 4)), ("simple-simon", range(3, 4)), ("bristol", range(2, 4)), ("easthaven", range(2, 3)),
    ("wasp", range(1, 2)),
    # CR-4's swap (Cromwell deal 7 is won with it); CZ-2's removals and CZ-3's close-up
    ("cromwell", range(7, 8)), ("czternastki", range(5, 7)), ("monte-carlo", range(1, 4)),
    ("fourteen-out", range(1, 3)),
    # the reshuffle dealt back in order and shuffled; chained fills (issue 33 deliver 1)
    ("cruel", range(3, 5)), ("perseverance", (1, 3)), ("trefoil", (6,)), ("windmill", (2,)),
])
def test_the_core_and_the_python_search_never_disagree(game_id, deals, monkeypatch):
    """Solved against unsolvable never meet on the same deal, where both decide in a small budget."""
    decided = 0
    for deal in deals:
        compiled, python = both_answers(game_id, deal, 4000, monkeypatch)
        assert {compiled, python} != {"solved", "unsolvable"}, deal
        decided += "unknown" not in (compiled, python)
    assert decided >= 1  # the comparison compared answers


@needs_core
@pytest.mark.parametrize("game_id, deal", [
    ("freecell", 11982), ("klondike-3", 54), ("klondike-3", 69), ("klondike-3", 104), ("klondike-3", 166),
])
def test_known_unsolvable_deals_come_out_unsolvable(game_id, deal):
    # FC-6: Microsoft deal 11982 has no solution; the Klondike deals are test_solver.py's,
    # checked there by an exhaustive unpruned search.
    result = solve(Game.new(game_id, deal), timeout=30)
    assert (result.status, result.reason, result.engine) == ("unsolvable", "search exhausted", "compiled")


@needs_core
def test_a_tiny_stuck_position_is_unsolvable_and_one_free_cell_more_solves_it():
    stuck = tiny_position(STUCK, {"a": "KS"})
    assert solve(stuck).status == "unsolvable"
    columns = dict(STUCK)
    columns["8"] = columns["8"] + " KS"
    freed = tiny_position(columns, {})
    result = solve(freed)
    assert result.status == "solved" and result.engine == "compiled" and plays_to_win(freed, result.moves)


@needs_core
def test_max_states_and_max_memory_give_unknown_with_their_reasons(no_rollouts):
    """The exhaustive search's own stops. (The rollouts would spend their quarter of the clock
    after a stop at the memory, their positions counted: set aside here.)"""
    game = Game.new("freecell", 11982)  # unsolvable: its search must look at every position
    capped = solve(game, timeout=30, max_states=500)
    assert (capped.status, capped.reason, capped.states) == ("unknown", "max states", 500)
    small = solve(game, timeout=30, max_memory=2_000_000)
    assert (small.status, small.reason) == ("unknown", "max memory")
    assert 0 < small.states < solve(game, timeout=30).states


@needs_core
def test_a_search_stopped_at_max_memory_used_no_more_than_that():
    """The core counts what it holds (and what a doubling allocates beside it) honestly enough
    that the process never grows past ``max_memory``: a fresh process's peak, before and after a
    search of Klondike draw 3 deal 7 (beyond 10 M positions unbounded) at 96 MiB."""
    import subprocess
    import sys

    script = (
        "import resource; from patience import Game; from patience.solver import search, solve\n"
        "search.ROLLOUT_SHARE = 0.0  # the exhaustive search's memory; the rollouts would add 30 s\n"
        "game = Game.new('klondike-3', 7); solve(game, max_states=1000)\n"
        "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "result = solve(game, timeout=120, max_memory=96 << 20, shorter=False)\n"
        "after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "print(result.status, result.reason, result.states, (after - before) * 1024, sep='|')\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=True)
    status, reason, states, grown = out.stdout.strip().split("|")
    assert (status, reason) == ("unknown", "max memory") and int(states) > 100_000
    assert int(grown) <= 96 << 20, f"grew {int(grown) >> 20} MiB"



@needs_core
def test_without_max_memory_the_core_keeps_to_its_default(monkeypatch):
    from patience.solver import search

    monkeypatch.setattr(search, "CORE_MEMORY", 2_000_000)
    result = solve(Game.new("freecell", 11982), timeout=30)
    assert (result.status, result.reason) == ("unknown", "max memory")


@needs_core
def test_progress_is_reported_during_a_long_search():
    seen = []
    result = solve(Game.new("klondike-3", 7), timeout=1.3, progress=lambda states, seconds: seen.append((states, seconds)))
    assert result.engine == "compiled"
    assert seen and all(0 < seconds < 1.4 for _states, seconds in seen)
    assert [states for states, _s in seen] == sorted(states for states, _s in seen)


@needs_core
def test_an_avoided_position_is_never_passed_through():
    """`avoid` (the hints' positions played): the line found first is not found again through it."""
    game = Game.new("freecell", 3)
    first = solve(game, timeout=10)
    after = Game.new("freecell", 3)
    rule = autoplay_rule(after.rules)
    start = Autoplay(after, rule).run(after)  # the root's own safe moves come first in a line
    after.play(first.moves[len(start)])
    safe = Autoplay(after, rule).run(after)  # the line's positions are those after safe moves
    edge = len(start) + 1 + len(safe)
    other = solve(game, timeout=10, avoid=[after])
    assert other.status == "solved" and other.moves[:edge] != first.moves[:edge]
    assert plays_to_win(Game.new("freecell", 3), other.moves)


@needs_core
def test_solutions_prefer_lines_that_take_no_card_back_from_a_foundation():
    """Issue 24 item 4: FreeCell lets a card leave a foundation (the seed allows it, other
    solvers do not); the search tries lines without first, so few of deals 1-30 take one (with
    the ordering alone, 13 of them did)."""
    rules = find_ruleset("freecell")
    taking_back = []
    for deal in range(1, 31):
        game = Game(rules, deal)
        for text in solve(Game(rules, deal), timeout=10).moves:
            src, dst, _n = game.play(text)
            if dst >= 0 and src in game.rules.win_pile_set and deal not in taking_back:
                taking_back.append(deal)
        assert game.is_won()
    assert len(taking_back) <= 2, taking_back


def test_the_coverage_table_in_docs_is_current():
    """docs/solver.md lists which shipped rulesets the core covers and why not the others."""
    from pathlib import Path

    from patience.core.coverage import coverage, coverage_table

    text = (Path(__file__).resolve().parents[1] / "docs" / "solver.md").read_text(encoding="utf-8")
    shown = text.split("<!-- coverage -->\n", 1)[1].split("\n<!-- /coverage -->", 1)[0]
    assert shown == coverage_table()
    found = coverage()
    assert found["freecell"] is None and found["klondike-3"] is None and found["accordion"] is None


def czternastki_ending(cells: dict[str, int]) -> Game:
    """A Czternastki position with only ``cells`` (label: card) in the cross, the rest out."""
    game = Game.new("czternastki", 1)
    label = game.rules.pile_by_label
    every = sorted(card for pile in game.piles for card in pile)
    for p in range(len(game.piles)):
        game.piles[p] = []
        game.hidden[p] = 0
    for cell, card in cells.items():
        game.piles[label[cell]] = [card]
    game.piles[label["x"]] = [card for card in every if card not in cells.values()]
    return game


@needs_core
def test_CZ4_the_core_searches_for_a_first_class_win_only(monkeypatch):
    """Four cards left, one by the centre in each arm, is CZ-4's second class: the game's end, but
    no win the search looks for (`Board.is_won`), so the core answers unsolvable as the Python
    search does. Two touching pairs left are a first-class win, replayed through `Game.play`."""
    # a card is (rank - 1) * 4 + suit
    second = czternastki_ending({"na1": 0, "ea1": 5, "sa1": 10, "wa1": 15})
    assert second.win_class() == "second" and not second.is_won()
    result = solve(second, timeout=10)
    assert (result.status, result.engine) == ("unsolvable", "compiled")
    monkeypatch.setenv("PATIENCE_PURE", "1")
    assert solve(second, timeout=10).status == "unsolvable"
    monkeypatch.delenv("PATIENCE_PURE")
    first = czternastki_ending({"na1": 16, "na2": 17, "eb1": 32, "ea2": 33})
    result = solve(first, timeout=10)
    assert (result.status, result.engine) == ("solved", "compiled")
    for text in result.moves:
        first.play(text)
    assert first.win_class() == "first"


@needs_core
@pytest.mark.parametrize("game_id, deal, status", [
    ("cromwell", 2, "solved"), ("cromwell", 7, "solved"), ("monte-carlo", 3, "solved"),
    ("czternastki", 5, "unsolvable"), ("czternastki", 6, "unsolvable"),
])
def test_best_first_alone_keeps_the_uses_left_and_close_ups_in_its_snapshots(game_id, deal, status):
    """Best-first restores each expanded node from a snapshot: the swap's uses left (CR-4) are
    part of it, and a close-up's undo data (CZ-3) start afresh there. Its answers are the Python
    search's on these deals, its lines legal in the engine one move at a time and won, and the
    position is left as it was. The swap waits SWAP_COST behind its position (solver 18), and these
    two Cromwell deals are then won without one, so they are searched with no such wait here: the
    line must then hold its one swap, played from a restored snapshot."""
    game = Game.new(game_id, deal)
    position = core.position(game)
    found, moves, _states, _reason = position.solve(10, 300_000, 1 << 30, best_first=-1, swap_cost=0)
    assert found == status
    replay = game.copy()
    for move in moves:
        assert replay.why_illegal(move) is None, move
        replay.push(move)
    assert replay.is_won() == (status == "solved")
    if game_id == "cromwell":
        assert sum(1 for move in moves if move[1] == SWAP) == 1
    assert position.piles() == game.piles and position.uses_left() == game.uses_left
    assert position.key() == core.position(game).key()
