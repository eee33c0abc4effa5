"""The solve options and output pieces that ``loop solve`` and ``pattern solve`` share."""

import argparse

import pytest

from gridlogic import InvalidParameters
from gridlogic.cli import check_solve_options, count_of, main, solution_title


def test_count_of_and_solution_title():
    assert [count_of(n, "loop") for n in (0, 1, 2)] == ["0 loops", "1 loop", "2 loops"]
    assert solution_title(1, 1, False, "loop") == "solution"
    assert solution_title(2, 2, False, "loop") == "solution 2"
    assert solution_title(1, 1, True, "loop") == "a loop found so far"


@pytest.mark.parametrize(
    ("node_limit", "budget", "message"),
    [(-1, None, "--node-limit must be 0 or more, not -1"),
     (None, 0.0, "--budget must be a number of seconds above 0, not 0.0")],
)  # fmt: skip
def test_check_solve_options_rejects(node_limit, budget, message):
    with pytest.raises(InvalidParameters) as caught:
        check_solve_options(argparse.Namespace(node_limit=node_limit, budget=budget))
    assert str(caught.value) == message
    check_solve_options(argparse.Namespace(node_limit=None, budget=None))


@pytest.mark.parametrize("game", ["loop", "pattern"])
def test_both_solve_commands_check_the_same_way(game, capsys):
    assert main([game, "solve", "--budget", "-2", "no-such-file"]) == 2
    err = capsys.readouterr().err
    assert err == "gridlogic: --budget must be a number of seconds above 0, not -2.0\n"
