"""The full-screen game (issue 25), driven headless by Textual's pilot: clicks, double-clicks,
drags and keys on every shipped ruleset, a FreeCell game won by clicks, a resumed game, the
questions before a game is thrown away, and a board that fits (or says it cannot)."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("textual")

from positions import build, freecell_solution  # noqa: E402
from screentext import until  # noqa: E402

from patience import Game  # noqa: E402
from patience.session.session import Session, Settings  # noqa: E402
from patience.tui.app import PatienceApp  # noqa: E402
from patience.tui.config import Config  # noqa: E402
from patience.tui.layout import Hit  # noqa: E402
from patience.tui.widgets import BoardView  # noqa: E402
from patience.tui.screens import EndOfGame, Question  # noqa: E402
from patience.engine.moves import CLOSE_UP, REMOVE, SLOT, SWAP  # noqa: E402
from patience.ruleset.registry import shipped_rulesets  # noqa: E402

SHIPPED = sorted(r.id for r in shipped_rulesets())


def session_of(game: Game, **settings: bool) -> Session:
    return Session(game, Settings(**{"autoplay": False, **settings}), now=lambda: 0.0)


def app_for(session: Session, **options: bool) -> PatienceApp:
    return PatienceApp(session, Config(autoplay=False), ascii=options.get("ascii", False),
                       colour=options.get("colour", True), fixed_clock=True)


def spot(app: PatienceApp, hit: Hit) -> tuple[int, int]:
    """Where the card (or pile) ``hit`` is drawn, as an offset into the board widget."""
    board = app.board_view
    assert board.board is not None, "the board did not fit"
    for y, line in enumerate(board.board.lines):
        x = 0
        for text, _style, at in line:
            if at == hit:
                return x + len(text.rstrip()) - 1 + 1, y  # + 1: the widget's left padding
            x += len(text)
    raise AssertionError(f"{hit} is not on the board")


async def click(pilot, app: PatienceApp, hit: Hit, times: int = 1) -> None:
    await pilot.click(BoardView, offset=spot(app, hit), times=times)
    await pilot.pause()


async def click_move(pilot, app: PatienceApp, move: tuple[int, int, int]) -> None:
    """Play a move the way a player does: click its card, then its target."""
    game = app.session.game
    src, dst, n = move
    if dst == REMOVE:
        await click(pilot, app, (src, len(game.piles[src]) - 1))
        if n != src:
            await click(pilot, app, (n, len(game.piles[n]) - 1))
    elif dst < 0:
        await click(pilot, app, (src, len(game.piles[src]) - 1 if game.piles[src] else -1))
    else:
        await click(pilot, app, (src, len(game.piles[src]) - n))
        await click(pilot, app, (dst, len(game.piles[dst]) - 1 if game.piles[dst] else -1))


def clickable_move(game: Game) -> tuple[int, int, int]:
    """A legal move a click pair plays: a card move where one exists, else a stock move or a set out."""
    moves = [m for m in game.legal_moves() if m[1] != SWAP]
    return next((m for m in moves if m[1] >= 0), moves[0])


def play_out(app: PatienceApp, script, size: tuple[int, int] = (100, 32)) -> None:
    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(run())


def test_every_shipped_game_plays_a_move_by_clicks_and_undoes_and_redoes_it_by_keys():
    """One app, every shipped ruleset in turn (an app's start costs more than a game in it)."""
    app = app_for(session_of(Game.new("klondike", 1)))

    async def script(pilot) -> None:
        for game_id in SHIPPED:
            session = session_of(Game.new(game_id, 1))
            app.load(session)
            await pilot.pause()
            start = session.game.position()
            move = clickable_move(session.game)
            try:
                await click_move(pilot, app, move)
            except Exception as err:
                raise AssertionError(f"{game_id}: {session.game.notation(move)}: {err}") from err
            assert session.game.move_count == 1, f"{game_id}: the clicks did not play {session.game.notation(move)}"
            played = session.game.position()
            assert played != start, game_id
            if isinstance(app.screen, EndOfGame):  # a move that ends the game: back to the board
                await pilot.press("escape")
            await pilot.press("ctrl+z")
            assert session.game.position() == start, game_id
            await pilot.press("ctrl+y")
            assert session.game.position() == played, game_id

    play_out(app, script)


@pytest.mark.parametrize("by_hand", [pytest.param(12, id="last-12-moves"),
                                     pytest.param(999, id="every-move", marks=pytest.mark.slow)])
def test_freecell_game_won_by_clicks_ends_with_the_end_of_game_screen(by_hand):
    """Deal 1's known solution: the last moves (or all of them) by clicks, those before typed."""
    session = session_of(Game.new("freecell", 1), autofinish=False)
    app = app_for(session)
    solution = freecell_solution(1)
    for word in solution[:-by_hand]:
        assert not session.handle(word).failed

    async def script(pilot) -> None:
        from patience.engine.notation import parse_move

        for word in solution[-by_hand:]:
            if session.status() == "won":
                break
            await click_move(pilot, app, parse_move(session.game, word))
        assert session.status() == "won"
        assert isinstance(app.screen, EndOfGame)
        await pilot.press("ctrl+q")
        await pilot.pause()

    play_out(app, script)
    assert session.records and session.records[0].result == "won" or session.recorded


def test_double_click_sends_a_card_home():
    game = build("klondike", {"1": "| KH", "2": "| 5C AS"}, fill="s", fill_face_down=True)
    session = session_of(game)
    app = app_for(session)
    two = game.rules.pile_by_label["2"]

    async def script(pilot) -> None:
        await click(pilot, app, (two, 1), times=2)
        assert [c for c in session.game.piles[two]] == [game.piles[two][0]]
        homes = [p for p in range(len(game.piles)) if game.rules.group_of[p].role == "foundation"]
        assert sum(len(session.game.piles[p]) for p in homes) == 1

    play_out(app, script)


def test_a_card_dragged_onto_a_pile_moves_there():
    session = session_of(Game.new("freecell", 1))
    app = app_for(session)
    move = next(m for m in session.game.legal_moves() if m[1] >= 0)

    async def script(pilot) -> None:
        src, dst, n = move
        game = session.game
        await pilot.mouse_down(BoardView, offset=spot(app, (src, len(game.piles[src]) - n)))
        await pilot.mouse_up(BoardView, offset=spot(app, (dst, len(game.piles[dst]) - 1 if game.piles[dst] else -1)))
        await pilot.pause()
        assert session.game.move_count == 1

    play_out(app, script)


def test_picking_up_a_card_lights_its_targets_and_a_wrong_target_is_refused_in_one_line():
    session = session_of(Game.new("freecell", 1))
    app = app_for(session)
    src, dst, n = next(m for m in session.game.legal_moves() if m[1] >= 0)

    async def script(pilot) -> None:
        game = session.game
        await click(pilot, app, (src, len(game.piles[src]) - n))
        board = app.board_view
        assert dst in board.targets
        wrong = next(p for p in range(len(game.piles)) if p not in board.targets and p != src and game.piles[p])
        await click(pilot, app, (wrong, len(game.piles[wrong]) - 1))
        assert session.game.move_count == 0
        assert "cannot" in str(app.message_line.render())

    play_out(app, script)


def test_keys_move_the_cursor_and_enter_picks_up_and_drops():
    session = session_of(Game.new("freecell", 1))
    app = app_for(session)

    async def script(pilot) -> None:
        board = app.board_view
        game = session.game
        for _ in range(len(game.piles) * 2):  # visit piles until one holds a card that can move
            if pytest_move_from(game, board.cursor):
                break
            await pilot.press("tab")
        source = board.cursor
        await pilot.press("enter")
        assert board.selected is not None and board.targets
        target = min(board.targets)
        while board.cursor != target:
            await pilot.press("tab")
        await pilot.press("enter")
        await pilot.pause()
        assert session.game.move_count == 1 and len(session.game.piles[source]) < len(game.piles[source]) + 1

    play_out(app, script)


def pytest_move_from(game: Game, pile: int) -> bool:
    return any(m[0] == pile and m[1] >= 0 for m in game.legal_moves())


def test_notation_typed_at_the_board_plays_through_the_session():
    session = session_of(Game.new("freecell", 1))
    app = app_for(session)
    move = session.game.notation(next(m for m in session.game.legal_moves() if m[1] >= 0))

    async def script(pilot) -> None:
        await pilot.press(*move, "enter")
        await pilot.pause()
        assert session.game.move_count == 1
        await pilot.press(":", *"bogus", "enter")
        await pilot.pause()
        assert "'bogus'" in str(app.message_line.render()) and session.game.move_count == 1

    play_out(app, script)


@pytest.mark.parametrize("command", ["ctrl+n", "restart"])
def test_new_and_restart_ask_first_and_no_keeps_the_game(command):
    session = session_of(Game.new("freecell", 1))
    app = app_for(session)

    async def script(pilot) -> None:
        await click_move(pilot, app, clickable_move(session.game))
        keys = [command] if command.startswith("ctrl") else [*command, "enter"]
        await pilot.press(*keys)
        await pilot.pause()
        assert isinstance(app.screen, Question)
        await pilot.press("n")
        await pilot.pause()
        assert session.game.move_count == 1 and session.game.deal_number == 1
        await pilot.press(*keys)
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert session.game.move_count == 0

    play_out(app, script)


def test_a_resumed_game_continues_where_it_was(tmp_path):
    from patience.session.saves import read_save, restore, resumed_session, write_save

    first = session_of(Game.new("klondike", 3))
    for _ in range(2):
        first.handle(first.game.notation(clickable_move(first.game)))
    path = write_save(first)
    save = read_save(path)
    session = resumed_session(save, restore(save, path), path, Settings(autoplay=False))
    session._now = lambda: 0.0
    app = app_for(session)

    async def script(pilot) -> None:
        assert session.game.position() == first.game.position()
        assert "2 moves" in str(app.status_bar.render())
        await click_move(pilot, app, clickable_move(session.game))
        assert session.game.move_count == 3
        await pilot.press("ctrl+q")
        await pilot.pause()

    play_out(app, script)


def test_a_terminal_too_small_for_the_board_says_so():
    session = session_of(Game.new("klondike", 1))
    app = app_for(session)

    async def script(pilot) -> None:
        assert "too small" in str(app.board_view.render())

    play_out(app, script, size=(24, 8))


def test_without_colour_the_board_has_no_colour_but_keeps_its_marks():
    session = session_of(Game.new("klondike", 1))
    app = app_for(session, colour=False, ascii=True)

    async def script(pilot) -> None:
        text = app.board_view.render()
        assert "♥" not in text.plain and "TH" in text.plain
        assert not any(span.style and ("red" in str(span.style) or "blue" in str(span.style)) for span in text.spans)
        assert any("underline" in str(span.style) for span in text.spans)  # playable cards still marked

    play_out(app, script)


def test_a_bug_inside_the_full_screen_leaves_it_quietly_for_the_guard_to_report(monkeypatch):
    session = session_of(Game.new("klondike", 1))
    app = app_for(session)

    def broken(line: str):
        raise RuntimeError("a bug")

    monkeypatch.setattr(session, "handle", broken)

    async def script(pilot) -> None:
        app.call_later(app.action_command, "undo")  # as the `u` key does, in the app's own loop
        for _ in range(50):
            await asyncio.sleep(0.02)
            if app.failure is not None:
                break

    play_out(app, script)
    assert isinstance(app.failure, RuntimeError)  # tui.run raises it again; play.guarded saves and reports



def test_h_lights_up_the_piles_of_the_move_the_hint_names_and_not_other_words_of_its_text(monkeypatch):
    """The hint's move comes from the session (Reply.hinted), not from reading its text: a text
    such as "no winning line found in 2 s; a move that turns up a card: 46" holds `2` and `s`."""
    from patience.session.session import Reply

    game = build("klondike", {"1": "| KH", "2": "| 5C AS", "4": "| 7D", "6": "| 8S"}, fill="s", fill_face_down=True)
    session = session_of(game)
    labels = game.rules.pile_by_label
    move = (labels["4"], labels["6"], 1)
    monkeypatch.setattr(session, "handle", lambda line: Reply(
        ["no winning line found in 2 s; a move that turns up a card: 46"], hinted=move) if line == "hint" else None)
    app = app_for(session)

    async def script(pilot) -> None:
        await pilot.press("f3")
        await until(pilot, app, lambda: bool(app.board_view.hinted))  # the hint is searched in a worker
        assert app.board_view.hinted == {labels["4"], labels["6"]}

    play_out(app, script)


def test_a_swap_is_played_by_clicking_its_two_cards_and_takes_the_card_clicked():
    """CR-4's swap by pointing: pick up a card, click a card lower in another pile; the swap takes
    that very card, not the pile's top or the first swap found onto that pile."""
    session = session_of(Game.new("cromwell", 1))
    app = app_for(session)
    game = session.game
    swaps = [m for m in game.legal_moves() if m[1] == SWAP and m[0] // SLOT != m[2] // SLOT]
    # a card with two partners in one pile: the later-listed partner, so the first swap found onto
    # that pile is the wrong one
    a, _swap, b = next(m for i, m in enumerate(swaps)
                       if any(o[0] == m[0] and o[2] // SLOT == m[2] // SLOT for o in swaps[:i]))
    first, second = (a // SLOT, a % SLOT), (b // SLOT, b % SLOT)
    cards = game.piles[first[0]][first[1]], game.piles[second[0]][second[1]]

    async def script(pilot) -> None:
        await click(pilot, app, first)
        await click(pilot, app, second)
        now = session.game
        assert (now.piles[first[0]][first[1]], now.piles[second[0]][second[1]]) == cards[::-1]
        assert now.move_count == 1

    play_out(app, script, size=(120, 40))


def test_clicking_the_pile_a_close_up_refills_from_closes_up():
    """CZ-3 by pointing: once a set is out, a click on the stock plays the close-up."""
    game = Game.new("czternastki", 1)
    session = session_of(game)
    app = app_for(session)
    removal = next(m for m in game.legal_moves() if m[1] == REMOVE)
    stock = game.rules.refill_pile

    async def script(pilot) -> None:
        await click_move(pilot, app, removal)
        assert session.game.move_count == 1
        await click(pilot, app, (stock, len(session.game.piles[stock]) - 1))
        assert session.game.move_count == 2
        assert session.game.history[-1][0][1] == CLOSE_UP  # the move played was the close-up

    play_out(app, script, size=(120, 40))
