"""The admission rule: estimates from the measured table, a queue bounded in estimated seconds, fair shares.

The work is held on a threading.Event in an InlinePool (a thread of this process) where a test needs
it unfinished; the deadline is checked with a real worker process and a task that sleeps for an hour.
"""

from __future__ import annotations

import asyncio
import dataclasses
import math
import threading
import time

import pytest
from web_helpers import failing_signal_case, run_async

from gridlogic import GAMES, GenerationFailed
from gridlogic.game import IMPORTED
from gridlogic.game.registry import GAME_MODULES, load_game
from gridlogic.web import tasks
from gridlogic.web.admission import (
    DEFAULT_SECONDS,
    GENERATE,
    HINT,
    IMPORT,
    REQUESTER,
    Admission,
    Busy,
    CostKey,
    Costs,
    Decision,
    OverShare,
    Stopped,
    interpolate,
)
from gridlogic.web.pool import InlinePool, WorkerPool

KEY = CostKey("signal", 4, 25, 25, "hard")
TABLE = {"hint": {"signal.4.hard.": [[625, 4.0]]}}


def held() -> tuple[threading.Event, object]:
    go = threading.Event()

    def task(value: object) -> object:
        assert go.wait(timeout=60), "never released"
        return value

    return go, task


def test_the_module_docstring_example():
    async def example():
        admission = Admission(InlinePool(), Costs(TABLE), queue_seconds=10)
        go, task = held()
        try:
            a = admission.admit(HINT, KEY, requester="198.51.100.7")
            b = admission.admit(HINT, KEY, requester="203.0.113.5")
            with pytest.raises(Busy) as busy:
                admission.admit(HINT, KEY, requester="192.0.2.1")
            assert busy.value.retry_after == 2 and "about 12 s, past the 10 s a request may wait" in str(busy.value)
            with pytest.raises(OverShare) as over:
                admission.admit(HINT, KEY, requester="198.51.100.7")
            assert over.value.retry_after == 4 and "up to 2.5 s of work" in str(over.value)
            assert admission.in_flight == 2
            first = asyncio.create_task(admission.execute(a, task, "a"))
            second = asyncio.create_task(admission.execute(b, task, "b"))
            go.set()
            assert (await first, await second) == ("a", "b")
            assert admission.in_flight == 0
            admission.admit(HINT, KEY, requester="192.0.2.1")  # room again
        finally:
            admission.close()

    run_async(example)


def test_interpolation_is_log_log_between_points_and_at_least_proportional_past_them():
    series = [[100, 0.1], [400, 1.6]]
    assert interpolate(series, 50) == pytest.approx(0.1)  # below the smallest: its time
    assert interpolate(series, 100) == pytest.approx(0.1)
    assert interpolate(series, 200) == pytest.approx(0.4)  # slope 2 in log-log: twice the cells, 4 times
    assert interpolate(series, 800) == pytest.approx(6.4)  # the last slope goes on
    assert interpolate([[100, 1.0], [400, 1.0]], 800) == pytest.approx(2.0)  # at least in proportion
    assert interpolate([[100, 1.0]], 300) == pytest.approx(3.0)


def test_a_series_not_in_the_table_borrows_the_slowest_of_its_nearest_relatives():
    costs = Costs({"generate": {"loop.2.hard.": [[100, 1.0]], "loop.2.easy.": [[100, 0.1]],
                                "loop.1.hard.": [[100, 9.0]], "signal.4.any.": [[100, 20.0]]}})
    assert costs.table_seconds(GENERATE, CostKey("loop", 2, 10, 10, "hard")) == pytest.approx(1.0)
    assert costs.table_seconds(GENERATE, CostKey("loop", 2, 10, 10, "hard", "x")) == pytest.approx(1.0)
    assert costs.table_seconds(GENERATE, CostKey("loop", 2, 10, 10, "expert")) == pytest.approx(1.0)
    assert costs.table_seconds(GENERATE, CostKey("loop", 3, 10, 10, "hard")) == pytest.approx(9.0)
    assert costs.table_seconds(GENERATE, CostKey("chess", 1, 10, 10)) == pytest.approx(20.0)
    # a kind not measured at all (no hint in this table, the studio's analysis in the shipped one)
    # borrows from every kind measured; an empty table gives the default
    assert costs.table_seconds(HINT, CostKey("signal", 4, 10, 10)) == pytest.approx(20.0)
    assert costs.table_seconds(HINT, CostKey("loop", 3, 10, 10, "hard")) == pytest.approx(9.0)
    assert Costs({}).table_seconds(HINT, CostKey("loop", 2, 10, 10)) == DEFAULT_SECONDS


def test_the_estimate_learns_what_a_key_takes_here():
    costs = Costs({"generate": {"loop.2.hard.": [[100, 1.0]]}})
    key = CostKey("loop", 2, 10, 10, "hard")
    costs.observe(GENERATE, key, 3.0)
    assert costs.estimate(GENERATE, key) == pytest.approx(3.0)  # a new slowest replaces it at once
    costs.observe(GENERATE, key, 1.0)
    assert costs.estimate(GENERATE, key) == pytest.approx(2.6)  # a faster one pulls it down by a fifth
    other = CostKey("loop", 2, 5, 5, "hard")  # not seen: the table, scaled by this machine's pace
    assert costs.pace == pytest.approx(0.9 * (0.9 + 0.1 * 3.0) + 0.1 * 1.0)
    assert costs.estimate(GENERATE, other) == pytest.approx(1.0 * costs.pace)


def test_a_fast_machine_keeps_the_tables_estimates_of_what_it_has_not_seen():
    costs = Costs({"generate": {"loop.2.hard.": [[100, 1.0]]}})
    for _ in range(20):
        costs.observe(GENERATE, CostKey("loop", 2, 10, 10, "hard"), 0.1)
    assert costs.pace < 1 and costs.estimate(GENERATE, CostKey("loop", 2, 5, 5, "hard")) == pytest.approx(1.0)


def test_the_shipped_table_measures_every_kind_of_work_of_every_game():
    # The package's games (a game registered from elsewhere, the suite's Lights, is estimated from
    # its nearest relatives until benchmarks/work_costs.py measures it).
    table = Costs.shipped().table
    for game in (load_game(module) for module in GAME_MODULES):
        for version in game.versions.values():
            for difficulty in version.difficulties:
                flags = [""] + [letter for option in version.options for letter in option.letters[1:]]
                for flag in flags:
                    series = f"{game.name}.{version.number}.{difficulty}.{flag}"
                    assert series in table[GENERATE], f"no generation time of {series}"
                    if game.hints is not None:
                        assert series in table[HINT], f"no hint time of {series}"
        if game.imports is not None:
            series = f"{game.name}.{IMPORTED}.{game.imports.format}."
            largest = max(cells for cells, _ in table[IMPORT][series])
            assert largest == game.imports.max_side ** 2, f"{series} is not measured at its largest board"


def test_a_50x50_import_is_estimated_at_its_whole_time_limit_from_the_first_request():
    costs = Costs.shipped()
    pattern = GAMES["pattern"]
    limit = pattern.imports.limits["budget"]
    estimate = costs.estimate(IMPORT, CostKey("pattern", IMPORTED, 50, 50, pattern.imports.format))
    assert limit <= estimate <= 1.1 * limit


def test_one_requester_may_have_a_few_requests_in_flight():
    admission = Admission(InlinePool(), Costs({"hint": {"signal.4.any.": [[16, 0.01]]}}), client_jobs=3)
    key = CostKey("signal", 4, 4, 4)
    for _ in range(3):
        admission.admit(HINT, key, requester="192.0.2.1")
    with pytest.raises(OverShare, match="at most 3 at once"):
        admission.admit(HINT, key, requester="192.0.2.1")
    admission.admit(HINT, key, requester="192.0.2.2")  # another address has its own share
    for _ in range(10):
        admission.admit(HINT, key, requester=None)  # background work has no share
    assert admission.in_flight == 14


def test_the_requester_comes_from_the_context_and_observers_see_every_decision():
    admission = Admission(InlinePool(), Costs(TABLE), queue_seconds=10)
    seen: list[Decision] = []
    admission.observers.append(seen.append)
    token = REQUESTER.set("192.0.2.1")
    try:
        admission.admit(HINT, KEY)
        with pytest.raises(OverShare):
            admission.admit(HINT, KEY)
    finally:
        REQUESTER.reset(token)
    assert [(d.requester, d.estimate, type(d.refusal).__name__) for d in seen] == [
        ("192.0.2.1", 4.0, "NoneType"), ("192.0.2.1", 4.0, "OverShare")]


def test_a_task_past_its_deadline_is_stopped_and_its_key_learns_the_time(monkeypatch):
    from gridlogic.web import admission as module

    monkeypatch.setattr(module, "DEADLINE_SECONDS", 0.5)
    monkeypatch.setattr(module, "DEADLINE_FACTOR", 0.0)

    async def scenario():
        admission = Admission(WorkerPool(1), Costs({"hint": {"signal.4.any.": [[16, 0.01]]}}))
        key = CostKey("signal", 4, 4, 4)
        try:
            with pytest.raises(Stopped, match="took longer than 0.5 s") as stopped:
                await admission.run(HINT, key, time.sleep, 3600)
            assert stopped.value.retry_after == 60 and admission.in_flight == 0
            assert admission.estimate(HINT, key) == pytest.approx(0.5)
            return await admission.run(HINT, key, math.factorial, 5)
        finally:
            admission.close()

    assert run_async(scenario) == 120


def test_a_task_names_a_registered_game_by_name_and_a_stand_in_by_its_record():
    signal = GAMES["signal"]
    stand_in = dataclasses.replace(signal, title="Stand-in")
    assert tasks.token_of(signal) == "signal" and tasks.game_of("signal") is signal
    assert tasks.token_of(stand_in) is stand_in and tasks.game_of(stand_in) is stand_in
    size, seed, difficulty = failing_signal_case()
    refused = tasks.make("signal", signal.spec(size, seed, difficulty, version=3))
    assert isinstance(refused, GenerationFailed)  # a value, to be cached like a puzzle
    puzzle = signal.make(signal.spec(5, "hint me"))
    given, after = tasks.hint("signal", puzzle, signal.hints.start(puzzle))
    assert given["status"] == "step" and after != signal.hints.start(puzzle)
