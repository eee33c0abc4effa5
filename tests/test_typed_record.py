"""The record is typed: ``Game`` and ``Version`` are generic over a game's puzzle and board types, so
mypy follows a game's types through the table. A program that hands one game's puzzle to another
game's callables is refused by mypy; the same program with the right game passes.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

mypy_api = pytest.importorskip("mypy.api")

PROGRAM = """
from gridlogic.loop import GAME as LOOP
from gridlogic.signal import GAME as SIGNAL
from gridlogic.pattern import GAME as PATTERN
puzzle = {maker}.generate(5, "typed")
reveal_type(puzzle)
reveal_type(SIGNAL.parse_board(5, 5, []))
moves: int = {taker}.min_moves(puzzle)
"""


def mypy(tmp_path: Path, maker: str, taker: str) -> tuple[str, int]:
    program = tmp_path / "program.py"
    program.write_text(PROGRAM.format(maker=maker, taker=taker))
    out, err, status = mypy_api.run([str(program), "--no-incremental", "--python-executable", sys.executable])
    return out + err, status


def test_mypy_follows_each_games_puzzle_and_board_types(tmp_path):
    out, status = mypy(tmp_path, "LOOP", "LOOP")
    assert status == 0, out
    assert 'Revealed type is "gridlogic.loop.rules.Puzzle | gridlogic.loop.imported.ImportedPuzzle"' in out
    assert 'Revealed type is "list[int]"' in out


@pytest.mark.parametrize("maker, taker", [("LOOP", "SIGNAL"), ("SIGNAL", "PATTERN"), ("PATTERN", "LOOP")])
def test_mypy_refuses_one_games_puzzle_given_to_another(tmp_path, maker, taker):
    out, status = mypy(tmp_path, maker, taker)
    assert status == 1 and "incompatible type" in out, out
