"""Signal's global steps name what they stand on: a turn the global rule dropped says which tiles its
loop runs through or which tiles it would shut off (a neighbour that cannot agree, by its place), and
those tiles are marked; in all seven languages."""

from __future__ import annotations

import re

import pytest

from gridlogic import signal
from gridlogic.hints import LANGUAGES

GAME = signal.GAME
GENERIC = "with the marked tiles turned to agree"  # the sentence of a drop the replay cannot explain


@pytest.mark.parametrize("wrapping", [False, True])
def test_every_dropped_turn_of_a_hard_walk_names_the_tiles_it_stands_on(wrapping):
    puzzle = GAME.generate(10, "chain", "hard", wrapping=wrapping)
    walk = GAME.hints.explain(GAME.problem(puzzle), puzzle.version)
    dropped = 0
    for step in walk.steps:  # after a search, a walk-through names every step "search": read them all
        words = step.explanation
        assert GENERIC not in words.en
        assert all(words.to_dict().get(lang) for lang in LANGUAGES)
        marked = {step.decides[0].index} | {mark.index for mark in step.evidence}
        for clause in re.findall(r"would [^:;]*", words.en):
            dropped += 1
            named = [(int(r) - 1) * 10 + int(c) - 1 for r, c in re.findall(r"row (\d+), column (\d+)", clause)]
            assert named and set(named) <= marked, (clause, sorted(marked))
    assert dropped >= 5
