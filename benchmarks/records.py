"""Play records: record writes per second and their latency, and the stats page with 100,000 plays.

Prints figures, asserts nothing. For SQLite (a file in a temporary directory) and PostgreSQL (a
throwaway cluster of Debian's server, as the tests start it), ``gridlogic serve --workers N``
runs in a child process on a free port of 127.0.0.1:

* **record writes**: ``--clients`` threads send ``--writes`` records (``POST /api/records``), each
  of a new player (so no rate limit applies) with the hand-out receipt fetched beforehand; the
  server checks the receipt, the time and the board, scores the play and commits it. Writes per
  second over the whole run, and each write's round trip p50 / p95, for 1 and 4 workers.
* **stats**: 100,000 plays stored directly (1,000 players: one with 10,000 plays, the others
  about 90 each; a seventh of them dailies) and then ``GET /api/records/stats`` of ``--requests``
  random players, one at a time, one worker: p50 / p95; and the same for a player who owns 10,000
  of those plays.

    .venv/bin/python benchmarks/records.py [--writes 600] [--clients 16] [--requests 200]
"""

from __future__ import annotations

import argparse
import math
import os
import random
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "store"))

from postgres_cluster import Cluster, free_port

from gridlogic import GAMES, puzzle_from_id
from gridlogic.store import Store
from gridlogic.store.records import PLAYERS, PLAYS
from gridlogic.store.tokens import Signer
from gridlogic.web.records import COOKIE

SECRET = "benchmark-secret-0123456789abcdef"
PUZZLE = "signal.3.5x5.medium.benchmark"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[max(1, math.ceil(fraction * len(ordered))) - 1]


class Server:
    def __init__(self, database: str, workers: int) -> None:
        self.port = free_port()
        env = {**os.environ, "GRIDLOGIC_DATABASE_URL": database, "GRIDLOGIC_SECRET": SECRET}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gridlogic.cli", "serve", "--port", str(self.port), "--workers", str(workers),
             "--trust-proxy", "127.0.0.1"],
            env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 90
        while True:
            try:
                if httpx.get(f"{self.url}/api/games", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.2)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


def forwarded(n: int) -> dict[str, str]:
    """The header of player ``n``'s requests: a client address of its own behind the trusted proxy
    (127.0.0.1), so that the per-address limits on new players and writes do not apply to the load."""
    return {"X-Forwarded-For": f"198.18.{n // 256}.{n % 256}"}


def record_writes(database: str, workers: int, writes: int, clients: int) -> tuple[float, float, float]:
    """(writes per second, p50 ms, p95 ms) of ``writes`` records sent by ``clients`` threads."""
    server = Server(database, workers)
    puzzle = puzzle_from_id(PUZZLE)
    board, moves = puzzle.solution(), GAMES[puzzle.game].min_moves(puzzle)
    handouts: list[tuple[int, str, str, float]] = []  # (player, cookie, receipt, when it came)
    with httpx.Client(base_url=server.url, timeout=60) as client:
        for n in range(writes + clients * 4):
            client.cookies.clear()
            answer = client.post("/api/records/start", json={"id": PUZZLE}, headers=forwarded(n))
            handouts.append((n, answer.cookies[COOKIE], answer.json()["play"], time.monotonic()))
    warm, measured = handouts[:clients * 4], handouts[clients * 4:]
    latencies: list[float] = []
    lock = threading.Lock()

    def send(batch: list[tuple[int, str, str, float]], keep: bool) -> None:
        with httpx.Client(base_url=server.url, timeout=60) as client:
            for n, cookie, receipt, came in batch:
                body = {"play": receipt, "board": board, "moves": moves, "checks": 0, "revealed": False,
                        "seconds": round(time.monotonic() - came, 1)}
                started = time.perf_counter()
                headers = {"Cookie": f"{COOKIE}={cookie}", **forwarded(n)}
                answer = client.post("/api/records", json=body, headers=headers)
                elapsed = time.perf_counter() - started
                if answer.status_code != 201:
                    raise RuntimeError(f"a write was answered {answer.status_code}: {answer.text}")
                if keep:
                    with lock:
                        latencies.append(elapsed)

    def run(items: list[tuple[int, str, str, float]], keep: bool) -> float:
        threads = [threading.Thread(target=send, args=(items[n::clients], keep)) for n in range(clients)]
        started = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return time.perf_counter() - started

    run(warm, keep=False)  # every worker has made the puzzle and opened its connections
    elapsed = run(measured, keep=True)
    server.stop()
    if len(latencies) != len(measured):
        raise RuntimeError("some writes failed")
    return len(measured) / elapsed, percentile(latencies, 0.5) * 1000, percentile(latencies, 0.95) * 1000


def fill(database: str, players: int, total: int, heavy: int) -> tuple[list[str], str]:
    """Store ``total`` plays of ``players`` players, ``heavy`` of them the first player's (a daily a
    week for everyone); answers the other players and the heavy one."""
    store = Store(database)
    store.open()
    now = datetime.now(UTC)
    ids = [secrets.token_hex(16) for _ in range(players)]
    heavy_player = ids[0]
    shapes = [(game, side, difficulty) for game in GAMES.values() for side in game.version().presets
              for difficulty in game.version().difficulties]
    rows = []
    owners = [heavy_player] * heavy + [ids[1 + n % (players - 1)] for n in range(total - heavy)]
    for n, owner in enumerate(owners):
        game, side, difficulty = shapes[n % len(shapes)]
        finished = now - timedelta(minutes=n % 50_000)
        rows.append({
            "id": secrets.token_hex(16), "player_id": owner, "puzzle_id": f"{game.name}.{game.latest}.{side}x{side}."
            f"{difficulty}.bench-{n}", "game": game.name, "version": game.latest, "width": side, "height": side,
            "difficulty": difficulty, "daily_date": finished.date() if n % 7 == 0 else None,
            "preset": "medium" if n % 7 == 0 else None, "handed_out_at": finished - timedelta(seconds=60),
            "finished_at": finished, "finished_on": finished.date(), "outcome": "solved" if n % 10 else "revealed",
            "seconds": 30.0 + n % 300, "moves": 40, "checks": n % 3, "hints": 0, "score": 80, "rank": "A"})
    with store.engine.begin() as connection:
        connection.execute(PLAYERS.insert(), [
            {"id": p, "display_name": None, "created_at": now, "window_start": now, "window_writes": 0} for p in ids])
        for start in range(0, len(rows), 5000):
            connection.execute(PLAYS.insert(), rows[start:start + 5000])
    store.close()
    return ids[1:], heavy_player


def stats_latency(database: str, players: list[str], heavy: str, requests: int) -> tuple[float, ...]:
    server = Server(database, 1)
    signer = Signer(lambda: SECRET.encode())
    chosen = random.Random(1).choices(players, k=requests)

    def timings(who: list[str]) -> list[float]:
        found = []
        with httpx.Client(base_url=server.url, timeout=60) as client:
            for player in who:
                started = time.perf_counter()
                cookie = f"{COOKIE}={signer.seal('player', player)}"
                answer = client.get("/api/records/stats", headers={"Cookie": cookie})
                found.append(time.perf_counter() - started)
                if answer.status_code != 200 or answer.json()["plays"] == 0:
                    raise RuntimeError(f"stats answered {answer.status_code}: {answer.text[:200]}")
        return found

    timings(chosen[:10])
    typical = timings(chosen)
    large = timings([heavy] * max(20, requests // 10))
    server.stop()
    return (percentile(typical, 0.5) * 1000, percentile(typical, 0.95) * 1000,
            percentile(large, 0.5) * 1000, percentile(large, 0.95) * 1000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--writes", type=int, default=600)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    cluster = Cluster()
    cluster.start()
    folder = Path(tempfile.mkdtemp(prefix="gridlogic-bench-"))
    try:
        kinds = {"sqlite": lambda name: f"sqlite:///{folder / name}.sqlite3",
                 "postgresql": lambda name: cluster.create_database()}
        print(f"record writes: POST /api/records, {args.writes} writes from {args.clients} clients, "
              f"each a new player; {os.cpu_count()} cores")
        print(f"{'database':<12}{'workers':>8}{'writes/s':>10}{'p50 ms':>9}{'p95 ms':>9}")
        for kind, make in kinds.items():
            for workers in (1, 4):
                rate, p50, p95 = record_writes(make(f"writes-{workers}"), workers, args.writes, args.clients)
                print(f"{kind:<12}{workers:>8}{rate:>10.0f}{p50:>9.1f}{p95:>9.1f}", flush=True)
        print(f"\nstats: GET /api/records/stats with 100,000 plays stored (1,000 players), {args.requests} "
              "requests one at a time, 1 worker")
        print(f"{'database':<12}{'p50 ms':>9}{'p95 ms':>9}{'10k-play player p50':>22}{'p95':>7}")
        for kind, make in kinds.items():
            database = make("stats")
            players, heavy = fill(database, 1000, 100_000, 10_000)
            p50, p95, heavy50, heavy95 = stats_latency(database, players, heavy, args.requests)
            print(f"{kind:<12}{p50:>9.1f}{p95:>9.1f}{heavy50:>22.1f}{heavy95:>7.1f}", flush=True)
    finally:
        cluster.remove()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
