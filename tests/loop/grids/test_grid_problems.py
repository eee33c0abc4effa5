"""Loopy IDs of every built grid brought from outside: read, solved with Loopy's loop, graded as Loopy made
them, written back; the CLI says the same; puzz.link, which has no other grids, is refused in words."""

from __future__ import annotations

from pathlib import Path

import doctests
import pytest

from gridlogic import GAMES
from gridlogic.cli import main
from gridlogic.errors import InvalidParameters
from gridlogic.loop import grid_problems
from gridlogic.loop.grids import BUILT_GRID_NAMES

DATA = Path(__file__).resolve().parents[2] / "data" / "loopy_grids"
LOOP = GAMES["loop"]
OTHER_GRIDS = [name for name in BUILT_GRID_NAMES if name != "square"]


def test_the_docstrings_example() -> None:
    result = doctests.testmod(grid_problems)
    assert result.failed == 0 and result.attempted >= 2


@pytest.mark.parametrize("name", OTHER_GRIDS)
def test_a_loopy_id_of_each_grid_is_solved_graded_and_written_back(name: str) -> None:
    line = (DATA / f"{name}.txt").read_text(encoding="utf-8").splitlines()[-1]  # a Hard one: the last size's last
    loopy_id, edges = line.split("\t")
    problem = LOOP.read(loopy_id)
    verdict = LOOP.solve(problem)
    assert verdict.status == "unique"
    assert [e for e, on in enumerate(verdict.solutions[0]) if on] == [int(e) for e in edges.split()]
    assert LOOP.grade(problem).level == "expert"
    assert LOOP.exports["loopy"](problem) == loopy_id
    assert LOOP.solution_form(problem, verdict.solutions[0]) == {"edges": list(verdict.solutions[0])}


def test_puzzlink_is_refused_in_words() -> None:
    problem = LOOP.read("3x3t2:b420c3")
    with pytest.raises(InvalidParameters, match="puzz.link writes Loop on squares only"):
        LOOP.exports["puzzlink"](problem)


def test_the_cli_solves_and_grades_a_honeycomb(capsys) -> None:
    assert main(["loop", "solve", "3x3t2:b420c3"]) == 0
    out = capsys.readouterr().out
    assert "unique" in out and "honeycomb 3x3" in out
    assert main(["loop", "grade", "3x3t2:a30d5a"]) == 0
    assert "expert (Loopy's Hard)" in capsys.readouterr().out
    assert main(["loop", "solve", "3x3t2:b4"]) == 2
    assert "the clues cover 3 faces, but the honeycomb 3x3 grid has 9" in capsys.readouterr().err
