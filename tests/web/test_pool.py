"""WorkerPool: real worker processes, first come first served, recycled by count or memory, stopped when overdue.

The tasks are functions of the standard library (a worker process imports them by name); nothing
here measures time: a task that must outlast its deadline sleeps for an hour.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time

import pytest
from web_helpers import run_async

from gridlogic.errors import InvalidParameters
from gridlogic.params import check_seed
from gridlogic.web.pool import InlinePool, Overran, WorkerPool, WorkerStopped


def test_the_module_docstring_example():
    async def example():
        pool = WorkerPool(1)
        try:
            reply = await pool.run(pow, 2, 10)
            assert (reply.value, reply.error) == (1024, None)
            assert reply.seconds >= 0 and reply.pid != os.getpid() and pool.pids() == [reply.pid]
            with pytest.raises(Overran, match="took longer than 0.5 s"):
                await pool.run(time.sleep, 3600, deadline=0.5)
            assert reply.pid not in pool.pids()  # killed; the next task gets a fresh worker
            assert (await pool.run(pow, 3, 3)).value == 27
        finally:
            pool.close()
        assert pool.pids() == []

    run_async(example)


def test_tasks_run_first_come_first_served():
    async def scenario():
        pool = WorkerPool(1)
        finished: list[int] = []

        async def one(k: int) -> None:
            await pool.run(pow, k, 2)
            finished.append(k)

        try:
            await asyncio.gather(*(one(k) for k in range(12)))
        finally:
            pool.close()
        return finished

    assert run_async(scenario) == list(range(12))


def test_a_worker_is_replaced_after_its_tasks():
    async def scenario():
        pool = WorkerPool(1, max_tasks=2)
        try:
            return [(await pool.run(os.getpid)).value for _ in range(6)], pool.recycled
        finally:
            pool.close()

    pids, recycled = run_async(scenario)
    assert pids[0] == pids[1] != pids[2] == pids[3] != pids[4] == pids[5] and recycled == 3


def test_a_worker_past_its_memory_is_replaced_after_its_task():
    async def scenario():
        pool = WorkerPool(1, max_resident=1)  # every worker is past a byte
        try:
            return [(await pool.run(os.getpid)).value for _ in range(3)], pool.recycled
        finally:
            pool.close()

    pids, recycled = run_async(scenario)
    assert len(set(pids)) == 3 and recycled == 3


def test_errors_come_back_and_unexpected_ones_carry_the_workers_traceback():
    async def scenario():
        pool = WorkerPool(1)
        try:
            unexpected = await pool.run(int, "not a number")
            refusal = await pool.run(check_seed, 5)
            return unexpected, refusal, await pool.run(pow, 2, 2)
        finally:
            pool.close()

    unexpected, refusal, after = run_async(scenario)
    assert isinstance(unexpected.error, ValueError)
    assert any("in the worker process" in note and "Traceback" in note for note in unexpected.error.__notes__)
    with pytest.raises(InvalidParameters, match="seed must be a str"):
        refusal.result()
    assert not getattr(refusal.error, "__notes__", None)  # a refusal of the library is a message, not a bug
    assert after.value == 4  # the worker goes on after a task that failed


def test_a_worker_killed_from_outside_is_a_stopped_task_and_a_fresh_worker_takes_its_place():
    async def scenario():
        pool = WorkerPool(1)
        try:
            [first] = [(await pool.run(os.getpid)).value]
            os.kill(first, signal.SIGKILL)
            with pytest.raises(WorkerStopped, match="worker process stopped"):
                await pool.run(os.getpid)
            return first, (await pool.run(os.getpid)).value
        finally:
            pool.close()

    first, second = run_async(scenario)
    assert first != second


def test_a_caller_that_goes_away_leaves_its_worker_to_finish_and_serve_the_next():
    async def scenario():
        pool = WorkerPool(1)
        try:
            started = await pool.run(os.getpid)
            gone = asyncio.create_task(pool.run(pow, 7, 2))
            await asyncio.sleep(0)
            gone.cancel()
            with pytest.raises(asyncio.CancelledError):
                await gone
            return started.value, (await pool.run(os.getpid)).value
        finally:
            pool.close()

    before, after = run_async(scenario)
    assert before == after  # the same worker, free again


def test_a_task_that_cannot_travel_is_refused_in_the_server():
    async def scenario():
        pool = WorkerPool(1)
        try:
            with pytest.raises(Exception, match="pickle|lambda"):
                await pool.run(lambda: 1)
            return pool.pids()
        finally:
            pool.close()

    assert run_async(scenario) == []  # refused before any worker was needed


def test_the_inline_pool_runs_in_this_process():
    async def scenario():
        pool = InlinePool()
        try:
            return await pool.run(lambda: os.getpid())
        finally:
            pool.close()

    reply = run_async(scenario)
    assert reply.value == os.getpid() == reply.pid and reply.error is None
