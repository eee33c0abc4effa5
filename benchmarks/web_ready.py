"""How long a player waits for a slow puzzle: with a seed (made on demand) and without one (ready ahead).

Starts ``gridlogic serve`` in a child process on a free port of 127.0.0.1, then for each kind
(game, version, size, difficulty) of ``--kinds``:

* **on demand**: ``--requests`` requests with new seeds, one at a time (the puzzle is generated while
  the player waits);
* **ready**: one request without a seed (it wakes the server's filling of that kind), a pause for the
  filling, then ``--requests`` requests without a seed, ``--pause`` seconds apart (a player's pace:
  the time to look at a new puzzle before asking for another). The server keeps two ready puzzles per
  kind (``gridlogic.web.ready``), so a player who asks faster than the kind is made waits again.

With ``--every-level GAME.VERSION`` it measures instead what issue 15 asks: a seedless request for every
preset × level of that version (Loop 2: 6 presets × 4 levels), ``--rounds`` times. The kinds are asked
in turn, as players of every kind at once would, in a seeded shuffle per round, ``--gap`` seconds
apart; a kind is asked again about ``kinds × gap`` seconds later. First every kind is asked once and
``--warm`` seconds given to the filling. Fast kinds are made on demand, slow ones come from the pool.
Each row gives p50 / p95 / max, how many answers took over 200 ms, and how many distinct puzzles came.
Ctrl+C prints the figures of the rounds done so far.

Prints p50 / p95 / max of the round trip in milliseconds. Prints figures; asserts nothing.

    .venv/bin/python benchmarks/web_ready.py [--requests 10] [--pause 3] [--kinds loop.2.25.expert ...]
    .venv/bin/python benchmarks/web_ready.py --every-level loop.2 --rounds 200 [--gap 0.5] [--warm 120]
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

import httpx
from figures import free_port
from figures import nearest_rank as percentile
from web_puzzle import wait_until_up

from gridlogic import GAMES

KINDS = ("loop.1.10.hard", "loop.2.15.expert", "loop.2.20.hard", "loop.2.25.expert")


def timed(client: httpx.Client, path: str, params: dict[str, str]) -> tuple[float, dict]:
    """The round trip of one request in ms, and the answer."""
    started = time.perf_counter()
    answer = client.get(path, params=params)
    answer.raise_for_status()
    return (time.perf_counter() - started) * 1000, answer.json()


def every_level(name: str) -> list[str]:
    """``loop.2`` -> ``loop.2.5.easy``, ... : every preset × level (not ``any``) the version offers."""
    game, version = name.split(".")
    record = GAMES[game].versions[int(version)]
    kinds = [f"{game}.{version}.{size}.{level}" for size in record.presets for level in record.difficulties
             if level != "any" and (record.offered is None or record.offered(size, size, level, {}) is None)]
    if not kinds:
        raise SystemExit(f"{name} has no levels but 'any': ask for its kinds with --kinds")
    return kinds


def interleaved(client: httpx.Client, kinds: list[str], rounds: int, gap: float, warm: float) -> None:
    """The ``--every-level`` measurement (see the module docstring)."""
    requests = {kind: kind.split(".") for kind in kinds}

    def ask(kind: str) -> tuple[float, str]:
        game, version, size, difficulty = requests[kind]
        ms, answer = timed(client, f"/api/{game}/puzzle", {"version": version, "size": size, "difficulty": difficulty})
        return ms, answer["seed"]

    for kind in kinds:
        ask(kind)  # wakes the filling of this kind
    time.sleep(warm)
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    seeds: dict[str, set[str]] = {kind: set() for kind in kinds}
    order, shuffle = list(kinds), random.Random(15)
    done = 0
    try:
        for done in range(rounds):
            shuffle.shuffle(order)
            for kind in order:
                ms, seed = ask(kind)
                times[kind].append(ms)
                seeds[kind].add(seed)
                time.sleep(gap)
        done = rounds
    except KeyboardInterrupt:  # Ctrl+C: the figures of the rounds done
        print(f"stopped after {done} of {rounds} rounds")
        if not done:
            return
    def row(label: str, ms: list[float], puzzles: int) -> None:
        print(f"{label:<20} {percentile(ms, 0.5):>7.0f} {percentile(ms, 0.95):>7.0f} {max(ms):>7.0f} "
              f"{sum(t > 200 for t in ms):>7} {puzzles:>7}", flush=True)

    print(f"{'kind':<20} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7} {'>200 ms':>7} {'puzzles':>7}")
    for kind in kinds:
        row(kind, times[kind][:done], len(seeds[kind]))
    row("all", [t for ms in times.values() for t in ms[:done]], sum(map(len, seeds.values())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=10)
    parser.add_argument("--pause", type=float, default=3.0, help="seconds between two seedless requests")
    parser.add_argument("--kinds", nargs="+", default=list(KINDS), help="GAME.VERSION.SIZE.DIFFICULTY")
    parser.add_argument("--every-level", metavar="GAME.VERSION", help="every preset × level, in turns")
    parser.add_argument("--rounds", type=int, default=200, help="with --every-level: requests per kind")
    parser.add_argument("--gap", type=float, default=0.5, help="with --every-level: seconds between requests")
    parser.add_argument("--warm", type=float, default=120.0, help="with --every-level: seconds to fill first")
    parser.add_argument("--generators", type=int, help="the server's generation processes (default: its own)")
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    records = tempfile.TemporaryDirectory()  # the server's play records, thrown away after
    env = {**os.environ, "GRIDLOGIC_DATABASE_URL": f"sqlite:///{records.name}/records.sqlite3"}
    command = [sys.executable, "-m", "gridlogic.cli", "serve", "--port", str(port)]
    command += ["--generators", str(args.generators)] if args.generators else []
    server = subprocess.Popen(command, env=env)
    try:
        wait_until_up(base, server)
        if args.every_level:
            with httpx.Client(base_url=base, timeout=600) as client:
                interleaved(client, every_level(args.every_level), args.rounds, args.gap, args.warm)
            return
        print(f"{'kind':<20} {'on demand p50/p95/max ms':>28} {'ready p50/p95/max ms':>26}")
        run = time.strftime("%H%M%S")
        with httpx.Client(base_url=base, timeout=600) as client:
            for kind in args.kinds:
                game, version, size, difficulty = kind.split(".")
                path = f"/api/{game}/puzzle"
                params = {"version": version, "size": size, "difficulty": difficulty}
                demand = [timed(client, path, {**params, "seed": f"ready-{run}-{k}"})[0]
                          for k in range(args.requests)]
                timed(client, path, params)  # wakes the filling of this kind
                time.sleep(max(args.pause, 3 * percentile(demand, 0.5) / 1000))
                ready = []
                for _ in range(args.requests):
                    ready.append(timed(client, path, params)[0])
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
