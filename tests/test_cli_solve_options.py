"""The options every game's ``solve`` command shares, and the pieces of its output."""

import pytest

from gridlogic.cli import count_of, main


def test_count_of():
    assert [count_of(n, "loop") for n in (0, 1, 2)] == ["0 loops", "1 loop", "2 loops"]


@pytest.mark.parametrize("game", ["signal", "loop", "pattern"])
def test_every_solve_command_checks_the_node_limit_the_same_way(game, capsys):
    assert main([game, "solve", "--node-limit", "-1", "no-such-file"]) == 2
    assert capsys.readouterr().err == "gridlogic: --node-limit must be 0 or more, not -1\n"


@pytest.mark.parametrize("game", ["loop", "pattern"])
def test_both_budgeted_solve_commands_check_the_same_way(game, capsys):
    assert main([game, "solve", "--budget", "-2", "no-such-file"]) == 2
    err = capsys.readouterr().err
    assert err == ("gridlogic: --budget must be a number of seconds above 0 and at most 2592000 (30 days), "
                   "not a float -2.0\n")


@pytest.mark.parametrize("budget", ["inf", "nan", "1e300"])
def test_a_budget_no_clock_can_wait_for_is_refused_not_a_traceback(budget, capsys):
    """Infinity once reached the SAT back end's select() and ended in an OverflowError."""
    assert main(["pattern", "solve", "--budget", budget, "no-such-file"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gridlogic: --budget must be a number of seconds above 0 and at most 2592000")


def test_signal_solve_has_no_budget(capsys):
    with pytest.raises(SystemExit) as exited:
        main(["signal", "solve", "--budget", "2"])
    assert exited.value.code == 2 and "unrecognized arguments: --budget" in capsys.readouterr().err
