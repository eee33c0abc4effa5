#!/usr/bin/env python3
"""Draw the small picture of each of Loopy's grids that the page's settings show beside the grid list.

Run from the project root with the project's Python after a grid is added or changes:

    .venv/bin/python tools/grid_pictures.py

For each built grid (``gridlogic.loop.grids.BUILT_GRID_NAMES``) it lays out a 6×6 patch (an
aperiodic type's fixed patch), keeps the :data:`FACES` faces whose centres lie nearest its middle,
and writes their outlines, scaled into a 48×48 box,
to ``src/gridlogic/web/static/views/loop/options/grid/<name>.svg``. ``tests/web/test_grid_pictures.py``
checks that every file is what this draws now.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from gridlogic.loop.grids import BUILT_GRID_NAMES, build_grid, grid_type

FOLDER = ROOT / "src" / "gridlogic" / "web" / "static" / "views" / "loop" / "options" / "grid"
SIZE = 48
SIDE = 6
FACES = 10


def picture(name: str) -> str:
    kind = grid_type(name)
    side = max(SIDE, kind.least_both, kind.least_one)
    grid = build_grid(name, side, side)
    centres = [(sum(grid.dots[d][0] for d in f) / len(f), sum(grid.dots[d][1] for d in f) / len(f)) for f in grid.faces]
    xs, ys = [x for x, _ in centres], [y for _, y in centres]
    mx, my = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    kept = sorted(range(len(centres)), key=lambda f: math.hypot(centres[f][0] - mx, centres[f][1] - my))[:FACES]
    points = [grid.dots[d] for f in kept for d in grid.faces[f]]
    left, top = min(x for x, _ in points), min(y for _, y in points)
    span = max(max(x for x, _ in points) - left, max(y for _, y in points) - top) or 1
    scale = (SIZE - 4) / span
    shapes = []
    for f in kept:
        corners = " ".join(f"{(x - left) * scale + 2:.1f},{(y - top) * scale + 2:.1f}" for x, y in
                           (grid.dots[d] for d in grid.faces[f]))
        shapes.append(f'<polygon points="{corners}"/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}" width="{SIZE}" height="{SIZE}">'
            f'<g fill="none" stroke="#667" stroke-width="1" stroke-linejoin="round">{"".join(shapes)}</g></svg>\n')


def main() -> int:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name in BUILT_GRID_NAMES:
        (FOLDER / f"{name}.svg").write_text(picture(name), encoding="utf-8")
    print(f"{len(BUILT_GRID_NAMES)} pictures in {FOLDER.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
