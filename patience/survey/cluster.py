"""The survey on Dask (`dask.distributed`): a local cluster of one single-threaded worker process
per job, or an existing cluster's scheduler. The only module of patience that imports dask, and
only inside its functions, so patience runs without it.

A chunk is one Dask task. Its rows come back to this process, which writes them (`as_completed`),
so the workers need no access to the results file. A worker that dies has its tasks rerun on
another by the scheduler (up to its `allowed-failures`); a task that fails is retried
(``RETRIES``) before its error ends the survey.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import islice
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..solver.beside import deaf_to_ctrl_c
from .run import Chunk, Digest, Runner, solve_chunk
from .store import SurveyError

if TYPE_CHECKING:
    from distributed import Client

RETRIES = 2  # a chunk that fails is tried this many more times, on any worker
CONNECT_SECONDS = 10.0  # how long to wait for a scheduler named with --scheduler
IN_FLIGHT_PER_WORKER = 3  # chunks handed to the scheduler per worker at a time (a range may be huge)
ADDRESS = re.compile(r"^[a-z][a-z0-9+]*://[^\s/]+:\d+/?$")  # tcp://HOST:PORT, tls://..., ucx://...


def dask_installed() -> bool:
    try:
        import distributed  # noqa: F401
    except ImportError:
        return False
    return True


def _quiet() -> None:
    """Dask logs each worker's start, stop and restart; a survey's output is its own lines."""
    for name in ("distributed", "dask", "tornado", "bokeh"):
        logging.getLogger(name).setLevel(logging.CRITICAL)


def check_address(scheduler: str) -> None:
    """A one-line error for what cannot be a scheduler's address, before anything starts."""
    if not ADDRESS.match(scheduler):
        raise SurveyError(_("--scheduler wants an address such as tcp://HOST:8786, not {address!r}").format(
            address=scheduler))


@contextmanager
def dask_client(jobs: int, scheduler: str | None = None) -> Iterator[Client]:
    """A client of the scheduler at ``scheduler``, or of a new local cluster of ``jobs`` worker
    processes (one thread each, no dashboard) closed on leaving."""
    from distributed import Client, LocalCluster

    _quiet()
    if scheduler is not None:
        check_address(scheduler)
        try:
            client = Client(scheduler, timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError, ValueError) as err:
            raise SurveyError(_("no Dask scheduler answers at {address}: {error}").format(
                address=scheduler, error=str(err).splitlines()[0] if str(err) else type(err).__name__)) from None
        with client:
            yield client
        return
    with deaf_to_ctrl_c():  # the workers are born ignoring Ctrl-C, which this process handles
        # No dashboard; the scheduler's HTTP server (health, metrics) always starts, so it gets any
        # free port on this machine only: a second survey at once would warn that 8787 is taken.
        cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, silence_logs=logging.CRITICAL,
                               dashboard_address="127.0.0.1:0", scheduler_kwargs={"dashboard": False})
    try:
        with Client(cluster) as client:
            yield client
    finally:
        cluster.close()


def worker_count(client: Client) -> int:
    """Threads the cluster has: how many chunks it solves at once."""
    return max(1, sum(client.nthreads().values()))


def on_dask(client: Client) -> Runner:
    """A runner on ``client``'s cluster: chunks are submitted a few per worker at a time and their
    rows yielded as each finishes; leaving early (Ctrl-C) cancels what is still queued."""
    from distributed import as_completed

    def run(chunks: Iterator[Chunk], digest: Digest) -> Iterator[list[dict]]:
        submitted: list[Any] = []

        def submit(chunk: Chunk) -> Any:
            submitted.append(client.submit(solve_chunk, chunk, digest, retries=RETRIES, pure=False))
            return submitted[-1]

        futures = [submit(chunk) for chunk in islice(chunks, IN_FLIGHT_PER_WORKER * worker_count(client))]
        pending = as_completed(futures)
        try:
            for future in pending:
                try:
                    rows = future.result()
                except Exception as err:  # noqa: BLE001  (any error raised on a worker, or KilledWorker): one line
                    raise SurveyError(_("a chunk failed on the cluster: {error}").format(
                        error=f"{type(err).__name__}: {err}")) from None
                future.release()
                for chunk in islice(chunks, 1):
                    pending.add(submit(chunk))
                yield rows
        finally:
            client.cancel([future for future in submitted if not future.done()])

    return run
