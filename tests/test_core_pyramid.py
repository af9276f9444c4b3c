"""Pyramid, Giza and TriPeaks searched by the compiled core: a shape's card is offered for
removal only once the cards lying on it are gone (`free: uncovered`, `cover.is_free`, the core's
`_is_free`), a face-down card turns up once no card lies on it (TriPeaks, `_uncover`),
its `solved` lines play to wins through `Game.play`, and its answers agree with the Python
search's wherever that one decides. The positions are endings: a deal after some random sets
have gone out, so that small budgets decide them both ways. The move-by-move comparison with
the engine is test_core_differential.py's walk, which covers both rulesets."""

from __future__ import annotations

import random

import pytest
from positions import plays_to_win

from patience import core
from patience.engine.game import Game
from patience.engine.moves import REMOVE
from patience.solver import solve
from patience.solver.search import Packer

pytestmark = pytest.mark.skipif(core._search is None, reason="the compiled core is not built (test_core checks it is)")

SHAPES = ("pyramid", "giza")


def ending(game_id: str, deal: int, plays: int, seed: int) -> Game:
    """``deal`` after ``plays`` random removals or card moves (stock turns between them when
    none is open)."""
    game = Game.new(game_id, deal)
    rnd = random.Random(seed)
    done = 0
    while done < plays:
        moves = game.legal_moves()
        plays_now = [m for m in moves if m[1] == REMOVE or m[1] >= 0]
        if not moves or game.is_won():
            break
        game.push(rnd.choice(plays_now) if plays_now else moves[-1])
        done += bool(plays_now)
    game.history.clear()
    return game


def test_the_shapes_are_searched_by_the_compiled_core():
    for game_id in SHAPES + ("tripeaks",):
        game = Game.new(game_id, 1)
        assert core.why_not(game.rules) is None
        assert solve(game, max_states=10).engine == "compiled"


def test_a_covered_card_is_not_offered_where_it_would_make_a_set():
    """The walks of test_core_differential.py compare listings; this checks they meet the rule:
    along random removals, sets of a covered card with a free one (or a covered king) exist and
    neither the core nor the engine lists them."""
    refused = 0
    for game_id in SHAPES:
        for deal in (1, 2, 3):
            game = Game.new(game_id, deal)
            position = core.position(game)
            rnd = random.Random(deal)
            rule = game.rules.remove_rules[0]
            for _step in range(40):
                moves = game.legal_moves()
                assert position.legal_moves() == moves
                listed = {(m[0], m[2]) for m in moves if m[1] == REMOVE}
                tops = [p for p in rule.in_order if game.piles[p]]
                for a in tops:
                    for b in tops:
                        card_a, card_b = game.piles[a][-1], game.piles[b][-1]
                        makes = rule.single_ok[card_a] if a == b else rule.pair_ok[card_a * 52 + card_b]
                        if a <= b and makes and not (game.is_free(a) and game.is_free(b)):
                            assert (a, b) not in listed
                            refused += 1
                        elif a <= b and makes:
                            assert (a, b) in listed
                if not moves:
                    break
                move = rnd.choice(moves)
                game.push(move)
                position.push(move)
    assert refused > 20  # the rule was tested against sets it refuses


@pytest.mark.parametrize("game_id, deal", [("pyramid", 2), ("giza", 3), ("tripeaks", 1)])
def test_the_core_wins_a_whole_deal_and_the_line_plays_through_game_play(game_id, deal):
    game = Game.new(game_id, deal)
    result = solve(game, max_states=50_000)
    assert result.engine == "compiled" and result.status == "solved"
    assert plays_to_win(game.copy(), result.moves)


@pytest.mark.parametrize("game_id, plays, python_budget", [("pyramid", 16, 500), ("giza", 10, 2_000),
                                                           ("tripeaks", 14, 2_000)])
def test_core_answers_agree_with_the_python_search_and_its_wins_replay(game_id, plays, python_budget):
    answers: dict[tuple[str, str], int] = {}
    for deal in range(1, 9):
        game = ending(game_id, deal, plays, deal)
        compiled = solve(game, max_states=50_000)
        python = solve(game, max_states=python_budget, engine="python")
        assert compiled.engine == "compiled" and python.engine == "python"
        if compiled.status == "solved":
            assert plays_to_win(game.copy(), compiled.moves), deal
        if "unknown" not in (compiled.status, python.status):
            assert compiled.status == python.status, deal
        answers[compiled.status, python.status] = answers.get((compiled.status, python.status), 0) + 1
    # Both answers were compared, and the core decides what the Python search decides.
    assert answers.get(("solved", "solved"), 0) >= 1 and answers.get(("unsolvable", "unsolvable"), 0) >= 1, answers
    assert not [pair for pair in answers if pair[1] != "unknown" and pair[0] == "unknown"], answers


@pytest.mark.parametrize("game_id", SHAPES + ("tripeaks",))
def test_a_shapes_cards_are_never_keyed_as_interchangeable(game_id):
    """A shape's cards cover one another, so two positions with two of its cards trading places
    are two positions: neither the Python search's key nor the core's may sort its piles (they
    did, and the core's winning line for Pyramid deal 2 was illegal when played)."""
    game = Game.new(game_id, 1)
    shape = next(g for g in game.rules.groups if g.spec.shape is not None)
    assert shape.index not in game.rules.sortable_groups
    a, b = shape.piles[0], shape.piles[-1]
    traded = game.copy()
    traded.piles[a], traded.piles[b] = traded.piles[b], traded.piles[a]
    pack = Packer(game)
    assert pack(traded) != pack(game)
    if core.why_not(game.rules) is None:
        assert core.position(traded).key() != core.position(game).key()


def test_tripeaks_cards_turn_up_when_uncovered_in_the_core_as_in_the_engine():
    """Along random walks (pushes and pops) the core turns up, and turns back down, the same
    face-down peak cards as the engine, at the same steps, and keys them."""
    turned = hidden_again = 0
    for deal in (1, 2, 3, 4):
        game = Game.new("tripeaks", deal)
        position = core.position(game)
        rnd = random.Random(deal)
        peaks = next(g for g in game.rules.groups if g.spec.shape is not None).piles
        for _step in range(60):
            moves = game.legal_moves()
            assert position.legal_moves() == moves
            before = sum(game.hidden[p] for p in peaks)
            if moves and (rnd.random() < 0.8 or not game.history):
                move = rnd.choice(moves)
                game.push(move)
                position.push(move)
                turned += sum(game.hidden[p] for p in peaks) < before
            elif game.history:
                game.pop()
                position.pop()
                hidden_again += sum(game.hidden[p] for p in peaks) > before
            assert position.hidden_counts() == game.hidden and position.piles() == game.piles
            assert position.key() == core.position(game).key()  # the same as keyed afresh
    assert turned > 5 and hidden_again > 0, (turned, hidden_again)
