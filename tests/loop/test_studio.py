"""The puzzle studio on Loop: the difference of a puzzle with several loops, and every fix (one more
clue shown) proven unique, checked by the independent brute force of this folder's conftest."""

from __future__ import annotations

import random

import pytest

from gridlogic import GAMES
from gridlogic.studio import analyse, fixes

LOOP = GAMES["loop"]


def text_of(clues, width, height):
    """A text grid of clues ("." for a hidden one), as Loop's reader takes it."""
    return "\n".join("".join("." if clues[r * width + c] is None else str(clues[r * width + c])
                             for c in range(width)) for r in range(height))


def cells_beside(edge, width, height):
    """The one or two cells (row, column) an edge borders (horizontal edges first, as Loop numbers them)."""
    horizontal = (height + 1) * width
    if edge < horizontal:
        r, c = divmod(edge, width)
        return {(rr, c) for rr in (r - 1, r) if 0 <= rr < height}
    r, c = divmod(edge - horizontal, width + 1)
    return {(r, cc) for cc in (c - 1, c) if 0 <= cc < width}


def boundary(region, width, height):
    """A region's boundary as a flat edge list (horizontal edges first)."""
    def inside(r, c):
        return 0 <= r < height and 0 <= c < width and region[r * width + c]
    edges = [int(inside(r - 1, c) != inside(r, c)) for r in range(height + 1) for c in range(width)]
    return edges + [int(inside(r, c - 1) != inside(r, c)) for r in range(height) for c in range(width + 1)]


def test_the_module_docstrings_example(checkers):
    problem = LOOP.read("2x2t0:3c")
    assert checkers.brute(problem.givens["clues"], 2, 2) >= 2
    found = analyse(LOOP, problem)
    assert found.verdict == "several"
    assert found.difference and {mark.kind for mark in found.difference} == {"edge"}
    offered = fixes(LOOP, problem)
    (mark,) = offered.fixes[0].changes
    assert mark.kind == "clue" and problem.givens["clues"][mark.index] is None
    assert divmod(mark.index, 2) in set.union(*(cells_beside(m.index, 2, 2) for m in found.difference))
    assert checkers.brute(LOOP.read(offered.fixes[0].text).givens["clues"], 2, 2) == 1
    assert analyse(LOOP, LOOP.read(offered.fixes[0].text)).verdict == "unique"


def test_the_difference_is_edges_that_some_loops_use_and_others_do_not(checkers):
    clues = [None, None, None, 2, None, None, None, None, None]
    found = analyse(LOOP, LOOP.read(text_of(clues, 3, 3)))
    loops = [boundary(region, 3, 3) for region in checkers.matching(clues, 3, 3)]
    assert found.verdict == "several" and len(loops) >= 2
    for mark in found.difference:
        assert {edges[mark.index] for edges in loops} == {0, 1}


@pytest.mark.parametrize("width, height", [(3, 3), (4, 3), (4, 4)])
def test_every_fix_of_random_ambiguous_designs_has_one_loop_by_brute_force(checkers, width, height):
    """Random loops with most clues hidden; for each with several loops every offered fix shows the
    clue of a loop that meets the clues, and the brute force finds exactly one loop for its clues."""
    chooser = random.Random(f"loop studio {width}x{height}")
    regions = checkers.regions(width, height)
    ambiguous = offered = 0
    for _ in range(12):
        full = checkers.clues_of(chooser.choice(regions), width, height)
        clues = [clue if chooser.random() < 0.3 else None for clue in full]
        if checkers.brute(clues, width, height) < 2:
            continue
        ambiguous += 1
        found = fixes(LOOP, LOOP.read(text_of(clues, width, height)))
        assert found.verdict == "several"
        for fix in found.fixes:
            offered += 1
            added = {mark.index: mark.value for mark in fix.changes}
            assert {mark.kind for mark in fix.changes} == {"clue"} and len(added) == len(fix.changes)
            shown = LOOP.read(fix.text).givens["clues"]
            assert shown == [added.get(i, clue) for i, clue in enumerate(clues)]
            assert all(clues[i] is None for i in added)
            assert checkers.brute(shown, width, height) == 1, fix.text
    assert ambiguous >= 3 and offered >= ambiguous
