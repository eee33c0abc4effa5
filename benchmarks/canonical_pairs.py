"""The studio's analyse (and fixes) on puzzles with several solutions, with and without python-sat.

Usage::

    nice .venv/bin/python benchmarks/canonical_pairs.py                  # with python-sat
    nice .venv/bin/python benchmarks/canonical_pairs.py --no-sat         # as if it were not installed
    nice .venv/bin/python benchmarks/canonical_pairs.py --fixes --only readme
    GRIDLOGIC_PURE=1 .venv/bin/python benchmarks/canonical_pairs.py      # the engines as pure Python
    PYTHONPATH=/tmp/base/src .venv/bin/python benchmarks/canonical_pairs.py   # another checkout's src

A verdict of ``several`` carries the least two solutions in index order (the deciders' module
docstrings, "The two ... of several"), the same whichever back end found them; this measures what
that costs. Each board is analysed by :func:`gridlogic.studio.analyse` within the studio's limits
(5 s for Loop and Pattern) and, with ``--fixes``, given fixes by :func:`gridlogic.studio.fixes`;
each line prints the verdict, the CPU seconds of this process
(forked children, Pattern's SAT call with hints, included), a short hash of the difference and, for
fixes, of the fixes, so that two runs can be compared line by line.

The boards, all made here from fixed seeds: the README's studio examples; Loop version 2 puzzles of
15×15 and 25×25 (``hard``) with a few clues hidden in a fixed shuffled order (each is then
``several``, and most go to the SAT back end when it is installed); Pattern pictures drawn at random
with a fixed seed (several solutions, some decided by search, some by SAT).

``--no-sat`` makes ``import pysat`` fail before gridlogic is imported, as on an installation
without the ``sat`` extra.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import sys
import time
from collections.abc import Iterator
from typing import Any

README_LOOP = ["2x2t0:3c", ".2...\n...3.\n.....\n.1...\n...2.\n"]
README_PATTERN = ["2x2:1/1/1/1", "5x5:2/3/3/3/3///4/5/5"]


def cpu_seconds() -> float:
    children = os.times()
    return time.process_time() + children.children_user + children.children_system


def loop_boards(games: Any) -> Iterator[tuple[str, Any]]:
    loop = games["loop"]
    for k, text in enumerate(README_LOOP):
        yield f"readme-loop-{k}", loop.read(text)
    for side, seeds, hidden in ((15, ("a", "b", "c"), (2, 6)), (25, ("a", "b"), (3, 8))):
        for seed in seeds:
            puzzle = loop.generate((side, side), f"canonical-{seed}", "hard", version=2)
            shown = [cell for cell, clue in enumerate(puzzle.clues) if clue is not None]
            random.Random(f"{side}-{seed}").shuffle(shown)
            for count in hidden:
                clues = list(puzzle.clues)
                for cell in shown[:count]:
                    clues[cell] = None
                rows = ["".join("." if clue is None else str(clue) for clue in clues[r * side:(r + 1) * side])
                        for r in range(side)]
                yield f"loop-{side}-{seed}-hide{count}", loop.read("\n".join(rows) + "\n")


def pattern_boards(games: Any) -> Iterator[tuple[str, Any]]:
    from gridlogic.pattern.studio import picture_problem

    pattern = games["pattern"]
    for k, text in enumerate(README_PATTERN):
        yield f"readme-pattern-{k}", pattern.read(text)
    for side, density, seeds in ((15, 0.5, "abc"), (25, 0.5, "ab"), (25, 0.35, "ab")):
        for seed in seeds:
            rnd = random.Random(f"{side}-{density}-{seed}")
            cells = [1 if rnd.random() < density else 0 for _ in range(side * side)]
            yield f"pattern-{side}-{density}-{seed}", picture_problem(cells, side, side, "bench")


def digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:10]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-sat", action="store_true", help="run as if python-sat were not installed")
    parser.add_argument("--fixes", action="store_true", help="also time the fixes of each several board")
    parser.add_argument("--only", default="", help="only the boards whose name starts with this")
    args = parser.parse_args()
    if args.no_sat:
        sys.modules["pysat"] = None  # type: ignore[assignment]
        sys.modules["pysat.solvers"] = None  # type: ignore[assignment]
    from gridlogic import GAMES
    from gridlogic.studio import analyse, fixes

    total = 0.0
    for name, problem in [*loop_boards(GAMES), *pattern_boards(GAMES)]:
        if not name.startswith(args.only):
            continue
        game = GAMES[problem.game]
        started = cpu_seconds()
        found = analyse(game, problem)
        spent = cpu_seconds() - started
        total += spent
        line = (f"{name:26} {found.verdict:9} {spent:7.3f} s  difference {len(found.difference):3} "
                f"{digest(found.to_dict()['difference'])}")
        if args.fixes and found.verdict == "several":
            started = cpu_seconds()
            fixed = fixes(game, problem)
            spent = cpu_seconds() - started
            line += f"  fixes {spent:7.3f} s {len(fixed.fixes)} {digest(fixed.to_dict()['fixes'])}"
        print(line, flush=True)
    print(f"total analyse CPU: {total:.2f} s")


if __name__ == "__main__":
    main()
