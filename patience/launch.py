"""The `patience` command's entry point: the command line, and Ctrl-C while it is still loading.
A bare `patience --version` is answered here, before anything else is imported.

Importing the command line takes some tens of milliseconds; a Ctrl-C pressed then would
otherwise end in a KeyboardInterrupt traceback, before click is there to catch it.
"""

from __future__ import annotations

import gc
import sys


def main() -> None:
    if sys.argv[1:] == ["--version"]:
        # Answered before click and the command line are imported (about 30 ms of a start, issue 34);
        # the words are click's `version_option`'s, as `patience --lang pl --version` still prints them.
        from patience import __version__

        print(f"patience, version {__version__}")
        return
    # Importing the command line (click among it) makes many objects and no garbage: Python's cycle
    # collector ran some thirty times over them for nothing (a few ms of each start, issue 34).
    gc.disable()
    try:
        from patience.cli import main as command_line
    except KeyboardInterrupt:
        sys.exit(130)  # the shell's code for a command stopped by SIGINT
    finally:
        gc.enable()
    command_line()
