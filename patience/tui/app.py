"""The full-screen game: a Textual app over the same Session as the line-mode game.

Everything the player does becomes a line for `Session.handle` (a click's move is written in
notation, keys are commands), so both modes play alike. The board is laid out by `layout.py`
for the widget's size; clicks are looked up in its map of spots.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Input, Static

from ..i18n import _
from ..session.keeping import Notes
from ..session.start import MAX_LINE
from . import pointing
from .first_frame import PADDING, status_text
from .layout import Hit
from .screens import CSS, EndOfGame, GameChooser, Question, SettingsScreen, TextPage
from .widgets import BoardView, CommandLine

if TYPE_CHECKING:
    from ..engine.moves import Move
    from ..session.session import Reply, Session
    from .config import Config
    from .searching import HintSearch

MULTI_LINE = {"help", "moves", "rules", "position"}  # commands whose reply is a page, not a message
SCREEN_COMMANDS = {"stats": "stats", "statistics": "stats", "statystyki": "stats", "games": "games", "gry": "games",
                   "settings": "settings", "ustawienia": "settings"}
GAME_ACTIONS = {"help", "settings", "command", "play_hint", "stats", "games"}  # waiting under an overlay
MAX_TYPED = MAX_LINE + 1  # a longer line is refused by the session, unread
PLAY_HINT = "\x00play the hint"  # F4 while a hint is searched, waiting in line; no key types it


def keys_help(hot: frozenset[str] = frozenset("?")) -> str:
    """The keys. No letter, digit or sign is a hot key (``?`` only where no pile's label starts
    with it): a typed move or command always reaches the command line whole (issue 35)."""
    return "\n".join([
        _("Mouse: click a card or pile to pick it up (its targets light up), click a target to move it;"),
        _("  double-click a card to send it to the best place (home if it may go); drag it onto a pile."),
        _("Typing: every letter, digit and sign goes to the command line: type a move (38, 1h, na1+nb2)"),
        _("  or a command word (undo, restart, stats, games), then Enter. : starts an empty line; Esc clears it."),
        _("Board keys: arrows and Tab move the cursor over the piles; Enter or Space picks up and drops;"),
        _("  Esc puts down."),
        _("Hot keys: F1 or ? help   F2 settings   F3 hint   F4 play the hint   F5 statistics   F6 another game")
        if "?" in hot else
        _("Hot keys: F1 help   F2 settings   F3 hint   F4 play the hint   F5 statistics   F6 another game"),
        _("  Ctrl+Z undo   Ctrl+Y redo   Ctrl+N new deal   Ctrl+R same deal again"),
        _("  Ctrl+Q or Ctrl+C quit (an unfinished game is kept for `patience resume`)"),
        _("Underlined cards can move now."),
        _("Actions: click the pile a close-up refills from to close up; where a game allows a swap,"),
        _("  pick up a card and click another to swap them."),
        "",
    ])


class PatienceApp(App[int]):
    """The game. `run()` returns when the player leaves; play.py then keeps or records the game."""

    CSS = CSS + """
    #status { height: 1; background: $boost; padding: 0 1; }
    #board { height: 1fr; padding: 0 1; }
    #message { height: auto; max-height: 6; padding: 0 1; }
    #command { height: 1; border: none; padding: 0 1; }
    """
    # Hot keys are function keys and Ctrl (and `?` where no label starts with it): never the first
    # letter of a move. Priority: they act from the command line too; `check_action` stills them
    # under an overlay (a question, a page), where only quitting acts.
    BINDINGS = [
        Binding("f1", "help", _("help"), priority=True), Binding("question_mark", "help", _("help"), show=False),
        Binding("f2", "settings", _("settings"), priority=True),
        Binding("f3", "command('hint')", _("hint"), priority=True),
        Binding("f4", "play_hint", _("play the hint"), priority=True),
        Binding("f5", "stats", _("statistics"), priority=True),
        Binding("f6", "games", _("another game"), priority=True),
        Binding("ctrl+z", "command('undo')", _("undo"), priority=True),
        Binding("ctrl+y", "command('redo')", _("redo"), priority=True),
        Binding("ctrl+n", "command('new')", _("new deal"), priority=True),
        Binding("ctrl+r", "command('restart')", _("same deal again"), priority=True),
        Binding("ctrl+q,ctrl+c", "leave", _("quit"), priority=True),
    ]
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, session: Session, config: Config, *, ascii: bool, colour: bool, fixed_clock: bool = False) -> None:
        super().__init__()
        self.session = session
        session.settings.confirm = True  # someone is there to answer: the session asks, a dialog shows it
        self.config = config
        self.ascii = ascii
        self.colour = colour
        self.fixed_clock = fixed_clock  # screenshots: no ticking
        self.notes = Notes()
        labels = session.game.rules.labels
        self.hot = frozenset("?") - {label[:1] for label in labels}  # printable hot keys: no label's first letter
        self.hint: tuple[str, Move] | None = None  # the position a hint was given in, and its move
        self.last_status = session.status()
        self.failure: Exception | None = None
        self.said = ""  # the message line's text
        self.first_message = ""  # shown when the board first appears (a damaged settings file)
        self.early_keys = ""  # typed at the first frame, before the app could read them (first_frame.py)
        self.searching = False  # a hint's search has the session (`searching.py`)
        self.waiting: list[str] = []  # lines given meanwhile, played after it in order
        self.search: HintSearch | None = None

    def compose(self) -> ComposeResult:
        # Kept, not looked up: while an overlay is up, queries search the overlay.
        self.status_bar = Static(id="status", markup=False)
        self.board_view = BoardView(self)
        self.message_line = Static(id="message", markup=False)
        self.command_line = CommandLine(id="command", select_on_focus=False, max_length=MAX_TYPED,
                                        placeholder=_("type a move or a command, then Enter; F1 help"))
        yield self.status_bar
        yield self.board_view
        yield self.message_line
        yield self.command_line

    def on_mount(self) -> None:
        self.update_status()
        self.message(self.first_message)
        self.board_view.focus()
        if not self.fixed_clock:
            self.set_interval(1.0, self.update_status)
        if self.early_keys:
            self.call_after_refresh(self.play_early_keys)

    def play_early_keys(self) -> None:
        """The keys typed at the first frame, played once and before any key the app reads itself:
        an Enter read by Textual before them would act on an empty line, and leave them behind."""
        keys, self.early_keys = self.early_keys, ""
        if keys:
            self.type_text(keys)

    def load(self, session: Session) -> None:
        """Show another game (tests play every ruleset in one app; an embedding program may too)."""
        while len(self.screen_stack) > 1:  # an overlay of the game before
            self.pop_screen()
        self.session = session
        session.settings.confirm = True
        self.last_status = session.status()
        self.hot = frozenset("?") - {label[:1] for label in session.game.rules.labels}
        self.hint = None
        self.clear_command_line()
        board = self.board_view
        board.selected, board.targets, board.hinted, board.cursor = None, set(), set(), 0
        self.message("")
        self.refresh_board()

    # ------------------------------------------------------------------ what is shown
    def update_status(self) -> None:
        room = self.size.width - 2 * PADDING if self.size.width else None  # None: not laid out yet
        self.status_bar.update(status_text(self.session, self.ascii, room))

    def message(self, text: str, *, failed: bool = False) -> None:
        self.said = text
        shown = Text(text, style="bold red" if failed and self.colour else ("bold" if failed else ""))
        self.message_line.update(shown)

    def card_name(self, hit: Hit) -> str:
        from ..cards import card_str

        pile, index = hit
        cards = self.session.game.piles[pile]
        if not cards or index < 0:
            return self.session.game.rules.labels[pile]
        return card_str(cards[index], ascii=self.ascii)

    def refresh_board(self) -> None:
        self.board_view.refresh()
        self.update_status()

    # ------------------------------------------------------------------ commands, as in line mode
    def play(self, move: Move) -> None:
        game = self.session.game
        self.session.listed = []  # a click's notation is the move itself, never a number of a list
        self.run_command(game.notation(move))

    def run_command(self, line: str) -> None:
        """Carry out a typed line. The session alone reads it, as at the prompt (a move first, a
        command's beginning only when no move reads so); the screen shows the answer, and asks in
        a dialog the question the session asks (`new`, `restart` of an unfinished game). A hint
        is searched in a worker; lines given meanwhile wait their turn."""
        if self.searching:  # the session is the hint's until it answers: this line waits its turn
            self.waiting.append(line)
            return
        if line == PLAY_HINT:
            self.action_play_hint()
            return
        word = line.strip().split(" ", 1)[0].lower()
        if word in SCREEN_COMMANDS and word not in self.session.game.rules.pile_by_label:  # the full screen's own pages
            getattr(self, f"action_{SCREEN_COMMANDS[word]}")()
            return
        if self.session.read(line).name == "hint":  # the reading `handle` would carry out
            self.ask_hint(line)
            return
        reply = self.session.handle(line)
        if reply.question:
            question = (_("Start a new deal? This game is not finished.") if reply.command == "new"
                        else _("Start this deal again from the beginning? Your moves are lost."))

            def answer(yes: bool | None) -> None:
                self.after(self.session.handle("y" if yes else "n"))

            self.push_screen(Question(question), answer)
            return
        if reply.quit:
            self.exit(0)
            return
        self.after(reply)

    def after(self, reply: Reply) -> None:
        from ..session.keeping import apply_reply

        page = reply.command in MULTI_LINE
        board = self.board_view
        board.selected, board.targets, board.hinted = None, set(), set()
        apply_reply(self.session, reply, self.notes)  # statistics, rules, save: as line mode does
        lines = reply.lines + self.notes.take()
        if reply.ending is not None:  # the end's own words here: the end box shows the keys to press
            at, words = reply.ending
            lines = [line for line in lines[:at] + [words] + lines[at + 1:] if line]
        if page or len(lines) > 2 and any("\n" in x for x in lines):
            self.push_screen(TextPage("\n".join(lines), self.typed_at_page))
        elif lines:
            self.message("  ".join(line for line in lines if line), failed=reply.failed)
        else:
            self.message("")
        self.refresh_board()
        if reply.hinted is not None:  # only a hint names a move to light up
            self._highlight_hint(reply.hinted)
        status = self.session.status()
        if status != self.last_status and status in ("won", "lost"):
            self.last_status = status
            self._end_of_game(lines)
        self.last_status = status

    def ask_hint(self, line: str = "hint", *, play: bool = False) -> None:
        """Search a hint in a worker (a forked child where it can be, `searching.py`): the screen
        keeps answering, and lines given meanwhile wait and are played after it, in order.
        ``play``: then play the move it names (F4)."""
        if self.searching:
            return  # one search at a time: the hint asked for is on its way
        self.searching = True
        self.message(_("looking for a hint…"))
        self.run_worker(self._hint_worker(line, play), group="hint", exit_on_error=True)

    async def _hint_worker(self, line: str, play: bool) -> None:
        import asyncio

        from .searching import HintSearch

        self.search = HintSearch()
        try:
            reply = await asyncio.to_thread(self.search.run, self.session, line)
        finally:
            self.searching = False
        if reply is None:  # stopped: the player left
            return
        self.after(reply)
        if play:
            self._play_shown_hint()
        waiting, self.waiting = self.waiting, []
        for index, line in enumerate(waiting):
            self.run_command(line)
            if self.searching or len(self.screen_stack) > 1:  # another hint, or a question: the rest waits again
                self.waiting = waiting[index + 1:] + self.waiting
                break

    def _highlight_hint(self, move: Move) -> None:
        """Light up the piles of the move the hint names (the session gives the move itself: the
        hint's text may hold other words that read as moves, such as "2 s")."""
        board = self.board_view
        board.hinted = {p for p in (move[0], pointing.target_of(move, move[0])) if p >= 0}
        self.hint = (self.session.game.position(), move)
        board.refresh()

    def _end_of_game(self, lines: list[str]) -> None:
        """The end-of-game box: the figures and the reply's lines (with the screen's words for
        the end, `after`), then its keys."""
        from ..session.session import clock, status_word

        session = self.session
        game = session.game
        figures = [status_word(session.status()).upper(), "",
                   _("deal {number}").format(number=game.deal_number),
                   _("moves: {n}").format(n=game.move_count), _("time: {t}").format(t=clock(session.elapsed()))]
        if game.rules.scored:
            figures.append(_("score: {score}").format(score=game.score))
        figures += [""] + lines

        def chosen(what: str | None) -> None:
            if what in ("new", "restart"):
                self.run_command(f"{what}!")  # `!`: the game is over, nothing to ask
            elif what == "quit":
                self.exit(0)

        self.push_screen(EndOfGame("\n".join(figures)), chosen)

    def _handle_exception(self, error: Exception) -> None:
        """A bug: leave the screen quietly and let play.py keep the game and say so in one line
        (Textual would print a traceback)."""
        self.failure = error
        self.exit(1)

    # ------------------------------------------------------------------ actions
    def action_command(self, line: str) -> None:
        """A hot key's command goes down the queue of the widget the keys go to, behind any line
        typed before it (a priority binding acts in the app's turn, ahead of those keys)."""
        from .widgets import BoardView, CommandLine, HotCommand

        target = self.focused
        if isinstance(target, (BoardView, CommandLine)):
            target.post_message(HotCommand(line))
        else:
            self.run_command(line)

    def action_help(self) -> None:
        from ..session.session import help_text

        self.push_screen(TextPage(keys_help(self.hot) + help_text(self.session.settings.lang), self.typed_at_page))

    def action_stats(self) -> None:
        from ..session.figures import summary_text

        self.push_screen(TextPage(summary_text(self.session.game.ruleset.id), self.typed_at_page))

    def action_settings(self) -> None:
        def changed(config: Any) -> None:
            if config is None:
                return
            self.session.settings.autoplay = config.autoplay
            self.session.settings.ascii = self.ascii = config.ascii
            self.colour = config.colour
            self.refresh_board()

        self.push_screen(SettingsScreen(self.config), changed)

    def action_games(self) -> None:
        """The game chooser; the game chosen starts at a random deal, this one kept as by quit."""
        from ..i18n import language
        from ..ruleset.registry import catalogue, names_of

        lang = language()
        games = [(f"{entry.ruleset.display_name(lang)} ({entry.id})", " ".join(sorted(names_of(entry.ruleset))),
                  str(entry.path)) for entry in catalogue()[0] if entry.ruleset is not None]
        games.sort(key=lambda game: game[0].lower())

        def chosen(path: str | None) -> None:
            if path:
                self.switch_game(path)

        self.push_screen(GameChooser(games, kept=self.session.worth_keeping()), chosen)

    def switch_game(self, name: str) -> None:
        """Leave this game as `quit` does (kept when unfinished) and play ``name`` (a ruleset's
        file or name) at a random deal; a ruleset that cannot be loaded is said in one line."""
        import dataclasses

        from ..i18n import language
        from ..session.start import StartError, locate_game, start_game
        from ..session.keeping import leave_game
        from ..session.saves import save_path
        from ..session.session import Session

        try:
            located = locate_game(name)
            game = start_game(str(located.path), None)
        except StartError as err:
            self.message(str(err), failed=True)
            return
        leave_game(self.session, self.notes)
        told = self.notes.take()
        assists = located.ruleset.assists
        settings = dataclasses.replace(self.session.settings, autofinish=assists.autofinish)
        chosen = Session(game, settings, ruleset_file=located.own_file, key=located.key)
        told += chosen.open_deal()
        self.load(chosen)
        if save_path(located.key).exists():
            told.append(_("(You have an unfinished {name}: `patience resume {id}` continues it; "
                          "leaving this game keeps this one instead.)").format(
                name=located.ruleset.display_name(language()), id=located.ruleset.id))
        self.message("  ".join(told))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Under an overlay (a question, a page, the settings) the game's hot keys wait; leaving works."""
        if len(self.screen_stack) > 1 and action in GAME_ACTIONS:
            return False
        return True

    def action_leave(self) -> None:
        self.exit(0)

    def exit(self, *args: Any, **kwargs: Any) -> None:
        """Leaving stops a hint's search at once: no waiting for the solver's budget."""
        if self.search is not None:
            self.search.stop()
        super().exit(*args, **kwargs)

    def action_play_hint(self) -> None:
        """Play the move of the hint on the board; with none shown, ask for one and play it."""
        if self.searching:
            self.waiting.append(PLAY_HINT)
        elif self.hint is None or self.hint[0] != self.session.game.position():
            self.ask_hint(play=True)
        else:
            self._play_shown_hint()

    def _play_shown_hint(self) -> None:
        game = self.session.game
        if self.hint is not None and self.hint[0] == game.position():
            move = self.hint[1]
            played = _("played the hint: {move}").format(move=" ".join(self.session.describe(move).split()))
            self.play(move)
            self.message("  ".join(x for x in (played, self.said) if x))

    # ------------------------------------------------------------------ the command line
    async def on_event(self, event: events.Event) -> None:
        """Typed keys are taken here, in the order the terminal sent them. Forwarded, each would
        wait in the queue of the widget focused when it came, and a burst's keys, some in the
        board's queue and some in the command line's, could be played out of order (a line of
        137 moves typed at once into Cromwell lost its way after 57)."""
        if (isinstance(event, events.Key) and not event.is_forwarded and len(self.screen_stack) == 1
                and self.type_key(event)):
            return
        await super().on_event(event)

    def type_key(self, event: events.Key) -> bool:
        """A key at the board or the command line (`on_event`, before either widget sees it): True
        when it went to the command line. Every printable key does (a `:` first opens it empty), so
        no key of a move is taken for a hot key; while the line holds text, Enter plays it,
        Backspace and Esc edit it."""
        self.play_early_keys()
        pending = self.command_line.value
        char = event.character
        if char and len(char) == 1 and char.isprintable():
            if not pending and (char in self.hot or char == " "):
                return False  # `?` (help) and Space (pick up) at an empty line
            self.type_into("" if char == ":" and not pending else char)
            return True
        return bool(pending) and self.edit_line(event.key)

    def edit_line(self, key: str) -> bool:
        """Enter, Backspace or Esc acting on the command line; False for any other key."""
        if key == "enter":
            self.submit_command_line()
        elif key == "backspace":
            self.type_into("", erase=1)
        elif key == "escape":
            self.clear_command_line()
        else:
            return False
        return True

    def typed_at_page(self, key: str, char: str) -> None:
        """A key a closing page passed on (`TextPage`): to the command line, as at the board."""
        if len(char) == 1 and char.isprintable():
            self.type_into(char)
        else:
            self.edit_line(key)

    def type_into(self, text: str, *, erase: int = 0) -> None:
        """``text`` typed at the command line's cursor (its end while the board has the focus),
        after ``erase`` characters before it are taken back."""
        field = self.command_line
        cursor = min(field.cursor_position, len(field.value)) if field.has_focus else len(field.value)
        start = max(0, cursor - erase)
        field.value = (field.value[:start] + text + field.value[cursor:])[:MAX_TYPED]
        field.cursor_position = min(start + len(text), len(field.value))
        if not field.has_focus:
            field.focus()

    def type_text(self, text: str) -> None:
        """Text typed before the app could read keys (the first frame), or pasted on the board: its
        characters as if typed, each line ending in Enter played. Escape sequences (arrows) are
        left out; a line that opens a question or a page ends the typing."""
        i = 0
        while i < len(text):
            char = text[i]
            i += 1
            if char == "\x1b":  # ESC [ ... final byte, or ESC and one key
                if i < len(text) and text[i] in "[O":
                    i += 1
                    while i < len(text) and not "@" <= text[i] <= "~":
                        i += 1
                i += 1
            elif char in "\r\n":
                if self.command_line.value.strip():
                    self.submit_command_line()
                    if len(self.screen_stack) > 1:
                        return
            elif char in "\x7f\x08":
                self.type_into("", erase=1)
            elif char.isprintable():
                self.type_into(char)

    def clear_command_line(self) -> None:
        self.command_line.value = ""
        self.board_view.focus()

    def submit_command_line(self) -> None:
        line = self.command_line.value
        self.clear_command_line()
        if line.strip():
            self.run_command(line)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit_command_line()
