"""Loop version 2's generator: every puzzle of a sweep is unique (SAT, independently) and of the level
asked, generation is deterministic, the JSON form round-trips, and version 1 stays the unversioned one."""

from functools import cache

import doctests
import pytest

from gridlogic import GAMES, GenerationFailed, InvalidParameters
from gridlogic.loop.v2 import generator, region
from gridlogic.loop.v2.levels import grade

LOOP = GAMES["loop"]
SIZES = [(4, 4), (5, 5), (4, 6), (6, 5)]
SEEDS = [f"sweep-{k}" for k in range(8)]


@cache
def made(size, seed, difficulty):
    return LOOP.generate(size, seed, difficulty, version=2)


def test_docstring_examples():
    assert doctests.testmod(generator).failed == 0
    assert doctests.testmod(region).failed == 0


def offered_levels(width, height):
    return [*generator.levels_offered(width, height), "any"]


@pytest.mark.parametrize("size", SIZES)
def test_sweep_unique_and_of_the_level_asked(size, checkers):
    width, height = size
    for difficulty in offered_levels(width, height):
        for seed in SEEDS:
            puzzle = made(size, seed, difficulty)
            clues = list(puzzle.clues)
            count, loops = checkers.sat(clues, width, height)
            assert count == 1, (size, difficulty, seed)
            assert loops[0] == checkers.segments(puzzle.edges(), width, height)
            assert checkers.is_region(list(puzzle.answer), width, height)
            assert grade(clues, width, height).level == puzzle.level
            if difficulty != "any":
                assert puzzle.level == difficulty
            assert LOOP.verify(puzzle)


def test_tiny_boards_agree_with_brute_force(checkers):
    for difficulty in offered_levels(4, 4):
        for seed in SEEDS[:4]:
            puzzle = made((4, 4), seed, difficulty)
            assert checkers.matching(list(puzzle.clues), 4, 4) == [puzzle.answer]


def test_generation_is_deterministic_and_rectangular():
    first = LOOP.generate((7, 5), "same", "medium", version=2)
    again = LOOP.generate((7, 5), "same", "medium", version=2)
    assert first.to_dict() == again.to_dict()
    assert (first.width, first.height) == (7, 5)
    assert first.id == "loop.2.7x5.medium.same"
    assert LOOP.generate((7, 5), "other", "medium", version=2).to_dict() != first.to_dict()


def test_json_form_round_trips_and_is_checked():
    puzzle = made((5, 5), "sweep-0", "expert")
    data = puzzle.to_dict()
    assert set(data) >= {"width", "height", "clues", "answer", "target", "difficulty", "version", "seed"}
    assert LOOP.from_dict(data) == puzzle
    shown = next(k for k, clue in enumerate(data["clues"]) if clue is not None)
    wrong = dict(data, clues=[*data["clues"][:shown], (data["clues"][shown] + 1) % 4, *data["clues"][shown + 1:]])
    with pytest.raises(InvalidParameters, match="the answer gives"):
        LOOP.from_dict(wrong)


def test_versions_in_the_table():
    assert LOOP.unversioned == 1 and LOOP.latest == 3  # version 3 (Loopy's levels) is the latest
    assert LOOP.generate(5, "x", "easy", version=2).version == 2
    version = LOOP.versions[2]
    assert version.sides == tuple(range(4, 31)) and version.rectangular
    assert version.difficulties == ("any", "easy", "medium", "hard", "expert")


def test_small_boards_refuse_hard_with_a_reason():
    with pytest.raises(InvalidParameters, match="hard puzzles on boards of at least 24 cells"):
        LOOP.generate((4, 5), "x", "hard", version=2)
    assert made((4, 4), "sweep-0", "any").level in generator.levels_offered(4, 4)


def test_generation_failed_after_the_attempt_limit(monkeypatch):
    monkeypatch.setattr(generator, "MAX_ATTEMPTS", 3)  # the docstring's 7×5 hard needs 50
    with pytest.raises(GenerationFailed):
        LOOP.generate((7, 5), "notes-example", "hard", version=2)
