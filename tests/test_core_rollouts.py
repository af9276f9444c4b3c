"""The compiled core's nested rollouts (`Core.rollouts`, `search._rollout_phase`; docs/solver.md,
"Nested rollouts"): a search for wins alone, beside the exhaustive ones. Its wins replay to a win
through the engine; it never answers `unsolvable`; it keeps to its budget and to the positions a
hint must avoid; the same seed and budget give the same line; where they are stuck they play
the swap (CR-4) that opens the way home; and `solve()` gives them their share of a budget after
a first phase under unproven safe moves."""

from __future__ import annotations

import random

import pytest

from patience import core
from patience.engine.game import Game
from patience.engine.compiled import SLOT
from patience.engine.moves import SWAP
from patience.solver import search
from patience.solver.hints import promising_swaps
from patience.solver.prune import SIMPLE
from patience.solver.search import solve

pytestmark = pytest.mark.skipif(core._search is None, reason="the compiled core is not built (test_core checks it is)")


def rollout_position(game: Game):
    return core.position(game, None, (), False, False)


def replays_to_a_win(game: Game, moves: list) -> bool:
    replay = game.copy()
    for move in moves:
        assert replay.why_illegal(move) is None, move
        replay.push(move)
    return replay.is_won()


def test_PA6_rollouts_win_a_deal_and_the_line_wins_in_the_engine():
    """Parada deal 23: the exhaustive searches leave it unknown after 10 s (4 M positions); a
    level-1 rollout search wins it in about 40,000 pushes. PA-6: every pile complete."""
    game = Game.new("parada", 23)
    status, moves, pushes, reason, best = rollout_position(game).rollouts(None, 100_000, 1, 1)
    assert (status, reason, best) == ("solved", "win found", 0)
    assert 0 < pushes < 100_000
    assert replays_to_a_win(game, moves)


def test_rollouts_give_the_same_line_for_the_same_seed_and_budget():
    game = Game.new("parada", 18)
    first = rollout_position(game).rollouts(None, 1_000_000, 2, 1)
    again = rollout_position(game).rollouts(None, 1_000_000, 2, 1)
    assert first == again and first[0] == "solved"


def test_PA6_rollouts_never_say_unsolvable_and_keep_to_their_budget_of_pushes():
    """Parada deal 6 is unsolvable (the exhaustive search proves it); rollouts cannot prove that.
    They stop at their budget with `unknown` and the best score they met: minus the cards that
    are not yet on a pile started from its row's base (PA-2)."""
    game = Game.new("parada", 6)
    position = rollout_position(game)
    key = position.key()
    status, moves, pushes, reason, best = position.rollouts(None, 300_000, 2, 1)
    assert (status, moves, reason) == ("unknown", [], "max states")
    assert pushes == 300_000
    assert -96 < best < 0
    assert position.key() == key  # the position is left as it was
    assert search.solve(game, timeout=None, max_states=200_000, shorter=False).status == "unsolvable"  # the deals bound


def test_rollouts_never_pass_through_a_position_to_avoid():
    """A hint's line never leads back to a position the game has been in (`hints`): with the first
    positions of the rollouts' own winning line to avoid, the line they find instead passes
    through none of them."""
    game = Game.new("parada", 18)
    _status, line, *_ = rollout_position(game).rollouts(None, 1_000_000, 1, 1)
    walk = game.copy()
    avoid = []
    for move in line[:3]:
        walk.push(move)
        avoid.append(rollout_position(walk).key())
    status, other, *_ = rollout_position(game).rollouts(None, 3_000_000, 2, 2, avoid)
    assert status == "solved" and other[:3] != line[:3]
    walk = game.copy()
    for move in other:
        walk.push(move)
        assert rollout_position(walk).key() not in avoid
    assert walk.is_won()


def swaps_in(moves: list) -> list:
    return [move for move in moves if move[1] == SWAP]


def test_CR4_rollouts_play_a_swap_that_opens_the_way_home_and_win():
    """Cromwell deal 120, unknown after 30 s of the exhaustive searches: a level-1 rollout search
    wins it within 1,000,000 pushes with one swap (CR-4). Of the thousands of swaps the rollouts
    play only those that bring a card a foundation takes now to the top of a fan, so right after
    the swap a swapped card can go home. Without the swap the same budget ends unknown."""
    game = Game.new("cromwell", 120)
    status, moves, pushes, reason, best = rollout_position(game).rollouts(None, 1_000_000, 1, 1)
    assert (status, best) == ("solved", 0) and pushes < 1_000_000
    assert replays_to_a_win(game, moves)
    (swap,) = swaps_in(moves)
    walk = game.copy()
    for move in moves[:moves.index(swap) + 1]:
        walk.push(move)
    swapped = {(swap[0] // SLOT, swap[0] % SLOT), (swap[2] // SLOT, swap[2] % SLOT)}
    assert any((pile, len(walk.piles[pile]) - 1) in swapped and target in game.rules.foundation_piles
               for pile, target, _count in walk.legal_moves() if target >= 0)
    status, moves, pushes, _reason, best = rollout_position(game).rollouts(None, 1_000_000, 1, 1, swaps=False)
    assert status == "unknown" and best < 0


@pytest.mark.parametrize("deal", [40, 120])
def test_CR4_the_rollouts_swaps_are_among_those_a_hint_finds_promising(deal):
    """The core's swaps (`_ro_swaps`) and a hint's (`hints.promising_swaps`) are one idea written
    twice: the core's are those of the hint's that bring a wanted card from under a top (a wanted
    top goes home unswapped) onto a pile whose top no foundation takes. Along a walk of Cromwell
    moves, at every step, each swap the core lists is a hint's, and the two agree on which."""
    game = Game.new("cromwell", deal)
    position = rollout_position(game)
    rnd = random.Random(deal)
    foundations = game.rules.foundation_piles
    compared = 0
    for step in range(40):
        listed = set(position.home_swaps())
        hinted = set(promising_swaps(game))
        wanted = {card for pile in game.piles for card in pile if any(game.lands_on(f, card) for f in foundations)}
        assert listed <= hinted, (deal, step)
        assert listed == {move for move in hinted if _from_under_a_top_to_a_dead_top(game, move, wanted)}, (deal, step)
        compared += len(listed)
        moves = [m for m in game.legal_moves() if m[1] != SWAP]
        if not moves:
            break
        move = rnd.choice(moves)
        game.push(move)
        position.push(move)
    assert compared > 0


def _from_under_a_top_to_a_dead_top(game: Game, swap, wanted: set[int]) -> bool:
    """A swap of a top card no foundation takes with a card under a top that one takes."""
    (pa, ia), (pb, ib) = divmod(swap[0], SLOT), divmod(swap[2], SLOT)
    a, b = game.piles[pa], game.piles[pb]
    for (top_pile, top_at), (under_pile, under_at) in (((a, ia), (b, ib)), ((b, ib), (a, ia))):
        if (top_at == len(top_pile) - 1 and top_pile[top_at] not in wanted and under_at < len(under_pile) - 1
                and under_pile[under_at] in wanted and under_pile[under_at] != top_pile[top_at]):
            return True
    return False


def test_CR4_solve_wins_with_the_rollouts_share_a_deal_its_exhaustive_phases_leave_unknown(monkeypatch):
    """`solve()` within 200,000 positions on Cromwell deal 120: the first phase stops unknown, and
    the rollouts win in their quarter with the swap. Without them the budget leaves it unknown."""
    game = Game.new("cromwell", 120)
    result = solve(game, timeout=None, max_states=200_000, shorter=False)
    assert result.status == "solved" and result.states <= 200_000
    assert replays_to_a_win(game, result.line) and len(swaps_in(result.line)) == 1
    monkeypatch.setattr(search, "ROLLOUT_SHARE", 0.0)
    assert solve(game, timeout=None, max_states=200_000, shorter=False).status == "unknown"


def test_PA6_solve_wins_with_the_rollouts_share_a_deal_its_exhaustive_phases_leave_unknown(monkeypatch):
    """`solve()` within 100,000 positions: the first phase (unproven safe moves) gets three
    quarters and stops unknown; the rollouts win in their quarter (counted at a tenth of a position
    a push). Without them the same budget leaves the deal unknown."""
    game = Game.new("parada", 23)
    result = solve(game, timeout=None, max_states=100_000, shorter=False)
    assert result.status == "solved" and result.states <= 100_000
    assert replays_to_a_win(game, result.line)
    monkeypatch.setattr(search, "ROLLOUT_SHARE", 0.0)
    assert solve(game, timeout=None, max_states=100_000, shorter=False).status == "unknown"


def clock_marks(monkeypatch) -> list:
    """The phases of a solve of Parada 1 within 40 s whose first phase the clock cuts, with the
    time each may take (each phase here answers at once, so each may take the clock to its mark)."""
    budgets: list = []
    phase = search._core_phase

    def core_phase(game, rule, timeout, max_states, *rest, **options):
        budgets.append(("safe" if rule == SIMPLE else "none", timeout))
        if rule == SIMPLE:
            return "unknown", [], 1, "timeout"
        return phase(game, rule, 0.01, max_states, *rest, **options)

    def rollout_phase(game, timeout, max_states, avoid, progress=None, **options):
        budgets.append(("rollouts", timeout))
        return "unknown", [], 1, "timeout"

    monkeypatch.setattr(search, "_core_phase", core_phase)
    monkeypatch.setattr(search, "_rollout_phase", rollout_phase)
    solve(Game.new("parada", 1), timeout=40, max_states=None, shorter=False)
    return budgets


def test_after_a_first_phase_the_clock_cut_the_rollouts_take_the_rest_of_it(monkeypatch):
    """Under a clock, with unproven safe moves: the first phase may search until FIRST_PHASE_SHARE
    less the rollouts' share of it; cut there, the rollouts get the rest of the clock, since the
    unpruned search, which has more positions, could not be exhausted in it (solver 30)."""
    (_opening, _), (_opening_rollouts, _), (first, t1), (second, t2) = clock_marks(monkeypatch)
    assert (first, second) == ("safe", "rollouts")
    assert 40 * (search.FIRST_PHASE_SHARE - search.ROLLOUT_SHARE) - 1 < t1 <= 40 * (search.FIRST_PHASE_SHARE - search.ROLLOUT_SHARE)
    assert 39 < t2 <= 40


def test_under_a_clock_the_opening_searches_briefly_then_rolls_out_before_the_phases(monkeypatch):
    """Under a clock alone (solver 31): the first phase's search within OPENING_STATES positions,
    then the rollouts for OPENING_ROLLOUTS of the clock, then the phases as before."""
    (opening, t0), (opening_rollouts, t1), (first, _t2), (second, _t3) = clock_marks(monkeypatch)
    assert (opening, opening_rollouts, first, second) == ("safe", "rollouts", "safe", "rollouts")
    assert 39 < t0 <= 40  # bounded by its positions, not the clock
    assert 40 * search.OPENING_ROLLOUTS - 1 < t1 <= 40 * search.OPENING_ROLLOUTS


def test_DY2_a_win_the_rollouts_find_at_once_needs_no_exhaustive_phase(monkeypatch):
    """Dywan deal 28: the rollouts win it in 710 positions; the exhaustive search had not within
    22.5 s of a 30-s solve (solver 30's survey). Under a clock the opening's rollouts win it, and
    the only exhaustive search run is the opening's, within OPENING_PROOF_STATES positions (with
    no safe moves, Dywan's first phase is the proof)."""
    searched: list = []
    phase = search._core_phase

    def core_phase(game, rule, timeout, max_states, *rest, **options):
        searched.append(max_states)
        return phase(game, rule, timeout, max_states, *rest, **options)

    monkeypatch.setattr(search, "_core_phase", core_phase)
    game = Game.new("dywan", 28)
    result = solve(game, timeout=30, shorter=False)
    assert result.status == "solved" and replays_to_a_win(game, result.line)
    assert searched == [search.OPENING_PROOF_STATES]


def test_the_later_rollouts_go_on_from_the_openings_seeds(monkeypatch):
    """Two spells of rollouts sharing one count of seeds (`_opening`, then `_rollout_phase` after
    the phases) run no search twice: seed 1 is the one search of level 1, and the second spell
    starts where the first stopped."""
    import itertools

    played: list = []
    position = search.core.position

    class Recording:
        def __init__(self, inner):
            self.inner = inner

        def rollouts(self, timeout, pushes, level, seed, *rest):
            played.append((level, seed))
            return self.inner.rollouts(timeout, pushes, level, seed, *rest)

    monkeypatch.setattr(search.core, "position", lambda *args: Recording(position(*args)))
    game = Game.new("dywan", 1)  # not won by the rollouts within these budgets
    seeds = itertools.count(1)
    for positions in (100_000, 300_000):  # seeds 1 and 2 in the first spell
        assert search._rollout_phase(game, None, positions, [], seeds=seeds)[0] == "unknown"
    assert played[0] == (1, 1) and all(level == search.ROLLOUT_LEVEL for level, _seed in played[1:])
    assert [seed for _level, seed in played] == list(range(1, len(played) + 1)) and len(played) >= 3


def test_a_quick_win_of_the_exhaustive_search_runs_no_rollouts(monkeypatch):
    """FreeCell deal 1 is won in about 80 positions: under a clock the opening's search wins it,
    and no rollout is played."""
    called: list = []
    monkeypatch.setattr(search, "_rollout_phase", lambda *args, **options: called.append(args) or ("unknown", [], 0, ""))
    assert solve(Game.new("freecell", 1), timeout=30, shorter=False).status == "solved"
    assert called == []


@pytest.mark.parametrize("game_id, deal", [("freecell", 11982), ("czternastki", 113)])
def test_a_proof_within_the_openings_positions_waits_for_no_rollouts(monkeypatch, game_id, deal):
    """Where the first phase is the proof (FreeCell's proven rule; Czternastki, with none), the
    opening searches to OPENING_PROOF_STATES before any rollout: FreeCell 11982 is proven lost in
    about 108,000 positions, which under solver 31's 20,000 waited 3 s of rollouts (a tenth of
    30 s) and took 3.2 s in all against 0.2. Czternastki 113 takes about 47,000."""
    called: list = []
    monkeypatch.setattr(search, "_rollout_phase", lambda *args, **options: called.append(args) or ("unknown", [], 0, ""))
    result = solve(Game.new(game_id, deal), timeout=30, shorter=False)
    assert result.status == "unsolvable" and called == []
    assert search.OPENING_STATES < result.states <= search.OPENING_PROOF_STATES  # proven past the old opening


def test_with_the_unpruned_search_after_a_cut_the_rollouts_come_between(monkeypatch):
    """`UNPRUNED_AFTER_A_CUT` (solvers 21-29): the rollouts until FIRST_PHASE_SHARE, then the
    unpruned search to the end."""
    monkeypatch.setattr(search, "UNPRUNED_AFTER_A_CUT", True)
    (_opening, _), (_opening_rollouts, _), (first, _t1), (second, t2), (third, t3) = clock_marks(monkeypatch)
    assert (first, second, third) == ("safe", "rollouts", "none")
    assert 40 * search.FIRST_PHASE_SHARE - 1 < t2 <= 40 * search.FIRST_PHASE_SHARE
    assert 39 < t3 <= 40


def test_no_rollouts_after_a_win_or_an_exhausted_first_phase(monkeypatch):
    """A win of the first phase is the answer (Parada 3). A first phase that exhausts its positions
    under unproven safe moves (Canfield 2, unsolvable after about 400 positions) goes on to the
    unpruned search at once, which must prove it: rollouts would only spend that search's time."""
    called: list = []
    monkeypatch.setattr(search, "_rollout_phase", lambda *args, **options: called.append(args) or ("unknown", [], 0, ""))
    assert solve(Game.new("parada", 3), timeout=None, max_states=100_000, shorter=False).status == "solved"
    canfield = solve(Game.new("canfield", 2), timeout=None, max_states=100_000, shorter=False)
    assert (canfield.status, canfield.reason) == ("unsolvable", "search exhausted")
    assert called == []


def test_no_rollouts_without_a_budget(monkeypatch):
    """Rollouts end only on a win or a budget: with neither a clock nor positions (a first phase
    that stopped at its memory, made so here) they are not started."""
    called: list = []
    monkeypatch.setattr(search, "_rollout_phase", lambda *args, **options: called.append(args) or ("unknown", [], 0, ""))
    monkeypatch.setattr(search, "_core_phase", lambda *args, **options: ("unknown", [], 1, "max memory"))
    result = solve(Game.new("parada", 1), timeout=None, max_states=None, shorter=False)
    assert (result.status, result.reason) == ("unknown", "max memory")
    assert called == []


@pytest.mark.parametrize("game_id, deal", [("kwadratura-kola", 10), ("klondike-3", 1), ("czternastki", 1)])
def test_under_a_proven_rule_the_rollouts_take_the_last_share_of_the_budget(monkeypatch, game_id, deal):
    """Under a proven safe-move rule (Kwadratura Koła, Klondike) or none (Czternastki) there is one
    exhaustive phase, the proof: it gets the budget less the rollouts' share, and the rollouts,
    when it ends unknown, the rest; there is no unpruned phase after them."""
    budgets: list = []

    def core_phase(game, rule, timeout, max_states, *rest, **options):
        budgets.append(("proof", timeout, max_states))
        return "unknown", [], max_states, "max states"

    def rollout_phase(game, timeout, max_states, avoid, progress=None, **options):
        budgets.append(("rollouts", timeout, max_states))
        return "unknown", [], max_states, "max states"

    monkeypatch.setattr(search, "_rollout_phase", rollout_phase)
    monkeypatch.setattr(search, "_core_phase", core_phase)
    game = Game.new(game_id, deal)  # a deal no bound decides before the search
    assert search.autoplay_rule(game.rules) is not None or not search.core_safe_tables(game, SIMPLE)[1]
    assert solve(game, timeout=None, max_states=1000, shorter=False).status == "unknown"
    share = int(1000 * (1 - search.ROLLOUT_SHARE))
    assert budgets == [("proof", None, share), ("rollouts", None, 1000 - share)]


def test_KK6_a_proof_under_a_proven_rule_is_not_followed_by_rollouts(monkeypatch):
    """Kwadratura Koła deal 1 is proved lost (the home bound, KK-2 and KK-5): no rollouts after."""
    called: list = []
    monkeypatch.setattr(search, "_rollout_phase", lambda *args, **options: called.append(args) or ("unknown", [], 0, ""))
    assert solve(Game.new("kwadratura-kola", 1), timeout=None, max_states=100_000, shorter=False).status == "unsolvable"
    assert called == []


def test_KK6_the_rollouts_win_a_deal_the_proof_phase_leaves_unknown(monkeypatch):
    """Kwadratura Koła deal 18: unknown after 120 s of the exhaustive search (28 M positions);
    within 200,000 positions the proof phase stops unknown and the rollouts, in their quarter,
    win (KK-6: all 104 cards on the foundations). Without them the same budget is unknown."""
    game = Game.new("kwadratura-kola", 18)
    result = solve(game, timeout=None, max_states=200_000, shorter=False)
    assert result.status == "solved" and replays_to_a_win(game, result.line)
    monkeypatch.setattr(search, "ROLLOUT_SHARE", 0.0)
    assert solve(game, timeout=None, max_states=200_000, shorter=False).status == "unknown"


def test_PA6_a_hint_finds_a_plan_in_the_rollouts_where_the_search_finds_none():
    """Parada deal 39: `solve()` within a hint's 50,000 positions finds no line (its rollouts'
    quarter is 125,000 pushes); the hint then runs the rollouts alone within HINT_ROLLOUT_STATES
    (`search.rollout_win`), which win. The hint names the plan's first move, and the plan wins."""
    from patience.solver.hints import HINT_STATES, Planner

    game = Game.new("parada", 39)
    assert solve(game, timeout=None, max_states=HINT_STATES, shorter=False).status == "unknown"
    planner = Planner()
    hint = planner.hint(game, seconds=None, states=HINT_STATES)
    assert hint.found == "plan" and hint.move == planner.plan.moves[0]
    assert replays_to_a_win(game, planner.plan.moves)


def test_rollout_win_answers_unknown_without_a_budget():
    """Rollouts end only on a win or a budget: with neither, no rollouts, `unknown`."""
    assert search.rollout_win(Game.new("parada", 39), None, None).status == "unknown"
