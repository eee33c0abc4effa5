"""Loop version 3's levels: the worked examples, agreement with brute force, Loopy's puzzles, the grade."""

import random

import doctests
import pytest

from gridlogic import GAMES
from gridlogic.errors import InvalidParameters
from gridlogic.loop.board import clues_of_region, loop_of_region
from gridlogic.loop.formats import from_loopy_id
from gridlogic.loop.v3 import ladder, levels
from gridlogic.loop.v3.levels import EXAMPLES, LEVELS, RULES, TECHNIQUE_LEVEL, TECHNIQUES, deduce, grade


@pytest.mark.parametrize("module", [levels, ladder])
def test_docstring_examples(module):
    assert doctests.testmod(module).failed == 0


def test_every_technique_has_a_level_and_an_example():
    assert sorted(EXAMPLES) == sorted(RULES) == sorted(TECHNIQUE_LEVEL)
    assert [name for names in TECHNIQUES.values() for name in names] == list(RULES)


FACTS_ONLY = ("pair", "cell_pair")  # their examples need the pair facts they write, not an edge (counts are of edges)


@pytest.mark.parametrize("technique", RULES)
def test_each_example_is_finished_by_its_level_and_not_without_its_technique(technique):
    width, height, clues = EXAMPLES[technique]
    level = LEVELS.index(TECHNIQUE_LEVEL[technique])
    finished = deduce(clues, width, height, level)
    assert finished.status == "solved"
    if technique not in FACTS_ONLY:
        assert finished.counts[technique] > 0
    assert deduce(clues, width, height, level, without=[technique]).status == "stuck"
    if level > 0:
        assert grade(clues, width, height).level == LEVELS[level]


def test_a_level_with_fewer_techniques_never_does_more():
    for technique in RULES:
        width, height, clues = EXAMPLES[technique]
        known = [sum(not u for u in deduce(clues, width, height, level).unknown) for level in range(4)]
        assert known == sorted(known)


def test_deductions_agree_with_brute_force_on_4x4(checkers):
    """Whatever clues a 4×4 board shows: every edge a level decides is the same in every loop meeting
    the clues, a level that finishes the board found the only loop, and clues with no loop are never
    finished."""
    pick = random.Random(32)
    regions = checkers.regions(4, 4)
    for _ in range(300):
        region = pick.choice(regions)
        full = clues_of_region(list(region), 4, 4)
        share = pick.random()
        clues = [k if pick.random() < share else None for k in full]
        if pick.random() < 0.1:
            shown = [i for i, k in enumerate(clues) if k is not None]
            if shown:
                spoilt = pick.choice(shown)
                clues[spoilt] = (clues[spoilt] + 1 + pick.randrange(3)) % 4  # most likely no loop now
        matching = checkers.matching(clues, 4, 4)
        loops = [loop_of_region(list(m), 4, 4) for m in matching]
        for level in range(len(LEVELS)):
            result = deduce(clues, 4, 4, level)
            if not matching:
                assert result.status != "solved"
                continue
            assert result.status != "contradiction"
            for e, undecided in enumerate(result.unknown):
                if not undecided:
                    assert all(loop[e] == result.edges[e] for loop in loops)
            if result.status == "solved":
                assert loops == [result.edges]


# One Loopy puzzle of each difficulty (7×7, made by Loopy's own generator, which rated it so): each
# gets the paired level. benchmarks/loop_v3_levels.py compares many more.
LOOPY = {
    "easy": "7x7t0de:b2b2a3a1b2b111a0c2a2331a2b21b122a2b2a23a",
    "medium": "7x7t0dn:b2b2a3a1b2b111a0e233a32b21a31a2a2c3a3a",
    "hard": "7x7t0dt:b22a2a3a1a22b1a13d2b33a32c1b1a23c2a23a",
    "expert": "7x7t0dh:b22a2a3a1a22b1a13d2b33a32c1b1a23c2b3a",
}


@pytest.mark.parametrize("level", LEVELS)
def test_loopy_puzzles_get_the_paired_level(level):
    puzzle = from_loopy_id(LOOPY[level])
    assert grade(list(puzzle.clues), puzzle.width, puzzle.height).level == level


def test_grade_round_trips_through_its_dict_and_checks_it():
    width, height, clues = EXAMPLES["parity"]
    graded = grade(clues, width, height)
    assert levels.Grade.from_dict(graded.to_dict()) == graded
    data = graded.to_dict()
    with pytest.raises(InvalidParameters, match="do not add up"):
        levels.Grade.from_dict(dict(data, deductions=dict(data["deductions"], easy=0)))


def test_clues_with_no_loop_contradict():
    assert deduce([4, 4, 4, 4], 2, 2, 0).status == "contradiction"
    assert grade([4, 4, 4, 4], 2, 2).level is None


def test_the_game_grades_what_people_bring_on_this_ladder():
    game = GAMES["loop"]
    for level, loopy_id in LOOPY.items():
        report = game.grade(game.read(loopy_id))
        assert report.level == level and report.note == f"Loopy's {levels.LOOPY[level]}"
    stuck = game.grade(game.problem(game.generate(7, "x", "expert", version=2)))
    assert stuck.level is None and "edges undecided" in stuck.note
