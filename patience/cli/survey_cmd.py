"""`patience survey`: how many deals of a game can be won, over a range of deals, in a results
file that a stop never spoils (patience/survey/, docs/winnability.md).

`patience survey GAME ...` is short for `patience survey run GAME ...`: the group takes a first
word that is none of its commands for a game."""

from __future__ import annotations

import math
import os
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from ..i18n import _, ngettext, number
from . import Group, main
from ..printable import printable
from .common import FORCE_HELP, LiveLine, exists_message, export_target, find_game
from .solve_cmd import EXIT_INTERRUPTED, check_deals, parse_range, parse_size

if TYPE_CHECKING:
    from ..ruleset.model import Ruleset
    from ..survey.report import GameReport
    from ..survey.run import Runner, Tally

INSTALL_HINT = "pip install 'patience[survey]'"


class SurveyGroup(Group):
    """A group whose unknown first word is a game: `survey GAME` runs `survey run GAME`."""

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None,
                                                                              list[str]]:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            return "run", self.commands["run"], args
        return super().resolve_command(ctx, args)


@main.group(cls=SurveyGroup)
def survey() -> None:
    """Survey how many deals of a game can be won: `patience survey GAME --deals A-B` (short for
    `survey run`) solves every deal of the range into a results file, and `patience survey report
    FILE...` tells the winnable share. A stopped survey goes on where it stopped when run again.
    With dask installed the deals are solved on a Dask cluster (a local one by default)."""


def default_file(game_id: str) -> Path:
    """Where a game's survey goes when --out is not given: the user data folder, one file a game."""
    from ..paths import data_dir
    from ..survey import SURVEY_SUFFIX

    return data_dir() / "surveys" / f"{game_id}{SURVEY_SUFFIX}"


@survey.command("run")
@click.argument("game")
@click.option("--deals", "deal_range", metavar="A-B", required=True, help="Survey deals A to B.")
@click.option("--timeout", type=click.FloatRange(min=0), default=30.0, show_default=True, help="Seconds per deal.")
@click.option("--max-states", type=click.IntRange(min=1), default=None, help="Most positions to expand per deal.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The results file (default: one per game in the user data folder).")
@click.option("--max-memory", metavar="SIZE", default=None,
              help="Most memory for the compiled core per deal and worker, in bytes or with K, M or G "
                   "(default 2G); past it the deal is unknown. Not part of a row's key: to retry unknown "
                   "deals with more, use another --out.")
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="Worker processes on this machine (default: one per core).")
@click.option("--scheduler", metavar="tcp://HOST:PORT", default=None,
              help="Solve on the Dask cluster of this scheduler instead of on this machine.")
@click.option("--chunk", type=click.IntRange(min=1), default=None,
              help="Deals per task (default: each worker gets several tasks, at most 25 deals each).")
def run(game: str, deal_range: str, timeout: float, max_states: int | None, max_memory: str | None,
        out: Path | None, jobs: int | None, scheduler: str | None, chunk: int | None) -> None:
    """Solve every deal of GAME in --deals that the results file has no answer for.

    One row per deal is kept (the rules' digest, the solver's version and the budget are part of
    its key), written as each chunk of deals finishes: Ctrl-C, a crash or a lost worker costs at
    most the chunks being solved, and running the same command again solves only what is missing.
    """
    from ..survey import SurveyError

    ruleset = find_game(game)
    deals = parse_range(deal_range)
    check_deals(ruleset, deals)
    if math.isnan(timeout):  # FloatRange lets nan through
        raise click.ClickException(_("--timeout wants a number of seconds, not {value}").format(value=timeout))
    memory = parse_size(max_memory) if max_memory is not None else None
    path = out if out is not None else default_file(ruleset.id)
    try:
        if scheduler is not None:
            from ..survey.cluster import check_address

            check_address(scheduler)
        _run(game, ruleset, deals, timeout, max_states, path, jobs or os.cpu_count() or 1, scheduler, chunk, memory)
    except SurveyError as err:
        raise click.ClickException(str(err)) from None


def _run(game: str, ruleset: Ruleset, deals: range, timeout: float, max_states: int | None, path: Path, jobs: int,
         scheduler: str | None, chunk: int | None, memory: int | None = None) -> None:
    from ..ruleset.registry import is_ruleset_path
    from ..solver.daily import SOLVER_VERSION
    from ..survey import SurveyFile, SurveyKey
    from ..survey.run import in_this_process
    from ..survey.run import survey as solve_missing
    from ..survey.store import NO_LIMIT
    from ..session.catalogue import rules_digest

    key = SurveyKey(ruleset.id, rules_digest(ruleset), SOLVER_VERSION, timeout, max_states or NO_LIMIT)
    name = str(Path(game).resolve()) if is_ruleset_path(game) else ruleset.id  # what a worker can find
    click.echo(_("survey of {game}, deals {first}-{last}, {budget}, solver {solver}: results in {path}").format(
        game=ruleset.id, first=deals[0], last=deals[-1], budget=_budget(timeout, max_states), solver=SOLVER_VERSION,
        path=path))
    line = LiveLine()
    tally: Tally | None = None

    def show(now: Tally) -> None:
        nonlocal tally
        tally = now
        line.show(_progress_text(now))

    with SurveyFile(path) as results:
        try:
            complete = len(results.done_deals(key, deals)) == len(deals)  # then no cluster need start
            with nullcontext((in_this_process, 1)) if complete else _workers(jobs, scheduler) as (runner, workers):
                tally = solve_missing(results, name, key, deals, rules_digest, runner, workers, chunk, show, memory)
        except KeyboardInterrupt:
            line.clear()
            _stopped(tally, path)
        finally:
            line.clear()
    click.echo(_summary_text(tally))
    click.echo(_("results in {path}").format(path=path))


@contextmanager
def _workers(jobs: int, scheduler: str | None) -> Iterator[tuple[Runner, int]]:
    """Who solves the chunks, and how many at once: a Dask cluster when dask is installed (a new
    local one, or the one of ``scheduler``), else ``jobs`` local processes, with a line saying so."""
    from ..survey.cluster import dask_client, dask_installed, on_dask, worker_count
    from ..survey.run import on_local_processes

    if not dask_installed():
        if scheduler is not None:
            raise click.ClickException(_("--scheduler needs Dask: {command}").format(command=INSTALL_HINT))
        click.echo(_("solving on local processes; for a Dask cluster: {command}").format(command=INSTALL_HINT),
                   err=True)
        yield on_local_processes(jobs), jobs
        return
    with dask_client(jobs, scheduler) as client:
        workers = worker_count(client)
        click.echo(_workers_text(workers, scheduler or _("a local cluster")), err=True)
        yield on_dask(client), workers


def _workers_text(workers: int, where: str) -> str:
    return ngettext("Dask: {n} worker on {where}", "Dask: {n} workers on {where}", workers).format(
        n=workers, where=where)


def _budget(timeout: float, max_states: int | None) -> str:
    from ..survey.report import budget_text

    return budget_text(timeout, max_states)


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return "?"
    whole = int(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def _progress_text(tally: Tally) -> str:
    return _("{done}/{total} deals, {rate} a second: {solved} won, {unsolvable} unsolvable, {unknown} unknown; "
             "{left} left").format(
        done=number(tally.done), total=number(tally.total), rate=number(tally.rate(), 2),
        solved=number(tally.counts["solved"]), unsolvable=number(tally.counts["unsolvable"]),
        unknown=number(tally.counts["unknown"]), left=_clock(tally.seconds_left()))


def _summary_text(tally: Tally | None) -> str:
    assert tally is not None  # the survey shows its tally before it solves anything
    return _("{done} of {total} deals answered: {solved} won, {unsolvable} unsolvable, {unknown} unknown").format(
        done=number(tally.done), total=number(tally.total), solved=number(tally.counts["solved"]),
        unsolvable=number(tally.counts["unsolvable"]), unknown=number(tally.counts["unknown"]))


def _stopped(tally: Tally | None, path: Path) -> NoReturn:
    """Ctrl-C: what is kept and how to go on, on standard error; then exit 130."""
    done = 0 if tally is None else tally.done
    total = "?" if tally is None else number(tally.total)
    click.echo(_("stopped by Ctrl-C: {done} of {total} deals are in {path}; the same command goes on from there")
               .format(done=number(done), total=total, path=path), err=True)
    click.get_current_context().exit(EXIT_INTERRUPTED)


def _read_rows(files: tuple[Path, ...]) -> list[dict]:
    """Every row of the results files, in order; a file that is not a sound results file ends the
    command with one line, and rows that are not survey results are passed over with one line."""
    from ..survey import SurveyError, SurveyFile

    rows: list[dict] = []
    try:
        for path in files:
            with SurveyFile(path, readonly=True) as results:
                rows.extend(results.rows())
                if results.skipped:
                    click.echo(ngettext("{path}: {n} row that is not a survey result was passed over",
                                        "{path}: {n} rows that are not survey results were passed over",
                                        results.skipped).format(path=printable(str(path)), n=number(results.skipped)),
                               err=True)
    except SurveyError as err:
        raise click.ClickException(printable(str(err))) from None
    return rows


@survey.command("report")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
@click.option("--plot", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Draw the share of deals decided against seconds per deal, and the lengths of the wins, "
                   "into this PNG file.")
@click.option("--force", is_flag=True, help=FORCE_HELP)
def report(files: tuple[Path, ...], as_json: bool, plot: Path | None, force: bool) -> None:
    """Per game and budget in the results FILES: won, unsolvable and unknown deals, the winnable
    share with its 95 % Wilson interval over the decided deals, the range the unknown deals could
    move it to, and the seconds per deal (median, 90th and 99th percentile, most). A deal found in
    several files counts once."""
    from ..survey.report import grouped, reports
    from .stats_cmd import safe_json

    if plot is not None:
        export_target(plot, force, read=files)
    rows = _read_rows(files)
    groups = grouped(rows)
    found = reports(groups)
    if plot is not None:
        _plot(groups, plot, force)
    if as_json:
        click.echo(safe_json({"games": [r.as_json() for r in found],
                              "thoughtful": any(_hides_cards(r.game) for r in found)}))
        return
    if not found:
        click.echo(_("no deals in these files"))
    for game in found:
        _print_report(game)


def _plot(groups: dict[tuple, list[dict]], out: Path, force: bool) -> None:
    try:
        from ..survey.plot import plot

        plot(groups, out, replace=force)  # matplotlib is imported when it draws: a missing one shows here
    except ImportError:
        raise click.ClickException(_("--plot needs matplotlib: {command}").format(command=INSTALL_HINT)) from None
    except FileExistsError:
        raise click.ClickException(exists_message(out)) from None
    except (OSError, ValueError) as err:
        raise click.ClickException(printable(_("the plot cannot be written to {path}: {error}").format(
            path=out, error=err))) from None


def _percent(share: float) -> str:
    return number(100 * share, 1) + " %"


def _print_report(game: GameReport) -> None:
    # Every text of a row is data from a file: printed escaped, so it cannot act on the terminal.
    click.echo(_("{game}: deals {first}-{last} ({deals} deals), {budget}, solver {solver}, rules {rules}").format(
        game=printable(game.game), first=game.first, last=game.last, deals=number(game.deals),
        budget=_budget(game.timeout, game.max_states or None), solver=printable(game.solver),
        rules=printable(game.rules)))
    click.echo("  " + _("{solved} won, {unsolvable} unsolvable, {unknown} unknown").format(
        solved=number(game.solved), unsolvable=number(game.unsolvable), unknown=number(game.unknown)))
    if game.share is None or game.interval is None:
        click.echo("  " + _("winnable: no deal decided yet"))
    else:
        click.echo("  " + _("winnable: {share} of the decided deals (95 % interval {low} to {high})").format(
            share=_percent(game.share), low=_percent(game.interval[0]), high=_percent(game.interval[1])))
    if game.unknown:
        click.echo("  " + _("with the unknown deals: from {low} (all lost) to {high} (all won)").format(
            low=_percent(game.share_range[0]), high=_percent(game.share_range[1])))
    seconds = game.seconds
    click.echo("  " + _("seconds per deal: median {p50}, 90 % {p90}, 99 % {p99}, most {max}").format(
        **{name: number(value, 2) for name, value in seconds.items()}))
    if game.machines:
        click.echo("  " + _("solved on: {machines}").format(machines=printable("; ".join(game.machines))))
    if _hides_cards(game.game):  # never in a game with every card open (FreeCell)
        click.echo("  " + _("thoughtful: the solver saw the face-down cards"))


def _hides_cards(game: str) -> bool:
    """Whether the game's deals hide cards from a player (`search.sees_hidden` on its first deal);
    False for a game that can no longer be found: nothing is claimed then."""
    from ..engine.game import Game
    from ..ruleset.registry import find_ruleset
    from ..solver.search import sees_hidden

    try:
        return sees_hidden(Game(find_ruleset(game), 1))
    except Exception:  # noqa: BLE001 - a ruleset gone or broken since the survey: claim nothing
        return False


@survey.command("export")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--parquet", "out", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="Write every row of the FILES into this Parquet file.")
@click.option("--force", is_flag=True, help=FORCE_HELP)
def export(files: tuple[Path, ...], out: Path, force: bool) -> None:
    """Copy the rows of the results FILES into one Parquet file, for pandas, DuckDB, Spark and
    the like (pyarrow, in the survey extra). A deal found in several files is written once."""
    from ..survey.report import grouped

    export_target(out, force, read=files)  # `--parquet r.sqlite` of r.sqlite would destroy the survey
    rows = _read_rows(files)
    try:
        from ..survey.parquet import write_parquet
    except ImportError:
        raise click.ClickException(_("--parquet needs pyarrow: {command}").format(command=INSTALL_HINT)) from None
    unique = [row for group in grouped(rows).values() for row in group]
    try:
        write_parquet(unique, out, replace=force)
    except FileExistsError:
        raise click.ClickException(exists_message(out)) from None
    except (OSError, ValueError) as err:  # pyarrow's ArrowInvalid is a ValueError
        raise click.ClickException(printable(_("{path} cannot be written: {error}").format(
            path=out, error=err))) from None
    click.echo(ngettext("{n} row written to {path}", "{n} rows written to {path}", len(unique)).format(
        n=number(len(unique)), path=out))
