"""Running a coroutine from a test whatever event loop the main thread has: the one helper for it.

Playwright's sync API (the browser tests) keeps an event loop running in the main thread for the
rest of the session, and ``asyncio.run()`` refuses to start inside a running loop ("cannot be
called from a running event loop"). A test that calls ``asyncio.run`` directly therefore passes
alone and fails whenever a browser test ran before it in the same pytest process. :func:`run_async`
runs the coroutine on a fresh loop in a thread of its own, so the main thread's loop, running or
not, plays no part. For example (what ``tests/store/test_daily.py`` does)::

    days = daily.DailyPuzzles(make)
    assert run_async(lambda: days.spec_on(daily.LAUNCH, rule)) == second

Exceptions come out of :func:`run_async` as they would out of ``asyncio.run`` (``pytest.raises``
sees them unchanged). The test modules import it by name: ``tests/conftest.py`` puts this folder on
``sys.path``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_async(scenario: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """``asyncio.run(scenario())`` on a new event loop in a new thread; its result, or its exception."""
    with ThreadPoolExecutor(1, thread_name_prefix="own-event-loop") as thread:
        return thread.submit(lambda: asyncio.run(scenario())).result()
