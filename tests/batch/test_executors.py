"""gridlogic.batch.executors: parsing --executor and --jobs, Dask only on demand, the chunk scheduler."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

import pytest

from gridlogic import GridlogicError, InvalidParameters
from gridlogic.batch import executors


@pytest.mark.parametrize(
    "text, address",
    [
        ("dask://127.0.0.1:8786", "tcp://127.0.0.1:8786"),
        ("dask://scheduler.example:8786", "tcp://scheduler.example:8786"),
        ("dask://[::1]:8786", "tcp://[::1]:8786"),
    ],
)
def test_dask_addresses(text, address):
    choice = executors.parse_executor(text)
    assert (choice.kind, choice.address) == ("dask", address)


@pytest.mark.parametrize("text", ["", "dask", "dask://", "dask://host", "dask://host:0", "dask://host:70000",
                                  "tcp://host:8786", "dask://host:87a6", "Local"])
def test_bad_executors_are_refused(text):
    with pytest.raises(InvalidParameters, match=re.escape(repr(text))):
        executors.parse_executor(text)


@pytest.mark.parametrize("jobs", [0, -1, True])
def test_bad_jobs_are_refused(jobs):
    with pytest.raises(InvalidParameters):
        executors.check_jobs(jobs)


def test_importing_the_batch_module_loads_no_dask():
    code = (
        "import sys, gridlogic.batch, gridlogic.cli.batch; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_a_dask_address_without_dask_installed_is_one_clear_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` now fails
    choice = executors.parse_executor("dask://127.0.0.1:8786")
    message = r"needs dask\.distributed, which is not installed"
    with pytest.raises(GridlogicError, match=message), executors.open_executor(choice, None):
        pass


def finished(value=None, error=None) -> Future:
    """A future that is already done: chunks "finish" the moment they are sent."""
    future: Future = Future()
    if error is None:
        future.set_result(value)
    else:
        future.set_exception(error)
    return future


def test_every_item_goes_out_once_with_at_most_two_chunks_per_worker_in_flight():
    in_flight = most = 0
    done: list[int] = []
    with ThreadPoolExecutor(3) as pool:

        def submit(items):
            nonlocal in_flight, most
            in_flight += 1
            most = max(most, in_flight)
            return pool.submit(sum, items)

        def finish(items, total):
            nonlocal in_flight
            in_flight -= 1
            assert total == sum(items)
            done.extend(items)
            return 0.001 * len(items)  # worker seconds: a millisecond an item

        executors.run_chunks(3, deque(range(500)), submit, finish, str, 0.25)
    assert sorted(done) == list(range(500))
    assert most == 6  # the first six one-item probes go out before anything comes back


def test_chunks_that_finish_together_are_taken_in_the_order_they_were_sent():
    chunks: list[list[int]] = []

    def finish(items, result):
        chunks.append(result)
        return 0.01 * len(items)  # worker seconds: ten milliseconds an item

    # Every chunk is done as soon as it is sent, so each wait() returns all of those in flight.
    executors.run_chunks(2, deque(range(40)), finished, finish, str, 0.25)
    assert [item for chunk in chunks for item in chunk] == list(range(40))
    # Four one-item probes (two per worker), then 0.25 s of work capped by the fair share ceil(36 / 4).
    assert chunks[:5] == [[0], [1], [2], [3], list(range(4, 13))]


@pytest.mark.parametrize(
    "error, message",
    [
        (ValueError("no module named 'gridlogic'"),
         "the chunk starting at seed 'p-2' failed on its worker: ValueError: no module named 'gridlogic'"),
        (BrokenProcessPool(), "a worker process died (killed, or out of memory?)"),
        (GridlogicError("seed 'p-2' crashed the signal generator"), "seed 'p-2' crashed the signal generator"),
    ],
)
def test_a_failed_chunk_ends_the_run_in_one_line_and_cancels_the_others(error, message):
    others: list[Future] = []

    def submit(items):
        if items == ["p-2"]:
            return finished(error=error)
        others.append(Future())  # never finishes
        return others[-1]

    with pytest.raises(GridlogicError) as caught:
        executors.run_chunks(2, deque(f"p-{i}" for i in range(10)), submit, lambda items, result: 0.0,
                             lambda seed: seed, 0.25)
    assert str(caught.value).startswith(message) and "\n" not in str(caught.value)
    assert len(others) == 3 and all(future.cancelled() for future in others)
