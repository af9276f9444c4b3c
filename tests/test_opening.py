"""Autoplay at the deal: with autoplay on, the safe cards a fresh deal leaves free go home before
the first move, as they would after any move. They are part of the starting position: no move is
counted, undo stops above them, an untouched game is not kept, and a resumed game does not play
them twice. FreeCell deal 8 deals A♣ and A♦ free (FC-1: aces may always go home)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clirun import run, spawn

from patience import Game
from patience.cards import card_str
from patience.ruleset.registry import find_ruleset
from patience.engine.assist import autoplay
from patience.session.saves import read_save, restore, resumed_session, save_path, write_save
from patience.session.session import Session, Settings


def fresh(deal: int = 8, *, on: bool = True) -> Session:
    return Session(Game(find_ruleset("freecell"), deal), Settings(autoplay=on))


def home(game: Game) -> list[int]:
    return [card for pile in game.rules.foundation_piles for card in game.piles[pile]]


def test_autoplay_sends_the_deals_free_aces_home_before_the_first_move_and_counts_no_move():
    session = fresh()
    lines = session.open_deal()
    assert lines == ["auto: 2 safe cards to the foundations"]
    assert len(session.opening) == 2
    assert sorted(card_str(card) for card in home(session.game)) == ["A♣", "A♦"]
    assert sorted(home(session.game)) == sorted(home_after_autoplay(8))
    assert session.game.move_count == 0
    assert session.turns == [] and not session.worth_keeping()  # nothing the player did


def home_after_autoplay(deal: int) -> list[int]:
    """What the engine's own autoplay sends home from the same fresh deal."""
    game = Game(find_ruleset("freecell"), deal)
    autoplay(game)
    return home(game)


def test_autoplay_off_or_a_second_call_does_nothing():
    off = fresh(on=False)
    assert off.open_deal() == [] and off.opening == [] and home(off.game) == []
    on = fresh()
    on.open_deal()
    assert on.open_deal() == []  # once a game
    assert len(home(on.game)) == 2


def test_a_deal_with_nothing_free_opens_with_no_message():
    session = fresh(1)
    assert home_after_autoplay(1) == []  # deal 1 leaves no card safe to send home
    assert session.open_deal() == [] and session.opening == []


def test_undo_stops_above_the_opening_and_leaves_the_game_unchanged():
    session = fresh()
    session.open_deal()
    before = session.game.position()
    reply = session.handle("undo")
    assert reply.failed and reply.lines == ["nothing to undo"]
    assert session.game.position() == before
    session.handle("1a")
    session.handle("undo")
    assert session.game.position() == before and len(home(session.game)) == 2


@pytest.mark.parametrize("command", ["restart", "new 8"])
def test_restart_and_new_open_the_deal_again(command):
    session = fresh()
    session.open_deal()
    session.handle("1a")
    reply = session.handle(command)
    assert "auto: 2 safe cards to the foundations" in reply.lines
    assert len(home(session.game)) == 2 and session.game.move_count == 0 and session.turns == []


def test_the_opening_is_saved_and_a_resumed_game_does_not_play_it_again():
    session = fresh()
    session.open_deal()
    session.handle("1a")
    path = write_save(session)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["opening"] == ["5h", "8h"] and data["moves"] == ["1a"]
    save = read_save(path)
    restored = restore(save, path)
    resumed = resumed_session(save, restored, path, Settings(autoplay=True))
    assert resumed.open_deal() == []  # the save holds it
    assert resumed.game.position() == session.game.position()
    assert resumed.handle("undo").lines[0].startswith("undone: 1a ")  # 1a comes back
    assert resumed.handle("undo").failed  # the opening stays
    assert len(home(resumed.game)) == 2


def test_a_save_from_before_the_opening_resumes_as_it_was():
    session = fresh(on=False)
    session.handle("1a")
    path = write_save(session)
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["opening"]
    path.write_text(json.dumps(data), encoding="utf-8")
    save = read_save(path)
    resumed = resumed_session(save, restore(save, path), path, Settings(autoplay=True))
    assert resumed.opening == [] and resumed.game.position() == session.game.position()


def test_the_prompt_says_it_before_the_first_board_and_json_carries_it():
    shown = run("play", "freecell", "--deal", "8", "--autoplay", input="quit\n")
    assert shown.output.startswith("auto: 2 safe cards to the foundations\nFreeCell · deal 8 · 0 moves")
    first = json.loads(run("play", "freecell", "--deal", "8", "--autoplay", "--json", input="").output.splitlines()[0])
    assert first["messages"] == ["auto: 2 safe cards to the foundations"]
    assert first["state"]["moves"] == 0
    plain = run("play", "freecell", "--deal", "8", input="quit\n")
    assert plain.output.startswith("FreeCell · deal 8")  # autoplay is off at the prompt by default
    assert not save_path("freecell").exists()  # an untouched game is not kept


pexpect = pytest.importorskip("pexpect", reason="pexpect drives a real pseudo-terminal")


def test_the_full_screen_opens_with_the_aces_home_and_an_untouched_game_is_not_kept(tmp_path: Path):
    from test_tui_terminal import Terminal

    child = spawn("play", "freecell", "--deal", "8", home=tmp_path, rows=30, timeout=30)  # autoplay on by default
    term = Terminal(child, 30)
    screen = term.wait_for("auto: 2 safe cards to the foundations")
    assert "0 moves" in screen
    child.send("\x11")  # Ctrl+Q
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert not (tmp_path / "data" / "saves" / "freecell.json").exists()
