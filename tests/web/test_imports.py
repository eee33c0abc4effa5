"""``POST /api/{game}/import``: every format each game reads, the played puzzle behind its ID, every refusal."""

from __future__ import annotations

import dataclasses
import json
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from gridlogic import GAMES
from gridlogic.web.app import create_app

DATA = Path(__file__).resolve().parents[1] / "data"
NON = (DATA / "pattern_webpbn_1.non").read_text(encoding="utf-8")
SIGNAL_TILES = [4, 4, 3, 9, 3, 13, 13, 4, 1, 7, 14, 2, 4, 11, 10, 4]  # the articles' notes-example board


def test_docstring_worked_example(client):
    answer = client.post("/api/pattern/import", json={"text": "3x2:2/1/1/3/1"})
    assert answer.status_code == 200
    assert answer.json() == {
        "game": "pattern", "id": "pattern.import.3x2.tatham.3x2:2/1/1/3/1", "size": [3, 2], "width": 3,
        "height": 2, "difficulty": "any", "seed": "3x2:2/1/1/3/1", "version": 0, "level": None,
        "givens": {"rowClues": [[3], [1]], "colClues": [[2], [1], [1]]},
    }
    refused = client.post("/api/pattern/import", json={"text": "2x2:1/1/1/1"})
    assert refused.status_code == 422
    assert refused.json() == {
        "error": "this Pattern puzzle has more than one solution; every puzzle here has exactly one"}


FORMATS = [
    ("pattern", "3x2:2/1/1/3/1", "pattern.import.3x2.tatham.3x2:2/1/1/3/1"),
    ("pattern", NON, "pattern.import.5x10.tatham.5x10:2.1/2.1.3/7/1.3/2.1/2/2.1/1.1/3/1.1/1.1/2/1.1/1.2/2"),
    ("pattern", '{"rowClues": [[3], [1]], "colClues": [[2], [1], [1]]}', "pattern.import.3x2.tatham.3x2:2/1/1/3/1"),
    ("loop", "https://puzz.link/p?slither/3/3/g3h3h1h", "loop.import.3x3.puzzlink.slither/3/3/gddb"),
    ("loop", "3x3t0:a3b3b1a", "loop.import.3x3.puzzlink.slither/3/3/gddb"),
    ("loop", ".3.\n.3.\n.1.\n", "loop.import.3x3.puzzlink.slither/3/3/gddb"),
    ("signal", json.dumps(SIGNAL_TILES), "signal.import.4x4.hex.44393dd417e24ba4"),
    ("signal", "signal.import.4x4.hex.44393dd417e24ba4", "signal.import.4x4.hex.44393dd417e24ba4"),
    ("signal", "signal.3.4x4.any.notes-example", "signal.3.4x4.any.notes-example"),
]


@pytest.mark.parametrize("game, text, expected", FORMATS)
def test_every_format_is_played_like_a_generated_puzzle(client, game, text, expected):
    imported = client.post(f"/api/{game}/import", json={"text": text})
    assert imported.status_code == 200, imported.text
    puzzle = imported.json()
    assert puzzle["id"] == expected
    # The ID names it for every other endpoint: the same givens, its solution, a solved and scored check.
    again = client.get(f"/api/{game}/puzzle", params={"id": expected})
    assert again.status_code == 200 and again.json() == puzzle
    solution = client.get(f"/api/{game}/solution", params={"id": expected}).json()
    board = {key: solution[key] for key in ("tiles", "cells", "horizontal", "vertical") if key in solution}
    board = board if game == "loop" else next(iter(board.values()))
    checked = client.post(f"/api/{game}/check", json={"id": expected, "board": board, "seconds": 5, "moves": 1000,
                                                      "checks": 0, "revealed": False})
    assert checked.status_code == 200, checked.text
    assert checked.json()["solved"] is True and checked.json()["score"]["score"] > 0


def test_a_rectangular_board_is_played_at_its_shape(client):
    puzzle = client.post("/api/pattern/import", json={"text": NON}).json()
    assert (puzzle["size"], puzzle["width"], puzzle["height"]) == ([5, 10], 5, 10)
    checked = client.post("/api/pattern/check", json={"id": puzzle["id"], "board": [0] * 50})
    assert checked.status_code == 200 and checked.json()["solved"] is False
    wrong_shape = client.post("/api/pattern/check", json={"id": puzzle["id"], "board": [0] * 25})
    assert wrong_shape.status_code == 400 and "50" in wrong_shape.json()["error"]


@pytest.mark.parametrize("game, text, reason", [
    ("pattern", "2x2:1/1/1/1", "has more than one solution"),
    ("pattern", "1x1:1/", "has no solution"),
    ("loop", "2x2t0:d", "has more than one loop"),
    ("loop", "2x2t0:4b4", "has no loop"),
    ("signal", json.dumps([4, 4, 6, 12, 3, 11, 13, 1, 2, 14, 11, 8, 2, 11, 10, 8]), "solved already"),
])
def test_a_puzzle_without_exactly_one_solution_is_refused_with_the_reason(client, game, text, reason):
    answer = client.post(f"/api/{game}/import", json={"text": text})
    assert answer.status_code == 422 and reason in answer.json()["error"]


def test_a_puzzle_not_proven_within_the_limits_is_refused(monkeypatch):
    game = GAMES["signal"]
    hard = game.generate(6, "a", "hard")
    monkeypatch.setitem(GAMES, "signal", dataclasses.replace(
        game, imports=dataclasses.replace(game.imports, limits={"node_limit": 1})))
    # workers=0: the patched registry is this process's, and worker processes import their own
    with TestClient(create_app(workers=0), raise_server_exceptions=False) as fresh:
        answer = fresh.post("/api/signal/import", json={"text": json.dumps(hard.givens()["tiles"])})
    assert answer.status_code == 422
    assert answer.json()["error"] == ("this Signal puzzle could not be proven to have exactly one solution within "
                                      "1 search nodes")


@pytest.mark.parametrize("game, body, status, message", [
    ("pattern", {"text": "width 3\nheight 2\nrows\n3\n"}, 400, "line"),
    ("pattern", {"text": "   "}, 400, "text must be the puzzle as text"),
    ("pattern", {"text": 5}, 400, "text must be the puzzle as text"),
    ("pattern", {}, 400, "one field, text"),
    ("pattern", {"text": "3x2:2/1/1/3/1", "size": 5}, 400, "one field, text"),
    ("pattern", ["3x2:2/1/1/3/1"], 400, "one field, text"),
    ("pattern", {"text": "loop.1.5x5.any.x"}, 400, "is a Loop puzzle's ID, not a Pattern one"),
    ("pattern", {"text": "pattern.import.3x2.tatham.3x2:2/1/1/3"}, 400, "expected 5 clues"),
    ("pattern", {"text": "51x1:" + "/" * 51}, 400, "too large to play here; at most 50x50"),
    ("signal", {"text": "[2, 8]"}, 400, "square number of tiles"),
    ("loop", {"text": "slither/3/2/dh"}, 400, "describes 5 cells"),
    ("chess", {"text": "3x2:2/1/1/3/1"}, 404, "unknown game 'chess'"),
])
def test_bad_requests_are_refused_with_one_line(client, game, body, status, message):
    answer = client.post(f"/api/{game}/import", json=body)
    assert answer.status_code == status, answer.text
    assert message in answer.json()["error"]


def test_the_import_takes_no_query_and_only_post(client):
    assert client.post("/api/pattern/import?x=1", json={"text": "3x2:2/1/1/3/1"}).status_code == 400
    assert client.get("/api/pattern/import").status_code == 405


def test_a_bad_imported_id_elsewhere_is_a_400(client):
    answer = client.get("/api/pattern/puzzle", params={"id": "pattern.import.2x3.tatham.3x2:2/1/1/3/1"})
    assert answer.status_code == 400 and "its text is a 3x2 board, not 2x3" in answer.json()["error"]
    refused = client.get("/api/pattern/solution", params={"id": "pattern.import.2x2.tatham.2x2:1/1/1/1"})
    assert refused.status_code == 422
