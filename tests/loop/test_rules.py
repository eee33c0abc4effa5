"""What every Loop version shares (:mod:`gridlogic.loop.rules`): one puzzle type whose JSON fields its
version lists, the rules' worked example, and hints that grade each version by its own levels."""


import doctests

from gridlogic import GAMES
from gridlogic.game.ids import IMPORTED
from gridlogic.loop import rules
from gridlogic.loop.hints import TECHNIQUES
from gridlogic.loop.rules import JSON_FIELDS, Puzzle
from gridlogic.loop.v3.hints import TECHNIQUES as V3_TECHNIQUES
from gridlogic.loop.v4 import GridPuzzle

LOOP = GAMES["loop"]


def test_docstring_example():
    failures, tried = doctests.testmod(rules)
    assert tried >= 4 and failures == 0


def test_every_version_on_squares_makes_the_one_puzzle_type():
    """Versions 1 to 3 make a Puzzle; version 4, on any grid, a GridPuzzle (its own tests: tests/loop/grids)."""
    for number in LOOP.versions:
        puzzle = LOOP.generate(5, "rules", "easy", version=number)
        if isinstance(puzzle, GridPuzzle):
            continue
        assert type(puzzle) is Puzzle and puzzle.version == number
        assert list(puzzle.to_dict()) == list(puzzle.json_fields)
        assert set(puzzle.json_fields) <= set(JSON_FIELDS)
        assert LOOP.from_dict(puzzle.to_dict()) == puzzle
        assert puzzle.metrics.loop_length == sum(puzzle.edges()) == LOOP.min_moves(puzzle)


def test_hints_grade_each_version_by_its_levels():
    hints = LOOP.hints
    assert hints is not None
    assert hints.techniques(1) == TECHNIQUES  # version 1's levels are those hints.py names
    # a puzzle brought from outside is explained on the latest ladder, version 3's (Loopy's levels)
    assert hints.techniques(None) == hints.techniques(IMPORTED) == hints.techniques(3) == V3_TECHNIQUES
    assert hints.levels(None) == hints.levels(3) == ("easy", "medium", "hard", "expert")
    assert hints.levels(1) == ("easy", "medium", "hard")
    assert hints.levels(2) == ("easy", "medium", "hard", "expert")
    by_name = {t.name: t.level for t in hints.techniques(2)}
    assert by_name == {"clue": "easy", "vertex": "easy", "loop": "easy", "corner": "medium",
                       "threes": "medium", "colour": "hard", "trial": "expert", "search": None}
