#!/usr/bin/env python3
"""Signal version 4 over many seeds: failures, uniqueness and levels, and its speed beside version 3 and Net.

Run from the project root::

    .venv/bin/python benchmarks/signal_v4.py                      # the full sweep: 1,000 seeds per preset
    .venv/bin/python benchmarks/signal_v4.py --seeds 100 --sizes 6 10 --jobs 2
    .venv/bin/python benchmarks/signal_v4.py --speed-only --seeds 200 --sizes 25

For every offered preset × difficulty × wrapping (or the ``--sizes`` given)
it generates seeds ``v4-0`` … ``v4-(N-1)`` and checks each puzzle again from
scratch: that its search finds exactly one solution, the answer
(``verify``), and that the grader gives the level asked for (any level for
``any``). It prints the counts of generation failures, puzzles not proven
unique and puzzles off their level (all three should be 0), then the CPU
time per puzzle (median and 95th percentile, the checks left out) with
version 3's on the same seeds where version 3 has that size (its failures
counted, their time included), and the figures measured for Simon Tatham's
Net generator (C) that issue 13 gives. ``--speed-only`` skips the checks.
CPU time (``time.process_time``) of the process that generates, so a
shared machine's load weighs less than it would on wall time; ``--jobs``
spreads seeds over processes. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Self

from gridlogic import GenerationFailed, signal
from gridlogic.signal.tables import board_geometry
from gridlogic.signal.v4.generator import PRESETS, refusal
from gridlogic.signal.v4.grading import grade

DIFFICULTIES = ("any", "easy", "medium", "hard")
# Net (Simon Tatham's collection, C, built from its source), as measured for issue 13:
# median / p95 milliseconds per puzzle, at any difficulty (Net has none).
NET = {4: (0.024, None), 5: (0.036, None), 6: (0.054, None), 10: (0.14, 0.33), 15: (0.45, 0.85)}


def one(job: tuple[int, str, bool, int, bool]) -> tuple[float, str, float | None]:
    """(CPU seconds of v4, what the check says: "ok", "failed", "not unique" or "level X", v3's CPU seconds)."""
    side, difficulty, wrapping, k, check = job
    seed = f"v4-{k}"
    started = time.process_time()
    try:
        puzzle = signal.generate(side, seed, difficulty, version=4, wrapping=wrapping)
    except GenerationFailed:
        return time.process_time() - started, "failed", None
    seconds = time.process_time() - started
    verdict = "ok"
    if check:
        graded, _ = grade(list(puzzle.answer), board_geometry(side, side, wrapping))
        if not signal.GAME.verify(puzzle) or graded is None:
            verdict = "not unique"
        elif graded.level != puzzle.level or (difficulty != "any" and graded.level != difficulty):
            verdict = f"level {graded.level}"
    v3 = None
    if not wrapping and side in signal.GAME.version(3).sides:
        started = time.process_time()
        try:
            signal.generate(side, seed, difficulty, version=3)
        except GenerationFailed:
            pass  # its attempts still cost time
        v3 = time.process_time() - started
    return seconds, verdict, v3


def percentiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=1000)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(PRESETS))
    parser.add_argument("--difficulties", nargs="+", default=list(DIFFICULTIES))
    parser.add_argument("--wrapping", choices=("both", "no", "yes"), default="both")
    parser.add_argument("--speed-only", action="store_true", help="skip the uniqueness and level checks")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    wrappings = {"both": (False, True), "no": (False,), "yes": (True,)}[args.wrapping]
    print(f"signal version 4, seeds v4-0 ... v4-{args.seeds - 1}; CPU ms per puzzle")
    print(f"{'size':8} {'difficulty':10} {'failed':>6} {'not unique':>10} {'off level':>9} "
          f"{'v4 median':>9} {'v4 p95':>8} {'v3 median':>9} {'v3 p95':>8} {'v3 failed':>9} {'Net median/p95':>15}")
    totals = [0, 0, 0, 0]
    with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else _Serial() as pool:
        for side in args.sizes:
            for wrapping in wrappings:
                for difficulty in args.difficulties:
                    if refusal(side, side, difficulty, wrapping):
                        continue
                    jobs = [(side, difficulty, wrapping, k, not args.speed_only) for k in range(args.seeds)]
                    results = list(pool.map(one, jobs, chunksize=max(1, args.seeds // (4 * args.jobs))))
                    failed = sum(verdict == "failed" for _, verdict, _ in results)
                    not_unique = sum(verdict == "not unique" for _, verdict, _ in results)
                    off_level = sum(verdict.startswith("level") for _, verdict, _ in results)
                    totals = [totals[0] + len(results), totals[1] + failed, totals[2] + not_unique,
                              totals[3] + off_level]
                    median, p95 = percentiles([seconds for seconds, _, _ in results])
                    v3_times = [v3 for _, _, v3 in results if v3 is not None]
                    v3_text = "{:9.2f} {:8.2f}".format(*(1000 * x for x in percentiles(v3_times))) if v3_times else (
                        f"{'-':>9} {'-':>8}")
                    v3_failed = (sum(1 for k in range(args.seeds) if _v3_fails(side, difficulty, k))
                                 if v3_times else None)
                    net = NET.get(side) if not wrapping else None
                    net_text = (f"{net[0]:g}/{net[1]:g}" if net and net[1] else f"{net[0]:g}" if net else "-")
                    name = f"{side}x{side}{'w' if wrapping else ''}"
                    print(f"{name:8} {difficulty:10} {failed:6} {not_unique:10} {off_level:9} "
                          f"{1000 * median:9.2f} {1000 * p95:8.2f} {v3_text} "
                          f"{'-' if v3_failed is None else v3_failed:>9} {net_text:>15}", flush=True)
    print(f"total: {totals[0]} puzzles, {totals[1]} failed, {totals[2]} not proven unique, {totals[3]} off level")


def _v3_fails(side: int, difficulty: str, k: int) -> bool:
    try:
        signal.generate(side, f"v4-{k}", difficulty, version=3)
    except GenerationFailed:
        return True
    return False


class _Serial:
    """The executor interface, in this process (so that ``--jobs 1`` times without pickling)."""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def map(self, function, jobs, chunksize=1):  # type: ignore[no-untyped-def]
        return map(function, jobs)


if __name__ == "__main__":
    main()
