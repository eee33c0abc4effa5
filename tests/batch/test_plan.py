"""The plan of a batch (gridlogic.batch.plan): the spec and its seeds, argument checks, chunk sizing."""

from __future__ import annotations

import datetime
import math
import re

import pytest

from gridlogic import GAMES, InvalidParameters
from gridlogic.batch import generate, plan
from gridlogic.game import game_named


def test_worked_example_of_the_module_docstring():
    assert plan.next_chunk_size(1000, 2, 0.004) == 63
    assert plan.next_chunk_size(40, 2, 0.004) == 10
    assert plan.next_chunk_size(1000, 2, None) == 1
    assert "next_chunk_size(1000, 2, 0.004)`` is 63" in plan.__doc__
    assert "ceil(40 / 4) = 10" in plan.__doc__


@pytest.mark.parametrize("pending", [1, 2, 7, 100, 5000, 10**6])
@pytest.mark.parametrize("workers", [1, 2, 16])
@pytest.mark.parametrize("seconds", [None, 1e-7, 0.0002, 0.03, 5.0])
def test_chunk_size_stays_within_its_bounds(pending, workers, seconds):
    size = plan.next_chunk_size(pending, workers, seconds)
    assert 1 <= size <= min(pending, plan.MAX_CHUNK)
    if seconds is not None and size > 1:
        # Never more than the target time's worth (rounded up to whole puzzles) ...
        assert (size - 1) * seconds < plan.CHUNK_SECONDS
        # ... and never more than a fair share of what is left.
        assert size <= math.ceil(pending / (2 * workers))


def test_no_chunk_when_nothing_is_pending():
    assert plan.next_chunk_size(0, 2, 0.01) == 0


def test_seeds_are_prefix_dash_index():
    spec = plan.BatchSpec("signal", 5, "any", 3, "book")
    assert [spec.seed(i) for i in range(spec.count)] == ["book-0", "book-1", "book-2"]
    assert "book-0" in repr(spec) and "book-2" in repr(spec)


def test_default_prefix_is_the_date_and_a_word():
    prefix = plan.default_seed_prefix(datetime.date(2026, 11, 30))
    date, word = prefix.split("-")
    assert date == "20261130"
    assert word in plan._PREFIX_WORDS
    assert re.fullmatch(r"\d{8}-[a-z]+", plan.default_seed_prefix())


@pytest.mark.parametrize("name", GAMES)
def test_every_offered_size_and_difficulty_is_accepted(name):
    game = game_named(name)
    version = game.version()
    defaults = {option.name: option.default for option in version.options}
    for size in version.sides:
        for difficulty in version.difficulties:
            if version.offered and version.offered(size, size, difficulty, defaults):
                continue  # what the version refuses to make (Signal 4's 3x3 hard)
            assert plan.check_request(name, size, difficulty, 1, "p") is game


@pytest.mark.parametrize(
    "args, quoted",
    [
        (("chess", 5, "any", 3, None), "'chess'"),
        (("signal", 26, "any", 3, None), "26"),
        (("signal", 5, "extreme", 3, None), "'extreme'"),
        (("pattern", 5, "easy", 3, None, 1), "'easy'"),
        (("signal", 5, "any", 0, None), "0"),
        (("signal", 5, "any", -4, None), "-4"),
        (("signal", 5, "any", 3, ""), "''"),
        (("signal", 5, "any", 1000, "x" * 77), "'" + "x" * 77 + "-999'"),
    ],
)
def test_bad_requests_are_refused_quoting_the_value(args, quoted):
    with pytest.raises(InvalidParameters) as caught:
        plan.check_request(*args)
    assert quoted in str(caught.value)
    assert "\n" not in str(caught.value)


def test_longest_allowed_prefix_is_accepted():
    plan.check_request("signal", 5, "any", 1000, "x" * 76)  # "xxx...-999" is exactly 80 units


def test_a_seed_outcome_carries_its_puzzles_level():
    made = GAMES["signal"].generate(5, "p-0", "hard")
    graded = generate.generate_chunk("signal", 5, "hard", [(0, "p-0")]).outcomes[0]
    assert graded.level == made.level == "hard" and graded.puzzle == made.to_dict()
    assert GAMES["signal"].level_of(made.to_dict()) == "hard" and GAMES["pattern"].level_of({}) is None
