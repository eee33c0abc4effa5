"""Propagation and search: the reference's examples, golden cases and brute force on small grids."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest

from gridlogic import InvalidParameters, verdict
from gridlogic.pattern.lines import line_placements
from gridlogic.pattern.solver import UNKNOWN, propagate, solve, solve_grid

DATA = Path(__file__).resolve().parent.parent / "data"


def runs(line) -> tuple[int, ...]:
    """Run lengths written independently of gridlogic's compute_clue; () for an empty line."""
    return tuple(len(list(group)) for value, group in itertools.groupby(line) if value)


def clue_sets(grid, width: int, height: int):
    rows = tuple(runs(grid[r * width : (r + 1) * width]) for r in range(height))
    cols = tuple(runs(grid[c::width]) for c in range(width))
    return rows, cols


def as_clues(lines) -> list[list[int]]:
    return [list(line) if line else [0] for line in lines]


def literal_propagate(row_clues, col_clues, cells):
    """The reference's propagate, transcribed literally: placements filtered against domains."""
    height, width = len(row_clues), len(col_clues)
    domains = [[0, 1] if v == UNKNOWN else [v] for v in cells]
    lines = [([r * width + c for c in range(width)], line_placements(clue, width)) for r, clue in enumerate(row_clues)]
    lines += [([r * width + c for r in range(height)], line_placements(clue, height))
              for c, clue in enumerate(col_clues)]
    changed = True
    while changed:
        changed = False
        for line_cells, placements in lines:
            fits = [p for p in placements if all(p[k] in domains[cell] for k, cell in enumerate(line_cells))]
            if not fits:
                return None
            for k, cell in enumerate(line_cells):
                kept = [v for v in (0, 1) if any(p[k] == v for p in fits)]
                if len(kept) != len(domains[cell]):
                    changed = True
                    domains[cell] = kept
    return [d[0] if len(d) == 1 else UNKNOWN for d in domains]


def test_ambiguous_two_by_two_in_the_reference_order():
    result = solve([[1], [1]], [[1], [1]], 2)
    assert result.nodes == 3
    assert not result.truncated
    # The article names the grids [1,0,0,1] and [0,1,1,0]; the reference (and so
    # gridlogic) finds the empty-first branch first.
    assert result.to_dict()["solutions"] == [[0, 1, 1, 0], [1, 0, 0, 1]]
    assert result.status == "several"


def test_article_example_is_decided_by_propagation_alone():
    rows = [[1, 1], [2], [1, 3], [2, 1], [2]]
    cols = [[1, 3], [2], [1, 1], [2], [3]]
    result = solve(rows, cols, 5)
    assert result.to_dict() == {
        "solutions": [[1, 0, 1, 0, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0, 0]],
        "nodes": 1,
        "truncated": False,
    }
    assert result.status == "unique"


def test_zero_budget_is_truncated_never_unique():
    result = solve([[1, 1], [2], [1, 3], [2, 1], [2]], [[1, 3], [2], [1, 1], [2], [3]], 5, node_limit=0)
    assert result.to_dict() == {"solutions": [], "nodes": 1, "truncated": True}
    assert result.status == "undecided"


def test_contradictory_clues_have_no_solution():
    result = solve([[2], [0]], [[1], [0]], 2)
    assert result.to_dict() == {"solutions": [], "nodes": 1, "truncated": False}
    assert result.status == "none"


def test_the_result_has_the_shared_shape_with_the_grid_size():
    result = solve_grid([[2], [1]], [[1], [1], [1]])  # 2 rows, 3 columns: two solutions
    assert isinstance(result, verdict.SolveResult)
    assert (result.width, result.height, result.status, result.unique) == (3, 2, "several", False)
    assert result.solutions == ((0, 1, 1, 1, 0, 0), (1, 1, 0, 0, 0, 1))


def test_one_by_one():
    assert solve([[1]], [[1]], 1).to_dict() == {"solutions": [[1]], "nodes": 1, "truncated": False}
    assert solve([[0]], [[0]], 1).to_dict() == {"solutions": [[0]], "nodes": 1, "truncated": False}
    assert solve([[1]], [[0]], 1).to_dict() == {"solutions": [], "nodes": 1, "truncated": False}


def test_every_golden_solve_case():
    cases = [json.loads(line) for line in (DATA / "pattern_golden_solve.jsonl").read_text().splitlines()]
    assert len(cases) == 60
    for case in cases:
        a = case["args"]
        assert solve(a["rowClues"], a["colClues"], a["n"], a["nodeLimit"]).to_dict() == case["result"], a


def test_every_three_by_three_clue_combination_against_brute_force():
    # All 5**3 row-clue triples × 5**3 column-clue triples, most of them contradictory.
    grids_by_clues: dict = {}
    for grid in itertools.product((0, 1), repeat=9):  # lexicographic = the search's order
        grids_by_clues.setdefault(clue_sets(grid, 3, 3), []).append(list(grid))
    line_clues = sorted({runs(line) for line in itertools.product((0, 1), repeat=3)})
    assert len(line_clues) == 5
    checked = 0
    for rows in itertools.product(line_clues, repeat=3):
        for cols in itertools.product(line_clues, repeat=3):
            expected = grids_by_clues.get((rows, cols), [])[:2]
            result = solve(as_clues(rows), as_clues(cols), 3)
            assert not result.truncated
            assert [list(s) for s in result.solutions] == expected, (rows, cols)
            checked += 1
    assert checked == 15625


def test_every_four_by_four_clue_set_against_brute_force():
    grids_by_clues: dict = {}
    for grid in itertools.product((0, 1), repeat=16):  # lexicographic = the search's order
        grids_by_clues.setdefault(clue_sets(grid, 4, 4), []).append(list(grid))
    several = 0
    for (rows, cols), grids in grids_by_clues.items():
        result = solve(as_clues(rows), as_clues(cols), 4)
        assert not result.truncated
        assert [list(s) for s in result.solutions] == grids[:2], (rows, cols)
        several += len(grids) > 1
    assert len(grids_by_clues) == 58196
    assert several > 0


def test_rectangular_grids_against_brute_force():
    for width, height in [(1, 4), (4, 1), (2, 5), (5, 2), (3, 4), (4, 3)]:
        grids_by_clues: dict = {}
        for grid in itertools.product((0, 1), repeat=width * height):
            grids_by_clues.setdefault(clue_sets(grid, width, height), []).append(list(grid))
        for (rows, cols), grids in grids_by_clues.items():
            result = solve_grid(as_clues(rows), as_clues(cols))
            assert [list(s) for s in result.solutions] == grids[:2], (width, height, rows, cols)


def test_propagate_reaches_the_literal_fixed_point():
    rand = random.Random(11)
    for _ in range(400):
        height, width = rand.randint(1, 7), rand.randint(1, 7)
        grid = [1 if rand.random() < 0.5 else 0 for _ in range(width * height)]
        rows, cols = clue_sets(grid, width, height)
        rows, cols = as_clues(rows), as_clues(cols)
        if rand.random() < 0.3:  # another grid's row: often contradictory
            other = [rand.randrange(2) for _ in range(width)]
            rows[rand.randrange(height)] = as_clues([runs(other)])[0]
        cells = [v if rand.random() < 0.15 else UNKNOWN for v in grid]
        if rand.random() < 0.2:
            cells[rand.randrange(len(cells))] = rand.randrange(2)
        assert propagate(rows, cols, cells) == literal_propagate(rows, cols, cells)


def test_propagate_with_nothing_known():
    assert propagate([[1], [1]], [[1], [1]]) == [UNKNOWN] * 4
    assert propagate([[2], [0]], [[1], [1]]) == [1, 1, 0, 0]
    assert propagate([[2], [0]], [[1], [0]]) is None


def test_bad_arguments_name_the_problem():
    with pytest.raises(InvalidParameters, match=r"row 2 clue \[4, 2\] needs 7 cells but the line has 5"):
        solve([[1], [4, 2], [1], [1], [1]], [[1]] * 5, 5)
    with pytest.raises(InvalidParameters, match=r"4 row clues given but n is 5"):
        solve([[1]] * 4, [[1]] * 5, 5)
    with pytest.raises(InvalidParameters, match=r"column 1 clue \[-1\]"):
        solve([[1]], [[-1]], 1)
    with pytest.raises(InvalidParameters, match=r"n must be a whole number of at least 1, not 0"):
        solve([], [], 0)
    with pytest.raises(InvalidParameters, match=r"row 1 clue \['1'\]: each run length must be a whole number "
                                                 r"of at least 0, not a str '1'"):
        solve([["1"]], [[1]], 1)
    with pytest.raises(InvalidParameters, match=r"node_limit"):
        solve([[1]], [[1]], 1, node_limit=1.5)
    with pytest.raises(InvalidParameters, match=r"cells\[1\] is 3 \(1 filled, 0 empty, -1 unknown\)"):
        propagate([[1]], [[1], [0]], [1, 3])
    with pytest.raises(InvalidParameters, match=r"cells\[0\] is 1.0, a float"):
        propagate([[1]], [[1], [0]], [1.0, 0])


def literal_solve(row_clues, col_clues, n, node_limit):
    """The reference's solve, transcribed literally over literal_propagate."""
    solutions: list[list[int]] = []
    state = {"nodes": 0, "truncated": False}

    def visit(cells):
        if len(solutions) >= 2 or state["truncated"]:
            return
        state["nodes"] += 1
        if state["nodes"] > node_limit:
            state["truncated"] = True
            return
        fixed = literal_propagate(row_clues, col_clues, cells)
        if fixed is None:
            return
        if UNKNOWN not in fixed:
            solutions.append(fixed)
            return
        choice = fixed.index(UNKNOWN)
        for value in (0, 1):
            visit([value if i == choice else v for i, v in enumerate(fixed)])

    visit([UNKNOWN] * (n * n))
    return {"solutions": solutions, "nodes": state["nodes"], "truncated": state["truncated"]}


def test_node_counts_equal_the_literal_search():
    rand = random.Random(5)
    for _ in range(150):
        n = rand.randint(2, 7)
        grid = [1 if rand.random() < 0.5 else 0 for _ in range(n * n)]
        rows, cols = (as_clues(lines) for lines in clue_sets(grid, n, n))
        if rand.random() < 0.3:
            rows[rand.randrange(n)] = as_clues([runs([rand.randrange(2) for _ in range(n)])])[0]
        limit = rand.choice([20000, 20000, 4, 1, 0])
        assert solve(rows, cols, n, limit).to_dict() == literal_solve(rows, cols, n, limit)
