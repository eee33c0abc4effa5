import doctests

from gridlogic.loop.difficulty import grade
from gridlogic.loop.solver import EXAMPLES, HARD, MEDIUM, deduce


def test_docstring_examples():
    assert grade([None, None, 0, 1], 2, 2).level == "easy"
    assert grade([3, None, 3, None], 2, 2).level == "medium"
    w, h, clues = EXAMPLES["trial"]
    assert grade(list(clues), w, h).level == "hard"


def test_search_only_puzzles_have_no_level():
    assert grade([None] * 9, 3, 3).level is None


def test_a_puzzle_no_class_finishes_reports_the_counts_of_the_hard_run():
    _ = None
    clues = [3, _, _, 3, _, _, 3, _, _, _, _, 1, 2, 2, _, _]
    graded = grade(clues, 4, 4)
    assert graded.level is None
    assert graded.rules == deduce(clues, 4, 4, HARD).counts != deduce(clues, 4, 4, MEDIUM).counts
    assert graded.rules == {"clue": 0, "vertex": 2, "loop": 0, "corner": 9, "threes": 0, "trial": 2, "colour": 1}


def test_grade_dict_sums_rules_into_classes():
    data = grade([3, None, 3, None], 2, 2).to_dict()
    assert data["level"] == "medium"
    assert data["deductions"]["medium"] == data["rules"]["corner"] + data["rules"]["threes"]
    assert data["deductions"]["easy"] == data["rules"]["clue"] + data["rules"]["vertex"] + data["rules"]["loop"]
    assert data["deductions"]["hard"] == 0


def test_package_docstring_examples():

    from gridlogic import loop

    failures, tried = doctests.testmod(loop, verbose=False)
    assert tried >= 3 and failures == 0
