"""The JSON lines and SQLite outputs of gridlogic.batch.outputs: formats, resume, locking, durability.

Where a test is about the bookkeeping alone (what is written when, what a
damaged file does), the fake generator of ``conftest.py`` stands in for the
real one and says so; the format tests use the real Signal generator.
"""

from __future__ import annotations

import json
import re
import sqlite3
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gridlogic import GridlogicError, InvalidParameters, signal
from gridlogic import batch as batching
from gridlogic.batch import outputs

KINDS = ["jsonl", "sqlite"]


@pytest.mark.parametrize("name", ["out.txt", "out", "out.json", "out.jsonl.gz"])
def test_output_must_be_jsonl_or_sqlite(name):
    with pytest.raises(InvalidParameters, match=re.escape(repr(name))):
        outputs.output_kind(name)


def test_output_kinds():
    assert outputs.output_kind("a/b.JSONL") == "jsonl"
    assert [outputs.output_kind(f"x{s}") for s in (".sqlite", ".sqlite3", ".db")] == ["sqlite"] * 3


@pytest.mark.parametrize("kind", KINDS)
def test_prefix_is_adopted_from_the_file_and_a_different_one_refused(tmp_path, kind, helpers):
    path = tmp_path / f"out.{kind}"
    helpers.run_fake(path, 3, prefix="first")
    store = helpers.open_fake(path, prefix=None)
    assert store.seed_prefix == "first" and store.present == {"first-0", "first-1", "first-2"}
    store.close()
    if kind == "jsonl":
        with pytest.raises(GridlogicError, match="'first'.*'second'"):
            helpers.open_fake(path, prefix="second")
    else:  # an SQLite file holds a table per batch: a new prefix is a new batch beside the first
        helpers.run_fake(path, 2, prefix="second")
        with pytest.raises(GridlogicError, match="several batches"):
            helpers.open_fake(path, prefix=None)
        connection = sqlite3.connect(path)
        names = [row[0] for row in connection.execute("SELECT table_name FROM batches ORDER BY table_name")]
        connection.close()
        assert names == ["signal_4_any_first", "signal_4_any_second"]


@pytest.mark.parametrize("kind", KINDS)
def test_another_game_or_version_in_the_file_is_refused(tmp_path, kind, helpers):
    path = tmp_path / f"out.{kind}"
    helpers.run_fake(path, 2)
    with pytest.raises(GridlogicError, match="version 7.*version 8"):
        outputs.open_output(str(path), "signal", 4, "any", 8, "p")
    if kind == "jsonl":
        with pytest.raises(GridlogicError, match="signal size 4 difficulty any, not signal size 5"):
            outputs.open_output(str(path), "signal", 5, "any", 7, None)


@pytest.mark.parametrize("kind", KINDS)
def test_a_second_writer_is_refused_while_the_first_holds_the_file(tmp_path, kind, helpers):
    path = tmp_path / f"out.{kind}"
    first = helpers.open_fake(path)
    try:
        with pytest.raises(GridlogicError, match="another batch run"):
            helpers.open_fake(path)
    finally:
        first.close()


@pytest.mark.parametrize("kind", KINDS)
def test_a_file_created_for_nothing_is_removed(tmp_path, kind, helpers):
    path = tmp_path / f"out.{kind}"
    helpers.open_fake(path).close()
    assert not path.exists()


def test_torn_last_line_is_truncated_and_reported(tmp_path, helpers):
    path = tmp_path / "out.jsonl"
    helpers.run_fake(path, 6, chunk_size=3)
    whole = path.read_bytes()
    cut = whole[: whole.rindex(b"\n", 0, len(whole) - 1) + 20]  # 19 bytes into the last line
    path.write_bytes(cut)
    store = helpers.open_fake(path)
    assert "p-5" not in store.present and "p-3" in store.present
    assert any("incomplete last line (19 bytes)" in note for note in store.notes)
    store.close()
    assert path.read_bytes() == whole[: whole.rindex(b"\n", 0, len(whole) - 1) + 1]
    helpers.run_fake(path, 6)
    assert path.read_bytes() == whole  # the seed is generated again, the same


def test_a_complete_looking_last_line_without_newline_is_also_torn(tmp_path, helpers):
    # A line is written with its newline in one piece, so a missing newline means a cut write,
    # even when what is left happens to be valid JSON.
    path = tmp_path / "out.jsonl"
    helpers.run_fake(path, 3)
    path.write_bytes(path.read_bytes()[:-1])
    store = helpers.open_fake(path)
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
def test_damage_other_than_a_torn_tail_is_refused_not_repaired(tmp_path, damage, message, helpers):
    path = tmp_path / "out.jsonl"
    helpers.run_fake(path, 4)
    damaged = b"".join(damage(path.read_bytes().splitlines(keepends=True)))
    path.write_bytes(damaged)
    with pytest.raises(GridlogicError, match=message):
        helpers.open_fake(path)
    assert path.read_bytes() == damaged


def test_a_file_that_is_not_sqlite_is_refused(tmp_path, helpers):
    path = tmp_path / "out.sqlite"
    data = b"these are not the bytes of a database, not even close" * 20
    path.write_bytes(data)
    with pytest.raises(GridlogicError, match="not an SQLite database .* left untouched"):
        helpers.open_fake(path)
    assert path.read_bytes() == data


def test_unwritable_outputs(tmp_path, helpers):
    with pytest.raises(GridlogicError, match="cannot write"):
        helpers.open_fake(tmp_path / "missing-directory" / "out.jsonl")
    (tmp_path / "a-directory.jsonl").mkdir()
    with pytest.raises(GridlogicError, match="cannot write"):
        helpers.open_fake(tmp_path / "a-directory.jsonl")


def test_sqlite_rows_carry_the_batch_columns(tmp_path):
    path = tmp_path / "out.sqlite"
    store = outputs.open_output(str(path), "signal", 5, "any", 3, "cols")
    with ThreadPoolExecutor(1) as pool:
        batching.run_batch(batching.BatchSpec("signal", 5, "any", 3, "cols", version=3), store, pool, 1)
    store.close()
    connection = sqlite3.connect(path)
    rows = connection.execute(
        "SELECT seed, seed_index, game, size, difficulty, version, level, puzzle, generation_seconds "
        "FROM signal_5_any_cols ORDER BY seed_index"
    ).fetchall()
    connection.close()
    assert [row[:6] for row in rows] == [(f"cols-{i}", i, "signal", 5, "any", 3) for i in range(3)]
    for seed, *_, level, puzzle, seconds in rows:
        fresh = signal.generate(5, seed, "any", version=3)
        assert json.loads(puzzle) == fresh.to_dict()
        assert level == fresh.level
        assert seconds > 0


def test_jsonl_lines_are_exactly_to_dict(tmp_path):
    path = tmp_path / "out.jsonl"
    store = outputs.open_output(str(path), "signal", 6, "easy", 3, "lines")
    with ThreadPoolExecutor(1) as pool:
        batching.run_batch(batching.BatchSpec("signal", 6, "easy", 2, "lines", version=3), store, pool, 1)
    store.close()
    lines = path.read_text().splitlines()
    assert json.loads(lines[0]) == {
        "gridlogicBatch": 1, "game": "signal", "size": 6, "difficulty": "easy",
        "version": 3, "seedPrefix": "lines",
    }
    assert [json.loads(line) for line in lines[1:]] == [
        signal.generate(6, f"lines-{i}", "easy", version=3).to_dict() for i in range(2)
    ]


def test_a_failed_write_is_one_clear_error(tmp_path, monkeypatch, helpers):
    import errno
    import os

    def full_disk(descriptor):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    store = helpers.open_fake(tmp_path / "out.jsonl")
    monkeypatch.setattr(outputs.jsonl.os, "fsync", full_disk)
    spec = batching.BatchSpec("signal", 4, "any", 2, "p")
    with ThreadPoolExecutor(1) as pool, pytest.raises(GridlogicError, match="cannot write .*No space left"):
        batching.run_batch(spec, store, pool, 1, work=helpers.fake_work, version=7)
    store.close()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(min_value=0, max_value=10**6))
def test_any_cut_of_a_file_resumes_to_the_whole(tmp_path_factory, cut, helpers):
    # Bookkeeping only (fake generator): wherever a crash cuts the file, opening it keeps exactly
    # the complete lines, and resuming gives back every seed once with the same records.
    folder = tmp_path_factory.mktemp("cut")
    whole_path = folder / "whole.jsonl"
    helpers.run_fake(whole_path, 9, chunk_size=2)
    whole = whole_path.read_bytes()
    cut %= len(whole) + 1
    path = folder / "cut.jsonl"
    path.write_bytes(whole[:cut])
    kept = whole[: whole.rfind(b"\n", 0, cut) + 1]
    store = helpers.open_fake(path)
    complete_records = [json.loads(line) for line in kept.splitlines()[1:]]
    assert store.present == {r.get("seed", r.get("failedSeed")) for r in complete_records}
    assert bool(store.notes) == (cut != len(kept))
    store.close()
    assert path.read_bytes() == kept  # (an existing file, even emptied, is never removed)
    helpers.run_fake(path, 9, chunk_size=2)
    lines = path.read_bytes().splitlines()
    assert sorted(lines[1:]) == sorted(whole.splitlines()[1:])
    assert lines[0] == whole.splitlines()[0]
