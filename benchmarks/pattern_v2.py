"""Pattern version 2: how much it looks like a picture, and how long it takes (not a test).

    .venv/bin/python benchmarks/pattern_v2.py structure --seeds 5    # v1 vs v2 neighbour agreement
    .venv/bin/python benchmarks/pattern_v2.py speed                  # presets x levels, 10 seeds each
    .venv/bin/python benchmarks/pattern_v2.py speed --sizes 15 30 --seeds 500

``structure`` prints the mean share of orthogonally adjacent cell pairs that
agree (both filled or both empty) over the puzzles of seeds ``bench-0``,
``bench-1``, ...: version 1 at its sizes, version 2 at the sizes and levels
asked (the presets and every level by default). Noise of density 0.5 agrees
about half the time.

``speed`` prints, per size and level, the median, 95th percentile and
maximum generation time, the failures (``GenerationFailed``: there should
be none) and the mean attempt, beside Simon Tatham's Pattern at 30x30 for
scale (2.9 ms median, 9.3 ms p95 on this machine; it grades nothing and its
pictures are noise). Each puzzle is generated once, in this process.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from figures import rounded_rank as percentile

from gridlogic import GAMES, GenerationFailed, pattern
from gridlogic.pattern.v2.generator import agreement

TATHAM_30 = (0.0029, 0.0093)  # seconds: median, p95 of Tatham's Pattern 30x30 on this machine


def structure(sizes: list[int], levels: list[str], seeds: int) -> None:
    print(f"{'version':>7} {'size':>5} {'level':<7} {'agreement':>9}")
    for side in GAMES["pattern"].version(1).presets:
        shares = [agreement(pattern.generate(side, f"bench-{k}", version=1).answer, side, side) for k in range(seeds)]
        print(f"{1:>7} {side:>5} {'any':<7} {statistics.mean(shares):>9.3f}", flush=True)
    for side in sizes:
        for level in levels:
            shares = [agreement(pattern.generate(side, f"bench-{k}", level, version=2).answer, side, side)
                      for k in range(seeds)]
            print(f"{2:>7} {side:>5} {level:<7} {statistics.mean(shares):>9.3f}", flush=True)


def speed(sizes: list[int], levels: list[str], seeds: int) -> None:
    print(f"{'size':>5} {'level':<7} {'median ms':>9} {'p95 ms':>8} {'max ms':>8} {'failed':>6} {'attempt':>7}")
    for side in sizes:
        for level in levels:
            times, attempts, failed = [], [], 0
            for k in range(seeds):
                start = time.perf_counter()
                try:
                    attempts.append(pattern.generate(side, f"bench-{k}", level, version=2).attempt)
                except GenerationFailed:
                    failed += 1
                times.append(time.perf_counter() - start)
            print(f"{side:>5} {level:<7} {1000 * statistics.median(times):>9.1f} "
                  f"{1000 * percentile(times, 0.95):>8.1f} {1000 * max(times):>8.1f} {failed:>6} "
                  f"{statistics.mean(attempts) if attempts else 0:>7.2f}", flush=True)
    print(f"{30:>5} {'Tatham':<7} {1000 * TATHAM_30[0]:>9.1f} {1000 * TATHAM_30[1]:>8.1f}   (his Pattern, for scale)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("measure", choices=("structure", "speed"))
    parser.add_argument("--sizes", type=int, nargs="+", default=list(GAMES["pattern"].version(2).presets))
    parser.add_argument("--levels", nargs="+", default=list(GAMES["pattern"].version(2).difficulties))
    parser.add_argument("--seeds", type=int, default=10)
    args = parser.parse_args(argv)
    if args.measure == "structure":
        structure(args.sizes, args.levels, args.seeds)
    else:
        speed(args.sizes, args.levels, args.seeds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
