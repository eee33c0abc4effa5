"""Loop version 2's levels: the worked examples, exactness, and agreement with brute force."""

import random

import doctests
import pytest

from gridlogic.loop.board import clues_of_region
from gridlogic.loop.v2 import levels
from gridlogic.loop.v2.levels import EXAMPLES, LEVELS, TECHNIQUE_LEVEL, deduce, grade


def test_docstring_examples():
    assert doctests.testmod(levels).failed == 0


@pytest.mark.parametrize("technique", sorted(EXAMPLES))
def test_each_example_uses_its_technique_at_its_level(technique):
    width, height, clues = EXAMPLES[technique]
    level = TECHNIQUE_LEVEL[technique]
    assert deduce(clues, width, height, LEVELS.index(level)).counts[technique] > 0
    if technique in ("colour", "trial"):
        assert grade(clues, width, height).level == level


def test_every_rule_has_a_level_and_an_example():
    assert sorted(EXAMPLES) == sorted(TECHNIQUE_LEVEL)


def test_deductions_agree_with_brute_force_on_4x4(checkers):
    """Whatever clues a 4×4 board shows: a level that finishes it found the only loop, a level never
    contradicts clues that have a loop, and no level finishes clues with two loops."""
    pick = random.Random(15)
    regions = checkers.regions(4, 4)
    for _ in range(150):
        region = pick.choice(regions)
        full = clues_of_region(list(region), 4, 4)
        share = pick.random()
        clues = [k if pick.random() < share else None for k in full]
        matching = checkers.matching(clues, 4, 4)
        for level in range(len(LEVELS)):
            result = deduce(clues, 4, 4, level)
            assert result.status != "contradiction"
            if result.status == "solved":
                assert matching == [region]
                assert result.edges == checkers_edges(region)
        if len(matching) > 1:
            assert grade(clues, 4, 4).level is None


def checkers_edges(region):
    from gridlogic.loop.board import loop_of_region

    return loop_of_region(list(region), 4, 4)


def test_grade_round_trips_through_its_dict():
    width, height, clues = EXAMPLES["colour"]
    graded = grade(clues, width, height)
    assert levels.Grade.from_dict(graded.to_dict()) == graded
