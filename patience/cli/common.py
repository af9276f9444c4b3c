"""Shared helpers of the command modules: starting a game, turning user mistakes into messages."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..i18n import _
from ..printable import printable
from ..session.start import MAX_LINE, RANDOM_DEALS, StartError

__all__ = ["MAX_LINE", "RANDOM_DEALS"]  # the session's limits, for the commands

EXIT_BUG = 70  # sysexits' EX_SOFTWARE: patience itself failed (a bug), and said so in one line

# The engine (and pydantic behind it) is imported inside functions, so that
# `patience --help` starts fast.
if TYPE_CHECKING:
    from ..engine.game import Game
    from ..ruleset.model import Ruleset
    from ..ruleset.registry import Located


def find_game(game_name: str) -> Ruleset:
    """The ruleset a player named, or a one-line error (never a traceback)."""
    from ..session.start import find_game as find

    try:
        return find(game_name)
    except StartError as err:
        raise click.ClickException(str(err)) from None


def locate_game(game_name: str) -> Located:
    """The ruleset a player named with its file and its key for saves and statistics, or a
    one-line error: the same resolution as find_game."""
    from ..session.start import locate_game as locate

    try:
        return locate(game_name)
    except StartError as err:
        raise click.ClickException(str(err)) from None


FORCE_HELP = "Replace the file if it exists (a link, a device or a file the command reads is still refused)."


def export_target(path: Path, force: bool, read: Iterable[Path] = ()) -> None:
    """Refuse an export's target in one line before any work: a file the command reads (the
    survey being exported, the statistics), a link, a folder or a device, or without --force a
    file that exists."""
    from ..files import check_target

    try:
        check_target(path, replace=force, read=read)
    except FileExistsError:
        raise click.ClickException(exists_message(path)) from None
    except OSError as err:
        raise click.ClickException(printable(str(err))) from None


def exists_message(path: Path) -> str:
    return _("{path} exists; add --force to replace it").format(path=path)


def start_game(game_name: str, deal: int | None) -> Game:
    """A new game of the named ruleset (a random deal number when none is given), or a one-line error."""
    from ..session.start import start_game as start

    try:
        return start(game_name, deal)
    except StartError as err:
        raise click.ClickException(str(err)) from None


def log_traceback() -> str:
    """Append the exception being handled, with its traceback, to errors.log in the data folder,
    so a bug shows one line on screen and the details for a report; where it went."""
    import traceback
    from datetime import datetime

    from ..i18n import _
    from ..paths import data_dir

    try:
        log = data_dir() / "errors.log"
        log.parent.mkdir(parents=True, exist_ok=True)
        with log.open("a", encoding="utf-8", errors="replace") as out:
            out.write(f"--- {datetime.now().isoformat(timespec='seconds')}\n{traceback.format_exc()}\n")
        return str(log)
    except OSError as err:
        return _("nowhere (the log could not be written: {error})").format(error=err)


def stderr_is_terminal() -> bool:
    """Whether standard error is a terminal: live progress lines go only there."""
    import sys

    return sys.stderr.isatty()


class LiveLine:
    """One line on standard error rewritten in place, at a terminal only (nothing in a pipe or
    a log, where the carriage returns would be noise); `clear` removes it."""

    def __init__(self) -> None:
        self.live = stderr_is_terminal()
        self.shown = False

    def show(self, text: str) -> None:
        if self.live:
            click.echo(f"\r{text}\x1b[K", nl=False, err=True, color=True)  # keep the erase code
            self.shown = True

    def clear(self) -> None:
        if self.shown:
            click.echo("\r\x1b[K", nl=False, err=True, color=True)
            self.shown = False


def solver_progress(line: LiveLine, *, solving: bool = False) -> Callable[[int, int, float], None]:
    """The solver's progress on a live line: ``checking deal 123… 20,000 positions, 3 s`` while
    it checks deals for a game, ``solving deal…`` with the rate for `patience solve`."""
    from ..i18n import _, number

    def report(deal: int, states: int, seconds: float) -> None:
        if solving:
            text = _("solving deal {deal}… {states} positions, {seconds} s, {rate} per second").format(
                deal=deal, states=number(states), seconds=number(seconds, 1),
                rate=number(states / seconds if seconds else 0.0))
        else:
            text = _("checking deal {deal}… {states} positions, {seconds} s").format(
                deal=deal, states=number(states), seconds=number(seconds))
        line.show(text)

    return report


def winnable_deal(ruleset: Ruleset, start: int | None) -> tuple[int, int]:
    """The first deal the solver wins from ``start`` (random when None) on, and how many deals
    were passed over; a one-line error when none is found within the bounds."""
    from ..deals import DealError
    from ..solver.daily import NoWinnableDeal, winnable_from

    first = random.randint(1, RANDOM_DEALS) if start is None else start
    line = LiveLine()
    try:
        found = winnable_from(ruleset, first, progress=solver_progress(line))
    except (NoWinnableDeal, DealError) as err:
        raise click.ClickException(str(err)) from None
    finally:
        line.clear()
    return found.deal, found.skipped
