"""Shared helpers of the command modules: starting a game, turning user mistakes into messages."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import click

# The engine (and pydantic behind it) is imported inside functions, so that
# `patience --help` starts fast.
if TYPE_CHECKING:
    from ..engine.game import Game
    from ..ruleset.model import Ruleset


def find_game(game_name: str) -> Ruleset:
    """The ruleset a player named, or a one-line error (never a traceback)."""
    from ..ruleset.loader import RulesetError
    from ..ruleset.registry import UnknownGame, find_ruleset

    try:
        return find_ruleset(game_name)
    except (RulesetError, UnknownGame) as err:
        raise click.ClickException(str(err)) from None


RANDOM_DEALS = 1_000_000  # a missing --deal, and `new` at the prompt, pick from 1..this


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
        raise click.ClickException(str(err)) from None
