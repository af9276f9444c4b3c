"""`patience config`: show the settings of the full-screen game, or change one."""

from __future__ import annotations

import click

from ..i18n import _
from . import main


@main.group(invoke_without_command=True)
@click.pass_context
def config(ctx: click.Context) -> None:
    """Show the settings (autoplay, colour, ascii, language) and the file that keeps them.

    Change one with `patience config set KEY VALUE`, e.g. `patience config set autoplay off`.
    """
    if ctx.invoked_subcommand is not None:
        return
    from dataclasses import asdict

    from ..tui.config import DESCRIPTIONS, config_path, load, shown

    settings, problem = load()
    if problem:
        click.echo(problem, err=True)
    click.echo(_("settings file: {path}").format(path=config_path()))
    for key, value in asdict(settings).items():
        click.echo(f"  {key:<9} {shown(value):<5} {_(DESCRIPTIONS[key])}")


@config.command(name="set")
@click.argument("key")
@click.argument("value")
def set_setting(key: str, value: str) -> None:
    """Change a setting: on/off for autoplay, colour and ascii; auto, en or pl for language."""
    from ..tui.config import ConfigError, DamagedFile, load, save, set_value, shown

    settings, problem = load()
    key = key.lower()
    try:
        set_value(settings, key, value)
    except ConfigError as err:
        raise click.ClickException(str(err)) from None
    try:
        path = save(settings, [key])
    except DamagedFile as err:  # its readable settings would be lost under the defaults
        raise click.ClickException(_("{problem}; nothing was changed: mend the file or remove it").format(
            problem=err)) from None
    except OSError as err:
        raise click.ClickException(_("could not write the settings: {error}").format(error=err)) from None
    if problem:
        click.echo(problem, err=True)
    click.echo(_("{key} = {value} (kept in {path})").format(key=key, value=shown(getattr(settings, key)), path=path))
