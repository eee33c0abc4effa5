from gridlogic.loop import grade
from gridlogic.loop.solver import EXAMPLES


def test_docstring_examples():
    assert grade([None, None, 0, 1], 2, 2).level == "easy"
    assert grade([3, None, 3, None], 2, 2).level == "medium"
    w, h, clues = EXAMPLES["trial"]
    assert grade(list(clues), w, h).level == "hard"


def test_search_only_puzzles_have_no_level():
    assert grade([None] * 9, 3, 3).level is None


def test_grade_dict_sums_rules_into_classes():
    data = grade([3, None, 3, None], 2, 2).to_dict()
    assert data["level"] == "medium"
    assert data["deductions"]["medium"] == data["rules"]["corner"] + data["rules"]["threes"]
    assert data["deductions"]["easy"] == data["rules"]["clue"] + data["rules"]["vertex"] + data["rules"]["loop"]
    assert data["deductions"]["hard"] == 0


def test_package_docstring_examples():
    import doctest

    from gridlogic import loop

    failures, tried = doctest.testmod(loop, verbose=False)
    assert tried >= 3 and failures == 0
