"""``GET /api/{game}/explain``: the walk-through played on the player's board, with the real app.

The board a page builds from ``start`` and every step's ``changes`` must be the solution by the rules
(``/check`` says so), the techniques counted must be the steps', and the walk of a puzzle people
brought must grade it as the studio does.
"""

from __future__ import annotations

import copy

import pytest
from tests.web.test_hints_api import PUZZLES

GENERATED = ["pattern.2.10x10.hard.walk", "loop.3.7x7.hard.walk", "signal.4.7x7.hard.walk"]


def played(walk: dict) -> object:
    """The board after every step: ``start`` with each step's changes made, as the page makes them."""
    board = copy.deepcopy(walk["start"])
    for step in walk["steps"]:
        changes = step["changes"]
        for name, pairs in (changes.items() if isinstance(changes, dict) else [(None, changes)]):
            target = board if name is None else board[name]
            for index, value in pairs:
                target[index] = value
    return board


@pytest.mark.parametrize("puzzle_id", PUZZLES + GENERATED)
def test_the_steps_played_from_the_start_solve_the_puzzle(client, puzzle_id):
    game = puzzle_id.split(".")[0]
    answer = client.get(f"/api/{game}/explain", params={"id": puzzle_id})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["id"] == puzzle_id and data["game"] == game
    walk = data["walkthrough"]
    assert walk["status"] == "solved" and walk["steps"]
    assert sum(walk["techniques"].values()) == len(walk["steps"])
    assert all(step["technique"] in walk["techniques"] and step["explanation"]["en"] for step in walk["steps"])
    assert any(step["changes"] for step in walk["steps"])
    checked = client.post(f"/api/{game}/check", json={"id": puzzle_id, "board": played(walk)})
    assert checked.status_code == 200 and checked.json()["solved"] is True
    start = client.post(f"/api/{game}/check", json={"id": puzzle_id, "board": walk["start"]})
    assert start.json()["solved"] is False


def test_a_generated_puzzle_is_walked_at_its_own_level(client):
    data = client.get("/api/pattern/explain", params={"id": GENERATED[0]}).json()
    assert data["level"] == "hard" and data["walkthrough"]["level"] == "hard"


def test_a_brought_puzzle_is_graded_as_the_studio_grades_it(client):
    text = "3x2:2/1/1/3/1"
    analysis = client.post("/api/pattern/analyse", json={"text": text}).json()
    assert analysis["verdict"] == "unique"
    walk = client.get("/api/pattern/explain", params={"id": analysis["id"]}).json()["walkthrough"]
    assert walk["level"] == analysis["level"] and walk["techniques"] == analysis["techniques"]


@pytest.mark.parametrize(("path", "params", "status", "says"), [
    ("/api/pattern/explain", {}, 400, "seed"),
    ("/api/pattern/explain", {"id": "pattern.1.5x5.any.a", "board": "1"}, 400, "board"),
    ("/api/pattern/explain", {"id": "pattern.9.5x5.any.a"}, 400, "version"),
    ("/api/pattern/explain", {"id": "loop.2.5x5.easy.a"}, 400, "loop"),
    ("/api/chess/explain", {"id": "chess.1.8x8.any.a"}, 404, "unknown game"),
])
def test_refusals_say_what_was_wrong(client, path, params, status, says):
    answer = client.get(path, params=params)
    assert answer.status_code == status
    assert says in answer.json()["error"].lower()


def test_it_is_a_get(client):
    assert client.post("/api/pattern/explain", json={"id": "pattern.1.5x5.any.a"}).status_code == 405
