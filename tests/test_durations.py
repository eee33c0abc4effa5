"""gridlogic.durations: the one clock layout of a player's time and of an estimate."""

from __future__ import annotations

from fractions import Fraction

import doctests

from gridlogic import durations
from gridlogic.durations import format_duration


def test_the_module_docstring_example():
    assert doctests.testmod(durations).failed == 0


def test_a_negative_estimate_reads_zero_and_a_fraction_is_a_time():
    assert format_duration(-3.2, nearest=True) == "0:00"
    assert format_duration(Fraction(7201, 2)) == "1:00:00"
