"""Saved games in the user data folder: one file per ruleset key, written atomically.

A save holds the ruleset (id, its key, and its file when it is not shipped), the deal, the moves
in notation (replayed and checked on resume), the turns, the clock and the position text, so a
save that no longer replays to the same position is refused rather than trusted. Every field is
checked as data first (SaveFile: types, ranges, sizes); a file that fails is damaged like any
other: moved aside (``*.damaged-<time>``), reported, and never a stop for the program or for the
other saves.

The key (registry.ruleset_key) is the id for a shipped ruleset and the id plus a digest of the
file's path otherwise, so a player's own klondike.yaml and the shipped Klondike keep apart.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..deals import MAX_DEAL
from ..files import FileRefused, read_user_file, write_atomic
from ..i18n import _
from ..paths import data_dir
from ..stats import now_iso, reserve_aside
from .start import MAX_LINE

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..ruleset.registry import Located
    from .session import Session, Settings

FORMAT = "patience-save"
VERSION = 1
MAX_SAVE_BYTES = 8_000_000  # a real save is a few kilobytes; a bigger file is not read
MAX_MOVES = 100_000
MAX_COUNT = 10**9  # moves and undos; more is no game anyone played
MAX_SECONDS = 10**9  # about 31 years of play
TEMP = re.compile(r"^\.(?P<stem>[^.]+)\.(?P<pid>\d+)\.[^.]+\.tmp$")  # .<key>.<pid>.<random>.tmp
STALE_SECONDS = 600  # a temp file of unknown owner this old is an orphan


class SaveError(Exception):
    """A save file could not be used; the message says why and where it went."""


class SaveFile(BaseModel):
    """What a save file must hold, checked as data: types exactly (strict: no "1" for 1), ranges,
    sizes. Fields newer than the first saves have defaults, so those still resume."""

    # defer_build: its validator is built when a save is first read, not whenever a game starts
    model_config = ConfigDict(strict=True, extra="ignore", frozen=True, defer_build=True)

    format: Literal["patience-save"]
    version: Literal[1]
    game: str = Field(min_length=1, max_length=100)
    key: str | None = Field(default=None, max_length=120)
    ruleset_file: str | None = Field(default=None, max_length=4096)
    deal: int = Field(ge=1, le=MAX_DEAL)
    opening: list[str] = Field(default=[], max_length=MAX_MOVES)  # autoplay at the deal (Session.opening)
    moves: list[str] = Field(max_length=MAX_MOVES)
    turns: list[int] = Field(max_length=MAX_MOVES)
    undone: list[str] = Field(max_length=MAX_MOVES)
    undone_turns: list[int] = Field(max_length=MAX_MOVES)
    move_count: int = Field(ge=0, le=MAX_COUNT)
    elapsed: float = Field(ge=0, le=MAX_SECONDS, allow_inf_nan=False)
    uid: str | None = Field(default=None, max_length=100)
    started_at: str | None = Field(default=None, max_length=100)
    undos: int = Field(default=0, ge=0, le=MAX_COUNT)
    daily: str | None = Field(default=None, pattern=r"^\d{4}-\d{2}-\d{2}$")
    winnable: bool = False
    recorded: bool = False  # the game was recorded (won) and an undo reopened it
    saved_at: str = Field(default="", max_length=100)
    position: str = Field(max_length=MAX_SAVE_BYTES)

    @model_validator(mode="after")
    def _turns_add_up(self) -> SaveFile:
        if any(len(m) > MAX_LINE for m in (*self.opening, *self.moves, *self.undone)):
            raise ValueError(_("a move is longer than {most} characters").format(most=MAX_LINE))
        if any(size < 1 for size in (*self.turns, *self.undone_turns)):
            raise ValueError(_("a turn holds no move"))
        if sum(self.turns) != len(self.moves) or sum(self.undone_turns) != len(self.undone):
            raise ValueError(_("the turns do not add up to the moves"))
        return self

    def game_uid(self) -> str:
        """The game's id for the statistics; saves older than the field get one from their contents,
        the same each time, so the save can still be told apart when its game ends."""
        if self.uid:
            return self.uid
        seed = f"{self.game}:{self.deal}:{self.started_at}:{self.saved_at}:{len(self.moves)}"
        return hashlib.sha256(seed.encode("utf-8", "surrogateescape")).hexdigest()[:32]


def saves_dir() -> Path:
    return data_dir() / "saves"


def save_path(key: str) -> Path:
    return saves_dir() / f"{key}.json"


def _notations(session: Session) -> tuple[list[str], list[str], list[str], str]:
    """The opening's, the played and the undone moves in notation, each as written where it was
    played, and the position the opening and the played moves lead to (from the moves, so a game
    left half-changed by a bug still saves a position that its moves replay to)."""
    from ..engine.game import Game

    replay = Game(session.game.ruleset, session.game.deal_number)

    def written(moves: list[Any]) -> list[str]:  # each in notation, then played on the replay
        words = []
        for move in moves:
            words.append(replay.notation(move))
            replay.push(move)
        return words

    opening, played = written(session.opening), written(session.played_moves())
    position = replay.position()
    return opening, played, written(session.undone_moves()), position


def write_save(session: Session) -> Path:
    """Save the session's game atomically (temp file in the same folder, then rename). The temp
    file's name carries this process's id, so an orphan left by a killed process is known."""
    game = session.game
    opening, played, undone, position = _notations(session)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.ruleset.id,
        "key": session.key,
        "ruleset_file": session.ruleset_file,
        "deal": game.deal_number,
        "opening": opening,
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
        "recorded": session.recorded,
        "saved_at": now_iso(),
        "position": position,
    }
    path = save_path(session.key)
    path.parent.mkdir(parents=True, exist_ok=True)
    tidy_saves()
    write_atomic(path, json.dumps(data, ensure_ascii=False, indent=1), private=True)
    if session.resumed_from is not None and session.resumed_from != path:
        discard_save([session.resumed_from], session.uid)  # this game's older save, under an older key
    session.resumed_from = path
    return path


def _process_alive(pid: int) -> bool:
    if os.name == "nt":  # os.kill would end the process there; the age rule decides instead
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, and belongs to someone else
    return True


def tidy_saves() -> int:
    """Remove temp files that a killed patience left mid-write: those of a process that is gone,
    or of an unknown owner after STALE_SECONDS. Never another running process's. How many went."""
    removed = 0
    try:
        temps = list(saves_dir().glob(".*.tmp"))
    except OSError:
        return 0
    for temp in temps:
        found = TEMP.match(temp.name)
        try:
            if found:
                orphan = int(found["pid"]) != os.getpid() and not _process_alive(int(found["pid"]))
            else:
                orphan = time.time() - temp.stat().st_mtime > STALE_SECONDS
            if orphan:
                temp.unlink()
                removed += 1
        except (OSError, ValueError, OverflowError):
            continue  # gone already, or not ours to judge
    return removed


def discard_save(paths: list[Path | None], uid: str) -> None:
    """Remove the save of the game ``uid``, which has ended, from those of ``paths`` that hold it;
    another game's save is left alone, and a damaged one is left for `resume` to report."""
    for path in {p for p in paths if p is not None}:
        try:
            if path.exists() and read_save(path, set_damaged_aside=False).game_uid() == uid:
                path.unlink(missing_ok=True)
        except (SaveError, OSError):
            continue


@dataclass
class SavedGame:
    path: Path
    game_id: str
    saved_at: str
    deal: int | None


def _load_json(path: Path) -> Any:
    """The JSON in a file of at most MAX_SAVE_BYTES: ValueError when it is not that."""
    try:
        raw = read_user_file(path, MAX_SAVE_BYTES)
    except FileRefused as err:
        raise ValueError(str(err)) from None
    try:
        return json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise ValueError(_("its JSON is nested too deeply")) from None


def list_saves() -> list[SavedGame]:
    """Saves that can at least be read, newest first (damaged ones are set aside on resume)."""
    found = []
    try:
        paths = list(saves_dir().glob("*.json")) if saves_dir().is_dir() else []
    except OSError:
        paths = []
    for path in paths:
        try:
            data = _load_json(path)
            game, deal = data.get("game"), data.get("deal")
            found.append(SavedGame(path, game if isinstance(game, str) else path.stem, str(data.get("saved_at", "")),
                                   deal if isinstance(deal, int) else None))
        except (OSError, ValueError, AttributeError):
            found.append(SavedGame(path, path.stem, "", None))

    def modified(saved: SavedGame) -> float:
        try:
            return saved.path.stat().st_mtime
        except OSError:
            return 0.0

    found.sort(key=modified, reverse=True)
    return found


def set_aside(path: Path) -> Path:
    """Move a damaged save aside under a name no other file has, even one claimed this very second."""
    try:
        aside = reserve_aside(path)
    except OSError:
        return path  # a folder we cannot write to: the save stays where it is, and is reported
    try:
        os.replace(path, aside)
    except OSError:
        aside.unlink(missing_ok=True)
        return path
    return aside


def _first_problem(err: ValidationError) -> str:
    """One line for a save that fails its model: where, and what is wrong."""
    first = err.errors()[0]
    where = ".".join(str(part) for part in first["loc"])
    message = str(first["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message


def read_save(path: Path, *, set_damaged_aside: bool = True) -> SaveFile:
    """The checked contents of a save file; SaveError (after moving it aside) when damaged."""
    try:
        data = _load_json(path)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(_("not a patience save file"))
        if data.get("version") != VERSION:
            raise ValueError(_("save format version {found}; this patience reads {version}").format(
                found=str(data.get("version"))[:20], version=VERSION))
        try:
            return SaveFile.model_validate(data)
        except ValidationError as err:
            raise ValueError(_first_problem(err)) from None
    except (OSError, ValueError) as err:
        if not set_damaged_aside:
            raise SaveError(str(err)) from None
        aside = set_aside(path)
        raise SaveError(_("the saved game {path} is damaged ({error}); it was moved aside to {aside}").format(
            path=path, error=err, aside=aside.name)) from None


@dataclass
class Restored:
    """A save replayed: the game, its moves as played and as undone, and its ruleset key."""

    game: Game
    opening: list[Any]
    played: list[Any]
    undone: list[Any]
    key: str


def _ruleset_of(save: SaveFile) -> Located:
    """The save's ruleset: its own file when that is still there, else its id by name."""
    from ..ruleset.registry import locate

    try:
        own = save.ruleset_file if save.ruleset_file and Path(save.ruleset_file).is_file() else None
    except (OSError, ValueError):  # too long for a path, or a NUL byte: no file
        own = None
    return locate(own or save.game)


def restore(save: SaveFile, path: Path) -> Restored:
    """Replay a save into a game. SaveError (after moving the file aside) when it does not replay."""
    from ..engine.game import Game
    from ..engine.moves import IllegalMove
    from ..engine.position import same_position
    from ..ruleset.errors import RulesetError
    from ..ruleset.registry import UnknownGame

    try:
        located = _ruleset_of(save)
    except (RulesetError, UnknownGame, OSError) as err:
        raise SaveError(_("the saved game needs the ruleset {game!r}, which cannot be loaded: {error}").format(
            game=save.game, error=err)) from None
    try:
        game = Game(located.ruleset, save.deal)
        opening = [game.play(text) for text in save.opening]
        played = [game.play(text) for text in save.moves]
        undone = [game.play(text) for text in save.undone]
        for _move in undone:
            game.undo()  # leaves them ready for redo, in order
        if not same_position(game.position(), save.position):  # a save may predate positions naming files
            raise IllegalMove(_("the moves do not lead to the saved position"))
    except Exception as err:  # noqa: BLE001 - the file is untrusted data: whatever it trips, it is damaged
        aside = set_aside(path)
        reason = str(err) if isinstance(err, (IllegalMove, ValueError)) else type(err).__name__
        raise SaveError(_("the saved game {path} no longer replays ({error}); it was moved aside to {aside}").format(
            path=path.name, error=reason, aside=aside.name)) from None
    game.move_count = save.move_count
    return Restored(game, opening, played, undone, located.key)


def resumed_session(save: SaveFile, restored: Restored, path: Path, settings: Settings,
                    choose_deal: Callable[[int | None], tuple[int, list[str]]] | None = None) -> Session:
    """The session a save was written from: its turns, clock, daily date, and for the statistics
    the same game id, start time and undos; it knows its save file, to remove it when it ends."""
    from .session import Session

    session = Session(restored.game, settings, elapsed=save.elapsed, ruleset_file=save.ruleset_file,
                      key=restored.key, choose_deal=choose_deal, daily=save.daily)
    session.opening = restored.opening  # the deal's autoplay, kept for the next save
    session.restore_turns(restored.played, save.turns, restored.undone, save.undone_turns)
    session.uid = save.game_uid()
    session.started_at = save.started_at or session.started_at
    session.undos = save.undos
    session.recorded = save.recorded
    session.resumed_from = path
    session.saved = True  # a kept game: the end of a script keeps it again, as `quit` would
    return session
