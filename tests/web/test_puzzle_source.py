"""PuzzleSource: generation in worker processes under the admission rule, one generation per spec, a cache.

Where a test needs a generation to stay unfinished for a while, a stand-in ``make`` waits on a
threading.Event (with ``workers=0``, generation runs in a thread of this process, where the
stand-in can be reached); nothing here sleeps or measures time.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import signal
import threading
import warnings
from collections.abc import Callable

import pytest
from web_helpers import run_async

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from gridlogic import GAMES, GenerationFailed
from gridlogic.game import PuzzleSpec
from gridlogic.web.admission import Admission, Busy, Costs, Stopped
from gridlogic.web.app import create_app
from gridlogic.web.inputs import BadRequest
from gridlogic.web.pool import InlinePool
from gridlogic.web.puzzles import PuzzleSource

SIGNAL = GAMES["signal"]


def spec(seed: str) -> PuzzleSpec:
    return SIGNAL.spec(4, seed, "any")


class HeldMake:
    """A stand-in ``make`` that counts its calls and holds each one until :meth:`release`."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.started = threading.Semaphore(0)
        self.go = threading.Event()

    def __call__(self, wanted: PuzzleSpec):
        self.calls.append(wanted.seed)
        self.started.release()
        assert self.go.wait(timeout=60), "never released"
        return SIGNAL.make(wanted)

    def wait_started(self, count: int = 1) -> None:
        for _ in range(count):
            assert self.started.acquire(timeout=60)

    def release(self) -> None:
        self.go.set()


def held_games(make: Callable) -> dict:
    versions = {n: dataclasses.replace(v, make=make) for n, v in SIGNAL.versions.items()}
    return {"signal": dataclasses.replace(SIGNAL, versions=versions)}


def costed(games: dict, table: dict, queue_seconds: float) -> PuzzleSource:
    """A source making ``games`` in a thread, with the generation times ``table`` gives (series by name)."""
    admission = Admission(InlinePool(), Costs({"generate": table}), queue_seconds=queue_seconds)
    return PuzzleSource(games, admission=admission)


def test_the_module_docstring_example():
    async def example():
        source = PuzzleSource(GAMES, workers=1, queue_seconds=0)
        try:
            first = asyncio.create_task(source.get(spec("a")))
            same = asyncio.create_task(source.get(spec("a")))
            await asyncio.sleep(0)  # both requests are now waiting for the one generation
            assert source.in_flight == 1
            with pytest.raises(Busy) as busy:
                await source.get(spec("b"))
            assert busy.value.retry_after == 1 and "the server is busy" in str(busy.value)
            assert await first is await same
            assert (await first).to_dict() == SIGNAL.make(spec("a")).to_dict()
            assert source.in_flight == 0
            assert (await source.get(spec("b"))).seed == "b"  # room again
        finally:
            source.close()

    run_async(example)


def test_identical_requests_share_one_generation_and_the_cache_answers_later_ones():
    make = HeldMake()

    async def scenario():
        source = PuzzleSource(held_games(make), workers=0)
        try:
            waiting = [asyncio.create_task(source.get(spec("same"))) for _ in range(50)]
            await asyncio.sleep(0)
            await asyncio.to_thread(make.wait_started)
            assert source.in_flight == 1
            make.release()
            puzzles = await asyncio.gather(*waiting)
            assert all(puzzle is puzzles[0] for puzzle in puzzles)
            assert await source.get(spec("same")) is puzzles[0]
        finally:
            source.close()

    run_async(scenario)
    assert make.calls == ["same"]


def test_a_cached_answer_does_not_wait_behind_a_generation():
    make = HeldMake()

    async def scenario():
        source = PuzzleSource(held_games(make), workers=0)
        try:
            make.go.set()
            cached = await source.get(spec("cached"))
            make.go.clear()
            held = asyncio.create_task(source.get(spec("slow")))
            await asyncio.to_thread(make.wait_started, 2)
            assert await source.get(spec("cached")) is cached  # while "slow" is still being made
            assert not held.done()
            make.release()
            await held
        finally:
            source.close()

    run_async(scenario)


def test_a_full_queue_is_a_503_with_retry_after_and_a_waiting_spec_still_joins():
    make = HeldMake()

    async def scenario():
        # each 4x4 puzzle is taken to need a second; the one thread and two seconds of queue hold two
        source = costed(held_games(make), {"signal.3.any.": [[16, 1.0]]}, queue_seconds=2)
        try:
            first = asyncio.create_task(source.get(spec("one")))
            second = asyncio.create_task(source.get(spec("two")))
            await asyncio.sleep(0)
            assert source.in_flight == 2
            with pytest.raises(Busy) as busy:
                await source.get(spec("three"))
            assert busy.value.retry_after == 1  # 2 s ahead + 1 s of its own is 1 s past the queue
            joined = asyncio.create_task(source.get(spec("two")))  # no new generation: not refused
            await asyncio.sleep(0)
            make.release()
            assert await joined is await second
            await first
        finally:
            source.close()

    run_async(scenario)
    assert sorted(make.calls) == ["one", "two"]


def test_the_queue_counts_estimated_seconds_not_requests():
    make = HeldMake()

    async def scenario():
        # from the table: a 4x4 "any" takes 4 ms, a 5x5 two seconds
        source = costed(held_games(make), {"signal.3.any.": [[16, 0.004], [25, 2.0]]}, queue_seconds=1)
        try:
            assert source.estimate(spec("any")) == pytest.approx(0.004)
            assert source.estimate(SIGNAL.spec(5, "x")) == pytest.approx(2.0)
            many = [asyncio.create_task(source.get(spec(f"quick-{k}"))) for k in range(100)]
            await asyncio.sleep(0)
            assert source.in_flight == 100  # 100 quick ones fit in a second of work
            with pytest.raises(Busy):  # a 5x5 does not: it alone is two seconds
                await source.get(SIGNAL.spec(5, "slow kind"))
            make.release()
            await asyncio.gather(*many)
        finally:
            source.close()

    run_async(scenario)


def test_the_api_answers_503_with_retry_after_while_others_are_answered():
    make = HeldMake()
    app = create_app(held_games(make), workers=0)
    app.state.admission.queue_seconds = 0  # the one worker is the whole queue
    answers = []
    with TestClient(app) as client:
        waiting = threading.Thread(target=lambda: answers.append(client.get("/api/signal/puzzle?seed=first")))
        waiting.start()
        make.wait_started()
        other = TestClient(app, client=("192.0.2.9", 50000))  # another address: shares are not the point here
        busy = other.get("/api/signal/puzzle?seed=one-too-many")
        same = threading.Thread(target=lambda: answers.append(client.get("/api/signal/puzzle?seed=first")))
        same.start()
        games = client.get("/api/games")  # answered while "first" is still being made
        assert not make.go.is_set()
        make.release()
        for thread in (waiting, same):
            thread.join(timeout=60)
        solved = SIGNAL.make(spec("first")).solution()
        check = client.post("/api/signal/check?seed=first", json={"board": solved})
    assert busy.status_code == 503 and busy.headers["retry-after"] == "1"
    assert "the server is busy" in busy.json()["error"]
    assert games.status_code == 200
    assert check.status_code == 200 and check.json()["solved"] is True
    assert [answer.status_code for answer in answers] == [200, 200]
    assert make.calls == ["first"]


def test_generation_runs_in_worker_processes_that_yield_the_cpu():
    async def scenario():
        source = PuzzleSource(GAMES, workers=1)
        try:
            puzzle = await source.get(spec("in a worker"))
            assert puzzle.to_dict() == SIGNAL.make(spec("in a worker")).to_dict()
            workers = source.admission.pool.pids()
            assert workers and all(pid != os.getpid() for pid in workers)
            own = os.getpriority(os.PRIO_PROCESS, 0)
            assert os.getpriority(os.PRIO_PROCESS, workers[0]) == min(19, own + 10)
        finally:
            source.close()
        assert source.admission.pool.pids() == []

    run_async(scenario)


def test_a_dead_worker_is_a_503_and_the_next_request_gets_a_new_worker():
    async def scenario():
        source = PuzzleSource(GAMES, workers=1)
        try:
            await source.get(spec("before"))
            [dead] = source.admission.pool.pids()
            os.kill(dead, signal.SIGKILL)
            with pytest.raises(Stopped) as stopped:
                await source.get(spec("during"))
            assert "worker process stopped" in str(stopped.value) and stopped.value.retry_after == 1
            assert (await source.get(spec("after"))).seed == "after"
            assert source.admission.pool.pids() != [dead]
        finally:
            source.close()

    run_async(scenario)


def test_the_app_stops_its_workers_when_it_shuts_down():
    app = create_app(workers=1)
    pool = app.state.admission.pool
    with TestClient(app) as client:
        assert client.get("/api/signal/puzzle?seed=shutdown").status_code == 200
        workers = pool.pids()
    assert pool.pids() == [] and workers and not any(os.path.exists(f"/proc/{pid}") for pid in workers)


def test_stand_in_games_need_generation_in_this_process():
    with pytest.raises(ValueError, match="workers=0"):
        PuzzleSource(held_games(HeldMake()), workers=1)
    PuzzleSource(held_games(HeldMake()), workers=0).close()


def test_a_puzzle_that_cannot_be_made_is_the_engines_refusal_or_a_422():
    calls = []

    def refuse(wanted: PuzzleSpec):
        calls.append(wanted.seed)
        raise GenerationFailed(f"no puzzle of seed {wanted.seed!r}")

    async def scenario():
        source = PuzzleSource(held_games(refuse), workers=0)
        try:
            for _ in range(2):
                with pytest.raises(GenerationFailed, match="no puzzle of seed 'none'"):
                    await source.puzzle_of(spec("none"))
            with pytest.raises(BadRequest, match="no puzzle of seed 'none'") as refused:
                await source.get(spec("none"))
            assert refused.value.status == 422
        finally:
            source.close()

    run_async(scenario)
    assert calls == ["none"]  # the refusal is cached like a puzzle
