"""Loop version 3's ladder, measured: our grade of our puzzles, the Loopy cross-check, and the sweep (not a test).

    .venv/bin/python benchmarks/loop_v3_levels.py                          # 7×7 and 10×10, 30 seeds a level
    .venv/bin/python benchmarks/loop_v3_levels.py --sizes 7 10 --seeds 60 --loopy /path/to/loopy-grader
    .venv/bin/python benchmarks/loop_v3_levels.py --sweep --seeds 500      # every preset × level, every seed

**Levels** (the default): for each size and level asked, seeds ``cal-0``, ``cal-1``, ... are
generated (version 3) and graded again from scratch by our ladder
(:func:`gridlogic.loop.v3.levels.grade`); a row prints how many got each level (all should get the
level asked), the mean clue share and the CPU time per puzzle.

**Loopy** (``--loopy PROGRAM``): the same puzzles, written as Loopy game IDs, are graded by Simon
Tatham's Loopy solver, and Loopy's own puzzles (``PROGRAM gen 7x7t0de 30 cal-``, made by its
generator) by ours; both tables print as "ours → Loopy Easy / Normal / Tricky / Hard / none" and
"Loopy → our easy / medium / hard / expert / none". ``PROGRAM`` is a small driver around Tatham's
unmodified ``loopy.c``, built outside this project (whose repository holds none of that code):
reading Loopy game IDs on standard input, one a line, it prints for each the least difficulty
(0 Easy .. 3 Hard) whose deductions finish the puzzle, 4 for none; ``PROGRAM gen PARAMS N PREFIX``
prints N puzzles of Loopy's generator, seeded ``PREFIX0``, ``PREFIX1``, ...

**Sweep** (``--sweep``): every preset side of version 3 (and the smallest, 4×4) × every level ×
``--seeds`` seeds (``sweep-K``), each made, verified and its level checked; prints per row the
failures (there should be none), the mean and largest attempt, and the mean and largest CPU ms.
With ``--sweep-sides`` the sides are chosen, and larger boards may be given fewer seeds with
``--big-seeds`` (sides from 15).

Figures of 2026-12-06 (this machine, 2 shared cores, pure Python), ``--seeds 60 --loopy``: at 7×7
and 10×10 every one of our easy / medium / hard / expert puzzles was rated Easy / Normal / Tricky /
Hard by Loopy (60 of 60 in each row), and each of 60 Loopy puzzles of each difficulty got our
paired level (60 of 60). The sweep's figures are in the issue's note.
"""

from __future__ import annotations

import argparse
import collections
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from gridlogic import GAMES, GenerationFailed
from gridlogic.loop.formats import from_loopy_id, to_loopy_id
from gridlogic.loop.v3.levels import LEVELS, grade

LOOP = GAMES["loop"]
LOOPY_NAMES = ("Easy", "Normal", "Tricky", "Hard", "none")
LOOPY_LETTER = dict(zip(LEVELS, "enth"))


def made(side: int, seed: str, level: str):
    return LOOP.generate(side, seed, level, version=3)


def loopy_grades(program: str, ids: list[str]) -> list[int]:
    out = subprocess.run([program], input="".join(f"{i}\n" for i in ids), capture_output=True, text=True,
                         check=True).stdout.split()
    return [int(x) for x in out]


def levels_table(sizes: list[int], seeds: int, program: str | None) -> None:
    for side in sizes:
        print(f"{side}x{side}, {seeds} seeds a level: our grade (easy / medium / hard / expert / none), "
              "clue share, ms a puzzle" + (", then Loopy's grade" if program else ""))
        for level in LEVELS:
            started = time.process_time()
            puzzles = [made(side, f"cal-{k}", level) for k in range(seeds)]
            ms = (time.process_time() - started) * 1000 / seeds
            ours = collections.Counter(grade(list(p.clues), side, side).level for p in puzzles)
            share = sum(p.metrics.clue_share for p in puzzles) / seeds
            row = f"  {level:7} {' / '.join(str(ours[name]) for name in (*LEVELS, None))}   {share:.2f}   {ms:.0f}"
            if program:
                theirs = collections.Counter(loopy_grades(program, [to_loopy_id(list(p.clues), side, side)
                                                                    for p in puzzles]))
                row += "   Loopy " + " / ".join(str(theirs[k]) for k in range(5))
            print(row)
        if program:
            print(f"  Loopy's puzzles {side}x{side} by our ladder (easy / medium / hard / expert / none):")
            for level in LEVELS:
                params = f"{side}x{side}t0d{LOOPY_LETTER[level]}"
                ids = subprocess.run([program, "gen", params, str(seeds), "cal-"], capture_output=True, text=True,
                                     check=True).stdout.split()
                graded = collections.Counter()
                for loopy_id in ids:
                    puzzle = from_loopy_id(loopy_id)
                    graded[grade(list(puzzle.clues), puzzle.width, puzzle.height).level] += 1
                name = LOOPY_NAMES[LEVELS.index(level)]
                print(f"  Loopy {name:7} {' / '.join(str(graded[n]) for n in (*LEVELS, None))}")


def sweep(sides: list[int], seeds: int, big_seeds: int) -> int:
    failures = 0
    for side in sides:
        count = seeds if side < 15 else big_seeds
        for level in LEVELS:
            times, attempts, failed = [], [], 0
            for k in range(count):
                started = time.process_time()
                try:
                    puzzle = made(side, f"sweep-{k}", level)
                except GenerationFailed:
                    failed += 1
                    continue
                times.append(time.process_time() - started)
                attempts.append(puzzle.attempt)
                if puzzle.level != level or not LOOP.verify(puzzle):
                    failed += 1
            failures += failed
            mean = sum(times) / max(1, len(times)) * 1000
            print(f"{side}x{side} {level:7} seeds {count}  failed {failed}  attempts mean "
                  f"{sum(attempts) / max(1, len(attempts)):.2f} max {max(attempts, default=0)}  "
                  f"ms mean {mean:.0f} max {max(times, default=0) * 1000:.0f}", flush=True)
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[7, 10])
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("--loopy", metavar="PROGRAM", help="a Loopy grader driver (see the module docstring)")
    parser.add_argument("--sweep", action="store_true", help="every preset x level x seed, made and checked")
    parser.add_argument("--sweep-sides", type=int, nargs="+", help="the sweep's sides (default: 4 and the presets)")
    parser.add_argument("--big-seeds", type=int, help="seeds for sides from 15 in the sweep (default --seeds)")
    args = parser.parse_args()
    if args.sweep:
        sides = args.sweep_sides or [4, *LOOP.versions[3].presets]
        return 1 if sweep(sides, args.seeds, args.big_seeds or args.seeds) else 0
    levels_table(args.sizes, args.seeds, args.loopy)
    return 0


if __name__ == "__main__":
    sys.exit(main())
