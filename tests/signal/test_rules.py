"""gridlogic.signal.rules: what every version's puzzle shares, and its worked example."""

from __future__ import annotations

import doctests
import pytest

from gridlogic import InvalidParameters, signal
from gridlogic.signal import rules
from gridlogic.signal.rules import Puzzle, check_answer
from gridlogic.signal.v3.puzzle import Version3Puzzle
from gridlogic.signal.v4.puzzle import Version4Puzzle


def test_the_worked_example_of_the_docstring():
    failures, tried = doctests.testmod(rules, verbose=False)
    assert tried and not failures


@pytest.mark.parametrize("version, size, options, kind, letters", [
    (3, 5, {}, Version3Puzzle, ""),
    (4, (5, 4), {"wrapping": False}, Version4Puzzle, ""),
    (4, (5, 4), {"wrapping": True}, Version4Puzzle, "w"),
])
def test_each_version_writes_its_own_board_fields_and_reads_them_back(version, size, options, kind, letters):
    puzzle = signal.generate(size, "rules", "easy", version=version, **options)
    assert type(puzzle) is kind and isinstance(puzzle, Puzzle)
    assert puzzle.version == version and puzzle.options == options
    assert puzzle.id.startswith(f"signal.{version}.{puzzle.width}x{puzzle.height}{letters}.easy.")
    data = puzzle.to_dict()
    record = signal.GAME.version(version)
    assert record.from_dict(data) == puzzle == signal.GAME.from_dict(data)
    assert type(signal.GAME.from_dict(data)) is kind
    assert list(data)[-7:] == ["target", "version", "answer", "shuffled", "attempt", "difficulty", "metrics"]


def test_the_answer_of_a_puzzles_json_is_checked_by_the_rules():
    with pytest.raises(InvalidParameters, match="'answer' is not one tree"):
        check_answer([6, 12, 3, 9], [6, 12, 3, 9], 2, 2, False)  # a loop
    with pytest.raises(InvalidParameters, match=r"'shuffled'\[1\] is 5, which no rotation turns into the answer's 8"):
        check_answer([2, 8], [2, 5], 2, 1, False)
    check_answer([2, 8], [8, 2], 2, 1, False)
