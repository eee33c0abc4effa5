"""The written-out sweeps (gridlogic.signal.sweeps) pinned to the articles' code (tests/signal/literal.py)."""

import importlib.util
import math
import random
from pathlib import Path

import pytest

from gridlogic.rng import rng
from gridlogic.signal.sweeps import compiled_sweeps, looped_sweeps, sweep_source
from gridlogic.signal.tables import geometry
from gridlogic.signal.v3.generator import tree

_spec = importlib.util.spec_from_file_location("signal_literal", Path(__file__).with_name("literal.py"))
literal = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(literal)


def _bits(masks):
    return sum(1 << m for m in masks)


def _masks(bits):
    return [m for m in range(16) if bits >> m & 1]


def _random_domains(rand, n):
    """Any subsets of masks, empty ones included, so that every stopping rule is reached."""
    return [rand.sample(range(16), rand.choice([0, 1, 1, 2, 3, 4, 8, 16])) for _ in range(n * n)]


# The written-out form, and the loop that boards beyond WRITE_OUT_LIMIT cells get.
FORMS = {"written out": compiled_sweeps, "looped": looped_sweeps}


# What the articles' code returns for each rule: (domains, valid, rounds) and (domains, rounds, valid),
# the sweeps' own figures in the same order.
ORACLES = {"solver": literal.propagate, "grader": literal.local_fix}


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("rule", ORACLES)
@pytest.mark.parametrize("seed", range(3))
def test_solver_and_grader_rules_match_the_articles_code(seed, rule, form):
    rand = random.Random(f"{rule}-{seed}")
    validity = set()
    for _ in range(150):
        n = rand.randint(1, 7)
        domains = [sorted(d) for d in _random_domains(rand, n)]
        bits = [_bits(d) for d in domains]
        figures = FORMS[form](geometry(n), rule)(bits)
        assert ([_masks(b) for b in bits], *figures) == ORACLES[rule](domains, n)
        validity.add(figures[0] if rule == "solver" else figures[1])
    assert validity == {True, False}  # both ways of stopping were exercised


@pytest.mark.parametrize("form", FORMS)
def test_undecided_rule_gives_the_local_fixed_point_or_none_exactly_when_too_few_are_undecided(form):
    outcomes = set()
    for n in (2, 3, 4, 5, 6):
        geo = geometry(n)
        for k in range(120):
            board = tree(n, rng(f"undecided-{n}-{k}"))
            border = [
                [v for v in literal.variants(m)
                 if all(literal.neighbor(i, d, n) >= 0 or not v & 1 << d for d in range(4))]
                for i, m in enumerate(board)
            ]
            fixed_point = literal.local_fix(border, n)[0]
            undecided = sum(len(d) > 1 for d in fixed_point)
            for needed in (0, 3, max(8, math.ceil(n * n * 0.3)), undecided, undecided + 1):
                got = FORMS[form](geo, "undecided")(board, needed)
                if undecided < needed:
                    assert got is None
                else:
                    assert [_masks(b) for b in got] == [sorted(d) for d in fixed_point]
                outcomes.add(got is None)
    assert outcomes == {True, False}


def test_the_docstring_example_is_the_source_for_two_by_two():
    source = sweep_source(geometry(2), "grader")
    assert source.startswith("def sweeps(domains):\n    d0, d1, d2, d3, = domains\n    rounds = 0\n")
    assert "        kept = d0 & 0x55 & S1[d1] & S2[d2]\n" in source
    assert "        kept = d1 & 0x1111 & S2[d3] & S3[d0]\n" in source
    assert source.endswith("    domains[:] = d0, d1, d2, d3,\n    return rounds, all(domains)\n")


def test_unknown_rule_is_refused():
    for make in (sweep_source, looped_sweeps):
        with pytest.raises(ValueError, match="unknown sweep rule 'fast'; the rules are solver, grader, undecided"):
            make(geometry(2), "fast")


def test_boards_beyond_the_limit_get_the_loop_with_the_same_results():
    n = 33  # 1,089 cells > WRITE_OUT_LIMIT
    sweeps = compiled_sweeps(geometry(n), "solver")
    assert "looped_sweeps" in repr(sweeps)  # the loop, not the written-out "sweeps"
    board = tree(n, rng("beyond-the-limit"))
    domains = [_bits(literal.variants(m)) for m in board]
    expected = literal.propagate([literal.variants(m) for m in board], n)
    valid, rounds = sweeps(domains)
    assert ([[v for v in literal.variants(m) if b >> v & 1] for m, b in zip(board, domains)], valid, rounds) == expected
