"""Puzzles brought from outside: their IDs, every format each game reads, and every refusal.

The game-agnostic contract (check, verify, JSON, IDs, renders) is in ``test_surface.py``; this file
covers what differs between formats and games: rectangular boards, canonical texts, the limits.
"""

from __future__ import annotations

import dataclasses
import doctest
import json
from pathlib import Path

import doctests
import pytest

import gridlogic.game
import gridlogic.loop.imported
import gridlogic.pattern.imported
import gridlogic.pattern.rules
import gridlogic.signal.imported
from gridlogic import GAMES, ImportRefused, InvalidParameters, parse_id, puzzle_from_id, scoring
from gridlogic.game.ids import IMPORTED, MAX_IMPORT_ID_LENGTH

DATA = Path(__file__).resolve().parent / "data"
NON = (DATA / "pattern_webpbn_1.non").read_text(encoding="utf-8")


@pytest.mark.parametrize("module", [gridlogic.game.record, gridlogic.game.imported, gridlogic.pattern.imported,
                                    gridlogic.loop.imported, gridlogic.signal.imported], ids=lambda m: m.__name__)
def test_docstring_worked_examples(module):
    result = doctests.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def imported(game: str, text: str):
    record = GAMES[game]
    return record.make(record.import_spec(record.read(text)))


# (game, text in some format the game reads, the ID it gets)
FORMATS = [
    ("pattern", "3x2:2/1/1/3/1", "pattern.import.3x2.tatham.3x2:2/1/1/3/1"),
    ("pattern", "width 3\nheight 2\nrows\n3\n1\ncolumns\n2\n1\n1\n", "pattern.import.3x2.tatham.3x2:2/1/1/3/1"),
    ("pattern", '{"rowClues": [[3], [1]], "colClues": [[2], [1], [1]]}', "pattern.import.3x2.tatham.3x2:2/1/1/3/1"),
    ("pattern", NON, "pattern.import.5x10.tatham.5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2"),
    ("loop", "https://puzz.link/p?slither/3/3/g3h3h1h", "loop.import.3x3.puzzlink.slither/3/3/gddb"),
    ("loop", "3x3t0:a3b3b1a", "loop.import.3x3.puzzlink.slither/3/3/gddb"),
    ("loop", ".3.\n.3.\n.1.\n", "loop.import.3x3.puzzlink.slither/3/3/gddb"),
    ("loop", '{"width": 3, "height": 3, "clues": [null, 3, null, null, 3, null, null, 1, null]}',
     "loop.import.3x3.puzzlink.slither/3/3/gddb"),
    ("signal", "[4, 4, 3, 9, 3, 13, 13, 4, 1, 7, 14, 2, 4, 11, 10, 4]", "signal.import.4x4.hex.44393dd417e24ba4"),
    ("signal", '{"tiles": [4, 4, 3, 9, 3, 13, 13, 4, 1, 7, 14, 2, 4, 11, 10, 4]}',
     "signal.import.4x4.hex.44393dd417e24ba4"),
]


@pytest.mark.parametrize("game, text, expected", FORMATS)
def test_every_format_gets_one_canonical_id_that_reopens_it(game, text, expected):
    puzzle = imported(game, text)
    assert puzzle.id == expected
    assert puzzle.version == IMPORTED and puzzle.difficulty == "any" and puzzle.level is None
    assert puzzle_from_id(expected) == puzzle
    record = GAMES[game]
    board = record.parse_board(puzzle.width, puzzle.height, puzzle.solution())
    assert record.check(puzzle, board)["solved"] is True


def test_the_signal_board_of_the_articles_is_the_generated_one():
    generated = GAMES["signal"].generate(4, "notes-example")
    puzzle = imported("signal", json.dumps(generated.givens()["tiles"]))
    assert puzzle.solution() == generated.solution()
    assert GAMES["signal"].min_moves(puzzle) == GAMES["signal"].min_moves(generated)


def test_a_rectangular_nonogram_is_checked_line_by_line():
    puzzle = imported("pattern", NON)
    game = GAMES["pattern"]
    assert (puzzle.width, puzzle.height) == (5, 10)
    blank = game.check(puzzle, [0] * 50)
    assert blank["solved"] is False and blank["wrongRows"] == list(range(10)) and blank["wrongCols"] == list(range(5))
    assert game.min_moves(puzzle) == sum(puzzle.solution()["cells"])
    assert game.render_text(puzzle, True).count("#") == game.min_moves(puzzle)
    score = scoring.score_puzzle(puzzle, seconds=10, moves=game.min_moves(puzzle), checks=0, revealed=False)
    assert score.score == 100 and score.par.seconds == 300  # 50 cells x 6 s


def test_a_rectangular_slitherlink_is_checked_and_drawn():
    # 3 wide, 2 high: 3 2 3 along the top fit only the loop round the top row
    puzzle = imported("loop", "323\n...\n")
    game = GAMES["loop"]
    assert (puzzle.width, puzzle.height) == (3, 2)
    assert puzzle.solution()["inside"] == [1, 1, 1, 0, 0, 0]
    assert game.check(puzzle, puzzle.solution())["solved"] is True
    empty = {"horizontal": [0] * 9, "vertical": [0] * 8}
    assert game.check(puzzle, empty)["wrongClues"] == [0, 1, 2]
    assert game.min_moves(puzzle) == 8
    assert "---" in game.render_text(puzzle, True)


@pytest.mark.parametrize("game, text, reason", [
    ("pattern", "2x2:1/1/1/1", "has more than one solution"),
    ("pattern", "1x1:1/", "has no solution"),
    ("pattern", "2x2:///", "fills no cell"),
    ("loop", "2x2t0:d", "has more than one loop"),
    ("loop", "2x2t0:4b4", "has no loop"),
    ("signal", "[2, 8]", None),  # not even a board: InvalidParameters below
    ("signal", "[4, 4, 6, 12, 3, 11, 13, 1, 2, 14, 11, 8, 2, 11, 10, 8]", "solved already"),
])
def test_refusals_say_why(game, text, reason):
    if reason is None:
        with pytest.raises(InvalidParameters):
            imported(game, text)
        return
    with pytest.raises(ImportRefused, match=reason):
        imported(game, text)


def test_a_puzzle_not_proven_within_the_limits_is_refused_and_says_the_limits(monkeypatch):
    game = GAMES["signal"]
    hard = game.generate(6, "a", "hard")
    assert game.solve(game.problem(hard)).status == "unique"
    limited = dataclasses.replace(game.imports, limits={"node_limit": 1})
    monkeypatch.setitem(GAMES, "signal", dataclasses.replace(game, imports=limited))
    with pytest.raises(ImportRefused, match="could not be proven to have exactly one solution within 1 search nodes"):
        imported("signal", json.dumps(hard.givens()["tiles"]))


@pytest.mark.parametrize("game, text, message", [
    ("pattern", "51x1:" + "/" * 51, "too large to play here; at most 50x50"),
    ("signal", json.dumps([1] * 21 * 21), "too large to play here; at most 20x20"),
])
def test_boards_past_the_largest_side_are_refused(game, text, message):
    with pytest.raises(InvalidParameters, match=message):
        GAMES[game].import_spec(GAMES[game].read(text))


@pytest.mark.parametrize("text, message", [
    ("pattern.import.3x2.non.3x2:2/1/1/3/1", "in the 'tatham' format, not 'non'"),
    ("pattern.import.3x2w.tatham.3x2:2/1/1/3/1", "is not a size like 5x5"),
    ("pattern.import.2x3.tatham.3x2:2/1/1/3/1", "its text is a 3x2 board, not 2x3"),
    ("pattern.import.3x3.tatham.3:1/1/1/1/1/1",
     "not written as gridlogic writes it; the ID is pattern.import.3x3.tatham.3x3:1/1/1/1/1/1"),
    ("pattern.import.3x2.tatham.3x2:2/1/1/3", "expected 5 clues"),
    ("pattern.import.3x2.tatham.%FF", "not percent-encoded UTF-8"),
    ("signal.import.2x2.hex.44z9", "'z' is not a tile"),
    ("loop.import.3x2.puzzlink.slither/3/2/dh", "describes 5 cells"),
    ("pattern.import." + "x" * MAX_IMPORT_ID_LENGTH, "has at most 6000 characters"),
])
def test_bad_imported_ids_are_refused_with_the_reason(text, message):
    with pytest.raises(InvalidParameters, match=message):
        parse_id(text)


def test_an_imported_id_decodes_its_text_and_writes_it_back_canonically():
    spec = parse_id("pattern.import.3x2.tatham.3x2%3A2%2F1%2F1%2F3%2F1")
    assert spec.id == "pattern.import.3x2.tatham.3x2:2/1/1/3/1"
    assert spec.version == IMPORTED and spec.seed == "3x2:2/1/1/3/1"


def test_an_imported_puzzles_json_is_checked_against_its_id():
    puzzle = imported("pattern", "3x2:2/1/1/3/1")
    data = json.loads(json.dumps(puzzle.to_dict()))
    assert set(data) == {"id", "width", "height", "givens", "solution"}
    assert GAMES["pattern"].from_dict(data) == puzzle
    data["solution"]["cells"] = [1, 1, 1, 0, 1, 0]
    with pytest.raises(InvalidParameters, match="not those of its ID"):
        GAMES["pattern"].from_dict(data)
    with pytest.raises(InvalidParameters, match="is not an imported puzzle's ID"):
        GAMES["pattern"].from_dict({**data, "id": "pattern.1.5x5.any.x"})


def test_generated_puzzles_are_untouched_by_the_import_path():
    game = GAMES["pattern"]
    puzzle = game.generate(5, "notes-example", version=1)
    assert isinstance(puzzle, gridlogic.pattern.rules.Puzzle) and puzzle.version == 1  # the generated shape
    assert game.from_dict(puzzle.to_dict()) == puzzle and game.verify(puzzle)
