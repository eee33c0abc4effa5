"""params.parse_json: the one reading of JSON text, refusing what json.loads would raise on."""

from __future__ import annotations

import json
import sys

import pytest

from gridlogic.errors import GridlogicError, InvalidParameters
from gridlogic.params import NotJson, parse_json

TOO_LONG = "7" * (sys.get_int_max_str_digits() + 1)


def refusal(text: object, what: str = "the puzzle") -> NotJson:
    with pytest.raises(NotJson) as refused:
        parse_json(text, what)
    return refused.value


@pytest.mark.parametrize("text", ['{"n": 4, "clues": [1, null, 3]}', "[1, 2.5, true]", '"x"', " 7 "])
def test_good_json_reads_as_json_loads_reads_it(text):
    assert parse_json(text, "the puzzle") == json.loads(text)
    assert parse_json(text.encode(), "the puzzle") == json.loads(text)


def test_a_refusal_is_invalid_parameters_and_a_value_error():
    error = refusal("{")
    assert isinstance(error, InvalidParameters) and isinstance(error, GridlogicError)
    assert isinstance(error, ValueError)


def test_a_syntax_error_names_what_its_line_and_its_column():
    error = refusal('{"rowClues": [[1]],\n "colClues": [[1]', "the board")
    assert str(error) == "line 2: expected JSON, but the board is not JSON: Expecting ',' delimiter at column 18"
    assert error.reason == "Expecting ',' delimiter"


@pytest.mark.parametrize(
    "text, reason",
    [
        (f"[{TOO_LONG}]", f"it holds an integer of more than {sys.get_int_max_str_digits()} digits"),
        ("[" * 100_000, "it is nested too deeply"),
        ('{"a": ' * 100_000, "it is nested too deeply"),
        ("[NaN]", "NaN is not JSON"),
        ("[1, -Infinity]", "-Infinity is not JSON"),
        (b'{"a": "\xff"}', "it is not UTF-8 text"),
    ],
)
def test_what_json_loads_raises_on_is_refused_with_a_reason(text, reason):
    error = refusal(text)
    assert error.reason == reason
    assert str(error) == f"expected JSON, but the puzzle cannot be read: {reason}"


def test_something_other_than_text_is_refused():
    with pytest.raises(InvalidParameters, match="expected JSON text for the board, not NoneType"):
        parse_json(None, "the board")
