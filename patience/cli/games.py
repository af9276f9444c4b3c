"""Commands about games and deals: list, show, replay."""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

import click

from ..i18n import _, language, ngettext
from ..printable import printable
from . import main
from .common import EXIT_BUG, MAX_LINE, log_traceback, start_game


@main.command("list")
@click.option("--family", metavar="FAMILY", help="Only the games of one family, as the plain list groups them.")
@click.option("--decks", type=click.IntRange(min=1), metavar="N", help="Only the games played with N decks.")
@click.option("--search", metavar="TEXT",
              help="Only the games whose id, name, Polish name or alias contains TEXT (diacritics optional).")
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
def list_games(family: str | None, decks: int | None, search: str | None, as_json: bool) -> None:
    """List the games patience can play: id, name, Polish name, decks, and where each comes from.

    The games are grouped by family; --family, --decks and --search keep only some of them."""
    from ..session.catalogue import FAMILY_IDS, search_text  # the model loads only when the command runs (fast --help)

    if family is not None and family.lower() not in FAMILY_IDS:
        raise click.BadParameter(_("no family {family!r}; the families are {names}").format(
            family=family, names=", ".join(FAMILY_IDS)), param_hint="--family")
    wanted = None if search is None else search_text(search)
    if wanted == "":
        raise click.BadParameter(_("give some letters or digits to search for"), param_hint="--search")
    every = catalogue_rows()
    playable = [row for row in every if "broken" not in row and "hidden_by" not in row]
    rows = [{key: value for key, value in row.items() if key != "_names"}
            for row in every if _wanted(row, family and family.lower(), decks, wanted)]
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    width = max([18] + [len(row["id"]) + 1 for row in rows])
    for title, group in _by_family(rows):
        click.echo(printable(title))  # a family's name in the chosen language, with its count
        for row in group:
            _echo_row(row, width)
        click.echo()
    shown = sum("broken" not in row and "hidden_by" not in row for row in rows)
    count = ngettext("{n} game", "{n} games", shown).format(n=shown)
    if len(rows) != len(every):
        count += " " + _("(of {total})").format(total=len(playable))
    click.echo(count)


def catalogue_rows() -> list[dict[str, Any]]:
    """One row for every ruleset file names can find, by id (a hidden file after the one hiding it)."""
    from ..ruleset.errors import RulesetError
    from ..ruleset.registry import catalogue, discover, load_path, names_of

    visible, hidden = catalogue()
    playing = {entry.id: entry.path for entry in visible}
    # A file whose id an earlier one has is hidden under all its names: say by which.
    hidden_by = {entry.path: str(playing[entry.id]) for entry in hidden}
    rows: list[dict[str, Any]] = []
    for found in discover():
        try:
            ruleset = load_path(found.path)
        except RulesetError as err:
            rows.append({"id": found.path.stem, "broken": str(err.findings[0]), "family": None,
                         "source": found.source, "path": str(found.path)})
            continue
        rows.append({
            "id": ruleset.id,
            "name": ruleset.name,
            "name_pl": ruleset.names.get("pl", ruleset.name),
            "aliases": list(ruleset.aliases),
            "family": ruleset.family,
            "decks": ruleset.decks,
            "description": summary(ruleset.rules.get("en", "")),
            "description_pl": summary(ruleset.rules.get("pl", "")),
            "source": found.source,
            "path": str(found.path),
            "_names": names_of(ruleset),  # for --search; dropped before printing
            **({"hidden_by": hidden_by[found.path]} if found.path in hidden_by else {}),
        })
    rows.sort(key=lambda row: row["id"])  # stable: a hidden file stays after the one hiding it
    return rows


def _wanted(row: dict[str, Any], family: str | None, decks: int | None, wanted: str | None) -> bool:
    from ..session.catalogue import search_text

    names = row.get("_names") or {search_text(row["id"])}  # a broken file by its id
    if family is not None and row["family"] != family:
        return False
    if decks is not None and row.get("decks") != decks:
        return False
    return wanted is None or any(wanted in name for name in names)


def _by_family(rows: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """The rows in the catalogue's order of families, each under its title; broken files last."""
    from ..session.catalogue import FAMILY_IDS, family_name

    groups: list[tuple[str, list[dict[str, Any]]]] = []
    for fid in FAMILY_IDS:
        members = [row for row in rows if row["family"] == fid]
        if members:
            games = ngettext("{n} game", "{n} games", len(members)).format(n=len(members))
            groups.append((_("{family} family · {games}").format(family=family_name(fid), games=games), members))
    broken = [row for row in rows if row["family"] is None]
    if broken:
        groups.append((_("Files that cannot be played"), broken))
    return groups


def _echo_row(row: dict[str, Any], width: int) -> None:
    indent = " " * (width + 3)
    source = "" if row["source"] == "shipped" else f"  [{row['source']}: {row['path']}]"
    if "broken" in row:
        click.echo(printable(f"  {row['id']:<{width}} " + _("(broken: {problem})").format(problem=row["broken"])
                             + source))
        return
    decks = ngettext("{n} deck", "{n} decks", row["decks"]).format(n=row["decks"])
    polish = language() == "pl"
    name, other = (row["name_pl"], row["name"]) if polish else (row["name"], row["name_pl"])
    if "hidden_by" in row:
        source += "  " + _("(hidden by {path})").format(path=row["hidden_by"])
    click.echo(printable(f"  {row['id']:<{width}} {name} · {decks}{source}"))  # names come from files
    if other != name:
        click.echo(printable(f"{indent}{'en' if polish else 'pl'}: {other}"))
    description = row["description_pl"] if polish and row["description_pl"] else row["description"]
    room = 79 - len(indent)  # a long id widens the indent: the summary still ends within 80 columns
    if len(description) > room:
        description = description[: room - 1].rstrip() + "…"
    if description:
        click.echo(printable(f"{indent}{description}"))


def summary(prose: str, width: int = 60) -> str:
    """The opening of a rules text, cut to ``width`` characters: its first sentence, and the next
    ones too while they are very short ("Two decks.")."""
    sentences = " ".join(prose.split()).split(". ")
    text = sentences[0]
    for more in sentences[1:]:
        if len(text) >= 30:
            break
        text += ". " + more
    text = text.rstrip(".")
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


@main.command()
@click.argument("game")
@click.option("--deal", type=int, default=1, show_default=True, help="Deal number.")
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
@click.option("--ascii", is_flag=True, help="No Unicode suit symbols.")
def show(game: str, deal: int, as_json: bool, ascii: bool) -> None:
    """Print the starting position of GAME's deal N."""
    from ..render.board import render, to_json

    started = start_game(game, deal)
    if as_json:
        click.echo(json.dumps(to_json(started), ensure_ascii=False, indent=2))
    else:
        click.echo(render(started, ascii=ascii))


def _read_moves(stream: TextIO) -> list[str]:
    words: list[str] = []
    for line in stream:
        words += line.split("#", 1)[0].split()
    return words


def _unreadable_move(word: str) -> str | None:
    """Why a word of a replay file is refused before the engine reads it, or None."""
    if len(word) > MAX_LINE:
        return _("longer than {most} characters, so it is no move").format(most=MAX_LINE)
    if "\ufffd" in word:  # bytes that were not UTF-8, decoded leniently
        return _("not valid text (UTF-8)")
    return None


@main.command()
@click.argument("game")
@click.argument("moves_file", required=False, default=None, type=click.File("r", encoding="utf-8", errors="replace"))
@click.option("--deal", type=int, required=True, help="Deal number.")
@click.option("--show", "show_board", is_flag=True, help="Print the final board too.")
def replay(game: str, moves_file: TextIO | None, deal: int, show_board: bool) -> None:
    """Play a list of moves (FILE or - for stdin) on GAME's deal N and say how it ends.

    Moves are in the game's notation, separated by spaces or new lines; `#` starts a comment.
    Exit 0 with `won`, `lost` or `in progress`; exit 1 at the first illegal move.
    """
    from ..engine.moves import IllegalMove
    from ..render.board import render

    if moves_file is None:
        if sys.stdin.isatty():  # nothing piped in: waiting for moves typed blind would look like a hang
            raise click.UsageError(_("give a file of moves, or - to type them (end with Ctrl-D): "
                                     "patience replay {game} --deal {deal} moves.txt").format(game=printable(game), deal=deal))
        moves_file = click.open_file("-", "r", encoding="utf-8", errors="replace")
    started = start_game(game, deal)
    for number, word in enumerate(_read_moves(moves_file), 1):
        try:
            refusal = _unreadable_move(word)
            if refusal is not None:
                raise IllegalMove(refusal)
            started.play(word)
        except IllegalMove as err:
            shown = printable(word if len(word) <= 40 else word[:40] + "…")
            click.echo(_("move {number} ({word}): {reason}").format(number=number, word=shown, reason=err), err=True)
            if show_board:
                click.echo(render(started))
            sys.exit(1)
        except Exception:  # noqa: BLE001 - a bug: one line and the log, never a traceback on screen
            click.echo(_("move {number}: an unexpected error (a bug); details are in {log}").format(
                number=number, log=log_traceback()), err=True)
            sys.exit(EXIT_BUG)
    if show_board:
        click.echo(render(started))
    from ..session.session import status_word

    click.echo(status_word(started.status()))
