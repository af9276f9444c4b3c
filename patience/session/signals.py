"""Signal handlers installed for a while and put back after (the game's SIGHUP and SIGTERM)."""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def handling(names: tuple[str, ...], handler: Callable[[int, Any], None]) -> Iterator[None]:
    """``handler`` for the signals ``names`` this platform has, the handlers before put back
    after, for a program that runs a game in its own process. Outside the main thread, where
    signals cannot be changed (an embedding program), they are left alone."""
    before: dict[str, Any] = {}
    try:
        for name in names:
            if hasattr(signal, name):
                before[name] = signal.signal(getattr(signal, name), handler)
    except ValueError:
        pass
    try:
        yield
    finally:
        for name, old in before.items():
            signal.signal(getattr(signal, name), old)
