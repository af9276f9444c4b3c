"""A hint's search away from the screen: the full screen stays live while the solver thinks.

The compiled search holds Python's lock for its whole run, so a thread alone would still freeze
the screen. Where `fork` exists the search runs in a forked child, which starts at once with the
session in memory and sends back the reply and the planner it left (the plan the next hints
follow); the thread that waits for it holds no lock. Elsewhere (Windows) the search runs in the
thread, and the screen answers between the solver's Python steps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..session.session import Reply, Session


class HintSearch:
    """One hint's search; `stop` (the player leaves) ends its child at once, and `run` then
    answers None instead of searching again here."""

    def __init__(self) -> None:
        self.child: Any = None
        self.stopped = False

    def run(self, session: Session, line: str = "hint") -> Reply | None:
        """``session.handle(line)`` for a hint, searched in a forked child where one can be
        started. Called from a worker thread: it blocks until the answer comes."""
        import multiprocessing  # only now: its import costs every start of the program

        if "fork" not in multiprocessing.get_all_start_methods():
            return session.handle(line)
        context = multiprocessing.get_context("fork")
        answers, sender = context.Pipe(duplex=False)
        self.child = context.Process(target=_search, args=(answers, sender, session, line), daemon=True)
        try:
            self.child.start()
        except OSError:  # no process to be had now (a limit, memory): search here, the screen slower
            self.child = None
            answers.close()
            sender.close()
            return session.handle(line)
        sender.close()  # the child holds the other end: EOF here means it has gone
        try:
            reply, planner = answers.recv()
        except (EOFError, OSError):
            if self.stopped:
                return None
            reply, planner = session.handle(line), session.planner  # the child died (a bug, said on its stderr)
        finally:
            answers.close()
            self.child.join()
        session.planner = planner
        session.asked = None  # as `handle` leaves it in this process
        return reply

    def stop(self) -> None:
        self.stopped = True
        if self.child is not None and self.child.is_alive():
            # SIGKILL, not SIGTERM: the fork inherits the event loop's signal handlers, which
            # swallow SIGTERM and let the search run on; the child holds nothing to clean up.
            self.child.kill()


def _search(reader: Any, sender: Any, session: Session, line: str) -> None:
    """The child: the hint, and the planner that now holds its plan."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the screen's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the inherited loop handler, which ignores it
    reader.close()
    try:
        reply = session.handle(line)
        sender.send((reply, session.planner))
    except BrokenPipeError:
        pass  # the screen has gone: nobody wants the answer
    finally:
        sender.close()
