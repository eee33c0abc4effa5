"""What playing and printing brought puzzles costs: the proof of uniqueness, and a printed PDF.

Part 1 times ``Game.make`` of an imported spec (read, solve within the game's import limits,
build or refuse) for boards near each game's largest side: Signal boards shuffled from random
trees (12x12 to 20x20; most such boards have several solutions, which the search finds on the
way), the Pattern and Loop puzzles of ``tests/data``. It prints the verdict, the time and, for
Signal, the search nodes and the time a node, the figure behind Signal's 5,000-node limit.

Part 2 writes the PDF of ``gridlogic pattern print --seed-prefix booklet --count N`` and prints
its pages, its size and the time taken (fpdf2, the ``print`` extra, must be installed).

    .venv/bin/python benchmarks/imports.py [--count 6]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import tempfile
import time
from pathlib import Path

from gridlogic import GAMES, ImportRefused
from gridlogic.cli import main
from gridlogic.game import Problem

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"


def timed_import(name: str, problem: Problem) -> tuple[str, float]:
    game = GAMES[name]
    spec = game.import_spec(problem)
    started = time.perf_counter()
    try:
        game.make(spec)
        verdict = "played"
    except ImportRefused as refused:
        verdict = str(refused).split(";")[0]
    return verdict, time.perf_counter() - started


def signal_boards() -> list[Problem]:
    from gridlogic.signal.board import VARIANTS  # benchmarks may reach inside a game
    from gridlogic.signal.v3.generator import tree

    boards = []
    for side in (12, 16, 20):
        for k in range(3):
            draw = random.Random(side * 10 + k)
            tiles = [draw.choice(VARIANTS[mask]) for mask in tree(side, draw.random)]
            boards.append(Problem("signal", side, side, {"tiles": tiles}, "json"))
    return boards


def part_one() -> None:
    print("import proof (Game.make of an imported spec)")
    signal = GAMES["signal"]
    for problem in signal_boards():
        verdict, seconds = timed_import("signal", problem)
        nodes = signal.solve(problem, **signal.imports.limits).nodes
        per_node = f"{seconds / nodes * 1000:.2f} ms/node" if nodes else ""
        print(f"  signal  {problem.width}x{problem.height}  {seconds:6.2f} s  {nodes:5d} nodes  "
              f"{per_node:>14}  {verdict}")
    for path in sorted((DATA / "pattern_general").glob("*.non")):
        problem = GAMES["pattern"].read(path.read_text(encoding="utf-8"))
        verdict, seconds = timed_import("pattern", problem)
        print(f"  pattern {problem.width}x{problem.height}  {seconds:6.2f} s  {path.name}: {verdict}")
    loop = GAMES["loop"]
    for entry in json.loads((DATA / "loop" / "olson_sample.json").read_text(encoding="utf-8")):
        problem = loop.read("\n".join(entry["faceData"][r * entry["width"]:(r + 1) * entry["width"]]
                                       for r in range(entry["height"])))
        verdict, seconds = timed_import("loop", problem)
        print(f"  loop    {problem.width}x{problem.height}  {seconds:6.2f} s  {entry['source']} #{entry['index']}: "
              f"{verdict}")


def part_two(count: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "booklet.pdf")
        started = time.perf_counter()
        main(["pattern", "print", "--seed-prefix", "booklet", "--count", str(count), "--out", path])
        seconds = time.perf_counter() - started
        print(f"  {os.path.getsize(path)} bytes in {seconds:.2f} s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=6, help="puzzles in the printed PDF (default 6)")
    arguments = parser.parse_args()
    part_one()
    print(f"printed PDF of {arguments.count} 5x5 Pattern puzzles")
    part_two(arguments.count)
