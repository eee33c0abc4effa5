"""Version 1's generator: the article's example, golden cases, the planted-grid test, errors, the game surface."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import doctests
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridlogic import GAMES, GenerationFailed, InvalidParameters, pattern
from gridlogic.pattern.render import render_text
from gridlogic.pattern.v1 import generator

DATA = Path(__file__).resolve().parent.parent / "data"


def runs(line) -> list[int]:
    found = [len(list(group)) for value, group in itertools.groupby(line) if value]
    return found or [0]


def test_article_example():
    puzzle = pattern.generate(5, "notes-example", version=1)
    assert puzzle.to_dict() == {
        "n": 5,
        "seed": "notes-example",
        "version": 1,
        "answer": [1, 0, 1, 0, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0, 0],
        "rowClues": [[1, 1], [2], [1, 3], [2, 1], [2]],
        "colClues": [[1, 3], [2], [1, 1], [2], [3]],
        "attempt": 2,
        "cells": 25,
    }


def test_article_example_attempts():
    first, second = generator.attempts(5, "notes-example")
    assert (first.number, round(first.density, 4), first.filled) == (1, 0.5589, 12)
    assert first.outcome == "several solutions" and len(first.check.solutions) == 2
    assert (second.number, round(second.density, 4), second.filled) == (2, 0.4685, 13)
    assert second.outcome == "accepted"
    assert second.check.nodes == 1
    assert second.answer == pattern.generate(5, "notes-example", version=1).answer


def test_generator_docstring_picture():
    puzzle = pattern.generate(5, "notes-example", version=1)
    picture = render_text(puzzle, solution=True).splitlines()[-5:]
    assert [line.split()[-5:] for line in picture] == [
        list(row) for row in ["#.#..", "...##", "#.###", "##..#", "##..."]
    ]


def test_every_golden_generate_case():
    cases = [json.loads(line) for line in (DATA / "pattern_golden_generate.jsonl").read_text().splitlines()]
    assert len(cases) == 75
    for case in cases:
        a = case["args"]
        if case.get("error"):
            with pytest.raises(GenerationFailed):
                pattern.generate(a["n"], a["seed"], version=1)
        else:
            assert pattern.generate(a["n"], a["seed"], version=1).to_dict() == case["result"], a


@pytest.mark.parametrize("size", [5, 8, 10])
def test_single_solution_is_the_planted_grid(size):
    for k in range(8):
        puzzle = pattern.generate(size, f"planted-{k}", version=1)
        rows = [runs(puzzle.answer[r * size : (r + 1) * size]) for r in range(size)]
        cols = [runs(puzzle.answer[c::size]) for c in range(size)]
        assert [list(c) for c in puzzle.row_clues] == rows
        assert [list(c) for c in puzzle.col_clues] == cols
        result = pattern.solve(rows, cols, size)
        assert not result.truncated
        assert [list(s) for s in result.solutions] == [list(puzzle.answer)]
        assert pattern.GAME.verify(puzzle)


def test_seed_replay_is_deterministic_and_seeds_differ():
    assert pattern.generate(8, "replay", version=1) == pattern.generate(8, "replay", version=1)
    assert pattern.generate(8, "replay", version=1).answer != pattern.generate(8, "replay2", version=1).answer


def test_seed_length_counts_utf16_units():
    pattern.generate(5, "😀" * 40, version=1)  # 80 units: allowed
    pattern.generate(5, "", version=1)
    pattern.generate(5, "お絵かきロジック", version=1)
    with pytest.raises(InvalidParameters, match="81 UTF-16 code units"):
        pattern.generate(5, "x" * 79 + "😀", version=1)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((6, "a"), r"size must be a square side, 5, 8 or 10, not 6"),
        ((True, "a"), r"not True"),
        (("5", "a"), r"not '5'"),
        ((5, 12), r"seed must be a str, not int 12"),
        ((5, None), r"seed must be a str"),
        ((5, "a", "easy"), r"unknown difficulty 'easy' for Pattern version 1; choose one of any"),
    ],
)
def test_bad_parameters(args, message):
    with pytest.raises(InvalidParameters, match=message):
        pattern.generate(*args, version=1)


def test_generation_failed_after_the_attempts(monkeypatch):
    # The article's seed needs two attempts; allowing only one must fail with a hint.
    monkeypatch.setattr(generator, "MAX_ATTEMPTS", 1)
    with pytest.raises(GenerationFailed, match="try another seed, size or difficulty"):
        pattern.generate(5, "notes-example", version=1)


def test_puzzle_round_trip_and_validation():
    puzzle = pattern.generate(8, "round-trip", version=1)
    data = puzzle.to_dict()
    assert pattern.GAME.from_dict(json.loads(json.dumps(data))) == puzzle
    assert "pattern.1.8x8.any.round-trip" in repr(puzzle)
    for key, value, message in [
        ("n", 0, "'n' must be a whole number from 1 to 200"),
        ("n", 7, "'cells' must be 49 for n=7"),
        ("version", 3, "'version' 3 is not supported"),
        ("rowClues", [[1]] * 8, "'rowClues'.*are not the clues of the answer"),
        ("attempt", 0, "'attempt' must be"),
        ("cells", 63, "'cells' must be 64"),
        ("seed", 5, "seed must be a str"),
    ]:
        with pytest.raises(InvalidParameters, match=message):
            pattern.GAME.from_dict({**data, key: value})
    with pytest.raises(InvalidParameters) as refused:
        pattern.GAME.from_dict({**data, "answer": [0] * 63})
    assert str(refused.value) == (
        "'answer' must be a list of 64 entries, each 0 or 1; it has 63 entries: "
        "[0, 0, 0, 0, 0, 0, 0, 0, ...]"
    )
    with pytest.raises(InvalidParameters, match="is missing"):
        pattern.GAME.from_dict({"n": 5})
    with pytest.raises(InvalidParameters, match="JSON object"):
        pattern.GAME.from_dict([1])


def test_game_surface():
    game = GAMES["pattern"]
    assert game is pattern.GAME
    version = game.version(1)
    assert (game.name, version.sides, version.default_size, version.difficulties, game.latest, game.unversioned) == (
        "pattern", (5, 8, 10), 5, ("any",), 2, 1,
    )  # fmt: skip
    puzzle = game.generate(10, "surface", "any", version=1)
    assert puzzle.givens() == {"rowClues": puzzle.to_dict()["rowClues"], "colClues": puzzle.to_dict()["colClues"]}
    assert puzzle.solution() == {"cells": list(puzzle.answer)}
    assert game.verify(puzzle)
    assert game.check(puzzle, puzzle.solution()["cells"])["solved"]
    assert game.render_text(puzzle).count("#") == 0
    assert game.render_text(puzzle, solution=True).count("#") == sum(puzzle.answer)
    assert game.render_svg(puzzle).startswith("<svg")


def test_package_docstring_example():

    failures, tried = doctests.testmod(pattern, verbose=False)
    assert tried > 0 and failures == 0


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 70) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=5),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["n", "seed", "version", "answer", "rowClues", "colClues", "attempt", "cells"]), JSON_VALUES)
def test_puzzle_from_dict_refuses_malformed_fields_cleanly(key, value):
    data = pattern.generate(5, "fuzz", version=1).to_dict()
    data[key] = value
    try:
        puzzle = pattern.GAME.from_dict(data)
    except InvalidParameters:
        return
    assert puzzle.to_dict() == data
