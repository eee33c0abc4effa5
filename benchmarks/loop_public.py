"""Solve public slitherlinks with the Loop solver and print verdicts and times (not a test).

    .venv/bin/python benchmarks/loop_public.py ../shared/data/slitherlink/square-7x7.json --count 50

Reads Jonathan Olson's JSON lists (``board.parameters.width/height`` and
``faceData``: one character per cell, ``.`` for no clue), turns each entry
into the text grid that ``gridlogic loop solve`` reads, and solves it the
way that command does (same parser, same ``solve_grid``, same default
budgets unless ``--budget`` is given). Every puzzle there has exactly one
solution, so anything but ``unique`` is reported line by line.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from gridlogic.cli.loop import DEFAULT_NODE_LIMIT
from gridlogic.loop.formats import read_puzzle
from gridlogic.loop.solver import solve_grid


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("files", nargs="+")
    parser.add_argument("--count", type=int, default=None, help="only the first COUNT puzzles of each file")
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--budget", type=float, default=None, help="time budget per puzzle in seconds")
    args = parser.parse_args(argv)
    print(f"{'file':<22} {'count':>5} {'unique':>6} {'several':>7} {'none':>5} {'undec.':>6} "
          f"{'median s':>9} {'p95 s':>8} {'max s':>8} {'max nodes':>9}")
    for name in args.files:
        entries = json.loads(Path(name).read_text())
        stop = None if args.count is None else args.start + args.count
        entries = entries[args.start:stop]
        verdicts = {"unique": 0, "several": 0, "none": 0, "undecided": 0}
        times, nodes = [], []
        for k, entry in enumerate(entries, args.start):
            w = entry["board"]["parameters"]["width"]
            h = entry["board"]["parameters"]["height"]
            text = "\n".join(entry["faceData"][r * w:(r + 1) * w] for r in range(h))
            puzzle = read_puzzle(text)
            start = time.perf_counter()
            result = solve_grid(list(puzzle.clues), w, h, node_limit=DEFAULT_NODE_LIMIT, time_limit=args.budget)
            times.append(time.perf_counter() - start)
            nodes.append(result.nodes)
            verdicts[result.verdict] += 1
            if result.verdict != "unique":
                print(f"  {Path(name).name} #{k}: {result.verdict} after {result.nodes} nodes, {times[-1]:.2f} s")
        ordered = sorted(times)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        print(f"{Path(name).name:<22} {len(entries):>5} {verdicts['unique']:>6} {verdicts['several']:>7} "
              f"{verdicts['none']:>5} {verdicts['undecided']:>6} {statistics.median(times):>9.3f} "
              f"{p95:>8.3f} {max(times):>8.3f} {max(nodes):>9}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
