"""One game at the prompt: commands in, replies out. No terminal I/O here, so every command can
be tested directly; `play.py` does the reading and printing.

A *turn* is what one command did: the player's move plus the safe foundation moves and the
auto-finish that assists added after it. Undo and redo take back or replay a whole turn, and
count as one move each (FC-7).
"""

from __future__ import annotations

import getpass
import os
import random
import time
import uuid
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from ..cards import card_str
from ..stats.store import GameRecord, now_iso

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.moves import Move

RANDOM_DEALS = 1_000_000  # `new` and a missing --deal pick from 1..this


@dataclass
class Settings:
    ascii: bool = False
    autoplay: bool = False
    autofinish: bool = True
    lang: str = "en"


@dataclass
class Reply:
    """What a command produced: lines to print, and what the loop should do next."""

    lines: list[str] = field(default_factory=list)
    redraw: bool = False
    quit: bool = False
    failed: bool = False  # the command was refused (the game is unchanged)
    unknown: bool = False  # ... because no command or move has that name
    save: bool = False  # the loop should save the game now
    rules: bool = False  # the loop should print the rules text


@dataclass(frozen=True)
class Command:
    name: str
    summary: str
    aliases: tuple[str, ...] = ()
    takes_argument: bool = False


COMMANDS = (
    Command("moves", "list every legal move, numbered; type a number (or #N) to play it", ("m", "ls")),
    Command("draw", "turn or deal the stock (the same as the stock's label)", ("deal",)),
    Command("undo", "take back your last move (with the automatic moves after it)", ("u", "z")),
    Command("redo", "play an undone move again", ("r", "y")),
    Command("hint", "suggest a move"),
    Command("auto", "send every safe card to the foundations"),
    Command("restart", "start this deal again from the beginning"),
    Command("new", "a new deal: `new` for a random one, `new 42` for deal 42", takes_argument=True),
    Command("save", "keep the game to continue later with `patience resume`"),
    Command("rules", "the rules of this game"),
    Command("board", "draw the board again", ("b",)),
    Command("position", "the position as text (for `Game.from_position`)"),
    Command("help", "this list", ("?",)),
    Command("quit", "leave (an unfinished game is kept for `patience resume`)", ("q", "exit")),
)
_BY_WORD = {word: c for c in COMMANDS for word in (c.name, *c.aliases)}


def resolve_command(word: str) -> Command | str | None:
    """The command a word names (exactly, or as a unique prefix); a reason when the prefix is
    ambiguous; None when it names no command."""
    if word in _BY_WORD:
        return _BY_WORD[word]
    matches = {c.name: c for c in COMMANDS if c.name.startswith(word) or any(a.startswith(word) for a in c.aliases if len(a) > 1)}
    if len(matches) == 1:
        return next(iter(matches.values()))
    if len(matches) > 1:
        return f"{word!r} could be {' or '.join(sorted(matches))}; type more letters"
    return None


def help_text() -> str:
    lines = ["Type a move in notation (e.g. 38, 1h, w3, s; see `moves`) or a command:"]
    for command in COMMANDS:
        words = ", ".join((command.name, *command.aliases))
        lines.append(f"  {words:<22} {command.summary}")
    lines.append("Any unique beginning of a command works too (`res` for restart).")
    return "\n".join(lines)


def player_name() -> str:
    """The name on the leaderboard: ``PATIENCE_PLAYER``, else the login name."""
    name = os.environ.get("PATIENCE_PLAYER", "").strip()
    if name:
        return name
    try:
        return getpass.getuser()
    except Exception:  # no login name in some containers and services
        return "player"


def clock(seconds: float) -> str:
    seconds = int(seconds)
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02}:{rest % 60:02}" if hours else f"{rest // 60}:{rest % 60:02}"


class Session:
    """A game being played, with its turns, clock and assists."""

    def __init__(
        self,
        game: Game,
        settings: Settings,
        *,
        elapsed: float = 0.0,
        now: Callable[[], float] = time.monotonic,
        ruleset_file: str | None = None,
    ) -> None:
        self.settings = settings
        self.ruleset_file = ruleset_file  # kept in saves when the ruleset is not found by name
        self.records: list[GameRecord] = []  # finished games not yet written; the loop takes them
        self._now = now
        self._start(game, elapsed)

    def _start(self, game: Game, elapsed: float = 0.0) -> None:
        self.game = game
        self.turns: list[list[Move]] = []
        self.undone: list[list[Move]] = []
        self.listed: list[Move] = []
        self.elapsed_before = elapsed
        self.resumed_at = self._now()
        self.finished_after: float | None = None  # the clock stops when the game is decided
        # For the statistics: who, since when, how many undos, and whether it is recorded yet.
        self.uid = uuid.uuid4().hex
        self.started_at = now_iso()
        self.undos = 0
        self.daily: str | None = None
        self.recorded = False
        self.saved = False  # kept for `resume` during this session: not left, so not recorded
        self._note_end()

    # ------------------------------------------------------------------ statistics
    def _record(self, result: str) -> None:
        game = self.game
        self.records.append(GameRecord(
            uid=self.uid,
            ruleset=game.ruleset.id,
            deal=game.deal_number,
            result=result,
            moves=game.move_count,
            undos=self.undos,
            seconds=round(self.elapsed(), 3),
            started_at=self.started_at,
            ended_at=now_iso(),
            player=player_name(),
            daily=self.daily,
            score=game.score if game.rules.scored else None,
        ))
        self.recorded = True

    def leave(self) -> None:
        """The player leaves this game without keeping it: record it unless it is already
        recorded or was never played."""
        if self.recorded or self.game.move_count == 0:
            return
        status = self.status()
        self._record(status if status != "in progress" else "abandoned")

    def take_records(self) -> list[GameRecord]:
        taken, self.records = self.records, []
        return taken

    # ------------------------------------------------------------------ state
    def restore_turns(self, played: list[Move], turns: list[int], undone: list[Move], undone_turns: list[int]) -> None:
        """Group a resumed game's moves into the turns they were played in."""
        self.turns, self.undone = [], []
        at = 0
        for size in turns:
            self.turns.append(played[at:at + size])
            at += size
        at = 0
        for size in undone_turns:  # in redo order
            self.undone.insert(0, undone[at:at + size])
            at += size

    def elapsed(self) -> float:
        if self.finished_after is not None:
            return self.finished_after
        return self.elapsed_before + self._now() - self.resumed_at

    def status(self) -> str:
        return self.game.status()

    def status_line(self) -> str:
        game = self.game
        parts = [f"{game.move_count} move{'s' if game.move_count != 1 else ''}", clock(self.elapsed())]
        if game.rules.scored:
            parts.append(f"score {game.score}")
        if game.rules.stock_pile >= 0 and game.rules.redeals > 0:
            parts.append(f"redeals left {game.rules.redeals - game.redeals_used}")
        state = self.status()
        if state != "in progress":
            parts.append(state.upper())
        return (" - " if self.settings.ascii else " · ").join(parts)

    def _note_end(self) -> None:
        """Stop the clock when the game is decided; start it again when an undo reopens it."""
        decided = self.status() != "in progress"
        if decided and self.finished_after is None:
            self.finished_after = self.elapsed()
        elif not decided and self.finished_after is not None:
            self.elapsed_before = self.finished_after
            self.resumed_at = self._now()
            self.finished_after = None

    def played_moves(self) -> list[Move]:
        return [m for turn in self.turns for m in turn]

    def undone_moves(self) -> list[Move]:
        """Undone moves in the order redo would play them."""
        return [m for turn in reversed(self.undone) for m in turn]

    # ------------------------------------------------------------------ commands
    def handle(self, line: str) -> Reply:
        """Carry out one line typed at the prompt. A refused command leaves the game unchanged."""
        from ..engine.moves import IllegalMove

        text = line.strip()
        if not text:
            return Reply()
        word, _, argument = text.partition(" ")
        word = word.lower()
        argument = argument.strip()
        try:
            if word.startswith("#") and word[1:].isdigit():
                return self._numbered(int(word[1:]))
            command = _BY_WORD.get(word)
            if command is not None:
                return self._command(command, argument)
            if not argument:
                reading = self._as_move(text)
                if reading is not None:
                    return reading
            found = resolve_command(word)
            if isinstance(found, Command):
                return self._command(found, argument)
            if isinstance(found, str):
                return Reply([found], failed=True, unknown=True)
            return Reply([f"unknown command {text!r}; type `help` for the commands, `moves` for the moves"],
                         failed=True, unknown=True)
        except IllegalMove as err:
            return Reply([str(err)], failed=True)

    def _as_move(self, text: str) -> Reply | None:
        """Play ``text`` as a move or a number from the list; None when it is neither."""
        from ..engine.moves import IllegalMove
        from ..engine.notation import parse_move

        try:
            move = parse_move(self.game, text)
        except IllegalMove as err:
            if text.isdigit():
                return self._numbered(int(text))
            if any(text.lower().startswith(label) for label in self.game.rules.pile_by_label):
                return Reply([str(err)], failed=True)
            return None
        if text.isdigit() and self.listed and 1 <= int(text) <= len(self.listed):
            # Digits that are both a pile-to-pile move and a number in the list just shown.
            numbered = self.listed[int(text) - 1]
            if numbered != move and self.game.is_legal(move):
                raise IllegalMove(
                    f"{text} is both the move {self.game.notation(move)} and number {text} of the list "
                    f"({self.game.notation(numbered)}); type #{text} for the numbered one"
                )
            return self._player_move(numbered)
        return self._player_move(move)

    def _numbered(self, number: int) -> Reply:
        from ..engine.moves import IllegalMove

        listed = self.listed or self.game.legal_moves()
        if not 1 <= number <= len(listed):
            raise IllegalMove(f"no move numbered {number}; `moves` lists {len(listed)}")
        return self._player_move(listed[number - 1])

    def _command(self, command: Command, argument: str) -> Reply:
        from ..engine.moves import IllegalMove

        if argument and not command.takes_argument:
            raise IllegalMove(f"`{command.name}` takes no argument")
        name = command.name
        if name == "moves":
            return self._list_moves()
        if name == "draw":
            return self._draw()
        if name == "undo":
            return self._undo()
        if name == "redo":
            return self._redo()
        if name == "hint":
            return self._hint()
        if name == "auto":
            return self._auto()
        if name == "restart":
            return self._new_deal(self.game.deal_number, "restarted")
        if name == "new":
            if argument and not argument.isdigit():
                raise IllegalMove(f"`new` takes a deal number, not {argument!r}")
            number = int(argument) if argument else random.randint(1, RANDOM_DEALS)
            return self._new_deal(number, "new deal")
        if name == "save":
            return Reply(save=True)
        if name == "rules":
            return Reply(rules=True)
        if name == "board":
            return Reply(redraw=True)
        if name == "position":
            return Reply([self.game.position().rstrip("\n")])
        if name == "help":
            return Reply([help_text()])
        return Reply(quit=True, save=True)  # quit

    def _list_moves(self) -> Reply:
        game = self.game
        self.listed = game.legal_moves()
        if not self.listed:
            return Reply(["no legal moves"])
        items = [f"{i:>3}. {self.describe(m)}" for i, m in enumerate(self.listed, 1)]
        return Reply(items + ["type a number to play that move"])

    def describe(self, move: Move) -> str:
        """``38  8♠ onto 9♥``: a move's notation and what it does, in words."""
        game = self.game
        notation = game.notation(move)
        src, dst, n = move
        if dst < 0:
            return f"{notation:<6} {'turn the waste back' if game.piles[src] == [] else 'deal from the stock'}"
        cards = game.piles[src]
        moving = card_str(cards[-n], ascii=self.settings.ascii)
        what = moving if n == 1 else f"{n} cards from {moving}"
        target = game.piles[dst]
        where = (f"onto {card_str(target[-1], ascii=self.settings.ascii)}" if target
                 else f"to the empty {game.rules.labels[dst]}")
        return f"{notation:<6} {what} {where}"

    def _draw(self) -> Reply:
        from ..engine.moves import DEAL, REDEAL, IllegalMove, why_illegal

        game = self.game
        stock = game.rules.stock_pile
        if stock < 0:
            raise IllegalMove("this game has no stock")
        move = (stock, DEAL if game.piles[stock] else REDEAL, 0)
        reason = why_illegal(game, move)
        if reason:
            raise IllegalMove(reason)
        return self._player_move(move)

    def _player_move(self, move: Move) -> Reply:
        """Play the player's move, then the assists, as one turn."""
        game = self.game
        before = self.status()
        if self.undone and self.undone[-1] and self.undone[-1][0] == move:
            return self._redo()  # the same move as the next redo: bring its whole turn back
        turn = [game.play(move)]
        self.undone.clear()
        messages = self._assist(turn)
        self.turns.append(turn)
        return self._after_change(before, messages)

    def _assist(self, turn: list[Move]) -> list[str]:
        from ..engine.assist import autoplay, finishing_moves

        messages: list[str] = []
        if self.settings.autoplay:
            sent = autoplay(self.game)
            turn += sent
            if sent:
                messages.append(f"auto: {len(sent)} safe card{'s' if len(sent) > 1 else ''} to the foundations")
        if self.settings.autofinish:
            finish = finishing_moves(self.game)
            if finish:
                for move in finish:
                    turn.append(self.game.play(move))
                messages.append(f"auto-finish: the last {len(finish)} cards go to the foundations")
        return messages

    def _after_change(self, before: str, messages: list[str]) -> Reply:
        from ..engine.assist import lost_reason

        self.listed = []
        self._note_end()
        after = self.status()
        if after == "won" and not self.recorded:
            self._record("won")
        if after != before:
            if after == "won":
                messages.append(
                    f"You won deal {self.game.deal_number} in {self.game.move_count} moves, {clock(self.elapsed())}! "
                    "Type undo, restart (play this deal again), new, or quit."
                )
            elif after == "lost":
                messages.append(
                    f"The game is lost: {lost_reason(self.game)}. Type undo, restart, new, or quit."
                )
        return Reply(messages, redraw=True)

    def _undo(self) -> Reply:
        from ..engine.moves import IllegalMove

        if not self.turns:
            raise IllegalMove("nothing to undo")
        before = self.status()
        turn = self.turns.pop()
        for _ in turn:
            self.game.undo()
        self.game.move_count -= len(turn) - 1  # one undo is one move, whatever it takes back
        self.undos += 1
        self.undone.append(turn)
        return self._after_change(before, [])

    def _redo(self) -> Reply:
        from ..engine.moves import IllegalMove

        if not self.undone:
            raise IllegalMove("nothing to redo")
        before = self.status()
        turn = self.undone.pop()
        for _ in turn:
            self.game.redo()
        self.game.move_count -= len(turn) - 1
        self.turns.append(turn)
        return self._after_change(before, [])

    def _hint(self) -> Reply:
        from ..engine.assist import hint

        move = hint(self.game)
        if move is None:
            return Reply(["no move would help here; undo, restart or new"])
        return Reply([f"try {self.describe(move).strip()}"])

    def _auto(self) -> Reply:
        from ..engine.assist import autoplay
        from ..engine.moves import IllegalMove

        before = self.status()
        sent = autoplay(self.game)
        if not sent:
            raise IllegalMove("no card can safely go to the foundations now")
        self.undone.clear()
        self.turns.append(sent)
        self.game.move_count -= len(sent) - 1  # one command, one move
        messages = [f"{len(sent)} card{'s' if len(sent) > 1 else ''} to the foundations"]
        messages += self._assist(sent) if self.settings.autofinish else []
        return self._after_change(before, messages)

    def _new_deal(self, number: int | None, what: str) -> Reply:
        from ..engine.game import Game

        self.leave()
        self._start(Game(self.game.ruleset, number))
        return Reply([f"{what}: deal {number}"], redraw=True)
