"""The `patience` command line. It holds no rules: everything comes from the engine."""

from __future__ import annotations

import json
import random
import sys
from typing import TYPE_CHECKING, TextIO

import click

# The engine (and pydantic behind it) is imported inside the commands, so that
# `patience --help` starts fast.
if TYPE_CHECKING:
    from ..engine.game import Game


def _start(game_name: str, deal: int | None) -> Game:
    from ..deals import DealError
    from ..engine.game import Game
    from ..ruleset.loader import RulesetError
    from ..ruleset.registry import UnknownGame, find_ruleset

    try:
        ruleset = find_ruleset(game_name)
        if deal is None:
            deal = random.randint(1, 1_000_000)
        return Game(ruleset, deal)
    except (RulesetError, UnknownGame, DealError) as err:
        raise click.ClickException(str(err)) from None


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="patience")
def main() -> None:
    """Patience (solitaire) games defined by YAML rulesets."""


@main.command("list")
def list_games() -> None:
    """List the games that ship with patience."""
    from ..ruleset.loader import RulesetError
    from ..ruleset.registry import load_path, shipped_files

    loaded = []
    for path in shipped_files():
        try:
            loaded.append(load_path(path))
        except RulesetError as err:
            click.echo(f"{path.stem:<18} (broken: {err.findings[0]})")
    for ruleset in sorted(loaded, key=lambda r: r.id):
        polish = ruleset.names.get("pl")
        extra = f" / {polish}" if polish and polish != ruleset.name else ""
        click.echo(f"{ruleset.id:<18} {ruleset.name}{extra}")


@main.command()
@click.argument("game")
@click.option("--deal", type=int, default=1, show_default=True, help="Deal number.")
@click.option("--json", "as_json", is_flag=True, help="Print machine-readable JSON.")
@click.option("--ascii", is_flag=True, help="No Unicode suit symbols.")
def show(game: str, deal: int, as_json: bool, ascii: bool) -> None:
    """Print the starting position of GAME's deal N."""
    from .render import render, to_json

    started = _start(game, deal)
    if as_json:
        click.echo(json.dumps(to_json(started), ensure_ascii=False, indent=2))
    else:
        click.echo(render(started, ascii=ascii))


def _read_moves(stream: TextIO) -> list[str]:
    words: list[str] = []
    for line in stream:
        words += line.split("#", 1)[0].split()
    return words


@main.command()
@click.argument("game")
@click.argument("moves_file", required=False, default="-", type=click.File("r", encoding="utf-8"))
@click.option("--deal", type=int, required=True, help="Deal number.")
@click.option("--show", "show_board", is_flag=True, help="Print the final board too.")
def replay(game: str, moves_file: TextIO, deal: int, show_board: bool) -> None:
    """Play a list of moves (FILE or - for stdin) on GAME's deal N and say how it ends.

    Moves are in the game's notation, separated by spaces or new lines; `#` starts a comment.
    Exit 0 with `won`, `lost` or `in progress`; exit 1 at the first illegal move.
    """
    from ..engine.moves import IllegalMove
    from .render import render

    started = _start(game, deal)
    for number, word in enumerate(_read_moves(moves_file), 1):
        try:
            started.play(word)
        except IllegalMove as err:
            click.echo(f"move {number} ({word}): {err}", err=True)
            if show_board:
                click.echo(render(started))
            sys.exit(1)
    if show_board:
        click.echo(render(started))
    click.echo(started.status())


HELP = """Commands:
  a move in notation, e.g. 38, 1h, w3, 38v3 (see `moves`)
  moves     list every legal move, numbered; type #N (or N) to play move N
  undo, u   take back a move       redo, r   play it again
  board     draw the board         position  print the position text
  help, ?   this text              quit, q   leave the game"""


def _is_notation(game: Game, word: str) -> bool:
    from ..engine.moves import IllegalMove
    from ..engine.notation import parse_move

    try:
        parse_move(game, word)
    except IllegalMove:
        return False
    return True


@main.command()
@click.argument("game")
@click.option("--deal", type=int, default=None, help="Deal number (default: a random one, shown).")
@click.option("--ascii", is_flag=True, help="No Unicode suit symbols.")
def play(game: str, deal: int | None, ascii: bool) -> None:
    """Play GAME at the terminal (a plain loop; type `help`)."""
    from ..engine.moves import IllegalMove
    from .render import render

    current = _start(game, deal)
    interactive = sys.stdin.isatty()
    click.echo(render(current, ascii=ascii))
    listed: list = []
    while True:
        try:
            line = input("> ") if interactive else sys.stdin.readline()
        except (EOFError, KeyboardInterrupt):
            click.echo()
            return
        if not interactive and not line:
            return
        command = line.strip()
        if not command:
            continue
        word = command.lower()
        try:
            if word in ("quit", "q", "exit"):
                return
            if word in ("help", "?"):
                click.echo(HELP)
                continue
            if word == "moves":
                listed = current.legal_moves()
                for i, move in enumerate(listed, 1):
                    click.echo(f"{i:>3}. {current.notation(move)}")
                if not listed:
                    click.echo("no legal moves")
                continue
            if word == "board":
                click.echo(render(current, ascii=ascii))
                continue
            if word == "position":
                click.echo(current.position(), nl=False)
                continue
            if word in ("undo", "u"):
                current.undo()
            elif word in ("redo", "r"):
                current.redo()
            elif word.lstrip("#").isdigit() and (word.startswith("#") or not _is_notation(current, word)):
                word = word.lstrip("#")
                if not listed:
                    listed = current.legal_moves()
                index = int(word)
                if not 1 <= index <= len(listed):
                    raise IllegalMove(f"no move numbered {index}; type `moves` to list them")
                current.play(listed[index - 1])
            else:
                current.play(command)
        except IllegalMove as err:
            click.echo(f"{err}")
            continue
        listed = []
        click.echo(render(current, ascii=ascii))
        status = current.status()
        if status != "in progress":
            click.echo(f"The game is {status}. (undo to go back, quit to leave)")
