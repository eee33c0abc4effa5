"""One request, one admission: a PDF, a walk-through or a hint of a puzzle not made yet is admitted once,
for the making and the work together, and runs as one task; refused at once when that does not fit.

The admission's decisions are counted by its observers, its estimates come from a table the tests set,
and the pool is a stand-in that runs each task in a thread and reports a fixed time for it (a stand-in
clock: no test here reads the real one). The apps run without their lifespan, so no background work
(the ready stock, the dailies made ahead) is admitted beside the requests.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from typing import Any

import pytest
from web_helpers import failing_signal_case

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Starlette's note on its test client's future, as in conftest.py
    from starlette.testclient import TestClient

from gridlogic import GAMES
from gridlogic.web.admission import EXPLAIN, GENERATE, HINT, PRINT, Admission, Busy, CostKey, Costs, Decision
from gridlogic.web.app import create_app
from gridlogic.web.pool import InlinePool, Reply
from gridlogic.web.records import RecordSettings

TASK_SECONDS = 2.6  # what the stand-in pool says every task took
SERIES = "pattern.1.any."
TABLE = {GENERATE: {SERIES: [[10_000, 4.0]]}, PRINT: {SERIES: [[10_000, 9.0]]},
         EXPLAIN: {SERIES: [[10_000, 9.0]]}, HINT: {SERIES: [[10_000, 2.0]]}}
KEY = CostKey("pattern", 1, 5, 5)


class FixedTimePool(InlinePool):
    """An :class:`InlinePool` whose replies say each task took :data:`TASK_SECONDS`."""

    async def run(self, function: Callable[..., Any], *arguments: Any, deadline: float | None = None) -> Reply:
        reply = await super().run(function, *arguments, deadline=deadline)
        return Reply(reply.value, reply.error, TASK_SECONDS, os.getpid())


class Server:
    """An app (one thread for the work, the test table) and what its admission decided."""

    def __init__(self, tmp_path) -> None:
        self.app = create_app(record_settings=RecordSettings(f"sqlite:///{tmp_path / 'records.sqlite3'}",
                                                             b"test-secret-of-one-admission-0123456789"),
                              workers=0)
        self.admission: Admission = self.app.state.admission
        self.admission.pool = FixedTimePool()
        self.admission.costs = Costs(TABLE)
        self.decisions: list[Decision] = []
        self.admission.observers.append(self.decisions.append)
        self.client = TestClient(self.app, raise_server_exceptions=False)

    def close(self) -> None:
        self.admission.close()


@pytest.fixture()
def server(tmp_path):
    made = Server(tmp_path)
    yield made
    made.close()


def pdf(server: Server, puzzle_id: str):
    return server.client.get("/api/pattern/pdf", params={"id": puzzle_id})


def explain(server: Server, puzzle_id: str):
    return server.client.get("/api/pattern/explain", params={"id": puzzle_id})


def hint(server: Server, puzzle_id: str):
    return server.client.post("/api/pattern/hint", json={"id": puzzle_id, "board": [0] * 25})


REQUESTS = {PRINT: pdf, EXPLAIN: explain, HINT: hint}


def test_the_module_docstrings_worked_example_of_one_admission():
    admission = Admission(InlinePool(), Costs({"generate": {"pattern.1.any.": [[100, 4.0]]},
                                               "print": {"pattern.1.any.": [[100, 5.0]]}}), queue_seconds=10)
    key = CostKey("pattern", 1, 10, 10)
    ticket = admission.admit(PRINT, key, also=(GENERATE,))
    assert ticket.estimate == 9.0 and admission.in_flight == 1
    assert [(kind, pytest.approx(seconds)) for kind, seconds in ticket.shares(1.8)] == [
        ("generate", pytest.approx(0.8)), ("print", pytest.approx(1.0))]
    with pytest.raises(Busy):  # the queue holds the whole 9 s: 9 + 5 > 10
        admission.admit(PRINT, key)
    admission.release(ticket)
    assert admission.admit(PRINT, key).shares(1.8) == [("print", 1.8)]  # one kind: all of it


@pytest.mark.parametrize("kind", [PRINT, EXPLAIN, HINT])
def test_a_puzzle_not_made_yet_and_its_work_are_one_admission_one_task(server, kind):
    request = REQUESTS[kind]
    puzzle_id = f"pattern.1.5x5.any.one-admission-{kind}"
    assert request(server, puzzle_id).status_code == 200
    assert [(d.kind, d.also, d.estimate, d.refusal) for d in server.decisions] == [
        (kind, (GENERATE,), 4.0 + TABLE[kind][SERIES][0][1], None)]
    # the task's time is learned by both kinds, each its share (the first time: a fifth of the way)
    share = TASK_SECONDS / (4.0 + TABLE[kind][SERIES][0][1])
    assert server.admission.estimate(GENERATE, KEY) == pytest.approx(0.8 * 4.0 + 0.2 * 4.0 * share)
    # the puzzle made is cached: the next request is the work alone
    server.decisions.clear()
    assert request(server, puzzle_id).status_code == 200
    assert [(d.kind, d.also) for d in server.decisions] == [(kind, ())]
    assert server.admission.in_flight == 0


@pytest.mark.parametrize("kind", [PRINT, EXPLAIN])
def test_with_the_queue_full_for_the_whole_request_it_is_refused_at_once(server, kind):
    # 2 s held for another address: a generation alone (4 s) would still fit in the 10 s, the generation
    # and the drawing or the walk (13 s) do not
    held = server.admission.admit(HINT, KEY, requester="192.0.2.1")
    try:
        answer = REQUESTS[kind](server, f"pattern.1.5x5.any.refused-{kind}")
        assert answer.status_code == 503 and answer.headers["content-type"] == "application/json"
        assert int(answer.headers["retry-after"]) >= 1 and "the server is busy" in answer.json()["error"]
        mine = [d for d in server.decisions if d.requester != "192.0.2.1"]
        assert [(d.kind, d.also, type(d.refusal).__name__) for d in mine] == [(kind, (GENERATE,), "Busy")]
        # nothing was made on the way: no generation admitted, none in flight; only the held work is
        assert server.app.state.puzzles.in_flight == 0 and server.admission.in_flight == 1
    finally:
        server.admission.release(held)


def test_a_puzzle_that_cannot_be_made_is_a_422_cached_like_any_refusal(server):
    size, seed, difficulty = failing_signal_case()
    spec = GAMES["signal"].spec(size, seed, difficulty, version=3)
    first = server.client.get("/api/signal/pdf", params={"id": spec.id})
    assert first.status_code == 422 and "signal" in first.json()["error"].lower()
    assert [(d.kind, d.also) for d in server.decisions] == [(PRINT, (GENERATE,))]
    server.decisions.clear()
    again = server.client.get("/api/signal/explain", params={"id": spec.id})
    assert (again.status_code, again.json()) == (422, first.json()) and server.decisions == []
