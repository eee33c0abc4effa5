"""A batch in a JSON lines file (``.jsonl``): appended to one chunk at a time, read one line at a time.

The first line is a header
``{"gridlogicBatch": 1, "game", "size", "difficulty", "version", "seedPrefix"}`` (``size`` is the
board key: the side of a square board without options, else the board field of a puzzle ID such as
``"7x5w"``);
every puzzle is one line holding exactly its ``to_dict()``; a seed that
failed is one line ``{"failedSeed", "message", "version"}``. Lines of a chunk
are in seed order, chunks in the order they finished. A file holds one batch.

A chunk is written in one piece, ``os.write`` on an ``O_APPEND`` descriptor, then ``fsync``. A
last line without its newline can only come from a write cut short by a crash; that tail is
truncated away on resume and the run says so (its seed is simply generated again). Any other
unreadable line is refused, never "repaired". A file is taken only when it is empty or starts
with a batch header line (or, cut by a crash in the first write, with the beginning of one:
:data:`HEADER_OPENING`), so ``{"important": 1}`` without a newline is refused, not taken for a
torn line; and no line longer than :data:`MAX_LINE_BYTES` is read (a puzzle is a few kB), so a
huge file that is not a batch costs no more than that to refuse.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import IO, Any

from gridlogic.batch.outputs.files import (
    BatchRecord,
    FileBatch,
    OutputState,
    describe_batch,
    fsync_directory,
    interrupts_deferred,
    open_for_writing,
)
from gridlogic.batch.plan import BatchSpec, SeedOutcome
from gridlogic.errors import GridlogicError
from gridlogic.game import game_named
from gridlogic.params import NotJson, parse_json

JSONL_FORMAT = 1  # the "gridlogicBatch" value of the JSON lines header
# How every header line this module writes begins (json.dumps keeps the keys' order).
HEADER_OPENING = b'{"gridlogicBatch":%d,"game":' % JSONL_FORMAT
MAX_LINE_BYTES = 1 << 20  # a puzzle's line is a few kB: a longer line is no batch line


def _json_line(value: dict[str, Any]) -> bytes:
    return (json.dumps(value, separators=(",", ":")) + "\n").encode("ascii")


@dataclass
class JsonlContents:
    header: dict[str, Any] | None
    records: list[BatchRecord]
    complete_bytes: int  # length of the part made of whole lines
    partial_bytes: int  # length of a trailing line without its newline (a torn write)


def _lines(handle: IO[bytes], path: str) -> Iterator[tuple[int, bytes]]:
    """Each line of the file from its start, with its newline (the last one may lack it)."""
    handle.seek(0)
    number = 0
    while raw := handle.readline(MAX_LINE_BYTES + 1):
        number += 1
        if len(raw) > MAX_LINE_BYTES:
            if number == 1:
                raise _not_a_batch_file(path)
            raise GridlogicError(
                f"line {number} of {path!r} is longer than {MAX_LINE_BYTES} bytes, so it is no batch line; "
                "the file is damaged"
            )
        yield number, raw


def _not_a_batch_file(path: str) -> GridlogicError:
    return GridlogicError(
        f"{path!r} is not a gridlogic batch file (its first line is not a batch header); it is left "
        "untouched, choose another output file"
    )


def read_jsonl(handle: IO[bytes], path: str) -> JsonlContents:
    """Every record of a batch file; a torn last line is measured, anything else unreadable refused.

    A first line without its newline is torn only when it agrees with the opening every header
    line has (:data:`HEADER_OPENING`); anything else there means the file is not a batch file.
    """
    header: dict[str, Any] | None = None
    records: list[BatchRecord] = []
    offset = 0
    for number, raw in _lines(handle, path):
        if not raw.endswith(b"\n"):
            if number == 1 and not (raw.startswith(HEADER_OPENING) or HEADER_OPENING.startswith(raw)):
                raise _not_a_batch_file(path)
            return JsonlContents(header, records, offset, len(raw))
        offset += len(raw)
        if number == 1:
            header = _parse_header(raw, path)
            continue
        try:
            value = parse_json(raw, "the line")
        except NotJson as error:
            raise GridlogicError(
                f"line {number} of {path!r} is not JSON ({error.reason}); the file is damaged"
            ) from None
        records.append(_parse_record(value, path, number))
    return JsonlContents(header, records, offset, 0)


def _parse_header(raw: bytes, path: str) -> dict[str, Any]:
    fields: dict[str, tuple[type, ...]] = {
        "game": (str,), "size": (int, str), "difficulty": (str,), "version": (int,), "seedPrefix": (str,),
    }
    try:
        value = parse_json(raw, "the line")
    except NotJson:
        raise _not_a_batch_file(path) from None
    if (
        not isinstance(value, dict)
        or value.get("gridlogicBatch") != JSONL_FORMAT
        or any(type(value.get(name)) not in kinds for name, kinds in fields.items())  # a bool is no int
    ):
        raise _not_a_batch_file(path)
    return value


def _parse_record(value: Any, path: str, number: int) -> BatchRecord:
    if isinstance(value, dict) and isinstance(value.get("failedSeed"), str):
        return BatchRecord(
            value["failedSeed"], None, str(value.get("message", "")), value.get("version"), f"line {number}"
        )
    if isinstance(value, dict) and isinstance(value.get("seed"), str):
        return BatchRecord(value["seed"], value, None, value.get("version"), f"line {number}")
    raise GridlogicError(f"line {number} of {path!r} is neither a puzzle nor a failure record")


class JsonlOutput(OutputState):
    """A JSON lines batch file, appended to one chunk at a time."""

    def __init__(
        self, path: str, game: str, size: int | str, difficulty: str, version: int, seed_prefix: str | None
    ) -> None:
        super().__init__(path)
        self.written = False
        descriptor, self.created = open_for_writing(path)
        # Read through a buffered reader; write with os.write on the same (O_APPEND) descriptor,
        # so that no buffer can hold half a chunk back and write it later.
        self.descriptor = descriptor
        self.handle = os.fdopen(descriptor, "rb")
        try:
            self._read_existing(game, size, difficulty, version, seed_prefix)
        except BaseException:
            self.handle.close()
            raise

    def _read_existing(
        self, game: str, size: int | str, difficulty: str, version: int, seed_prefix: str | None
    ) -> None:
        contents = read_jsonl(self.handle, self.path)
        if contents.partial_bytes:
            # A line without its newline can only come from a write cut short: drop it, say so.
            os.ftruncate(self.descriptor, contents.complete_bytes)
            os.fsync(self.descriptor)
            self.notes.append(
                f"removed an incomplete last line ({contents.partial_bytes} bytes) left by an "
                "interrupted run; its seed will be generated again"
            )
        header = contents.header
        self.seed_prefix = seed_prefix
        self.header_written = header is not None
        if header is None:
            return
        wanted = describe_batch(game, size, difficulty)
        found = describe_batch(header["game"], header["size"], header["difficulty"])
        if wanted != found:
            raise GridlogicError(f"{self.path!r} holds a batch of {found}, not {wanted}; choose another output file")
        if seed_prefix is not None and seed_prefix != header["seedPrefix"]:
            raise GridlogicError(
                f"{self.path!r} holds the batch with seed prefix {header['seedPrefix']!r}, "
                f"not {seed_prefix!r}; choose another output file or that prefix"
            )
        if header["version"] != version:
            raise GridlogicError(
                f"{self.path!r} was made by {game} generator version {header['version']}, and this batch "
                f"is version {version}; a batch cannot mix versions, choose another output file"
            )
        self.seed_prefix = header["seedPrefix"]
        level_of = game_named(game).level_of
        for record in contents.records:
            self.present.add(record.seed)
            if record.puzzle is None:
                self.failed.add(record.seed)
            else:
                self.levels[level_of(record.puzzle) or ""] += 1

    def write_chunk(self, spec: BatchSpec, version: int, outcomes: Sequence[SeedOutcome]) -> None:
        lines = []
        if not self.header_written:
            lines.append(
                _json_line(
                    {
                        "gridlogicBatch": JSONL_FORMAT,
                        "game": spec.game,
                        "size": spec.size,
                        "difficulty": spec.difficulty,
                        "version": version,
                        "seedPrefix": spec.seed_prefix,
                    }
                )
            )
        for outcome in outcomes:
            if outcome.puzzle is not None:
                if outcome.puzzle.get("seed") != outcome.seed:
                    # Resume and --verify find a puzzle line's seed inside its JSON.
                    raise GridlogicError(
                        f"the {spec.game} puzzle of seed {outcome.seed!r} does not carry its seed in its "
                        "JSON, so it cannot go to a JSON lines batch; use an .sqlite file"
                    )
                lines.append(_json_line(outcome.puzzle))
            else:
                lines.append(
                    _json_line({"failedSeed": outcome.seed, "message": outcome.failure, "version": version})
                )
        try:
            with interrupts_deferred():
                data = memoryview(b"".join(lines))
                while data:
                    data = data[os.write(self.descriptor, data):]
                os.fsync(self.descriptor)
        except OSError as error:  # a disk full: what did get written is a torn line, removed on resume
            raise GridlogicError(f"cannot write {self.path!r}: {error.strerror or error}") from None
        if not self.written and self.created:
            fsync_directory(self.path)
        self.header_written = self.written = True
        self.remember(outcomes)

    def close(self) -> None:
        empty = os.fstat(self.descriptor).st_size == 0
        self.handle.close()
        self.remove_if_unwritten(empty)


def read_jsonl_batches(handle: IO[bytes], path: str) -> tuple[list[FileBatch], list[str]]:
    """The batch of a JSON lines file, read-only, and problems with the file itself."""
    contents = read_jsonl(handle, path)
    problems = []
    if contents.partial_bytes:
        problems.append(
            f"the last line is incomplete ({contents.partial_bytes} bytes, from an interrupted run); "
            "running the batch command again removes it"
        )
    if contents.header is None:
        return [], problems + ["the file holds no batch"]
    header = contents.header
    batch = FileBatch(
        header["game"], header["size"], header["difficulty"], header["version"],
        header["seedPrefix"], contents.records,
    )
    return [batch], problems
