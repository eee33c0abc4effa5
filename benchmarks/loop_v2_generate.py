"""Loop version 2 generation, CPU time per size and level: median and p95, beside Loopy (not a test).

    .venv/bin/python benchmarks/loop_v2_generate.py                         # 7×7 and 10×10, 10 seeds
    .venv/bin/python benchmarks/loop_v2_generate.py --sizes 5 7x5 15 --seeds 40 --levels hard expert

Seeds are ``bench-0``, ``bench-1``, ...; each puzzle is generated once, in this
process, one after another; the time is the process's CPU time
(``time.process_time``), as in issue 15's figures. A row also gives the mean
and largest attempt number and how many seeds failed (``GenerationFailed``;
there should be none). The last columns are the figures issue 15 measured on
this machine: Simon Tatham's Loopy (C; its Easy beside our easy, its Hard
beside our hard) and Loop version 1, where it has them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from figures import rounded_rank as percentile

from gridlogic import GAMES, GenerationFailed

# (width, height, level) -> median ms, p95 ms (None: not measured); from issue 15
LOOPY_MS: dict[tuple[int, int, str], tuple[float, float | None]] = {
    (10, 10, "hard"): (10, 17),
    (7, 7, "hard"): (2.3, None),
    (10, 10, "easy"): (2.6, None),
}
VERSION_1_MS: dict[tuple[int, int, str], tuple[float, float | None]] = {
    (10, 10, "hard"): (626, 1200),
    (10, 10, "easy"): (61, None),
}


def board(text: str) -> tuple[int, int]:
    """``10`` or ``7x5``."""
    width, _, height = text.lower().partition("x")
    return int(width), int(height or width)


def figure(known: tuple[float, float | None] | None) -> str:
    if known is None:
        return "-"
    median, p95 = known
    return f"{median:g}" + (f" / {p95:g}" if p95 is not None else "")


def main(argv: list[str] | None = None) -> int:
    levels = GAMES["loop"].versions[2].difficulties
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", type=board, nargs="+", default=[(7, 7), (10, 10)], metavar="WxH")
    parser.add_argument("--levels", nargs="+", default=[level for level in levels if level != "any"],
                        choices=levels)
    parser.add_argument("--seeds", type=int, default=10)
    args = parser.parse_args(argv)
    print(f"{'size':>5} {'level':<7} {'median ms':>9} {'p95 ms':>8} {'max ms':>8} {'attempt':>7} "
          f"{'max':>4} {'failed':>6}  {'Loopy ms':>10}  {'v1 ms':>10}")
    for width, height in args.sizes:
        for level in args.levels:
            times, attempts, failed = [], [], 0
            for k in range(args.seeds):
                start = time.process_time()
                try:
                    puzzle = GAMES["loop"].generate((width, height), f"bench-{k}", level, version=2)
                except GenerationFailed:
                    failed += 1
                    continue
                times.append(1000 * (time.process_time() - start))
                attempts.append(puzzle.attempt)
            key = (width, height, level)
            if not times:
                print(f"{width:>2}x{height:<2} {level:<7} every seed failed", flush=True)
                continue
            print(
                f"{width:>2}x{height:<2} {level:<7} {statistics.median(times):>9.1f} "
                f"{percentile(times, 0.95):>8.1f} {max(times):>8.1f} {statistics.mean(attempts):>7.1f} "
                f"{max(attempts):>4} {failed:>6}  {figure(LOOPY_MS.get(key)):>10}  "
                f"{figure(VERSION_1_MS.get(key)):>10}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
