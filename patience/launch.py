"""The `patience` command's entry point: the command line, and Ctrl-C while it is still loading.

Importing the command line takes some tens of milliseconds; a Ctrl-C pressed then would
otherwise end in a KeyboardInterrupt traceback, before click is there to catch it.
"""

from __future__ import annotations

import sys


def main() -> None:
    try:
        from patience.cli import main as command_line
    except KeyboardInterrupt:
        sys.exit(130)  # the shell's code for a command stopped by SIGINT
    command_line()
