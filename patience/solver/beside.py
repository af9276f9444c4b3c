"""The restarting depth-first search in a second process, beside best-first in this one.

On a machine with two cores, `solve(..., workers=2)` gives each search a core of its own instead
of taking turns on one. The child is forked, so it starts at once with the position, the
compiled rules and the safe-move tables already in memory. Where `fork` does not exist
(Windows), or in a pool's worker process, the solver takes turns in one process as before. The
two searches race, so which win is reported can change from run to run; with one worker it
never does.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ..engine.game import Game

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from .search import SolveResult

REPORT_EVERY = 1024  # positions between the helper's counts; --max-states may overshoot by this

Search = Callable[[Game, str | None], Generator[None, None, "SolveResult"]]


def can_fork() -> bool:
    """Whether a helper can be started here: `fork` exists, and this is not a daemonic process
    (a `multiprocessing.Pool` worker), which may not have children."""
    import multiprocessing  # only when asked: its import costs every `patience solve` its start

    return "fork" in multiprocessing.get_all_start_methods() and not multiprocessing.current_process().daemon


@contextmanager
def deaf_to_ctrl_c() -> Iterator[None]:
    """Ignore Ctrl-C while child processes start, so that they are born ignoring it.

    Ctrl-C at a terminal interrupts the whole process group. A child interrupted before its own
    first line could ignore it printed a traceback (`solve --jobs 2`: 6 tries in 10); a child
    that starts with SIGINT ignored keeps it so (Python installs its handler only over the
    default), and the parent, which handles Ctrl-C, stops it. A Ctrl-C in the few milliseconds
    of the start itself is lost. Outside the main thread signals cannot be changed: then the
    children ignore it from their first line instead."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def ignore_ctrl_c() -> None:
    """A child's first line: Ctrl-C is the parent's to handle; it stops the child."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Helper:
    """A search running in a forked process, reporting how many positions it has expanded and,
    at the end, its answer. `stop` ends it; the parent must call it (a `finally`)."""

    def __init__(self, search: Search, root: Game, autoplay: str | None) -> None:
        import multiprocessing

        context = multiprocessing.get_context("fork")
        self._answers, sender = context.Pipe(duplex=False)
        self._process = context.Process(target=_run, args=(self._answers, sender, search, root, autoplay),
                                        daemon=True)
        with deaf_to_ctrl_c():
            self._process.start()
        sender.close()  # the child holds the other end; EOF here then means it has gone
        self.states = 0
        self.alive = True

    def poll(self) -> SolveResult | None:
        """The helper's answer once it has one; meanwhile its count of positions is kept up to date."""
        while self.alive and self._answers.poll():
            try:
                message = self._answers.recv()
            except EOFError:  # it died (a bug, reported on standard error by the child): go on alone
                self.alive = False
                return None
            if isinstance(message, int):
                self.states = message
            else:
                self.states, answer = message
                self.alive = False
                return answer
        return None

    def stop(self) -> None:
        # SIGKILL, not SIGTERM: the child holds nothing to tidy, and it inherits this process's
        # handlers. Under one that raises (`patience play` leaves the game on SIGTERM), a SIGTERM
        # that came while the child was still leaving `fork` unwound it into the parent's own
        # stack, where it ran on as a copy of the parent (seen in CI as a pytest worker "node
        # down: keyboard-interrupt").
        if self._process.is_alive():
            self._process.kill()
        self._process.join()
        self._answers.close()


def _run(reader: Connection, sender: Connection, search: Search, root: Game, autoplay: str | None) -> None:
    """The child: run the search to its end, sending a count every `REPORT_EVERY` positions."""
    ignore_ctrl_c()  # already so when started in the main thread (`deaf_to_ctrl_c`)
    reader.close()  # the parent's end, copied by the fork: if the parent dies, sending must fail
    states = 0
    steps = search(root, autoplay)
    try:
        while True:
            next(steps)
            states += 1
            if states % REPORT_EVERY == 0:
                sender.send(states)
    except StopIteration as stop:
        sender.send((states, stop.value))
    except BrokenPipeError:
        pass  # the parent has gone (killed): nobody wants the answer, so stop quietly
    finally:
        sender.close()
