"""The whole suite: the records never go to the real home, a throwaway PostgreSQL for those that ask,
and no run on compiled engine modules older than their source (see gridlogic.native).

Every app a test makes without saying where its records go writes them under a temporary
``XDG_DATA_HOME``; ``GRIDLOGIC_DATABASE_URL`` and ``GRIDLOGIC_SECRET`` from the developer's shell
are dropped for the run. The reference game, Lights (``tests/reference_game/``), is registered
beside the real games for the whole run, in this process and in every process it starts
(``GRIDLOGIC_GAMES``, see :mod:`gridlogic.game.registry`), and its view folder is served with the
page's files (a copy of ``static/`` with ``views/lights/`` added): every test that derives its table
from the games runs it too, as it would a fourth game dropped into ``src/gridlogic/``. The
``postgres`` fixture starts one cluster for the session (``tests/store/postgres_cluster.py``);
``postgres.create_database()`` gives each test a database of its own.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from gridlogic import native

sys.path.insert(0, str(Path(__file__).resolve().parent / "store"))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # doctests.py

from postgres_cluster import Cluster

_DATA_HOME = tempfile.mkdtemp(prefix="gridlogic-test-data-")
REFERENCE_GAME = Path(__file__).resolve().parent / "reference_game"


def register_reference_game() -> None:
    """Lights joins the games here and in every process started from here, its view the page's files."""
    sys.path.insert(0, str(REFERENCE_GAME))
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REFERENCE_GAME), os.environ.get("PYTHONPATH")]))
    os.environ["GRIDLOGIC_GAMES"] = "lights"
    from gridlogic.web import app

    static = Path(_DATA_HOME) / "static"
    shutil.copytree(app.STATIC_DIR, static)
    shutil.copytree(REFERENCE_GAME / "views" / "lights", static / "views" / "lights")
    app.STATIC_DIR = static


register_reference_game()  # before any test module or other conftest reads the games


def pytest_configure(config: pytest.Config) -> None:
    stale = [] if native.pure_asked() else native.stale_modules()
    if stale:  # the compiled modules would run, not the edited source
        pytest.exit(f"compiled modules older than their source: {', '.join(stale)}; rebuild with "
                    "`make` (or `.venv/bin/pip install -e .`), or run pure with GRIDLOGIC_PURE=1", returncode=2)
    os.environ["XDG_DATA_HOME"] = _DATA_HOME
    os.environ.pop("GRIDLOGIC_DATABASE_URL", None)
    os.environ.pop("GRIDLOGIC_SECRET", None)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``pure_only`` are skipped on compiled engines (``make test-pure`` runs them)."""
    if not native.native_modules():
        return
    skip = pytest.mark.skip(reason="a patch of a compiled module has no effect: runs in `make test-pure`")
    for item in items:
        if "pure_only" in item.keywords:
            item.add_marker(skip)


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_DATA_HOME, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    cluster = Cluster()
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.remove()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database of each kind: an SQLite file, a new database of the throwaway cluster."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'records.sqlite3'}"
    cluster: Cluster = request.getfixturevalue("postgres")
    return cluster.create_database()
