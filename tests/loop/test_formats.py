import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridlogic import InvalidParameters, loop
from gridlogic.loop import formats


def _random_boards(count, seed=3):
    rnd = random.Random(seed)
    for _ in range(count):
        w, h = rnd.randint(1, 12), rnd.randint(1, 12)
        density = rnd.random()
        yield w, h, tuple(rnd.randint(0, 4) if rnd.random() < density else None for _ in range(w * h))


def test_docstring_examples():
    clues = (3, None, None, None, None, 1)
    assert formats.to_puzzlink(clues, 3, 2) == "https://puzz.link/p?slither/3/2/dhb"
    assert formats.to_loopy_id(clues, 3, 2) == "3x2t0:3d1"
    assert formats.from_text_grid("3..\n..1\n").clues == clues


def test_round_trips_on_random_boards():
    for w, h, clues in _random_boards(300):
        url = formats.to_puzzlink(clues, w, h)
        assert formats.read_puzzle(url) == formats.LoopPuzzleFile(w, h, clues, "puzzlink")
        game_id = formats.to_loopy_id(clues, w, h)
        assert formats.read_puzzle(game_id) == formats.LoopPuzzleFile(w, h, clues, "loopy")
        text = formats.to_text_grid(clues, w, h)
        assert formats.read_puzzle(text) == formats.LoopPuzzleFile(w, h, clues, "text")
        data = formats.to_json(clues, w, h)
        assert json.loads(data) == {"width": w, "height": h, "clues": list(clues)}
        assert formats.read_puzzle(data) == formats.LoopPuzzleFile(w, h, clues, "json")


def test_long_blank_runs():
    clues = (1,) + (None,) * 60 + (2,)
    assert formats.from_puzzlink(formats.to_puzzlink(clues, 62, 1)).clues == clues
    assert "zz" in formats.to_loopy_id(clues, 62, 1)
    assert formats.from_loopy_id(formats.to_loopy_id(clues, 62, 1)).clues == clues


def test_known_published_encodings():
    # the pzprjs encoder writes a clue at the very end as clue + 10
    assert formats.from_puzzlink("https://puzz.link/p?slither/2/1/gb").clues == (None, 1)
    assert formats.from_puzzlink("p?slither/3/1/c").clues == (2, None, None)
    assert formats.from_puzzlink("slither/3/1/71").clues == (2, None, 1)
    assert formats.from_puzzlink("slither/2/2/.hc").clues == (None, None, None, 2)
    assert formats.from_loopy_id("3x3t0de:a2b1b0a").clues == (None, 2, None, None, 1, None, None, 0, None)
    assert formats.from_loopy_id("2x1:3a").clues == (3, None)


def test_generated_puzzle_json_is_read():
    puzzle = loop.generate(5, "f", "easy")
    read = formats.read_puzzle(json.dumps(puzzle.to_dict()))
    assert (read.width, read.height, read.clues) == (5, 5, puzzle.clues)


@pytest.mark.parametrize(
    "text",
    [
        "", "   ", "slither/3/3/", "slither/3/3/zzz", "slither/0/3/g", "slither/3/3/ggg!", "slither/x/3/g",
        "3x3t0:a", "3x3t0:5h", "3x3t1:i", "3x3t0:jj", "3..\n..", "3x.\n...", "{", "[1, 2]",
        '{"n": 2, "clues": [1, 2, 3]}', '{"width": 2, "height": "1", "clues": [1, 2]}',
        '{"width": 2, "height": 1, "clues": [1, 5]}', '{"width": 2, "height": 1, "clues": [1, true]}',
        "slither/500/500/g", "500x1t0:" + "z" * 19 + "x",
    ],
)
def test_malformed_input_is_refused(text):
    with pytest.raises(InvalidParameters):
        formats.read_puzzle(text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_any_text_parses_or_is_refused_cleanly(text):
    try:
        puzzle = formats.read_puzzle(text)
    except InvalidParameters:
        return
    assert len(puzzle.clues) == puzzle.width * puzzle.height
    assert all(k is None or 0 <= k <= 4 for k in puzzle.clues)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyz./", max_size=40),
       st.integers(0, 12), st.integers(0, 12))
def test_puzzlink_bodies_parse_or_are_refused(body, w, h):
    try:
        puzzle = formats.from_puzzlink(f"https://puzz.link/p?slither/{w}/{h}/{body}")
    except InvalidParameters:
        return
    assert len(puzzle.clues) == w * h


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="0123456789abcxyz", max_size=40), st.integers(0, 9), st.integers(0, 9))
def test_loopy_bodies_parse_or_are_refused(body, w, h):
    try:
        puzzle = formats.from_loopy_id(f"{w}x{h}t0:{body}")
    except InvalidParameters:
        return
    assert len(puzzle.clues) == w * h


def test_every_version_2_size_writes_and_reads_back():
    # issue 15: puzz.link URLs and Loopy IDs at every width x height version 2 makes, 4 to 30
    rnd = random.Random(15)
    for w in range(4, 31):
        for h in range(4, 31):
            clues = tuple(rnd.choice((None, None, 0, 1, 2, 3)) for _ in range(w * h))
            assert formats.from_puzzlink(formats.to_puzzlink(clues, w, h)) == formats.LoopPuzzleFile(
                w, h, clues, "puzzlink")
            assert formats.from_loopy_id(formats.to_loopy_id(clues, w, h)) == formats.LoopPuzzleFile(
                w, h, clues, "loopy")


@pytest.mark.parametrize("size", [(4, 4), (30, 4), (4, 30), (13, 9)])
@pytest.mark.parametrize("export", ["puzzlink", "loopy"])
def test_generated_puzzles_export_to_what_other_software_reads(size, export):
    game = loop.GAME
    puzzle = game.generate(size, "export", "medium", version=2)
    text = game.exports[export](game.problem(puzzle))
    problem = game.read(text)
    assert problem.source == export and (problem.width, problem.height) == size
    assert problem.givens["clues"] == list(puzzle.clues)
    verdict = game.solve(problem)
    assert verdict.status == "unique" and list(verdict.solutions[0]) == puzzle.edges()
