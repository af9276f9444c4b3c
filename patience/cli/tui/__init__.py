"""The full-screen game (Textual). Nothing here imports Textual at module level: `config`, the
layout and pointing are plain Python, and `app` (which does import it) is loaded only when the
game starts."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..session import Session


def wanted(as_json: bool, plain: bool) -> bool:
    """The full screen: at a terminal (both ends), unless `--plain`, `--json` or a dumb terminal."""
    return (not as_json and not plain and sys.stdin.isatty() and sys.stdout.isatty()
            and os.environ.get("TERM", "") != "dumb")


def run(session: Session, *, ascii: bool, autoplay_given: bool, language_given: bool) -> None:
    """Play at full screen until the player leaves. A bug inside is raised again here, for
    play.py's guard to keep the game and say so in one line."""
    from ...i18n import set_language
    from .config import load

    config, problem = load()
    if not autoplay_given:
        session.settings.autoplay = config.autoplay
    if config.language != "auto" and not language_given:
        set_language(config.language)
        session.settings.lang = config.language
    ascii = ascii or config.ascii
    session.settings.ascii = ascii
    colour = config.colour and not ascii and not os.environ.get("NO_COLOR")
    from .first_frame import draw

    shown = draw(session, ascii=ascii, colour=colour)  # the board at once, while Textual loads
    started = False
    try:
        from .app import PatienceApp  # Textual: only now

        app = PatienceApp(session, config, ascii=ascii, colour=colour)
        if problem:
            app.first_message = problem
        if shown is not None:
            app.early_keys = shown.take_keys()
        started = True  # from here the app owns the screen, and leaves it as it found it
        app.run()
    finally:
        if shown is not None:
            shown.close(app_started=started)
    if app.failure is not None:
        raise app.failure
