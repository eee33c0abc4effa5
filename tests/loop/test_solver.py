import random

import doctests
import pytest

from gridlogic import InvalidParameters, loop
from gridlogic.loop.board import LINE, grid, inside_of_loop, loop_of_region
from gridlogic.loop.engine import THREES_RULE, Engine
from gridlogic.loop.render import board_text
from gridlogic.loop.solver import EASY, EXAMPLES, HARD, MEDIUM, deduce, solve_grid


def _random_clue_sets(checkers, w, h, count, seed):
    rnd = random.Random(seed)
    regions = checkers.regions(w, h)
    for _ in range(count):
        if rnd.random() < 0.85:
            base = checkers.clues_of(rnd.choice(regions), w, h)
        else:  # clues of no loop at all: mostly "none"
            base = [rnd.randint(0, 3) for _ in range(w * h)]
        keep = rnd.random()
        yield [k if rnd.random() < keep else None for k in base]


@pytest.mark.parametrize("w,h,count", [(3, 3, 400), (4, 3, 250), (4, 4, 250)])
def test_solver_count_equals_brute_force(checkers, w, h, count):
    verdicts = set()
    for clues in _random_clue_sets(checkers, w, h, count, seed=w * 10 + h):
        expected = min(checkers.brute(clues, w, h), 2)
        result = solve_grid(clues, w, h)
        assert not result.truncated
        assert len(result.solutions) == expected, clues
        verdicts.add(result.status)
        for edges in result.solutions:
            region = tuple(inside_of_loop(edges, w, h))
            assert region in checkers.regions(w, h)
            assert all(k is None or k == v for k, v in zip(clues, checkers.clues_of(region, w, h)))
    assert verdicts == {"unique", "several", "none"}


@pytest.mark.parametrize("w,h", [(3, 3), (4, 4)])
def test_deductions_never_contradict_brute_force(checkers, w, h):
    for clues in _random_clue_sets(checkers, w, h, 150, seed=7 + w):
        count = checkers.brute(clues, w, h)
        for level in (EASY, MEDIUM, HARD):
            result = deduce(clues, w, h, level)
            if result.status == "solved":
                assert count == 1
                (region,) = checkers.matching(clues, w, h)
                assert tuple(inside_of_loop(result.edges, w, h)) == region
            elif result.status == "contradiction":
                assert count == 0


def test_rectangular_boards_agree_with_brute_force(checkers):
    for w, h in ((2, 4), (4, 2), (1, 3)):
        for clues in _random_clue_sets(checkers, w, h, 60, seed=w + 5 * h):
            assert len(solve_grid(clues, w, h).solutions) == min(checkers.brute(clues, w, h), 2)


# ---------------------------------------------------------------- the docstring examples
def _loop_rows(edges, w, h):
    return board_text([None] * (w * h), w, h, edges)


@pytest.mark.parametrize("rule", ["clue", "vertex", "loop"])
def test_easy_examples_are_finished_by_easy_rules_using_the_rule(rule, checkers):
    w, h, clues = EXAMPLES[rule]
    result = deduce(list(clues), w, h, EASY)
    assert result.status == "solved"
    assert result.counts[rule] > 0
    assert checkers.brute(list(clues), w, h) == 1


def test_clue_vertex_example_ends_with_the_square_around_the_top_right_cell():
    w, h, clues = EXAMPLES["clue"]
    assert inside_of_loop(deduce(list(clues), w, h, EASY).edges, w, h) == [0, 1, 0, 0]


def test_loop_example_crosses_the_closing_side_of_the_bottom_middle_cell():
    w, h, clues = EXAMPLES["loop"]
    result = deduce(list(clues), w, h, EASY)
    assert inside_of_loop(result.edges, w, h) == [0, 0, 0, 0, 1, 1]


def test_corner_example_needs_medium():
    w, h, clues = EXAMPLES["corner"]
    assert deduce(list(clues), w, h, EASY).status == "stuck"
    result = deduce(list(clues), w, h, MEDIUM)
    assert result.status == "solved" and result.counts["corner"] > 0
    assert inside_of_loop(result.edges, w, h) == [1, 0, 1, 0]


def test_threes_example_draws_both_far_sides_and_the_shared_side():
    w, h, clues = EXAMPLES["threes"]
    engine = Engine(list(clues), w, h)
    assert engine.propagate(MEDIUM)
    assert engine.rule_counts[THREES_RULE] > 0
    g = grid(w, h)
    for e in (g.vertical(0, 1), g.vertical(0, 2), g.vertical(0, 3)):
        assert engine.edge_state[e] == LINE
    assert "| 3 | 3 |" in board_text(list(clues), w, h, engine.edges())


def test_threes_rule_is_silent_when_the_small_loop_is_the_answer():
    w, h, clues = EXAMPLES["trial"]
    assert deduce(list(clues), w, h, MEDIUM).counts["threes"] == 0


def test_trial_example_needs_hard(checkers):
    w, h, clues = EXAMPLES["trial"]
    assert deduce(list(clues), w, h, MEDIUM).status == "stuck"
    result = deduce(list(clues), w, h, HARD)
    assert result.status == "solved" and result.counts["trial"] > 0
    assert inside_of_loop(result.edges, w, h) == [0, 1, 0, 0, 1, 0]
    assert checkers.brute(list(clues), w, h) == 1


def test_colour_example_is_finished_by_colouring(checkers):
    w, h, clues = EXAMPLES["colour"]
    plain = Engine(list(clues), w, h)
    assert plain.propagate(MEDIUM) and plain.unknown_edge_count == 26
    result = deduce(list(clues), w, h, HARD)
    assert result.status == "solved" and result.counts["colour"] > 0 and result.counts["trial"] == 0
    (region,) = checkers.matching(list(clues), w, h)
    assert tuple(inside_of_loop(result.edges, w, h)) == region


def test_solver_docstring_example():

    from gridlogic.loop import solver

    failures, tried = doctests.testmod(solver, verbose=False)
    assert tried >= 4 and failures == 0


def test_solutions_are_edge_tuples_in_a_shared_frozen_result():
    import dataclasses

    from gridlogic import verdict

    w, h, clues = EXAMPLES["corner"]
    result = solve_grid(list(clues), w, h)
    assert isinstance(result, verdict.SolveResult) and result.unique
    assert result.solutions == (tuple(loop_of_region([1, 0, 1, 0], w, h)),)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.nodes = 0


# ---------------------------------------------------------------- budgets and the square form
def _hard_by_hand(clues, w, h):
    """deduce at HARD spelled out: medium propagation, then trial rounds until one finds nothing."""
    engine = Engine(clues, w, h, colour=True)
    ok = engine.propagate(MEDIUM)
    trials = 0
    while ok and engine.unknown_edge_count and engine.loop_closed_at < 0:
        ok = engine.trial()
        trials += 1
        if not engine.trial_progress:
            break
    return ok, engine.edges(), engine.rule_counts, trials


def test_hard_deduce_runs_trial_rounds_until_nothing_changes(checkers):
    cases = [(w, h, list(clues)) for w, h, clues in EXAMPLES.values()]
    for w, h in ((3, 3), (4, 4)):
        cases += [(w, h, clues) for clues in _random_clue_sets(checkers, w, h, 150, seed=99 + w)]
    statuses, rounds = set(), set()
    for w, h, clues in cases:
        ok, edges, counts, trials = _hard_by_hand(clues, w, h)
        result = deduce(clues, w, h, HARD)
        assert result.edges == edges
        assert list(result.counts.values()) == counts
        if not ok:
            assert result.status == "contradiction"
        statuses.add(result.status)
        rounds.add(min(trials, 2))
    # solved, stuck and contradicting boards, with none, one and several trial rounds
    assert statuses == {"solved", "stuck", "contradiction"} and rounds == {0, 1, 2}


def test_zero_node_budget_is_truncated_and_never_unique():
    result = loop.solve([None, 3, None, None, 3, None, None, None, None], 3, node_limit=0)
    assert result.truncated and result.status == "undecided" and result.nodes == 0


def test_small_budget_on_an_open_board_is_undecided():
    result = solve_grid([None] * 36, 6, 6, node_limit=5)
    assert result.truncated
    assert result.status in ("undecided", "several")


def test_time_budget_stops_the_search():
    result = solve_grid([None] * 400, 20, 20, node_limit=None, time_limit=0.05)
    assert len(result.solutions) == 2 or result.truncated


def test_square_solve_to_dict_gives_inside_regions():
    data = loop.solve([3, None, 3, None], 2).to_dict()
    assert data["solutions"] == [[1, 0, 1, 0]]
    assert data["truncated"] is False and data["nodes"] >= 1 and data["verdict"] == "unique"


def test_several_and_none_verdicts():
    assert loop.solve([None] * 4, 2).status == "several"
    assert loop.solve([0, 0, 0, 0], 2).status == "none"
    assert len(loop.solve([None] * 9, 3).solutions) == 2


@pytest.mark.pure_only
def test_every_leaf_is_checked_by_validate_loop(monkeypatch):
    from gridlogic.loop import solver

    calls = []
    real = solver.validate_loop

    def spy(*args):
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(solver, "validate_loop", spy)
    result = solver.solve_grid([None] * 9, 3, 3)
    assert len(calls) >= len(result.solutions) == 2


@pytest.mark.parametrize(
    "args",
    [
        ([None] * 8, 3, 3),
        ("123", 3, 1),
        ([5, None, None, None], 2, 2),
        ([True, None, None, None], 2, 2),
        ([-1, None, None, None], 2, 2),
        ([1.0, None, None, None], 2, 2),
        ([None] * 4, 0, 4),
        ([None] * 4, 2.0, 2),
    ],
)
def test_invalid_solver_arguments(args):
    with pytest.raises(InvalidParameters):
        solve_grid(*args)


@pytest.mark.parametrize("kwargs", [{"node_limit": -1}, {"node_limit": 1.5}, {"time_limit": 0}, {"time_limit": "1"}])
def test_invalid_budgets(kwargs):
    with pytest.raises(InvalidParameters):
        solve_grid([None] * 4, 2, 2, **kwargs)


@pytest.mark.parametrize("n", [0, -1, True, "3"])
def test_invalid_square_size(n):
    with pytest.raises(InvalidParameters):
        loop.solve([None] * 9, n)
