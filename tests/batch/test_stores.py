"""Output files and the resume bookkeeping of gridlogic.batch, in process.

Most tests here use the real Signal generator. Where a test is about the
bookkeeping alone (which seeds are sent, what is written when), a fake
``work`` function stands in for the generator and says so.
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gridlogic import GAMES, GenerationFailed, GridlogicError, signal
from gridlogic import batch as batching

KINDS = ["jsonl", "sqlite"]


def fake_work(game, size, difficulty, seeds):
    """A stand-in generator: seed "p-i" gives {"seed", "n", "square"}; every 5th index fails."""
    outcomes = []
    for index, seed in seeds:
        if index % 5 == 4:
            outcomes.append(batching.SeedOutcome(index, seed, None, f"no puzzle for {seed}", 0.001))
        else:
            puzzle = {"seed": seed, "n": size, "square": index * index, "version": 7}
            outcomes.append(batching.SeedOutcome(index, seed, puzzle, None, 0.001))
    return batching.ChunkOutcome(7, tuple(outcomes))


def open_fake(path, prefix="p"):
    return batching.open_store(str(path), "signal", 4, "any", 7, prefix)


def run_fake(path, count, *, prefix="p", chunk_size=None, calls=None):
    def recording_work(*args):
        if calls is not None:
            calls.append([seed for _, seed in args[3]])
        return fake_work(*args)

    store = open_fake(path, prefix)
    try:
        spec = batching.BatchSpec("signal", 4, "any", count, store.seed_prefix or prefix)
        with ThreadPoolExecutor(2) as pool:
            return batching.run_batch(
                spec, store, pool, 2, chunk_size=chunk_size, work=recording_work, version=7
            )
    finally:
        store.close()


@pytest.mark.parametrize("kind", KINDS)
def test_resume_sends_only_missing_seeds_and_writes_each_once(tmp_path, kind, helpers):
    # Bookkeeping only: the fake generator makes the expected content obvious.
    path = tmp_path / f"out.{kind}"
    first = run_fake(path, 12, chunk_size=4)
    assert (first.generated, first.failed, first.already) == (10, 2, 0)
    calls: list[list[str]] = []
    second = run_fake(path, 30, chunk_size=4, calls=calls)
    sent = sorted(seed for call in calls for seed in call)
    assert sent == sorted(f"p-{i}" for i in range(12, 30))
    assert (second.already, second.generated, second.failed, second.failures_total) == (12, 14, 4, 6)
    records = helpers.read_output(str(path))
    assert sorted(records) == sorted(f"p-{i}" for i in range(30))
    for i in range(30):
        expected = {"failed": f"no puzzle for p-{i}"} if i % 5 == 4 else fake_work("", 4, "", [(i, f"p-{i}")]).outcomes[0].puzzle
        assert records[f"p-{i}"] == expected
    again = run_fake(path, 30, calls=(calls := []))
    assert calls == [] and again.generated == again.failed == 0 and again.already == 30


@pytest.mark.parametrize("kind", KINDS)
def test_prefix_is_adopted_from_the_file_and_a_different_one_refused(tmp_path, kind):
    path = tmp_path / f"out.{kind}"
    run_fake(path, 3, prefix="first")
    store = open_fake(path, prefix=None)
    assert store.seed_prefix == "first" and store.present == {"first-0", "first-1", "first-2"}
    store.close()
    if kind == "jsonl":
        with pytest.raises(GridlogicError, match="'first'.*'second'"):
            open_fake(path, prefix="second")
    else:  # an SQLite file holds a table per batch: a new prefix is a new batch beside the first
        run_fake(path, 2, prefix="second")
        with pytest.raises(GridlogicError, match="several batches"):
            open_fake(path, prefix=None)
        connection = sqlite3.connect(path)
        names = [row[0] for row in connection.execute("SELECT table_name FROM batches ORDER BY table_name")]
        connection.close()
        assert names == ["signal_4_any_first", "signal_4_any_second"]


@pytest.mark.parametrize("kind", KINDS)
def test_another_game_or_version_in_the_file_is_refused(tmp_path, kind):
    path = tmp_path / f"out.{kind}"
    run_fake(path, 2)
    with pytest.raises(GridlogicError, match="version 7.*version 8"):
        batching.open_store(str(path), "signal", 4, "any", 8, "p")
    if kind == "jsonl":
        with pytest.raises(GridlogicError, match="signal size 4 difficulty any, not signal size 5"):
            batching.open_store(str(path), "signal", 5, "any", 7, None)


@pytest.mark.parametrize("kind", KINDS)
def test_a_second_writer_is_refused_while_the_first_holds_the_file(tmp_path, kind):
    path = tmp_path / f"out.{kind}"
    first = open_fake(path)
    try:
        with pytest.raises(GridlogicError, match="another batch run"):
            open_fake(path)
    finally:
        first.close()


@pytest.mark.parametrize("kind", KINDS)
def test_a_file_created_for_nothing_is_removed(tmp_path, kind):
    path = tmp_path / f"out.{kind}"
    open_fake(path).close()
    assert not path.exists()


def test_torn_last_line_is_truncated_and_reported(tmp_path, helpers):
    path = tmp_path / "out.jsonl"
    run_fake(path, 6, chunk_size=3)
    whole = path.read_bytes()
    cut = whole[: whole.rindex(b"\n", 0, len(whole) - 1) + 20]  # 19 bytes into the last line
    path.write_bytes(cut)
    store = open_fake(path)
    assert "p-5" not in store.present and "p-3" in store.present
    assert any("incomplete last line (19 bytes)" in note for note in store.notes)
    store.close()
    assert path.read_bytes() == whole[: whole.rindex(b"\n", 0, len(whole) - 1) + 1]
    run_fake(path, 6)
    assert path.read_bytes() == whole  # the seed is generated again, the same


def test_a_complete_looking_last_line_without_newline_is_also_torn(tmp_path):
    # A line is written with its newline in one piece, so a missing newline means a cut write,
    # even when what is left happens to be valid JSON.
    path = tmp_path / "out.jsonl"
    run_fake(path, 3)
    path.write_bytes(path.read_bytes()[:-1])
    store = open_fake(path)
    assert "p-2" not in store.present and store.notes
    store.close()


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda lines: lines[:2] + [b"{not json\n"] + lines[3:], "line 3 .* not JSON"),
        (lambda lines: lines[:2] + [b"[1, 2]\n"] + lines[3:], "line 3 .* neither a puzzle"),
        (lambda lines: [b'{"some": "other file"}\n'] + lines[1:], "not a gridlogic batch file"),
    ],
)
def test_damage_other_than_a_torn_tail_is_refused_not_repaired(tmp_path, damage, message):
    path = tmp_path / "out.jsonl"
    run_fake(path, 4)
    damaged = b"".join(damage(path.read_bytes().splitlines(keepends=True)))
    path.write_bytes(damaged)
    with pytest.raises(GridlogicError, match=message):
        open_fake(path)
    assert path.read_bytes() == damaged


def test_a_file_that_is_not_sqlite_is_refused(tmp_path):
    path = tmp_path / "out.sqlite"
    path.write_bytes(b"these are not the bytes of a database, not even close" * 20)
    with pytest.raises(GridlogicError, match="not a usable SQLite database"):
        open_fake(path)


def test_unwritable_outputs(tmp_path):
    with pytest.raises(GridlogicError, match="cannot write"):
        open_fake(tmp_path / "missing-directory" / "out.jsonl")
    (tmp_path / "a-directory.jsonl").mkdir()
    with pytest.raises(GridlogicError, match="cannot write"):
        open_fake(tmp_path / "a-directory.jsonl")


def test_a_worker_with_another_version_stops_the_batch(tmp_path):
    store = open_fake(tmp_path / "out.jsonl")
    spec = batching.BatchSpec("signal", 4, "any", 3, "p")
    with ThreadPoolExecutor(1) as pool, pytest.raises(GridlogicError, match="version 7.*version 6"):
        batching.run_batch(spec, store, pool, 1, work=fake_work, version=6)
    store.close()


def test_an_engine_crash_names_its_seed(tmp_path, monkeypatch):
    def crash(spec):
        raise IndexError("list index out of range")

    crashing = dataclasses.replace(GAMES["signal"], make=crash)
    monkeypatch.setattr(batching, "game_named", lambda name: crashing)
    with pytest.raises(GridlogicError, match=r"seed 'p-0' crashed the signal generator: IndexError"):
        batching.generate_chunk("signal", 4, "any", [(0, "p-0")])


@pytest.mark.parametrize("kind", KINDS)
def test_real_signal_batch_equals_single_generation_whatever_the_chunking(tmp_path, kind, helpers):
    # Size 4 "hard" has seeds that fail (500 attempts without a hard puzzle): both kinds of record.
    expected = {}
    for i in range(14):
        try:
            expected[f"s-{i}"] = signal.generate(4, f"s-{i}", "hard").to_dict()
        except GenerationFailed as error:
            expected[f"s-{i}"] = {"failed": str(error)}
    assert any("failed" in r for r in expected.values()) and any("seed" in r for r in expected.values())
    outputs = []
    for chunk_size in (1, 4, None):
        path = tmp_path / f"out-{chunk_size}.{kind}"
        store = batching.open_store(str(path), "signal", 4, "hard", signal.VERSION, "s")
        spec = batching.BatchSpec("signal", 4, "hard", 14, "s")
        with ThreadPoolExecutor(2) as pool:
            summary = batching.run_batch(spec, store, pool, 2, chunk_size=chunk_size)
        store.close()
        assert summary.generated + summary.failed == 14
        assert summary.failures_total == sum("failed" in r for r in expected.values())
        outputs.append(helpers.read_output(str(path)))
    assert outputs[0] == outputs[1] == outputs[2] == expected


def test_sqlite_rows_carry_the_batch_columns(tmp_path):
    path = tmp_path / "out.sqlite"
    store = batching.open_store(str(path), "signal", 5, "any", signal.VERSION, "cols")
    with ThreadPoolExecutor(1) as pool:
        batching.run_batch(batching.BatchSpec("signal", 5, "any", 3, "cols"), store, pool, 1)
    store.close()
    connection = sqlite3.connect(path)
    rows = connection.execute(
        "SELECT seed, seed_index, game, size, difficulty, version, level, puzzle, generation_seconds "
        "FROM signal_5_any_cols ORDER BY seed_index"
    ).fetchall()
    connection.close()
    assert [row[:6] for row in rows] == [(f"cols-{i}", i, "signal", 5, "any", signal.VERSION) for i in range(3)]
    for seed, *_, level, puzzle, seconds in rows:
        fresh = signal.generate(5, seed, "any")
        assert json.loads(puzzle) == fresh.to_dict()
        assert level == fresh.level
        assert seconds > 0


def test_jsonl_lines_are_exactly_to_dict(tmp_path):
    path = tmp_path / "out.jsonl"
    store = batching.open_store(str(path), "signal", 6, "easy", signal.VERSION, "lines")
    with ThreadPoolExecutor(1) as pool:
        batching.run_batch(batching.BatchSpec("signal", 6, "easy", 2, "lines"), store, pool, 1)
    store.close()
    lines = path.read_text().splitlines()
    assert json.loads(lines[0]) == {
        "gridlogicBatch": 1, "game": "signal", "size": 6, "difficulty": "easy",
        "version": signal.VERSION, "seedPrefix": "lines",
    }
    assert [json.loads(line) for line in lines[1:]] == [
        signal.generate(6, f"lines-{i}", "easy").to_dict() for i in range(2)
    ]


def test_a_failed_write_is_one_clear_error(tmp_path, monkeypatch):
    import errno
    import os

    def full_disk(descriptor):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    store = open_fake(tmp_path / "out.jsonl")
    monkeypatch.setattr(batching.os, "fsync", full_disk)
    spec = batching.BatchSpec("signal", 4, "any", 2, "p")
    with ThreadPoolExecutor(1) as pool, pytest.raises(GridlogicError, match="cannot write .*No space left"):
        batching.run_batch(spec, store, pool, 1, work=fake_work, version=7)
    store.close()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(min_value=0, max_value=10**6))
def test_any_cut_of_a_file_resumes_to_the_whole(tmp_path_factory, cut):
    # Bookkeeping only (fake generator): wherever a crash cuts the file, opening it keeps exactly
    # the complete lines, and resuming gives back every seed once with the same records.
    folder = tmp_path_factory.mktemp("cut")
    whole_path = folder / "whole.jsonl"
    run_fake(whole_path, 9, chunk_size=2)
    whole = whole_path.read_bytes()
    cut %= len(whole) + 1
    path = folder / "cut.jsonl"
    path.write_bytes(whole[:cut])
    kept = whole[: whole.rfind(b"\n", 0, cut) + 1]
    store = open_fake(path)
    complete_records = [json.loads(line) for line in kept.splitlines()[1:]]
    assert store.present == {r.get("seed", r.get("failedSeed")) for r in complete_records}
    assert bool(store.notes) == (cut != len(kept))
    store.close()
    assert path.read_bytes() == kept  # (an existing file, even emptied, is never removed)
    run_fake(path, 9, chunk_size=2)
    lines = path.read_bytes().splitlines()
    assert sorted(lines[1:]) == sorted(whole.splitlines()[1:])
    assert lines[0] == whole.splitlines()[0]
