"""gridlogic.signal.decide: the verdict on boards people bring, its worked example, and the options it refuses."""

from __future__ import annotations

import doctests
import pytest

from gridlogic import InvalidParameters, signal
from gridlogic.signal import decide as decide_module
from gridlogic.signal.decide import decide
from gridlogic.signal.formats import read_board

ARTICLES = "[4, 4, 3, 9, 3, 13, 13, 4, 1, 7, 14, 2, 4, 11, 10, 4]"


def test_the_worked_example_of_the_docstring():
    failures, tried = doctests.testmod(decide_module, verbose=False)
    assert tried and not failures


@pytest.mark.parametrize("limits", [{"budget": 1.0}, {"sat": True}])
def test_a_budget_and_sat_are_refused_saying_what_the_solver_takes(limits):
    with pytest.raises(InvalidParameters, match="takes a node limit only .node_limit, a count of search nodes.; "
                                                "it has no time budget and no SAT back end"):
        signal.GAME.solve(read_board(ARTICLES), **limits)
    assert signal.GAME.solve(read_board(ARTICLES), node_limit=10).status == "unique"


def test_a_search_cut_short_is_undecided_and_a_bad_limit_is_refused():
    assert decide(read_board(ARTICLES), node_limit=0).status == "undecided"
    with pytest.raises(InvalidParameters, match="node_limit"):
        decide(read_board(ARTICLES), node_limit=-1)


def test_other_shapes_get_version_4s_search():
    puzzle = signal.generate((5, 3), "decide", "easy", wrapping=True)
    problem = signal.GAME.problem(puzzle)
    verdict = decide(problem)
    assert verdict.status == "unique" and verdict.solutions[0] == puzzle.answer
