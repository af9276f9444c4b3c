"""Keeping a session's games: a save for `patience resume`, the statistics when a game ends,
and what a command's reply asks for beyond its lines. The line game, a script and the full
screen all keep games here, each telling the player through its own `Says`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..i18n import _
from ..printable import printable

if TYPE_CHECKING:
    from ..stats.record import GameRecord
    from .session import Reply, Session


class Says(Protocol):
    """Where messages go: a terminal, the message bar of the full screen, a JSON line."""

    def say(self, text: str) -> None: ...


class Notes:
    """Messages kept instead of shown at once: for the next `--json` line, or the full screen's
    message bar (and its end-of-game page)."""

    def __init__(self) -> None:
        self.kept: list[str] = []

    def say(self, text: str) -> None:
        self.kept.append(text)

    def take(self) -> list[str]:
        taken, self.kept = self.kept, []
        return taken


def save_game(session: Session, screen: Says) -> bool:
    """Keep an unfinished, played game for `patience resume`. True when it was written."""
    from .saves import write_save

    if not session.worth_keeping():
        screen.say(_("nothing to save: the game is over or not started"))
        return False
    try:
        path = write_save(session)
    except OSError as err:
        screen.say(_("could not save the game: {error}").format(error=err))
        return False
    session.saved = True
    screen.say(_("game saved to {path}; continue it with `patience resume {game}`").format(
        path=path, game=session.game.ruleset.id))
    return True


def leave_game(session: Session, screen: Says) -> list[GameRecord]:
    """Leaving with `quit`, Ctrl-C, Ctrl-D or a closed terminal (or, at full screen, for another
    game): an unfinished game that was played is kept; a finished one was recorded when it
    ended (a lost one is, now). The games recorded now."""
    if session.worth_keeping():
        save_game(session, screen)
        return []
    session.leave()
    return record_games(session, screen)


def end_of_input(session: Session, screen: Says) -> list[GameRecord]:
    """The end of a script's input. A kept game (saved on the way, or resumed from its save) is
    kept as it now is, as by `quit`; any other is left like `new` leaves it: recorded, and its
    save removed. Either way a game is recorded once, when it ends, as at the terminal. The
    games recorded."""
    if session.saved:
        return leave_game(session, screen)
    session.leave()
    return record_games(session, screen)


def record_games(session: Session, screen: Says) -> list[GameRecord]:
    """Write the games the session has finished to the statistics, tell of any new best, and
    remove the saves of games that ended (only theirs: another game's save stays). The records
    written (or kept aside), for `--json` to show."""
    import sqlite3

    from ..paths import data_dir
    from ..stats.store import StatsError, Store
    from ..stats.summary import new_bests
    from .saves import discard_save, save_path

    for uid in session.take_ended():
        discard_save([save_path(session.key), session.resumed_from], uid)
    records = session.take_records()
    for record in records:
        try:
            with Store(data_dir()) as store:
                earlier = store.games(record.ruleset)
                store.record(record)
                notes = store.messages
        except (StatsError, OSError, sqlite3.Error) as err:
            screen.say(_keep_aside(record, err))
            continue
        for note in notes + new_bests(earlier, record):
            screen.say(note)
    return records


def _keep_aside(record: GameRecord, err: Exception) -> str:
    """The statistics could not even be opened (locked, damaged, unreadable): the game waits in
    the pending file, merged the next time they open, and the player is told which happened."""
    from ..paths import data_dir
    from ..stats import pending

    try:
        pending.keep(data_dir(), record)
    except (OSError, ValueError):
        return _("statistics: this game was not recorded: {error}").format(error=err)
    return _("statistics: {error}; this game was kept aside and will be added next time").format(error=err)


def apply_reply(session: Session, reply: Reply, screen: Says) -> tuple[bool, list[GameRecord]]:
    """Act on what a command asked for beyond its message lines (the prompt, a script and the
    full screen alike): record ended games, show the rules, save. Whether all went well (a save
    asked for was written), and the games recorded."""
    records = record_games(session, screen)
    if reply.rules:
        from ..ruleset.describe import rules_text

        screen.say(printable(rules_text(session.game.ruleset, session.settings.lang), keep_newlines=True))
    if reply.save and not reply.quit:
        return save_game(session, screen), records
    return True, records
