"""Throughput of the Pattern engine: generation per size, and the search on hard clue sets.

Run from the project root: ``.venv/bin/python benchmarks/pattern_engine.py``. Prints figures;
asserts nothing about time. The line-solver cache is cleared before each measurement so that
every figure includes the cost of solving lines it has not seen.
"""

from __future__ import annotations

import random
import time

from gridlogic import pattern
from gridlogic.pattern.lines import solve_line


def measure(label: str, work, repeat: int) -> None:
    solve_line.cache_clear()
    start = time.perf_counter()
    for k in range(repeat):
        work(k)
    elapsed = time.perf_counter() - start
    print(f"{label:44} {repeat:5} runs  {elapsed / repeat * 1000:8.2f} ms each")


def main() -> None:
    for size in pattern.SIZES:
        measure(f"generate({size}, seed)", lambda k, size=size: pattern.generate(size, f"bench-{k}"), 100)
    rand = random.Random(1)
    hard = []
    while len(hard) < 20:  # 10x10 clue sets that need a real search
        grid = [rand.randrange(2) for _ in range(100)]
        rows, cols = pattern.clues_for(grid, 10)
        result = pattern.solve(rows, cols, 10)
        if result.nodes > 50:
            hard.append((rows, cols, result.nodes))
    nodes = sum(h[2] for h in hard)
    measure(f"solve 10x10, density 0.5 ({nodes // len(hard)} nodes avg)",
            lambda k: pattern.solve(hard[k][0], hard[k][1], 10), len(hard))
    rows, cols, most = max(hard, key=lambda h: h[2])
    measure(f"solve the hardest of them ({most} nodes)", lambda k: pattern.solve(rows, cols, 10), 1)


if __name__ == "__main__":
    main()
