"""The schema's migrations (Alembic, shipped in ``migrations/`` inside the package), run on start.

:func:`upgrade` brings a database to the newest schema; every server runs it when it starts (and
``gridlogic serve --workers N`` once before its workers), so the first start makes the tables.
Several servers may start together: each migration run holds a lock for its whole transaction
(PostgreSQL's advisory lock; SQLite's write lock, taken by ``BEGIN IMMEDIATE``), so one of them
migrates and the others then find the schema already new. On SQLite the servers also take turns
through a lock file beside the database (``PATH.migrate-lock``, an ``flock``) from before their
first connection, so that only one of them touches a new file at a time (its first connection
switches it to WAL): on a loaded machine, four servers started together on a new file once got
"database is locked" despite the busy timeout (not reproduced on an idle machine, so the exact
SQLite path is not known; taking turns leaves none). PostgreSQL and SQLite both change
their schema inside a transaction, so a migration that fails (or a killed server) leaves the
schema as it was.
"""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine

MIGRATIONS = Path(__file__).parent / "migrations"
MIGRATION_LOCK = 0x6772_6C67  # "grlg": the advisory lock key every gridlogic server agrees on


def _config(connection: Connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def _locked(connection: Connection) -> None:
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")


def head() -> str:
    """The newest revision the package ships."""
    revision = ScriptDirectory(str(MIGRATIONS)).get_current_head()
    assert revision is not None
    return revision


def current(engine: Engine) -> str | None:
    """The revision the database is at (None: no schema yet)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


@contextmanager
def _sqlite_turn(engine: Engine) -> Iterator[None]:
    """For an SQLite file, hold its migration lock file; for any other database, nothing."""
    if engine.url.get_backend_name() != "sqlite" or not engine.url.database:
        yield
        return
    database = Path(engine.url.database).expanduser()
    with open(database.with_name(database.name + ".migrate-lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Migrate the database up to ``revision`` (default: the newest), under the migration lock."""
    with _sqlite_turn(engine), engine.connect() as connection:
        connection.execution_options(write=True)
        with connection.begin():
            _locked(connection)
            command.upgrade(_config(connection), revision)


def downgrade(engine: Engine, revision: str = "base") -> None:
    """Migrate the database down to ``revision`` ("base": no tables at all), under the migration lock."""
    with engine.connect() as connection:
        connection.execution_options(write=True)
        with connection.begin():
            _locked(connection)
            command.downgrade(_config(connection), revision)
