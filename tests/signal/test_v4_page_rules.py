"""The page's Signal rules (static/views/signal/view.js) agree with the engine on rectangles and wrapping boards.

For solved answers, their shuffles and boards one tile turned from solved, on
square, rectangular and wrapping boards, Node runs the view module's
``isSolved`` and ``litTiles`` and the engine's ``check`` must say the same;
and a wrapping board's ring of half tiles copies the opposite edges' tiles.
Skipped when ``node`` is not installed.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from gridlogic import GAMES, signal
from gridlogic.signal.board import rotate

VIEW = Path(signal.__file__).resolve().parents[1] / "web" / "static" / "views" / "signal" / "view.js"
SCRIPT = """
const view = await import(process.argv[1]);
let text = "";
for await (const chunk of process.stdin) text += chunk;
const answers = JSON.parse(text).map(({ puzzle, board }) => ({
  solved: view.isSolved(puzzle, board),
  lit: [...view.litTiles(puzzle, board)].sort((a, b) => a - b),
  ring: puzzle.wrapping ? view.ghostRing({ w: puzzle.width, h: puzzle.height }).map((p) => p.tile) : [],
}));
console.log(JSON.stringify(answers));
"""


def _ring(puzzle) -> list[int]:
    """The tiles the page's ring copies, in its order: the bottom row above the board, then each row's
    last tile on its left and first tile on its right, then the top row below it."""
    if not puzzle.wrapping:
        return []
    w, h = puzzle.width, puzzle.height
    sides = [t for r in range(h) for t in (r * w + w - 1, r * w)]
    return [(h - 1) * w + c for c in range(w)] + sides + list(range(w))


def test_the_page_and_the_engine_agree():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    cases, expected = [], []
    for size in (4, (5, 3), (3, 6), 7):
        for wrapping in (False, True):
            for k in range(3):
                puzzle = signal.generate(size, f"page-{k}", "any", wrapping=wrapping)
                header = {"width": puzzle.width, "height": puzzle.height, "wrapping": puzzle.wrapping}
                turned = list(puzzle.answer)
                turned[k] = rotate(turned[k]) if turned[k] != 15 else turned[k]
                for board in (list(puzzle.answer), list(puzzle.shuffled), turned):
                    cases.append({"puzzle": header, "board": board})
                    expected.append({**GAMES["signal"].check(puzzle, board), "ring": _ring(puzzle)})
    run = subprocess.run([node, "--input-type=module", "-e", SCRIPT, VIEW.as_uri()], input=json.dumps(cases),
                         capture_output=True, text=True, timeout=120, check=True)
    assert json.loads(run.stdout) == expected
    assert any(e["solved"] for e in expected) and not all(e["solved"] for e in expected)
