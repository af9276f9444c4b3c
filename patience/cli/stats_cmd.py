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
from . import main
from .common import find_game, start_game
from .play import play_new, play_options

if TYPE_CHECKING:
    from ..ruleset.model import Ruleset
    from ..stats.store import Store


@contextmanager
def open_store() -> Iterator[Store]:
    """The statistics, with any message about them shown, and errors as one line each."""
    from ..paths import data_dir
    from ..stats.store import StatsError, Store

    try:
        store = Store(data_dir())
    except (StatsError, OSError, sqlite3.Error) as err:
        raise click.ClickException(_("statistics: {error}").format(error=err)) from None
    for message in store.messages:
        click.echo(message, err=True)
    try:
        yield store
    except sqlite3.Error as err:
        raise click.ClickException(_("statistics: {error}").format(error=err)) from None
    finally:
        store.close()


def _ruleset_id(game: str, store: Store) -> str:
    """A game's id from any of its names; a recorded id is accepted even if no ruleset has it now."""
    from ..ruleset.loader import RulesetError
    from ..ruleset.registry import UnknownGame, find_ruleset

    if game in store.rulesets():
        return game
    try:
        return find_ruleset(game).id
    except (RulesetError, UnknownGame) as err:
        raise click.ClickException(str(err)) from None


def _clock(seconds: float | None) -> str:
    from .session import clock

    return "-" if seconds is None else clock(seconds)


@main.command()
@click.argument("game", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
@click.option("--history", is_flag=True, help="List the recent games instead of the figures.")
@click.option("--limit", type=click.IntRange(min=1), default=20, show_default=True, help="Games in --history.")
@click.option("--export", "export_to", type=click.Path(dir_okay=False, path_type=Path), help="Write every game to FILE.csv or FILE.json.")
@click.option("--import", "import_from", type=click.Path(exists=True, dir_okay=False, path_type=Path), help="Add the games of FILE.csv or FILE.json (games already there are skipped).")
def stats(game: str | None, as_json: bool, history: bool, limit: int, export_to: Path | None,
          import_from: Path | None) -> None:
    """Your results: played, won, win rate, streaks and bests, per game (or for GAME)."""
    from ..stats.summary import summarize
    from ..stats.transfer import TransferError, export_games, read_games

    with open_store() as store:
        if import_from is not None:
            try:
                games = read_games(import_from)
            except TransferError as err:
                raise click.ClickException(str(err)) from None
            added = store.import_games(games)
            click.echo(ngettext("imported {n} new game from {file} ({old} already there)",
                                "imported {n} new games from {file} ({old} already there)", added).format(
                n=added, file=import_from, old=len(games) - added))
            return
        ruleset = _ruleset_id(game, store) if game else None
        if export_to is not None:
            games = store.games(ruleset)
            try:
                export_games(games, export_to)
            except (TransferError, OSError) as err:
                raise click.ClickException(str(err)) from None
            click.echo(ngettext("exported {n} game to {file}", "exported {n} games to {file}", len(games)).format(
                n=len(games), file=export_to))
            return
        if history:
            recent = store.games(ruleset, newest_first=True, limit=limit)
            if as_json:
                from dataclasses import asdict

                click.echo(json.dumps([asdict(g) for g in recent], ensure_ascii=False, indent=2))
                return
            if not recent:
                click.echo(_("no games recorded yet"))
            from .session import status_word

            for g in recent:
                score = "  " + _("score {score}").format(score=g.score) if g.score is not None else ""
                daily = "  " + _("daily {date}").format(date=g.daily) if g.daily else ""
                moves = ngettext("{n} move", "{n} moves", g.moves).format(n=g.moves)
                deal = _("deal {number}").format(number=g.deal)
                click.echo(f"{g.ended_at[:16].replace('T', ' ')}  {g.ruleset:<16} {deal:<13} "
                           f"{status_word(g.result):<12} {moves:>10}  {_clock(g.seconds):>7}{score}{daily}")
            return
        rulesets = [ruleset] if ruleset else store.rulesets()
        summaries = [summarize(r, store.games(r)) for r in rulesets]
    if as_json:
        click.echo(json.dumps([s.as_dict() for s in summaries], ensure_ascii=False, indent=2))
        return
    if not any(s.played for s in summaries):
        click.echo(_("no games recorded yet for {game}").format(game=ruleset) if ruleset else _("no games recorded yet"))
        return
    for s in summaries:
        click.echo(f"{s.ruleset}")
        click.echo("  " + _("played {played} · won {won} ({rate:.0%}) · lost {lost} · abandoned {abandoned}").format(
            played=s.played, won=s.won, rate=s.win_rate, lost=s.lost, abandoned=s.abandoned))
        line = "  " + _("streak {streak} (best {best}) · best time {time} · fewest moves {moves}").format(
            streak=s.current_streak, best=s.best_streak, time=_clock(s.best_time),
            moves=s.fewest_moves if s.fewest_moves is not None else "-")
        if s.best_score is not None:
            line += " · " + _("best score {score}").format(score=s.best_score)
        click.echo(line)


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
        raise click.ClickException(str(err)) from None
    finally:
        line.clear()


def _leaderboard(game: str | None, when: Date, as_json: bool) -> None:
    """The local players' best times on the day's deal (of GAME, or of every game)."""
    from ..stats.summary import leaderboard as rank

    with open_store() as store:
        ruleset = _ruleset_id(game, store) if game else None
        placings = rank([g for g in store.daily_games(when.isoformat()) if ruleset in (None, g.ruleset)])
    if as_json:
        click.echo(json.dumps([p.__dict__ for p in placings], ensure_ascii=False, indent=2))
        return
    if not placings:
        click.echo(_("no one has won the daily deal of {date} yet").format(date=when.isoformat()))
        return
    click.echo(_("Daily deal {date}").format(date=when.isoformat()))
    for p in placings:
        moves = ngettext("{n} move", "{n} moves", p.moves).format(n=p.moves)
        click.echo(f"{p.rank:>3}. {p.player:<20} {_clock(p.seconds):>7}  {moves:>10}  ({p.ruleset})")
