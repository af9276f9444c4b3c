"""The generic solver: its answers are checked with the engine, never taken on trust."""

from __future__ import annotations

import pathlib
from collections.abc import Generator

import pytest
from clirun import run
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st
from positions import (
    REDS_HOME,
    STUCK,
    build,
    cell,
    full_foundations_but,
    needs_depth_first,
    notations,
    plays_to_win,
    replays_to_win,
    tiny_position,
    tiny_ruleset,
)

from patience import Game
from patience.cards import IS_RED, RANK, card_str, parse_card
from patience.ruleset import load_text
from patience.solver import search as search_module
from patience.solver import solve
from patience.solver.heuristic import DOWN, Heuristic
from patience.solver.hops import hop_group
from patience.solver.prune import CLOSED, SIMPLE, Autoplay, autoplay_rule, closures, stock_commutes
from patience.solver.search import (
    DEPTH_FIRST_AFTER,
    DEPTH_FIRST_DOWN,
    NOISE,
    Packer,
    SolveResult,
    _best_first,
    _Budget,
    _depth_first,
    _Noise,
    _restarting,
    _restore,
    _search,
    _snapshot,
    _Tree,
    luby,
)

ROOT = pathlib.Path(__file__).resolve().parents[1]


def brute_force_winnable(game: Game, limit: int = 20_000, canonical: bool = False) -> bool:
    """Every position reachable by any legal move, no pruning at all; exact keys, or with
    ``canonical`` the engine's keys that fold interchangeable piles (a smaller search)."""
    key = Game.canonical_key if canonical else Game.key
    seen = {key(game)}
    stack = [game.copy()]
    while stack:
        here = stack.pop()
        if here.is_won():
            return True
        for move in here.legal_moves():
            there = here.copy()
            there.push(move)
            if key(there) not in seen:
                seen.add(key(there))
                stack.append(there)
        assert len(seen) < limit, "the test position is too big to search without pruning"
    return False


@pytest.mark.parametrize("deal", [1, 2, 3, 8])
def test_freecell_solution_replays_to_a_win(deal):
    result = solve(Game.new("freecell", deal=deal), timeout=20)
    assert result.status == "solved", result
    assert replays_to_win("freecell", deal, result.moves)
    assert result.states > 0 and result.reason == "win found" and not result.thoughtful  # nothing hidden


@pytest.mark.parametrize("game_name, deal", [("klondike", 2), ("klondike-3", 1)])
def test_klondike_solution_replays_to_a_win(game_name, deal):
    result = solve(Game.new(game_name, deal=deal), timeout=30)
    assert result.status == "solved", result
    assert replays_to_win(game_name, deal, result.moves)


def test_polish_game_solved_from_a_near_won_position():
    result = solve(Game.new("parada", deal=2), timeout=30)
    assert result.status == "solved", result
    assert replays_to_win("parada", 2, result.moves)
    near = Game.new("parada", deal=2)
    for word in result.moves[:-15]:
        near.play(word)
    position = near.position()
    again = solve(near, timeout=10)
    assert again.status == "solved" and len(again.moves) <= 15 + 10
    assert plays_to_win(near, again.moves)
    assert Game.from_position(position).position() == position


def test_a_won_game_needs_no_move():
    game = build("freecell", {**REDS_HOME, "h3": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"}, fill="h4")
    assert game.is_won()
    result = solve(game)
    assert result.status == "solved" and result.moves == []


def test_a_one_move_win():
    game = build("freecell", {**REDS_HOME, "h3": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS", "a": "KS"}, fill="h4")
    result = solve(game)
    assert result.status == "solved" and result.moves == ["ah"]
    game.play("ah")
    assert game.is_won()


def test_fc5_a_win_that_moves_a_run_through_empty_columns():
    # No free cell: Q♦ J♣ 10♦ reach K♠ in one move only because two columns are empty (FC-5:
    # (0 + 1) × 2^2 = 4 cards). The solver moves runs as the engine allows and replays to a win.
    game = build("freecell", {
        "h1": "AH 2H 3H 4H 5H 6H 7H 8H", "h2": "AD 2D 3D 4D 5D 6D 7D 8D", "h3": "AS 2S 3S 4S 5S 6S 7S 8S",
        "1": "9S 9C 9D 9H QD JC TD", "2": "KS", "a": "KH", "b": "KD", "c": "KC", "d": "QH",
        "3": "TC JS", "4": "QS TH", "5": "JH QC", "6": "TS",
    }, fill="h4")
    result = solve(game, timeout=20)
    assert result.status == "solved"
    cells = game.rules.group_by_id["cells"].piles
    supermoves = 0
    for word in result.moves:
        free = sum(1 for p in cells if not game.piles[p])
        _src, _dst, count = game.play(word)
        supermoves += count > free + 1
    assert game.is_won() and supermoves >= 1


def test_the_same_deal_gets_the_same_answer():
    first = solve(Game.new("freecell", deal=6), timeout=None)
    again = solve(Game.new("freecell", deal=6), timeout=None)
    assert first.status == "solved"
    assert (again.status, again.moves, again.states) == (first.status, first.moves, first.states)
    capped = solve(Game.new("freecell", deal=6), timeout=None, max_states=first.states // 2)
    assert capped.status == "unknown" and capped.states == first.states // 2


def test_the_same_deal_gets_the_same_answer_when_both_searches_take_turns(monkeypatch):
    monkeypatch.setenv("PATIENCE_PURE", "1")  # the Python search's two searches taking turns
    first, again = (solve(needs_depth_first(), timeout=None, max_states=4000) for _ in range(2))
    assert first.status == "solved" and first.states > DEPTH_FIRST_AFTER
    assert (again.status, again.moves, again.states) == (first.status, first.moves, first.states)


def test_unsolvable_only_after_an_exhaustive_search_with_sound_pruning():
    game = tiny_position(STUCK, {"a": "KS"})
    assert autoplay_rule(game.rules) == SIMPLE
    result = solve(game, timeout=30)
    assert result.status == "unsolvable" and result.reason == "search exhausted"
    assert result.states > 1
    assert not brute_force_winnable(game)


@pytest.mark.parametrize("game_id, deal", [
    ("klondike-3", 54), ("klondike-3", 69), ("klondike-3", 104), ("klondike-3", 166),
    ("parada-1", 26), ("czternastki", 13), ("czternastki", 25), ("czternastki", 46),
])
def test_unsolvable_deals_have_no_win_by_any_line_of_play(game_id, deal):
    # Whole deals the solver proves unsolvable (safe moves, stock chaining, commuting turns,
    # close-ups and removals all pruned its way), searched again with no pruning at all.
    result = solve(Game.new(game_id, deal=deal), timeout=60)
    assert result.status == "unsolvable" and result.reason == "search exhausted"
    assert not brute_force_winnable(Game.new(game_id, deal=deal), canonical=True)


def test_the_same_position_with_a_free_cell_more_is_solved():
    columns = dict(STUCK)
    columns["8"] = columns["8"] + " KS"
    game = tiny_position(columns, {})
    result = solve(game, timeout=30)
    assert result.status == "solved"
    assert plays_to_win(game, result.moves)


def test_unsolvable_with_worry_back_under_the_closed_rule():
    # FreeCell lets a foundation card go back to a cell: only the CLOSED rule is proven there.
    stuck = build("freecell", {
        **REDS_HOME, "h3": "AS 2S 3S 4S 5S", "a": "KS", "b": "KC", "c": "QS", "d": "QC",
        "1": "6S JC", "2": "6C JS", "3": "7S TC", "4": "7C TS", "5": "8S", "6": "8C", "7": "9S", "8": "9C",
    }, fill="h4")
    assert autoplay_rule(stuck.rules) == CLOSED
    result = solve(stuck)
    assert result.status == "unsolvable" and result.reason == "search exhausted"


def test_closed_rule_waits_for_the_whole_closure():
    # 5H is SIMPLE-safe (both black 4s home) but 3D is out: a black 4 could come back from its
    # foundation onto 5H and carry 3D, so under worry-back 5H is not sent home at once.
    game = build("freecell", {
        "h1": "AH 2H 3H 4H", "h2": "AD 2D", "h3": "AS 2S 3S 4S", "h4": "AC 2C 3C 4C",
        "1": "5H", "2": "3D",
    }, fill="5")
    simple, closed = Autoplay(game, SIMPLE), Autoplay(game, CLOSED)
    five = game.rules.pile_by_label["1"]
    assert simple._find(game)[0] == five
    found = closed._find(game)
    assert found is None or found[0] != five
    sorted_closure = {card_str(c, ascii=True) for c in closures(game)[parse_card("5H")]}
    assert {"4S", "4C", "3D", "3H", "AH"} <= sorted_closure and "5D" not in sorted_closure


@pytest.mark.slow
def test_fc6_deal_11982_is_unsolvable():
    # FC-6: Microsoft deal 11982 has no solution. The solver says so (safe moves under the CLOSED
    # rule), and a search with no safe moves at all, relying on nothing that rule claims, agrees.
    game = Game.new("freecell", deal=11982)
    result = solve(game, timeout=None)
    assert result.status == "unsolvable" and result.reason == "search exhausted"
    plain = _search(game.copy(), _Budget(None, None), None, 0)
    assert plain.status == "unsolvable"


def test_klondike_stock_cycle_searched_to_the_end():
    game = build("klondike", {
        **REDS_HOME, "h3": "AS 2S 3S 4S 5S", "s": "7S 7C 8S 8C QS KS KC |",
        "1": "6S | 9C", "2": "6C | 9S", "3": "TC", "4": "TS", "5": "JC", "6": "JS", "7": "QC",
    }, fill="h4")
    result = solve(game, timeout=30)
    assert result.status == "unsolvable"
    assert not brute_force_winnable(game)


def test_stock_turns_commute_only_where_the_stock_and_waste_take_no_cards():
    assert stock_commutes(Game.new("klondike-3").rules)
    text = (ROOT / "rulesets" / "klondike.yaml").read_text(encoding="utf-8")
    takes = text.replace("id: klondike\n", "id: waste-builds\n").replace(
        "waste: {role: waste, labels: [w], move: top}",
        "waste: {role: waste, labels: [w], move: top, build: {rank: down, suit: any}}")
    assert not stock_commutes(Game(load_text(takes)).rules)  # a card could go onto the waste
    assert not stock_commutes(Game.new("freecell").rules)  # no stock


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_search_trying_waste_moves_only_after_the_stock_turns_loses_no_win(data):
    # Klondike draw-3 endings: the foundations full up to a random rank per suit, the cards
    # above them shuffled onto the stock and the columns. The solver's answer (with stock
    # turns commuted, safe moves and all) must agree with a search that prunes nothing. No
    # worry-back here: with it the foundations unfold into the columns and the search that
    # prunes nothing is out of reach (the commuting proof does not use either way).
    foundations, rest = klondike_foundations_and_the_rest(data)
    cut = data.draw(st.integers(0, len(rest)), label="stock size")
    piles = {**foundations, "s": " ".join(rest[:cut]) + " |"}
    columns = data.draw(st.integers(1, 7), label="columns")
    for i in range(columns):  # dealt round the columns, the last card of each face up
        *down, up = rest[cut:][i::columns] or [""]
        piles[str(i + 1)] = " ".join(down) + " | " + up
    text = build("klondike-3", piles, fill="w").position().replace("game: klondike-3", "game: no-worry-back")
    game = Game.from_position(text, no_worry_back())
    assert stock_commutes(game.rules) and autoplay_rule(game.rules) == SIMPLE
    assert_answer_is_exact(game)


def klondike_foundations_and_the_rest(data) -> tuple[dict[str, str], list[str]]:
    """Klondike foundations full up to a random rank per suit (the 9 at the lowest), and the
    cards above them, shuffled."""
    firsts = data.draw(st.lists(st.sampled_from("9TJQK*"), min_size=4, max_size=4), label="first card out, per suit")
    foundations = full_foundations_but(" ".join(rank + suit for rank, suit in zip(firsts, "CDHS") if rank != "*"))
    held = {c for text in foundations.values() for c in text.split()}
    rest = [f"{r}{s}" for s in "CDHS" for r in "A23456789TJQK" if f"{r}{s}" not in held]
    return foundations, data.draw(st.permutations(rest), label="cards")


def no_worry_back():
    """Klondike draw-3 where no card leaves a foundation."""
    text = (ROOT / "rulesets" / "klondike-3.yaml").read_text(encoding="utf-8")
    text = text.replace("id: klondike-3\n", "id: no-worry-back\n").replace(
        "    move: top                                               # KL-7: worry-back allowed\n    to: [tableau]\n",
        "    move: none\n").replace("    - {when: move, from: foundations, to: tableau, points: -15}\n", "")
    assert "move: none" in text
    return load_text(text)


def assert_answer_is_exact(game: Game) -> None:
    """The solver, and each of its two searches alone (small positions are won or exhausted
    before depth-first would join), agree with a search that prunes nothing."""
    winnable = brute_force_winnable(game, limit=200_000, canonical=True)
    result = solve(game, timeout=None)
    event(f"{result.status}, {'with' if game.piles[game.rules.stock_pile] else 'no'} stock")
    for answer in (result, *each_search_alone(game)):
        assert answer.status == ("solved" if winnable else "unsolvable")
        if answer.status == "solved":  # the searches' own moves (`solve` writes them out)
            assert plays_to_win(game.copy(), answer.line)


def each_search_alone(game: Game) -> list[SolveResult]:
    """The answers of best-first search, depth-first search, and depth-first search restarting
    after every few positions (`RESTART_UNIT` is far larger; here the runs, the random orders
    of the later ones and the growing run lengths all matter), each run alone to the end."""
    autoplay = autoplay_rule(game.rules)
    answers = []
    for steps in (_best_first(_Tree(game, autoplay)), _depth_first(_Tree(game, autoplay)),
                  _restarting(game, autoplay, unit=3)):
        answers.append(run_to_the_end(steps)[0])
    return answers


def run_to_the_end(steps: Generator[None, None, SolveResult]) -> tuple[SolveResult, int]:
    """A search's answer, and the positions it expanded."""
    expanded = 0
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value, expanded
        expanded += 1


def test_each_search_alone_wins_a_deal_with_moves_that_replay():
    game = Game.new("klondike-3", deal=1)
    for answer in each_search_alone(game):
        assert answer.status == "solved" and plays_to_win(game.copy(), answer.line)


def test_each_search_alone_exhausts_a_dead_end():
    game = tiny_position(STUCK, {"a": "KS"})
    assert [answer.status for answer in each_search_alone(game)] == ["unsolvable"] * 3


def test_restart_run_lengths_follow_the_luby_sequence():
    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    assert luby(31) == 16 and luby(63) == 32


GOLDEN_NOISE = [28, 54, 46, 61, 23, 10, 19, 37]


def test_restart_tie_breaks_are_fixed_by_the_run_number():
    # Our own generator, pinned: the daily deal depends on it, so no Python version may change it.
    noise = _Noise(2)
    first = [noise() for _ in range(8)]
    assert first == GOLDEN_NOISE
    assert all(0 <= value < NOISE for value in first)
    other = _Noise(3)
    assert [other() for _ in range(8)] != first


def test_restarting_search_gives_the_same_answer_twice():
    game = Game.new("klondike-3", deal=1)
    (first, expanded), (again, expanded_again) = (
        run_to_the_end(_restarting(game, autoplay_rule(game.rules), unit=4)) for _ in range(2))
    assert first.status == "solved" and plays_to_win(game.copy(), first.line)
    assert expanded > 4 * (1 + 1 + 2)  # won in the fourth run or later: the random orders took part
    assert (again.line, expanded_again) == (first.line, expanded)


def test_depth_first_charges_more_for_a_face_down_card_in_the_layout_only(monkeypatch):
    game = Game.new("klondike-3", deal=1)
    columns = [p for p in range(game.rules.pile_count) if game.rules.is_column[p]]
    assert sum(game.hidden[p] for p in columns) == 21  # KL-1: 0 + 1 + ... + 6 under the top cards
    assert game.hidden[game.rules.stock_pile] == 24  # the stock's cards are not counted
    eager, plain = Heuristic(game, down=DEPTH_FIRST_DOWN), Heuristic(game)
    assert DEPTH_FIRST_DOWN > DOWN
    assert eager(game) - plain(game) == (DEPTH_FIRST_DOWN - DOWN) * 21
    # What the searches really order by: depth-first the eager estimate, best-first the plain one.
    made: list[int] = []

    class Recorded(Heuristic):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            made.append(self.down_weight)

    monkeypatch.setattr(search_module, "Heuristic", Recorded)
    next(_depth_first(_Tree(game, autoplay_rule(game.rules))))
    assert made == [DEPTH_FIRST_DOWN]
    made.clear()
    next(_best_first(_Tree(game, autoplay_rule(game.rules))))
    assert made and set(made) == {DOWN}


def test_depth_first_joins_a_long_search_and_shares_the_state_budget(monkeypatch):
    monkeypatch.setenv("PATIENCE_PURE", "1")  # the Python search's two searches taking turns
    result = solve(needs_depth_first(), timeout=None, max_states=4000)
    assert result.status == "solved" and plays_to_win(needs_depth_first(), result.moves)
    assert DEPTH_FIRST_AFTER < result.states < 4000
    # One budget for both: a position fewer and the search stops there, unknown.
    capped = solve(needs_depth_first(), timeout=None, max_states=result.states - 1)
    assert (capped.status, capped.states) == ("unknown", result.states - 1)


def test_unknown_when_the_state_budget_is_hit():
    result = solve(Game.new("freecell", deal=1), max_states=3)
    assert result.status == "unknown" and result.reason == "max states" and result.moves == []


def test_unknown_when_the_time_is_up():
    # Deal 5: neither bound proves it lost before the search (deal 1 the copies bound does).
    result = solve(Game.new("kwadratura-kola", deal=5), timeout=0)
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
    assert plays_to_win(game, result.moves)


def test_sound_autoplay_is_derived_from_the_rules():
    assert autoplay_rule(Game.new("klondike").rules) == CLOSED  # KL-7: worry-back
    assert autoplay_rule(Game.new("freecell").rules) == CLOSED  # FC-4: foundation -> cell
    assert autoplay_rule(Game(tiny_ruleset()).rules) == SIMPLE  # nothing leaves a foundation
    assert autoplay_rule(Game.new("parada").rules) is None  # `prefer`, full piles
    assert autoplay_rule(Game.new("kwadratura-kola").rules) == SIMPLE  # `follows`, proven (5), (6)
    assert autoplay_rule(Game.new("dywan").rules) == SIMPLE  # two decks (6)


def test_packed_key_follows_the_canonical_key():
    a = Game.new("freecell", deal=5)
    b = a.copy()
    a.play("1a")
    b.play("1b")
    assert a.key() != b.key()
    pack = Packer(a)
    assert a.canonical_key() == b.canonical_key() and pack(a) == pack(b)
    b.play("2a")
    assert pack(a) != pack(b)


@pytest.mark.parametrize("name", ["klondike-3", "freecell", "czternastki"])
def test_a_snapshot_from_the_packed_piles_is_the_snapshot(name):
    start = Game.new(name, deal=4)
    pack = Packer(start)
    moves = start.legal_moves()
    assert moves
    for move in moves[:3]:
        child = start.copy()
        child.push(move)
        pack(child)
        snap = _snapshot(child, pack.last_piles)
        assert snap == _snapshot(child)
        elsewhere = start.copy()
        _restore(elsewhere, snap)
        assert elsewhere.key() == child.key() != start.key()


def test_packed_key_counts_face_down_cards_where_they_may_lie():
    a = Game.new("klondike", deal=5)
    pack = Packer(a)
    b = a.copy()
    seventh = a.rules.pile_by_label["7"]
    assert a.hidden[seventh] == 6
    b.hidden[seventh] -= 1  # the same cards, one more face up: another position
    assert a.canonical_key() != b.canonical_key() and pack(a) != pack(b)


# ----------------------------------------------------------------- the command line
def run_cli(*args: str):
    return run("solve", *args)


def test_cli_solves_a_deal_and_its_moves_replay():
    out = run_cli("freecell", "--deal", "2")
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0].startswith("solved")
    assert not any("thoughtful" in line for line in lines)  # every FreeCell card is open
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
    assert data["status"] == "solved" and data["thoughtful"] is False and data["deal"] == 3
    assert data["game"] == "freecell" and data["states"] > 0 and data["moves"]


@pytest.mark.parametrize("game, hides", [("klondike", True), ("canfield", True), ("yukon", True),
                                         ("freecell", False), ("bakers-game", False)])
def test_cli_says_thoughtful_only_where_cards_are_hidden(game, hides):
    """Issue 34 item 5: the solver saw face-down cards only where a game has them or a stock."""
    out = run_cli(game, "--deal", "1", "--max-states", "5")
    assert out.exit_code == 0, out.output
    assert ("thoughtful: the solver saw the face-down cards" in out.output) is hides
    data = __import__("json").loads(run_cli(game, "--deal", "1", "--max-states", "5", "--json").output)
    assert data["thoughtful"] is hides


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


KK_KINDS = ("A234", "5678", "9TJQ", "K")  # KK-3: the four foundation groups, eight piles each


def kk_pile(index: int) -> tuple[str, str]:
    """The ranks and the suit of foundation o(index+1): eight piles per group, two per suit."""
    return KK_KINDS[index // 8], "CDHS"[index % 8 // 2]


def kk_foundations(kept: dict[int, int]) -> tuple[dict[str, str], list[str]]:
    """Squaring the Circle's 32 foundations full, but pile o(i+1) holding only its first
    ``kept[i]`` cards; and the cards left out."""
    piles: dict[str, str] = {}
    out: list[str] = []
    for index in range(32):
        kind, suit = kk_pile(index)
        cards = [rank + suit for rank in kind]
        count = min(kept.get(index, len(cards)), len(cards))
        piles[f"o{index + 1}"] = " ".join(cards[:count])
        out += cards[count:]
    return piles, out


def test_KK4_a_five_that_may_start_a_pile_is_left_to_the_search():
    # One A♥ laid, so one 5♥ may start a pile. The waste's 5♥ is as safe as a card can be, but
    # played first it leaves the carpet's 5♥ nowhere to go, and that one covers the second A♥
    # from above while the 2♥ covers it from below. Only the carpet's 5♥ first wins.
    piles, out = kk_foundations({5: 0, 12: 0, 13: 0, 20: 0, 21: 0})  # A-4♥, both 5-8♥, both 9-Q♥ out
    stock_order = ["3H", "4H", "6H", "7H", "8H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "9H", "TH", "JH", "QH"]  # first turned first
    placed = {"d3": "5H", "d4": "AH", "d5": "2H", "w": "5H"}
    assert sorted([*placed.values(), *stock_order]) == sorted(out)  # nothing left for `build`'s fill
    piles.update({**placed, "s": " ".join(reversed(stock_order)) + " |"})
    game = build("kwadratura-kola", piles, fill="a1", redeals=2)
    assert autoplay_rule(game.rules) == SIMPLE and sorted(notations(game)) == ["d3o", "s", "wo"]
    wrong = game.copy()
    wrong.play("wo")
    result = solve(game, timeout=30)
    assert result.status == "solved" and result.moves[0] == "d3o"
    assert plays_to_win(game, result.moves)
    assert solve(wrong, timeout=30).status == "unsolvable"


@settings(max_examples=120, deadline=None)
@given(st.data())
def test_KK4_safe_moves_and_commuting_stock_turns_lose_no_win_in_squaring_the_circle(data):
    # Squaring the Circle endings: a few foundation piles cut short (bases too, keeping KK-4's
    # order: no more 5s than As of a suit laid out, no more 9s than 5s), their cards spread over
    # the middle of the carpet and the stock. Safe moves there are proven with `follows` and two
    # decks (`autoplay_rule` (5), (6)); the answer must equal a search that prunes nothing.
    cuts = data.draw(st.dictionaries(st.integers(0, 31), st.integers(0, 2), min_size=2, max_size=5), label="kept per cut pile")
    piles, out = kk_foundations(cuts)
    for suit in "CDHS":
        started = {kind: sum(1 for i in range(32) if kk_pile(i) == (kind, suit) and piles[f"o{i + 1}"])
                   for kind in KK_KINDS}
        assume(started["5678"] <= started["A234"] and started["9TJQ"] <= started["5678"])
    out = data.draw(st.permutations(out), label="cards out")
    in_stock = data.draw(st.integers(0, len(out)), label="stock and waste size")
    on_waste = data.draw(st.integers(0, in_stock), label="waste size")
    piles["s"] = " ".join(out[on_waste:in_stock]) + " |"
    piles["w"] = " ".join(out[:on_waste])
    # The middle of the carpet, where cards block each other's lanes (KK-2), then the rest.
    middle = [cell(r, c) for r in range(3, 6) for c in range(3, 6)]
    cells = data.draw(st.permutations(middle), label="carpet places") + [
        cell(r, c) for r in range(8) for c in range(8) if cell(r, c) not in middle]
    for place, card in zip(cells, out[in_stock:]):
        piles[place] = card
    redeals = data.draw(st.sampled_from([2, 2, 1, 0]), label="redeals used")
    spare = cells[len(out) - in_stock]  # every card is placed: `build`'s fill pile stays empty
    game = build("kwadratura-kola", piles, fill=spare, redeals=redeals)
    assert stock_commutes(game.rules) and autoplay_rule(game.rules) == SIMPLE
    assert_answer_is_exact(game)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["klondike", "klondike-3", "freecell", "parada", "kwadratura-kola", "czternastki", "dywan"]),
       st.integers(1, 10**6), st.randoms(use_true_random=False))
def test_listing_children_leaves_the_position_as_it_was(name, deal, rnd):
    # Depth-first search pushes and pops along one game: listing a position's children (stock
    # chains, safe moves after a turn included) must bring it back exactly.
    tree = _Tree(Game.new(name, deal=deal), SIMPLE)
    game = tree.game
    for _step in range(20):
        before = (game.key(), len(game.history))
        children = list(tree.children(None))
        assert (game.key(), len(game.history)) == before
        if not children:
            break
        edge = rnd.choice(children)[0]
        for move in edge:
            game.push(move)


# Hops (`solver/hops.py`): a run moved off a card it is built on, onto that card's twin, is
# played only together with a move that uses the card it uncovers.

def test_hops_are_paired_only_where_the_proof_holds():
    for name in ("klondike", "klondike-3", "klondike-vegas"):
        group = hop_group(Game.new(name).rules)
        assert group is not None and group.id == "tableau"
    for name in ("freecell", "cromwell", "parada", "parada-1", "kwadratura-kola", "dywan", "czternastki"):
        assert hop_group(Game.new(name).rules) is None  # cells and run limits, swaps, grids...
    text = (ROOT / "rulesets" / "klondike-3.yaml").read_text(encoding="utf-8")
    variants = {
        "wraps": text.replace("build: {rank: down, suit: alternate-colour}",
                              "build: {rank: down, suit: alternate-colour, wrap: true}"),
        "cells": text.replace("stock: {role: stock, labels: [s]}",
                              "stock: {role: stock, labels: [s]}\n  cells: {role: cell, count: 1, labels: [a], empty: any}"),
        "two-decks": text.replace("decks: 1 ", "decks: 2 "),
        "waste-builds": text.replace("waste: {role: waste, labels: [w], move: top}",
                                     "waste: {role: waste, labels: [w], move: top, build: {rank: down, suit: any}}"),
    }
    for variant, changed in variants.items():
        assert changed != text, variant
        ruleset = load_text(changed.replace("id: klondike-3\n", f"id: {variant}\n"))
        assert hop_group(Game(ruleset).rules) is None, variant


def hop_position() -> Game:
    """Klondike: clubs home to the 6, hearts to the 5, spades to the 7, diamonds all home.
    Column 1 holds 7♣ 6♥ face down under 8♠ 7♥, column 2 the 8♣, column 3 K♠ Q♥, column 4 K♣;
    the rest lies face down in the stock."""
    piles = {**full_foundations_but("7C 6H 8S"), "1": "7C 6H | 8S 7H", "2": "8C", "3": "KS QH", "4": "KC"}
    return build("klondike", piles, fill="s", fill_face_down=True)


def test_a_hop_is_a_child_only_together_with_a_use_of_the_card_it_uncovers():
    # 7♥ may hop onto 8♣, uncovering 8♠, which then goes home: one child of two moves (and the
    # safe moves after it). Q♥ may hop onto K♣, but nothing could use the K♠ it uncovers (Q♦
    # is home, K♠ is not wanted there): no child. Without the pairing both hops are children.
    game = hop_position()
    words = {game.notation(m): m for m in game.legal_moves()}
    seven, queen = words["12"], words["34"]
    tree = _Tree(game, autoplay_rule(game.rules))
    assert tree.hops is not None and tree.hops.is_hop(tree.game, seven) and tree.hops.is_hop(tree.game, queen)
    stock = words["s"]
    assert tree.hops.may_be_used(tree.game, seven, stock) and not tree.hops.may_be_used(tree.game, queen, stock)
    edges = [edge for edge, _back, _won in tree.children(None)]
    firsts = [edge[0] for edge in edges]
    assert queen not in firsts
    paired = [edge for edge in edges if edge[0] == seven]
    column_1 = game.rules.pile_by_label["1"]
    assert len(paired) == 1 and paired[0][1][0] == column_1 and paired[0][1][1] in game.rules.foundation_piles
    assert len(paired[0]) > 2  # 6♥ turned up, and more, go home after it
    assert all(not tree.hops.is_hop(game, first) or len(edge) > 1 for edge, first in zip(edges, firsts))
    unpaired = _Tree(game, autoplay_rule(game.rules))
    unpaired.hops = None
    assert {seven, queen} <= {edge[0] for edge, _back, _won in unpaired.children(None)}
    result = solve(game, timeout=30)
    assert result.status == "solved" and plays_to_win(game.copy(), result.moves)


def test_a_hop_pairs_with_a_waste_card_the_stock_turns_up_later():
    # As above, but 7♦ is out too, face down in the stock: it lands on the uncovered 8♠ once the
    # stock has turned far enough. The pair is the hop, those turns, then 7♦ from the waste.
    piles = {**full_foundations_but("7C 6H 8S 7D"), "1": "7C 6H | 8S 7H", "2": "8C", "3": "KS QH", "4": "KC"}
    game = build("klondike", piles, fill="s", fill_face_down=True)
    rules = game.rules
    seven = next(m for m in game.legal_moves() if game.notation(m) == "12")
    tree = _Tree(game, autoplay_rule(rules))
    paired = [edge for edge, _back, _won in tree.children(None) if edge[0] == seven]
    column_1, waste = rules.pile_by_label["1"], rules.waste_pile
    from_waste = [edge for edge in paired if any(move[:2] == (waste, column_1) for move in edge)]
    assert len(from_waste) == 1
    edge = from_waste[0]
    turns = edge[1:edge.index(next(m for m in edge if m[:2] == (waste, column_1)))]
    assert turns and all(move[0] == rules.stock_pile for move in turns)
    replay = game.copy()
    for move in edge[:len(turns) + 1]:
        replay.play(move)
    assert card_str(replay.piles[waste][-1], ascii=True) == "7D"


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 40))
def test_a_hop_the_filter_passes_over_has_no_use(rnd, steps):
    # `Hops.may_be_used` only saves listing moves: along random lines of play in every Klondike
    # game, each hop it passes over has no move using the card it uncovers.
    game = Game.new(rnd.choice(["klondike", "klondike-3", "klondike-vegas"]), deal=rnd.randint(1, 10**6))
    tree = _Tree(game, autoplay_rule(game.rules))
    hops, here = tree.hops, tree.game
    assert hops is not None and hops.talon is not None
    checked = 0
    for _step in range(steps):
        moves = here.legal_moves()
        stock = next((m for m in moves if m[1] < 0), None)
        for move in moves:
            if hops.is_hop(here, move) and not hops.may_be_used(here, move, stock):
                here.push(move)
                assert not list(hops.uses(here, move))
                here.pop()
                checked += 1
        if not moves:
            break
        here.push(rnd.choice(moves))
    event(f"hops passed over: {min(checked, 3)}+")


def klondike_ending(data, ruleset) -> Game:
    """A Klondike draw-3 ending with built face-up runs on the columns, where hops abound: the
    foundations full up to a random rank per suit, each column a few face-down cards under a
    run built down in alternating colours, the other cards in the stock and on the waste."""
    foundations, rest = klondike_foundations_and_the_rest(data)
    pool = list(rest)
    piles = dict(foundations)
    for column in range(data.draw(st.integers(1, 7), label="columns")):
        if not pool:
            break
        down = [pool.pop() for _ in range(min(len(pool) - 1, data.draw(st.integers(0, 2), label="face down")))]
        run = [pool.pop()]
        while data.draw(st.booleans(), label="longer run"):
            below = parse_card(run[-1])
            fitting = [c for c in pool if RANK[parse_card(c)] == RANK[below] - 1
                       and IS_RED[parse_card(c)] != IS_RED[below]]
            if not fitting:
                break
            run.append(data.draw(st.sampled_from(fitting), label="next card"))
            pool.remove(run[-1])
        piles[str(column + 1)] = " ".join(down) + " | " + " ".join(run)
    on_waste = data.draw(st.integers(0, len(pool)), label="waste size")
    piles["s"] = " ".join(pool[on_waste:]) + " |"
    text = build("klondike-3", piles, fill="w").position()  # the waste: the cards left, in card order
    return Game.from_position(text.replace("game: klondike-3", f"game: {ruleset.id}"), ruleset)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_hops_paired_with_their_uses_lose_no_win(data):
    # The solver plays a hop only with a move that uses what it uncovers; on endings full of
    # built runs its answer, and each search's alone, must equal a search that prunes nothing.
    game = klondike_ending(data, no_worry_back())
    assert hop_group(game.rules) is not None
    assert_answer_is_exact(game)
