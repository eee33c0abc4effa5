"""Running a batch: the workers generate chunks of seeds, the parent writes them and counts them.

In a worker, :func:`generate_chunk` (a top-level function: it travels to
the worker by name) generates its seeds one after another. A seed whose
generator gives up (``GenerationFailed``) becomes a recorded failure; any
other exception is an engine bug and stops the batch with one line naming
the seed. The chunk carries the generator version of the worker's
gridlogic, so that a worker with another one is caught before anything of
it is written.

In the parent, :func:`run_batch` skips the seeds the output already holds,
sends the others out through :func:`~gridlogic.batch.executors.run_chunks`,
and writes each finished chunk (its seeds in order) before the progress
display counts it: what the summary says is in the file is in the file. A
Ctrl+C ends the run, never between writing a chunk and counting it, with
``interrupted`` set.
"""

from __future__ import annotations

import time
from collections import Counter, deque
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from typing import Any

from gridlogic.batch.executors import run_chunks
from gridlogic.batch.outputs import BatchOutput, interrupts_deferred
from gridlogic.batch.plan import CHUNK_SECONDS, BatchSpec, SeedOutcome
from gridlogic.batch.progress import Progress
from gridlogic.errors import GenerationFailed, GridlogicError, InvalidParameters
from gridlogic.game import game_named


@dataclass(frozen=True)
class ChunkOutcome:
    version: int
    outcomes: tuple[SeedOutcome, ...]


def generate_chunk(
    game_name: str, size: int | str, difficulty: str, seeds: Sequence[tuple[int, str]], version: int | None = None
) -> ChunkOutcome:
    """Generate the puzzles of ``seeds`` (pairs of index and seed) on board ``size`` (a board key),
    one after another."""
    game = game_named(game_name)
    version = game.latest if version is None else version
    board, options = game.board_of(size, version)
    outcomes = []
    for index, seed in seeds:
        start = time.perf_counter()
        puzzle: dict[str, Any] | None = None
        failure: str | None = None
        level: str | None = None
        try:
            made = game.generate(board, seed, difficulty, version=version, **options)
            puzzle, level = made.to_dict(), made.level
        except GenerationFailed as error:
            failure = str(error) or type(error).__name__
        except InvalidParameters:
            raise
        except Exception as error:  # noqa: BLE001 - an engine bug: stop the batch, naming the seed
            raise GridlogicError(
                f"seed {seed!r} crashed the {game_name} generator: {type(error).__name__}: {error}"
            ) from None
        outcomes.append(SeedOutcome(index, seed, puzzle, failure, time.perf_counter() - start, level))
    return ChunkOutcome(version, tuple(outcomes))


@dataclass
class BatchSummary:
    spec: BatchSpec
    path: str
    already: int  # seeds already in the output when the run started
    generated: int  # puzzles written by this run
    failed: int  # failures written by this run
    failures_total: int  # failures in the output at the end
    seconds: float
    levels: Counter[str] = field(default_factory=Counter)
    interrupted: bool = False

    @property
    def rate(self) -> float:
        return self.generated / self.seconds if self.seconds > 0 else 0.0

    @property
    def in_output(self) -> int:
        return self.already + self.generated + self.failed


def run_batch(
    spec: BatchSpec,
    output: BatchOutput,
    executor: Executor,
    workers: int,
    *,
    progress: Progress | None = None,
    chunk_seconds: float = CHUNK_SECONDS,
    chunk_size: int | None = None,
    work: Callable[..., ChunkOutcome] = generate_chunk,
    version: int | None = None,
) -> BatchSummary:
    """Generate every seed of ``spec`` not yet in ``output``; a Ctrl+C ends it with ``interrupted``.

    ``chunk_size`` fixes the chunk size (benchmarks); ``work`` and ``version``
    replace the generator for tests of the bookkeeping alone.
    """
    if version is None:
        version = spec.generator_version
    already = sum(1 for i in range(spec.count) if spec.seed(i) in output.present)
    pending = deque(i for i in range(spec.count) if spec.seed(i) not in output.present)
    summary = BatchSummary(spec, output.path, already, 0, 0, 0, 0.0)

    def submit(indices: list[int]) -> Future[Any]:
        seeds = [(i, spec.seed(i)) for i in indices]
        return executor.submit(work, spec.game, spec.size, spec.difficulty, seeds, spec.generator_version)

    def finish(indices: list[int], chunk: ChunkOutcome) -> float:
        if chunk.version != version:
            raise GridlogicError(
                f"a worker generated {spec.game} version {chunk.version}, but this batch is "
                f"version {version}; every worker needs the same gridlogic"
            )
        outcomes = sorted(chunk.outcomes, key=lambda o: o.index)
        with interrupts_deferred():  # a written chunk is also a counted one
            output.write_chunk(spec, version, outcomes)
            summary.failed += sum(1 for o in outcomes if o.puzzle is None)
            summary.generated += sum(1 for o in outcomes if o.puzzle is not None)
        if progress:
            progress.update(summary.generated + summary.failed, summary.failed)
        return sum(o.seconds for o in outcomes)

    start = time.perf_counter()
    try:
        run_chunks(workers, pending, submit, finish, spec.seed, chunk_seconds, chunk_size)
    except KeyboardInterrupt:
        summary.interrupted = True
    finally:
        summary.seconds = time.perf_counter() - start
        if progress:
            progress.close()
    summary.failures_total = sum(1 for i in range(spec.count) if spec.seed(i) in output.failed)
    summary.levels = Counter(output.levels)
    return summary
