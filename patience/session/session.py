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
import textwrap
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..cards import ascii_cards, card_str
from ..i18n import N_, _, ngettext, number
from ..printable import printable
from ..stats import now_iso
from .reading import (
    ASKING,
    BY_WORD,
    COMMANDS,
    NO,
    Command,
    Reading,
    reads_as_move,
    read_line,
    resolve_command,
    whole_number,
)
from .start import RANDOM_DEALS

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.moves import Move
    from ..solver.hints import Hint, Planner
    from ..stats.store import GameRecord

HINT_SECONDS, HINT_STATES = 2.0, 50_000  # the solver's budget for a hint; past it, a move that makes progress


@dataclass
class Settings:
    ascii: bool = False
    autoplay: bool = False
    autofinish: bool = True
    lang: str = "en"
    # `new` and `restart` ask first when a game is under way (the prompt at a terminal). From a
    # pipe nobody is there to answer, and a script says what it means: they act at once.
    confirm: bool = False


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
    question: bool = False  # a yes/no question waits for the next line (`new`, `restart`)
    hinted: Move | None = None  # the move a hint names, for the full screen to light up
    command: str | None = None  # the command carried out (its name); None for a move: the full
    # screen reads the line's meaning here, never again by itself (a move `ne` is no `new`)
    # The game ended with this reply: (the index in `lines` of the line that says what to type
    # next, and the same news for a screen that shows its own keys: "" for a win, its figures say it).
    ending: tuple[int, str] | None = None


def help_text(language: str = "en") -> str:
    lines = [_("Type a move in notation (e.g. 38, 1h, w3, s; see `moves`) or a command:")]
    for command in COMMANDS:
        words = ", ".join(command.words(language))
        lines.append(f"  {words:<18} {_(command.summary)}")
    lines.append(_("Any unique beginning of a command works too (`res` for restart)."))
    if language != "pl":
        polish = _("Polish words work too: {words}.").format(words=", ".join(c.polish[0] for c in COMMANDS if c.polish))
        lines += textwrap.wrap(polish, 79)
    return "\n".join(lines)


def player_name() -> str:
    """The name on the leaderboard: ``PATIENCE_PLAYER``, else the login name."""
    name = os.environ.get("PATIENCE_PLAYER", "").strip()
    if name:
        return name
    try:
        return getpass.getuser()
    except Exception:  # no login name in some containers and services
        return _("player")


# A game's status, and a recorded game's result (the same words, plus "abandoned").
STATUS_WORDS = {"won": N_("won"), "lost": N_("lost"), "in progress": N_("in progress"), "abandoned": N_("abandoned")}


def status_word(status: str) -> str:
    """A game status (the engine's word) in the chosen language."""
    return _(STATUS_WORDS.get(status, status))


def _sent_home(count: int) -> str:
    """What autoplay says when it sent ``count`` cards home."""
    return ngettext("auto: {n} safe card to the foundations", "auto: {n} safe cards to the foundations",
                    count).format(n=count)


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
        key: str | None = None,
        choose_deal: Callable[[int | None], tuple[int, list[str]]] | None = None,
        daily: str | None = None,
    ) -> None:
        self.settings = settings
        # `new` asks this for its deal (`play --winnable`: one the solver won) when given: the
        # number typed or None, in; the deal and lines to show, out. It raises IllegalMove to refuse.
        self.choose_deal = choose_deal
        self.ruleset_file = ruleset_file  # kept in saves when the ruleset is not shipped
        # What saves and statistics file this ruleset under (registry.ruleset_key): its id when
        # shipped, so that a player's own klondike.yaml never shares the shipped one's.
        self.key = key or game.ruleset.id
        self.resumed_from: Path | None = None  # the save this game came from or was last written to
        self.records: list[GameRecord] = []  # finished games not yet written; the loop takes them
        self.scripted = False  # commands come from a script, not a person (`GameRecord.scripted`)
        self.ended: list[str] = []  # uids of games that ended, whose saves the loop removes
        self._now = now
        self.asked: tuple[Command, str] | None = None  # the command a yes/no question waits on
        self._start(game, elapsed, daily)

    def _start(self, game: Game, elapsed: float = 0.0, daily: str | None = None) -> None:
        self.game = game
        self.planner: Planner | None = None  # made at the first hint (the solver: start-up time)
        self.turns: list[list[Move]] = []
        self.undone: list[list[Move]] = []
        # Safe cards autoplay sent home from the deal itself: part of the starting position, so
        # no turn (undo stops above them, an untouched game is not kept) and no move.
        self.opening: list[Move] = []
        self.listed: list[Move] = []
        self.elapsed_before = elapsed
        self.resumed_at = self._now()
        self.finished_after: float | None = None  # the clock stops when the game is decided
        # For the statistics: who, since when, how many undos, and whether it is recorded yet.
        self.uid = uuid.uuid4().hex
        self.started_at = now_iso()
        self.undos = 0
        self.daily = daily  # the date, when this deal is that day's daily deal
        self.recorded = False
        self.saved = False  # kept for `resume` during this session: not left, so not recorded
        self._note_end()

    def open_deal(self) -> list[str]:
        """Autoplay at the deal: the safe cards a fresh deal leaves free go home before the first
        move, as after any move. Called once the settings are final (the full screen reads its
        own); a resumed game had its opening saved instead. Returns the lines that say so."""
        from ..engine.assist import autoplay

        if not self.settings.autoplay or self.game.history or self.turns or self.undone:
            return []  # a move is played already: the deal's own, a resumed game's, or the player's
        count = self.game.move_count
        self.opening = autoplay(self.game)
        self.game.move_count = count  # the deal's own cards going home cost the player no move
        self._note_end()
        return [_sent_home(len(self.opening))] if self.opening else []

    # ------------------------------------------------------------------ statistics
    def _record(self, result: str) -> None:
        from ..stats.store import GameRecord  # sqlite3 only when a game ends (start-up time)

        game = self.game
        self.records.append(GameRecord(
            uid=self.uid,
            ruleset=self.key,
            deal=game.deal_number,
            result=result,
            moves=game.move_count,
            undos=self.undos,
            seconds=round(self.elapsed(), 3),
            started_at=self.started_at,
            ended_at=now_iso(),
            player=player_name(),
            daily=self.daily,
            win_class=game.win_class() if result == "won" else None,
            score=game.score if game.rules.scored else None,
            scripted=self.scripted,
        ))
        self.recorded = True
        self.ended.append(self.uid)

    def leave(self) -> None:
        """The player leaves this game without keeping it: record it unless it is already
        recorded or was never played."""
        if self.recorded or not (self.turns or self.undone):  # the count may be back at 0 after undos
            return
        status = self.status()
        self._record(status if status != "in progress" else "abandoned")

    def worth_keeping(self) -> bool:
        """An unfinished game with something played: what `save` and leaving keep for `resume`."""
        return self.status() == "in progress" and bool(self.turns or self.undone)

    def take_records(self) -> list[GameRecord]:
        taken, self.records = self.records, []
        return taken

    def take_ended(self) -> list[str]:
        """The uids of the games that ended since last asked: their saves are to go."""
        taken, self.ended = self.ended, []
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
        state = self.status()
        # The result first: a narrow terminal cuts the line's end (Polish at 80 columns lost it).
        parts = [status_word(state).upper()] if state != "in progress" else []
        parts += [ngettext("{n} move", "{n} moves", game.move_count).format(n=game.move_count), clock(self.elapsed())]
        if game.rules.scored:
            parts.append(_("score {score}").format(score=game.score))
        if game.rules.stock_pile >= 0 and game.rules.redeals > 0:
            parts.append(_("redeals left {n}").format(n=game.rules.redeals - game.redeals_used))
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
        reply = self._handle(line)
        if self.settings.ascii:  # the ending's screen words too
            reply.lines = [ascii_cards(text) for text in reply.lines]
            if reply.ending is not None:
                reply.ending = (reply.ending[0], ascii_cards(reply.ending[1]))
        return reply

    def read(self, line: str) -> Reading:
        """What ``line`` means now, changing nothing (`reading.read_line`): what `handle` carries
        out, and what the full screen asks first (a hint it searches in a worker)."""
        return read_line(self.game, line, asked=self.asked is not None)

    def _handle(self, line: str) -> Reply:
        from ..engine.moves import IllegalMove

        reading = self.read(line)
        asked, self.asked = self.asked, None  # any line answers the question, or drops it
        kind = reading.kind
        if kind == "answer":
            if reading.text.lower() in NO or asked is None:
                return Reply([_("the game goes on")])
            command, argument = asked
            return self._command(command, argument, confirmed=True)
        if kind == "nothing":
            return Reply()
        if kind in ("refused", "unknown"):
            return Reply([reading.reason], failed=True, unknown=kind == "unknown")
        if kind in ("numbered", "stock", "move") and self.status() == "won":  # not "w is empty" after a win
            return Reply([_("the game is won; undo, restart or new")], failed=True)
        try:
            if kind == "numbered":
                return self._numbered(reading.number, explicit=True)
            if kind == "stock":
                return self._draw()
            if kind == "move":
                reply = self._as_move(reading.text)
                assert reply is not None, reading  # read as a move: the moves answer it
                return reply
        except IllegalMove as err:  # the engine names groups as the board does
            taken = self._autoplay_took(reading.text) if kind == "move" else None
            # A solver's line typed with autoplay on: the card it moves may be home already.
            return Reply([f"{err}; {taken}" if taken else str(err)], failed=True)
        assert reading.command is not None
        also = self._also_a_move(reading.text) if reading.whole and not reading.argument else None
        reply = self._command(reading.command, reading.argument, confirmed=reading.confirmed)
        if also is not None:  # the command wins; the move is not lost, only written apart
            reply.lines.append(_("`{word}` is also a move here; type `{move}` to play it").format(
                word=reading.text.lower(), move=also))
        return reply

    def _autoplay_took(self, text: str) -> str | None:
        """Where autoplay, after the last move or at the deal, sent home a card from the pile a
        refused move ``text`` starts from: the words that say so (else None)."""
        labels = self.game.rules.labels
        starts = [label for label in labels if text.lower().startswith(label)]  # as `parse_move` reads it
        if not starts:
            return None
        source = labels.index(max(starts, key=len))
        last = self.turns[-1][1:] if self.turns else self.opening
        if not any(move[0] == source and move[1] >= 0 for move in last):
            return None
        if self.turns:
            return _("autoplay sent a card from {pile} home after your last move").format(pile=labels[source])
        return _("autoplay sent a card from {pile} home at the deal").format(pile=labels[source])

    def _also_a_move(self, text: str) -> str | None:
        """When a command word is also a legal move here (labels `l` and `s` spell `ls`), how to
        type the move so that it is read as one: its labels apart."""
        from ..engine.moves import IllegalMove
        from ..engine.notation import parse_move

        try:
            move = parse_move(self.game, text)
        except IllegalMove:
            return None
        src, dst, _count = move
        labels = self.game.rules.labels
        if not (0 <= src < len(labels) and 0 <= dst < len(labels)):
            return None  # a deal or an action's label: the stock's label is handled before commands
        for written in (f"{labels[src]}-{labels[dst]}", f"{labels[src]} {labels[dst]}"):
            try:
                if parse_move(self.game, written) == move and BY_WORD.get(written.split(" ")[0].lower()) is None:
                    return written
            except IllegalMove:
                continue
        return None

    def _as_move(self, text: str) -> Reply | None:
        """Play ``text`` as a move or a number from the list; None when it is neither."""
        from ..engine.moves import IllegalMove
        from ..engine.notation import explained, parse_move

        number = whole_number(text)
        try:
            move = parse_move(self.game, text)
        except IllegalMove as err:
            if number is not None:
                if self.listed:
                    return self._numbered(number)
                raise IllegalMove(_("{err}; a number plays a move from the list only right after `moves`").format(
                    err=str(err))) from None
            if reads_as_move(self.game, text):
                command = resolve_command(text.lower())
                if isinstance(command, Command):  # `au` in a game with a pile `a`: the label wins
                    raise IllegalMove(_("{err} (for the command, type `{command}` in full)").format(
                        err=str(err), command=command.name)) from None
                raise
            return None
        if number is not None and self.listed and 1 <= number <= len(self.listed):
            # Digits that are both a pile-to-pile move and a number in the list just shown.
            numbered = self.listed[number - 1]
            if numbered != move and self.game.is_legal(move):
                raise IllegalMove(
                    _("{text} is both the move {move} and number {text} of the list ({numbered}); "
                      "type #{text} for the numbered one").format(
                        text=text, move=self.game.notation(move), numbered=self.game.notation(numbered))
                )
            return self._numbered(number)
        try:
            return self._player_move(move)
        except IllegalMove as err:
            raise IllegalMove(explained(self.game, text, str(err))) from None

    def _numbered(self, number: int, *, explicit: bool = False) -> Reply:
        """Play move ``number`` of the list `moves` showed last (``explicit``, `#5`: of the list it
        would show now), saying which move it is."""
        from ..engine.moves import SWAP, IllegalMove

        if explicit and not self.listed:
            self.listed = [m for m in self.game.legal_moves() if m[1] != SWAP]
        if not self.listed:
            raise IllegalMove(_("no list to take move {number} from: type `moves` first").format(number=number))
        if not 1 <= number <= len(self.listed):
            raise IllegalMove(_("no move numbered {number}; `moves` lists {count}").format(
                number=number, count=len(self.listed)))
        move = self.listed[number - 1]
        said = _("move {number}: {move}").format(number=number, move=self.describe(move).strip())
        reply = self._player_move(move)
        reply.lines.insert(0, said)
        return reply

    def _command(self, command: Command, argument: str, *, confirmed: bool = False) -> Reply:
        from ..engine.moves import IllegalMove

        try:
            reply = self._carry_out(command, argument, confirmed=confirmed)
        except IllegalMove as err:  # refused ("nothing to undo"): still this command's answer
            return Reply([str(err)], failed=True, command=command.name)
        reply.command = command.name
        return reply

    def _carry_out(self, command: Command, argument: str, *, confirmed: bool) -> Reply:
        from ..engine.moves import IllegalMove

        if argument and not command.takes_argument:
            raise IllegalMove(_("`{command}` takes no argument").format(command=command.name))
        name = command.name
        if name == "moves":
            return self._list_moves(argument)
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
        if name == "new":
            asked = whole_number(argument) if argument else None
            if argument and asked is None:
                raise IllegalMove(_("`new` takes a deal number, not {argument!r}").format(argument=argument))
        if name in ASKING and self.settings.confirm and not confirmed and self.worth_keeping():
            self.asked = (command, argument)
            question = (_("This game is not finished: start a new deal? (y/n; `new!` does not ask)") if name == "new"
                        else _("This game is not finished: start it again from the beginning? (y/n; `restart!` does not ask)"))
            return Reply([question], question=True)
        if name == "restart":
            return self._new_deal(self.game.deal_number, _("restarted"))
        if name == "new":
            if self.choose_deal is not None:
                number, notes = self.choose_deal(asked)
            else:
                number, notes = (random.randint(1, RANDOM_DEALS) if asked is None else asked), []
            reply = self._new_deal(number, _("new deal"))
            reply.lines += notes
            return reply
        if name == "save":
            return Reply(save=True)
        if name == "rules":
            return Reply(rules=True)
        if name == "board":
            return Reply(redraw=True)
        if name == "position":
            return Reply([self.game.position().rstrip("\n")])
        if name == "help":
            return Reply([help_text(self.settings.lang)])
        return Reply(quit=True, save=True)  # quit

    def _list_moves(self, argument: str = "") -> Reply:
        """The legal moves, numbered. A swap of any two cards (CR-4) is thousands of moves: one
        line says how to write it, and `moves` with the swap's label lists them all."""
        from ..engine.moves import SWAP, IllegalMove

        game = self.game
        label = game.rules.swap_label
        every = game.legal_moves()
        if argument and argument.lower() not in (label, "all"):
            raise IllegalMove(_("`moves` takes nothing, or {words}").format(
                words=" ".join(f"`moves {w}`" for w in (label, "all") if w)))
        swaps = [m for m in every if m[1] == SWAP]
        self.listed = every if argument else [m for m in every if m[1] != SWAP]
        if not every:
            return Reply([_("no legal moves")])
        items = [f"{i:>3}. {self.describe(m)}" for i, m in enumerate(self.listed, 1)]
        if swaps and not argument:
            items.append("     " + ngettext(
                "{example}  swap two cards once a game: {label}, then two places, each a pile and a card counted from "
                "the bottom ({n} way; `moves {label}` lists it)",
                "{example}  swap two cards once a game: {label}, then two places, each a pile and a card counted from "
                "the bottom ({n} ways; `moves {label}` lists them)", len(swaps)).format(
                    example=game.notation(swaps[0]), label=label, n=number(len(swaps))))
        return Reply(items + ([_("type a number to play that move")] if self.listed else []))

    def describe(self, move: Move) -> str:
        """``38  8♠ onto 9♥``: a move's notation and what it does, in words."""
        return f"{self.game.notation(move):<6} {self._what_it_does(move)}"

    def _what_it_does(self, move: Move) -> str:
        """``8♠ onto 9♥``: what a move does, in words, from the position it is played from."""
        from ..engine.moves import CLOSE_UP, REMOVE, RESHUFFLE, SLOT, SWAP

        game = self.game
        src, dst, n = move
        if dst == REMOVE:  # a set out (CZ-2)
            cards = [game.piles[p][-1] for p in ((src,) if src == n else (src, n))]
            return _("remove {cards}").format(cards=" ".join(card_str(c, ascii=self.settings.ascii) for c in cards))
        if dst == CLOSE_UP:
            return _("close up the lanes and refill the gaps")
        if dst == RESHUFFLE:
            return _("gather, shuffle and deal the cards again")
        if dst == SWAP:
            first, second = (game.piles[place // SLOT][place % SLOT] for place in (src, n))
            return _("swap {first} and {second}").format(
                first=card_str(first, ascii=self.settings.ascii), second=card_str(second, ascii=self.settings.ascii))
        if dst < 0:
            return _("turn the waste back") if game.piles[src] == [] else _("deal from the stock")
        cards = game.piles[src]
        moving = card_str(cards[-n], ascii=self.settings.ascii)
        what = moving if n == 1 else ngettext("{n} card from {card}", "{n} cards from {card}", n).format(n=n, card=moving)
        target = game.piles[dst]
        if target:
            where = _("onto {card}").format(card=card_str(target[-1], ascii=self.settings.ascii))
        else:
            where = _("to the empty {label}").format(label=game.rules.labels[dst])
        return f"{what} {where}"

    def _draw(self) -> Reply:
        from ..engine.checks import why_illegal
        from ..engine.moves import DEAL, REDEAL, IllegalMove

        game = self.game
        stock = game.rules.stock_pile
        if stock < 0:
            raise IllegalMove(_("this game has no stock"))
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
        count = game.move_count
        turn = [game.play(move)]
        self.undone.clear()
        messages = self._assist(turn)
        game.move_count = count + 1  # one command, one move: the automatic moves after it are free
        self.turns.append(turn)
        return self._after_change(before, messages)

    def _assist(self, turn: list[Move]) -> list[str]:
        from ..engine.assist import autoplay, finishing_moves

        messages: list[str] = []
        if self.settings.autoplay:
            sent = autoplay(self.game)
            turn += sent
            if sent:
                messages.append(_sent_home(len(sent)))
        if self.settings.autofinish:
            finish = finishing_moves(self.game)
            if finish:
                for move in finish:
                    turn.append(self.game.play(move))
                messages.append(ngettext("auto-finish: the last card goes to the foundations",
                                         "auto-finish: the last {n} cards go to the foundations",
                                         len(finish)).format(n=len(finish)))
        return messages

    def _after_change(self, before: str, messages: list[str]) -> Reply:
        from ..engine.assist import lost_reason

        self.listed = []
        self._note_end()
        after = self.status()
        if after == "won":
            if self.recorded:  # won again after an undo: recorded once, but its save goes all the same
                self.ended.append(self.uid)
            else:
                self._record("won")
        ending = None
        if after != before:
            if after == "won":
                moves = ngettext("{n} move", "{n} moves", self.game.move_count).format(n=self.game.move_count)
                ending = (len(messages), "")
                messages.append(_("You won deal {deal} in {moves}, {time}! Type undo, restart (play this deal again), "
                                  "new, or quit.").format(deal=self.game.deal_number, moves=moves, time=clock(self.elapsed())))
                win = self.game.ruleset.win
                if win is not None and len(win.classes) > 1:  # G-3, CZ-4: name the class that was reached
                    reached = win.named(self.game.win_class())
                    if reached is not None:
                        from ..i18n import language

                        messages.append(_("Won ({win_class}).").format(win_class=printable(reached.display_name(language()))))
            elif after == "lost":
                reason = lost_reason(self.game)
                ending = (len(messages), _("The game is lost: {reason}.").format(reason=reason))
                messages.append(_("The game is lost: {reason}. Type undo, restart, new, or quit.").format(reason=reason))
        return Reply(messages, redraw=True, ending=ending)

    def _undo(self) -> Reply:
        from ..engine.moves import IllegalMove

        if not self.turns:
            raise IllegalMove(_("nothing to undo"))
        self.undos += 1
        counted = self.game.rules.undo_counts_as_move  # FC-7; otherwise the turn comes off the count
        return self._replay_turn(self.turns, self.undone, self.game.undo, 1 if counted else -1, undoing=True)

    def _redo(self) -> Reply:
        from ..engine.moves import IllegalMove

        if not self.undone:
            raise IllegalMove(_("nothing to redo"))
        return self._replay_turn(self.undone, self.turns, self.game.redo, 1, undoing=False)

    def _replay_turn(self, source: list[list[Move]], target: list[list[Move]], step: Callable[[], Move],
                     counts: int, undoing: bool) -> Reply:
        """Undo or redo one whole turn, which changes the move count by `counts` whatever it held,
        and say which: its first move, described where it is played from (the position before
        the turn)."""
        before = self.status()
        count = self.game.move_count
        turn = source.pop()
        said = "" if undoing else self._said_of(turn[0], _("redone: {move}"))
        for _move in turn:
            step()
        self.game.move_count = count + counts
        target.append(turn)
        if undoing:
            said = self._said_of(turn[0], _("undone: {move}"))
        return self._after_change(before, [said])

    def _said_of(self, move: Move, template: str) -> str:
        """``template`` naming ``move`` as "6a (3♦ to the empty a)", read at the position it is
        played from."""
        return template.format(move=f"{self.game.notation(move)} ({self._what_it_does(move)})")

    def next_hint(self) -> Hint:
        """The hint for the current position, from the game's plan (`solver.hints`); the
        full-screen game highlights its move, `hint` says it in words."""
        from ..solver.hints import Planner

        if self.planner is None:
            self.planner = Planner()
        return self.planner.hint(self.game, seconds=HINT_SECONDS, states=HINT_STATES,
                                 autoplay=self.settings.autoplay)

    def _hint(self) -> Reply:
        from ..engine.assist import MERIT_WORDS
        from ..solver.hints import LOST_WORDS, SEARCHED_ALL

        if self.status() != "in progress":
            return Reply([_("the game is over; undo, restart or new")])
        found = self.next_hint()
        if found.move is None:
            return Reply([_("no move would help here; undo, restart or new")])
        move = self.describe(found.move).strip()
        if found.found == "plan":
            if any(self.game.hidden):  # the stock and face-down cards are known to the solver only
                text = _("try {move} (the solver, which sees face-down cards, wins from here)").format(move=move)
            else:
                text = _("try {move} (the solver wins from here)").format(move=move)
            return Reply([text], hinted=found.move)
        what = _(MERIT_WORDS[found.why])
        if not found.announce:  # said at the first such hint: no preamble on every move
            return Reply([_("a move that {what}: {move}").format(what=what, move=move)], hinted=found.move)
        if found.search == "exhausted":
            why = _("the solver finds no win from here that avoids the positions already played")
        elif found.search == SEARCHED_ALL:
            why = _("no win is possible from here: the solver searched every line")
        elif found.search in LOST_WORDS:
            why = _("no win is possible from here: {reason}").format(reason=_(LOST_WORDS[found.search]))
        elif found.search == "timeout" and found.budget_seconds is not None:
            seconds = found.budget_seconds
            why = _("no winning line found in {seconds} s").format(seconds=number(seconds, 0 if seconds == int(seconds) else 2))
        else:
            why = _("no winning line found in {states} positions").format(states=number(found.budget_states or 0))
        return Reply([_("{why}; a move that {what}: {move}").format(why=why, what=what, move=move)], hinted=found.move)

    def _auto(self) -> Reply:
        from ..engine.assist import autoplay
        from ..engine.moves import IllegalMove

        if not self.game.rules.foundation_piles:  # nothing to send anywhere: say so, not "the foundations"
            raise IllegalMove(_("this game has no foundations; `auto` has nothing to do"))
        before = self.status()
        sent = autoplay(self.game)
        if not sent:
            raise IllegalMove(_("no card can safely go to the foundations now"))
        self.undone.clear()
        self.turns.append(sent)
        self.game.move_count -= len(sent) - 1  # one command, one move
        messages = [ngettext("{n} card to the foundations", "{n} cards to the foundations", len(sent)).format(n=len(sent))]
        messages += self._assist(sent) if self.settings.autofinish else []
        return self._after_change(before, messages)

    def _new_deal(self, number: int | None, what: str) -> Reply:
        from ..deals import DealError
        from ..engine.game import Game
        from ..engine.moves import IllegalMove

        try:
            game = Game(self.game.ruleset, number)
        except DealError as err:  # `new 0`: refused with the range, and the game goes on
            raise IllegalMove(str(err)) from None
        self.leave()
        # The same deal again (restart) is still the day's deal, when it was one.
        same = number == self.game.deal_number
        self._start(game, daily=self.daily if same else None)
        return Reply([_("{what}: deal {number}").format(what=what, number=number), *self.open_deal()], redraw=True)
