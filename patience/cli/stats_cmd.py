"""`patience stats` and `patience daily --leaderboard`: the recorded games, read back."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date as Date
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..i18n import _, ngettext
from ..printable import json_escaped, printable
from . import main
from .common import FORCE_HELP, exists_message, export_target, find_game, start_game
from ..session.figures import carries, clock_or_dash, running_totals, summary_lines
from .play import play_new, play_options

if TYPE_CHECKING:
    from ..ruleset.model import Ruleset
    from ..stats.store import GameRecord, Store


@contextmanager
def open_store(*, writing: bool = False) -> Iterator[Store]:
    """The statistics, with any message about them shown, and errors as one line each. Only a
    writing command (``--import``, ``--repair``) may move a damaged file aside."""
    from ..paths import data_dir
    from ..stats.store import StatsError, Store

    try:
        store = Store(data_dir(), writing=writing)
    except (StatsError, OSError, sqlite3.Error) as err:
        raise click.ClickException(printable(_("statistics: {error}").format(error=err))) from None
    told = 0
    try:
        for told, message in enumerate(store.messages, 1):
            say(message, err=True)
        yield store
    except (StatsError, sqlite3.Error) as err:
        raise click.ClickException(printable(_("statistics: {error}").format(error=err))) from None
    finally:
        for message in store.messages[told:]:  # told while reading: damaged rows left out...
            say(message, err=True)
        store.close()


def say(text: str, *, err: bool = False) -> None:
    """Print a line made of recorded data (names, dates, players from any file) with every
    control character escaped, so a hostile record cannot drive the terminal."""
    click.echo(printable(text, keep_newlines=True), err=err)


def safe_json(data: object) -> str:
    """JSON for programs, with the characters a terminal acts on written as ``\\u`` escapes
    (json itself leaves C1 controls and format characters such as U+202E as they are)."""
    text = json.dumps(data, ensure_ascii=False, indent=2, allow_nan=False)
    return json_escaped(text, keep_newlines=True)



def _ruleset_id(game: str, store: Store) -> str:
    """A game's recorded id (registry.ruleset_key, as the play session records it) from any of
    its names; a recorded id is accepted even if no ruleset has it now."""
    from ..ruleset.errors import RulesetError
    from ..ruleset.registry import UnknownGame, locate

    if game in store.rulesets():
        return game
    try:
        return locate(game).key
    except (RulesetError, UnknownGame) as err:
        raise click.ClickException(printable(str(err))) from None


HISTORY_LIMIT = 1_000_000  # more games than anyone plays; SQLite's own limit is 2**63 - 1


@main.command()
@click.argument("game", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
@click.option("--history", is_flag=True, help="List the recent games instead of the figures.")
@click.option("--limit", type=click.IntRange(min=1, max=HISTORY_LIMIT), default=20, show_default=True,
              help="Games in --history.")
@click.option("--export", "export_to", type=click.Path(dir_okay=False, path_type=Path), help="Write every game to FILE.csv or FILE.json.")
@click.option("--force", is_flag=True, help=FORCE_HELP)
@click.option("--import", "import_from", type=click.Path(exists=True, dir_okay=False, path_type=Path), help="Add the games of FILE.csv or FILE.json (games already there are skipped).")
@click.option("--repair", is_flag=True,
              help="Check the statistics file; if it is damaged, move it aside and start a new one.")
@click.option("--reset-total", is_flag=True,
              help="Start GAME's running total (games whose score carries over, as Vegas) again at 0.")
def stats(game: str | None, as_json: bool, history: bool, limit: int, export_to: Path | None, force: bool,
          import_from: Path | None, repair: bool, reset_total: bool) -> None:
    """Your results: played, won, win rate, streaks and bests, per game (or for GAME)."""
    if reset_total:
        _reset_total(game)
        return
    if import_from is not None:
        _import(import_from)
        return
    if repair:
        _repair()
        return
    from ..stats.summary import summarize
    from ..stats.transfer import TransferError, export_games

    with open_store() as store:
        ruleset = _ruleset_id(game, store) if game else None
        if export_to is not None:
            export_target(export_to, force, read=store.files())  # before reading: never over the statistics
            games = store.games(ruleset)
            try:
                export_games(games, export_to, replace=force)
            except FileExistsError:  # made by someone else since the check
                raise click.ClickException(exists_message(export_to)) from None
            except (TransferError, OSError) as err:
                raise click.ClickException(printable(str(err))) from None
            say(ngettext("exported {n} game to {file}", "exported {n} games to {file}", len(games)).format(
                n=len(games), file=export_to))
            return
        if history:
            _history(store.games(ruleset, newest_first=True, limit=limit), as_json)
            return
        rulesets = [ruleset] if ruleset else store.rulesets()
        summaries = [summarize(r, store.games(r)) for r in rulesets]
        totals = running_totals(store, rulesets)
    if as_json:
        click.echo(safe_json([s.as_dict() for s in summaries]))
        return
    if not any(s.played for s in summaries):
        say(_("no games recorded yet for {game}").format(game=ruleset) if ruleset else _("no games recorded yet"))
        return
    for s in summaries:
        for line in summary_lines(s, totals):
            say(line)


def _import(source: Path) -> None:
    from ..stats.transfer import TransferError, read_games

    try:
        games = read_games(source)  # read and checked before the database is touched
    except TransferError as err:
        raise click.ClickException(printable(str(err), keep_newlines=True)) from None
    with open_store(writing=True) as store:
        added = store.import_games(games)
    say(ngettext("imported {n} new game from {file} ({old} already there)",
                 "imported {n} new games from {file} ({old} already there)", added).format(
        n=added, file=source, old=len(games) - added))


def _repair() -> None:
    with open_store(writing=True) as store:
        aside = store.check()
        if store.moved_aside is not None and aside is None:
            return  # not even a database: moved aside as it opened, and open_store has said so
    if aside is None:
        say(_("the statistics file passed its integrity check"))
    else:
        say(_("the statistics file failed its integrity check; it was moved aside to {aside} and a new one "
              "was started").format(aside=aside.name))


def _history(recent: list[GameRecord], as_json: bool) -> None:
    from dataclasses import asdict

    from ..session.session import status_word

    if as_json:
        click.echo(safe_json([asdict(g) for g in recent]))
        return
    if not recent:
        say(_("no games recorded yet"))
    for g in recent:
        score = "  " + _("score {score}").format(score=g.score) if g.score is not None else ""
        daily = "  " + _("daily {date}").format(date=g.daily) if g.daily else ""
        moves = ngettext("{n} move", "{n} moves", g.moves).format(n=g.moves)
        deal = _("deal {number}").format(number=g.deal)
        say(f"{g.ended_at[:16].replace('T', ' ')}  {g.ruleset:<16} {deal:<13} "
            f"{status_word(g.result):<12} {moves:>10}  {clock_or_dash(g.seconds):>7}{score}{daily}")


DEFAULT_DAILY_GAME = "solitaire"  # a name, found like any other: the game people call solitaire


def _day(text: str | None) -> Date:
    """``--date``: YYYY-MM-DD, today when not given; a one-line error otherwise."""
    if text is None:
        return Date.today()
    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
            raise ValueError(text)
        return Date.fromisoformat(text)
    except ValueError:
        raise click.ClickException(_("--date {day!r} is not a date like 2026-11-30").format(day=text)) from None


@main.command()
@click.argument("game", required=False)
@click.option("--leaderboard", is_flag=True, help="Rank the local players' times on a day's deal.")
@click.option("--date", "day", default=None, help="The day, YYYY-MM-DD (default: today).")
@click.option("--json", "as_json", is_flag=True,
              help="Print machine-readable JSON: the leaderboard, or the state after each command.")
@partial(play_options, with_json=False)
def daily(game: str | None, leaderboard: bool, day: str | None, as_json: bool, ascii: bool, strict: bool,
          autoplay: bool | None, autofinish: bool | None) -> None:
    """Play the day's deal of GAME (default: solitaire, that is Klondike), or see its leaderboard.

    The deal comes from the date and the game alone, so it is the same on every machine, and the
    solver has won it before you get it. A game of it counts on the day's leaderboard.
    """
    when = _day(day)
    if leaderboard:
        _leaderboard(game, when, as_json)
        return
    if when > Date.today():
        raise click.ClickException(_("the daily deal of {date} is not out yet").format(date=when.isoformat()))
    name = game or DEFAULT_DAILY_GAME
    ruleset = find_game(name)
    deal = _daily_deal(ruleset, when)
    note = _("Daily deal for {date}: {game} deal {deal} (checked winnable by the solver)").format(
        date=when.isoformat(), game=ruleset.id, deal=deal)
    play_new(name, start_game(name, deal), ascii=ascii, as_json=as_json, strict=strict, autoplay=autoplay,
             autofinish=autofinish, notes=[note], daily=when.isoformat())


def _daily_deal(ruleset: Ruleset, when: Date) -> int:
    """The day's deal number: from the cache, or checked by the solver with a live line."""
    from ..paths import data_dir
    from ..solver.daily import NoWinnableDeal, daily_deal
    from .common import LiveLine, solver_progress

    line = LiveLine()
    try:
        return daily_deal(ruleset, when, cache_dir=data_dir(), progress=solver_progress(line)).deal
    except NoWinnableDeal as err:
        raise click.ClickException(printable(str(err))) from None
    finally:
        line.clear()


def _leaderboard(game: str | None, when: Date, as_json: bool) -> None:
    """The local players' best times on the day's deal (of GAME, or of every game)."""
    from ..stats.summary import leaderboard as rank

    with open_store() as store:
        ruleset = _ruleset_id(game, store) if game else None
        placings = rank([g for g in store.daily_games(when.isoformat()) if ruleset in (None, g.ruleset)])
    if as_json:
        click.echo(safe_json([p.__dict__ for p in placings]))
        return
    if not placings:
        click.echo(_("no one has won the daily deal of {date} yet").format(date=when.isoformat()))
        return
    click.echo(_("Daily deal {date}").format(date=when.isoformat()))
    for p in placings:
        moves = ngettext("{n} move", "{n} moves", p.moves).format(n=p.moves)
        say(f"{p.rank:>3}. {p.player:<20} {clock_or_dash(p.seconds):>7}  {moves:>10}  ({p.ruleset})")


def _reset_total(game: str | None) -> None:
    from ..paths import data_dir
    from ..stats import now_iso
    from ..stats.carry import start_again

    if game is None:
        raise click.UsageError(_("say which game's running total to start again: patience stats GAME --reset-total"))
    with open_store() as store:
        ruleset = _ruleset_id(game, store)
    if not carries(ruleset):
        raise click.ClickException(_("{game} keeps no running total: its score does not carry from game to game").format(
            game=ruleset))
    try:
        start_again(data_dir(), ruleset, now_iso())
    except OSError as err:
        raise click.ClickException(printable(str(err))) from None
    say(_("the running total of {game} starts again at 0").format(game=ruleset))
