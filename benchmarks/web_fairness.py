"""Is every client treated fairly? A cheap request's latency alone and under each hostile load, before and after.

Starts ``gridlogic serve --generators 1`` (one worker process, a fresh SQLite file) on a free port of
127.0.0.1 (first from the checkout ``--before DIR``, if given, then from this one; one server at a
time), and drives it from this process over asyncio streams, each client from a loopback address of
its own where it matters (all of 127.0.0.0/8 is this machine). The cheap request, the *probe*, is
``GET /api/games`` on a new connection from 127.0.0.2, one every 50 ms (another visitor's pace), from
a process of its own; printed are its p50 / p95 in ms and how many were answered 200. The loads:

* **alone**: nothing else;
* **hints**: 16 clients, each from its own address, asking in a loop for a hint on the largest,
  slowest Signal board (``signal.4.25x25w.hard.p1``, the empty board); a client refused waits as
  ``Retry-After`` says (at most 2 s), as the page does;
* **hints, one address**: the same 16 clients all from 127.0.0.1;
* **imports**: 12 distinct random 50x50 nonograms imported at once (``POST /api/pattern/import``),
  each from its own address; printed: their answers and when the last came;
* **slowloris**: 1,000 sockets from 127.0.0.3, each sending a header byte a second and opening
  again about a second after it is closed or refused;
* **cookieless writes**: 8 clients from 127.0.0.4, each in a loop taking a hand-out without a
  cookie (a new player each time) and sending its record; printed: players made, records stored
  and the database's growth.

    nice .venv/bin/python benchmarks/web_fairness.py [--before DIR] [--seconds 15]

``--before DIR`` is a checkout of an earlier commit (``git archive BASE | tar -x -C DIR``) whose
``src/`` goes on the first server's ``PYTHONPATH``. The figures depend on the machine and on what
else runs on it; the script asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import shlex
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from figures import free_port
from figures import nearest_rank as percentile

from gridlogic import GAMES, puzzle_from_id

HOST = "127.0.0.1"
PROBE_SOURCE = "127.0.0.2"
PROBE_INTERVAL = 0.05
HINTED = "signal.4.25x25w.hard.p1"
RECORDED = "signal.3.4x4.any.fairness"
TIMEOUT = 60.0


@dataclass
class Timings:
    ms: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)

    def add(self, started: float, status: int) -> None:
        self.ms.append((time.perf_counter() - started) * 1000)
        self.statuses[status] += 1

    def line(self) -> str:
        return (f"{percentile(self.ms, 0.5):.1f} / {percentile(self.ms, 0.95):.1f} ms, "
                f"{self.statuses[200]} of {len(self.ms)} served")

    def answers(self) -> str:
        return " ".join(f"{status or 'none'}:{n}" for status, n in sorted(self.statuses.items()))


async def request(port: int, method: str, path: str, body: object = None, *, source: str = HOST,
                  headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """One request on a new connection from ``source``: (status, headers, body); status 0 when no answer came."""
    data = json.dumps(body).encode() if body is not None else b""
    extra = "".join(f"{name}: {value}\r\n" for name, value in (headers or {}).items())
    head = (f"{method} {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(data)}\r\nConnection: close\r\n{extra}\r\n")
    writer = None
    try:
        async with asyncio.timeout(TIMEOUT):
            reader, writer = await asyncio.open_connection(HOST, port, local_addr=(source, 0))
            writer.write(head.encode("latin-1") + data)
            await writer.drain()
            raw = await reader.read()
    except (OSError, TimeoutError):
        return 0, {}, b""
    finally:
        if writer is not None:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()
    top, _, payload = raw.partition(b"\r\n\r\n")
    lines = top.decode("latin-1").split("\r\n")
    try:
        status = int(lines[0].split()[1])
    except (IndexError, ValueError):
        return 0, {}, b""
    found = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    return status, {name.lower(): value for name, value in found.items()}, payload


async def probe(port: int, running: Callable[[], bool]) -> Timings:
    timings = Timings()
    while running():
        started = time.perf_counter()
        status, _, _ = await request(port, "GET", "/api/games", source=PROBE_SOURCE)
        timings.add(started, status)
        await asyncio.sleep(PROBE_INTERVAL)
    return timings


def probing(port: int, stop: Any, results: Any) -> None:
    """The probe in a process of its own (so that the loads' clients, in this one, do not delay it):
    until ``stop`` is set; its timings go to ``results``."""
    timings = asyncio.run(probe(port, lambda: not stop.is_set()))
    results.put((timings.ms, dict(timings.statuses)))


class Probe:
    """:func:`probing` in a child process for the time of a load."""

    def __init__(self, port: int) -> None:
        context = multiprocessing.get_context("spawn")
        self.stop, self.results = context.Event(), context.Queue()
        self.process = context.Process(target=probing, args=(port, self.stop, self.results), daemon=True)
        self.process.start()

    def finish(self) -> Timings:
        self.stop.set()
        ms, statuses = self.results.get(timeout=TIMEOUT * 2)
        self.process.join()
        return Timings(ms, Counter(statuses))


async def polite_wait(headers: dict[str, str]) -> None:
    await asyncio.sleep(min(2.0, float(headers.get("retry-after", "1") or 1)))


async def hints(port: int, seconds: float, sources: list[str]) -> Timings:
    puzzle = puzzle_from_id(HINTED)
    body = {"id": HINTED, "board": GAMES["signal"].hints.start(puzzle)}
    timings = Timings()
    deadline = time.perf_counter() + seconds

    async def client(source: str) -> None:
        while time.perf_counter() < deadline:
            started = time.perf_counter()
            status, headers, _ = await request(port, "POST", "/api/signal/hint", body, source=source)
            timings.add(started, status)
            if status != 200:
                await polite_wait(headers)

    await asyncio.gather(*(client(source) for source in sources))
    return timings


def random_nonogram(side: int, seed: int) -> str:
    draw = random.Random(seed)
    grid = [[draw.random() < 0.5 for _ in range(side)] for _ in range(side)]

    def runs(line: list[bool]) -> str:
        return ".".join(str(len(run)) for run in "".join("x" if c else " " for c in line).split()) or "0"

    return f"{side}x{side}:" + "/".join([runs([row[c] for row in grid]) for c in range(side)] + [runs(r) for r in grid])


async def imports(port: int, token: int) -> Timings:
    timings = Timings()

    async def one(k: int) -> None:
        started = time.perf_counter()
        status, _, _ = await request(port, "POST", "/api/pattern/import", {"text": random_nonogram(50, token + k)},
                                     source=f"127.0.1.{10 + k}")
        timings.add(started, status)

    await asyncio.gather(*(one(k) for k in range(12)))
    return timings


async def slowloris(port: int, seconds: float, count: int = 1000) -> Counter[str]:
    seen: Counter[str] = Counter()
    deadline = time.perf_counter() + seconds

    async def hold() -> None:
        while time.perf_counter() < deadline:
            writer = None
            try:
                reader, writer = await asyncio.open_connection(HOST, port, local_addr=("127.0.0.3", 0))
                seen["opened"] += 1
                writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")
                while time.perf_counter() < deadline and not reader.at_eof():
                    writer.write(b"X")
                    await writer.drain()
                    with contextlib.suppress(TimeoutError):
                        async with asyncio.timeout(1.0):
                            answer = await reader.read(12)
                            if answer:
                                seen[answer.decode("latin-1", "replace")[9:12]] += 1
                                break
            except OSError:
                seen["reset"] += 1
            finally:
                if writer is not None:
                    writer.close()
            await asyncio.sleep(random.uniform(0.5, 1.5))  # and again

    await asyncio.gather(*(hold() for _ in range(count)))
    return seen


async def cookieless_writes(port: int, seconds: float) -> Counter[str]:
    puzzle = puzzle_from_id(RECORDED)
    solved = puzzle.solution()
    moves = GAMES["signal"].min_moves(puzzle)
    seen: Counter[str] = Counter()
    deadline = time.perf_counter() + seconds

    async def client() -> None:
        while time.perf_counter() < deadline:
            status, headers, body = await request(port, "POST", "/api/records/start", {"id": RECORDED},
                                                  source="127.0.0.4")
            seen[f"hand-out {status}"] += 1
            if status != 200:
                await polite_wait(headers)
                continue
            seen["players"] += 1
            cookie = headers.get("set-cookie", "").split(";")[0]
            record = {"play": json.loads(body)["play"], "board": solved, "seconds": 0, "moves": moves,
                      "checks": 0, "revealed": False}
            status, headers, _ = await request(port, "POST", "/api/records", record, source="127.0.0.4",
                                               headers={"Cookie": cookie})
            seen[f"record {status}"] += 1
            if status not in (200, 201):
                await polite_wait(headers)

    await asyncio.gather(*(client() for _ in range(8)))
    return seen


async def under(port: int, load: Awaitable[Any]) -> tuple[Timings, Any]:
    """The probe's timings while ``load`` runs, and what the load returned."""
    running = Probe(port)
    try:
        await asyncio.sleep(1.0)  # the probe's process is under way
        return_value = await load
    finally:
        timings = await asyncio.to_thread(running.finish)
    return timings, return_value


def database_bytes(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.glob("records.sqlite3*"))


async def scenarios(port: int, seconds: float, folder: Path) -> dict[str, tuple[Timings, str]]:
    status, _, _ = await request(port, "GET", f"/api/signal/puzzle?id={HINTED}")  # made once, cached
    assert status == 200, status
    results: dict[str, tuple[Timings, str]] = {}
    alone, _ = await under(port, asyncio.sleep(seconds))
    results["alone"] = (alone, "")
    timings, load = await under(port, hints(port, seconds, [f"127.0.2.{k + 1}" for k in range(16)]))
    results["hints, 16 addresses"] = (timings, f"hints {load.answers()}, p50 {percentile(load.ms, 0.5):.0f} ms")
    timings, load = await under(port, hints(port, seconds, [HOST] * 16))
    results["hints, one address"] = (timings, f"hints {load.answers()}, p50 {percentile(load.ms, 0.5):.0f} ms")
    timings, load = await under(port, imports(port, time.time_ns() % 10**6))
    over = sum(ms > 15000 for ms in load.ms)
    told = f"imports {load.answers()}, last after {max(load.ms) / 1000:.1f} s, {over} after 15 s"
    results["12 distinct 50x50 imports"] = (timings, told)
    timings, held = await under(port, slowloris(port, seconds))
    results["slowloris, 1,000 sockets"] = (timings, " ".join(f"{k}:{v}" for k, v in sorted(held.items())))
    before = database_bytes(folder)
    timings, wrote = await under(port, cookieless_writes(port, seconds))
    grown = (database_bytes(folder) - before) / 1e6
    results["cookieless record writes"] = (timings, " ".join(f"{k}:{v}" for k, v in sorted(wrote.items()))
                                           + f", database +{grown:.2f} MB")
    return results


def start_server(source: Path | None, folder: Path, serve_args: list[str]) -> tuple[subprocess.Popen, int]:
    port = free_port(HOST)
    env = dict(os.environ)
    if source is not None:
        env["PYTHONPATH"] = str(source / "src")
    command = [sys.executable, "-m", "gridlogic.cli", "serve", "--port", str(port), "--generators", "1",
               "--database", f"sqlite:///{folder / 'records.sqlite3'}", *serve_args]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server exited with code {server.returncode}")
        try:
            with socket.create_connection((HOST, port), timeout=1):
                return server, port
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start within 60 seconds")


def measure(source: Path | None, serve_args: list[str], seconds: float) -> dict[str, tuple[Timings, str]]:
    with tempfile.TemporaryDirectory() as folder:
        server, port = start_server(source, Path(folder), serve_args)
        try:
            return asyncio.run(scenarios(port, seconds, Path(folder)))
        finally:
            server.terminate()
            server.wait(timeout=60)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--before", type=Path, help="a checkout to measure first, for comparison")
    parser.add_argument("--serve-args", default="", help="extra arguments of both servers")
    parser.add_argument("--seconds", type=float, default=15.0, help="seconds of each sustained load (default 15)")
    args = parser.parse_args(argv)
    runs = {}
    if args.before is not None:
        runs["before"] = measure(args.before, shlex.split(args.serve_args), args.seconds)
    runs["after" if args.before is not None else "this"] = measure(None, shlex.split(args.serve_args), args.seconds)
    print(f"load average after the runs: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; one worker process\n")
    labels = list(runs)
    print("| load | " + " | ".join(f"{label}: GET /api/games p50 / p95, served" for label in labels) + " |")
    print("|---|" + "---|" * len(labels))
    for load in runs[labels[0]]:
        print(f"| {load} | " + " | ".join(runs[label][load][0].line() for label in labels) + " |")
    print()
    for load in runs[labels[0]]:
        for label in labels:
            if runs[label][load][1]:
                print(f"{load}, {label}: {runs[label][load][1]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
