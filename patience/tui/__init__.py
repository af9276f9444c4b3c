"""The full-screen game (Textual). Nothing here imports Textual at module level: `config`, the
layout and pointing are plain Python, and `app` (which does import it) is loaded only when the
game starts."""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from ..session.signals import handling

if TYPE_CHECKING:
    from ..session.session import Session
    from .app import PatienceApp

GRACE = 3.0  # seconds a closed window's app gets to leave by itself before the game is kept without it


def wanted(as_json: bool, plain: bool) -> bool:
    """The full screen: at a terminal (both ends), unless `--plain`, `--json` or a dumb terminal."""
    return (not as_json and not plain and sys.stdin.isatty() and sys.stdout.isatty()
            and os.environ.get("TERM", "") != "dumb")


def run(session: Session, *, ascii: bool, autoplay_given: bool, language_given: bool,
        keep: Callable[[Session], None] = lambda session: None) -> tuple[Session, bool]:
    """Play at full screen until the player leaves. Returns the session left (another game may
    have been chosen inside) and True when the terminal went away (the caller then keeps the game
    without a word: there is no one to read it). A bug inside is raised again here, for play.py's
    guard to keep the game and say so in one line. ``keep`` keeps a game silently when a closed
    window's app cannot leave by itself (issue 38)."""
    from ..i18n import set_language
    from .config import load

    config, problem = load()
    if not autoplay_given:
        session.settings.autoplay = config.autoplay
    if config.language != "auto" and not language_given:
        set_language(config.language)
        session.settings.lang = config.language
    ascii = ascii or config.ascii
    session.settings.ascii = ascii
    opened = session.open_deal()  # with the settings final: autoplay at the deal
    colour = config.colour and not ascii and not os.environ.get("NO_COLOR")
    from .first_frame import draw

    shown = draw(session, ascii=ascii, colour=colour)  # the board at once, while Textual loads
    started = False
    try:
        from .app import PatienceApp  # Textual: only now

        app = PatienceApp(session, config, ascii=ascii, colour=colour)
        app.first_message = "  ".join([*opened, *([problem] if problem else [])])
        if shown is not None:
            app.early_keys = shown.take_keys()
        started = True  # from here the app owns the screen, and leaves it as it found it
        with _signals_leave(app, keep) as closed:
            app.run()
    finally:
        if shown is not None:
            shown.close(app_started=started)
    if app.failure is not None:
        if app.session is not session:  # another game was chosen inside: keep it too (the guard keeps the first)
            keep(app.session)
        raise app.failure
    return app.session, closed.is_set()


@contextmanager
def _signals_leave(app: PatienceApp, keep: Callable[[Session], None]) -> Iterator[threading.Event]:
    """While the app runs, a closed window (SIGHUP), SIGTERM or SIGINT asks it to leave, from
    inside its loop, instead of raising KeyboardInterrupt into the middle of Textual (which
    left locks held and a hung process, or a traceback in errors.log). Should the app still not
    be gone after GRACE seconds, the game is kept and the process ends."""
    import asyncio

    closed, done = threading.Event(), threading.Event()
    asked = threading.Event()

    def watch() -> None:
        if not done.wait(GRACE):
            try:
                keep(app.session)
            finally:
                os._exit(0)

    def leave(signum: int, frame: Any) -> None:
        if signum == getattr(signal, "SIGHUP", None):
            closed.set()
            if hasattr(signal, "SIGCONT"):  # Textual would redraw, at SIGCONT, on a terminal that is gone
                signal.signal(signal.SIGCONT, signal.SIG_DFL)
        if asked.is_set():
            return
        asked.set()
        try:
            asyncio.get_running_loop().call_soon_threadsafe(app.exit, 0)
        except RuntimeError:  # not inside the loop (starting or stopping): it ends by itself
            pass
        threading.Thread(target=watch, name="patience-leave", daemon=True).start()

    try:
        with handling(("SIGHUP", "SIGTERM", "SIGINT"), leave):
            yield closed
    finally:
        done.set()
