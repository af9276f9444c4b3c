"""Run the command line in-process, as the CLI tests do, or in a real pseudo-terminal (`spawn`)."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from patience.cli import main


def run(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> Result:
    """`patience ARGS...` with ``input`` on standard input; stderr is mixed into ``output``."""
    return CliRunner().invoke(main, list(args), input=input, env=env)


def spawn(*args: str, home: Path, rows: int = 30, timeout: float = 20, env: dict[str, str] | None = None) -> Any:
    """`python -m patience ARGS...` in a real pseudo-terminal (a ``pexpect.spawn``) of ``rows`` × 80,
    in English and in colour (NO_COLOR dropped unless ``env`` gives it), its data in ``home``/data
    and its configuration in ``home``/config; Ctrl-C and Ctrl-\\ act as at a terminal."""
    import pexpect

    full = {**os.environ, "PATIENCE_DATA": str(home / "data"), "PATIENCE_CONFIG": str(home / "config"),
            "PATIENCE_LANG": "en", "TERM": "xterm-256color", "COLUMNS": "80", "LINES": str(rows)}
    full.pop("NO_COLOR", None)
    full.update(env or {})
    return pexpect.spawn(sys.executable, ["-m", "patience", *args], env=full, encoding="utf-8", timeout=timeout,
                         dimensions=(rows, 80), preexec_fn=_keys_as_at_a_terminal)


def _keys_as_at_a_terminal() -> None:
    """Ctrl-C and Ctrl-\\ act as at a terminal, even when the tests run in the background: a
    shell starts a background command with SIGINT and SIGQUIT ignored, and children inherit that."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)
