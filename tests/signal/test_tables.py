"""gridlogic.signal.tables: the shared domain tables, and its docstring's worked example."""


import doctests

from gridlogic.signal import tables
from gridlogic.signal.board import VARIANTS


def test_the_docstring_example():
    failures, tried = doctests.testmod(tables, verbose=False)
    assert tried >= 3 and failures == 0


def test_support_keeps_a_mask_exactly_when_some_neighbour_orientation_agrees():
    for d in range(4):
        back = tables.OPPOSITE[d]
        for neighbour_tile in range(16):
            domain = tables.VARIANT_DOMAINS[neighbour_tile]
            kept = tables.SUPPORT[d][domain]
            for mask in range(16):
                agrees = any(bool(mask >> d & 1) == bool(other >> back & 1) for other in VARIANTS[neighbour_tile])
                assert bool(kept >> mask & 1) == agrees, (d, neighbour_tile, mask)
