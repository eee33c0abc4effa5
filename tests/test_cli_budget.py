"""The budget of the work on a puzzle somebody brought: ``explain``, ``grade`` and ``analyse``.

Each takes ``--budget SECONDS`` (default ``WORK_BUDGET``), a deadline threaded through the engines
(:func:`gridlogic.params.check_deadline`). Past it the command prints nothing on standard output,
one line on standard error, and exits with ``EXIT_OUT_OF_TIME``. The big boards here take minutes or
hours to walk through or grade, and the budgets a thousandth of a second, so running out is certain
(no test waits for the clock). The engines are also asked with a deadline already past, which every
one of them must notice before it answers; and with a deadline far away, which must change nothing
they answer.
"""

from __future__ import annotations

import json
import random
import time

import pytest

from gridlogic import GAMES, studio
from gridlogic.cli import EXIT_OUT_OF_TIME, WORK_BUDGET, main
from gridlogic.params import OutOfTime, check_deadline, deadline_after, seconds_left

HINTED = [game for game in GAMES.values() if game.hints is not None]
GRADED = [game for game in GAMES.values() if game.grade is not None]
STUDIOS = [game for game in GAMES.values() if game.studio is not None]


def random_nonogram(side: int, seed: int) -> str:
    """The ``.non`` text of a random picture (each cell filled with odds 1 in 2): line solving
    decides almost nothing of it, so a walk-through probes cell after cell."""
    draw = random.Random(seed)
    cells = [[draw.random() < 0.5 for _ in range(side)] for _ in range(side)]

    def runs(line: list[bool]) -> str:
        lengths = [len(run) for run in "".join("#" if cell else "." for cell in line).split(".") if run]
        return ",".join(map(str, lengths)) or "0"

    rows = [runs(row) for row in cells]
    columns = [runs([row[c] for row in cells]) for c in range(side)]
    return "\n".join([f"width {side}", f"height {side}", "rows", *rows, "columns", *columns]) + "\n"


def random_loop(side: int, seed: int) -> str:
    """A text grid of the numbers around a random region grown cell by cell (each new cell touching
    the region along one unbroken stretch of its eight neighbours, so that the region's border stays
    one loop), seven numbers in ten shown."""
    draw = random.Random(seed)
    inside = [[False] * side for _ in range(side)]
    ring = [(-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1)]

    def held(r: int, c: int) -> bool:
        return 0 <= r < side and 0 <= c < side and inside[r][c]

    def grows(r: int, c: int) -> bool:
        if inside[r][c] or not (0 < r < side - 1 and 0 < c < side - 1):
            return False
        around = [held(r + dr, c + dc) for dr, dc in ring]
        if any(around[k] and not around[k - 1] and not around[(k + 1) % 8] for k in (0, 2, 4, 6)):
            return False  # a corner touch only: two lines would meet at one dot
        return sum(1 for k in range(8) if around[k] and not around[k - 1]) == 1 and not all(around)

    inside[side // 2][side // 2] = True
    grown = 1
    waiting = [(side // 2 + dr, side // 2 + dc) for dr, dc in ring]
    while waiting and grown < side * side * 0.4:
        k = draw.randrange(len(waiting))
        waiting[k], waiting[-1] = waiting[-1], waiting[k]
        r, c = waiting.pop()
        if grows(r, c):
            inside[r][c] = True
            grown += 1
            waiting += [(r + dr, c + dc) for dr, dc in ring if 0 <= r + dr < side and 0 <= c + dc < side]
    lines = []
    for r in range(side):
        numbers = [sum(held(r, c) != held(r + dr, c + dc) for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)))
                   for c in range(side)]
        lines.append("".join(str(n) if draw.random() < 0.7 else "." for n in numbers))
    return "\n".join(lines) + "\n"


def random_signal(side: int, seed: int) -> str:
    """The JSON tile masks of a random tree spanning a ``side`` x ``side`` board, each tile turned at random."""
    draw = random.Random(seed)
    masks = [0] * (side * side)
    reached = {0}
    edges = [(0, d) for d in range(4)]
    steps = ((-1, 0, 1, 4), (0, 1, 2, 8), (1, 0, 4, 1), (0, -1, 8, 2))  # up, right, down, left
    while edges:
        k = draw.randrange(len(edges))
        edges[k], edges[-1] = edges[-1], edges[k]
        i, d = edges.pop()
        r, c = divmod(i, side)
        dr, dc, bit, back = steps[d]
        j = (r + dr) * side + c + dc
        if 0 <= r + dr < side and 0 <= c + dc < side and j not in reached:
            reached.add(j)
            masks[i] |= bit
            masks[j] |= back
            edges += [(j, e) for e in range(4)]
    turned = []
    for mask in masks:
        for _ in range(draw.randrange(4)):
            mask = ((mask << 1) | (mask >> 3)) & 15
        turned.append(mask)
    return json.dumps(turned)


# Per game: a board that takes minutes or more to walk through or grade, and one the studio takes
# (the largest side it imports) that its solver does not decide in a moment.
BIG = {"pattern": (random_nonogram, 200, 50), "loop": (random_loop, 200, 50), "signal": (random_signal, 50, 20)}
SUFFIX = {"pattern": ".non", "loop": ".txt", "signal": ".json"}


@pytest.fixture(scope="module")
def boards(tmp_path_factory):
    """Each game's big board and its studio-sized one, as files."""
    folder = tmp_path_factory.mktemp("big")
    files = {}
    for name, (make, big, studied) in BIG.items():
        for label, side in (("big", big), ("studio", studied)):
            path = folder / f"{name}-{label}{SUFFIX[name]}"
            path.write_text(make(side, 8))
            files[name, label] = str(path)
    return files


def ran_out(capsys, argv: list[str]) -> str:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == EXIT_OUT_OF_TIME and out == "" and err.count("\n") == 1, (code, out, err)
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize("game", HINTED, ids=lambda g: g.name)
def test_explain_of_a_big_board_stops_at_its_budget(capsys, boards, game):
    err = ran_out(capsys, [game.name, "explain", boards[game.name, "big"], "--budget", "0.001"])
    assert err == (f"gridlogic: out of time: {game.name} explain stopped at its budget of 0.001 seconds before "
                   "it finished, so nothing of it is shown; give it more with --budget SECONDS\n")


def test_explain_json_of_a_big_nonogram_stops_at_its_budget_too(capsys, boards):
    assert "out of time: pattern explain" in ran_out(
        capsys, ["pattern", "explain", "--json", "--budget", "0.001", boards["pattern", "big"]])


@pytest.mark.parametrize("game", GRADED, ids=lambda g: g.name)
def test_grade_of_a_big_board_stops_at_its_budget(capsys, boards, game):
    err = ran_out(capsys, [game.name, "grade", boards[game.name, "big"], "--budget", "0.001"])
    assert f"out of time: {game.name} grade stopped at its budget of 0.001 seconds" in err


@pytest.mark.parametrize("game", STUDIOS, ids=lambda g: g.name)
def test_analyse_stops_at_its_budget(capsys, boards, game):
    err = ran_out(capsys, [game.name, "analyse", boards[game.name, "studio"], "--budget", "0.001"])
    assert f"out of time: {game.name} analyse stopped at its budget of 0.001 seconds" in err


def test_analyse_with_fixes_and_json_stops_at_its_budget(capsys, boards):
    assert "out of time: pattern analyse" in ran_out(
        capsys, ["pattern", "analyse", "--fixes", "--json", "--budget=0.001", boards["pattern", "studio"]])


@pytest.mark.parametrize("command", ["explain", "grade", "analyse"])
def test_the_budget_and_its_exit_code_are_in_the_help(capsys, command):
    with pytest.raises(SystemExit):
        main(["pattern", command, "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "--budget SECONDS the time" in shown and f"(default {WORK_BUDGET:g})" in shown
    assert "exits with 3" in shown and f"{EXIT_OUT_OF_TIME} when the budget ran out first" in shown


@pytest.mark.parametrize("budget", ["0", "-1", "nan", "inf", "1e400", "2592001", "soon"])
def test_a_budget_that_is_no_number_of_seconds_is_refused_in_one_line(capsys, budget):
    try:
        code = main(["pattern", "explain", "2x2:1/1/1/1", "--budget", budget])
    except SystemExit as refused:  # argparse's own refusal: not a number at all
        code = refused.code
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and "--budget" in err, err


def test_a_budget_large_enough_changes_nothing_printed(capsys):
    assert main(["pattern", "explain", "5x5:2/1.1/3/1.1/2/1.1/1.1/3/1/1"]) in (0, 1)
    unbudgeted = capsys.readouterr()
    assert main(["pattern", "explain", "5x5:2/1.1/3/1.1/2/1.1/1.1/3/1/1", "--budget", "3600"]) in (0, 1)
    assert capsys.readouterr() == unbudgeted


# --- the engines ---------------------------------------------------------------------------------

PAST = -1.0  # seconds from now: a deadline already passed


@pytest.mark.parametrize("game", HINTED, ids=lambda g: g.name)
def test_every_walk_through_notices_a_deadline_already_past(game):
    puzzle = game.generate(game.version().default_size, "deadline")
    with pytest.raises(OutOfTime):
        game.hints.explain(game.problem(puzzle), puzzle.version, deadline_after(PAST))


@pytest.mark.parametrize("game", GRADED, ids=lambda g: g.name)
def test_every_grader_notices_a_deadline_already_past(game):
    puzzle = game.generate(game.version().default_size, "deadline")
    with pytest.raises(OutOfTime):
        game.grade(game.problem(puzzle), deadline_after(PAST))


@pytest.mark.parametrize("game", STUDIOS, ids=lambda g: g.name)
def test_the_studio_notices_a_deadline_already_past(game):
    puzzle = game.generate(game.version().default_size, "deadline")
    with pytest.raises(OutOfTime):
        studio.analyse(game, game.problem(puzzle), deadline_after(PAST))


@pytest.mark.parametrize("game", HINTED, ids=lambda g: g.name)
def test_a_deadline_far_away_changes_no_walk_through_and_no_grade(game):
    for seed in ("far-1", "far-2"):
        puzzle = game.generate(game.version().default_size, seed)
        problem = game.problem(puzzle)
        far = deadline_after(3600.0)
        assert game.hints.explain(problem, puzzle.version, far) == game.hints.explain(problem, puzzle.version)
        assert game.hints.explain(problem, None, far) == game.hints.explain(problem, None)
        if game.grade is not None:
            assert game.grade(problem, far) == game.grade(problem)


def test_the_pattern_probe_and_search_steps_watch_the_deadline_inside_a_step():
    from gridlogic.pattern.hints import UNKNOWN, next_deduction

    # line solving decides nothing here (every line has room to slide), so the next step probes
    rows, columns = [[1, 1], [1], [1, 1], [1]], [[1, 1], [1], [1, 1], [1]]
    assert next_deduction(rows, columns, [UNKNOWN] * 16, deadline_after(3600.0)) is not None
    with pytest.raises(OutOfTime):
        next_deduction(rows, columns, [UNKNOWN] * 16, deadline_after(PAST))


def test_deadlines_and_what_is_left_of_them():
    assert check_deadline(None) is None and check_deadline(deadline_after(60.0)) is None
    assert deadline_after(None) is None
    assert seconds_left(None, 5.0) == 5.0
    assert 0 < seconds_left(deadline_after(1.0), 5.0) <= 1.0
    assert seconds_left(deadline_after(60.0), 5.0) == 5.0
    with pytest.raises(OutOfTime):
        seconds_left(time.monotonic() - 0.001, 5.0)


def test_the_module_examples_of_deadlines_and_of_the_command_line_run():
    import doctests

    from gridlogic import cli, params

    assert doctests.testmod(params).failed == 0 and doctests.testmod(params).attempted >= 2
    assert doctests.testmod(cli).failed == 0 and doctests.testmod(cli).attempted >= 1
