"""The full-screen game's own widgets: the board (clicks, drags, the cursor keys) and the command
line. Keys typed at the board go to the app's command line (`PatienceApp.type_key`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input

from ..engine.moves import CLOSE_UP, DEAL, REDEAL, REMOVE
from ..i18n import _
from . import pointing
from .first_frame import own_style, shown_style
from .layout import Board, Hit, lay_out

if TYPE_CHECKING:
    from .app import PatienceApp

# The board's styles: render.py's, and the marks of pointing. Without colour only the marks stay.
MARKS = {"selected": "reverse yellow", "target": "reverse green", "cursor": "reverse", "hinted": "reverse cyan"}
PLAIN_MARKS = {"selected": "reverse", "target": "reverse underline", "cursor": "reverse", "hinted": "reverse"}


class HotCommand(Message):
    """A hot key's command (Ctrl+Z: `undo`), sent down the queue the typed keys went to, so that it
    acts after the keys typed before it, never before a line still waiting there."""

    def __init__(self, line: str) -> None:
        super().__init__()
        self.line = line


class BoardView(Widget, can_focus=True):
    """The cards. Clicks, drags and the cursor keys pick cards up and put them down."""

    BINDINGS = [
        Binding("left", "cursor(-1, 0)", show=False), Binding("right", "cursor(1, 0)", show=False),
        Binding("up", "cursor(0, -1)", show=False), Binding("down", "cursor(0, 1)", show=False),
        Binding("tab", "cursor(1, 0)", show=False), Binding("shift+tab", "cursor(-1, 0)", show=False),
        Binding("enter,space", "press", show=False), Binding("escape", "put_down", show=False),
    ]

    def __init__(self, game_app: PatienceApp) -> None:
        super().__init__(id="board")
        self.game_app = game_app
        self.board: Board | None = None
        self.selected: Hit | None = None
        self.targets: set[int] = set()
        self.hinted: set[int] = set()
        self.cursor = 0  # a pile
        self.dragged_from: Hit | None = None
        self.dropped = False  # a drag played its move: the click that follows is not another pick

    # ------------------------------------------------------------------ drawing
    def _mark(self, hit: Hit, style: str | None) -> str | None:
        pile, index = hit
        game = self.game_app.session.game
        top = len(game.piles[pile]) - 1
        marks = MARKS if self.game_app.colour else PLAIN_MARKS
        base = own_style(style, self.game_app.colour)
        if self.selected is not None and pile == self.selected[0] and index >= max(self.selected[1], 0 if top >= 0 else -1):
            return marks["selected"]
        if pile in self.targets and index in (top, -1):
            return marks["target"]
        if pile in self.hinted and index in (top, -1):
            return marks["hinted"]
        if self.has_focus and pile == self.cursor and index == -1:
            return marks["cursor"]
        if hit in self.playable:
            return f"{base or ''} underline".strip()
        return base

    def render(self) -> Text:
        app = self.game_app
        game = app.session.game
        self.playable = pointing.playable(game)
        width, height = self.size.width, self.size.height
        self.board = lay_out(game, width, height, ascii=app.ascii, mark=self._mark)
        if self.board is None:
            return Text(_("The terminal is too small for this board ({width}×{height} here). Make it larger, "
                          "or play with `--plain`.").format(width=width, height=height))
        text = Text(no_wrap=True, overflow="crop")
        for i, line in enumerate(self.board.lines):
            if i:
                text.append("\n")
            for part, style, hit in line:
                text.append(part, shown_style(style, hit, app.colour) or None)
        return text

    # ------------------------------------------------------------------ picking up and putting down
    def pick(self, hit: Hit) -> None:
        """A click (or Enter) on a spot: pick up, put down on a target, or play a stock action."""
        app = self.game_app
        game = app.session.game
        app.message("")  # a refusal of the pick before is stale now
        if self.selected is not None:
            source, self.selected, self.targets = self.selected, None, set()
            if hit[0] == source[0]:
                self.refresh()
                return
            move = pointing.move_to(game, source, hit)
            if move is not None:
                app.play(move)
                return
            app.message(_("{card} cannot go to {label}").format(
                card=app.card_name(source), label=game.rules.labels[hit[0]]), failed=True)
        moves = pointing.moves_from(game, hit)
        at_once = [m for m in moves if m[1] in (DEAL, REDEAL, CLOSE_UP) or (m[1] == REMOVE and m[0] == m[2])]
        if at_once and len(moves) == len(at_once):  # the stock, or a card that goes out alone
            app.play(at_once[0])
            return
        if not moves:
            if game.piles[hit[0]]:
                app.message(_("{card} cannot move now").format(card=app.card_name(hit)), failed=True)
            self.refresh()
            return
        self.selected = hit
        self.targets = {pointing.target_of(m, hit[0]) for m in moves} - {-1}
        self.hinted = set()
        self.refresh()

    def send(self, hit: Hit) -> None:
        """A double-click: the best move of the card, home first."""
        self.selected, self.targets = None, set()
        move = pointing.best_move(self.game_app.session.game, hit)
        if move is None:
            self.game_app.message(_("{card} cannot move now").format(card=self.game_app.card_name(hit)), failed=True)
            self.refresh()
            return
        self.game_app.play(move)

    def _hit(self, event: events.MouseEvent) -> Hit | None:
        offset = event.get_content_offset(self)  # the board starts inside the padding
        if offset is None or self.board is None:
            return None
        return self.board.at(offset.x, offset.y)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self.dragged_from = self._hit(event)

    def on_mouse_up(self, event: events.MouseUp) -> None:
        start, self.dragged_from = self.dragged_from, None
        end = self._hit(event)
        if start is None or end is None or end[0] == start[0]:
            return
        move = pointing.move_to(self.game_app.session.game, start, end)
        if move is not None:
            self.dropped = True
            self.selected, self.targets = None, set()
            self.game_app.play(move)

    def on_click(self, event: events.Click) -> None:
        if self.dropped:
            self.dropped = False
            return
        hit = self._hit(event)
        if hit is None:
            self.put_down()
            return
        self.cursor = hit[0]
        if event.chain >= 2:
            self.send(hit)
        else:
            self.pick(hit)

    def put_down(self) -> None:
        self.selected, self.targets = None, set()
        self.refresh()

    # ------------------------------------------------------------------ keys
    def action_put_down(self) -> None:
        if self.game_app.command_line.value:  # Esc reached the board, not the line: the line empties
            self.game_app.clear_command_line()
            return
        self.put_down()

    def action_cursor(self, across: int, down: int) -> None:
        """Move the cursor to the next pile along (Tab, ←, →) or the nearest one above or below."""
        if not self.board or not self.board.spots:
            return
        spots = self.board.spots
        order = sorted(spots, key=lambda p: (spots[p][1], spots[p][0]))
        if self.cursor not in spots:
            self.cursor = order[0]
        elif across:
            self.cursor = order[(order.index(self.cursor) + across) % len(order)]
        else:
            x, y = spots[self.cursor]
            beyond = [p for p in order if (spots[p][1] - y) * down > 0]
            if beyond:
                nearest_row = min(abs(spots[p][1] - y) for p in beyond)
                row = [p for p in beyond if abs(spots[p][1] - y) == nearest_row]
                self.cursor = min(row, key=lambda p: abs(spots[p][0] - x))
        self.refresh()

    def action_press(self) -> None:
        app = self.game_app
        app.play_early_keys()
        if app.command_line.value.strip():  # the first frame's keys, replayed just now: the line's move plays
            app.submit_command_line()
            return
        game = app.session.game
        if self.cursor >= len(game.piles):
            return
        cards = game.piles[self.cursor]
        if self.selected is None and cards:
            moves = pointing.moves_from(game, (self.cursor, -1))  # the longest run that can move
            self.pick((self.cursor, len(cards) - max((m[2] for m in moves if m[1] >= 0), default=1)))
        else:
            self.pick((self.cursor, len(cards) - 1 if cards else -1))

    def on_paste(self, event: events.Paste) -> None:
        event.stop()
        self.game_app.play_early_keys()
        self.game_app.type_text(event.text)

    def on_hot_command(self, message: HotCommand) -> None:
        message.stop()
        self.game_app.run_command(message.line)


class CommandLine(Input):
    """The command line. Esc empties it and goes back to the board; Enter plays its line at once,
    in the order of the keys (a posted `Submitted` would come after a hot key queued behind it)."""

    async def action_submit(self) -> None:
        self.game_app.submit_command_line()

    def on_hot_command(self, message: HotCommand) -> None:
        message.stop()
        self.game_app.run_command(message.line)

    def on_key(self, event: events.Key) -> None:
        self.game_app.play_early_keys()
        if event.key == "escape":
            event.stop()
            event.prevent_default()
            self.game_app.clear_command_line()
        elif event.key == "enter":  # here, in the keys' queue: a binding would act only once the key bubbled up
            event.stop()
            event.prevent_default()
            self.game_app.submit_command_line()

    @property
    def game_app(self) -> PatienceApp:
        return self.app  # type: ignore[return-value]
