"""The solver for the Pattern puzzles people bring (decide): each verdict, brute force on small boards,
the compatibility solver, the SAT back end, and small public puzzles."""

from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path

import pytest

from gridlogic import GridlogicError, InvalidParameters
from gridlogic.pattern import decide as decide_module
from gridlogic.pattern.decide import Verdict, decide
from gridlogic.pattern.formats import read_puzzle
from gridlogic.pattern.solver import solve_grid

from .grids import assert_solves, clues_of

DATA = Path(__file__).resolve().parents[1] / "data" / "pattern_general"


def normal(clues):
    return [[x for x in c if x] or [0] for c in clues]


def test_docstring_example_is_several_by_probing():
    verdict = decide([[2], [1]], [[1], [1], [1]])
    assert verdict.status == "several"
    assert set(verdict.solutions) == {(1, 1, 0, 0, 0, 1), (0, 1, 1, 1, 0, 0)}
    assert verdict.method == "probing" and verdict.nodes == 0


def test_unique_verdict_with_its_solution():
    grid = (1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1)  # 4 wide, 3 high: a frame
    rows, cols = clues_of(grid, 4, 3)
    verdict = decide(rows, cols)
    assert (verdict.status, verdict.solutions) == ("unique", (grid,))
    assert (verdict.width, verdict.height) == (4, 3)
    data = verdict.to_dict()
    assert data["status"] == "unique" and data["solutions"] == [list(grid)]
    assert set(data) == {"status", "width", "height", "solutions", "nodes", "elapsed", "method"}
    assert "unique" in repr(verdict) and "4x3" in repr(verdict)
    with pytest.raises(AttributeError):
        verdict.status = "none"  # type: ignore[misc]


def test_several_gives_two_different_true_solutions():
    verdict = decide([[1], [1]], [[1], [1]])
    assert verdict.status == "several"
    first, second = verdict.solutions
    assert first != second
    for grid in verdict.solutions:
        assert_solves(grid, [[1], [1]], [[1], [1]], 2, 2)


def test_none_when_sums_differ_and_when_lines_clash():
    assert decide([[2], [0]], [[1], [0]]).status == "none"
    # Equal sums (4 and 4) but column 1 needs the middle row, which is empty.
    verdict = decide([[1, 1], [0], [1, 1]], [[3], [0], [1]])
    assert verdict.status == "none" and verdict.solutions == ()


def block_diagonal_ambiguity(blocks: int):
    """``blocks`` independent 2x2 squares on the diagonal, each with two solutions."""
    n = 2 * blocks
    grid = [0] * (n * n)
    for b in range(blocks):
        grid[(2 * b) * n + 2 * b] = 1
        grid[(2 * b + 1) * n + 2 * b + 1] = 1
    return clues_of(grid, n, n)


def test_undecided_when_the_budget_is_tiny(monkeypatch):
    rows, cols = block_diagonal_ambiguity(4)
    monkeypatch.setattr(decide_module, "sat_back_end_available", lambda: False)
    verdict = decide(rows, cols, node_limit=1)
    assert verdict.status == "undecided"
    # A search that ran out never counts as unique, whatever it found.
    assert len(verdict.solutions) <= 1
    assert decide(rows, cols).status == "several"


def test_undecided_by_time_on_a_puzzle_that_needs_search(monkeypatch):
    puzzle = read_puzzle((DATA / "minizinc_dom_06.non").read_text())
    monkeypatch.setattr(decide_module, "sat_back_end_available", lambda: False)
    verdict = decide(puzzle.row_clues, puzzle.col_clues, time_limit=1e-6)
    assert verdict.status == "undecided"


def all_grids(width: int, height: int):
    by_clues: dict = {}
    for bits in itertools.product((0, 1), repeat=width * height):
        rows, cols = clues_of(bits, width, height)
        key = (tuple(map(tuple, rows)), tuple(map(tuple, cols)))
        by_clues.setdefault(key, []).append(bits)
    return by_clues


@pytest.mark.parametrize("width,height", [(4, 3), (3, 4)])
def test_every_clue_set_of_small_rectangles_against_brute_force(width, height):
    by_clues = all_grids(width, height)
    for (rows, cols), grids in by_clues.items():
        verdict = decide([list(r) for r in rows], [list(c) for c in cols])
        if len(grids) == 1:
            assert verdict.status == "unique" and verdict.solutions == (grids[0],)
        else:
            assert verdict.status == "several"
            assert len(set(verdict.solutions)) == 2 and set(verdict.solutions) <= set(grids)


def test_clue_sets_with_no_grid_against_brute_force():
    """3x3: every combination of line clues (most have no grid) against the brute-force count."""
    by_clues = all_grids(3, 3)
    line_clues = [(0,), (1,), (2,), (3,), (1, 1)]
    rng = random.Random(3)
    combos = list(itertools.product(line_clues, repeat=6))
    for combo in rng.sample(combos, 2500):
        rows = [list(c) for c in combo[:3]]
        cols = [list(c) for c in combo[3:]]
        key = (tuple(tuple(x for x in r if x) or (0,) for r in rows),
               tuple(tuple(x for x in c if x) or (0,) for c in cols))  # fmt: skip
        grids = by_clues.get(key, [])
        verdict = decide(rows, cols)
        expected = "none" if not grids else "unique" if len(grids) == 1 else "several"
        assert verdict.status == expected, (rows, cols)
        assert set(verdict.solutions) <= set(grids)


def random_puzzle(rng: random.Random, width: int, height: int, density: float):
    grid = [1 if rng.random() < density else 0 for _ in range(width * height)]
    return grid, *clues_of(grid, width, height)


def test_agrees_with_the_compatibility_solver_on_random_rectangles():
    rng = random.Random(11)
    seen = set()
    for _ in range(150):
        width, height = rng.randint(2, 9), rng.randint(2, 9)
        grid, rows, cols = random_puzzle(rng, width, height, rng.choice([0.3, 0.5, 0.65]))
        ours = decide(rows, cols)
        theirs = solve_grid(rows, cols, node_limit=200_000)
        assert not theirs.truncated
        assert ours.status == theirs.status
        seen.add(ours.status)
        if ours.status == "unique":
            assert ours.solutions == (tuple(grid),) == theirs.solutions
        for solution in ours.solutions:
            assert_solves(solution, normal(rows), normal(cols), width, height)
    assert seen == {"unique", "several"}


@pytest.mark.parametrize("seed", range(3))
def test_sat_back_end_agrees_with_native(seed, monkeypatch):
    rng = random.Random(100 + seed)
    for _ in range(25):
        width, height = rng.randint(3, 12), rng.randint(3, 12)
        _grid, rows, cols = random_puzzle(rng, width, height, 0.55)
        if rng.random() < 0.2:
            rows[0] = [width]  # often makes the clues contradictory
        with monkeypatch.context() as patch:
            patch.setattr(decide_module, "sat_back_end_available", lambda: False)
            native = decide(rows, cols)
        by_sat = decide(rows, cols, sat=True)
        assert native.status == by_sat.status
        if native.status == "unique":
            assert native.solutions == by_sat.solutions
        for solution in by_sat.solutions:
            assert_solves(solution, normal(rows), normal(cols), width, height)
        assert by_sat.method in ("line", "probing", "sat")


def test_n_dom_instance_native_and_sat_agree(monkeypatch):
    puzzle = read_puzzle((DATA / "minizinc_dom_06.non").read_text())
    by_sat = decide(puzzle.row_clues, puzzle.col_clues, sat=True)
    assert by_sat.method == "sat"
    monkeypatch.setattr(decide_module, "sat_back_end_available", lambda: False)
    native = decide(puzzle.row_clues, puzzle.col_clues)
    assert native.method == "search" and native.nodes > 1
    assert native.status == by_sat.status == "unique"
    assert native.solutions == by_sat.solutions
    assert_solves(native.solutions[0], puzzle.row_clues, puzzle.col_clues, 13, 13)


def test_search_hands_over_to_sat_after_its_allowance_of_probes(monkeypatch):
    # With the node limit out of the way, only the search's probes count: 100 of them, fewer
    # than the root's probing made (338), so the root's count plays no part.
    monkeypatch.setattr(decide_module, "SAT_FALLBACK_PROBES", 100)
    monkeypatch.setattr(decide_module, "SAT_FALLBACK_NODES", 10**6)
    root: list[int] = []
    before_each_node: list[int] = []  # the search's probes so far, as each node's probing starts
    probe = decide_module.GridSearch.probe

    def counting_probe(self, state):
        if root:
            before_each_node.append(self.probes - root[0])
        return probe(self, state)

    search = decide_module.GridSearch.search

    def counting_search(self, children):
        root.append(self.probes)
        try:
            search(self, children)
        finally:
            before_each_node.append(self.probes - root[0])  # and the total at the hand-over

    monkeypatch.setattr(decide_module.GridSearch, "probe", counting_probe)
    monkeypatch.setattr(decide_module.GridSearch, "search", counting_search)
    puzzle = read_puzzle((DATA / "minizinc_dom_06.non").read_text())
    verdict = decide(puzzle.row_clues, puzzle.col_clues)
    assert verdict.method == "sat" and verdict.status == "unique"
    assert root[0] > 100
    # Checked at every probe: the search hands over at the first probe past the allowance.
    assert before_each_node[-1] == 101


@pytest.mark.parametrize(
    "name,status",
    [("jwilk_data001", "several"), ("jwilk_data083", "several"),
     ("jwilk_data148", "unique"), ("jwilk_data057", "unique")],
)  # fmt: skip
def test_public_puzzles(name, status):
    puzzle = read_puzzle((DATA / f"{name}.non").read_text())
    verdict = decide(puzzle.row_clues, puzzle.col_clues, puzzle.width, puzzle.height)
    assert verdict.status == status
    for solution in verdict.solutions:
        assert_solves(solution, puzzle.row_clues, puzzle.col_clues, puzzle.width, puzzle.height)
    if status == "several":
        assert verdict.solutions[0] != verdict.solutions[1]


def test_sat_missing_is_a_clear_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "pysat", None)
    monkeypatch.setitem(sys.modules, "pysat.solvers", None)
    with pytest.raises(GridlogicError, match="python-sat"):
        decide([[1]], [[1]], sat=True)
    # Without sat=True the native search still works (no fallback available).
    assert decide([[1], [1]], [[1], [1]]).status == "several"


@pytest.mark.parametrize(
    "args,kwargs,fragment",
    [
        (([[3]], [[1], [1]]), {}, "row 1 clue [3] needs 3 cells"),
        (([[1], [1]], [[1], [1, 1]]), {}, "column 2 clue [1, 1] needs 3 cells"),
        (([[1]], [[1]]), {"width": 2}, "column clues"),
        (([[1]], [[1]]), {"height": 0}, "height must be a whole number of at least 1, not 0"),
        (([[-1]], [[1]]), {}, "-1"),
        (([[1]], [[1]]), {"time_limit": 0}, "time_limit must be a number of seconds above 0"),
        (([[1]], [[1]]), {"node_limit": 1.5}, "node_limit must be a whole number"),
        (("1", [[1]]), {}, "'1'"),
    ],
)
def test_invalid_parameters_name_the_problem(args, kwargs, fragment):
    with pytest.raises(InvalidParameters) as error:
        decide(*args, **kwargs)
    assert fragment in str(error.value)


def test_verdict_is_a_frozen_dataclass_with_known_statuses():
    verdict = Verdict("none", 1, 1, (), 0, 0.0, "line")
    assert verdict.to_dict()["solutions"] == []
    assert decide_module.STATUSES == ("unique", "several", "none", "undecided")
