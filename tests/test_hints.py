"""Hints that make progress (issue 25, deliverable 2): a plan kept while followed, never a step
back to a position already played, and an honest word when no line was found."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from unittest.mock import patch

import pytest
from positions import build, full_foundations_but

from patience.session.session import Session, Settings
from patience.engine.game import Game
from patience.solver import hints as hints_module
from patience.solver import solve
from patience.engine import assist
from patience.solver.hints import Planner, played_positions, with_autoplay

STATES = 20_000  # the tests' budget: positions, not seconds, so the answers do not depend on load


@contextmanager
def budget(states: int | None = STATES, seconds: float | None = None) -> Iterator[None]:
    with patch("patience.session.session.HINT_SECONDS", seconds), patch("patience.session.session.HINT_STATES", states):
        yield


def follow_hints(game_id: str, deal: int, *, autoplay: bool = False, limit: int = 1500) -> tuple[str, int]:
    """Play hint after hint from the deal through the session, as a player would type them; the
    game's status and the moves played. Fails at once if a position comes round again."""
    s = Session(Game.new(game_id, deal), Settings(autoplay=autoplay))
    s.open_deal()  # with autoplay, the deal's safe cards go home first, as in `patience play`
    seen = {s.game.canonical_key()}
    with budget():
        for played in range(limit):
            if s.status() != "in progress":
                return s.status(), played
            suggested = s.next_hint().move
            if suggested is None:
                return s.status(), played
            reply = s.handle(s.game.notation(suggested))
            assert not reply.failed, reply.lines
            key = s.game.canonical_key()
            assert key not in seen, f"{game_id} {deal}: move {played + 1} returns to a position already played"
            seen.add(key)
    return s.status(), limit


def solver_wins(game_id: str, deal: int) -> bool:
    return solve(Game.new(game_id, deal), timeout=None, max_states=STATES).status == "solved"


# A sample in the default suite; every deal of the list is in benchmarks/hints.py.
@pytest.mark.parametrize("game_id, deal", [("klondike", 2), ("freecell", 1), ("freecell", 3), ("parada-1", 1)])
def test_following_hints_wins_a_deal_the_solver_wins_with_no_repeated_position(game_id, deal):
    assert solver_wins(game_id, deal)
    status, moves = follow_hints(game_id, deal)
    assert status == "won", f"{game_id} {deal}: {status} after {moves} hints"


@pytest.mark.parametrize("game_id, deal", [("freecell", 2), ("klondike", 4), ("kwadratura-kola", 10),
                                           ("kwadratura-kola", 18)])
def test_with_autoplay_on_one_plan_is_followed_to_a_win(game_id, deal):
    """Autoplay sends cards home that the solver's line moves later; the plan is the line as
    played with it (`with_autoplay`), so the game never leaves it and one search is enough.
    Kwadratura Koła 10 and 18 were lost before: the game left the line where autoplay sent a card,
    the searches again from there found no line within their cut budget, and the fallbacks lost
    the deal (on deal 10 autoplay itself did, sending the waste's 5♣ to start a counted pile)."""
    with patch.object(hints_module, "solve", wraps=hints_module.solve) as searched:
        status, _moves = follow_hints(game_id, deal, autoplay=True)
    assert status == "won" and searched.call_count == 1


def test_a_line_as_played_with_autoplay_drops_what_autoplay_sends_and_still_wins():
    """Klondike 4: the solver's line sends safe cards home itself and takes one back from a
    foundation that autoplay filled in another order; the player's moves are fewer, and they win."""
    game = Game.new("klondike", 4)
    assist.autoplay(game)
    line = solve(game, timeout=None, max_states=STATES).line
    typed = with_autoplay(game, line)
    assert typed is not None and len(typed) < len(line)
    assert any(move[0] in game.rules.foundation_piles for move in line)  # the line takes a card back
    for move in typed:
        game.play(move)
        assist.autoplay(game)
    assert game.is_won()


def test_a_line_that_does_not_fit_the_position_is_not_offered_as_played_with_autoplay():
    other = solve(Game.new("freecell", 1), timeout=None, max_states=STATES).line
    assert with_autoplay(Game.new("freecell", 2), other) is None


@pytest.mark.slow
@pytest.mark.parametrize("game_id, deals", [("klondike", (1, 4, 6)), ("freecell", range(1, 11)),
                                            ("parada-1", (2, 3))])
def test_following_hints_wins_more_deals_the_solver_wins(game_id, deals):
    for deal in deals:
        if solver_wins(game_id, deal):
            assert follow_hints(game_id, deal)[0] == "won", f"{game_id} {deal}"


def test_a_plan_is_kept_while_the_player_follows_it():
    s = Session(Game.new("freecell", 1), Settings())
    with budget(), patch.object(hints_module, "solve", wraps=hints_module.solve) as searched:
        for _step in range(12):
            s.handle(s.game.notation(s.next_hint().move))
    assert searched.call_count == 1


def test_leaving_the_plan_searches_again_and_the_new_line_wins():
    s = Session(Game.new("freecell", 3), Settings())
    with budget():
        planned = s.next_hint().move
        other = next(m for m in s.game.legal_moves() if m != planned and m[1] not in s.game.rules.foundation_piles)
        s.handle(s.game.notation(other))
        with patch.object(hints_module, "solve", wraps=hints_module.solve) as searched:
            s.next_hint()
        assert searched.call_count == 1
    status, _moves = follow_on(s)
    assert status == "won"


def follow_on(s: Session) -> tuple[str, int]:
    with budget():
        for played in range(500):
            if s.status() != "in progress":
                break
            s.handle(s.game.notation(s.next_hint().move))
    return s.status(), played


def test_a_hint_never_takes_back_the_previous_move(monkeypatch):
    """FreeCell deal 1, nine moves along the solver's line, then 6 to a cell: asked afresh, the
    solver's first move is that card straight back (the issue's `26`, `62`); the hint is not."""
    monkeypatch.setenv("PATIENCE_PURE", "1")  # the nine moves are the Python search's line
    game = Game.new("freecell", 1)
    for text in solve(game, timeout=None, max_states=STATES, shorter=False).moves[:9]:
        game.play(text)
    game.play("6c")
    back = (game.history[-1][0][1], game.history[-1][0][0], 1)
    trap = solve(game, timeout=None, max_states=2000, shorter=False)
    assert trap.moves[0] == game.notation(back)  # the trap is there
    s = Session(game, Settings())
    with budget(2000):
        suggested = s.next_hint().move
    assert suggested != back
    after = game.copy()
    after.push(suggested)
    assert after.canonical_key() not in played_positions(game)


def test_the_fallback_never_returns_to_a_position_already_played():
    """9♥ lay on 10♠ and went to a free cell. Ranked first by merit, `a1` (back onto 10♠) would
    return to where the game was, so the fallback passes it over for the next move."""
    game = build("freecell", {"1": "TS 9H", "2": "KD", "3": "QC"}, fill="8")
    game.play("1a")
    ranked = hints_module.ranked_moves(game)
    back = next(m for m, _why in ranked if game.notation(m) == "a1")
    first_new = next(m for m, _why in ranked if m != back)
    with patch.object(hints_module, "ranked_moves", lambda g: [(back, "builds"), *[r for r in ranked if r[0] != back]]):
        suggested = Planner()._fallback(game, played_positions(game), "timeout").move
    assert suggested == first_new


def test_no_line_within_the_budget_says_so_and_names_a_move_that_makes_progress(monkeypatch):
    monkeypatch.setenv("PATIENCE_PURE", "1")  # the compiled core wins this deal within 1 ms
    s = Session(Game.new("klondike", 3), Settings())
    with budget(states=10):
        line = s.handle("hint").lines[0]
    assert line.startswith("no winning line found in 10 positions; a move that ")
    assert ": " in line
    with budget(states=None, seconds=0.001):
        s2 = Session(Game.new("klondike", 3), Settings())
        line = s2.handle("hint").lines[0]
    assert line.startswith("no winning line found in 0") and " s; a move that " in line


def test_a_failed_search_is_not_repeated_at_the_same_position():
    s = Session(Game.new("klondike", 3), Settings())
    with budget(states=10), patch.object(hints_module, "solve", wraps=hints_module.solve) as searched:
        first = s.handle("hint").lines[0]
        again = s.handle("hint").lines[0]
    assert searched.call_count == 1
    assert again.startswith("a move that ") and first.endswith(again.split("a move that ", 1)[1])


def test_asked_again_where_nothing_was_played_a_hint_names_the_same_move():
    """G-2's hints are advice, and advice that changes when asked twice is none: Parada deal 1
    once said `b7a2`, then `s`, then `b7a2`; a Sir Tommy said `w1`, then that no move would help
    (its card was barred as the previous hint's, though that hint was never played)."""
    s = Session(Game.new("parada", 1), Settings())
    with budget(states=10):
        replies = [s.handle("hint") for _ask in range(3)]
    assert replies[0].hinted is not None
    assert [reply.hinted for reply in replies] == [replies[0].hinted] * 3
    assert replies[1].lines[0].startswith("a move that ")  # the preamble is said once
    s.handle(s.game.notation(replies[0].hinted))
    with budget(states=10):
        assert s.handle("hint").hinted not in (None, replies[0].hinted)  # a new position: a new hint


def test_the_no_line_preamble_is_said_once_not_on_every_hint():
    """Issue 35 item 5: "no winning line found in …" once; the next fallbacks name their move only,
    until a search finds a line, after which a new miss is said again."""
    s = Session(Game.new("klondike", 3), Settings())
    with budget(states=10):
        first = s.handle("hint")
        assert first.lines[0].startswith("no winning line found in 10 positions; a move that ")
        s.handle(s.game.notation(first.hinted))
        second = s.handle("hint")
        assert second.lines[0].startswith("a move that ") and "no winning line" not in second.lines[0]
        s.handle(s.game.notation(second.hinted))
    planner = s.planner
    assert planner is not None and planner.announced
    with budget(states=STATES):
        found = s.next_hint()
    assert found.found == "plan" and not planner.announced  # a line: the next miss is news again
    s.handle(s.game.notation(found.move))
    planner.plan = None
    with budget(states=10):
        assert s.next_hint().announce


def test_a_fallback_does_not_carry_the_previous_hints_card_on():
    """Issue 35 item 5 (Parada: `c1a1`, then `a1b1`): the card the previous hint moved is not
    moved again to another pile by the next fallback, though ranked first; home it may go."""
    game = build("freecell", {"1": "TS 9H", "2": "KD", "3": "QC", "4": "TC"}, fill="8")
    game.play("1a")
    planner = Planner()
    planner.last_cards = tuple(game.piles[game.rules.pile_by_label["a"]])  # as if a hint said `1a`
    again = next(m for m in game.legal_moves() if game.notation(m) == "a4")  # 9♥ on to the 10♣
    ranked = hints_module.ranked_moves(game)
    with patch.object(hints_module, "ranked_moves", lambda g: [(again, "to-cell"), *ranked]):
        suggested = planner._fallback(game, played_positions(game), "timeout").move
    assert suggested != again and suggested is not None
    assert set(hints_module.moved_cards(game, suggested)).isdisjoint(planner.last_cards)
    home = build("freecell", {"1": "2S AS", "2": "KD"}, fill="8")
    home.play("1a")  # A♠ to a cell; from there it may still go home
    planner.last_cards = (home.piles[home.rules.pile_by_label["a"]][-1],)
    move = planner._fallback(home, played_positions(home), "timeout").move
    assert home.notation(move) == "ah"


def test_hints_never_walk_a_card_about_on_a_deal():
    """Following the hints of a deal the solver does not win within the budget, no hint moves the
    card the previous hint moved, except home."""
    s = Session(Game.new("parada", 2), Settings())  # without the rule, six of 25 hints walk a card on
    previous: tuple[int, ...] = ()
    with budget(states=50):
        for _turn in range(25):
            if s.status() != "in progress":
                break
            found = s.next_hint()
            if found.move is None:
                break
            cards = hints_module.moved_cards(s.game, found.move)
            if found.found == "fallback" and found.move[1] not in s.game.rules.foundation_piles:
                assert not set(cards) & set(previous), s.game.notation(found.move)
            previous = cards
            assert not s.handle(s.game.notation(found.move)).failed


def cw(piles: dict[str, str], **header: str) -> Game:
    """A Cromwell position; every card not named lies on foundation h1, out of play."""
    return build("cromwell", piles, fill="h1", **header)


def test_cromwell_hints_try_the_swap_when_the_search_finds_no_line(monkeypatch):
    """Issue 35 item 5: thousands of swaps drown the search; the most promising are searched after
    (the A♥ under the 3♥ swapped to the top: all three go home), and the hint names the swap."""
    game = cw({"01": "AH 2H 3H", "02": "5H 4H", "03": "7H 6H", "04": "9H 8H", "05": "JH TH"})
    promising = hints_module.promising_swaps(game)
    assert promising and game.notation(promising[0]) == "x01.1-01.3"
    monkeypatch.setattr(Planner, "_search", lambda self, g, seconds, states: "max states")  # drowned
    found = Planner().hint(game, seconds=None, states=1000)
    assert found.found == "plan" and game.notation(found.move) == "x01.1-01.3"
    used = cw({"01": "AH 2H 3H", "02": "5H 4H"}, uses="x 0")
    assert hints_module.promising_swaps(used) == []  # the swap is spent: none to try


def test_cromwell_a_swap_or_any_new_move_before_no_move_would_help():
    """Issue 35 item 5: Cromwell said "no move would help" with moves and the swap left. Here no
    move makes progress by merit (8♥ already lies on a 9♥), yet the swap remains, then the move."""
    game = cw({"01": "5C 9H 8H", "02": "9H", "03": "AS 5D 2S"})
    assert hints_module.ranked_moves(game) == []
    planner = Planner()
    found = planner._fallback(game, played_positions(game), "timeout")
    assert found.found == "fallback" and found.why == "swaps" and game.notation(found.move).startswith("x")
    spent = cw({"01": "5C 9H 8H", "02": "9H", "03": "AS 5D 2S"}, uses="x 0")
    found = planner._fallback(spent, played_positions(spent), "timeout")
    assert found.found == "fallback" and found.why == "elsewhere" and spent.notation(found.move) == "0102"
    s = Session(game, Settings())
    with budget(states=10):
        line = s.handle("hint").lines[0]
    assert "no move would help" not in line and "a move that uses the once-a-game swap: x" in line
    stuck = cw({"01": "9H 7H", "03": "AS 5D 2S"}, uses="x 0")
    assert planner._fallback(stuck, played_positions(stuck), "timeout").found == "none"


def test_where_only_the_previous_hints_card_can_move_on_that_move_is_named_not_none():
    """`none` only when no legal move leads anywhere new: a fallback that may not carry the
    previous hint's card on still names that move when it is the only one (it said "no move
    would help here" beside it)."""
    game = cw({"01": "5C 9H 8H", "02": "9H", "03": "AS 5D 2S"}, uses="x 0")
    planner = Planner()
    planner.last_cards = (game.piles[game.rules.pile_by_label["01"]][-1],)  # as if the 8♥ had just come
    found = planner._fallback(game, played_positions(game), "timeout")
    assert found.found == "fallback" and game.notation(found.move) == "0102"


def test_the_hint_mentions_face_down_cards_only_where_there_are_some():
    with budget():
        freecell = Session(Game.new("freecell", 1), Settings()).handle("hint").lines[0]
        klondike = Session(Game.new("klondike", 2), Settings()).handle("hint").lines[0]
    assert freecell.startswith("try ") and "solver wins from here" in freecell and "face-down" not in freecell
    assert klondike.startswith("try ") and "sees face-down cards" in klondike


def test_a_new_deal_forgets_the_plan():
    s = Session(Game.new("freecell", 1), Settings())
    with budget():
        s.next_hint()
        assert s.planner is not None and s.planner.plan is not None  # deal 1's plan is kept
        s.handle("new! 3")
        assert s.game.deal_number == 3
        assert s.planner is None  # nothing of deal 1's plan carries over
        suggested = s.next_hint().move
    assert s.game.is_legal(suggested)


def test_no_hint_once_the_game_is_over():
    game = build("freecell", full_foundations_but("KS"), fill="8")
    s = Session(game, Settings(autofinish=False))
    s.handle("8h")
    assert s.status() == "won"
    assert s.handle("hint").lines == ["the game is over; undo, restart or new"]


def test_the_hint_reply_carries_its_move_for_the_full_screen():
    s = Session(Game.new("freecell", 1), Settings())
    with budget():
        reply = s.handle("hint")
        assert reply.hinted == s.next_hint().move and s.game.notation(reply.hinted) in reply.lines[0]
    with budget(states=10):
        fallback = Session(Game.new("klondike", 3), Settings()).handle("hint")
    assert fallback.hinted is not None and fallback.lines[0].startswith("no winning line")


def test_after_a_search_runs_out_of_budget_the_next_hints_search_with_a_quarter_of_it():
    """A deal the solver does not win within a hint's budget must not cost the whole budget at every
    move: after a miss the next searches get `AFTER_A_MISS` of it, until one finds a line."""
    planner = Planner()
    budgets: list[int | None] = []
    real_solve = hints_module.solve

    def recording(game, timeout=None, max_states=None, **kwargs):
        budgets.append(max_states)
        return real_solve(game, timeout=timeout, max_states=max_states, **kwargs)

    game = Game.new("klondike", 3)
    with patch.object(hints_module, "solve", recording):
        missed = planner.hint(game, seconds=None, states=40)
        assert missed.found == "fallback" and missed.search == "max states" and missed.budget_states == 40
        game.push(missed.move)
        second = planner.hint(game, seconds=None, states=40)
        assert second.budget_states == 10  # the message names the budget this search had
        assert planner.hint(game, seconds=None, states=40) == second  # asked again here: no new search
        game.push(second.move)
        assert planner.missed
        planner.missed = False  # as after a search that found a line
        planner.hint(game, seconds=None, states=40)
    assert budgets == [40, 10, 40]


def test_a_search_that_finds_a_line_ends_the_reduced_budget():
    planner = Planner()
    game = Game.new("freecell", 1)
    first = planner.hint(game, seconds=None, states=5)
    assert first.found == "fallback" and planner.missed
    game.push(first.move)
    found = planner.hint(game, seconds=None, states=4 * STATES)  # a quarter is STATES: enough for deal 1
    assert found.found == "plan" and found.move is not None
    assert not planner.missed  # the next search, wherever it is, gets the whole budget again


@pytest.mark.parametrize("game_id, deal, reason", [
    ("parada-1", 4, "some card stays buried under the stock's deals"),  # PA-5: the deals bound
    ("kwadratura-kola", 2, "some card can never reach the foundations"),  # KK-2, KK-3: the home bound
])
def test_a_position_the_solver_proves_lost_is_called_lost_and_a_move_still_named(game_id, deal, reason):
    session = Session(Game.new(game_id, deal), Settings())
    before = session.game.position()
    reply = session.handle("hint")
    text = reply.lines[0]
    assert text.startswith("no win is possible from here: " + reason), text
    assert "finds no win" not in text and "no winning line found" not in text
    assert reply.hinted is not None and session.game.position() == before  # a move named, none played
    # A proof is no search that ran out of budget: the next search keeps its whole budget.
    assert not session.planner.missed


def test_at_the_deal_an_exhausted_search_says_the_game_cannot_be_won():
    # Klondike draw 3 deal 29 has no win (the solver exhausts it; benchmarks/unpruned.py confirmed
    # it with no pruning): nothing was played yet, so no position was avoided and the deal is lost.
    session = Session(Game.new("klondike-3", 29), Settings())
    text = session.handle("hint").lines[0]
    assert text.startswith("no win is possible from here: the solver searched every line; a move that "), text


def test_with_win_classes_an_exhausted_first_class_search_claims_no_more():
    # CZ-4: the hint's search is for the first class; a second-class end might remain, so the
    # message does not say that no win is possible.
    session = Session(Game.new("czternastki", 5), Settings())
    text = session.handle("hint").lines[0]
    assert text.startswith("the solver finds no win from here that avoids the positions already played"), text
