"""How the web app holds up under load: latency of cheap answers while puzzles are generated, and a mix.

Starts ``gridlogic serve`` in a child process on a free port of 127.0.0.1 (the source under
``--before DIR`` for a second, earlier server to compare with, one server at a time), and drives
it from this process with a small HTTP/1.1 client over asyncio streams (one keep-alive connection
per client, so that the client costs little of the machine's CPU; each client from a loopback
address of its own, as visitors are: the server shares its work out per address). Three scenarios:

**while generating**: ``N`` requests (10, then 50) for distinct new Loop 10x10 *hard* puzzles are
sent at once, each on its own connection; meanwhile one probe asks, one after the other, for
``/api/games``, a cached puzzle and ``/static/main.js``, until every generation request has its
answer, 20 probes a second (another player's pace, not a flood that would take the CPU from the
generation). Printed: each probe's p50/p95/max in ms, how the generation requests ended (200, 503, ...),
and how long the last one took.

**identical**: 50 requests at once for the *same* new Loop 10x10 hard puzzle: the wall time and
the CPU seconds the server and its worker processes spent (from ``/proc``), which show whether
identical requests share one generation.

**mix**: ``C`` clients (1, 10, 50, 200), each in a closed loop for ``--seconds``: 60 % a cached
puzzle, 20 % a check of a cached puzzle's solved board (``POST /api/{game}/check``), 20 % a new
puzzle (a random game, its default size, difficulty any, no seed: what the page's *New puzzle*
asks). Printed per kind: p50/p95/p99 in ms, requests, and errors (any answer but 200, or a broken
connection; 503s also counted apart).

    .venv/bin/python benchmarks/web_load.py [--before DIR] [--seconds 10] [--clients 1,10,50,200]
                                            [--generating 10,50] [--serve-args "--workers 2"]

``--before DIR`` takes a checkout (say ``git archive BASE | tar -x -C DIR``) whose ``src/`` is put
on ``PYTHONPATH`` for the first server; ``--before-serve-args`` are that server's extra arguments.
The figures depend on the machine and on what else runs on it; the script asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import math
import os
import random
import shlex
import socket
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from figures import free_port
from figures import nearest_rank as percentile

from gridlogic import GAMES

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
WARM_SEEDS = 8  # cached puzzles per game
PROBE_INTERVAL = 0.05  # seconds between two probes while puzzles are generated
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


class Connection:
    """One keep-alive HTTP/1.1 connection from ``source`` (a loopback address); reconnects after the
    server closes it."""

    def __init__(self, port: int, source: str = HOST) -> None:
        self.port = port
        self.source = source
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: bytes = b"") -> tuple[int, bytes]:
        """(status, body); status 0 when the connection broke."""
        try:
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(HOST, self.port,
                                                                         local_addr=(self.source, 0))
            assert self.reader is not None
            head = (f"{method} {path} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\nContent-Length: {len(body)}\r\n"
                    "Content-Type: application/json\r\n\r\n")
            self.writer.write(head.encode("ascii") + body)
            await self.writer.drain()
            raw = await self.reader.readuntil(b"\r\n\r\n")
            lines = raw.decode("latin-1").split("\r\n")
            status = int(lines[0].split()[1])
            headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
            headers = {key.lower(): value for key, value in headers.items()}
            answer = await self.reader.readexactly(int(headers.get("content-length", "0")))
            if headers.get("connection", "").lower() == "close":
                await self.close()
            return status, answer
        except (OSError, asyncio.IncompleteReadError, ValueError):
            await self.close()
            return 0, b""

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            try:
                await self.writer.wait_closed()
            except OSError:
                pass
        self.reader = self.writer = None


def client_address(number: int) -> str:
    """The loopback address of client ``number``: each client is a visitor of its own (the server shares
    its work out per address)."""
    return f"127.0.{10 + number // 250}.{1 + number % 250}"


@dataclass
class Timings:
    """Latencies in ms and answer statuses of one kind of request."""

    ms: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)

    def add(self, started: float, status: int) -> None:
        self.ms.append((time.perf_counter() - started) * 1000)
        self.statuses[status] += 1

    @property
    def errors(self) -> int:
        return sum(n for status, n in self.statuses.items() if status != 200)


async def timed(connection: Connection, timings: Timings, method: str, path: str, body: bytes = b"") -> bytes:
    started = time.perf_counter()
    status, answer = await connection.request(method, path, body)
    timings.add(started, status)
    return answer


@dataclass(frozen=True)
class Cached:
    """A warmed puzzle: the path of its givens and the check request of its solved board."""

    puzzle_path: str
    check_path: str
    check_body: bytes


def warm_set() -> list[Cached]:
    puzzles = []
    for name, game in GAMES.items():
        size = game.version(game.unversioned).default_size
        for k in range(WARM_SEEDS):
            seed = f"warm-{k}"
            puzzle = game.generate(size, seed, "any", version=game.unversioned)
            query = f"size={size}&seed={seed}"
            puzzles.append(Cached(f"/api/{name}/puzzle?{query}", f"/api/{name}/check?{query}",
                                  json.dumps({"board": puzzle.solution()}).encode()))
    return puzzles


async def warm(port: int, cached: list[Cached]) -> None:
    connection = Connection(port)
    for entry in cached:
        status, _ = await connection.request("GET", entry.puzzle_path)
        if status != 200:
            raise SystemExit(f"warming {entry.puzzle_path} answered {status}")
    await connection.close()


def tree_cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of ``pid`` and every living descendant (the worker processes, which
    a fork server starts, are its grandchildren)."""
    stats: dict[int, tuple[int, float]] = {}  # pid -> (parent, CPU seconds)
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            stats[int(entry.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / CLOCK_TICKS)
    family, total = {pid}, 0.0
    for _ in range(4):  # the server, its fork server, the workers
        family |= {child for child, (parent, _) in stats.items() if parent in family}
    for member in family:
        total += stats.get(member, (0, 0.0))[1]
    return total


async def while_generating(port: int, count: int, cached: Cached, token: str) -> dict:
    generation = Timings()

    async def generate(k: int) -> None:
        connection = Connection(port, client_address(k))
        await timed(connection, generation, "GET", f"/api/loop/puzzle?size=10&difficulty=hard&seed=bg-{token}-{k}")
        await connection.close()

    started = time.perf_counter()
    tasks = [asyncio.create_task(generate(k)) for k in range(count)]
    probes = {"/api/games": Timings(), "cached puzzle": Timings(), "/static/main.js": Timings()}
    paths = {"/api/games": "/api/games", "cached puzzle": cached.puzzle_path, "/static/main.js": "/static/main.js"}
    probe = Connection(port)
    for name in itertools.cycle(probes):
        if all(task.done() for task in tasks):
            break
        await timed(probe, probes[name], "GET", paths[name])
        await asyncio.sleep(PROBE_INTERVAL)
    await probe.close()
    await asyncio.gather(*tasks)
    return {"probes": probes, "generation": generation, "seconds": time.perf_counter() - started}


async def identical(port: int, pid: int, count: int, token: str) -> dict:
    path = f"/api/loop/puzzle?size=10&difficulty=hard&seed=same-{token}"
    timings = Timings()
    cpu_before = tree_cpu_seconds(pid)
    started = time.perf_counter()

    async def one() -> None:
        connection = Connection(port)
        await timed(connection, timings, "GET", path)
        await connection.close()

    await asyncio.gather(*(one() for _ in range(count)))
    return {"seconds": time.perf_counter() - started, "cpu": tree_cpu_seconds(pid) - cpu_before, "timings": timings}


async def mix(port: int, clients: int, seconds: float, cached: list[Cached], token: str) -> dict[str, Timings]:
    kinds = {"cached": Timings(), "check": Timings(), "new": Timings()}
    games = list(GAMES)
    deadline = time.perf_counter() + seconds

    async def client(number: int) -> None:
        rng = random.Random(f"{token}-{number}")
        connection = Connection(port, client_address(number))
        while time.perf_counter() < deadline:
            draw = rng.random()
            entry = rng.choice(cached)
            if draw < 0.6:
                await timed(connection, kinds["cached"], "GET", entry.puzzle_path)
            elif draw < 0.8:
                await timed(connection, kinds["check"], "POST", entry.check_path, entry.check_body)
            else:
                await timed(connection, kinds["new"], "GET", f"/api/{rng.choice(games)}/puzzle")
        await connection.close()

    await asyncio.gather(*(client(k) for k in range(clients)))
    return kinds


def start_server(source: Path | None, serve_args: list[str]) -> tuple[subprocess.Popen, int]:
    port = free_port(HOST)
    env = dict(os.environ)
    if source is not None:
        env["PYTHONPATH"] = str(source / "src")
    server = subprocess.Popen([sys.executable, "-m", "gridlogic.cli", "serve", "--port", str(port), *serve_args],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
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


async def run_all(port: int, pid: int, args: argparse.Namespace, cached: list[Cached], label: str) -> dict:
    token = f"{label}-{time.time_ns()}"
    await warm(port, cached)
    results: dict = {"generating": {}, "mix": {}}
    for count in args.generating:
        results["generating"][count] = await while_generating(port, count, cached[0], f"{token}-{count}")
    results["identical"] = await identical(port, pid, 50, token)
    for clients in args.clients:
        results["mix"][clients] = await mix(port, clients, args.seconds, cached, f"{token}-{clients}")
    return results


def measure(source: Path | None, serve_args: list[str], args: argparse.Namespace, cached: list[Cached],
            label: str) -> dict:
    server, port = start_server(source, serve_args)
    try:
        return asyncio.run(run_all(port, server.pid, args, cached, label))
    finally:
        server.terminate()
        server.wait(timeout=30)


def statuses(timings: Timings) -> str:
    return " ".join(f"{status or 'broken'}:{n}" for status, n in sorted(timings.statuses.items()))


def print_tables(runs: dict[str, dict], args: argparse.Namespace) -> None:
    labels = list(runs)
    print("## While N new Loop 10x10 hard puzzles are generated (probe latency in ms)\n")
    print("| N | probe | " + " | ".join(f"{label} p50 / p95 / max" for label in labels) + " |")
    print("|---|---|" + "---|" * len(labels))
    for count in args.generating:
        for probe in ("/api/games", "cached puzzle", "/static/main.js"):
            cells = []
            for label in labels:
                timing = runs[label]["generating"][count]["probes"][probe]
                cells.append(f"{percentile(timing.ms, 0.5):.1f} / {percentile(timing.ms, 0.95):.1f} / "
                             f"{max(timing.ms, default=math.nan):.1f} ({len(timing.ms)})")
            print(f"| {count} | {probe} | " + " | ".join(cells) + " |")
        cells = []
        for label in labels:
            run = runs[label]["generating"][count]
            generation = run["generation"]
            cells.append(f"{statuses(generation)}; last after {max(generation.ms) / 1000:.1f} s")
        print(f"| {count} | the generation requests | " + " | ".join(cells) + " |")
    print("\n## 50 identical requests for one new Loop 10x10 hard puzzle\n")
    print("| | " + " | ".join(labels) + " |")
    print("|---|" + "---|" * len(labels))
    print("| wall time, s | " + " | ".join(f"{runs[label]['identical']['seconds']:.1f}" for label in labels) + " |")
    print("| server CPU, s | " + " | ".join(f"{runs[label]['identical']['cpu']:.1f}" for label in labels) + " |")
    print("| answers | " + " | ".join(statuses(runs[label]["identical"]["timings"]) for label in labels) + " |")
    print("\n## Mixed load: 60 % cached, 20 % check, 20 % new (ms; errors = answers other than 200)\n")
    print("| clients | kind | " + " | ".join(f"{label} p50 / p95 / p99 (requests, errors, 503)" for label in labels)
          + " |")
    print("|---|---|" + "---|" * len(labels))
    for clients in args.clients:
        for kind in ("cached", "check", "new"):
            cells = []
            for label in labels:
                timing = runs[label]["mix"][clients][kind]
                cells.append(f"{percentile(timing.ms, 0.5):.1f} / {percentile(timing.ms, 0.95):.1f} / "
                             f"{percentile(timing.ms, 0.99):.1f} ({len(timing.ms)}, {timing.errors}, "
                             f"{timing.statuses[503]})")
            print(f"| {clients} | {kind} | " + " | ".join(cells) + " |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="a checkout to measure first, for comparison")
    parser.add_argument("--before-serve-args", default="", help="extra arguments of the --before server")
    parser.add_argument("--serve-args", default="", help="extra arguments of this checkout's gridlogic serve")
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds of each mixed load (default 10)")
    parser.add_argument("--clients", default="1,10,50,200", help="client counts of the mixed load")
    parser.add_argument("--generating", default="10,50", help="counts of puzzles generated meanwhile")
    args = parser.parse_args(argv)
    args.clients = [int(c) for c in args.clients.split(",")]
    args.generating = [int(c) for c in args.generating.split(",")]
    cached = warm_set()
    runs = {}
    if args.before is not None:
        runs["before"] = measure(args.before, shlex.split(args.before_serve_args), args, cached, "before")
    runs["after" if args.before is not None else "this"] = measure(None, shlex.split(args.serve_args), args,
                                                                   cached, "after")
    print(f"load average before the last run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores\n")
    print_tables(runs, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
