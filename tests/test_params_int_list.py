"""params.int_list: the one check of a flat list of small ints (boards, answers, solutions)."""

from __future__ import annotations

import pytest

from gridlogic.errors import GridlogicError, InvalidParameters
from gridlogic.params import int_list


def refusal(value: object, name: str, length: int | None, allowed: range | tuple[int, ...]) -> str:
    with pytest.raises(InvalidParameters) as refused:
        int_list(value, name, length, allowed)
    return str(refused.value)


def test_a_good_list_comes_back_as_a_new_list():
    board = [0, 15, 7, 1]
    accepted = int_list(board, "board", 4, range(16))
    assert accepted == board and accepted is not board
    assert int_list((0, 1, 2), "board", 3, (0, 1, 2)) == [0, 1, 2]
    assert int_list([], "cells", 0, (0, 1)) == []


def test_no_length_accepts_any_length():
    assert int_list([1, 0, 1, 1, 0], "cells", None, range(2)) == [1, 0, 1, 1, 0]
    assert int_list([], "cells", None, range(2)) == []


def test_the_error_is_a_value_error_of_gridlogic():
    with pytest.raises(ValueError):
        int_list("01", "board", 2, (0, 1))
    with pytest.raises(GridlogicError):
        int_list("01", "board", 2, (0, 1))


@pytest.mark.parametrize(
    "value, message",
    [
        ("0101", "board must be a list of 4 entries, each 0 or 1, not str '0101'"),
        (None, "board must be a list of 4 entries, each 0 or 1, not NoneType None"),
        ({"a": 1}, "board must be a list of 4 entries, each 0 or 1, not dict {'a': 1}"),
        (range(4), "board must be a list of 4 entries, each 0 or 1, not range range(0, 4)"),
    ],
)
def test_not_a_list(value, message):
    assert refusal(value, "board", 4, (0, 1)) == message


def test_wrong_length_says_both_counts():
    assert refusal([0, 1, 0], "board", 4, (0, 1)) == (
        "board must be a list of 4 entries, each 0 or 1; it has 3 entries: [0, 1, 0]"
    )
    assert refusal([1], "board", 2, (0, 1)) == (
        "board must be a list of 2 entries, each 0 or 1; it has 1 entry: [1]"
    )
    assert refusal([0, 0], "board", 1, (0, 1)) == (
        "board must be a list of 1 entry, each 0 or 1; it has 2 entries: [0, 0]"
    )


def test_a_bool_is_not_an_int():
    assert refusal([0, True, 1], "board", 3, (0, 1)) == (
        "board must be a list of 3 entries, each 0 or 1; board[1] is True, a bool"
    )
    assert refusal([False], "cells", None, range(2)) == (
        "cells must be a list of entries, each 0 or 1; cells[0] is False, a bool"
    )


@pytest.mark.parametrize(
    "item, found",
    [
        ("1", "'1', a str"),
        (1.0, "1.0, a float"),
        (None, "None, a NoneType"),
        ([1], "[1], a list"),
        (object, "<class 'object'>, a type"),
    ],
)
def test_an_entry_that_is_not_an_int(item, found):
    assert refusal([0, item], "board", 2, range(16)) == (
        f"board must be a list of 2 entries, each an integer from 0 to 15; board[1] is {found}"
    )


def test_an_int_entry_outside_the_allowed_values():
    assert refusal([0, 16], "board", 2, range(16)) == (
        "board must be a list of 2 entries, each an integer from 0 to 15; board[1] is 16"
    )
    assert refusal([0, -1], "board", 2, range(16)) == (
        "board must be a list of 2 entries, each an integer from 0 to 15; board[1] is -1"
    )
    assert refusal([2, 3], "board.vertical", 2, range(3)) == (
        "board.vertical must be a list of 2 entries, each 0, 1 or 2; board.vertical[1] is 3"
    )
    assert refusal([1, 0], "cells", None, (1,)) == (
        "cells must be a list of entries, each 1; cells[1] is 0"
    )


def test_the_first_bad_entry_is_named():
    assert refusal([0, 5, True, "x"], "board", 4, (0, 1, 2)) == (
        "board must be a list of 4 entries, each 0, 1 or 2; board[1] is 5"
    )


def test_huge_values_are_quoted_short():
    huge = list(range(1_000_000))
    assert refusal(huge, "board", 16, range(16)) == (
        "board must be a list of 16 entries, each an integer from 0 to 15; it has "
        "1000000 entries: [0, 1, 2, 3, 4, 5, 6, 7, ...]"
    )
    assert refusal("x" * 10_000, "board", 16, range(16)) == (
        "board must be a list of 16 entries, each an integer from 0 to 15, not str "
        "'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"
    )
    assert refusal([10**50], "board", 1, range(16)) == (
        "board must be a list of 1 entry, each an integer from 0 to 15; board[0] is "
        "100000000000000000...0000000000000000000"
    )
    # A repr longer than 60 characters even after reprlib is cut at its end.
    assert refusal([[10**30] * 3], "board", 1, range(16)) == (
        "board must be a list of 1 entry, each an integer from 0 to 15; board[0] is "
        "[1000000000000000000000000000000, 10000000000000000000000..., a list"
    )
    # Python will not turn an int of more than 4300 digits into text; the message still comes.
    assert refusal([10**5000], "board", 1, range(16)) == (
        "board must be a list of 1 entry, each an integer from 0 to 15; board[0] is <int too long to show>"
    )
