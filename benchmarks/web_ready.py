"""How long a player waits for a slow puzzle: with a seed (made on demand) and without one (ready ahead).

Starts ``gridlogic serve`` in a child process on a free port of 127.0.0.1, then for each kind
(game, version, size, difficulty) of ``--kinds``:

* **on demand**: ``--requests`` requests with new seeds, one at a time (the puzzle is generated while
  the player waits);
* **ready**: one request without a seed (it wakes the server's filling of that kind), a pause for the
  filling, then ``--requests`` requests without a seed, ``--pause`` seconds apart (a player's pace:
  the time to look at a new puzzle before asking for another). The server keeps two ready puzzles per
  kind (``gridlogic.web.ready``), so a player who asks faster than the kind is made waits again.

Prints p50 / p95 / max of the round trip in milliseconds. Prints figures; asserts nothing.

    .venv/bin/python benchmarks/web_ready.py [--requests 10] [--pause 3] [--kinds loop.2.25.expert ...]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

import httpx
from figures import free_port
from figures import nearest_rank as percentile
from web_puzzle import wait_until_up

KINDS = ("loop.1.10.hard", "loop.2.15.expert", "loop.2.20.hard", "loop.2.25.expert")


def timed(client: httpx.Client, path: str, params: dict[str, str]) -> float:
    started = time.perf_counter()
    answer = client.get(path, params=params)
    answer.raise_for_status()
    return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=10)
    parser.add_argument("--pause", type=float, default=3.0, help="seconds between two seedless requests")
    parser.add_argument("--kinds", nargs="+", default=list(KINDS), help="GAME.VERSION.SIZE.DIFFICULTY")
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    records = tempfile.TemporaryDirectory()  # the server's play records, thrown away after
    env = {**os.environ, "GRIDLOGIC_DATABASE_URL": f"sqlite:///{records.name}/records.sqlite3"}
    server = subprocess.Popen([sys.executable, "-m", "gridlogic.cli", "serve", "--port", str(port)], env=env)
    try:
        wait_until_up(base, server)
        print(f"{'kind':<20} {'on demand p50/p95/max ms':>28} {'ready p50/p95/max ms':>26}")
        run = time.strftime("%H%M%S")
        with httpx.Client(base_url=base, timeout=600) as client:
            for kind in args.kinds:
                game, version, size, difficulty = kind.split(".")
                path = f"/api/{game}/puzzle"
                params = {"version": version, "size": size, "difficulty": difficulty}
                demand = [timed(client, path, {**params, "seed": f"ready-{run}-{k}"}) for k in range(args.requests)]
                timed(client, path, params)  # wakes the filling of this kind
                time.sleep(max(args.pause, 3 * percentile(demand, 0.5) / 1000))
                ready = []
                for _ in range(args.requests):
                    ready.append(timed(client, path, params))
                    time.sleep(args.pause)
                print(f"{kind:<20} {percentile(demand, 0.5):>10.0f} {percentile(demand, 0.95):>8.0f} "
                      f"{max(demand):>8.0f} {percentile(ready, 0.5):>10.0f} {percentile(ready, 0.95):>7.0f} "
                      f"{max(ready):>7.0f}", flush=True)
    finally:
        server.terminate()
        server.wait()
        records.cleanup()


if __name__ == "__main__":
    main()
