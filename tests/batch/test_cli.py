"""``gridlogic batch`` as a user runs it: subprocesses, killed and resumed, bad arguments."""

from __future__ import annotations

import importlib.util
import os
import signal
import socket
import sqlite3

import pytest

from gridlogic import GenerationFailed
from gridlogic import signal as signal_game

# Signal size 4 "hard" takes milliseconds a seed (compiled; tens pure) and about a third of its seeds fail:
# a batch of a few dozen seeds runs in several chunks, with both kinds of record.
WORKLOAD = ["signal", "--version", "3", "--size", "4", "--difficulty", "hard", "--count", "60", "--seed-prefix", "kill",
            "--jobs", "2"]
# The batch the interruption tests stop: the same seeds, so many that no machine gets through them before the
# signal. The test sends it once the output holds a few records, and may itself wait for the CPU before it does;
# the 60 seeds above were once all done within 0.3 s, before a SIGINT arrived. 100,000 seeds are about 20 minutes
# of work on two workers here (400 took 4.6 s, compiled) and still seconds on a machine a hundred times faster,
# so the signal finds the batch running whatever the machine's speed and load. The tests check what was written
# against single generation, seed by seed, and resume with the same command, stopped the same way, rather than
# run it to the end.
ENDLESS = 100_000
ENDLESS_WORKLOAD = [*WORKLOAD[:7], "--count", str(ENDLESS), *WORKLOAD[9:]]
NEEDS_DASK = pytest.mark.skipif(
    importlib.util.find_spec("distributed") is None,
    reason="dask.distributed is not installed (pip install 'gridlogic[dask]')",
)


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory, helpers):
    """The records of the workload run in one go, checked against single generation."""
    path = str(tmp_path_factory.mktemp("whole") / "whole.jsonl")
    result = helpers.run_cli(*WORKLOAD, "--out", path)
    assert result.returncode == 0, result.stderr
    records = helpers.read_output(path)
    assert sorted(records) == sorted(f"kill-{i}" for i in range(60))
    for seed in ("kill-0", "kill-1", "kill-2", "kill-3"):
        try:
            assert records[seed] == signal_game.generate(4, seed, "hard", version=3).to_dict()
        except GenerationFailed as error:
            assert records[seed] == {"failed": str(error)}
    assert any("failed" in r for r in records.values()) and any("seed" in r for r in records.values())
    return records


def chunks_written(path: str, at_least: int):
    """Ready once ``path`` holds ``at_least`` puzzles or failures."""

    def ready() -> bool:
        if path.endswith(".jsonl"):
            try:
                with open(path, "rb") as handle:
                    return handle.read().count(b"\n") > at_least
            except FileNotFoundError:
                return False
        if not os.path.exists(path):
            return False
        connection = sqlite3.connect(path, timeout=5)
        try:
            tables = connection.execute("SELECT table_name FROM batches").fetchall()
            return bool(tables) and sum(
                connection.execute(f'SELECT count(*) FROM "{t}{suffix}"').fetchone()[0]
                for (t,) in tables for suffix in ("", "_failures")
            ) >= at_least
        except sqlite3.OperationalError:  # no catalog yet
            return False
        finally:
            connection.close()

    return ready


_ALONE: dict[str, dict] = {}


def generated_alone(seed: str) -> dict:
    """The record of ``seed`` made by single generation: its puzzle's ``to_dict()``, or ``{"failed": message}``."""
    if seed not in _ALONE:
        try:
            _ALONE[seed] = signal_game.generate(4, seed, "hard", version=3).to_dict()
        except GenerationFailed as error:
            _ALONE[seed] = {"failed": str(error)}
    return _ALONE[seed]


def assert_generated_alone(records: dict[str, dict]) -> None:
    assert all(seed.startswith("kill-") and 0 <= int(seed[5:]) < ENDLESS for seed in records)
    for seed, record in records.items():
        assert record == generated_alone(seed), seed


def resume_and_interrupt(path: str, before: dict[str, dict], helpers) -> dict[str, dict]:
    """Run the same command again, stop it with Ctrl+C once it has added 3 records; the output's records then.

    The run must say it resumes from what ``before`` holds, keep those records as they were, add others (no seed
    twice: ``read_output``), each as single generation makes it, and stop as Ctrl+C stops a batch.
    """
    stopped, workers_gone = helpers.interrupt_cli(
        [*ENDLESS_WORKLOAD, "--out", path], chunks_written(path, len(before) + 3), signal.SIGINT
    )
    assert stopped.returncode == 130, stopped.stderr
    assert workers_gone
    failures = sum(1 for record in before.values() if "failed" in record)
    assert f"resuming: {len(before)} of these seeds are already in {path} ({failures} recorded failures)" \
        in stopped.stdout
    after = helpers.read_output(path)
    assert len(before) + 3 <= len(after) < ENDLESS
    assert {seed: after[seed] for seed in before} == before
    assert_generated_alone(after)
    return after


@pytest.mark.parametrize("kind", ["jsonl", "sqlite"])
def test_killed_batch_resumes_where_it_stopped(tmp_path, kind, helpers):
    path = str(tmp_path / f"out.{kind}")
    killed, workers_gone = helpers.interrupt_cli(
        [*ENDLESS_WORKLOAD, "--out", path], chunks_written(path, 3), signal.SIGKILL
    )
    assert killed.returncode == -signal.SIGKILL
    assert workers_gone, "pool workers outlived their killed parent"
    partial = helpers.read_output(path)  # whole lines / a sound database, no seed twice
    assert 3 <= len(partial) < ENDLESS
    assert_generated_alone(partial)
    resume_and_interrupt(path, partial, helpers)


def test_ctrl_c_stops_cleanly_and_the_same_command_resumes(tmp_path, helpers):
    path = str(tmp_path / "out.jsonl")
    stopped, workers_gone = helpers.interrupt_cli(
        [*ENDLESS_WORKLOAD, "--out", path], chunks_written(path, 3), signal.SIGINT
    )
    assert stopped.returncode == 130
    assert workers_gone
    last = stopped.stderr.strip().splitlines()[-1]
    assert "interrupted" in last and "run the same command again to resume" in last
    assert "Traceback" not in stopped.stderr
    partial = helpers.read_output(path)
    assert 3 <= len(partial) < ENDLESS
    assert_generated_alone(partial)
    assert f"interrupted; {len(partial)} of {ENDLESS} seeds are in {path}" in last  # counted = written
    with open(path, "rb") as handle:
        written = handle.read()
    resume_and_interrupt(path, partial, helpers)
    with open(path, "rb") as handle:
        assert handle.read().startswith(written)  # the resumed run only appended


def test_a_torn_line_from_a_crash_is_reported_and_regenerated(tmp_path, helpers, uninterrupted):
    path = tmp_path / "out.jsonl"
    assert helpers.run_cli(*WORKLOAD[:7], "--count", "12", *WORKLOAD[9:], "--out", str(path)).returncode == 0
    whole = path.read_bytes()
    path.write_bytes(whole[:-25])
    resumed = helpers.run_cli(*WORKLOAD[:7], "--count", "12", *WORKLOAD[9:], "--out", str(path))
    assert resumed.returncode == 0
    assert "note: removed an incomplete last line" in resumed.stdout
    assert path.read_bytes() == whole
    assert helpers.read_output(str(path)) == {f"kill-{i}": uninterrupted[f"kill-{i}"] for i in range(12)}


def test_default_prefix_is_printed_and_adopted_when_rerun(tmp_path, helpers):
    path = str(tmp_path / "daily.sqlite")
    args = ["signal", "--size", "5", "--difficulty", "any", "--count", "30", "--out", path]
    first = helpers.run_cli(*args)
    assert first.returncode == 0, first.stderr
    prefix = first.stdout.split("'")[1]
    assert f"--seed-prefix {prefix}" in first.stdout
    assert sorted(helpers.read_output(path)) == sorted(f"{prefix}-{i}" for i in range(30))
    assert "difficulty  " in first.stdout  # the distribution of levels, asked for "any"
    levels = first.stdout.split("difficulty  ")[1].splitlines()[0]
    assert sum(int(part.split()[1]) for part in levels.split(", ")) == 30
    again = helpers.run_cli(*args[:-3], "40", "--out", path)
    assert f"resuming: 30 of these seeds are already in {path}" in again.stdout
    assert sorted(helpers.read_output(path)) == sorted(f"{prefix}-{i}" for i in range(40))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["chess", "--size", "5", "--difficulty", "any", "--count", "3"], "unknown game 'chess'"),
        (["signal", "--size", "5", "--difficulty", "any", "--count", "0"],
         "count must be a whole number of at least 1, not 0"),
        (["signal", "--size", "5", "--difficulty", "any", "--count", "-3"],
         "count must be a whole number of at least 1, not -3"),
        (["signal", "--version", "3", "--size", "7", "--difficulty", "any", "--count", "3"],
         "Signal size must be a square side, 4, 5 or 6, not 7"),
        (["signal", "--size", "5", "--difficulty", "wild", "--count", "3"],
         "unknown difficulty 'wild' for Signal version 4"),
        (["pattern", "--size", "5", "--difficulty", "hard", "--count", "3", "--version", "1"],
         "unknown difficulty 'hard' for Pattern version 1"),
        (["signal", "--size", "5", "--difficulty", "any"], "--count is required"),
        (["signal", "--size", "5", "--difficulty", "any", "--count", "3", "--out", "{tmp}/no/such/dir/x.jsonl"],
         "cannot write"),
        (["signal", "--size", "5", "--difficulty", "any", "--count", "3", "--out", "{tmp}"], "file name"),
        (["signal", "--size", "5", "--difficulty", "any", "--count", "3", "--out", "{tmp}/dir.jsonl"],
         "cannot write"),
        (["signal", "--size", "5", "--difficulty", "any", "--count", "3", "--out", "{tmp}/no/dir/x.sqlite"],
         "cannot write"),
        pytest.param(
            ["signal", "--size", "5", "--difficulty", "any", "--count", "3", "--executor", "dask://127.0.0.1:{port}"],
            "no Dask scheduler answered at 'tcp://127.0.0.1:", marks=NEEDS_DASK,
        ),
        (["signal", "--size", "5", "--difficulty", "any", "--count", "3", "--executor", "yarn"],
         "executor 'yarn' is not allowed"),
        (["signal", "--size", "5", "--difficulty", "any", "--count", "3", "--jobs", "0"],
         "jobs must be a whole number of at least 1, not 0"),
        (["--verify", "{tmp}/missing.jsonl"], "cannot read"),
        (["--verify", "{tmp}/x.jsonl", "signal"], "--verify FILE takes no GAME"),
        ([], "name a GAME"),
    ],
)
def test_bad_arguments_get_one_line_and_a_nonzero_exit(tmp_path, helpers, args, fragment):
    (tmp_path / "dir.jsonl").mkdir()
    port = free_port()
    args = [a.format(tmp=tmp_path, port=port) for a in args]
    result = helpers.run_cli(*args, cwd=str(tmp_path))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and fragment in result.stderr, result.stderr
    assert result.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir.jsonl"]  # nothing left behind
