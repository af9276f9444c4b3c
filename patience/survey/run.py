"""Running a survey: the deals still missing from the results file, in chunks, solved by workers
(a Dask cluster, local processes, or this process), each chunk written in one transaction as it
comes back. A stop at any moment loses only the chunks in flight; running again solves only what
is missing."""

from __future__ import annotations

import math
import multiprocessing
import os
import platform
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from ..ruleset.registry import find_ruleset
from ..solver.batch import solve_deal
from ..solver.beside import deaf_to_ctrl_c, ignore_ctrl_c
from ..solver.search import SOLVED, UNKNOWN, UNSOLVABLE
from .store import NO_LIMIT, SurveyFile, SurveyKey

if TYPE_CHECKING:
    from ..ruleset.model import Ruleset

Digest = Callable[["Ruleset"], str]  # the rules' digest; passed in, since it is the CLI's (catalogue)
CHUNKS_PER_WORKER = 8  # chunks each worker gets over a survey, at least: a slow chunk delays little
MOST_PER_CHUNK = 25  # deals: what a stop or a lost worker may cost at most per chunk in flight


@dataclass(frozen=True)
class Chunk:
    """The task a worker is given: deals of one game, solved one after another."""

    game: str  # a name or a path the worker's patience resolves to the same rules
    deals: tuple[int, ...]
    key: SurveyKey
    memory: int | None = None  # bytes for the compiled core a deal (None: solve()'s default)


class OtherRules(Exception):
    """A worker resolved the game to other rules than this survey's (another patience version)."""


def machine(memory: int | None = None) -> str:
    """Where a deal was solved, for the table's "machine" column: with the memory the core had
    when not solve()'s default, since a deal left unknown at `max memory` may be decided with more."""
    cpu = platform.processor() or platform.machine()
    where = f"{platform.system()} {cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"
    if memory is None:
        return where
    size = f"{memory / (1 << 30):g} GiB" if memory >= 1 << 30 else f"{memory / (1 << 20):g} MiB"
    return f"{where}, {size} a deal"


def solve_chunk(chunk: Chunk, digest: Digest) -> list[dict]:
    """Solve a chunk's deals (in a worker): the rows to store. Top level, so any worker can
    unpickle it; it refuses to solve rules other than the survey's."""
    ruleset = find_ruleset(chunk.game)
    if digest(ruleset) != chunk.key.rules:
        raise OtherRules(f"{platform.node()}: {chunk.game} has rules {digest(ruleset)}, not {chunk.key.rules}")
    key, here = chunk.key, machine(chunk.memory)
    budget = None if key.max_states == NO_LIMIT else key.max_states
    rows = []
    for deal in chunk.deals:
        result = solve_deal((chunk.game, deal, key.timeout, budget, 1, chunk.memory, None), shorter=False)  # winnability, not a line to follow
        moves = result.get("moves") or []
        rows.append({
            "ruleset": key.ruleset, "rules": key.rules, "solver": key.solver, "deal": deal,
            "timeout": key.timeout, "max_states": key.max_states, "status": result["status"],
            "reason": result["reason"], "states": result["states"], "seconds": result["seconds"],
            "length": len(moves) if result["status"] == SOLVED else None,
            "moves": " ".join(moves) if result["status"] == SOLVED else None,
            "engine": result.get("engine"), "engine_reason": result.get("engine_reason"),
            "machine": here, "finished": datetime.now(UTC).isoformat(timespec="seconds"),
        })
    return rows


def chunk_size(missing: int, workers: int) -> int:
    """Deals per chunk: enough chunks that each worker gets several, none larger than
    MOST_PER_CHUNK."""
    return max(1, min(MOST_PER_CHUNK, math.ceil(missing / (max(1, workers) * CHUNKS_PER_WORKER))))


def chunks_of(game: str, key: SurveyKey, deals: Iterable[int], size: int,
              memory: int | None = None) -> Iterator[Chunk]:
    batch: list[int] = []
    for deal in deals:
        batch.append(deal)
        if len(batch) == size:
            yield Chunk(game, tuple(batch), key, memory)
            batch = []
    if batch:
        yield Chunk(game, tuple(batch), key, memory)


@dataclass
class Tally:
    """How the survey stands, for the live line: this run's deals and the file's."""

    total: int  # deals in the range
    done: int  # with a row, from earlier runs too
    started: float = field(default_factory=time.monotonic)
    solved_now: int = 0  # rows this run wrote
    counts: dict[str, int] = field(default_factory=lambda: {SOLVED: 0, UNSOLVABLE: 0, UNKNOWN: 0})

    def add(self, new: list[dict]) -> None:
        """Count the rows a chunk added (not those another survey of the same file wrote first)."""
        self.done += len(new)
        self.solved_now += len(new)
        for row in new:
            self.counts[row["status"]] += 1

    def rate(self) -> float:
        """Deals per second in this run."""
        elapsed = time.monotonic() - self.started
        return self.solved_now / elapsed if elapsed > 0 else 0.0

    def seconds_left(self) -> float | None:
        rate = self.rate()
        return (self.total - self.done) / rate if rate > 0 else None


Progress = Callable[[Tally], None]
Runner = Callable[[Iterator[Chunk], Digest], Iterator[list[dict]]]  # rows of each chunk, as chunks finish


def in_this_process(chunks: Iterator[Chunk], digest: Digest) -> Iterator[list[dict]]:
    for chunk in chunks:
        yield solve_chunk(chunk, digest)


def survey(results: SurveyFile, game: str, key: SurveyKey, deals: range, digest: Digest, runner: Runner,
           workers: int, chunk: int | None = None, progress: Progress | None = None,
           memory: int | None = None) -> Tally:
    """Solve the deals of ``deals`` that ``results`` has no row for under ``key``, with
    ``runner``, the compiled core given ``memory`` bytes a deal (None: solve()'s default); each
    chunk's rows are written as it finishes. The tally of the range."""
    have = results.done_deals(key, deals)
    missing = [deal for deal in deals if deal not in have]
    tally = Tally(total=len(deals), done=len(have))
    tally.counts.update(results.counts(key, deals))
    if progress is not None:
        progress(tally)
    size = chunk or chunk_size(len(missing), workers)
    for rows in runner(chunks_of(game, key, missing, size, memory), digest):
        tally.add(results.add(rows))
        if progress is not None:
            progress(tally)
    return tally



def _solve_packed(task: tuple[Chunk, Digest]) -> list[dict]:
    return solve_chunk(*task)


def on_local_processes(jobs: int) -> Runner:
    """A runner on ``jobs`` local processes (spawned, as `solver.batch` does, and deaf to Ctrl-C,
    which only this process handles: the pool is terminated as it passes); chunks come back in
    the order they finish. One job solves in this process."""
    if jobs <= 1:
        return in_this_process

    def run(chunks: Iterator[Chunk], digest: Digest) -> Iterator[list[dict]]:
        with deaf_to_ctrl_c():
            pool = multiprocessing.get_context("spawn").Pool(jobs, initializer=ignore_ctrl_c)
        with pool:  # leaving it (Ctrl-C, an error) terminates the workers
            yield from pool.imap_unordered(_solve_packed, ((chunk, digest) for chunk in chunks))

    return run
