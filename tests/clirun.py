"""Run the command line in-process, as the CLI tests do."""

from __future__ import annotations

from click.testing import CliRunner, Result

from patience.cli import main


def run(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> Result:
    """`patience ARGS...` with ``input`` on standard input; stderr is mixed into ``output``."""
    return CliRunner().invoke(main, list(args), input=input, env=env)
