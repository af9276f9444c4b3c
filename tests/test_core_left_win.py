"""The compiled core's `left` win (Golf: the columns cleared, the stock not counted): judged as
`actions.holds` judges it, searched to the same answers as the Python search, and other win
shapes still left to the Python search with a reason."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest
from positions import build, one_rank_away_winnable

from patience import core
from patience.cards import RANK, card_str
from patience.deals import suited_deck
from patience.engine.game import Game
from patience.solver.search import solve

pytestmark = pytest.mark.skipif(not core.available(), reason="the compiled core is not built or PATIENCE_PURE=1 (test_core checks)")

COLUMNS = [str(n) for n in range(1, 8)]


def golf_position(columns: dict[str, str], stock: str, waste_top: str = "KS") -> Game:
    """A Golf position: the named columns (1 to 6), ``stock`` face down, every other card on the
    waste with ``waste_top`` on top."""
    named = set(" ".join([*columns.values(), stock, waste_top]).split())
    rest = [word for word in map(card_str_ascii, suited_deck(1)) if word not in named]
    piles = dict(columns, s=f"{stock} |", w=" ".join(rest + [waste_top]))
    return build("golf", piles, fill="7")  # every card is named: column 7 stays empty


def card_str_ascii(card: int) -> str:
    return card_str(card, ascii=True)


def test_golf_is_covered_by_the_core():
    assert core.not_covered(Game.new("golf").rules) is None


def test_columns_cleared_with_stock_cards_left_is_a_win_at_once():
    """GO-win: the columns empty, three stock cards not turned: won, for the core as for the engine."""
    game = golf_position({}, "3H 4H 5H")
    position = core.position(game)
    assert game.is_won() and position.is_won()
    assert game.piles[game.rules.pile_by_label["s"]]  # the stock is not empty: it does not count
    assert solve(game, timeout=5).status == "solved" and solve(game, timeout=5).moves == []


def test_one_card_left_in_a_column_is_not_a_win():
    game = golf_position({"4": "KD"}, "3H 4H 5H")
    position = core.position(game)
    assert not game.is_won() and not position.is_won()
    position.push(game.play("s"))  # a stock card on the waste changes nothing: the king is still there
    assert not game.is_won() and not position.is_won()


def test_the_last_column_card_played_wins_in_the_core_search():
    """The search finds the one move that clears the columns, and the engine agrees it wins."""
    game = golf_position({"2": "8C"}, "KH", waste_top="7D")
    result = solve(game, timeout=5)
    assert (result.status, result.engine, result.moves) == ("solved", "compiled", ["2w"])


def test_no_card_fits_and_the_stock_is_spent_is_unsolvable():
    game = golf_position({"1": "KS"}, "2H", waste_top="5D")
    result = solve(game, timeout=5)
    assert (result.status, result.engine) == ("unsolvable", "compiled")


def random_position(seed: int) -> Game:
    """Columns of up to two cards and a stock of up to ten, the rest on the waste: small enough
    that both searches exhaust it (about a quarter of them are won)."""
    rnd = random.Random(seed)
    words = list(map(card_str_ascii, suited_deck(1)))
    rnd.shuffle(words)
    columns = {}
    for label in COLUMNS[:-1]:  # the last column stays empty: `build`'s fill pile
        size = rnd.randint(0, 2)
        if size:
            columns[label] = " ".join(words[:size])
            del words[:size]
    stock = " ".join(words[:rnd.randint(1, 10)])
    del words[:len(stock.split())]
    piles = dict(columns, s=f"{stock} |", w=" ".join(words))
    return build("golf", piles, fill=COLUMNS[-1])


def test_the_core_answers_small_golf_positions_as_the_python_search_does():
    """Both searches, where both decide, give the same answer; a solved line replays to a win
    (`_solve_compiled` checks every move with the engine)."""
    answers = []
    for seed in range(40):
        game = random_position(seed)
        compiled = solve(game, timeout=5)
        python = solve(game, timeout=5, max_states=20_000, engine="python")
        assert compiled.engine == "compiled" and python.engine == "python"
        if "unknown" not in (compiled.status, python.status):
            assert compiled.status == python.status, seed
            answers.append(compiled.status)
    assert {"solved", "unsolvable"} <= set(answers)  # the comparison saw both answers


@pytest.mark.parametrize("deal", [10, 42, 46, 50])
def test_golf_deals_the_core_wins_replay_to_a_win(deal):
    """Deals the core wins fast: its line, replayed move by move through the engine, clears the
    columns; where the Python search decides within a few thousand positions (42, 50), it too wins."""
    game = Game.new("golf", deal)
    result = solve(game, timeout=5)
    assert (result.status, result.engine) == ("solved", "compiled")
    if deal in (42, 50):
        assert solve(game, timeout=None, max_states=6_000, engine="python").status == "solved"
    replay = Game.new("golf", deal)
    for move in result.moves:
        replay.play(move)
    assert replay.is_won() and not any(replay.piles[replay.rules.pile_by_label[c]] for c in COLUMNS)


def test_other_win_shapes_are_left_to_the_python_search():
    """A left win with win piles or full piles too, or a pile counted in two parts, is refused.
    Later win classes are not: only the first ends a search, in the core as in the engine (CZ-4)."""
    rules = Game.new("golf").rules
    cond = rules.win_conditions[0]
    columns = cond.left_groups[0]
    shapes = {
        "win piles and a left count": dataclasses.replace(cond, piles=columns),
        "full piles": dataclasses.replace(cond, full=columns),
        "a pile in two parts": dataclasses.replace(cond, left_groups=(columns, columns[:1])),
        "no win piles and no left count": dataclasses.replace(cond, left_count=-1, left_groups=()),
    }
    for name, shape in shapes.items():
        changed = copy.copy(rules)
        changed.win_conditions = [shape]
        assert core.not_covered(changed) is not None, name
    two_classes = copy.copy(rules)
    two_classes.win_conditions = [cond, dataclasses.replace(cond, left_count=-1, left_groups=())]
    assert core.not_covered(two_classes) is None  # the second, a shape the core refuses, is never searched
    two_classes.win_conditions = [shapes["full piles"], cond]
    assert core.not_covered(two_classes) is not None


def golf_winnable(game: Game) -> bool:
    """An independent Golf answer for the check below (`positions.one_rank_away_winnable`)."""
    label = game.rules.pile_by_label
    columns = [[RANK[c] for c in game.piles[label[name]]] for name in COLUMNS]
    stock = [RANK[c] for c in reversed(game.piles[label["s"]])]  # the next card to turn first
    return one_rank_away_winnable(columns, stock, RANK[game.piles[label["w"]][-1]], wrap=False)


@pytest.mark.parametrize("deal", [22, 25, 27, 50])
def test_the_cores_golf_answers_agree_with_an_independent_search(deal):
    """The core's answer, `unsolvable` included (its waste keyed by the top card alone), is the
    answer of a plain search over what a Golf position's future depends on."""
    game = Game.new("golf", deal)
    result = solve(game, timeout=10)
    assert result.status != "unknown"
    assert (result.status == "solved") == golf_winnable(game)
