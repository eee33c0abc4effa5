"""``gridlogic batch --verify`` (gridlogic.batch.verify) on good, tampered, old and torn batch files."""

from __future__ import annotations

import json
import sqlite3

import pytest

from gridlogic import signal as signal_game
from gridlogic.signal.board import rotate


@pytest.fixture(scope="module")
def small_batches(tmp_path_factory, helpers):
    """A JSON lines and an SQLite batch file of 10 seeds of Signal 4 hard (some failures)."""
    folder = tmp_path_factory.mktemp("verify")
    paths = {}
    for kind in ("jsonl", "sqlite"):
        paths[kind] = folder / f"good.{kind}"
        args = ["signal", "--size", "4", "--difficulty", "hard", "--count", "10", "--seed-prefix", "v"]
        assert helpers.run_cli(*args, "--out", str(paths[kind])).returncode == 0
    return paths


@pytest.mark.parametrize("kind", ["jsonl", "sqlite"])
def test_verify_passes_on_a_good_file(helpers, small_batches, kind):
    result = helpers.run_cli("--verify", str(small_batches[kind]), "--jobs", "2")
    assert result.returncode == 0, result.stdout + result.stderr
    records = helpers.read_output(str(small_batches[kind]))
    puzzles = sum("seed" in r for r in records.values())
    rows = {line[:36].strip(): line[36:].split() for line in result.stdout.splitlines() if line.startswith("  ")}
    assert rows["regenerated from seed, equal"] == [str(puzzles), "0"]
    assert rows["re-solved, exactly one solution"] == [str(puzzles), "0"]
    assert rows["recorded failure fails again"] == [str(10 - puzzles), "0"]
    assert result.stdout.rstrip().endswith("result: OK, no discrepancy")


def tamper_jsonl(path, change):
    lines = path.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if '"seed"' in line and i > 0)
    record = json.loads(lines[index])
    change(record)
    lines[index] = json.dumps(record)
    path.write_text("\n".join(lines) + "\n")
    return record.get("seed", "-")


def rotate_a_tile(record):
    tiles = record["shuffled"]
    k = next(i for i, tile in enumerate(tiles) if rotate(tile) != tile)  # not a cross
    tiles[k] = rotate(tiles[k])


@pytest.mark.parametrize(
    "change, fragment",
    [
        (rotate_a_tile, "differs from a fresh generation in shuffled"),
        (lambda r: r["answer"].__setitem__(0, r["answer"][0] ^ 15), "differs from a fresh generation in answer"),
    ],
)
def test_verify_fails_on_a_tampered_jsonl_file(tmp_path, helpers, small_batches, change, fragment):
    path = tmp_path / "tampered.jsonl"
    path.write_bytes(small_batches["jsonl"].read_bytes())
    seed = tamper_jsonl(path, change)
    result = helpers.run_cli("--verify", str(path))
    assert result.returncode == 1
    assert any(line.split()[:1] == [seed] and fragment in line for line in result.stdout.splitlines())
    assert "result: OK" not in result.stdout


def test_verify_reports_an_answer_that_is_not_the_unique_solution(tmp_path, helpers, small_batches):
    # An answer tile that is not a rotation of its shuffled tile: regeneration differs, and the
    # puzzle as stored does not re-solve to its answer.
    path = tmp_path / "tampered.jsonl"
    path.write_bytes(small_batches["jsonl"].read_bytes())
    tamper_jsonl(path, lambda r: r["answer"].__setitem__(0, r["answer"][0] ^ 15))
    result = helpers.run_cli("--verify", str(path))
    rows = {line[:36].strip(): line[36:].split() for line in result.stdout.splitlines() if line.startswith("  ")}
    assert rows["re-solved, exactly one solution"][1] == "1"


def test_verify_fails_on_a_tampered_sqlite_file(tmp_path, helpers, small_batches):
    path = tmp_path / "tampered.sqlite"
    path.write_bytes(small_batches["sqlite"].read_bytes())
    connection = sqlite3.connect(path)
    (table,) = connection.execute("SELECT table_name FROM batches").fetchone()
    seed, text = connection.execute(f'SELECT seed, puzzle FROM "{table}" ORDER BY seed_index').fetchone()
    puzzle = json.loads(text)
    puzzle["attempt"] += 1
    with connection:
        connection.execute(f'UPDATE "{table}" SET puzzle = ? WHERE seed = ?', (json.dumps(puzzle), seed))
    connection.close()
    result = helpers.run_cli("--verify", str(path))
    assert result.returncode == 1
    assert any(line.split()[:1] == [seed] and "in attempt" in line for line in result.stdout.splitlines())


def test_verify_fails_when_the_version_is_not_one_this_gridlogic_has(tmp_path, helpers, small_batches):
    path = tmp_path / "old.jsonl"
    lines = small_batches["jsonl"].read_text().splitlines()
    header = json.loads(lines[0])
    header["version"] = min(signal_game.GAME.versions) - 1
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    result = helpers.run_cli("--verify", str(path))
    assert result.returncode == 1
    assert f"made by signal generator version {header['version']}" in result.stdout
    assert f"this gridlogic has version {', '.join(map(str, sorted(signal_game.GAME.versions)))}" in result.stdout
    # ... and the batch command refuses to add puzzles of another version to it.
    resumed = helpers.run_cli("signal", "--size", "4", "--difficulty", "hard", "--count", "10", "--out", str(path))
    assert resumed.returncode == 2 and "cannot mix versions" in resumed.stderr


def test_verify_reports_a_torn_last_line_without_touching_the_file(tmp_path, helpers, small_batches):
    path = tmp_path / "torn.jsonl"
    path.write_bytes(small_batches["jsonl"].read_bytes()[:-9])
    before = path.read_bytes()
    result = helpers.run_cli("--verify", str(path))
    assert result.returncode == 1 and "the last line is incomplete" in result.stdout
    assert path.read_bytes() == before


def test_verify_reports_records_that_do_not_load_and_goes_on(tmp_path, helpers, small_batches):
    # the cases: one record with metrics.score "abc", one with attempt 1e999
    path = tmp_path / "bad-records.jsonl"
    lines = small_batches["jsonl"].read_text().splitlines()
    puzzles = [i for i, line in enumerate(lines) if i > 0 and '"seed"' in line]
    first, second = json.loads(lines[puzzles[0]]), json.loads(lines[puzzles[1]])
    first["metrics"]["score"] = "abc"
    lines[puzzles[0]] = json.dumps(first)
    lines[puzzles[1]] = json.dumps(second).replace(f'"attempt": {second["attempt"]}', '"attempt": 1e999')
    path.write_text("\n".join(lines) + "\n")
    result = helpers.run_cli("--verify", str(path))
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert f"{first['seed']}  the stored puzzle does not load: 'metrics'.score must be a whole number" in result.stdout
    assert f"{second['seed']}  the stored puzzle does not load: 'attempt' must be a whole number" in result.stdout
    rows = {line[:36].strip(): line[36:].split() for line in result.stdout.splitlines() if line.startswith("  ")}
    assert rows["re-solved, exactly one solution"] == [str(len(puzzles) - 2), "2"]  # the others were checked
