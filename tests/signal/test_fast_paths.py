"""The fast Signal engine pinned to the articles' code written plainly (tests/signal/literal.py)."""

import importlib.util
import random
from pathlib import Path

import pytest

from gridlogic import signal
from gridlogic.rng import rng
from gridlogic.signal.solver import graph_conflict, propagate
from gridlogic.signal.v3.generator import tree

_spec = importlib.util.spec_from_file_location("signal_literal", Path(__file__).with_name("literal.py"))
literal = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(literal)


def _random_boards(count, seed):
    rand = random.Random(seed)
    boards = []
    for k in range(count):
        n = rand.randint(1, 6)
        if rand.random() < 0.6:
            board = [rand.choice(literal.variants(m)) for m in tree(n, rng(f"pin-{seed}-{k}"))]
        else:
            board = [rand.randrange(16) for _ in range(n * n)]
        boards.append((board, n))
    return boards


@pytest.mark.parametrize("seed", range(4))
def test_propagate_reaches_the_same_domains_rounds_and_validity(seed):
    for board, n in _random_boards(60, seed):
        domains = [literal.variants(m) for m in board]
        fast = propagate(domains, n)
        assert (fast.domains, fast.valid, fast.rounds) == literal.propagate(domains, n)


@pytest.mark.parametrize("seed", range(4))
def test_solve_matches_every_field(seed):
    for board, n in _random_boards(40, 10 + seed):
        limit = random.Random(seed).choice([30000, 200, 7, 1, 0])
        assert signal.solve(board, n, limit).to_dict() == literal.solve(board, n, limit)


@pytest.mark.parametrize("seed", range(3))
def test_analyze_difficulty_matches_every_field(seed):
    for board, n in _random_boards(25, 20 + seed):
        assert signal.analyze_difficulty(board, n).to_dict() == literal.analyze_difficulty(board, n)


def test_graph_conflict_matches_on_partial_domains():
    rand = random.Random(5)
    for board, n in _random_boards(150, 30):
        domains = [[v for v in literal.variants(m) if rand.random() < 0.7] for m in board]
        assert graph_conflict(domains, n) == literal.graph_conflict(domains, n)


def test_generator_prechecks_never_change_the_puzzle():
    # The generator skips boards that cannot reach the target; replaying the articles'
    # loop with the literal solver and grader must pick the same attempt.
    for n, seed, target in [(4, "pin-a", "easy"), (5, "pin-b", "medium"), (5, "pin-c", "hard"), (6, "pin-d", "hard")]:
        draw = rng(seed)
        for attempt in range(1, 501):
            answer = tree(n, draw)
            check = literal.solve(answer, n)
            if check["truncated"] or len(check["solutions"]) != 1:
                continue
            if literal.analyze_difficulty(answer, n)["level"] != target:
                continue
            shuffled = [(v := literal.variants(m))[int(draw() * len(v))] for m in answer]
            if literal.is_solved(shuffled, n):
                continue
            break
        puzzle = signal.generate(n, seed, target, version=3)
        assert (puzzle.attempt, list(puzzle.answer), list(puzzle.shuffled)) == (attempt, answer, shuffled)


def test_conflict_free_orientations_equal_one_graph_conflict_per_orientation():
    # The grader's stage 3 settles every orientation of a cell from one scan of the other links.
    from gridlogic.signal.solver import conflict_free_orientations
    from gridlogic.signal.tables import geometry

    rand = random.Random(7)
    kept_some = dropped_some = 0
    for board, n in _random_boards(300, 40):
        domains = [[v for v in literal.variants(m) if rand.random() < 0.75] for m in board]
        i = rand.randrange(n * n)
        domains[i] = literal.variants(board[i])
        expected = [v for v in domains[i]
                    if not literal.graph_conflict([[v] if k == i else d for k, d in enumerate(domains)], n)]
        bits = [sum(1 << v for v in d) for d in domains]
        got = conflict_free_orientations(bits, i, geometry(n))
        assert [v for v in domains[i] if got >> v & 1] == expected
        kept_some += bool(expected)
        dropped_some += len(expected) < len(domains[i])
    assert kept_some > 50 and dropped_some > 50  # both outcomes are exercised


def test_level_prechecks_pass_every_board_of_their_level_and_reject_others():
    # A precheck may only reject boards that cannot have the level: check it on boards the
    # articles' grader puts at that level, and see that it does reject many random trees.
    from gridlogic.errors import GenerationFailed
    from gridlogic.signal.difficulty import level_precheck
    from gridlogic.signal.tables import geometry

    for n in (4, 5, 6):
        geo = geometry(n)
        for level in ("easy", "hard"):
            passes = level_precheck(level, geo)
            graded = []
            for k in range(6):
                try:
                    graded.append(list(signal.generate(n, f"precheck-{level}-{k}", level, version=3).answer))
                except GenerationFailed:
                    continue
            graded += [b for k in range(40)
                       if literal.analyze_difficulty(b := tree(n, rng(f"pre-{n}-{k}")), n)["level"] == level]
            assert graded
            for board in graded:
                assert literal.analyze_difficulty(board, n)["level"] == level
                assert passes(board)
            rejected = sum(not passes(tree(n, rng(f"reject-{n}-{k}"))) for k in range(200))
            assert rejected >= 10  # about 10-30% of random trees for easy, 98% for hard
    assert level_precheck("any", geometry(4)) is None and level_precheck("medium", geometry(4)) is None
