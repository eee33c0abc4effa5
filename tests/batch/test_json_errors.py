"""Batch files whose JSON json.loads raises on: refused in one line (JSONL) or reported (SQLite), no traceback."""

from __future__ import annotations

import sqlite3
import sys

import pytest

BATCH = ["signal", "--size", "4", "--difficulty", "easy", "--count", "3", "--seed-prefix", "j"]
TOO_LONG = "7" * (sys.get_int_max_str_digits() + 1)


def make_batch(helpers, path) -> None:
    result = helpers.run_cli(*BATCH, "--out", str(path))
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    "line, reason",
    [
        (b"[" * 100_000, "it is nested too deeply"),
        (b'{"seed": "j-1", "n": ' + TOO_LONG.encode() + b"}", "it holds an integer of more than"),
        (b'{"seed": "j-1", "n": NaN}', "NaN is not JSON"),
    ],
    ids=["deep", "long-int", "nan"],
)
def test_a_jsonl_line_json_loads_raises_on_is_refused_in_one_line(tmp_path, helpers, line, reason):
    path = tmp_path / "out.jsonl"
    make_batch(helpers, path)
    lines = path.read_bytes().splitlines(keepends=True)
    damaged = b"".join([lines[0], lines[1], line + b"\n", *lines[3:]])
    path.write_bytes(damaged)
    expected = f"line 3 of {str(path)!r} is not JSON ({reason}"
    for args in (["--verify", str(path)], [*BATCH, "--out", str(path)]):
        result = helpers.run_cli(*args)
        assert result.returncode == 2, result.stderr
        assert "Traceback" not in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1
        assert expected in result.stderr and "the file is damaged" in result.stderr
    assert path.read_bytes() == damaged


@pytest.mark.parametrize("stored", ["[" * 100_000, "[1, 2]", f"[{TOO_LONG}]"], ids=["deep", "list", "long-int"])
def test_a_sqlite_puzzle_json_loads_raises_on_is_a_discrepancy(tmp_path, helpers, stored):
    path = tmp_path / "out.sqlite"
    make_batch(helpers, path)
    connection = sqlite3.connect(path)
    try:
        (table,) = connection.execute("SELECT table_name FROM batches").fetchone()
        connection.execute(f'UPDATE "{table}" SET puzzle = ? WHERE seed = ?', (stored, "j-1"))
        connection.commit()
    finally:
        connection.close()
    result = helpers.run_cli("--verify", str(path))
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert "j-1  differs from a fresh generation" in result.stdout
