"""Shorter lines (issue 34 deliver 1): `solver.shorten` cuts cycles and undone moves, joins moves
that one move does, keeps the line away from given positions, and returns only lines that replay
to a win through `Game.play`; `solve` answers with the shortened line."""

from __future__ import annotations

import pytest

from patience.engine.game import Game
from patience.engine.moves import Move
from patience.solver import solve
from patience.solver.hints import Planner
from patience.solver.shorten import Work, arrangements, renamed, shorten, wins


def raw_line(game_id: str, deal: int) -> tuple[Game, list[Move]]:
    game = Game.new(game_id, deal)
    found = solve(game, timeout=None, max_states=200_000, shorter=False)
    assert found.status == "solved"
    return game, found.line


def at(game: Game, line: list[Move], index: int) -> Game:
    work = game.copy()
    for move in line[:index]:
        work.push(move)
    return work


def detour(game: Game, line: list[Move], index: int) -> list[Move]:
    """The line with a move and its reversal put in at ``index``: a cycle of two moves."""
    here = at(game, line, index)
    for move in here.legal_moves():
        src, dst, n = move
        if dst < 0 or move == line[index]:
            continue
        here.push(move)
        back = (dst, src, n)
        ok = here.why_illegal(back) is None
        here.pop()
        if ok:
            return line[:index] + [move, back] + line[index:]
    raise AssertionError("no move with a reversal here")


def test_a_cycle_is_cut():
    game, line = raw_line("freecell", 3)
    longer = detour(game, detour(game, line, 10), 40)
    assert wins(game, longer) and len(longer) == len(line) + 4
    short = shorten(game, longer, depth=1)
    assert wins(game, short)
    assert len(short) <= len(line)


def test_single_card_moves_become_one_run_move():
    """FC-3's run move: three single moves through a cell (top card out, next card over, top card
    back on it) are one move of two cards."""
    game, line = raw_line("freecell", 3)
    for index in range(len(line)):
        here = at(game, line, index)
        runs = [m for m in here.legal_moves() if m[1] >= 0 and m[2] == 2 and m[1] in here.rules.column_piles]
        cells = [p for p in here.rules.cell_piles if not here.piles[p]]
        if runs and cells:
            break
    else:
        pytest.fail("no two-card run move with a free cell on the line")
    src, dst, _n = runs[0]
    cell = cells[0]
    singles = [(src, cell, 1), (src, dst, 1), (cell, dst, 1)]
    # The line from there on, after the run move: a win that starts with the three singles.
    after = at(game, line, index)
    after.push(runs[0])
    rest = solve(after, timeout=None, max_states=200_000, shorter=False)
    assert rest.status == "solved"
    longer = line[:index] + singles + rest.line
    assert wins(game, longer)
    short = shorten(game, longer, depth=1)
    assert wins(game, short)
    assert len(short) <= len(longer) - 2


def test_a_card_moved_twice_goes_once():
    """A card to a cell and later from the cell onto a column goes there at once where it may."""
    game, line = raw_line("bakers-game", 8)  # its raw line (solver 10) has detours to cut; deal 2's no longer has
    short = shorten(game, line, depth=1)
    assert wins(game, short) and len(short) < len(line)


@pytest.mark.parametrize("game_id, deal", [("klondike", 1), ("seahaven-towers", 1), ("canfield", 3),
                                           ("golf", 1)])
def test_shortening_is_generic_and_never_longer(game_id, deal):
    game = Game.new(game_id, deal)
    found = solve(game, timeout=None, max_states=200_000, shorter=False)
    if found.status != "solved":
        pytest.skip(f"{game_id} deal {deal} not won within the test's budget")
    short = shorten(game, found.line)
    assert len(short) <= len(found.line) and wins(game, short)


def test_a_line_that_does_not_win_is_given_back_unchanged():
    game, line = raw_line("freecell", 3)
    broken = detour(game, line, 10)[:-5]  # a cycle to cut, but no win at the end
    assert not wins(game, broken)
    assert shorten(game, broken) == broken


def test_wins_refuses_an_illegal_move():
    game, line = raw_line("freecell", 3)
    assert wins(game, line)
    assert not wins(game, [(0, 0, 1), *line])


def test_no_work_no_change():
    game, line = raw_line("freecell", 3)
    longer = detour(game, line, 10)
    assert shorten(game, longer, work=Work(0)) == longer


def test_avoided_positions_stay_off_the_line():
    """The hints' rule: a shortened line never passes a position already played (``avoid``)."""
    game, line = raw_line("bakers-game", 8)
    free = shorten(game, line, depth=1)
    new = [key for key in map(lambda g: g.canonical_key(), _positions(game, free))
           if key not in set(map(lambda g: g.canonical_key(), _positions(game, line)))]
    assert new, "the shortening should have met a position the line did not"
    avoid = frozenset(new)
    kept = shorten(game, line, avoid, depth=1)
    assert wins(game, kept)
    assert not avoid & {g.canonical_key() for g in _positions(game, kept)}


def _positions(game: Game, line: list[Move]) -> list[Game]:
    return [at(game, line, i) for i in range(len(line) + 1)]


def test_arrangements_are_the_same_position():
    game = Game.new("freecell", 5)
    for other, where in arrangements(game, 4):
        assert other.canonical_key() == game.canonical_key()
        assert other.piles != game.piles
        assert [game.piles[where[p]] for p in range(len(game.piles))] == other.piles
    found = solve(arrangements(game, 1)[0][0], timeout=None, max_states=200_000, shorter=False)
    assert wins(game, renamed(found.line, arrangements(game, 1)[0][1], game))


def test_solve_answers_with_a_shorter_line_that_replays():
    game = Game.new("freecell", 1)
    raw = solve(game, timeout=None, max_states=200_000, shorter=False)
    short = solve(game, timeout=None, max_states=200_000)
    assert len(short.moves) < len(raw.moves)
    replay = game.copy()
    for word in short.moves:
        replay.play(word)
    assert replay.is_won()


def test_the_other_searches_share_one_budget_of_positions(monkeypatch):
    """`_short_line`'s searches of other pile orders take at most `AGAIN_IN_ALL` positions in
    all, however many there are: a slow game's win no longer costs 33 searches at four times its
    positions (Cromwell deal 1: over a million positions, 16 s). With the budget cut to half of
    what they take on FreeCell deal 1 they stop early, within it, and the line still wins."""
    from patience.solver import search

    def searches() -> list[int]:
        taken: list[int] = []
        answer = search._Searcher.answer

        def counted(self, game):
            found = answer(self, game)
            taken.append(found.states)
            return found

        monkeypatch.setattr(search._Searcher, "answer", counted)
        short = solve(Game.new("freecell", 1), timeout=None, max_states=200_000)
        replay = Game.new("freecell", 1)
        for word in short.moves:
            replay.play(word)
        assert replay.is_won()
        return taken

    every = searches()
    budget = sum(every) // 2
    assert len(every) >= 3 and budget > 0
    monkeypatch.setattr(search, "AGAIN_IN_ALL", budget)
    cut = searches()
    assert sum(cut) <= budget and len(cut) < len(every)


@pytest.mark.parametrize("deal", [1, 7, 9])
def test_100_hinted_freecell_moves_put_40_cards_home(deal):
    """Issue 34: a hint line takes the player home, not on a walk."""
    game = Game.new("freecell", deal)
    planner = Planner()
    for _turn in range(100):
        if game.is_won():
            break
        hint = planner.hint(game, seconds=None, states=50_000)
        assert hint.move is not None
        game.play(hint.move)
    home = sum(len(game.piles[p]) for p in game.rules.foundation_piles)
    assert home >= 40


@pytest.mark.parametrize(("game_id", "deal"), [("freecell", 3), ("klondike", 2), ("canfield", 1)])
def test_a_shared_memo_lists_each_positions_moves_and_changes_no_line(game_id, deal):
    """`Memo` keeps per exact position its legal moves in `legal_moves`' order, each with the print
    of where it leads (worked out without the move where only its two piles change: checked here
    against the move pushed, with faces turned up and, in Canfield, a column filled from the
    reserve); a memo filled by one shortening gives the next the very line a fresh one does."""
    from patience.solver.shorten import Memo, _print

    game, line = raw_line(game_id, deal)
    memo = Memo()
    for index in range(len(line)):
        here = at(game, line, index)
        listed = memo.successors(here)
        assert [entry[0] for entry in listed] == here.legal_moves()
        for move, printed, _key in listed:
            after = here.copy()
            after.push(move)
            assert printed == _print(after), (index, move)
    here = at(game, line, len(line) // 2)
    assert memo.successors(here) is memo.successors(here.copy())  # asked again: not listed again
    first = shorten(game, line, memo=memo)
    assert len(memo.after) > 1
    longer = None
    for index in range(10, len(line)):
        try:
            longer = detour(game, line, index)
            break
        except AssertionError:
            continue
    assert longer is not None
    assert shorten(game, longer, memo=memo) == shorten(game, longer) and first == shorten(game, line)


def test_solve_pauses_the_cycle_collector_only_while_it_shortens():
    """`search._no_collector`: the collector is on again after a solve, and a caller's own pause
    is left as it was."""
    import gc

    from patience.solver import search

    seen = []
    real = search._short_line

    def watched(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    game = Game.new("freecell", 3)
    was = gc.isenabled()
    try:
        search._short_line = watched
        gc.enable()
        assert solve(game, timeout=None, max_states=200_000).status == "solved"
        assert gc.isenabled()
        gc.disable()
        assert solve(game, timeout=None, max_states=200_000).status == "solved"
        assert not gc.isenabled()
    finally:
        search._short_line = real
        (gc.enable if was else gc.disable)()
    assert seen == [False, False]
