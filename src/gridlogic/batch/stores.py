"""Where a batch's puzzles go: JSON lines and SQLite files, resumable, locked and durable.

Opening a store (:func:`open_store`) locks its file, so that one run writes
it at a time (a second one is refused), and reads the seeds it already holds,
puzzles and recorded failures alike: the run skips those, which is all
"resume" means. A JSON lines file whose last line has no newline was cut
short by a crash in the middle of a write; that tail is truncated away and
the run says so (its seed is simply generated again). Any other unreadable
line is refused, never "repaired". A batch never mixes generator versions: a
file whose batch has another version is refused.

**Never destroy what is not ours.** A store resumes only a file that is
empty or starts with its own header, and refuses anything else with the
reason, leaving it untouched: a JSON lines file must start with a batch
header line (or, cut by a crash in the first write, with the beginning of
one: ``{"gridlogicBatch":1,"game":``), an SQLite file with SQLite's own
header and a ``batches`` catalog. So ``{"important": 1}`` without a newline
is refused, not taken for a torn line. Only regular files are read or
written (a FIFO, a device such as ``/dev/full``, or a directory is refused
in one line), and a JSON lines file is read one line at a time, each line at
most :data:`MAX_LINE_BYTES` (a puzzle is a few kB), so a huge file that is
not a batch costs no more than that to refuse.

Each finished chunk is written in one piece and made durable (JSON lines:
``os.write`` on an ``O_APPEND`` descriptor, then ``fsync``; SQLite: one
transaction with ``synchronous=FULL``), with Ctrl+C held back until it is
(:func:`interrupts_deferred`). A kill at any moment therefore loses at most
the chunks in flight. A file that a run created and never wrote to is
removed when the store closes.

:func:`read_batches` reads either kind of file without changing it, for
``--verify``.

Output formats
--------------
JSON lines (``.jsonl``): the first line is a header
``{"gridlogicBatch": 1, "game", "size", "difficulty", "version", "seedPrefix"}`` (``size`` is the
board key: the side of a square board without options, else the board field of a puzzle ID such as
``"7x5w"``);
every puzzle is one line holding exactly its ``to_dict()``; a seed that
failed is one line ``{"failedSeed", "message", "version"}``. Lines of a chunk
are in seed order, chunks in the order they finished. A file holds one batch.

SQLite (``.sqlite``, ``.sqlite3``, ``.db``): a catalog table ``batches``
(``table_name``, game, size, difficulty, version, seed prefix, creation time)
and, per batch, a table ``<game>_<size>_<difficulty>_<prefix>`` with columns
``seed, seed_index, game, size, difficulty, version, level, puzzle`` (the
JSON), ``generation_seconds``, plus ``<that>_failures`` with ``seed,
seed_index, version, message, generation_seconds``. ``level`` is the
difficulty the generator reports for the puzzle (useful when asking for
"any"), or NULL for a game that grades none.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import re
import signal
import sqlite3
import stat
import threading
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import IO, Any, Protocol

from gridlogic.batch.plan import BatchSpec, SeedOutcome
from gridlogic.errors import GridlogicError, InvalidParameters
from gridlogic.game import game_named
from gridlogic.params import NotJson, parse_json

JSONL_FORMAT = 1  # the "gridlogicBatch" value of the JSON lines header
# How every header line this module writes begins (json.dumps keeps the keys' order).
HEADER_OPENING = b'{"gridlogicBatch":%d,"game":' % JSONL_FORMAT
MAX_LINE_BYTES = 1 << 20  # a puzzle's line is a few kB: a longer line is no batch line
SQLITE_HEADER = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite database
JSONL_SUFFIXES = (".jsonl",)
SQLITE_SUFFIXES = (".sqlite", ".sqlite3", ".db")


@dataclass(frozen=True)
class StoredRecord:
    """A puzzle or a recorded failure as read back from an output file."""

    seed: str
    puzzle: dict[str, Any] | None
    failure: str | None
    version: int | None
    where: str  # "line 7" or "row 3", for messages


class Store(Protocol):
    path: str
    seed_prefix: str | None
    present: set[str]
    failed: set[str]
    levels: Counter[str]
    notes: list[str]

    def write_chunk(self, spec: BatchSpec, version: int, outcomes: Sequence[SeedOutcome]) -> None: ...

    def close(self) -> None: ...


def store_kind(path: str) -> str:
    lowered = path.lower()
    if lowered.endswith(JSONL_SUFFIXES):
        return "jsonl"
    if lowered.endswith(SQLITE_SUFFIXES):
        return "sqlite"
    raise InvalidParameters(
        f"file name {path!r} is not allowed; a batch file's name ends in .jsonl (JSON lines) "
        "or .sqlite (SQLite; .sqlite3 and .db also work)"
    )


def open_store(
    path: str, game: str, size: int | str, difficulty: str, version: int, seed_prefix: str | None
) -> Store:
    """Open (create, lock, read) the output of a batch; ``seed_prefix=None`` adopts the file's."""
    if store_kind(path) == "jsonl":
        return JsonlStore(path, game, size, difficulty, version, seed_prefix)
    return SqliteStore(path, game, size, difficulty, version, seed_prefix)


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


def _open_for_writing(path: str) -> tuple[int, bool]:
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


def _fsync_directory(path: str) -> None:
    # A new file's name is durable only once its directory is.
    with contextlib.suppress(OSError):
        descriptor = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


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


def _describe_batch(game: str, size: int | str, difficulty: str) -> str:
    return f"{game} size {size} difficulty {difficulty}"


def _json_line(value: dict[str, Any]) -> bytes:
    return (json.dumps(value, separators=(",", ":")) + "\n").encode("ascii")


@dataclass
class JsonlContents:
    header: dict[str, Any] | None
    records: list[StoredRecord]
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
    records: list[StoredRecord] = []
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


def _parse_record(value: Any, path: str, number: int) -> StoredRecord:
    if isinstance(value, dict) and isinstance(value.get("failedSeed"), str):
        return StoredRecord(
            value["failedSeed"], None, str(value.get("message", "")), value.get("version"), f"line {number}"
        )
    if isinstance(value, dict) and isinstance(value.get("seed"), str):
        return StoredRecord(value["seed"], value, None, value.get("version"), f"line {number}")
    raise GridlogicError(f"line {number} of {path!r} is neither a puzzle nor a failure record")


class _StoreState:
    """What both stores know of their file: which seeds it holds, failed ones, levels, notes."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.notes: list[str] = []
        self.present: set[str] = set()
        self.failed: set[str] = set()
        self.levels: Counter[str] = Counter()


class JsonlStore(_StoreState):
    """A JSON lines batch file, appended to one chunk at a time."""

    def __init__(
        self, path: str, game: str, size: int | str, difficulty: str, version: int, seed_prefix: str | None
    ) -> None:
        super().__init__(path)
        self.written = False
        descriptor, self.created = _open_for_writing(path)
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
        wanted = _describe_batch(game, size, difficulty)
        found = _describe_batch(header["game"], header["size"], header["difficulty"])
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
            _fsync_directory(self.path)
        self.header_written = self.written = True
        _remember(self, outcomes)

    def close(self) -> None:
        empty = os.fstat(self.descriptor).st_size == 0
        self.handle.close()
        if self.created and empty:
            with contextlib.suppress(OSError):
                os.unlink(self.path)


def _remember(store: Store, outcomes: Sequence[SeedOutcome]) -> None:
    for outcome in outcomes:
        store.present.add(outcome.seed)
        if outcome.puzzle is None:
            store.failed.add(outcome.seed)
        else:
            store.levels[outcome.level or ""] += 1


_CATALOG = """
CREATE TABLE IF NOT EXISTS batches (
    table_name TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    size INTEGER NOT NULL,
    difficulty TEXT NOT NULL,
    version INTEGER NOT NULL,
    seed_prefix TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (game, size, difficulty, seed_prefix)
)"""


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _connect_sqlite(path: str) -> sqlite3.Connection:
    try:
        # A reader (someone looking at the file meanwhile) may hold it for a while: wait, not fail.
        connection = sqlite3.connect(path, isolation_level=None, timeout=60)
        connection.execute("PRAGMA synchronous = FULL")
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError as error:
        raise GridlogicError(f"{path!r} is not a usable SQLite database: {_one_line(error)}") from None
    return connection


_CATALOG_COLUMNS = ("table_name", "game", "size", "difficulty", "version", "seed_prefix")


def sqlite_batches(connection: sqlite3.Connection, path: str) -> list[dict[str, Any]]:
    """The rows of the ``batches`` catalog; an SQLite file with other tables and no catalog is refused."""
    tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "batches" not in tables:
        if tables:
            raise GridlogicError(
                f"{path!r} is an SQLite database of something else (it has tables, but no gridlogic "
                "'batches' catalog); it is left untouched, choose another output file"
            )
        return []
    columns = {row[1] for row in connection.execute("PRAGMA table_info(batches)")}
    if not columns.issuperset(_CATALOG_COLUMNS):
        raise GridlogicError(
            f"{path!r} has a table 'batches' that is not a gridlogic batch catalog; it is left untouched, "
            "choose another output file"
        )
    rows = connection.execute(f"SELECT {', '.join(_CATALOG_COLUMNS)} FROM batches ORDER BY created_at, table_name")
    return [dict(zip(_CATALOG_COLUMNS, row, strict=True)) for row in rows]


def _check_sqlite_header(descriptor: int, path: str) -> None:
    """Refuse a non-empty file that does not start with SQLite's header, before SQLite opens it."""
    head = os.pread(descriptor, len(SQLITE_HEADER), 0)
    if head and head != SQLITE_HEADER:
        raise GridlogicError(
            f"{path!r} is not an SQLite database (it does not start with SQLite's header); it is left "
            "untouched, choose another output file"
        )


def _one_line(error: object) -> str:
    """SQLite's message on one line (its integrity checks name each page on a line of its own)."""
    return " ".join(str(error).split())


def _damaged(path: str, error: sqlite3.Error | str) -> GridlogicError:
    return GridlogicError(
        f"{path!r} is a damaged SQLite database ({_one_line(error)}); it is left as it is "
        "(gridlogic batch --verify FILE reports what can still be read)"
    )


class SqliteStore(_StoreState):
    """An SQLite file holding batches, one table each; one transaction per chunk."""

    def __init__(
        self, path: str, game: str, size: int | str, difficulty: str, version: int, seed_prefix: str | None
    ) -> None:
        super().__init__(path)
        directory = os.path.dirname(os.path.abspath(path))
        if os.path.isdir(directory) and not os.access(directory, os.W_OK):
            # SQLite writes its rollback journal beside the file.
            raise GridlogicError(f"cannot write {path!r}: its directory is not writable")
        self.lock_descriptor, self.created = _open_for_writing(path)
        self.connection: sqlite3.Connection | None = None
        try:
            _check_sqlite_header(self.lock_descriptor, path)
            self.connection = _connect_sqlite(path)
            try:
                self._read_existing(game, size, difficulty, version, seed_prefix)
            except sqlite3.DatabaseError as error:
                raise _damaged(path, error) from None
        except BaseException:
            self.close()
            raise

    def _read_existing(
        self, game: str, size: int | str, difficulty: str, version: int, seed_prefix: str | None
    ) -> None:
        assert self.connection is not None
        self.table: str | None = None
        self.taken_names: set[str] = set()
        if os.fstat(self.lock_descriptor).st_size:
            # Writing into a damaged database could lose what is still readable in it.
            verdict = self.connection.execute("PRAGMA quick_check(1)").fetchone()[0]
            if verdict != "ok":
                raise _damaged(self.path, f"SQLite's quick check: {verdict}")
        batches = sqlite_batches(self.connection, self.path)
        self.seed_prefix = seed_prefix
        matching = [
            b for b in batches
            if (b["game"], b["size"], b["difficulty"]) == (game, size, difficulty)
            and (seed_prefix is None or b["seed_prefix"] == seed_prefix)
        ]
        if len(matching) > 1:
            prefixes = ", ".join(repr(b["seed_prefix"]) for b in matching)
            raise GridlogicError(
                f"{self.path!r} holds several batches of {_describe_batch(game, size, difficulty)} "
                f"(seed prefixes {prefixes}); choose one with --seed-prefix"
            )
        self.taken_names = {b["table_name"] for b in batches}
        if not matching:
            return
        batch = matching[0]
        if batch["version"] != version:
            raise GridlogicError(
                f"the batch {batch['seed_prefix']!r} in {self.path!r} was made by {game} generator "
                f"version {batch['version']}, and this batch is version {version}; a batch "
                "cannot mix versions, choose another seed prefix or file"
            )
        self.table, self.seed_prefix = batch["table_name"], batch["seed_prefix"]
        for seed, level in self.connection.execute(f"SELECT seed, level FROM {_quote(self.table)}"):
            self.present.add(seed)
            self.levels[level or ""] += 1
        for (seed,) in self.connection.execute(f"SELECT seed FROM {_quote(self.table + '_failures')}"):
            self.present.add(seed)
            self.failed.add(seed)

    def _new_table_name(self, spec: BatchSpec) -> str:
        base = f"{spec.game}_{spec.size}_{spec.difficulty}_" + re.sub(r"\W", "_", spec.seed_prefix, flags=re.ASCII)
        name, number = base, 1
        while name in self.taken_names:
            number += 1
            name = f"{base}_{number}"
        return name

    def write_chunk(self, spec: BatchSpec, version: int, outcomes: Sequence[SeedOutcome]) -> None:
        assert self.connection is not None
        connection = self.connection
        with interrupts_deferred():
            connection.execute("BEGIN IMMEDIATE")
            try:
                if self.table is None:
                    table = self._new_table_name(spec)
                    self._create_batch(table, spec, version)
                else:
                    table = self.table
                puzzles = [o for o in outcomes if o.puzzle is not None]
                connection.executemany(
                    f"INSERT INTO {_quote(table)} (seed, seed_index, game, size, difficulty, version, "
                    "level, puzzle, generation_seconds) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        (o.seed, o.index, spec.game, spec.size, spec.difficulty, version, o.level,
                         json.dumps(o.puzzle, separators=(",", ":")), o.seconds)
                        for o in puzzles
                    ],
                )
                connection.executemany(
                    f"INSERT INTO {_quote(table + '_failures')} (seed, seed_index, version, message, "
                    "generation_seconds) VALUES (?, ?, ?, ?, ?)",
                    [(o.seed, o.index, version, o.failure, o.seconds) for o in outcomes if o.puzzle is None],
                )
                connection.execute("COMMIT")
            except BaseException as error:
                if connection.in_transaction:
                    connection.execute("ROLLBACK")
                if isinstance(error, sqlite3.Error):
                    raise GridlogicError(f"cannot write {self.path!r}: {_one_line(error)}") from None
                raise
        self.table = table
        self.taken_names.add(table)
        _remember(self, outcomes)

    def _create_batch(self, table: str, spec: BatchSpec, version: int) -> None:
        assert self.connection is not None
        self.connection.execute(_CATALOG)
        self.connection.execute(
            f"""CREATE TABLE {_quote(table)} (
                seed TEXT PRIMARY KEY,
                seed_index INTEGER NOT NULL,
                game TEXT NOT NULL,
                size INTEGER NOT NULL,
                difficulty TEXT NOT NULL,
                version INTEGER NOT NULL,
                level TEXT,
                puzzle TEXT NOT NULL,
                generation_seconds REAL NOT NULL
            )"""
        )
        self.connection.execute(
            f"""CREATE TABLE {_quote(table + '_failures')} (
                seed TEXT PRIMARY KEY,
                seed_index INTEGER NOT NULL,
                version INTEGER NOT NULL,
                message TEXT NOT NULL,
                generation_seconds REAL NOT NULL
            )"""
        )
        self.connection.execute(
            "INSERT INTO batches (table_name, game, size, difficulty, version, seed_prefix, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (table, spec.game, spec.size, spec.difficulty, version, spec.seed_prefix,
             datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")),
        )

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None
        empty = os.fstat(self.lock_descriptor).st_size == 0
        os.close(self.lock_descriptor)
        if self.created and empty:
            with contextlib.suppress(OSError):
                os.unlink(self.path)


@dataclass
class StoredBatch:
    game: str
    size: int | str
    difficulty: str
    version: int
    seed_prefix: str
    records: list[StoredRecord]


def _open_for_reading(path: str) -> IO[bytes]:
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


def read_batches(path: str) -> tuple[list[StoredBatch], list[str]]:
    """Every batch in a JSON lines or SQLite file, read-only, and problems with the file itself."""
    kind = store_kind(path)
    try:
        with _open_for_reading(path) as handle:
            if kind == "jsonl":
                return _read_jsonl_batches(handle, path)
            _check_sqlite_header(handle.fileno(), path)
    except OSError as error:
        raise GridlogicError(f"cannot read {path!r}: {error.strerror or error}") from None
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.DatabaseError as error:
        raise GridlogicError(f"cannot read {path!r}: {_one_line(error)}") from None
    try:
        try:
            integrity = connection.execute("PRAGMA integrity_check(1)").fetchone()[0]
            batches = sqlite_batches(connection, path)
        except sqlite3.DatabaseError as error:
            raise GridlogicError(f"{path!r} is not a usable SQLite database: {_one_line(error)}") from None
        problems = [] if integrity == "ok" else [f"SQLite integrity check: {_one_line(integrity)}"]
        if not batches:
            problems.append("the file holds no batch")
        stored = []
        for row in batches:
            records: list[StoredRecord] = []
            try:
                _read_sqlite_batch(connection, row["table_name"], records)
            except sqlite3.DatabaseError as error:
                problems.append(f"table {row['table_name']!r} cannot be read past its {len(records)} "
                                f"records read so far: {_one_line(error)}")
            stored.append(
                StoredBatch(row["game"], row["size"], row["difficulty"], row["version"],
                            row["seed_prefix"], records)
            )
        return stored, problems
    finally:
        connection.close()


def _read_jsonl_batches(handle: IO[bytes], path: str) -> tuple[list[StoredBatch], list[str]]:
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
    batch = StoredBatch(
        header["game"], header["size"], header["difficulty"], header["version"],
        header["seedPrefix"], contents.records,
    )
    return [batch], problems


def _read_sqlite_batch(connection: sqlite3.Connection, table: str, records: list[StoredRecord]) -> None:
    """The puzzles, then the failures, of one batch's tables, appended to ``records`` as they are read."""
    rows = connection.execute(f"SELECT seed, version, puzzle FROM {_quote(table)} ORDER BY seed_index")
    for row_number, (seed, version, text) in enumerate(rows, start=1):
        try:
            value = parse_json(text, "the puzzle")
        except InvalidParameters:  # not JSON, or not even text
            value = None
        # anything but a JSON object is kept as its text, which verify reports as differing
        puzzle = value if isinstance(value, dict) else {"unreadable": text}
        records.append(StoredRecord(seed, puzzle, None, version, f"row {row_number}"))
    failures = connection.execute(
        f"SELECT seed, version, message FROM {_quote(table + '_failures')} ORDER BY seed_index"
    )
    for row_number, (seed, version, message) in enumerate(failures, start=1):
        records.append(StoredRecord(seed, None, message, version, f"failure row {row_number}"))
