"""Loop version 2 generation, CPU time per size and level: median and p95, beside Loopy (not a test).

    .venv/bin/python benchmarks/loop_v2_generate.py                         # 7×7 and 10×10, 10 seeds
    .venv/bin/python benchmarks/loop_v2_generate.py --sizes 5 7x5 15 --seeds 40 --levels hard expert
    .venv/bin/python benchmarks/loop_v2_generate.py --sizes 10 --levels hard --profile       # where the time goes
    .venv/bin/python benchmarks/loop_v2_generate.py --sizes 10 --levels hard --profile --version 1   # before

Seeds are ``bench-0``, ``bench-1``, ...; each puzzle is generated once, in this
process, one after another; the time is the process's CPU time
(``time.process_time``), as in issue 15's figures. A row also gives the mean
and largest attempt number and how many seeds failed (``GenerationFailed``;
there should be none). The last columns are the figures issue 15 measured on
this machine: Simon Tatham's Loopy (C; its Easy beside our easy, its Hard
beside our hard) and Loop version 1, where it has them.

``--profile`` runs the same generations under ``cProfile`` instead and prints, per size and level, the
functions that took the most time (their own and with what they called), and how often they ran;
``--version 1`` measures version 1 (sizes 5 to 10, levels easy to hard), the "before" of issue 15.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
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


def profile(width: int, height: int, level: str, seeds: int, version: int, top: int = 14) -> None:
    """The functions that took the most time making ``seeds`` puzzles, by cumulative time."""
    profiler = cProfile.Profile()
    profiler.enable()
    for k in range(seeds):
        GAMES["loop"].generate((width, height), f"bench-{k}", level, version=version)
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = stats.total_tt  # type: ignore[attr-defined]
    print(f"version {version}, {width}x{height} {level}, {seeds} seeds: {total:.2f} s under the profiler")
    print(f"{'own %':>6} {'with callees %':>14} {'calls':>9}  function")
    rows = stats.stats.items()  # type: ignore[attr-defined]
    for (path, line, name), (_, calls, own, cumulative, _) in sorted(rows, key=lambda r: -r[1][3])[:top]:
        where = f"{Path(path).parent.name}/{Path(path).name}:{line}" if line else path
        print(f"{100 * own / total:>6.1f} {100 * cumulative / total:>14.1f} {calls:>9}  {name} ({where})")
    print(flush=True)


def main(argv: list[str] | None = None) -> int:
    levels = GAMES["loop"].versions[2].difficulties
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", type=board, nargs="+", default=[(7, 7), (10, 10)], metavar="WxH")
    parser.add_argument("--levels", nargs="+", default=[level for level in levels if level != "any"],
                        choices=levels)
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--version", type=int, default=2, choices=sorted(GAMES["loop"].versions))
    parser.add_argument("--profile", action="store_true", help="where the time goes, by function")
    args = parser.parse_args(argv)
    if args.profile:
        for width, height in args.sizes:
            for level in args.levels:
                profile(width, height, level, args.seeds, args.version)
        return 0
    print(f"{'size':>5} {'level':<7} {'median ms':>9} {'p95 ms':>8} {'max ms':>8} {'attempt':>7} "
          f"{'max':>4} {'failed':>6}  {'Loopy ms':>10}  {'v1 ms':>10}")
    for width, height in args.sizes:
        for level in args.levels:
            times, attempts, failed = [], [], 0
            for k in range(args.seeds):
                start = time.process_time()
                try:
                    puzzle = GAMES["loop"].generate((width, height), f"bench-{k}", level, version=args.version)
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
