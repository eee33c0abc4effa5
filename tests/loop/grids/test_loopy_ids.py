"""Loopy IDs both ways, and Loopy's own puzzles on every grid we build, with Loopy's answers.

tests/data/loopy_grids/<grid>.txt holds, a line each, a game ID made by Loopy's generator and the
edges (Loopy's numbering) of the loop Loopy's solver finds (tools/loopy_grid_ids.py made them).
"""

from __future__ import annotations

from pathlib import Path

import doctests
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridlogic.errors import InvalidParameters
from gridlogic.loop.grids import (
    BUILT_GRID_NAMES,
    LoopyPuzzle,
    build_grid,
    decide,
    loopy_ids,
    read_loopy_id,
    write_loopy_id,
)

DATA = Path(__file__).resolve().parents[2] / "data" / "loopy_grids"


def stored(name: str) -> list[tuple[str, list[int]]]:
    rows = []
    for line in (DATA / f"{name}.txt").read_text(encoding="utf-8").splitlines():
        loopy_id, edges = line.split("\t")
        rows.append((loopy_id, [int(e) for e in edges.split()]))
    return rows


def test_every_built_grid_has_a_hundred_loopy_ids() -> None:
    assert sorted(p.stem for p in DATA.glob("*.txt")) == sorted(BUILT_GRID_NAMES)
    assert all(len(stored(name)) == 100 for name in BUILT_GRID_NAMES)


@pytest.mark.parametrize("name", BUILT_GRID_NAMES)
def test_loopy_puzzles_import_unique_with_loopys_loop_and_write_back_the_same(name: str) -> None:
    for loopy_id, loopy_loop in stored(name):
        puzzle = read_loopy_id(loopy_id)
        assert puzzle.grid.name == name
        verdict = decide(puzzle.grid, puzzle.clues)
        assert verdict.status == "unique", loopy_id
        assert [e for e, on in enumerate(verdict.solutions[0]) if on] == loopy_loop, loopy_id
        assert write_loopy_id(puzzle) == loopy_id


@pytest.mark.parametrize("name", BUILT_GRID_NAMES)
def test_loopy_puzzles_have_one_loop_by_a_sat_count_too(name: str, sat_loops) -> None:
    """The independent check: a SAT count on the grid's graph, sharing nothing with decide()."""
    for loopy_id, loopy_loop in stored(name):
        puzzle = read_loopy_id(loopy_id)
        assert sat_loops(puzzle.grid, puzzle.clues) == [frozenset(loopy_loop)], loopy_id


# The example IDs in the comments of Loopy's grid.c, old triangular grids (no description, two
# corner triangles hanging on one edge) and new ones ("0_"), with the loops Loopy's solver finds.
LOOPY_TRIANGULAR_EXAMPLES = [
    ("5x5t1:2c2a1a2a201a1a1a1112a1a2b1211f0b21a2a2a0a",
     ("0 2 3 7 9 11 15 17 19 22 23 25 28 31 33 36 39 40 "
     "42 45 46 50 52 55 61 64 68 69 70 71 74 75 79 81 83 84")),
    ("5x6t1:a022a212h1a1d1a12c2b11a012b1a20d1a0a12e",
     ("0 2 5 6 8 10 11 15 16 17 19 23 26 32 35 36 38 39 42 45 "
     "49 54 55 57 60 66 67 69 73 75 77 80 84 86 87 90 92 93 95 99 100")),
    ("5x5t1:0_21120b11a1a01a1a00c1a0b211021c1h1a2a1a0a",
     ("1 2 4 8 9 10 15 16 18 24 29 31 33 40 43 44 50 "
     "52 55 57 58 59 60 62 65 68 74 75 77 78 81 83 85 86")),
    ("5x6t1:0_a1212c22c2a02a2f22a0c12a110d0e1c0c0a101121a1",
     ("0 3 7 8 10 12 13 17 18 20 24 26 28 33 36 40 45 49 50 52 53 "
     "56 57 58 59 63 65 71 74 77 78 83 85 87 91 94 98 100 103 105 106 108 109")),
]


@pytest.mark.parametrize(("loopy_id", "loopy_loop"), LOOPY_TRIANGULAR_EXAMPLES)
def test_old_and_new_triangular_ids(loopy_id: str, loopy_loop: str) -> None:
    puzzle = read_loopy_id(loopy_id)
    verdict = decide(puzzle.grid, puzzle.clues)
    assert verdict.status == "unique"
    assert [e for e, on in enumerate(verdict.solutions[0]) if on] == [int(e) for e in loopy_loop.split()]
    assert write_loopy_id(puzzle) == loopy_id


def test_the_docstring_example() -> None:
    result = doctests.testmod(loopy_ids)
    assert result.failed == 0 and result.attempted >= 3


def test_the_parameters_loopy_allows() -> None:
    assert read_loopy_id("3t0:" + "a" * 9).grid.height == 3  # W alone is W×W
    assert read_loopy_id("3x3:i").grid.name == "square"  # no t is squares
    assert read_loopy_id("3x3t0dh:i").level == "h"
    assert write_loopy_id(read_loopy_id("3x3t0dh:i")) == "3x3t0dh:i"
    old = read_loopy_id("3x3t1:" + "r")  # an old triangular ID without a grid description: 18 faces
    assert len(old.grid.faces) == 18 and write_loopy_id(old) == "3x3t1:r"
    assert len(read_loopy_id("3x3t1:0_s").grid.faces) == 19
    assert read_loopy_id("2x2t9:9c02").clues[0] == 9  # a dodecagon's clue


def test_long_runs_and_big_clues_are_written_as_loopy_writes_them() -> None:
    grid = build_grid("dodecagonal", 6, 6)
    clues = [None] * len(grid.faces)
    later = next(f for f in range(28, len(grid.faces)) if len(grid.face_edges[f]) == 12)
    clues[0], clues[later] = 12, 10
    text = write_loopy_id(LoopyPuzzle(grid, tuple(clues)))
    body = text.split(":")[1]
    blanks = later - 1  # 26 or more between: z, then the rest
    assert body.startswith("Cz" + chr(ord("a") + blanks - 27) + "A")
    assert read_loopy_id(text).clues == tuple(clues)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3x3t0", "has no ':'"),
        ("3y3t0:i", "are not WxHtN"),
        ("\u0663x3t0:i", "are not WxHtN"),  # an Arabic-Indic 3: digits are ASCII
        ("3x3t99:i", "t99 does not exist"),
        ("3x3t0dq:i", "level dq does not exist"),
        ("2x2t0:d", "must both be at least 3"),
        ("3x3t4:i", "at least one of width and height of a cairo grid must be at least 4"),
        ("101x3t0:i", "at most 100x100"),
        ("6x6t11:abc", "a penrose-p2 grid needs its description"),
        ("6x6t16:9,0,3,1,1,H_b9C", "kite 9 does not exist"),
        ("6x6t16:b9C", "needs its description"),
        ("3x3t0:h", "cover 8 faces, but the square 3x3 grid has 9"),
        ("3x3t0:j", "cover more than the 9 faces of the square 3x3 grid"),
        ("3x3t0:5h", "clue 5 of face 0 is not allowed"),
        ("3x3t0:!h", "character '!' at 0"),
        ("3x3t1:1_s", "triangular grid description '1'"),
        ("3x3t2:0_i", "a honeycomb grid has no grid description"),
    ],
)
def test_bad_ids_get_a_clear_error(text: str, message: str) -> None:
    with pytest.raises(InvalidParameters, match=message):
        read_loopy_id(text)


def test_not_text_is_refused() -> None:
    with pytest.raises(InvalidParameters, match="is text, not int"):
        read_loopy_id(5)  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789xtdenh:_abcABz,-! ", max_size=40))
def test_any_text_reads_or_is_refused_clearly(text: str) -> None:
    try:
        read_loopy_id(text)
    except InvalidParameters:
        pass


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(BUILT_GRID_NAMES), st.data())
def test_any_clues_written_read_back(name: str, data: st.DataObject) -> None:
    from gridlogic.loop.grids import grid_type

    kind = grid_type(name)
    width = data.draw(st.integers(kind.least_both, kind.least_both + 2))
    height = data.draw(st.integers(max(kind.least_both, kind.least_one), kind.least_one + 2))
    grid = build_grid(name, width, height)
    clues = tuple(data.draw(st.one_of(st.none(), st.integers(0, len(es)))) for es in grid.face_edges)
    puzzle = LoopyPuzzle(grid, clues)
    again = read_loopy_id(write_loopy_id(puzzle))
    assert again.grid == grid and again.clues == clues
