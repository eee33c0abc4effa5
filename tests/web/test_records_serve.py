"""``gridlogic serve --workers N --generators N --database URL``: arguments, one-line errors, and what reaches uvicorn.

(That N workers really serve either database is the kill test's business: it runs two.)
"""

from __future__ import annotations

import os
import pickle
import socket

import pytest
import uvicorn
from uvicorn.supervisors import Multiprocess

from gridlogic.cli import main
from gridlogic.errors import InvalidParameters
from gridlogic.web.app import GENERATORS_VARIABLE, create_app


@pytest.fixture(autouse=True)
def database_variable_undone(monkeypatch):
    """``serve --database`` sets GRIDLOGIC_DATABASE_URL for its workers; the test undoes it after."""
    monkeypatch.setenv("GRIDLOGIC_DATABASE_URL", "sqlite:///unused")
    monkeypatch.delenv("GRIDLOGIC_DATABASE_URL")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.parametrize("option", ["workers", "generators"])
@pytest.mark.parametrize("count", ["0", "65", "two", "-1"])
def test_a_bad_process_count_is_one_line_and_exit_code_2(capsys, option, count):
    with pytest.raises(SystemExit) as exited:
        main(["serve", f"--{option}", count])
    assert exited.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and f"{option} {count!r} must be an integer from 1 to 64" in error


def test_a_database_url_that_cannot_be_used_is_one_line_and_exit_code_2(capsys):
    assert main(["serve", "--port", str(free_port()), "--database", "mysql://u@h/n"]) == 2
    error = capsys.readouterr().err
    assert error == ("gridlogic: database 'mysql' is not supported; use sqlite:///PATH or "
                     "postgresql://USER:PASSWORD@HOST:PORT/NAME\n")


def test_workers_are_handed_to_uvicorns_supervisor_with_the_app_factory(capsys, monkeypatch, tmp_path):
    seen = {}

    def fake_run(supervisor):
        seen["config"] = supervisor.config
        seen["address"] = supervisor.sockets[0].getsockname()

    monkeypatch.setattr(Multiprocess, "run", fake_run)
    monkeypatch.delenv(GENERATORS_VARIABLE, raising=False)  # restored after the test
    port = free_port()
    url = f"sqlite:///{tmp_path}/served.sqlite3"
    assert main(["serve", "--port", str(port), "--workers", "3", "--generators", "2", "--database", url]) == 0
    assert os.environ[GENERATORS_VARIABLE] == "2"  # what each worker's create_app reads
    config = seen["config"]
    assert (config.app, config.factory, config.workers) == ("gridlogic.web.app:create_app", True, 3)
    assert pickle.loads(pickle.dumps(config)).http is config.http  # the supervisor sends it to each worker
    assert seen["address"] == ("127.0.0.1", port)
    err = capsys.readouterr().err
    assert f"serving http://127.0.0.1:{port}/, 3 workers" in err and f"records: {url}" in err
    assert (tmp_path / "served.sqlite3").is_file() and (tmp_path / "secret").is_file()  # made before the workers


def test_a_database_that_does_not_answer_is_one_line_and_the_server_starts(capsys, monkeypatch):
    monkeypatch.setattr(uvicorn.Server, "run", lambda server, sockets=None: None)
    assert main(["serve", "--port", str(free_port()), "--database", "postgresql://nobody@127.0.0.1:1/x"]) == 0
    err = capsys.readouterr().err
    assert "records: postgresql+psycopg://nobody@127.0.0.1:1/x -- the records database does not answer" in err
    assert "record writes answer 503 until it answers" in err


def test_the_app_takes_its_generation_processes_from_the_environment(monkeypatch):
    monkeypatch.setenv(GENERATORS_VARIABLE, "1")
    app = create_app()
    assert app.state.puzzles.workers == 1
    app.state.puzzles.close()
    monkeypatch.setenv(GENERATORS_VARIABLE, "many")
    with pytest.raises(InvalidParameters, match="GRIDLOGIC_GENERATORS must be a whole number written in digits"):
        create_app()
