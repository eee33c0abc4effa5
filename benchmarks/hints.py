"""Hint time per game at the largest preset: median, 95th percentile and slowest (not a test).

    .venv/bin/python benchmarks/hints.py                  # every game, 5 seeds, its hardest level
    .venv/bin/python benchmarks/hints.py --seeds 10 --games loop

For each game of the table, its latest version's largest preset and hardest
difficulty: each seed's puzzle (``bench-0``, ``bench-1``, ...) is solved by
following the hints from the board a play starts from, and every hint on the
way is timed (``Game.hints.hint``, in this process, one after another), so
the figures cover every board a player following hints meets.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from figures import rounded_rank as percentile

from gridlogic import GAMES


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", nargs="+", default=[name for name, game in GAMES.items() if game.hints])
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args(argv)
    print(f"{'game':<8} {'board':<12} {'hints':>6} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    for name in args.games:
        game = GAMES[name]
        hints = game.hints
        assert hints is not None, f"{name} has no hints"
        version = game.version()
        size, difficulty = max(version.presets), version.difficulties[-1]
        times: list[float] = []
        for k in range(args.seeds):
            puzzle = game.generate(size, f"bench-{k}", difficulty, version=version.number)
            board = hints.start(puzzle)
            while True:
                started = time.perf_counter()
                given = hints.hint(puzzle, board)
                times.append(time.perf_counter() - started)
                if given.status != "step":
                    break
                board = hints.apply(puzzle, board, given)
        label = f"{size}x{size} {difficulty}"
        print(f"{name:<8} {label:<12} {len(times):>6} {1000 * percentile(times, 0.5):>10.1f} "
              f"{1000 * percentile(times, 0.95):>8.1f} {1000 * max(times):>8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
