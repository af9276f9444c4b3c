"""`patience solve`: the generic solver on one deal or a range of deals."""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, NoReturn

import click

from ..i18n import N_, _, language, ngettext, number
from ..printable import printable
from . import main
from .common import LiveLine, find_game, solver_progress

if TYPE_CHECKING:
    from ..ruleset.model import Ruleset

STATUS_WORDS = {"solved": N_("solved"), "unsolvable": N_("unsolvable"), "unknown": N_("unknown")}
REASON_WORDS = {
    "win found": N_("a win was found"),
    "search exhausted": N_("every reachable position was searched"),
    "timeout": N_("the time ran out"),
    "max states": N_("the state limit was reached"),
}  # and the solver's proofs of a loss, `solver.hints.LOST_WORDS` (imported with the solver)


def parse_range(text: str) -> range:
    """``A-B`` (or one number) as a range of deal numbers; a one-line error otherwise."""
    first, sep, last = text.partition("-")
    try:
        a = int(first)
        b = int(last) if sep else a  # `5` is one deal; `5-` is not a range
    except ValueError:
        raise click.ClickException(_("--deals wants A-B, such as 1-100, not {text!r}").format(text=text)) from None
    if a < 1 or b < a:
        raise click.ClickException(_("--deals wants A-B with 1 <= A <= B, not {text!r}").format(text=text))
    return range(a, b + 1)


SIZE_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
MAX_SIZE = 1 << 40  # a terabyte: beyond any machine this runs on, and far from overflowing the core's sizes


def parse_size(text: str) -> int:
    """``512M``, ``2G``, ``1048576``: a number of bytes, with K, M or G counting in 1024s."""
    cleaned = text.strip().upper().removesuffix("B")
    number, unit = cleaned.rstrip("KMG"), cleaned[len(cleaned.rstrip("KMG")):]
    if not (number.isascii() and number.isdigit()) or unit not in SIZE_UNITS:
        raise click.BadParameter(_("{text!r} is not a size; write bytes or a number with K, M or G: 512M, 2G").format(
            text=text), param_hint="--max-memory")
    size = int(number) * SIZE_UNITS[unit]
    if not 1 <= size <= MAX_SIZE:
        raise click.BadParameter(_("{text!r} is out of range; give 1 byte to 1024G").format(text=text),
                                 param_hint="--max-memory")
    return size


def check_deals(ruleset: Ruleset, deals: range) -> None:
    """A one-line error when the range runs past the deals the ruleset's shuffle has, given
    before any deal is solved (the first and last deal decide it)."""
    from ..deals import DealError, check_deal_number

    try:
        check_deal_number(ruleset.deal.shuffle, deals[0])
        check_deal_number(ruleset.deal.shuffle, deals[-1])
    except DealError as err:
        raise click.ClickException(str(err)) from None


def _status_line(result: dict) -> str:
    from ..solver.hints import LOST_WORDS

    status = _(STATUS_WORDS[result["status"]])
    words = REASON_WORDS | LOST_WORDS
    states = ngettext("{n} state", "{n} states", result["states"]).format(n=number(result["states"]))
    return _("{status} ({reason}): {states}, {seconds} s").format(
        status=status, reason=_(words.get(result["reason"], result["reason"])), states=states,
        seconds=number(result["seconds"], 2))


@main.command()
@click.argument("game")
@click.option("--deal", type=click.IntRange(min=1), default=None, help="Deal number.")
@click.option("--deals", "deal_range", metavar="A-B", default=None, help="Solve deals A to B and print a summary.")
@click.option("--timeout", type=click.FloatRange(min=0), default=30.0, show_default=True, help="Seconds per deal.")
@click.option("--max-states", type=click.IntRange(min=1), default=None, help="Most positions to expand per deal.")
@click.option("--max-memory", metavar="SIZE", default=None,
              help="Most memory for the compiled core's table per deal, in bytes or with K, M or G "
                   "(default 2G); past it the answer is unknown.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes: with --deals, deals solved at once; with --deal, 2 or more gives the "
                   "Python search's depth-first search a process of its own (the compiled core uses one).")
@click.option("--class", "win_class", metavar="ID", default=None,
              help="Search for this win class (Czternastki's `second`) instead of the first: a line "
                   "that ends the game in it.")
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
def solve(game: str, deal: int | None, deal_range: str | None, timeout: float, max_states: int | None,
          max_memory: str | None, jobs: int, win_class: str | None, as_json: bool) -> None:
    """Solve GAME's deal N, or a range of deals: solved (with the moves), unsolvable, or unknown.

    The solver sees any face-down cards ("thoughtful" solving). Unsolvable is said only after an
    exhaustive search; when --timeout, --max-states or --max-memory runs out the answer is
    unknown. Games the compiled core covers are searched by it (--json names the engine, and why
    not where it is the Python search); with --deal and --jobs 2 the Python search's two searches
    race on two cores: faster, but a deal with several wins may show another one from run to run.
    """
    results: list[dict] = []
    deals = range(0)  # not known yet: Ctrl-C may come while the ruleset loads
    game_id = game
    try:
        ruleset = find_game(game)
        game_id = ruleset.id
        if (deal is None) == (deal_range is None):
            raise click.ClickException(_("give either --deal N or --deals A-B"))
        if math.isnan(timeout):  # FloatRange lets nan through: every comparison with it is false
            raise click.ClickException(_("--timeout wants a number of seconds, not {value}").format(value=timeout))
        if deal_range is not None:
            deals = parse_range(deal_range)
        else:
            assert deal is not None  # exactly one of the two, checked above
            deals = range(deal, deal + 1)
        check_deals(ruleset, deals)
        memory = parse_size(max_memory) if max_memory is not None else None
        if win_class is not None:
            _check_class(ruleset, win_class)
        _solve_each(game, deals, timeout, max_states, jobs, results, one_line=deal_range is None, as_json=as_json,
                    max_memory=memory, win_class=win_class)
    except KeyboardInterrupt:  # the solver's processes are stopped by now; what was answered is kept
        _stopped(results, deals, as_json, game_id)
    from ..solver.batch import summarize

    if as_json:
        payload = {"game": game_id, "thoughtful": _thoughtful(results)}
        if deal_range is None:
            payload.update(results[0])
        else:
            payload.update({"results": results, "summary": summarize(results)})
        click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
    elif deal_range is None:
        _print_one(results[0], any(spec.role == "foundation" for spec in ruleset.piles.values()), ruleset)
    else:
        _print_summary(summarize(results), _thoughtful(results))


def _check_class(ruleset: Ruleset, win_class: str) -> None:
    """A one-line refusal for a win class the game does not have (`classes.why_no_class`)."""
    from ..engine.game import Game
    from ..solver.classes import why_no_class

    refused = why_no_class(Game(ruleset, 1), win_class)
    if refused is not None:
        raise click.ClickException(refused)


def _solve_each(game: str, deals: range, timeout: float, max_states: int | None, jobs: int, results: list[dict],
                *, one_line: bool, as_json: bool, max_memory: int | None = None, win_class: str | None = None) -> None:
    """Solve the deals into ``results``, a line per deal for a range, live progress for one deal."""
    from ..solver.batch import solve_deals

    line = LiveLine()  # live only for one deal at a terminal; a range prints a line per deal
    progress = solver_progress(line, solving=True) if one_line and not as_json else None
    one_deal = len(deals) == 1
    try:
        for result in solve_deals(game, deals, timeout, max_states, 1 if one_deal else jobs, progress=progress,
                                  workers=jobs if one_deal else 1, max_memory=max_memory,
                                  shorter=one_deal or as_json, win_class=win_class):  # a range's text prints no moves
            results.append(result)
            if not one_line and not as_json:
                click.echo(_("deal {deal}: {line}").format(deal=result["deal"], line=_status_line(result)))
    finally:
        line.clear()


EXIT_INTERRUPTED = 130  # what shells report for a command ended by Ctrl-C (128 + SIGINT)


def _stopped(results: list[dict], deals: range, as_json: bool, game_id: str) -> NoReturn:
    """Ctrl-C: one line on standard error; for a range, the deals answered so far as a summary
    (with --json, the usual object marked ``"interrupted": true``, its summary null when no deal
    was answered); then exit 130. Nothing is imported unless a deal was answered: Ctrl-C may have
    broken an import halfway."""
    if len(deals) > 1:
        click.echo(_("stopped by Ctrl-C after {done} of {total} deals").format(
            done=number(len(results)), total=number(len(deals))), err=True)
        summary = None
        if results:
            from ..solver.batch import summarize  # loaded already: it gave the results

            summary = summarize(results)
        if as_json:
            payload = {"game": game_id, "thoughtful": _thoughtful(results), "interrupted": True, "results": results,
                       "summary": summary}
            click.echo(json.dumps(payload, ensure_ascii=False, indent=2))
        elif summary is not None:
            _print_summary(summary, _thoughtful(results))
    else:
        click.echo(_("stopped by Ctrl-C before an answer"), err=True)
    click.get_current_context().exit(EXIT_INTERRUPTED)


def _thoughtful(results: list[dict]) -> bool:
    """Whether the solver saw something a player cannot (`search.sees_hidden`) in any deal."""
    return any(result.get("thoughtful", False) for result in results)


def _print_one(result: dict, foundations: bool, ruleset: Ruleset) -> None:
    click.echo(_status_line(result))
    if result.get("win_class"):  # by its name in the language, then the id typed ("second class (second)")
        named = ruleset.win.named(result["win_class"]) if ruleset.win else None
        name = result["win_class"] if named is None else f"{printable(named.display_name(language()))} ({named.id})"
        click.echo(_("win class searched: {win_class}").format(win_class=name))
    if result["status"] == "solved":
        moves = ngettext("{n} move", "{n} moves", len(result["moves"])).format(n=len(result["moves"]))
        click.echo(_("moves ({count}): {moves}").format(count=moves, moves=" ".join(result["moves"])))
        if foundations and result["moves"]:  # the full screen's autoplay is on by default
            click.echo(_("to type this line at the board, play with --no-autoplay --no-autofinish: autoplay "
                         "sends safe cards home by itself and auto-finish ends the game before the line does, "
                         "so the line's own moves would be refused"))
    if result["thoughtful"]:  # never in a game with every card open (FreeCell)
        click.echo(_("thoughtful: the solver saw the face-down cards"))


def _print_summary(summary: dict, thoughtful: bool) -> None:
    click.echo(_("{deals} deals: {solved} solved, {unsolvable} unsolvable, {unknown} unknown").format(**summary))
    click.echo(_("seconds per deal: median {median}, mean {mean}; {rate} states per second").format(
        median=number(summary["median_seconds"], 2), mean=number(summary["mean_seconds"], 2),
        rate=number(summary["states_per_second"])))
    if thoughtful:
        click.echo(_("thoughtful: the solver saw the face-down cards"))
