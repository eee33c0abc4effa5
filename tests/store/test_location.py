"""Where the records go: the default file under the data directory, URLs, and the cookie secret."""

from __future__ import annotations

import stat
import threading

import pytest

from gridlogic.errors import InvalidParameters
from gridlogic.store import Store
from gridlogic.store.location import cookie_secret, data_dir, database_url, secret_path


def test_without_a_url_the_records_go_to_the_data_directory_made_on_first_use(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("GRIDLOGIC_DATABASE_URL", raising=False)
    url = database_url()
    assert url.database == str(tmp_path / "data" / "gridlogic" / "records.sqlite3")
    assert not (tmp_path / "data").exists()
    store = Store()
    store.open()
    store.close()
    assert (tmp_path / "data" / "gridlogic" / "records.sqlite3").is_file()
    assert stat.S_IMODE((tmp_path / "data" / "gridlogic").stat().st_mode) == 0o700


def test_the_data_directory_falls_back_to_the_home(monkeypatch, tmp_path):
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert data_dir() == tmp_path / ".local" / "share" / "gridlogic"


def test_the_environment_chooses_the_database(monkeypatch, tmp_path):
    monkeypatch.setenv("GRIDLOGIC_DATABASE_URL", f"sqlite:///{tmp_path}/x.sqlite3")
    assert database_url().database == f"{tmp_path}/x.sqlite3"
    assert database_url("postgresql://u:p@h:5/n").drivername == "postgresql+psycopg"


@pytest.mark.parametrize("url, message", [
    ("mysql://u@h/n", "not supported"), ("sqlite://", "SQLite file"), ("sqlite:///:memory:", "SQLite file"),
    ("not a url", "not a database URL"),
])
def test_a_url_that_cannot_hold_the_records_is_refused(url, message):
    with pytest.raises(InvalidParameters, match=message):
        database_url(url)


def test_the_secret_is_made_once_owner_only_and_shared_by_every_worker(tmp_path, monkeypatch):
    monkeypatch.delenv("GRIDLOGIC_SECRET", raising=False)
    url = database_url(f"sqlite:///{tmp_path}/records.sqlite3")
    found: list[bytes] = []
    threads = [threading.Thread(target=lambda: found.append(cookie_secret(url))) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(found)) == 1 and len(found[0]) == 64
    path = secret_path(url)
    assert path == tmp_path / "secret" and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["secret"]


def test_the_environment_secret_wins_and_must_be_long_enough(tmp_path, monkeypatch):
    url = database_url(f"sqlite:///{tmp_path}/records.sqlite3")
    monkeypatch.setenv("GRIDLOGIC_SECRET", "s" * 16)
    assert cookie_secret(url) == b"s" * 16 and not secret_path(url).exists()
    monkeypatch.setenv("GRIDLOGIC_SECRET", "short")
    with pytest.raises(InvalidParameters, match="at least 16 characters"):
        cookie_secret(url)
