"""Starting a game: the ruleset a player named, found, and a new game of it. A name that names
nothing, a broken ruleset or a deal out of range is a `StartError` of one line, which the
command line turns into its error and the full screen into a message."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..deals import RANDOM_DEALS  # a missing --deal, and `new` at the prompt, pick from 1..this

MAX_LINE = 200  # characters: no move or command is longer, so a longer line is refused unread

# The engine (and pydantic behind it) is imported inside functions: `patience --help` starts fast.
if TYPE_CHECKING:
    from ..engine.game import Game
    from ..ruleset.model import Ruleset
    from ..ruleset.registry import Located


class StartError(Exception):
    """A game that cannot start, said in one line for the player."""


def find_game(game_name: str) -> Ruleset:
    """The ruleset a player named (an id, a name or alias, a file)."""
    from ..ruleset.errors import RulesetError
    from ..ruleset.registry import UnknownGame, find_ruleset

    try:
        return find_ruleset(game_name)
    except (RulesetError, UnknownGame) as err:
        raise StartError(str(err)) from None


def locate_game(game_name: str) -> Located:
    """The ruleset a player named with its file and its key for saves and statistics: the same
    resolution as find_game."""
    from ..ruleset.errors import RulesetError
    from ..ruleset.registry import UnknownGame, locate

    try:
        return locate(game_name)
    except (RulesetError, UnknownGame) as err:
        raise StartError(str(err)) from None


def start_game(game_name: str, deal: int | None) -> Game:
    """A new game of the named ruleset; a random deal number when none is given."""
    from ..deals import DealError
    from ..engine.game import Game

    ruleset = find_game(game_name)
    if deal is None:
        deal = random.randint(1, RANDOM_DEALS)
    try:
        return Game(ruleset, deal)
    except DealError as err:
        raise StartError(str(err)) from None
