"""gridlogic.signal.search: the steps of every search, and its docstring's worked example."""

from __future__ import annotations

import random

import doctests

from gridlogic.signal import search
from gridlogic.signal.board import VARIANTS
from gridlogic.signal.search import make_arc_consistent, members, mrv_choice
from gridlogic.signal.solver import sweep_to_fixed_point
from gridlogic.signal.tables import VARIANT_DOMAINS, board_geometry


def test_the_worked_example_of_the_docstring():
    failures, tried = doctests.testmod(search, verbose=False)
    assert tried and not failures


def test_propagation_from_every_cell_reaches_the_full_sweeps_fixed_point():
    rand = random.Random(5)
    for _ in range(200):
        geo = board_geometry(rand.randint(1, 5), rand.randint(1, 5), False)
        domains = [VARIANT_DOMAINS[rand.randrange(16)] for _ in range(geo.cells)]
        swept, listed = list(domains), list(domains)
        valid, _ = sweep_to_fixed_point(swept, geo)
        assert make_arc_consistent(listed, geo, set(range(geo.cells))) == valid
        if valid:
            assert listed == swept


def test_the_branching_cell_and_its_order():
    assert mrv_choice([1, 2, 4]) == -1
    assert mrv_choice([0b111, 0b1111, 0b11, 0b11]) == 2  # the first of the fewest
    assert members(VARIANT_DOMAINS[6], VARIANTS[6]) == [6, 12, 9, 3]
    assert members(VARIANT_DOMAINS[6] & ~(1 << 12), (3, 6, 9, 12)) == [3, 6, 9]
