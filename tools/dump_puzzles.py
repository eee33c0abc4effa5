#!/usr/bin/env python3
"""Dump thousands of generated puzzles of every game and version, to prove a change keeps them.

Run from the project root with the project's Python:

    .venv/bin/python tools/dump_puzzles.py --out /tmp/before.jsonl          # make the dump
    .venv/bin/python tools/dump_puzzles.py --compare /tmp/before.jsonl      # make it again and compare

Versions are promises: every shipped generator version keeps its puzzles forever, so a refactor
or a compiled build must make byte-identical puzzles. The plan covers every game x version x
board x difficulty x option value that the version offers: each preset side, the smallest and
largest side, and (where a version takes width and height apart) a few oblong boards; each with
seeds of every kind (empty, spaces, dots, percent signs, Japanese, emoji, a lone surrogate, 80
UTF-16 units) and numbered ones; an option of many values (Loop version 4's grids) gets all the
seeds at its default and two at each other value. Large boards get fewer seeds, so the whole dump stays within
minutes on two cores. Each line is ``ID<TAB>sha256<TAB>JSON`` with the puzzle's ``to_dict()``
written with sorted keys; a refused request (GenerationFailed) is dumped as its message, so a
change in what fails shows too. ``--compare`` prints the first differences and exits 1 on any.

``--count`` scales the numbered seeds per case (default 1: about 5,700 puzzles).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from itertools import product
from pathlib import Path

UNUSUAL_SEEDS = ["", " ", "a.b.c", "100%", "日本 #1", "😀🧩", "\ud800", "あ" * 80, "0", "-1", "週末-0"]


def cost_class(side: int) -> int:
    """How many numbered seeds a board of this larger side gets per unit of ``--count``."""
    return 8 if side <= 8 else 4 if side <= 12 else 2 if side <= 20 else 1


MANY_VALUES = 5  # an option with more values than this gets two seeds a case beside its default


def boards(version) -> list[tuple[int, int]]:
    sides = {version.sides[0], version.sides[-1], *version.presets}
    chosen = [(s, s) for s in sorted(sides)]
    if version.rectangular:
        low = version.sides[0]
        chosen += [(low + 2, low), (low, low + 3), (7, 5), (5, 9), (12, 8)]
    return [board for board in chosen if all(side in version.sides for side in board)]


def cases(count: int) -> Iterator[tuple[str, int, object, str, dict, str]]:
    """(game, version, size, difficulty, options, seed) for every request of the plan."""
    import gridlogic
    from gridlogic.errors import InvalidParameters

    for game in gridlogic.GAMES.values():
        for number, version in sorted(game.versions.items()):
            option_values = [[(o.name, v) for v in o.values] for o in version.options]
            for (width, height), difficulty, options in product(
                    boards(version), version.difficulties, product(*option_values)):
                size = width if width == height else (width, height)
                try:
                    game.spec(size, "x", difficulty, version=number, **dict(options))
                except InvalidParameters:
                    continue
                side = max(width, height)
                small_version = 4 if version.sides[-1] <= 10 else 1  # the articles' versions are cheap
                numbered = [f"dump-{i}" for i in range(cost_class(side) * count * small_version)]
                unusual = UNUSUAL_SEEDS if side <= 12 else UNUSUAL_SEEDS[:4] if side <= 20 else UNUSUAL_SEEDS[:1]
                if any(len(o.values) > MANY_VALUES and dict(options)[o.name] != o.default for o in version.options):
                    numbered, unusual = numbered[:1], unusual[:1]  # each value of an option of many (Loop's grids)
                for seed in unusual + numbered:
                    yield game.name, number, size, difficulty, dict(options), seed


def plan(count: int, only: str | None) -> list[tuple]:
    """The cases of :func:`cases`, each once (a preset may also be the smallest or an oblong board)."""
    chosen = {}
    for case in cases(count):
        name, number = case[0], case[1]
        if not only or f"{name}.{number}".startswith(only):
            chosen[repr(case)] = case
    return list(chosen.values())


def dump_one(case: tuple) -> str:
    import gridlogic
    from gridlogic.errors import GenerationFailed

    name, number, size, difficulty, options, seed = case
    game = gridlogic.GAMES[name]
    spec = game.spec(size, seed, difficulty, version=number, **options)
    try:
        text = json.dumps(game.make(spec).to_dict(), sort_keys=True, ensure_ascii=True)
    except GenerationFailed as failure:
        text = json.dumps({"failed": str(failure)})
    except Exception as crash:  # noqa: BLE001 - a crash is a difference too: dumped, so every case is compared
        text = json.dumps({"crashed": f"{type(crash).__name__}: {crash}"})
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    return f"{spec.id}\t{digest}\t{text}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="write the dump here")
    parser.add_argument("--compare", type=Path, help="compare with this earlier dump; exit 1 on a difference")
    parser.add_argument("--count", type=int, default=1, help="numbered seeds per case, scaled by board size")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", help="only the cases whose ID starts with this (say 'loop.2')")
    args = parser.parse_args()
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        lines = list(pool.map(dump_one, plan(args.count, args.only), chunksize=4))
    seconds = time.perf_counter() - started
    whole = hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
    print(f"{len(lines)} puzzles in {seconds:.0f} s; dump hash {whole}")
    if args.out:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    if args.compare:
        before = args.compare.read_text(encoding="utf-8").splitlines()
        return compare([line for line in before if line.startswith(args.only or "")], lines)
    return 0


def compare(before: list[str], after: list[str]) -> int:
    old = {line.split("\t", 1)[0]: line for line in before}
    new = {line.split("\t", 1)[0]: line for line in after}
    changed = [key for key in new if key in old and old[key] != new[key]]
    missing, added = sorted(old.keys() - new.keys()), sorted(new.keys() - old.keys())
    compared = len(new.keys() & old.keys())
    print(f"compared {compared}: {len(changed)} differ, {len(missing)} only before, {len(added)} only now")
    for key in changed[:5]:
        print("differs:", key)
        print("  before:", old[key].split("\t")[2][:300])
        print("  after: ", new[key].split("\t")[2][:300])
    for key in missing[:3] + added[:3]:
        print("not in both:", key)
    return 1 if changed or missing or added else 0


if __name__ == "__main__":
    sys.exit(main())
