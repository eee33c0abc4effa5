"""decide() against a brute force over every cycle of tiny grids, and against a SAT count."""

from __future__ import annotations

import random
import time
from pathlib import Path

import doctests
import pytest

from gridlogic.errors import InvalidParameters
from gridlogic.loop.grids import build_grid, decide, read_loopy_id, solve
from gridlogic.loop.grids.graph import Grid

DATA = Path(__file__).resolve().parents[2] / "data" / "loopy_grids"

# Tiny grids whose cycles the brute force lists within a second or two.
TINY = [("square", 3, 3), ("triangular", 3, 3), ("honeycomb", 3, 3), ("snub-square", 3, 3), ("cairo", 3, 4),
        ("octagonal", 3, 3), ("floret", 2, 2), ("floret", 1, 2), ("dodecagonal", 2, 2), ("great-dodecagonal", 2, 2),
        ("great-great-dodecagonal", 2, 2), ("compass-dodecagonal", 2, 2)]


def cycles_of(grid: Grid, every_loop) -> tuple[frozenset[int], ...]:
    return tuple(sorted(every_loop(grid), key=sorted))


def clues_of(grid: Grid, loop: frozenset[int]) -> list[int]:
    return [sum(e in loop for e in es) for es in grid.face_edges]


def loop_edges(solution: tuple[int, ...]) -> frozenset[int]:
    return frozenset(e for e, on in enumerate(solution) if on)


def meets(grid: Grid, loop: frozenset[int], clues: list[int | None]) -> bool:
    return all(c is None or sum(e in loop for e in grid.face_edges[f]) == c for f, c in enumerate(clues))


def test_the_docstrings_examples() -> None:
    from gridlogic.loop import grids

    for module in (solve, grids):
        result = doctests.testmod(module)
        assert result.failed == 0 and result.attempted >= 3


@pytest.mark.parametrize(("name", "w", "h"), TINY, ids=[f"{n}-{w}x{h}" for n, w, h in TINY])
def test_same_loops_as_the_brute_force(name: str, w: int, h: int, every_loop) -> None:
    grid = build_grid(name, w, h)
    cycles = cycles_of(grid, every_loop)
    rng = random.Random(f"{name}{w}x{h}")
    statuses = set()
    for case in range(25):
        loop = rng.choice(cycles)
        keep = rng.choice((0.2, 0.5, 0.8, 1.0))
        clues: list[int | None] = [c if rng.random() < keep else None for c in clues_of(grid, loop)]
        if case % 5 == 4:  # now and then a clue that may leave no loop at all
            f = rng.randrange(len(clues))
            clues[f] = rng.randrange(len(grid.face_edges[f]) + 1)
        truth = [c for c in cycles if meets(grid, c, clues)]
        verdict = decide(grid, clues)
        statuses.add(verdict.status)
        assert verdict.status == {0: "none", 1: "unique"}.get(len(truth), "several"), clues
        found = [loop_edges(s) for s in verdict.solutions]
        assert len(set(found)) == len(found) == min(len(truth), 2)
        assert all(f in truth for f in found)
    assert {"unique", "several"} <= statuses


def test_a_budget_that_runs_out_is_undecided_never_unique() -> None:
    puzzle = read_loopy_id((DATA / "kites.txt").read_text().splitlines()[0].split("\t")[0])
    assert decide(puzzle.grid, puzzle.clues).status == "unique"
    cut = decide(puzzle.grid, puzzle.clues, node_budget=0)
    assert cut.status == "undecided"
    late = decide(puzzle.grid, [None] * len(puzzle.clues), deadline=time.monotonic() - 1)
    assert late.status == "undecided" and late.solutions == ()  # a deadline already past: no search


def test_two_loops_found_prove_several_even_past_the_budget() -> None:
    grid = build_grid("square", 3, 3)
    verdict = decide(grid, [None] * 9, node_budget=10_000)
    assert verdict.status == "several" and len(verdict.solutions) == 2


@pytest.mark.parametrize(
    ("clues", "message"),
    [
        ([None] * 8, "8 clues for a grid of 9 faces"),
        ([5] + [None] * 8, "clue 5 of face 0 is not allowed"),
        ([-1] + [None] * 8, "clue -1 of face 0"),
        (["2"] + [None] * 8, "clue '2' of face 0"),
        ([True] + [None] * 8, "clue True of face 0"),
    ],
)
def test_bad_clues_get_a_clear_error(clues: list, message: str) -> None:
    with pytest.raises(InvalidParameters, match=message):
        decide(build_grid("square", 3, 3), clues)


GRID_FILES = sorted(DATA.glob("*.txt"))


@pytest.mark.parametrize("path", GRID_FILES, ids=[p.stem for p in GRID_FILES])
def test_same_verdict_as_a_sat_count_with_clues_taken_away(path: Path, sat_loops) -> None:
    """Loopy's puzzles with some clues taken away (several loops, or still one), by both."""
    rng = random.Random(path.stem)
    lines = path.read_text(encoding="utf-8").splitlines()
    for line in rng.sample(lines, 10):
        puzzle = read_loopy_id(line.split("\t")[0])
        clues = [c if c is None or rng.random() < 0.7 else None for c in puzzle.clues]
        verdict = decide(puzzle.grid, clues)
        truth = sat_loops(puzzle.grid, clues)
        assert verdict.status == ("unique" if len(truth) == 1 else "several")
        found = [loop_edges(s) for s in verdict.solutions]
        assert all(meets(puzzle.grid, f, clues) for f in found)
        if verdict.status == "unique":
            assert found == truth
