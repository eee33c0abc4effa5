"""Helpers shared by the batch tests: running the CLI in a subprocess, reading outputs back, and a
stand-in generator for tests of the bookkeeping alone."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

import pytest

from gridlogic import batch as batching

CLI = [sys.executable, "-m", "gridlogic.cli", "batch"]


def read_output(path: str) -> dict[str, dict]:
    """seed -> record: a puzzle's to_dict(), or {"failed": message}; a seed twice is an error."""
    records: dict[str, dict] = {}

    def add(seed: str, record: dict) -> None:
        assert seed not in records, f"seed {seed!r} is in {path} twice"
        records[seed] = record

    if path.endswith(".jsonl"):
        with open(path, "rb") as handle:
            data = handle.read()
        assert data.endswith(b"\n"), "the file ends in the middle of a line"
        lines = data.decode("ascii").splitlines()
        header = json.loads(lines[0])
        assert header["gridlogicBatch"] == 1
        for line in lines[1:]:
            value = json.loads(line)
            if "failedSeed" in value:
                add(value["failedSeed"], {"failed": value["message"]})
            else:
                add(value["seed"], value)
        return records
    connection = sqlite3.connect(path)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        tables = [row[0] for row in connection.execute("SELECT table_name FROM batches")]
        for table in tables:
            for seed, puzzle in connection.execute(f'SELECT seed, puzzle FROM "{table}"'):
                add(seed, json.loads(puzzle))
            for seed, message in connection.execute(f'SELECT seed, message FROM "{table}_failures"'):
                add(seed, {"failed": message})
    finally:
        connection.close()
    return records


def run_cli(*args: str, cwd: str | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*CLI, *args], check=False, capture_output=True, text=True, cwd=cwd, timeout=timeout
    )


def _session_alive(session: int) -> bool:
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            # fields[0] is the state, fields[3] the session id; a zombie is already gone.
            if int(fields[3]) == session and fields[0] != "Z":
                return True
    return False


def _started_with_ctrl_c(command: list[str], cwd: str | None) -> subprocess.Popen:
    """``command`` started in its own session with Ctrl+C (SIGINT) at its default, as in a terminal.

    A suite started as a background job (``make test &`` from a script) inherits SIGINT ignored, and an
    ignored signal stays ignored across ``exec``: the batch would never see the Ctrl+C these tests send.
    While this process handles SIGINT itself, a child starts with it at its default."""
    inherited = signal.getsignal(signal.SIGINT)
    if inherited == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd,
                                start_new_session=True)
    finally:
        if inherited == signal.SIG_IGN:
            signal.signal(signal.SIGINT, signal.SIG_IGN)


def interrupt_cli(
    args: list[str], ready: Callable[[], bool], how: int, cwd: str | None = None
) -> tuple[subprocess.CompletedProcess, bool]:
    """Start the CLI in its own session, wait until ``ready()``, send ``how``; (result, leftovers gone)."""
    process = _started_with_ctrl_c([*CLI, *args], cwd)
    try:
        deadline = time.monotonic() + 60
        while not ready():
            assert process.poll() is None, "the batch ended before it could be interrupted"
            assert time.monotonic() < deadline, "the batch never wrote its first chunk"
            time.sleep(0.01)
        if how == signal.SIGKILL:
            process.kill()  # the main process only, as a crash would
        else:
            os.killpg(process.pid, how)  # the whole group, as Ctrl+C in a terminal does
        stdout, stderr = process.communicate(timeout=60)
        # Orphaned pool workers notice their parent is gone and leave on their own.
        deadline = time.monotonic() + 30
        while _session_alive(process.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        gone = not _session_alive(process.pid)
        return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr), gone
    finally:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait()


def fake_work(game, size, difficulty, seeds, version=None):
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
    """The store of a fake batch (Signal size 4 "any", version 7) at ``path``."""
    return batching.open_output(str(path), "signal", 4, "any", 7, prefix)


def run_fake(path, count, *, prefix="p", chunk_size=None, calls=None):
    """A fake batch of ``count`` seeds run into ``path``; ``calls`` collects the seeds of each chunk."""

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


@pytest.fixture(scope="session")
def helpers() -> SimpleNamespace:
    """The helpers above, for test modules (which cannot import conftest under importlib mode)."""
    return SimpleNamespace(
        read_output=read_output, run_cli=run_cli, interrupt_cli=interrupt_cli,
        fake_work=fake_work, open_fake=open_fake, run_fake=run_fake,
    )
