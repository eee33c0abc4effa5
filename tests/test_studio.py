"""The puzzle studio's analysis (gridlogic.studio): verdicts, differences, levels, and fixes that an
independent brute force proves unique."""

from __future__ import annotations

import itertools
import random

import doctests
import pytest

import gridlogic.studio
from gridlogic import GAMES
from gridlogic.errors import GridlogicError
from gridlogic.hints import MARK_KINDS, Mark
from gridlogic.studio import MAX_FIXES, DesignTooLarge, analyse, fixes

PATTERN, LOOP, SIGNAL = GAMES["pattern"], GAMES["loop"], GAMES["signal"]


def runs(line):
    """The run lengths of a line of 0s and 1s, as a tuple ((0,) for an empty line, as the readers give)."""
    found, length = [], 0
    for cell in (*line, 0):
        if cell:
            length += 1
        elif length:
            found.append(length)
            length = 0
    return tuple(found) or (0,)


def brute_nonograms(row_clues, col_clues, width, height, cap=2):
    """Up to ``cap`` grids meeting the clues: every row chosen among the 2**width lines with its runs,
    the columns checked at the end (shares no code with gridlogic)."""
    rows = [tuple(clue) or (0,) for clue in row_clues]
    cols = [tuple(clue) or (0,) for clue in col_clues]
    lines = list(itertools.product((0, 1), repeat=width))
    options = [[line for line in lines if runs(line) == rows[r]] for r in range(height)]
    found = []
    for grid in itertools.product(*options):
        if all(runs([grid[r][c] for r in range(height)]) == cols[c] for c in range(width)):
            found.append(tuple(cell for row in grid for cell in row))
            if cap is not None and len(found) == cap:
                break
    return found


def clues_of(cells, width, height):
    rows = [runs(cells[r * width:(r + 1) * width]) for r in range(height)]
    cols = [runs(cells[c::width]) for c in range(width)]
    return rows, cols


def test_the_modules_docstring_examples_run():
    result = doctests.testmod(gridlogic.studio)
    assert result.failed == 0 and result.attempted >= 4


def test_the_docstrings_worked_examples():
    found = analyse(PATTERN, PATTERN.read("2x2:1/1/1/1"))
    assert found.verdict == "several" and found.level is None and found.techniques == {}
    assert found.difference == tuple(Mark("cell", index) for index in range(4))
    offered = fixes(PATTERN, PATTERN.read("2x2:1/1/1/1"))
    assert offered.fixes[0].to_dict() == {"changes": [{"kind": "cell", "index": 0, "value": 1}],
                                          "text": "2x2:2/1/2/1", "id": "pattern.import.2x2.tatham.2x2:2/1/2/1"}
    assert brute_nonograms([[2], [1]], [[2], [1]], 2, 2) == [(1, 1, 1, 0)]


def test_a_unique_puzzle_has_its_level_techniques_and_play_id():
    text = PATTERN.exports["tatham"](PATTERN.problem(PATTERN.generate((6, 5), "studio", "easy")))
    found = analyse(PATTERN, PATTERN.read(text))
    assert found.verdict == "unique" and found.difference == ()
    assert found.level == "easy"
    assert set(found.techniques) == {"line", "probe", "search"} and found.techniques["line"] > 0
    assert found.id == f"pattern.import.6x5.tatham.{text}"
    assert found.to_dict()["level"] == "easy"
    assert fixes(PATTERN, PATTERN.read(text)).fixes == ()


@pytest.mark.parametrize("game, text, reason", [
    (SIGNAL, "[4, 4, 6, 12, 3, 11, 13, 1, 2, 14, 11, 8, 2, 11, 10, 8]", "this Signal board is solved already"),
    (PATTERN, "2x2://0/0", "this Pattern puzzle fills no cell"),
])
def test_a_unique_puzzle_with_nothing_to_play_has_no_play_id_and_says_why(game, text, reason):
    found = analyse(game, game.read(text))
    assert found.verdict == "unique" and found.id is None
    assert found.note.startswith(f"exactly one solution, proven; not playable: {reason}")


def test_no_solution_is_none_with_nothing_to_fix():
    found = analyse(PATTERN, PATTERN.read("1x1:1/"))
    assert (found.verdict, found.difference, found.level) == ("none", (), None)
    assert fixes(PATTERN, PATTERN.read("1x1:1/")).fixes == ()


def test_a_search_cut_short_is_undecided_never_unique():
    # Signal's import limit is 2,000 search nodes; this 20x20 hard board takes more
    puzzle = SIGNAL.generate((20, 20), "x", "hard")
    problem = SIGNAL.problem(puzzle)
    assert SIGNAL.verify(puzzle)  # it has one solution, yet the studio's limit does not prove it
    found = analyse(SIGNAL, problem)
    assert found.verdict == "undecided" and found.level is None and found.id is None
    assert "not proven" in found.note and "2000 search nodes" in found.note


def test_a_board_past_the_import_side_is_refused_before_any_work():
    text = "51x1:" + "/".join(["1"] * 51) + "/" + "1." * 25 + "1"
    problem = PATTERN.read(text)
    with pytest.raises(DesignTooLarge, match="51x1 Pattern board is too large to analyse; at most 50x50"):
        analyse(PATTERN, problem)
    assert issubclass(DesignTooLarge, GridlogicError)


def test_pattern_changes_come_nearest_the_difference_first():
    # 4x4: the left half is fixed; the two diagonals of the top-right 2x2 square differ
    design = [1, 0, 1, 0,
              1, 0, 0, 1,
              0, 0, 0, 0,
              0, 0, 0, 0]
    rows, cols = clues_of(design, 4, 4)
    problem = PATTERN.read("4x4:" + "/".join(".".join(map(str, c)) for c in (*cols, *rows)))
    difference = [Mark("cell", index) for index in (2, 3, 6, 7)]
    tried = list(PATTERN.studio.changes(problem, design, difference))
    order = [change.marks[0].index for change in tried]
    assert order[:4] == [2, 3, 6, 7]  # the difference itself
    assert order[4:9] == [1, 5, 9, 10, 11]  # one step away, in reading order
    assert order[9:] == [0, 4, 8, 12, 13, 14, 15]  # then two steps away
    assert len(tried) == 16 and tried[0].marks == (Mark("cell", 2, 0),)
    assert tried[0].problem.goal == (1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0)


@pytest.mark.parametrize("seed", range(4))
def test_every_fix_of_random_ambiguous_pictures_has_one_solution_by_brute_force(seed):
    """Random 4x4 to 5x5 pictures; for each with several solutions every offered fix is one cell of a
    solution added or removed, and the brute force finds exactly one grid for its clues."""
    chooser = random.Random(f"studio sweep {seed}")
    ambiguous = offered = 0
    for _ in range(30):
        width, height = chooser.choice([(4, 4), (4, 5), (5, 4), (5, 5)])
        picture = [int(chooser.random() < 0.5) for _ in range(width * height)]
        if not any(picture):
            continue
        rows, cols = clues_of(picture, width, height)
        text = f"{width}x{height}:" + "/".join(".".join(map(str, c)) for c in (*cols, *rows))
        problem = PATTERN.read(text)
        found = fixes(PATTERN, problem)
        truth = brute_nonograms(rows, cols, width, height)
        assert found.verdict == ("several" if len(truth) == 2 else "unique")
        if found.verdict != "several":
            continue
        ambiguous += 1
        every = brute_nonograms(rows, cols, width, height, cap=None)
        assert found.difference and all(len({grid[m.index] for grid in every}) == 2 for m in found.difference)
        assert len(found.fixes) <= MAX_FIXES
        for fix in found.fixes:
            offered += 1
            fixed = PATTERN.read(fix.text)
            solutions = brute_nonograms(fixed.givens["rowClues"], fixed.givens["colClues"], width, height)
            assert len(solutions) == 1, fix.text
            (solution,) = solutions
            before = list(solution)
            assert len({mark.index for mark in fix.changes}) == len(fix.changes)  # each cell changed once
            for mark in fix.changes:
                assert mark.kind == "cell" and solution[mark.index] == mark.value
                before[mark.index] = 1 - mark.value
            assert clues_of(before, width, height) == (rows, cols)  # the cells changed of a solution of the design
            assert fix.id == f"pattern.import.{width}x{height}.tatham.{fix.text}"
    assert ambiguous >= 3 and offered >= ambiguous


def test_the_difference_is_where_two_solutions_differ():
    rows, cols = [[1], [1], [0]], [[1], [1], [0]]
    text = "3x3:1/1/0/1/1/0"
    found = analyse(PATTERN, PATTERN.read(text))
    first, second = brute_nonograms(rows, cols, 3, 3)
    assert found.verdict == "several"
    assert [mark.index for mark in found.difference] == [i for i in range(9) if first[i] != second[i]]


def test_marks_are_of_known_kinds():
    assert {game.studio.solution_mark for game in GAMES.values() if game.studio} <= set(MARK_KINDS)
    assert "clue" in MARK_KINDS


# Thin: clues hidden while a level's techniques still finish the puzzle.

def every_clue_text(answer, width, height):
    """The slitherlink of a loop (its region, as a puzzle's ``answer``) with every clue shown, as rows of digits."""
    from gridlogic.loop.board import clues_of_region

    clues = clues_of_region(answer, width, height)
    return "\n".join("".join(str(clues[r * width + c]) for c in range(width)) for r in range(height))


def test_the_loop_studio_docstring_example():
    problem = LOOP.read("13200\n21221\n20013\n10022\n21220")
    kept = {level: sum(k is not None for k in LOOP.studio.thin(problem, level).problem.givens["clues"])
            for level in ("easy", "medium")}
    assert kept == {"easy": 13, "medium": 11}


@pytest.mark.parametrize("seed", range(3))
def test_thinned_loops_keep_one_loop_by_sat_and_their_level(seed):
    """Loops of generated puzzles with every clue shown, thinned at each level: the clues left are the
    loop's, only shown clues are hidden, an independent SAT search finds exactly that one loop, and the
    walk-through's level is at most the one asked for."""
    from gridlogic.game import parse_id
    from gridlogic.loop.board import clues_of_region, loop_of_region
    from gridlogic.loop.sat import solve_sat

    levels = LOOP.studio.thin_levels
    thinned = 0
    for side in (4, 5, 7):
        puzzle = LOOP.make(parse_id(f"loop.3.{side}x{side}.any.thin-{seed}"))
        every = clues_of_region(puzzle.answer, side, side)
        problem = LOOP.read(every_clue_text(puzzle.answer, side, side))
        for level in levels:
            found = gridlogic.studio.thin(LOOP, problem, level)
            if found.status == "unfinished":
                assert level != "expert" or side < 5, (side, level)
                continue
            left = LOOP.read(found.text).givens["clues"]
            hidden = {mark.index for mark in found.hidden}
            assert all(mark.kind == "clue" and mark.value is None for mark in found.hidden)
            assert all((cell in hidden) == (clue is None) for cell, clue in enumerate(left))
            assert all(clue is None or clue == every[cell] for cell, clue in enumerate(left))
            status, loops, _ = solve_sat(left, side, side)
            assert status == "unique" and loops[0] == list(loop_of_region(puzzle.answer, side, side))
            assert levels.index(found.level) <= levels.index(level)
            assert found.id == f"loop.import.{side}x{side}.puzzlink.{found.text}"
            thinned += 1
    assert thinned >= 8


def test_thin_refuses_what_it_cannot_do():
    with pytest.raises(GridlogicError, match="hides no clues of Pattern"):
        gridlogic.studio.thin(PATTERN, PATTERN.read("2x2:1/1/1/1"), "easy")
    with pytest.raises(GridlogicError, match="level must be one of easy, medium, hard, expert, not 'any'"):
        gridlogic.studio.thin(LOOP, LOOP.read("3.3\n...\n3.3"), "any")
    found = gridlogic.studio.thin(LOOP, LOOP.read("3.3\n...\n3.3"), "expert")
    assert found.status == "unfinished" and found.hidden == () and "show more clues" in found.note
