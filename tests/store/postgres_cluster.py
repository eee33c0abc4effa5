"""A throwaway PostgreSQL cluster under a temporary directory, for the tests and the benchmark.

Debian's ``postgresql`` package gives the server binaries (``make test`` installs it when it is
missing); :class:`Cluster` runs ``initdb`` and ``pg_ctl`` on a directory of its own, listening on
a free port of 127.0.0.1 only, with ``trust`` authentication for the one user it makes. The
server refuses to run as root, so as root the binaries run as the ``postgres`` system user
(``runuser``), which owns the directory. Nothing of the machine's own clusters is touched.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from typing import Any

USER = "gridlogic"


def _binaries() -> Path:
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                      key=lambda path: int(Path(path).parts[-3]))
    if not versions:
        raise RuntimeError("PostgreSQL's server binaries are missing; `make test` installs Debian's "
                           "postgresql package (apt-get install postgresql)")
    return Path(versions[-1]).parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Cluster:
    """A PostgreSQL server of its own: :meth:`start`, :meth:`url`, :meth:`create_database`, :meth:`stop`."""

    def __init__(self) -> None:
        self.bin = _binaries()
        self.root = Path(tempfile.mkdtemp(prefix="gridlogic-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.root, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-U", USER, "--auth=trust", "-E", "UTF8", "--no-sync")
        self.databases = 0

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bin / program), *args]
        if self.as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.root, timeout=120, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed ({done.returncode}): {done.stderr or done.stdout}")

    def start(self) -> None:
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c max_connections=200"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.root / "log"), "-w", "start")

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def create_database(self) -> str:
        """A new empty database; answers its URL."""
        import psycopg

        self.databases += 1
        name = f"gridlogic_{self.databases}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user={USER} dbname=postgres",
                             autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def remove(self) -> None:
        try:
            self.stop("immediate")  # a throwaway cluster needs no shutdown checkpoint
        except RuntimeError:
            pass  # already stopped
        shutil.rmtree(self.root, ignore_errors=True)


def check_plays_indexes(connection: Any) -> int:
    """PostgreSQL's own check (amcheck) of every index of the plays table, through a SQLAlchemy
    ``connection``: a torn write would break one. Answers how many indexes were checked."""
    from sqlalchemy import text

    connection.execute(text("CREATE EXTENSION IF NOT EXISTS amcheck"))
    indexes = connection.execute(text(
        "SELECT indexrelid::regclass::text FROM pg_index WHERE indrelid = 'plays'::regclass")).scalars().all()
    for index in indexes:
        connection.execute(text("SELECT bt_index_check(CAST(:index AS regclass), true)"), {"index": index})
    connection.commit()
    return len(indexes)
