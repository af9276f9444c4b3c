"""Click's own words (Usage:, Options, Error: ...) through patience's translation layer.

Click looks up its messages with the standard library's `gettext`, which only reads compiled
`.mo` files. Instead, its modules' `_` and `ngettext` are pointed at `patience.i18n`, so the same
`pl.po` holds click's strings too. The messages listed here are the ones a player can meet; any
other click message stays in English.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable

from ..i18n import N_, _, ngettext

CLICK_MODULES = ("core", "exceptions", "formatting", "decorators", "parser", "types", "termui", "utils")

HELP_OPTION = N_("Show this message and exit.")  # `-h, --help` in every help screen

# Marked for the catalog; the wording is click's, so the catalog matches what click asks for.
MESSAGES = (
    N_("Usage:"), N_("Options"), N_("Commands"), HELP_OPTION, N_("Error: {message}"),
    N_("Try '{command} {option}' for help."), N_("No such command {name!r}."), N_("No such option {name!r}."),
    N_("Missing argument"), N_("Missing option"), N_("Missing parameter"), N_("Missing command."),
    N_("Invalid value for {param_hint}: {message}"), N_("Invalid value: {message}"), N_("Aborted!"),
    N_("default: {default}"), N_("{value!r} is not a valid {number_type}."), N_("{value} is not in the range {range}."),
    N_("{name} {filename!r} does not exist."), N_("{name} {filename!r} is a directory."),
    N_("file"), N_("directory"), N_("path"),
    N_("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    N_("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    N_("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
    N_("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
)


# The placeholders a help page shows (click's metavars and ours), each translated as a whole word
# wherever the page says it: in the usage line and in the help texts, so that "[GAME]" in the
# usage and "GAME" in the text stay the same word in every language ("[GRA]", "GRA").
PLACEHOLDERS = (
    N_("INTEGER RANGE"), N_("FLOAT RANGE"), N_("INTEGER"), N_("FLOAT"), N_("OPTIONS"), N_("COMMAND"),
    N_("ARGS"), N_("GAME"), N_("FILES"), N_("FILE"), N_("MOVES_FILE"), N_("PATHS"), N_("PATH"), N_("NAME"),
    N_("TEXT"), N_("SIZE"), N_("FAMILY"), N_("KEY"), N_("VALUE"), N_("LANGUAGE"),
)
# click's number types by the name its "not a valid {number_type}" error gives them.
NUMBER_TYPES = (N_("integer range"), N_("float range"), N_("integer"), N_("float"))
_PLACEHOLDER = re.compile(r"(?<![\w-])(" + "|".join(PLACEHOLDERS) + r")(?![\w-])")
_NUMBER_TYPE = re.compile(r"(?<![\w-])(" + "|".join(NUMBER_TYPES) + r")(?=\.)")


def placeholders_translated(text: str) -> str:
    """``text`` (a help page or an error) with every placeholder word, and a number type that
    ends a sentence ("is not a valid integer."), in the current language."""
    text = _PLACEHOLDER.sub(lambda match: _(match.group(1)), text)
    return _NUMBER_TYPE.sub(lambda match: _(match.group(1)), text)


def _placeholders_after(method: Callable[..., str]) -> Callable[..., str]:
    def translated(self: object) -> str:
        return placeholders_translated(method(self))

    translated._translated = True  # type: ignore[attr-defined]
    return translated


def install() -> None:
    """Point click's message lookups at patience's catalogs (once, at start-up), and let help
    pages say their placeholders in the player's language."""
    import click.exceptions
    import click.formatting

    # Help pages and the errors that name a parameter ("Missing argument 'GAME'").
    for owner, method in ((click.formatting.HelpFormatter, "getvalue"), (click.exceptions.MissingParameter, "format_message"),
                          (click.exceptions.BadParameter, "format_message")):
        plain = owner.__dict__.get(method)
        if plain is None or getattr(plain, "_translated", False):
            continue
        setattr(owner, method, _placeholders_after(plain))
    for name in CLICK_MODULES:
        try:
            module = importlib.import_module(f"click.{name}")
        except ImportError:  # a module a click version does not have
            continue
        if hasattr(module, "_"):
            module._ = _  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext  # type: ignore[attr-defined]
