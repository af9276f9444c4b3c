"""A text format that saves and restores any position exactly.

    game: klondike
    deal: 17
    redeals: 0
    score: 25
    pile s: 4D 5S 7C |
    pile w: | 8H
    pile 1: | KS
    pile 2: 3C | 4H

Each pile line lists its cards bottom to top in the two-character form (``TH`` = 10♥); cards
left of ``|`` lie face down; where faces alternate (Martha), each further ``|`` turns the cards
after it over: ``pile 1: 4D | 9S | 2C | KH`` is 4D down, 9S up, 2C down, KH up. The move history is not part of a position (as in FEN). A game with
player actions adds their uses left, by label: ``uses: x 1`` (missing: none used yet).

A game whose ruleset was read from a file that its id does not find (``Game.new("./mine.yaml")``
outside the rulesets folders, or a file hidden by another of the same id) adds that file,
resolved: ``file: /home/me/mine.yaml``; reading loads it from there. A shipped game, or one in
the folders, is named by its id alone, as positions always were. ``read_position(text,
ruleset)`` takes the ruleset (or its name or path) from the caller instead, for rulesets made
from text or in code.
"""

from __future__ import annotations

import os
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from ..cards import CardError, card_str
from ..deals import suited_deck
from ..ruleset.errors import RulesetError
from ..ruleset.registry import UnknownGame, find_ruleset, find_ruleset_file, load_path
from ..ruleset.views import RulesetView, source_file
from .board import Board
from .faces import barred, faces_key, is_down, lay_down, read_pile
from .refill import fit_base
from .state import State

if TYPE_CHECKING:
    from ..ruleset.model import Ruleset

HEADER_KEYS = ("game", "file", "deal", "redeals", "score", "uses")
RulesetGiven = RulesetView | str | os.PathLike[str]  # a ruleset, or the name or path of one
AnyBoard = TypeVar("AnyBoard", bound=Board)  # what `read_position` builds: a Board, or the Game above it


class PositionError(ValueError):
    """A position text that cannot be read; the message names the line."""


def write_position(game: State) -> str:
    lines = [f"game: {game.ruleset.id}"]
    own_file = file_to_name(game.ruleset)
    if own_file is not None:
        lines.append(f"file: {own_file}")
    if game.deal_number is not None:
        lines.append(f"deal: {game.deal_number}")
    lines.append(f"redeals: {game.redeals_used}")
    lines.append(f"score: {game.score}")
    if game.uses_left:
        lines.append("uses: " + ", ".join(f"{label} {_uses_word(n)}" for label, n in zip(_action_labels(game), game.uses_left)))
    for pile, cards in enumerate(game.piles):
        words = [card_str(c, ascii=True) for c in cards]
        shown = faces_key(game, pile)
        if shown:  # faces alternate (engine/faces.py): each `|` turns the cards after it over
            words = barred(words, (is_down(game, pile, i) for i in range(len(words))))
        else:
            words.insert(game.hidden[pile], "|")
        lines.append(f"pile {game.rules.labels[pile]}: {' '.join(words)}")
    return "\n".join(lines) + "\n"


def file_to_name(ruleset: Ruleset) -> Path | None:
    """The ruleset's file when a position must name it: read from a file, and its id finds
    another file or none."""
    source = source_file(ruleset)
    if source is None:
        return None
    folders = (os.environ.get("PATIENCE_PATH", ""), os.environ.get("PATIENCE_DATA", ""))
    return _file_to_name(source, ruleset.id, folders)


@lru_cache(maxsize=64)
def _file_to_name(source: Path, ruleset_id: str, folders: tuple[str, str]) -> Path | None:
    """Asked once per file, id and search folders: a search lists every folder, a few
    milliseconds that a solver or a test calling ``position()`` often would pay each time."""
    try:
        found = find_ruleset_file(ruleset_id).resolve()
    except (UnknownGame, RulesetError, OSError):
        return source
    return None if found == source else source


def same_position(first: str, second: str) -> bool:
    """Whether two position texts describe the same game and cards, the ``file:`` line aside:
    one written before positions named files, or after the file went into a rulesets folder,
    is still the same position."""
    def without_file(text: str) -> list[str]:
        return [line for line in text.splitlines() if not line.startswith("file:")]

    return without_file(first) == without_file(second)


def read_position(text: str, ruleset: RulesetGiven | None = None, kind: type[AnyBoard] = Board) -> AnyBoard:
    """The game a position text describes, as a ``kind`` (`Game.from_position` asks for a Game).
    Its ruleset is ``ruleset`` when given (a Ruleset, a name or a path; a ``file:`` line is then
    not used), else the ``file:`` the text names, else its ``game:`` by name. PositionError says
    what does not fit."""
    header, pile_lines = _read_lines(text)
    from_file = None
    if ruleset is None:
        ruleset, from_file = _ruleset_named(header)
        if from_file is not None and header["game"] != ruleset.id:
            raise PositionError(f"the position is of {header['game']!r}, but {from_file} now holds {ruleset.id!r}")
    else:
        if not isinstance(ruleset, RulesetView):
            ruleset = load_path(Path(ruleset)) if isinstance(ruleset, os.PathLike) else find_ruleset(ruleset)
        if "game" in header and header["game"] != ruleset.id:
            raise PositionError(f"the position is of {header['game']!r}, not {ruleset.id!r}")
    try:
        return _game_from(header, pile_lines, ruleset, kind)
    except PositionError as err:
        if from_file is None:
            raise
        raise PositionError(f"{err} (has {from_file} changed since the position was written?)") from None


def _ruleset_named(header: dict[str, str]) -> tuple[Ruleset, Path | None]:
    """The ruleset of the ``file:`` line while that file is there (and the file), else the
    ruleset of the ``game:`` line by name."""
    if "game" not in header:
        raise PositionError("the position does not say which game it is (`game: ...`)")
    if "file" in header:
        path = Path(header["file"])
        try:
            there = path.is_file()
        except (OSError, ValueError):  # too long for a path, a NUL byte
            there = False
        if there:
            return load_path(path), path
        try:
            return find_ruleset(header["game"]), None  # moved into a rulesets folder, or shared
        except UnknownGame:
            raise PositionError(f"the position's game {header['game']!r} was read from {header['file']}, which is "
                                "not there now, and no game of that name is found; give the ruleset to "
                                "Game.from_position") from None
    return find_ruleset(header["game"]), None


def _read_lines(text: str) -> tuple[dict[str, str], dict[str, tuple[int, str]]]:
    """The header's values by key, and each pile's (line number, text) by label."""
    header: dict[str, str] = {}
    pile_lines: dict[str, tuple[int, str]] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, colon, value = line.partition(":")
        if not colon:
            raise PositionError(f"line {number}: expected `key: value`, got {raw!r}")
        name = name.strip()
        if name.startswith("pile "):
            label = name[5:].strip()
            if label in pile_lines:
                raise PositionError(f"line {number}: pile {label} is given twice")
            pile_lines[label] = (number, value)
        elif name in HEADER_KEYS:
            header[name] = value.strip()
        else:
            raise PositionError(f"line {number}: unknown key {name!r}; expected {', '.join(HEADER_KEYS)} or `pile LABEL`")
    return header, pile_lines


def _game_from(header: dict[str, str], pile_lines: dict[str, tuple[int, str]], ruleset: Ruleset,
               kind: type[AnyBoard]) -> AnyBoard:
    game = kind(ruleset)
    game.deal_number = _int(header, "deal", 0) if "deal" in header else None
    game.redeals_used = _int(header, "redeals", 0)
    allowed = game.rules.redeals
    if game.redeals_used < 0 or 0 <= allowed < game.redeals_used:
        most = "none" if allowed == 0 else f"at most {allowed}"
        raise PositionError(f"redeals: {ruleset.id} allows {most}, so {game.redeals_used} cannot have been used "
                            "(`redeals` counts the redeals used, not those left)")
    game.score = _int(header, "score", game.score)  # a position without a score begins at the start value
    if "uses" in header:
        game.uses_left = _read_uses(game, header["uses"])
    labels = game.rules.labels
    for label in pile_lines:
        if label not in game.rules.pile_by_label:
            raise PositionError(f"line {pile_lines[label][0]}: {ruleset.id} has no pile {label!r}; its piles are {' '.join(labels)}")
    for pile, label in enumerate(labels):
        if label not in pile_lines:
            raise PositionError(f"pile {label} is missing")
        number, value = pile_lines[label]
        if not value.count("|") % 2:
            raise PositionError(f"line {number}: write face-down cards, then `|`, then face-up cards "
                                "(where faces alternate, each further `|` turns the cards after it over)")
        try:
            cards, down = read_pile(value)
        except CardError as err:
            raise PositionError(f"line {number}: {err}") from None
        game.piles[pile] = cards
        game.hidden[pile] = game.shown[pile] = 0
        for at, is_down_here in enumerate(down):
            if is_down_here:
                lay_down(game, pile, at)
    expected = Counter(suited_deck(ruleset.decks, ruleset.suits))
    found = Counter(game.cards())
    if found != expected:
        missing = expected - found
        extra = found - expected
        parts = []
        if missing:
            parts.append("missing " + " ".join(card_str(c, ascii=True) for c in sorted(missing.elements())))
        if extra:
            parts.append("too many " + " ".join(card_str(c, ascii=True) for c in sorted(extra.elements())))
        raise PositionError(f"the cards do not make {ruleset.decks} deck(s): {'; '.join(parts)}")
    fit_base(game)  # `wrap: base`: the tables for the base the position shows
    return game


def _int(header: dict[str, str], key: str, default: int) -> int:
    if key not in header:
        return default
    try:
        return int(header[key])
    except ValueError:
        raise PositionError(f"{key} must be a whole number, not {header[key]!r}") from None


def _action_labels(game: State) -> list[str]:
    return list(game.rules.action_labels)


def _uses_word(n: int) -> str:
    return "unlimited" if n < 0 else str(n)


def _read_uses(game: State, text: str) -> tuple[int, ...]:
    """``x 1`` (one entry per action, comma-separated) -> uses left in the game's action order."""
    labels = _action_labels(game)
    uses = list(game.uses_left)
    for entry in filter(None, (e.strip() for e in text.split(","))):
        words = entry.split()
        if len(words) != 2 or words[0] not in labels:
            known = ", ".join(labels) or "none"
            raise PositionError(f"uses: expected `LABEL COUNT` for each action ({known}), got {entry!r}")
        i = labels.index(words[0])
        most = game.rules.action_uses[i]
        if words[1] == "unlimited" and most < 0:
            continue
        try:
            n = int(words[1])
        except ValueError:
            raise PositionError(f"uses: {words[1]!r} is not a whole number") from None
        if most < 0 or not 0 <= n <= most:
            allowed = "unlimited" if most < 0 else f"0 to {most}"
            raise PositionError(f"uses: {words[0]} may have {allowed} uses left, not {n}")
        uses[i] = n
    return tuple(uses)
