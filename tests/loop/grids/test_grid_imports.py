"""Loop puzzles on Loopy's other grids played as imports: the ID carries the Loopy ID, the puzzle its
grid, clues and the inside of its one loop; check, hints and the fewest moves take it, on the API too."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from gridlogic import GAMES
from gridlogic.loop import grid_problems
from gridlogic.loop.imported import GridImportedPuzzle
from gridlogic.web.app import create_app

LOOP = GAMES["loop"]
DATA = Path(__file__).resolve().parents[2] / "data" / "loopy_grids"


def first_line(name: str) -> tuple[str, list[int]]:
    """The first Loopy ID of a grid's test data and the edges of its loop (as Loopy solved it)."""
    loopy_id, edges = (DATA / f"{name}.txt").read_text(encoding="utf-8").splitlines()[0].split("\t")
    return loopy_id, [int(e) for e in edges.split()]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.mark.parametrize("name", ["honeycomb", "kites", "penrose-p3"])
def test_a_loopy_id_of_a_grid_is_imported_and_its_solution_checks_solved(client, name) -> None:
    loopy_id, loop = first_line(name)
    answer = client.post("/api/loop/import", json={"text": loopy_id})
    assert answer.status_code == 200, answer.text
    puzzle = answer.json()
    width, height = loopy_id.split("t")[0].split("x")
    assert puzzle["id"] == f"loop.import.{width}x{height}.puzzlink.{loopy_id}"
    assert puzzle["givens"]["grid"]["name"] == name and len(puzzle["givens"]["clues"]) == len(
        puzzle["givens"]["grid"]["faces"])
    again = client.get("/api/loop/puzzle", params={"id": puzzle["id"]})
    assert again.status_code == 200 and again.json() == puzzle
    solution = client.get("/api/loop/solution", params={"id": puzzle["id"]}).json()
    assert [e for e, on in enumerate(solution["edges"]) if on] == loop
    checked = client.post("/api/loop/check", json={"id": puzzle["id"], "board": {"edges": solution["edges"]},
                                                   "seconds": 5, "moves": 1000, "checks": 0, "revealed": False})
    assert checked.status_code == 200, checked.text
    assert checked.json()["solved"] is True and checked.json()["score"]["score"] > 0
    wrong = client.post("/api/loop/check", json={"id": puzzle["id"], "board": {"edges": [0] * len(loop)}})
    assert wrong.status_code == 400 and str(len(solution["edges"])) in wrong.json()["error"]


@pytest.mark.parametrize("name", ["honeycomb", "kites", "penrose-p3"])
def test_the_imported_puzzle_is_a_puzzle_on_a_grid(name) -> None:
    loopy_id, loop = first_line(name)
    puzzle = LOOP.make(LOOP.import_spec(LOOP.read(loopy_id)))
    assert isinstance(puzzle, GridImportedPuzzle)
    assert puzzle.text == loopy_id and puzzle.graph.name == name
    assert [e for e, on in enumerate(puzzle.edges()) if on] == loop
    assert puzzle.solution() == {"inside": list(puzzle.answer), "edges": puzzle.edges()}
    assert grid_problems.inside_of(puzzle.graph, puzzle.edges()) == list(puzzle.answer)
    assert LOOP.min_moves(puzzle) == len(loop)
    assert LOOP.from_dict(puzzle.to_dict()) == puzzle
    solved = LOOP.check(puzzle, LOOP.parse_board(puzzle.width, puzzle.height, {"edges": puzzle.edges()}))
    assert solved["solved"] is True
    assert "<polygon" in LOOP.render_svg(puzzle, True) and "loop:" in LOOP.render_text(puzzle, True)


def test_hints_solve_an_imported_honeycomb_to_the_end() -> None:
    loopy_id, _ = first_line("honeycomb")
    puzzle = LOOP.make(LOOP.import_spec(LOOP.read(loopy_id)))
    hints = LOOP.hints
    board = hints.start(puzzle)
    for _ in range(200):
        given = hints.hint(puzzle, board)
        if given.status == "solved":
            break
        assert given.status == "step", given
        board = hints.apply(puzzle, board, given)
    assert LOOP.check(puzzle, board)["solved"] is True


def test_a_grid_puzzle_with_several_loops_is_refused_in_words(client) -> None:
    answer = client.post("/api/loop/import", json={"text": "3x3t2:b4f"})
    assert answer.status_code == 422
    assert "more than one loop" in answer.json()["error"]


def test_an_id_whose_text_is_not_written_as_loopy_writes_it_is_refused(client) -> None:
    loopy_id, _ = first_line("honeycomb")
    answer = client.get("/api/loop/puzzle", params={"id": "loop.import.4x3.puzzlink." + loopy_id})
    assert answer.status_code == 400 and "is a 3x3 board, not 4x3" in answer.json()["error"]
