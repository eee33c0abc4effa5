"""Every reader of outside input refuses what it cannot read with a GridlogicError, never another exception.

The readers: each game's ``read``, ``read_file`` (under every file name kind
bench-solve offers), ``from_dict`` and ``parse_board``, the formats modules'
readers, and ``parse_id``. They get arbitrary text, arbitrary JSON, and real
puzzles' JSON with one field (at any depth) replaced by an arbitrary value,
which is how a damaged batch record looks (``metrics.score: "abc"``,
``attempt: 1e999``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from gridlogic import GAMES
from gridlogic.errors import GridlogicError
from gridlogic.game import parse_id
from gridlogic.loop import formats as loop_formats
from gridlogic.pattern import formats as pattern_formats
from gridlogic.signal import formats as signal_formats

SETTINGS = settings(max_examples=75, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Numbers that break naive code: huge ints (text with more digits than int() reads is in the examples),
# floats that are not ints, infinities (1e999 in JSON).
NUMBERS = st.one_of(
    st.integers(-5, 40), st.integers(), st.sampled_from([10**400, -(10**400), 2**63]),
    st.floats(allow_nan=False), st.sampled_from([float("inf"), float("-inf"), 1e999, 3.0]),
)
SCALARS = st.one_of(st.none(), st.booleans(), NUMBERS, st.text(max_size=12))
FIELD_NAMES = st.sampled_from([
    "n", "width", "height", "clues", "tiles", "shuffled", "answer", "rowClues", "colClues", "goal",
    "seed", "version", "attempt", "target", "difficulty", "level", "metrics", "score", "options",
    "board", "parameters", "faceData", "edges", "cells", "x",
])
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=6),
                            st.dictionaries(st.one_of(FIELD_NAMES, st.text(max_size=5)), inner, max_size=6)),
    max_leaves=25,
)


def refuses_cleanly(read: Callable[..., Any], *args: Any) -> None:
    """``read(*args)`` returns, or raises a GridlogicError; anything else fails the test."""
    try:
        read(*args)
    except GridlogicError:
        pass


def json_text(value: object) -> str:
    # 1e999 is how JSON writes a number too large for a float; json.dumps writes Infinity
    return json.dumps(value).replace("-Infinity", "-1e999").replace("Infinity", "1e999")


TEXT_READERS: list[tuple[str, Callable[[str], Any]]] = [
    *((f"{name}.read", game.read) for name, game in GAMES.items()),
    ("parse_id", parse_id),
    ("loop.read_puzzle", loop_formats.read_puzzle),
    ("loop.from_puzzlink", loop_formats.from_puzzlink),
    ("loop.from_loopy_id", loop_formats.from_loopy_id),
    ("loop.from_text_grid", loop_formats.from_text_grid),
    ("loop.from_json", loop_formats.from_json),
    ("pattern.read_puzzle", pattern_formats.read_puzzle),
    ("pattern.read_non", pattern_formats.read_non),
    ("pattern.read_game_id", pattern_formats.read_game_id),
    ("pattern.read_json", pattern_formats.read_json),
    ("signal.read_board", signal_formats.read_board),
]
VALUE_READERS: list[tuple[str, Callable[[object], Any]]] = [
    *((f"{name}.from_dict", game.from_dict) for name, game in GAMES.items()),
    *((f"{name}.parse_board", lambda raw, game=game: game.parse_board(5, 5, raw)) for name, game in GAMES.items()),
    ("loop.from_olson_collection", loop_formats.from_olson_collection),
    ("pattern.puzzle_file_from_dict", pattern_formats.puzzle_file_from_dict),
]
FILE_NAMES = ("p.json", "p.txt", "p.non", "p.other")

# Text that looks like each format, so that the readers get past their first test.
FORMATTED_TEXT = st.one_of(
    st.text(max_size=60),
    st.builds(lambda w, h, body: f"https://puzz.link/p?slither/{w}/{h}/{body}",
              st.from_regex(r"[0-9]{1,6}", fullmatch=True), st.from_regex(r"[0-9]{1,6}", fullmatch=True),
              st.from_regex(r"[0-9a-z.]{0,30}", fullmatch=True)),
    st.builds(lambda w, h, body: f"{w}x{h}t0:{body}", st.from_regex(r"[0-9]{1,6}", fullmatch=True),
              st.from_regex(r"[0-9]{1,6}", fullmatch=True), st.from_regex(r"[0-9a-z]{0,30}", fullmatch=True)),
    st.builds(lambda w, h, body: f"{w}x{h}:{body}", st.from_regex(r"[0-9]{1,6}", fullmatch=True),
              st.from_regex(r"[0-9]{1,6}", fullmatch=True), st.from_regex(r"[0-9./]{0,30}", fullmatch=True)),
    st.builds(lambda lines: "\n".join(lines), st.lists(st.from_regex(r"[0-4.]{0,8}", fullmatch=True), max_size=6)),
    st.builds(lambda w, h, rest: f"width {w}\nheight {h}\nrows\n{rest}", st.integers(-1, 10**12),
              st.integers(-1, 10**12), st.text(alphabet="0123456789,\n columnsgoal\"", max_size=40)),
    JSON_VALUES.map(json_text),
)

LONG_DIGITS = "9" * 5000  # more digits than int() converts (sys.get_int_max_str_digits)


@pytest.mark.parametrize("name, read", TEXT_READERS, ids=[name for name, _ in TEXT_READERS])
@SETTINGS
@given(text=FORMATTED_TEXT)
@example(text=f"{LONG_DIGITS}x5t0:aaa")
@example(text=f"slither/{LONG_DIGITS}/5/aa")
@example(text=f"loop.1.5x5.any.{LONG_DIGITS}")
@example(text=f"width {LONG_DIGITS}\nheight 1\n")
@example(text='{"n": 1e999, "clues": []}')
def test_every_text_reader_refuses_cleanly(name, read, text):
    refuses_cleanly(read, text)


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
@SETTINGS
@given(name=st.sampled_from(FILE_NAMES), text=FORMATTED_TEXT)
@example(name="c.json", text='[{"board": {"parameters": {"width": 1e999, "height": 3}}, "faceData": "..."}]')
def test_every_file_reader_refuses_cleanly(game, name, text):
    refuses_cleanly(game.read_file, name, text)


@pytest.mark.parametrize("name, read", VALUE_READERS, ids=[name for name, _ in VALUE_READERS])
@SETTINGS
@given(value=JSON_VALUES)
def test_every_value_reader_refuses_cleanly(name, read, value):
    refuses_cleanly(read, value)


def _sample_puzzles() -> list[tuple[str, dict[str, Any]]]:
    samples = []
    for name, game in GAMES.items():
        version = game.version()
        samples.append((name, game.generate(version.default_size, "fuzz", "any").to_dict()))
    return samples


SAMPLES = _sample_puzzles()


def _paths(value: object, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value inside ``value`` (dict keys and list indexes), the root excluded."""
    found = []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += [(*prefix, key), *_paths(inner, (*prefix, key))]
    elif isinstance(value, list):
        for index, inner in enumerate(value[:4]):
            found += [(*prefix, index), *_paths(inner, (*prefix, index))]
    return found


def _replaced(value: Any, path: tuple, new: object) -> Any:
    copy = json.loads(json.dumps(value))
    target = copy
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = new
    return copy


@st.composite
def damaged_puzzles(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    name, data = draw(st.sampled_from(SAMPLES))
    path = draw(st.sampled_from(_paths(data)))
    return name, _replaced(data, path, draw(JSON_VALUES))


@SETTINGS
@given(damaged=damaged_puzzles())
@example(damaged=("signal", _replaced(SAMPLES[0][1], ("metrics", "score"), "abc")))
@example(damaged=("signal", _replaced(SAMPLES[0][1], ("attempt",), float("inf"))))
def test_a_damaged_puzzle_record_is_refused_cleanly(damaged):
    name, data = damaged
    refuses_cleanly(GAMES[name].from_dict, data)
    refuses_cleanly(GAMES[name].read, json_text(data))


def test_the_damaged_records_reach_every_field():
    assert all(len(_paths(data)) > 5 for _, data in SAMPLES)


BIG = 100_000
HUGE_INPUTS = [
    "x" * BIG,
    "width " + "9" * BIG,
    "width 3\nheight 2\nrows\n" + "1," * BIG + "1\n",
    "width 3\nheight 2\n" + "1 " * BIG,
    "3x2:" + "1." * BIG + "1/1/1/1/1",
    "3x2:" + "x" * BIG + "/1/1/1/1",
    "0" * BIG + "\n" + "0" * (BIG - 1),
    "https://puzz.link/p?slither/3/2/" + "0" * BIG,
    "3x2t0:" + "0" * BIG,
    json.dumps({"width": ["x"] * BIG, "height": 2, "clues": []}),
    json.dumps({"width": 1, "height": 1, "clues": [["x"] * BIG]}),
    json.dumps({"rowClues": [[1]], "colClues": "x" * BIG}),
    json.dumps({"rowClues": [[1]], "colClues": [[1]], "goal": [2] * BIG}),
    json.dumps({"rowClues": [["x"] * BIG], "colClues": [[1]]}),
    json.dumps({"tiles": ["x"] * BIG}),
    json.dumps(["x"] * BIG),
    json.dumps([{"board": {"parameters": {"width": "x" * BIG, "height": 1}}, "faceData": "."}]),
]
MAX_MESSAGE = 400  # a refusal quotes at most a short prefix of what it refuses


@pytest.mark.parametrize("name, read", TEXT_READERS, ids=[name for name, _ in TEXT_READERS])
def test_a_refusal_quotes_only_a_short_prefix(name, read):
    for text in HUGE_INPUTS:
        try:
            read(text)
        except GridlogicError as error:
            assert len(str(error)) <= MAX_MESSAGE, (text[:40], str(error)[:200])


@pytest.mark.parametrize("game", list(GAMES.values()), ids=list(GAMES))
def test_a_file_or_record_refusal_quotes_only_a_short_prefix(game):
    for text in HUGE_INPUTS:
        for read, value in ((game.read_file, ("p.json", text)), (game.read_file, ("p.non", text)),
                            (game.from_dict, (json.loads(text) if text.startswith(("[", "{")) else text,))):
            try:
                read(*value)
            except GridlogicError as error:
                assert len(str(error)) <= MAX_MESSAGE, (text[:40], str(error)[:200])
