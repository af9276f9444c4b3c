"""The full-screen game's overlays: a page of text (help, moves, rules), a yes/no question, the
end of a game, and the settings. Each is a modal screen that returns what the player chose."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from typing import Any, TypeVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..i18n import N_, _

T = TypeVar("T")

CSS = """
ModalScreen { align: center middle; }
ModalScreen > Vertical { max-width: 95%; height: auto; max-height: 90%;
                         border: round $accent; padding: 0 1; background: $surface; }
ModalScreen Static { width: 100%; }
ModalScreen .keys { color: $text-muted; }
VerticalScroll { height: auto; max-height: 100%; }
GameChooser OptionList { height: auto; max-height: 16; }
GameChooser Input { width: 100%; }
"""
# Every overlay's box is as wide as its longest line (and at most 95% of the screen, where its
# text wraps): a box of `width: auto` around `Static`s, whose width is a share of their parent's,
# is drawn with no room at all on Textual 3 to 8 (an empty 4 x 2 box, issue 35).
MIN_WIDTH = 30
CHOICE_WIDTH = 88  # a question or the end of a game: longer lines wrap, to be read at a glance
SCROLL_BAR = 2  # columns of a page's vertical scroll bar (Textual's scrollbar-size-vertical), once it scrolls


def hang(text: str, width: int) -> str:
    """``text`` wrapped to ``width`` columns, each wrapped line's rest under its own indentation
    plus two (as the help's continued lines are written), not at the box's edge. A line of keys
    (``F1 help   F2 settings``) breaks between its keys, never inside one ("F4 zagraj" /
    "podpowiedź" in Polish at 80 columns)."""
    lines = []
    for line in text.splitlines():
        indent = " " * (len(line) - len(line.lstrip(" ")))
        if len(line) <= width or not line.strip():
            lines.append(line)
            continue
        rest = indent + "  "
        keys = re.split(r"(?<! )" + KEY_GAP + r"(?! )", line.strip())  # not an aligned column's wider gap
        if len(keys) > 1 and all(len(rest) + len(key) <= width for key in keys):
            packed = _packed(keys, width - len(rest))
            lines.extend([indent + packed[0]] + [rest + part for part in packed[1:]])
            continue
        lines.extend(textwrap.wrap(line, width, subsequent_indent=rest, break_on_hyphens=False,
                                   drop_whitespace=True, replace_whitespace=False) or [line])
    return "\n".join(lines)


def box_width(*texts: str, most: int = 1000) -> int:
    """The width of an overlay's box for ``texts``: the longest line, the border and padding (at
    most ``most``: longer lines wrap)."""
    return min(most, max([MIN_WIDTH] + [len(line) + 4 for text in texts for line in text.splitlines()]))


def box_room(app: App[Any]) -> int:
    """The widest an overlay's box may be on this terminal (the CSS max-width, 95 %)."""
    return max(MIN_WIDTH, app.size.width * 95 // 100)


KEY_GAP = "   "  # between the keys of a line of keys


def key_lines(keys: str, width: int) -> str:
    """A line of keys (``n: new deal   q: quit``) broken between keys, never inside one, so that
    no key's word is left alone on a line ("koniec" under "q:" in Polish, at 80 columns)."""
    return "\n".join(_packed(keys.split(KEY_GAP), width))


def _packed(keys: list[str], width: int) -> list[str]:
    """``keys`` in lines of at most ``width`` columns (a longer key alone), KEY_GAP between."""
    lines: list[str] = []
    for key in keys:
        if lines and len(lines[-1]) + len(KEY_GAP) + len(key) <= width:
            lines[-1] += KEY_GAP + key
        else:
            lines.append(key)
    return lines


class TextPage(ModalScreen[None]):
    """A page of text over the board. Esc, Enter, q, Space or a click closes it; with ``typed``
    (the app's command line), so does a key that starts a move or a command, which goes on to
    the line with every key that reaches the page while it closes: after `moves`, `1⏎` typed at
    once plays move 1, and nothing typed at full speed is lost to the closing page."""

    BINDINGS = [Binding("escape,q,enter,space", "close", _("close"))]

    def __init__(self, text: str, typed: Callable[[str, str], None] | None = None) -> None:
        super().__init__()
        self.text = text
        self.typed = typed  # (key, character): a key for the command line
        self.closing = False

    def on_key(self, event: events.Key) -> None:
        char = event.character or ""
        starts_a_line = len(char) == 1 and char.isprintable() and char not in " q"
        if self.typed is None or not (self.closing or starts_a_line):
            return  # the page's own keys (its bindings)
        event.stop()
        event.prevent_default()
        self.action_close()
        self.typed(event.key, char)

    def _fitted(self) -> tuple[str, str, int]:
        """The text wrapped to this terminal, the line of keys, and the box's width."""
        keys = _("Esc, Enter or a click: back to the game")
        room = box_room(self.app)
        text = hang(self.text, room - 4 - SCROLL_BAR)  # border, padding and the scroll bar
        return text, keys, min(room, box_width(text, keys) + SCROLL_BAR)

    def compose(self) -> ComposeResult:
        text, keys, width = self._fitted()
        with Vertical() as box:
            box.styles.width = width
            with VerticalScroll():
                yield Static(text, markup=False, id="page")
            yield Static(keys, classes="keys")

    def on_resize(self) -> None:
        text, _keys, width = self._fitted()
        self.query_one("#page", Static).update(text)
        self.query_one(Vertical).styles.width = width

    def action_close(self) -> None:
        if not self.closing:
            self.closing = True
            self.dismiss(None)

    def on_click(self) -> None:
        self.action_close()


class _Choice(ModalScreen[T]):
    """A text and the line of keys that answer it; each key's binding dismisses the screen with
    its value (``choose(...)``)."""

    KEYS = ""  # the line of keys under the text (marked with N_, translated when shown)

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def _fitted(self) -> tuple[str, int]:
        """The line of keys broken to fit this terminal, and the box's width."""
        room = min(CHOICE_WIDTH, box_room(self.app))
        keys = key_lines(_(self.KEYS), room - 4)  # border and padding
        return keys, box_width(self.text, keys, most=room)

    def compose(self) -> ComposeResult:
        keys, width = self._fitted()
        with Vertical() as box:
            box.styles.width = width
            yield Static(self.text, markup=False)
            yield Static(keys, classes="keys", id="keys")

    def on_resize(self) -> None:
        keys, width = self._fitted()
        self.query_one("#keys", Static).update(keys)
        self.query_one(Vertical).styles.width = width

    def action_choose(self, value: T) -> None:
        self.dismiss(value)


class Question(_Choice[bool]):
    """A yes/no question: `y` (`t`, tak, in Polish) or Enter says yes, `n` or Esc says no."""

    BINDINGS = [Binding("y,t,enter", "choose(True)", _("yes")), Binding("n,escape", "choose(False)", _("no"))]
    KEYS = N_("y: yes   n or Esc: no")


class EndOfGame(_Choice[str]):
    """Won or lost, the figures and any new best; then a new deal, the same deal, back, or quit."""

    BINDINGS = [
        Binding("n", "choose('new')", _("new deal")),
        Binding("s", "choose('restart')", _("same deal again")),
        Binding("escape,b", "choose('back')", _("back to the board")),
        Binding("q", "choose('quit')", _("quit")),
    ]
    KEYS = N_("n: new deal   s: same deal again   b or Esc: back to the board (then Ctrl+Z undoes)   q: quit")


class SettingsScreen(ModalScreen[Any]):
    """The settings, each with its key; a change is kept in the config file at once."""

    BINDINGS = [
        Binding("a", "toggle('autoplay')", _("autoplay")),
        Binding("c", "toggle('colour')", _("colour")),
        Binding("x", "toggle('ascii')", _("ascii")),
        Binding("l", "toggle('language')", _("language")),
        Binding("escape,q,enter", "close", _("close")),
    ]

    def __init__(self, config: Any, note: str = "") -> None:
        super().__init__()
        self.config = config
        self.note = note

    def compose(self) -> ComposeResult:
        keys = _("a, c, x, l: change   Esc: back to the game")
        text = self._text(self._room())
        with Vertical() as box:
            box.styles.width = box_width(text, keys)
            yield Static(text, id="settings", markup=False)
            yield Static(keys, classes="keys")

    def _room(self) -> int:
        return box_room(self.app) - 4  # border and padding

    def _text(self, room: int) -> str:
        """The settings, each line at most ``room`` columns."""
        from .config import DESCRIPTIONS, config_path, shown

        lines = [_("Settings"), ""]
        for key, letter in (("autoplay", "a"), ("colour", "c"), ("ascii", "x"), ("language", "l")):
            value = _(shown(getattr(self.config, key)))  # on and off in the player's language
            line = f"  {letter}  {key:<9} {value:<5} "
            # A long description goes on under itself, not under the key.
            lines += textwrap.wrap(line + _(DESCRIPTIONS[key]), room, subsequent_indent=" " * len(line))
        lines += ["", _("kept in {path}").format(path=config_path())]
        if self.note:
            lines.append(self.note)
        return "\n".join(lines)

    def action_toggle(self, key: str) -> None:
        from .config import LANGUAGES, save

        if key == "language":
            self.config.language = LANGUAGES[(LANGUAGES.index(self.config.language) + 1) % len(LANGUAGES)]
        else:
            setattr(self.config, key, not getattr(self.config, key))
        try:
            save(self.config, [key])
            self.note = ""
        except OSError as err:
            self.note = _("could not write the settings: {error}").format(error=err)
        self.query_one("#settings", Static).update(self._text(self._room()))

    def action_close(self) -> None:
        self.dismiss(self.config)


class GameChooser(ModalScreen[Any]):
    """Another game: every ruleset `patience list` finds (shipped, the user's own, PATIENCE_PATH),
    narrowed as the player types (an id, a name in any language, an alias); Enter starts the
    highlighted one, Esc goes back. Dismissed with the chosen file's path, or None."""

    BINDINGS = [Binding("escape", "close", _("back to the game")),
                Binding("down", "move(1)", show=False), Binding("up", "move(-1)", show=False)]

    def __init__(self, games: list[tuple[str, str, str]], kept: bool = True) -> None:
        """``games``: (what is shown, what a search matches, the file's path) for each game;
        ``kept``: whether the game left is one leaving keeps (an unfinished game, something played)."""
        super().__init__()
        self.games = games
        self.kept = kept
        self.shown = list(games)

    def compose(self) -> ComposeResult:
        from textual.widgets import Input, OptionList

        keys = _("type to search   ↑↓: choose   Enter: play   Esc: back to the game")
        with Vertical() as box:
            box.styles.width = box_width(keys, *(line for line, _w, _p in self.games), most=CHOICE_WIDTH)
            yield Static(_("Another game (this one is kept, as when you quit)") if self.kept else _("Another game"))
            yield Input(id="search", placeholder=_("search: a name, an id, a word"))
            yield OptionList(*(line for line, _w, _p in self.games), id="games")
            yield Static(keys, classes="keys")

    def on_input_changed(self, event: Any) -> None:
        from textual.widgets import OptionList

        from ..session.catalogue import search_text

        wanted = search_text(event.value)
        self.shown = [g for g in self.games if wanted in g[1]]
        found = self.query_one("#games", OptionList)
        found.clear_options()
        found.add_options([line for line, _w, _p in self.shown])
        found.highlighted = 0 if self.shown else None

    def on_input_submitted(self, event: Any) -> None:
        event.stop()
        self._choose()

    def on_option_list_option_selected(self, event: Any) -> None:
        event.stop()
        self._choose()

    def _choose(self) -> None:
        from textual.widgets import OptionList

        index = self.query_one("#games", OptionList).highlighted
        if self.shown and index is not None and 0 <= index < len(self.shown):
            self.dismiss(self.shown[index][2])

    def action_move(self, step: int) -> None:
        from textual.widgets import OptionList

        found = self.query_one("#games", OptionList)
        if self.shown:
            found.highlighted = ((found.highlighted or 0) + step) % len(self.shown)

    def action_close(self) -> None:
        self.dismiss(None)
