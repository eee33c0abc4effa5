"""``--verify``: regenerate and re-solve every record of a batch file, without changing the file.

:func:`verify_file` reads the file (:func:`~gridlogic.batch.outputs.read_batches`),
sends its records out in chunks the same way a batch sends its seeds, and
:func:`verify_chunk` checks each one on a worker: it regenerates the puzzle
from its seed (it must equal the stored JSON, field for field, and a recorded
failure must fail again) and re-solves the stored givens from scratch with
the game's ``verify`` (exactly one solution, equal to the stored answer).

What cannot be checked is reported, not skipped silently: a batch of a
generator version this gridlogic does not have cannot be regenerated and says so, and so does a batch of
a game, size or difficulty this gridlogic does not offer; a seed stored twice
and a record whose version differs from its batch's are discrepancies too,
as are problems with the file itself (a torn last line, a failed SQLite
integrity check).
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from typing import IO, Any

from gridlogic.batch.executors import run_chunks
from gridlogic.batch.outputs import BatchRecord, FileBatch, read_batches
from gridlogic.batch.plan import CHUNK_SECONDS, check_request
from gridlogic.batch.progress import Progress
from gridlogic.errors import GenerationFailed, GridlogicError, InvalidParameters
from gridlogic.game import game_named


@dataclass(frozen=True)
class RecordCheck:
    """What ``--verify`` found for one record; ``problems`` is empty when all is well."""

    seed: str
    is_failure: bool
    regenerated_equal: bool | None
    unique: bool | None
    problems: tuple[str, ...]
    seconds: float


def verify_chunk(
    game_name: str, size: int | str, difficulty: str, records: Sequence[BatchRecord], version: int | None = None
) -> list[RecordCheck]:
    """Regenerate each record from its seed and compare; re-solve each stored puzzle from scratch."""
    game = game_named(game_name)
    board, options = game.board_of(size, version)
    checks = []
    for record in records:
        start = time.perf_counter()
        problems: list[str] = []
        try:
            made = game.generate(board, record.seed, difficulty, version=version, **options)
            fresh: dict[str, Any] | None = made.to_dict()
            fresh_failure = None
        except GenerationFailed as error:
            fresh, fresh_failure = None, str(error) or type(error).__name__
        except InvalidParameters as error:
            fresh, fresh_failure = None, None
            problems.append(f"cannot be regenerated: {error}")
        if record.puzzle is None:
            reproduced = fresh_failure is not None
            if fresh is not None:
                problems.append("recorded as a failure, but its seed now generates a puzzle")
            checks.append(
                RecordCheck(record.seed, True, reproduced, None, tuple(problems), time.perf_counter() - start)
            )
            continue
        equal = fresh is not None and fresh == record.puzzle
        if fresh_failure is not None:
            problems.append(f"regenerating it fails now: {fresh_failure}")
        elif fresh is not None and not equal:
            fields = sorted(
                key for key in set(fresh) | set(record.puzzle) if fresh.get(key) != record.puzzle.get(key)
            )
            problems.append(f"differs from a fresh generation in {', '.join(fields)}")
        try:
            unique = game.verify(game.from_dict(record.puzzle))
        except GridlogicError as error:
            unique = False
            problems.append(f"the stored puzzle does not load: {error}")
        else:
            if not unique:
                problems.append("re-solving its givens does not give exactly one solution equal to its answer")
        checks.append(
            RecordCheck(record.seed, False, equal, unique, tuple(problems), time.perf_counter() - start)
        )
    return checks


@dataclass
class BatchReport:
    batch: FileBatch
    checks: list[RecordCheck] = field(default_factory=list)
    problems: list[tuple[str, str]] = field(default_factory=list)  # (seed or "-", what is wrong)


@dataclass
class VerifyReport:
    path: str
    batches: list[BatchReport]
    problems: list[str]  # about the file as a whole

    @property
    def discrepancies(self) -> int:
        return len(self.problems) + sum(len(b.problems) for b in self.batches)


def verify_file(
    path: str,
    executor: Executor,
    workers: int,
    *,
    progress_stream: IO[str] | None = None,
    chunk_seconds: float = CHUNK_SECONDS,
) -> VerifyReport:
    """Regenerate and re-solve every record of ``path`` on ``executor``; nothing is written."""
    batches, file_problems = read_batches(path)
    reports = [BatchReport(batch) for batch in batches]
    jobs: list[tuple[BatchReport, list[BatchRecord]]] = []
    for report in reports:
        batch = report.batch
        try:
            game = game_named(batch.game)
        except InvalidParameters as error:
            report.problems.append(("-", f"the batch cannot be checked: {error}"))
            continue
        if batch.version not in game.versions:
            known = ", ".join(map(str, sorted(game.versions)))
            report.problems.append(
                ("-", (f"made by {batch.game} generator version {batch.version}, but this gridlogic has "
                       f"version {known}: its {len(batch.records)} records cannot be regenerated"))
            )
            continue
        try:
            check_request(batch.game, batch.size, batch.difficulty, 1, None, batch.version)
        except InvalidParameters as error:
            report.problems.append(("-", f"the batch cannot be checked: {error}"))
            continue
        seen: set[str] = set()
        to_check = []
        for record in batch.records:
            if record.seed in seen:
                report.problems.append((record.seed, f"seed stored twice ({record.where})"))
                continue
            seen.add(record.seed)
            if record.version != batch.version:
                report.problems.append(
                    (record.seed, f"version {record.version!r} differs from its batch's {batch.version}")
                )
                continue
            to_check.append(record)
        jobs.append((report, to_check))
    total = sum(len(records) for _, records in jobs)
    progress = (
        Progress(total, 0, progress_stream, unit="records") if progress_stream is not None and total else None
    )
    done = failures = 0
    for report, records in jobs:

        def submit(part: list[BatchRecord], batch: FileBatch = report.batch) -> Future[Any]:
            return executor.submit(verify_chunk, batch.game, batch.size, batch.difficulty, part, batch.version)

        def finish(part: list[BatchRecord], checks: list[RecordCheck], report: BatchReport = report) -> float:
            nonlocal done, failures
            report.checks.extend(checks)
            for check in checks:
                report.problems.extend((check.seed, problem) for problem in check.problems)
            done += len(part)
            failures += sum(1 for c in checks if c.problems)
            if progress:
                progress.update(done, failures)
            return sum(c.seconds for c in checks)

        run_chunks(workers, deque(records), submit, finish, lambda record: record.seed, chunk_seconds)
    if progress:
        progress.close()
    return VerifyReport(path, reports, file_problems)
