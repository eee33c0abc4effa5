"""Loop version 1 generation time per size and difficulty: median and 95th percentile (not a test).

    .venv/bin/python benchmarks/loop_generate.py                 # sizes 5..10, 20 seeds each
    .venv/bin/python benchmarks/loop_generate.py --sizes 7 10 --seeds 40

Seeds are ``bench-0``, ``bench-1``, ...; each puzzle is generated once, in
this process, one after another. Also prints the mean attempt number and the
mean share of cells that keep a clue.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from gridlogic.loop import GAME
from gridlogic.loop.v1.generator import DIFFICULTIES, NUMBER, SIZES


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[k]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--difficulties", nargs="+", default=list(DIFFICULTIES))
    parser.add_argument("--seeds", type=int, default=20)
    args = parser.parse_args(argv)
    print(f"{'size':>4} {'difficulty':<10} {'median s':>9} {'p95 s':>8} {'max s':>8} {'attempt':>8} {'clues':>6}")
    for size in args.sizes:
        for difficulty in args.difficulties:
            times, attempts, shares = [], [], []
            for k in range(args.seeds):
                start = time.perf_counter()
                puzzle = GAME.generate(size, f"bench-{k}", difficulty, version=NUMBER)
                times.append(time.perf_counter() - start)
                attempts.append(puzzle.attempt)
                shares.append(puzzle.metrics.clue_share)
            print(
                f"{size:>4} {difficulty:<10} {statistics.median(times):>9.3f} "
                f"{percentile(times, 0.95):>8.3f} {max(times):>8.3f} "
                f"{statistics.mean(attempts):>8.2f} {statistics.mean(shares):>6.2f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
