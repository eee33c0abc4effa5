"""Fixtures of the web tests: the app under TestClient, a real uvicorn server, Debian's chromium."""

from __future__ import annotations

import socket
import sys
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    # Starlette announces a future move of its test client away from httpx; nothing to do yet.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from gridlogic.web.app import create_app
from gridlogic.web.clients import Rate
from gridlogic.web.records import RecordSettings

# The tests import their helpers by name (pytest runs with --import-mode=importlib).
sys.path.insert(0, str(Path(__file__).resolve().parent))
from page_helpers import DESKTOP, PHONE

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]


@pytest.fixture(scope="session")
def app():
    return create_app()


@pytest.fixture(scope="session")
def client(app) -> Iterator[TestClient]:
    # raise_server_exceptions=False: an exception must surface as a response the test can see.
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    """A real uvicorn server on a free port of 127.0.0.1, in a background thread."""
    import uvicorn

    port = _free_port()
    # Every browser of the suite comes from 127.0.0.1, each test's context a new player: that one
    # address gets the allowance of a crowd (the rates themselves are tested in test_fairness.py).
    crowd = RecordSettings(new_players=Rate(10_000, 100.0, "new players"),
                           writes=Rate(10_000, 100.0, "hand-outs and record writes"))
    app = create_app(record_settings=crowd)
    app.state.admission.client_jobs = 1_000  # and its share of expensive work is the whole queue
    app.state.admission.client_share = 1.0
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                            lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="uvicorn-under-test", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"{CHROMIUM} is missing; `make test` installs Debian's chromium")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def _refused_request(text: str) -> bool:
    # Chromium logs every 4xx answer; the page shows those refusals in its status line.
    return text.startswith("Failed to load resource: the server responded with a status of 4")


def watched(context: Any, console: bool = False) -> Iterator[Any]:
    """A new page of the browser ``context``, closed after the test; an error the page threw (and
    with ``console``, one it logged, refused requests apart) fails the test."""
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    if console:
        tab.on("console", lambda message: errors.append(message.text)
               if message.type == "error" and not _refused_request(message.text) else None)
    yield tab
    context.close()
    assert not errors, f"the page logged errors: {errors}"


@pytest.fixture()
def tab(browser, request):
    """A page of a viewport (DESKTOP unless parametrised: indirect=True with PHONE or DESKTOP) whose
    browser speaks English (so only ?lang= or the picker changes the language); page errors fail the test."""
    viewport = getattr(request, "param", DESKTOP)
    yield from watched(browser.new_context(viewport=viewport, locale="en-US", has_touch=viewport is PHONE))


@pytest.fixture()
def page(browser):
    """A fresh desktop page (its own localStorage); page errors fail the test."""
    yield from watched(browser.new_context(viewport={"width": 1000, "height": 1000}, locale="en-US"), console=True)


@pytest.fixture()
def phone(browser):
    """A 360-pixel-wide touch screen."""
    yield from watched(browser.new_context(viewport={"width": 360, "height": 760}, has_touch=True,
                                           is_mobile=True, device_scale_factor=2, locale="en-US"))


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture()
def site(tmp_path: Path) -> Any:
    """The records' app over an SQLite file, with a clock moved by hand (``test_records_api.Site``)."""
    from tests.web.test_records_api import Site

    return Site(f"sqlite:///{tmp_path / 'records.sqlite3'}")


@pytest.fixture()
def each_site(database_url: str) -> Any:
    """The same over SQLite and over the throwaway PostgreSQL cluster."""
    from tests.web.test_records_api import Site

    return Site(database_url)
