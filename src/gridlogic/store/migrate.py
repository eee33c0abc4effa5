"""The schema's migrations (Alembic, shipped in ``migrations/`` inside the package), run on start.

:func:`upgrade` brings a database to the newest schema; every server runs it when it starts (and
``gridlogic serve --workers N`` once before its workers), so the first start makes the tables.
Several servers may start together: each migration run holds a lock for its whole transaction
(PostgreSQL's advisory lock; SQLite's write lock, taken by ``BEGIN IMMEDIATE``), so one of them
migrates and the others then find the schema already new. PostgreSQL and SQLite both change
their schema inside a transaction, so a migration that fails (or a killed server) leaves the
schema as it was.
"""

from __future__ import annotations

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


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Migrate the database up to ``revision`` (default: the newest), under the migration lock."""
    with engine.connect() as connection:
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
