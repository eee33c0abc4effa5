"""How long the web app takes to answer ``GET /api/{game}/puzzle``: p50 and p95 per game.

Starts ``gridlogic serve`` in a child process on a free port of 127.0.0.1 (so that the
client does not share the server's interpreter), then asks each game for ``--requests``
puzzles at its default size, one at a time, each with a new seed so that the server's
puzzle cache never answers. "Server" is the app's own time, from the ``Server-Timing``
header it sends; "round trip" adds HTTP and the loopback network as the client saw it.

    .venv/bin/python benchmarks/web_puzzle.py [--requests 200] [--games signal,pattern,loop]
                                              [--all-sizes]
"""

from __future__ import annotations

import argparse
import math
import os
import socket
import statistics
import subprocess
import sys
import time

import httpx


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile: the smallest value with at least ``fraction`` of values at or below it."""
    ordered = sorted(values)
    return ordered[max(1, math.ceil(fraction * len(ordered))) - 1]


def wait_until_up(base: str, server: subprocess.Popen, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server exited with code {server.returncode}")
        try:
            httpx.get(f"{base}/api/games", timeout=1)
            return
        except httpx.TransportError:
            time.sleep(0.1)
    raise SystemExit("the server did not start within 30 seconds")


def measure(client: httpx.Client, game: str, size: int, requests: int) -> tuple:
    server_ms: list[float] = []
    round_trip_ms: list[float] = []
    refused = 0
    run = time.strftime("%H%M%S")  # new seeds on every run: the server's cache never answers
    for k in range(requests):
        started = time.perf_counter()
        answer = client.get(f"/api/{game}/puzzle",
                            params={"size": str(size), "seed": f"bench-{run}-{k}"})
        round_trip_ms.append((time.perf_counter() - started) * 1000)
        timing = answer.headers.get("server-timing", "app;dur=nan")
        server_ms.append(float(timing.split("dur=")[1]))
        if answer.status_code != 200:
            refused += 1
    return (game, size, requests, refused, percentile(server_ms, 0.5),
            percentile(server_ms, 0.95), max(server_ms), statistics.fmean(server_ms),
            percentile(round_trip_ms, 0.5), percentile(round_trip_ms, 0.95))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=200, help="requests per game (default 200)")
    parser.add_argument("--games", default="", help="comma-separated games (default: all served)")
    parser.add_argument("--all-sizes", action="store_true",
                        help="every size of each game, not only its default size")
    args = parser.parse_args(argv)
    if args.requests < 1:
        parser.error("--requests must be at least 1")

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "gridlogic.cli", "serve", "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ},
    )
    try:
        wait_until_up(base, server)
        with httpx.Client(base_url=base, timeout=120) as client:
            games = client.get("/api/games").json()["games"]
            wanted = [g for g in args.games.split(",") if g]
            rows = []
            for game in games:
                if wanted and game["name"] not in wanted:
                    continue
                for size in game["sizes"] if args.all_sizes else [game["defaultSize"]]:
                    rows.append(measure(client, game["name"], size, args.requests))
    finally:
        server.terminate()
        server.wait(timeout=10)

    header = ("game", "size", "requests", "refused", "server p50 ms", "server p95 ms",
              "server max ms", "server mean ms", "round trip p50 ms", "round trip p95 ms")
    print(" | ".join(header))
    print(" | ".join("-" * len(h) for h in header))
    for name, size, count, refused, p50, p95, top, mean, rt50, rt95 in rows:
        print(f"{name} | {size}x{size} | {count} | {refused} | {p50:.1f} | {p95:.1f} | {top:.1f} | "
              f"{mean:.1f} | {rt50:.1f} | {rt95:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
