"""How long a PDF of one puzzle takes (``pdf_document``, one puzzle a page, as ``GET /api/{game}/pdf`` makes it).

For each game's latest version, at its largest preset and at the largest side the page lets a
player type, makes ``--puzzles`` puzzles (distinct seeds) and times one document each, in the
installed font (IPA Gothic, :func:`gridlogic.pdf.installed_font`) or ``--font none`` for
Helvetica, and prints the median and the 95th percentile (nearest rank). The process makes one
small document before timing, as a server's worker has made one before, and prints its time (the
font read for the first time in the process).

``--against FILE`` times another copy of ``gridlogic/pdf.py`` (say the last commit's, from
``git show HEAD:src/gridlogic/pdf.py > /tmp/pdf_before.py``) on the same puzzles, each puzzle
timed by both in turn, so that the two columns saw the same machine; the table then has both.

    nice .venv/bin/python benchmarks/pdf.py [--puzzles 20] [--games signal,pattern,loop]
                                            [--font none] [--against FILE]
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import statistics
import sys
import time
from collections.abc import Callable
from types import ModuleType
from typing import Any

from gridlogic import GAMES, pdf


def load_copy(path: str) -> ModuleType:
    """Another copy of gridlogic/pdf.py, imported under its own name."""
    spec = importlib.util.spec_from_file_location("gridlogic_pdf_against", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def seconds(make: Callable[[], Any]) -> float:
    start = time.perf_counter()
    make()
    return time.perf_counter() - start


def p95(values: list[float]) -> float:
    return sorted(values)[math.ceil(0.95 * len(values)) - 1]


def sizes_of(game: Any) -> list[int]:
    """The largest preset and the largest side of the game's latest version (one size if they agree)."""
    version = game.versions[game.latest]
    return sorted({max(version.presets), max(version.sides)})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--puzzles", type=int, default=20, help="puzzles (seeds) per size (default 20)")
    parser.add_argument("--games", default=",".join(GAMES), help="games, comma-separated (default all)")
    parser.add_argument("--font", default="installed", help="a TrueType file, 'installed' (default) or 'none'")
    parser.add_argument("--against", metavar="FILE", help="also time this copy of gridlogic/pdf.py")
    args = parser.parse_args(argv)
    font = {"installed": pdf.installed_font(), "none": None}.get(args.font, args.font)
    modules = {"now": pdf}
    if args.against:
        modules = {"against": load_copy(args.against), **modules}
    print(f"font: {font or 'Helvetica'}; {args.puzzles} puzzles a size, one document each, one puzzle a page")
    pattern = GAMES["pattern"]
    sample = [pattern.generate(5, "bench-pdf-first")]
    first = {key: seconds(lambda m=module: m.pdf_document(pattern, sample, font=font))
             for key, module in modules.items()}
    print("first document (5x5 Pattern): " + ", ".join(f"{key} {value:.3f} s" for key, value in first.items()))
    columns = [f"{name} {figure}" for name in modules for figure in ("median", "p95")]
    print(f"{'game':8} {'size':>6} " + " ".join(f"{column:>14}" for column in columns))
    for name in args.games.split(","):
        game = GAMES[name]
        for size in sizes_of(game):
            puzzles = [game.generate(size, f"bench-pdf-{k}") for k in range(args.puzzles)]
            times: dict[str, list[float]] = {key: [] for key in modules}
            for puzzle in puzzles:
                for key, module in modules.items():
                    times[key].append(seconds(lambda m=module, g=game, p=puzzle: m.pdf_document(g, [p], font=font)))
            figures = [f"{value:14.3f}" for key in modules
                       for value in (statistics.median(times[key]), p95(times[key]))]
            print(f"{name:8} {f'{size}x{size}':>6} " + " ".join(figures), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
