"""`patience play`, `patience resume` and `patience rules`: the game at the terminal.

At a terminal the board is drawn in colour (rich) unless `--ascii` or `NO_COLOR`; from a pipe
or file, commands are read line by line and the board (or `--json` state) follows each one.
"""

from __future__ import annotations

import io
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, TextIO

import click

from ..i18n import N_, _, language, ngettext
from ..session.signals import handling
from ..printable import json_escaped, printable
from . import main
from ..session.keeping import Notes, Says, apply_reply, end_of_input, leave_game, record_games
from .common import EXIT_BUG, MAX_LINE, find_game, locate_game, log_traceback, start_game, winnable_deal

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..ruleset.model import Ruleset
    from ..stats.record import GameRecord
    from ..session.session import Reply, Session


class Screen:
    """Where the board and messages go: rich in colour at a terminal, plain text elsewhere."""

    def __init__(self, *, ascii: bool, colour: bool) -> None:
        self.ascii = ascii
        self.console: Any = None
        if colour:
            from rich.console import Console

            self.console = Console(highlight=False, soft_wrap=True)

    def board(self, session: Session) -> None:
        from ..render.board import board_lines, to_plain, to_rich

        lines = board_lines(session.game, ascii=self.ascii, status=session.status_line())
        if self.console is not None:
            self.console.print(to_rich(lines))
        else:
            click.echo(to_plain(lines))

    def say(self, text: str) -> None:
        click.echo(text)


def _settings(ruleset: Any, ascii: bool, autoplay: bool | None, autofinish: bool | None) -> Any:
    from ..session.session import Settings

    return Settings(
        ascii=ascii,
        autoplay=ruleset.assists.autoplay if autoplay is None else autoplay,
        autofinish=ruleset.assists.autofinish if autofinish is None else autofinish,
        lang=language(),
    )


def _state(session: Session, command: str | None, reply: Reply | None, notes: Notes | None = None,
           ok: bool = True, records: Sequence[GameRecord] = ()) -> dict[str, Any]:
    """One line of `--json`: the command, whether it went well, its messages, then what else it
    brought about (``notes``: statistics news such as a new best, a save written or not), the
    games it recorded, and the state."""
    from dataclasses import asdict

    from ..render.board import to_json

    state = to_json(session.game)
    state.update(elapsed=round(session.elapsed(), 1), turns=len(session.turns))
    lines = [] if reply is None else list(reply.lines)
    answer: dict[str, Any] = {"command": command, "ok": ok and not (reply is not None and reply.failed),
                              "messages": lines + (notes.take() if notes is not None else [])}
    if records:
        answer["records"] = [asdict(record) for record in records]
    answer["state"] = state
    return answer


def json_line(data: object) -> str:
    """One line of JSON for programs: the characters a terminal acts on (DEL, C0 and C1 controls,
    U+2028 and U+2029, bidirectional overrides) written as ``\\u`` escapes, which json leaves raw."""
    text = json.dumps(data, ensure_ascii=False, allow_nan=False)
    return json_escaped(text)



class Quiet(Screen):
    """Messages to standard error: in --json mode only JSON goes to standard output."""

    def __init__(self) -> None:
        super().__init__(ascii=True, colour=False)

    def say(self, text: str) -> None:
        click.echo(text, err=True)


class Silent(Screen):
    """No messages at all: the terminal is gone (a closed window, a closed pipe)."""

    def __init__(self) -> None:
        super().__init__(ascii=True, colour=False)

    def say(self, text: str) -> None:
        pass


def scripted(session: Session, stream: TextIO, screen: Screen, *, as_json: bool, strict: bool) -> int:
    """Commands line by line from a pipe or file; the board (or JSON state) after each. With
    --json every line gets one JSON line (a blank one too), and what a command brought about
    (news, a save failed, the game recorded) is in it; what the end of the input brings (the game
    kept or recorded) is one last line, with ``command`` null."""
    from ..session.session import Reply

    notes = Notes() if as_json else screen
    opened = session.open_deal()  # autoplay at the deal (--autoplay)
    if as_json:
        click.echo(json_line(_state(session, None, Reply(opened))))
    else:
        for text in opened:
            screen.say(text)
        screen.board(session)
    for number, line in enumerate(capped_lines(stream), 1):
        command = line.strip()
        if not command or (command.startswith("#") and not command[1:2].isdigit()):  # a comment
            if as_json:
                click.echo(json_line(_state(session, command, None)))  # a reply for every line
            continue
        reply = session.handle(command)
        if not as_json:
            screen.say(f"> {printable(command[:MAX_LINE])}")
            for text in reply.lines:
                screen.say(text)
        ok, records = apply_reply(session, reply, notes)
        if reply.quit:
            records = [*records, *leave_game(session, notes)]
        if isinstance(notes, Notes):
            click.echo(json_line(_state(session, command[:MAX_LINE], reply, notes, ok, records)))
        elif not reply.quit:
            screen.board(session)
        if reply.quit:
            return 0
        if strict and reply.failed:
            click.echo(_("line {number}: {command!r} was refused; stopping (--strict)").format(
                number=number, command=command[:MAX_LINE]), err=True)
            _last_words(session, notes)
            return 1
    _last_words(session, notes)
    return 0


def _last_words(session: Session, notes: Says) -> None:
    """The end of the input (`session.keeping.end_of_input`); with --json, what it brought about as one line."""
    records = end_of_input(session, notes)
    if isinstance(notes, Notes) and (notes.kept or records):
        click.echo(json_line(_state(session, None, None, notes, records=records)))


def capped_lines(stream: TextIO) -> Iterator[str]:
    """The lines of a stream, each read to at most MAX_LINE + 1 characters and the rest of a
    longer one skipped, so a huge line costs linear time and little memory (and is refused)."""
    while True:
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return
        rest = line
        while len(rest) > MAX_LINE and not rest.endswith("\n"):  # skip to the end of the line
            rest = stream.readline(64 * 1024)
            if not rest:
                break
        yield line


def _decode_leniently(stream: TextIO) -> None:
    """Bytes that are not UTF-8 become U+FFFD instead of an error; the session refuses such a line."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        try:
            reconfigure(errors="replace")
        except (OSError, ValueError, io.UnsupportedOperation):
            pass


def interactive(session: Session, screen: Screen) -> int:
    """The prompt loop. Ctrl-C, Ctrl-D, a closed terminal and `quit` all keep an unfinished game."""
    try:
        import readline  # noqa: F401  (line editing and history for input())
    except ImportError:
        pass

    session.settings.confirm = True  # someone is there to answer: `new` and `restart` ask first
    for text in session.open_deal():  # autoplay at the deal (--autoplay)
        screen.say(text)
    screen.board(session)
    screen.say(_("Type a move (see `moves`), or `help`."))
    try:
        while True:
            try:
                line = input("> ")
            except EOFError:
                screen.say("")
                break
            except UnicodeDecodeError:  # a terminal that sends bytes that are not UTF-8
                line = "\ufffd"
            reply = session.handle(line)
            for text in reply.lines:
                screen.say(text)
            apply_reply(session, reply, screen)
            if reply.quit:
                break
            if reply.redraw:
                screen.board(session)
    except KeyboardInterrupt:
        screen.say("")
    leave_game(session, screen)
    return 0


def guarded(session: Session, screen: Screen, loop: Callable[[], int]) -> int:
    """Run a game loop. Ctrl-C in a script keeps the game as at the prompt; any unexpected error
    (a bug) saves the game, says where in one line, logs the traceback, and exits EXIT_BUG."""
    try:
        try:
            return loop()
        except KeyboardInterrupt:  # reached here only from a script: the prompt handles its own
            leave_game(session, screen)
            return 130
        except BrokenPipeError:  # the reader went (`| head -n1`): keep the game, say nothing
            leave_game(session, Silent())
            raise
    except BrokenPipeError:
        raise  # no bug: click leaves quietly on a closed pipe
    except Exception as err:  # noqa: BLE001 - the last line of defence: no traceback, no lost game
        click.echo(crash_report(session, err), err=True)
        return EXIT_BUG


def crash_report(session: Session, err: Exception) -> str:
    """Keep what can be kept after a bug, and one line saying what happened and where things went."""
    from ..session.saves import write_save

    log = log_traceback()  # first, while the error is the one being handled
    parts = [_("patience stopped on an unexpected error (a bug): {error}.").format(
        error=printable(f"{type(err).__name__}: {err}")[:200])]
    try:
        if session.worth_keeping():
            path = write_save(session)
            parts.append(_("Your game was saved to {path}; `patience resume` continues it.").format(path=path))
        else:
            session.leave()
            record_games(session, Quiet())
    except Exception as failed:  # noqa: BLE001 - still one line, whatever else is broken
        parts.append(_("The game could not be saved: {error}.").format(error=printable(str(failed))[:200]))
    parts.append(_("Details are in {log}.").format(log=log))
    return " ".join(parts)


def _run(session: Session, ascii: bool, as_json: bool, strict: bool) -> None:
    colour = sys.stdout.isatty() and not ascii and not os.environ.get("NO_COLOR") and not as_json
    screen = Screen(ascii=ascii, colour=colour)
    _decode_leniently(sys.stdin)
    from .. import tui

    with _leaving_on_signals():
        if tui.wanted(as_json, click.get_current_context().find_root().meta.get("plain", False)):
            code = guarded(session, screen, lambda: full_screen(session, screen, ascii))
        elif sys.stdin.isatty() and not as_json:
            code = guarded(session, screen, lambda: interactive(session, screen))
        else:
            # A script is no person: its games set no best and extend no streak, unless --record.
            session.scripted = not click.get_current_context().find_root().meta.get("record", False)
            notes = Quiet() if as_json else screen  # with --json, only JSON on standard output
            code = guarded(session, notes,
                           lambda: scripted(session, sys.stdin, screen, as_json=as_json, strict=strict))
    sys.exit(code)


def full_screen(session: Session, screen: Screen, ascii: bool) -> int:
    """The full-screen game (Textual); leaving it keeps or records the game as the prompt does."""
    from .. import tui

    root = click.get_current_context().find_root()
    closed = False
    try:
        session, closed = tui.run(session, ascii=ascii, autoplay_given=root.meta.get("autoplay_given", False),
                                  language_given=bool(_language_asked()),
                                  keep=lambda left: leave_game(left, Silent()))
    except KeyboardInterrupt:
        pass
    leave_game(session, Silent() if closed else screen)  # a closed window: kept, with no one to tell
    return 0


def _language_asked() -> str | None:
    """--lang or PATIENCE_LANG: a language asked for now wins over the settings file's."""
    from . import _lang_in

    return _lang_in(sys.argv[1:]) or os.environ.get("PATIENCE_LANG")


def _remember(name: str, *, given: bool = False) -> Callable[[click.Context, click.Parameter, Any], Any]:
    """Keep an option's value (or, with given=True, whether it was given at all, as name_given)
    where the game loop finds it, whichever command took it."""

    def keep(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        if given:
            ctx.find_root().meta[f"{name}_given"] = value is not None
        else:
            ctx.find_root().meta[name] = value
        return value

    return keep


def _leaving_on_signals() -> AbstractContextManager[None]:
    """A closed terminal (SIGHUP) or SIGTERM leaves the game the way Ctrl-C does: kept. The
    handlers before are put back after, for a program that runs the command in its own process."""

    def leave(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    return handling(("SIGHUP", "SIGTERM"), leave)


JSON_OPTION = click.option("--json", "as_json", is_flag=True, help=N_("Print the state as one JSON line after each command."))
PLAY_OPTIONS = [
    click.option("--ascii", is_flag=True, help=N_("No Unicode and no colour (TH for 10♥, ## for a face-down card).")),
    JSON_OPTION,
    click.option("--strict", is_flag=True, help=N_("From a pipe: stop with exit code 1 at the first refused command.")),
    click.option("--autoplay/--no-autoplay", default=None, help=N_("Send safe cards to the foundations after each move."),
                 callback=_remember("autoplay", given=True)),
    click.option("--plain", is_flag=True, expose_value=False, callback=_remember("plain"),
                 help=N_("At a terminal: the line-by-line game, not the full screen (for screen readers).")),
    click.option("--autofinish/--no-autofinish", default=None, help=N_("Finish by itself when foundation moves alone win.")),
    click.option("--record", is_flag=True, expose_value=False, callback=_remember("record"),
                 help=N_("From a pipe or with --json: count the games as a person's (bests, streaks).")),
]


def play_options(function: Any, *, with_json: bool = True) -> Any:
    for option in reversed(PLAY_OPTIONS):
        if with_json or option is not JSON_OPTION:
            function = option(function)
    return function


@main.command()
@click.argument("game", required=False)
@click.option("--deal", type=click.IntRange(min=1), default=None, help=N_("Deal number (default: a random one, shown)."))
@click.option("--winnable", is_flag=True, help=N_("Only a deal the solver has won: the first from the random (or --deal) number on."))
@click.option("--resume", "resume_saved", is_flag=True, help=N_("Continue the saved game (of GAME, or the latest)."))
@play_options
def play(game: str | None, deal: int | None, winnable: bool, resume_saved: bool, ascii: bool, as_json: bool,
         strict: bool, autoplay: bool | None, autofinish: bool | None) -> None:
    """Play GAME: an id, a name or alias (English or Polish), or a ruleset file.

    Type `help` at the prompt for the commands, `moves` for the legal moves.
    """
    if resume_saved:
        if winnable:
            raise click.ClickException(_("--winnable deals a new game; it cannot be combined with --resume"))
        _resume(game, ascii, as_json, strict, autoplay, autofinish)
        return
    if game is None:
        raise click.UsageError(_("name a game to play (`patience list` shows them)"))
    notes: list[str] = []
    choose_deal = None
    if winnable:
        ruleset = find_game(game)
        deal, skipped = winnable_deal(ruleset, deal)
        notes = [winnable_note(deal, skipped)]
        choose_deal = _winnable_chooser(ruleset)
    play_new(game, start_game(game, deal), ascii=ascii, as_json=as_json, strict=strict, autoplay=autoplay,
             autofinish=autofinish, notes=notes, choose_deal=choose_deal)


def winnable_note(deal: int, skipped: int) -> str:
    if not skipped:
        return _("deal {deal}: checked winnable by the solver").format(deal=deal)
    return ngettext("deal {deal}: checked winnable by the solver (skipped {n} deal it did not win within its budget)",
                    "deal {deal}: checked winnable by the solver (skipped {n} deals it did not win within its budget)",
                    skipped).format(deal=deal, n=skipped)


def _winnable_chooser(ruleset: Ruleset) -> Callable[[int | None], tuple[int, list[str]]]:
    """The deals of `new` at the prompt of a `--winnable` game: winnable too. Finding none is a
    refused command (the game goes on), not an error that ends the program."""

    def choose(start: int | None) -> tuple[int, list[str]]:
        from ..engine.moves import IllegalMove

        try:
            deal, skipped = winnable_deal(ruleset, start)
        except click.ClickException as err:
            raise IllegalMove(err.format_message()) from None
        return deal, [winnable_note(deal, skipped)]

    return choose


def play_new(game_name: str, started: Game, *, ascii: bool, as_json: bool, strict: bool, autoplay: bool | None,
             autofinish: bool | None, notes: Sequence[str] = (), daily: str | None = None,
             choose_deal: Callable[[int | None], tuple[int, list[str]]] | None = None) -> None:
    """Play a new game at the prompt or from a pipe: `play`, `play --winnable` and `daily`."""
    from ..session.saves import save_path, tidy_saves
    from ..session.session import Session

    ruleset = started.ruleset
    located = locate_game(game_name)  # the same resolution as start_game: the same ruleset
    settings = _settings(ruleset, ascii, autoplay, autofinish)
    session = Session(started, settings, ruleset_file=located.own_file, key=located.key, choose_deal=choose_deal,
                      daily=daily)
    tidy_saves()
    for note in notes:  # before the board; with --json only JSON goes to standard output
        click.echo(note, err=as_json)
    if sys.stdin.isatty() and not as_json:
        if save_path(located.key).exists():
            click.echo(_("(You have an unfinished {name}: `patience resume {id}` continues it; "
                         "quitting this game keeps this one instead.)").format(
                name=ruleset.display_name(language()), id=ruleset.id))
    _run(session, ascii, as_json, strict)


@main.command()
@click.argument("game", required=False)
@play_options
def resume(game: str | None, ascii: bool, as_json: bool, strict: bool, autoplay: bool | None,
           autofinish: bool | None) -> None:
    """Continue a saved game (of GAME, or the one saved last)."""
    _resume(game, ascii, as_json, strict, autoplay, autofinish)


def _resume(game: str | None, ascii: bool, as_json: bool, strict: bool, autoplay: bool | None,
            autofinish: bool | None) -> None:
    from ..session.saves import SaveError, list_saves, read_save, restore, resumed_session, save_path, tidy_saves

    tidy_saves()
    if game is not None:
        path = save_path(locate_game(game).key)
        if not path.exists():
            raise click.ClickException(_("no saved game of {game}; start one with `patience play {game}`").format(game=game))
    else:
        saves = list_saves()
        if not saves:
            raise click.ClickException(_("no saved game; start one with `patience play GAME`"))
        path = saves[0].path
    try:
        save = read_save(path)
        restored = restore(save, path)
    except SaveError as err:
        raise click.ClickException(str(err)) from None
    ruleset = restored.game.ruleset
    settings = _settings(ruleset, ascii, autoplay, autofinish)
    # A `--winnable` game deals winnable games at `new` after a resume too.
    choose_deal = _winnable_chooser(ruleset) if save.winnable else None
    session = resumed_session(save, restored, path, settings, choose_deal)
    _run(session, ascii, as_json, strict)


@main.command()
@click.argument("game")
def rules(game: str) -> None:
    """The rules of GAME in words: its own text, then every setting of its ruleset."""
    from ..ruleset.describe import rules_text

    click.echo(printable(rules_text(find_game(game), language()), keep_newlines=True))  # the file's words, escaped
