"""What a player waits for at each game's largest preset: a typed seed, a walk-through, a PDF (not a test).

    .venv/bin/python benchmarks/waits.py                 # every game, 20 seeds, every level
    .venv/bin/python benchmarks/waits.py --seeds 5 --games loop --levels expert

For each game of the table, its latest version's largest preset (and, for Signal, the wrapping board
too) at each level: the puzzle of each seed (``wait-0``, ``wait-1``, ...) is made from its seed as a
typed seed makes it (``Game.generate``, no ready pool), walked through from the empty board
(``Hints.explain``) and printed one to a page with the installed font (:func:`gridlogic.pdf.pdf_document`),
each timed on its own in this process. The table gives the median, the 95th percentile and the
slowest of each, in milliseconds; the issue's aim is a second for the first two and 0.3 s for a PDF.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from figures import rounded_rank as percentile

from gridlogic import GAMES
from gridlogic.pdf import installed_font, pdf_document


def timed(work: Callable[[], Any]) -> tuple[Any, float]:
    start = time.perf_counter()
    result = work()
    return result, (time.perf_counter() - start) * 1000


def boards(name: str) -> list[tuple[str, dict[str, Any]]]:
    """The largest preset's boards: a name and the options to generate it with."""
    size = max(GAMES[name].version().presets)
    shown = f"{size}×{size}"
    if name == "signal":
        return [(shown, {}), (f"{shown} wrap", {"wrapping": True})]
    return [(shown, {})]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", nargs="+", default=list(GAMES))
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--levels", nargs="+", help="only these levels (default: every level but any)")
    args = parser.parse_args(argv)
    font = installed_font()
    print(f"{'game':<8} {'board':<11} {'level':<7} "
          + " ".join(f"{what + ' ms':>22}" for what in ("typed seed", "walk-through", "PDF")))
    print(f"{'':<28} " + " ".join(f"{'median / p95 / max':>22}" for _ in range(3)))
    for name in args.games:
        game = GAMES[name]
        version = game.version()
        size = max(version.presets)
        levels = [level for level in version.difficulties if level != "any"]
        for shown, options in boards(name):
            for level in args.levels or levels:
                if level not in levels:
                    continue
                waits: list[list[float]] = [[], [], []]
                for k in range(args.seeds):
                    puzzle, made = timed(partial(game.generate, (size, size), f"wait-{k}", level, **options))
                    walked = timed(partial(game.hints.explain, game.problem(puzzle), puzzle.version))[1] \
                        if game.hints else float("nan")
                    printed = timed(partial(pdf_document, game, [puzzle], font=font))[1]
                    for figures, ms in zip(waits, (made, walked, printed)):
                        figures.append(ms)
                cells = []
                for figures in waits:
                    figures.sort()
                    cells.append(f"{figures[len(figures) // 2]:.0f} / {percentile(figures, 0.95):.0f} / "
                                 f"{figures[-1]:.0f}")
                print(f"{name:<8} {shown:<11} {level:<7} " + " ".join(f"{cell:>22}" for cell in cells), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
