"""Where the records live: the database URL, the engine made from it, and the cookie secret.

``GRIDLOGIC_DATABASE_URL`` chooses the database: ``sqlite:///PATH`` (a file) or
``postgresql://USER:PASSWORD@HOST:PORT/NAME`` (run through psycopg 3). Without it the records go to
an SQLite file in the user's data directory, ``$XDG_DATA_HOME/gridlogic/records.sqlite3``
(``~/.local/share/gridlogic/`` when ``XDG_DATA_HOME`` is not set), made with its directory on
first use, so a fresh clone's ``make run`` needs nothing more.

SQLite is opened in WAL mode with ``synchronous=FULL``: a committed write is on disk before the
server answers, a reader never waits for a writer, and a process killed mid-write leaves the
file whole (SQLite's journal rolls the torn transaction back). Every write transaction begins
with ``BEGIN IMMEDIATE``, taking the write lock at once, so that two server workers writing
together queue on the busy timeout (30 s unless the URL says ``?timeout=SECONDS``) instead of
one of them failing on a lock upgrade.

The player cookie is signed with ``GRIDLOGIC_SECRET`` when set (needed when servers on several
machines share one PostgreSQL database); otherwise with a secret generated once and kept in a
file named ``secret`` beside the SQLite file (in the data directory for PostgreSQL), readable
by its owner only.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from gridlogic.errors import InvalidParameters

DATABASE_URL_VARIABLE = "GRIDLOGIC_DATABASE_URL"
SECRET_VARIABLE = "GRIDLOGIC_SECRET"
DATABASE_FILE = "records.sqlite3"
SECRET_FILE = "secret"
SQLITE_BUSY_TIMEOUT = 30.0
MIN_SECRET_LENGTH = 16


def data_dir() -> Path:
    """``$XDG_DATA_HOME/gridlogic``, or ``~/.local/share/gridlogic``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "gridlogic"


def database_url(text: str | None = None) -> URL:
    """The database ``text`` names (default: ``GRIDLOGIC_DATABASE_URL``, else the data directory's file)."""
    text = text or os.environ.get(DATABASE_URL_VARIABLE) or f"sqlite:///{data_dir() / DATABASE_FILE}"
    try:
        url = make_url(text)
    except ArgumentError:
        raise InvalidParameters(f"{text!r} is not a database URL; use sqlite:///PATH or "
                                "postgresql://USER:PASSWORD@HOST:PORT/NAME") from None
    if url.get_backend_name() == "postgresql":
        return url.set(drivername="postgresql+psycopg")
    if url.drivername == "sqlite":
        if not url.database or url.database == ":memory:":
            raise InvalidParameters("the records need an SQLite file: sqlite:///PATH, not an in-memory database")
        return url
    raise InvalidParameters(f"database {url.drivername!r} is not supported; use sqlite:///PATH or "
                            "postgresql://USER:PASSWORD@HOST:PORT/NAME")


def is_sqlite(url: URL) -> bool:
    return url.get_backend_name() == "sqlite"


def create_store_engine(url: URL) -> Engine:
    """An engine for ``url`` (from :func:`database_url`); an SQLite file's directory is made here."""
    if not is_sqlite(url):
        return create_engine(url, pool_pre_ping=True, pool_size=5, max_overflow=5)
    assert url.database is not None
    Path(url.database).expanduser().parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    query = dict(url.query)
    timeout = float(query.pop("timeout", SQLITE_BUSY_TIMEOUT))  # type: ignore[arg-type]
    engine = create_engine(url.set(query=query),
                           connect_args={"timeout": timeout, "check_same_thread": False})

    @event.listens_for(engine, "connect")
    def configure(connection: Any, _record: Any) -> None:
        connection.isolation_level = None  # SQLAlchemy's begin event below says BEGIN, not pysqlite
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE" if connection.get_execution_options().get("write")
                                   else "BEGIN")

    return engine


def secret_path(url: URL) -> Path:
    """Where the generated secret of ``url``'s database is kept: beside an SQLite file, else the data directory."""
    if is_sqlite(url) and url.database:
        return Path(url.database).expanduser().parent / SECRET_FILE
    return data_dir() / SECRET_FILE


def cookie_secret(url: URL) -> bytes:
    """``GRIDLOGIC_SECRET``, or the secret kept beside the database (made, owner-only, on first use).

    Several workers may start at once: the secret is written to a file of its own and linked into
    place, which fails for all but the first, so every worker reads the same secret.
    """
    given = os.environ.get(SECRET_VARIABLE)
    if given:
        if len(given) < MIN_SECRET_LENGTH:
            raise InvalidParameters(f"{SECRET_VARIABLE} must have at least {MIN_SECRET_LENGTH} characters")
        return given.encode("utf-8")
    path = secret_path(url)
    if not path.exists():
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        draft = path.with_name(f".{SECRET_FILE}.{os.getpid()}.{secrets.token_hex(4)}")
        descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w") as file:
            file.write(secrets.token_hex(32))
            file.flush()
            os.fsync(file.fileno())
        try:
            os.link(draft, path)
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    text = path.read_text(encoding="ascii").strip()
    if len(text) < MIN_SECRET_LENGTH:
        raise InvalidParameters(f"the secret file {path} is too short; delete it to have a new one made")
    return text.encode("ascii")
