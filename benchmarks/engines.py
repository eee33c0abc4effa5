#!/usr/bin/env python3
"""Requests per second of the Signal and Pattern generators, per workload, without the reference.

Run from the project root: ``.venv/bin/python benchmarks/engines.py [--seeds 20] [--rounds 5]``.

The workloads are those of ``../shared/bench/vs_reference.py`` (Signal n=4,5,6 ×
any/easy/medium/hard, Pattern n=5,8,10; seeds bench-0 …), so the figures can be
set beside the reference's, and one more: Pattern's counting search on 10×10
clue sets that propagation alone does not decide. Each workload runs ``--rounds`` times; the table
gives the median round as requests per second, both in wall time and in CPU
time of this process (on a shared, noisy machine CPU time is the steadier
figure). Pattern's line-result cache is cleared before every round, so no
round profits from an earlier one. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from gridlogic import GAMES, GenerationFailed, pattern, signal
from gridlogic.pattern.lines import solve_line


def workloads(seeds: int) -> list[tuple[str, list]]:
    table = []
    articles = GAMES["signal"].version(3)
    for n in articles.sides:
        for target in articles.difficulties:
            table.append((f"signal n={n} {target}",
                          [lambda k=k, n=n, t=target: signal.generate(n, f"bench-{k}", t, version=3)
                           for k in range(seeds)]))
    for n in GAMES["pattern"].version(1).sides:
        table.append((f"pattern n={n}", [lambda k=k, n=n: pattern.generate(n, f"bench-{k}", version=1)
                                         for k in range(seeds)]))
    # Pattern's counting search where propagation alone does not decide: 10x10 clue sets of
    # random half-filled grids that need more than 50 nodes (seeded, so the same every run).
    rand, searching = random.Random(1), []
    while len(searching) < seeds:
        rows, cols = pattern.clues_for([rand.randrange(2) for _ in range(100)], 10)
        if pattern.solve(rows, cols, 10).nodes > 50:
            searching.append(lambda rows=rows, cols=cols: pattern.solve(rows, cols, 10))
    table.append(("pattern solve, search", searching))
    return table


def run_round(requests: list) -> tuple[float, float]:
    solve_line.cache_clear()
    wall, cpu = time.perf_counter(), time.process_time()
    for request in requests:
        try:
            request()
        except GenerationFailed:
            pass  # the reference fails on the same requests; the attempts still count as work
    return time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"{'workload':22} {'req/s (wall)':>13} {'req/s (cpu)':>12} {'ms/req (cpu)':>13}")
    total_cpu = 0.0
    for name, requests in workloads(args.seeds):
        rounds = [run_round(requests) for _ in range(args.rounds)]
        wall = statistics.median(r[0] for r in rounds)
        cpu = statistics.median(r[1] for r in rounds)
        total_cpu += cpu
        print(f"{name:22} {len(requests) / wall:13.1f} {len(requests) / cpu:12.1f} {cpu / len(requests) * 1e3:13.3f}")
    print(f"all workloads: {total_cpu:.3f} s of CPU per round ({args.seeds} seeds each)")


if __name__ == "__main__":
    main()
