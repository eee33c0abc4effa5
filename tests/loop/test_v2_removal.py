"""Loop version 2's clue removal gives exactly the greedy pass that asks every question from scratch."""


import doctests
import pytest

from gridlogic.loop.board import clues_of_region
from gridlogic.loop.v2 import removal
from gridlogic.loop.v2.levels import EASY, HARD, MEDIUM, deduce
from gridlogic.loop.v2.region import grow_region
from gridlogic.loop.v2.removal import remove_clues
from gridlogic.rng import rng


def test_docstring_example():
    assert doctests.testmod(removal).failed == 0


def greedy_from_scratch(clues, width, height, order, level):
    kept = list(clues)
    for c in order:
        if kept[c] is None:
            continue
        trial = kept.copy()
        trial[c] = None
        if deduce(trial, width, height, level).status == "solved":
            kept = trial
    return kept


@pytest.mark.parametrize("level", [EASY, MEDIUM, HARD])
@pytest.mark.parametrize(("width", "height"), [(4, 4), (5, 6), (7, 7)])
def test_divide_and_conquer_is_the_greedy_pass(level, width, height):
    for seed in ("a", "b", "c"):
        random = rng(f"removal-{seed}")
        inside = grow_region(width, height, random)
        order = list(range(width * height))
        random.shuffle(order)
        clues = list(clues_of_region(inside, width, height))
        kept, removed = remove_clues(clues, width, height, order, level)
        assert kept == greedy_from_scratch(clues, width, height, order, level)
        assert removed == sum(k is None for k in kept)


def test_most_stops_the_pass():
    random = rng("most")
    inside = grow_region(6, 6, random)
    clues = list(clues_of_region(inside, 6, 6))
    kept, removed = remove_clues(clues, 6, 6, list(range(36)), EASY, most=3)
    assert removed == 3
    assert sum(k is None for k in kept) == 3
    assert deduce(kept, 6, 6, EASY).status == "solved"
