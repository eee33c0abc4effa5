"""Loop version 3's generator: every puzzle of a sweep is unique (SAT, independently) and exactly of the
level asked, generation is deterministic, the JSON form round-trips, and version 3 is the latest."""

import random
from functools import cache

import doctests
import pytest

from gridlogic import GAMES, GenerationFailed, InvalidParameters
from gridlogic.loop.v3 import generator
from gridlogic.loop.v3.levels import LEVELS, deduce, grade

LOOP = GAMES["loop"]
SIZES = [(4, 4), (5, 5), (4, 6), (7, 7), (10, 10)]
SEEDS = [f"sweep-{k}" for k in range(6)]


@cache
def made(size, seed, difficulty):
    return LOOP.generate(size, seed, difficulty, version=3)


def test_docstring_examples():
    assert doctests.testmod(generator).failed == 0


@pytest.mark.parametrize("size", SIZES)
def test_sweep_unique_and_exactly_of_the_level_asked(size, checkers):
    width, height = size
    for difficulty in (*LEVELS, "any"):
        for seed in SEEDS:
            puzzle = made(size, seed, difficulty)
            clues = list(puzzle.clues)
            count, loops = checkers.sat(clues, width, height)
            assert count == 1, (size, difficulty, seed)
            assert loops[0] == checkers.segments(puzzle.edges(), width, height)
            assert checkers.is_region(list(puzzle.answer), width, height)
            level = LEVELS.index(puzzle.level)
            assert grade(clues, width, height).level == puzzle.level
            if level:
                assert deduce(clues, width, height, level - 1).status == "stuck"
            if difficulty != "any":
                assert puzzle.level == difficulty
            assert LOOP.verify(puzzle)


def test_tiny_boards_agree_with_brute_force(checkers):
    for difficulty in LEVELS:
        for seed in SEEDS[:4]:
            puzzle = made((4, 4), seed, difficulty)
            assert checkers.matching(list(puzzle.clues), 4, 4) == [puzzle.answer]


@pytest.mark.parametrize("side", [5, 7])
def test_the_greedy_pass_by_blocks_is_the_pass_clue_by_clue(side):
    """Asking a block of the order at once, each try going on from the board of the failed try around
    it, removes exactly the clues that asking one at a time from a fresh board does."""
    for seed in SEEDS[:3]:
        for level in range(len(LEVELS)):
            puzzle = made((side, side), seed, LEVELS[level])
            full = generator.clues_of_region(list(puzzle.answer), side, side)
            for order in (list(range(side * side))[::-1], random.Random(seed).sample(range(side * side), side * side)):
                by_blocks = list(full)
                generator.remove_clues(by_blocks, side, side, order, level)
                one_by_one = list(full)
                for c in order:
                    kept, one_by_one[c] = one_by_one[c], None
                    if deduce(one_by_one, side, side, level).status != "solved":
                        one_by_one[c] = kept
                assert by_blocks == one_by_one


def test_generation_is_deterministic_and_rectangular():
    first = LOOP.generate((7, 5), "same", "medium", version=3)
    assert first.to_dict() == LOOP.generate((7, 5), "same", "medium", version=3).to_dict()
    assert (first.width, first.height) == (7, 5) and first.id == "loop.3.7x5.medium.same"
    assert LOOP.generate((7, 5), "other", "medium", version=3).to_dict() != first.to_dict()


def test_json_form_round_trips_and_is_checked():
    puzzle = made((5, 5), "sweep-0", "expert")
    data = puzzle.to_dict()
    assert data["version"] == 3 and LOOP.from_dict(data) == puzzle
    shown = next(k for k, clue in enumerate(data["clues"]) if clue is not None)
    wrong = dict(data, clues=[*data["clues"][:shown], (data["clues"][shown] + 1) % 4, *data["clues"][shown + 1:]])
    with pytest.raises(InvalidParameters, match="the answer gives"):
        LOOP.from_dict(wrong)
    with pytest.raises(InvalidParameters, match="is not the target"):
        LOOP.from_dict(dict(data, target="easy"))


def test_version_3_is_the_latest_and_links_without_a_version_keep_version_1():
    assert LOOP.latest == 3 and LOOP.unversioned == 1
    assert LOOP.generate(5, "x", "easy").version == 3
    assert LOOP.from_dict(LOOP.generate(5, "x", "easy", version=1).to_dict()).version == 1
    version = LOOP.versions[3]
    assert version.sides == tuple(range(4, 31)) and version.rectangular
    assert version.difficulties == ("any", "easy", "medium", "hard", "expert")


def test_generation_failed_after_the_attempt_limit(monkeypatch):
    seed = next(f"limit-{k}" for k in range(100) if made((4, 4), f"limit-{k}", "expert").attempt > 1)
    monkeypatch.setattr(generator, "MAX_ATTEMPTS", 1)
    with pytest.raises(GenerationFailed):
        generator.make(LOOP.spec((4, 4), seed, "expert", version=3))


def test_the_page_offers_version_3_for_new_puzzles_and_ids_keep_their_version():
    from gridlogic.game import puzzle_from_id
    from gridlogic.web.api import game_info

    info = game_info(LOOP)  # what /api/games tells the page: new puzzles are of "version"
    assert info["version"] == 3 and [v["number"] for v in info["versions"]] == sorted(LOOP.versions)
    assert info["difficulties"] == ["any", "easy", "medium", "hard", "expert"]
    for puzzle_id in ("loop.1.5x5.easy.a", "loop.2.5x5.expert.a", "loop.3.5x5.expert.a"):
        assert puzzle_from_id(puzzle_id).id == puzzle_id
