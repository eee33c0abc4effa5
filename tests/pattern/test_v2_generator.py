"""Pattern version 2: the worked example, levels, symmetry, pictures, the never-fails sweep, JSON."""

from __future__ import annotations

import json

import pytest

from gridlogic import GAMES, InvalidParameters, pattern, puzzle_from_id
from gridlogic.pattern.decide import decide
from gridlogic.pattern.grading import grade
from gridlogic.pattern.lines import grid_clues
from gridlogic.pattern.v2 import generator


def picture(puzzle) -> list[str]:
    return ["".join(".#"[v] for v in puzzle.answer[r * puzzle.width : (r + 1) * puzzle.width])
            for r in range(puzzle.height)]


def test_module_worked_example():
    puzzle = pattern.generate(5, "notes-example", "hard", version=2)
    assert picture(puzzle) == ["..#.#", "..###", "####.", "##.#.", "##..."]
    assert puzzle.attempt == 5
    assert [list(c) for c in puzzle.row_clues] == [[1, 1], [3], [4], [2, 1], [2]]
    assert [list(c) for c in puzzle.col_clues] == [[3], [3], [3], [3], [2]]
    assert puzzle.grade.to_dict() == {"level": "hard", "techniques": {"overlap": 24, "line": 0, "probe": 1}}
    assert puzzle.id == "pattern.2.5x5.hard.notes-example"


def test_the_version_table():
    game = GAMES["pattern"]
    version = game.version(2)
    assert (game.latest, game.unversioned) == (2, 1)
    assert version.sides == tuple(range(5, 41)) and version.rectangular
    assert version.presets == (5, 10, 15, 20, 25, 30)
    assert version.difficulties == ("any", "easy", "medium", "hard")
    assert [o.name for o in version.options] == ["symmetry"]
    # A link without a version means version 1, as before version 2 existed.
    assert game.spec(5, "x").version == 2 and puzzle_from_id("pattern.1.5x5.any.x").version == 1


@pytest.mark.parametrize("size", [5, 10, (12, 7)])
@pytest.mark.parametrize("difficulty", ["any", "easy", "medium", "hard"])
def test_never_fails_and_has_the_level_asked(size, difficulty):
    for k in range(4):
        puzzle = pattern.generate(size, f"sweep-{k}", difficulty, version=2)
        assert difficulty in ("any", puzzle.level)
        found = grade(puzzle.row_clues, puzzle.col_clues)
        assert found.level == puzzle.level and found.cells == puzzle.answer  # forced, so unique
        verdict = decide(puzzle.row_clues, puzzle.col_clues, puzzle.width, puzzle.height)
        assert verdict.status == "unique" and tuple(verdict.solutions[0]) == puzzle.answer


def test_deterministic_and_seeds_differ():
    a = pattern.generate((15, 12), "same", "medium", version=2)
    assert a == pattern.generate((15, 12), "same", "medium", version=2)
    assert a.answer != pattern.generate((15, 12), "other", "medium", version=2).answer
    assert (a.width, a.height) == (15, 12)


@pytest.mark.parametrize(("symmetry", "letter"), [("left-right", "l"), ("top-bottom", "t"), ("both", "b"),
                                                  ("rotation", "r")])
def test_symmetry(symmetry, letter):
    puzzle = pattern.generate((11, 8), "mirror", "any", version=2, symmetry=symmetry)
    rows = picture(puzzle)
    flipped = {"left-right": [r[::-1] for r in rows], "top-bottom": rows[::-1],
               "both": [r[::-1] for r in rows[::-1]], "rotation": [r[::-1] for r in rows[::-1]]}[symmetry]
    assert flipped == rows
    if symmetry == "both":
        assert [r[::-1] for r in rows] == rows
    assert puzzle.id == f"pattern.2.11x8{letter}.any.mirror"
    assert puzzle_from_id(puzzle.id) == puzzle


def test_pictures_are_smoother_than_version_1():
    v1 = [pattern.generate(10, f"agree-{k}", version=1) for k in range(10)]
    v2 = [pattern.generate(10, f"agree-{k}", version=2) for k in range(10)]
    mean_v1 = sum(generator.agreement(p.answer, 10, 10) for p in v1) / 10
    mean_v2 = sum(generator.agreement(p.answer, 10, 10) for p in v2) / 10
    assert mean_v1 < 0.6
    assert mean_v2 > 0.7


def test_agreement():
    assert generator.agreement([1, 1, 0, 0], 2, 2) == 0.5  # ## over ..: two of four pairs agree
    assert generator.agreement([1, 0, 0, 1], 2, 2) == 0.0
    assert generator.agreement([1] * 6, 3, 2) == 1.0


def test_json_round_trip_and_validation():
    puzzle = pattern.generate((8, 6), "json", "medium", version=2, symmetry="left-right")
    data = json.loads(json.dumps(puzzle.to_dict()))
    assert pattern.GAME.from_dict(data) == puzzle
    assert GAMES["pattern"].level_of(data) == "medium"
    assert grid_clues(data["answer"], 8, 6) == (data["rowClues"], data["colClues"])
    for key, value, message in [
        ("width", 4, "'width' must be"),
        ("answer", [0] * 47, "'answer'"),
        ("rowClues", [[1]] * 6, "are not the clues of the answer"),
        ("target", "easy", "is not the level 'medium'"),
        ("symmetry", "spiral", "'symmetry'"),
        ("difficulty", {"level": "easy", "techniques": {"overlap": 48, "line": 0, "probe": 0}}, "'target'"),
        ("difficulty", {"level": "medium", "techniques": {"overlap": 48, "line": 0, "probe": 0}}, "do not fit"),
    ]:
        bad = dict(data, **{key: value})
        with pytest.raises(InvalidParameters, match=message):
            pattern.GAME.from_dict(bad)
    unsymmetric = dict(data, answer=[1] + [0] * 47)
    with pytest.raises(InvalidParameters, match="symmetry"):
        pattern.GAME.from_dict(unsymmetric)


def test_bad_parameters():
    with pytest.raises(InvalidParameters, match="4"):
        pattern.generate(4, "x", version=2)
    with pytest.raises(InvalidParameters, match="41"):
        pattern.generate((41, 10), "x", version=2)
    with pytest.raises(InvalidParameters, match="symmetry"):
        pattern.generate(10, "x", version=2, symmetry="diagonal")
    with pytest.raises(InvalidParameters, match="expert"):
        pattern.generate(10, "x", "expert", version=2)


@pytest.mark.parametrize("symmetry", ["left-right", "top-bottom", "both", "rotation"])
def test_every_offered_symmetric_level_is_made(symmetry):
    for size in (5, (9, 6)):
        for difficulty in ("easy", "medium", "hard"):
            width, height = (size, size) if isinstance(size, int) else size
            if generator.refusal(width, height, difficulty, symmetry) is not None:
                continue
            puzzle = pattern.generate(size, "symmetric", difficulty, version=2, symmetry=symmetry)
            assert puzzle.level == difficulty and puzzle.symmetry == symmetry


def test_refused_symmetric_levels():
    with pytest.raises(InvalidParameters, match="8x8 medium pictures with both mirrors cannot be made"):
        pattern.generate(8, "x", "medium", version=2, symmetry="both")
    with pytest.raises(InvalidParameters, match="half-turn"):
        pattern.generate(5, "x", "medium", version=2, symmetry="rotation")
    assert pattern.generate((9, 5), "x", "medium", version=2, symmetry="both").level == "medium"
