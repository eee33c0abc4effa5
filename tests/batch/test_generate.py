"""Running a batch (gridlogic.batch.generate): which seeds go out, what comes back, what stops a run.

Where a test is about the bookkeeping alone (which seeds are sent), the fake
generator of ``conftest.py`` stands in for the real one and says so.
"""

from __future__ import annotations

import dataclasses
from concurrent.futures import ThreadPoolExecutor

import pytest

from gridlogic import GAMES, GenerationFailed, GridlogicError, signal
from gridlogic import batch as batching
from gridlogic.batch import generate

KINDS = ["jsonl", "sqlite"]


@pytest.mark.parametrize("kind", KINDS)
def test_resume_sends_only_missing_seeds_and_writes_each_once(tmp_path, kind, helpers):
    # Bookkeeping only: the fake generator makes the expected content obvious.
    path = tmp_path / f"out.{kind}"
    first = helpers.run_fake(path, 12, chunk_size=4)
    assert (first.generated, first.failed, first.already) == (10, 2, 0)
    calls: list[list[str]] = []
    second = helpers.run_fake(path, 30, chunk_size=4, calls=calls)
    sent = sorted(seed for call in calls for seed in call)
    assert sent == sorted(f"p-{i}" for i in range(12, 30))
    assert (second.already, second.generated, second.failed, second.failures_total) == (12, 14, 4, 6)
    records = helpers.read_output(str(path))
    assert sorted(records) == sorted(f"p-{i}" for i in range(30))
    for i in range(30):
        (outcome,) = helpers.fake_work("", 4, "", [(i, f"p-{i}")]).outcomes
        expected = {"failed": f"no puzzle for p-{i}"} if i % 5 == 4 else outcome.puzzle
        assert records[f"p-{i}"] == expected
    again = helpers.run_fake(path, 30, calls=(calls := []))
    assert calls == [] and again.generated == again.failed == 0 and again.already == 30


def test_a_worker_with_another_version_stops_the_batch(tmp_path, helpers):
    store = helpers.open_fake(tmp_path / "out.jsonl")
    spec = batching.BatchSpec("signal", 4, "any", 3, "p")
    with ThreadPoolExecutor(1) as pool, pytest.raises(GridlogicError, match="version 7.*version 6"):
        generate.run_batch(spec, store, pool, 1, work=helpers.fake_work, version=6)
    store.close()


def test_an_engine_crash_names_its_seed(tmp_path, monkeypatch):
    def crash(spec):
        raise IndexError("list index out of range")

    signal = GAMES["signal"]
    crashing = dataclasses.replace(signal, versions={
        n: dataclasses.replace(v, make=crash) for n, v in signal.versions.items()})
    monkeypatch.setattr(generate, "game_named", lambda name: crashing)
    with pytest.raises(GridlogicError, match=r"seed 'p-0' crashed the signal generator: IndexError"):
        generate.generate_chunk("signal", 4, "any", [(0, "p-0")])


@pytest.mark.parametrize("kind", KINDS)
def test_real_signal_batch_equals_single_generation_whatever_the_chunking(tmp_path, kind, helpers):
    # Size 4 "hard" has seeds that fail (500 attempts without a hard puzzle): both kinds of record.
    expected = {}
    for i in range(14):
        try:
            expected[f"s-{i}"] = signal.generate(4, f"s-{i}", "hard", version=3).to_dict()
        except GenerationFailed as error:
            expected[f"s-{i}"] = {"failed": str(error)}
    assert any("failed" in r for r in expected.values()) and any("seed" in r for r in expected.values())
    outputs = []
    for chunk_size in (1, 4, None):
        path = tmp_path / f"out-{chunk_size}.{kind}"
        store = batching.open_output(str(path), "signal", 4, "hard", 3, "s")
        spec = batching.BatchSpec("signal", 4, "hard", 14, "s", version=3)
        with ThreadPoolExecutor(2) as pool:
            summary = generate.run_batch(spec, store, pool, 2, chunk_size=chunk_size)
        store.close()
        assert summary.generated + summary.failed == 14
        assert summary.failures_total == sum("failed" in r for r in expected.values())
        outputs.append(helpers.read_output(str(path)))
    assert outputs[0] == outputs[1] == outputs[2] == expected
