"""Record writes per second on one PostgreSQL database: one ``gridlogic serve`` instance against three.

Prints figures, asserts nothing. A throwaway PostgreSQL cluster (Debian's server, as the tests start
it) holds two new databases; one gets one instance, the other three, each instance its own
``gridlogic serve`` process (one server process, ``--generators 1``), all with one
``GRIDLOGIC_SECRET`` and ``--trust-proxy 127.0.0.1``. This script is the proxy: it sends each
request to the next instance in turn, with a client address of its own for every player in
``X-Forwarded-For`` (so no per-address limit applies to the load).

One run: ``--writes`` hand-out receipts are fetched first (each a new player), then ``--clients``
threads, each with a kept-alive connection to every instance, send the records (``POST /api/records``:
the server checks the receipt, the time and the board, scores the play and commits it), and the
writes per second of that second part are the run's figure. The runs of one and of three instances
take turns, ``--runs`` each, after a warm-up run of each, and the median of each is printed side by
side, with the machine's cores: the client, the instances and PostgreSQL all share them.

    .venv/bin/python benchmarks/many_instances.py [--writes 600] [--clients 16] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import threading
import time
from itertools import count
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "store"))

from postgres_cluster import Cluster, free_port

from gridlogic import GAMES, puzzle_from_id
from gridlogic.web.records import COOKIE

SECRET = "benchmark-secret-0123456789abcdef"
PUZZLE = "signal.3.5x5.medium.many-instances"
START_SECONDS = 120


class Instance:
    """One ``gridlogic serve`` process on ``database``."""

    def __init__(self, database: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "GRIDLOGIC_DATABASE_URL": database, "GRIDLOGIC_SECRET": SECRET}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gridlogic.cli", "serve", "--port", str(self.port), "--generators", "1",
             "--trust-proxy", "127.0.0.1"],
            env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def ready(self) -> None:
        """Wait for the first answer, then for today's dailies and their floors (made in the background as
        the instance starts: until then their work would fill the queue), then make the benchmark's puzzle."""
        deadline = time.monotonic() + START_SECONDS
        while not self.answers("/api/games", lambda body: True):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("an instance did not start")
            time.sleep(0.2)
        while not self.answers("/api/daily", lambda body: all(p["floor"] is not None for p in body["puzzles"])):
            if time.monotonic() > deadline:
                raise RuntimeError("an instance made no dailies")
            time.sleep(0.5)
        while not self.answers(f"/api/signal/puzzle?id={PUZZLE}", lambda body: True):
            if time.monotonic() > deadline:
                raise RuntimeError(f"an instance made no {PUZZLE}")
            time.sleep(0.5)

    def answers(self, path: str, done) -> bool:
        """Whether ``path`` is answered 200 with a JSON body that ``done`` accepts."""
        try:
            answer = httpx.get(f"{self.url}{path}", timeout=30)
        except httpx.TransportError:
            return False
        return answer.status_code == 200 and bool(done(answer.json()))

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=60)


class Site:
    """``size`` instances on one new database, and the turn of the next request."""

    def __init__(self, cluster: Cluster, size: int) -> None:
        database = cluster.create_database()
        self.instances = [Instance(database) for _ in range(size)]
        for instance in self.instances:
            instance.ready()
        self.turn = count()
        self.lock = threading.Lock()

    def next_url(self) -> str:
        with self.lock:
            return self.instances[next(self.turn) % len(self.instances)].url

    def stop(self) -> None:
        for instance in self.instances:
            instance.stop()


PLAYER = count()


def forwarded() -> dict[str, str]:
    """A client address of a player's own (one of 2**16 in 198.18.0.0/15)."""
    n = next(PLAYER) % 65536
    return {"X-Forwarded-For": f"198.18.{n // 256}.{n % 256}"}


def in_threads(work, items: list, clients: int) -> None:
    """``work`` over ``items`` shared out to ``clients`` threads; the first failure of any is raised."""
    failures: list[BaseException] = []

    def run(share: list) -> None:
        try:
            work(share)
        except BaseException as failure:  # noqa: BLE001 - raised again below, in the main thread
            failures.append(failure)

    threads = [threading.Thread(target=run, args=(items[n::clients],)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]


def writes_per_second(site: Site, writes: int, clients: int) -> float:
    """One run (see the module docstring): the records' writes per second."""
    puzzle = puzzle_from_id(PUZZLE)
    board, moves = puzzle.solution(), GAMES[puzzle.game].min_moves(puzzle)
    handouts: list[tuple[dict[str, str], str, float]] = []  # (a player's headers, its receipt, when it came)
    lock = threading.Lock()

    def connections() -> dict[str, httpx.Client]:
        """A client of this thread's own for each instance, its connection kept alive from request to request."""
        return {instance.url: httpx.Client(base_url=instance.url, timeout=120) for instance in site.instances}

    def hand_out(numbers: list[int]) -> None:
        clients = connections()
        for _ in numbers:
            client = clients[site.next_url()]
            client.cookies.clear()  # each hand-out a new player
            headers = forwarded()
            answer = client.post("/api/records/start", json={"id": PUZZLE}, headers=headers)
            if answer.status_code != 200:
                raise RuntimeError(f"a hand-out was answered {answer.status_code}: {answer.text}")
            player = {**headers, "Cookie": f"{COOKIE}={answer.cookies[COOKIE]}"}
            with lock:
                handouts.append((player, answer.json()["play"], time.monotonic()))
        for client in clients.values():
            client.close()

    def record(batch: list[tuple[dict[str, str], str, float]]) -> None:
        clients = connections()
        for headers, receipt, came in batch:
            # The time since the receipt came, and most of the 5 s the server allows either way: the server
            # sees more (it signed the receipt before it came, and takes the record after it is sent),
            # seconds more on a loaded machine, and must not see less than the claim less 5 s.
            body = {"play": receipt, "board": board, "moves": moves, "checks": 0, "revealed": False,
                    "seconds": round(time.monotonic() - came + 4.5, 1)}
            answer = clients[site.next_url()].post("/api/records", json=body, headers=headers)
            if answer.status_code != 201:
                raise RuntimeError(f"a write was answered {answer.status_code}: {answer.text}")
        for client in clients.values():
            client.close()

    in_threads(hand_out, list(range(writes)), clients)
    started = time.perf_counter()
    in_threads(record, handouts, clients)
    return writes / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--writes", type=int, default=600)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    cluster = Cluster()
    cluster.start()
    sites: dict[int, Site] = {}
    try:
        for size in (1, 3):
            sites[size] = Site(cluster, size)
            writes_per_second(sites[size], args.clients * 4, args.clients)  # warm-up: caches, connections
        figures: dict[int, list[float]] = {1: [], 3: []}
        for _ in range(args.runs):
            for size, site in sites.items():
                figures[size].append(writes_per_second(site, args.writes, args.clients))
        print(f"record writes on one PostgreSQL database: POST /api/records, {args.writes} writes from "
              f"{args.clients} clients a run, each a new player; median of {args.runs} runs; "
              f"{os.cpu_count()} cores shared by the client, the instances and PostgreSQL")
        print(f"{'instances':>9}{'writes/s':>10}   runs")
        for size, rates in figures.items():
            print(f"{size:>9}{statistics.median(rates):>10.0f}   {', '.join(f'{rate:.0f}' for rate in rates)}")
        print(f"ratio 3/1: {statistics.median(figures[3]) / statistics.median(figures[1]):.2f}")
    finally:
        for site in sites.values():
            site.stop()
        cluster.remove()


if __name__ == "__main__":
    main()
