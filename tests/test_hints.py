"""gridlogic.hints through the table, for every game with hints: the shared shapes' worked example,
and for every version, preset and difficulty: following the hints from the start solves the puzzle
(no hint ever decides a value that the next one calls a mistake), and the walk-through's level is
the grader's. Each game's own tests (tests/GAME/test_hints.py) check each value against the solution
on random partial boards, and each technique's worked example."""

from __future__ import annotations

import doctests
import pytest

from gridlogic import GAMES, hints
from gridlogic.errors import GenerationFailed
from gridlogic.hints import (
    HINT_STATUSES,
    MARK_KINDS,
    Hint,
    Mark,
    Text,
    Walkthrough,
    hardest_level,
    positions_text,
)

HINTED = [game for game in GAMES.values() if game.hints is not None]


def _boards(version):
    """The sizes and options to try: the first three presets, a rectangle where the version makes
    them, and each option's other values."""
    boards = [((size, size), {}) for size in version.presets[:3]]
    if version.rectangular:
        boards.append(((version.presets[1], version.presets[0]), {}))
    for option in version.options:
        boards += [((version.presets[1],) * 2, {option.name: value}) for value in option.values[1:]]
    return boards


CASES = [
    (game, number, size, options, difficulty)
    for game in HINTED
    for number, version in game.versions.items()
    for size, options in _boards(version)
    for difficulty in version.difficulties
    if version.offered is None or version.offered(*size, difficulty, options) is None
]


def test_module_docstring_example_runs():
    failures, attempted = doctests.testmod(hints, verbose=False)
    assert attempted > 0 and failures == 0


def test_positions_text_and_hardest_level():
    assert positions_text([5, 0, 1, 2]) == Text("1–3 and 6", "1〜3・6", zh="1～3、6", ko="1~3, 6", de="1–3 und 6",
                                                fr="1–3 et 6", es="1–3 y 6")
    assert positions_text([3]) == Text("4", "4", zh="4", ko="4", de="4", fr="4", es="4")
    techniques = GAMES["loop"].hints.techniques(1)
    assert hardest_level([], techniques, ("easy", "medium", "hard")) == "easy"
    assert hardest_level(["clue", "corner"], techniques, ("easy", "medium", "hard")) == "medium"
    assert hardest_level(["clue", "search"], techniques, ("easy", "medium", "hard")) is None


def test_a_walkthrough_counts_each_technique_in_order():
    step = Hint("step", "probe", (Mark("cell", 1, 0),), (), Text("a", "あ"))
    walk = Walkthrough(None, (step,), "solved")
    assert walk.to_dict(("line", "probe", "search"))["techniques"] == {"line": 0, "probe": 1, "search": 0}
    assert walk.to_dict(("line",))["steps"] == [
        {"technique": "probe", "explanation": {"en": "a", "ja": "あ"}, "decides": [{"kind": "cell", "index": 1,
                                                                                   "value": 0}], "evidence": []}]


@pytest.mark.parametrize("game, version, size, options, difficulty", CASES,
                         ids=[f"{g.name}-v{v}-{w}x{h}{''.join(o)}-{d}" for g, v, (w, h), o, d in CASES])
def test_following_the_hints_solves_every_kind_of_puzzle(game, version, size, options, difficulty):
    names = [technique.name for technique in game.hints.techniques(version)]
    made = 0
    for seed in ("hint-a", "hint-b"):
        try:
            puzzle = game.generate(size if size[0] != size[1] else size[0], seed, difficulty, version=version,
                                   **options)
        except GenerationFailed:  # version 3 cannot make every level at every size
            continue
        made += 1
        board = game.hints.start(puzzle)
        used = []
        entries = sum(len(v) for v in board.values()) if isinstance(board, dict) else len(board)
        for _ in range(4 * entries):  # each step decides something of the board
            given = game.hints.hint(puzzle, board)
            assert given.status in HINT_STATUSES
            assert given.status != "mistake", f"a hint decided a wrong value before: {given.explanation.en}"
            if given.status != "step":
                break
            assert given.technique in names and given.decides
            assert given.explanation.en and given.explanation.ja
            assert all(mark.kind in MARK_KINDS and mark.value is not None for mark in given.decides)
            assert all(mark.kind in MARK_KINDS for mark in given.evidence)
            used.append(given.technique)
            after = game.hints.apply(puzzle, board, given)
            assert after != board
            board = after
        assert given.status == "solved", given.explanation.en
        assert game.check(puzzle, board)["solved"]
        walk = game.hints.explain(game.problem(puzzle), puzzle.version)
        assert walk.status == "solved"
        assert walk.level == puzzle.level, (puzzle.id, walk.level, puzzle.level)
        if puzzle.level is not None and difficulty != "any":
            assert walk.level == difficulty
    if not made:
        pytest.skip(f"version {version} makes no {size} {difficulty} puzzle of these seeds")
