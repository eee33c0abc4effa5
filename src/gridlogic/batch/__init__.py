"""Batch generation: many puzzles from one seed prefix, resumable, on local cores or a Dask cluster.

A *batch* is a game, a generator version, a size, a difficulty and a seed
prefix ``P``; its puzzles are those of the seeds ``P-0``, ``P-1``, ...,
``P-(K-1)``. ``generate(size, seed, difficulty, version=...)`` is a pure
function of its arguments, so a batch is nothing more than that list of seeds: any puzzle of it
can be made again alone (``gridlogic GAME generate --seed P-17``, or from its
puzzle ID), in any
order, on any machine, and the output does not depend on how the work was
split. Everything below leans on that.

How a run goes
--------------
1. The output is opened and locked (one writer at a time) and the seeds it
   already holds, puzzles and recorded failures alike, are skipped, which is
   all "resume" means (:mod:`~gridlogic.batch.outputs`).
2. The remaining seeds go out in chunks to a :mod:`concurrent.futures`
   executor, a local process pool or ``dask.distributed``, at most two chunks
   per worker in flight (:mod:`~gridlogic.batch.executors`); a chunk carries
   about a quarter of a second of work (:mod:`~gridlogic.batch.plan`).
3. Each finished chunk is written in one piece and made durable before the
   progress display counts it (:mod:`~gridlogic.batch.generate`). A kill at
   any moment therefore loses at most the chunks in flight.

``--verify`` reads a file without changing it, sends its records out in
chunks the same way, and regenerates and re-solves each one
(:mod:`~gridlogic.batch.verify`).

A game is reached only through :data:`gridlogic.GAMES` (its ``Game`` record:
``spec`` checks a request, ``generate``, ``from_dict`` and ``verify``).

The modules, each using only those above it:

``plan``       the batch spec, its seeds, what one seed gives, chunk sizes
``progress``   the progress display on standard error
``outputs``    the JSON lines and SQLite files: resume, locking, durability
``executors``  the local process pool, Dask, and the chunk scheduler
``generate``   a batch run: chunks generated in the workers, written by the parent
``verify``     ``--verify``

Only the standard library is imported here; ``dask.distributed`` is imported
when an address is given.
"""

from __future__ import annotations

from gridlogic.batch.executors import (
    ExecutorChoice,
    check_jobs,
    open_executor,
    parse_executor,
)
from gridlogic.batch.generate import BatchSummary, ChunkOutcome, generate_chunk, run_batch
from gridlogic.batch.outputs import (
    BatchOutput,
    BatchRecord,
    FileBatch,
    open_output,
    output_kind,
    read_batches,
)
from gridlogic.batch.plan import (
    CHUNK_SECONDS,
    MAX_CHUNK,
    BatchSpec,
    SeedOutcome,
    check_request,
    check_seed_prefix,
    default_seed_prefix,
    next_chunk_size,
)
from gridlogic.batch.progress import Progress
from gridlogic.batch.verify import BatchReport, RecordCheck, VerifyReport, verify_chunk, verify_file

__all__ = [
    "CHUNK_SECONDS", "MAX_CHUNK", "BatchOutput", "BatchRecord", "BatchReport", "BatchSpec", "BatchSummary",
    "ChunkOutcome", "ExecutorChoice", "FileBatch", "Progress", "RecordCheck", "SeedOutcome", "VerifyReport",
    "check_jobs", "check_request", "check_seed_prefix", "default_seed_prefix", "generate_chunk",
    "next_chunk_size", "open_executor", "open_output", "output_kind", "parse_executor", "read_batches",
    "run_batch", "verify_chunk", "verify_file",
]
