"""Where a batch's puzzles go: JSON lines and SQLite files, resumable, locked and durable.

These are a batch run's output files, read and written with the standard library alone; the
server's play records are another thing, :mod:`gridlogic.store`. One module per kind of file:

``files``  what both share: the records read back, regular files only, the lock, durable writes
``jsonl``  a JSON lines file (``.jsonl``): its format, its torn last line
``sqlite`` an SQLite file (``.sqlite``, ``.sqlite3``, ``.db``): its catalog and tables

Opening an output (:func:`open_output`) locks its file, so that one run writes
it at a time (a second one is refused), and reads the seeds it already holds,
puzzles and recorded failures alike: the run skips those, which is all
"resume" means. A batch never mixes generator versions: a file whose batch has
another version is refused.

**Never destroy what is not ours.** An output resumes only a file that is
empty or starts with its own header, and refuses anything else with the
reason, leaving it untouched. Only regular files are read or written, and a
JSON lines file is read one bounded line at a time, so a huge file that is
not a batch costs little to refuse.

Each finished chunk is written in one piece and made durable, with Ctrl+C
held back until it is (:func:`~.files.interrupts_deferred`). A kill at any
moment therefore loses at most the chunks in flight. A file that a run
created and never wrote to is removed when the output closes.

:func:`read_batches` reads either kind of file without changing it, for
``--verify``.
"""

from __future__ import annotations

from gridlogic.batch.outputs.files import (
    BatchOutput,
    BatchRecord,
    FileBatch,
    interrupts_deferred,
    open_for_reading,
)
from gridlogic.batch.outputs.jsonl import JsonlOutput, read_jsonl_batches
from gridlogic.batch.outputs.sqlite import SqliteOutput, check_sqlite_header, read_sqlite_batches
from gridlogic.errors import GridlogicError, InvalidParameters

JSONL_SUFFIXES = (".jsonl",)
SQLITE_SUFFIXES = (".sqlite", ".sqlite3", ".db")


def output_kind(path: str) -> str:
    """``"jsonl"`` or ``"sqlite"``, by the file name's ending; any other name is refused."""
    lowered = path.lower()
    if lowered.endswith(JSONL_SUFFIXES):
        return "jsonl"
    if lowered.endswith(SQLITE_SUFFIXES):
        return "sqlite"
    raise InvalidParameters(
        f"file name {path!r} is not allowed; a batch file's name ends in .jsonl (JSON lines) "
        "or .sqlite (SQLite; .sqlite3 and .db also work)"
    )


def open_output(
    path: str, game: str, size: int | str, difficulty: str, version: int, seed_prefix: str | None
) -> BatchOutput:
    """Open (create, lock, read) the output of a batch; ``seed_prefix=None`` adopts the file's."""
    if output_kind(path) == "jsonl":
        return JsonlOutput(path, game, size, difficulty, version, seed_prefix)
    return SqliteOutput(path, game, size, difficulty, version, seed_prefix)


def read_batches(path: str) -> tuple[list[FileBatch], list[str]]:
    """Every batch in a JSON lines or SQLite file, read-only, and problems with the file itself."""
    kind = output_kind(path)
    try:
        with open_for_reading(path) as handle:
            if kind == "jsonl":
                return read_jsonl_batches(handle, path)
            check_sqlite_header(handle.fileno(), path)
    except OSError as error:
        raise GridlogicError(f"cannot read {path!r}: {error.strerror or error}") from None
    return read_sqlite_batches(path)


__all__ = [
    "BatchOutput", "BatchRecord", "FileBatch", "JsonlOutput", "SqliteOutput", "interrupts_deferred",
    "open_output", "output_kind", "read_batches",
]
