"""Reading a typed line: what it means in this game, decided in one place and changing nothing.

`Session.read` gives a line's `Reading`; `Session.handle` carries out that reading, and the full
screen asks the same reading before it acts (a hint is searched in a worker), so the line prompt
and the full screen can never read one line two ways. A move comes first; a command's beginning
counts only when no move reads so (`ne` is a move where piles `n` and `e` exist).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..i18n import N_, _, alternatives, language
from .start import MAX_LINE

if TYPE_CHECKING:
    from ..engine.game import Game


def whole_number(text: str) -> int | None:
    """The number ASCII digits spell, else None (`²` is a digit to str.isdigit() but not to int(),
    and int() refuses 4,301 digits or more)."""
    if text.isascii() and text.isdigit() and len(text) <= MAX_LINE:
        return int(text)
    return None


def unreadable(text: str) -> str | None:
    """Why a line is refused before it is read as a command or move, or None when it is fine:
    too long, or not valid text (bytes that were not UTF-8 arrive as U+FFFD or surrogates)."""
    if len(text) > MAX_LINE:
        return _("a line is at most {most} characters long; this one is longer, so it was not read").format(most=MAX_LINE)
    if "\ufffd" in text or any("\ud800" <= char <= "\udfff" for char in text):
        return _("the line is not valid text (UTF-8); nothing was done")
    return None




@dataclass(frozen=True)
class Command:
    name: str
    summary: str  # marked with N_, translated when shown
    aliases: tuple[str, ...] = ()  # short forms
    polish: tuple[str, ...] = ()  # Polish command words, accepted in every language
    takes_argument: bool = False

    def words(self, language: str) -> tuple[str, ...]:
        """The words `help` lists: in Polish the Polish words, then the English name."""
        if language == "pl" and self.polish:
            return (*self.polish[:1], self.name)
        return (self.name, *self.aliases)


COMMANDS = (
    Command("moves", N_("list the legal moves, numbered; type a number to play one"), ("m", "ls"), ("ruchy",),
            takes_argument=True),
    Command("draw", N_("turn or deal the stock (also the stock's label)"), ("deal",), ("dobierz", "rozdaj")),
    Command("undo", N_("take back your last move and the automatic ones after it"), ("u", "z"), ("cofnij",)),
    Command("redo", N_("play an undone move again"), ("r", "y"), ("ponów", "ponow")),
    Command("hint", N_("suggest a move"), (), ("podpowiedź", "podpowiedz")),
    Command("auto", N_("send every safe card to the foundations"), (), ("automat",)),
    Command("restart", N_("start this deal again (`restart!`: no question)"), (),
            ("odnowa", "od-nowa")),
    Command("new", N_("a new deal (`new 42`: deal 42; `new!`: no question)"), (),
            ("nowa",), takes_argument=True),
    Command("save", N_("keep the game for `patience resume`"), (), ("zapisz",)),
    Command("rules", N_("the rules of this game"), (), ("zasady",)),
    Command("board", N_("draw the board again"), ("b",), ("plansza", "stół", "stol")),
    Command("position", N_("the position as text"), (), ("pozycja",)),
    Command("help", N_("this list"), ("?",), ("pomoc",)),
    Command("quit", N_("leave; an unfinished game is kept for `patience resume`"), ("q", "exit"), ("koniec", "wyjdź", "wyjdz")),
)
BY_WORD = {word: c for c in COMMANDS for word in (c.name, *c.aliases, *c.polish)}
ASKING = ("new", "restart")  # the commands that throw a game away, and so ask first
YES, NO = ("y", "yes", "t", "tak"), ("n", "no", "nie")


def resolve_command(word: str) -> Command | str | None:
    """The command a word names (exactly, or as a unique prefix); a reason when the prefix is
    ambiguous; None when it names no command."""
    if word in BY_WORD:
        return BY_WORD[word]
    if len(word) < 2:  # one letter names a command only as its short form (`m`, `u`, `q`)
        return None
    matches = {
        c.name: c for c in COMMANDS
        if any(w.startswith(word) for w in (c.name, *c.aliases, *c.polish) if len(w) > 1)
    }
    if len(matches) == 1:
        return next(iter(matches.values()))
    if len(matches) > 1:  # each named by a word that starts so, in the language in use ("po": pomoc, ...)
        polish_first = language() == "pl"
        said = sorted(next(w for w in ((*c.polish, c.name, *c.aliases) if polish_first else (c.name, *c.aliases, *c.polish))
                           if len(w) > 1 and w.startswith(word)) for c in matches.values())
        return _("{word!r} could be {choices}; type more letters").format(word=word, choices=alternatives(said))
    return None


@dataclass(frozen=True)
class Reading:
    """What one line means: its ``kind`` and what that kind needs.

    - ``nothing``: an empty line;
    - ``answer``: yes or no to the question waiting (`new`, `restart`);
    - ``refused``: not read at all (too long, not text): ``reason``;
    - ``numbered``: `#5`, move ``number`` of the list `moves` would show;
    - ``stock``: the stock's label alone, the stock, whatever command word it spells;
    - ``command``: ``command`` with its ``argument``; ``confirmed`` for `new!`; ``whole`` when its
      word was typed whole (a move the word also spells is then named beside the reply);
    - ``move``: ``text`` to play as a move or a number of the list (refused with the notation's
      reason when it starts as a move does but is none);
    - ``unknown``: no command or move: ``reason``.
    """

    kind: str
    text: str = ""
    command: Command | None = None
    argument: str = ""
    confirmed: bool = False
    whole: bool = False
    number: int = 0
    reason: str = ""

    @property
    def name(self) -> str | None:
        """The command's name; None for anything else (a move, a number, an answer, nothing)."""
        return self.command.name if self.command is not None else None


def read_line(game: Game, line: str, *, asked: bool = False) -> Reading:
    """How ``line`` reads in ``game`` (``asked``: a yes/no question waits). Changes nothing."""
    text = line.strip()
    if asked and text.lower() in YES + NO:
        return Reading("answer", text)
    if not text:
        return Reading("nothing")
    refusal = unreadable(text)
    if refusal is not None:
        return Reading("refused", text, reason=refusal)
    word, _space, argument = text.partition(" ")
    word = word.lower()
    argument = argument.strip()
    numbered = whole_number(word[1:]) if word.startswith("#") else None
    if numbered is not None:  # `#5`: a number on purpose, from the list `moves` shows
        return Reading("numbered", text, number=numbered)
    if word.endswith("!") and BY_WORD.get(word[:-1]) is not None and BY_WORD[word[:-1]].name in ASKING:
        return Reading("command", text, BY_WORD[word[:-1]], argument, confirmed=True)  # `new!`: no question
    rules = game.rules
    if not argument and rules.stock_pile >= 0 and word == rules.labels[rules.stock_pile]:
        return Reading("stock", text)
    if word in BY_WORD:
        return Reading("command", text, BY_WORD[word], argument, whole=True)
    if not argument and _is_move(game, text):
        return Reading("move", text)
    found = resolve_command(word)
    if isinstance(found, Command):
        return Reading("command", text, found, argument)
    if found is None and argument and _is_move(game, text):  # `1 12`: a source and a target apart
        return Reading("move", text)
    if isinstance(found, str):
        return Reading("unknown", text, reason=found)
    if not argument and any(ch in "0123456789" for ch in word):  # `27h` in Cromwell: meant as a move, no pile 27
        from ..engine.notation import not_a_move

        return Reading("unknown", text, reason=not_a_move(game, text))
    return Reading("unknown", text, reason=_("unknown command {text!r}; type `help` for the commands, `moves` for the "
                                             "moves").format(text=text))


def _is_move(game: Game, text: str) -> bool:
    """Whether ``text`` is for the moves to answer: a move here, a number (of the list), or text
    that starts as a move does (refused then with the notation's reason, never "unknown")."""
    from ..engine.moves import IllegalMove
    from ..engine.notation import parse_move

    if whole_number(text) is not None or reads_as_move(game, text):
        return True
    try:
        parse_move(game, text)
    except IllegalMove:
        return False
    return True


def reads_as_move(game: Game, text: str) -> bool:
    """Whether ``text`` starts the way a move is written here: a pile's label, an action's
    label, or a set removal's `+`. Such text gets the notation's reason when it is no move,
    never "unknown command"."""
    rules = game.rules
    lowered = text.lower()
    starts = [*rules.pile_by_label, rules.swap_label, rules.close_up_label, rules.reshuffle_label]
    return "+" in lowered or any(label and lowered.startswith(label) for label in starts)
