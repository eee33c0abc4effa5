"""What both kinds of batch output share: the records read back, the file rules, durable writes.

Only regular files are read or written: a FIFO, a device such as ``/dev/full``, or a directory is
refused in one line, a FIFO without waiting for a writer (:func:`open_for_writing`,
:func:`open_for_reading`). A file opened for writing is locked, so that one run writes it at a
time (a second one is refused). A write is held safe from Ctrl+C until it is complete
(:func:`interrupts_deferred`), and a new file's name is made durable with its directory
(:func:`fsync_directory`).
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import threading
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import IO, Any, Protocol

from gridlogic.batch.plan import BatchSpec, SeedOutcome
from gridlogic.errors import GridlogicError


@dataclass(frozen=True)
class BatchRecord:
    """A puzzle or a recorded failure as read back from an output file."""

    seed: str
    puzzle: dict[str, Any] | None
    failure: str | None
    version: int | None
    where: str  # "line 7" or "row 3", for messages


@dataclass
class FileBatch:
    """One batch as read back from an output file: its settings and its records."""

    game: str
    size: int | str
    difficulty: str
    version: int
    seed_prefix: str
    records: list[BatchRecord]


class BatchOutput(Protocol):
    """An open batch output (:class:`~.jsonl.JsonlOutput` or :class:`~.sqlite.SqliteOutput`)."""

    path: str
    seed_prefix: str | None
    present: set[str]
    failed: set[str]
    levels: Counter[str]
    notes: list[str]

    def write_chunk(self, spec: BatchSpec, version: int, outcomes: Sequence[SeedOutcome]) -> None: ...

    def close(self) -> None: ...


class OutputState:
    """What both outputs know of their file: which seeds it holds, failed ones, levels, notes."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.notes: list[str] = []
        self.present: set[str] = set()
        self.failed: set[str] = set()
        self.levels: Counter[str] = Counter()
        self.created = False  # whether this run made the file

    def remember(self, outcomes: Sequence[SeedOutcome]) -> None:
        """Count ``outcomes``, just written, as held by the file."""
        for outcome in outcomes:
            self.present.add(outcome.seed)
            if outcome.puzzle is None:
                self.failed.add(outcome.seed)
            else:
                self.levels[outcome.level or ""] += 1

    def remove_if_unwritten(self, empty: bool) -> None:
        """Remove the file, ``empty`` when it was closed, if this run made it and wrote nothing to it."""
        if self.created and empty:
            with contextlib.suppress(OSError):
                os.unlink(self.path)


def _lock(descriptor: int, path: str) -> None:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX: no advisory lock to take
        return
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise GridlogicError(f"{path!r} is being written by another batch run; wait for it to end") from None


_FILE_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
               (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
               (stat.S_ISSOCK, "a socket"))


def refuse_special_file(mode: int, path: str) -> None:
    """A GridlogicError unless ``mode`` (an ``os.stat`` result's) is a regular file's."""
    if not stat.S_ISREG(mode):
        kind = next((name for test, name in _FILE_KINDS if test(mode)), "not a regular file")
        raise GridlogicError(f"{path!r} is {kind}, not a regular file; a batch file is a regular file")


def open_for_writing(path: str) -> tuple[int, bool]:
    existed = os.path.exists(path)
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer before it can be refused.
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_NONBLOCK, 0o644)
    except OSError as error:
        raise GridlogicError(f"cannot write {path!r}: {error.strerror or error}") from None
    try:
        refuse_special_file(os.fstat(descriptor).st_mode, path)
        os.set_blocking(descriptor, True)
        _lock(descriptor, path)
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor, not existed


def fsync_directory(path: str) -> None:
    # A new file's name is durable only once its directory is.
    with contextlib.suppress(OSError):
        descriptor = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def open_for_reading(path: str) -> IO[bytes]:
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a FIFO is refused, not waited on
    except FileNotFoundError:
        raise GridlogicError(f"cannot read {path!r}: no such file") from None
    except OSError as error:
        raise GridlogicError(f"cannot read {path!r}: {error.strerror or error}") from None
    try:
        refuse_special_file(os.fstat(descriptor).st_mode, path)
        os.set_blocking(descriptor, True)
    except BaseException:
        os.close(descriptor)
        raise
    return os.fdopen(descriptor, "rb")


@contextlib.contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Hold a Ctrl+C back until a write is complete (a torn write is still survived, just avoided)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: received.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if received and callable(previous):
            previous(signal.SIGINT, None)


def describe_batch(game: str, size: int | str, difficulty: str) -> str:
    return f"{game} size {size} difficulty {difficulty}"
