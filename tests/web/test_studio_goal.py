"""A studio request's ``goal`` is checked the same way by ``/analyse``, ``/fixes`` and ``/thin``: its length,
its entries and the game's rules, before any work is admitted (``web.studio.checked_goal``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gridlogic import GAMES
from gridlogic.web.studio import checked_goal, solution_entries

LOOP_TEXT = "13200\n21221\n20013\n10022\n21220"  # a 5x5 loop, every clue shown: one solution
LOOP = GAMES["loop"]
LOOP_SOLUTION = list(LOOP.solve(LOOP.read(LOOP_TEXT), **dict(LOOP.imports.limits)).solutions[0])
REQUESTS = [("analyse", {}), ("fixes", {}), ("thin", {"level": "medium"})]


def studio_work(client, path: str, body: dict) -> tuple[object, list[str]]:
    """The answer to a studio request and the kinds of work its admission decided on (the ready stock's
    generations, in the background, left out)."""
    seen = []
    admission = client.app.state.admission
    admission.observers.append(seen.append)
    try:
        answer = client.post(path, json=body)
    finally:
        admission.observers.remove(seen.append)
    return answer, [decision.kind for decision in seen if decision.kind != "generate"]


@pytest.mark.parametrize("goal, message", [
    ([1], "the goal has 1 entries; a solution of this 5x5 Loop puzzle has 60"),
    ([1] * 61, "the goal has 61 entries; a solution of this 5x5 Loop puzzle has 60"),
    ([2] * 60, "the goal's entries are 0 or 1, not 2"),
    ([0] * 60, "the goal does not solve this Loop puzzle by its rules"),
    ([1 - edge if index == 0 else edge for index, edge in enumerate(LOOP_SOLUTION)],
     "the goal does not solve this Loop puzzle by its rules"),
])
@pytest.mark.parametrize("kind, fields", REQUESTS)
def test_every_request_refuses_the_same_goals_before_any_work(client, kind, fields, goal, message):
    answer, admitted = studio_work(client, f"/api/loop/{kind}", {"text": LOOP_TEXT, "goal": goal, **fields})
    assert (answer.status_code, answer.json()) == (400, {"error": message})
    assert admitted == []


@pytest.mark.parametrize("kind, fields", REQUESTS)
def test_every_request_takes_the_goal_that_solves_the_puzzle(client, kind, fields):
    answer, admitted = studio_work(client, f"/api/loop/{kind}", {"text": LOOP_TEXT, "goal": LOOP_SOLUTION, **fields})
    assert answer.status_code == 200, answer.text
    assert admitted == [kind]


@pytest.mark.parametrize("path, text, goal, message", [
    ("pattern/analyse", "2x2:1/1/1/1", [1], "the goal has 1 entries; a solution of this 2x2 Pattern puzzle has 4"),
    ("pattern/fixes", "3x2:2/1/1/3/1", [1, 1, 1, 0, 0, 1], "the goal does not solve this Pattern puzzle by its rules"),
    ("signal/analyse", "[2, 12, 4, 6, 15, 9, 1, 3, 8]", [0] * 8, "the goal has 8 entries"),
    ("signal/analyse", "[2, 12, 4, 6, 15, 9, 1, 3, 8]", [0] * 9, "is 0, which is not a rotation of 2"),
])
def test_each_game_counts_its_own_entries(client, path, text, goal, message):
    answer = client.post(f"/api/{path}", json={"text": text, "goal": goal})
    assert answer.status_code == 400 and message in answer.json()["error"]


def test_a_solution_has_an_entry_for_each_mark_of_its_game():
    # Pattern cells, Signal tiles, Loop edges (horizontal then vertical): as the solvers' solutions have
    for name, text in (("pattern", "3x2:2/1/1/3/1"), ("signal", "[2, 12, 4, 6, 15, 9, 1, 3, 8]"), ("loop", LOOP_TEXT)):
        game = GAMES[name]
        problem = game.read(text)
        verdict = game.solve(problem, **dict(game.imports.limits))
        assert solution_entries(game, problem) == len(verdict.solutions[0]), name


def test_a_board_with_nothing_to_play_leaves_its_goal_to_the_solver():
    # a blank picture cannot be played, so its rules cannot be checked here; the fixes check it against
    # the solver's solutions
    pattern = GAMES["pattern"]
    blank = pattern.read("2x2:0/0/0/0")
    assert checked_goal(pattern, replace(blank, goal=(0, 0, 0, 0))).goal == (0, 0, 0, 0)
