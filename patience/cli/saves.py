"""Saved games in the user data folder: one file per game id, written atomically.

A save holds the ruleset (id, and its file when it is not shipped), the deal, the moves in
notation (replayed and checked on resume), the turns, the clock and the position text, so a
save that no longer replays to the same position is refused rather than trusted.
A damaged save is moved aside (``*.damaged-<time>``) and reported; it never stops the program.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..paths import data_dir
from ..stats import damaged_name, now_iso

if TYPE_CHECKING:
    from ..engine.game import Game
    from .session import Session, Settings

FORMAT = "patience-save"
VERSION = 1


class SaveError(Exception):
    """A save file could not be used; the message says why and where it went."""


def saves_dir() -> Path:
    return data_dir() / "saves"


def save_path(game_id: str) -> Path:
    return saves_dir() / f"{game_id}.json"


def _notations(session: Session) -> tuple[list[str], list[str]]:
    """The played and the undone moves in notation, each as written where it was played."""
    from ..engine.game import Game

    replay = Game(session.game.ruleset, session.game.deal_number)
    played = []
    for move in session.played_moves():
        played.append(replay.notation(move))
        replay.push(move)
    undone = []
    for move in session.undone_moves():
        undone.append(replay.notation(move))
        replay.push(move)
    return played, undone


def write_save(session: Session) -> Path:
    """Save the session's game atomically (temp file in the same folder, then rename)."""
    game = session.game
    played, undone = _notations(session)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.ruleset.id,
        "ruleset_file": session.ruleset_file,
        "deal": game.deal_number,
        "moves": played,
        "turns": [len(t) for t in session.turns],
        "undone": undone,
        "undone_turns": [len(t) for t in reversed(session.undone)],
        "move_count": game.move_count,
        "elapsed": round(session.elapsed(), 3),
        "uid": session.uid,
        "started_at": session.started_at,
        "undos": session.undos,
        "daily": session.daily,
        "winnable": session.choose_deal is not None,  # only `play --winnable` sets choose_deal
        "saved_at": now_iso(),
        "position": game.position(),
    }
    path = save_path(game.ruleset.id)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(data, out, ensure_ascii=False, indent=1)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    return path


def discard_save(game_id: str) -> None:
    save_path(game_id).unlink(missing_ok=True)


@dataclass
class SavedGame:
    path: Path
    game_id: str
    saved_at: str
    deal: int | None


def list_saves() -> list[SavedGame]:
    """Saves that can at least be read, newest first (damaged ones are set aside on resume)."""
    found = []
    for path in saves_dir().glob("*.json") if saves_dir().is_dir() else []:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            found.append(SavedGame(path, str(data["game"]), str(data.get("saved_at", "")), data.get("deal")))
        except (OSError, ValueError, KeyError, TypeError):
            found.append(SavedGame(path, path.stem, "", None))
    found.sort(key=lambda s: s.path.stat().st_mtime if s.path.exists() else 0, reverse=True)
    return found


def set_aside(path: Path) -> Path:
    aside = damaged_name(path)
    try:
        os.replace(path, aside)
    except OSError:
        return path
    return aside


def read_save(path: Path) -> dict[str, Any]:
    """The checked contents of a save file; SaveError (after moving it aside) when damaged."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(_("not a patience save file"))
        if data.get("version") != VERSION:
            raise ValueError(_("save format version {found!r}; this patience reads {version}").format(
                found=data.get("version"), version=VERSION))
        for key, kind in (("game", str), ("moves", list), ("turns", list), ("undone", list),
                          ("undone_turns", list), ("move_count", int), ("elapsed", (int, float)),
                          ("position", str)):
            if not isinstance(data.get(key), kind):
                raise ValueError(_("{key!r} is missing or of the wrong kind").format(key=key))
        if not isinstance(data.get("deal"), int):
            raise ValueError(_("{key!r} is missing or of the wrong kind").format(key="deal"))
        if sum(data["turns"]) != len(data["moves"]) or sum(data["undone_turns"]) != len(data["undone"]):
            raise ValueError(_("the turns do not add up to the moves"))
    except (OSError, ValueError) as err:
        aside = set_aside(path)
        raise SaveError(_("the saved game {path} is damaged ({error}); it was moved aside to {aside}").format(
            path=path, error=err, aside=aside.name)) from None
    return data


def restore(data: dict[str, Any], path: Path) -> tuple[Game, dict[str, Any]]:
    """Replay a save into a game. SaveError (after moving the file aside) when it does not replay."""
    from ..engine.game import Game
    from ..engine.moves import IllegalMove
    from ..ruleset.loader import RulesetError
    from ..ruleset.registry import UnknownGame, find_ruleset

    try:
        ruleset_file = data.get("ruleset_file")
        ruleset = find_ruleset(ruleset_file if ruleset_file and Path(ruleset_file).is_file() else data["game"])
    except (RulesetError, UnknownGame) as err:
        raise SaveError(_("the saved game needs the ruleset {game!r}, which cannot be loaded: {error}").format(
            game=data["game"], error=err)) from None
    try:
        game = Game(ruleset, data["deal"])
        played = [game.play(text) for text in data["moves"]]
        undone = [game.play(text) for text in data["undone"]]
        for _move in undone:
            game.undo()  # leaves them ready for redo, in order
        if game.position() != data["position"]:
            raise IllegalMove(_("the moves do not lead to the saved position"))
    except (IllegalMove, ValueError) as err:
        aside = set_aside(path)
        raise SaveError(_("the saved game {path} no longer replays ({error}); it was moved aside to {aside}").format(
            path=path.name, error=err, aside=aside.name)) from None
    game.move_count = data["move_count"]
    return game, {"played": played, "undone": undone}


def resumed_session(data: dict[str, Any], game: Game, moves: dict[str, Any], settings: Settings,
                    choose_deal: Callable[[int | None], tuple[int, list[str]]] | None = None) -> Session:
    """The session a save was written from: its turns, clock, daily date, and for the statistics
    the same game id, start time and undos (older saves lack these: a new id then)."""
    from .session import Session

    daily = data.get("daily")
    session = Session(game, settings, elapsed=float(data["elapsed"]), ruleset_file=data.get("ruleset_file"),
                      choose_deal=choose_deal, daily=daily if isinstance(daily, str) else None)
    session.restore_turns(moves["played"], data["turns"], moves["undone"], data["undone_turns"])
    session.uid = str(data.get("uid") or session.uid)
    session.started_at = str(data.get("started_at") or session.started_at)
    session.undos = int(data.get("undos") or 0)
    return session
