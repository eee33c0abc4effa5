#!/usr/bin/env python3
"""Batch generation: puzzles per second for 1, 2, ... workers, on the local pool and on Dask.

Run from the project root with the project's Python:

    .venv/bin/python benchmarks/batch_scaling.py [--seconds 3] [--workers 1,2] [--rounds 3]
                                                 [--games signal,pattern,loop]

For one workload of each game whose engine is installed, the workload is first
timed in this process (the "serial" row), then sized so that it holds about
``--seconds`` of single-core work, and run through ``gridlogic.batch.run_batch``
(adaptive chunks, JSON lines output with an fsync per chunk, as the CLI does)
on a local process pool and on a local Dask cluster (processes, one thread
each, on 127.0.0.1) of each worker count. Pools and clusters are started and
warmed up before the clock starts. Every batch's output is compared with the
serial puzzles, so a fast wrong answer cannot hide in the table.

The overhead per chunk is measured with empty chunks (the worker function
with no seeds: the call, the pickling and the transport, no generation),
once with one chunk in flight at a time (the latency) and once with two per
worker in flight (the cost per chunk when the pipe is kept busy).

The figures depend on the machine and on what else runs on it: the load
average is printed at the top, and each row is the fastest of ``--rounds``
runs (on a shared machine the fastest run is the one least disturbed).
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import os
import sys
import tempfile
import time
from concurrent.futures import FIRST_COMPLETED, Executor, ProcessPoolExecutor, wait

from gridlogic import GenerationFailed
from gridlogic import batch as batching
from gridlogic.game import GAMES, game_named
from gridlogic.workers import init_local_worker

# One workload per game: (game, size, difficulty).
WORKLOADS = {"signal": ("signal", 5, "any"), "pattern": ("pattern", 8, "any"), "loop": ("loop", 5, "any")}


def serial(game_name: str, size: int, difficulty: str, seeds: list[str]) -> tuple[dict, float]:
    """seed -> the puzzle's JSON text (or the failure), and the seconds it took, in this process."""
    game = game_named(game_name)
    records = {}
    start = time.perf_counter()
    for seed in seeds:
        # Kept as text, as a batch keeps it: thousands of live dicts would slow the collector down.
        try:
            records[seed] = json.dumps(game.generate(size, seed, difficulty).to_dict(), sort_keys=True)
        except GenerationFailed as error:
            records[seed] = json.dumps({"failed": str(error)})
    return records, time.perf_counter() - start


def read_jsonl(path: str) -> dict:
    records = {}
    with open(path) as handle:
        next(handle)
        for line in handle:
            value = json.loads(line)
            if "failedSeed" in value:
                records[value["failedSeed"]] = json.dumps({"failed": value["message"]})
            else:
                records[value["seed"]] = json.dumps(value, sort_keys=True)
    return records


def timed_batch(spec: batching.BatchSpec, executor: Executor, workers: int, folder: str) -> tuple[float, int]:
    """Seconds for the batch (opening the output excluded), and how many chunks it took."""
    path = os.path.join(folder, f"{spec.game}-{spec.seed_prefix}.jsonl")
    version = spec.generator_version
    output = batching.open_output(path, spec.game, spec.size, spec.difficulty, version, spec.seed_prefix)
    chunks = 0
    original_write = output.write_chunk

    def counting_write(*args):
        nonlocal chunks
        chunks += 1
        original_write(*args)

    output.write_chunk = counting_write  # type: ignore[method-assign]
    start = time.perf_counter()
    try:
        batching.run_batch(spec, output, executor, workers)
    finally:
        output.close()
    return time.perf_counter() - start, chunks


def warm_up(executor: Executor, workers: int, game: str, size: int, difficulty: str) -> None:
    # Start every worker and import the engine in it before the clock starts.
    futures = [
        executor.submit(batching.generate_chunk, game, size, difficulty, [(0, f"warm-{k}")])
        for k in range(4 * workers)
    ]
    for future in futures:
        future.result()


def chunk_overhead(executor: Executor, workers: int, rounds: int = 200) -> tuple[float, float]:
    """Milliseconds per empty chunk: one in flight at a time, then 2 per worker in flight."""
    args = ("signal", 5, "any", [])
    start = time.perf_counter()
    for _ in range(rounds):
        executor.submit(batching.generate_chunk, *args).result()
    latency = (time.perf_counter() - start) / rounds
    start = time.perf_counter()
    in_flight: set = set()
    submitted = 0
    while submitted < rounds or in_flight:
        while submitted < rounds and len(in_flight) < 2 * workers:
            in_flight.add(executor.submit(batching.generate_chunk, *args))
            submitted += 1
        done, in_flight = wait(in_flight, return_when=FIRST_COMPLETED)
        for future in done:
            future.result()
    pipelined = (time.perf_counter() - start) / rounds
    return latency * 1000, pipelined * 1000


def local_pool(workers: int) -> tuple[Executor, object]:
    pool = ProcessPoolExecutor(max_workers=workers, initializer=init_local_worker)
    return pool, pool.shutdown


def dask_cluster(workers: int) -> tuple[Executor, object]:
    from distributed import Client, LocalCluster

    cluster = LocalCluster(
        host="127.0.0.1", n_workers=workers, threads_per_worker=1, processes=True,
        dashboard_address=None, silence_logs=logging.ERROR,
    )
    client = Client(cluster, set_as_default=False)

    def close() -> None:
        client.close()
        cluster.close()

    return client.get_executor(pure=False), close


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="single-core work per workload (default 3)")
    parser.add_argument("--workers", default=f"1,{os.cpu_count() or 1}" if (os.cpu_count() or 1) > 1 else "1",
                        help="comma-separated worker counts (default: 1 and the number of cores)")
    parser.add_argument("--games", default="signal,pattern,loop")
    parser.add_argument("--rounds", type=int, default=3, help="runs per row; the fastest is shown (default 3)")
    args = parser.parse_args()
    worker_counts = sorted({int(w) for w in args.workers.split(",")})
    print(f"cores {os.cpu_count()}, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}, "
          f"Python {sys.version.split()[0]}")

    rows = []
    workloads = []
    for name in args.games.split(","):
        if name not in GAMES:
            print(f"({name}: no such game, skipped)")
            continue
        game, size, difficulty = WORKLOADS[name]
        serial(game, size, difficulty, [f"warm-{i}" for i in range(3)])  # imports, caches
        _, probe_seconds = serial(game, size, difficulty, [f"probe-{i}" for i in range(20)])
        count = max(20, math.ceil(args.seconds / (probe_seconds / 20)))
        spec = batching.BatchSpec(game, size, difficulty, count, "bench")
        runs = [serial(game, size, difficulty, [spec.seed(i) for i in range(count)]) for _ in range(args.rounds)]
        expected, seconds = runs[0][0], min(elapsed for _, elapsed in runs)
        label = f"{game} {size} {difficulty}"
        rows.append((label, count, "serial", 1, seconds, "-"))
        workloads.append((label, spec, expected))
    # Every local pool before any Dask cluster: a pool forks this process, which should not
    # hold a cluster's threads at that moment.
    overheads: dict[str, tuple[int, float, float]] = {}
    for executor_name, make in (("local pool", local_pool), ("dask", dask_cluster)):
        for label, spec, expected in workloads:
            for workers in worker_counts:
                executor, close = make(workers)
                elapsed = math.inf
                try:
                    warm_up(executor, workers, spec.game, spec.size, spec.difficulty)
                    for _ in range(args.rounds):
                        with tempfile.TemporaryDirectory() as folder:
                            seconds, chunks = timed_batch(spec, executor, workers, folder)
                            produced = read_jsonl(os.path.join(folder, f"{spec.game}-bench.jsonl"))
                        elapsed = min(elapsed, seconds)
                        if produced != expected:
                            print(f"MISMATCH: {label} on {executor_name} x{workers} differs from serial generation")
                            return 1
                finally:
                    close()
                rows.append((label, spec.count, executor_name, workers, elapsed, str(chunks)))
        workers = max(worker_counts)
        executor, close = make(workers)
        try:
            warm_up(executor, workers, "signal", 5, "any")
            overheads[executor_name] = (workers, *chunk_overhead(executor, workers))
        finally:
            close()
    order = {"serial": 0, "local pool": 1, "dask": 2}
    rows.sort(key=lambda row: ([w[0] for w in workloads].index(row[0]), order[row[2]], row[3]))

    print()
    print(f"{'workload':<18} {'puzzles':>7}  {'executor':<10} {'workers':>7} {'seconds':>8} "
          f"{'puzzles/s':>10} {'vs 1 worker':>11} {'chunks':>6}")
    base: dict[tuple[str, str], float] = {}
    for label, count, executor_name, workers, elapsed, chunks in rows:
        rate = count / elapsed
        if workers == min(worker_counts) or executor_name == "serial":
            base.setdefault((label, executor_name), rate)
        ratio = rate / base[(label, executor_name)]
        print(f"{label:<18} {count:>7}  {executor_name:<10} {workers:>7} {elapsed:>8.2f} "
              f"{rate:>10.1f} {ratio:>10.2f}x {chunks:>6}")

    print()
    print("overhead per chunk (empty chunks, ms):  one in flight   2 per worker in flight")
    for executor_name, (workers, latency, pipelined) in overheads.items():
        print(f"  {executor_name:<10} x{workers:<3}                  {latency:>8.2f}   {pipelined:>21.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
