"""The `patience` command line. It holds no rules: everything comes from the engine.

Each command lives in a module of this package, imported only when that command runs (or when
`--help` lists them all), and the engine is imported inside the commands, so that `patience show`
does not import the game loop, statistics or authoring tools. Every command takes `--lang en|pl` (also `PATIENCE_LANG`
and the locale), and its help is written in English and shown in the chosen language.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

import click

from .. import __version__
from ..i18n import _, choose_language, set_language
from .click_i18n import HELP_OPTION
from .click_i18n import install as _install_click_translations

_install_click_translations()


def _choose_language(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """Set the language once: `patience --lang pl play ...` and `patience play ... --lang pl` both work."""
    root = ctx.find_root()
    if value is None and "lang" in root.meta:
        return
    language, warning = choose_language(value)
    root.meta["lang"] = language
    warning = set_language(language) or warning
    if warning and not root.meta.get("lang_warned"):
        root.meta["lang_warned"] = True
        click.echo(warning, err=True)


def _lang_in(args: list[str]) -> str | None:
    """The value of the last `--lang` in ``args`` (before a `--`), read before click parses them."""
    found = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            found = args[i + 1]
        elif arg.startswith("--lang="):
            found = arg.partition("=")[2]
    return found


def _lang_option() -> click.Option:
    return click.Option(
        ["--lang"], metavar="en|pl", default=None, expose_value=False, is_eager=True, callback=_choose_language,
        help="Language: en or pl (default: PATIENCE_LANG, then the locale, then English).",
    )


def _translate_help(command: click.Command, ctx: click.Context | None) -> None:
    """Show the command's help texts in the chosen language (the English ones are kept)."""
    english = command.__dict__.setdefault("_english_help", {
        "help": inspect.cleandoc(command.help) if command.help else command.help,
        "short_help": command.short_help,
        "params": {id(p): p.help for p in command.params if isinstance(p, click.Option)},
    })
    command.help = _(english["help"]) if english["help"] else english["help"]
    help_option = command.get_help_option(ctx) if ctx is not None else None
    if help_option is not None:  # click words it once, when first asked, in whatever language was set then
        help_option.help = _(HELP_OPTION)
    command.short_help = _(english["short_help"]) if english["short_help"] else english["short_help"]
    for p in command.params:
        if isinstance(p, click.Option) and english["params"].get(id(p)):
            p.help = _(english["params"][id(p)])


class _Translated:
    """Adds `--lang` to a click command and shows its help in the chosen language."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.params.insert(0, _lang_option())  # type: ignore[attr-defined]

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        _translate_help(self, ctx)  # type: ignore[arg-type]
        super().format_help(ctx, formatter)  # type: ignore[misc]

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        # `--help` is eager and may come first, so the language is chosen before any parameter is
        # processed: from `--lang` wherever it stands, else the environment.
        if "lang" not in ctx.find_root().meta:
            _choose_language(ctx, None, _lang_in(args))
        return super().parse_args(ctx, args)  # type: ignore[misc, no-any-return]

    def get_short_help_str(self, limit: int = 45) -> str:
        _translate_help(self, None)  # type: ignore[arg-type]
        return super().get_short_help_str(limit)  # type: ignore[misc, no-any-return]


class Command(_Translated, click.Command):
    """A command of patience."""


class Group(_Translated, click.Group):
    command_class = Command
    group_class = type  # click: a group made with `@main.group` (config) is a Group too, translated


# Each command and the module that defines it (a module registers its commands on `main` when
# imported); tests/test_startup.py checks that this lists every command.
COMMAND_MODULES = {
    "config": "config_cmd", "daily": "stats_cmd", "lint": "authoring", "list": "games", "new": "authoring",
    "play": "play", "replay": "games", "resume": "play", "rules": "play", "schema": "authoring",
    "show": "games", "solve": "solve_cmd", "stats": "stats_cmd", "survey": "survey_cmd", "test": "rulestest_cmd",
    "validate": "authoring",
}


class _Main(Group):
    """The top-level group: imports a command's module when the command is asked for."""

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMAND_MODULES:
            importlib.import_module(f"{__name__}.{COMMAND_MODULES[cmd_name]}")
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *COMMAND_MODULES})


def load_every_command() -> None:
    """Import every command module, for what reads ``main.commands`` as a whole (translations)."""
    for module in sorted(set(COMMAND_MODULES.values())):
        importlib.import_module(f"{__name__}.{module}")


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(version=__version__, prog_name="patience")  # not importlib.metadata: ~25 ms
def main() -> None:
    """Patience (solitaire) games defined by YAML rulesets."""


__all__ = ["COMMAND_MODULES", "load_every_command", "main"]
