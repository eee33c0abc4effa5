"""params.check_limit: the one check of a solver's budget (seconds, or a count of nodes or propagations)."""

from __future__ import annotations

import math

import pytest

from gridlogic import InvalidParameters
from gridlogic.params import check_limit


@pytest.mark.parametrize("value", [None, 0.25, 1, 60.0, 2_592_000])
def test_seconds_above_zero_or_none_pass_unchanged(value):
    assert check_limit(value, "time_limit", seconds=True) is value


@pytest.mark.parametrize(
    ("value", "shown"),
    [(0, "an int 0"), (-1.5, "a float -1.5"), (math.nan, "a float nan"), (math.inf, "a float inf"),
     (2_592_000.5, "a float 2592000.5"), (True, "a bool True"), ("5", "a str '5'")],
)
def test_other_seconds_are_refused_with_what_is_allowed(value, shown):
    with pytest.raises(InvalidParameters) as refused:
        check_limit(value, "time_limit", seconds=True)
    assert str(refused.value) == (
        f"time_limit must be a number of seconds above 0 and at most 2592000 (30 days), not {shown}")


def test_counts_are_whole_numbers_of_at_least_the_minimum():
    assert check_limit(None, "node_limit") is None
    assert check_limit(1, "node_limit") == 1
    assert check_limit(0, "node_limit", minimum=0) == 0
    for value in (0, 1.5, True):
        with pytest.raises(InvalidParameters, match="node_limit must be a whole number of at least 1"):
            check_limit(value, "node_limit")
    with pytest.raises(InvalidParameters, match="propagation_limit must be a whole number of at least 0"):
        check_limit(-1, "propagation_limit", minimum=0)
