"""Version 4's grader: the worked example, the thresholds as the docstring tables them, stages 1-2 as version 3's."""

from __future__ import annotations

import re

import doctests

from gridlogic.rng import rng
from gridlogic.signal.difficulty import analyze_difficulty
from gridlogic.signal.tables import board_geometry
from gridlogic.signal.v3.generator import tree
from gridlogic.signal.v4 import grading
from gridlogic.signal.v4.generator import PRESETS
from gridlogic.signal.v4.grading import Thresholds, grade


def test_the_docstring_example_runs():
    failures, tried = doctests.testmod(grading, verbose=False)
    assert tried and not failures


def test_the_docstring_table_is_what_the_code_computes():
    rows = re.findall(r"^ +(\d+)x\1 +(\d+) +(\d+) +(\d+)$", doctests.module_docstring(grading), re.MULTILINE)
    table = {int(side): tuple(map(int, figures)) for side, *figures in rows}
    assert sorted(table) == sorted({*PRESETS, 25})
    for side, figures in table.items():
        limits = Thresholds.of(side, side)
        assert figures == (limits.easy_rounds, limits.easy_footholds, limits.hard_remaining)


def test_on_version_3_sizes_the_thresholds_are_version_3s():
    for n in (4, 5, 6):
        limits = Thresholds.of(n, n)
        assert limits.easy_rounds == 8
        assert limits.easy_footholds == -(-n * n // 5)  # boundaryFixed / n² >= 0.2
        assert limits.hard_remaining == max(8, -(-3 * n * n // 10))


def test_stages_1_and_2_are_version_3s_on_a_bordered_board():
    for n in (4, 5, 6, 8):
        for k in range(20):
            answer = tree(n, rng(f"stages-{n}-{k}"))
            mine, _ = grade(answer, board_geometry(n, n, False))
            theirs = analyze_difficulty(answer, n)
            if mine is None:
                continue
            assert (mine.boundary_fixed, mine.local_fixed, mine.local_rounds, mine.remaining,
                    mine.largest_region) == (theirs.boundary_fixed, theirs.local_fixed, theirs.local_rounds,
                                             theirs.remaining, theirs.largest_region)
            if not mine.remaining and n <= 6:  # nothing left for stage 3, version 3's sizes: the same level
                assert mine.level == theirs.level
