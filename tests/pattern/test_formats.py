"""File formats: examples, round trips, real files, and malformed input that must be refused cleanly."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridlogic import InvalidParameters, pattern
from gridlogic.pattern.formats import (
    PatternPuzzleFile,
    detect_format,
    read_game_id,
    read_json,
    read_non,
    read_puzzle,
    write_game_id,
    write_json,
    write_non,
)
from gridlogic.pattern.lines import compute_clue
from gridlogic.pattern.solver import solve_grid

DATA = Path(__file__).resolve().parent.parent / "data"
EXAMPLE = PatternPuzzleFile(3, 2, ((3,), (1,)), ((2,), (1,), (1,)), (1, 1, 1, 1, 0, 0))
EXAMPLE_NON = "width 3\nheight 2\n\nrows\n3\n1\n\ncolumns\n2\n1\n1\n"


def random_puzzle(rand: random.Random, goal: bool) -> PatternPuzzleFile:
    width, height = rand.randint(1, 12), rand.randint(1, 12)
    density = rand.random()
    cells = [1 if rand.random() < density else 0 for _ in range(width * height)]
    rows = [tuple(x for x in compute_clue(cells[r * width : (r + 1) * width]) if x) for r in range(height)]
    cols = [tuple(x for x in compute_clue(cells[c::width]) if x) for c in range(width)]
    return PatternPuzzleFile(width, height, tuple(rows), tuple(cols), tuple(cells) if goal else None)


def test_module_docstring_examples():
    assert read_non(EXAMPLE_NON) == PatternPuzzleFile(3, 2, ((3,), (1,)), ((2,), (1,), (1,)))
    assert write_game_id(EXAMPLE) == "3x2:2/1/1/3/1"
    assert read_game_id("3x2:2/1/1/3/1") == read_non(EXAMPLE_NON)
    assert read_json('{"rowClues": [[3], [1]], "colClues": [[2], [1], [1]]}') == read_non(EXAMPLE_NON)


def test_empty_lines_in_every_format():
    puzzle = PatternPuzzleFile(2, 2, ((), (2,)), ((1,), (1,)))
    assert write_game_id(puzzle) == "2x2:1/1//2"
    assert "rows\n0\n2\n" in write_non(puzzle)
    assert json.loads(write_json(puzzle))["rowClues"] == [[0], [2]]
    assert read_json('{"rowClues": [[], [2]], "colClues": [[1], [1]]}') == puzzle
    assert puzzle.row_clue_lists == [[0], [2]]


def test_square_game_id_shorthand():
    assert read_game_id("2:1/1//2") == PatternPuzzleFile(2, 2, ((), (2,)), ((1,), (1,)))


def test_round_trips_of_every_format():
    rand = random.Random(4)
    for k in range(200):
        puzzle = random_puzzle(rand, goal=k % 2 == 0)
        assert read_non(write_non(puzzle, title=f"puzzle {k}")) == puzzle
        assert read_json(write_json(puzzle)) == puzzle
        without_goal = PatternPuzzleFile(puzzle.width, puzzle.height, puzzle.row_clues, puzzle.col_clues)
        assert read_game_id(write_game_id(puzzle)) == without_goal  # a game ID has no goal
        for text in (write_non(puzzle), write_json(puzzle), write_game_id(puzzle)):
            assert read_puzzle(text).row_clues == puzzle.row_clues


def test_generated_puzzle_json_reads_back():
    puzzle = pattern.generate(8, "formats", version=1)
    read = read_puzzle(json.dumps(puzzle.to_dict()))
    assert read == PatternPuzzleFile.from_puzzle(puzzle)
    assert read.goal == puzzle.answer
    assert detect_format(json.dumps(puzzle.to_dict())) == "json"


def test_real_non_file_with_headers():
    puzzle = read_puzzle((DATA / "pattern_webpbn_1.non").read_text(encoding="utf-8"))
    assert (puzzle.width, puzzle.height) == (5, 10)
    assert puzzle.row_clues[1] == (2, 1)
    assert puzzle.col_clues[2] == (7,)
    result = solve_grid(puzzle.row_clue_lists, puzzle.col_clue_lists)
    assert result.status == "unique"
    assert result.solutions[0] == puzzle.goal


def test_non_variants_are_tolerated():
    text = (
        "\ufeff# a comment\ncatalogue \"x\"\ntitle \"Tiny\"\nby someone\ncopyright \"c\"\n"
        "license CC0\ncolor red\nheight 2\nwidth\t3\n\ncolumns\n2\n1\n1\n\nrows\n3\n1 \n"
        'goal 111100\n'
    )
    assert read_non(text) == EXAMPLE


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", r"line 1 \(end of text\): expected a 'width' line"),
        ("width 3\nheight 2\nrows\n3\n1\n", r"line 6 \(end of text\): expected a 'columns' section"),
        ("width x\n", r"line 1: expected 'width' followed by a whole number"),
        ("width 3\nheight 2\nrows\n3\ncolumns\n2\n1\n1\n", r"line 3: 'rows' has 1 clue lines but the height is 2"),
        ("width 3\nheight 2\nrows\n4\n1\ncolumns\n2\n1\n1\n",
         r"line 4: row 1 clue \[4\] needs 4 cells but the line has 3"),
        ("width 3\nheight 2\nrows\n3\n1,,1\ncolumns\n2\n1\n1\n", r"line 5: expected the row 2 clue as numbers"),
        ("width 3\nheight 2\nrows\n3\n0,1\ncolumns\n2\n1\n1\n", r"line 5: expected the row 2 clue as positive numbers"),
        ("width 3\nwidth 3\n", r"line 2: a second 'width' line"),
        ("width 3\nheight 2\nfoo bar\n", r"line 3: expected a keyword .* got 'foo bar'"),
        ("3\n", r"line 1: expected a keyword .* got clue numbers '3'"),
        (EXAMPLE_NON + 'goal "1111"\n', r"line 12: expected 'goal' followed by 6 digits"),
        (EXAMPLE_NON + 'goal "111010"\n',
         r"line 12: the goal does not show the clues: column 1 shows \[1\] but its clue is \[2\]"),
    ],
)
def test_non_errors_name_the_line(text, message):
    with pytest.raises(InvalidParameters, match=message):
        read_non(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", r"line 1: expected a game ID"),
        ("3x2:2/1/1/3", r"line 1: expected 5 clues separated by '/' \(3 columns, then 2 rows\), got 4"),
        ("3x2:2/1/1/3/a", r"line 1: expected the row 2 clue as numbers separated by '.', got 'a'"),
        ("3x2:2/1/1/3/4", r"line 1: row 2 clue \[4\] needs 4 cells but the line has 3"),
        ("3x2:2/1/1/3/1\nmore", r"line 2: expected nothing after the game ID"),
        ("3x2#12345", r"that is a random seed, not a puzzle"),
        ("0x2:", r"expected a size of at least 1x1"),
    ],
)
def test_game_id_errors(text, message):
    with pytest.raises(InvalidParameters, match=message):
        read_game_id(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"rowClues": [[1]],\n "colClues": [[1]', r"line 2: expected JSON"),
        ("[1, 2]", r"expected a JSON object"),
        ('{"rowClues": [[1]]}', r"'colClues'; it is missing"),
        ('{"rowClues": [[1]], "colClues": [["1"]]}',
         r"colClues\[0\]\[0\] must be a whole number of at least 0, not a str '1'"),
        ('{"rowClues": [[2]], "colClues": [[1]]}', r"row 1 clue \[2\] needs 2 cells but the line has 1"),
        ('{"rowClues": [[1]], "colClues": [[1]], "goal": [0]}', r"the goal does not show the clues"),
        ('{"rowClues": [[1]], "colClues": [[1]], "goal": [2]}',
         r"goal must be a list of 1 entry, each 0 or 1; goal\[0\] is 2"),
        ('{"rowClues": [[1]], "colClues": [[1]], "goal": [1.0]}',
         r"goal must be a list of 1 entry, each 0 or 1; goal\[0\] is 1.0, a float"),
        ('{"rowClues": [[1]], "colClues": [[1]], "width": 2}', r"width: expected 1"),
        ('{"rowClues": [[1]], "colClues": [[1, 0]]}', r"mixes 0 with runs"),
    ],
)
def test_json_errors(text, message):
    with pytest.raises(InvalidParameters, match=message):
        read_json(text)


def test_detect_format():
    assert detect_format(EXAMPLE_NON) == "non"
    assert detect_format("  3x2:2/1/1/3/1\n") == "game-id"
    assert detect_format('{"rowClues": []}') == "json"


def test_puzzle_file_validates_itself():
    with pytest.raises(InvalidParameters, match=r"column 2 clue \[3\] needs 3 cells but the line has 2"):
        PatternPuzzleFile(2, 2, ((1,), (1,)), ((1,), (3,)))
    with pytest.raises(InvalidParameters, match=r"1 row clues given but the grid has 2 rows"):
        PatternPuzzleFile(2, 2, ((1,),), ((1,), (1,)))
    with pytest.raises(InvalidParameters, match=r"width must be a whole number of at least 1, not 0"):
        PatternPuzzleFile(0, 1, ((),), ())
    assert "3x2:2/1/1/3/1" in repr(EXAMPLE)


# --- malformed input never escapes as anything but InvalidParameters -------------------

READERS = [read_puzzle, read_non, read_game_id, read_json]


def refuses_cleanly(reader, text: str) -> None:
    try:
        result = reader(text)
    except InvalidParameters:
        return
    assert isinstance(result, PatternPuzzleFile)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text(text):
    for reader in READERS:
        refuses_cleanly(reader, text)


NON_ALPHABET = st.sampled_from(
    ["width", "height", "rows", "columns", "goal", "title", " ", "\n", ",", "0", "1", "2", "3",
     "12", '"', "x", "\t", "#", "99999999999", "-1"]
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(NON_ALPHABET, max_size=60).map("".join))
def test_non_like_text(text):
    refuses_cleanly(read_non, text)
    refuses_cleanly(read_puzzle, text)


@settings(max_examples=400, deadline=None)
@given(
    st.from_regex(r"\A[0-9]{1,3}(x[0-9]{1,3})?:[0-9./a]{0,40}\Z", fullmatch=True)
    | st.lists(st.sampled_from(["3x2:", "1", "2", ".", "/", "0", "x", ":", "#", "1x1:"]), max_size=30).map("".join)
)
def test_game_id_like_text(text):
    refuses_cleanly(read_game_id, text)
    refuses_cleanly(read_puzzle, text)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(
        st.sampled_from(["rowClues", "colClues", "goal", "answer", "n", "width", "height", "x"]),
        inner,
        max_size=5,
    ),
    max_leaves=20,
)


@settings(max_examples=400, deadline=None)
@given(JSON_VALUES)
def test_json_like_values(value):
    text = json.dumps(value)
    refuses_cleanly(read_json, text)
    refuses_cleanly(read_puzzle, text)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 2), st.text(max_size=3))
def test_mutated_valid_files(seed, fmt, insert):
    rand = random.Random(seed)
    puzzle = random_puzzle(rand, goal=True)
    text = [write_non, write_json, write_game_id][fmt](puzzle)
    cut = rand.randrange(len(text) + 1)
    mutated = text[:cut] + insert + text[cut + rand.randint(0, 3) :]
    refuses_cleanly(read_puzzle, mutated)


@pytest.mark.parametrize("export", ["non", "tatham"])
@pytest.mark.parametrize("version", [1, 2])
def test_generated_puzzles_export_to_what_other_software_reads(export, version):
    game = pattern.GAME
    puzzle = game.generate((8, 6) if version == 2 else 10, "export", version=version)
    problem = game.read(game.exports[export](game.problem(puzzle)))
    assert problem.source == export and (problem.width, problem.height) == (puzzle.width, puzzle.height)
    assert [list(s) for s in game.solve(problem).solutions] == [list(puzzle.answer)]
