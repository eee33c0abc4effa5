import dataclasses
import hashlib
import json
import random
from functools import cache

import pytest

from gridlogic import GAMES, GenerationFailed, InvalidParameters, loop
from gridlogic.loop.board import grid, loop_of_region, validate_loop
from gridlogic.loop.render import render_text
from gridlogic.loop.rules import check
from gridlogic.loop.solver import EASY, MEDIUM, deduce
from gridlogic.loop.v1 import generator
from gridlogic.rng import rng

SEEDS = ("a", "b", "notes-example")
LEVELS = ("easy", "medium", "hard")


def generate(*args):
    """Version 1, which this file is about (``loop.generate`` without a version makes the latest)."""
    return loop.generate(*args, version=1)


@cache
def made(size, seed, difficulty):
    return generate(size, seed, difficulty)


def test_may_join_docstring_example():
    n = 3
    one = [0, 1, 0, 0, 0, 0, 0, 0, 0]
    assert generator.may_join(one, n, 4)
    two = [0, 1, 0, 0, 0, 0, 0, 1, 0]
    assert not generator.may_join(two, n, 4)


def test_may_join_refuses_corner_only_contacts_and_far_cells():
    n = 3
    diagonal = [1, 0, 0, 0, 0, 0, 0, 0, 0]
    assert not generator.may_join(diagonal, n, 4)  # only a corner touches
    assert not generator.may_join(diagonal, n, 8)  # nothing touches


@pytest.mark.parametrize("n", [5, 7, 10])
def test_grown_regions_are_single_loops_of_the_right_size(n, checkers):
    for seed in ("x", "y", "z", "w"):
        inside = generator.grow_region(n, rng(seed))
        assert 0.35 * n * n - 1 <= sum(inside) <= 0.65 * n * n + 1
        assert generator.validate_region(inside, n)
        assert checkers.is_region(inside, n, n)


@pytest.mark.parametrize("size", [5, 7])
@pytest.mark.parametrize("difficulty", LEVELS + ("any",))
def test_generated_puzzles_have_exactly_the_planted_loop(size, difficulty, checkers):
    for seed in SEEDS:
        puzzle = made(size, seed, difficulty)
        clues = list(puzzle.clues)
        count, loops = checkers.sat(clues, size, size)
        assert count == 1
        assert loops[0] == checkers.segments(puzzle.edges(), size, size)
        full = checkers.clues_of(puzzle.answer, size, size)
        assert all(k == full[i] for i, k in enumerate(clues) if k is not None)
        assert checkers.is_region(list(puzzle.answer), size, size)
        assert loop.GAME.verify(puzzle)
        if difficulty != "any":
            assert puzzle.level == difficulty


@pytest.mark.parametrize("size", [5, 7])
def test_levels_are_exact(size):
    for seed in SEEDS:
        easy = made(size, seed, "easy")
        assert deduce(list(easy.clues), size, size, EASY).status == "solved"
        medium = made(size, seed, "medium")
        assert deduce(list(medium.clues), size, size, EASY).status != "solved"
        assert deduce(list(medium.clues), size, size, MEDIUM).status == "solved"
        hard = made(size, seed, "hard")
        assert deduce(list(hard.clues), size, size, MEDIUM).status != "solved"


def test_generation_is_deterministic_by_seed():
    first = generate(6, "same seed", "medium")
    made.cache_clear()
    again = generate(6, "same seed", "medium")
    assert first.to_dict() == again.to_dict()
    assert generate(6, "other seed", "medium").to_dict() != first.to_dict()


# Version 1 is a promise: these puzzles must never change. The digest covers the
# whole JSON form (difficulty counts and metrics too); clues and answer are spelled
# out so that a failure shows what moved.
PINNED_5X5 = [
    ("any", "a", 1, "0.212011.202..3....3..232", "0011100111001100111100010", "dece5b6d14b0222f"),
    ("any", "😀", 1, "02.1....0.3.....22.3.01..", "0011101111111100011100000", "3d29a568201b1559"),
    ("easy", "a", 1, "012120....02.1....0...23.", "0011100111001100111100010", "28c9d1ba6052c67a"),
    ("easy", "😀", 1, "02.1.2..023..1..2..3.01..", "0011101111111100011100000", "2c99614a5911244d"),
    ("medium", "a", 1, ".12120....02.1....0...23.", "0011100111001100111100010", "7af4c5f4347b7eb2"),
    ("medium", "😀", 1, "0..1.2..023..1..2..3.01..", "0011101111111100011100000", "58b4e42660064236"),
    ("hard", "a", 2, "..2..232.2.21.2...10...1.", "1001110111111101000011100", "63445afde7abda7c"),
    ("hard", "😀", 1, "0..1.2..023.....2..3.01..", "0011101111111100011100000", "92b96da5ea94ee41"),
]


@pytest.mark.parametrize("difficulty, seed, attempt, clues, answer, digest", PINNED_5X5)
def test_version_1_puzzles_are_pinned(difficulty, seed, attempt, clues, answer, digest):
    data = made(5, seed, difficulty).to_dict()
    assert data["attempt"] == attempt
    assert "".join("." if k is None else str(k) for k in data["clues"]) == clues
    assert "".join(map(str, data["answer"])) == answer
    text = json.dumps(data, sort_keys=True)
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == digest


def test_to_dict_fields():
    puzzle = made(5, "a", "hard")
    data = puzzle.to_dict()
    assert list(data) == ["n", "seed", "target", "version", "clues", "answer", "attempt", "difficulty", "metrics"]
    assert data["n"] == 5 and data["seed"] == "a" and data["target"] == "hard" and data["version"] == 1
    assert len(data["clues"]) == 25 and None in data["clues"]
    assert set(data["answer"]) == {0, 1}
    assert data["difficulty"]["level"] == "hard"
    assert data["difficulty"]["deductions"]["hard"] > 0
    assert sum(data["difficulty"]["rules"].values()) == sum(data["difficulty"]["deductions"].values())
    clue_count = sum(k is not None for k in data["clues"])
    assert data["metrics"] == {
        "clueCount": clue_count,
        "clueShare": round(clue_count / 25, 4),
        "loopLength": sum(puzzle.edges()),
    }
    assert json.loads(json.dumps(data)) == data
    assert "loop.1.5x5." in repr(puzzle) and repr(puzzle).split()[1].endswith(".a")


def test_givens_and_solution_shapes():
    puzzle = made(5, "b", "easy")
    assert puzzle.givens() == {"clues": list(puzzle.clues)}
    solution = puzzle.solution()
    assert solution["inside"] == list(puzzle.answer)
    assert len(solution["horizontal"]) == 6 * 5 and len(solution["vertical"]) == 5 * 6
    assert check(puzzle, {"horizontal": solution["horizontal"], "vertical": solution["vertical"]})["solved"]


def test_game_registry_surface():
    game = GAMES["loop"]
    version = game.version(1)
    assert game.name == "loop" and version.sides == (5, 6, 7, 8, 9, 10) and version.default_size == 5
    assert version.difficulties == ("any", "easy", "medium", "hard") and game.unversioned == 1


def test_puzzle_from_dict_round_trip():
    puzzle = made(7, "a", "medium")
    assert loop.GAME.from_dict(json.loads(json.dumps(puzzle.to_dict()))) == puzzle


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.pop("clues"),
        lambda d: d.update(n=4),
        lambda d: d.update(version=2),
        lambda d: d.update(target="extreme"),
        lambda d: d.update(attempt=0),
        lambda d: d.update(seed=5),
        lambda d: d.update(answer=[0] * 25),
        lambda d: d.update(answer=[2] * 25),
        lambda d: d.update(clues=[4] * 25),
        lambda d: d.update(clues=[None] * 24),
        lambda d: d.update(metrics=[]),
    ],
)
def test_puzzle_from_dict_rejects(change):
    data = made(5, "a", "easy").to_dict()
    change(data)
    with pytest.raises(InvalidParameters):
        loop.GAME.from_dict(data)


def test_puzzle_from_dict_names_a_malformed_answer():
    data = made(5, "a", "easy").to_dict()
    with pytest.raises(InvalidParameters) as refused:
        loop.GAME.from_dict({**data, "answer": [0] * 24 + [2]})
    assert str(refused.value) == "'answer' must be a list of 25 entries, each 0 or 1; 'answer'[24] is 2"
    with pytest.raises(InvalidParameters) as refused:
        loop.GAME.from_dict({**data, "answer": "1" * 25})
    assert str(refused.value) == (
        "'answer' must be a list of 25 entries, each 0 or 1, not str '1111111111111111111111111'"
    )


def _first_clue(data):
    return next(k for k, clue in enumerate(data["clues"]) if clue is not None)


@pytest.mark.parametrize("bad", [lambda k: float(k), lambda k: str(k), lambda k: bool(k), lambda k: [k]])
def test_puzzle_from_dict_refuses_a_clue_that_only_equals_an_int(bad):
    # 3.0 == 3 and True == 1: such a clue matched the answer's and got through to the renderers
    data = made(5, "a", "easy").to_dict()
    k = _first_clue(data)
    wrong = bad(data["clues"][k])
    data["clues"][k] = wrong
    with pytest.raises(InvalidParameters) as refused:
        loop.GAME.from_dict(data)
    kind = type(wrong).__name__
    assert str(refused.value) == (
        f"clue {k} (None for a blank cell) must be a whole number from 0 to 4, not a {kind} {wrong!r}"
    )


def test_puzzle_from_dict_keeps_int_clues_ints():
    data = made(5, "a", "easy").to_dict()
    puzzle = loop.GAME.from_dict(data)
    assert [type(clue) for clue in puzzle.clues] == [type(clue) for clue in made(5, "a", "easy").clues]
    assert render_text(puzzle) == render_text(made(5, "a", "easy"))


@pytest.mark.parametrize(
    "seed, message",
    [
        (5, "seed must be a str"),
        ("x" * 81, "81 UTF-16 code units"),
        ("😀" * 41, "82 UTF-16 code units"),
    ],
)
def test_puzzle_from_dict_checks_the_seed_like_generate(seed, message):
    data = made(5, "a", "easy").to_dict()
    with pytest.raises(InvalidParameters, match=message) as refused:
        loop.GAME.from_dict({**data, "seed": seed})
    with pytest.raises(InvalidParameters) as refused_by_generate:
        generate(5, seed, "easy")
    assert str(refused.value) == str(refused_by_generate.value)


def test_puzzle_from_dict_accepts_the_longest_seed():
    data = made(5, "a", "easy").to_dict()
    for seed in ("x" * 80, "😀" * 40):
        assert loop.GAME.from_dict({**data, "seed": seed}).seed == seed


def test_puzzle_from_dict_rejects_a_region_with_a_corner_contact():
    data = made(5, "a", "easy").to_dict()
    data["answer"] = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0] + [0] * 15
    data["clues"] = [None] * 25
    with pytest.raises(InvalidParameters):
        loop.GAME.from_dict(data)
    with pytest.raises(InvalidParameters):
        loop.GAME.from_dict("not a dict")


def test_check_reports_what_is_wrong():
    puzzle = made(5, "a", "easy")
    solution = puzzle.solution()
    empty = {"horizontal": [0] * 30, "vertical": [0] * 30}
    report = check(puzzle, empty)
    assert not report["solved"] and report["loops"] == 0
    assert report["wrongClues"] == [i for i, k in enumerate(puzzle.clues) if k not in (None, 0)]
    crossed = {"horizontal": [v if v else 2 for v in solution["horizontal"]],
               "vertical": [v if v else 2 for v in solution["vertical"]]}
    assert check(puzzle, crossed)["solved"]
    broken = dict(crossed)
    broken["horizontal"] = list(crossed["horizontal"])
    first = broken["horizontal"].index(1)
    broken["horizontal"][first] = 0
    report = check(puzzle, broken)
    assert not report["solved"] and len(report["badVertices"]) == 2


def test_check_solved_agrees_with_validate_loop_on_many_boards():
    # check() derives "solved" from its own counts; it must say what validate_loop says
    puzzle = made(5, "a", "easy")
    g = grid(5, 5)
    answer = puzzle.edges()
    stream = random.Random(7)
    boards = [answer, [0] * g.edge_count, [1] * g.edge_count]
    for _ in range(400):
        edges = list(answer)
        for _ in range(stream.randrange(1, 4)):
            e = stream.randrange(g.edge_count)
            edges[e] = stream.choice((0, 1, 2))
        boards.append(edges)
    for _ in range(200):
        boards.append(loop_of_region([stream.randrange(2) for _ in range(25)], 5, 5))
    seen = set()
    clueless = dataclasses.replace(puzzle, clues=(None,) * 25)
    for edges in boards:
        board = {"horizontal": edges[:30], "vertical": edges[30:]}
        lines = [1 if v == 1 else 0 for v in edges]
        for judged in (puzzle, clueless):
            report = check(judged, board)
            expected = validate_loop(lines, list(judged.clues), 5, 5)
            assert report["solved"] == expected
            assert report["solved"] == (
                not report["wrongClues"] and not report["badVertices"] and report["loops"] == 1
            )
            seen.add((expected, bool(report["wrongClues"]), bool(report["badVertices"]), report["loops"]))
    # the boards cover solved ones, and unsolved ones for each reason
    assert (True, False, False, 1) in seen
    assert any(not w and not b and loops > 1 for _, w, b, loops in seen)
    assert any(w and not b for _, w, b, _ in seen) and any(b for _, _, b, _ in seen)


@pytest.mark.parametrize(
    "board, message",
    [
        ("x", "a Loop board must be a JSON object, not a str 'x'"),
        ({"horizontal": [0] * 30}, "a Loop board is missing 'vertical'"),
        (
            {"horizontal": [0] * 29, "vertical": [0] * 30},
            ("board.horizontal must be a list of 30 entries, each 0, 1 or 2; "
             "it has 29 entries: [0, 0, 0, 0, 0, 0, 0, 0, ...]"),
        ),
        (
            {"horizontal": [3] * 30, "vertical": [0] * 30},
            "board.horizontal must be a list of 30 entries, each 0, 1 or 2; board.horizontal[0] is 3",
        ),
        (
            {"horizontal": [0] * 30, "vertical": [0] * 29 + [True]},
            ("board.vertical must be a list of 30 entries, each 0, 1 or 2; "
             "board.vertical[29] is True, a bool"),
        ),
    ],
)
def test_check_rejects_malformed_boards(board, message):
    with pytest.raises(InvalidParameters) as refused:
        check(made(5, "a", "easy"), board)
    assert str(refused.value) == message


def test_check_takes_tuples_as_lists():
    puzzle = made(5, "a", "easy")
    solution = puzzle.solution()
    board = {"horizontal": tuple(solution["horizontal"]), "vertical": tuple(solution["vertical"])}
    assert check(puzzle, board)["solved"]


@pytest.mark.parametrize(
    "args",
    [
        (4, "s", "any"), (11, "s", "any"), (True, "s", "any"), ("5", "s", "any"), (5.0, "s", "any"),
        (5, 7, "any"), (5, None, "any"), (5, "x" * 81, "any"), (5, "😀" * 41, "any"),
        (5, "s", "expert"), (5, "s", None), (5, "s", "Easy"),
    ],
)
def test_invalid_generate_arguments(args):
    with pytest.raises(InvalidParameters) as info:
        generate(*args)
    # The message says what is allowed.
    assert "one of" in str(info.value) or "must be" in str(info.value)


def test_seed_limit_counts_utf16_units():
    generate(5, "😀" * 40, "easy")  # 80 units: allowed
    generate(5, "x" * 80, "easy")


@pytest.mark.pure_only
def test_generation_failed_after_the_attempt_limit(monkeypatch):
    monkeypatch.setattr(generator, "final_check", lambda *args: False)
    with pytest.raises(GenerationFailed):
        generate(5, "a", "easy")
