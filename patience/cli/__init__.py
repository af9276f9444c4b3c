"""The `patience` command line. It holds no rules: everything comes from the engine.

Each command lives in a module of this package; the engine is imported inside the commands,
so that `patience --help` starts fast.
"""

from __future__ import annotations

import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="patience")
def main() -> None:
    """Patience (solitaire) games defined by YAML rulesets."""


from . import games, play  # noqa: E402  (the modules register their commands on `main`)

__all__ = ["main", "games", "play"]
