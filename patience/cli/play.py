"""`patience play`: the game at the terminal."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from . import main
from .common import start_game

if TYPE_CHECKING:
    from ..engine.game import Game


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

    current = start_game(game, deal)
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
