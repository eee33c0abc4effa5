"""Batches in an SQLite file (``.sqlite``, ``.sqlite3``, ``.db``): one table each, one transaction per chunk.

A catalog table ``batches`` (``table_name``, game, size, difficulty, version, seed prefix, creation
time) and, per batch, a table ``<game>_<size>_<difficulty>_<prefix>`` with columns
``seed, seed_index, game, size, difficulty, version, level, puzzle`` (the
JSON), ``generation_seconds``, plus ``<that>_failures`` with ``seed,
seed_index, version, message, generation_seconds``. ``level`` is the
difficulty the generator reports for the puzzle (useful when asking for
"any"), or NULL for a game that grades none.

A chunk is one transaction with ``synchronous=FULL``. A file is taken only when it is empty or an
SQLite database (its own header, :data:`SQLITE_HEADER`) with a ``batches`` catalog, and only when
SQLite's quick check passes: writing into a damaged database could lose what is still readable
in it.
"""

from __future__ import annotations

import datetime
import json
import os
import re
import sqlite3
from collections.abc import Sequence
from typing import Any

from gridlogic.batch.outputs.files import (
    BatchRecord,
    FileBatch,
    OutputState,
    describe_batch,
    interrupts_deferred,
    open_for_writing,
)
from gridlogic.batch.plan import BatchSpec, SeedOutcome
from gridlogic.errors import GridlogicError, InvalidParameters
from gridlogic.params import parse_json

SQLITE_HEADER = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite database


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


def check_sqlite_header(descriptor: int, path: str) -> None:
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


class SqliteOutput(OutputState):
    """An SQLite file holding batches, one table each; one transaction per chunk."""

    def __init__(
        self, path: str, game: str, size: int | str, difficulty: str, version: int, seed_prefix: str | None
    ) -> None:
        super().__init__(path)
        directory = os.path.dirname(os.path.abspath(path))
        if os.path.isdir(directory) and not os.access(directory, os.W_OK):
            # SQLite writes its rollback journal beside the file.
            raise GridlogicError(f"cannot write {path!r}: its directory is not writable")
        self.lock_descriptor, self.created = open_for_writing(path)
        self.connection: sqlite3.Connection | None = None
        try:
            check_sqlite_header(self.lock_descriptor, path)
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
                f"{self.path!r} holds several batches of {describe_batch(game, size, difficulty)} "
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
        self.remember(outcomes)

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
        self.remove_if_unwritten(empty)


def read_sqlite_batches(path: str) -> tuple[list[FileBatch], list[str]]:
    """Every batch of an SQLite file, read-only, and problems with the file itself."""
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
        found = []
        for row in batches:
            records: list[BatchRecord] = []
            try:
                _read_sqlite_batch(connection, row["table_name"], records)
            except sqlite3.DatabaseError as error:
                problems.append(f"table {row['table_name']!r} cannot be read past its {len(records)} "
                                f"records read so far: {_one_line(error)}")
            found.append(FileBatch(row["game"], row["size"], row["difficulty"], row["version"],
                                   row["seed_prefix"], records))
        return found, problems
    finally:
        connection.close()


def _read_sqlite_batch(connection: sqlite3.Connection, table: str, records: list[BatchRecord]) -> None:
    """The puzzles, then the failures, of one batch's tables, appended to ``records`` as they are read."""
    rows = connection.execute(f"SELECT seed, version, puzzle FROM {_quote(table)} ORDER BY seed_index")
    for row_number, (seed, version, text) in enumerate(rows, start=1):
        try:
            value = parse_json(text, "the puzzle")
        except InvalidParameters:  # not JSON, or not even text
            value = None
        # anything but a JSON object is kept as its text, which verify reports as differing
        puzzle = value if isinstance(value, dict) else {"unreadable": text}
        records.append(BatchRecord(seed, puzzle, None, version, f"row {row_number}"))
    failures = connection.execute(
        f"SELECT seed, version, message FROM {_quote(table + '_failures')} ORDER BY seed_index"
    )
    for row_number, (seed, version, message) in enumerate(failures, start=1):
        records.append(BatchRecord(seed, None, message, version, f"failure row {row_number}"))
