"""The full-screen game's first frame, drawn before Textual is imported.

Importing Textual and building the app takes about 0.2 s; the board itself is ready long before.
So the board is drawn at once, plain Python and ANSI codes, where the app will draw it (the
alternate screen, the status line on top, the board under it with the same layout), and the app
draws over it when it starts. Until then the terminal neither echoes keys nor waits for Enter;
keys typed meanwhile are handed to the app, which plays them one at a time once it is ready.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any, TextIO

from ..i18n import _
from ..printable import printable
from ..render.board import STYLES
from . import pointing
from .layout import Hit, lay_out

if TYPE_CHECKING:
    from ..session.session import Session

# The style words the board uses, as SGR parameters (Textual's colours are its theme's; close enough
# for the fraction of a second before it draws).
SGR = {"bold": "1", "dim": "2", "underline": "4", "reverse": "7", "red": "31", "green": "32", "yellow": "33",
       "blue": "34", "cyan": "36"}
ENTER = "\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J"  # the alternate screen (as Textual's), no cursor, cleared
LEAVE = "\x1b[?1049l\x1b[?25h"
ROWS_BESIDE_BOARD = 3  # the status line above it, the message and command lines below (app.py)
PADDING = 1  # a column each side of the status line and the board (app.py's CSS)


def status_text(session: Session, ascii: bool, room: int | None = None) -> str:
    """The status line: game, deal, moves, clock, score. Where it is wider than ``room`` the
    game's name goes first, then the deal: the figures are what a cut line would lose ("redeals
    left" in Polish at 80 columns), and the player knows which game is on the screen."""
    game = session.game
    deal = _("deal {number}").format(number=game.deal_number) if game.deal_number is not None else ""
    name = printable(game.ruleset.display_name(session.settings.lang))
    figures = session.status_line()
    for title in (f"{name}{' - ' if ascii else ' · '}{deal}" if deal else name, deal):
        text = f"{title}   {figures}" if title else figures
        if room is None or len(text) <= room:
            return text
    return figures


def own_style(style: str | None, colour: bool) -> str | None:
    """A spot's style before any mark (selected, target, playable...): its colour, or without
    colour only the titles in bold. app.py's BoardView and the first frame both start from it."""
    return STYLES.get(style or "", style) if colour else ("bold" if style == "title" else None)


def shown_style(style: str | None, hit: Hit | None, colour: bool) -> str | None:
    """The style a part of a board line is drawn in: a spot's as its mark gave it, other text's
    (labels, titles, gaps) from STYLES when in colour."""
    return style if hit is not None else (STYLES.get(style or "", None) if colour else None)


def _sgr(text: str, style: str | None) -> str:
    codes = [SGR[word] for word in (style or "").split() if word in SGR]
    return f"\x1b[{';'.join(codes)}m{text}\x1b[0m" if codes else text


def frame(session: Session, width: int, height: int, *, ascii: bool, colour: bool) -> str | None:
    """The first frame as text for a terminal of ``width`` × ``height``, or None when the board does
    not fit (the app then says so itself)."""
    game = session.game
    playable = pointing.playable(game)

    def mark(hit: Hit, style: str | None) -> str | None:  # as app.py's BoardView marks an untouched board
        base = own_style(style, colour)
        return f"{base or ''} underline".strip() if hit in playable else base

    board = lay_out(game, width - 2 * PADDING, height - ROWS_BESIDE_BOARD, ascii=ascii, mark=mark)
    if board is None:
        return None
    pad = " " * PADDING
    rows = [pad + status_text(session, ascii, width - 2 * PADDING)[: width - 2 * PADDING]]
    for line in board.lines:
        parts = []
        for text, style, hit in line:
            parts.append(_sgr(text, shown_style(style, hit, colour)))
        rows.append(pad + "".join(parts))
    return ENTER + "\r\n".join(rows)


class FirstFrame:
    """The drawn frame and the terminal mode it set; `close` puts the mode back (after the app)."""

    def __init__(self, out: TextIO, saved_mode: list[Any] | None) -> None:
        self.out = out
        self.saved_mode = saved_mode

    def take_keys(self) -> str:
        """The keys typed since the frame was drawn, taken from the terminal for the app to replay
        once it is ready (read by the app at its start, they would all act at once)."""
        import select

        fd = sys.stdin.fileno()
        taken = b""
        try:
            while len(taken) < 4096 and select.select([fd], [], [], 0)[0]:
                chunk = os.read(fd, 1024)
                if not chunk:
                    break
                taken += chunk
        except (OSError, ValueError):
            pass
        return taken.decode("utf-8", errors="replace")

    def close(self, *, app_started: bool) -> None:
        if not app_started:  # the app leaves the alternate screen itself
            self.out.write(LEAVE)
            self.out.flush()
        if self.saved_mode is not None:
            import termios

            try:
                termios.tcsetattr(sys.stdin.fileno(), termios.TCSADRAIN, self.saved_mode)
            except (termios.error, OSError):
                pass


def draw(session: Session, *, ascii: bool, colour: bool) -> FirstFrame | None:
    """Draw the first frame on standard output; None when it cannot be (no size, too small)."""
    try:
        width, height = os.get_terminal_size(sys.stdout.fileno())
    except (OSError, ValueError):
        return None
    text = frame(session, width, height, ascii=ascii, colour=colour)
    if text is None:
        return None
    saved_mode = _quiet_keys()
    sys.stdout.write(text)
    sys.stdout.flush()
    return FirstFrame(sys.stdout, saved_mode)


def _quiet_keys() -> list[Any] | None:
    """Keys typed while Textual loads are not echoed over the board nor held for Enter; the mode
    before (to put back after the app, which puts back the mode it found) is returned."""
    try:
        import termios
    except ImportError:  # Windows: Textual's own driver sets the console up
        return None
    try:
        fd = sys.stdin.fileno()
        saved = termios.tcgetattr(fd)
        quiet = termios.tcgetattr(fd)
        quiet[0] &= ~termios.ICRNL  # Enter stays a carriage return, as the app reads it
        quiet[3] &= ~(termios.ECHO | termios.ICANON)  # the local modes
        quiet[6][termios.VMIN], quiet[6][termios.VTIME] = 1, 0  # a read returns what has been typed
        termios.tcsetattr(fd, termios.TCSANOW, quiet)
        return saved
    except (termios.error, OSError, ValueError):
        return None
